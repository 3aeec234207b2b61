"""Finding plugins (entry points in the ``ascension`` group), the card sets they ship, and the
one door every hook is called through (:class:`Hooks`, over a match's own plugin manager).

Built-in plugins are found exactly as third-party ones are. Each plugin module declares
``PLUGIN = PluginInfo(...)``. A plugin that fails to import, lacks ``PLUGIN`` or implements a
hook that does not exist is reported by name and left out; the others still load. So is a set
file a plugin ships under an id that is already taken, and a bot it offers under a name that
is taken or is no bot name.
"""
from __future__ import annotations

import importlib
import logging
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, ClassVar

import pluggy

from . import hookspecs
from .cards import SET_ID, builtin_set_paths
from .i18n import N_, _
from .slots import CORE_SLOTS, StateSlot
from .verbs import VerbRegistry

if TYPE_CHECKING:
    from .engine import CardTables, Game
    from .match import MatchSetup

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PluginInfo:
    name: str
    summary: str
    variant: str | None = None        # name chosen with --variants; None = not a variant
    always: bool = False              # enabled in every match (the base rules)
    players: tuple[int, int] | None = None  # player counts the variant allows

    @property
    def solo(self) -> bool:
        """A solo variant: one player against the rules' own opponent (Samael, the Cult)."""
        return self.players == (1, 1)


@dataclass(frozen=True)
class BotKind:
    """A bot a plugin offers (``asc_bots``). ``factory(defs, seed, seat, **options)`` makes one
    (a :class:`~ascension.core.bots.Bot` subclass is such a factory). ``same_as`` makes it
    another name of a bot offered already (``greedy`` is the easy tier): the seat menus list
    that one instead."""
    name: str                 # what --bots and saved seats say: lowercase letters, digits, - and _
    factory: Callable
    summary: str
    same_as: str | None = None
    slow: bool = False        # it searches: front ends say it is thinking


BOT_NAME = r"^[a-z][a-z0-9_-]*$"


@dataclass
class PluginCatalog:
    modules: dict[str, ModuleType] = field(default_factory=dict)
    infos: dict[str, PluginInfo] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    versions: dict[str, str] = field(default_factory=dict)   # plugin name -> its version (recorded with games)
    sets: dict[str, Path] = field(default_factory=dict)      # set id -> file, the sets plugins ship
    bots: dict[str, BotKind] = field(default_factory=dict)   # bot name -> kind, in the order menus list them
    bot_plugins: dict[str, str] = field(default_factory=dict)  # bot name -> the plugin offering it
    event_texts: dict[str, str] = field(default_factory=dict)  # a plugin's kind of event -> its sentence
    option_words: dict[str, Callable] = field(default_factory=dict)  # a plugin's kind of option -> its words

    def variants(self) -> dict[str, PluginInfo]:
        return {i.variant: i for i in self.infos.values() if i.variant}


def _check_module(name: str, module: ModuleType) -> PluginInfo:
    info = getattr(module, "PLUGIN", None)
    if not isinstance(info, PluginInfo):
        raise TypeError("module has no PLUGIN = PluginInfo(...)")
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(module, name=name)
    pm.check_pending()  # raises for a hook name that is not in hookspecs
    return info


def load_catalog(extra: dict[str, str] | None = None) -> PluginCatalog:
    """Import every plugin once; ``extra`` maps name -> module path (tests, local plugins)."""
    eps = entry_points(group=hookspecs.PROJECT)
    targets = {ep.name: ep.value for ep in eps}
    versions = {ep.name: ep.dist.version for ep in eps if ep.dist is not None}
    targets.update(extra or {})
    cat = PluginCatalog()
    for name, target in sorted(targets.items()):
        try:
            module = importlib.import_module(target)
            info = _check_module(name, module)
        except Exception as exc:  # a broken third-party plugin must not stop the others
            msg = _("plugin '{name}' ({target}) was not loaded: {error}").format(
                name=name, target=target, error=f"{type(exc).__name__}: {exc}")
            log.warning(msg)
            cat.errors.append(msg)
            continue
        cat.modules[info.name] = module
        cat.infos[info.name] = info
        packaged = versions.get(name) if name not in (extra or {}) else None   # its distribution's version
        cat.versions[info.name] = str(packaged or getattr(module, "__version__", None) or "unknown")
    hooks = Hooks(make_manager(list(cat.modules.values())))
    cat.sets, refused = _shipped_sets(hooks)
    cat.bots, cat.bot_plugins, refused_bots = _offered_bots(hooks)
    cat.event_texts, refused_texts = hooks.event_texts()
    cat.option_words, refused_words = hooks.option_words()
    refused += refused_bots + refused_texts + refused_words
    for msg in refused:
        log.warning(msg)
    cat.errors.extend(refused)
    return cat


