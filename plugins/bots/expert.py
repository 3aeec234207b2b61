"""The expert tier (issue 20): the hard bot's search (:class:`~.tiers.HardBot`: worlds dealt from
what the bot may know, the medium plan and each departure from it played out in the same worlds),
spending its rollouts where the choice matters, and scoring a game played to its end by who
wins, not only by how much.

- A race instead of a fixed schedule: every candidate move meets the same worlds, a few at a
  time; a departure from the plan drops out as soon as it clearly cannot beat the plan by more
  than ``SMALL`` honor, or the best other departure (``Z`` standard errors), and the search stops
  when none is left or the one left clearly beats the plan. An obvious move costs a few dozen rollouts; a close
  call gets the whole ``budget``.
- More candidates (the racing makes a poor one cheap).
- A rollout that reaches the end of the game is worth ``win_bonus`` honor more to the winner: a
  move that wins more of the imagined games by a little beats one that wins fewer by a lot.
- A learned evaluation instead of the medium policy's own valuation at the cut (two players):
  rollouts stop two rounds ahead (to the end once the honor pool is low) and the position is
  scored by models trained on self-play (``scripts/train_expert.py``, weights in
  ``expert_eval.json``): the predicted final honor margin plus ``win_bonus`` times the predicted
  chance to win minus the chance to lose. Shorter rollouts buy more worlds, and the position is
  judged by what such positions led to, not by the heuristics that chose the plan.
- A better plan: the same model says what each card is worth beyond what its effects add up to
  (``Model.cards``), and the plan (the move searched against, and every seat's moves in the
  rollouts) adds three tenths of that to taking the card.
- The learned parts apply where they were trained: two players on their own. Teams, three or
  more seats and the solo villains get hard's evaluation and the plan without the learned worth.

Like every tier it is repeatable: a budget of rollouts, never seconds, so a seed gives the same
game on any machine.
"""
from __future__ import annotations

import json
import math
import time
from importlib import resources
from pathlib import Path
from types import MappingProxyType

from ascension.core import rng
from ascension.core.bots import BotUnavailable
from ascension.core.engine import Game
from ascension.core.i18n import _, ngettext

from .tiers import (BO, DR, H, NF, P, R, HardBot, MediumBot, Situation, Tuning, aligned, because, evaluate, info,
                    medium_action, potential, with_numbers)

# =============================================================================== the learned evaluation
# What a position at the start of a turn is worth to one seat, learned from self-play
# (``scripts/train_expert.py``): each number is "mine minus the opponent's", so swapping the seats
# negates every feature but ``to_move``. The future features are what the cycling deck brings
# over the turns left (per-card sums of the play effects times the plays each card can expect).
# Besides these, each card (by definition) may have a learned worth per turn left: the model adds
# it for every copy one owns more than the opponent (``card_terms``).
FEATURES = ("margin", "margin_late", "potential", "potential_early", "runes", "power", "honor", "draw",
            "banish", "constructs", "starters", "to_move")


def _seat_terms(game: Game, seat: int, params) -> tuple[float, list[float]]:
    """One seat's honor total and (potential, future runes, power, honor, draw, banishes,
    construct turns, starting-card turns)."""
    sit = Situation(game, seat, params)
    T = sit.turns_left
    plays = sit.plays(0.0, T)
    by_id = sit.by_id
    vec = [0.0] * NF
    starters = 0
    for cid, k in sit.cycling.items():
        d = by_id[cid]
        if d.role == "starting":
            starters += k
        if d.type != "construct":
            v = info(d).play.vec
            for j in (R, P, H, DR, BO):
                vec[j] += k * v[j]
    constructs = sum(sit.construct_turn_value(sit.defs[c]) for c in sit.me.constructs)
    honor = sit.me.honor + game.card_honor(seat)
    return honor, [potential(sit), vec[R] * plays, vec[P] * plays, vec[H] * plays, vec[DR] * plays,
                   vec[BO] * plays, constructs * T, starters / sit.size * T]


