"""The core effect verbs every set uses.

Choices: a verb that asks says what the question means (an intent, see ``engine.Decision``) and
builds options as tuples — ``("card", iid, zone)`` for a card, ``("pass",)`` for "none",
``("yes",)``/``("no",)``, ``("mode", n)`` — and gets the chosen one back in ``answer``.
A choice with a single forced option (no "pass") is made automatically (the verb kit,
:mod:`ascension.core.verbs`). Card text goes through the translation layer, one message per
sentence shape; ``profile`` says what a step brings in the bots' vocabulary (``Feature``).
"""
from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from ascension.core.i18n import N_, _, ngettext
from ascension.core.verbs import Feature as F
from ascension.core.verbs import NoParams, Params, Verb, each_opponent, move, nested, unmark
from ascension.core.wording import zones_phrase


def _cap_worth(cap) -> float:
    """What a "costing N or less" limit is worth to a bot: the cost it allows (at most 8), or 7
    with no limit."""
    return float(min(cap, 8)) if isinstance(cap, (int, float)) else 7.0


def _if_you_do(sub: dict[str, str]) -> str:
    """" If you do, <the nested effect>": the sentence that follows a step doing something."""
    return " " + _("If you do, {then_lower}").format(**nested(sub))


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
        runes, power, honor = p.runes, p.power, p.honor
        if runes and power and honor:
            msg = ngettext("Gain {runes} rune and {power} power and {honor} honor.",
                           "Gain {runes} runes and {power} power and {honor} honor.", runes)
        elif runes and power:
            msg = ngettext("Gain {runes} rune and {power} power.", "Gain {runes} runes and {power} power.", runes)
        elif runes and honor:
            msg = ngettext("Gain {runes} rune and {honor} honor.", "Gain {runes} runes and {honor} honor.", runes)
        elif runes:
            msg = ngettext("Gain {runes} rune.", "Gain {runes} runes.", runes)
        elif power and honor:
            msg = _("Gain {power} power and {honor} honor.")
        elif power:
            msg = _("Gain {power} power.")
        elif honor:
            msg = _("Gain {honor} honor.")
        else:
            msg = _("Gain nothing.")
        return msg.format(runes=runes, power=power, honor=honor)

    def profile(self, p, prof, sub):
        prof.vec[F.RUNES] += p.runes
        prof.vec[F.POWER] += p.power
        prof.vec[F.HONOR] += p.honor


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
        return ngettext("Draw {n} card.", "Draw {n} cards.", p.n).format(n=p.n)

    def profile(self, p, prof, sub):
        prof.vec[F.DRAW] += p.n


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
        self.ask_or_auto(game, frame, p, {"verb": "banish", "zones": list(p.from_)},
                         self.options(game, frame.seat, p), data={"left": left}, optional=p.optional)

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
        n = p.up_to
        if n == 1:
            msg = _("You may banish a card from {zones}.") if p.optional else _("Banish a card from {zones}.")
        elif p.optional:
            msg = ngettext("You may banish up to {n} card from {zones}.", "You may banish up to {n} cards from {zones}.", n)
        else:
            msg = ngettext("Banish up to {n} card from {zones}.", "Banish up to {n} cards from {zones}.", n)
        out = msg.format(n=n, zones=zones_phrase(p.from_))
        if p.then:
            out += _if_you_do(sub)
        if p.then_if_monster:
            out += " " + _("If it was a monster, {then_if_monster_lower}").format(**nested(sub))
        return out

    def profile(self, p, prof, sub):
        zones = set(p.from_)
        if zones & {"hand", "discard"}:
            prof.vec[F.BANISH_OWN] += p.up_to * (1.0 if p.optional else 0.6)
        if "center" in zones:
            prof.vec[F.BANISH_CENTER] += p.up_to
        for field, k in (("then", 0.6), ("then_if_monster", 0.3)):
            if getattr(p, field):
                prof.add(sub(field), k)


