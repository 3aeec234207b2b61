"""Verbs introduced by Return of the Fallen.

Same conventions as :mod:`ascension.plugins.base.verbs`: a pydantic ``Params`` model, ``run``,
``answer`` for verbs that ask, ``text`` for the card text; options are ``("card", iid, zone)``,
``("pass",)``, ``("yes",)``/``("no",)`` and ``("mode", n)``; the question's meaning is an
intent (``engine.Decision``), worded by :mod:`ascension.core.wording`. Everything a verb needs after
an answer travels in the ``data`` dict given to ``game.ask`` (plain JSON), so a game saved in the
middle of a choice resumes exactly.

"Each player ..." effects go round the table in turn order, starting with the player the
effect belongs to (for a Fate: the player whose turn it is); each player decides for themself.
"Each opponent ..." effects use ``game.opponents`` (team play spares the teammate).
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ascension.core.cards import FACTIONS
from ascension.core.engine import Frame
from ascension.core.verbs import NoParams, Params, Verb
from ascension.core.wording import quantity

from .verbs import AddToPlayer, _ask_or_auto, _distinct


def _lower(text: str) -> str:
    return text[0].lower() + text[1:] if text else text


def _sub_key(frame, field: str) -> str:
    """The effect key of a nested list of the step ``frame`` is resolving (as ``push_sub`` uses)."""
    return f"{frame.key}.{frame.pc - 1}.{field}"


def _unmark(game, frame) -> None:
    """A declined once-per-turn trigger stays available later this turn."""
    used = game.players[frame.seat].used
    tag = f"{frame.card}:{frame.key}"
    if tag in used:
        used.remove(tag)


# ------------------------------------------------------------------------ structure
class EachPlayer(Verb):
    """Resolve ``then`` for each player in turn order, starting with the effect's own player
    (``others``: each other player); "you" in ``then`` is that player, who decides."""
    name = "each_player"
    sub_effects = ("then",)

    class Params(Params):
        others: bool = False
        then: list = Field(min_length=1)

    def run(self, game, frame, p):
        n = len(game.players)
        order = [(frame.seat + i) % n for i in range(1 if p.others else 0, n)]
        key = _sub_key(frame, "then")
        for seat in reversed(order):  # the stack resolves the first player first
            game.stack.append(Frame(frame.card, frame.defn, key, 0, seat, frame.subject))

    def text(self, p, sub):
        body = sub["then"]
        body = body[4:] if body.startswith("You ") else _lower(body)
        body = body.replace("your ", "their ")
        return f"Each {'other ' if p.others else ''}player {body}"


class May(Verb):
    """Ask yes/no; on yes resolve ``then``."""
    name = "may"
    sub_effects = ("then",)

    class Params(Params):
        then: list = Field(min_length=1)

    def run(self, game, frame, p):
        game.ask(frame.seat, "yes_no", {"verb": "may", "card": frame.card, "key": _sub_key(frame, "then")},
                 [("yes",), ("no",)])

    def answer(self, game, frame, p, option, data):
        if option[0] == "yes":
            game.push_sub(frame, "then")

    def text(self, p, sub):
        return "You may " + _lower(sub["then"])


# ------------------------------------------------------------------------ acquiring
class TakeFromPile(Verb):
    """Acquire the top card of one of the named always-available piles for free (Arha Sensei:
    into your hand; Stone Circle's Fate: a Mystic onto your deck)."""
    name = "take_from_pile"

    class Params(Params):
        names: list[str] = Field(min_length=1)
        to: Literal["discard", "deck_top", "hand"] = "discard"
        optional: bool = False

    def run(self, game, frame, p):
        opts = []
        for name in p.names:
            for pile in game.piles.values():
                if pile and game.name_of(pile[-1]) == name:
                    opts.append(("card", pile[-1], "pile"))
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "acquire"}, opts, {},
                     p.optional)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        seat, card = frame.seat, option[1]
        me = game.players[seat]
        game.acquire(seat, card, to="deck_top" if p.to == "deck_top" else "discard")
        if seat != game.current:  # out of turn (a Fate): it does not count as taking a card on your turn
            me.took -= 1
        if p.to == "hand" and card in me.discard:
            me.discard.remove(card)
            me.hand.append(card)
            game.emit("placed", seat, card, where="hand")

    def text(self, p, sub):
        what = " or ".join(p.names)
        what = ("an " if what[0].lower() in "aeiou" else "a ") + what
        where = {"discard": "", "deck_top": " and put it on top of your deck", "hand": " and put it into your hand"}[p.to]
        return f"{'You may acquire' if p.optional else 'Acquire'} {what} for free{where}."


