"""Building a match: setup validation, plugins, card instances, and loading saved games."""
from __future__ import annotations

import json
import secrets
from typing import Any
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from . import plugins as plugin_mod
from .cards import CardDef, CardSet, SetFileError, builtin_set_paths, load_set_file
from .engine import Context, Game

HONOR_PER_PLAYER = 30
SAVE_FORMAT = 1


class SetupError(ValueError):
    """The requested match is impossible; the message says why."""


class SaveFileError(ValueError):
    """A saved game could not be read; nothing was changed."""


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
    pm: Any = None   # the match's plugin manager, built once here and handed to the match
    aside: list[CardDef] = field(default_factory=list)  # out-of-play cards a plugin brings (Legends)

    @property
    def players(self) -> int:
        return len(self.names)

    def to_dict(self) -> dict:
        d = {"sets": self.sets, "names": self.names, "variants": self.variants, "seed": self.seed,
             "honor_pool": self.pool, "options": self.options}
        changed = {s.id: s.overrides for s in self.card_sets if s.overrides}
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
    return builtin_set_paths()


def load_set(set_id: str, plugin_names: tuple[str, ...] = ("base",), recorded: dict | None = None) -> CardSet:
    """Load a set with the given plugins plus the installed ones the set itself requires (their
    card fields, e.g. ``fate``), so that any set also loads on its own. ``recorded``: the
    overrides to apply instead of the override files (a saved game's)."""
    paths = available_sets()
    if set_id not in paths:
        raise SetupError(f"unknown set '{set_id}' (installed: {', '.join(paths)})")
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
    import tomllib
    path = available_sets().get(set_id)
    if path is None:
        return []
    try:
        req = tomllib.loads(path.read_text(encoding="utf-8")).get("set", {}).get("requires", [])
    except (OSError, tomllib.TOMLDecodeError, AttributeError):
        return []
    return [r for r in req if isinstance(r, str)] if isinstance(req, list) else []


def _plugin_names(setup: MatchSetup, cat: plugin_mod.PluginCatalog) -> list[str]:
    variants = cat.variants()
    names = [n for n, info in cat.infos.items() if info.always]
    for v in setup.variants:
        if v not in variants:
            raise SetupError(f"unknown variant '{v}' (available: {', '.join(sorted(variants)) or 'none'})")
        names.append(variants[v].name)
    return names


def build_setup(sets: list[str], names: list[str], variants: list[str] = (), seed: int | None = None,
                honor_pool: int | None = None, options: dict | None = None,
                overrides: dict | None = None) -> MatchSetup:
    """``overrides``: set id -> the card overrides to use (a saved game's record); None for a new
    match, which takes the player's override files."""
    cat = plugin_mod.installed()
    setup = MatchSetup(list(sets), list(names), list(variants), seed, honor_pool, dict(options or {}))
    if not setup.sets:
        raise SetupError("choose at least one card set")
    plugin_names = _plugin_names(setup, cat)
    for set_id in setup.sets:
        for req in set_requires(set_id):
            if req not in cat.infos:
                raise SetupError(f"set '{set_id}' needs plugin '{req}', which is not installed")
            if req not in plugin_names:
                plugin_names.append(req)
    setup.plugins = plugin_names
    setup.card_sets = [load_set(s, tuple(sorted(plugin_names)), None if overrides is None else overrides.get(s, {}))
                       for s in setup.sets]
    solos = [v for v in setup.variants if cat.variants()[v].solo]
    setup.solo = solos[0] if solos else None
    setup.pool = honor_pool if honor_pool is not None else HONOR_PER_PLAYER * max(2, setup.players)
    pm = plugin_mod.make_manager([cat.modules[n] for n in plugin_names])
    if setup.seed is None:
        setup.seed = secrets.randbits(63)
    problems = [msg for msgs in pm.hook.asc_validate_setup(setup=setup) for msg in msgs]
    if len(solos) > 1:
        problems.append(f"choose one solo variant, not {', '.join(solos)}")
    if problems:
        raise SetupError("; ".join(problems))
    pm.hook.asc_setup_match(setup=setup)  # must be deterministic given seed and options (replay)
    setup.pm = pm
    if honor_pool is not None:  # an explicit choice beats any plugin default
        setup.pool = honor_pool
    if setup.pool < 1:
        raise SetupError("the honor pool must hold at least 1 honor")
    return setup


