"""The built-in bots (registered by :mod:`ascension.plugins.bots`, like any plugin's bots).
They see only a redacted view and the pending decision, and answer with an index; the common
base, :class:`~ascension.core.bots.Bot`, gives each its own RNG stream derived from the match
seed and its seat, so adding or changing a bot never changes the deal.

Tiers:

- ``random``: uniformly random among the legal options.
- ``greedy`` / ``easy``: plays everything, then takes the single best card it can afford by a
  fixed formula (honor plus 0.8 × cost); banishes starting cards.
- ``medium``: strong heuristics. Cards are valued in honor: their printed honor plus what their
  effects will bring over the turns left (estimated from the honor pool), measured against the
  average card of the bot's own deck (so a card that dilutes the deck is worth less), with faction
  synergy (Unite, "if you played a <faction> hero", Mechana construct counts), construct value
  weighted by the turns it will be in play, later plays rarer as the deck grows, starting cards
  banished while the deck still cycles, what the plugins' rules are worth as the plugins
  themselves say (``asc_bot_advice``: Renown by the Boons and Legendary status it reaches; the
  cards a solo villain takes next, denied when they are worth more to it than what it would
  take instead), center-row denial of the costliest card when it beats a random replacement,
  and an honor race near the end (tokens weigh more when ahead, the last turn buys pure honor).
  Runes and power are each spent on the best *set* of affordable cards (a small knapsack), not
  only the best single card. In team play the teammate is never harmed and may receive a gift
  when the card is worth more in their deck than in ours.
- ``hard``: search (determinized rollouts, "perfect-information Monte Carlo" with common random
  numbers). At every decision of its own turn with a real choice (what to acquire, defeat, gift or
  convert, whether to end the turn; which card an effect banishes, takes or discards) it deals
  worlds consistent with its view (``View.sample``), plays the medium policy's plan and each
  departure from it in the same worlds (``AlignedGame``: the same shuffles wherever the piles
  are alike), lets every seat continue with the medium policy for a few rounds, or to the end of
  the game once the honor pool is half empty, and scores the honor margin (plus the decks'
  expected future honor at a cut-off). Departures are pruned by successive halving; one replaces
  the plan only if it gains clearly (by more than half a standard error, over at least 4
  worlds). Budget: ``budget`` rollouts per decision, never seconds, so a decision is a pure
  function of the view and the seed, however busy the machine (an optional ``time_limit`` exists
  for experiments only).

No bot reads hidden information: ``choose`` receives a :class:`~ascension.core.engine.View`;
the heuristics read public zones, their own hand and card *compositions* of hidden piles
(which every player can count), through a world dealt by ``View.sample`` (hidden piles pooled,
sorted and reshuffled), so neither another hand nor any deck order can change a decision.
"""
from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Mapping
from functools import partial
from itertools import combinations
from types import MappingProxyType

from ascension.core import rng, wording
from ascension.core.bots import Bot, BotAdvice
from ascension.core.cards import CardDef
from ascension.core.engine import Decision, Game
from ascension.core.i18n import _, ngettext
from ascension.core.verbs import Feature

STARTERS = ("apprentice", "militia")


# =============================================================================== simple bots
def _top(scored: list[tuple[float, str]], k: int = 3) -> str:
    scored = sorted(scored, key=lambda t: -t[0])[:k]
    return "; ".join(f"{text} {score:+.2f}" for score, text in scored)


class RandomBot(Bot):
    """Uniformly random among the legal options."""
    name = "random"

    def choose(self, view, decision):
        self.rng, i = rng.below(self.rng, len(decision.options))
        n = len(decision.options)
        self._explain = lambda: ngettext("random pick among {n} option: {move}", "random pick among {n} options: {move}",
                                         n).format(n=n, move=self.describe(decision.options[i], decision.intent))
        return i


def because(move: str, reason: str) -> str:
    """A move and the reason for it, as the bots' explanations give them."""
    return _("{move}: {reason}").format(move=move, reason=reason)


def reward_honor(d: CardDef) -> int:
    return sum(getattr(s.params, "honor", 0) for s in d.effects.get("reward", ()) if s.verb.name == "gain")


class GreedyBot(Bot):
    """Plays every card, then buys or defeats the best value it can afford; banishes starters."""
    name = "greedy"

    # Card values by card instance, per list of definitions and kind of bot: a batch's games
    # share one list (match.Layout), so their bots share the values worked out (a few dozen lists
    # are kept: a batch of Legendary matches has one for each draw of characters, up to 16) ...
    _known: dict[tuple[int, type], tuple[list[CardDef], dict[int, float]]] = {}
    # ... and by definition, so that a list met for the first time does not work out again the
    # values of the cards it shares with the others: (id of the definition, kind of bot) ->
    # (the definition, kept so that its id stays its own; its value).
    _by_def: dict[tuple[int, type], tuple[CardDef, float]] = {}
    # ... and the list met last by each kind of bot: a new one (a Legendary match's, its own four
    # characters after the batch's cards) starts with the values of the instances both share.
    _last_list: dict[type, tuple[list[CardDef], dict[int, float]]] = {}

    def __init__(self, defs: list[CardDef], seed: int, seat: int, **options):
        super().__init__(defs, seed, seat, **options)
        key = (id(defs), type(self))
        known = GreedyBot._known.get(key)
        if known is None or known[0] is not defs:
            if len(GreedyBot._known) >= 32:
                GreedyBot._known.clear()
            before, values = GreedyBot._last_list.get(type(self), ([], {}))
            shared = min(len(before), len(defs))
            known = GreedyBot._known[key] = (defs, {card: v for card, v in values.items()
                                                    if card < shared and before[card] is defs[card]})
        GreedyBot._last_list[type(self)] = known
        self._values = known[1]   # per card instance: a definition's value never changes
        self._conversions: dict[tuple[int, int], bool] = {}   # per (construct, ability)
        self._last: tuple | None = None   # the last decision's options, answer and scores

    def value(self, card: int) -> float:
        """What a card is worth taking: honor, cost as a proxy for power, constructs a bonus."""
        v = self._values.get(card)
        if v is None:
            d = self.defs[card]
            key = (id(d), type(self))
            known = GreedyBot._by_def.get(key)
            if known is None:
                if len(GreedyBot._by_def) >= 4096:   # (sets loaded again and again: edited overrides)
                    GreedyBot._by_def.clear()
                known = GreedyBot._by_def[key] = (d, self._value(d))
            v = self._values[card] = known[1]
        return v

    @staticmethod
    def _value(d: CardDef) -> float:
        if d.type == "monster":
            return reward_honor(d) + 0.6 * len(d.effects.get("reward", ())) - 0.5
        base = d.honor + 0.8 * d.cost
        if d.type == "construct":
            base += 1.5
        if d.role == "always":
            base -= 1.0
        return base

    def choose(self, view, decision):
        opts = decision.options
        if decision.kind == "action":
            i, scored = self._action(opts), None   # scored only if the explanation is asked for
        else:
            i, scored = self._choice(view, decision)
        self._last = (opts, i, scored, decision.intent)   # the reason is written only if someone asks for it
        return i

    def explain(self) -> str:
        return self._reason(*self._last) if self._last else ""

    def explanation(self):
        return partial(self._reason, *self._last) if self._last else (lambda: "")

    def _reason(self, opts, i: int, scored: list[float] | None, intent) -> str:
        kind = opts[i][0]
        why = (_("best heuristic score") if scored is not None else
               _("plays its cards and uses abilities first") if kind in ("play", "play_all", "use") else
               _("nothing left worth its runes or power") if kind == "end" else
               _("best value it can afford (honor + 0.8 x cost)"))
        rows = [(x, self.describe(o, intent)) for x, o in zip(scored, opts)] if scored is not None else [
            (self.value(o[1]), self.describe(o)) for o in opts if o[0] in ("acquire", "defeat")]
        return because(self.describe(opts[i], intent), why) + (f" [{_top(rows)}]" if rows else "")

    def _action(self, opts):
        """One pass over the options, which come in the engine's order: plays, "play all",
        abilities, cards to take, plugin actions (Boons...), end. Plays first ("play all" when
        offered); then every ability except paying runes for honor, which waits until nothing
        else is worth it; a Boon or a free Legendary take (they cost nothing); the best card to
        take; a waiting conversion; else end the turn."""
        if opts[0][0] == "play":
            for i, o in enumerate(opts):
                if o[0] != "play":
                    return i if o[0] == "play_all" else 0
            return 0
        value, known = self.value, self._values
        best, best_v = None, 0.5
        conversion = boon = legendary = end = None
        for i, o in enumerate(opts):
            kind = o[0]
            if kind == "acquire" or kind == "defeat":
                v = known.get(o[1]) or value(o[1])   # (a value of 0 is simply worked out again)
                if v > best_v:
                    best, best_v = i, v
            elif kind == "use":
                if not self._is_conversion(o):
                    return i
                if conversion is None:
                    conversion = i
            elif kind == "boon":
                if boon is None:
                    boon = i
            elif kind == "legendary":
                if legendary is None or value(o[2]) > value(opts[legendary][2]):
                    legendary = i
            elif kind == "end":
                end = i
        for i in (boon, legendary, best, conversion):
            if i is not None:
                return i
        return end

    def _is_conversion(self, option) -> bool:
        """Whether an ability pays runes for honor (asked at every decision while it is ready)."""
        key = option[1], option[2]
        known = self._conversions.get(key)
        if known is None:
            steps = self.defs[option[1]].effects[f"ability.{option[2]}"]
            known = self._conversions[key] = any(s.verb.name == "pay" for s in steps)
        return known

    def _choice(self, view, decision):
        opts = decision.options
        intent = decision.intent
        banish = intent["verb"] == "banish"
        # Cards it gives up, and (its long-standing rule) cards it takes back from its discard
        # pile: the least valuable first.
        losing = intent["verb"] in ("discard", "destroy") or (
            intent["verb"] == "to_hand" and "discard" in intent.get("zones", ()))

        def score(o):   # (a card first: most questions offer only cards)
            kind = o[0]
            if kind == "card" and isinstance(o[1], int):
                card = o[1]
                zone = o[2] if len(o) > 2 else ""
                if banish:
                    if zone == "center":  # deny the opponent the best card
                        return self.value(card) - 6
                    return 5 if self.defs[card].id.split(".")[-1] in STARTERS else -self.value(card)
                if zone == "your_constructs":  # "destroy a construct in play": spare one's own
                    return -100
                return -self.value(card) if losing else self.value(card)
            if kind == "yes":
                return 10
            if kind == "mode":  # runes while building the deck, honor once the pool runs low
                late = view.pool <= 20
                honor, runes = mode_gives(self.defs, intent, o)
                return 2 if honor == late else (1 if runes else 0)
            if kind == "pass":
                return 0.1 if banish else -100
            return 0   # "no", or an option that names no card

        scores = [score(o) for o in opts]
        return scores.index(max(scores)), scores