class AcquireFromVoid(Verb):
    """You may acquire a card from the Void as if it were in the center row, paying its cost
    (Serpentcall: a hero; Reclamax: a Mechana construct, after putting Reclamax from play into
    your discard pile). Nothing happens when no card there is affordable."""
    name = "acquire_from_void"

    class Params(Params):
        type: Literal["hero", "construct"]
        faction: Literal[FACTIONS] | None = None  # type: ignore[valid-type]
        discard_self: bool = False

    def cards(self, game, seat, p):
        """The Void's cards of the type (and faction) asked that ``seat`` can pay for."""
        return [c for c in game.void if game.card(c).type == p.type
                and (p.faction is None or game.has_faction(c, p.faction, seat)) and game.can_take(seat, c)]

    def can_act(self, game, seat, card, p):
        return bool(self.cards(game, seat, p))

    def run(self, game, frame, p):
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "acquire", "zones": ["void"]},
                     _distinct(game, self.cards(game, frame.seat, p), "void"), {}, True)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        seat = frame.seat
        if p.discard_self and frame.card in game.players[seat].constructs:
            game.destroy(seat, frame.card)
        game.pay_runes(seat, option[1])
        game.acquire(seat, option[1])

    def text(self, p, sub):
        what = (f"{p.faction.capitalize()} " if p.faction else "") + p.type
        what = ("an " if what[0].lower() in "aeiou" else "a ") + what
        lead = "You may put this construct into your discard pile to acquire" if p.discard_self else "You may acquire"
        return f"{lead} {what} from the Void, paying its cost."


class ReturnFromDiscard(Verb):
    """You may put a card of the given type from your discard pile into your hand."""
    name = "return_from_discard"

    class Params(Params):
        type: Literal["hero", "construct", "any"] = "any"

    def run(self, game, frame, p):
        me = game.players[frame.seat]
        cards = [c for c in me.discard if p.type in ("any", game.card(c).type)]
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card",
                     {"verb": "to_hand", "zones": ["discard"]}, _distinct(game, cards, "discard"), {}, True)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        me = game.players[frame.seat]
        me.discard.remove(option[1])
        me.hand.append(option[1])
        game.emit("returned_to_hand", frame.seat, option[1])

    def text(self, p, sub):
        what = {"any": "a card", "hero": "a hero", "construct": "a construct"}[p.type]
        return f"You may put {what} from your discard pile into your hand."


class MayPutOnDeck(Verb):
    """A trigger's subject (a card just acquired) may go on top of your deck instead of into your
    discard pile (Stone Circle). Declining, or nothing to move, leaves a once-per-turn trigger unused."""
    name = "may_put_on_deck"
    Params = NoParams

    def run(self, game, frame, p):
        if frame.subject in game.players[frame.seat].discard:
            game.ask(frame.seat, "yes_no", {"verb": "to_deck_top", "card": frame.subject},
                     [("yes",), ("no",)])
        else:
            _unmark(game, frame)

    def answer(self, game, frame, p, option, data):
        if option[0] == "yes":
            me = game.players[frame.seat]
            me.discard.remove(frame.subject)
            me.deck.append(frame.subject)
            game.emit("placed", frame.seat, frame.subject, where="deck")
        else:
            _unmark(game, frame)

    def text(self, p, sub):
        return "You may put it on top of your deck."