def _shipped_sets(hooks: Hooks) -> tuple[dict[str, Path], list[str]]:
    """The set files plugins ship (``asc_card_sets``) by set id (the file's name), and why any
    was refused: not a .toml file, a name that is no set id, or an id the package's own sets or
    an earlier plugin's already use."""
    taken: dict[str, tuple[str | None, Path]] = {set_id: (None, path) for set_id, path in builtin_set_paths().items()}
    sets: dict[str, Path] = {}
    shipped, refused = hooks.card_sets()
    for plugin, path in shipped:
        set_id = path.stem
        if path.suffix != ".toml" or not path.is_file():
            refused.append(_("plugin '{plugin}' ships set file {path}, which is not a .toml file: left out").format(
                plugin=plugin, path=path))
        elif not re.match(SET_ID, set_id):
            refused.append(_("plugin '{plugin}' ships set file {path}, whose name is not a set id (lowercase letters "
                             "and digits, as its [set] id): left out").format(plugin=plugin, path=path))
        elif set_id in taken:
            owner, other = taken[set_id]
            refused.append((_("plugin '{plugin}' ships set '{set}' ({path}), but that id is already the built-in set "
                              "'{set}' ({other}): left out") if owner is None else
                            _("plugin '{plugin}' ships set '{set}' ({path}), but that id is already plugin '{owner}''s "
                              "set '{set}' ({other}): left out")).format(
                plugin=plugin, set=set_id, path=path, owner=owner, other=other))
        else:
            sets[set_id] = path
            taken[set_id] = (plugin, path)
    return sets, refused


def _offered_bots(hooks: Hooks) -> tuple[dict[str, BotKind], dict[str, str], list[str]]:
    """The bots plugins offer (``asc_bots``) by name, which plugin offers each, and why any was
    refused: a name ``--bots`` could not take, a factory that cannot be called, a name an
    earlier plugin's bot already has (the built-in tiers are asked first), or ``same_as`` a bot
    that is not offered (the seat menus would have nothing to show for it)."""
    bots: dict[str, BotKind] = {}
    owners: dict[str, str] = {}
    offered, refused = hooks.bots()
    for plugin, kind in offered:
        if not isinstance(kind.name, str) or not re.match(BOT_NAME, kind.name):
            refused.append(_("plugin '{plugin}' offers bot {name}, which is not a bot name (lowercase letters, "
                             "digits, '-' and '_', starting with a letter): left out").format(
                plugin=plugin, name=repr(kind.name)))
        elif not callable(kind.factory):
            refused.append(_("plugin '{plugin}' offers bot '{name}', whose factory {factory} cannot be called: "
                             "left out").format(plugin=plugin, name=kind.name, factory=repr(kind.factory)))
        elif kind.name in bots:
            refused.append(_("plugin '{plugin}' offers bot '{name}', but that name is already plugin '{owner}''s "
                             "bot: left out").format(plugin=plugin, name=kind.name, owner=owners[kind.name]))
        else:
            bots[kind.name] = kind
            owners[kind.name] = plugin
    for name, kind in list(bots.items()):   # another name of a bot that is not there names nothing
        if kind.same_as is not None and (kind.same_as not in bots or bots[kind.same_as].same_as is not None):
            refused.append(_("plugin '{plugin}' offers bot '{name}' as another name of {other}, which is no bot of "
                             "its own: left out").format(plugin=owners[name], name=name, other=repr(kind.same_as)))
            del bots[name], owners[name]
    return bots, owners, refused


@lru_cache(maxsize=1)
def installed() -> PluginCatalog:
    return load_catalog()


