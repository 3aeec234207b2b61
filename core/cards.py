"""Card definitions and set files.

A set file (TOML, under ``sets/`` or shipped by an installed plugin through ``asc_card_sets``)
holds ``[set]``, ``[[card]]`` (center deck), ``[[always]]`` (always-available piles) and
``[[starting]]`` (each player's starting deck). Loading validates
every field and every effect step; any error names file, card and field.
Definitions are immutable and shared by every match; a match refers to them by id.
"""
from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from . import i18n, overrides
from .folders import FileTooLarge, NotAFile, read_bounded
from .i18n import N_, _, ngettext
from .verbs import VerbRegistry
from .carddef import Ability, CardDef, Step, Trigger   # noqa: F401  (the card types live there; imported from here too)
from .wording import or_list, runes

FACTIONS = ("enlightened", "lifebound", "mechana", "void")
CARD_TYPES = ("hero", "construct", "monster", "legend")
ZONES_FOR_BANISH = ("hand", "discard", "center")
TRIGGER_EVENTS = ("construct_enters", "hero_played", "acquire", "defeat", "turn_end")
KEYWORDS = ("unbanishable", "permanent", "constructs_are_mechana", "defeated_monsters_join",
            "emissary")  # emissary: the card type line reads "Hero-Emissary" (Ascension Legends)
# Values a set file may mark as estimated (not printed on any card the authors could check).
ESTIMABLE = ("cost", "honor", "copies", "factions", "threshold", "type", "effect")
MAX_COPIES = 100            # copies of one card (no printed set has more than 20)
MAX_NUMBER = 99             # a cost or honor value
MAX_FILE_BYTES = 2_000_000  # a set or override file (the largest shipped set is about 60 kB)
SET_ID = r"^[a-z0-9]+$"     # a set's id: its [set] id and the name of its file


class SetFileError(ValueError):
    """A set file could not be loaded; the message says file, card and field."""


# --- the file schema -----------------------------------------------------------------------

class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Requires(_Model):
    """Conditions under which a construct ability may be used."""
    runes: int = 0
    played_faction: Literal[FACTIONS] | None = None  # type: ignore[valid-type]
    mechana_constructs: int = 0
    played: list[str] = []   # card names: one of them must have been played this turn (Temple of Arha)


class AbilityModel(_Model):
    effect: list[Any]
    once_per_turn: bool = True
    requires: Requires = Requires()


class TriggerFilter(_Model):
    type: Literal[CARD_TYPES] | None = None  # type: ignore[valid-type]
    faction: Literal[FACTIONS] | None = None  # type: ignore[valid-type]
    from_center: bool = False
    other: bool = False
    took_nothing: bool = False   # turn_end: only if the player acquired and defeated nothing
    first: bool = False          # only the first such hero played (CotG Snapdragon) or monster defeated
                                 # (Voidthirster) this turn


class TriggerModel(_Model):
    on: Literal[TRIGGER_EVENTS]  # type: ignore[valid-type]
    once_per_turn: bool = False
    filter: TriggerFilter = TriggerFilter()
    effect: list[Any]


class CardModel(BaseModel):
    # Extra fields are effect lists a plugin registered (``fate``); anything else is refused.
    model_config = ConfigDict(extra="allow")

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    type: Literal[CARD_TYPES]  # type: ignore[valid-type]
    factions: list[Literal[FACTIONS]] = []  # type: ignore[valid-type]
    cost: int = Field(ge=0, le=MAX_NUMBER)
    honor: int = Field(default=0, ge=0, le=MAX_NUMBER)
    copies: int = Field(default=1, ge=1, le=MAX_COPIES)
    play: list[Any] = []
    unite: list[Any] = []
    reward: list[Any] = []
    when_banished: list[Any] = []
    abilities: list[AbilityModel] = []
    triggers: list[TriggerModel] = []
    keywords: list[Literal[KEYWORDS]] = []  # type: ignore[valid-type]
    note: str = ""
    estimated: list[Literal[ESTIMABLE]] = []  # type: ignore[valid-type]

    @field_validator("factions")
    @classmethod
    def _unique(cls, v):
        if len(set(v)) != len(v):
            raise ValueError("a faction is listed twice")
        return v


