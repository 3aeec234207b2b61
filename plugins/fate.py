"""Fate (Return of the Fallen): a card's Fate effect resolves the moment it enters the center row.

That includes the opening deal and every refill, on anyone's turn, before anything else
happens. When several Fate cards enter at once (the opening deal, a chain of refills) they
resolve in the order they entered: left to right at the opening deal. "You" in a Fate effect
is the player whose turn it is.
"""
from __future__ import annotations

from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import PluginInfo

PLUGIN = PluginInfo(name="fate", summary="Fate effects resolve when a card enters the center row.")


@hookimpl
def asc_register_verbs(registry):
    registry.add_field("fate", "Fate")


@hookimpl
def asc_card_entered_center_row(game, card, slot):
    game.queue(card, "fate", game.current)
