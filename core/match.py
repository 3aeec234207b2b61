"""Building a match: setup validation, plugins, card instances, and loading saved games.

Everything handed in from outside (a saved game, a game record's setup and answers) is checked
before it is used, within bounds (size, nesting, numbers), and refused with a message naming the
source, the key and what was expected: :class:`SaveFileError` or :class:`SetupError`.
"""
from __future__ import annotations

import json
import secrets
import sys
from contextlib import contextmanager
from typing import Annotated, Any, NamedTuple
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, TypeAdapter,
                      ValidationError)

from . import plugins as plugin_mod
from .cards import CardDef, CardSet, SetFileError, builtin_set_paths, load_set_file, read_toml
from .i18n import _, validation_message
from .names import check_visible
from .slots import ext_problems, meaning_problems, upgraded
from .engine import (CARD_OPTIONS, ROW_SIZE, SAVE_FORMAT, CardTables, Context, Game, GameOver, InvalidAnswer,
                     PluginError, blame)

HONOR_PER_PLAYER = 30
READS_FORMATS = (1, SAVE_FORMAT)   # format 1: before heroes that left play were kept (none then)
MAX_SAVE_CHARS = 5_000_000   # a long game saves in well under 200 kB
MAX_DEPTH = 32               # nesting of a saved game's JSON (a real one goes 6 deep)
MAX_ANSWERS = 100_000        # a real game has a few hundred
MAX_OPTION = 10_000          # an answer is an option index; a real decision has a few dozen
MAX_CARDS = 5_000            # card instances in a match (four whole sets mixed: about 500)
SEED_LIMIT = 2 ** 64         # a saved game's seed: from -SEED_LIMIT to SEED_LIMIT (earlier versions took these)
NEW_SEEDS = range(-2 ** 63, 2 ** 63)   # a new game's: a signed 64-bit number, as the history stores it


class SetupError(ValueError):
    """The requested match is impossible; the message says why."""


class NotInstalled(SetupError):
    """The match needs a set or plugin that is not installed here (a saved game may be sound all
    the same)."""


class SetupFailed(SetupError):
    """A plugin (or the engine) failed while a match was set up: the setup itself may be sound,
    so a saved game it happens to is not called damaged."""


class SaveFileError(ValueError):
    """A saved game could not be read; nothing was changed."""


class SaveNotUsableNow(SaveFileError):
    """A saved game that is sound as far as can be told but cannot be used here now: a set,
    plugin or bot it needs is not installed, or the file cannot be read at the moment
    (permissions, a disk error). "Locked is not damaged": it is kept, never set aside as damaged.
    ``reason`` says why without the file's name, for a message that names it already."""

    def __init__(self, source: object, reason: str):
        super().__init__(f"{source}: {reason}")
        self.reason = reason


def newer(source: object, d: object, known: int) -> None:
    """Refuse, as not usable *here* (kept, never set aside as damaged), a save whose format number
    is above ``known``: a newer version of the program wrote it, and that version reads it."""
    found = d.get("format") if isinstance(d, dict) else None
    if isinstance(found, int) and not isinstance(found, bool) and found > known:
        raise SaveNotUsableNow(source, _("it was written by a newer version of Ascension Table (format {format}; "
                                         "this version reads {known})").format(format=shown(found), known=known))