class SetHeader(_Model):
    id: str = Field(pattern=SET_ID)
    name: str
    center_deck_expected: int | None = None
    max_players: int = Field(4, ge=1, le=6)
    requires: list[str] = []
    note: str = ""


# --- runtime definitions --------------------------------------------------------------------

def cost_words(d: CardDef) -> str:
    """A card's printed cost as players say it: "4 power" for a monster, "1 rune", "3 runes"."""
    return _("{n} power").format(n=d.cost) if d.type == "monster" else runes(d.cost)


@dataclass
class CardSet:
    id: str
    name: str
    path: str
    center: list[CardDef]
    always: list[CardDef]
    starting: list[CardDef]
    requires: list[str] = field(default_factory=list)
    center_deck_expected: int | None = None
    max_players: int = 4
    note: str = ""
    legends: list[CardDef] = field(default_factory=list)  # Legendary Characters (out of play)
    overrides: dict = field(default_factory=dict)  # the player's overrides applied: card id -> field -> value

    @cached_property   # a loaded set never changes, and every match set-up asks
    def center_copies(self) -> int:
        return sum(c.count for c in self.center)


# --- loading ------------------------------------------------------------------------------

def _loc(err: dict) -> str:
    return ".".join(str(x) for x in err["loc"]) or "(card)"


class _EffectCompiler:
    """Turns raw effect lists into Steps, registering nested lists under dotted keys."""

    def __init__(self, verbs: VerbRegistry, where: str):
        self.verbs = verbs
        self.where = where
        self.effects: dict[str, tuple[Step, ...]] = {}

    def compile(self, key: str, raw: list[Any]) -> tuple[Step, ...]:
        steps = []
        for i, item in enumerate(raw):
            here = f"{key}[{i}]"
            if not isinstance(item, dict) or len(item) != 1:
                raise SetFileError(f"{self.where}: field '{here}': an effect step is a table with exactly one verb")
            (name, value), = item.items()
            verb = self.verbs.get(name)
            if verb is None:
                raise SetFileError(f"{self.where}: field '{here}': unknown verb '{name}' "
                                   f"(known: {', '.join(self.verbs.names())})")
            if not isinstance(value, dict):
                if verb.shorthand is None:
                    raise SetFileError(f"{self.where}: field '{here}.{name}': expected a table of parameters")
                value = {verb.shorthand: value}
            try:
                params = verb.Params.model_validate(value)
            except ValidationError as exc:
                err = exc.errors()[0]
                raise SetFileError(f"{self.where}: field '{here}.{name}.{_loc(err)}': {i18n.validation_message(err)}") from None
            subs = tuple((sub, self.compile(f"{key}.{i}.{sub}", getattr(params, sub)))   # run as Frame.key
                         for sub in verb.sub_effects)                                       # + ".<step>.<field>"
            steps.append(Step(verb, params, subs))
        self.effects[key] = tuple(steps)
        return self.effects[key]


# --- card text ------------------------------------------------------------------------------
# Rendered from the effect data in the language current when it is read (``CardDef.text``).
# Each sentence shape is one message; an effect's own text fills ``{effect}`` as it reads alone
# or ``{effect_lower}`` with a lower-case first letter, where English goes on after a comma.

def sentence(steps: tuple[Step, ...]) -> str:
    """The text of an effect list: its steps' sentences in order."""
    return " ".join(s.text for s in steps)


def _with(template: str, steps: tuple[Step, ...], **values) -> str:
    """A translated ``template`` filled with the text of the effect ``steps``."""
    body = sentence(steps)
    return template.format(effect=body, effect_lower=body[:1].lower() + body[1:], **values)


