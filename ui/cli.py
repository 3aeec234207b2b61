"""The ``ascension`` command: simulate, sets, variants, replay, play and history (the history's
commands are in :mod:`.cli_history`; the language and what every part shares, :mod:`.cli_common`).

Bad input is the user's mistake, not a crash: it is reported as one line on stderr with exit
status 2 (argparse's own convention), so scripts can tell it apart from a failed check (1).
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import re
import secrets
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich import box
from rich.table import Table

from ascension.core import i18n, overrides
from ascension.core.bots import bot_kinds
from ascension.core.cards import SetFileError
from ascension.core.engine import GameOver, InvalidAnswer
from ascension.core.folders import write_text_atomic
from ascension.core.i18n import _, ngettext, os_error
from ascension.core.match import SaveFileError, SetupError, available_sets, build_setup, load_set, not_json
from ascension.core.plugins import installed
from ascension.core.sim import SimulationFailure, match_differences, record_differences, replays_to, simulate
from ascension.ui.cli_common import (MAX_BUDGET, MAX_GAMES, MAX_JOBS, MAX_SEATS, UsageError, _csv, _error, add_version,
                                     _without_controls, choose_language, history_location, shown, tolerant_console,
                                     whole)
from ascension.ui.cli_history import HistoryOpenError, _open_history, _utcnow, add_history_parser
from ascension.ui import logs
from ascension.ui.entry import INTERRUPTED, ctrl_c_after, interrupted

log = logging.getLogger(__name__)

DEFAULT_OPPONENT = "greedy"   # play's opponent when --bots is not given
DASK_CONNECT_TIMEOUT = "10s"   # how long --dask waits for a scheduler


# ---------------------------------------------------------------------------- simulate
def _resolve(args) -> tuple[list[str], list[str], list[str], int]:
    """Sets, bots (one per seat), variants and seed (drawn when none is given), validated before
    any game is played."""
    sets, bots, variants = _csv(args.sets), _csv(args.bots), _csv(args.variants)
    unknown = [b for b in bots if b not in bot_kinds()]
    if unknown or not bots:
        raise UsageError(_("unknown bot '{bot}' (available: {bots})").format(
            bot=unknown[0] if unknown else "", bots=", ".join(bot_kinds())))
    players = args.players
    if players is None:  # one seat per bot (at least 2), or the fewest a chosen variant allows (solo: 1)
        known = installed().variants()
        least = [known[v].players[0] for v in variants if v in known and known[v].players]
        players = least[0] if least else (len(bots) if len(bots) > 1 else 2)
    if len(bots) == 1:
        bots = bots * players
    elif len(bots) != players:
        raise UsageError(_("--players {players} but {n} bots given ({bots})").format(
            players=players, n=len(bots), bots=",".join(bots)))
    if args.games < 1 or args.jobs < 1:
        raise UsageError(_("--games and --jobs must be at least 1"))
    if getattr(args, "bot_budget", None) is not None and args.bot_budget < 1:
        raise UsageError(_("--bot-budget must be at least 1"))
    setup = build_setup(sets, [_("Seat {n}").format(n=i + 1) for i in range(players)], variants, seed=0)  # raises SetupError
    sets, variants = setup.sets, setup.variants   # as installed, whatever their case
    return sets, bots, variants, secrets.randbits(63) if args.seed is None else args.seed


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
        raise UsageError(_("--dask needs Dask's distributed package: pip install 'ascension-table[cluster]'")) from None
    if address == "local":
        cluster = distributed.LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, dashboard_address=None)
    else:
        cluster = None
    try:
        try:   # (only the connecting: an error of the games themselves is not the scheduler's)
            client = distributed.Client(cluster or address, timeout=DASK_CONNECT_TIMEOUT)
        except OSError as exc:   # no scheduler there
            raise UsageError(_("--dask {address}: cannot reach the scheduler: {error}").format(
                address=address, error=os_error(exc))) from None
        except ValueError as exc:   # no address at all ("notaurl": no port)
            raise UsageError(_("--dask {address}: not a scheduler's address ({error}); give tcp://host:port or "
                               "'local'").format(address=address, error=exc)) from None
        with client:
            workers = len(client.scheduler_info().get("workers", {})) or 1
            yield client.get_executor(), max(jobs, workers)
    finally:
        if cluster is not None:
            cluster.close()


def _save_games_folder(option: str | None) -> Path | None:
    """The --save-games folder, made and written to once before any game is played (a file
    there, or a folder nobody may write in, is refused before the batch spends its time)."""
    if option is None:
        return None
    if not option.strip():   # (an empty variable in a script: no game was to be saved nowhere, unsaid)
        raise UsageError(_("--save-games names no folder; name one (it is created if missing)"))
    folder = Path(option)
    if folder.exists() and not folder.is_dir():
        raise UsageError(_("--save-games {folder}: a file is there; name a folder (it is created if missing)")
                         .format(folder=option))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(_("--save-games {folder}: cannot create the folder: {error}").format(
            folder=option, error=os_error(exc, named=option))) from None
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise UsageError(_("--save-games {folder}: cannot write in the folder: {error}").format(
            folder=option, error=os_error(exc, named=exc.filename))) from None   # (not the probe's name)
    return folder


GAME_FILE = re.compile(r"game-(\d{5,})\.json")   # --save-games' names: game-00001.json on


def _games_there(folder: Path) -> int:
    """The highest number of a game file already in ``folder`` (0: none): a new batch numbers its
    games after it, so that an earlier batch's games are never written over."""
    numbers = [int(m.group(1)) for p in folder.iterdir() if (m := GAME_FILE.fullmatch(p.name))]
    return max(numbers, default=0)


