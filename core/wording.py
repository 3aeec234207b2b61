"""Small pieces of text players read (counts, durations, zones, lists) and the words of
decisions and options, all through the translation layer (:mod:`.i18n`)."""
from __future__ import annotations

import logging

from .i18n import N_, _, card_name, ngettext

log = logging.getLogger(__name__)

SET_MARKS = {"10th": "10th", "cotg": "CotG", "rotf": "RotF", "legends": "Leg"}   # as players abbreviate them
# The factions as cards print them (a faction-named Renown path, a Legend's faction).
FACTION_NAMES = {"enlightened": N_("Enlightened"), "lifebound": N_("Lifebound"), "mechana": N_("Mechana"),
                 "void": N_("Void")}


def set_mark(set_id: str) -> str:
    """The short mark of a card set ("CotG") that tells same-named cards apart in a mixed game;
    a set without one here shows its id."""
    return SET_MARKS.get(set_id, set_id[:5])


def faction_name(faction: str) -> str:
    """A faction as cards print it, in the current language ("Enlightened")."""
    return _(FACTION_NAMES[faction]) if faction in FACTION_NAMES else faction.capitalize()


def quantity(n: int, word: str, many: str | None = None) -> str:
    """A count and its English noun: "1 rune", "3 runes", "1,200 matches" (``many``: an irregular
    plural). English only: shown text uses ``ngettext`` (or :func:`runes`)."""
    return f"{n:,} {word if n == 1 else (many or word + 's')}"


def runes(n: int) -> str:
    """A count of runes, as a price or a total says it: "1 rune", "3 runes"."""
    return ngettext("{n} rune", "{n} runes", n).format(n=n)


def or_list(items: list[str]) -> str:
    """Alternatives as a sentence lists them: "A or B or C"."""
    out = items[0] if items else ""
    for item in items[1:]:
        out = _("{first} or {second}").format(first=out, second=item)
    return out


def and_list(items: list[str]) -> str:
    """Things named together: "A and B"."""
    out = items[0] if items else ""
    for item in items[1:]:
        out = _("{first} and {second}").format(first=out, second=item)
    return out


def team_name(names: list[str]) -> str:
    """A team as the end of a game names it: "Team Ann & Bob"."""
    return _("Team {names}").format(names=" & ".join(names))


def duration(seconds: float) -> str:
    """How long something took, in the two largest units that say it: "under a minute",
    "25 minutes", "1 hour 5 minutes", "3 days 2 hours" (a saved game resumed days later)."""
    minutes = round(seconds / 60)
    if minutes < 1:
        return _("under a minute")
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    counts = (days, hours, minutes)
    units = (ngettext("{n} day", "{n} days", days), ngettext("{n} hour", "{n} hours", hours),
             ngettext("{n} minute", "{n} minutes", minutes))
    first = next(i for i, n in enumerate(counts) if n)
    return " ".join(unit.format(n=n) for n, unit in zip(counts[first:first + 2], units[first:first + 2]) if n)


def article(words: str) -> str:
    """``words`` after "a" or "an": "a Mechana hero", "an Enlightened hero". English only: shown
    text gives each sentence shape its own message instead."""
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


# What each zone is called; a sentence adds its own article or owner ("the", "your", "their").
ZONE_NAMES = {"center": N_("center row"), "center_row": N_("center row"), "discard": N_("discard pile"),
              "void": N_("Void"), "hand": N_("hand"), "deck": N_("deck")}
PLAYER_ZONES = ("hand", "deck", "discard")
# The zones a card may come from, as they follow "from" in a sentence ("Banish a card from …")
_FROM_ZONES = {"hand": N_("your hand"), "discard": N_("your discard pile"), "deck": N_("your deck"),
               "center": N_("the center row"), "center_row": N_("the center row"), "void": N_("the Void")}


def zone_name(zone: str) -> str:
    """A zone's name as players say it: "center row", "discard pile", "Void", "hand"."""
    return _(ZONE_NAMES[zone]) if zone in ZONE_NAMES else zone.replace("_", " ")


# ------------------------------------------------------------------ decisions and options
# The one place where a decision's intent (see ``engine.Decision``) becomes words. Front ends
# show what these return; nothing decides by them. ``render_prompt`` and ``render_label`` are
# looked up here at every use, so a translation (or a test) can replace them.

def zones_phrase(zones) -> str:
    """The zones a card may come from, as they follow "from" in card text: "your hand or your
    discard pile" (German: the dative after "aus")."""
    return or_list([_(_FROM_ZONES[z]) if z in _FROM_ZONES else
                    ("your " if z in PLAYER_ZONES else "the ") + zone_name(z) for z in zones])