def card_terms(game: Game, seat: int) -> dict[str, float]:
    """Per card definition: copies ``seat`` owns minus copies the opponent owns, times the turns left
    (the learned per-card worth is per copy and turn left)."""
    defs = game.ctx.defs
    count: dict[str, float] = {}
    for s, sign in ((seat, 1.0), (1 - seat, -1.0)):
        for c in game.players[s].owned():
            cid = defs[c].id
            count[cid] = count.get(cid, 0.0) + sign
    T = Situation(game, seat).turns_left
    return {cid: k * T for cid, k in count.items() if k}


def trained_for(game: Game) -> bool:
    """Whether the learned parts apply to ``game``: they were trained on two players on their own
    (not teams, a solo villain or three or more seats)."""
    return len(game.players) == 2 and len(game.sides()) == 2 and not game.ctx.hooks.extra_scores(game)


def features(game: Game, seat: int, params=Tuning) -> list[float] | None:
    """The model's inputs for ``seat`` (see ``FEATURES``), or None where it was not trained
    (:func:`trained_for`)."""
    if not trained_for(game):
        return None
    (mine, a), (theirs, b) = (_seat_terms(game, s, params) for s in (seat, 1 - seat))
    init = max(1, game.ctx.setup.get("honor_pool") or 60)
    frac = game.pool / init
    margin, pot = mine - theirs, a[0] - b[0]
    return [margin, margin * (1 - frac), pot, pot * frac] + [x - y for x, y in zip(a[1:], b[1:])] + [
        1.0 if game.current == seat else -1.0]


class Model:
    """The trained weights (``expert_eval.json``): the final honor margin predicted by a linear
    model, the chance to win by a logistic one."""

    def __init__(self, data: dict):
        if tuple(data["features"]) != FEATURES:
            raise ValueError(f"expert_eval.json was trained on other features: {data['features']}")
        self.margin, self.win = data["margin"], data["win"]
        self.cards = data.get("cards", {})    # card id -> (margin weight, win weight)

    @classmethod
    def load(cls, text: str) -> "Model":
        return cls(json.loads(text))

    def predict(self, x: list[float], cards: dict[str, float] | None = None) -> tuple[float, float]:
        """(final margin, chance to win) of a position with features ``x`` and ``card_terms``."""
        m = sum(w * v for w, v in zip(self.margin, x))
        z = sum(w * v for w, v in zip(self.win, x))
        for cid, k in (cards or {}).items():
            w = self.cards.get(cid)
            if w is not None:
                m += w[0] * k
                z += w[1] * k
        return m, 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


_MODEL: Model | None = None


class ExpertDataError(BotUnavailable, ValueError):
    """The expert's trained evaluation cannot be read (a damaged or partial install)."""


def model() -> Model:
    """The trained model, read once; a file that cannot be read is named in a plain message."""
    global _MODEL
    if _MODEL is None:
        source = resources.files(__package__).joinpath("expert_eval.json")
        try:
            _MODEL = Model.load(source.read_text(encoding="utf-8"))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ExpertDataError(_("the expert bot cannot read its trained evaluation {file}: {error}; reinstall "
                                    "Ascension Table to restore it (the other bots do not need it)").format(
                file=source, error=exc)) from None
    return _MODEL


class ExpertTuning(Tuning):
    win_bonus = 5.0      # honor a won finished rollout is worth beyond its margin
    # Medium's plan counts an honor token at part of its honor early on where a villain's advice
    # says so (the Cult: ``early_token``); the expert plays the games out and sees the end come
    # nearer itself, and with that discount it won 9 of the same 60 games against the Cult
    # where without it it won 15: it never counts a token early (the pool is never above itself).
    early_pool = 1.0
    # The plan adds three tenths of each card's learned worth (``Model.cards``) to taking it.
    # Medium with a quarter of the worth the first model learned beat plain medium in 64.6% of
    # 4,000 fresh 10th games (a half: 61%, the whole: 56%). The model now shipped, fitted to four
    # times the games, learns smaller worths: three tenths of them play as well as a quarter of the
    # first ones (49.3% of 4,000 games between the two plans), and the expert with the new model
    # beat hard in 814 of 1,200 games over three seeds (the README has the rest).
    card_worth = 0.3


