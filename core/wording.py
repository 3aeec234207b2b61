"""Small pieces of English for text players read: counts and articles."""
from __future__ import annotations


def quantity(n: int, word: str, many: str | None = None) -> str:
    """A count and its noun: "1 rune", "3 runes", "1,200 matches" (``many``: an irregular plural)."""
    return f"{n:,} {word if n == 1 else (many or word + 's')}"


def duration(seconds: float) -> str:
    """How long something took, in the two largest units that say it: "under a minute",
    "25 minutes", "1 hour 5 minutes", "3 days 2 hours" (a saved game resumed days later)."""
    minutes = round(seconds / 60)
    if minutes < 1:
        return "under a minute"
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [(days, "day"), (hours, "hour"), (minutes, "minute")]
    first = next(i for i, (n, _) in enumerate(parts) if n)
    return " ".join(quantity(n, word) for n, word in parts[first:first + 2] if n)


def article(words: str) -> str:
    """``words`` after "a" or "an": "a Mechana hero", "an Enlightened hero"."""
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


# What each zone is called; a sentence adds its own article or owner ("the", "your", "their").
ZONE_NAMES = {"center": "center row", "center_row": "center row", "discard": "discard pile", "void": "Void"}
PLAYER_ZONES = ("hand", "deck", "discard")


def zone_name(zone: str) -> str:
    """A zone's name as players say it: "center row", "discard pile", "Void", "hand"."""
    return ZONE_NAMES.get(zone, zone.replace("_", " "))
