"""The core effect verbs every set uses.

Choices: a verb that asks says what the question means (an intent, see ``engine.Decision``) and
builds options as tuples — ``("card", iid, zone)`` for a card, ``("pass",)`` for "none",
``("yes",)``/``("no",)``, ``("mode", n)`` — and gets the chosen one back in ``answer``.
A choice with a single forced option (no "pass") is made automatically.
"""
from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from ascension.core.verbs import NoParams, Params, Verb
from ascension.core.wording import quantity, zones_phrase


def _ask_or_auto(game, frame, verb, p, seat, kind, intent, options, data, optional):
    """Ask ``seat`` unless the choice is forced (exactly one option and no way out); ``intent``
    says what the question means (``engine.Decision``)."""
    if not options:
        return
    if optional:
        options = options + [("pass",)]
    elif len(options) == 1:
        verb.answer(game, frame, p, options[0], data)
        return
    game.ask(seat, kind, intent, options, data)


def _distinct(game, cards, zone):
    """One option per distinct card name in a zone (four Apprentices are one choice)."""
    seen, out = set(), []
    for c in cards:
        key = game.card(c).id
        if key not in seen:
            seen.add(key)
            out.append(("card", c, zone))
    return out


class Gain(Verb):
    name = "gain"

    class Params(Params):
        runes: int = Field(0, ge=0)
        power: int = Field(0, ge=0)
        honor: int = Field(0, ge=0)

    def run(self, game, frame, p):
        game.gain(frame.seat, p.runes, p.power, p.honor)

    def gives(self, p):
        return p.runes, p.power, p.honor

    def text(self, p, sub):
        parts = [quantity(p.runes, 'rune') if p.runes else "", f"{p.power} power" if p.power else "",
                 f"{p.honor} honor" if p.honor else ""]
        return "Gain " + " and ".join(x for x in parts if x) + "."


class Draw(Verb):
    name = "draw"
    shorthand = "n"

    class Params(Params):
        n: int = Field(ge=1)

    def run(self, game, frame, p):
        game.draw(frame.seat, p.n)

    def can_act(self, game, seat, card, p):
        me = game.players[seat]
        return bool(me.deck or me.discard)

    def text(self, p, sub):
        return f"Draw {quantity(p.n, 'card')}."


class Banish(Verb):
    """Banish a card from the listed zones (one choice per card, repeated ``up_to`` times).
    ``then`` resolves for each card banished; ``then_if_monster`` only when it was a monster."""
    name = "banish"
    sub_effects = ("then", "then_if_monster")

    class Params(Params):
        from_: list[Literal["hand", "discard", "center"]] = Field(alias="from", min_length=1)
        up_to: int = Field(1, ge=1)
        optional: bool = True
        then: list = []
        then_if_monster: list = []

    def options(self, game, seat, p):
        me = game.players[seat]
        opts = []
        for zone in p.from_:
            if zone == "center":
                opts += [("card", c, "center") for c in game.center_row
                         if c is not None and not game.card(c).unbanishable]
            else:
                opts += _distinct(game, getattr(me, zone), zone)
        return opts

    def can_act(self, game, seat, card, p):
        return bool(self.options(game, seat, p))

    def run(self, game, frame, p, left=None):
        left = p.up_to if left is None else left
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "banish", "zones": list(p.from_)},
                     self.options(game, frame.seat, p), {"left": left}, p.optional)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        game.banish_from(frame.seat, option[1], option[2])
        if p.then:
            game.push_sub(frame, "then")
        if p.then_if_monster and game.card(option[1]).type == "monster":
            game.push_sub(frame, "then_if_monster")
        if data["left"] > 1:
            self.run(game, frame, p, data["left"] - 1)

    def text(self, p, sub):
        where = zones_phrase(p.from_)
        what = "a card" if p.up_to == 1 else f"up to {p.up_to} cards"
        out = f"{'You may banish' if p.optional else 'Banish'} {what} from {where}."
        if p.then:
            out += f" If you do, {sub['then'][0].lower()}{sub['then'][1:]}"
        if p.then_if_monster:
            out += f" If it was a monster, {sub['then_if_monster'][0].lower()}{sub['then_if_monster'][1:]}"
        return out


