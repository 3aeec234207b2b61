"""Small pieces of English for text players read: counts and articles."""
from __future__ import annotations


SET_MARKS = {"10th": "10th", "cotg": "CotG", "rotf": "RotF", "legends": "Leg"}   # as players abbreviate them


def set_mark(set_id: str) -> str:
    """The short mark of a card set ("CotG") that tells same-named cards apart in a mixed game;
    a set without one here shows its id."""
    return SET_MARKS.get(set_id, set_id[:5])


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


# ------------------------------------------------------------------ decisions and options
# The one place where a decision's intent (see ``engine.Decision``) becomes English. Front ends
# show what these return; nothing decides by them. ``render_prompt`` and ``render_label`` are
# looked up here at every use, so a translation (or a test) can replace them.

def zones_phrase(zones) -> str:
    """The zones a card may come from, as card text says them: "your hand or your discard pile"."""
    return " or ".join(("your " if z in PLAYER_ZONES else "the ") + zone_name(z) for z in zones)


def _effect_text(defs, card: int, key: str) -> str:
    """The card text of one of a card's effect lists (``key``: "play.0.then")."""
    return " ".join(s.text for s in defs[card].effects[key])


# Questions some effects word their own way, by the effect that asks.
_BY_EFFECT = {
    "banish_center_gain_renown": "Banish a card in the center row",
    "banish_played": "Banish a card you played this turn",
    "banish_former_neighbour": "Banish a card that was next to it",
    "opponents_destroy_construct": "Choose a construct to destroy",
    "destroy_constructs": "Destroy a construct in play",
    "destroy_another_construct": "Destroy a construct you control",
    "opponents_lose_costliest_construct": "Choose your highest-cost construct to put into your discard pile",
    "take_free": "Acquire or defeat a card in the center row for free",
    "acquire_with_honor": "Return honor equal to a card's honor value to acquire it",
}

_PROMPTS = {
    "action": lambda g, i: "Choose an action",
    "banish": lambda g, i: f"Banish a card from {zones_phrase(i['zones'])}",
    "discard": lambda g, i: "Discard a card",
    "acquire": lambda g, i: ("Acquire a card from the Void" if i.get("zones") == ["void"]
                             else "Acquire a card for free"),
    "defeat": lambda g, i: ("Defeat a monster in the Void" if i.get("zones") == ["void"]
                            else "Defeat a monster for free"),
    "take": lambda g, i: "Acquire or defeat a card for free",
    "repeat": lambda g, i: "Repeat the effect of a hero you played",
    "keep": lambda g, i: "Choose the construct you keep",
    "to_hand": lambda g, i: (f"Put {g.name_of(i['card'])} into your hand?" if "card" in i
                             else "Put a card from your discard pile into your hand"),
    "into_play": lambda g, i: f"Put {g.name_of(i['card'])} into play?",
    "to_deck_top": lambda g, i: (f"Put {g.name_of(i['card'])} on top of your deck?" if "card" in i
                                 else "Put a card on top of your deck"),
    "may": lambda g, i: _effect_text(g.ctx.defs, i["card"], i["key"]).rstrip(".") + "?",
    "choose_effect": lambda g, i: "Choose one",
    "penalty": lambda g, i: "Choose one",
    "name_card": lambda g, i: "Name a card",
    "take_honor": lambda g, i: "Take honor from",
    "renown": lambda g, i: f"Gain {i['amount']} Renown in which faction?",
}


def render_prompt(game, intent) -> str:
    """What a decision asks, in words (``intent``: see ``engine.Decision``)."""
    said = _BY_EFFECT.get(intent.get("effect"))
    if said is not None:
        return said
    verb = intent["verb"]
    if verb in _PROMPTS:
        return _PROMPTS[verb](game, intent)
    return intent.get("text") or verb.replace("_", " ").capitalize()   # a saved game's own words


# Where a card offered in a choice lies, in a word or two (the prompt says the rest).
_CHOICE_ZONES = {"played": "played this turn", "constructs": "in play", "your_constructs": "your construct"}


def _where(zone: str) -> str:
    if zone.startswith("constructs_of_"):   # anyone's construct (the Legendary Track's Ulu Boon)
        return f"{zone.removeprefix('constructs_of_')}'s construct"
    return _CHOICE_ZONES.get(zone) or zone_name(zone)


