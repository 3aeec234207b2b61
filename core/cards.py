"""Card definitions and set files.

A set file (TOML, under ``sets/`` or shipped by an installed plugin through ``asc_card_sets``)
holds ``[set]``, ``[[card]]`` (center deck), ``[[always]]`` (always-available piles) and
``[[starting]]`` (each player's starting deck). Loading validates
every field and every effect step; any error names file, card and field.
Definitions are immutable and shared by every match; a match refers to them by id.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from . import overrides
from .verbs import Verb, VerbRegistry
from .wording import article, quantity

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
    first: bool = False          # hero_played: only the first such hero this turn (CotG Snapdragon)


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

@dataclass(frozen=True, slots=True)
class Step:
    verb: Verb
    params: Any
    text: str


@dataclass(frozen=True, slots=True)
class Ability:
    key: str
    once_per_turn: bool
    requires_runes: int
    requires_faction: str | None
    requires_mechana: int
    text: str
    requires_played: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Trigger:
    key: str
    on: str
    once_per_turn: bool
    type: str | None
    faction: str | None
    from_center: bool
    other: bool
    only_if_took_nothing: bool
    first: bool = False   # only the first matching hero played this turn sets it off


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str            # "<set>.<card>", unique across sets
    set_id: str
    name: str
    type: str
    factions: tuple[str, ...]
    cost: int
    honor: int
    role: str          # "center" | "always" | "starting" | "legend"
    count: int
    effects: dict[str, tuple[Step, ...]]
    abilities: tuple[Ability, ...]
    triggers: tuple[Trigger, ...]
    unbanishable: bool
    permanent: bool
    keywords: frozenset[str]
    text: str
    note: str = ""
    simple: bool = False            # playing it asks nothing: "play all" may play it
    play_gives: tuple[int, int, int] | None = None  # its play effect is one plain gain (runes, power, honor)
    mechana_construct: bool = False  # printed Mechana construct (Mechana-only runes pay for it)
    estimated: tuple[str, ...] = ()  # values derived by a documented rule, not printed (UIs mark them)

    @property
    def is_monster(self) -> bool:
        return self.type == "monster"

    @property
    def priced(self) -> bool:
        """Whether the card is ever acquired or defeated, so that its cost means something:
        starting cards and Legendary Characters have none."""
        return self.role in ("center", "always")


def cost_words(d: CardDef) -> str:
    """A card's printed cost as players say it: "4 power" for a monster, "1 rune", "3 runes"."""
    return f"{d.cost} power" if d.type == "monster" else quantity(d.cost, "rune")


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
                raise SetFileError(f"{self.where}: field '{here}.{name}.{_loc(err)}': {err['msg']}") from None
            sub_text = {}
            for sub in verb.sub_effects:  # run as Frame.key + ".<step>.<field>"
                sub_text[sub] = _sentence(self.compile(f"{key}.{i}.{sub}", getattr(params, sub)))
            steps.append(Step(verb, params, verb.text(params, sub_text)))
        self.effects[key] = tuple(steps)
        return self.effects[key]


def _sentence(steps: tuple[Step, ...]) -> str:
    return " ".join(s.text for s in steps)


def _trigger_text(t: TriggerModel) -> str:
    what = " ".join(x for x in (("another" if t.filter.other else None),
                                 (t.filter.faction.capitalize() if t.filter.faction else None),
                                 t.filter.type or "card") if x)
    if t.on == "hero_played" and t.filter.first:
        return f"When you play your first {what} each turn:"
    when = {"construct_enters": "When you put {} into play", "hero_played": "When you play {}",
            "acquire": "When you acquire {}",
            "defeat": "When you defeat {}", "turn_end": "At the end of your turn"}[t.on]
    if t.on == "turn_end":
        return when + (", if you acquired and defeated nothing this turn:" if t.filter.took_nothing else ":")
    what = article(what) if not what.startswith("another") else what
    if t.filter.from_center:
        what += " in the center row"
    lead = ("Once per turn, " + when[0].lower() + when[1:]) if t.once_per_turn else when
    return lead.format(what) + ":"


