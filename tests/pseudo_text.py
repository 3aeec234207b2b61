"""Reading text shown in the pseudo-language (core/i18n.py: every translated string wrapped in
⟦…⟧): what is left outside the markers bypassed the translation layer."""
from __future__ import annotations

import re

MARKED = re.compile(r"⟦[^⟦⟧]*⟧")


def outside_markers(text: str, names=(), keep_lines: bool = False) -> str:
    """``text`` without its translated parts (innermost first: a translated text can hold
    another) and without ``names`` (cards, players: they stay as written in every language);
    ``keep_lines`` keeps the line breaks a translated part held."""
    while MARKED.search(text):
        text = MARKED.sub(lambda m: "\n" * m.group().count("\n") or " " if keep_lines else " ", text)
    for name in sorted(set(names), key=len, reverse=True):
        text = text.replace(name, " ")
    return text