def shown(value: object, limit: int = 40) -> str:
    """``value`` as a message quotes it from a file: its repr, cut at ``limit`` characters (a
    number of 400 digits someone wrote there is not worth a screenful)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


@dataclass
class MatchSetup:
    """What a match is built from. Plugins may adjust it in ``asc_setup_match``."""
    sets: list[str]
    names: list[str]
    variants: list[str] = field(default_factory=list)
    seed: int | None = None
    honor_pool: int | None = None
    options: dict = field(default_factory=dict)   # per-variant choices (JSON), e.g. Legendary characters
    card_sets: list[CardSet] = field(default_factory=list)
    solo: str | None = None
    pool: int = 0
    plugins: list[str] = field(default_factory=list)
    hooks: plugin_mod.Hooks | None = None   # the match's plugins, built once here and handed to the match
    aside: list[CardDef] = field(default_factory=list)  # out-of-play cards a plugin brings (Legends)

    @property
    def players(self) -> int:
        return len(self.names)

    plugin_differences: list[str] = field(default_factory=list)   # recorded plugins vs these ones
    # The card overrides a saved game was played with (set id -> card overrides); None for a new
    # match, which takes the player's override files.
    recorded: dict | None = None
    drawn_from: list[CardSet] = field(default_factory=list)   # sets a plugin drew cards from (other_set)

    def other_set(self, set_id: str, plugin_names: tuple[str, ...]) -> CardSet:
        """A set a plugin draws cards from beyond the match's own (the Legends set's Legendary
        Characters), with the card overrides this match plays with: a saved game's recorded
        ones, never the override files as they are when it is loaded. Its overrides are
        recorded with the match's own."""
        card_set = load_set(set_id, plugin_names, None if self.recorded is None else self.recorded.get(set_id, {}))
        if all(c is not card_set for c in self.drawn_from):
            self.drawn_from.append(card_set)
        return card_set

    def to_dict(self) -> dict:
        versions = plugin_mod.installed().versions
        d = {"sets": self.sets, "names": self.names, "variants": self.variants, "seed": self.seed,
             "honor_pool": self.pool, "options": self.options,
             "plugins": {n: versions.get(n, "unknown") for n in sorted(self.plugins)}}
        changed = {s.id: s.overrides for s in [*self.drawn_from, *self.card_sets] if s.overrides}
        if changed:   # the player's own card numbers: a saved game restores with exactly these
            d["overrides"] = changed
        return d


@lru_cache(maxsize=64)
def _load_set(path: str, plugin_names: tuple[str, ...], recorded: str | None = None) -> CardSet:
    """``recorded``: JSON of the overrides a saved game was played with (None: the override files)."""
    cat = plugin_mod.installed()
    pm = plugin_mod.make_manager([cat.modules[n] for n in plugin_names])
    return load_set_file(path, plugin_mod.verbs_for(pm), None if recorded is None else json.loads(recorded))


def available_sets() -> dict[str, Path]:
    """Every set a match may use, by id: the package's own, then those installed plugins ship
    (``asc_card_sets``; one whose id was taken is refused when the plugins load)."""
    return {**builtin_set_paths(), **plugin_mod.installed().sets}


def load_set(set_id: str, plugin_names: tuple[str, ...] = ("base",), recorded: dict | None = None) -> CardSet:
    """Load a set with the given plugins plus the installed ones the set itself requires (their
    card fields, e.g. ``fate``), so that any set also loads on its own. ``recorded``: the
    overrides to apply instead of the override files (a saved game's)."""
    paths = available_sets()
    if set_id not in paths:
        raise NotInstalled(_("unknown set '{set}' (installed: {installed})").format(set=set_id, installed=", ".join(paths)))
    extra = [r for r in set_requires(set_id) if r in plugin_mod.installed().infos and r not in plugin_names]
    if extra:
        plugin_names = tuple(sorted({*plugin_names, *extra}))
    return _load_set(str(paths[set_id]), plugin_names,
                     None if recorded is None else json.dumps(recorded, sort_keys=True))


@lru_cache(maxsize=64)
def set_requires(set_id: str) -> list[str]:
    """The plugins a set asks for, read from its [set] header alone: its cards may use fields
    those plugins register, so the whole file cannot be compiled before they are known. Any
    problem with the file is left to the full load, which reports it."""
    path = available_sets().get(set_id)
    if path is None:
        return []
    try:
        req = read_toml(path, "set file").get("set", {}).get("requires", [])
    except (SetFileError, AttributeError):
        return []
    return [r for r in req if isinstance(r, str)] if isinstance(req, list) else []


def _plugin_names(setup: MatchSetup, cat: plugin_mod.PluginCatalog) -> list[str]:
    variants = cat.variants()
    names = [n for n, info in cat.infos.items() if info.always]
    for v in setup.variants:
        if v not in variants:
            raise NotInstalled(_("unknown variant '{variant}' (available: {available})").format(
                variant=v, available=", ".join(sorted(variants)) or _("none")))
        names.append(variants[v].name)
    return names


