"""Solo variant of the 10 Year Anniversary rulebook: the player against Samael.

Samael is a rules variant, not a bot: he makes no decisions. After each of the player's turns
he takes the two right-most center-row cards (acquiring heroes and constructs, defeating
monsters for their honor only). The center row slides right and deals on the left. The pool
holds 50 honor and the game ends at the end of the turn in which it empties.
"""
from __future__ import annotations

from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import PluginInfo
from ascension.core.i18n import N_, _, ngettext
from ascension.core.wording import and_list

PLUGIN = PluginInfo(name="samael", variant="samael", players=(1, 1),
                    summary=N_("Solo: play against Samael, who takes the two right-most center cards."))
POOL = 50
VILLAIN = -1   # the seat number events and scores use for Samael


@hookimpl
def asc_setup_match(setup):
    setup.pool = POOL


@hookimpl
def asc_game_started(game):
    game.ext["villain_name"] = N_("Samael")   # kept as written; translated where shown
    game.ext["villain_cards"] = []
    game.ext["villain_honor"] = 0


@hookimpl
def asc_refill_center_row(game, slot):
    """Slide the cards left of ``slot`` one space right and deal the new card on the left."""
    row = game.center_row
    for i in range(slot, 0, -1):
        row[i] = row[i - 1]
    card = game.deal_from_center_deck()
    row[0] = card
    if card is not None:
        game.emit("center_dealt", card=card)
    return True


def reward_honor(game, card, acquired_factions: set[str]) -> int:
    """The honor a monster's reward gives; the villain ignores every other reward. Honor given
    "if you played or acquired a <faction> card this turn" (the Legends Remnants) counts when the
    villain acquired such a card earlier in its own turn (it plays none)."""
    effects = game.card(card).effects

    def honor(key: str) -> int:
        total = 0
        for i, step in enumerate(effects.get(key, ())):
            if step.verb.name == "gain":
                total += step.params.honor
            elif step.verb.name == "if_played_or_acquired" and step.params.faction in acquired_factions:
                total += honor(f"{key}.{i}.then")
        return total
    return honor("reward")


@hookimpl
def asc_turn_ended(game, seat):
    if game.pool_ran_dry():  # the pool emptied on the player's turn: the game ends with that turn
        return
    take_right_most(game)
    end_if_pool_ran_dry(game)


def end_if_pool_ran_dry(game) -> None:
    """The villain took the last token: "at the end of the turn in which this happens, compare"
    (solo rules), before any extra turn the player has waiting (Tablet of Time's Dawn)."""
    if game.pool_ran_dry():
        game.finish()


def take_right_most(game, after=None) -> None:
    """The villain's turn: the two right-most center cards, heroes and constructs set aside,
    monsters defeated into the Void for their honor. ``after(game, card)`` runs for each card
    taken (the Cult of Ascension Legends also gains Renown)."""
    acquired_factions: set[str] = set()   # of the heroes and constructs taken this turn
    for _take in range(2):
        card = game.center_row[-1]
        if card is None:
            return
        slot = game.leave_center(card)
        if game.card(card).type == "monster":
            game.void.append(card)
            game.emit("defeated", VILLAIN, card, where="center_row")
            honor = reward_honor(game, card, acquired_factions)
            if honor:
                game.gain_honor(VILLAIN, honor)
        else:
            game.ext["villain_cards"].append(card)
            acquired_factions.update(game.card(card).factions)
            game.emit("villain_took", VILLAIN, card)
        if after is not None:
            after(game, card)
        game.refill(slot)


@hookimpl
def asc_public_status(game, seat):
    """What the villain has set aside (how many, the latest two), and the cards it would take
    were the player's turn to end now (right-most first): what the player leaves it."""
    if seat != VILLAIN:
        return []
    aside = game.ext["villain_cards"]
    latest = and_list([game.name_of(c) for c in aside[:-3:-1]])   # names may hold commas
    n = len(aside)
    said = (ngettext("{n} card, the latest {cards}", "{n} cards, the latest {cards}", n) if latest
            else ngettext("{n} card", "{n} cards", n)).format(n=n, cards=latest)
    out = [(_("Set aside"), said)]
    row = game.center_row
    nxt = [game.name_of(c) for c in (row[-1], row[-2]) if c is not None]
    return out + ([(_("Takes next"), and_list(nxt))] if nxt else [])


@hookimpl
def asc_game_over(game, seat):
    """Samael's turn follows each of the player's turns; the game ends once the pool is empty."""
    return game.pool_ran_dry()


@hookimpl
def asc_extra_scores(game):
    cards = sum(game.card(c).honor for c in game.ext["villain_cards"])
    tokens = game.ext["villain_honor"]
    # Samael acts after the player, so he "took a turn most recently" on a tie.
    return [{"seat": VILLAIN, "name": game.ext.get("villain_name", "Samael"), "tokens": tokens, "cards": cards, "total": tokens + cards,
             "last_turn": game.turn + 1}]
from .samael_bot import asc_bot_advice  # noqa: E402,F401  (what Samael's turn means to the bots)
