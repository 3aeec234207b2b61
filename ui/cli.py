"""The ``ascension`` command: simulate, sets, variants, replay and play.

Bad input is the user's mistake, not a crash: it is reported as one line on stderr with exit
status 2 (argparse's own convention), so scripts can tell it apart from a failed check (1).
"""
from __future__ import annotations

import argparse
import json
import secrets
import sys
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ascension.core.bots import BOTS
from ascension.core.cards import SetFileError
from ascension.core.engine import GameOver, InvalidAnswer
from ascension.core.match import SetupError, available_sets, build_setup, load_set
from ascension.core.plugins import installed
from ascension.core.sim import SimulationFailure, record_differences, simulate, verify_record

USAGE_ERROR = 2


class UsageError(ValueError):
    """Input the user can fix; reported as one line, exit status 2."""


def _csv(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def _error(msg: str) -> int:
    print(f"ascension: error: {msg}", file=sys.stderr)
    return USAGE_ERROR


# ---------------------------------------------------------------------------- simulate
def _resolve(args) -> tuple[list[str], list[str], list[str], int]:
    """Sets, bots (one per seat), variants and seed, validated before any game is played."""
    sets, bots, variants = _csv(args.sets), _csv(args.bots), _csv(args.variants)
    unknown = [b for b in bots if b not in BOTS]
    if unknown or not bots:
        raise UsageError(f"unknown bot '{unknown[0] if unknown else ''}' (available: {', '.join(BOTS)})")
    players = args.players
    if players is None:  # one seat per bot (at least 2), or the fewest a chosen variant allows (solo: 1)
        known = installed().variants()
        least = [known[v].players[0] for v in variants if v in known and known[v].players]
        players = least[0] if least else (len(bots) if len(bots) > 1 else 2)
    if len(bots) == 1:
        bots = bots * players
    elif len(bots) != players:
        raise UsageError(f"--players {players} but {len(bots)} bots given ({','.join(bots)})")
    if args.games < 1 or args.jobs < 1:
        raise UsageError("--games and --jobs must be at least 1")
    build_setup(sets, [f"Seat {i + 1}" for i in range(players)], variants, seed=0)  # raises SetupError
    seed = args.seed
    if seed is None:
        seed = secrets.randbits(63)
        print(f"seed {seed} (drawn at random; pass --seed {seed} to repeat)", file=sys.stderr)
    return sets, bots, variants, seed


def cmd_simulate(args) -> int:
    try:
        sets, bots, variants, seed = _resolve(args)
    except (UsageError, SetupError, SetFileError) as exc:
        return _error(str(exc))
    run = dict(sets=sets, bots=bots, games=args.games, seed=seed, variants=variants, check=args.check,
               jobs=args.jobs, keep_records=bool(args.save_games))
    try:
        if sys.stderr.isatty():
            columns = (TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
            with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task("games", total=args.games)
                result = simulate(**run, progress=lambda k: bar.update(task, completed=k))
        else:
            result = simulate(**run)
    except SimulationFailure as exc:
        print(f"ascension: a simulated game failed: {exc}", file=sys.stderr)
        return 1
    records = result.pop("records", None)
    if args.save_games:
        folder = Path(args.save_games)
        folder.mkdir(parents=True, exist_ok=True)
        for k, rec in enumerate(records or [], 1):
            (folder / f"game-{k:05d}.json").write_text(json.dumps(rec, indent=1) + "\n", encoding="utf-8")
        print(f"saved {len(records or [])} game records in {folder}", file=sys.stderr)
    if args.json:
        print(json.dumps(result))
    else:
        _print_summary(result, args.check)
    return 1 if args.check and result["invariant_violations"] else 0


def _print_summary(r: dict, checked: bool) -> None:
    out = Console()
    t = Table(title="Simulation", show_header=False)
    t.add_column(style="bold")
    t.add_column()
    for key, value in [("games", r["games"]), ("seed", r["seed"]), ("sets", ", ".join(r["sets"])),
                       ("bots", ", ".join(r["bots"])), ("seconds", r["seconds"]),
                       ("games per second", r["games_per_second"]), ("mean turns", r["mean_turns"]),
                       ("capped games", r["capped_games"]),
                       ("invariant violations", r["invariant_violations"] if checked else "not checked")]:
        t.add_row(key, str(value))
    if "villain_wins" in r:
        t.add_row("villain wins", str(r["villain_wins"]))
    out.print(t)
    seats = Table(title="By seat")
    for col in ("seat", "bot", "wins", "win %", "mean honor"):
        seats.add_column(col, justify="right" if col != "bot" else "left")
    for i, (wins, honor) in enumerate(zip(r["wins_by_seat"], r["mean_honor_by_seat"])):
        seats.add_row(str(i + 1), r["bots"][i], str(wins), f"{100 * wins / r['games']:.1f}", str(honor))
    out.print(seats)
    for v in r.get("violations", []):
        out.print(f"[red]violation:[/red] {v}")


# ---------------------------------------------------------------------------- sets / variants
def _describe(cards) -> list[dict]:
    return [{"id": d.id, "name": d.name, "copies": d.count, "cost": d.cost} for d in cards]


def _counts(cards: list[dict]) -> str:
    return ", ".join(f"{c['name']} ×{c['copies']}" for c in cards)


def cmd_sets(args) -> int:
    rows, failed = [], False
    for set_id in available_sets():
        try:
            s = load_set(set_id)
        except (SetupError, SetFileError) as exc:
            print(f"ascension: set '{set_id}' could not be loaded: {exc}", file=sys.stderr)
            failed = True
            continue
        rows.append({"id": s.id, "name": s.name, "unique_center_cards": len(s.center),
                     "center_copies": s.center_copies, "max_players": s.max_players,
                     "always": _describe(s.always), "starting": _describe(s.starting)})
    if args.json:
        print(json.dumps(rows))
        return 1 if failed else 0
    t = Table(title="Installed card sets")
    for col in ("id", "name", "unique center cards", "center copies", "always available", "starting deck"):
        t.add_column(col)
    for r in rows:
        t.add_row(r["id"], r["name"], str(r["unique_center_cards"]), str(r["center_copies"]),
                  _counts(r["always"]), _counts(r["starting"]))
    Console().print(t)
    return 1 if failed else 0


def cmd_variants(args) -> int:
    cat = installed()
    t = Table(title="Variants (choose with --variants)")
    for col in ("variant", "plugin", "players", "summary"):
        t.add_column(col)
    for name, info in sorted(cat.variants().items()):
        players = "any" if not info.players else "-".join(str(n) for n in sorted(set(info.players)))
        t.add_row(name, info.name, players, info.summary)
    Console().print(t)
    always = [n for n, i in cat.infos.items() if i.always]
    other = [n for n, i in cat.infos.items() if not i.always and not i.variant]
    print(f"always enabled: {', '.join(always) or 'none'}")
    if other:
        print(f"enabled by the sets that need them: {', '.join(other)}")
    for err in cat.errors:
        print(f"plugin load error: {err}", file=sys.stderr)
    return 0


# ---------------------------------------------------------------------------- replay / play
def cmd_replay(args) -> int:
    try:
        record = json.loads(Path(args.file).read_text(encoding="utf-8"))
        missing = [k for k in ("setup", "answers", "winner", "scores") if k not in record]
        if missing:
            raise ValueError(f"not a game record: missing {', '.join(missing)}")
        try:
            same = verify_record(record)
        except (InvalidAnswer, GameOver):
            same = False
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:  # SetupError is a ValueError
        return _error(f"cannot replay {args.file}: {exc}")
    if same:
        print(f"{args.file}: replay matches (winner seat {record['winner']}, {len(record['answers'])} answers)")
        return 0
    print(f"{args.file}: replay differs from the record:")
    for line in record_differences(record):
        print(f"  {line}")
    return 1


def cmd_play(args) -> int:
    from ascension.ui.terminal import play
    try:
        play(seed=args.seed, bot=args.bot, name=args.name)
    except KeyboardInterrupt:
        print("\nGame abandoned.")
    return 0


# ---------------------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="ascension", description="Ascension deckbuilding game: play and simulate.")
    sub = ap.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play headless games between bots and summarise them")
    sim.add_argument("--sets", default="10th", help="comma-separated set ids (default 10th)")
    sim.add_argument("--players", type=int, default=None,
                     help="seats (default: number of bots, 1 for a solo variant, else 2)")
    sim.add_argument("--bots", default="greedy", help=f"comma-separated, one per seat or one for all ({', '.join(BOTS)})")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=None, help="batch seed (default: random, printed)")
    sim.add_argument("--variants", default="", help="comma-separated variants, e.g. samael")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes (results do not depend on it)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    sim.add_argument("--check", action="store_true", help="check invariants after every answer (exit 1 on any)")
    sim.add_argument("--save-games", metavar="DIR", help="write one JSON record per game into DIR")
    sim.set_defaults(func=cmd_simulate)

    sets = sub.add_parser("sets", help="list installed card sets")
    sets.add_argument("--json", action="store_true")
    sets.set_defaults(func=cmd_sets)

    sub.add_parser("variants", help="list rule variants and plugin load errors").set_defaults(func=cmd_variants)

    rep = sub.add_parser("replay", help="replay a saved game record and check its outcome")
    rep.add_argument("file")
    rep.set_defaults(func=cmd_replay)

    play = sub.add_parser("play", help="play a game in the terminal against a bot")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--bot", choices=sorted(BOTS), default="greedy")
    play.add_argument("--name", default="Player")
    play.set_defaults(func=cmd_play)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