def _recorded_plugins(recorded: dict[str, str], usual: list[str], cat: plugin_mod.PluginCatalog
                      ) -> tuple[list[str], list[str]]:
    """The plugins a recorded game was played with (all must be installed, and include what its
    variants and sets need), in the order a new match registers them (``usual``: it decides
    the order of hook results), and how they differ from what is installed now, in words."""
    wanted = [n for n in usual if not cat.infos[n].always]
    missing = [f"'{n}' {v}" for n, v in sorted(recorded.items()) if n not in cat.infos]
    if missing:
        raise NotInstalled(_("this game was played with plugin(s) {plugins}, not installed here").format(plugins=", ".join(missing)))
    lacking = [n for n in wanted if n not in recorded]
    if lacking:
        raise SetupError(_("setup.plugins: lacks {plugins}, which its variants or sets need").format(plugins=", ".join(lacking)))
    differences = [_("plugin '{plugin}' was version {then} when this game was played; it is {now} now").format(
        plugin=n, then=v, now=cat.versions.get(n))
                   for n, v in sorted(recorded.items()) if cat.versions.get(n) != v]
    differences += [_("plugin '{plugin}' {version} is installed now but this game was played without it: it stays "
                      "off in this game").format(plugin=n, version=cat.versions.get(n)) for n, info in sorted(cat.infos.items())
                    if info.always and n not in recorded]
    return [n for n in usual if n in recorded] + sorted(set(recorded) - set(usual)), differences


def _canonical(asked: list[str], known: list[str], what: str) -> list[str]:
    """Set ids and variant names as installed, whatever their case (``10TH`` is ``10th``); each
    at most once (``what``: the message when one is chosen twice, naming them as ``{chosen}``).
    An unknown one is left for the caller's own message."""
    by_lower = {k.lower(): k for k in known}
    out = [by_lower.get(a.lower(), a) if isinstance(a, str) else a for a in asked]
    twice = sorted({a for a in out if out.count(a) > 1}, key=str)
    if twice:
        raise SetupError(what.format(chosen=", ".join(map(str, twice))))
    return out


def build_setup(sets: list[str], names: list[str], variants: list[str] = (), seed: int | None = None,
                honor_pool: int | None = None, options: dict | None = None,
                overrides: dict | None = None, plugins: dict[str, str] | None = None,
                batch: dict | None = None, new: bool = True) -> MatchSetup:
    """``overrides``: set id -> the card overrides to use (a saved game's record); None for a new
    match, which takes the player's override files (a mistake in them raises SetFileError naming
    the file; ``overrides={}`` builds the same match without them). ``plugins``: name -> version,
    the plugins a recorded game was played with, used instead of the installed always-on ones.
    ``batch``: see :func:`match_hooks`. ``new``: a new game's seed must fit the history (a saved
    game's may be as large as earlier versions allowed)."""
    cat = plugin_mod.installed()
    sets = _canonical(list(sets), list(available_sets()), _("set chosen more than once: {chosen}"))
    variants = _canonical(list(variants), list(cat.variants()), _("variant chosen more than once: {chosen}"))
    if seed is not None and (seed not in NEW_SEEDS if new else not -SEED_LIMIT <= seed <= SEED_LIMIT):
        raise SetupError(_("seed {seed}: a seed is a whole number from {least} to {most}").format(
            seed=seed, least=NEW_SEEDS.start, most=NEW_SEEDS.stop - 1))
    setup = MatchSetup(sets, list(names), variants, seed, honor_pool, dict(options or {}), recorded=overrides)
    if not setup.sets:
        raise SetupError(_("choose at least one card set"))
    plugin_names = _plugin_names(setup, cat)
    for set_id in setup.sets:
        for req in set_requires(set_id):
            if req not in cat.infos:
                raise NotInstalled(_("set '{set}' needs plugin '{plugin}', which is not installed").format(set=set_id, plugin=req))
            if req not in plugin_names:
                plugin_names.append(req)
    if plugins is not None:
        plugin_names, setup.plugin_differences = _recorded_plugins(plugins, plugin_names, cat)
    setup.plugins = plugin_names
    setup.card_sets = [load_set(s, tuple(sorted(plugin_names)), None if overrides is None else overrides.get(s, {}))
                       for s in setup.sets]
    _check_set_ids(setup.card_sets)
    solos = [v for v in setup.variants if cat.variants()[v].solo]
    setup.solo = solos[0] if solos else None
    setup.pool = honor_pool if honor_pool is not None else HONOR_PER_PLAYER * max(2, setup.players)
    hooks = match_hooks(plugin_names, batch)
    if setup.seed is None:
        setup.seed = secrets.randbits(63)
    with _set_up_by(hooks):
        problems = hooks.validate_setup(setup)
    if len(solos) > 1:
        problems.append(_("choose one solo variant, not {variants}").format(variants=", ".join(solos)))
    if problems:
        raise SetupError("; ".join(problems))
    with _set_up_by(hooks):
        hooks.setup_match(setup)  # must be deterministic given seed and options (replay)
    main = piles_source(setup.card_sets)
    cards = (sum(s.center_copies for s in setup.card_sets) + len(setup.aside) + sum(d.count for d in main.always)
             + setup.players * sum(d.count for d in main.starting))
    if cards > MAX_CARDS:
        raise SetupError(_("this match would have {cards} cards; at most {most} are allowed").format(cards=cards, most=MAX_CARDS))
    setup.hooks = hooks
    if honor_pool is not None:  # an explicit choice beats any plugin default
        setup.pool = honor_pool
    if setup.pool < 1:
        raise SetupError(_("the honor pool must hold at least 1 honor"))
    return setup