# Conditions of a construct's ability, by the faction of hero it needs played this turn.
_PLAYED_FACTION = {
    "enlightened": N_("If you have played an Enlightened hero this turn"),
    "lifebound": N_("If you have played a Lifebound hero this turn"),
    "mechana": N_("If you have played a Mechana hero this turn"),
    "void": N_("If you have played a Void hero this turn"),
}


def ability_text(ab: Ability) -> str:
    """A construct's ability: when it may be used, on what condition, what it does."""
    n = ab.requires_mechana if ab.once_per_turn else 0
    condition = ""
    if ab.requires_played:   # card names: "a"/"an" by the first name, as English says it
        said = (_("If you have played an {cards} this turn") if ab.requires_played[0][:1].lower() in "aeiou"
                else _("If you have played a {cards} this turn"))
        condition = said.format(cards=or_list([i18n.card_name(c) for c in ab.requires_played]))
    elif ab.requires_faction:
        condition = _(_PLAYED_FACTION[ab.requires_faction])
    if condition and n:
        lead = ngettext("Once per turn, if you control at least {n} Mechana construct: {condition}, {effect_lower}",
                        "Once per turn, if you control at least {n} Mechana constructs: {condition}, {effect_lower}", n)
    elif condition:
        lead = (_("Once per turn: {condition}, {effect_lower}") if ab.once_per_turn
                else _("Any time on your turn: {condition}, {effect_lower}"))
    elif n:
        lead = ngettext("Once per turn, if you control at least {n} Mechana construct: {effect}",
                        "Once per turn, if you control at least {n} Mechana constructs: {effect}", n)
    else:
        lead = _("Once per turn: {effect}") if ab.once_per_turn else _("Any time on your turn: {effect}")
    return _with(lead, ab.steps, n=n, condition=condition)


# The card a trigger waits for, as the object of "when you play/acquire/defeat …", by
# (another card?, card type) and then faction (none, then FACTIONS' order).
_TRIGGER_CARD = {
    (False, None): (N_("a card"), N_("an Enlightened card"), N_("a Lifebound card"), N_("a Mechana card"),
                    N_("a Void card")),
    (False, "hero"): (N_("a hero"), N_("an Enlightened hero"), N_("a Lifebound hero"), N_("a Mechana hero"),
                      N_("a Void hero")),
    (False, "construct"): (N_("a construct"), N_("an Enlightened construct"), N_("a Lifebound construct"),
                           N_("a Mechana construct"), N_("a Void construct")),
    (False, "monster"): (N_("a monster"), N_("an Enlightened monster"), N_("a Lifebound monster"),
                         N_("a Mechana monster"), N_("a Void monster")),
    (True, None): (N_("another card"), N_("another Enlightened card"), N_("another Lifebound card"),
                   N_("another Mechana card"), N_("another Void card")),
    (True, "hero"): (N_("another hero"), N_("another Enlightened hero"), N_("another Lifebound hero"),
                     N_("another Mechana hero"), N_("another Void hero")),
    (True, "construct"): (N_("another construct"), N_("another Enlightened construct"),
                          N_("another Lifebound construct"), N_("another Mechana construct"),
                          N_("another Void construct")),
    (True, "monster"): (N_("another monster"), N_("another Enlightened monster"), N_("another Lifebound monster"),
                        N_("another Mechana monster"), N_("another Void monster")),
}
# (event, once per turn) → the trigger's sentence
_WHEN = {
    ("construct_enters", False): N_("When you put {what} into play: {effect}"),
    ("construct_enters", True): N_("Once per turn, when you put {what} into play: {effect}"),
    ("hero_played", False): N_("When you play {what}: {effect}"),
    ("hero_played", True): N_("Once per turn, when you play {what}: {effect}"),
    ("acquire", False): N_("When you acquire {what}: {effect}"),
    ("acquire", True): N_("Once per turn, when you acquire {what}: {effect}"),
    ("defeat", False): N_("When you defeat {what}: {effect}"),
    ("defeat", True): N_("Once per turn, when you defeat {what}: {effect}"),
}
# "the first hero of a faction each turn" (Snapdragon), by faction (none, then FACTIONS' order)
_FIRST_HERO = (N_("When you play your first hero each turn: {effect}"),
               N_("When you play your first Enlightened hero each turn: {effect}"),
               N_("When you play your first Lifebound hero each turn: {effect}"),
               N_("When you play your first Mechana hero each turn: {effect}"),
               N_("When you play your first Void hero each turn: {effect}"))


