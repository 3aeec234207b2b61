"""What the solo villain's turn means to the bots (``asc_bot_advice``): after each of the
player's turns the villain takes the two right-most center-row cards, so the row is a queue
the villain eats from the right, two cards a turn, new cards joining on the left. A card the
player takes or banishes from that queue is one the villain never gets: the villain takes
instead the card that would have been just out of its reach when the game ends. The Cult
(:mod:`.cult_bot`) adds its Renown to what a card is worth to it.

The game ends at the end of the turn in which the pool empties, so the player's last honor
decides who moves last: emptied on the player's turn, the villain never takes its next two
cards; left with no more than those two cards take from it, the villain's turn ends the game and
the player's next turn is lost."""
from __future__ import annotations

from ascension.core.bots import BotAdvice
from ascension.core.hookspecs import hookimpl

DENY = 1.0   # share of the villain's loss a denial is worth to the player (honor against honor)


class VillainAdvice(BotAdvice):
    def leave_row(self, sense, card: int) -> float:
        """The villain's honor lost when ``card`` leaves the row now: the card's worth to it,
        less that of the card which then comes into its reach instead."""
        queue, reach = self.queue(sense)
        if card not in queue[:reach]:
            return 0.0
        rest = [c for c in queue if c != card]
        return DENY * (self.haul(sense, queue[:reach]) - self.haul(sense, rest[:reach]))

    def turn_end(self, sense, pool: int, taken: set) -> float:
        """Emptied now: the villain's next two cards are denied it. Left within their reach: the
        player's next turn (about five plays of its deck's average card) is lost."""
        row = [c for c in sense.game.center_row if c is not None and c not in taken]
        nxt = row[:-3:-1]
        if pool <= 0:
            return self.haul(sense, nxt + [None] * (2 - len(nxt)))
        if pool <= self.from_pool(sense, nxt):
            return -5 * sense.avg
        return 0.0

    def from_pool(self, sense, cards: list) -> float:
        """The honor the villain takes from the pool for ``cards`` (not that of the cards it
        sets aside)."""
        g = sense.game
        return self.haul(sense, cards) - sum(g.card(c).honor for c in cards if g.card(c).type != "monster")

    def rivals_future(self, sense) -> float:
        queue, reach = self.queue(sense)
        return self.haul(sense, queue[:reach])

    @staticmethod
    def queue(sense) -> tuple[list, int]:
        """The cards the villain will take, in order (``None``: an unknown card from the center
        deck), and how many it takes before the game ends (two after each of the player's
        turns; none once the pool is empty, the game then ends with the player's turn)."""
        memo = sense.memo.get("villain queue")
        if memo is None:
            g = sense.game
            known = [c for c in reversed(g.center_row) if c is not None]
            reach = 0 if g.pool <= 0 else 2 + 2 * round(sense.turns_left)
            memo = sense.memo["villain queue"] = (known + [None] * max(0, reach + 1 - len(known)), reach)
        return memo

    def haul(self, sense, cards: list) -> float:
        """The villain's honor from taking ``cards`` (Samael: their honor, a monster's reward)."""
        return sum(self.worth(sense, c) for c in cards)

    def worth(self, sense, card) -> float:
        if card is None:
            return self.unknown(sense)
        from .samael import reward_honor   # here: samael imports this module as it loads
        g = sense.game
        if g.card(card).type == "monster":
            return reward_honor(g, card, set())
        return g.card(card).honor

    def unknown(self, sense) -> float:
        """The average worth of a card still in the center deck (its composition is public)."""
        v = sense.memo.get("villain unknown")
        if v is None:
            deck = sense.game.center_deck or sense.game.void
            v = sense.memo["villain unknown"] = sum(self.worth(sense, c) for c in deck) / len(deck) if deck else 0.0
        return v


ADVICE = [VillainAdvice()]


@hookimpl
def asc_bot_advice(game):
    return ADVICE
