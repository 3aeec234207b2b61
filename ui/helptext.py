"""The help text, written once per language in ``help.md`` beside this module (English) and
``help.<lang>.md`` (``help.de.md``): the desktop shows all of it (F1), the terminal game the
sections that are not about the window (``r``). A language without its own file reads the
English one; the pseudo-language ``qps`` (tests) reads it with every line marked, as a
translation would change it."""
from __future__ import annotations

import re
from importlib.resources import files

from ascension.core import i18n
from ascension.core.i18n import _


def help_markdown(language: str | None = None) -> str:
    """The whole help in ``language`` (default: the language in use)."""
    language = language or i18n.language()
    folder = files("ascension.ui")
    own = folder.joinpath(f"help.{language}.md")
    text = (own if language != i18n.SOURCE and own.is_file() else folder.joinpath("help.md")).read_text(encoding="utf-8")
    if language == i18n.PSEUDO:
        text = re.sub(r"(?m)^(\s*(?:#+ |- |\| )?)(\S.*)$", r"\1⟦\2⟧", text)
    return text


def sections(*titles: str) -> str:
    """The ``## `` sections with these titles (English, marked with ``N_``; found under their
    translation), in the file's order, as plain Markdown."""
    wanted = {_(t) for t in titles}
    parts = re.split(r"(?m)^(?=## )", help_markdown())
    return "\n".join(p.strip() + "\n" for p in parts if p.startswith("## ") and p[3:].splitlines()[0] in wanted)