def trigger_text(t: Trigger, steps: tuple[Step, ...]) -> str:
    """A card's trigger: what sets it off, then what it does. A card type the table lacks (a
    Legend) reads as "a card"."""
    faction = FACTIONS.index(t.faction) + 1 if t.faction else 0
    if t.on == "turn_end":
        return _with(_("At the end of your turn, if you acquired and defeated nothing this turn: {effect}")
                     if t.only_if_took_nothing else _("At the end of your turn: {effect}"), steps)
    if t.on == "hero_played" and t.first:
        return _with(_(_FIRST_HERO[faction]), steps)
    if t.on == "defeat" and t.first and not t.faction:
        return _with(_("The first time you defeat a monster in the center row each turn: {effect}") if t.from_center
                     else _("The first time you defeat a monster each turn: {effect}"), steps)
    what = _(_TRIGGER_CARD.get((t.other, t.type), _TRIGGER_CARD[t.other, None])[faction])
    if t.from_center:
        what = _("{what} in the center row").format(what=what)
    return _with(_(_WHEN[t.on, t.once_per_turn]), steps, what=what)


# Values a set marks as estimated, as the card text names them
_ESTIMATED = {"cost": N_("cost"), "honor": N_("honor"), "copies": N_("copies"), "factions": N_("factions"),
              "threshold": N_("threshold"), "type": N_("type"), "effect": N_("effect")}


def card_text(d: CardDef) -> str:
    """Everything a card says, in the current language: its plugin fields (Fate), play effect,
    Unite, abilities, triggers, reward, what happens when it is banished, its keywords, and which
    of its values are estimated."""
    e = d.effects
    parts = [_with(_("{label}: {effect}"), e[key], label=_(label)) for key, label in reversed(d.labels)]
    if d.unbanishable:
        parts.insert(0, _("Cannot be banished from the center row except by defeating it."))
    if "play" in e:
        parts.append(sentence(e["play"]))
    if "unite" in e:
        parts.append(_with(_("Unite: {effect}"), e["unite"]))
    parts += [ab.text for ab in d.abilities]
    parts += [trigger_text(t, e[t.key]) for t in d.triggers]
    if "reward" in e:
        parts.append(_with(_("Reward: {effect}"), e["reward"]))
    if "when_banished" in e:
        parts.append(_with(_("When this is banished from your hand or discard pile: {effect}"), e["when_banished"]))
    if d.permanent:
        parts.append(_("Always available; may be defeated any number of times."))
    if "constructs_are_mechana" in d.keywords:
        parts.append(_("All of your constructs are also Mechana."))
    if d.estimated:
        parts.append(_("(est.: {values})").format(values=", ".join(_(_ESTIMATED[v]) for v in d.estimated)))
    return " ".join(parts)