# Cards whose learned worth the plan leaves out: in games of the Legends set alone, the plan with
# it lost to plain medium (46.5% and 45.3% of 1,200 games on two seeds); beside other sets'
# cards those cards' worth changed nothing (54.0% without it, 56.0% with it).
UNWORTHED_SETS = ("legends",)
_WITH_CARDS: dict = {}


def with_card_table(params: type[ExpertTuning], m: Model) -> type[ExpertTuning]:
    """``params`` whose plan adds each card's learned worth to taking it (``card_worth`` of it),
    one class per numbers and worths: the caches keyed by a bot's numbers stay small."""
    table = {cid: w[0] for cid, w in m.cards.items() if cid.partition(".")[0] not in UNWORTHED_SETS}
    key = (params, frozenset(table.items()))
    t = _WITH_CARDS.get(key)
    if t is None:
        t = _WITH_CARDS[key] = type(params.__name__, (params,), {"card_table": MappingProxyType(table)})
    return t


def early_rounds(text) -> tuple[int, int] | None:
    """The ``early`` experiment's ``"R:D"`` as (R rounds, depth D); None when not given."""
    if not text:
        return None
    rounds, __, depth = str(text).partition(":")
    try:
        out = int(rounds), int(depth)
    except ValueError:
        out = (-1, -1)
    if min(out) < 0:
        raise ValueError(f"early: rounds:depth, two whole numbers from 0, not {text!r}")
    return out