class Discard(Verb):
    """Discard ``n`` cards from hand, one at a time; only if you did, resolve ``then``."""
    name = "discard"
    sub_effects = ("then",)

    class Params(Params):
        n: int = Field(1, ge=1)
        then: list = []

    def run(self, game, frame, p, left=None):
        left = p.n if left is None else left
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "discard", "zones": ["hand"]},
                     _distinct(game, game.players[frame.seat].hand, "hand"), {"left": left}, False)

    def answer(self, game, frame, p, option, data):
        me = game.players[frame.seat]
        me.hand.remove(option[1])
        me.discard.append(option[1])
        game.emit("discarded", frame.seat, option[1])
        left = data.get("left", 1) - 1
        if left > 0 and me.hand:
            self.run(game, frame, p, left)
        elif p.then:
            game.push_sub(frame, "then")

    def text(self, p, sub):
        what = "a card" if p.n == 1 else f"{p.n} cards"
        return f"Discard {what}." + (f" If you do, {sub['then'][0].lower()}{sub['then'][1:]}" if p.then else "")


def _center_and_piles(game):
    """Cards one may take: the center row and the top card of each always-available pile."""
    cards = [c for c in game.center_row if c is not None]
    cards += [pile[-1] for pile in game.piles.values() if pile]
    return cards


class AcquireFree(Verb):
    """Acquire a hero/construct without paying, optionally onto the top of your deck."""
    name = "acquire_free"

    class Params(Params):
        type: Literal["hero", "construct", "any"] = "any"
        # a number, or "mechana_constructs": the number of Mechana constructs you control
        max_cost: int | Literal["mechana_constructs"] | None = None
        to: Literal["discard", "deck_top", "hand"] = "discard"
        optional: bool = False
        center_only: bool = False  # not from the always-available piles

    def options(self, game, seat, p):
        limit = p.max_cost
        if limit == "mechana_constructs":
            limit = sum(game.has_faction(c, "mechana", seat) for c in game.players[seat].constructs)
        return [("card", c, "center" if c in game.center_row else "pile") for c in _center_and_piles(game)
                if game.card(c).type != "monster" and p.type in ("any", game.card(c).type)
                and (limit is None or game.card(c).cost <= limit) and (c in game.center_row or not p.center_only)]

    def can_act(self, game, seat, card, p):
        return bool(self.options(game, seat, p))

    def run(self, game, frame, p):
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "acquire"},
                     self.options(game, frame.seat, p), {}, p.optional)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        game.acquire(frame.seat, option[1], to=p.to)
        me = game.players[frame.seat]
        if p.to == "hand" and option[1] in me.discard:
            me.discard.remove(option[1])
            me.hand.append(option[1])
            game.emit("placed", frame.seat, option[1], where="hand")

    def text(self, p, sub):
        what = {"any": "a card", "hero": "a hero", "construct": "a construct"}[p.type]
        if p.max_cost == "mechana_constructs":
            what = {"any": "a hero or construct"}.get(p.type, what)
            return (f"{'You may acquire' if p.optional else 'Acquire'} {what} costing no more than the "
                    f"number of Mechana constructs you control for free.")
        if p.max_cost is not None:
            what += f" costing {p.max_cost} or less"
        elif p.type == "hero":
            what = "any hero"
        where = {"discard": "", "deck_top": " and put it on top of your deck", "hand": " and put it into your hand"}[p.to]
        if p.center_only:
            what += " from the center row"
        return f"{'You may acquire' if p.optional else 'Acquire'} {what} for free{where}."