def build_card(model: CardModel, set_id: str, role: str, verbs: VerbRegistry, where: str) -> CardDef:
    comp = _EffectCompiler(verbs, where)
    for key in ("play", "unite"):
        if getattr(model, key):
            comp.compile(key, getattr(model, key))
    abilities = []
    for i, ab in enumerate(model.abilities):
        key = f"ability.{i}"
        abilities.append(Ability(key, ab.once_per_turn, ab.requires.runes, ab.requires.played_faction,
                                 ab.requires.mechana_constructs, comp.compile(key, ab.effect),
                                 tuple(ab.requires.played)))
    triggers = []
    for i, tr in enumerate(model.triggers):
        key = f"trigger.{i}"
        comp.compile(key, tr.effect)
        triggers.append(Trigger(key, tr.on, tr.once_per_turn, tr.filter.type, tr.filter.faction,
                                tr.filter.from_center, tr.filter.other, tr.filter.took_nothing,
                                tr.filter.first))
    for key in ("reward", "when_banished"):
        if getattr(model, key):
            comp.compile(key, getattr(model, key))
    labels = []
    for extra, raw in (model.model_extra or {}).items():
        label = verbs.fields.get(extra)
        if label is None:
            raise SetFileError(f"{where}: field '{extra}': Extra inputs are not permitted"
                               + (f" (known plugin fields: {', '.join(sorted(verbs.fields))})" if verbs.fields else ""))
        if not isinstance(raw, list):
            raise SetFileError(f"{where}: field '{extra}': expected a list of effect steps")
        comp.compile(extra, raw)
        labels.append((extra, label))
    if model.type == "monster" and (model.play or model.abilities or model.unite):
        raise SetFileError(f"{where}: field 'play': a monster has a reward, not play effects or abilities")
    if model.type != "monster" and model.reward:
        raise SetFileError(f"{where}: field 'reward': only monsters have rewards")
    if model.abilities and model.type != "construct":
        raise SetFileError(f"{where}: field 'abilities': only constructs have abilities")
    return CardDef(
        id=f"{set_id}.{model.id}", set_id=set_id, name=model.name, type=model.type,
        factions=tuple(model.factions), cost=model.cost, honor=model.honor, role=role,
        count=model.copies, effects=comp.effects, abilities=tuple(abilities), triggers=tuple(triggers),
        unbanishable="unbanishable" in model.keywords, permanent="permanent" in model.keywords,
        keywords=frozenset(model.keywords),
        note=model.note, estimated=tuple(model.estimated), labels=tuple(labels),
        simple=model.type != "monster" and not any(s.verb.asks for key, steps in comp.effects.items()
                                                   if key.startswith(("play", "unite")) for s in steps),
        plays_late=any(s.verb.reads_turn for s in comp.effects.get("play", ())),
        mechana_construct=model.type == "construct" and "mechana" in model.factions,
        play_gives=_plain_gain(comp.effects.get("play", ())))


def _plain_gain(steps: tuple[Step, ...]) -> tuple[int, int, int] | None:
    """What a play effect gives when it is a single resource gain and nothing else."""
    return steps[0].verb.gives(steps[0].params) if len(steps) == 1 else None


_UNREADABLE = {   # what = "set file" | "override file"
    "set file": (N_("{file}: cannot read the set file: {size} bytes is more than the {most} a set file may have"),
                 N_("{file}: cannot read the set file: not UTF-8 text ({error})"),
                 N_("{file}: cannot read the set file: tables or lists nested too deeply"),
                 N_("{file}: cannot read the set file: {error}")),
    "override file": (N_("{file}: cannot read the override file: {size} bytes is more than the {most} an override "
                         "file may have"),
                      N_("{file}: cannot read the override file: not UTF-8 text ({error})"),
                      N_("{file}: cannot read the override file: tables or lists nested too deeply"),
                      N_("{file}: cannot read the override file: {error}")),
}