# ------------------------------------------------------------------------ this turn
class ForEachFactionHero(Verb):
    """Resolve ``each`` once for every hero of ``faction`` you have played this turn (this one
    included) and once more for every one you play later this turn (Dandelion Witch)."""
    name = "for_each_faction_hero"
    sub_effects = ("each",)

    class Params(Params):
        faction: Literal[FACTIONS]  # type: ignore[valid-type]
        each: list = Field(min_length=1)

    def run(self, game, frame, p):
        me = game.players[frame.seat]
        key = _sub_key(frame, "each")
        played = [h for h in me.played if game.card(h).type == "hero" and p.faction in game.card(h).factions]
        for hero in reversed(played):
            game.stack.append(Frame(frame.card, frame.defn, key, 0, frame.seat, hero))
        me.watchers.append([frame.card, key, p.faction])

    def text(self, p, sub):
        return (f"For each {p.faction.capitalize()} hero you play this turn, counting this one and those "
                f"played before or after it: {_lower(sub['each'])}")


class AllConstructsMechana(Verb):
    name = "all_constructs_mechana"
    Params = NoParams

    def run(self, game, frame, p):
        game.players[frame.seat].all_mechana = True

    def text(self, p, sub):
        return "For the rest of this turn, every construct counts as a Mechana construct."


class BonusDraw(AddToPlayer):
    """Extra cards drawn with your next hand (at the end of this turn)."""
    name = "bonus_draw"
    field = "bonus_draw"

    def text(self, p, sub):
        return f"Draw {quantity(p.n, 'extra card')} when you draw your next hand."


class NextDefeatHonor(AddToPlayer):
    name = "next_defeat_honor"
    field = "defeat_bonus"

    def text(self, p, sub):
        return (f"The next time you defeat a monster in the center row or the Void this turn, "
                f"gain {p.n} honor.")


class NameAndReveal(Verb):
    """Name a card, then reveal the top card of your deck and put it into your hand; gain
    ``honor`` if it is the named card (Great-Omen Raven). The names offered are every distinct
    card name of this match, in alphabetical order."""
    name = "name_and_reveal"

    class Params(Params):
        honor: int = Field(3, ge=1)

    def run(self, game, frame, p):
        first: dict[str, int] = {}
        for iid, d in enumerate(game.ctx.defs):
            first.setdefault(d.name, iid)
        game.ask(frame.seat, "choose_one", {"verb": "name_card"}, [("card", first[n]) for n in sorted(first)])

    def answer(self, game, frame, p, option, data):
        seat = frame.seat
        named = game.name_of(option[1])
        game.emit("named", seat, option[1])
        me = game.players[seat]
        if game.draw(seat, 1):
            card = me.hand[-1]
            game.emit("revealed", seat, card)
            if game.name_of(card) == named:
                game.gain(seat, honor=p.honor)

    def text(self, p, sub):
        return (f"Name a card. Reveal the top card of your deck and put it into your hand. "
                f"If it is the named card, gain {p.honor} honor.")


# ------------------------------------------------------------------------ the Void and the center row
class DefeatFromVoid(Verb):
    """You may defeat a monster in the Void by paying its power cost, as if it were in the
    center row; it then goes to the bottom of the center deck (Sadranis, Dark Emissary)."""
    name = "defeat_from_void"
    Params = NoParams

    def cards(self, game, seat):
        return [c for c in game.void if game.card(c).type == "monster" and game.can_take(seat, c)]

    def can_act(self, game, seat, card, p):
        return bool(self.cards(game, seat))

    def run(self, game, frame, p):
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "defeat", "zones": ["void"]},
                     _distinct(game, self.cards(game, frame.seat), "void"), {}, True)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        seat, card = frame.seat, option[1]
        game.players[seat].power -= game.card(card).cost
        game.defeat(seat, card)  # its reward waits on the stack; the card moves first
        if card in game.void:
            game.void.remove(card)
            game.center_deck.insert(0, card)  # index 0 is the bottom
            game.emit("to_center_deck_bottom", seat, card)

    def text(self, p, sub):
        return ("You may defeat a monster in the Void by paying its power cost. "
                "If you do, put it on the bottom of the center deck.")


def _banishable_in_row(game, cards):
    return [c for c in cards if c is not None and c in game.center_row and not game.card(c).unbanishable]