class EasyBot(GreedyBot):
    """The easy tier: the greedy bot under its tier name."""
    name = "easy"
    tier = "easy"


# =============================================================================== card knowledge
# A card's effects are summarised once as a vector of features ("profile"); what a feature is
# worth depends on the situation (weights below), so valuing a card is a dot product.
# (the vocabulary is core's, so that a verb says what it brings: ``Verb.profile``)
R, P, H, DR, MR, DC, BO, BC, CP, XT, ST, AT, PPM, HPF, DS, UK = map(int, Feature)
NF = len(Feature)


class Profile:
    __slots__ = ("vec", "alts", "terms")

    def __init__(self):
        self.vec = [0.0] * NF
        self.terms = None   # sparse (index, amount) pairs, built on first use
        self.alts: list[list["Profile"]] = []   # choose-one groups: the best alternative counts

    def add(self, other: "Profile", k: float = 1.0) -> None:
        for i, x in enumerate(other.vec):
            if x:
                self.vec[i] += k * x
        if other.alts:
            if k == 1.0:
                self.alts.extend(other.alts)
            else:
                for group in other.alts:
                    scaled = []
                    for alt in group:
                        s = Profile()
                        s.add(alt, k)
                        scaled.append(s)
                    self.alts.append(scaled)

    def value(self, w: list[float]) -> float:
        terms = self.terms
        if terms is None:
            terms = self.terms = tuple((i, x) for i, x in enumerate(self.vec) if x)
        v = 0.0
        for i, x in terms:
            v += x * w[i]
        for group in self.alts:
            v += max(alt.value(w) for alt in group)
        return v


def steps_profile(d: CardDef, key: str) -> Profile:
    """The features of effect list ``key`` of card ``d`` (nested lists included): each step's verb
    says what it brings (``Verb.profile``; a verb that says nothing is mildly useful)."""
    prof = Profile()
    for i, step in enumerate(d.effects.get(key, ())):
        step.verb.profile(step.params, prof, partial(_nested_profile, d, f"{key}.{i}"))
    return prof


def _nested_profile(d: CardDef, step: str, field: str) -> Profile:
    """The profile of the nested effect list ``field`` of the step at ``step`` ("play.0")."""
    return steps_profile(d, f"{step}.{field}")


# Abilities whose price is a card of one's own (not runes): never used as if they were free.
COSTLY_VERBS = frozenset({"destroy_another_construct", "banish_this", "destroy_constructs"})


class CardInfo:
    """Per definition, computed once: profiles of play, unite, reward, abilities, triggers."""
    __slots__ = ("play", "unite", "reward", "fate", "abilities", "triggers", "starter", "one_shot")

    def __init__(self, d: CardDef):
        self.play = steps_profile(d, "play")
        self.unite = steps_profile(d, "unite") if d.effects.get("unite") else None
        self.reward = steps_profile(d, "reward")
        self.fate = steps_profile(d, "fate") if d.effects.get("fate") else None
        # (ability, profile, kind): "free" | "convert" | "self_banish" | "costly" | "cycle" (the
        # construct goes to the discard pile: usable once per pass through the deck)
        self.abilities = []
        for ab in d.abilities:
            steps = d.effects.get(ab.key, ())
            names = {s.verb.name for s in steps}
            kind = ("self_banish" if "banish_self" in names else "convert" if "pay" in names
                    else "costly" if names & COSTLY_VERBS else "cycle" if "destroy_self" in names else "free")
            self.abilities.append((ab, steps_profile(d, ab.key), kind))
        self.triggers = [(t, steps_profile(d, t.key)) for t in d.triggers]
        self.starter = d.role == "starting"
        # "Banish this card" when played: it is played once, then gone (and its honor with it)
        self.one_shot = any(s.verb.name == "banish_this" for s in d.effects.get("play", ()))


_INFO: dict[str, CardInfo] = {}


def info(d: CardDef) -> CardInfo:
    ci = _INFO.get(d.id)
    if ci is None:
        ci = _INFO[d.id] = CardInfo(d)
    return ci


# =============================================================================== the situation
def sides_of(game: Game) -> list[list[int]]:
    """The sides that win together (teams), each seat alone without team play."""
    return game.sides()


