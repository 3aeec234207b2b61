"""Fate (Return of the Fallen): a card's Fate effect resolves the moment it enters the center row.

That includes the opening deal and every refill, on anyone's turn. The timing is the official
one (Stone Blade's support article "What are the timing rules for Ascension?"): the card taken
leaves, its slot is refilled at once, the taken card's own effects (its reward, its "when
acquired", the triggers it set off) resolve in full, and only then the Fate of the card dealt
(``Game.refill`` orders the stack so). When several Fate cards enter (the opening deal, a chain
of refills, two cards taken by Samael) they resolve in the order they entered: left to right at
the opening deal. "You" in a Fate effect is the player whose turn it is.
"""
from __future__ import annotations

from ascension.core.hookspecs import hookimpl
from ascension.core.i18n import N_
from ascension.core.plugins import PluginInfo
from ascension.core.slots import StateSlot

PLUGIN = PluginInfo(name="fate", summary=N_("Fate effects resolve when a card enters the center row."))


@hookimpl
def asc_register_verbs(registry):
    registry.add_field("fate", N_("Fate"))   # translated where card text shows it


@hookimpl
def asc_state_slots():
    return [StateSlot("neighbours", dict[str, list[int]],
                      "a defeated monster's two neighbours in the center row, for its reward (Ravenous Gorph)")]


@hookimpl
def asc_card_entered_center_row(game, card, slot):
    game.queue(card, "fate", game.current)


@hookimpl
def asc_card_defeated(game, seat, card, where):
    """Ravenous Gorph's reward may banish "a card that was next to this one": when a monster with
    such a reward is defeated in the center row (this hook runs before it leaves the row),
    remember its two neighbours for the reward (``game.ext["neighbours"]``, plain data)."""
    if where != "center_row" or card not in game.center_row:
        return
    if not any(s.verb.name == "banish_former_neighbour" for s in game.card(card).effects.get("reward", ())):
        return
    row = game.center_row
    slot = row.index(card)
    near = [row[s] for s in (slot - 1, slot + 1) if 0 <= s < len(row) and row[s] is not None]
    game.ext.setdefault("neighbours", {})[str(card)] = near