class BanishNeighbours(Verb):
    """Fate of Ravenous Gorph: banish the cards on either side of this one in the center row
    (an unbanishable card stays). Both go at once; then their replacements' Fates resolve,
    in the order they entered."""
    name = "banish_neighbours"
    Params = NoParams

    def run(self, game, frame, p):
        row = game.center_row
        if frame.card not in row:  # already gone (an earlier Fate banished it)
            return
        slot = row.index(frame.card)
        near = [row[s] for s in (slot - 1, slot + 1) if 0 <= s < len(row)]
        for card in _banishable_in_row(game, near):
            if card in game.center_row:
                game.banish_from(frame.seat, card, "center")

    def text(self, p, sub):
        return "Banish every card next to this one in the center row."


class BanishFormerNeighbour(Verb):
    """Reward of Ravenous Gorph: you may banish a card that was next to it when it was defeated
    in the center row (the fate plugin records them in ``game.ext["neighbours"]``)."""
    name = "banish_former_neighbour"
    Params = NoParams

    def run(self, game, frame, p):
        record = game.ext.get("neighbours", {})
        near = record.pop(str(frame.card), [])
        if "neighbours" in game.ext and not record:
            del game.ext["neighbours"]
        opts = [("card", c, "center") for c in _banishable_in_row(game, near)]
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card",
                     {"verb": "banish", "zones": ["center"]}, opts, {}, True)

    def answer(self, game, frame, p, option, data):
        if option[0] != "pass":
            game.banish_from(frame.seat, option[1], "center")

    def text(self, p, sub):
        return "You may banish a card that was next to this one in the center row."


class KeepFaceUp(Verb):
    """Samael the Fallen: its defeater keeps it face up in front of them (``Player.kept``). Its
    keyword ``defeated_monsters_join`` then sends monsters they defeat in the center row to their
    discard pile; monsters in hand are played for power equal to their cost (the engine does both)."""
    name = "keep_face_up"
    Params = NoParams

    def run(self, game, frame, p):
        card = frame.card
        for zone in (game.void, game.center_deck):
            if card in zone:
                zone.remove(card)
                game.players[frame.seat].kept.append(card)
                game.emit("kept", frame.seat, card)
                return

    def text(self, p, sub):
        return ("Keep this card face up in front of you. For the rest of the game, each monster you defeat "
                "in the center row goes to your discard pile, and a monster you play from your hand is a "
                "hero that gives power equal to its cost.")


# ------------------------------------------------------------------------ opponents
class OpponentsDiscard(Verb):
    """Each opponent, in turn order, discards ``n`` cards of their choice (Fire Tyrant)."""
    name = "opponents_discard"

    class Params(Params):
        n: int = Field(1, ge=1)

    def run(self, game, frame, p, todo=None):
        todo = game.opponents(frame.seat) if todo is None else todo
        while todo:
            opp, todo = todo[0], todo[1:]
            if game.players[opp].hand:
                self._ask(game, frame, p, opp, p.n, todo)
                return

    def _ask(self, game, frame, p, opp, left, todo):
        _ask_or_auto(game, frame, self, p, opp, "choose_card", {"verb": "discard", "zones": ["hand"]},
                     _distinct(game, game.players[opp].hand, "hand"), {"seat": opp, "left": left, "todo": todo},
                     False)

    def answer(self, game, frame, p, option, data):
        opp = data["seat"]
        hand = game.players[opp].hand
        hand.remove(option[1])
        game.players[opp].discard.append(option[1])
        game.emit("discarded", opp, option[1])
        if data["left"] > 1 and hand:
            self._ask(game, frame, p, opp, data["left"] - 1, data["todo"])
        else:
            self.run(game, frame, p, data["todo"])

    def text(self, p, sub):
        return f"Each opponent discards {'a card' if p.n == 1 else quantity(p.n, 'card')}."