def _effect_text(defs, card: int, key: str) -> str:
    """The card text of one of a card's effect lists (``key``: "play.0.then")."""
    return " ".join(s.text for s in defs[card].effects[key])


# Questions some effects word their own way, by the effect that asks.
_BY_EFFECT = {
    "banish_center_gain_renown": N_("Banish a card in the center row"),
    "banish_played": N_("Banish a card you played this turn"),
    "banish_former_neighbour": N_("Banish a card that was next to it"),
    "opponents_destroy_construct": N_("Choose a construct to destroy"),
    "destroy_constructs": N_("Destroy a construct in play"),
    "destroy_another_construct": N_("Destroy a construct you control"),
    "opponents_lose_costliest_construct": N_("Choose your highest-cost construct to put into your discard pile"),
    "take_free": N_("Acquire or defeat a card in the center row for free"),
    "acquire_with_honor": N_("Return honor equal to a card's honor value to acquire it"),
}

_PROMPTS = {
    "action": lambda g, i: _("Choose an action"),
    "banish": lambda g, i: _("Banish a card from {zones}").format(zones=zones_phrase(i.get("zones", ()))),
    "discard": lambda g, i: _("Discard a card"),
    "acquire": lambda g, i: (_("Acquire a card from the Void") if i.get("zones") == ["void"]
                             else _("Acquire a card for free")),
    "defeat": lambda g, i: (_("Defeat a monster in the Void") if i.get("zones") == ["void"]
                            else _("Defeat a monster for free")),
    "take": lambda g, i: _("Acquire or defeat a card for free"),
    "repeat": lambda g, i: _("Repeat the effect of a hero you played"),
    "keep": lambda g, i: _("Choose the construct you keep"),
    "to_hand": lambda g, i: (_("Put {card} into your hand?").format(card=g.name_of(i["card"])) if "card" in i
                             else _("Put a card from your discard pile into your hand")),
    "into_play": lambda g, i: _("Put {card} into play?").format(card=g.name_of(i["card"])),
    "to_deck_top": lambda g, i: (_("Put {card} on top of your deck?").format(card=g.name_of(i["card"]))
                                 if "card" in i else _("Put a card on top of your deck")),
    "may": lambda g, i: _("{effect}?").format(effect=_effect_text(g.ctx.defs, i["card"], i["key"]).rstrip(".")),
    "choose_effect": lambda g, i: _("Choose one"),
    "penalty": lambda g, i: _("Choose one"),
    "name_card": lambda g, i: _("Name a card"),
    "take_honor": lambda g, i: _("Take honor from"),
    "renown": lambda g, i: _("Gain {n} Renown in which faction?").format(n=i["amount"]),
}


def render_prompt(game, intent) -> str:
    """What a decision asks, in words (``intent``: see ``engine.Decision``)."""
    said = _BY_EFFECT.get(intent.get("effect"))
    if said is not None:
        return _(said)
    verb = intent["verb"]
    if verb in _PROMPTS:
        return _PROMPTS[verb](game, intent)
    return intent.get("text") or verb.replace("_", " ").capitalize()   # a saved game's own words


# Where a card offered in a choice lies, in a word or two (the prompt says the rest).
_CHOICE_ZONES = {"played": N_("played this turn"), "constructs": N_("in play"), "your_constructs": N_("your construct")}


def _where(zone: str, owner: str | None = None) -> str:
    if zone == "constructs_of":   # another player's construct (the Legendary Track's Ulu Boon)
        return _("{player}'s construct").format(player=owner)
    if zone.startswith("constructs_of_"):   # saved before the owner was a seat: its name
        return _("{player}'s construct").format(player=zone.removeprefix("constructs_of_"))
    return _(_CHOICE_ZONES[zone]) if zone in _CHOICE_ZONES else zone_name(zone)


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
            amount = intent["amount"]
            return ngettext("Discard {n} card", "Discard {n} cards", amount).format(n=amount)
        return _("Put all your constructs into your discard pile")
    if verb == "take_honor":
        return _("Take honor from {player}").format(player=seat_name(n))
    if verb == "renown":
        from .cards import FACTIONS   # (cards imports this module)
        return _("{faction} (Renown {n})").format(faction=faction_name(FACTIONS[n]), n=option[2])
    return _("Option {n}").format(n=n + 1) if isinstance(n, int) else str(option)