def piles_source(card_sets: list[CardSet]) -> CardSet:
    """The mixing rule: the always-available piles and the starting decks come from the set with
    the largest center deck (the first listed on a tie)."""
    return max(card_sets, key=lambda s: s.center_copies)


def _instances(setup: MatchSetup) -> tuple[list[CardDef], list[int], dict[str, list[int]], list[list[int]], list[int]]:
    """Create every card instance: center deck (all sets mixed), piles and starting decks.
    Piles and starting decks come from the set with the largest center deck (first on a tie)."""
    defs: list[CardDef] = []

    def make(cards: list[CardDef], copies: bool = True) -> list[int]:
        start = len(defs)
        for d in cards:
            defs.extend([d] * d.count if copies else [d])
        return list(range(start, len(defs)))

    center = [i for s in setup.card_sets for i in make(s.center)]
    main = piles_source(setup.card_sets)
    piles = {d.id: make([d]) for d in main.always}
    starting = [make(main.starting) for _ in setup.names]
    aside = make(setup.aside, copies=False)
    return defs, center, piles, starting, aside


def new_game(sets: list[str] = ("10th",), names: list[str] = ("Player 1", "Player 2"),
             variants: list[str] = (), seed: int | None = None, honor_pool: int | None = None,
             options: dict | None = None) -> Game:
    setup = build_setup(list(sets), list(names), list(variants), seed, honor_pool, options)
    return _start(setup)


def _context(setup: MatchSetup) -> tuple[Context, list[int], dict, list[list[int]], list[int]]:
    pm = setup.pm
    if pm is None:
        cat = plugin_mod.installed()
        pm = plugin_mod.make_manager([cat.modules[n] for n in setup.plugins])
    defs, center, piles, starting, aside = _instances(setup)
    return Context(defs, pm, setup.to_dict()), center, piles, starting, aside


def _start(setup: MatchSetup) -> Game:
    ctx, center, piles, starting, aside = _context(setup)
    return Game.new(ctx, setup.names, setup.seed, setup.pool, center, piles, starting, aside)


def setup_from_dict(d: dict) -> MatchSetup:
    """The setup a game was recorded with, its card overrides included (none recorded: none used)."""
    return build_setup(d["sets"], d["names"], d.get("variants", []), d["seed"], d.get("honor_pool"),
                       d.get("options", {}), d.get("overrides", {}))


def save(game: Game) -> str:
    """A saved game: setup, answers so far (for replay) and the full state."""
    d = game.to_dict()
    d["answers"] = list(game.answers)
    return json.dumps(d, sort_keys=True, separators=(",", ":"))


def load(text: str, source: str = "save") -> Game:
    """Restore a saved game exactly, or raise SaveFileError saying what is wrong."""
    try:
        d = json.loads(text)
        if d.get("format") != SAVE_FORMAT:
            raise SaveFileError(f"{source}: unsupported save format {d.get('format')!r}")
        setup = setup_from_dict(d["setup"])
        ctx, *_ = _context(setup)
        game = Game.from_state(ctx, d["state"])
        game.answers = list(d.get("answers", []))
        game.check_integrity()
        return game
    except SaveFileError:
        raise
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, SetFileError) as exc:
        raise SaveFileError(f"{source}: not a valid saved game: {type(exc).__name__}: {exc}") from None


def replay(setup: dict, answers: list[int]) -> Game:
    """Rebuild a game from its setup (with seed) and answers; raises InvalidAnswer on divergence."""
    game = _start(setup_from_dict(setup))
    for a in answers:
        game.apply(a)
    return game