def match_hooks(plugin_names: list[str], batch: dict | None = None) -> plugin_mod.Hooks:
    """A match's plugins, behind their hooks: a plugin manager of its own, or, with ``batch`` (a
    dict a batch of games keeps of what they share: plugin managers, card layouts), the one an
    earlier match of the batch with the same plugins was given. Building a manager was a tenth of
    a simulated game, and plugins are modules whose state lives in the game, so matches may share
    one as long as nobody registers a plugin into a running match of the batch (as a front end or
    a test may: they get their own)."""
    key = ("hooks", *plugin_names)
    hooks = batch.get(key) if batch is not None else None
    if hooks is None:
        cat = plugin_mod.installed()
        hooks = plugin_mod.Hooks(plugin_mod.make_manager([cat.modules[n] for n in plugin_names]))
        if batch is not None:
            batch[key] = hooks
    return hooks


def _check_set_ids(card_sets: list[CardSet]) -> None:
    """Card ids are "<set id>.<card>": two files with one [set] id would mix up their cards."""
    first: dict[str, CardSet] = {}
    for s in card_sets:
        if s.id in first and first[s.id].path != s.path:
            raise SetFileError(f"{s.path}: [set]: field 'id': '{s.id}' is already the id of {first[s.id].path}; "
                               f"each set file needs its own id")
        first.setdefault(s.id, s)


def piles_source(card_sets: list[CardSet]) -> CardSet:
    """The mixing rule: the always-available piles and the starting decks come from the set with
    the largest center deck (the first listed on a tie)."""
    return max(card_sets, key=lambda s: s.center_copies)


class Layout(NamedTuple):
    """A match's card instances (center deck, piles, starting decks, cards set aside) and the
    engine's tables of them: the same for every match with the same card sets, seats and set-aside
    cards, so a batch works them out once (``made_of`` keeps what its key names alive)."""
    tables: CardTables
    center: list[int]
    piles: dict[str, list[int]]
    starting: list[list[int]]
    aside: list[int]
    made_of: tuple


def _layout(setup: MatchSetup, batch: dict | None = None) -> Layout:
    """Create every card instance: center deck (all sets mixed), piles and starting decks, then
    the cards set aside. Piles and starting decks come from the set with the largest center deck
    (first on a tie). With ``batch`` (see :func:`match_hooks`), an earlier match's layout of the
    same cards is reused (a game copies the lists it deals from; loaded sets are kept, so the same
    objects), and a match whose cards set aside differ (a Legendary match's characters) shares
    the rest of its layout with the others."""
    made_of = (tuple(setup.card_sets), len(setup.names), tuple(setup.aside))
    key = ("layout", tuple(map(id, made_of[0])), made_of[1], tuple(map(id, made_of[2])))
    known = batch.get(key) if batch is not None else None
    if known is not None:
        return known
    if setup.aside:
        base = _layout(replace(setup, aside=[]), batch)
        start = len(base.tables.defs)
        layout = Layout(CardTables(base.tables.defs + list(setup.aside), shared=base.tables), base.center,
                        base.piles, base.starting, list(range(start, start + len(setup.aside))), made_of)
    else:
        defs: list[CardDef] = []

        def make(cards: list[CardDef]) -> list[int]:
            start = len(defs)
            for d in cards:
                defs.extend([d] * d.count)
            return list(range(start, len(defs)))

        center = [i for s in setup.card_sets for i in make(s.center)]
        main = piles_source(setup.card_sets)
        piles = {d.id: make([d]) for d in main.always}
        starting = [make(main.starting) for __ in setup.names]
        layout = Layout(CardTables(defs), center, piles, starting, [], made_of)
    if batch is not None:
        batch[key] = layout
    return layout


