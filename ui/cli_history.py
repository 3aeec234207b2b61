"""The ``ascension history`` commands (list, stats, export, show, check) and the opening of the
history that ``simulate --record`` and ``play`` share with them.

SQL is imported inside the functions: commands that do not use the history load none of it.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ascension.core.folders import atomic_writer
from ascension.core.i18n import N_, _, ngettext, os_error
from ascension.core.wording import faction_name
from ascension.ui.cli_common import MAX_ROWS, MAX_SEATS, _csv, _error, history_location, shown, whole

EXPORT_FORMATS = ("csv", "json", "bgstats")   # what repo.export_matches writes (tested to agree)
GAMES_CAPTION = {"played": N_("games people played; --games simulated lists the bots' simulated games"),
                 "simulated": N_("simulated games: bots only (simulate --record)")}
RESULTS = {"win": N_("win"), "loss": N_("loss"), "abandoned": N_("abandoned")}   # repo.result_for's words
SEAT_KINDS = {"human": N_("human"), "bot": N_("bot"), "villain": N_("villain")}
STATUSES = {"finished": N_("finished"), "abandoned": N_("abandoned")}


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

    from ascension.ui.history.db import (CannotMakeHistoryError, CorruptHistoryError, HistoryError, NewerSchemaError,
                                         ReadOnlyHistoryError, as_history_error, in_memory, open_history)
    from ascension.ui.history.recording import history_for
    try:
        if in_memory(db):   # (the tests' histories; a person's would lose every game as the command ends)
            raise HistoryError(_("the history {where} is in memory: it keeps no game once the command ends; name a "
                                 "file or a database server").format(where=db))
        history = open_history(db, read_only=True) if read_only else history_for(db)
    except CorruptHistoryError as exc:
        if read_only:
            raise HistoryOpenError(_("{problem}. It has not been changed (ascension history check says more).")
                                   .format(problem=exc)) from None
        raise HistoryOpenError(f"{exc}.") from None
    except (ReadOnlyHistoryError, NewerSchemaError, CannotMakeHistoryError) as exc:   # (the command line's way out)
        raise HistoryOpenError(_("{error}; another history can be named with --db").format(
            error=str(exc).rstrip("."))) from None
    except HistoryError as exc:
        raise HistoryOpenError(str(exc)) from None
    except SQLAlchemyError as exc:
        raise HistoryOpenError(str(as_history_error(exc, str(db or _("(default)"))))) from None
    for notice in history.notices:
        _notice(notice)
    history.notices.clear()
    if not read_only:
        _store_kept(db)
    return history


def _say_no_such_player(session, player: str | None) -> None:
    """Nothing found for ``--player``: where the history holds the name in another case, say so
    (an empty list read as if the games were gone)."""
    from ascension.ui.history.repo import names_like
    like = names_like(session, player) if player else []
    if like:
        _notice(_("no recorded game has a player named {name}; names are matched exactly: {like}?").format(
            name=repr(player), like=", ".join(repr(n) for n in like)))   # (repr: controls escaped, printed plain)


def _notice(text: str) -> None:
    print(_("ascension: {notice}").format(notice=text), file=sys.stderr)


def _say_waiting(db) -> None:
    """Games kept because the history could not take them are not lost: say where they wait."""
    from ascension.core.folders import kept_games_dir
    from ascension.ui.history.recording import kept_for
    waiting = len(kept_for(db))
    if waiting:
        _notice(ngettext("{n} game that the history could not take when it ended waits in {folder}; the next game "
                         "recorded here takes it in.",
                         "{n} games that the history could not take when they ended wait in {folder}; the next "
                         "game recorded here takes them in.", waiting).format(n=waiting, folder=kept_games_dir()))


def _store_kept(db) -> None:
    """Games kept because the history could not take them when they ended go in now, before
    the next game (said on stderr; if it still cannot take them, they wait for the next time)."""
    from ascension.ui.history.recording import take_in_kept
    stored, refused = take_in_kept(db)
    for said in refused:
        _notice(said)
    if stored:
        _notice(ngettext("{n} game kept earlier, when the history could not take it, is now in it.",
                         "{n} games kept earlier, when the history could not take them, are now in it.",
                         stored).format(n=stored))


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


def _date(text: str):
    """A day, or a moment in local time (as the lists show it); one with a time zone as it says."""
    from datetime import date, datetime, time, timedelta, timezone
    try:
        if len(text) == 10:
            day = date.fromisoformat(text)
            moment = datetime.combine(day, time.min)   # (checked below, with its day's both ends)
        else:
            day, moment = None, datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("'{text}' is not a date (YYYY-MM-DD) or time (YYYY-MM-DDTHH:MM)").format(text=text)) from None
    try:   # as a bound the filter takes it, with room for a day's ends and a moment's whole minute, in UTC
        moment = moment if moment.tzinfo else moment.astimezone()
        in_utc = moment.astimezone(timezone.utc)
        in_utc - timedelta(days=1), in_utc + timedelta(days=2)
    except (OverflowError, ValueError):
        raise argparse.ArgumentTypeError(_("'{text}' is at the very end of the calendar: no game is dated there; "
                                           "leave the bound out for all games").format(text=text)) from None
    return day if day is not None else moment


def _until(text: str):
    """As :func:`_date`; a moment is its whole minute (or second), as "on or before 20:14"
    means a game begun at 20:14:31 too (the filter takes games begun before the bound)."""
    from datetime import datetime, timedelta
    moment = _date(text)
    if not isinstance(moment, datetime):
        return moment   # (a day: to its end, in the filter)
    seconds_typed = re.search(r"[T ]\d{1,2}:\d{2}:\d{2}", text) is not None
    return moment + (timedelta(seconds=1) if seconds_typed else timedelta(minutes=1))


def _seat(text: str) -> int:
    """A place at the table in turn order, as players count it: 1 is the first."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= 32:
        raise argparse.ArgumentTypeError(
            _("'{text}' is not a seat: seats are numbered 1 to 32 in turn order").format(text=text))
    return n


