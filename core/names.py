"""What a player's name may be: the one rule every front end checks where a name is typed in.

A name is shown on the table, printed in the terminal and stored in the history, so it must be
short, visible and plain: 1 to 40 characters after trimming spaces, with no control or
formatting characters. Bytes that are not UTF-8 on a command line arrive as lone surrogates
(Python's ``surrogateescape``): those are not printable either, so they are refused too.
"""
from __future__ import annotations

from .i18n import _

MAX_NAME = 40


class BadName(ValueError):
    """A name that breaks the rule; the message says how, for the person who typed it."""


def validate_name(name: object) -> str:
    """The name trimmed of surrounding spaces, or BadName saying what is wrong with it."""
    if not isinstance(name, str):
        raise BadName(_("a name must be text, not {kind}").format(kind=type(name).__name__))
    name = name.strip()
    if not name:
        raise BadName(_("a name cannot be empty"))
    if len(name) > MAX_NAME:
        raise BadName(_("a name can have at most {most} characters (this one has {n})").format(
            most=MAX_NAME, n=len(name)))
    return check_visible(name)


def check_visible(name: str) -> str:
    """``name``, or BadName where it holds a character that is not visible (a control, a line
    break, a terminal escape): the one part of the rule a saved game's names are held to (an
    earlier version may have allowed them longer)."""
    bad = next((c for c in name if not c.isprintable()), None)
    if bad is not None:
        raise BadName(_("a name can hold only visible characters (it holds {char} at position {n})").format(
            char=f"U+{ord(bad):04X}", n=name.index(bad) + 1))
    return name