def cmd_simulate(args) -> int:
    try:
        sets, bots, variants, seed = _resolve(args)
        folder = _save_games_folder(args.save_games)
    except (UsageError, SetupError, SetFileError) as exc:
        return _error(str(exc))
    recording = bool(args.record or args.db)
    run = dict(sets=sets, bots=bots, games=args.games, seed=seed, variants=variants, check=args.check,
               jobs=min(args.jobs, args.games), keep_records=bool(folder) or recording)   # (no idle workers)
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
    finished = saved = 0
    try:
        before = _games_there(folder) if folder is not None else 0
    except OSError as exc:
        return _error(_("--save-games {folder}: cannot read the folder: {error}").format(
            folder=args.save_games, error=os_error(exc, named=args.save_games)))

    def keep(result) -> None:   # each game as it finishes: into the history and --save-games
        nonlocal finished, saved
        with ctrl_c_after():   # both places or neither: Ctrl-C waits until the game is kept
            finished += 1
            if recorder is not None:
                recorder.add(result.record, _utcnow())
            if folder is not None:
                write_text_atomic(folder / f"game-{before + saved + 1:05d}.json", json.dumps(result.record, indent=1) + "\n",
                                  durable=False, shared=True)   # (a rename survives a kill; a flush per game would slow a batch)
                saved += 1

    def kept() -> list[str]:
        """Writes the games not yet recorded; says where the finished games are."""
        where = []
        if recorder is not None:
            recorder.write()
            where.append(ngettext("recorded {n:,} game in the history at {where}",
                                  "recorded {n:,} games in the history at {where}", recorder.kept)
                         .format(n=recorder.kept, where=recorder.history.location))
        if folder is not None:
            where.append(ngettext("saved {n:,} game record in {folder}", "saved {n:,} game records in {folder}",
                                  saved).format(n=saved, folder=folder))
            if before and saved:
                where[-1] += " " + _("(from game-{first:05d}.json on: the games saved there before are left as they "
                                     "were)").format(first=before + 1)
        return where
    try:
        with _cluster(args.dask, run["jobs"]) as (executor, run["jobs"]):
            if args.seed is None:   # (said once the games start: a run refused before them has none to repeat)
                print(_("seed {seed} (drawn at random; pass --seed {seed} to repeat)").format(seed=seed), file=sys.stderr)
            if sys.stderr.isatty():
                columns = (TextColumn(_("games")), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
                with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
                    task = bar.add_task("games", total=args.games)
                    result = simulate(**run, progress=lambda k: bar.update(task, completed=k),
                                      executor=executor, on_result=keep)
            else:
                result = simulate(**run, executor=executor, on_result=keep)
        for line in kept():
            print(line, file=sys.stderr)
    except (UsageError, SetupError) as exc:   # SetupError: a plugin that fails as the first game starts
        return _error(str(exc))
    except SimulationFailure as exc:
        print(_("ascension: a simulated game failed: {error}").format(error=exc), file=sys.stderr)
        if recorder is not None or folder is not None:
            _report_kept(ngettext("the {n:,} game finished before it", "the {n:,} games finished before it",
                                  finished).format(n=finished), kept, history_errors)
        return 1
    except history_errors as exc:   # the history cannot take the games: their seed plays them again
        print(_("ascension: error: {error}.").format(error=exc), file=sys.stderr)
        print(ngettext("Recorded {n:,} game of the {finished} finished; --seed {seed} plays them all again",
                       "Recorded {n:,} games of the {finished} finished; --seed {seed} plays them all again",
                       recorder.kept).format(n=recorder.kept, finished=finished, seed=seed), file=sys.stderr)
        return 1
    except OSError as exc:   # a game record that cannot be written now (a full disk)
        print(_("ascension: error: {error}").format(error=os_error(exc)), file=sys.stderr)
        _report_kept(ngettext("stopped after {n:,} finished game", "stopped after {n:,} finished games",
                              finished).format(n=finished), kept, history_errors)
        return 1
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        _report_kept(ngettext("interrupted after {n:,} finished game", "interrupted after {n:,} finished games",
                              finished).format(n=finished), kept, history_errors)
        return INTERRUPTED
    result.pop("records", None)
    if args.json:
        print(json.dumps(result))
    else:
        _print_summary(result, args.check)
    return 1 if args.check and result["invariant_violations"] else 0


def _report_kept(what: str, kept, history_errors) -> None:
    """After a stop: the games finished so far are written, and the person told where."""
    try:
        where = kept()
    except history_errors as exc:
        print(_("ascension: {what}; they could not be recorded: {error}").format(what=what, error=exc),
              file=sys.stderr)
        return
    print(_("ascension: {what}; {where}").format(
        what=what, where="; ".join(where) or _("none was kept (--record or --save-games keeps them)")), file=sys.stderr)


def _print_cards(out: Console, cards: dict, top: int = 20) -> None:
    """Per-card statistics, the cards taken most first."""
    if not cards:
        return
    t = Table(title=_("Cards (the {n} taken most; --json has all)").format(n=min(top, len(cards))),
              box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True,
              caption=_("win%: games the taker won · turn: the taker's own turn number (mean)"))
    t.add_column(_("card"), no_wrap=True)
    for col in (_("acquired"), _("defeated"), _("win% acq"), _("turn acq"), _("win% def")):
        t.add_column(col, justify="right", no_wrap=True)
    pct = lambda x: "—" if x is None else f"{100 * x:.1f}"  # noqa: E731
    rows = sorted(cards.items(), key=lambda kv: (-(kv[1]["acquired"] + kv[1]["defeated"]), kv[0]))[:top]
    for name, c in rows:
        t.add_row(name, str(c["acquired"]), str(c["defeated"]), pct(c["win_rate_when_acquired"]),
                  "—" if c["mean_turn_acquired"] is None else f"{c['mean_turn_acquired']:.1f}",
                  pct(c["win_rate_when_defeated"]))
    out.print(t)


def _print_summary(r: dict, checked: bool) -> None:
    out = Console()
    t = Table(title=_("Simulation"), show_header=False)
    t.add_column(style="bold")
    t.add_column()
    for key, value in [(_("games"), r["games"]), (_("seed"), r["seed"]), (_("sets"), ", ".join(r["sets"])),
                       (_("bots"), ", ".join(r["bots"])), (_("seconds"), r["seconds"]),
                       (_("games per second"), r["games_per_second"]), (_("mean turns"), r["mean_turns"]),
                       (_("capped games"), r["capped_games"]),
                       (_("invariant violations"), r["invariant_violations"] if checked else _("not checked"))]:
        t.add_row(key, str(value))
    if "villain_wins" in r:
        t.add_row(_("villain wins"), str(r["villain_wins"]))
    out.print(t)
    seats = Table(title=_("By seat"))
    seats.add_column(_("seat"), justify="right")
    seats.add_column(_("bot"))
    for col in (_("wins"), _("win %"), _("mean honor")):
        seats.add_column(col, justify="right")
    for i, (wins, honor) in enumerate(zip(r["wins_by_seat"], r["mean_honor_by_seat"])):
        seats.add_row(str(i + 1), r["bots"][i], str(wins), f"{100 * wins / r['games']:.1f}", f"{honor:.1f}")
    out.print(seats)
    _print_cards(out, r.get("cards") or {})
    for v in r.get("violations", []):
        out.print(_("[red]violation:[/red] {violation}").format(violation=shown(v)))


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
            print(_("ascension: set '{set}' could not be loaded: {error}").format(set=set_id, error=exc), file=sys.stderr)
            failed = True
            continue
        rows.append({"id": s.id, "name": s.name, "unique_center_cards": len(s.center),
                     "center_copies": s.center_copies, "max_players": s.max_players,
                     "always": _describe(s.always), "starting": _describe(s.starting)})
    if args.json:
        print(json.dumps(rows))
        return 1 if failed else 0
    t = Table(title=_("Installed card sets"), box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True,
              caption=_("center: distinct cards / copies · piles: always available · solo: 1 player"))
    t.add_column(_("id"), no_wrap=True)
    t.add_column(_("name"), ratio=1, min_width=11)
    t.add_column(_("center"), justify="right", no_wrap=True)
    t.add_column(_("players"), justify="right", no_wrap=True)
    t.add_column(_("piles"), no_wrap=True)
    t.add_column(_("starting deck"), no_wrap=True)
    for r in rows:
        name = re.sub(r"^Ascension:? ", "", r["name"])   # the title says what they are
        players = f"2-{r['max_players']}" if r["max_players"] > 2 else "2"
        t.add_row(r["id"], name, f"{r['unique_center_cards']} / {r['center_copies']}", players,
                  _counts(r["always"]), _counts(r["starting"]), end_section=True)
    Console().print(t)
    return 1 if failed else 0


def cmd_variants(args) -> int:
    cat = installed()
    t = Table(title=_("Variants (choose with --variants)"))
    for col in (_("variant"), _("plugin"), _("players"), _("summary")):
        t.add_column(col)
    for name, info in sorted(cat.variants().items()):
        players = _("any") if not info.players else "-".join(str(n) for n in sorted(set(info.players)))
        t.add_row(name, info.name, players, _(info.summary))
    Console().print(t)
    always = [n for n, i in cat.infos.items() if i.always]
    bots_only = set(cat.bot_plugins.values())   # they offer bots, which --bots lists
    other = [n for n, i in cat.infos.items() if not i.always and not i.variant and n not in bots_only]
    print(_("always enabled: {plugins}").format(plugins=", ".join(always) or _("none")))
    if other:
        print(_("enabled by the sets that need them: {plugins}").format(plugins=", ".join(other)))
    for err in cat.errors:
        print(_("plugin load error: {error}").format(error=err), file=sys.stderr)
    return 0


# ---------------------------------------------------------------------------- replay / play
def _read_game_file(path: str) -> tuple[str, dict]:
    """A game record, a saved game or a saved session (the desktop's Save and autosave), as
    (what it is, its JSON); ValueError/OSError say why it is none of them."""
    from ascension.ui.desktop.storage import read_save_text
    try:
        text = read_save_text(Path(path))
    except UnicodeDecodeError as exc:
        raise ValueError(_("not UTF-8 text ({reason} at byte {at})").format(reason=exc.reason, at=exc.start)) from None
    try:
        d = json.loads(text)
    except RecursionError:
        raise ValueError(_("nested too deep to be a game")) from None
    except ValueError as exc:
        raise ValueError(not_json(exc)) from None
    if isinstance(d, list) and d and all(isinstance(m, dict) and {"setup", "answers", "seats", "status"} <= set(m)
                                         for m in d):
        return "export", d   # (history export --json --replay: its matches, each with setup and answers)
    if not isinstance(d, dict):
        raise ValueError(_("not a game record or a saved game (the file holds no JSON object)"))
    if "seats" in d and isinstance(d.get("game"), dict):
        return "session", d["game"]
    if "state" in d:
        return "save", d
    missing = [k for k in ("setup", "answers", "winner", "scores") if k not in d]
    if missing:
        raise ValueError(_("not a game record or a saved game: missing {keys}").format(keys=", ".join(missing)))
    return "record", d


def _replay_export(file: str, matches: list[dict]) -> int:
    """Replay every match of a history export with its answers; say which differ from what the
    history recorded (exit 1), or that none does."""
    say = Console(highlight=False, soft_wrap=True).print
    differing = 0
    for m in matches:
        found = match_differences(m)
        differing += bool(found)
        for line in found:
            say(_("{file}: match {id}: {difference}").format(file=shown(file), id=shown(_without_controls(str(m.get("id")))),
                                                             difference=shown(line)))
    if differing:
        return 1
    n = len(matches)
    say(ngettext("{file}: {n:,} match replayed, as the history recorded it",
                 "{file}: {n:,} matches replayed, each as the history recorded it", n).format(file=shown(file), n=n))
    return 0


def _show_game(setup: dict, answers: list[int]) -> None:
    """The game turn by turn, as the log read at the table."""
    from ascension.ui.history.replay import ReplaySteps
    steps = ReplaySteps(setup, answers)
    out = Console(highlight=False)
    for k, line in enumerate(steps.lines):
        out.print(f"[bold]{shown(line)}[/bold]" if k in steps.turn_starts else f"  {shown(line)}")
    for note in steps.differences:
        out.print(shown(_("Note: {note}").format(note=note)))
    if steps.error:
        out.print(shown(_("The replay stops early: {error}").format(error=steps.error)))


def cmd_replay(args) -> int:
    from ascension.core.engine import EngineError
    from ascension.core.match import load, replay
    try:
        kind, d = _read_game_file(args.file)
        if kind == "export":
            return _replay_export(args.file, d)
        if kind == "record":
            try:
                again = replay(d["setup"], d["answers"])
                same = replays_to(d, again)
            except (InvalidAnswer, GameOver, EngineError):
                same = False
        else:   # a save replays from its seed and answers to exactly the state it holds
            saved = load(json.dumps(d), args.file)
            again = replay(d["setup"], saved.answers)
            same = again.to_dict()["state"] == saved.to_dict()["state"]
    except SaveFileError as exc:   # (its message names the file, unless it is about the answers or setup in it)
        said = str(exc)
        return _error(said if said.startswith(str(args.file)) else _("cannot replay {file}: {error}").format(
            file=args.file, error=said))
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:  # SetupError: a ValueError
        return _error(_("cannot replay {file}: {error}").format(
            file=args.file, error=os_error(exc, args.file) if isinstance(exc, OSError) else exc))
    except (InvalidAnswer, GameOver, EngineError) as exc:
        print(_("{file}: the answers saved in it no longer fit the game: {error}").format(
            file=args.file, error=_without_controls(str(exc))))
        return 1
    if args.show:
        _show_game(d["setup"], d["answers"])
    say = Console(highlight=False, soft_wrap=True).print   # names in it are data: shown() escapes them
    if not same and kind == "record":
        say(_("{file}: replay differs from the record:").format(file=shown(args.file)))
        for line in record_differences(d):
            say(f"  {shown(line)}")
        return 1
    if not same:
        say(_("{file}: replaying its answers does not give the position saved in it").format(file=shown(args.file)))
        return 1
    if kind == "record":
        row = next((r for r in d["scores"] if r.get("seat") == d["winner"]), None)
        winner = (_("{name} won with {honor} honor").format(name=shown(str(row["name"])), honor=row["total"]) if row
                  else _("seat {seat} won").format(seat=d["winner"]))
        if again.teams():   # the side wins together (the record names one of its seats)
            totals = {r["seat"]: r["total"] for r in d["scores"]}
            winner = _("Team {names} won with {honor} honor").format(
                names=shown(" & ".join(again.seat_name(s) for s in again.winners())),
                honor=sum(totals.get(s, 0) for s in again.winners()))
        n = len(d["answers"])
        say(ngettext("{file}: replay matches ({winner}; {n:,} answer)", "{file}: replay matches ({winner}; {n:,} answers)",
                     n).format(file=shown(args.file), winner=winner, n=n))
    else:
        state = (_("the game is over") if saved.over else _("turn {turn}, {name} to play").format(
            turn=saved.turn, name=shown(saved.seat_name(saved.current))))
        n = len(saved.answers)
        say(ngettext("{file}: a saved game; replay matches the saved position ({state}; {n:,} answer)",
                     "{file}: a saved game; replay matches the saved position ({state}; {n:,} answers)",
                     n).format(file=shown(args.file), state=state, n=n))
    return 0


def _as_installed(variants: list[str]) -> list[str]:
    """Variant names as installed, whatever their case (an unknown one is left for build_setup)."""
    known = {name.lower(): name for name in installed().variants()}
    return [known.get(v.lower(), v) for v in variants]


def cmd_play(args) -> int:
    """A game in the terminal, recorded in the history like a desktop game unless --no-record."""
    from ascension.core.names import BadName, validate_name
    from ascension.ui.desktop.storage import remove_left_behind, terminal_autosave_path
    from ascension.ui.terminal import bot_seats, play
    bot = args.bot or DEFAULT_OPPONENT
    unknown = [b for b in _csv(bot) if b not in bot_kinds()]
    if unknown or not _csv(bot):
        return _error(_("unknown bot '{bot}' (choose from {bots})").format(
            bot=unknown[0] if unknown else bot, bots=", ".join(sorted(bot_kinds()))))
    if args.db and not args.record:
        return _error(_("--db names a history to record the game in, but --no-record asks for none"))
    try:
        validate_name(args.name)
    except BadName as exc:
        return _error(_("--name: {error}").format(error=exc))
    variants, known = _as_installed(_csv(args.variants)), installed().variants()
    solo = next((v for v in variants if v in known and known[v].solo), None)
    if not solo and validate_name(args.name) in {s.name for s in bot_seats(_csv(bot))}:   # (as the desktop's dialog)
        return _error(_("--name: a bot at the table is called {name}: two seats with one name cannot be told apart "
                        "in the log and the history").format(name=validate_name(args.name)))
    if solo and args.bot:
        print(_("ascension: --bots {bots} is left out: {variant} is a solo game, with no opponent to seat").format(
            bots=args.bot, variant=solo), file=sys.stderr)
    db = None
    if args.record:   # opened (created, upgraded, checked writable) before the game, not after it
        try:
            db = _open_history(args.db)
        except HistoryOpenError as exc:
            return _error(_("{error}; or play without recording it: --no-record").format(error=str(exc).rstrip(".")))
    autosave = terminal_autosave_path()
    with ctrl_c_after():   # (Qt's import interrupted aborts the process)
        from ascension.ui.desktop.instance import Instance
    kept_in = autosave if args.load is None else Path(args.load).expanduser()
    # One terminal game at a time keeps its game in a file: the autosave, or the file --load names
    # (two on one file would save over each other's moves after every answer).
    # The desktop's autosave is the desktop's lock's: a desktop open on it would save over the moves too.
    from ascension.ui.desktop.storage import autosave_path as desktop_autosave
    real = kept_in.resolve()   # (one file, however a link names it: the lock is the file's own)
    claim = (Instance(autosave.parent, "terminal") if real == autosave.resolve()
             else Instance(desktop_autosave().parent, "desktop") if real == desktop_autosave().resolve()
             else Instance(real.parent, real.name) if real.parent.is_dir() else None)   # (no folder: no game)
    if claim is not None and not claim.claim():
        in_the_way = claim.not_a_lock()
        if in_the_way is not None:
            return _error(_("{problem}; if no other Ascension program is open, remove it and start again").format(
                problem=in_the_way))
        return _error(_("another program is open (process {pid}) and keeps its game in {file}; finish or leave it "
                        "first").format(pid=claim.holder() or "?", file=kept_in))
    said = overrides.go_on_without()   # (as the desktop does: a slip in the file stopped every game)
    if said is not None:
        print(said, file=sys.stderr)
    try:
        remove_left_behind()
        play(seed=args.seed, bot=bot, name=args.name, db=db, sets=tuple(_csv(args.sets)),
             variants=tuple(variants), autosave=autosave, new=args.new, load=args.load)
    except (SetupError, SetFileError, SaveFileError) as exc:   # (a --load file that holds no game: left as it is)
        return _error(str(exc))
    except KeyboardInterrupt:   # the game said what became of it; the prompt's line ends
        print()
        return INTERRUPTED
    finally:
        if claim is not None:
            claim.release()
    return 0


# ---------------------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    """The parser, its help in the language in use (choose it first: :func:`choose_language`)."""
    ap = argparse.ArgumentParser(prog="ascension", description=_("Ascension deckbuilding game: play and simulate."))
    add_version(ap)
    languages = ", ".join(f"{code} ({name})" for code, name in i18n.available().items())
    ap.add_argument("--lang", choices=list(i18n.available()), metavar=_("LANG"),
                    help=_("the language to speak: {languages} (default: ASCENSION_LANG, else the system's)")
                    .format(languages=languages))
    sub = ap.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help=_("play headless games between bots and summarise them"))
    sim.add_argument("--sets", default="10th", metavar=_("SETS"), help=_("comma-separated set ids (default 10th)"))
    sim.add_argument("--players", type=whole(1, MAX_SEATS), default=None, metavar=_("PLAYERS"),
                     help=_("seats (default: number of bots, 1 for a solo variant, else 2)"))
    sim.add_argument("--bots", default="greedy", metavar=_("BOTS"),
                     help=_("comma-separated, one per seat or one for all ({bots})").format(bots=", ".join(bot_kinds())))
    sim.add_argument("--games", type=whole(None, MAX_GAMES), default=100, metavar=_("GAMES"))
    sim.add_argument("--seed", type=int, default=None, metavar=_("SEED"), help=_("batch seed (default: random, printed)"))
    sim.add_argument("--variants", default="", metavar=_("VARIANTS"), help=_("comma-separated variants, e.g. samael"))
    sim.add_argument("--jobs", type=whole(None, MAX_JOBS), default=1, metavar=_("JOBS"),
                     help=_("worker processes (results do not depend on it)"))
    sim.add_argument("--dask", metavar=_("ADDRESS"), help=_(
        "play the games on a Dask cluster: its scheduler's address (tcp://host:8786), or 'local' for a local "
        "cluster of --jobs workers (results do not depend on it; needs pip install 'ascension-table[cluster]')"))
    sim.add_argument("--bot-budget", type=whole(None, MAX_BUDGET), default=None, metavar="N",
                     help=_("hard and expert bots: rollouts per decision (default: theirs)"))
    sim.add_argument("--json", action="store_true", help=_("print one JSON object instead of tables"))
    sim.add_argument("--check", action="store_true", help=_("check invariants after every answer (exit 1 on any)"))
    sim.add_argument("--save-games", metavar=_("DIR"), help=_("write one JSON record per game into DIR"))
    sim.add_argument("--record", action="store_true", help=_(
        "store every game in the match history (kept apart from games people played: history list --games "
        "simulated shows them)"))
    sim.add_argument("--db", metavar=_("PATH"), type=history_location, help=_(
        "history file or SQLAlchemy URL (implies --record; default: the history in the user data folder)"))
    sim.set_defaults(func=cmd_simulate)

    sets = sub.add_parser("sets", help=_("list installed card sets"))
    sets.add_argument("--json", action="store_true")
    sets.set_defaults(func=cmd_sets)

    sub.add_parser("variants", help=_("list rule variants and plugin load errors")).set_defaults(func=cmd_variants)

    rep = sub.add_parser("replay", help=_("replay a game record or a saved game and check it"))
    rep.add_argument("file", metavar=_("file"),
                     help=_("a game record (simulate --save-games) or a saved game (the desktop's Save)"))
    rep.add_argument("--show", action="store_true", help=_("also print the game turn by turn"))
    rep.set_defaults(func=cmd_replay)

    play = sub.add_parser("play", help=_("play a game in the terminal against bots (or solo)"))
    play.add_argument("--seed", type=int, default=None, metavar=_("SEED"))
    play.add_argument("--bot", "--bots", dest="bot", default=None, metavar=_("BOT"), help=_(
        "your opponent, or comma-separated opponents for a bigger game ({bots}; default {default}; a solo "
        "variant seats none)").format(bots=", ".join(sorted(bot_kinds())), default=DEFAULT_OPPONENT))
    play.add_argument("--name", default=_("Player"), metavar=_("NAME"))
    play.add_argument("--sets", default="10th", metavar=_("SETS"),
                      help=_("comma-separated set ids (default 10th; see: ascension sets)"))
    play.add_argument("--variants", default="", metavar=_("VARIANTS"),
                      help=_("comma-separated variants, e.g. legendary; samael or cult for a solo game"))
    play.add_argument("--record", action=argparse.BooleanOptionalAction, default=True, help=_(
        "store the game in the match history, as the desktop does (the default; --no-record plays without "
        "recording it)"))
    play.add_argument("--db", metavar=_("PATH"), type=history_location, help=_(
        "the history to record in: a file or SQLAlchemy URL (default: the history in the user data folder)"))
    play.add_argument("--new", action="store_true", help=_(
        "start a new game without offering to resume an unfinished one (which the new game's autosave replaces)"))
    play.add_argument("--load", metavar=_("FILE"), type=Path, help=_(
        "go on with the game saved in FILE (the desktop's Save, or the file the terminal offered when its autosave "
        "failed); it is kept in FILE after every answer"))
    play.set_defaults(func=cmd_play)

    add_history_parser(sub)
    return ap


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        tolerant_console()
        choose_language(argv)   # before the parser: its help is translated as it is built
        logs.start()
        args = build_parser().parse_args(argv)   # (it loads the plugins: a Ctrl-C may come meanwhile)
        code = args.func(args)
        sys.stdout.flush()   # inside the try: a closed pipe shows here, not at exit
        return code
    except BrokenPipeError:   # the reader went away (`ascension history list | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # Python's recipe: no error at exit
        return 1
    except KeyboardInterrupt:   # Ctrl-C where no command speaks of it (while starting up): no traceback
        return interrupted()
    except OSError as exc:   # a path the system refuses where no check expected it (a name too long):
        log.error("%s", exc, exc_info=exc)   # one line here, the traceback in the log
        return _error(os_error(exc))


if __name__ == "__main__":
    sys.exit(main())