def _history_filter(args, player: str | None = None):
    from ascension.ui.history.repo import MatchFilter
    return MatchFilter(status=getattr(args, "status", "finished"), since=args.since, until=args.until,
                       sets=_csv(args.sets or ""),
                       variant=(None if args.variant is None else "" if args.variant == "none" else args.variant),
                       opponent=args.opponent, players=args.players, player=player or args.player,
                       result=getattr(args, "result", None), seat=args.seat, games=args.games)


def _needs_player(args) -> str | None:
    """--result and --seat say something of one player: the one --player names."""
    if getattr(args, "result", None) and not args.player:
        return _("--result needs --player (whose result)")
    if args.seat and not args.player:
        return _("--seat needs --player (whose seat)")
    return None


def _local(t) -> str:
    from datetime import timezone
    return t.replace(tzinfo=timezone.utc).astimezone().strftime("%Y-%m-%d %H:%M")


def _seats_text(m) -> str:
    """Each side with its honor, a star on the winners: "Ann* 40, Bob 31"; teammates together
    with their summed honor, as they win or lose together: "Ann & Cid* 75, Bob & Dan 50"."""
    sides: dict[object, list] = {}
    for s in m.seats:
        sides.setdefault(s.seat if s.team is None else ("team", s.team), []).append(s)
    return ", ".join(f"{' & '.join(shown(s.name) for s in side)}{'*' if any(s.winner for s in side) else ''} "
                     f"{sum(s.total for s in side)}" for side in sides.values())


def _word(words: dict[str, str], key: str) -> str:
    """A stored word ("win", "bot") in the language shown; one not known here as stored."""
    return _(words[key]) if key in words else shown(key)


