"""Words the desktop shows in many places, each said once: bot speeds, bot names, who plays a
seat, card types and factions, variant names and large numbers. The keys are the program's own
identifiers (``"easy"``, ``"hero"``, ``"void"``); what is shown is translated when asked for, so
that a language chosen in the window applies at once. An identifier without a word here (a
third party's bot or variant) is shown as it is."""
from __future__ import annotations

from ascension.core.i18n import N_, _, pgettext

SPEED_NAMES = {"instant": N_("Instant"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}
SPEED_WORDS = {"instant": N_("instant"), "fast": N_("fast"), "normal": N_("normal"), "slow": N_("slow")}
BOT_NAMES = {"random": N_("random"), "greedy": N_("greedy"), "easy": N_("easy"), "medium": N_("medium"),
             "hard": N_("hard"), "expert": N_("expert")}
TYPE_NAMES = {"hero": N_("Hero"), "construct": N_("Construct"), "monster": N_("Monster"), "legend": N_("Legend")}
TYPE_WORDS = {"hero": N_("hero"), "construct": N_("construct"), "monster": N_("monster"), "legend": N_("legend")}
FACTION_NAMES = {"enlightened": N_("Enlightened"), "lifebound": N_("Lifebound"), "mechana": N_("Mechana"),
                 "void": N_("Void")}
FACTION_SHORT = {"enlightened": N_("Enl"), "lifebound": N_("Life"), "mechana": N_("Mech"), "void": N_("Void")}
VARIANT_NAMES = {"cult": N_("Cult"), "legendary": N_("Legendary"), "samael": N_("Samael"), "teams": N_("Teams")}


def _word(table: dict[str, str], key: str, otherwise: str | None = None) -> str:
    return _(table[key]) if key in table else (key if otherwise is None else otherwise)


def speed_name(speed: str) -> str:
    return _word(SPEED_NAMES, speed)


def speed_word(speed: str) -> str:
    return _word(SPEED_WORDS, speed)


def bot_name(kind: str) -> str:
    return _word(BOT_NAMES, kind)


def seat_kind(kind: str, bot: str | None) -> str:
    """Who plays a seat: "human", "easy bot" (a bot named without its kind: the easy tier)."""
    return _("human") if kind == "human" else _("{bot} bot").format(bot=bot_name(bot or "greedy"))


def type_name(card_type: str) -> str:
    """"Hero", as on a card's type line."""
    return _word(TYPE_NAMES, card_type, card_type.capitalize())


def type_word(card_type: str) -> str:
    """"hero", inside a line of text."""
    return _word(TYPE_WORDS, card_type)


def faction_name(faction: str) -> str:
    return _word(FACTION_NAMES, faction, faction.capitalize())


def faction_short(faction: str) -> str:
    return _word(FACTION_SHORT, faction)


def variant_name(variant: str) -> str:
    return _word(VARIANT_NAMES, variant, variant.capitalize())


def number(n: int) -> str:
    """A count with its thousands grouped as the language groups them: "1,200", "1.200"."""
    return f"{n:,}".replace(",", pgettext("thousands separator", ","))