class ExpertBot(HardBot):
    """Racing determinized rollouts over the medium plan, scored by the learned evaluation (see
    the module docstring). Options as :class:`~.tiers.HardBot` (``budget``: the most rollouts a
    decision may take), ``leaf``: "learned" or "hand" (the hard bot's ``evaluate``; with
    ``depth=4,endgame=0.5`` the expert as it was before the learned evaluation), and for
    experiments ``first``, ``batch``, ``z``, ``small`` (the race's settings below), ``weights``
    (another file written by ``scripts/train_expert.py``), ``early="R:D"`` (rollouts go ``D``
    rounds ahead while the game is in its first ``R`` rounds) and ``card_worth`` (the share of
    each card's learned worth the plan adds to taking it; 0: medium's own plan), and as for
    hard the plan's numbers (``r_val=0.55``) and ``others=medium``."""
    name = "expert"
    tier = "expert"
    params = ExpertTuning
    DEFAULT_BUDGET = 640
    MAX_CANDIDATES = 8
    BATCH = 4          # worlds added per round of the race
    FIRST = 8          # worlds every candidate meets before any drops out
    Z = 2.0            # standard errors that make a candidate clearly worse (or clearly better)
    SMALL = 1.0        # honor: a departure that cannot gain more than this is not worth the rollouts
    DEFAULT_MARGIN = 2.0   # standard errors a departure must gain to replace the plan (hard: 0.5)
    DEFAULT_DEPTH = 2      # rounds played out before the learned evaluation scores the position
    DEFAULT_ENDGAME = 0.25  # played to the end once the honor pool is below this share of its start
    DEFAULT_LEAF = "learned"   # or "hand": the hard bot's evaluate (experiments)

    def __init__(self, defs, seed, seat, **options):
        super().__init__(defs, seed, seat, **options)
        self.leaf = options.get("leaf", self.DEFAULT_LEAF)
        self.first, self.batch = int(options.get("first", self.FIRST)), int(options.get("batch", self.BATCH))
        if self.first < 1 or self.batch < 1:   # a race that adds no worlds would never end
            raise ValueError(f"first and batch: at least 1 world, not {self.first} and {self.batch}")
        self.z, self.small = float(options.get("z", self.Z)), float(options.get("small", self.SMALL))
        self.early = early_rounds(options.get("early"))   # experiments: (rounds, depth) or None
        weights = options.get("weights")     # experiments: another trained file
        if self.leaf != "learned":
            self.model = None
        elif weights:
            self.model = Model.load(Path(weights).read_text(encoding="utf-8"))
        else:
            self.model = model()
        self.plain_params = with_numbers(self.params, {"card_worth": 0.0})   # where the model was not trained
        if self.params.card_worth and self.model is not None:
            self.params = with_card_table(self.params, self.model)
        self.trained: bool | None = None   # whether they apply to this bot's game (known at its first decision)

    def horizon(self, game: Game) -> int | None:
        """Hard's horizon, or deeper in the game's first rounds where an experiment says so."""
        depth = super().horizon(game)
        if depth is not None and self.early and game.turn <= self.early[0] * len(game.players):
            return max(depth, self.early[1])
        return depth

    def choose(self, view, decision):
        if self.trained is None:   # a match keeps its seats and rules: decided once
            self.trained = trained_for(self.world(view))
            if not self.trained:
                self.params = self.plain_params
        opts = decision.options
        if len(opts) == 1:
            return MediumBot.choose(self, view, decision)
        base = self.world(view)
        sit = Situation(base, decision.seat, self.params)
        cands = (self.candidates(sit, opts) if decision.kind == "action"
                 else self.choice_candidates(sit, decision))
        cands = cands[:self.budget]   # a world plays every candidate: a small budget searches the best few
        if len(cands) <= 1:
            if decision.kind != "action":
                return MediumBot.choose(self, view, decision)
            i, scored, reason = medium_action(sit, opts)
            self._explain = lambda: self.explained(opts, i, scored, reason, intent=decision.intent)
            return i
        t0 = time.perf_counter()
        self.rng, seed = rng.next_state(self.rng)
        depth = self.horizon(base)
        plan, alive = cands[0], cands[1:]
        values: dict[int, list[float]] = {i: [] for i in cands}
        wins: dict[int, list[float]] = {i: [] for i in cands}   # per rollout: won (1/0), or the chance to win
        spent = worlds = 0

        def gain(i) -> tuple[float, float]:
            """Mean difference to the plan over the same worlds, and its standard error."""
            d = [a - b for a, b in zip(values[i], values[plan])]
            n = len(d)
            mean = sum(d) / n
            var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else float("inf")
            return mean, math.sqrt(var / n)

        while alive and spent + len(alive) + 1 <= self.budget:
            for __ in range(self.first if worlds == 0 else self.batch):
                if spent + len(alive) + 1 > self.budget:
                    break
                world = view.sample(rng.derive(seed, f"w{worlds}"))
                stream = rng.derive(seed, f"s{worlds}")
                worlds += 1
                for i in [plan] + alive:
                    value, won = self.rollout_won(aligned(world, stream), i, decision.seat, depth)
                    values[i].append(value)
                    if won is not None:
                        wins[i].append(won)
                    spent += 1
            stats = {i: gain(i) for i in alive}
            floor = max([self.small] + [m - self.z * se for m, se in stats.values()])
            alive = [i for i in alive if stats[i][0] + self.z * stats[i][1] > floor]
            if len(alive) == 1 and stats[alive[0]][0] - self.z * stats[alive[0]][1] > 0:
                break                                   # one departure left, clearly better than the plan
        best, best_gain = plan, 0.0
        for i in alive:
            mean, se = gain(i)
            if mean > self.margin * se and mean > best_gain:
                best, best_gain = i, mean
        elapsed = time.perf_counter() - t0
        self.stats.append({"seconds": elapsed, "rollouts": spent, "candidates": len(cands), "worlds": worlds})
        self._explain = lambda: self.reason(opts, decision.intent, cands, best, plan, values, wins)
        return best

    def rollout_won(self, g, first: int, seat: int, depth: int | None) -> tuple[float, float | None]:
        """The hard bot's rollout (the medium policy for every seat, cut ``depth`` rounds ahead)
        and ``seat``'s chance to win: 1 or 0 when the game was played to its end, the learned
        model's estimate at a cut (None where it has none). A cut position is worth the predicted
        final margin plus ``win_bonus`` times (chance to win - chance to lose), as a finished
        game is worth its margin plus or minus ``win_bonus``."""
        self.play_out(g, first, depth)
        if g.over:
            return evaluate(g, seat, self.params), int(seat in g.winners())
        x = features(g, seat) if self.model is not None else None   # (as trained: the default plan's numbers)
        if x is None:
            return evaluate(g, seat, self.params), None
        margin, chance = self.model.predict(x, card_terms(g, seat) if self.model.cards else None)
        return margin + self.params.win_bonus * (2 * chance - 1), chance

    def reason(self, opts, intent, cands, best, plan, values, wins) -> str:
        """The choice in a player's terms: how the move did in the imagined games, against the
        best alternative."""
        def mean(i):
            return sum(values[i]) / len(values[i])
        move = self.describe(opts[best], intent)
        others = sorted((i for i in cands if i != best and values[i]), key=lambda i: (-len(values[i]), -mean(i), i))
        n = len(values[best])
        finished = len(wins[best]) == n and all(w in (0, 1) for w in wins[best])
        share = 100 * sum(wins[best]) / n if len(wins[best]) == n else None
        if share is not None and finished:
            text = ngettext("it won {share}% of {n} imagined game played to the end",
                            "it won {share}% of {n} imagined games played to the end", n).format(share=round(share), n=n)
        elif share is not None:   # cut by the learned evaluation: its predicted margin, without the win bonus
            margin = mean(best) - self.params.win_bonus * (2 * share / 100 - 1)
            if margin >= 0:
                text = ngettext("it was set to finish {margin} honor ahead in {n} imagined game (chance to win: {share}%)",
                                "it was set to finish {margin} honor ahead on average in {n} imagined games "
                                "(chance to win: {share}%)", n).format(margin=f"{margin:.1f}", share=round(share), n=n)
            else:
                text = ngettext("it was set to finish {margin} honor behind in {n} imagined game (chance to win: {share}%)",
                                "it was set to finish {margin} honor behind on average in {n} imagined games "
                                "(chance to win: {share}%)", n).format(margin=f"{-margin:.1f}", share=round(share), n=n)
        elif mean(best) >= 0:
            text = ngettext("it came out {margin} honor ahead on average in {n} imagined game",
                            "it came out {margin} honor ahead on average in {n} imagined games",
                            n).format(margin=f"{mean(best):.1f}", n=n)
        else:
            text = ngettext("it came out {margin} honor behind on average in {n} imagined game",
                            "it came out {margin} honor behind on average in {n} imagined games",
                            n).format(margin=f"{-mean(best):.1f}", n=n)
        if others:
            rival = others[0]
            other = _("choosing none") if opts[rival][0] == "pass" else self.describe(opts[rival], intent)
            if len(values[rival]) < n:
                text = _("{text}; {other} soon fell clearly behind").format(text=text, other=other)
            elif mean(best) - mean(rival) < 0.05:
                text = _("{text}; the next best, {other}, did about as well").format(text=text, other=other)
            else:
                text = _("{text}; the next best, {other}, did {behind} honor worse").format(
                    text=text, other=other, behind=f"{mean(best) - mean(rival):.1f}")
        if best != plan:
            text = _("{text} (the usual plan was {plan})").format(text=text, plan=self.describe(opts[plan], intent))
        return because(move, text)