def _grouped(key: str, dimension: str = "opponent", bot: str | None = None) -> str:
    """A statistics row's key as shown: a bot opponent (the row's ``bot``) as "<kind> bot", games
    without a variant as "none" (data words, translated here)."""
    if dimension == "variant" and key == "none":
        return _("none")
    return _("{kind} bot").format(kind=shown(bot)) if bot else shown(key)


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
            if not total:
                _say_no_such_player(s, args.player)
    except (HistoryOpenError, ValueError) as exc:
        return _error(str(exc))
    _say_waiting(args.db)
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
    caption = GAMES_CAPTION.get(args.games)
    t = Table(title=_("Matches {first}-{last} of {total}").format(
                  first=args.offset + 1 if page else 0, last=args.offset + len(page), total=total),
              caption=_(caption) if caption else None)
    t.add_column(_("id"), justify="right")
    t.add_column(_("date"))
    t.add_column(_("sets"))
    t.add_column(_("variant"))
    t.add_column(_("players (* won)"))
    t.add_column(_("turns"), justify="right")
    if args.player:
        t.add_column(_("result"))
    for m in page:
        seats = _seats_text(m) if m.status == "finished" else _("{seats} (abandoned)").format(seats=_seats_text(m))
        row = [str(m.id), _local(m.started_at), shown(" + ".join(m.sets)), shown(" + ".join(m.variants)) or "—",
               seats, str(m.turns)]
        if args.player:
            result = m.result_for(args.player)
            row.append(_word(RESULTS, result) if result else "—")
        t.add_row(*row)
    Console().print(t)
    return 0


def _streak(n: int) -> str:
    if n > 0:
        return ngettext("{n:,} win", "{n:,} wins", n).format(n=n)
    if n < 0:
        return ngettext("{n:,} loss", "{n:,} losses", -n).format(n=-n)
    return "—"


def cmd_history_stats(args) -> int:
    from ascension.ui.history.repo import most_played_person, player_stats
    try:
        with _browsing(args.db) as history, history.session() as s:
            player = args.player or most_played_person(s)
            if not player:
                return _error(_("no person has recorded games yet; name a player with --player"))
            st = player_stats(s, player, _history_filter(args, player), top=args.top)
            if not st.games and not st.abandoned:
                _say_no_such_player(s, args.player)
    except (HistoryOpenError, ValueError) as exc:
        return _error(str(exc))
    if args.json:
        print(json.dumps(st.to_json()))
        return 0
    out = Console()
    pct = lambda x: f"{100 * x:.1f}%"  # noqa: E731
    t = Table(title=_("Statistics for {player}").format(player=shown(player)), show_header=False)
    t.add_column(style="bold")
    t.add_column()
    best = (_("{score} (match {id})").format(score=st.best_score, id=st.best_match)
            if st.best_score is not None else "—")
    for k, v in [(_("games"), st.games), (_("wins"), st.wins), (_("win rate"), pct(st.win_rate)),
                 (_("abandoned"), st.abandoned), (_("average score"), st.average_score),
                 (_("best score"), best), (_("current streak"), _streak(st.current_streak)),
                 (_("longest winning streak"), st.longest_win_streak),
                 (_("longest losing streak"), st.longest_loss_streak)]:
        t.add_row(k, str(v))
    out.print(t)
    for title, dimension, rows in [(_("By opponent"), "opponent", st.by_opponent), (_("By set mix"), "sets", st.by_sets),
                                   (_("By variant"), "variant", st.by_variant),
                                   (_("By player count"), "players", st.by_players),
                                   (_("By seat (turn order)"), "seat", st.by_seat)]:
        if rows:
            bt = Table(title=title)
            bt.add_column("")
            for col in (_("games"), _("wins"), _("win rate")):
                bt.add_column(col, justify="right")
            for b in rows:
                bt.add_row(_grouped(b.key, dimension, b.bot), str(b.games), str(b.wins), pct(b.win_rate))
            out.print(bt)
    if st.head_to_head:
        ht = Table(title=_("Head to head"))
        ht.add_column(_("opponent"))
        for col in (_("games"), _("{player} won").format(player=shown(player)), _("they won")):
            ht.add_column(col, justify="right")
        for h in st.head_to_head:
            ht.add_row(_grouped(h.opponent, bot=h.bot), str(h.games), str(h.my_wins), str(h.their_wins))
        out.print(ht)
    if st.top_acquired:
        ct = Table(title=_("Cards acquired most"))
        ct.add_column(_("card"))
        for col in (_("copies"), _("games"), _("win rate when acquired")):
            ct.add_column(col, justify="right")
        for c in st.top_acquired:
            ct.add_row(shown(c.card), str(c.copies), str(c.games), pct(c.win_rate))
        out.print(ct)
    return 0