class DefeatFree(Verb):
    name = "defeat_free"

    class Params(Params):
        max_cost: int | None = None

    def options(self, game, p):
        return [("card", c, "center" if c in game.center_row else "pile") for c in _center_and_piles(game)
                if game.card(c).type == "monster" and (p.max_cost is None or game.card(c).cost <= p.max_cost)]

    def can_act(self, game, seat, card, p):
        return bool(self.options(game, p))

    def run(self, game, frame, p):
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "defeat"},
                     self.options(game, p), {}, False)

    def answer(self, game, frame, p, option, data):
        game.defeat(frame.seat, option[1])

    def text(self, p, sub):
        cost = f" costing {p.max_cost} or less" if p.max_cost is not None else ""
        return f"Defeat a monster{cost} for free."


class TakeFree(Verb):
    """Acquire or defeat any card in the center row for free (``which`` only words the text)."""
    name = "take_free"

    class Params(Params):
        which: Literal["other", "one"] = "other"

    def run(self, game, frame, p):
        opts = [("card", c, "center") for c in game.center_row if c is not None]
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "take", "zones": ["center"]},
                     opts, {}, False)

    def answer(self, game, frame, p, option, data):
        if game.card(option[1]).type == "monster":
            game.defeat(frame.seat, option[1])
        else:
            game.acquire(frame.seat, option[1])

    def text(self, p, sub):
        return f"Acquire or defeat any {p.which} card in the center row for free."


class CopyHero(Verb):
    """Repeat the play effect of another hero you played this turn."""
    name = "copy_hero"
    Params = NoParams

    def run(self, game, frame, p):
        played = [c for c in game.players[frame.seat].played
                  if c != frame.card and not any(s.verb.name == self.name for s in game.card(c).effects.get("play", ()))]
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "repeat", "zones": ["played"]},
                     _distinct(game, played, "played"), {}, False)

    def answer(self, game, frame, p, option, data):
        game.push(option[1], "play", frame.seat)

    def text(self, p, sub):
        return "Repeat the effect of another hero you played this turn."


class BanishSelf(Verb):
    """Banish the construct this effect belongs to from play."""
    name = "banish_self"
    Params = NoParams

    def run(self, game, frame, p):
        me = game.players[frame.seat]
        if frame.card in me.constructs:
            me.constructs.remove(frame.card)
            game.put_away(frame.card)
            game.emit("banished", frame.seat, frame.card, where="play")

    def text(self, p, sub):
        return "Banish this construct."


class ExtraTurn(Verb):
    name = "extra_turn"
    Params = NoParams

    def run(self, game, frame, p):
        game.extra_turns += 1
        game.emit("extra_turn", frame.seat)

    def text(self, p, sub):
        return "Take an extra turn after this one."


class MechanaRunes(Verb):
    name = "mechana_runes"
    shorthand = "n"

    class Params(Params):
        n: int = Field(ge=1)

    def run(self, game, frame, p):
        game.players[frame.seat].mech_runes += p.n
        game.emit("gained_runes", frame.seat, n=p.n, where="mechana")

    def text(self, p, sub):
        return f"Gain {quantity(p.n, 'rune')} to spend only on Mechana constructs."


class AddToPlayer(Verb):
    """Base of the verbs that add ``n`` to one of the acting player's counters (``field``),
    which the engine reads later: a discount, extra cards for the next hand, a defeat bonus."""
    shorthand = "n"
    field: ClassVar[str]

    class Params(Params):
        n: int = Field(ge=1)

    def run(self, game, frame, p):
        player = game.players[frame.seat]
        setattr(player, self.field, getattr(player, self.field) + p.n)


class DiscountConstruct(AddToPlayer):
    name = "discount_construct"
    field = "discount"

    def text(self, p, sub):
        return f"The next construct you acquire this turn costs {quantity(p.n, 'rune')} less."


class PowerPerMechanaConstruct(Verb):
    name = "power_per_mechana_construct"
    Params = NoParams

    def run(self, game, frame, p):
        n = sum(game.has_faction(c, "mechana", frame.seat) for c in game.players[frame.seat].constructs)
        game.gain(frame.seat, power=n)

    def can_act(self, game, seat, card, p):
        return any(game.has_faction(c, "mechana", seat) for c in game.players[seat].constructs)

    def text(self, p, sub):
        return "Gain 1 power for each Mechana construct you control."


