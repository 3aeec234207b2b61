"""A move that raises never costs a game: the one rule both front ends (the desktop and the
terminal game) follow when they hand an answer to the session.

The engine promises that a failed ``Game.apply`` leaves the game as it was; this holds even if
it did not (an engine bug): the session is put back from a clone taken just before the move
(a clone costs a few microseconds, cheaper than any check), with its log, undo stack and bot
moves trimmed to where they were.
"""
from __future__ import annotations

import logging
from typing import Callable

from ascension.core import engine
from ascension.core.bots import BotFailed
from ascension.core.i18n import _
from ascension.core.session import Session

log = logging.getLogger(__name__)


def move_failure(exc: Exception) -> str:
    """What a person is told when a move raised: which plugin and hook when a plugin failed."""
    if isinstance(exc, getattr(engine, "PluginError", ())):
        return _("That move could not be made (the plugin '{plugin}' failed in {hook}: {error}). The game is as it "
                 "was before the move.").format(plugin=exc.plugin, hook=exc.hook,
                                                error=f"{type(exc.original).__name__}: {exc.original}")
    if isinstance(exc, BotFailed):
        return _("That move could not be made (the bot '{bot}' failed: {error}). The game is as it was before the "
                 "move.").format(bot=exc.bot, error=exc.error)
    return _("That move could not be made (an error in the program: {error}). The game is as it was before the "
             "move.").format(error=f"{type(exc).__name__}: {exc}")


def make_move(session: Session, move: Callable[[], object]) -> str | None:
    """Run ``move`` (``session.answer(i)``, ``session.apply_bot(...)``); if it raises, put the
    session back as it was and return what to tell the person (None: the move was made)."""
    game = session.game
    before, log_length = game.clone(), len(game.log)
    undo_length, moves_length = len(session.undo_stack), len(session.bot_moves)
    try:
        move()
        return None
    except Exception as exc:   # a plugin, a bot's answer, an engine bug: the game survives it
        log.error("a move failed; the game is kept as it was", exc_info=exc)
        before.log = game.log[:log_length]
        session.game = before
        del session.undo_stack[undo_length:], session.bot_moves[moves_length:]
        return move_failure(exc)
