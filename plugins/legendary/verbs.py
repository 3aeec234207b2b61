"""The verbs of Ascension Legends (registered by the ``legendary`` plugin).

Same conventions as :mod:`ascension.plugins.base.verbs`: a pydantic ``Params`` model, ``run``,
``answer`` for verbs that ask, ``text`` for what a player reads. A faction choice is offered as
``("mode", index into FACTIONS, Renown in it now)`` options, which every agent already knows; each
question says what it means in an intent (``engine.Decision``).
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ascension.core.cards import FACTIONS
from ascension.core.engine import Frame
from ascension.core.i18n import N_, _, ngettext
from ascension.core.verbs import Feature as F
from ascension.core.verbs import NoParams, Params, Verb, affordable, move, nested, pay, unmark
from ascension.core.wording import faction_name, or_list
from ascension.plugins.base.verbs import _center_and_piles, _distinct

from .track import LEGEND, READS_TOUCHED, card_renown, gain_renown, is_legend, renown, seat_key, track, turn_list

Faction = Literal[FACTIONS]  # type: ignore[valid-type]


def _factions(factions) -> str:
    """Faction names as alternatives: "Mechana or Enlightened"."""
    return or_list([faction_name(f) for f in factions])


def _renown_worth(prof, n: int = 1, each: bool = False) -> None:
    """What Renown is worth to a bot, in honor (its Boons and Legendary status come on top,
    weighed by the Legendary Track's advice)."""
    prof.vec[F.HONOR] += 0.45 * n * (4 if each else 1)


# ------------------------------------------------------------------------ Renown
class GainRenown(Verb):
    """Gain Renown in a named faction, in each faction, or (a plain "gain Renown", as the
    rulebook says) in one faction of the player's choice; ``other``: not the card's own faction
    (Ulu). Factions already at 12 are not offered (Renown there does nothing)."""
    name = "gain_renown"
    shorthand = "n"

    class Params(Params):
        n: int = Field(1, ge=1)
        faction: Faction | None = None
        each: bool = False
        other: bool = False

    def run(self, game, frame, p):
        seat = frame.seat
        if p.each:
            for f in FACTIONS:
                gain_renown(game, seat, f, p.n)
            return
        if p.faction:
            gain_renown(game, seat, p.faction, p.n)
            return
        own = game.card(frame.card).factions if p.other else ()
        row = renown(game, seat)
        opts = [("mode", i, row[f]) for i, f in enumerate(FACTIONS) if f not in own and row[f] < LEGEND]
        self.ask_or_auto(game, frame, p, {"verb": "renown", "amount": p.n}, opts, kind="choose_one")

    def answer(self, game, frame, p, option, data):
        gain_renown(game, frame.seat, FACTIONS[option[1]], p.n)

    def text(self, p, sub):
        if p.each:
            msg = _("Gain {n} Renown in each faction.")
        elif p.faction:
            msg = _(_FACTION_RENOWN[p.faction])
        elif p.other:
            msg = _("Gain {n} Renown in another faction.")
        else:
            msg = _("Gain {n} Renown in a faction of your choice.")
        return msg.format(n=p.n)

    def profile(self, p, prof, sub):
        _renown_worth(prof, p.n, p.each)


_FACTION_RENOWN = {"enlightened": N_("Gain {n} Enlightened Renown."), "lifebound": N_("Gain {n} Lifebound Renown."),
                   "mechana": N_("Gain {n} Mechana Renown."), "void": N_("Gain {n} Void Renown.")}


class RenownThreshold(Verb):
    """Renown Threshold (``at``): ``then`` if the player's Renown in the card's faction (any of
    them, or ``faction``) is at least ``at``, else ``otherwise``. It is checked when this step
    resolves, which is the moment the card is played (or the construct used): set files put it
    first, so nothing the card itself does can count, and Renown gained later this turn never
    adds the effect (FAQ)."""
    name = "renown_threshold"
    reads_turn = True   # (Renown a card played before it gave counts)
    sub_effects = ("then", "otherwise")

    class Params(Params):
        at: int = Field(ge=1, le=LEGEND)
        faction: Faction | None = None
        then: list = Field(min_length=1)
        otherwise: list = []

    def run(self, game, frame, p):
        factions = [p.faction] if p.faction else list(game.card(frame.card).factions)
        row = renown(game, frame.seat)
        if any(row[f] >= p.at for f in factions):
            game.push_sub(frame, "then")
        elif p.otherwise:
            game.push_sub(frame, "otherwise")

    def text(self, p, sub):
        if p.otherwise:
            return _("{otherwise} Renown Threshold ({at}): {then_bare} instead.").format(at=p.at, **nested(sub))
        return _("Renown Threshold ({at}): {then}").format(at=p.at, **nested(sub))

    def profile(self, p, prof, sub):   # the better effect once the faction's Renown is high
        prof.add(sub("then"), 0.4)
        prof.add(sub("otherwise"), 0.6)


class BanishCenterGainRenown(Verb):
    """Mountain Seer: banish a card in the center row, then gain 1 Renown in each faction of the
    card that replaces it (with any refill rule: the card newly dealt into the row)."""
    name = "banish_center_gain_renown"
    Params = NoParams

    def run(self, game, frame, p):
        opts = [("card", c, "center") for c in game.center_row if c is not None and not game.card(c).unbanishable]
        self.ask_or_auto(game, frame, p, {"verb": "banish", "zones": ["center"]}, opts)

    def answer(self, game, frame, p, option, data):
        before = list(game.center_row)
        game.banish_from(frame.seat, option[1], "center")
        for card in game.center_row:
            if card is not None and card not in before:
                card_renown(game, frame.seat, card)

    def text(self, p, sub):
        return _("Banish a card in the center row. Gain 1 Renown in each faction of the card that "
                 "replaces it.")

    def profile(self, p, prof, sub):
        _renown_worth(prof)
        prof.vec[F.BANISH_CENTER] += 1


# ------------------------------------------------------------------------ Emissaries
class UniteEmissary(Verb):
    """Unite-Emissary: ``then`` resolves once, now if the player has played another Emissary this
    turn, else when they next play one (whatever its faction). The plugin records the Emissaries
    played (``asc_event``) and fires the waiting ones."""
    name = "unite_emissary"
    sub_effects = ("then",)

    class Params(Params):
        then: list = Field(min_length=1)

    def run(self, game, frame, p):
        seat = frame.seat
        if any(c != frame.card for c in turn_list(game, "emissaries", seat)):
            game.push_sub(frame, "then")
        else:
            turn_list(game, "waiting", seat).append([frame.card, frame.defn, f"{frame.key}.{frame.pc - 1}.then"])

    def text(self, p, sub):
        return _("Unite-Emissary: {then}").format(**nested(sub))

    def profile(self, p, prof, sub):
        prof.add(sub("then"), 0.4)


def fire_waiting_emissaries(game, seat: int) -> None:
    """Another Emissary is being played: every Unite-Emissary waiting fires (after its effect)."""
    waiting = turn_list(game, "waiting", seat)
    for card, defn, key in reversed(waiting):
        game.stack.append(Frame(card, defn, key, 0, seat, None))
    waiting.clear()


class WinWithFourEmissaries(Verb):
    """Arha Emissary: Emissaries of all four factions played this turn (this one counts) win."""
    name = "win_with_four_emissaries"
    reads_turn = True
    Params = NoParams

    def run(self, game, frame, p):
        seat = frame.seat
        seen = {f for c in turn_list(game, "emissaries", seat) for f in game.card(c).factions}
        if all(f in seen for f in FACTIONS):
            game.ext["winner"] = seat
            game.emit("won", seat)
            game.finish()

    def text(self, p, sub):
        return _("If you have played Emissaries of all four factions this turn (this one counts), you win the game.")


# ------------------------------------------------------------------------ banish / destroy
def _leave_play(game, seat: int, card: int) -> bool:
    """A card leaves play for the Void; a hero was still played this turn (``Player.left_play``)."""
    me = game.players[seat]
    for zone in (me.played, me.constructs):
        if card in zone:
            zone.remove(card)
            if zone is me.played:
                me.left_play.append(card)
            if card in me.unite_wait:
                me.unite_wait.remove(card)
            game.put_away(card)
            game.emit("banished", seat, card, where="play")
            return True
    return False


class BanishThis(Verb):
    """"... then banish this": the hero (or construct) leaves play for the Void."""
    name = "banish_this"
    Params = NoParams

    def run(self, game, frame, p):
        _leave_play(game, frame.seat, frame.card)

    def text(self, p, sub):
        return _("Banish this card.")


class BanishPlayed(Verb):
    """You may banish a card you played this turn (Portal Ninja, Naka's Boon)."""
    name = "banish_played"
    Params = NoParams

    def run(self, game, frame, p):
        self.ask_or_auto(game, frame, p, {"verb": "banish", "zones": ["played"]},
                         _distinct(game, game.players[frame.seat].played, "played"), optional=True)

    def answer(self, game, frame, p, option, data):
        if option[0] != "pass":
            _leave_play(game, frame.seat, option[1])

    def text(self, p, sub):
        return _("You may banish a card you played this turn.")

    def profile(self, p, prof, sub):   # thinning, once the card has done its work
        prof.vec[F.BANISH_OWN] += 0.8


class DestroyConstructs(Verb):
    """Destroy up to ``up_to`` constructs in play, anyone's, one choice at a time (Hellstring
    Blades, The Iron Seven). Options name the owner: "your constructs", "constructs of Bob"."""
    name = "destroy_constructs"

    class Params(Params):
        up_to: int = Field(1, ge=1)

    def run(self, game, frame, p, left=None):
        left = p.up_to if left is None else left
        n = len(game.players)
        harmed = game.opponents(frame.seat) or []   # a teammate is never harmed by your monster's reward (teams)
        opts = []
        for i in range(n):
            s = (frame.seat + i) % n
            if s != frame.seat and s not in harmed:
                continue
            if s == frame.seat:
                opts += [("card", c, "your_constructs") for c in game.players[s].constructs]
            else:   # the owner's seat is data on the option: names may repeat
                opts += [("card", c, "constructs_of", s) for c in game.players[s].constructs]
        self.ask_or_auto(game, frame, p, {"verb": "destroy", "zones": ["constructs"]}, opts,
                         data={"left": left}, optional=True)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        owner = next(s for s, pl in enumerate(game.players) if option[1] in pl.constructs)
        game.destroy(owner, option[1])
        if data["left"] > 1:
            self.run(game, frame, p, data["left"] - 1)

    def text(self, p, sub):
        if p.up_to == 1:
            return _("You may destroy a construct in play.")
        return ngettext("You may destroy up to {n} construct in play.", "You may destroy up to {n} constructs in play.",
                        p.up_to).format(n=p.up_to)


class DestroyAnotherConstruct(Verb):
    """Destroy another construct you control (of ``faction``); if you do, ``then`` (The
    Dreamscrape, Mechannihilator: "you may ..."). The "may" is the choice to use the ability at
    all: once used, a construct is chosen. (Offering "none" and handing the once-per-turn use
    back would let a player, or a bot, use and decline for ever.)"""
    name = "destroy_another_construct"
    sub_effects = ("then",)

    class Params(Params):
        faction: Faction | None = None
        then: list = Field(min_length=1)

    def others(self, game, seat, card, p):
        return [c for c in game.players[seat].constructs
                if c != card and (p.faction is None or game.has_faction(c, p.faction, seat))]

    def can_act(self, game, seat, card, p):
        return bool(self.others(game, seat, card, p))

    def run(self, game, frame, p):
        self.ask_or_auto(game, frame, p, {"verb": "destroy", "zones": ["constructs"]},
                         _distinct(game, self.others(game, frame.seat, frame.card, p), "constructs"))

    def answer(self, game, frame, p, option, data):
        game.destroy(frame.seat, option[1])
        game.push_sub(frame, "then")

    def text(self, p, sub):
        return _(_DESTROY_ANOTHER[p.faction]).format(**nested(sub))


_DESTROY_ANOTHER = {
    None: N_("You may destroy another construct you control. If you do, {then_lower}"),
    "enlightened": N_("You may destroy another Enlightened construct you control. If you do, {then_lower}"),
    "lifebound": N_("You may destroy another Lifebound construct you control. If you do, {then_lower}"),
    "mechana": N_("You may destroy another Mechana construct you control. If you do, {then_lower}"),
    "void": N_("You may destroy another Void construct you control. If you do, {then_lower}"),
}


class DestroySelf(Verb):
    """This construct goes from play to its owner's discard pile (Tablet of the Templar)."""
    name = "destroy_self"
    Params = NoParams

    def run(self, game, frame, p):
        if frame.card in game.players[frame.seat].constructs:
            game.destroy(frame.seat, frame.card)

    def text(self, p, sub):
        return _("Destroy this construct.")


# ------------------------------------------------------------------------ conditions
class IfPlayedOrAcquired(Verb):
    """``then`` if the player played or acquired a card of ``faction`` this turn (the Remnants)."""
    name = READS_TOUCHED
    reads_turn = True
    sub_effects = ("then",)

    class Params(Params):
        faction: Faction
        then: list = Field(min_length=1)

    def run(self, game, frame, p):
        if p.faction in turn_list(game, "touched", frame.seat):
            game.push_sub(frame, "then")

    def text(self, p, sub):
        return _(_PLAYED_OR_ACQUIRED[p.faction]).format(**nested(sub))

    def profile(self, p, prof, sub):
        prof.add(sub("then"), 0.5)


_PLAYED_OR_ACQUIRED = {
    "enlightened": N_("If you played or acquired an Enlightened card this turn, {then_lower}"),
    "lifebound": N_("If you played or acquired a Lifebound card this turn, {then_lower}"),
    "mechana": N_("If you played or acquired a Mechana card this turn, {then_lower}"),
    "void": N_("If you played or acquired a Void card this turn, {then_lower}"),
}


class IfDiscardHolds(Verb):
    """``then`` if the player's discard pile holds a card of one of ``factions`` (Shade Askara)."""
    name = "if_discard_holds"
    sub_effects = ("then",)

    class Params(Params):
        factions: list[Faction] = Field(min_length=1)
        then: list = Field(min_length=1)

    def run(self, game, frame, p):
        if any(f in game.card(c).factions for c in game.players[frame.seat].discard for f in p.factions):
            game.push_sub(frame, "then")

    def text(self, p, sub):   # "a"/"an" by the first faction, as English says it
        msg = (_("If your discard pile holds an {factions} card, {then_lower}") if p.factions[0][0] in "aeiou"
               else _("If your discard pile holds a {factions} card, {then_lower}"))
        return msg.format(factions=_factions(p.factions), **nested(sub))

    def profile(self, p, prof, sub):
        prof.add(sub("then"), 0.5)


class IfSubjectFaction(Verb):
    """In a trigger: ``then`` if the card that set it off is of one of ``factions`` (Psychic
    Amulet: "when you play a Mechana or Enlightened construct"); otherwise the once-per-turn
    trigger was not used and may still fire this turn."""
    name = "if_subject_faction"
    sub_effects = ("then",)

    class Params(Params):
        factions: list[Faction] = Field(min_length=1)
        then: list = Field(min_length=1)

    def run(self, game, frame, p):
        if frame.subject is not None and any(game.has_faction(frame.subject, f, frame.seat) for f in p.factions):
            game.push_sub(frame, "then")
        else:
            unmark(game, frame)

    def text(self, p, sub):
        return _("If it is {factions}, {then_lower}").format(factions=_factions(p.factions), **nested(sub))

    def profile(self, p, prof, sub):
        prof.add(sub("then"), 0.5)


# ------------------------------------------------------------------------ taking cards
class TakeFreeCostingUpToIt(Verb):
    """Mechaphoenix: acquire or defeat a card (center row or always-available) whose cost is no
    more than the cost of the construct that set the trigger off. The player may decline, and
    its once-per-turn use waits for a costlier construct (rulebook FAQ: a construct's once-per-turn
    effect need not be used as soon as its condition is met)."""
    name = "take_free_costing_up_to_it"
    Params = NoParams

    def run(self, game, frame, p):
        limit = game.card(frame.subject).cost if frame.subject is not None else 0
        opts = [("card", c, "center" if c in game.center_row else "pile") for c in _center_and_piles(game)
                if game.card(c).cost <= limit]
        if not opts:   # nothing that cheap: the use waits
            unmark(game, frame)
        self.ask_or_auto(game, frame, p, {"verb": "take"}, opts, optional=True)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            unmark(game, frame)   # declining is not using it
        elif game.card(option[1]).type == "monster":
            game.defeat(frame.seat, option[1])
        else:
            game.acquire(frame.seat, option[1])

    def text(self, p, sub):
        return _("You may acquire or defeat a card costing no more than that construct for free.")

    def profile(self, p, prof, sub):
        prof.vec[F.RUNES] += 2.0


def return_honor(game, seat: int, n: int) -> None:
    """``seat`` gives back ``n`` honor tokens. Honor taken from the box after the pool ran dry
    goes back there first, the rest into the pool (so the honor count stays exact)."""
    taken = sum(pl.honor for pl in game.players) + game.ext.get("villain_honor", 0)
    from_box = max(0, taken - (game.ctx.setup["honor_pool"] - game.pool))
    game.players[seat].honor -= n
    game.pool += max(0, n - from_box)
    game.emit("returned_honor", seat, n=n)


class AcquireWithHonor(Verb):
    """Turtler Merchant: you may return honor tokens equal to the honor value of a hero or
    construct in the center row; if you do, acquire it."""
    name = "acquire_with_honor"
    Params = NoParams

    def run(self, game, frame, p):
        have = game.players[frame.seat].honor
        opts = [("card", c, "center") for c in game.center_row
                if c is not None and game.card(c).type in ("hero", "construct") and game.card(c).honor <= have]
        self.ask_or_auto(game, frame, p, {"verb": "acquire", "zones": ["center"], "pay": "honor"}, opts, optional=True)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        return_honor(game, frame.seat, game.card(option[1]).honor)
        game.acquire(frame.seat, option[1])

    def text(self, p, sub):
        return _("You may return honor to the pool equal to the honor value of a hero or construct in the "
                 "center row. If you do, acquire it.")


class DefeatInVoid(Verb):
    """Shadow Mender: you may defeat a monster in the Void, paying its power, or without paying
    with unused Legendary status in one of its factions (FAQ). It stays in the Void."""
    name = "defeat_in_void"
    Params = NoParams

    def run(self, game, frame, p):
        seat = frame.seat
        used = turn_list(game, "used", seat)
        opts, seen = [], set()
        for c in game.void:
            d = game.card(c)
            if d.type != "monster" or d.id in seen:
                continue
            seen.add(d.id)
            free = [f for f in d.factions if is_legend(game, seat, f) and f not in used]
            if free:
                opts.append(("free", c, free[0]))
            if affordable(game, seat, c):
                opts.append(("card", c, "void"))
        self.ask_or_auto(game, frame, p, {"verb": "defeat", "zones": ["void"]}, opts, optional=True)

    def answer(self, game, frame, p, option, data):
        seat, card = frame.seat, option[1] if len(option) > 1 else None
        if option[0] == "free":
            turn_list(game, "used", seat).append(option[2])
            game.emit("legendary_used", seat, card, where=option[2])
        elif option[0] == "card":
            pay(game, seat, card)
        else:
            return
        game.defeat(seat, card)

    def text(self, p, sub):
        return _("You may defeat a monster in the Void.")

    def profile(self, p, prof, sub):
        prof.vec[F.HONOR] += 1.5


class DiscardToDeckTop(Verb):
    """You may put a card of ``type`` from your discard pile on top of your deck (Cetra's Boon)."""
    name = "discard_to_deck_top"

    class Params(Params):
        type: Literal["hero", "construct", "any"] = "any"

    def run(self, game, frame, p):
        cards = [c for c in game.players[frame.seat].discard if p.type in ("any", game.card(c).type)]
        self.ask_or_auto(game, frame, p, {"verb": "to_deck_top", "zones": ["discard"]},
                         _distinct(game, cards, "discard"), optional=True)

    def answer(self, game, frame, p, option, data):
        if option[0] != "pass":
            move(game, frame.seat, option[1], "discard", "deck", "placed", where="deck")

    def text(self, p, sub):
        return _(_TO_DECK_TOP[p.type])

    def profile(self, p, prof, sub):   # a chosen card instead of a random one next turn
        prof.vec[F.DRAW] += 0.4


_TO_DECK_TOP = {"any": N_("You may put a card from your discard pile on top of your deck."),
                "hero": N_("You may put a hero from your discard pile on top of your deck."),
                "construct": N_("You may put a construct from your discard pile on top of your deck.")}


# ------------------------------------------------------------------------ Raiyna, Riftwalker
class RepeatNextReward(Verb):
    name = "repeat_next_reward"
    Params = NoParams

    def run(self, game, frame, p):
        echo = track(game)["turn"].setdefault("echo", {})
        key = seat_key(frame.seat)
        echo[key] = echo.get(key, 0) + 1

    def text(self, p, sub):
        return _("The next time you defeat a monster in the center row this turn, gain its reward other "
                 "than honor twice.")

    def profile(self, p, prof, sub):
        prof.vec[F.HONOR] += 1.5


HONOR_VERBS = frozenset({"take_honor_from_leader"})   # steps that move honor and nothing else (RotF Sordid Asp)


def _honor_only_raw(item) -> bool:
    return isinstance(item, dict) and len(item) == 1 and (
        next(iter(item)) in HONOR_VERBS
        or (list(item) == ["gain"] and isinstance(item["gain"], dict) and set(item["gain"]) == {"honor"}))


def honor_only(step) -> bool:
    """A reward step that gives nothing but honor (a gain, honor taken from a player, or a
    condition whose effects are)."""
    if step.verb.name in HONOR_VERBS:
        return True
    if step.verb.name == "gain":
        return bool(step.params.honor) and not step.params.runes and not step.params.power
    lists = [getattr(step.params, s) for s in step.verb.sub_effects]
    return any(lists) and all(_honor_only_raw(x) for lst in lists for x in lst)


def repeat_reward(game, seat: int, card: int) -> None:
    """Give ``seat`` a monster's reward once more, without its honor: the runes and power of its
    leading gains now, the rest of the list (from its first step that is neither) as a frame that
    resolves after the reward itself. Rewards that give honor after such a step would repeat that
    honor; no shipped monster has one (tests/cards/test_legends.py checks)."""
    d = game.card(card)
    steps = d.effects.get("reward", ())
    for i, s in enumerate(steps):
        if honor_only(s):
            continue
        if s.verb.name == "gain":
            game.gain(seat, runes=s.params.runes, power=s.params.power)
            continue
        game.stack.append(Frame(card, d.id, "reward", i, seat, None))
        return


ALL = [GainRenown, RenownThreshold, BanishCenterGainRenown, UniteEmissary, WinWithFourEmissaries, BanishThis,
       BanishPlayed, DestroyConstructs, DestroyAnotherConstruct, DestroySelf, IfPlayedOrAcquired, IfDiscardHolds,
       IfSubjectFaction, TakeFreeCostingUpToIt, AcquireWithHonor, DefeatInVoid, DiscardToDeckTop, RepeatNextReward]