def render_label(game, option: tuple, intent) -> str:
    """Readable text of one option of the decision whose intent is ``intent`` (plugins word
    their own kinds of option through ``asc_option_label``)."""
    kind = option[0]
    name = game.name_of(option[1]) if len(option) > 1 and isinstance(option[1], int) else ""
    if kind == "play":
        return _("Play {card}").format(card=name)
    if kind == "use":
        return _("Use {card}: {ability}").format(card=name, ability=game.card(option[1]).abilities[option[2]].text)
    if kind == "acquire":
        price = game.price(game.current, option[1])
        return ngettext("Acquire {card} ({n} rune)", "Acquire {card} ({n} runes)", price).format(card=name, n=price)
    if kind == "defeat":
        return _("Defeat {card} ({n} power)").format(card=name, n=game.card(option[1]).cost)
    if kind == "end":
        return _("End turn")
    if kind == "play_all":
        return _("Play all (cards without choices)")
    if kind == "card":
        where = option[2] if len(option) > 2 else ""
        owner = game.seat_name(option[3]) if len(option) > 3 else None
        return _("{card} ({where})").format(card=name, where=_where(where, owner)) if where else name
    if kind in ("pass", "yes", "no"):
        return {"pass": _("None"), "yes": _("Yes"), "no": _("No")}[kind]
    if kind == "mode":
        return _mode_words(game.ctx.defs, option, intent, game.seat_name)
    custom = game.ctx.hooks.option_label(game, option)
    return custom if custom is not None else str(option)


# The kinds of option the core words itself (the engine's actions and the verbs' choices);
# a plugin words its own kinds (``asc_option_words``).
CORE_OPTION_KINDS = frozenset({"use", "play", "acquire", "defeat", "card", "mode", "end", "play_all", "pass", "yes",
                               "no"})


def worded_by_core(kind: str) -> bool:
    return kind in CORE_OPTION_KINDS


def describe_option(defs, option: tuple, intent=None, seat_name=None) -> str:
    """Readable text of an option from public card data (a bot has no Game to ask for labels);
    ``intent``: the decision's, which says what a mode is; ``seat_name``: a seat's name, when the
    reader knows the players ("seat 2" otherwise). A plugin's own kind of option is worded by
    the plugin (``asc_option_words``)."""
    seat_name = seat_name or (lambda seat: _("seat {n}").format(n=seat + 1))
    kind = option[0]
    card = option[1] if len(option) > 1 and isinstance(option[1], int) and 0 <= option[1] < len(defs) else None
    name = card_name(defs[card].name) if card is not None else ""
    if kind == "use":
        return _("Use {card}").format(card=name)
    if kind == "play":
        return _("Play {card}").format(card=name)
    if kind == "acquire":
        return _("Acquire {card}").format(card=name)
    if kind == "defeat":
        return _("Defeat {card}").format(card=name)
    if kind == "card":
        return name
    if kind == "mode":
        return _mode_words(defs, option, intent, seat_name)
    words = {"end": N_("End turn"), "play_all": N_("Play all"), "pass": N_("None"), "yes": N_("Yes"), "no": N_("No")}
    if kind in words:
        return _(words[kind])
    return _plugin_words(defs, option, seat_name)


def _plugin_words(defs, option: tuple, seat_name) -> str:
    """A plugin's words for its own kind of option; the option as it is where no installed plugin
    words it, or where the plugin's words fail (an explanation is no place to stop a game)."""
    from .plugins import installed   # the plugins know the core, not the other way round
    words = installed().option_words.get(option[0])
    if words is not None:
        try:
            return str(words(defs, option, seat_name))
        except Exception:   # noqa: BLE001: logged, and the option shown as data
            log.warning("the words of option %r failed", option, exc_info=True)
    return str(option)


def unspent_lines(game, left) -> list[str]:
    """What ending the turn now would waste (a ``Session.unspent_if_ending`` record), one line each."""
    lines = []
    if left.cards:
        lines.append(ngettext("{n} card in your hand that you can still play",
                              "{n} cards in your hand that you can still play", left.cards).format(n=left.cards))
    if left.runes:
        lines.append(ngettext("{n} rune: there is a card you can still acquire",
                              "{n} runes: there is a card you can still acquire", left.runes).format(n=left.runes))
    if left.power:
        lines.append(_("{n} power: there is a monster you can still defeat").format(n=left.power))
    lines += [_("{card}: its ability can still be used").format(card=game.name_of(c)) for c in left.usable]
    return lines