def cmd_history_export(args) -> int:
    from ascension.ui.history.db import export_refused
    from ascension.ui.history.repo import export_matches, most_played_person
    fmt = args.format or ("json" if args.json or (args.out and args.out.lower().endswith(".json")) else "csv")
    if _needs_player(args):
        return _error(_needs_player(args))
    if args.out is not None and not args.out.strip():
        return _error(_("--out names no file; name one, or - for the screen"))
    to_file = args.out not in (None, "-")
    out = Path(args.out) if to_file else None
    refused = export_refused(out) if to_file else None
    if refused:
        return _error(refused)
    if to_file and out.is_file() and not args.replace:   # a typo must not cost a file (/dev/stdout costs none)
        return _error(_("{file} already exists; pass --replace to write over it").format(file=out))
    try:
        f = _history_filter(args)
        with _browsing(args.db) as history, history.session() as s:
            me = args.player or most_played_person(s)   # BG Stats: whose app the plays go to
            if not to_file:
                n = export_matches(s, sys.stdout, fmt, f, replay=args.replay, me=me)
            else:
                with atomic_writer(out, shared=True) as fh:
                    n = export_matches(s, fh, fmt, f, replay=args.replay, me=me)
    except (HistoryOpenError, ValueError) as exc:
        return _error(str(exc))
    except BrokenPipeError:   # the reader went away (`| head`): main stops quietly, as for every command
        raise
    except OSError as exc:
        return _error(_("cannot write {file}: {error}").format(file=out, error=os_error(exc, out)) if to_file
                      else os_error(exc))
    if to_file:
        print(ngettext("exported {n} match to {file} ({format})", "exported {n} matches to {file} ({format})", n)
              .format(n=n, file=args.out, format=fmt), file=sys.stderr)
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
        return _error(_("no match {id} in the history at {where}").format(id=args.id, where=history.location))
    steps = ReplaySteps(m.setup, m.answers) if m.setup else None
    names, rows = steps.honor_by_turn() if steps else ([], [])
    if args.json:
        print(json.dumps(dict(m.to_json(), honor_by_turn={"names": names, "totals": rows})))
        return 0
    out = Console()
    out.print(_("Match {id} ({status}) — {start} to {end}, sets {sets}, variants {variants}, {turns} turns, "
                "seed {seed}, engine {engine}").format(
        id=m.id, status=_word(STATUSES, m.status), start=_local(m.started_at), end=_local(m.ended_at),
        sets=shown(" + ".join(m.sets)), variants=shown(" + ".join(m.variants)) or _("none"), turns=m.turns,
        seed=m.seed, engine=shown(m.engine_version)))
    t = Table(title=_("Score"))
    renown = any(x.renown for x in m.seats)   # (the Legendary Track's, each faction's at the end)
    teams = any(x.team is not None for x in m.seats)
    for col in (_("seat"), _("name"), *([_("team")] if teams else []), _("kind"), _("tokens"), _("cards"), _("total"), _("winner"),
                *([_("Renown")] if renown else [])):
        t.add_column(col)
    for x in m.seats:
        t.add_row(str(x.seat + 1) if x.seat >= 0 else "—", shown(x.name),
                  *([chr(65 + x.team) if x.team is not None else "—"] if teams else []),
                  _word(SEAT_KINDS, x.kind) + (f" ({shown(x.bot)})" if x.bot else ""),
                  str(x.tokens), str(x.card_honor), str(x.total), _("yes") if x.winner else "",
                  *([", ".join(f"{faction_name(f)} {n}" for f, n in (x.renown or {}).items())] if renown else []))
    out.print(t)
    if rows:   # the honor race, replayed from seed + answers: every fifth turn, the first and the last
        race = Table(title=_("Honor by turn"))
        race.add_column(_("turn"), justify="right")
        for name in names:
            race.add_column(shown(name), justify="right")
        for turn in sorted({1, *range(5, len(rows), 5), len(rows)}):
            race.add_row(str(turn), *(str(total) for total in rows[turn - 1]))
        out.print(race)
        out.print(shown(race_story(names, rows)))
    if steps and steps.differences:
        out.print(shown(_("Note: this game was played with other plugins ({differences}); its replay may not be "
                          "the game as it was played.").format(differences="; ".join(steps.differences))))
    if steps and steps.error:
        out.print(shown(_("The replay stops early: {error}").format(error=steps.error)))
    return 0