def new_game(sets: list[str] = ("10th",), names: list[str] = ("Player 1", "Player 2"),
             variants: list[str] = (), seed: int | None = None, honor_pool: int | None = None,
             options: dict | None = None, batch: dict | None = None) -> Game:
    """``batch``: what a batch's games share (plugin managers, card layouts; see :func:`match_hooks`)."""
    setup = build_setup(list(sets), list(names), list(variants), seed, honor_pool, options, batch=batch)
    return _start(setup, batch)


def _context(setup: MatchSetup, batch: dict | None = None) -> tuple[Context, Layout]:
    hooks = setup.hooks or match_hooks(setup.plugins)
    layout = _layout(setup, batch)
    with _set_up_by(hooks):   # (the plugins' tests of which matches their notifications serve run here)
        return Context(layout.tables, hooks, setup.to_dict(), setup.plugin_differences, batch is not None), layout


def _start(setup: MatchSetup, batch: dict | None = None) -> Game:
    ctx, lay = _context(setup, batch)
    with _set_up_by(ctx.hooks):
        return Game.new(ctx, setup.names, setup.seed, setup.pool, lay.center, lay.piles, lay.starting, lay.aside)


@contextmanager
def _set_up_by(hooks: plugin_mod.Hooks):
    """A plugin that fails while a match is set up (its checks, its set-up, the game's start, a
    saved game's state) or answers what the rules cannot use (asc_sides) is :class:`SetupFailed`
    naming it and its hook: no match is made, so nothing is lost, and every front end says it as
    it says a bad setup."""
    try:
        yield
    except (SetupError, SaveFileError):
        raise
    except PluginError as exc:
        raise SetupFailed(str(exc)) from exc
    except Exception as exc:
        raise SetupFailed(str(blame(exc, hooks.pm, _("the game was not started")))) from exc


# --- what a saved game or a record may hold (checked before anything is built from it) ------

class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# A seat's name, as a saved game brings it: shown on the table and printed in terminals, so held to
# visible characters as a typed one is (not to its length: an earlier version may have allowed more)
Name = Annotated[StrictStr, Field(max_length=200), AfterValidator(check_visible)]
Card = StrictInt          # ranges are checked against the match's cards (Game.invariant_problems)
Count = Annotated[StrictInt, Field(ge=0, le=10**9)]


class SetupModel(_Strict):
    sets: list[Annotated[StrictStr, Field(pattern=r"^[\w.-]+$", max_length=60)]] = Field(min_length=1, max_length=20)
    names: list[Name] = Field(min_length=1, max_length=6)
    variants: list[Annotated[StrictStr, Field(max_length=40)]] = Field([], max_length=20)
    seed: Annotated[StrictInt, Field(ge=-SEED_LIMIT, le=SEED_LIMIT)]
    honor_pool: Annotated[StrictInt, Field(ge=1, le=100_000)] | None = None
    options: dict[StrictStr, Any] = {}
    overrides: dict[StrictStr, dict[StrictStr, dict[StrictStr, Any]]] = {}
    plugins: dict[StrictStr, StrictStr] | None = None   # absent in games saved before it was recorded


class PlayerModel(_Strict):
    name: Name
    deck: list[Card]
    hand: list[Card]
    discard: list[Card]
    played: list[Card]
    constructs: list[Card]
    kept: list[Card]
    honor: Count
    runes: Count
    power: Count
    mech_runes: Count
    discount: Count
    used: list[Annotated[StrictStr, Field(max_length=200)]]
    unite_wait: list[Card]
    watchers: list[tuple[Card, StrictStr, StrictStr]]
    took: Count
    bonus_draw: Count
    defeat_bonus: Count
    all_mechana: StrictBool
    left_play: list[Card] = []   # (format 1 had none)


