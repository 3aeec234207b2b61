"""Bots read what a decision means, never its words: with every prompt, option label, event line
and bot description rewritten (reversed), seeded games of every tier and set mix are the same."""
from __future__ import annotations

from ascension.core import engine, wording
from ascension.core.bots import make_bot
from ascension.core.match import new_game

# (sets, variants, players): every set, the Fate, Legendary Track, team and solo variants
MIXES = [(["10th"], [], 2), (["cotg"], [], 2), (["rotf", "10th"], [], 3), (["legends"], [], 2),
         (["10th", "legends"], ["legendary"], 2), (["10th", "rotf", "cotg"], ["teams"], 4),
         (["10th"], ["samael"], 1), (["legends"], ["cult"], 1), (["cotg", "legends"], ["legendary"], 3),
         (["rotf"], [], 2)]
TIERS = ["random", "easy", "medium", "hard"]
ANSWERS = 100   # per game: enough for several turns and many effect choices, cheap enough for hundreds


def reversed_text(render):
    return lambda *args, **kw: render(*args, **kw)[::-1]


def play(sets, variants, players, tier, seed) -> tuple[list[int], list[str]]:
    """The answers of the first ANSWERS decisions of a seeded game (the tier at seat 0, the
    others the next tiers round), and every prompt shown."""
    seats = [TIERS[(TIERS.index(tier) + i) % len(TIERS)] for i in range(players)]
    game = new_game(sets, [f"P{i}" for i in range(players)], variants, seed=seed)
    bots = [make_bot(b, game.ctx.defs, seed, i, budget=8, depth=1) for i, b in enumerate(seats)]
    prompts = []
    while not game.over and len(game.answers) < ANSWERS:
        dec = game.decision()
        prompts.append(dec.prompt)
        bot = bots[dec.seat]
        game.apply(bot.choose(game.view(dec.seat), dec))
        bot.explain()   # a reason is text too: worked out, and never read back
        game.log_lines(game.log[-3:])
    return game.answers, prompts


GAMES = [(mix, tier, 7000 + k) for k, mix in enumerate(MIXES * 5) for tier in TIERS
         if tier != "hard" or k < len(MIXES)]


def test_reversed_wording_changes_no_answer_of_any_tier(monkeypatch):
    plain = [play(*mix, tier, seed) for mix, tier, seed in GAMES]
    monkeypatch.setattr(wording, "render_prompt", reversed_text(wording.render_prompt))
    monkeypatch.setattr(wording, "render_label", reversed_text(wording.render_label))
    monkeypatch.setattr(wording, "describe_option", reversed_text(wording.describe_option))
    monkeypatch.setattr(engine, "render", reversed_text(engine.render))
    log_lines = engine.log_lines
    monkeypatch.setattr(engine, "log_lines", lambda *a: [(e, line[::-1]) for e, line in log_lines(*a)])
    flipped = [play(*mix, tier, seed) for mix, tier, seed in GAMES]
    assert len(GAMES) >= 150 and sum(len(a) for a, _ in plain) > 12_000
    for (mix, tier, seed), (answers, prompts), (answers2, prompts2) in zip(GAMES, plain, flipped):
        assert prompts2 == [p[::-1] for p in prompts], "the reversed wording was not used"
        assert answers2 == answers, f"{tier} bot, {mix}, seed {seed}: a different game under other words"
