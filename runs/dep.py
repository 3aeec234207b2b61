"""Expert-vs-hard games: how often each bot departs from the medium choice."""
import sys
sys.path.insert(0, "scripts")
from ascension.core.bots import make_bot
from ascension.core.match import new_game
from ascension.core.sim import game_seed
from expert_match import options
opts = options(sys.argv[3] if len(sys.argv) > 3 else "")
for k in range(int(sys.argv[1]), int(sys.argv[2])):
  for swap in (0, 1):
    seed = game_seed(1, k)
    kinds = ["hard", "expert"] if swap else ["expert", "hard"]
    game = new_game(["10th"], kinds, [], seed=seed)
    bots = [make_bot(x, game.ctx.defs, seed, i, **(opts if x == "expert" else {})) for i, x in enumerate(kinds)]
    med = [make_bot("medium", game.ctx.defs, seed, i) for i in range(2)]
    dep = {"expert": [0, 0], "hard": [0, 0]}
    while not game.over:
        dec = game.decision(); b = bots[dec.seat]
        n = len(b.stats)
        i = b.choose(game.view(dec.seat), dec)
        if len(b.stats) > n:
            m = med[dec.seat].choose(game.view(dec.seat), dec)
            dep[kinds[dec.seat]][0] += 1
            dep[kinds[dec.seat]][1] += (i != m)
        game.apply(i)
    me = kinds.index("expert")
    print(k, swap, "expert won" if me in game.winners() else "hard won", dep, flush=True)