class Tuning:
    """The medium policy's tunable numbers (the ladder was run with these defaults)."""
    r_val = 0.85         # honor one rune brings when spent
    p_val = 0.7          # honor one power brings when spent
    turn_rate = 0.25     # table turns left ≈ pool × (turn_rate + turn_curve × pool fraction)
    turn_curve = 0.25
    thin = 1.0           # weight of deck thinning (banishing starting cards)
    center_banish = 0.35
    deny = 0.25          # banishing from the center row: share of the card's value to an opponent
    race = 0.15          # extra weight of honor tokens when ahead near the end
    construct_bias = 0.0
    gift_margin = 0.5
    basics = 0.8         # always-available heroes: what they add saturates (surplus power ends in Cultists)
    growth = 1.2         # cards a deck gains per turn (acquired minus banished): later plays are rarer
    win_bonus = 0.0      # search: honor a won (finished) rollout is worth beyond its margin
    potential = 1.0      # search: share of a deck's expected future honor counted at the horizon
    renown = 0.3         # Legendary Track: honor of one space of Renown besides its Boons ...
    renown_steep = 1.0   # ... and how many times that a space just short of Legendary status is worth
    status = 1.5         # honor of Legendary status (a free card each turn) per turn left
    early_token = 1.0    # share of its honor a token taken from the pool is worth early on, while
    early_pool = 0.5     # ... more than this share of the pool is left (it brings the end nearer)
    card_worth = 0.0     # share of each card's learned worth (``card_table``, the expert's) added to taking it
    card_table: Mapping[str, float] = MappingProxyType({})   # card id -> honor per copy and turn left


PLAN_NUMBERS = tuple(k for k, v in vars(Tuning).items() if isinstance(v, float))   # the options that may set them
_CHANGED: dict = {}


def with_numbers(params: type[Tuning], change: dict[str, float]) -> type[Tuning]:
    """``params`` with some of its numbers set (experiments: ``r_val=0.55``), one class per change:
    the caches keyed by a bot's numbers stay as small as the set of changes tried."""
    if not change:
        return params
    key = (params, tuple(sorted(change.items())))
    t = _CHANGED.get(key)
    if t is None:
        t = _CHANGED[key] = type(params.__name__, (params,), dict(change))
    return t


class Situation:
    """What ``seat`` knows that matters to the heuristics, read from a game (a world dealt by
    ``View.sample`` or a rollout): own hand, public zones, compositions of hidden piles."""

    def __init__(self, game: Game, seat: int, params: type[Tuning] = Tuning):
        # what the plugins' rules are worth (Renown, a villain's next cards): asc_bot_advice
        self.advice = advice_of(game)
        params = tuned(params, self.advice)
        self.g, self.seat, self.k = game, seat, params
        defs = self.defs = game.ctx.defs
        n = len(game.players)
        self.me = me = game.players[seat]
        self.sides = sides = sides_of(game)
        self.side = next((s for s in sides if seat in s), [seat])
        self.mates = [s for s in self.side if s != seat]
        cycling = Counter(defs[c].id for c in me.deck + me.hand + me.discard + me.played)
        self.cycling = cycling
        self.size = max(1, sum(cycling.values()))
        by_id = game.ctx.by_id
        self.by_id = by_id
        # turns left: table turns ≈ pool × (a + b × pool fraction); mine = table / players
        init = max(1, game.ctx.setup.get("honor_pool") or 30 * max(2, n))
        pool = game.pool
        frac = pool / init
        table = pool * (params.turn_rate + params.turn_curve * frac)
        # opponents that are no seat (the solo villain, asc_extra_scores) take honor too
        self.rivals = [row["total"] for row in game.ctx.hooks.extra_scores(game)]
        takers = n + len(self.rivals)
        self.turns_left = table / max(2, takers) if pool > 0 else 0.0   # my turns after this one
        if pool > 0 and self.turns_left < 0.5:
            self.turns_left = 0.5
        self.last_turn = pool == 0
        # faction shares of the cycling deck (for Unite and "if you played a <faction> hero")
        fac = Counter()
        for cid, k in cycling.items():
            for f in by_id[cid].factions:
                fac[f] += k
        self.faction_share = {f: k / self.size for f, k in fac.items()}
        self.mech_constructs = sum(1 for c in me.constructs if game.has_faction(c, "mechana", seat))
        self.construct_factions = len({f for c in me.constructs for f in defs[c].factions}
                                      | ({"mechana"} if self.mech_constructs else set()))
        self.memo: dict = {}
        # honor race near the end: lead of my side over the best other side
        self.lead = self.side_lead(game, defs) if pool < 0.25 * init else 0
        w = self.w = [0.0] * NF
        w[R], w[P] = params.r_val, params.p_val
        token = 1.0
        if pool < 0.25 * init and self.lead > 0:
            token += params.race
        w[H] = token
        w[DR] = 0.8
        self._pv = {}
        self.avg = self._avg_play()
        w[DR] = self.avg
        self._pv = {}
        w[MR] = 0.5 * params.r_val
        w[DC] = 0.4 * params.r_val
        starters = sum(k for cid, k in cycling.items() if by_id[cid].role == "starting")
        plays_per_card = self.plays(0.0, self.turns_left)
        starter_pp = params.r_val
        w[BO] = params.thin * max(0.15, (self.avg - starter_pp) * plays_per_card) if starters else 0.1
        w[BO] = min(w[BO], 3.0)
        w[BC] = params.center_banish
        w[CP] = 1.2 * self.avg
        w[XT] = 5 * self.avg + 0.5
        w[ST] = self.avg
        w[AT] = 0.6
        w[PPM] = params.p_val * self.mech_constructs
        w[HPF] = self.construct_factions
        w[DS] = -0.3
        w[UK] = 0.3
        self._pv = {}
        self.avg = self._avg_play()
        # Early on, honor taken from the pool now (rewards, Cultists) is worth less; the plays
        # valued above (the deck's average, each card's, cached) keep the full worth: a card's
        # honor comes all game long.
        if pool > params.early_pool * init:
            w[H] *= params.early_token

    @property
    def game(self) -> Game:
        return self.g

    def side_lead(self, game: Game, defs) -> float:
        totals = []
        for s in self.sides:
            totals.append(sum(game.players[x].honor + sum(defs[c].honor for c in game.players[x].owned())
                              for x in s))
        mine = totals[self.sides.index(self.side)] if self.side in self.sides else 0
        others = [t for s, t in zip(self.sides, totals) if s is not self.side]
        others += self.rivals
        return mine - max(others) if others else 0

    # -------------------------------------------------------------- per-card values
    def plays(self, start: float, end: float, extra: int = 0) -> float:
        """How often one card of the cycling deck is played between ``start`` and ``end`` turns
        from now: 5 cards a turn from a deck that grows by ``growth`` cards a turn, so each
        later pass through it comes more slowly (the integral of 5 / size)."""
        if end <= start:
            return 0.0
        g, size = self.k.growth, self.size + extra
        if g <= 0:
            return (end - start) * 5 / size
        return 5 / g * math.log((size + g * end) / (size + g * start))

    def unite_chance(self, d: CardDef) -> float:
        share = max((self.faction_share.get(f, 0.0) for f in d.factions), default=0.0)
        return 1 - (1 - share) ** 4

    def play_value(self, d: CardDef) -> float:
        """Honor one play of this card brings (heroes; a construct drawn brings little at once)."""
        v = self._pv.get(d.id)
        if v is not None:
            return v
        if d.type == "construct":
            v = 0.3
        elif d.type == "monster":  # Samael the Fallen: a monster played gives power
            v = self.w[P] * d.cost
        else:
            ci = info(d)
            v = ci.play.value(self.w)
            if ci.unite is not None:
                v += self.unite_chance(d) * ci.unite.value(self.w)
        self._pv[d.id] = v
        return v

    def _avg_play(self) -> float:
        tot = 0.0
        for cid, k in self.cycling.items():
            tot += k * self.play_value(self.by_id[cid])
        return tot / self.size

    def construct_turn_value(self, d: CardDef) -> float:
        """Honor a construct in play brings each turn."""
        ci = info(d)
        v = 0.0
        for ab, prof, kind in ci.abilities:
            x = prof.value(self.w)
            if kind == "convert":
                v += 0.3 * max(0.0, x)
            elif kind in ("self_banish", "costly"):
                v += 0.15 * max(0.0, x)
            elif kind == "cycle":
                v += max(0.0, x) * min(1.0, 5 / self.size)
            else:
                if ab.requires_faction:
                    x *= 1 - (1 - self.faction_share.get(ab.requires_faction, 0.0)) ** 5
                if ab.requires_played:   # "if you have played a Mystic or Heavy Infantry this turn"
                    share = sum(k for cid, k in self.cycling.items()
                                if self.by_id[cid].name in ab.requires_played) / self.size
                    x *= 1 - (1 - share) ** 5
                if ab.requires_mechana:
                    x *= 1.0 if self.mech_constructs >= ab.requires_mechana else 0.3
                v += x
        for t, prof in ci.triggers:
            x = prof.value(self.w)
            chance = 0.35
            if t.on == "construct_enters" and t.faction == "mechana":
                chance = 0.15 + 0.1 * self.faction_share.get("mechana", 0.0) * 5
            elif t.on == "hero_played" and t.faction:   # a hero of that faction in a hand of five
                chance = 1 - (1 - self.faction_share.get(t.faction, 0.0)) ** 5
            v += chance * x
        if "constructs_are_mechana" in d.keywords:
            v += 0.4 * len(self.me.constructs)
        if d.mechana_construct:
            v += 0.25 * self.w[PPM] / max(self.k.p_val, 1e-9) * self.k.p_val  # feeds "per Mechana construct"
        return v

    def acquire_value(self, d: CardDef, to_top: bool = False) -> float:
        """Honor (at game end) of acquiring ``d`` now: printed honor plus what it adds to the deck."""
        if d.type == "monster":
            return self.defeat_value(d)
        T = self.turns_left
        if self.last_turn:
            return float(d.honor)
        delay = 0.0 if to_top else len(self.me.deck) / 5
        size = self.size + 1
        if d.type == "construct":
            active = max(0.0, T - delay - size / 10)
            econ = self.construct_turn_value(d) * active - (self.avg if active > 0 else 0.0)
            econ += self.k.construct_bias
        elif info(d).one_shot:   # played once when drawn, then banished: no card honor at the end
            return self.play_value(d) if T > delay + self.size / 5 else float(d.honor)
        else:
            plays = self.plays(delay, T, extra=1)
            econ = (self.play_value(d) - self.avg) * plays
        value = self.k.basics * (d.honor + econ) if d.role == "always" else d.honor + econ
        if self.k.card_worth:
            value += self.k.card_worth * self.k.card_table.get(d.id, 0.0) * T
        return value

    def row_bonus(self, card: int) -> float:
        """What the plugins' rules add to taking ``card`` from the center row (``asc_bot_advice``)."""
        total = 0.0
        for a in self.advice:
            total += a.take(self, card) + a.leave_row(self, card)
        return total

    def denial(self, card: int) -> float:
        """What the plugins' rules add to ``card`` leaving the center row, taken or banished (a
        card a villain would have taken)."""
        total = 0.0
        for a in self.advice:
            total += a.leave_row(self, card)
        return total

    def effect_value(self, d: CardDef, key: str) -> float:
        """Honor the effect list ``key`` of ``d`` brings, resolved once now (for plugins' advice)."""
        return steps_profile(d, key).value(self.w)

    def defeat_value(self, d: CardDef) -> float:
        return info(d).reward.value(self.w)

    def thin_value(self, d: CardDef, zone: str) -> float:
        """Honor of banishing one ``d`` from my hand or discard pile."""
        plays = self.plays(0.0, self.turns_left)
        if d.type == "construct":
            keep = self.construct_turn_value(d) * max(0.0, self.turns_left - 1)
        else:
            keep = (self.play_value(d) - self.avg) * plays
            keep = keep if keep > 0 else keep * self.k.thin
        now = self.play_value(d) if zone == "hand" and d.type != "construct" else 0.0
        return -(d.honor + keep) - now

    def replacement_value(self) -> float:
        """What the card replacing one banished from the center row is worth on average (the
        center deck's composition is known, its order is not)."""
        v = self._pv.get("<replacement>")
        if v is None:
            deck = self.g.center_deck or self.g.void
            v = sum(GreedyBot._value(self.defs[c]) for c in deck) / len(deck) if deck else 0.0
            self._pv["<replacement>"] = v
        return v


