"""Verbs introduced by Return of the Fallen.

Same conventions as :mod:`ascension.plugins.base.verbs`: a pydantic ``Params`` model, ``run``,
``answer`` for verbs that ask, ``text`` for the card text; options are ``("card", iid, zone)``,
``("pass",)``, ``("yes",)``/``("no",)`` and ``("mode", n)``; the question's meaning is an
intent (``engine.Decision``), worded by :mod:`ascension.core.wording`. Everything a verb needs after
an answer travels in the ``data`` dict given to ``game.ask`` (plain JSON), so a game saved in the
middle of a choice resumes exactly.

"Each player ..." effects go round the table in turn order, starting with the player the
effect belongs to (for a Fate: the player whose turn it is); each player decides for themself.
"Each opponent ..." effects use ``game.opponents`` (team play spares the teammate), through the
verb kit's :func:`~ascension.core.verbs.each_opponent`.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ascension.core.cards import FACTIONS
from ascension.core.engine import Frame
from ascension.core.i18n import N_, _, card_name, ngettext
from ascension.core.verbs import Feature as F
from ascension.core.verbs import (NoParams, Params, Verb, affordable, each_opponent, move, nested, pay,
                                  unmark)
from ascension.core.wording import or_list

from .verbs import AddToPlayer, _distinct, acquire_free_text


def _sub_key(frame, field: str) -> str:
    """The effect key of a nested list of the step ``frame`` is resolving (as ``push_sub`` uses)."""
    return f"{frame.key}.{frame.pc - 1}.{field}"


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
        said = nested(sub)
        body = sub["then"]   # English: "You may draw ..." becomes "Each player may draw ..."
        said["then_their"] = (body[4:] if body.startswith("You ") else said["then_lower"]).replace("your ", "their ")
        return (_("Each other player {then_their}") if p.others else _("Each player {then_their}")).format(**said)

    def profile(self, p, prof, sub):
        prof.add(sub("then"), 0.3)


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
        return _("You may {then_lower}").format(**nested(sub))

    def profile(self, p, prof, sub):
        prof.add(sub("then"))


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
        self.ask_or_auto(game, frame, p, {"verb": "acquire"}, opts, optional=p.optional)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        seat, card = frame.seat, option[1]
        me = game.players[seat]
        game.acquire(seat, card, to="deck_top" if p.to == "deck_top" else "discard")
        if seat != game.current:  # out of turn (a Fate): it does not count as taking a card on your turn
            me.took -= 1
        if p.to == "hand" and card in me.discard:
            move(game, seat, card, "discard", "hand", "placed", where="hand")

    def text(self, p, sub):
        names = or_list([card_name(n) for n in p.names])   # "a"/"an" by the first name, as English says it
        what = (_("an {cards}") if p.names[0][:1].lower() in "aeiou" else _("a {cards}")).format(cards=names)
        return acquire_free_text(what, p.optional, p.to)

    def profile(self, p, prof, sub):
        prof.vec[F.RUNES] += 2.0


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
                and (p.faction is None or game.has_faction(c, p.faction, seat)) and affordable(game, seat, c)]

    def can_act(self, game, seat, card, p):
        return bool(self.cards(game, seat, p))

    def run(self, game, frame, p):
        self.ask_or_auto(game, frame, p, {"verb": "acquire", "zones": ["void"]},
                         _distinct(game, self.cards(game, frame.seat, p), "void"), optional=True)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        seat = frame.seat
        if p.discard_self and frame.card in game.players[seat].constructs:
            game.destroy(seat, frame.card)
        pay(game, seat, option[1])
        game.acquire(seat, option[1])

    def text(self, p, sub):
        what = _(_TYPE_OF_FACTION[p.type][FACTIONS.index(p.faction) + 1 if p.faction else 0])
        return (_("You may put this construct into your discard pile to acquire {what} from the Void, paying its "
                  "cost.") if p.discard_self else
                _("You may acquire {what} from the Void, paying its cost.")).format(what=what)


# A card of a type, of any faction or of one (FACTIONS' order), as the object of "acquire"
_TYPE_OF_FACTION = {
    "hero": (N_("a hero"), N_("an Enlightened hero"), N_("a Lifebound hero"), N_("a Mechana hero"),
             N_("a Void hero")),
    "construct": (N_("a construct"), N_("an Enlightened construct"), N_("a Lifebound construct"),
                  N_("a Mechana construct"), N_("a Void construct")),
}


class ReturnFromDiscard(Verb):
    """You may put a card of the given type from your discard pile into your hand."""
    name = "return_from_discard"

    class Params(Params):
        type: Literal["hero", "construct", "any"] = "any"

    def run(self, game, frame, p):
        me = game.players[frame.seat]
        cards = [c for c in me.discard if p.type in ("any", game.card(c).type)]
        self.ask_or_auto(game, frame, p, {"verb": "to_hand", "zones": ["discard"]},
                         _distinct(game, cards, "discard"), optional=True)

    def answer(self, game, frame, p, option, data):
        if option[0] != "pass":
            move(game, frame.seat, option[1], "discard", "hand", "returned_to_hand")

    def text(self, p, sub):
        return _(_RETURN_TO_HAND[p.type])

    def profile(self, p, prof, sub):
        prof.vec[F.DRAW] += 0.7


_RETURN_TO_HAND = {"any": N_("You may put a card from your discard pile into your hand."),
                   "hero": N_("You may put a hero from your discard pile into your hand."),
                   "construct": N_("You may put a construct from your discard pile into your hand.")}


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
            unmark(game, frame)

    def answer(self, game, frame, p, option, data):
        if option[0] == "yes":
            move(game, frame.seat, frame.subject, "discard", "deck", "placed", where="deck")
        else:
            unmark(game, frame)

    def text(self, p, sub):
        return _("You may put it on top of your deck.")

    def profile(self, p, prof, sub):
        prof.vec[F.UNKNOWN] += 0.3


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
        played = [h for h in game.heroes_played(frame.seat) if game.card(h).type == "hero" and p.faction in game.card(h).factions]
        for hero in reversed(played):
            game.stack.append(Frame(frame.card, frame.defn, key, 0, frame.seat, hero))
        me.watchers.append([frame.card, key, p.faction])

    def text(self, p, sub):
        return _(_EACH_FACTION_HERO[p.faction]).format(**nested(sub))

    def profile(self, p, prof, sub):
        prof.add(sub("each"), 1.5)


_EACH_FACTION_HERO = {
    "enlightened": N_("For each Enlightened hero you play this turn, counting this one and those played before "
                      "or after it: {each_lower}"),
    "lifebound": N_("For each Lifebound hero you play this turn, counting this one and those played before "
                    "or after it: {each_lower}"),
    "mechana": N_("For each Mechana hero you play this turn, counting this one and those played before "
                  "or after it: {each_lower}"),
    "void": N_("For each Void hero you play this turn, counting this one and those played before "
               "or after it: {each_lower}"),
}


class AllConstructsMechana(Verb):
    name = "all_constructs_mechana"
    Params = NoParams

    def run(self, game, frame, p):
        game.players[frame.seat].all_mechana = True

    def text(self, p, sub):
        return _("For the rest of this turn, every construct counts as a Mechana construct.")


class BonusDraw(AddToPlayer):
    """Extra cards drawn with your next hand (at the end of this turn)."""
    name = "bonus_draw"
    field = "bonus_draw"

    def text(self, p, sub):
        return ngettext("Draw {n} extra card when you draw your next hand.",
                        "Draw {n} extra cards when you draw your next hand.", p.n).format(n=p.n)

    def profile(self, p, prof, sub):
        prof.vec[F.DRAW] += p.n


class NextDefeatHonor(AddToPlayer):
    name = "next_defeat_honor"
    field = "defeat_bonus"

    def text(self, p, sub):
        return _("The next time you defeat a monster in the center row or the Void this turn, "
                 "gain {n} honor.").format(n=p.n)

    def profile(self, p, prof, sub):
        prof.vec[F.HONOR] += 0.5 * p.n


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
        return _("Name a card. Reveal the top card of your deck and put it into your hand. "
                 "If it is the named card, gain {n} honor.").format(n=p.honor)

    def profile(self, p, prof, sub):
        prof.vec[F.DRAW] += 1
        prof.vec[F.HONOR] += 0.3 * p.honor


# ------------------------------------------------------------------------ the Void and the center row
class DefeatFromVoid(Verb):
    """You may defeat a monster in the Void by paying its power cost, as if it were in the
    center row; it then goes to the bottom of the center deck (Sadranis, Dark Emissary)."""
    name = "defeat_from_void"
    Params = NoParams

    def cards(self, game, seat):
        return [c for c in game.void if game.card(c).type == "monster" and affordable(game, seat, c)]

    def can_act(self, game, seat, card, p):
        return bool(self.cards(game, seat))

    def run(self, game, frame, p):
        self.ask_or_auto(game, frame, p, {"verb": "defeat", "zones": ["void"]},
                         _distinct(game, self.cards(game, frame.seat), "void"), optional=True)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        seat, card = frame.seat, option[1]
        pay(game, seat, card)
        game.defeat(seat, card)  # its reward waits on the stack; the card moves first
        if card in game.void:
            game.void.remove(card)
            game.center_deck.insert(0, card)  # index 0 is the bottom
            game.emit("to_center_deck_bottom", seat, card)

    def text(self, p, sub):
        return _("You may defeat a monster in the Void by paying its power cost. "
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
        return _("Banish every card next to this one in the center row.")

    def profile(self, p, prof, sub):
        pass   # a Fate: what it does to the row is no card's value


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
        self.ask_or_auto(game, frame, p, {"verb": "banish", "zones": ["center"]}, opts, optional=True)

    def answer(self, game, frame, p, option, data):
        if option[0] != "pass":
            game.banish_from(frame.seat, option[1], "center")

    def text(self, p, sub):
        return _("You may banish a card that was next to this one in the center row.")

    def profile(self, p, prof, sub):
        pass   # a reward the bots leave unvalued


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
        return _("Keep this card face up in front of you. For the rest of the game, each monster you defeat "
                 "in the center row goes to your discard pile, and a monster you play from your hand is a "
                 "hero that gives power equal to its cost.")

    def profile(self, p, prof, sub):
        pass   # a reward the bots leave unvalued


# ------------------------------------------------------------------------ opponents
class OpponentsDiscard(Verb):
    """Each opponent, in turn order, discards ``n`` cards of their choice (Fire Tyrant)."""
    name = "opponents_discard"

    class Params(Params):
        n: int = Field(1, ge=1)

    def run(self, game, frame, p, todo=None):
        for opp, data in each_opponent(game, frame, todo):
            if game.players[opp].hand:
                return self._ask(game, frame, p, {"seat": opp, "left": p.n, "todo": data["todo"]})

    def _ask(self, game, frame, p, data):
        opp = data["seat"]
        self.ask_or_auto(game, frame, p, {"verb": "discard", "zones": ["hand"]},
                         _distinct(game, game.players[opp].hand, "hand"), seat=opp, data=data)

    def answer(self, game, frame, p, option, data):
        opp = data["seat"]
        move(game, opp, option[1], "hand", "discard", "discarded")
        if data["left"] > 1 and game.players[opp].hand:
            self._ask(game, frame, p, {**data, "left": data["left"] - 1})
        else:
            self.run(game, frame, p, data["todo"])

    def text(self, p, sub):
        if p.n == 1:
            return _("Each opponent discards a card.")
        return ngettext("Each opponent discards {n} card.", "Each opponent discards {n} cards.", p.n).format(n=p.n)

    def profile(self, p, prof, sub):
        prof.vec[F.ATTACK] += 0.7 * p.n


class OpponentsDiscardPerConstruct(Verb):
    """Bazu, Duke of Scorn: each opponent who controls constructs chooses: discard a card for each
    construct they control (as many as their hand allows), or put all their constructs into their
    discard pile."""
    name = "opponents_discard_per_construct"
    Params = NoParams

    def run(self, game, frame, p, todo=None):
        for opp, data in each_opponent(game, frame, todo):
            k = len(game.players[opp].constructs)
            if k:
                return game.ask(opp, "choose_one", {"verb": "penalty", "amount": k},   # discard k cards, or all constructs
                                [("mode", 0), ("mode", 1)], {**data, "left": 0})

    def _discard(self, game, frame, p, opp, left, todo):
        hand = game.players[opp].hand
        if left > 0 and hand:
            self.ask_or_auto(game, frame, p, {"verb": "discard", "zones": ["hand"]}, _distinct(game, hand, "hand"),
                             seat=opp, data={"seat": opp, "todo": todo, "left": left})
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
        move(game, opp, option[1], "hand", "discard", "discarded")
        self._discard(game, frame, p, opp, data["left"] - 1, todo)

    def text(self, p, sub):
        return _("Each opponent discards a card for each construct they control, or puts all of their "
                 "constructs into their discard pile.")

    def profile(self, p, prof, sub):
        prof.vec[F.ATTACK] += 1.5


class OpponentsLoseCostliestConstruct(Verb):
    """Each opponent puts their highest-cost construct into their discard pile; on a tie they
    choose which (Vaultbreaker Wurm)."""
    name = "opponents_lose_costliest_construct"
    Params = NoParams

    def run(self, game, frame, p, todo=None):
        for opp, data in each_opponent(game, frame, todo):
            mine = game.players[opp].constructs
            if mine:
                top = max(game.card(c).cost for c in mine)
                cands = [c for c in mine if game.card(c).cost == top]
                return self.ask_or_auto(game, frame, p, {"verb": "destroy", "zones": ["constructs"]},
                                        _distinct(game, cands, "constructs"), seat=opp, data=data)

    def answer(self, game, frame, p, option, data):
        game.destroy(data["seat"], option[1])
        self.run(game, frame, p, data["todo"])

    def text(self, p, sub):
        return _("Each opponent puts their highest-cost construct into their discard pile.")

    def profile(self, p, prof, sub):
        prof.vec[F.ATTACK] += 1


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
        self.ask_or_auto(game, frame, p, {"verb": "take_honor"}, [("mode", o) for o in leaders], kind="choose_one")

    def answer(self, game, frame, p, option, data):
        seat, opp = frame.seat, option[1]
        k = min(p.n, game.players[opp].honor)
        game.players[opp].honor -= k
        game.players[seat].honor += k
        game.emit("took_honor", seat, n=k, where=str(opp))

    def text(self, p, sub):
        return _("Then, if an opponent with the most honor has more honor than you, take {n} honor "
                 "from them.").format(n=p.n)

    def profile(self, p, prof, sub):
        prof.vec[F.HONOR] += 0.5 * p.n


ALL = [EachPlayer, May, TakeFromPile, AcquireFromVoid, ReturnFromDiscard, MayPutOnDeck, ForEachFactionHero,
       AllConstructsMechana, BonusDraw, NextDefeatHonor, NameAndReveal, DefeatFromVoid, BanishNeighbours,
       BanishFormerNeighbour, KeepFaceUp, OpponentsDiscard, OpponentsDiscardPerConstruct,
       OpponentsLoseCostliestConstruct, TakeHonorFromLeader]