def cmd_history_check(args) -> int:
    """The full integrity check of an SQLite history (at start only a time-limited one runs).
    It only reads: a damaged file is reported (exit 1) and left exactly as it is."""
    from ascension.ui.history.db import CorruptHistoryError, HistoryError, check_file, inspect_sqlite_file, resolve
    from ascension.ui.history.models import SCHEMA_VERSION
    try:
        path = resolve(args.db)[1]
    except HistoryError as exc:   # (links that lead round in a loop)
        return _error(str(exc))
    if path is None:   # a server: reachable, and a history of this version?
        try:
            with _browsing(args.db) as history:
                print(_("{where}: not an SQLite file; the server keeps its own integrity").format(where=history.location))
        except HistoryOpenError as exc:
            return _error(str(exc))
        return 0
    if not path.is_file():
        if path.is_dir():
            return _error(_("there is no history file at {path} (it is a folder)").format(path=path))
        return _error(_("there is no history file at {path}").format(path=path))
    try:
        problems = check_file(path)
        found = None if problems else inspect_sqlite_file(path)   # sound pages: is it a history?
    except CorruptHistoryError as exc:
        problems, found = [exc.reason], None
    except HistoryError as exc:   # another program's lock (not damage), or not a history at all
        return _error(str(exc))
    newer = found is not None and (found.version or 0) > SCHEMA_VERSION
    if args.json:
        print(json.dumps({"file": str(path), "ok": not problems, "problems": problems[:50]}))
    elif problems:
        print(_("{path} is damaged (it has not been changed):").format(path=path))
        for p in problems[:20]:
            print(f"  {p}")
    elif newer:
        print(_("{path}: ok (written by a newer version of Ascension: schema {version})").format(
            path=path, version=found.version))
    else:
        print(_("{path}: ok").format(path=path))
    return 1 if problems else 0


