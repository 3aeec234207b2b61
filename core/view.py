"""The engine's view side: what a seat may see of a game, and the words for what it may do.

The rules (:mod:`~ascension.core.engine`) keep the state and change it; this module only reads
it, for bots and front ends: a seat's redacted :class:`View`, what anyone at the table may know
of a player, the card an option is about, an option's label and each card's name as the log
gives it. The engine re-exports these names, so ``from ascension.core.engine import View``
keeps working.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import rng, wording

if TYPE_CHECKING:
    from .cards import CardDef
    from .engine import Decision, Game, Player

# Option kinds whose second item is a card instance (plugins adding such kinds list them here).
CARD_OPTIONS: Final = {"play", "use", "acquire", "defeat", "card", "gift"}


def option_card(option: tuple) -> int | None:
    """The card instance an option is about (to click on), or None (end turn, a mode, a Boon)."""
    return option[1] if option[0] in CARD_OPTIONS else None


def option_label(game: Game, option: tuple) -> str:
    """Readable text of one option of the pending decision (UI, terminal, logs), from the
    wording layer."""
    dec = game.decision()
    return wording.render_label(game, option, dec.intent if dec is not None else {})


def log_names(defs: list[CardDef]) -> list[str]:
    """Each card's name as the log gives it: with its set's mark ("Arbiter of the Precipice (CotG)")
    where cards of that name come from more than one set in this match, which differ."""
    if len({d.set_id for d in defs}) < 2:   # one set: no name in two (the common case, at a fiftieth of a game)
        return [d.name for d in defs]
    sets_of: dict[str, set[str]] = {}
    for d in defs:
        sets_of.setdefault(d.name, set()).add(d.set_id)
    return [_marked(d) if len(sets_of[d.name]) > 1 else d.name for d in defs]


def _marked(d: CardDef) -> str:
    """A card's name with its set's mark, as the log tells apart cards of one name from two sets."""
    return f"{d.name} ({wording.set_mark(d.set_id)})"


def log_names_after(defs: list[CardDef], known: list[str], start: int, named: dict[str, list[int]]) -> list[str]:
    """``log_names(defs)``, given ``known``, what it gave for ``defs[:start]`` (a batch's layout,
    before a match's cards set aside), and ``named``, the instances of each name there: only the
    cards named like those after ``start`` may now come from more than one set, so only they are
    looked at again."""
    out = known + [d.name for d in defs[start:]]
    for name in {d.name for d in defs[start:]}:
        instances = named.get(name, []) + [i for i in range(start, len(defs)) if defs[i].name == name]
        if len({defs[i].set_id for i in instances}) > 1:
            for i in instances:
                out[i] = _marked(defs[i])
    return out


class PublicPlayer:
    """What anyone at the table may know of a player."""
    __slots__ = ("name", "honor", "hand", "deck", "discard", "played", "constructs", "kept",
                 "runes", "power", "mech_runes")

    def __init__(self, p: Player):
        self.name, self.honor, self.hand, self.deck = p.name, p.honor, len(p.hand), len(p.deck)
        self.discard, self.played, self.constructs, self.kept = p.discard[:], p.played[:], p.constructs[:], p.kept[:]
        self.runes, self.power, self.mech_runes = p.runes, p.power, p.mech_runes


class View:
    """What ``seat`` may know: its own hand, public zones, counts for hidden ones.

    Built lazily (bots that need little pay little). Hidden information — other hands, the
    order of any deck — is not reachable through it; ``sample`` deals a guess of it instead.
    """
    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int):
        self._game, self.seat = game, seat

    @property
    def decision(self) -> Decision | None:
        return self._game.decision()

    @property
    def hand(self) -> list[int]:
        return self._game.players[self.seat].hand[:]

    @property
    def players(self) -> list[PublicPlayer]:
        return [PublicPlayer(p) for p in self._game.players]

    @property
    def center_row(self) -> list[int | None]:
        return self._game.center_row[:]

    @property
    def center_deck(self) -> int:
        return len(self._game.center_deck)

    @property
    def void(self) -> list[int]:
        return self._game.void[:]

    @property
    def piles(self) -> dict[str, int]:
        return {k: len(v) for k, v in self._game.piles.items()}

    @property
    def pile_tops(self) -> dict[str, int | None]:
        return {k: (v[-1] if v else None) for k, v in self._game.piles.items()}

    @property
    def pool(self) -> int:
        return self._game.pool

    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def current(self) -> int:
        return self._game.current

    def sample(self, rng_state: int) -> Game:
        """A complete game consistent with this view: every hidden pile (each other player's hand
        and deck together, this player's deck, the center deck) is pooled, sorted and shuffled with
        ``rng_state``, so neither hidden order nor other hands can influence the result."""
        g = self._game.clone()
        for i, p in enumerate(g.players):
            pool = sorted(p.deck) if i == self.seat else sorted(p.deck + p.hand)
            rng_state = rng.shuffle(rng_state, pool)
            if i == self.seat:
                p.deck = pool
            else:
                p.hand, p.deck = pool[:len(p.hand)], pool[len(p.hand):]
        deck = sorted(g.center_deck)
        g.rng = rng.shuffle(rng_state, deck)
        g.center_deck = deck
        g.log, g.answers = [], []
        return g