class IntentModel(BaseModel):
    """What a pending question means (``engine.Decision``): the keys its wording reads are typed;
    others a plugin adds pass as they are. Checked, never used to rebuild the saved data."""
    model_config = ConfigDict(extra="allow")
    verb: StrictStr
    zones: list[StrictStr] = []
    card: Card | None = None
    key: Annotated[StrictStr, Field(max_length=200)] | None = None
    amount: StrictInt | None = None
    effect: StrictStr | None = None


class PendingModel(_Strict):
    seat: StrictInt
    kind: StrictStr
    intent: dict[StrictStr, Any] | None = None   # what the question means (IntentModel; absent in saves before intents)
    prompt: Annotated[StrictStr, Field(max_length=1000)] | None = None   # those saves' words instead
    options: list[Annotated[list[Any], Field(min_length=1)]] = Field(min_length=1, max_length=MAX_OPTION)
    data: dict[StrictStr, Any]
    asker: StrictInt = -1   # absent in games saved before questions named their asker


class StateModel(_Strict):
    seed: StrictInt
    rng: StrictInt
    turn: Count
    current: StrictInt
    players: list[PlayerModel] = Field(min_length=1, max_length=6)
    center_deck: list[Card]
    center_row: list[Card | None] = Field(min_length=ROW_SIZE, max_length=ROW_SIZE)
    void: list[Card]
    piles: dict[StrictStr, list[Card]]
    box: list[Card]
    aside: list[Card]
    pool: Count
    extra_turns: Count
    last_turn: list[StrictInt]
    stack: list[tuple[Card, StrictStr, StrictStr, Count, StrictInt, Card | None]]
    queued: list[tuple[Card, StrictStr, StrictStr, Count, StrictInt, Card | None]]
    pending: PendingModel | None
    ending: StrictBool
    over: StrictBool
    capped: StrictBool
    ext: dict[StrictStr, Any]


Answers = Annotated[list[Annotated[StrictInt, Field(ge=0, le=MAX_OPTION)]], Field(max_length=MAX_ANSWERS)]


_ANSWERS = TypeAdapter(Answers)


class SaveModel(_Strict):
    format: StrictInt
    setup: dict[StrictStr, Any]
    state: StateModel
    answers: Answers = []


def _located(exc: ValidationError, root: str) -> str:
    """The first problem pydantic found, as "key.path: what was expected"."""
    err = exc.errors()[0]
    path = "".join(f"[{x}]" if isinstance(x, int) else f".{x}" for x in err["loc"])
    return f"{root}{path}: {validation_message(err)}"


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in parsed JSON (without recursion)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, (list, dict)):
            deepest = max(deepest, d)
            if d > MAX_DEPTH:
                break
            todo += [(x, d + 1) for x in (v.values() if isinstance(v, dict) else v)]
    return deepest


def setup_from_dict(d: dict) -> MatchSetup:
    """The setup a game was recorded with, its card overrides and plugins included (none
    recorded: none used). Raises SetupError naming the key for anything malformed."""
    if _depth(d) > MAX_DEPTH:
        raise SetupError(_("setup: nested more than {depth} deep").format(depth=MAX_DEPTH))
    try:
        m = SetupModel.model_validate(d)
    except ValidationError as exc:
        raise SetupError(_located(exc, "setup")) from None
    try:
        return build_setup(m.sets, m.names, m.variants, m.seed, m.honor_pool, m.options, m.overrides, m.plugins,
                           new=False)
    except SetFileError as exc:   # the recorded overrides do not fit the set files installed here
        raise SetupError(f"setup.overrides: {exc}") from None


def save(game: Game) -> str:
    """A saved game: setup, answers so far (for replay) and the full state."""
    d = game.to_dict()
    d["answers"] = list(game.answers)
    return json.dumps(d, sort_keys=True, separators=(",", ":"))