def read_toml(path: Path, what: str, name: str | None = None) -> dict:
    """A TOML file's tables, or a SetFileError naming the file (``name``, else its path): too
    large, unreadable, not UTF-8, not TOML, nested too deeply. ``what``: "set file" or
    "override file"."""
    too_big, not_utf8, too_deep, bad = _UNREADABLE[what]
    name = name or str(path)
    try:   # (utf-8-sig: the byte-order mark some editors put first, which TOML itself refuses)
        return tomllib.loads(read_bounded(path, MAX_FILE_BYTES).decode("utf-8-sig"))
    except FileTooLarge as exc:
        raise SetFileError(_(too_big).format(file=name, size=exc.size, most=exc.limit)) from None
    except UnicodeDecodeError as exc:
        raise SetFileError(_(not_utf8).format(file=name, error=exc)) from None
    except RecursionError:
        raise SetFileError(_(too_deep).format(file=name)) from None
    except (OSError, NotAFile, tomllib.TOMLDecodeError) as exc:
        raise SetFileError(_(bad).format(file=name, error=i18n.os_error(exc, path) if isinstance(exc, OSError) else exc)
                           ) from None
    except ValueError:   # tomllib's own, for an integer of thousands of digits (Python caps their reading)
        raise SetFileError(_(bad).format(file=name, error=_("a number of more than {n} digits").format(
            n=sys.get_int_max_str_digits()))) from None


def load_set_file(path: str | Path, verbs: VerbRegistry, recorded: dict | None = None) -> CardSet:
    """Load and validate a set file, with the player's override files applied, or, given
    ``recorded`` (card id -> field -> value, from a saved game), exactly those overrides."""
    path = Path(path)
    name = path.name
    raw = read_toml(path, "set file", name)
    unknown = set(raw) - {"set", "card", "always", "starting", "legend"}
    if unknown:
        raise SetFileError(f"{name}: unknown section(s): {', '.join(sorted(unknown))}")
    for section in ("card", "always", "starting", "legend"):
        entries = raw.get(section, [])
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise SetFileError(f"{name}: [[{section}]]: expected a list of card tables ([[{section}]] ...)")
    try:
        header = SetHeader.model_validate(raw.get("set", {}))
    except ValidationError as exc:
        err = exc.errors()[0]
        raise SetFileError(f"{name}: [set]: field '{_loc(err)}': {i18n.validation_message(err)}") from None
    if recorded is None:   # a player's printed numbers (core/overrides.py)
        recorded = overrides.apply(raw, header.id)
    else:
        overrides.apply_table(raw, header.id, recorded, f"{name} (overrides recorded with the game)")
    out = CardSet(header.id, header.name, str(path), [], [], [], header.requires,
                  header.center_deck_expected, header.max_players, header.note, overrides=recorded)
    sections = (("card", "center", out.center), ("always", "always", out.always),
                ("starting", "starting", out.starting), ("legend", "legend", out.legends))
    seen: set[str] = set()
    for section, role, bucket in sections:
        for i, entry in enumerate(raw.get(section, [])):
            label = entry.get("id") or entry.get("name") or f"#{i + 1}"
            where = f"{name}: {section} '{label}'"
            try:
                model = CardModel.model_validate(entry)
            except ValidationError as exc:
                err = exc.errors()[0]
                raise SetFileError(f"{where}: field '{_loc(err)}': {i18n.validation_message(err)}") from None
            if model.id in seen:
                raise SetFileError(f"{where}: field 'id': duplicate id '{model.id}'")
            if section == "always" and model.cost == 0:   # (as core/overrides.py refuses it)
                raise SetFileError(f"{where}: field 'cost': an always-available card costs at least 1 (one free "
                                   f"for ever could be taken without end, and a game with it would never finish)")
            seen.add(model.id)
            bucket.append(build_card(model, header.id, role, verbs, where))
    if not out.center:
        raise SetFileError(f"{name}: field 'card': a set needs center-deck cards")
    return out


@lru_cache(maxsize=1)
def builtin_set_paths() -> dict[str, Path]:
    """Set files shipped in the package, by set id (the file stem); plugins' sets are added by
    ``match.available_sets``."""
    folder = Path(__file__).resolve().parent.parent / "sets"
    try:
        from ascension import sets as sets_pkg
        folder = Path(sets_pkg.__file__).resolve().parent
    except ImportError:  # pragma: no cover - running from a source tree without install
        pass
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}