class OpponentsDiscardPerConstruct(Verb):
    """Bazu, Duke of Scorn: each opponent who controls constructs chooses: discard a card for each
    construct they control (as many as their hand allows), or put all their constructs into their
    discard pile."""
    name = "opponents_discard_per_construct"
    Params = NoParams

    def run(self, game, frame, p, todo=None):
        todo = game.opponents(frame.seat) if todo is None else todo
        while todo:
            opp, todo = todo[0], todo[1:]
            k = len(game.players[opp].constructs)
            if k:
                game.ask(opp, "choose_one", {"verb": "penalty", "amount": k},   # discard k cards, or all constructs
                         [("mode", 0), ("mode", 1)],
                         {"seat": opp, "todo": todo, "left": 0})
                return

    def _discard(self, game, frame, p, opp, left, todo):
        hand = game.players[opp].hand
        if left > 0 and hand:
            _ask_or_auto(game, frame, self, p, opp, "choose_card", {"verb": "discard", "zones": ["hand"]},
                         _distinct(game, hand, "hand"),
                         {"seat": opp, "todo": todo, "left": left}, False)
        else:
            self.run(game, frame, p, todo)

    def answer(self, game, frame, p, option, data):
        opp, todo = data["seat"], data["todo"]
        me = game.players[opp]
        if option[0] == "mode":
            if option[1] == 0:
                self._discard(game, frame, p, opp, len(me.constructs), todo)
            else:
                for c in list(me.constructs):
                    game.destroy(opp, c)
                self.run(game, frame, p, todo)
            return
        me.hand.remove(option[1])
        me.discard.append(option[1])
        game.emit("discarded", opp, option[1])
        self._discard(game, frame, p, opp, data["left"] - 1, todo)

    def text(self, p, sub):
        return ("Each opponent discards a card for each construct they control, or puts all of their "
                "constructs into their discard pile.")


class OpponentsLoseCostliestConstruct(Verb):
    """Each opponent puts their highest-cost construct into their discard pile; on a tie they
    choose which (Vaultbreaker Wurm)."""
    name = "opponents_lose_costliest_construct"
    Params = NoParams

    def run(self, game, frame, p, todo=None):
        todo = game.opponents(frame.seat) if todo is None else todo
        while todo:
            opp, todo = todo[0], todo[1:]
            mine = game.players[opp].constructs
            if mine:
                top = max(game.card(c).cost for c in mine)
                cands = [c for c in mine if game.card(c).cost == top]
                _ask_or_auto(game, frame, self, p, opp, "choose_card",
                             {"verb": "destroy", "zones": ["constructs"]},
                             _distinct(game, cands, "constructs"), {"seat": opp, "todo": todo}, False)
                return

    def answer(self, game, frame, p, option, data):
        game.destroy(data["seat"], option[1])
        self.run(game, frame, p, data["todo"])

    def text(self, p, sub):
        return "Each opponent puts their highest-cost construct into their discard pile."


class TakeHonorFromLeader(Verb):
    """Sordid Asp: if an opponent with the most honor tokens has more tokens than you, take ``n``
    of their tokens (all they have if fewer). Tied leaders: you choose."""
    name = "take_honor_from_leader"
    shorthand = "n"

    class Params(Params):
        n: int = Field(ge=1)

    def run(self, game, frame, p):
        seat = frame.seat
        opps = game.opponents(seat)
        if not opps:
            return
        top = max(game.players[o].honor for o in opps)
        if top <= game.players[seat].honor:
            return
        leaders = [o for o in opps if game.players[o].honor == top]
        _ask_or_auto(game, frame, self, p, seat, "choose_one", {"verb": "take_honor"},
                     [("mode", o) for o in leaders], {}, False)

    def answer(self, game, frame, p, option, data):
        seat, opp = frame.seat, option[1]
        k = min(p.n, game.players[opp].honor)
        game.players[opp].honor -= k
        game.players[seat].honor += k
        game.emit("took_honor", seat, n=k, where=str(opp))

    def text(self, p, sub):
        return (f"Then, if an opponent with the most honor has more honor than you, take {p.n} honor "
                f"from them.")


ALL = [EachPlayer, May, TakeFromPile, AcquireFromVoid, ReturnFromDiscard, MayPutOnDeck, ForEachFactionHero,
       AllConstructsMechana, BonusDraw, NextDefeatHonor, NameAndReveal, DefeatFromVoid, BanishNeighbours,
       BanishFormerNeighbour, KeepFaceUp, OpponentsDiscard, OpponentsDiscardPerConstruct,
       OpponentsLoseCostliestConstruct, TakeHonorFromLeader]
