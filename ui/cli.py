"""The ``ascension`` command: simulate, sets, variants, replay, play and history.

Bad input is the user's mistake, not a crash: it is reported as one line on stderr with exit
status 2 (argparse's own convention), so scripts can tell it apart from a failed check (1).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import sys
import unicodedata
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich import box
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ascension.core.bots import bot_kinds
from ascension.core.cards import SetFileError
from ascension.core.engine import GameOver, InvalidAnswer
from ascension.core.match import SetupError, available_sets, build_setup, load_set
from ascension.core.plugins import installed
from ascension.core.sim import SimulationFailure, record_differences, simulate, verify_record
from ascension.core.wording import quantity

USAGE_ERROR = 2
DEFAULT_OPPONENT = "greedy"   # play's opponent when --bots is not given
DASK_CONNECT_TIMEOUT = "10s"   # how long --dask waits for a scheduler


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
    unknown = [b for b in bots if b not in bot_kinds()]
    if unknown or not bots:
        raise UsageError(f"unknown bot '{unknown[0] if unknown else ''}' (available: {', '.join(bot_kinds())})")
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
    if getattr(args, "bot_budget", None) is not None and args.bot_budget < 1:
        raise UsageError("--bot-budget must be at least 1")
    setup = build_setup(sets, [f"Seat {i + 1}" for i in range(players)], variants, seed=0)  # raises SetupError
    sets, variants = setup.sets, setup.variants   # as installed, whatever their case
    seed = args.seed
    if seed is None:
        seed = secrets.randbits(63)
        print(f"seed {seed} (drawn at random; pass --seed {seed} to repeat)", file=sys.stderr)
    return sets, bots, variants, seed


@contextmanager
def _cluster(address: str | None, jobs: int):
    """The executor ``--dask`` asks for (None without it): a client of the scheduler at
    ``address``, or of a local cluster of ``jobs`` worker processes for ``local``."""
    if not address:
        yield None, jobs
        return
    try:
        import distributed
    except ImportError:
        raise UsageError("--dask needs Dask's distributed package: pip install 'ascension-table[cluster]'") from None
    if address == "local":
        cluster = distributed.LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, dashboard_address=None)
    else:
        cluster = None
    try:
        with distributed.Client(cluster or address, timeout=DASK_CONNECT_TIMEOUT) as client:
            workers = len(client.scheduler_info().get("workers", {})) or 1
            yield client.get_executor(), max(jobs, workers)
    except OSError as exc:   # no scheduler there
        raise UsageError(f"--dask {address}: cannot reach the scheduler: {exc}") from None
    finally:
        if cluster is not None:
            cluster.close()


INTERRUPTED = 130   # the shell's code for a program stopped by Ctrl-C (128 + SIGINT)


def _save_games_folder(option: str | None) -> Path | None:
    """The --save-games folder, made before any game is played (a file there is refused)."""
    if not option:
        return None
    folder = Path(option)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--save-games {option}: a file is there; name a folder (it is created if missing)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"--save-games {option}: cannot create the folder: {exc.strerror}") from None
    return folder


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all (a run killed mid-write leaves no half file)."""
    part = path.with_name(path.name + ".part")
    part.write_text(text, encoding="utf-8")
    part.replace(path)


