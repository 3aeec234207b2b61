"""Solitaire variant of Ascension Legends: the player against the Cult (``--variants cult``).

Like Samael (whose rules this module shares rather than copies): one player with one starting
deck takes the first turn; after each of the player's turns the Cult takes the two right-most
center-row cards, setting heroes and constructs aside and defeating monsters into the Void for
the honor of their reward only. The center row slides right and deals on the left. The game
ends at the end of the turn in which the pool empties, and the Cult scores like Samael.

What Legends adds: a 60-honor pool, and a set of Renown markers for the Cult. It gains Renown
for each card it takes, as a player would (1 per faction on the card; a hero's "When you
acquire this" Renown of a named faction too; a monster's Renown reward not, being "other
rewards"), and each milestone it reaches (3, 6, 9) gives it that much honor from the pool. It
earns no Boons and no Legendary status. The Cult needs the Legendary Track plugin: play the
``legends`` set (which requires it) or add ``--variants legendary``.
"""
from __future__ import annotations

from ascension.core.hookspecs import hookimpl
from ascension.core.i18n import N_, _
from ascension.core.plugins import PluginInfo
from ascension.plugins import samael
from ascension.plugins.legendary.track import card_renown, gain_renown, renown

PLUGIN = PluginInfo(name="cult", variant="cult", players=(1, 1),
                    summary=N_("Solo (Ascension Legends): play against the Cult, which takes the two right-most "
                               "center cards and gains Renown."))
POOL = 60
VILLAIN = samael.VILLAIN

# Shared with Samael: slide-right refill, game over when the pool is empty, the villain's score
# and what it takes next.
asc_refill_center_row = samael.asc_refill_center_row
asc_game_over = samael.asc_game_over
asc_extra_scores = samael.asc_extra_scores
asc_public_status = samael.asc_public_status


@hookimpl
def asc_validate_setup(setup):
    if "cult" in setup.variants and "legendary" not in setup.plugins:
        return [_("the Cult needs the Legendary Track: play the legends set or add the 'legendary' variant")]
    return []


@hookimpl
def asc_setup_match(setup):
    setup.pool = POOL


@hookimpl
def asc_game_started(game):
    game.ext["villain_name"] = N_("The Cult")   # kept in English; translated where shown
    game.ext["villain_cards"] = []
    game.ext["villain_honor"] = 0
    renown(game, VILLAIN)  # its markers start at the bottom of every path


def cult_renown(game, card: int) -> None:
    """Renown for a card the Cult took, and the honor of every milestone it reaches."""
    reached = card_renown(game, VILLAIN, card)
    if game.card(card).type != "monster":
        for step in game.card(card).effects.get("on_acquire", ()):
            if step.verb.name == "gain_renown" and step.params.faction:
                reached += gain_renown(game, VILLAIN, step.params.faction, step.params.n)
    for milestone in reached:
        game.gain_honor(VILLAIN, milestone)


@hookimpl
def asc_turn_ended(game, seat):
    if game.pool_ran_dry():  # the pool emptied on the player's turn: the game ends with that turn
        return
    samael.take_right_most(game, after=cult_renown)
    samael.end_if_pool_ran_dry(game)
from .cult_bot import asc_bot_advice  # noqa: E402,F401  (what the Cult's turn means to the bots)