class MatchManager(pluggy.PluginManager):
    """pluggy's manager, remembering which attributes of a module are hooks: every match builds
    its own manager, and finding hooks by static introspection was most of a game's set-up."""
    _spec_opts: dict = {}
    _impl_opts: dict = {}

    def __init__(self, project_name: str):
        super().__init__(project_name)
        self.listeners: list = []   # called when a plugin joins or leaves a running match (Context)

    def register(self, plugin, name=None):
        registered = super().register(plugin, name)
        for caller in self.get_hookcallers(plugin) or ():
            for impl in caller.get_hookimpls():
                if impl.function in hookspecs.COMPILED_IMPLS:   # a stand-in: its arguments are the compiled function's
                    impl.argnames = hookspecs.COMPILED_IMPLS[impl.function][1]
        for listener in self.listeners:
            listener()
        return registered

    def unregister(self, plugin=None, name=None):
        removed = super().unregister(plugin, name)
        for listener in self.listeners:
            listener()
        return removed

    def parse_hookspec_opts(self, module_or_class, name):
        key = (module_or_class, name)
        if key not in self._spec_opts:
            self._spec_opts[key] = super().parse_hookspec_opts(module_or_class, name)
        return self._spec_opts[key]

    def parse_hookimpl_opts(self, plugin, name):
        if not isinstance(plugin, ModuleType):   # only modules are known not to change
            return super().parse_hookimpl_opts(plugin, name)
        key = (plugin, name)
        if key not in self._impl_opts:
            self._impl_opts[key] = super().parse_hookimpl_opts(plugin, name)
        return self._impl_opts[key]


def make_manager(modules: list[ModuleType]) -> MatchManager:
    """One manager per match, holding only the plugins the match enables."""
    pm = MatchManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for module in modules:
        pm.register(module, name=module.PLUGIN.name)
    pm.check_pending()
    return pm


# ---------------------------------------------------------------------------- the hook facade

def _plain(caller, tables: CardTables | None = None) -> list[Callable] | None:
    """A hook's implementations in pluggy's calling order, when every one is a plain function
    taking exactly the spec's arguments (so it can be called directly, by position); None when
    one is a wrapper or asks for fewer arguments (pluggy then does the calling). With
    ``tables``, only those serving a match of these cards (``hookimpl(serves=...)``)."""
    impls, argnames = caller.get_hookimpls(), caller.spec.argnames
    for impl in impls:
        if impl.hookwrapper or impl.wrapper or impl.argnames != argnames:
            return None
    compiled, serves = hookspecs.COMPILED_IMPLS, hookspecs.SERVES
    return [compiled[impl.function][0] if impl.function in compiled else impl.function
            for impl in reversed(impls)   # pluggy calls the last registered first
            if tables is None or impl.function not in serves or serves[impl.function](tables)]


def _through_pluggy(caller) -> Callable:
    names = caller.spec.argnames
    return lambda *args: caller(**dict(zip(names, args)))


def _notification(caller, tables: CardTables | None = None) -> Callable | None:
    """Calls every implementation (serving a match of ``tables``' cards, when given); None when
    there is none, so the caller skips it for free."""
    fns = _plain(caller, tables)
    if fns is None:
        return _through_pluggy(caller)
    if len(fns) <= 1:
        return fns[0] if fns else None

    def notify(*args):
        for fn in fns:
            fn(*args)
    return notify


def _seam(caller) -> Callable:
    """The first answer other than None (a firstresult hook); a single implementation is
    itself (the engine calls these seams hundreds of times a game)."""
    fns = _plain(caller)
    if fns is None:
        return _through_pluggy(caller)
    if len(fns) == 1:
        return fns[0]

    def first(*args):
        for fn in fns:
            result = fn(*args)
            if result is not None:
                return result
        return None
    return first


def _contribution(caller) -> Callable | None:
    """Every implementation's list, joined into one; a single implementation is called as it is
    (its answer may be None: nothing); None when there is none."""
    fns = _plain(caller)
    if fns is None:
        call = _through_pluggy(caller)
        return lambda *args: [item for items in call(*args) for item in items]
    if len(fns) <= 1:   # a single implementation is itself: callers treat its None as nothing
        return fns[0] if fns else None
    return lambda *args: [item for fn in fns for item in (fn(*args) or ())]


