"""Every hook a plugin may implement, in one place, in the manner of pytest's ``hookspec.py``:
each spec says when it fires, its arguments, what it may return and whether the first answer
wins. Nothing calls a hook directly: engine, set-up and front ends go through
:class:`ascension.core.plugins.Hooks`, whose method for ``asc_x`` is ``x`` with the same
arguments in order.

Families (by calling convention):
- load time: ``asc_register_verbs``, ``asc_card_sets``, ``asc_bots``, ``asc_event_texts``,
  ``asc_option_words`` (collecting)
- match setup: ``asc_setup_choices``, ``asc_validate_setup``, ``asc_setup_match``,
  ``asc_state_slots`` (collecting)
- notification: ``asc_game_started``, ``asc_card_entered_center_row``, ``asc_card_played``,
  ``asc_card_acquired``, ``asc_card_defeated``, ``asc_turn_ended``, ``asc_event`` (collecting,
  return None)
- rule seam: ``asc_refill_center_row``, ``asc_game_over``, ``asc_opponents``, ``asc_sides``,
  ``asc_apply_action``, ``asc_option_label`` (firstresult: the first plugin that answers other
  than None decides; the base rules plugin supplies the default with ``trylast=True`` where
  there is one)
- contribution: ``asc_extra_scores``, ``asc_extra_actions``, ``asc_public_status``,
  ``asc_bot_advice`` (collecting, flattened by the facade)

Notification and contribution hooks no plugin implements are skipped, so they cost nothing.
Hooks a match's rules run (everything from ``asc_game_started`` on) must be deterministic
given the state: a seed and the answers replay a game exactly.
"""
from __future__ import annotations

import inspect
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pluggy

if TYPE_CHECKING:   # annotations only: the core modules import this one
    from .engine import Game
    from .events import Event
    from .match import MatchSetup
    from .bots import BotAdvice
    from .plugins import BotKind
    from .slots import StateSlot
    from .verbs import VerbRegistry

PROJECT = "ascension"
hookspec = pluggy.HookspecMarker(PROJECT)
_mark_impl = pluggy.HookimplMarker(PROJECT)
COMPILED_IMPLS: dict[Callable, tuple[Callable, tuple[str, ...]]] = {}   # stand-in -> compiled function, its arguments
SERVES: dict[Callable, Callable[[Any], bool]] = {}   # a notification's implementation -> the matches it serves


def hookimpl(function=None, *, serves: Callable[[Any], bool] | None = None, **options):
    """Mark a hook implementation (pluggy's ``HookimplMarker``, with its options). pluggy takes
    only Python functions, and reads their arguments from their code: a function compiled by
    mypyc has neither, so it is registered through a Python stand-in, and ``COMPILED_IMPLS``
    keeps what the stand-in stands for. :class:`~ascension.core.plugins.Hooks` calls the compiled
    function itself; a plugin compiles unchanged.

    ``serves``: for a notification only matches with some cards need (the Legendary Track's
    Emissaries), a test of a match's card tables (:class:`~ascension.core.engine.CardTables`,
    ``lambda tables: "emissary" in tables.keywords``): a match whose cards it does not serve
    never calls it, so it costs that match nothing per move."""
    if function is None:
        return lambda f: hookimpl(f, serves=serves, **options)
    held = function if inspect.isfunction(function) else _stand_in(function)
    if serves is not None:
        SERVES[held] = serves
    return _mark_impl(held, **options)


def _stand_in(compiled: Callable) -> Callable:
    """A Python function calling ``compiled``, for pluggy to register and mark."""
    def stand_in(*args):
        return compiled(*args)
    stand_in.__name__ = stand_in.__qualname__ = compiled.__name__
    stand_in.__module__, stand_in.__doc__ = compiled.__module__, compiled.__doc__
    COMPILED_IMPLS[stand_in] = (compiled, tuple(inspect.signature(compiled).parameters))
    return stand_in


# ---------------------------------------------------------------------------- load time

@hookspec
def asc_register_verbs(registry: VerbRegistry) -> None:
    """Add effect verbs (and the card fields a plugin owns, like ``fate``) to ``registry``.

    Fires whenever a set file is compiled, with a fresh registry and the plugins of that
    compilation (the base rules and whatever the match or the set's ``requires`` enable).
    Returns nothing."""


@hookspec
def asc_card_sets() -> list[str | Path]:
    """The card set files (TOML, like ``sets/10th.toml``) an installed package ships.

    Fires once, when the installed plugins are loaded; every installed plugin is asked, whether
    or not a match enables it. Returns a list of paths; each file is offered as the set named
    after the file (``tiny.toml`` is set ``tiny``; its ``[set]`` id should say the same). A
    set whose id is already taken (a built-in set's, or one another plugin ships) is refused
    and named, with both files, among the plugin load errors; the other sets still load. A set
    whose cards use a plugin's verbs or fields lists that plugin in its ``[set] requires``."""