def _mode_words(defs, option: tuple, intent, seat_name) -> str:
    """One of the modes of a "choose one" question, by what the question means (``defs``: the
    match's cards by instance; ``seat_name``: a seat's name)."""
    verb, n = (intent or {}).get("verb"), option[1]
    if len(option) > 2 and isinstance(option[2], str):   # saved before modes were data: its own words
        return option[2]
    if verb == "choose_effect":
        return _effect_text(defs, intent["card"], f"{intent['key']}.{'ab'[n]}")
    if verb == "penalty":
        if n == 0:
            return f"Discard {quantity(intent['amount'], 'card')}"
        return "Put all your constructs into your discard pile"
    if verb == "take_honor":
        return f"Take honor from {seat_name(n)}"
    if verb == "renown":
        from .cards import FACTIONS   # (cards imports this module)
        return f"{FACTIONS[n].capitalize()} (Renown {option[2]})"
    return f"Option {n + 1}" if isinstance(n, int) else str(option)


def render_label(game, option: tuple, intent) -> str:
    """Readable text of one option of the decision whose intent is ``intent`` (plugins word
    their own kinds of option through ``asc_option_label``)."""
    kind = option[0]
    name = game.name_of(option[1]) if len(option) > 1 and isinstance(option[1], int) else ""
    if kind == "play":
        return f"Play {name}"
    if kind == "use":
        return f"Use {name}: {game.card(option[1]).abilities[option[2]].text}"
    if kind == "acquire":
        return f"Acquire {name} ({quantity(game.price(game.current, option[1]), 'rune')})"
    if kind == "defeat":
        return f"Defeat {name} ({game.card(option[1]).cost} power)"
    if kind == "end":
        return "End turn"
    if kind == "play_all":
        return "Play all (cards without choices)"
    if kind == "card":
        where = option[2] if len(option) > 2 else ""
        return f"{name} ({_where(where)})" if where else name
    if kind in ("pass", "yes", "no"):
        return {"pass": "None", "yes": "Yes", "no": "No"}[kind]
    if kind == "mode":
        return _mode_words(game.ctx.defs, option, intent, game.seat_name)
    custom = game.ctx.hooks.option_label(game, option)
    return custom if custom is not None else str(option)


def describe_option(defs, option: tuple, intent=None, seat_name=None) -> str:
    """Readable text of an option from public card data (a bot has no Game to ask for labels);
    ``intent``: the decision's, which says what a mode is; ``seat_name``: a seat's name, when the
    reader knows the players ("seat 2" otherwise)."""
    seat_name = seat_name or (lambda seat: f"seat {seat + 1}")
    kind = option[0]
    card = option[1] if len(option) > 1 and isinstance(option[1], int) and 0 <= option[1] < len(defs) else None
    name = defs[card].name if card is not None else ""
    if kind == "use":
        return f"Use {name}"
    if kind == "gift":
        return f"Gift {name} to {seat_name(option[2])}"
    if kind in ("play", "acquire", "defeat"):
        return f"{kind.capitalize()} {name}"
    if kind == "card":
        return name
    if kind == "mode":
        return _mode_words(defs, option, intent, seat_name)
    if kind == "boon" and len(option) > 1:
        return f"Use the {option[1]} Boon"
    if kind == "legendary" and len(option) > 2 and isinstance(option[2], int) and 0 <= option[2] < len(defs):
        return f"Take {defs[option[2]].name} (Legendary {option[1]})"
    return {"end": "End turn", "play_all": "Play all", "pass": "None", "yes": "Yes", "no": "No"}.get(kind, str(option))


def unspent_lines(game, left) -> list[str]:
    """What ending the turn now would waste (a ``Session.unspent_if_ending`` record), one line each."""
    lines = []
    if left.cards:
        lines.append(f"{quantity(left.cards, 'card')} in your hand that you can still play")
    if left.runes:
        lines.append(f"{quantity(left.runes, 'rune')}: there is a card you can still acquire")
    if left.power:
        lines.append(f"{left.power} power: there is a monster you can still defeat")
    lines += [f"{game.name_of(c)}: its ability can still be used" for c in left.usable]
    return lines
