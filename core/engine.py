"""The turn engine: game state as plain data, one decision protocol, events.

``Game`` pairs a plain-data state (zones as lists of card instance ids, resources, the RNG
state, per-turn facts and the stack of half-resolved effects) with a shared, immutable match
context (card definitions, plugin manager). Every decision — the main "choose an action" and
every choice inside an effect — is reported by :meth:`Game.decision` and answered by
:meth:`Game.apply` with an option index. At every decision the state can be cloned,
serialised and restored byte-equal.
"""
from __future__ import annotations

import json
from collections import Counter
from types import MappingProxyType, ModuleType
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final

from . import rng
from .carddef import Ability, CardDef
from . import wording
from .i18n import N_, _
from .events import Event, log_lines, render
from .hookspecs import NOTHING_UNTIL_CHANGED
from .verbs import Verb, used_mark
from .view import CARD_OPTIONS, PublicPlayer, View, log_names, log_names_after, option_card, option_label   # noqa: F401

if TYPE_CHECKING:
    from .plugins import Hooks

try:   # the compiled build's class options (scripts/build_compiled.py); pure Python needs none
    from mypy_extensions import mypyc_attr
except ImportError:
    def mypyc_attr(*args: object, **kwargs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


PURE: Final = __file__.endswith(".py")   # this module runs as pure Python, the reference (else: the compiled build)
_bare = object.__new__   # (pure Python) an object whose fields the caller sets, without __init__

HAND_SIZE: Final = 5
# The saved game's format: 2 since heroes that left play are kept (``Player.left_play``); 1 is read too
SAVE_FORMAT: Final = 2
ROW_SIZE: Final = 6
MAX_TURNS: Final = 400  # safety cap: a game still running after this many turns is stopped as "capped"
CHECKPOINT_EVERY: Final = 64   # answers between the copies a failed answer is restored from (see apply)
END: Final = ("end",)
PLAY_ALL: Final = ("play_all",)
ACTION: Final = MappingProxyType({"verb": "action"})   # the intent of the main "choose an action" (never changed)
_new_event: Final = tuple.__new__   # an Event (a NamedTuple) without its own __new__, a slower Python function
_EVENT: Final = Event   # (compiled: a Final name is a C static, an imported one a dict lookup per use)
# Events already made, by their fields: an event is an immutable value and most recur (the same
# card drawn, played, the same runes gained), so a log holds the one made first. Finding it
# costs less than making a tuple subclass and, at the game's end, freeing it. Emptied when it
# reaches _EVENTS_KEPT (a batch of games makes 2,000 to 4,000; 20,000 are a few MB).
_EVENTS: Final[dict[tuple, Event]] = {}
_EVENTS_KEPT: Final = 20_000
_NOTHING_UNTIL_CHANGED: Final = NOTHING_UNTIL_CHANGED


PLAYER_ZONES: Final = ("deck", "hand", "discard", "played", "constructs", "kept")
# Where each kind of card (CardDef.role) may be, by the rules and the verbs: starting cards stay
# with players or go to the box when banished; an always-available card is on its own pile or
# with a player (banished, it goes back to its pile); center cards go anywhere but piles, the box
# and the Legendary Characters set aside; those never leave the side of the table.
ALLOWED = {"starting": {"player", "box"}, "always": {"player", "pile"},
           "center": {"center_deck", "center_row", "void", "player", "villain"}, "legend": {"aside"}}
ROLE_WORDS = {"starting": N_("a starting card"), "always": N_("an always-available card"),
              "center": N_("a center-deck card"), "legend": N_("a Legendary Character")}


SHIPPED_PACKAGE: Final = "ascension."   # the plugins the program ships live in it
UNCHANGED = N_("the game is as it was before this answer")   # what a failed answer left
VILLAIN = N_("The villain")   # the solo opponent's seat, unless its plugin names it


@mypyc_attr(native_class=False)   # a subclass of a built-in error
class InvalidAnswer(ValueError):
    """An answer the pending decision does not allow; the game is unchanged."""


@mypyc_attr(native_class=False)   # a subclass of a built-in error
class GameOver(RuntimeError):
    """The game has ended; there is nothing to decide."""


@mypyc_attr(native_class=False)   # a subclass of a built-in error
class EngineError(RuntimeError):
    """An answer failed inside the rules (a bug); the game was put back exactly as it was before
    the answer and can go on with another one. ``original``: what was raised."""

    def __init__(self, message: str, original: BaseException):
        super().__init__(message)
        self.original = original


@mypyc_attr(native_class=False)   # a subclass of a built-in error
class PluginError(EngineError):
    """An answer failed inside a plugin: ``plugin`` names it, ``hook`` the hook (``asc_...``) or
    effect verb (``verb 'banish'``) that raised. The game is as it was before the answer."""

    def __init__(self, plugin: str, hook: str, original: BaseException, note: str = ""):
        super().__init__(_("plugin '{plugin}' failed in {hook}: {error}; {note}").format(
            plugin=plugin, hook=hook, error=f"{type(original).__name__}: {original}", note=note or _(UNCHANGED)),
            original)
        self.plugin, self.hook = plugin, hook


def blame(exc: BaseException, pm, note: str = "") -> EngineError:
    """The error to raise for ``exc``, raised while an answer was applied: the innermost plugin
    code in its traceback (a hook implementation by its code, else by its module), and the hook or
    verb it ran in (pluggy re-raises a hook's exception as it is, so the traceback tells)."""
    impls = {impl.function.__code__: impl.plugin_name
             for caller in vars(pm.hook).values() if hasattr(caller, "get_hookimpls")
             for impl in caller.get_hookimpls()}
    modules = {(p.__name__ if isinstance(p, ModuleType) else type(p).__module__): name
               for name, p in pm.list_name_plugin()}
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    frames.reverse()   # innermost first
    for i, frame in enumerate(frames):
        module = frame.f_globals.get("__name__", "")
        plugin = impls.get(frame.f_code) or next(
            (name for m, name in modules.items() if module == m or module.startswith(m + ".")), None)
        if plugin is None:
            continue
        for outer in frames[i:]:
            this = outer.f_locals.get("self")
            if outer.f_code.co_name.startswith("asc_"):
                return PluginError(plugin, outer.f_code.co_name, exc, note)
            if isinstance(this, Verb):
                return PluginError(plugin, f"verb '{this.name}'", exc, note)
            if outer.f_code.co_name == "_multicall" and "hook_name" in outer.f_locals:
                return PluginError(plugin, outer.f_locals["hook_name"], exc, note)
        return PluginError(plugin, frame.f_code.co_name, exc, note)
    return EngineError(_("the engine failed: {error}; {note}").format(
        error=f"{type(exc).__name__}: {exc}", note=note or _(UNCHANGED)), exc)


def installed_plugin_at_fault(exc: BaseException, pm) -> PluginError | None:
    """What :func:`blame` says of ``exc`` when the code at fault is a plugin installed apart from
    the program (not one of those it ships): a fault of its code, not of a game's data."""
    blamed = blame(exc, pm, _("the game is kept, and offered again once the plugin works"))
    if not isinstance(blamed, PluginError):
        return None
    plugin = pm.get_plugin(blamed.plugin)
    module = plugin.__name__ if isinstance(plugin, ModuleType) else type(plugin).__module__
    return None if module.startswith(SHIPPED_PACKAGE) else blamed


class Decision:
    """What the engine waits for: who decides, what kind of choice, what it means, the options.

    ``intent`` says what the question means, as plain JSON data: its ``verb`` (what the chosen
    option does: "action", "banish", "discard", "destroy", "keep", "acquire", "defeat", "take"
    (acquire or defeat), "repeat", "to_hand", "to_deck_top", "into_play", "may", "choose_effect",
    "penalty", "name_card", "take_honor", "renown"), the ``zones`` the offered cards come from,
    the ``card`` it is about, an ``amount``, and the ``effect`` (the card-effect verb) that asks.
    Each option is data too: ``(kind, card, zone...)``. ``prompt`` is rendered from the intent by
    :mod:`~ascension.core.wording` for people, when first read: bots, hints and front ends read
    the intent, and rendering every prompt cost a twentieth of a simulated game. (The words
    depend only on the intent and the match's cards, never on the state, so reading them late
    gives the same text.)"""
    __slots__ = ("seat", "kind", "source", "options", "intent", "_prompt", "_game")

    def __init__(self, seat: int, kind: str, prompt: str | None, source: int | None,
                 options: tuple[tuple, ...], intent: Mapping[str, Any], game: Game | None = None):
        """``prompt`` None: rendered from the intent for ``game`` when first read."""
        self.seat = seat
        self.kind = kind                 # "action" | "choose_card" | "choose_one" | "yes_no"
        self.source = source             # card instance whose effect asks, None for the main action
        self.options = options
        self.intent = intent             # JSON data (ACTION: read-only)
        self._prompt, self._game = prompt, game

    @property
    def prompt(self) -> str:
        if self._prompt is None:
            self._prompt, self._game = wording.render_prompt(self._game, self.intent), None
        return self._prompt

    def _fields(self) -> tuple:
        return (self.seat, self.kind, self.prompt, self.source, self.options, self.intent)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and self._fields() == other._fields()

    def __repr__(self) -> str:
        return ("Decision(seat={!r}, kind={!r}, prompt={!r}, source={!r}, options={!r}, intent={!r})"
                .format(*self._fields()))


class Frame:
    """One effect being resolved: card instance, its definition, which effect list, next step."""

    __slots__ = ("card", "defn", "key", "pc", "seat", "subject")

    def __init__(self, card: int, defn: str, key: str, pc: int, seat: int, subject: int | None):
        self.card, self.defn, self.key, self.pc, self.seat, self.subject = card, defn, key, pc, seat, subject

    def to_list(self) -> list:
        return [self.card, self.defn, self.key, self.pc, self.seat, self.subject]

    def copy(self) -> Frame:
        return Frame(self.card, self.defn, self.key, self.pc, self.seat, self.subject)


class Player:
    FIELDS: ClassVar[tuple[str, ...]] = ("name", "deck", "hand", "discard", "played", "constructs", "kept", "honor",
                 "runes", "power", "mech_runes", "discount", "used", "unite_wait", "watchers",
                 "took", "bonus_draw", "defeat_bonus", "all_mechana", "left_play")
    __slots__ = FIELDS

    def __init__(self, name: str, to_fill: bool = False):
        """``to_fill``: leave the other fields unset, for ``copy`` and ``from_dict``, which set every
        one (a compiled class cannot be made with ``__new__`` alone, and this is as cheap)."""
        self.name = name
        if to_fill:
            return
        self.deck: list[int] = []       # top of deck is the END of the list
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.played: list[int] = []     # heroes played this turn
        self.constructs: list[int] = []  # constructs in play
        self.kept: list[int] = []       # cards kept face up in front of the player (Samael the Fallen)
        self.honor = 0                  # honor tokens
        self.runes = 0
        self.power = 0
        self.mech_runes = 0             # runes only for Mechana constructs
        self.discount = 0               # next construct acquisition is this much cheaper
        self.used: list[str] = []       # once-per-turn effects used this turn (used_mark)
        self.unite_wait: list[int] = []  # heroes whose Unite waits for a matching hero
        self.watchers: list[list] = []   # [card, effect key, faction]: runs when such a hero is played
        self.took = 0                    # cards acquired or defeated this turn
        self.bonus_draw = 0              # extra cards drawn for the next hand
        self.defeat_bonus = 0            # honor for the next monster defeated in the center row or Void
        self.all_mechana = False         # every construct counts as Mechana this turn
        self.left_play: list[int] = []   # heroes played this turn that have left play (banished): still played

    def copy(self) -> "Player":
        if PURE:   # a bare object is cheaper than a call of __init__ (with Game.clone: a tenth of a clone)
            p = _bare(Player)
            p.name = self.name
        else:      # (a compiled class is only made through its __init__, at native speed)
            p = Player(self.name, to_fill=True)
        p.honor, p.runes, p.power = self.honor, self.runes, self.power
        p.mech_runes, p.discount = self.mech_runes, self.discount
        p.took, p.bonus_draw, p.defeat_bonus, p.all_mechana = (self.took, self.bonus_draw,
                                                               self.defeat_bonus, self.all_mechana)
        p.deck, p.hand, p.discard = self.deck[:], self.hand[:], self.discard[:]
        p.played, p.constructs, p.kept, p.used, p.unite_wait = (
            self.played[:], self.constructs[:], self.kept[:], self.used[:], self.unite_wait[:])
        p.watchers = [w[:] for w in self.watchers]
        p.left_play = self.left_play[:]
        return p

    def reset_turn(self) -> None:
        self.runes = self.power = self.mech_runes = self.discount = 0
        self.took = self.defeat_bonus = 0
        self.all_mechana = False
        self.used, self.unite_wait, self.watchers = [], [], []
        self.left_play = []

    def owned(self) -> list[int]:
        return self.deck + self.hand + self.discard + self.played + self.constructs + self.kept

    def to_dict(self) -> dict:
        return {f: getattr(self, f) for f in self.FIELDS}

    @classmethod
    def from_dict(cls, d: dict) -> "Player":
        p = cls(d["name"], to_fill=True)
        for f in cls.FIELDS:
            setattr(p, f, d[f])
        return p


def copy_json(data: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, numbers, strings; a tuple becomes a list, as JSON
    restores it): ``json.loads(json.dumps(data))`` at a fraction of its cost (a Legendary game's
    track was two thirds of a clone)."""
    kind = type(data)
    if kind is dict:
        mapping: dict[Any, Any] = data   # (typed, the compiled build walks it natively)
        copied = mapping.copy()   # numbers and strings are shared (immutable); containers copied below
        for k, v in mapping.items():
            inner = type(v)
            if inner is dict or inner is list or inner is tuple:
                copied[k] = copy_json(v)
        return copied
    if kind is list or kind is tuple:
        items: list[Any] = list(data) if kind is tuple else data
        out: list[Any] = []
        for v in items:
            inner = type(v)
            out.append(copy_json(v) if inner is dict or inner is list or inner is tuple else v)
        return out
    return data


def _step_verbs(defs: Iterable[CardDef]) -> frozenset[str]:
    """The verbs of every step of these cards' effects."""
    return frozenset(s.verb.name for d in defs for steps in d.effects.values() for s in steps)


class CardTables:
    """What the engine reads of a match's card instances, worked out from them once: a batch's
    matches with the same sets and seats share one (``match.new_game``'s ``batch``), so a game's
    set-up does not build them again. ``shared``: the tables of the first of ``defs`` (a batch's
    layout before the cards a match sets aside, such as a Legendary match's four characters,
    drawn per match): only the cards after them are worked out."""
    defs: list[CardDef]
    by_id: dict[str, CardDef]
    log_names: list[str]
    cheapest: int
    offer_terms: list[tuple[str, int, bool, tuple[str, int]]]
    play_options: list[tuple[str, int]]
    uses: list[tuple[tuple[Ability, str, tuple[str, int, int]], ...]]
    triggered_by: dict[str, frozenset[int]]
    verbs: frozenset[str]
    keywords: frozenset[str]          # every keyword of the cards ("emissary": a plugin may serve only such matches)
    effect_keys: frozenset[str]       # the kinds of effect the cards have ("on_acquire": none, nothing to push)
    names: frozenset[str]             # every card's name (a new one like another changes the log's names)
    _named: dict[str, list[int]] | None = None   # see instances_named

    def __init__(self, defs: list[CardDef], shared: CardTables | None = None):
        start = len(shared.defs) if shared is not None else 0
        new = defs[start:]
        by_id, names, terms, plays, uses, watched = (
            (shared.by_id, shared.log_names, shared.offer_terms, shared.play_options, shared.uses, shared.triggered_by)
            if shared is not None else ({}, [], [], [], [], {}))
        self.defs = defs                  # indexed by card instance id
        self.by_id = {**by_id, **{d.id: d for d in new}}
        self.names = (shared.names if shared is not None else frozenset()) | {d.name for d in new}
        if shared is None:
            self.log_names = log_names(defs)
        elif len(self.names) == len(shared.names) + len(new):   # every new card's name is new: no mark changes
            self.log_names = names + [d.name for d in new]
        else:   # a new card named like another (Master Dhartha of 10th and of the Legends set): marks may
            self.log_names = log_names_after(defs, names, start, shared.instances_named())
        # The lowest price of a card one may acquire or defeat: with less to spend, the offers
        # need no look (a fifth of the main decisions, the first of each turn among them).
        costs = [d.cost for d in new if d.role in ("center", "always")]
        self.cheapest = min(costs, default=0) if shared is None else min([shared.cheapest, *costs])
        # What the main decision reads of each card on offer, by instance, with the option that
        # takes it (made once, not at every decision): the compiled engine reaches a tuple's item
        # many times faster than a CardDef's attribute.
        self.offer_terms = terms + [(d.type, d.cost, d.mechana_construct,
                                     ("defeat" if d.type == "monster" else "acquire", iid))
                                    for iid, d in enumerate(new, start)]
        self.play_options = plays + [("play", iid) for iid in range(start, len(defs))]   # playing each instance
        # Each instance's abilities: the ability, the mark that it was used this turn (once per
        # turn: Player.used) and the option that uses it.
        self.uses = uses + [tuple((ab, used_mark(iid, ab.key), ("use", iid, i)) for i, ab in enumerate(d.abilities))
                            for iid, d in enumerate(new, start)]
        # The card instances with a trigger on each event: most events set off none in play.
        triggers = [(t.on, iid) for iid, d in enumerate(new, start) for t in d.triggers]
        if shared is not None and not triggers:   # (a Legendary match's characters: the batch's, as they are)
            self.triggered_by = watched
        else:
            watching: dict[str, set[int]] = {on: set(cards) for on, cards in watched.items()}
            for on, iid in triggers:
                watching.setdefault(on, set()).add(iid)
            self.triggered_by = {on: frozenset(cards) for on, cards in watching.items()}
        # The verbs of every step of the cards: a plugin skips the bookkeeping a verb needs in
        # the matches without it (``READS_TOUCHED in game.ctx.verbs``, at every card taken).
        self.verbs = shared.verbs | _step_verbs(new) if shared is not None else _step_verbs(self.by_id.values())
        cards = new if shared is not None else self.by_id.values()
        self.keywords = frozenset(k for d in cards for k in d.keywords)
        self.effect_keys = frozenset(key for d in cards for key in d.effects)
        if shared is not None:
            self.keywords |= shared.keywords
            self.effect_keys |= shared.effect_keys

    def instances_named(self) -> dict[str, list[int]]:
        """Each name's card instances, worked out when first asked (a batch's layout, by the
        matches that set aside a card named like one of its own)."""
        if self._named is None:
            named: dict[str, list[int]] = {}
            for iid, d in enumerate(self.defs):
                named.setdefault(d.name, []).append(iid)
            self._named = named
        return self._named


class Context:
    """What a match shares between clones and never changes: definitions (its ``tables``), its
    plugins (called through ``hooks``) and the sides, which follow from the setup (so they are
    not saved). ``shared``: the hooks serve a whole batch of matches (``match.match_hooks``), into
    which no plugin joins; the match then does not listen for that (the manager would keep every
    match of the batch alive)."""
    # The notifications this match calls, its cards' own (Hooks.notifications): None, nothing to call
    game_started: Callable[[Game], None] | None
    card_entered_center_row: Callable[[Game, int, int], None] | None
    card_played: Callable[[Game, int, int], None] | None
    card_acquired: Callable[[Game, int, int, str], None] | None
    card_defeated: Callable[[Game, int, int, str], None] | None
    turn_ended: Callable[[Game, int], None] | None
    event: Callable[[Game, Event], None] | None

    def __init__(self, tables: CardTables, hooks: Hooks, setup: dict, plugin_differences: Iterable[str] = (),
                 shared: bool = False):
        self.defs = tables.defs           # indexed by card instance id
        self.by_id = tables.by_id
        self.hooks = hooks                # every hook call goes through here
        self.pm = hooks.pm                # the plugin manager: plugins join here; blame() names them
        self.setup = setup                # the JSON-able setup the match was built from
        self.plugin_differences = list(plugin_differences)   # recorded plugins vs these (match.load)
        self.plugins_changed = 0          # plugins registered or removed since the match began
        self.sides: tuple[tuple[int, ...], ...] | None = None   # Game.sides(), worked out at set-up
        self.log_names = tables.log_names
        self.cheapest = tables.cheapest
        self.offer_terms = tables.offer_terms
        self.play_options = tables.play_options
        self.uses = tables.uses
        self.triggered_by = tables.triggered_by
        self.verbs = tables.verbs         # the verbs the match's cards use (see CardTables)
        self.tables = tables
        self._notifications()
        if hasattr(self.pm, "listeners") and not shared:   # a MatchManager tells us when its plugins change
            self.pm.listeners.append(self._plugins_changed)

    def _notifications(self) -> None:
        told = self.hooks.notifications(self.tables)
        self.game_started, self.card_entered_center_row = told["game_started"], told["card_entered_center_row"]
        self.card_played, self.card_acquired = told["card_played"], told["card_acquired"]
        self.card_defeated, self.turn_ended, self.event = told["card_defeated"], told["turn_ended"], told["event"]

    def _plugins_changed(self) -> None:
        self.plugins_changed += 1
        self.sides = None                 # asked again: the plugins now may pair the seats otherwise
        self._notifications()             # (the hooks were resolved again first: they listen from before)


def _checked_sides(hooks: Hooks, sides, players: int) -> tuple[tuple[int, ...], ...]:
    """``asc_sides``'s answer for ``players`` seats (None: each alone), or a PluginError naming
    the plugin(s) that gave it, if it does not put each seat in exactly one side."""
    if sides is None:
        return tuple((s,) for s in range(players))
    if (isinstance(sides, (list, tuple)) and all(isinstance(side, (list, tuple)) and side for side in sides)
            and all(type(s) is int for side in sides for s in side)
            and sorted(s for side in sides for s in side) == list(range(players))):
        return tuple(tuple(side) for side in sides)
    problem = ValueError(_("the sides {sides} do not put each of the seats 0..{last} in exactly one side").format(
        sides=repr(sides), last=players - 1))
    raise PluginError(" or ".join(hooks.implementers("asc_sides")), "asc_sides", problem,
                      _("the sides were not decided"))


@mypyc_attr(allow_interpreted_subclasses=True)   # the hard bot's rollout worlds subclass it
class Game:
    """A match: plain-data state plus the shared :class:`Context`."""

    STATE_FIELDS: ClassVar[tuple[str, ...]] = ("seed", "rng", "turn", "current", "players", "center_deck", "center_row",
                    "void", "piles", "box", "aside", "pool", "extra_turns", "last_turn", "stack", "queued",
                    "pending", "ending", "over", "capped", "ext")
    # The state (declared here for the compiled build: mypyc lays out the fields it knows of).
    seed: int
    rng: int
    turn: int
    current: int
    players: list[Player]
    center_deck: list[int]
    center_row: list[int | None]
    void: list[int]
    piles: dict[str, list[int]]
    box: list[int]
    aside: list[int]
    pool: int
    extra_turns: int
    last_turn: list[int]
    stack: list[Frame]
    queued: list[Frame]
    pending: dict[str, Any] | None   # the question an effect asked (JSON data), None at an action
    ending: bool
    over: bool
    capped: bool
    ext: dict[str, Any]             # plugins' state (JSON data)
    # Not state (never copied or saved): the copy a failed answer is restored from, and who held
    # which card and honor at the last invariant check.
    _checkpoint: tuple[Game, int, int, int] | None = None   # (copy, answers, plugins_changed, log length)
    _ledger: tuple[int, dict[int, int], list[int]] | None = None   # (log length, owners, honors)

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.log: list[Event] = []
        self.answers: list[int] = []   # every answer since the start: seed + answers replay the game
        self._decision: Decision | None = None
        self._running = -1   # the stack index of the effect whose step runs now (who asks, see ask)
        self._no_extras = -1   # not state: ctx.plugins_changed when the extra actions said nothing until changed

    # ------------------------------------------------------------------ construction / copies
    @classmethod
    def new(cls, ctx: Context, names: list[str], seed: int, pool: int,
            center: list[int], piles: dict[str, list[int]], starting: list[list[int]],
            aside: Iterable[int] = ()) -> "Game":
        g = cls(ctx)
        g.seed, g.rng = seed, seed & rng.MASK   # the stream's state is 64 bits (the compiled build's words)
        g.turn, g.current = 0, 0
        g.players = [Player(n) for n in names]
        g.center_deck = list(center)
        g.center_row = [None] * ROW_SIZE
        g.void, g.box, g.aside = [], [], list(aside)
        g.piles = {k: list(piles[k]) for k in sorted(piles)}  # sorted: the order JSON restores
        g.pool = pool
        g.extra_turns = 0
        g.last_turn = [-1] * len(names)
        g.stack, g.queued, g.pending, g.ending = [], [], None, False
        g.over, g.capped = False, False
        g.ext = {}
        g.emit("game_started", n=seed)
        g.shuffle(g.center_deck)
        for p, deck in zip(g.players, starting):
            p.deck = list(deck)
            g.shuffle(p.deck)
            g.draw(g.players.index(p), HAND_SIZE, quiet=True)
        for slot in range(ROW_SIZE):
            g.refill(slot)
        game_started = ctx.game_started
        if game_started is not None:
            game_started(g)
        g.sides()   # decided once, now (asc_sides): a plugin's wrong answer stops the set-up
        g.start_turn(0)
        g._advance()
        return g

    def clone(self, kind: type[Game] | None = None) -> Game:
        """A copy of the state sharing the context: a ``Game``, or a ``kind`` of Game (a subclass
        with other rules for the copy, such as the hard bot's rollout worlds)."""
        if PURE and kind is None:   # as in Player.copy (a kind of Game may have its own __init__)
            g = _bare(Game)
            g.ctx, g.log, g._decision, g._running, g._no_extras = self.ctx, [], None, -1, -1
        else:
            g = (kind or Game)(self.ctx)
        g.answers = self.answers[:]
        g.seed, g.rng, g.turn, g.current = self.seed, self.rng, self.turn, self.current
        g.players = [p.copy() for p in self.players]
        g.center_deck, g.center_row, g.void, g.box, g.aside = (
            self.center_deck[:], self.center_row[:], self.void[:], self.box[:], self.aside[:])
        g.piles = {k: v[:] for k, v in self.piles.items()}
        g.pool, g.extra_turns, g.last_turn = self.pool, self.extra_turns, self.last_turn[:]
        g.stack = [f.copy() for f in self.stack]
        g.queued = [f.copy() for f in self.queued] if self.queued else []
        g.pending = copy_json(self.pending) if self.pending else None
        g.ending = self.ending
        g.over, g.capped = self.over, self.capped
        g.ext = copy_json(self.ext) if self.ext else {}
        return g

    def to_dict(self) -> dict:
        d = {f: getattr(self, f) for f in self.STATE_FIELDS}
        d["players"] = [p.to_dict() for p in self.players]
        d["stack"] = [f.to_list() for f in self.stack]
        d["queued"] = [f.to_list() for f in self.queued]
        return {"format": SAVE_FORMAT, "setup": self.ctx.setup, "state": d}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_state(cls, ctx: Context, state: dict) -> "Game":
        g = cls(ctx)
        missing = [f for f in cls.STATE_FIELDS if f not in state]
        if missing:
            raise ValueError(_("saved state lacks field(s): {fields}").format(fields=", ".join(missing)))
        for f in cls.STATE_FIELDS:
            setattr(g, f, state[f])
        if g.pending is not None and g.pending.get("intent") is None:   # saved before questions had intents
            g.pending["intent"] = {"verb": "unknown", "text": g.pending.get("prompt") or ""}
        if g.pending is not None:
            g.pending.pop("prompt", None)
        g.players = [Player.from_dict(p) for p in state["players"]]
        g.stack = [Frame(*f) for f in state["stack"]]
        g.queued = [Frame(*f) for f in state["queued"]]
        return g

    # ------------------------------------------------------------------ small helpers
    def card(self, iid: int) -> CardDef:
        return self.ctx.defs[iid]

    def name_of(self, iid: int | None) -> str:
        return self.ctx.defs[iid].name if iid is not None else ""

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return "—"
        if seat < 0:
            return _(self.ext.get("villain_name", VILLAIN))   # a plugin's name for it, marked with N_
        return self.players[seat].name

    def emit(self, kind: str, seat: int | None = None, card: int | None = None, n: int = 0, where: str = "") -> None:
        fields = (kind, seat, card, n, where)
        ev = _EVENTS.get(fields)
        if ev is None:
            if len(_EVENTS) >= _EVENTS_KEPT:
                _EVENTS.clear()
            ev = _EVENTS[fields] = _new_event(_EVENT, fields)
        self.log.append(ev)
        on_event = self.ctx.event
        if on_event is not None:
            on_event(self, ev)

    def text(self, event: Event) -> str:
        return render(event, self.seat_name, self.log_name)

    def log_lines(self, events: list[Event]) -> list[tuple[Event, str]]:
        """The readable log of ``events`` (a run of plays is one line), for front ends."""
        return log_lines(events, self.seat_name, self.log_name)

    def log_name(self, iid: int) -> str:
        """A card as the log names it: marked with its set where same-named cards differ."""
        return self.ctx.log_names[iid]

    def shuffle(self, items: list) -> None:
        self.rng = rng.shuffle(self.rng, items)

    def random_below(self, n: int) -> int:
        self.rng, x = rng.below(self.rng, n)
        return x

    def opponents(self, seat: int) -> list[int] | None:
        """Seats an "each opponent" effect reaches, in turn order (team play narrows this)."""
        return self.ctx.hooks.opponents(self, seat)

    def has_faction(self, iid: int, faction: str, seat: int | None = None) -> bool:
        d = self.ctx.defs[iid]
        if faction in d.factions:
            return True
        # Hedron Link Device: every construct its controller has in play is also Mechana;
        # Dimension Diver: every construct counts as Mechana for the rest of the turn.
        if faction == "mechana" and d.type == "construct" and seat is not None:
            p = self.players[seat]
            if p.all_mechana:
                return True
            if iid in p.constructs and any("constructs_are_mechana" in self.ctx.defs[c].keywords
                                           for c in p.constructs):
                return True
        return False

    def heroes_played(self, seat: int) -> list[int]:
        """The cards ``seat`` played this turn, those that have left play since included (a hero
        that banished itself was still played: Unite and "if you have played" count it)."""
        p = self.players[seat]
        return p.played + p.left_play if p.left_play else p.played

    def _played_before(self, seat: int, subject: int | None, faction: str | None) -> bool:
        """Whether a hero (of ``faction``) other than ``subject`` was played this turn."""
        defs = self.ctx.defs
        for h in self.heroes_played(seat):
            if h != subject and defs[h].type == "hero" and (faction is None or faction in defs[h].factions):
                return True
        return False

    def _defeated_before(self, seat: int, subject: int | None, from_center: bool) -> bool:
        """Whether ``seat`` defeated a monster other than ``subject`` earlier this turn (in the center
        row when ``from_center``): read back in the log to the turn's start, as defeats are not
        kept otherwise (few cards ask, and only when one is defeated)."""
        for ev in reversed(self.log):
            if ev.kind == "turn_started":
                return False
            if ev.kind == "defeated" and ev.seat == seat and ev.card != subject and (
                    not from_center or ev.where == "center_row"):
                return True
        return False

    def played_faction(self, seat: int, faction: str, exclude: int | None = None) -> bool:
        defs = self.ctx.defs
        for h in self.heroes_played(seat):
            if h != exclude and faction in defs[h].factions:
                return True
        return False

    # ------------------------------------------------------------------ zones
    def draw(self, seat: int, n: int, quiet: bool = False) -> int:
        """Draw up to ``n`` cards, one event per card (its text names no card; ``quiet``: a new
        hand, which the log does not spell out)."""
        p = self.players[seat]
        drawn = 0
        kind = "drew_hand" if quiet else "drew"
        for __ in range(n):
            if not p.deck:
                if not p.discard:
                    break
                p.deck, p.discard = p.discard, []
                self.shuffle(p.deck)
                self.emit("shuffled", seat)
            card = p.deck.pop()
            p.hand.append(card)
            self.emit(kind, seat, card, 1)
            drawn += 1
        return drawn

    def refill(self, slot: int) -> None:
        """Fill an empty center-row slot (through the rule seam) and announce what entered.

        What the new card does on entering (its Fate, queued by the hook) waits its turn, by the
        official timing (Stone Blade, "What are the timing rules for Ascension?"): the card taken
        leaves, its slot is refilled at once, the taken card's own effects (its reward, its "when
        acquired", the triggers it set off, all pushed after this) resolve in full, and only then
        the Fates, in the order their cards entered."""
        hooks = self.ctx.hooks
        entered = self.ctx.card_entered_center_row
        if entered is None:
            hooks.refill_center_row(self, slot)
            return
        before = self.center_row[:]
        hooks.refill_center_row(self, slot)
        for at, card in enumerate(self.center_row):   # not always ``slot``: Samael's row slides right
            if card is not None and card not in before:
                entered(self, card, at)
                self._entered_wait()

    def _entered_wait(self) -> None:
        """Put the queued effects of cards that just entered the row onto the stack: above what was
        already waiting, below what the caller pushes next, and below the not yet started effects
        of cards that entered earlier (those resolve first, in the order they entered)."""
        stack, row = self.stack, self.center_row
        at = len(stack)
        while at and stack[at - 1].pc == 0 and stack[at - 1].card in row:
            at -= 1
        for frame in self.queued:
            stack.insert(at, frame)
        self.queued = []

    def deal_from_center_deck(self) -> int | None:
        """Top card of the center deck; the Void becomes the new deck when it runs out, without
        the always-available and starting cards (10th rulebook): they go back to their piles or
        leave the game. ``put_away`` keeps them out of the Void; this holds even if one got in."""
        if not self.center_deck:
            self._sort_out_of_void()
            if not self.void:
                return None
            self.center_deck, self.void = self.void, []
            self.shuffle(self.center_deck)
            self.emit("void_reshuffled", n=len(self.center_deck))
        return self.center_deck.pop()

    def _sort_out_of_void(self) -> None:
        """Take the always-available and starting cards out of the Void, each where it belongs."""
        defs, center = self.ctx.defs, []
        for c in self.void:
            if defs[c].role in ("always", "starting"):
                self.emit("left_void", card=c, where=self.put_away(c))
            else:
                center.append(c)
        self.void = center

    def leave_center(self, iid: int) -> int:
        """Take a card out of the center row; the caller places it, then calls ``refill(slot)``."""
        slot = self.center_row.index(iid)
        self.center_row[slot] = None
        return slot

    def put_away(self, iid: int) -> str:
        """Banish a card that already left its zone: starting cards go to the box, always-available
        cards back to their pile, everything else into the Void. Returns where it went."""
        d = self.ctx.defs[iid]
        if d.role == "starting":
            self.box.append(iid)
            return "box"
        if d.role == "always":
            self.piles[d.id].append(iid)
            return "pile"
        self.void.append(iid)
        return "void"

    def banish_from(self, seat: int, iid: int, zone: str) -> None:
        if zone == "center":
            slot = self.leave_center(iid)
            self.void.append(iid)
            self.emit("banished", seat, iid, where="center_row")
            self.refill(slot)
            return
        getattr(self.players[seat], zone).remove(iid)
        self.put_away(iid)
        self.emit("banished", seat, iid, where=zone)
        self.push(iid, "when_banished", seat)

    def destroy(self, seat: int, iid: int) -> None:
        p = self.players[seat]
        p.constructs.remove(iid)
        p.discard.append(iid)
        self.emit("destroyed", seat, iid)

    def gain(self, seat: int, runes: int = 0, power: int = 0, honor: int = 0) -> None:
        p = self.players[seat]
        if runes:
            p.runes += runes
            self.emit("gained_runes", seat, None, runes)
        if power:
            p.power += power
            self.emit("gained_power", seat, None, power)
        if honor:
            self.gain_honor(seat, honor)

    def gain_honor(self, seat: int, n: int) -> None:
        """Honor comes from the pool; once it is empty, from the box (the game still counts it)."""
        was = self.pool
        self.pool = max(0, self.pool - n)
        if seat >= 0:
            self.players[seat].honor += n
        else:
            self.ext["villain_honor"] = self.ext.get("villain_honor", 0) + n
        self.emit("gained_honor", seat, None, n)
        if was > 0 and self.pool == 0 and "pool_emptied" not in self.ext:   # (said once)
            self.emit("pool_empty")
            self.ext["pool_emptied"] = True   # (honor returned later does not undo it: ``pool_ran_dry``)

    def pool_ran_dry(self) -> bool:
        """Whether the last honor token has been taken from the pool this game: the game then ends
        at the end of the round (of the turn, solo), even if honor is returned to the pool since
        (Turtler Merchant)."""
        return self.pool == 0 or "pool_emptied" in self.ext

    # ------------------------------------------------------------------ effects and triggers
    def push(self, card: int, key: str, seat: int, subject: int | None = None) -> None:
        d = self.ctx.defs[card]
        if d.effects.get(key):
            if PURE:   # a bare object, as in Player.copy: Python 3.11 makes one through __init__ a third slower
                frame = _bare(Frame)
                frame.card, frame.defn, frame.key, frame.pc, frame.seat, frame.subject = card, d.id, key, 0, seat, subject
            else:
                frame = Frame(card, d.id, key, 0, seat, subject)
            self.stack.append(frame)

    def push_sub(self, frame: Frame, field: str) -> None:
        """Run a nested effect list of the step ``frame`` is resolving (e.g. ``then``)."""
        key = f"{frame.key}.{frame.pc - 1}.{field}"
        self.stack.append(Frame(frame.card, frame.defn, key, 0, frame.seat, frame.subject))

    def queue(self, card: int, key: str, seat: int) -> None:
        """Resolve ``key`` of a card entering the center row (Fate) once the effects of what dealt
        it have resolved (``refill`` puts it in its place on the stack)."""
        if self.ctx.defs[card].effects.get(key):
            self.queued.append(Frame(card, self.ctx.defs[card].id, key, 0, seat, None))

    def ask(self, seat: int, kind: str, intent: dict, options: list[tuple], data: dict | None = None) -> None:
        """Called by a verb: stop and wait for ``seat`` to pick one of ``options``. ``intent`` says
        what the question means (see :class:`Decision`); the engine adds the asking ``effect``.
        The answer goes back to the effect that asked (``asker``, its place in the stack), even
        when the step pushed other effects on top before asking (a banished card's own "when
        banished" between two banishes of one "banish up to 2")."""
        asker = self._asker({"asker": self._running})
        frame = self.stack[asker] if asker >= 0 else None
        if frame is not None and frame.pc > 0:
            intent = {**intent, "effect": self.ctx.by_id[frame.defn].effects[frame.key][frame.pc - 1].verb.name}
        self.pending = {"seat": seat, "kind": kind, "intent": intent,
                        "options": [list(o) for o in options], "data": data or {}, "asker": self._running}

    def _asker(self, pending: dict) -> int:
        """The stack index of the effect a pending question belongs to (saves made before this
        was recorded: the top one)."""
        asker = pending.get("asker", -1)
        return asker if 0 <= asker < len(self.stack) else len(self.stack) - 1

    def fire_triggers(self, seat: int, on: str, subject: int | None, from_center: bool = False) -> None:
        p = self.players[seat]
        watching = self.ctx.triggered_by.get(on)
        if watching is None or watching.isdisjoint(p.constructs):   # (most calls: no trigger in play)
            return
        for c in list(p.constructs):
            for t in self.ctx.defs[c].triggers:
                if t.on != on or (t.other and c == subject) or (t.from_center and not from_center):
                    continue
                if t.type and (subject is None or self.ctx.defs[subject].type != t.type):
                    continue
                if t.faction and (subject is None or not self.has_faction(
                        subject, t.faction, seat if on == "construct_enters" else None)):
                    continue
                if t.only_if_took_nothing and p.took:
                    continue
                if t.first and (self._defeated_before(seat, subject, t.from_center) if on == "defeat"
                                else self._played_before(seat, subject, t.faction)):
                    continue
                if t.once_per_turn:
                    tag = used_mark(c, t.key)
                    if tag in p.used:
                        continue
                    p.used.append(tag)
                self.push(c, t.key, seat, subject)

    # ------------------------------------------------------------------ turn flow
    def start_turn(self, seat: int) -> None:
        self.current = seat
        self.turn += 1
        self.last_turn[seat] = self.turn
        self.emit("turn_started", seat, None, self.turn)

    def end_turn(self) -> None:
        seat = self.current
        p = self.players[seat]
        p.discard.extend(p.hand)
        p.discard.extend(p.played)
        p.hand, p.played = [], []
        p.reset_turn()
        self.emit("turn_ended", seat)
        self.draw(seat, HAND_SIZE + p.bonus_draw, quiet=True)
        p.bonus_draw = 0
        hooks = self.ctx.hooks
        turn_ended = self.ctx.turn_ended
        if turn_ended is not None:
            turn_ended(self, seat)
            if self.over:   # a rule ended the game at the end of this turn (a solo villain emptied the pool)
                return
        if self.extra_turns:
            self.extra_turns -= 1
            self.start_turn(seat)
            return
        if hooks.game_over(self, seat):
            self.finish()
            return
        if self.turn >= MAX_TURNS:
            self.capped = True
            self.finish()
            return
        self.start_turn((seat + 1) % len(self.players))

    def finish(self) -> None:
        self.over = True
        self.emit("game_over")

    # ------------------------------------------------------------------ the decision protocol
    def decision(self) -> Decision | None:
        """The pending decision, or None once the game is over."""
        if self.over:
            return None
        if self._decision is None:
            if self.pending is not None:
                pd = self.pending
                asker = self.stack[self._asker(pd)] if self.stack else None
                intent = pd["intent"]
                self._decision = Decision(pd["seat"], pd["kind"], None, asker.card if asker else None,
                                          tuple(map(tuple, pd["options"])), intent, self)
            else:   # the main action (a bare object in pure Python, as in push)
                options = tuple(self.legal_actions())
                if PURE:
                    dec = _bare(Decision)
                    dec.seat, dec.kind, dec.source, dec.options, dec.intent = self.current, "action", None, options, ACTION
                    dec._prompt, dec._game = None, self
                else:
                    dec = Decision(self.current, "action", None, None, options, ACTION, self)
                self._decision = dec
        return self._decision

    def legal_actions(self) -> list[tuple]:
        seat = self.current
        p = self.players[seat]
        defs = self.ctx.defs
        acts: list[tuple] = []
        if p.hand:
            seen: list[str] = []
            simple = 0
            play_options = self.ctx.play_options
            for c in p.hand:
                d = defs[c]
                simple += d.simple
                if d.id not in seen:  # identical cards in hand are one option
                    seen.append(d.id)
                    acts.append(play_options[c])
            if simple > 1:
                acts.append(PLAY_ALL)
        uses = self.ctx.uses
        for c in p.constructs:
            for ab, used, option in uses[c]:
                if self.ability_ready(seat, c, ab, used):
                    acts.append(option)
        acts += self.offers(seat)
        if self._no_extras != self.ctx.plugins_changed:   # (asked unless its only plugin said "nothing until changed")
            extra_actions = self.ctx.hooks.extra_actions
            if extra_actions is not None:
                extra = extra_actions(self, seat)
                if extra:
                    acts.extend(extra)
                elif extra is _NOTHING_UNTIL_CHANGED:
                    self._no_extras = self.ctx.plugins_changed
        acts.append(END)
        return acts

    def offers(self, seat: int, extra: int = 0) -> list[tuple]:
        """What ``seat`` can take from the center row and the piles now, in that order:
        ``("defeat", card)`` or ``("acquire", card)``; ``extra``: runes to pay on top of each
        acquisition (a team gift's). The engine's one rule of what is affordable, as
        :meth:`can_take` says it for one card, for the whole offer at once."""
        p = self.players[seat]
        runes, power, discount = p.runes - extra, p.power, p.discount
        mech = runes + p.mech_runes
        cheapest = self.ctx.cheapest
        if power < cheapest and mech + discount < cheapest:   # nothing is affordable: no look
            return []
        offered: list[int | None] = self.center_row[:]
        for pile in self.piles.values():
            if pile:
                offered.append(pile[-1])
        all_mechana = p.all_mechana
        offer_terms = self.ctx.offer_terms
        acts: list[tuple] = []
        for card in offered:
            if card is None:   # an empty center-row slot (the center deck and the Void ran out)
                continue
            kind, cost, mechana, take = offer_terms[card]
            if kind == "monster":
                if power >= cost:
                    acts.append(take)
            elif kind == "construct":
                if (mech if mechana or all_mechana else runes) >= (cost - discount if cost > discount else 0):
                    acts.append(take)
            elif runes >= cost:
                acts.append(take)
        return acts

    def ability_ready(self, seat: int, card: int, ab: Ability, used: str) -> bool:
        """Whether ``seat`` may use the ability ``ab`` of its construct ``card`` now (``used``:
        its mark in ``Player.used``)."""
        p = self.players[seat]
        if ab.requires_runes > p.runes:
            return False
        if ab.once_per_turn and p.used and used in p.used:
            return False
        if ab.requires_faction and not self.played_faction(seat, ab.requires_faction):
            return False
        if ab.requires_played and not any(self.ctx.defs[h].name in ab.requires_played for h in self.heroes_played(seat)):
            return False
        if ab.requires_mechana and sum(self.has_faction(c, "mechana", seat)
                                       for c in self.players[seat].constructs) < ab.requires_mechana:
            return False
        # An ability that could do nothing now is no move (each verb knows when it can act).
        for s in self.ctx.defs[card].effects[ab.key]:
            if not s.verb.may_idle or s.verb.can_act(self, seat, card, s.params):
                return True
        return False

    def price(self, seat: int, iid: int) -> int:
        d = self.ctx.defs[iid]
        if d.type == "construct":
            return max(0, d.cost - self.players[seat].discount)
        return d.cost

    def buys_as_mechana(self, seat: int, iid: int) -> bool:
        """Whether Mechana-only runes may pay for this card: a printed Mechana construct, or any
        construct while Dimension Diver makes every construct Mechana."""
        d = self.ctx.defs[iid]
        return d.mechana_construct or (d.type == "construct" and self.players[seat].all_mechana)

    def can_take(self, seat: int, iid: int, extra: int = 0) -> bool:
        """Whether ``seat`` can pay for ``iid`` now (plus ``extra`` runes: a team gift's)."""
        d = self.ctx.defs[iid]
        p = self.players[seat]
        if d.type == "monster":
            return p.power >= d.cost
        budget = p.runes + (p.mech_runes if self.buys_as_mechana(seat, iid) else 0)  # Mechana-only runes
        return budget >= self.price(seat, iid) + extra

    def apply(self, index: object) -> None:   # object: whatever a caller passes is checked first
        """Answer the pending decision with an option index: all or nothing. A bad answer changes
        nothing; an answer that fails inside the rules (a plugin's hook or verb, an engine bug)
        leaves the game exactly as it was and raises :class:`PluginError` / :class:`EngineError`.

        Nothing is copied per answer (the engine's speed matters): every CHECKPOINT_EVERY answers,
        and whenever the match's plugins change, a clone is kept; a failed answer puts the game
        back by replaying the answers since that clone. State changed outside ``apply`` (test
        set-ups) must say so with :meth:`edited`."""
        dec = self._decision or self.decision()   # usually already built: the caller looked at it
        if dec is None:
            raise GameOver(_("the game is over; there is nothing to answer"))
        if type(index) is not int or not 0 <= index < len(dec.options):   # a plain int (True is not an index)
            raise InvalidAnswer(_("answer {answer} is not an option of '{prompt}' (choose 0..{last})").format(
                answer=repr(index), prompt=dec.prompt, last=len(dec.options) - 1))
        answered, cp = len(self.answers), self._checkpoint
        if cp is None or cp[1] + CHECKPOINT_EVERY <= answered or cp[2] != self.ctx.plugins_changed:
            self._checkpoint = (self.clone(), answered, self.ctx.plugins_changed, len(self.log))
        logged = len(self.log)
        try:
            self._answer(index, dec.options[index])
        except BaseException as exc:   # a plugin's bug, an engine bug, even Ctrl-C: put back first
            note = self._put_back(logged, answered)
            if isinstance(exc, InvalidAnswer) or not isinstance(exc, Exception):
                raise   # an option no rule handles is refused as a bad index is; Ctrl-C stays Ctrl-C
            raise blame(exc, self.ctx.pm, note) from exc

    def edited(self) -> None:
        """The state was changed outside :meth:`apply` (a scenario, a tool): forget the decision
        worked out before, the copy a failed answer would be restored from, and who held what at
        the last invariant check (the change was no rule's)."""
        self._decision = None
        self._checkpoint = self._ledger = None
        self._no_extras = -1

    def extra_actions_changed(self) -> None:
        """A plugin whose extra actions answered :data:`~ascension.core.hookspecs.NOTHING_UNTIL_CHANGED`
        may offer some now: they are asked again at the next main decision."""
        self._no_extras = -1

    def _put_back(self, logged: int, answered: int) -> str:
        """Restore the state before the answer that failed: replay the answers since the last
        checkpoint on a clone of it. Returns "" when that worked; if even that fails (a plugin
        that does not behave the same on the same state), the game goes back to the checkpoint
        and the returned note says so."""
        assert self._checkpoint is not None   # apply() takes one before any answer
        copy, at, __, logged_then = self._checkpoint
        note = ""
        try:
            g = copy.clone()
            for a in self.answers[at:answered]:
                dec = g.decision()
                if dec is None:
                    raise GameOver("the game ended before the answers that followed the checkpoint")
                g._answer(a, dec.options[a])
        except Exception:
            g, answered, logged = copy.clone(), at, logged_then
            note = _("the game went back to before answer {n}, where it could be restored").format(n=at + 1)
        for f in self.STATE_FIELDS:
            setattr(self, f, getattr(g, f))
        del self.log[logged:], self.answers[answered:]
        self._decision, self._running, self._no_extras = None, -1, -1
        self._checkpoint = (self.clone(), answered, self.ctx.plugins_changed, len(self.log))
        return note

    def plugin_differences(self) -> list[str]:
        """How the plugins this game was recorded with differ from those it runs with now (a
        restored or replayed game), in words for the player; empty when they are the same."""
        return list(self.ctx.plugin_differences)

    def _answer(self, index: int, option: tuple) -> None:
        self._decision = None
        self.answers.append(index)
        if self.pending is not None:
            pd, self.pending = self.pending, None
            self._running = self._asker(pd)
            frame = self.stack[self._running]
            step = self.ctx.by_id[frame.defn].effects[frame.key][frame.pc - 1]
            step.verb.answer(self, frame, step.params, option, pd["data"])
        else:
            self._act(option)
        self._advance()

    def _act(self, option: tuple) -> None:
        kind = option[0]
        seat = self.current
        if kind == "end":  # end-of-turn effects resolve first, then the clean-up (see _advance)
            self.ending = True
            self.fire_triggers(seat, "turn_end", None)
        elif kind == "play":
            self.play(seat, option[1])
        elif kind == "play_all":
            self.play_all(seat)
        elif kind == "use":
            card, i = option[1], option[2]
            ab, used, __ = self.ctx.uses[card][i]
            if ab.once_per_turn:
                self.players[seat].used.append(used)
            self.emit("used", seat, card)
            self.push(card, ab.key, seat)
        elif kind == "acquire":
            self.pay_runes(seat, option[1])
            self.acquire(seat, option[1])
        elif kind == "defeat":
            self.players[seat].power -= self.ctx.defs[option[1]].cost
            self.defeat(seat, option[1])
        elif self.ctx.hooks.apply_action(self, option) is None:
            raise InvalidAnswer(_("no rule handles action {option}").format(option=repr(option)))

    def _advance(self) -> None:
        """Resolve effects until someone must decide (or the game ends)."""
        defs = self.ctx.by_id
        stack = self.stack   # only ever changed in place
        while self.pending is None and not self.over:
            if self.queued:  # only in games saved before Fates waited for the take that dealt them
                self._entered_wait()
            if not stack:
                if not self.ending:
                    return
                self.ending = False
                self.end_turn()
                continue
            frame = stack[-1]
            steps = defs[frame.defn].effects[frame.key]
            if frame.pc >= len(steps):
                stack.pop()
                continue
            step = steps[frame.pc]
            frame.pc += 1
            self._running = len(stack) - 1
            step.verb.run(self, frame, step.params)

    # ------------------------------------------------------------------ the actions themselves
    def play(self, seat: int, iid: int) -> None:
        p = self.players[seat]
        d = self.ctx.defs[iid]
        p.hand.remove(iid)
        self.emit("played", seat, iid)
        card_played = self.ctx.card_played
        if card_played is not None:
            card_played(self, seat, iid)
        if d.type == "construct":
            p.constructs.append(iid)
            self.push(iid, "play", seat)
            self.fire_triggers(seat, "construct_enters", iid)
            return
        if d.type == "monster":  # only reachable with Samael the Fallen: a hero giving its cost in power
            p.played.append(iid)
            self.gain(seat, power=d.cost)
            if p.unite_wait:   # (a Legends monster has factions: heroes waiting unite with it)
                self._fire_unites(seat, d)
            return
        if p.constructs:   # "when you play your first Lifebound hero each turn" (CotG Snapdragon)
            self.fire_triggers(seat, "hero_played", iid)
        for card, key, faction in p.watchers:  # "for each <faction> hero you play this turn"
            if faction in d.factions:
                self.stack.append(Frame(card, self.ctx.defs[card].id, key, 0, seat, iid))
        if p.unite_wait:
            self._fire_unites(seat, d)
        if d.effects.get("unite"):
            if any(self.played_faction(seat, f) for f in d.factions):
                self.push(iid, "unite", seat)
            else:
                p.unite_wait.append(iid)
        p.played.append(iid)
        gives = d.play_gives
        if gives is not None and self.pending is None and not self.queued:   # what _advance would do next
            runes, power, honor = gives   # (not ``*gives``: a call with unpacking costs twice as much)
            self.gain(seat, runes, power, honor)
        else:
            self.push(iid, "play", seat)

    def _fire_unites(self, seat: int, d: CardDef) -> None:
        """Unite: earlier heroes waiting for a faction of the card ``d`` now played fire, after its
        own effect."""
        p = self.players[seat]
        for waiting in list(p.unite_wait):
            if any(f in d.factions for f in self.ctx.defs[waiting].factions):
                p.unite_wait.remove(waiting)
                self.push(waiting, "unite", seat)

    def location(self, iid: int) -> str:
        """Where a card one may acquire or defeat lies: center_row, pile or void."""
        if iid in self.center_row:
            return "center_row"
        if iid in self.void:
            return "void"
        return "pile"

    def play_all(self, seat: int) -> None:
        """Play every card in hand whose effect asks nothing, one after another, including cards
        they draw; each resolves fully before the next. Cards whose effect counts what was played
        before them (``plays_late``: "if you control two constructs") come after the others."""
        p = self.players[seat]
        defs = self.ctx.defs
        while self.pending is None and not self.over:
            late = -1
            for c in p.hand:
                d = defs[c]
                if d.simple:
                    if not d.plays_late:
                        break
                    if late < 0:
                        late = c
            else:
                if late < 0:
                    return
                c = late
            self.play(seat, c)
            if self.stack or self.queued or self.ending:   # a plain gain left nothing to resolve
                self._advance()

    def pay_runes(self, seat: int, iid: int, extra: int = 0) -> None:
        """Pay the price of ``iid`` plus ``extra`` runes (a team gift's), Mechana-only runes first
        where they may pay."""
        p = self.players[seat]
        d = self.ctx.defs[iid]
        cost = self.price(seat, iid) + extra
        if d.type == "construct":   # (the discount is used up by the acquisition itself: ``acquire``)
            if self.buys_as_mechana(seat, iid):
                from_mech = min(p.mech_runes, cost)
                p.mech_runes -= from_mech
                cost -= from_mech
        p.runes -= cost

    def acquire(self, seat: int, iid: int, to: str = "discard", owner: int | None = None) -> None:
        """``seat`` acquires a center-row, pile or Void card (already paid for, or free); it goes
        to ``owner`` (a teammate) when given."""
        where = self.location(iid)
        slot = self.leave_center(iid) if where == "center_row" else None
        if where == "void":
            self.void.remove(iid)
        elif where == "pile":
            self.piles[self.ctx.defs[iid].id].remove(iid)
        taker = self.players[seat]
        taker.took += 1
        if self.ctx.defs[iid].type == "construct":   # "your next construct acquisition": paid or free
            taker.discount = 0
        p = self.players[seat if owner is None else owner]
        (p.deck if to == "deck_top" else p.discard).append(iid)
        self.emit("acquired", seat, iid, 0, where)
        if to == "deck_top" or owner not in (None, seat):   # not into the acquirer's own discard pile
            self.emit("placed", seat if owner is None else owner, iid, where="deck" if to == "deck_top" else "discard")
        if slot is not None:   # refilled first: what the card does when acquired resolves before a new Fate
            self.refill(slot)
        card_acquired = self.ctx.card_acquired
        if card_acquired is not None:
            card_acquired(self, seat, iid, where)
        self.fire_triggers(seat, "acquire", iid, from_center=where == "center_row")

    def defeat(self, seat: int, iid: int) -> None:
        """Defeat a monster (already paid for, or free): Void, refill, then the reward."""
        p = self.players[seat]
        where = self.location(iid)
        p.took += 1
        self.emit("defeated", seat, iid, 0, where)
        stack = self.stack
        mark = len(stack)
        card_defeated = self.ctx.card_defeated
        if card_defeated is not None:   # runs while the monster is still in the row
            card_defeated(self, seat, iid, where)
        if where == "center_row":
            slot = self.leave_center(iid)
            # Samael the Fallen: monsters its holder defeats in the center row join their deck.
            joins = any("defeated_monsters_join" in self.ctx.defs[k].keywords for k in p.kept)
            (p.discard if joins else self.void).append(iid)
            # What the hooks pushed belongs to this defeat (Raiyna's second reward): it resolves
            # before the Fate of the card dealt in its place, so it goes back above it.
            ours = stack[mark:]
            del stack[mark:]
            self.refill(slot)
            stack.extend(ours)
        if where in ("center_row", "void") and p.defeat_bonus:
            bonus, p.defeat_bonus = p.defeat_bonus, 0
            self.gain_honor(seat, bonus)
        self.fire_triggers(seat, "defeat", iid, from_center=where == "center_row")
        self.push(iid, "reward", seat)

    # ------------------------------------------------------------------ invariants
    def all_zones(self) -> list[int]:
        cards = (self.center_deck + [c for c in self.center_row if c is not None] + self.void + self.box
                 + self.aside)
        for pile in self.piles.values():
            cards += pile
        for p in self.players:
            cards += p.owned()
        return cards + self.ext.get("villain_cards", [])

    def _places(self) -> list[tuple[str, str, list]]:
        """Every place a card can be: (its key path in the saved state, its kind, its cards)."""
        out = [("center_deck", "center_deck", self.center_deck),
               ("center_row", "center_row", [c for c in self.center_row if c is not None]),
               ("void", "void", self.void), ("box", "box", self.box), ("aside", "aside", self.aside)]
        out += [(f"piles.{k}", "pile", v) for k, v in self.piles.items()]
        out += [(f"players[{i}].{zone}", "player", getattr(p, zone))
                for i, p in enumerate(self.players) for zone in PLAYER_ZONES]
        if "villain_cards" in self.ext:
            out.append(("ext.villain_cards", "villain", self.ext["villain_cards"]))
        return out

    def invariant_problems(self) -> list[str]:
        """What is wrong with the state, if anything: the checks behind ``simulate --check`` and
        ``match.load``. Every card id is a whole number 0..N-1, found exactly once, in a place its
        kind of card may be (``ALLOWED``); resources are not negative; honor is accounted for.
        Each call also remembers who held which card and how much honor, so that the next call on
        this game checks that cards changed hands and honor appeared only as the events logged in
        between say (a steal, an acquisition, honor gained, taken or returned)."""
        out: list[str] = []
        defs, n = self.ctx.defs, len(self.ctx.defs)
        seen: dict[int, str] = {}
        for where, kind, cards in self._places():
            if type(cards) is not list:
                out.append(_("{where}: expected a list of card ids, not {value}").format(where=where, value=repr(cards)))
                continue
            for c in cards:
                if type(c) is not int or not 0 <= c < n:
                    out.append(_("{where}: {value} is not a card of this match (card ids are whole numbers "
                                 "0..{last})").format(where=where, value=repr(c), last=n - 1))
                elif c in seen:
                    out.append(_("cards not conserved: card {card} ({name}) is in {first} and in {where}").format(
                        card=c, name=defs[c].name, first=seen[c], where=where))
                else:
                    seen[c] = where
                    d = defs[c]
                    if kind not in ALLOWED[d.role] or (kind == "pile" and where != f"piles.{d.id}"):
                        out.append(_("{where}: {name} (card {card}, {role}) cannot be there").format(
                            where=where, name=d.name, card=c, role=_(ROLE_WORDS[d.role])))
                    elif where.endswith(".constructs") and d.type != "construct":
                        out.append(_("{where}: {name} (card {card}) is in play as a construct but is a {type}")
                                   .format(where=where, name=d.name, card=c, type=d.type))
        if len(seen) < n:
            lost = next(c for c in range(n) if c not in seen)
            out.append(_("cards not conserved: {lost} of {n} cards are nowhere (card {card}, {name}, among them)")
                       .format(lost=n - len(seen), n=n, card=lost, name=defs[lost].name))
        if type(self.current) is not int or not 0 <= self.current < len(self.players):
            out.append(_("current: {value} is not a seat (0..{last})").format(
                value=repr(self.current), last=len(self.players) - 1))
        for p in self.players:
            values = (p.runes, p.power, p.mech_runes, p.honor)
            if any(type(v) is not int for v in values) or min(values) < 0:
                out.append(_("{name} has a negative resource").format(name=p.name))
        villain = self.ext.get("villain_honor", 0)
        if type(villain) is not int or villain < 0:
            out.append(_("ext.villain_honor: expected a whole number of honor tokens, not {value}").format(
                value=repr(villain)))
        if out:   # the honor and hand-over checks below need sound cards and numbers
            self._ledger = None
            return out
        taken = sum(p.honor for p in self.players) + self.ext.get("villain_honor", 0)
        initial = self.ctx.setup["honor_pool"]
        if self.pool < 0 or (self.pool > 0 and taken != initial - self.pool) or (self.pool == 0 and taken < initial):
            out.append(_("the honor does not add up: {pool} left in the pool and {taken} taken, of {initial} at the start").format(
                pool=self.pool, taken=taken, initial=initial))
        if not self.over and None in self.center_row and (self.center_deck or self.void):
            out.append(_("center row not full at a decision"))
        owners = {c: i for i, p in enumerate(self.players) for zone in PLAYER_ZONES for c in getattr(p, zone)}
        honors = [p.honor for p in self.players] + [self.ext.get("villain_honor", 0)]
        if self._ledger is not None and self._ledger[0] <= len(self.log):
            logged, owners_then, honors_then = self._ledger
            out += self._unexplained(logged, owners_then, honors_then, owners, honors)
        self._ledger = (len(self.log), owners, honors)
        return out

    def _unexplained(self, logged: int, owners_then: dict, honors_then: list, owners: dict,
                     honors: list) -> list[str]:
        """Cards that changed hands and honor that changed since the last check (when the log
        held ``logged`` events) without an event saying why. Seat -1 (the solo villain) is last."""
        out = []
        events = self.log[logged:]
        steals = Counter((int(e.where), e.seat) for e in events if e.kind == "stole")
        public = {e.card for e in events if e.kind in ("acquired", "defeated", "kept")}  # via a public zone
        for c, seat in owners.items():
            was = owners_then.get(c)
            if was is None or was == seat or c in public:
                continue
            if steals[(was, seat)]:
                steals[(was, seat)] -= 1
                continue
            out.append(_("card {card} ({name}) went from {giver} to {taker} with no rule moving it").format(
                card=c, name=self.name_of(c), giver=self.seat_name(was), taker=self.seat_name(seat)))
        if len(honors) != len(honors_then):
            return out
        expected = [0] * len(honors)
        for e in events:
            if e.seat is None:   # honor always goes to or from a seat
                continue
            if e.kind == "gained_honor":
                expected[e.seat] += e.n
            elif e.kind == "returned_honor":
                expected[e.seat] -= e.n
            elif e.kind == "took_honor":
                expected[e.seat] += e.n
                expected[int(e.where)] -= e.n
        for i, (now, then, change) in enumerate(zip(honors, honors_then, expected)):
            if now - then != change:
                who = self.seat_name(i if i < len(self.players) else -1)
                out.append(_("{who}'s honor tokens went from {then} to {now}, but the events since account "
                             "for {change}").format(who=who, then=then, now=now, change=f"{change:+d}"))
        return out

    def check_integrity(self) -> None:
        problems = self.invariant_problems()
        if problems:
            raise ValueError("; ".join(problems))

    # ------------------------------------------------------------------ scores and views
    def card_honor(self, seat: int) -> int:
        defs = self.ctx.defs
        return sum(defs[c].honor for c in self.players[seat].owned())

    def scores(self) -> list[dict]:
        """Per seat: tokens, card honor, total; plus any non-seat opponent (plugins)."""
        rows = []
        for i, p in enumerate(self.players):
            cards = self.card_honor(i)
            rows.append({"seat": i, "name": p.name, "tokens": p.honor, "cards": cards,
                         "total": p.honor + cards, "last_turn": self.last_turn[i]})
        rows.extend(self.ctx.hooks.extra_scores(self))
        return rows

    def sides(self) -> list[list[int]]:
        """The seats that win or lose together: the teams under team play, else each seat alone
        (the solo villain, seat -1, is on no side). Asked of the plugins (``asc_sides``) once,
        at set-up; a plugin's answer that does not put each seat in exactly one side is refused
        with a PluginError naming it."""
        sides = self.ctx.sides
        if sides is None:
            sides = self.ctx.sides = _checked_sides(self.ctx.hooks, self.ctx.hooks.sides(self), len(self.players))
        return [list(side) for side in sides]

    def teams(self) -> list[list[int]]:
        """The sides when seats play in teams, else [] (front ends and records show teams only then)."""
        sides = self.sides()
        return sides if any(len(side) > 1 for side in sides) else []

    def _best_sides(self) -> tuple[list[list[int]], int, dict[int, dict]]:
        """The sides (a player, or a team, or the solo villain) with the most honor, that total,
        and the score rows."""
        rows = {r["seat"]: r for r in self.scores()}
        sides = self.sides()
        sides += [[s] for s in rows if not any(s in side for side in sides)]   # the villain's row
        totals = [(side, sum(rows[s]["total"] for s in side)) for side in sides]
        best = max(total for __, total in totals)
        return [side for side, total in totals if total == best], best, rows

    def winners(self) -> list[int]:
        """Winning seat(s): the side (a player, or a team) with most honor; a tie goes to the tied
        side whose member took a turn most recently. Seat -1 stands for the solo villain."""
        won = self.ext.get("winner")  # a card won the game outright (Arha Emissary): that side wins
        if won is not None:
            return sorted(next((side for side in self.sides() if won in side), [won]))
        tied, __, rows = self._best_sides()
        return sorted(max(tied, key=lambda side: max(rows[s]["last_turn"] for s in side)))

    def tie_break(self) -> str:
        """Why the winners won, when the best total was tied ("" otherwise): the tie goes to the
        side whose player took a turn most recently."""
        if self.ext.get("winner") is not None:   # won outright by a card: no tie to break
            return ""
        tied, best, __ = self._best_sides()
        if len(tied) < 2:
            return ""

        def names(side: list[int]) -> str:
            return " & ".join(self.seat_name(s) for s in side)
        return _("{tied} tied at {best} honor; the tie goes to the side whose player took a turn most "
                 "recently: {winners}.").format(tied=wording.and_list([names(side) for side in tied]),
                                                 best=best, winners=names(self.winners()))

    def view(self, seat: int) -> View:
        """What ``seat`` may know of the game (:class:`~ascension.core.view.View`)."""
        return View(self, seat)

    def public_status(self, seat: int) -> list[tuple[str, str]]:
        """What plugins show about a seat (Renown on the Legendary Track, Boons to use...)."""
        return self.ctx.hooks.public_status(self, seat)

    # ------------------------------------------------------------------ labels (in core/view.py)
    @staticmethod
    def option_card(option: tuple) -> int | None:
        """The card instance an option is about (to click on), or None (end turn, a mode, a Boon)."""
        return option_card(option)

    def label(self, option: tuple) -> str:
        """Readable text of one option of the pending decision (UI, terminal, logs)."""
        return option_label(self, option)
