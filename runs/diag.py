"""One expert-vs-hard game; per searched decision of the expert: rollouts, worlds, candidates, chose plan?"""
import sys, json, collections
sys.path.insert(0, "scripts")
from ascension.core.bots import make_bot
from ascension.core.match import new_game
from ascension.core.sim import game_seed
from expert_match import options
k, swap = int(sys.argv[1]), int(sys.argv[2]); opts = options(sys.argv[3] if len(sys.argv) > 3 else "")
seed = game_seed(1, k)
kinds = ["hard", "expert"] if swap else ["expert", "hard"]
game = new_game(["10th"], kinds, [], seed=seed)
bots = [make_bot(x, game.ctx.defs, seed, i, **(opts if x == "expert" else {})) for i, x in enumerate(kinds)]
me = kinds.index("expert")
rows = []
orig = bots[me].choose
while not game.over:
    dec = game.decision(); b = bots[dec.seat]
    n = len(b.stats)
    i = b.choose(game.view(dec.seat), dec)
    if dec.seat == me and len(b.stats) > n:
        s = b.stats[-1]
        rows.append((dec.kind, s["rollouts"], s["worlds"], s["candidates"], round(s["seconds"], 2)))
    game.apply(i)
for r in rows: print(*r)
sp = [r[1] for r in rows]
print("searched", len(rows), "hit cap", sum(x > (opts.get("budget", 640) - 10) for x in sp), "median rollouts", sorted(sp)[len(sp)//2])
