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
from ascension.core.verbs import NoParams, Params, Verb
from ascension.core.wording import article
from ascension.plugins.base.verbs import _ask_or_auto, _center_and_piles, _distinct

from .track import LEGEND, card_renown, gain_renown, is_legend, renown, track, turn_list

Faction = Literal[FACTIONS]  # type: ignore[valid-type]


def _lower(text: str) -> str:
    return text[0].lower() + text[1:] if text else text


def _unmark(game, frame) -> None:
    """Declining a once-per-turn trigger or ability is not using it: it stays available."""
    used = game.players[frame.seat].used
    tag = f"{frame.card}:{frame.key}"
    if tag in used:
        used.remove(tag)


def _or(factions) -> str:
    return " or ".join(f.capitalize() for f in factions)


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
        _ask_or_auto(game, frame, self, p, seat, "choose_one", {"verb": "renown", "amount": p.n},
                     opts, {}, False)

    def answer(self, game, frame, p, option, data):
        gain_renown(game, frame.seat, FACTIONS[option[1]], p.n)

    def text(self, p, sub):
        if p.each:
            return f"Gain {p.n} Renown in each faction."
        if p.faction:
            return f"Gain {p.n} {p.faction.capitalize()} Renown."
        return f"Gain {p.n} Renown in {'another faction' if p.other else 'a faction of your choice'}."


class RenownThreshold(Verb):
    """Renown Threshold (``at``): ``then`` if the player's Renown in the card's faction (any of
    them, or ``faction``) is at least ``at``, else ``otherwise``. It is checked when this step
    resolves, which is the moment the card is played (or the construct used): set files put it
    first, so nothing the card itself does can count, and Renown gained later this turn never
    adds the effect (FAQ)."""
    name = "renown_threshold"
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
            return f"{sub['otherwise']} Renown Threshold ({p.at}): {sub['then'].rstrip('.')} instead."
        return f"Renown Threshold ({p.at}): {sub['then']}"


class BanishCenterGainRenown(Verb):
    """Mountain Seer: banish a card in the center row, then gain 1 Renown in each faction of the
    card that replaces it (with any refill rule: the card newly dealt into the row)."""
    name = "banish_center_gain_renown"
    Params = NoParams

    def run(self, game, frame, p):
        opts = [("card", c, "center") for c in game.center_row if c is not None and not game.card(c).unbanishable]
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "banish", "zones": ["center"]},
                     opts, {}, False)

    def answer(self, game, frame, p, option, data):
        before = list(game.center_row)
        game.banish_from(frame.seat, option[1], "center")
        for card in game.center_row:
            if card is not None and card not in before:
                card_renown(game, frame.seat, card)

    def text(self, p, sub):
        return ("Banish a card in the center row. Gain 1 Renown in each faction of the card that "
                "replaces it.")


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
        return f"Unite-Emissary: {sub['then']}"


def fire_waiting_emissaries(game, seat: int) -> None:
    """Another Emissary is being played: every Unite-Emissary waiting fires (after its effect)."""
    waiting = turn_list(game, "waiting", seat)
    for card, defn, key in reversed(waiting):
        game.stack.append(Frame(card, defn, key, 0, seat, None))
    waiting.clear()


class WinWithFourEmissaries(Verb):
    """Arha Emissary: Emissaries of all four factions played this turn (this one counts) win."""
    name = "win_with_four_emissaries"
    Params = NoParams

    def run(self, game, frame, p):
        seat = frame.seat
        seen = {f for c in turn_list(game, "emissaries", seat) for f in game.card(c).factions}
        if all(f in seen for f in FACTIONS):
            game.ext["winner"] = seat
            game.emit("won", seat)
            game.finish()

    def text(self, p, sub):
        return "If you have played Emissaries of all four factions this turn (this one counts), you win the game."


