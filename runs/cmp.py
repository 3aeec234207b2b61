import json, sys, statistics, math
def load(f):
    return {(r["seed"], r["swap"]): r for r in map(json.loads, filter(str.strip, open(f)))}
base = load(sys.argv[1])
for f in sys.argv[2:]:
    run = load(f)
    keys = [k for k in run if k in base]
    w = sum(run[k]["won"] for k in keys); wb = sum(base[k]["won"] for k in keys)
    d = [run[k]["margin"] - base[k]["margin"] for k in keys]
    same = sum(run[k]["margin"] == base[k]["margin"] and len(run[k]["times"]) == len(base[k]["times"]) for k in keys)
    cpu = sorted(t for k in keys for t in run[k]["cpu"]); cb = sorted(t for k in keys for t in base[k]["cpu"])
    p = lambda xs, q: xs[min(len(xs)-1, int(q*len(xs)))] if xs else 0
    se = statistics.stdev(d)/math.sqrt(len(d)) if len(d) > 1 else 0
    print(f"{f}: n={len(keys)} won {w} vs base {wb} ({100*w/max(1,len(keys)):.1f}% vs {100*wb/max(1,len(keys)):.1f}%), "
          f"margin diff {statistics.mean(d) if d else 0:+.2f}±{se:.2f}, identical games {same}; "
          f"cpu p50 {p(cpu,.5):.3f} p95 {p(cpu,.95):.3f} max {cpu[-1] if cpu else 0:.2f} (base p95 {p(cb,.95):.3f}) cpu/game {sum(cpu)/max(1,len(keys)):.1f} vs {sum(cb)/max(1,len(keys)):.1f}")
