"""Small pieces of English for text players read: counts and articles."""
from __future__ import annotations


def quantity(n: int, word: str, many: str | None = None) -> str:
    """A count and its noun: "1 rune", "3 runes", "1,200 matches" (``many``: an irregular plural)."""
    return f"{n:,} {word if n == 1 else (many or word + 's')}"


def article(words: str) -> str:
    """``words`` after "a" or "an": "a Mechana hero", "an Enlightened hero"."""
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words