# Why a plugin's wording of a kind of event or option is left out: the core's or another's already
_WORDED_BY_CORE = {"event": N_("plugin '{plugin}' words event '{kind}', which the core words already: left out"),
                   "option": N_("plugin '{plugin}' words option '{kind}', which the core words already: left out")}
_WORDED_BY_PLUGIN = {
    "event": N_("plugin '{plugin}' words event '{kind}', which plugin '{owner}' words already: left out"),
    "option": N_("plugin '{plugin}' words option '{kind}', which plugin '{owner}' words already: left out")}


class Hooks:
    """The one door to a set of plugins: engine, match set-up and front ends call every hook
    here, by the spec's name without ``asc_`` and with its arguments in order
    (``hooks.card_played(game, seat, card)``); :mod:`~ascension.core.hookspecs` says what each
    returns. ``pm`` stays reachable for registering plugins and for naming a failing one.

    The hooks a game calls while it is played are resolved once, when this is built, and again
    whenever a plugin joins or leaves a running match (a :class:`MatchManager` says so):
    implementations that are plain functions are called directly, a rule seam with a single
    implementation *is* that function (pluggy's dispatch costs about 1 µs a call, which was a
    tenth of a team game's time), and a notification or contribution no plugin implements is
    None, so the engine skips it at no cost. The rarer hooks are plain methods. A match calls
    the notifications its cards need (:meth:`notifications`).
    """
    NOTIFICATIONS: ClassVar[tuple[str, ...]] = ("game_started", "card_entered_center_row", "card_played",
                                                "card_acquired", "card_defeated", "turn_ended", "event")

    # notifications (NOTIFICATIONS, typed where a match reads them: engine.Context): None when no
    # plugin implements them
    # contributions, joined into one list (a lone implementation's may be None): None when no plugin implements them
    extra_actions: Callable[[Game, int], list[tuple] | hookspecs.NothingUntilChanged | None] | None
    bot_advice: Callable[[Game], list | None] | None
    # rule seams: the first answer other than None
    refill_center_row: Callable[[Game, int], bool | None]
    game_over: Callable[[Game, int], bool | None]
    opponents: Callable[[Game, int], list[int] | None]
    sides: Callable[[Game], list[list[int]] | None]
    apply_action: Callable[[Game, tuple], bool | None]
    option_label: Callable[[Game, tuple], str | None]

    def __init__(self, pm: pluggy.PluginManager):
        self.pm = pm
        self.status_failed: set[str] = set()   # plugins whose asc_public_status failed (logged once)
        self.refresh()
        if isinstance(pm, MatchManager):
            pm.listeners.append(self.refresh)

    def refresh(self) -> None:
        """Resolve the hooks a game calls while it is played (again: the plugins changed)."""
        hook = self.pm.hook
        self.game_started = _notification(hook.asc_game_started)
        self.card_entered_center_row = _notification(hook.asc_card_entered_center_row)
        self.card_played = _notification(hook.asc_card_played)
        self.card_acquired = _notification(hook.asc_card_acquired)
        self.card_defeated = _notification(hook.asc_card_defeated)
        self.turn_ended = _notification(hook.asc_turn_ended)
        self.event = _notification(hook.asc_event)
        # The tests of which matches a notification's implementation serves (hookimpl(serves=...)),
        # and the notifications a match calls by their answers (see notifications)
        self._tests = list(dict.fromkeys(
            hookspecs.SERVES[impl.function] for name in self.NOTIFICATIONS
            for impl in getattr(hook, f"asc_{name}").get_hookimpls() if impl.function in hookspecs.SERVES))
        self._serving: dict[tuple[bool, ...], dict[str, Callable | None]] = {}
        self.extra_actions = _contribution(hook.asc_extra_actions)
        self.bot_advice = _contribution(hook.asc_bot_advice)
        self.refill_center_row = _seam(hook.asc_refill_center_row)
        self.game_over = _seam(hook.asc_game_over)
        self.opponents = _seam(hook.asc_opponents)
        self.sides = _seam(hook.asc_sides)
        self.apply_action = _seam(hook.asc_apply_action)
        self.option_label = _seam(hook.asc_option_label)
        self._checks, self._set_ups = _plain(hook.asc_validate_setup), _plain(hook.asc_setup_match)   # (every match's set-up)

    def notifications(self, tables: CardTables) -> dict[str, Callable | None]:
        """The notifications (by name, as in :data:`NOTIFICATIONS`) a match with these card tables
        calls: each without the implementations that do not serve its cards
        (``hookimpl(serves=...)``), worked out once per answer of those tests (most matches: one
        for all)."""
        answers = tuple([serves(tables) for serves in self._tests])
        known = self._serving.get(answers)
        if known is None:
            hook = self.pm.hook
            known = self._serving[answers] = {
                name: _notification(getattr(hook, f"asc_{name}"), tables) for name in self.NOTIFICATIONS}
        return known

    def implementers(self, spec: str) -> list[str]:
        """The plugins implementing hook ``spec`` (``"asc_sides"``), in calling order."""
        return [i.plugin_name for i in reversed(getattr(self.pm.hook, spec).get_hookimpls())]

    def register_verbs(self, registry: VerbRegistry) -> None:
        self.pm.hook.asc_register_verbs(registry=registry)

    def _answers(self, spec: str, valid: Callable[[object], bool], expected: str,
                 registered_order: bool = False) -> tuple[list[tuple[str, Any]], list[str]]:
        """(plugin name, answer) from every plugin implementing the load-time hook ``spec``, in
        pluggy's calling order (or the order plugins were registered); and a message for each
        plugin whose hook failed or answered something other than ``expected`` (left out: the
        others still count)."""
        impls = getattr(self.pm.hook, spec).get_hookimpls()
        answers, refused = [], []
        for impl in impls if registered_order else reversed(impls):
            try:
                given = impl.function()
                if not valid(given):
                    raise TypeError(f"expected {expected}, not {given!r}")
            except Exception as exc:   # a broken plugin must not stop the others
                refused.append(_("plugin '{name}' failed in {hook}: {error}").format(
                    name=impl.plugin_name, hook=spec, error=f"{type(exc).__name__}: {exc}"))
                continue
            answers.append((impl.plugin_name, given))
        return answers, refused

    def card_sets(self) -> tuple[list[tuple[str, Path]], list[str]]:
        """(plugin name, set file) for every file a plugin ships, asked plugin by plugin in the
        order they were registered (so that each file is known by its plugin, and the first of
        two with one set id is the same every time); and why a plugin was left out."""
        answers, refused = self._answers("asc_card_sets", lambda paths: isinstance(paths, (list, tuple)) and all(
            isinstance(p, (str, Path)) for p in paths), "a list of paths", registered_order=True)
        return [(plugin, Path(p)) for plugin, paths in answers for p in paths], refused

    def bots(self) -> tuple[list[tuple[str, BotKind]], list[str]]:
        """(plugin name, bot kind) for every bot a plugin offers, in pluggy's calling order (the
        built-in tiers, ``tryfirst``, come first); and why a plugin was left out."""
        answers, refused = self._answers("asc_bots", lambda kinds: isinstance(kinds, (list, tuple)) and all(
            isinstance(k, BotKind) for k in kinds), "a list of BotKind")
        return [(plugin, k) for plugin, kinds in answers for k in kinds], refused

    def _wordings(self, spec: str, thing: str, kind_of: str, valid_wording: Callable[[object], bool],
                  worded_by_core: Callable[[str], bool]) -> tuple[dict[str, Any], list[str]]:
        """``{kind: wording}`` from every plugin's load-time hook ``spec``; a kind the core or an
        earlier plugin words already is refused by name (the plugin's other kinds still count)."""
        answers, refused = self._answers(spec, lambda given: isinstance(given, dict) and all(
            isinstance(k, str) and valid_wording(v) for k, v in given.items()), f"a dict of {kind_of}")
        words: dict[str, Any] = {}
        owners: dict[str, str] = {}
        for plugin, given in answers:
            for kind, wording in given.items():
                if worded_by_core(kind):
                    refused.append(_(_WORDED_BY_CORE[thing]).format(plugin=plugin, kind=kind))
                elif kind in owners:
                    refused.append(_(_WORDED_BY_PLUGIN[thing]).format(plugin=plugin, kind=kind, owner=owners[kind]))
                else:
                    words[kind], owners[kind] = wording, plugin
        return words, refused

    def event_texts(self) -> tuple[dict[str, str], list[str]]:
        """The sentences plugins give their kinds of event, and why any was left out."""
        from .events import SENTENCE_FIELDS, is_sentence, worded_by_core
        fields = ", ".join("{" + f + "}" for f in sorted(SENTENCE_FIELDS))
        return self._wordings("asc_event_texts", "event", f"event kinds and sentences (with the fields {fields})",
                              is_sentence, worded_by_core)

    def option_words(self) -> tuple[dict[str, Callable], list[str]]:
        """How plugins word their own kinds of option from card data, and why any was left out."""
        from .wording import worded_by_core
        return self._wordings("asc_option_words", "option", "option kinds and functions", callable, worded_by_core)

    def setup_choices(self) -> tuple[list[dict], list[str]]:
        """The choices the plugins offer at setup, and why a plugin's were left out (it failed,
        or answered something else than a list): one broken plugin never closes the setup."""
        answers, refused = self._answers("asc_setup_choices", lambda rows: isinstance(rows, (list, tuple)),
                                         "a list of setup choices")
        return [c for __, rows in answers for c in rows], refused

    def state_slots(self) -> list[StateSlot]:
        """The parts of ``game.ext`` the core and this match's plugins declare."""
        return [*CORE_SLOTS, *(slot for slots in self.pm.hook.asc_state_slots() for slot in slots)]

    def validate_setup(self, setup: MatchSetup) -> list[str]:
        checks = self._checks
        if checks is None:
            return [msg for msgs in self.pm.hook.asc_validate_setup(setup=setup) for msg in msgs]
        return [msg for check in checks for msg in (check(setup) or ())]   # (None: nothing, as pluggy has it)

    def setup_match(self, setup: MatchSetup) -> None:
        if self._set_ups is None:
            self.pm.hook.asc_setup_match(setup=setup)
            return
        for set_up in self._set_ups:
            set_up(setup)

    def extra_scores(self, game: Game) -> list[dict]:
        return [row for rows in self.pm.hook.asc_extra_scores(game=game) for row in rows]

    def public_status(self, game: Game, seat: int) -> list[tuple[str, str]]:
        """What each plugin shows of ``seat``; a plugin that fails shows that it failed (its
        traceback in the log): what a seat shows never stops the game it is part of."""
        rows: list[tuple[str, str]] = []
        given = {"game": game, "seat": seat}
        for impl in reversed(self.pm.hook.asc_public_status.get_hookimpls()):   # pluggy's order
            try:
                answer = impl.function(*(given[a] for a in impl.argnames)) or []
                if not _status_rows(answer):
                    raise TypeError(f"expected a list of (label, text) pairs, not {answer!r:.80}")
                rows += [(label, text) for label, text in answer]
            except Exception as exc:
                if impl.plugin_name not in self.status_failed:   # (logged once: the table is shown again and again)
                    self.status_failed.add(impl.plugin_name)
                    log.warning("plugin %r failed in asc_public_status", impl.plugin_name, exc_info=True)
                rows.append((impl.plugin_name, _("cannot be shown ({error})").format(error=f"{type(exc).__name__}: {exc}")))
        return rows


def _status_rows(answer: object) -> bool:
    """Whether ``answer`` is what ``asc_public_status`` promises: (label, text) pairs of strings."""
    return isinstance(answer, (list, tuple)) and all(
        isinstance(row, (list, tuple)) and len(row) == 2 and all(isinstance(x, str) for x in row) for row in answer)


def setup_choices(variants: list[str]) -> tuple[list[dict], list[str]]:
    """What the given variants let players choose at setup (see ``asc_setup_choices``), and why a
    plugin's choices were left out."""
    cat = installed()
    names = [cat.variants()[v].name for v in variants if v in cat.variants()]
    return Hooks(make_manager([cat.modules[n] for n in names])).setup_choices()


def verbs_for(pm: pluggy.PluginManager) -> VerbRegistry:
    registry = VerbRegistry()
    Hooks(pm).register_verbs(registry)
    return registry