# ------------------------------------------------------------------------ banish / destroy
def _leave_play(game, seat: int, card: int) -> bool:
    me = game.players[seat]
    for zone in (me.played, me.constructs):
        if card in zone:
            zone.remove(card)
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
        return "Banish this card."


class BanishPlayed(Verb):
    """You may banish a card you played this turn (Portal Ninja, Naka's Boon)."""
    name = "banish_played"
    Params = NoParams

    def run(self, game, frame, p):
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "banish", "zones": ["played"]},
                     _distinct(game, game.players[frame.seat].played, "played"), {}, True)

    def answer(self, game, frame, p, option, data):
        if option[0] != "pass":
            _leave_play(game, frame.seat, option[1])

    def text(self, p, sub):
        return "You may banish a card you played this turn."


class DestroyConstructs(Verb):
    """Destroy up to ``up_to`` constructs in play, anyone's, one choice at a time (Hellstring
    Blades, The Iron Seven). Options name the owner: "your constructs", "constructs of Bob"."""
    name = "destroy_constructs"

    class Params(Params):
        up_to: int = Field(1, ge=1)

    def run(self, game, frame, p, left=None):
        left = p.up_to if left is None else left
        n = len(game.players)
        opts = []
        for i in range(n):
            s = (frame.seat + i) % n
            zone = "your_constructs" if s == frame.seat else f"constructs_of_{game.players[s].name}"
            opts += [("card", c, zone) for c in game.players[s].constructs]
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "destroy", "zones": ["constructs"]},
                     opts, {"left": left}, True)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        owner = next(s for s, pl in enumerate(game.players) if option[1] in pl.constructs)
        game.destroy(owner, option[1])
        if data["left"] > 1:
            self.run(game, frame, p, data["left"] - 1)

    def text(self, p, sub):
        return f"You may destroy {'a construct' if p.up_to == 1 else f'up to {p.up_to} constructs'} in play."


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
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "destroy", "zones": ["constructs"]},
                     _distinct(game, self.others(game, frame.seat, frame.card, p), "constructs"), {}, False)

    def answer(self, game, frame, p, option, data):
        game.destroy(frame.seat, option[1])
        game.push_sub(frame, "then")

    def text(self, p, sub):
        what = f"another {p.faction.capitalize()} construct" if p.faction else "another construct"
        return f"You may destroy {what} you control. If you do, {_lower(sub['then'])}"


class DestroySelf(Verb):
    """This construct goes from play to its owner's discard pile (Tablet of the Templar)."""
    name = "destroy_self"
    Params = NoParams

    def run(self, game, frame, p):
        if frame.card in game.players[frame.seat].constructs:
            game.destroy(frame.seat, frame.card)

    def text(self, p, sub):
        return "Destroy this construct."


# ------------------------------------------------------------------------ conditions
class IfPlayedOrAcquired(Verb):
    """``then`` if the player played or acquired a card of ``faction`` this turn (the Remnants)."""
    name = "if_played_or_acquired"
    sub_effects = ("then",)

    class Params(Params):
        faction: Faction
        then: list = Field(min_length=1)

    def run(self, game, frame, p):
        if p.faction in turn_list(game, "touched", frame.seat):
            game.push_sub(frame, "then")

    def text(self, p, sub):
        return f"If you played or acquired {article(p.faction.capitalize())} card this turn, {_lower(sub['then'])}"


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

    def text(self, p, sub):
        article = "an" if p.factions[0][0] in "aeiou" else "a"
        return f"If your discard pile holds {article} {_or(p.factions)} card, {_lower(sub['then'])}"


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
            _unmark(game, frame)

    def text(self, p, sub):
        return f"If it is {_or(p.factions)}, {_lower(sub['then'])}"