# =============================================================================== the medium policy
def _items(sit: Situation, options, mates_sits=None):
    """Knapsack items from the main-action options: (index, budget, cost, value, group, copies)."""
    g, seat, defs = sit.g, sit.seat, sit.defs
    me = sit.me
    out = []
    for i, o in enumerate(options):
        kind = o[0]
        if kind == "acquire":
            d = defs[o[1]]
            cost = g.price(seat, o[1])
            if d.mechana_construct:
                cost = max(0, cost - me.mech_runes)
            copies = 1
            if d.role == "always":
                pile = g.piles.get(d.id, [])
                copies = len(pile)
            bonus = sit.row_bonus(o[1]) if sit.advice and o[1] in g.center_row else 0.0
            out.append((i, "runes", cost, sit.acquire_value(d) + bonus, o[1], copies))
        elif kind == "defeat":
            d = defs[o[1]]
            copies = 1
            if d.permanent or d.role == "always":
                copies = 99
            bonus = sit.row_bonus(o[1]) if sit.advice and o[1] in g.center_row else 0.0
            out.append((i, "power", d.cost, sit.defeat_value(d) + bonus, o[1], copies))
        elif kind == "gift" and mates_sits is not None:
            d = defs[o[1]]
            mate = mates_sits.get(o[2])
            if mate is None:
                continue
            cost = g.price(seat, o[1]) + 1
            v = mate.acquire_value(d) - sit.k.gift_margin
            out.append((i, "runes", cost, v, o[1], 1))
        elif kind == "use":
            d = defs[o[1]]
            ab, prof, k = info(d).abilities[o[2]]
            if k == "convert":
                pay = -prof.vec[R] if prof.vec[R] < 0 else ab.requires_runes
                gain = Profile()
                gain.add(prof)
                gain.vec[R] = 0.0
                out.append((i, "runes", int(round(pay)), gain.value(sit.w), ("use", o[1], o[2]), 1))
    return out