def load(text: str, source: str = "save") -> Game:
    """Restore a saved game exactly, or raise SaveFileError saying what is wrong and where.
    ``game.plugin_differences()`` then says how its plugins differ from the ones it was saved with."""
    if not isinstance(text, str):
        raise SaveFileError(_("{source}: expected the text of a saved game, not {type}").format(source=source, type=type(text).__name__))
    if len(text) > MAX_SAVE_CHARS:
        raise SaveFileError(_("{source}: {n} characters is too large for a saved game (at most {most})").format(
            source=source, n=len(text), most=MAX_SAVE_CHARS))
    try:
        d = json.loads(text)
    except RecursionError:
        raise SaveFileError(_not_valid(source, _("nested more than {depth} deep").format(depth=MAX_DEPTH))) from None
    except ValueError as exc:
        raise SaveFileError(_not_valid(source, not_json(exc))) from None
    if not isinstance(d, dict):
        raise SaveFileError(_not_valid(source, _("expected an object with format, setup and state, not {type}").format(
            type=type(d).__name__)))
    newer(source, d, SAVE_FORMAT)
    if d.get("format") not in READS_FORMATS:
        raise SaveFileError(_("{source}: unsupported save format {format}").format(source=source, format=shown(d.get("format"))))
    if _depth(d) > MAX_DEPTH:
        raise SaveFileError(_not_valid(source, _("nested more than {depth} deep").format(depth=MAX_DEPTH)))
    try:
        m = SaveModel.model_validate(d)
    except ValidationError as exc:
        raise SaveFileError(_not_valid(source, _located(exc, "")[1:])) from None
    try:
        setup = setup_from_dict(d["setup"])
        ctx, __ = _context(setup)
        if len(m.state.players) != len(setup.names):
            raise SaveFileError(_not_valid(source, _("state.players: {players} players for the {names} names of the "
                                                    "setup").format(players=len(m.state.players), names=len(setup.names))))
        state = m.state.model_dump()
        for player in state["players"]:   # as the engine makes them: lists (a replay compared with the
            player["watchers"] = [list(w) for w in player["watchers"]]   # loaded save differed only in that)
        with _set_up_by(ctx.hooks):
            state["ext"] = upgraded(ctx.hooks.state_slots(), state["ext"])
            problems = ext_problems(ctx.hooks.state_slots(), state["ext"]) or _frame_problems(ctx, state)
            if problems:
                raise SaveFileError(_not_valid(source, "; ".join(problems)))
            game = Game.from_state(ctx, state)
            game.answers = list(m.answers)
            problems = game.invariant_problems() or meaning_problems(ctx.hooks.state_slots(), game)
        if problems:
            raise SaveFileError(_not_valid(source, "; ".join(problems)))
        return game
    except NotInstalled as exc:   # "locked is not damaged": a sound save is not called invalid
        raise SaveNotUsableNow(source, _("the saved game is sound, but it needs what is not installed here: "
                                         "{problem}").format(problem=exc)) from None
    except SetupFailed as exc:   # nor one that a plugin fails to set up here now
        raise SaveNotUsableNow(source, _("the saved game cannot be set up here now: {problem}").format(
            problem=exc)) from None
    except SetupError as exc:
        raise SaveFileError(_not_valid(source, str(exc))) from None


def not_json(exc: ValueError) -> str:
    """Where a text stops being JSON, in the player's words (``exc``: what ``json.loads`` raised):
    json's own message ("Expecting value: line 1 column 1 (char 0)") is English and written for
    programmers."""
    if isinstance(exc, json.JSONDecodeError):
        if not exc.doc.strip():
            return _("it is empty")
        return _("not JSON from line {line}, column {column} on").format(line=exc.lineno, column=exc.colno)
    # json raises nothing else from a text: a number longer than Python reads (no game holds one)
    return _("it holds a number of more than {n} digits").format(n=sys.get_int_max_str_digits())


def _not_valid(source: str, problem: str) -> str:
    return _("{source}: not a valid saved game: {problem}").format(source=source, problem=problem)