def add_history_parser(sub) -> None:
    hist = sub.add_parser("history", help=_("recorded games: list, statistics, export, show, check"))
    hsub = hist.add_subparsers(dest="history_command", required=True)

    def common(p, filters=True, status: str | None = "all"):
        """The options every history command shares; ``status``: the default of --status (None: no
        such option, as for the statistics, which are of finished games and count abandoned ones)."""
        p.add_argument("--db", metavar=_("PATH"), type=history_location,
                       help=_("history file or SQLAlchemy URL (default: the user data folder)"))
        p.add_argument("--json", action="store_true", help=_("print JSON instead of tables"))
        if not filters:
            return
        p.add_argument("--since", type=_date, metavar=_("SINCE"), help=_("games started on or after this day (YYYY-MM-DD)"))
        p.add_argument("--until", type=_until, metavar=_("UNTIL"), help=_("games started on or before this day (YYYY-MM-DD)"))
        p.add_argument("--sets", metavar=_("SETS"), help=_("comma-separated set ids the mix must include"))
        p.add_argument("--variant", metavar=_("VARIANT"),
                       help=_("exact variants, comma-separated ('none' = without variant)"))
        p.add_argument("--opponent", metavar=_("OPPONENT"), help=_("a seat's name, or a bot kind/difficulty (e.g. greedy)"))
        p.add_argument("--players", type=whole(1, MAX_SEATS), metavar=_("PLAYERS"), help=_("player count"))
        p.add_argument("--seat", type=_seat, metavar="N", help=_("games in which --player sat Nth in turn order (1 = first)"))
        p.add_argument("--games", choices=("played", "simulated", "all"), default="played",
                       help=_("played: games a person played (the default); simulated: bots only (simulate --record)"))
        if status is not None:
            p.add_argument("--status", choices=("finished", "abandoned", "all"), default=status,
                           help=_("finished or abandoned games (default: {status})").format(status=status))

    ls = hsub.add_parser("list", help=_("list recorded games, newest first"))
    common(ls)
    ls.add_argument("--player", metavar=_("PLAYER"), help=_("only the games this player sat in, with their result"))
    ls.add_argument("--result", choices=("win", "loss"), help=_("games --player won or lost"))
    ls.add_argument("--sort", default="-date", metavar=_("SORT"),
                    help=_("date, sets, variant, players or turns; a '-' prefix sorts descending (write --sort=-turns)"))
    ls.add_argument("--limit", type=whole(1, MAX_ROWS), default=50, metavar=_("LIMIT"))
    ls.add_argument("--offset", type=whole(0, MAX_ROWS), default=0, metavar=_("OFFSET"))
    ls.set_defaults(func=cmd_history_list)

    st = hsub.add_parser("stats", help=_("statistics of one player (finished games)"))
    common(st, status=None)
    st.add_argument("--player", metavar=_("PLAYER"), help=_("whose statistics (default: the person with most games)"))
    st.add_argument("--top", type=whole(1, MAX_ROWS), default=15, metavar=_("TOP"), help=_("how many cards to list"))
    st.set_defaults(func=cmd_history_stats)

    ex = hsub.add_parser("export", help=_("export (filtered) games to CSV, JSON or the BG Stats app"))
    common(ex)
    ex.add_argument("--player", metavar=_("PLAYER"), help=_("only the games this player sat in (bgstats: whose app it is; "
                                                          "default: the person with most games)"))
    ex.add_argument("--result", choices=("win", "loss"), help=_("games --player won or lost"))
    ex.add_argument("--format", choices=EXPORT_FORMATS, help=_("default: from --out's suffix, else csv; "
                                                                "bgstats: the JSON file the BG Stats app imports (finished games)"))
    ex.add_argument("--out", metavar=_("FILE"), help=_("file to write (default: standard output)"))
    ex.add_argument("--replace", action="store_true", help=_("write over the --out file if it exists"))
    ex.add_argument("--replay", action="store_true", help=_("JSON: include each match's setup and answers ('ascension replay FILE' replays them all)"))
    ex.set_defaults(func=cmd_history_export)

    ck = hsub.add_parser("check", help=_("check the whole history file for damage (exit 1 when damaged)"))
    common(ck, filters=False)
    ck.set_defaults(func=cmd_history_check)

    sh = hsub.add_parser("show", help=_("one recorded game's score breakdown and honor by turn"))
    common(sh, filters=False)
    sh.add_argument("id", type=whole(1, MAX_ROWS), metavar=_("id"))
    sh.set_defaults(func=cmd_history_show)