def build_card(model: CardModel, set_id: str, role: str, verbs: VerbRegistry, where: str) -> CardDef:
    comp = _EffectCompiler(verbs, where)
    parts: list[str] = []
    if model.play:
        parts.append(_sentence(comp.compile("play", model.play)))
    if model.unite:
        parts.append("Unite: " + _sentence(comp.compile("unite", model.unite)))
    abilities = []
    for i, ab in enumerate(model.abilities):
        key = f"ability.{i}"
        body = _sentence(comp.compile(key, ab.effect))
        cond = ""
        if ab.requires.played_faction:
            cond = f"If you have played {article(ab.requires.played_faction.capitalize())} hero this turn, "
        if ab.requires.played:
            cond = f"If you have played {article(' or '.join(ab.requires.played))} this turn, "
        lead = "Once per turn: " if ab.once_per_turn else "Any time on your turn: "
        text = lead + cond + (body[0].lower() + body[1:] if cond else body)
        if ab.requires.mechana_constructs:
            text = (text.replace("Once per turn: ", f"Once per turn, if you control at least "
                                 f"{ab.requires.mechana_constructs} Mechana constructs: ")
                    if ab.once_per_turn else text)
        abilities.append(Ability(key, ab.once_per_turn, ab.requires.runes, ab.requires.played_faction,
                                 ab.requires.mechana_constructs, text, tuple(ab.requires.played)))
        parts.append(text)
    triggers = []
    for i, tr in enumerate(model.triggers):
        key = f"trigger.{i}"
        body = _sentence(comp.compile(key, tr.effect))
        triggers.append(Trigger(key, tr.on, tr.once_per_turn, tr.filter.type, tr.filter.faction,
                                tr.filter.from_center, tr.filter.other, tr.filter.took_nothing,
                                tr.filter.first))
        parts.append(f"{_trigger_text(tr)} {body}")
    if model.reward:
        parts.append("Reward: " + _sentence(comp.compile("reward", model.reward)))
    if model.when_banished:
        parts.append("When this is banished from your hand or discard pile: "
                     + _sentence(comp.compile("when_banished", model.when_banished)))
    for extra, raw in (model.model_extra or {}).items():
        label = verbs.fields.get(extra)
        if label is None:
            raise SetFileError(f"{where}: field '{extra}': Extra inputs are not permitted"
                               + (f" (known plugin fields: {', '.join(sorted(verbs.fields))})" if verbs.fields else ""))
        if not isinstance(raw, list):
            raise SetFileError(f"{where}: field '{extra}': expected a list of effect steps")
        parts.insert(0, f"{label}: " + _sentence(comp.compile(extra, raw)))
    if "unbanishable" in model.keywords:
        parts.insert(0, "Cannot be banished from the center row except by defeating it.")
    if "permanent" in model.keywords:
        parts.append("Always available; may be defeated any number of times.")
    if "constructs_are_mechana" in model.keywords:
        parts.append("All of your constructs are also Mechana.")
    if model.estimated:
        parts.append(f"(est.: {', '.join(model.estimated)})")
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
        text=" ".join(parts), note=model.note, estimated=tuple(model.estimated),
        simple=model.type != "monster" and not any(s.verb.asks for key, steps in comp.effects.items()
                                                   if key.startswith(("play", "unite")) for s in steps),
        mechana_construct=model.type == "construct" and "mechana" in model.factions,
        play_gives=_plain_gain(comp.effects.get("play", ())))


def _plain_gain(steps: tuple[Step, ...]) -> tuple[int, int, int] | None:
    """What a play effect gives when it is a single resource gain and nothing else."""
    return steps[0].verb.gives(steps[0].params) if len(steps) == 1 else None


def read_toml(path: Path, what: str, name: str | None = None) -> dict:
    """A TOML file's tables, or a SetFileError naming the file (``name``, else its path): too
    large, unreadable, not UTF-8, not TOML, nested too deeply."""
    name = name or str(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise SetFileError(f"{name}: cannot read the {what}: {size} bytes is more than the "
                               f"{MAX_FILE_BYTES} a {what} may have")
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise SetFileError(f"{name}: cannot read the {what}: not UTF-8 text ({exc})") from None
    except RecursionError:
        raise SetFileError(f"{name}: cannot read the {what}: tables or lists nested too deeply") from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SetFileError(f"{name}: cannot read the {what}: {exc}") from None


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
        raise SetFileError(f"{name}: [set]: field '{_loc(err)}': {err['msg']}") from None
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
                raise SetFileError(f"{where}: field '{_loc(err)}': {err['msg']}") from None
            if model.id in seen:
                raise SetFileError(f"{where}: field 'id': duplicate id '{model.id}'")
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
