"""The help text, written once in ``help.md`` beside this module: the desktop shows all of it
(F1), the terminal game the sections that are not about the window (``r``)."""
from __future__ import annotations

import re
from importlib.resources import files


def help_markdown() -> str:
    return files("ascension.ui").joinpath("help.md").read_text(encoding="utf-8")


def sections(*titles: str) -> str:
    """The ``## `` sections with these titles, in the file's order, as plain Markdown."""
    parts = re.split(r"(?m)^(?=## )", help_markdown())
    return "\n".join(p.strip() + "\n" for p in parts if p.startswith("## ") and p[3:].splitlines()[0] in titles)