class HonorPerConstructFaction(Verb):
    name = "honor_per_construct_faction"
    Params = NoParams

    def run(self, game, frame, p):
        seat = frame.seat
        factions = {f for c in game.players[seat].constructs for f in game.card(c).factions}
        if any(game.has_faction(c, "mechana", seat) for c in game.players[seat].constructs):
            factions.add("mechana")
        if factions:
            game.gain(seat, honor=len(factions))

    def text(self, p, sub):
        return "Gain 1 honor for each faction among the constructs you control."


class IfConstructs(Verb):
    name = "if_constructs"
    sub_effects = ("then",)

    class Params(Params):
        at_least: int = Field(ge=1)
        then: list

    def run(self, game, frame, p):
        if len(game.players[frame.seat].constructs) >= p.at_least:
            game.push_sub(frame, "then")

    def text(self, p, sub):
        return f"If you control at least {p.at_least} constructs, {sub['then'][0].lower()}{sub['then'][1:]}"


class IfPlayedAnother(Verb):
    """``then`` if another hero of ``faction`` has been played this turn, checked once, when this
    step resolves (Chronicle of the Godslayer's Runic Lycanthrope; the 10th edition's is a Unite
    card, which also counts a hero played later)."""
    name = "if_played_another"
    sub_effects = ("then",)

    class Params(Params):
        faction: Literal["enlightened", "lifebound", "mechana", "void"]
        then: list = Field(min_length=1)

    def run(self, game, frame, p):
        if game.played_faction(frame.seat, p.faction, exclude=frame.card):
            game.push_sub(frame, "then")

    def text(self, p, sub):
        return (f"If you have played another {p.faction.capitalize()} hero this turn, "
                f"{sub['then'][0].lower()}{sub['then'][1:]}")


class Pay(Verb):
    name = "pay"

    class Params(Params):
        runes: int = Field(ge=1)

    def run(self, game, frame, p):
        game.players[frame.seat].runes -= p.runes

    def text(self, p, sub):
        return f"Pay {quantity(p.runes, 'rune')}:"


class OpponentsDestroyConstruct(Verb):
    """Each opponent, in turn order, destroys a construct of their choice."""
    name = "opponents_destroy_construct"
    Params = NoParams

    def run(self, game, frame, p, todo=None):
        todo = game.opponents(frame.seat) if todo is None else todo
        while todo:
            opp, todo = todo[0], todo[1:]
            mine = game.players[opp].constructs
            if mine:
                _ask_or_auto(game, frame, self, p, opp, "choose_card", {"verb": "destroy", "zones": ["constructs"]},
                             [("card", c, "constructs") for c in mine], {"seat": opp, "todo": todo}, False)
                return

    def answer(self, game, frame, p, option, data):
        game.destroy(data["seat"], option[1])
        self.run(game, frame, p, data["todo"])

    def text(self, p, sub):
        return "Each opponent destroys a construct they control."


class OpponentsKeepOneConstruct(Verb):
    """Each opponent keeps one construct of their choice and destroys the rest."""
    name = "opponents_keep_one_construct"
    Params = NoParams

    def run(self, game, frame, p, todo=None):
        todo = game.opponents(frame.seat) if todo is None else todo
        while todo:
            opp, todo = todo[0], todo[1:]
            mine = game.players[opp].constructs
            if len(mine) > 1:
                game.ask(opp, "choose_card", {"verb": "keep", "zones": ["constructs"]},
                         [("card", c, "constructs") for c in mine], {"seat": opp, "todo": todo})
                return

    def answer(self, game, frame, p, option, data):
        seat = data["seat"]
        for c in [c for c in game.players[seat].constructs if c != option[1]]:
            game.destroy(seat, c)
        self.run(game, frame, p, data["todo"])

    def text(self, p, sub):
        return "Each opponent keeps one construct they control and destroys the rest."