class Discard(Verb):
    """Discard ``n`` cards from hand, one at a time; only if you did, resolve ``then``."""
    name = "discard"
    sub_effects = ("then",)

    class Params(Params):
        n: int = Field(1, ge=1)
        then: list = []

    def run(self, game, frame, p, left=None):
        left = p.n if left is None else left
        self.ask_or_auto(game, frame, p, {"verb": "discard", "zones": ["hand"]},
                         _distinct(game, game.players[frame.seat].hand, "hand"), data={"left": left})

    def answer(self, game, frame, p, option, data):
        me = game.players[frame.seat]
        move(game, frame.seat, option[1], "hand", "discard", "discarded")
        left = data.get("left", 1) - 1
        if left > 0 and me.hand:
            self.run(game, frame, p, left)
        elif p.then:
            game.push_sub(frame, "then")

    def text(self, p, sub):
        out = (_("Discard a card.") if p.n == 1 else
               ngettext("Discard {n} card.", "Discard {n} cards.", p.n).format(n=p.n))
        return out + (_if_you_do(sub) if p.then else "")

    def profile(self, p, prof, sub):
        prof.vec[F.DISCARD] += p.n
        if p.then:
            prof.add(sub("then"))


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
        self.ask_or_auto(game, frame, p, {"verb": "acquire"}, self.options(game, frame.seat, p), optional=p.optional)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        game.acquire(frame.seat, option[1], to=p.to)
        if p.to == "hand" and option[1] in game.players[frame.seat].discard:
            move(game, frame.seat, option[1], "discard", "hand", "placed", where="hand")

    def text(self, p, sub):
        if p.max_cost == "mechana_constructs":
            what = _(_MECHANA_WHAT[p.type])
            msg = (_("You may acquire {what} costing no more than the number of Mechana constructs you control "
                     "for free.") if p.optional else
                   _("Acquire {what} costing no more than the number of Mechana constructs you control for free."))
            return msg.format(what=what)
        if p.max_cost is not None:
            what = _(_WHAT_COSTING[p.type]).format(n=p.max_cost)
        else:
            what = _(_WHAT_ANY[p.type])
        if p.center_only:
            what = _("{what} from the center row").format(what=what)
        return acquire_free_text(what, p.optional, p.to)

    def profile(self, p, prof, sub):
        cap = p.max_cost
        prof.vec[F.RUNES] += 0.8 * (2.0 if cap == "mechana_constructs" else _cap_worth(cap))


# What "acquire ... for free" may take, by card type: any, costing at most N, as many as one's
# Mechana constructs
_WHAT_ANY = {"any": N_("a card"), "hero": N_("any hero"), "construct": N_("a construct")}
_WHAT_COSTING = {"any": N_("a card costing {n} or less"), "hero": N_("a hero costing {n} or less"),
                 "construct": N_("a construct costing {n} or less")}
_MECHANA_WHAT = {"any": N_("a hero or construct"), "hero": N_("a hero"), "construct": N_("a construct")}
# "Acquire {what} for free", by (you may?, where it goes)
_ACQUIRE_FREE = {
    (False, "discard"): N_("Acquire {what} for free."),
    (True, "discard"): N_("You may acquire {what} for free."),
    (False, "deck_top"): N_("Acquire {what} for free and put it on top of your deck."),
    (True, "deck_top"): N_("You may acquire {what} for free and put it on top of your deck."),
    (False, "hand"): N_("Acquire {what} for free and put it into your hand."),
    (True, "hand"): N_("You may acquire {what} for free and put it into your hand."),
}


def acquire_free_text(what: str, optional: bool, to: str) -> str:
    """"(You may) acquire <what> for free (and put it ...)", ``what`` already in words."""
    return _(_ACQUIRE_FREE[optional, to]).format(what=what)


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
        self.ask_or_auto(game, frame, p, {"verb": "defeat"}, self.options(game, p))

    def answer(self, game, frame, p, option, data):
        game.defeat(frame.seat, option[1])

    def text(self, p, sub):
        if p.max_cost is None:
            return _("Defeat a monster for free.")
        return _("Defeat a monster costing {n} or less for free.").format(n=p.max_cost)

    def profile(self, p, prof, sub):
        prof.vec[F.POWER] += 0.9 * _cap_worth(p.max_cost)


class TakeFree(Verb):
    """Acquire or defeat any card in the center row for free (``which`` only words the text)."""
    name = "take_free"

    class Params(Params):
        which: Literal["other", "one"] = "other"

    def run(self, game, frame, p):
        opts = [("card", c, "center") for c in game.center_row if c is not None]
        self.ask_or_auto(game, frame, p, {"verb": "take", "zones": ["center"]}, opts)

    def answer(self, game, frame, p, option, data):
        if game.card(option[1]).type == "monster":
            game.defeat(frame.seat, option[1])
        else:
            game.acquire(frame.seat, option[1])

    def text(self, p, sub):
        if p.which == "one":
            return _("Acquire or defeat any one card in the center row for free.")
        return _("Acquire or defeat any other card in the center row for free.")

    def profile(self, p, prof, sub):
        prof.vec[F.POWER] += 4.5