@hookspec
def asc_bots() -> list[BotKind]:
    """The bots an installed package offers: each a :class:`~ascension.core.plugins.BotKind`
    (its name, a factory ``(defs, seed, seat, **options) -> Bot``, a one-line summary).

    Fires once, when the installed plugins are loaded; every installed plugin is asked, whether
    or not a match enables it, in pluggy's calling order (the built-in tiers are ``tryfirst``).
    Returns a list of BotKind. The bots are offered by ``--bots``, saved seats and the desktop's
    seat menus. A name that is taken already, or that is no bot name (lowercase letters,
    digits, ``-`` and ``_``), is refused and named among the plugin load errors; the other
    bots still load. A bot decides from the redacted view only, and from its own RNG (the
    base ``Bot`` derives one from the seed and its seat), so a seed replays its games."""


@hookspec
def asc_event_texts() -> dict[str, str]:
    """The sentences of the kinds of event a plugin emits (``game.emit("renown", ...)``), so
    that the log words them: ``{kind: sentence}``, or ``{"kind:where": sentence}`` where the
    place changes the sentence, each marked with ``N_()`` (translated where shown).

    Fires once, when the installed plugins are loaded; every installed plugin is asked. Returns
    a dict. A sentence may use ``{who}`` (the event's seat), ``{card}``, ``{n}``, ``{faction}``
    (``where`` as a faction's name) and ``{where}``. A kind the core or an earlier plugin words
    already is refused and named among the plugin load errors; the others still load."""


@hookspec
def asc_option_words() -> dict[str, Callable[..., str]]:
    """How to word the plugin's own kinds of option (those of ``asc_extra_actions`` and of its
    verbs' choices) where there is no game to ask, as bots explaining a move are:
    ``{kind: words}``, where ``words(defs, option, seat_name)`` returns the option's text from
    the card definitions (``defs[card].name``) and ``seat_name(seat)``, translated.

    Fires once, when the installed plugins are loaded; every installed plugin is asked. Returns
    a dict of functions. A kind the core or an earlier plugin words already is refused and named
    among the plugin load errors; the others still load. Words that raise show the option as
    data, and the failure is logged. (At the table, ``asc_option_label`` words the same options
    from the game.)"""


# ---------------------------------------------------------------------------- match setup

@hookspec
def asc_state_slots() -> list[StateSlot]:
    """The parts of the game state this plugin keeps, each a :class:`~ascension.core.slots.StateSlot`
    (its key in ``game.ext``, the shape of its JSON, a line saying what it holds).

    Fires when a saved game is loaded, asked of the match's plugins: every key of the saved
    ``ext`` must be declared by the core or by one of them, with a value of the declared shape,
    or the file is refused with the part's path. Returns a list of StateSlot. A plugin keeps its
    state only under keys it declares, as plain JSON (cloned and saved as it is)."""


@hookspec
def asc_setup_choices() -> list[dict]:
    """Choices a variant offers at setup, for front ends.

    Fires when a front end shows the setup of the chosen variants. Returns a list of dicts
    ``{"variant", "path" (keys into setup.options[variant]), "label", "choices": [(value,
    text), ...]}``; the first choice (value None) means "let the game choose"."""


@hookspec
def asc_validate_setup(setup: MatchSetup) -> list[str]:
    """What makes ``setup`` impossible for this plugin (player count, options).

    Fires before a match is built, after its sets are loaded. Returns a list of messages
    (empty: nothing to object); any message refuses the setup with all of them."""


@hookspec
def asc_setup_match(setup: MatchSetup) -> None:
    """Adjust ``setup`` (a mutable MatchSetup) before the match is built: the honor pool, cards
    set aside (``setup.aside``). Fires once ``asc_validate_setup`` found nothing to object to.
    Must be deterministic given ``setup.seed`` and ``setup.options`` (replay). Returns nothing."""


# ---------------------------------------------------------------------------- notifications

@hookspec
def asc_game_started(game: Game) -> None:
    """Fires once a match, after the opening deal, before the first turn starts. Returns nothing."""


@hookspec
def asc_card_entered_center_row(game: Game, card: int, slot: int) -> None:
    """Fires when card instance ``card`` has just entered the center row at ``slot``: at the
    opening deal and every refill. Effects it queues wait until the card taken has resolved
    (official timing, see ``Game.refill``). Returns nothing."""


@hookspec
def asc_card_played(game: Game, seat: int, card: int) -> None:
    """Fires when ``seat`` has just put ``card`` from hand into play, before its own effect
    resolves. Returns nothing."""


@hookspec
def asc_card_acquired(game: Game, seat: int, card: int, where: str) -> None:
    """Fires when ``seat`` has acquired ``card`` from ``where`` ("center_row", "pile" or
    "void"): after it was paid for and moved (and its center-row slot refilled), before its
    "when acquired" triggers. Returns nothing."""


