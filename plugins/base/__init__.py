"""The base rules of Ascension, shipped as a plugin like any other.

Supplies the core verbs, the default center-row refill (deal from the center deck into the
empty slot) and the default end of game (the round in which the honor pool empties).
"""
from __future__ import annotations

from ascension.core.hookspecs import hookimpl
from ascension.core.i18n import N_, _, ngettext
from ascension.core.plugins import PluginInfo

from . import verbs, verbs_fallen

PLUGIN = PluginInfo(name="base", summary=N_("The core rules: turns, center row, honor pool, scoring."),
                    always=True)


@hookimpl
def asc_register_verbs(registry):
    for verb in verbs.ALL + verbs_fallen.ALL:
        registry.add(verb)


@hookimpl(trylast=True)
def asc_refill_center_row(game, slot):
    card = game.deal_from_center_deck()
    game.center_row[slot] = card
    if card is not None:
        game.emit("center_dealt", card=card)
    return True


@hookimpl(trylast=True)
def asc_game_over(game, seat):
    """The game ends once the round in which the pool emptied is complete (last seat played)."""
    return game.pool_ran_dry() and seat == len(game.players) - 1


@hookimpl(trylast=True)
def asc_opponents(game, seat):
    n = len(game.players)
    return [(seat + i) % n for i in range(1, n)]


@hookimpl(trylast=True)
def asc_option_label(game, option):
    """A mode of the ``choose`` verb ("choose one: ...") reads as its effect text."""
    if option[0] == "mode":
        return option[2]
    return None


@hookimpl
def asc_validate_setup(setup):
    problems = []
    if not setup.solo and not 2 <= setup.players <= 6:
        problems.append(ngettext("{n} player: a game needs 2 to 6 players, or a solo variant for 1",
                                 "{n} players: a game needs 2 to 6 players, or a solo variant for 1",
                                 setup.players).format(n=setup.players))
    if setup.solo and setup.players != 1:
        problems.append(_("the solo variant '{variant}' is for exactly 1 player, not {n}").format(
            variant=setup.solo, n=setup.players))
    # A set alone allows what its rulebook says; any mix of sets allows up to 6 players.
    limit = setup.card_sets[0].max_players if len(setup.card_sets) == 1 else 6
    if setup.players > limit and not problems:   # (7 players: said once, not again of the set)
        sets = " + ".join(s.id for s in setup.card_sets)
        problems.append((_("{n} players: {sets} allows at most {limit} (mix in another set for more)") if limit < 6
                         else _("{n} players: {sets} allows at most {limit}")).format(
            n=setup.players, sets=sets, limit=limit))
    return problems