class CopyHero(Verb):
    """Repeat the play effect of another hero you played this turn."""
    name = "copy_hero"
    Params = NoParams

    def run(self, game, frame, p):
        played = [c for c in game.heroes_played(frame.seat)   # (one that banished itself was played too)
                  if c != frame.card and not any(s.verb.name == self.name for s in game.card(c).effects.get("play", ()))]
        self.ask_or_auto(game, frame, p, {"verb": "repeat", "zones": ["played"]}, _distinct(game, played, "played"))

    def answer(self, game, frame, p, option, data):
        game.push(option[1], "play", frame.seat)

    def text(self, p, sub):
        return _("Repeat the effect of another hero you played this turn.")

    def profile(self, p, prof, sub):
        prof.vec[F.COPY_HERO] += 1


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
        return _("Banish this construct.")

    def profile(self, p, prof, sub):
        pass   # what it is worth is its ability's price (tiers: "self_banish")


class ExtraTurn(Verb):
    name = "extra_turn"
    Params = NoParams

    def run(self, game, frame, p):
        game.extra_turns += 1
        game.emit("extra_turn", frame.seat)

    def text(self, p, sub):
        return _("Take an extra turn after this one.")

    def profile(self, p, prof, sub):
        prof.vec[F.EXTRA_TURN] += 1


class MechanaRunes(Verb):
    name = "mechana_runes"
    shorthand = "n"

    class Params(Params):
        n: int = Field(ge=1)

    def run(self, game, frame, p):
        game.players[frame.seat].mech_runes += p.n
        game.emit("gained_runes", frame.seat, n=p.n, where="mechana")

    def text(self, p, sub):
        return ngettext("Gain {n} rune to spend only on Mechana constructs.",
                        "Gain {n} runes to spend only on Mechana constructs.", p.n).format(n=p.n)

    def profile(self, p, prof, sub):
        prof.vec[F.MECHANA_RUNES] += p.n


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
        return ngettext("The next construct you acquire this turn costs {n} rune less.",
                        "The next construct you acquire this turn costs {n} runes less.", p.n).format(n=p.n)

    def profile(self, p, prof, sub):
        prof.vec[F.DISCOUNT] += p.n


class PowerPerMechanaConstruct(Verb):
    name = "power_per_mechana_construct"
    reads_turn = True
    Params = NoParams

    def run(self, game, frame, p):
        n = sum(game.has_faction(c, "mechana", frame.seat) for c in game.players[frame.seat].constructs)
        game.gain(frame.seat, power=n)

    def can_act(self, game, seat, card, p):
        return any(game.has_faction(c, "mechana", seat) for c in game.players[seat].constructs)

    def text(self, p, sub):
        return _("Gain 1 power for each Mechana construct you control.")

    def profile(self, p, prof, sub):
        prof.vec[F.POWER_PER_MECHANA] += 1


class HonorPerConstructFaction(Verb):
    name = "honor_per_construct_faction"
    reads_turn = True
    Params = NoParams

    def run(self, game, frame, p):
        seat = frame.seat
        factions = {f for c in game.players[seat].constructs for f in game.card(c).factions}
        if any(game.has_faction(c, "mechana", seat) for c in game.players[seat].constructs):
            factions.add("mechana")
        if factions:
            game.gain(seat, honor=len(factions))

    def text(self, p, sub):
        return _("Gain 1 honor for each faction among the constructs you control.")

    def profile(self, p, prof, sub):
        prof.vec[F.HONOR_PER_FACTION] += 1


class IfConstructs(Verb):
    name = "if_constructs"
    reads_turn = True
    sub_effects = ("then",)

    class Params(Params):
        at_least: int = Field(ge=1)
        then: list

    def run(self, game, frame, p):
        if len(game.players[frame.seat].constructs) >= p.at_least:
            game.push_sub(frame, "then")

    def text(self, p, sub):
        return ngettext("If you control at least {n} construct, {then_lower}",
                        "If you control at least {n} constructs, {then_lower}", p.at_least).format(
            n=p.at_least, **nested(sub))

    def profile(self, p, prof, sub):
        prof.add(sub("then"), 0.5)


class IfPlayedAnother(Verb):
    """``then`` if another hero of ``faction`` has been played this turn, checked once, when this
    step resolves (Chronicle of the Godslayer's Runic Lycanthrope; the 10th edition's is a Unite
    card, which also counts a hero played later)."""
    name = "if_played_another"
    reads_turn = True
    sub_effects = ("then",)

    class Params(Params):
        faction: Literal["enlightened", "lifebound", "mechana", "void"]
        then: list = Field(min_length=1)

    def run(self, game, frame, p):
        if game.played_faction(frame.seat, p.faction, exclude=frame.card):
            game.push_sub(frame, "then")

    def text(self, p, sub):
        return _(_PLAYED_ANOTHER[p.faction]).format(**nested(sub))