def _knapsack(items, budget: int):
    """Best set of items within ``budget``; items of one group (a card) are alternatives, and a
    group with copies (a pile) may be taken several times. Returns (value, [item, ...])."""
    if budget <= 0:
        free = [it for it in items if it[2] <= 0 and it[3] > 0.05]
        best = {}
        for it in free:
            if it[4] not in best or it[3] > best[it[4]][3]:
                best[it[4]] = it
        return sum(it[3] for it in best.values()), tuple(best.values())
    groups: dict = {}
    for it in items:
        if it[3] > 0.05 and it[2] <= budget:
            groups.setdefault(it[4], []).append(it)
    if not groups:
        return 0.0, ()
    layers = []   # one layer per group and copy: its alternatives
    for key in sorted(groups, key=str):
        alts = groups[key]
        copies = max(a[5] for a in alts)
        if copies > 1:
            cheapest = max(1, min(a[2] for a in alts))
            copies = min(copies, budget // cheapest, 6)
        layers.extend([alts] * max(1, copies))
    if len(layers) == 1:
        it = max(layers[0], key=lambda t: t[3])
        return it[3], (it,)
    n = budget + 1
    value = [0.0] * n
    picks = []
    for alts in layers:
        new = value[:]
        pick = [None] * n
        for b in range(n):
            for it in alts:
                c = it[2]
                if c <= b:
                    v = value[b - c] + it[3]
                    if v > new[b] + 1e-9:
                        new[b], pick[b] = v, it
        picks.append(pick)
        value = new
    chosen, b = [], budget
    for pick in reversed(picks):
        it = pick[b]
        if it is not None:
            chosen.append(it)
            b -= it[2]
    return value[budget], tuple(reversed(chosen))


def mate_situations(sit: Situation, options) -> dict:
    if not sit.mates or not any(o[0] == "gift" for o in options):
        return {}
    return {m: Situation(sit.g, m, sit.k) for m in sit.mates}


def _play_priority(d: CardDef) -> float:
    v = info(d).play.vec
    pr = 2 * v[DR] + 0.5 * v[R] + 0.5 * v[P]
    if v[CP]:
        pr -= 10                          # repeat a hero last
    if v[BO] and not v[DR]:
        pr -= 3                           # banish once the rest has been played
    if d.type == "construct":
        pr += 1
    return pr


def quick_action(defs, options, advice=()) -> tuple[int, list, str] | None:
    """Main actions the medium policy takes without weighing the situation: play every card
    (those without choices first, then drawing cards, a card repeating another last), then use
    the constructs' free abilities, then a plugin's action its ``advice`` says to take at once."""
    kinds = [o[0] for o in options]
    if "play_all" in kinds:
        return kinds.index("play_all"), [], _("play every card without choices first")
    plays = [i for i, o in enumerate(options) if o[0] == "play"]
    if plays:
        scored = [(_play_priority(defs[options[i][1]]), -i) for i in plays]
        best = -max(scored)[1]
        return best, [(sc, options[-i]) for sc, i in scored], _("play cards before buying")
    for i, o in enumerate(options):
        if o[0] == "use" and info(defs[o[1]]).abilities[o[2]][2] == "free":
            return i, [], _("use a construct's free ability")
    for i, o in enumerate(options):
        if o[0] not in CORE_ACTIONS:
            for a in advice:
                why = a.at_once(o)
                if why:
                    return i, [], why
    return None


# Main actions the medium policy weighs itself; a plugin's other actions are weighed by its advice.
CORE_ACTIONS = frozenset({"play", "play_all", "use", "acquire", "defeat", "gift", "end"})


def advice_of(game: Game) -> list:
    """What the match's plugins say their rules are worth to a bot (``asc_bot_advice``)."""
    hook = game.ctx.hooks.bot_advice
    return (hook(game) or []) if hook is not None else []


_TUNED: dict = {}


def tuned(params: type[Tuning], advice) -> type[Tuning]:
    """``params`` with the factors the match's plugins put on them (``BotAdvice.tuning``)."""
    factors: dict[str, float] = {}
    for a in advice:
        for name, f in a.tuning().items():
            factors[name] = factors.get(name, 1.0) * f
    if not factors:
        return params
    key = (params, tuple(sorted(factors.items())))
    t = _TUNED.get(key)
    if t is None:
        t = _TUNED[key] = type(params.__name__, (params,), {k: getattr(params, k) * f for k, f in factors.items()})
    return t


def plugin_action(sit: Situation, options):
    """The best of the plugins' own main actions that cost nothing (a free take with Legendary
    status), when it is worth anything: (index, scored, reason), or None."""
    found = []
    for i, o in enumerate(options):
        if o[0] not in CORE_ACTIONS:
            for a in sit.advice:
                worth = a.action(sit, o)
                if worth is not None:
                    found.append((i, o, worth))
                    break
    if not found:
        return None
    i, o, (v, why) = max(found, key=lambda t: t[2][0])
    if v <= 0:
        return None
    return i, [(w[0], opt) for __, opt, w in found], why


def medium_plan(sit: Situation, options):
    """What to take this turn: (items, power plan, rune plan); a plan is (value, items), the best
    set of monsters for the power and of cards for the runes (see ``_knapsack``)."""
    items = _items(sit, options, mate_situations(sit, options))
    me = sit.me
    power_plan = _knapsack([it for it in items if it[1] == "power"], me.power)
    rune_plan = _knapsack([it for it in items if it[1] == "runes"], me.runes)
    if sit.advice and sit.g.pool > 0:
        power_plan = _turn_end_plan(sit, items, power_plan, rune_plan)
    return items, power_plan, rune_plan


def _turn_end_plan(sit: Situation, items, power_plan, rune_plan):
    """The power plan again when a plugin says how the turn ends matters (``BotAdvice.turn_end``:
    against a solo villain, whether the honor this turn takes from the pool ends the game now,
    hands its end to the villain's turn, or neither): every set of the row's monsters it can
    afford, the rest spent on the best pile monster (the Cultist), weighed with that worth."""
    g, defs = sit.g, sit.defs
    enders = [a for a in sit.advice if type(a).turn_end is not BotAdvice.turn_end]
    power = [it for it in items if it[1] == "power" and it[2] <= sit.me.power] if enders else []
    if not power:   # (no plugin weighs a turn's end: a Legendary game's rollouts pay nothing here)
        return power_plan
    row = [it for it in power if it[5] == 1]
    pile = max((it for it in power if it[5] > 1 and it[2] > 0), key=lambda it: it[3], default=None)
    bought = {it[4] for it in rune_plan[1] if isinstance(it[4], int)}

    def ending(chosen) -> float | None:
        pool = g.pool - sum(reward_honor(defs[it[4]]) for it in chosen)
        taken = bought | {it[4] for it in chosen}
        worths = [w for w in (a.turn_end(sit, pool, taken) for a in enders) if w is not None]
        return sum(worths) if worths else None

    if ending(power_plan[1]) is None:
        return power_plan
    best, best_v = power_plan, None
    for n in range(len(row) + 1):
        for monsters in combinations(row, n):
            left = sit.me.power - sum(it[2] for it in monsters)
            if left < 0 or len({it[4] for it in monsters}) < n:
                continue
            for k in range(left // pile[2] + 1 if pile else 1):
                chosen = monsters + (pile,) * k
                value = sum(it[3] for it in chosen)
                v = value + ending(chosen)
                if best_v is None or v > best_v + 1e-9:
                    best, best_v = (value, chosen), v
    return best


def medium_action(sit: Situation, options) -> tuple[int, list[tuple[float, str]], str]:
    """The medium policy's main action: (index, scored alternatives, reason)."""
    defs = sit.defs
    kinds = [o[0] for o in options]
    quick = quick_action(defs, options, sit.advice)
    if quick is not None:
        return quick
    free = plugin_action(sit, options) if sit.advice else None
    if free is not None:
        return free
    cycle = _cycle_use(sit, options)
    if cycle is not None:
        return cycle
    items, power_plan, rune_plan = medium_plan(sit, options)
    scored = [(it[3], options[it[0]]) for it in items]
    # Center-row cards first, monsters before the rest (a reward may bring runes or cards, and
    # every refill may show something better); the piles and the Cultist never change: last.
    row = sit.g.center_row
    plans = ((power_plan[1], lambda t: t[3]), (rune_plan[1], lambda t: (t[3], -t[2])))
    why = lambda: _("plan: {plan}").format(plan=_plan_text(defs, options, power_plan, rune_plan))  # noqa: E731
    for from_row in (True, False):
        for chosen, order in plans:
            if from_row:
                chosen = [it for it in chosen if isinstance(it[4], int) and it[4] in row]
            if chosen:
                return max(chosen, key=order)[0], scored, why
    # an extra turn for a construct's honor (Tablet of Time's Dawn), once nothing else is worth buying
    for i, o in enumerate(options):
        if o[0] == "use":
            d = defs[o[1]]
            ab, prof, kind = info(d).abilities[o[2]]
            if kind == "self_banish":
                gain = prof.value(sit.w) - d.honor
                if gain > 0.5:
                    scored.append((gain, o))
                    return i, scored, _("an extra turn is worth more than the construct's honor")
    return kinds.index("end"), scored, _("nothing left worth taking")


def _cycle_use(sit: Situation, options):
    """Use a construct that goes back to the discard pile for its effect (Tablet of the Templar:
    a free defeat) once the center row shows a target worth more than a Cultist; until then it
    waits in play."""
    for i, o in enumerate(options):
        if o[0] != "use":
            continue
        d = sit.defs[o[1]]
        ability, __, kind = info(d).abilities[o[2]]
        if kind != "cycle":
            continue
        caps = [s.params.max_cost for s in d.effects[ability.key] if s.verb.name == "defeat_free"]
        if not caps:
            return i, [], _("use a construct that returns through the discard pile")
        cap = caps[0] if caps[0] is not None else 99
        targets = [sit.defeat_value(sit.defs[c]) for c in sit.g.center_row
                   if c is not None and sit.defs[c].type == "monster" and sit.defs[c].cost <= cap]
        if targets and max(targets) >= 2.0:
            return i, [(max(targets), o)], _("a free defeat of a monster worth it")
    return None


def _plan_text(defs, options, *plans) -> str:
    parts = [wording.describe_option(defs, options[it[0]]) for plan in plans for it in plan[1]]
    return " + ".join(parts) or _("nothing")


def _mode_profiles(d: CardDef | None) -> list[Profile] | None:
    """Profiles of the two modes of a card's one choose-one step, when there is exactly one."""
    if d is None:
        return None
    bases = sorted({k[:-2] for k in d.effects if k.endswith(".a") and (k[:-2] + ".b") in d.effects})
    if len(bases) != 1:
        return None
    return [steps_profile(d, bases[0] + ".a"), steps_profile(d, bases[0] + ".b")]


def mode_gives(defs: list[CardDef], intent, option: tuple) -> tuple[bool, bool]:
    """Whether a mode of a "choose one" question brings honor, and runes (from the card's
    effect data: the mode of a card's choice, or taking honor from the leader)."""
    if intent["verb"] == "take_honor":
        return True, False
    if intent["verb"] != "choose_effect" or not isinstance(option[1], int):
        return False, False
    steps = defs[intent["card"]].effects[f"{intent['key']}.{'ab'[option[1]]}"]
    return (any(getattr(s.params, "honor", 0) or "honor" in s.verb.name for s in steps),
            any(getattr(s.params, "runes", 0) or "rune" in s.verb.name for s in steps))


def medium_choice(sit: Situation, decision: Decision) -> tuple[int, list[tuple[float, str]], str]:
    """Effect choices: which card to banish, discard, destroy, keep, take; yes/no; modes. It reads
    what the question means (``decision.intent``), never its wording."""
    defs, g = sit.defs, sit.g
    opts = decision.options
    intent = decision.intent
    verb, zones = intent["verb"], intent.get("zones", ())
    source = defs[decision.source] if decision.source is not None else None
    modes = _mode_profiles(source)
    buyable = set()
    if verb == "banish" and g.current == sit.seat:
        me = sit.me
        for c in g.center_row:
            if c is not None and defs[c].type != "monster" and g.price(sit.seat, c) <= me.runes:
                buyable.add(c)
            elif c is not None and defs[c].type == "monster" and defs[c].cost <= me.power:
                buyable.add(c)

    def score(o) -> float:
        kind = o[0]
        for a in sit.advice:   # a question of a plugin's own
            v = a.answer(sit, intent, o)
            if v is not None:
                return v
        if kind == "yes":
            return 1.0 if verb in ("to_deck_top", "to_hand", "into_play") else 0.5
        if kind == "no":
            return 0.0
        if kind == "pass":
            return 0.0
        if kind == "mode":
            if verb == "take_honor":
                return 1.0
            if modes is not None and isinstance(o[1], int) and o[1] in (0, 1):
                return modes[o[1]].value(sit.w)
            if verb == "penalty":   # discard cards (mode 0), or put all one's constructs into the discard pile
                if o[1] == 1:
                    return -sum(sit.construct_turn_value(defs[c]) * 2 for c in sit.me.constructs)
                return -sit.avg * 1.5
            late = sit.turns_left <= 3
            honor, runes = mode_gives(defs, intent, o)
            return 2 if honor == late else (1 if runes else 0)
        if kind != "card" or not isinstance(o[1], int):
            return 0.0
        c = o[1]
        d = defs[c]
        zone = o[2] if len(o) > 2 else ""
        if verb == "name_card":
            return sit.cycling.get(d.id, 0) - 0.001 * c
        if verb == "banish":
            if zone == "center":
                if c in buyable:
                    return -5.0
                # what an opponent is likeliest to take is what most players take: the costliest
                # card; a random card replaces it, so denial pays only for a card better than that
                rival = sit.k.deny * (GreedyBot._value(d) - sit.replacement_value()) if len(sit.sides) > 1 else 0.0
                return rival + sit.denial(c)
            return sit.thin_value(d, zone)
        if zone == "your_constructs" and verb != "keep":   # never harm one's own constructs
            return -100.0
        if zone == "constructs_of":   # another player's construct: an opponent's best, never a teammate's
            if o[3] in sit.side:
                return -100.0
            return sit.construct_turn_value(d) + 0.1 * d.cost
        if verb == "destroy":
            return -sit.construct_turn_value(d) - d.honor * 0.01
        if verb == "keep":
            return sit.construct_turn_value(d)
        if verb == "discard":
            return -sit.play_value(d) if zone == "hand" else -1.0
        if verb in ("repeat", "to_hand"):
            return sit.play_value(d)
        if verb in ("acquire", "defeat") and "void" in zones:
            cost_w = sit.w[P] if d.type == "monster" else sit.w[R]
            v = sit.defeat_value(d) if d.type == "monster" else sit.acquire_value(d)
            return v - cost_w * d.cost
        deny = sit.denial(c) if zone == "center" else 0.0
        if d.type == "monster":
            return sit.defeat_value(d) + deny
        return sit.acquire_value(d, to_top=False) + deny

    scores = [score(o) for o in opts]
    best = max(range(len(opts)), key=lambda i: (scores[i], -i))
    return best, list(zip(scores, opts)), _("best heuristic score")


def medium_decide(game: Game, decision: Decision, params: type[Tuning] = Tuning):
    sit = Situation(game, decision.seat, params)
    if decision.kind == "action":
        return medium_action(sit, decision.options)
    return medium_choice(sit, decision)


class RolloutPolicy:
    """The medium policy as a plain function of a rollout game (every seat plays it); the
    situation of the player to move is worked out once per turn (cheaper, a little stale after
    a purchase: the deck composition it weighs is that of the turn's start)."""

    def __init__(self, params: type[Tuning] = Tuning, seat: int | None = None, others: type[Tuning] | None = None):
        self.params, self.mine, self.others = params, seat, others   # others: every seat but ``seat``'s numbers
        self.key = None
        self.sit: Situation | None = None

    def __call__(self, game: Game, decision: Decision) -> int:
        opts = decision.options
        if len(opts) == 1:
            return 0
        if decision.kind == "action":
            quick = quick_action(game.ctx.defs, opts, advice_of(game))
            if quick is not None:
                return quick[0]
        seat = decision.seat
        key = (game.turn, seat)
        if key != self.key:
            params = self.params if self.others is None or seat == self.mine else self.others
            self.key, self.sit = key, Situation(game, seat, params)
        if decision.kind == "action":
            return medium_action(self.sit, opts)[0]
        return medium_choice(self.sit, decision)[0]


class MediumBot(Bot):
    """Strong heuristics (see the module docstring). Experiments may set any of the plan's numbers
    as options (``PLAN_NUMBERS``: ``make_bot("medium", ..., r_val=0.55)``, ``scripts/tune_medium.py``);
    the tiers built on the plan (hard, expert) then use them in their rollouts too."""
    name = "medium"
    tier = "medium"
    params = Tuning

    def __init__(self, defs, seed, seat, **options):
        super().__init__(defs, seed, seat, **options)
        self.params = with_numbers(self.params, {k: float(options[k]) for k in PLAN_NUMBERS if k in options})

    def world(self, view) -> Game:
        """A world consistent with the view: only compositions of hidden piles are read from it."""
        return view.sample(0x5EED)

    def choose(self, view, decision):
        if len(decision.options) == 1:
            self._explain = because(self.describe(decision.options[0], decision.intent), _("the only option"))
            return 0
        quick = quick_action(self.defs, decision.options) if decision.kind == "action" else None
        if quick is not None:   # playing cards, free abilities: no need to look at the table
            i, scored, reason = quick
        else:
            i, scored, reason = medium_decide(self.world(view), decision, self.params)
        self._explain = lambda: self.explained(decision.options, i, scored, reason,   # text on demand
                                               intent=decision.intent)
        return i

    def explained(self, options, i, scored, reason, suffix: str = "", intent=None) -> str:
        reason = reason() if callable(reason) else reason
        scored = [(sc, self.describe(o, intent)) for sc, o in scored]
        return because(self.describe(options[i], intent), f"{reason} {suffix}" if suffix else reason) + (
            f" [{_top(scored)}]" if scored else "")


# =============================================================================== the hard bot: search
def evaluate(game: Game, seat: int, params: type[Tuning] = Tuning) -> float:
    """Value of a (rollout) position for ``seat``: its side's honor minus the best other side's,
    plus, when the game is not over, what each side's deck is still expected to bring (a solo
    villain's: what the plugins' advice says it will still take)."""
    rows = {r["seat"]: r["total"] for r in game.scores()}
    sides = sides_of(game)
    if -1 in rows:
        sides = sides + [[-1]]
    totals = []
    for s in sides:
        t = float(sum(rows.get(x, 0) for x in s))
        if not game.over:
            for x in s:
                if x >= 0:
                    sit = Situation(game, x, params)
                    t += potential(sit)
                else:
                    sit = Situation(game, seat, params)
                    t += sum(a.rivals_future(sit) for a in sit.advice)
        totals.append(t)
    mine = next(i for i, s in enumerate(sides) if seat in s)
    best_other = max((t for i, t in enumerate(totals) if i != mine), default=0.0)
    margin = totals[mine] - best_other
    if game.over:
        won = seat in game.winners()
        if won != (margin > 0) and margin != 0:   # won or lost outright, whatever the honor says
            return 50.0 if won else -50.0
        if params.win_bonus:                      # a finished game: winning is what counts
            margin += params.win_bonus if won else -params.win_bonus
    return margin


def potential(sit: Situation) -> float:
    """Honor a player's cards are still expected to bring over the turns left, valued as the medium
    policy values an acquisition (so that a card bought adds about its medium value): each hero
    in the cycling deck is played ``turns × 5 / deck size`` times, a construct not yet in play
    works from when it is drawn, a construct in play every turn."""
    T = sit.turns_left
    if T <= 0:
        return 0.0
    defs, by_id = sit.defs, sit.by_id
    plays = sit.plays(0.0, T)
    total = 0.0
    wait = sit.size / 10
    for cid, k in sit.cycling.items():
        d = by_id[cid]
        if d.type == "construct":
            total += k * sit.construct_turn_value(d) * max(0.0, T - wait)
        else:
            total += k * sit.play_value(d) * plays
    for c in sit.me.constructs:
        total += sit.construct_turn_value(defs[c]) * T
    return sit.k.potential * total


class AlignedGame(Game):
    """A rollout world whose reshuffles use one random stream per pile and per reshuffle (the
    k-th reshuffle of seat 1's deck always draws from the same numbers), instead of the game's
    single stream. Two rollouts of one world that differ by a card bought then see the same
    shuffles wherever their piles are alike: common random numbers that keep the comparison of
    two moves from drowning in the luck of the draw. Only the bots' imagined worlds use it."""

    def shuffle(self, items: list) -> None:
        key = "c"
        for i, p in enumerate(self.players):
            if items is p.deck:
                key = str(i)
                break
        k = self._shuffles.get(key, 0)
        self._shuffles[key] = k + 1
        rng.shuffle(rng.derive(self._stream, f"{key}:{k}"), items)

    def random_below(self, n: int) -> int:
        k = self._shuffles.get("r", 0)
        self._shuffles["r"] = k + 1
        return rng.below(rng.derive(self._stream, f"r:{k}"), n)[1]


def aligned(world: Game, stream: int) -> AlignedGame:
    g = world.clone(AlignedGame)
    g._stream, g._shuffles = stream, {}
    return g


class HardBot(MediumBot):
    """Determinized rollouts on top of the medium policy (see the module docstring).

    Options (``make_bot("hard", defs, seed, seat, budget=..., ...)``, ``simulate(bot_options=)``):
    ``budget``: rollouts per decision (default 128): every decision depends only on the seed and
    the view. ``time_limit``: seconds per decision, a cap that stops the search early (default
    None; a capped bot is not repeatable, so nothing that must repeat sets it). ``depth``: rounds simulated after the current turn
    before the position is scored (default 4; None: always to the end). ``endgame``: play to the
    end once the pool holds at most this share of its start (default 0.5). ``margin``: standard
    errors a departure from the plan must gain (default 0.5). ``choices``: also search effect
    choices (default True). Experiments: the plan's numbers as for medium, and ``others=medium``
    (the other seats of a rollout play medium's numbers, not the bot's own).
    """
    name = "hard"
    tier = "hard"
    DEFAULT_BUDGET = 128
    DEFAULT_TIME = None      # budgets, not seconds: the same seed gives the same game on any machine
    DEFAULT_DEPTH = 4
    DEFAULT_ENDGAME = 0.5    # full rollouts once the pool is below this share of its start
    DEFAULT_MARGIN = 0.5     # a departure from the heuristic plan must gain this many standard errors
    DEFAULT_CHOICES = True   # also search effect choices made on its own turn
    MAX_CANDIDATES = 6
    MIN_WORLDS = 4           # fewer worlds than this never overturn the heuristic plan

    def __init__(self, defs, seed, seat, **options):
        super().__init__(defs, seed, seat, **options)
        budget = options.get("budget")
        self.budget = int(budget) if budget else self.DEFAULT_BUDGET
        self.time_limit = options.get("time_limit", self.DEFAULT_TIME)
        self.depth = options.get("depth", self.DEFAULT_DEPTH)
        self.endgame = float(options.get("endgame", self.DEFAULT_ENDGAME))
        self.margin = float(options.get("margin", self.DEFAULT_MARGIN))
        self.search_choices = bool(options.get("choices", self.DEFAULT_CHOICES))
        others = options.get("others")   # experiments: the numbers the other seats play rollouts with
        if others not in (None, "medium"):
            raise ValueError(f"others: 'medium' or nothing, not {others!r}")
        self.others: type[Tuning] | None = Tuning if others == "medium" else None
        self.stats: list[dict] = []

    def candidates(self, sit: Situation, options) -> list[int]:
        """The moves worth searching: acquire/defeat/gift/convert/extra turn/end, best first by
        the heuristics; plays and free abilities come first and are not searched."""
        kinds = [o[0] for o in options]
        if quick_action(self.defs, options, sit.advice) is not None:
            return []
        items, power_plan, rune_plan = medium_plan(sit, options)
        h = medium_action(sit, options)[0]
        # The heuristic plan is one candidate, whatever order its moves come in (its first move
        # stands for it); every other candidate departs from it.
        in_plan = {it[0] for it in power_plan[1] + rune_plan[1]}
        value = {it[0]: it[3] for it in items if it[0] not in in_plan}
        for i, o in enumerate(options):
            if o[0] == "use" and i not in value and i not in in_plan:
                d = self.defs[o[1]]
                value[i] = info(d).abilities[o[2]][1].value(sit.w) - d.honor
        seen, cands = {self.move_key(options[h])}, [h]
        for i in sorted(value, key=lambda i: (-value[i], i)):
            key = self.move_key(options[i])
            if key not in seen and len(cands) < self.MAX_CANDIDATES - 1:
                seen.add(key)          # two copies of a card in the row are one move
                cands.append(i)
        end = kinds.index("end")
        if end not in cands:
            cands.append(end)
        return cands

    def move_key(self, option) -> tuple:
        if len(option) > 1 and isinstance(option[1], int) and option[0] != "mode":   # a card: alike cards are one move
            return (option[0], self.defs[option[1]].id) + tuple(option[2:])
        return tuple(option)

    def choice_candidates(self, sit: Situation, decision: Decision) -> list[int]:
        """An effect's choice on one's own turn (what to banish, take for free, discard...): the
        heuristic answer first, then the next best distinct answers."""
        if decision.seat != sit.g.current or not self.search_choices:
            return []
        __, scored, __ = medium_choice(sit, decision)
        order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
        seen, cands = set(), []
        for i in order:
            key = self.move_key(decision.options[i])
            if key not in seen and len(cands) < self.MAX_CANDIDATES - 2:
                seen.add(key)
                cands.append(i)
        return cands

    def choose(self, view, decision):
        opts = decision.options
        if len(opts) == 1:
            return super().choose(view, decision)
        base = self.world(view)
        sit = Situation(base, decision.seat, self.params)
        if decision.kind == "action":
            cands = self.candidates(sit, opts)
        else:
            cands = self.choice_candidates(sit, decision)
        if len(cands) <= 1:
            if decision.kind != "action":
                return super().choose(view, decision)
            i, scored, reason = medium_action(sit, opts)
            self._explain = lambda: self.explained(opts, i, scored, reason, _("(no search needed)"))
            return i
        t0 = time.perf_counter()
        deadline = t0 + self.time_limit if self.time_limit else None
        self.rng, seed = rng.next_state(self.rng)
        depth = self.horizon(base)
        plan = cands[0]                       # the heuristic plan: the baseline, in every world
        values: dict[int, list[float]] = {i: [] for i in cands}
        alive = cands[1:]
        # Successive halving over the departures from the plan, with common random numbers:
        # every live candidate meets the same worlds as the plan, and is judged by its mean
        # difference to the plan in those worlds.
        rounds = max(1, math.ceil(math.log2(max(2, len(alive)))))
        spent, world_no, stopped = 0, 0, False

        def gain(i):
            n = len(values[i])
            d = [a - b for a, b in zip(values[i], values[plan][:n])]
            mean = sum(d) / n if n else 0.0
            var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else float("inf")
            return mean, math.sqrt(var / n) if n > 1 else float("inf")

        for r in range(rounds):
            share = max(1, (self.budget - spent) // ((rounds - r) * (len(alive) + 1)))
            for __ in range(share):
                world = view.sample(rng.derive(seed, f"w{world_no}"))
                stream = rng.derive(seed, f"s{world_no}")
                world_no += 1
                for i in [plan] + alive:
                    values[i].append(self.rollout(aligned(world, stream), i, decision.seat, depth))
                    spent += 1
                    if deadline is not None and time.perf_counter() > deadline:
                        stopped = True
                        break
                if stopped:
                    break
            if stopped or r == rounds - 1 or len(alive) <= 1:
                if stopped or r == rounds - 1:
                    break
                continue
            alive.sort(key=lambda i: (-gain(i)[0], i))
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        # a departure must beat the plan clearly: in enough worlds, by more than ``margin`` standard errors
        best, best_gain = plan, 0.0
        for i in alive:
            mean, se = gain(i)
            if len(values[i]) >= self.MIN_WORLDS and mean > self.margin * se and mean > best_gain:
                best, best_gain = i, mean
        elapsed = time.perf_counter() - t0
        self.stats.append({"seconds": elapsed, "rollouts": spent, "candidates": len(cands)})

        def line(i):
            v = values[i]
            text = f"{self.describe(opts[i], decision.intent)} n={len(v)} mean={sum(v) / max(1, len(v)):+.2f}"
            if i != plan and v:
                text += " " + _("vs plan {gain}").format(gain=f"{gain(i)[0]:+.2f}±{gain(i)[1]:.2f}")
            return text
        def explain() -> str:   # worded only when someone asks (a batch of games never does)
            ranked = sorted(cands, key=lambda i: (-len(values[i]), -sum(values[i]) / max(1, len(values[i]))))
            why = _("the heuristic plan holds") if best == plan else _("beats the heuristic plan")
            search = (_("{why} (mean honor margin) after {rollouts} rollouts over {worlds} sampled worlds "
                        "({seconds}s, time cap)") if stopped else
                      _("{why} (mean honor margin) after {rollouts} rollouts over {worlds} sampled worlds ({seconds}s)"))
            return (because(self.describe(opts[best], decision.intent),
                            search.format(why=why, rollouts=spent, worlds=world_no, seconds=f"{elapsed:.2f}"))
                    + f" [{'; '.join(line(i) for i in ranked[:4])}]")
        self._explain = explain
        return best

    def horizon(self, game: Game) -> int | None:
        """Turns (rounds) simulated after this one: to the end once the honor pool runs low
        (the end game is short and decided by exact honor), else ``depth``."""
        if self.depth is None:
            return None
        init = game.ctx.setup.get("honor_pool") or 60
        if game.pool <= self.endgame * init:
            return None
        return self.depth

    def rollout(self, g: Game, first: int, seat: int, depth: int | None = -1) -> float:
        self.play_out(g, first, self.horizon(g) if depth == -1 else depth)
        return evaluate(g, seat, self.params)

    def play_out(self, g: Game, first: int, depth: int | None) -> None:
        """Answer ``first``, then play every seat by the medium policy until the game ends or
        ``depth`` rounds have passed (None: to the end)."""
        stop = None if depth is None else g.turn + depth * len(g.players)
        g.apply(first)
        policy = RolloutPolicy(self.params, self.seat, self.others)
        while not g.over:
            if stop is not None and g.turn > stop:
                break
            d = g.decision()
            g.apply(policy(g, d))


# =============================================================================== tiers
TIERS = ("easy", "medium", "hard")   # the ranked tiers, weakest first (the ladder's default)