class StealRandomFromHands(Verb):
    """Take a card at random from each opponent's hand into yours (it is yours from now on)."""
    name = "steal_random_from_hands"
    Params = NoParams

    def run(self, game, frame, p):
        me = game.players[frame.seat]
        for opp in game.opponents(frame.seat):
            hand = game.players[opp].hand
            if hand:
                card = hand.pop(game.random_below(len(hand)))
                me.hand.append(card)
                game.emit("stole", frame.seat, card, where=str(opp))   # its text names no card

    def text(self, p, sub):
        return "Take a card at random from each opponent's hand into your hand."


class MayTakeToHand(Verb):
    """A trigger's subject (a card just acquired) may go to hand instead of the discard pile."""
    name = "may_take_to_hand"
    Params = NoParams

    def run(self, game, frame, p):
        if frame.subject in game.players[frame.seat].discard:
            game.ask(frame.seat, "yes_no", {"verb": "to_hand", "card": frame.subject},
                     [("yes",), ("no",)])

    def answer(self, game, frame, p, option, data):
        if option[0] == "yes":
            me = game.players[frame.seat]
            me.discard.remove(frame.subject)
            me.hand.append(frame.subject)
            game.emit("placed", frame.seat, frame.subject, where="hand")
        else:
            # Declining is not using it: a once-per-turn trigger stays available later this turn
            # (rulebook FAQ: once-per-turn effects need not be used the moment their condition is met).
            used = game.players[frame.seat].used
            tag = f"{frame.card}:{frame.key}"
            if tag in used:
                used.remove(tag)

    def text(self, p, sub):
        return "You may put it into your hand."


class MayPutIntoPlay(Verb):
    """A trigger's subject (a construct just acquired) may go into play instead of the discard
    pile (Chronicle of the Godslayer's Rocket Courier X-99). It enters play as if played:
    its own play effect, then "when you put a construct into play" triggers."""
    name = "may_put_into_play"
    Params = NoParams

    def run(self, game, frame, p):
        if frame.subject in game.players[frame.seat].discard:
            game.ask(frame.seat, "yes_no", {"verb": "into_play", "card": frame.subject},
                     [("yes",), ("no",)])

    def answer(self, game, frame, p, option, data):
        me = game.players[frame.seat]
        if option[0] == "yes":
            me.discard.remove(frame.subject)
            me.constructs.append(frame.subject)
            game.emit("put_into_play", frame.seat, frame.subject)
            game.push(frame.subject, "play", frame.seat)
            game.fire_triggers(frame.seat, "construct_enters", frame.subject)
        else:  # declining is not using it (as with may_take_to_hand)
            tag = f"{frame.card}:{frame.key}"
            if tag in me.used:
                me.used.remove(tag)

    def text(self, p, sub):
        return "You may put it into play."


ALL = [Gain, Draw, Banish, Discard, AcquireFree, DefeatFree, TakeFree, CopyHero, BanishSelf, ExtraTurn,
       MechanaRunes, DiscountConstruct, PowerPerMechanaConstruct, HonorPerConstructFaction, IfConstructs,
       Pay, OpponentsDestroyConstruct, OpponentsKeepOneConstruct, StealRandomFromHands, MayTakeToHand]
ALL.append(MayPutIntoPlay)
ALL.append(IfPlayedAnother)


class Choose(Verb):
    """Choose one of two effects ("gain 2 runes, or gain 2 honor")."""
    name = "choose"
    sub_effects = ("a", "b")

    class Params(Params):
        a: list = Field(min_length=1)
        b: list = Field(min_length=1)

    def run(self, game, frame, p):
        intent = {"verb": "choose_effect", "card": frame.card, "key": f"{frame.key}.{frame.pc - 1}"}
        game.ask(frame.seat, "choose_one", intent, [("mode", 0), ("mode", 1)])   # the effects "<key>.a", "<key>.b"

    def answer(self, game, frame, p, option, data):
        game.push_sub(frame, "ab"[option[1]])

    def text(self, p, sub):
        return f"Choose one: {sub['a'][:-1]}; or {sub['b'][0].lower()}{sub['b'][1:]}"


ALL.append(Choose)