def _frame_problems(ctx: Context, state: dict) -> list[str]:
    """Whether the effects being resolved and the pending question point at real cards, effects
    and steps, and the seats at real seats (what the shape alone cannot say)."""
    out = []
    seats, n = len(state["players"]), len(ctx.defs)
    for key in ("stack", "queued"):
        for i, (card, defn, effect, pc, seat, subject) in enumerate(state[key]):
            where = f"state.{key}[{i}]"
            d = ctx.by_id.get(defn)
            if not 0 <= card < n or d is None or ctx.defs[card] is not d:
                out.append(_("{where}: card {card} is not a '{kind}' of this match").format(where=where, card=card, kind=defn))
            elif effect not in d.effects or not 0 <= pc <= len(d.effects[effect]):
                out.append(_("{where}: '{kind}' has no effect '{effect}' with step {step}").format(
                    where=where, kind=defn, effect=effect, step=pc))
            if not -1 <= seat < seats:
                out.append(_("{where}: {seat} is not a seat").format(where=where, seat=seat))
            if subject is not None and not 0 <= subject < n:
                out.append(_("{where}: subject {card} is not a card of this match").format(where=where, card=subject))
    for i, player in enumerate(state["players"]):
        for card in player["left_play"]:
            if not 0 <= card < n:
                out.append(_("state.players[{i}].left_play: {card} is not a card of this match").format(i=i, card=card))
    if len(state["last_turn"]) != seats:
        out.append(_("state.last_turn: expected one entry per seat ({seats}), not {n}").format(
            seats=seats, n=len(state["last_turn"])))
    pd = state["pending"]
    if pd is not None:
        asker = pd["asker"] if 0 <= pd["asker"] < len(state["stack"]) else len(state["stack"]) - 1
        if not state["stack"] or state["stack"][asker][3] < 1:
            out.append(_("state.pending: a question with no effect step asking it (state.stack)"))
        if not 0 <= pd["seat"] < seats:
            out.append(_("state.pending.seat: {seat} is not a seat").format(seat=pd["seat"]))
        if pd["kind"] not in ("choose_card", "choose_one", "yes_no"):
            out.append(_("state.pending.kind: expected choose_card, choose_one or yes_no, not {kind}").format(
                kind=repr(pd["kind"])))
        if pd["intent"] is not None:
            out += _intent_problems(ctx, pd["intent"])
        for i, option in enumerate(pd["options"]):
            if not isinstance(option[0], str) or (option[0] in CARD_OPTIONS and (
                    len(option) < 2 or type(option[1]) is not int or not 0 <= option[1] < n)):
                out.append(_("state.pending.options[{i}]: {option} is not an option of this match").format(
                    i=i, option=repr(option)))
    return out


def _intent_problems(ctx: Context, intent: dict) -> list[str]:
    """A pending question's intent as its wording will read it: typed, its card one of the
    match's, its effect key one of that card's (or the start of one: a choice's modes)."""
    try:
        IntentModel.model_validate(intent)
    except ValidationError as exc:
        return [_located(exc, "state.pending.intent")]
    card, key = intent.get("card"), intent.get("key")
    if card is not None and not 0 <= card < len(ctx.defs):
        return [_("state.pending.intent.card: {card} is not a card of this match").format(card=card)]
    if key is not None and (card is None or not any(k == key or k.startswith(key + ".") for k in ctx.defs[card].effects)):
        return [_("state.pending.intent.key: {key} is not an effect of that card").format(key=repr(key))]
    return []


def _checked_answers(answers: Any) -> list[int]:
    try:
        return _ANSWERS.validate_python(answers)
    except ValidationError as exc:
        raise SaveFileError(f"answers: {_located(exc, 'answers')}") from None


def replay(setup: dict, answers: list[int]) -> Game:
    """Rebuild a game from its setup (with seed) and answers; raises InvalidAnswer (or GameOver)
    on divergence, naming how the game's plugins differ from the ones it was played with, if
    they do; SetupError / SaveFileError for a malformed setup or answers."""
    answers = _checked_answers(answers)
    game = _start(setup_from_dict(setup))
    for k, a in enumerate(answers, 1):
        try:
            game.apply(a)
        except (InvalidAnswer, GameOver) as exc:
            if not game.plugin_differences():
                raise
            raise type(exc)(_("answer {k} of {n}: {error}; the plugins differ from the ones this game was played "
                              "with: {differences}").format(k=k, n=len(answers), error=exc,
                                                           differences="; ".join(game.plugin_differences()))) from None
    return game