_PLAYED_ANOTHER = {
    "enlightened": N_("If you have played another Enlightened hero this turn, {then_lower}"),
    "lifebound": N_("If you have played another Lifebound hero this turn, {then_lower}"),
    "mechana": N_("If you have played another Mechana hero this turn, {then_lower}"),
    "void": N_("If you have played another Void hero this turn, {then_lower}"),
}


class Pay(Verb):
    name = "pay"

    class Params(Params):
        runes: int = Field(ge=1)

    def run(self, game, frame, p):
        game.players[frame.seat].runes -= p.runes

    def text(self, p, sub):
        return ngettext("Pay {n} rune:", "Pay {n} runes:", p.runes).format(n=p.runes)

    def profile(self, p, prof, sub):
        prof.vec[F.RUNES] -= p.runes


class OpponentsDestroyConstruct(Verb):
    """Each opponent, in turn order, destroys a construct of their choice."""
    name = "opponents_destroy_construct"
    Params = NoParams

    def run(self, game, frame, p, todo=None):
        for opp, data in each_opponent(game, frame, todo):
            mine = game.players[opp].constructs
            if mine:
                return self.ask_or_auto(game, frame, p, {"verb": "destroy", "zones": ["constructs"]},
                                        [("card", c, "constructs") for c in mine], seat=opp, data=data)

    def answer(self, game, frame, p, option, data):
        game.destroy(data["seat"], option[1])
        self.run(game, frame, p, data["todo"])

    def text(self, p, sub):
        return _("Each opponent destroys a construct they control.")

    def profile(self, p, prof, sub):
        prof.vec[F.ATTACK] += 1


class OpponentsKeepOneConstruct(Verb):
    """Each opponent keeps one construct of their choice and destroys the rest."""
    name = "opponents_keep_one_construct"
    Params = NoParams

    def run(self, game, frame, p, todo=None):
        for opp, data in each_opponent(game, frame, todo):
            mine = game.players[opp].constructs
            if len(mine) > 1:
                return game.ask(opp, "choose_card", {"verb": "keep", "zones": ["constructs"]},
                                [("card", c, "constructs") for c in mine], data)

    def answer(self, game, frame, p, option, data):
        seat = data["seat"]
        for c in [c for c in game.players[seat].constructs if c != option[1]]:
            game.destroy(seat, c)
        self.run(game, frame, p, data["todo"])

    def text(self, p, sub):
        return _("Each opponent keeps one construct they control and destroys the rest.")

    def profile(self, p, prof, sub):
        prof.vec[F.ATTACK] += 1.5


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
        return _("Take a card at random from each opponent's hand into your hand.")

    def profile(self, p, prof, sub):
        prof.vec[F.STEAL] += 1


class MayTakeToHand(Verb):
    """A trigger's subject (a card just acquired) may go to hand instead of the discard pile."""
    name = "may_take_to_hand"
    Params = NoParams

    def run(self, game, frame, p):
        if frame.subject in game.players[frame.seat].discard:
            game.ask(frame.seat, "yes_no", {"verb": "to_hand", "card": frame.subject},
                     [("yes",), ("no",)])
        else:   # another copy (or effect) moved it first: nothing was done, the use stays
            unmark(game, frame)

    def answer(self, game, frame, p, option, data):
        if option[0] == "yes":
            move(game, frame.seat, frame.subject, "discard", "hand", "placed", where="hand")
        else:
            unmark(game, frame)   # declining is not using it

    def text(self, p, sub):
        return _("You may put it into your hand.")

    def profile(self, p, prof, sub):
        prof.vec[F.UNKNOWN] += 0.3


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
        else:   # another copy (or effect) moved it first: nothing was done, the use stays
            unmark(game, frame)

    def answer(self, game, frame, p, option, data):
        if option[0] == "yes":
            move(game, frame.seat, frame.subject, "discard", "constructs", "put_into_play")
            game.push(frame.subject, "play", frame.seat)
            game.fire_triggers(frame.seat, "construct_enters", frame.subject)
        else:
            unmark(game, frame)   # declining is not using it

    def text(self, p, sub):
        return _("You may put it into play.")

    def profile(self, p, prof, sub):
        prof.vec[F.UNKNOWN] += 0.3


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
        return _("Choose one: {a_bare}; or {b_lower}").format(**nested(sub))

    def profile(self, p, prof, sub):
        prof.alts.append([sub("a"), sub("b")])


ALL.append(Choose)