def cmd_simulate(args) -> int:
    try:
        sets, bots, variants, seed = _resolve(args)
        folder = _save_games_folder(args.save_games)
    except (UsageError, SetupError, SetFileError) as exc:
        return _error(str(exc))
    recording = bool(args.record or args.db)
    run = dict(sets=sets, bots=bots, games=args.games, seed=seed, variants=variants, check=args.check,
               jobs=args.jobs, keep_records=bool(folder) or recording)
    if args.bot_budget:
        run["bot_options"] = {"budget": args.bot_budget}
    recorder, history_errors = None, ()
    if recording:  # open (create, migrate, check it can be written) before spending time on games
        try:
            history = _open_history(args.db)
        except HistoryOpenError as exc:
            return _error(str(exc))
        from ascension.ui.history.db import HistoryError
        from ascension.ui.history.recording import SimulationRecorder
        recorder, history_errors = SimulationRecorder(history, start=_utcnow()), HistoryError
    finished = 0

    def keep(result) -> None:   # each game as it finishes: into the history and --save-games
        nonlocal finished
        with _ctrl_c_after():   # both places or neither: Ctrl-C waits until the game is kept
            finished += 1
            if recorder is not None:
                recorder.add(result.record, _utcnow())
            if folder is not None:
                _write_atomically(folder / f"game-{finished:05d}.json", json.dumps(result.record, indent=1) + "\n")

    def kept() -> list[str]:
        """Writes the games not yet recorded; says where the finished games are."""
        where = []
        if recorder is not None:
            recorder.write()
            where.append(f"recorded {quantity(recorder.kept, 'game')} in the history at {recorder.history.location}")
        if folder is not None:
            where.append(f"saved {quantity(finished, 'game record')} in {folder}")
        return where
    try:
        with _cluster(args.dask, args.jobs) as (executor, run["jobs"]):
            if sys.stderr.isatty():
                columns = (TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
                with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
                    task = bar.add_task("games", total=args.games)
                    result = simulate(**run, progress=lambda k: bar.update(task, completed=k),
                                      executor=executor, on_result=keep)
            else:
                result = simulate(**run, executor=executor, on_result=keep)
        for line in kept():
            print(line, file=sys.stderr)
    except UsageError as exc:
        return _error(str(exc))
    except SimulationFailure as exc:
        print(f"ascension: a simulated game failed: {exc}", file=sys.stderr)
        if recorder is not None or folder is not None:
            _report_kept(f"the {quantity(finished, 'game')} finished before it", kept, history_errors)
        return 1
    except history_errors as exc:   # the history cannot take the games: their seed plays them again
        print(f"ascension: error: {exc}.\nRecorded {quantity(recorder.kept, 'game')} of the "
              f"{finished} finished; --seed {seed} plays them all again", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        _report_kept(f"interrupted after {quantity(finished, 'finished game')}", kept, history_errors)
        return INTERRUPTED
    result.pop("records", None)
    if args.json:
        print(json.dumps(result))
    else:
        _print_summary(result, args.check)
    return 1 if args.check and result["invariant_violations"] else 0


@contextmanager
def _ctrl_c_after():
    """Run a short step whole: a Ctrl-C that comes meanwhile is raised once it is done."""
    import signal
    import threading
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught = []
    previous = signal.signal(signal.SIGINT, lambda *_: caught.append(True))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def _report_kept(what: str, kept, history_errors) -> None:
    """After a stop: the games finished so far are written, and the person told where."""
    try:
        where = kept()
    except history_errors as exc:
        print(f"ascension: {what}; they could not be recorded: {exc}", file=sys.stderr)
        return
    print(f"ascension: {what}; {'; '.join(where) or 'none was kept (--record or --save-games keeps them)'}",
          file=sys.stderr)


def _print_cards(out: Console, cards: dict, top: int = 20) -> None:
    """Per-card statistics, the cards taken most first."""
    if not cards:
        return
    t = Table(title=f"Cards (the {min(top, len(cards))} taken most; --json has all)", box=box.SIMPLE_HEAD,
              pad_edge=False, collapse_padding=True,
              caption="win%: games the taker won · turn: the taker's own turn number (mean)")
    for col in ("card", "acquired", "defeated", "win% acq", "turn acq", "win% def"):
        t.add_column(col, justify="left" if col == "card" else "right", no_wrap=True)
    pct = lambda x: "—" if x is None else f"{100 * x:.1f}"  # noqa: E731
    rows = sorted(cards.items(), key=lambda kv: (-(kv[1]["acquired"] + kv[1]["defeated"]), kv[0]))[:top]
    for name, c in rows:
        t.add_row(name, str(c["acquired"]), str(c["defeated"]), pct(c["win_rate_when_acquired"]),
                  "—" if c["mean_turn_acquired"] is None else f"{c['mean_turn_acquired']:.1f}",
                  pct(c["win_rate_when_defeated"]))
    out.print(t)


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
        seats.add_row(str(i + 1), r["bots"][i], str(wins), f"{100 * wins / r['games']:.1f}", f"{honor:.1f}")
    out.print(seats)
    _print_cards(out, r.get("cards") or {})
    for v in r.get("violations", []):
        out.print(f"[red]violation:[/red] {v}")


# ---------------------------------------------------------------------------- sets / variants
def _describe(cards) -> list[dict]:
    return [{"id": d.id, "name": d.name, "copies": d.count, "cost": d.cost} for d in cards]


def _counts(cards: list[dict]) -> str:
    return "\n".join(f"{c['name']} ×{c['copies']}" for c in cards)


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
    t = Table(title="Installed card sets", box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True,
              caption="center: distinct cards / copies · piles: always available · solo: 1 player")
    t.add_column("id", no_wrap=True)
    t.add_column("name", ratio=1, min_width=11)
    t.add_column("center", justify="right", no_wrap=True)
    t.add_column("players", justify="right", no_wrap=True)
    t.add_column("piles", no_wrap=True)
    t.add_column("starting deck", no_wrap=True)
    for r in rows:
        name = re.sub(r"^Ascension:? ", "", r["name"])   # the title says what they are
        players = f"2-{r['max_players']}" if r["max_players"] > 2 else "2"
        t.add_row(r["id"], name, f"{r['unique_center_cards']} / {r['center_copies']}", players,
                  _counts(r["always"]), _counts(r["starting"]), end_section=True)
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
    bots_only = set(cat.bot_plugins.values())   # they offer bots, which --bots lists
    other = [n for n, i in cat.infos.items() if not i.always and not i.variant and n not in bots_only]
    print(f"always enabled: {', '.join(always) or 'none'}")
    if other:
        print(f"enabled by the sets that need them: {', '.join(other)}")
    for err in cat.errors:
        print(f"plugin load error: {err}", file=sys.stderr)
    return 0


# ---------------------------------------------------------------------------- replay / play
def _read_game_file(path: str) -> tuple[str, dict]:
    """A game record, a saved game or a saved session (the desktop's Save and autosave), as
    (what it is, its JSON); ValueError/OSError say why it is none of them."""
    from ascension.core.match import MAX_SAVE_CHARS
    file = Path(path)
    if file.stat().st_size > MAX_SAVE_CHARS:
        raise ValueError(f"{file.stat().st_size} bytes is too large for a game (at most {MAX_SAVE_CHARS})")
    try:
        d = json.loads(file.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except RecursionError:
        raise ValueError("nested too deep to be a game") from None
    if not isinstance(d, dict):
        raise ValueError("not a game record or a saved game (the file holds no JSON object)")
    if "seats" in d and isinstance(d.get("game"), dict):
        return "session", d["game"]
    if "state" in d:
        return "save", d
    missing = [k for k in ("setup", "answers", "winner", "scores") if k not in d]
    if missing:
        raise ValueError(f"not a game record or a saved game: missing {', '.join(missing)}")
    return "record", d


def _show_game(setup: dict, answers: list[int]) -> None:
    """The game turn by turn, as the log read at the table."""
    from ascension.ui.history.replay import ReplaySteps
    steps = ReplaySteps(setup, answers)
    out = Console(highlight=False)
    for k, line in enumerate(steps.lines):
        out.print(f"[bold]{shown(line)}[/bold]" if k in steps.turn_starts else f"  {shown(line)}")
    for note in steps.differences:
        out.print(shown(f"Note: {note}"))
    if steps.error:
        out.print(shown(f"The replay stops early: {steps.error}"))


def cmd_replay(args) -> int:
    from ascension.core.engine import EngineError
    from ascension.core.match import SaveFileError, load, replay
    try:
        kind, d = _read_game_file(args.file)
        if kind == "record":
            try:
                same = verify_record(d)
            except (InvalidAnswer, GameOver, EngineError):
                same = False
        else:   # a save replays from its seed and answers to exactly the state it holds
            saved = load(json.dumps(d), args.file)
            again = replay(d["setup"], saved.answers)
            same = again.to_dict()["state"] == saved.to_dict()["state"]
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:  # SetupError, SaveFileError: ValueErrors
        return _error(f"cannot replay {args.file}: {exc}")
    except (InvalidAnswer, GameOver, EngineError) as exc:
        print(f"{args.file}: the answers saved in it no longer fit the game: {_without_controls(str(exc))}")
        return 1
    if args.show:
        _show_game(d["setup"], d["answers"])
    say = Console(highlight=False, soft_wrap=True).print   # names in it are data: shown() escapes them
    if not same and kind == "record":
        say(f"{shown(args.file)}: replay differs from the record:")
        for line in record_differences(d):
            say(f"  {shown(line)}")
        return 1
    if not same:
        say(f"{shown(args.file)}: replaying its answers does not give the position saved in it")
        return 1
    if kind == "record":
        row = next((r for r in d["scores"] if r.get("seat") == d["winner"]), None)
        winner = f"{shown(str(row['name']))} won with {row['total']} honor" if row else f"seat {d['winner']} won"
        say(f"{shown(args.file)}: replay matches ({winner}; {quantity(len(d['answers']), 'answer')})")
    else:
        state = "the game is over" if saved.over else f"turn {saved.turn}, {shown(saved.seat_name(saved.current))} to play"
        say(f"{shown(args.file)}: a saved game; replay matches the saved position ({state}; "
            f"{quantity(len(saved.answers), 'answer')})")
    return 0


def _as_installed(variants: list[str]) -> list[str]:
    """Variant names as installed, whatever their case (an unknown one is left for build_setup)."""
    known = {name.lower(): name for name in installed().variants()}
    return [known.get(v.lower(), v) for v in variants]


def cmd_play(args) -> int:
    """A game in the terminal, recorded in the history like a desktop game unless --no-record."""
    from ascension.core.names import BadName, validate_name
    from ascension.ui.desktop.storage import remove_left_behind, terminal_autosave_path
    from ascension.ui.terminal import play
    bot = args.bot or DEFAULT_OPPONENT
    unknown = [b for b in _csv(bot) if b not in bot_kinds()]
    if unknown or not _csv(bot):
        return _error(f"unknown bot '{unknown[0] if unknown else bot}' (choose from {', '.join(sorted(bot_kinds()))})")
    if args.db and not args.record:
        return _error("--db names a history to record the game in, but --no-record asks for none")
    try:
        validate_name(args.name)
    except BadName as exc:
        return _error(f"--name: {exc}")
    variants, known = _as_installed(_csv(args.variants)), installed().variants()
    solo = next((v for v in variants if v in known and known[v].solo), None)
    if solo and args.bot:
        print(f"ascension: --bots {args.bot} is left out: {solo} is a solo game, with no opponent to seat",
              file=sys.stderr)
    db = None
    if args.record:   # opened (created, upgraded, checked writable) before the game, not after it
        try:
            db = _open_history(args.db)
        except HistoryOpenError as exc:
            return _error(f"{str(exc).rstrip('.')}; or play without recording it: --no-record")
    try:
        remove_left_behind()
        play(seed=args.seed, bot=bot, name=args.name, db=db, sets=tuple(_csv(args.sets)),
             variants=tuple(variants), autosave=terminal_autosave_path(), new=args.new)
    except (SetupError, SetFileError) as exc:
        return _error(str(exc))
    except KeyboardInterrupt:
        print("\nGame abandoned.")
    return 0


# ---------------------------------------------------------------------------- history
class HistoryOpenError(ValueError):
    """The history cannot be opened (newer schema, not a history, server unreachable)."""


def _utcnow():
    from datetime import datetime, timezone
    return datetime.now(timezone.utc).replace(tzinfo=None)


def _open_history(db, *, read_only: bool = False):
    """Open the match history (imported here: SQL costs nothing to commands that do not use it):
    for recording games (once per process), or ``read_only`` for browsing, which changes nothing
    (close it after use). Notices (a damaged file set aside, a migration) go to stderr."""
    from sqlalchemy.exc import SQLAlchemyError

    from ascension.ui.history.db import CorruptHistoryError, HistoryError, as_history_error, open_history
    from ascension.ui.history.recording import history_for
    try:
        history = open_history(db, read_only=True) if read_only else history_for(db)
    except CorruptHistoryError as exc:
        left = " It has not been changed (ascension history check says more)." if read_only else ""
        raise HistoryOpenError(f"{exc}.{left}") from None
    except HistoryError as exc:
        raise HistoryOpenError(str(exc)) from None
    except SQLAlchemyError as exc:
        raise HistoryOpenError(str(as_history_error(exc, str(db or "(default)")))) from None
    for notice in history.notices:
        print(f"ascension: {notice}", file=sys.stderr)
    history.notices.clear()
    return history


@contextmanager
def _browsing(db):
    """The history opened read-only for one command; database errors met while reading it
    (another program's lock, damage found late) become one line, as when opening."""
    from sqlalchemy.exc import SQLAlchemyError

    from ascension.ui.history.db import as_history_error
    history = _open_history(db, read_only=True)
    try:
        yield history
    except SQLAlchemyError as exc:
        raise HistoryOpenError(str(as_history_error(exc, history.location, history.path))) from None
    finally:
        history.close()


def _without_controls(text: str, keep: str = "") -> str:
    return "".join(ch for ch in text if ch in keep or unicodedata.category(ch) != "Cc")


def shown(text) -> str:
    """A name or other text from the history (people type it) as plain data for the terminal:
    escape sequences and other control characters taken out, rich markup escaped. (rich reads
    the escape sequences, colours and links; the other controls go first, so that a carriage
    return or a backspace cannot hide the text before it.)"""
    return escape(_without_controls(Text.from_ansi(_without_controls(str(text), keep="\x1b")).plain))


def _date(text: str):
    from datetime import date, datetime
    try:
        return date.fromisoformat(text) if len(text) == 10 else datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a date (YYYY-MM-DD) or time (YYYY-MM-DDTHH:MM)") from None


def _seat(text: str) -> int:
    """A place at the table in turn order, as players count it: 1 is the first."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= 32:
        raise argparse.ArgumentTypeError(f"'{text}' is not a seat: seats are numbered 1 to 32 in turn order")
    return n


def _history_filter(args, player: str | None = None):
    from ascension.ui.history.repo import MatchFilter
    return MatchFilter(status=args.status, since=args.since, until=args.until, sets=_csv(args.sets or ""),
                       variant=(None if args.variant is None else "" if args.variant == "none" else args.variant),
                       opponent=args.opponent, players=args.players, player=player or args.player,
                       result=getattr(args, "result", None), seat=args.seat, games=args.games)


def _needs_player(args) -> str | None:
    """--result and --seat say something of one player: the one --player names."""
    for option, value in (("--result", getattr(args, "result", None)), ("--seat", args.seat)):
        if value and not args.player:
            return f"{option} needs --player (whose {option[2:]})"
    return None


EXPORT_FORMATS = ("csv", "json", "bgstats")   # what repo.export_matches writes (tested to agree)
GAMES_CAPTION = {"played": "games people played; --games simulated lists the bots' simulated games",
                 "simulated": "simulated games: bots only (simulate --record)"}


def _local(t) -> str:
    from datetime import timezone
    return t.replace(tzinfo=timezone.utc).astimezone().strftime("%Y-%m-%d %H:%M")


def _seats_text(m) -> str:
    return ", ".join(f"{shown(s.name)}{'*' if s.winner else ''} {s.total}" for s in m.seats)


def cmd_history_list(args) -> int:
    from ascension.ui.history.repo import count_matches, list_matches, sort_order
    if _needs_player(args):
        return _error(_needs_player(args))
    try:
        sort_order(args.sort)   # a mistyped sort is said before anything else
        f = _history_filter(args)
        with _browsing(args.db) as history, history.session() as s:
            total = count_matches(s, f)
            page = list_matches(s, f, sort=args.sort, offset=args.offset, limit=args.limit)
    except (HistoryOpenError, ValueError) as exc:
        return _error(str(exc))
    if args.json:
        from ascension.ui.history.repo import _iso
        rows = [{"id": m.id, "status": m.status, "started_at": _iso(m.started_at), "ended_at": _iso(m.ended_at),
                 "sets": m.sets, "variants": m.variants, "players": m.players, "turns": m.turns,
                 "result": m.result_for(args.player) or None,
                 "seats": [{"seat": x.seat, "name": x.name, "kind": x.kind, "bot": x.bot, "team": x.team,
                            "tokens": x.tokens, "card_honor": x.card_honor, "total": x.total, "winner": x.winner}
                           for x in m.seats]} for m in page]
        print(json.dumps({"total": total, "offset": args.offset, "matches": rows}))
        return 0
    t = Table(title=f"Matches {args.offset + 1 if page else 0}-{args.offset + len(page)} of {total}",
              caption=GAMES_CAPTION.get(args.games))
    for col in ("id", "date", "sets", "variant", "players (* won)", "turns") + (("result",) if args.player else ()):
        t.add_column(col, justify="right" if col in ("id", "turns") else "left")
    for m in page:
        row = [str(m.id), _local(m.started_at), shown(" + ".join(m.sets)), shown(" + ".join(m.variants)) or "—",
               _seats_text(m) if m.status == "finished" else _seats_text(m) + " (abandoned)", str(m.turns)]
        if args.player:
            row.append(m.result_for(args.player) or "—")
        t.add_row(*row)
    Console().print(t)
    return 0


def cmd_history_stats(args) -> int:
    from ascension.ui.history.repo import most_played_person, player_stats
    try:
        with _browsing(args.db) as history, history.session() as s:
            player = args.player or most_played_person(s)
            if not player:
                return _error("no person has recorded games yet; name a player with --player")
            st = player_stats(s, player, _history_filter(args, player), top=args.top)
    except (HistoryOpenError, ValueError) as exc:
        return _error(str(exc))
    if args.json:
        print(json.dumps(st.to_json()))
        return 0
    out = Console()
    pct = lambda x: f"{100 * x:.1f}%"
    t = Table(title=f"Statistics for {shown(player)}", show_header=False)
    t.add_column(style="bold")
    t.add_column()
    streak = (quantity(st.current_streak, "win") if st.current_streak > 0 else
              quantity(-st.current_streak, "loss", "losses") if st.current_streak < 0 else "—")
    for k, v in [("games", st.games), ("wins", st.wins), ("win rate", pct(st.win_rate)),
                 ("abandoned", st.abandoned), ("average score", st.average_score),
                 ("best score", f"{st.best_score} (match {st.best_match})" if st.best_score is not None else "—"),
                 ("current streak", streak), ("longest winning streak", st.longest_win_streak),
                 ("longest losing streak", st.longest_loss_streak)]:
        t.add_row(k, str(v))
    out.print(t)
    for title, rows in [("By opponent", st.by_opponent), ("By set mix", st.by_sets), ("By variant", st.by_variant),
                        ("By player count", st.by_players), ("By seat (turn order)", st.by_seat)]:
        if rows:
            bt = Table(title=title)
            for col in ("", "games", "wins", "win rate"):
                bt.add_column(col, justify="left" if not col else "right")
            for b in rows:
                bt.add_row(shown(b.key), str(b.games), str(b.wins), pct(b.win_rate))
            out.print(bt)
    if st.head_to_head:
        ht = Table(title="Head to head")
        for col in ("opponent", "games", f"{shown(player)} won", "they won"):
            ht.add_column(col, justify="left" if col == "opponent" else "right")
        for h in st.head_to_head:
            ht.add_row(shown(h.opponent), str(h.games), str(h.my_wins), str(h.their_wins))
        out.print(ht)
    if st.top_acquired:
        ct = Table(title="Cards acquired most")
        for col in ("card", "copies", "games", "win rate when acquired"):
            ct.add_column(col, justify="left" if col == "card" else "right")
        for c in st.top_acquired:
            ct.add_row(shown(c.card), str(c.copies), str(c.games), pct(c.win_rate))
        out.print(ct)
    return 0


def cmd_history_export(args) -> int:
    from ascension.ui.history.repo import export_matches, most_played_person
    fmt = args.format or ("json" if args.out and args.out.lower().endswith(".json") else "csv")
    if _needs_player(args):
        return _error(_needs_player(args))
    tmp = None
    try:
        f = _history_filter(args)
        with _browsing(args.db) as history, history.session() as s:
            me = args.player or most_played_person(s)   # BG Stats: whose app the plays go to
            if args.out in (None, "-"):
                n = export_matches(s, sys.stdout, fmt, f, replay=args.replay, me=me)
            else:
                tmp = Path(args.out + ".part")
                with open(tmp, "w", encoding="utf-8", newline="") as fh:
                    n = export_matches(s, fh, fmt, f, replay=args.replay, me=me)
                tmp.replace(args.out)
    except (HistoryOpenError, ValueError, OSError) as exc:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        return _error(str(exc))
    if args.out not in (None, "-"):
        print(f"exported {n} matches to {args.out} ({fmt})", file=sys.stderr)
    return 0


def cmd_history_show(args) -> int:
    from ascension.ui.history.replay import ReplaySteps, race_story
    from ascension.ui.history.repo import get_match
    try:
        with _browsing(args.db) as history, history.session() as s:
            m = get_match(s, args.id)
    except (HistoryOpenError, ValueError) as exc:
        return _error(str(exc))
    if m is None:
        return _error(f"no match {args.id} in the history at {history.location}")
    steps = ReplaySteps(m.setup, m.answers) if m.setup else None
    names, rows = steps.honor_by_turn() if steps else ([], [])
    if args.json:
        print(json.dumps(dict(m.to_json(), honor_by_turn={"names": names, "totals": rows})))
        return 0
    out = Console()
    out.print(f"Match {m.id} ({m.status}) — {_local(m.started_at)} to {_local(m.ended_at)}, "
              f"sets {shown(' + '.join(m.sets))}, variants {shown(' + '.join(m.variants)) or 'none'}, "
              f"{m.turns} turns, seed {m.seed}, engine {shown(m.engine_version)}")
    t = Table(title="Score")
    for col in ("seat", "name", "kind", "tokens", "cards", "total", "winner"):
        t.add_column(col)
    for x in m.seats:
        t.add_row(str(x.seat + 1) if x.seat >= 0 else "—", shown(x.name), x.kind + (f" ({shown(x.bot)})" if x.bot else ""),
                  str(x.tokens), str(x.card_honor), str(x.total), "yes" if x.winner else "")
    out.print(t)
    if rows:   # the honor race, replayed from seed + answers: every fifth turn, the first and the last
        race = Table(title="Honor by turn")
        race.add_column("turn", justify="right")
        for name in names:
            race.add_column(shown(name), justify="right")
        for turn in sorted({1, *range(5, len(rows), 5), len(rows)}):
            race.add_row(str(turn), *(str(total) for total in rows[turn - 1]))
        out.print(race)
        out.print(shown(race_story(names, rows)))
    if steps and steps.differences:
        out.print(shown(f"Note: this game was played with other plugins ({'; '.join(steps.differences)}); "
                        f"its replay may not be the game as it was played."))
    if steps and steps.error:
        out.print(shown(f"The replay stops early: {steps.error}"))
    return 0


def cmd_history_check(args) -> int:
    """The full integrity check of an SQLite history (at start only a time-limited one runs).
    It only reads: a damaged file is reported (exit 1) and left exactly as it is."""
    from ascension.ui.history.db import CorruptHistoryError, HistoryError, check_file, inspect_sqlite_file, resolve
    from ascension.ui.history.models import SCHEMA_VERSION
    path = resolve(args.db)[1]
    if path is None:   # a server: reachable, and a history of this version?
        try:
            with _browsing(args.db) as history:
                print(f"{history.location}: not an SQLite file; the server keeps its own integrity")
        except HistoryOpenError as exc:
            return _error(str(exc))
        return 0
    if not path.is_file():
        return _error(f"there is no history file at {path}" + (" (it is a folder)" if path.is_dir() else ""))
    try:
        problems = check_file(path)
        found = None if problems else inspect_sqlite_file(path)   # sound pages: is it a history?
    except CorruptHistoryError as exc:
        problems, found = [exc.reason], None
    except HistoryError as exc:   # another program's lock (not damage), or not a history at all
        return _error(str(exc))
    newer = found is not None and (found.version or 0) > SCHEMA_VERSION
    note = f" (written by a newer version of Ascension: schema {found.version})" if newer else ""
    if args.json:
        print(json.dumps({"file": str(path), "ok": not problems, "problems": problems[:50]}))
    elif problems:
        print(f"{path} is damaged (it has not been changed):")
        for p in problems[:20]:
            print(f"  {p}")
    else:
        print(f"{path}: ok{note}")
    return 1 if problems else 0


def add_history_parser(sub) -> None:
    hist = sub.add_parser("history", help="recorded games: list, statistics, export, show, check")
    hsub = hist.add_subparsers(dest="history_command", required=True)

    def common(p, filters=True, status="all"):
        p.add_argument("--db", metavar="PATH", help="history file or SQLAlchemy URL (default: the user data folder)")
        p.add_argument("--json", action="store_true", help="print JSON instead of tables")
        if not filters:
            return
        p.add_argument("--since", type=_date, help="games started on or after this day (YYYY-MM-DD)")
        p.add_argument("--until", type=_date, help="games started on or before this day (YYYY-MM-DD)")
        p.add_argument("--sets", help="comma-separated set ids the mix must include")
        p.add_argument("--variant", help="exact variants, comma-separated ('none' = without variant)")
        p.add_argument("--opponent", help="a seat's name, or a bot kind/difficulty (e.g. greedy)")
        p.add_argument("--players", type=int, help="player count")
        p.add_argument("--seat", type=_seat, metavar="N", help="games in which --player sat Nth in turn order (1 = first)")
        p.add_argument("--games", choices=("played", "simulated", "all"), default="played",
                       help="played: games a person played (the default); simulated: bots only (simulate --record)")
        p.add_argument("--status", choices=("finished", "abandoned", "all"), default=status,
                       help=f"finished or abandoned games (default: {status})")

    ls = hsub.add_parser("list", help="list recorded games, newest first")
    common(ls)
    ls.add_argument("--player", help="only the games this player sat in, with their result")
    ls.add_argument("--result", choices=("win", "loss"), help="games --player won or lost")
    ls.add_argument("--sort", default="-date", help="date, sets, variant, players or turns; a '-' prefix sorts descending (write --sort=-turns)")
    ls.add_argument("--limit", type=int, default=50)
    ls.add_argument("--offset", type=int, default=0)
    ls.set_defaults(func=cmd_history_list)

    st = hsub.add_parser("stats", help="statistics of one player (finished games)")
    common(st, status="finished")
    st.add_argument("--player", help="whose statistics (default: the person with most games)")
    st.add_argument("--top", type=int, default=15, help="how many cards to list")
    st.set_defaults(func=cmd_history_stats)

    ex = hsub.add_parser("export", help="export (filtered) games to CSV, JSON or the BG Stats app")
    common(ex)
    ex.add_argument("--player", help="only the games this player sat in (bgstats: whose app it is; "
                    "default: the person with most games)")
    ex.add_argument("--result", choices=("win", "loss"), help="games --player won or lost")
    ex.add_argument("--format", choices=EXPORT_FORMATS, help="default: from --out's suffix, else csv; "
                    "bgstats: the JSON file the BG Stats app imports (finished games)")
    ex.add_argument("--out", metavar="FILE", help="file to write (default: standard output)")
    ex.add_argument("--replay", action="store_true", help="JSON: include setup and answers for replay")
    ex.set_defaults(func=cmd_history_export)

    ck = hsub.add_parser("check", help="check the whole history file for damage (exit 1 when damaged)")
    common(ck, filters=False)
    ck.set_defaults(func=cmd_history_check)

    sh = hsub.add_parser("show", help="one recorded game's score breakdown and honor by turn")
    common(sh, filters=False)
    sh.add_argument("id", type=int)
    sh.set_defaults(func=cmd_history_show)


# ---------------------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="ascension", description="Ascension deckbuilding game: play and simulate.")
    sub = ap.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play headless games between bots and summarise them")
    sim.add_argument("--sets", default="10th", help="comma-separated set ids (default 10th)")
    sim.add_argument("--players", type=int, default=None,
                     help="seats (default: number of bots, 1 for a solo variant, else 2)")
    sim.add_argument("--bots", default="greedy", help=f"comma-separated, one per seat or one for all ({', '.join(bot_kinds())})")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=None, help="batch seed (default: random, printed)")
    sim.add_argument("--variants", default="", help="comma-separated variants, e.g. samael")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes (results do not depend on it)")
    sim.add_argument("--dask", metavar="ADDRESS", help="play the games on a Dask cluster: its scheduler's "
                     "address (tcp://host:8786), or 'local' for a local cluster of --jobs workers "
                     "(results do not depend on it; needs pip install 'ascension-table[cluster]')")
    sim.add_argument("--bot-budget", type=int, default=None, metavar="N",
                     help="hard bots: rollouts per decision (default: theirs, capped at about 1 s)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    sim.add_argument("--check", action="store_true", help="check invariants after every answer (exit 1 on any)")
    sim.add_argument("--save-games", metavar="DIR", help="write one JSON record per game into DIR")
    sim.add_argument("--record", action="store_true", help="store every game in the match history (kept "
                     "apart from games people played: history list --games simulated shows them)")
    sim.add_argument("--db", metavar="PATH", help="history file or SQLAlchemy URL (implies --record; "
                     "default: the history in the user data folder)")
    sim.set_defaults(func=cmd_simulate)

    sets = sub.add_parser("sets", help="list installed card sets")
    sets.add_argument("--json", action="store_true")
    sets.set_defaults(func=cmd_sets)

    sub.add_parser("variants", help="list rule variants and plugin load errors").set_defaults(func=cmd_variants)

    rep = sub.add_parser("replay", help="replay a game record or a saved game and check it")
    rep.add_argument("file", help="a game record (simulate --save-games) or a saved game (the desktop's Save)")
    rep.add_argument("--show", action="store_true", help="also print the game turn by turn")
    rep.set_defaults(func=cmd_replay)

    play = sub.add_parser("play", help="play a game in the terminal against bots (or solo)")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--bot", "--bots", dest="bot", default=None,
                      help=f"your opponent, or comma-separated opponents for a bigger game ({', '.join(sorted(bot_kinds()))}; "
                      f"default {DEFAULT_OPPONENT}; a solo variant seats none)")
    play.add_argument("--name", default="Player")
    play.add_argument("--sets", default="10th", help="comma-separated set ids (default 10th; see: ascension sets)")
    play.add_argument("--variants", default="", help="comma-separated variants, e.g. legendary; samael or cult for a solo game")
    play.add_argument("--record", action=argparse.BooleanOptionalAction, default=True,
                      help="store the game in the match history, as the desktop does (the default; "
                      "--no-record plays without recording it)")
    play.add_argument("--db", metavar="PATH", help="the history to record in: a file or SQLAlchemy URL "
                      "(default: the history in the user data folder)")
    play.add_argument("--new", action="store_true", help="start a new game without offering to resume an "
                      "unfinished one (which the new game's autosave replaces)")
    play.set_defaults(func=cmd_play)

    add_history_parser(sub)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code = args.func(args)
        sys.stdout.flush()   # inside the try: a closed pipe shows here, not at exit
        return code
    except BrokenPipeError:   # the reader went away (`ascension history list | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # Python's recipe: no error at exit
        return 1


if __name__ == "__main__":
    sys.exit(main())
