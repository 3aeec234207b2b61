"""Every hook a plugin may implement, in one place.

Families (by calling convention):
- load-time registration: ``asc_register_verbs`` (collecting)
- match setup: ``asc_validate_setup``, ``asc_setup_match`` (collecting)
- notification: ``asc_game_started``, ``asc_card_entered_center_row``, ``asc_card_played``,
  ``asc_card_acquired``,
  ``asc_card_defeated``, ``asc_turn_ended``, ``asc_event`` (collecting, return None)
- rule seam: ``asc_refill_center_row``, ``asc_game_over``, ``asc_opponents``, ``asc_sides``,
  ``asc_apply_action``, ``asc_option_label`` (firstresult; the base rules plugin supplies the
  default with ``trylast=True`` where there is one)
- contribution: ``asc_extra_scores``, ``asc_extra_actions``, ``asc_public_status`` (collecting,
  flattened by the caller)

Notification hooks no plugin implements are skipped by the engine, so they cost nothing.
"""
from __future__ import annotations

import pluggy

PROJECT = "ascension"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def asc_register_verbs(registry):
    """Load time: add effect verbs to ``registry`` (a :class:`~ascension.core.verbs.VerbRegistry`)."""


@hookspec
def asc_validate_setup(setup):
    """Before a match is built: return a list of messages for what makes ``setup`` impossible."""


@hookspec
def asc_setup_choices():
    """Choices a variant offers at setup, for front ends: a list of dicts ``{"variant", "path"
    (keys into setup.options[variant]), "label", "choices": [(value, text), ...]}``; the first
    choice (value None) means "let the game choose"."""


@hookspec
def asc_setup_match(setup):
    """Before a match is built: adjust ``setup`` (a mutable MatchSetup), e.g. the honor pool."""


@hookspec
def asc_game_started(game):
    """After the opening deal, before the first decision."""


@hookspec
def asc_card_entered_center_row(game, card, slot):
    """A card just entered the center row at ``slot`` (opening deal and every refill)."""


@hookspec
def asc_card_played(game, seat, card):
    """``seat`` just put ``card`` from hand into play, before its own effect resolves."""


@hookspec
def asc_public_status(game, seat):
    """Public facts about ``seat`` a plugin keeps (Renown, Boons): a list of (label, text) pairs
    that front ends show beside the seat. ``seat`` -1 is the solo villain."""


@hookspec
def asc_card_acquired(game, seat, card, where):
    """``seat`` acquired ``card`` from ``where`` ("center_row", "pile" or "void")."""


@hookspec
def asc_card_defeated(game, seat, card, where):
    """``seat`` defeated monster ``card`` in ``where`` ("center_row", "pile" or "void")."""


@hookspec(firstresult=True)
def asc_refill_center_row(game, slot):
    """A card left center-row ``slot``: fill the row again. Return True when handled."""


@hookspec
def asc_turn_ended(game, seat):
    """``seat`` finished a turn (hand discarded, new hand drawn), before the game-over check."""


@hookspec(firstresult=True)
def asc_game_over(game, seat):
    """After ``seat``'s turn (and any ``asc_turn_ended`` work): return True if the game ends now."""


@hookspec(firstresult=True)
def asc_opponents(game, seat):
    """The seats an "each opponent" effect of ``seat`` reaches, in turn order."""


@hookspec(firstresult=True)
def asc_sides(game):
    """The sides that win or lose together, as lists of seats (teams); None = every seat alone."""


@hookspec
def asc_extra_actions(game, seat):
    """Main-action options a plugin adds for ``seat`` (tuples whose first item is a new kind)."""


@hookspec(firstresult=True)
def asc_apply_action(game, option):
    """Carry out an option added by ``asc_extra_actions``; return True when handled."""


@hookspec(firstresult=True)
def asc_option_label(game, option):
    """Readable text for an option kind the core does not know."""


@hookspec
def asc_extra_scores(game):
    """Scores of non-seat opponents (the solo villain): return a list of Score rows."""


@hookspec
def asc_event(game, event):
    """Observer: every logged event, as it happens."""