@hookspec
def asc_card_defeated(game: Game, seat: int, card: int, where: str) -> None:
    """Fires when ``seat`` defeats monster ``card`` in ``where`` ("center_row", "pile" or
    "void"): paid for, still where it was, before it goes to the Void and its reward resolves.
    Returns nothing."""


@hookspec
def asc_turn_ended(game: Game, seat: int) -> None:
    """Fires when ``seat`` has finished a turn (hand and played cards discarded, a new hand
    drawn), before the game-over check. Returns nothing."""


@hookspec
def asc_event(game: Game, event: Event) -> None:
    """Observer: fires for every event, as it is logged (many hundreds a game: keep it quick).
    Returns nothing."""


# ---------------------------------------------------------------------------- rule seams

@hookspec(firstresult=True)
def asc_refill_center_row(game: Game, slot: int) -> bool | None:
    """Center-row ``slot`` was emptied: fill the row again (the base rules deal from the center
    deck; Samael's row slides). Fires every time a card leaves the row. Returns True when
    handled, None to leave it to the next plugin."""


@hookspec(firstresult=True)
def asc_game_over(game: Game, seat: int) -> bool | None:
    """Whether the game ends now. Fires after each of ``seat``'s turns, after
    ``asc_turn_ended``, unless an extra turn follows at once. Returns True or False to decide,
    None to leave it to the next plugin."""


@hookspec(firstresult=True)
def asc_opponents(game: Game, seat: int) -> list[int] | None:
    """The seats an "each opponent" effect of ``seat`` reaches, in turn order. Fires whenever
    such an effect resolves. Returns the list, or None to leave it to the next plugin."""


@hookspec(firstresult=True)
def asc_sides(game: Game) -> list[list[int]] | None:
    """The sides that win or lose together (teams), as lists of seats: every seat in exactly
    one side. Fires once a match, at set-up right after ``asc_game_started`` (and again if its
    plugins change); must follow from the setup alone, since it is not saved. Front ends and
    records ask ``Game.sides()`` / ``Game.teams()``. Returns the sides, or None when every
    seat plays alone."""


@hookspec(firstresult=True)
def asc_apply_action(game: Game, option: tuple) -> bool | None:
    """Carry out a main-action ``option`` added by ``asc_extra_actions`` (its first item is
    the plugin's kind). Fires when a player chooses an option the core does not know. Returns
    True when handled; None from every plugin refuses the answer."""


@hookspec(firstresult=True)
def asc_option_label(game: Game, option: tuple) -> str | None:
    """Readable text for an option whose kind the core does not know. Fires whenever a front
    end or log labels one. Returns the text, or None to leave it to the next plugin."""


# ---------------------------------------------------------------------------- contributions

@hookspec
def asc_extra_actions(game: Game, seat: int) -> list[tuple]:
    """Main-action options a plugin adds for ``seat`` (tuples whose first item is a kind of the
    plugin's own, carried out by ``asc_apply_action``). Fires every time ``seat``'s main
    decision is worked out. Returns a list (possibly empty); all plugins' lists are joined.

    :data:`NOTHING_UNTIL_CHANGED` is an empty answer that also says "nothing for any seat until
    I call ``game.extra_actions_changed()``": where the plugin is the match's only one with extra
    actions, the engine then stops asking until that call (the Legendary Track, most of a game:
    no Boon earned this turn, no Legendary status), and asks again after a load, a copy or an
    edit."""


class NothingUntilChanged(tuple):
    """The type of :data:`NOTHING_UNTIL_CHANGED`: an empty tuple, so that whatever joins answers
    (several plugins', pluggy's) reads it as nothing."""


NOTHING_UNTIL_CHANGED = NothingUntilChanged()


@hookspec
def asc_extra_scores(game: Game) -> list[dict]:
    """Score rows of opponents that are not seats (the solo villain, seat -1), shaped like
    ``Game.scores()``'s. Fires whenever the scores are asked, and whenever the built-in bots
    weigh the honor race (each row is a rival taking honor from the pool). Returns a list of
    rows."""


@hookspec
def asc_public_status(game: Game, seat: int) -> list[tuple[str, str]]:
    """Public facts about ``seat`` a plugin keeps (Renown, Boons), which front ends show beside
    the seat; ``seat`` -1 is the solo villain. Fires whenever a front end draws a seat.
    Returns a list of (label, text) pairs."""


@hookspec
def asc_bot_advice(game: Game) -> list[BotAdvice]:
    """What the plugin's rules are worth to a bot: each a :class:`~ascension.core.bots.BotAdvice`
    (Renown and Boons for the Legendary Track, the cards a solo villain takes next...), so that
    bots know a plugin's rules without naming them.

    Fires whenever a built-in bot weighs a position of ``game`` (a world it imagines: read it
    like any state), about once per decision and per rollout turn. Returns a list (possibly
    empty); all plugins' lists are joined. No implementation: the bots weigh the core rules only."""