# ------------------------------------------------------------------------ taking cards
class TakeFreeCostingUpToIt(Verb):
    """Mechaphoenix: acquire or defeat a card (center row or always-available) whose cost is no
    more than the cost of the construct that set the trigger off."""
    name = "take_free_costing_up_to_it"
    Params = NoParams

    def run(self, game, frame, p):
        limit = game.card(frame.subject).cost if frame.subject is not None else 0
        opts = [("card", c, "center" if c in game.center_row else "pile") for c in _center_and_piles(game)
                if game.card(c).cost <= limit]
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "take"},
                     opts, {}, False)

    def answer(self, game, frame, p, option, data):
        if game.card(option[1]).type == "monster":
            game.defeat(frame.seat, option[1])
        else:
            game.acquire(frame.seat, option[1])

    def text(self, p, sub):
        return "Acquire or defeat a card costing no more than that construct for free."


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
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card",
                     {"verb": "acquire", "zones": ["center"], "pay": "honor"}, opts, {}, True)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        return_honor(game, frame.seat, game.card(option[1]).honor)
        game.acquire(frame.seat, option[1])

    def text(self, p, sub):
        return ("You may return honor to the pool equal to the honor value of a hero or construct in the "
                "center row. If you do, acquire it.")


class DefeatInVoid(Verb):
    """Shadow Mender: you may defeat a monster in the Void, paying its power, or without paying
    with unused Legendary status in one of its factions (FAQ). It stays in the Void."""
    name = "defeat_in_void"
    Params = NoParams

    def run(self, game, frame, p):
        seat = frame.seat
        me = game.players[seat]
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
            if me.power >= d.cost:
                opts.append(("card", c, "void"))
        _ask_or_auto(game, frame, self, p, seat, "choose_card", {"verb": "defeat", "zones": ["void"]}, opts, {}, True)

    def answer(self, game, frame, p, option, data):
        seat, card = frame.seat, option[1] if len(option) > 1 else None
        if option[0] == "free":
            turn_list(game, "used", seat).append(option[2])
            game.emit("legendary_used", seat, card, where=option[2])
        elif option[0] == "card":
            game.players[seat].power -= game.card(card).cost
        else:
            return
        game.defeat(seat, card)

    def text(self, p, sub):
        return "You may defeat a monster in the Void."


class DiscardToDeckTop(Verb):
    """You may put a card of ``type`` from your discard pile on top of your deck (Cetra's Boon)."""
    name = "discard_to_deck_top"

    class Params(Params):
        type: Literal["hero", "construct", "any"] = "any"

    def run(self, game, frame, p):
        cards = [c for c in game.players[frame.seat].discard if p.type in ("any", game.card(c).type)]
        _ask_or_auto(game, frame, self, p, frame.seat, "choose_card", {"verb": "to_deck_top", "zones": ["discard"]},
                     _distinct(game, cards, "discard"), {}, True)

    def answer(self, game, frame, p, option, data):
        if option[0] == "pass":
            return
        me = game.players[frame.seat]
        me.discard.remove(option[1])
        me.deck.append(option[1])  # the end of the list is the top
        game.emit("placed", frame.seat, option[1], where="deck")

    def text(self, p, sub):
        what = {"any": "a card", "hero": "a hero", "construct": "a construct"}[p.type]
        return f"You may put {what} from your discard pile on top of your deck."


# ------------------------------------------------------------------------ Raiyna, Riftwalker
class RepeatNextReward(Verb):
    name = "repeat_next_reward"
    Params = NoParams

    def run(self, game, frame, p):
        echo = track(game)["turn"].setdefault("echo", {})
        echo[str(frame.seat)] = echo.get(str(frame.seat), 0) + 1

    def text(self, p, sub):
        return ("The next time you defeat a monster in the center row this turn, gain its reward other "
                "than honor twice.")


def _honor_only_raw(item) -> bool:
    return (isinstance(item, dict) and list(item) == ["gain"] and isinstance(item["gain"], dict)
            and set(item["gain"]) == {"honor"})


def honor_only(step) -> bool:
    """A reward step that gives nothing but honor (a gain, or a condition whose effects are)."""
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
