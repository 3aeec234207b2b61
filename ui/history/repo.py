"""Repository functions: each takes an SQLModel/SQLAlchemy ``Session`` bound to a history
engine (see :mod:`.db`). Writing a game is one transaction; reading never writes.

Queries use Core columns (no ORM objects per row) so listing and filtering stay quick with
100,000 games: every filter has an index to start from (see models.py), lists are paginated
with LIMIT/OFFSET, and the seats of a page are fetched in one extra query.
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, dataclass, field
from datetime import date, datetime, time, timezone
from typing import IO, Any, Iterable, Literal

import sqlalchemy as sa
from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy import Float, and_, case, cast, func, literal, or_, select

from ascension.core.i18n import _

from .models import ABANDONED, FINISHED, Match, MatchReplay, Seat, SeatCard
from .records import MatchRecord, as_utc

M = Match.__table__.c
R = MatchReplay.__table__.c
S = Seat.__table__.c
C = SeatCard.__table__.c

SORTS = {"date": M.started_at, "ended": M.ended_at, "sets": M.sets, "variant": M.variant,
         "players": M.players, "turns": M.turns, "id": M.id}


# ---------------------------------------------------------------------------- writing
def _validated(record: MatchRecord | dict) -> MatchRecord:
    return record if isinstance(record, MatchRecord) else MatchRecord.model_validate(record)


def _insert(session, rec: MatchRecord) -> int:
    match_id = session.execute(Match.__table__.insert().values(
        status=rec.status, started_at=rec.started_at, ended_at=rec.ended_at,
        sets=",".join(sorted(rec.sets)), variant=",".join(sorted(rec.variants)), players=rec.players,
        seed=rec.seed, engine_version=rec.engine_version, capped=rec.capped, options=rec.options,
        turns=rec.turns, assisted=rec.assisted, simulated=rec.simulated).returning(M.id)).scalar_one()
    session.execute(MatchReplay.__table__.insert(),
                    [{"match_id": match_id, "setup": rec.setup, "answers": rec.answers}])
    session.execute(Seat.__table__.insert(), [
        {"match_id": match_id, "seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot,
         "team": s.team, "tokens": s.tokens, "card_honor": s.card_honor, "total": s.total,
         "winner": s.winner, "renown": s.renown} for s in rec.seats])
    cards = []
    for s in rec.seats:
        for card in sorted(set(s.acquired) | set(s.defeated)):
            cards.append({"match_id": match_id, "seat": s.seat, "card": card,
                          "acquired": s.acquired.get(card, 0), "defeated": s.defeated.get(card, 0)})
    if cards:
        session.execute(SeatCard.__table__.insert(), cards)
    return match_id


def record_game(session, record: MatchRecord | dict) -> int:
    """Store one game (finished or abandoned, as its ``status`` says) in one transaction and
    commit it; returns the new match id. Nothing is stored if anything fails. A game recorded
    again (left, then loaded from a save and finished or left once more: the same seed and start)
    takes the place of its abandoned record: one game, one row, as it stands last; a finished
    game is recorded once (one loaded again from a save after its end is the row it has), and
    one save finished twice with other answers is two games. An earlier position of a game the
    history holds further on (a stale autosave, an older save looked at and left) is that row:
    it never takes the place of more of the game."""
    rec = _validated(record)
    same_game = (M.seed == rec.seed, M.started_at == rec.started_at)
    try:
        stored = session.execute(select(M.id, M.status, MatchReplay.answers)
                                 .join(MatchReplay, MatchReplay.match_id == M.id).where(*same_game)).all()
        if rec.status == FINISHED:   # the same answers: this very game (two programs that played one save on
            same = next((match_id for match_id, status, answers in stored   # differently finished two games: both kept)
                         if status == FINISHED and answers == rec.answers), None)
        else:   # a record holding these answers and more is this game further on (an older save of it, left again)
            same = next((match_id for match_id, _status, answers in stored
                         if answers[:len(rec.answers)] == rec.answers), None)
        if same is not None:
            session.rollback()
            return same
        session.execute(Match.__table__.delete().where(M.status == ABANDONED, *same_game))
        match_id = _insert(session, rec)
        session.commit()
    except BaseException:
        session.rollback()
        raise
    return match_id


def record_abandoned(session, record: MatchRecord | dict) -> int:
    """Store a game left before its end: kept apart from finished games (status "abandoned")."""
    rec = _validated(record)
    if rec.status != ABANDONED:
        rec = rec.model_copy(update={"status": ABANDONED,
                                     "seats": [s.model_copy(update={"winner": False}) for s in rec.seats]})
        rec = MatchRecord.model_validate(rec.model_dump())
    return record_game(session, rec)


def record_many(session, records: Iterable[MatchRecord | dict]) -> list[int]:
    """Store several games in one transaction (a batch of simulated games): all or none. A game
    the history holds already (the same seed, setup and answers: a batch run again with its seed
    after a stop) is not stored twice; its id is the one it has."""
    ids = []
    try:
        chunk = [_validated(r) for r in records]
        held = _held_already(session, chunk)
        for rec in chunk:
            known = held.get(_identity(rec.seed, rec.setup, rec.answers))
            ids.append(known if known is not None else _insert(session, rec))
        session.commit()
    except BaseException:
        session.rollback()
        raise
    return ids


def _held_already(session, records: list[MatchRecord]) -> dict[tuple, int]:
    """The games of ``records`` the history holds: (seed, setup, answers) -> match id."""
    seeds = sorted({r.seed for r in records})
    if not seeds:
        return {}
    rows = session.execute(select(M.id, M.seed, MatchReplay.setup, MatchReplay.answers)
                           .join(MatchReplay, MatchReplay.match_id == M.id).where(M.seed.in_(seeds))).all()
    return {_identity(seed, setup, answers): match_id for match_id, seed, setup, answers in rows}


def _identity(seed: int, setup: dict, answers: list[int]) -> tuple:
    """What makes a stored game this very game: its seed, setup and answers."""
    return seed, json.dumps(setup, sort_keys=True), tuple(answers)


def delete_match(session, match_id: int) -> bool:
    """Delete a match with its seats, cards and replay (the foreign keys cascade)."""
    try:
        n = session.execute(Match.__table__.delete().where(M.id == match_id)).rowcount
        session.commit()
    except BaseException:
        session.rollback()
        raise
    return n > 0


# ---------------------------------------------------------------------------- filters
def local_day_start(d: date) -> datetime:
    """The UTC instant (naive, as stored) at which local calendar day ``d`` begins."""
    return as_utc(datetime.combine(d, time.min).astimezone())


class MatchFilter(BaseModel):
    """Which matches: every field narrows; None / empty means any."""
    model_config = ConfigDict(extra="forbid")

    status: Literal["finished", "abandoned", "all"] = FINISHED
    since: datetime | None = None      # started at or after (UTC; a date = that local day)
    until: datetime | None = None      # started before (UTC; a date = the end of that local day)
    sets: list[str] = Field(default_factory=list)   # the mix includes every one of these
    variant: str | None = None         # exact variants, comma-joined; "" = played without any
    opponent: str | None = None        # a seat with this name, or a bot of this kind/difficulty
    players: int | None = None
    player: str | None = None          # sat at the table; whose result and seat the next two mean
    result: Literal["win", "loss"] | None = None
    seat: int | None = Field(default=None, ge=1, le=32)   # the player's place in turn order, from 1
    games: Literal["played", "simulated", "all"] = "all"  # simulated: no person at the table

    @field_validator("since", mode="before")
    @classmethod
    def _since(cls, v):
        if isinstance(v, date) and not isinstance(v, datetime):
            return local_day_start(v)
        return v

    @field_validator("until", mode="before")
    @classmethod
    def _until(cls, v):
        if isinstance(v, date) and not isinstance(v, datetime):
            return local_day_start(date.fromordinal(v.toordinal() + 1))
        return v

    @field_validator("since", "until")
    @classmethod
    def _utc(cls, v):
        return as_utc(v) if v is not None else v

    @field_validator("variant")
    @classmethod
    def _variant(cls, v):
        return ",".join(sorted(p.strip() for p in v.split(",") if p.strip())) if v is not None else v


def _filter(filt: MatchFilter | None) -> MatchFilter:
    return filt if filt is not None else MatchFilter()


COMMON = 3000   # an opponent seen in more games than this is looked for match by match


def _opponent_seats(f: MatchFilter):
    q = select(S.match_id).where(or_(S.name == f.opponent, S.bot == f.opponent))
    return q.where(S.name != f.player) if f.player else q


def _common_opponent(session, f: MatchFilter) -> bool:
    """Whether the opponent sits in many games (an index-only count, stopped at COMMON)."""
    if not f.opponent:
        return False
    seen = session.execute(select(func.count()).select_from(_opponent_seats(f).limit(COMMON).subquery())).scalar_one()
    return seen >= COMMON


def _where(f: MatchFilter, walk: bool = False) -> list:
    """The filter as conditions on the match table (the player's own seat is joined by
    :func:`_from`). ``walk``: test the opponent match by match (EXISTS) instead of collecting
    their matches first (IN): a page of the newest games with a frequent opponent is then found
    after a few hundred matches, not after collecting and sorting all of them."""
    out = []
    if f.status != "all":
        out.append(M.status == f.status)
    if f.games != "all":
        out.append(M.simulated == (f.games == "simulated"))
    if f.since is not None:
        out.append(M.started_at >= f.since)
    if f.until is not None:
        out.append(M.started_at < f.until)
    for s in f.sets:
        out.append((literal(",") + M.sets + literal(",")).contains(f",{s},", autoescape=True))
    if f.variant is not None:
        out.append(M.variant == f.variant)
    if f.players is not None:
        out.append(M.players == f.players)
    if f.opponent:
        if walk:
            o = Seat.__table__.alias("o")
            cond = [o.c.match_id == M.id, or_(o.c.name == f.opponent, o.c.bot == f.opponent)]
            if f.player:
                cond.append(o.c.name != f.player)
            out.append(sa.exists().where(*cond))
        else:
            out.append(M.id.in_(_opponent_seats(f)))
    return out


def _own_seat(f: MatchFilter, me) -> list:
    """Conditions on ``me``, the player's seat: the player's name, their result and place."""
    if (f.result or f.seat) and not f.player:
        raise ValueError(_("a result filter needs the player whose result it is") if f.result else
                         _("a seat filter needs the player whose seat it is"))
    out = [me.c.match_id == M.id, me.c.name == f.player]
    if f.result:
        out.append(me.c.winner == (f.result == "win"))
    if f.seat:
        out.append(me.c.seat == f.seat - 1)
    return out


def _from(f: MatchFilter):
    """The match table, joined to the player's own seat when the filter names a player: a
    join lets the database start from that seat's index (name, winner), which counts far
    faster than testing every match against a subquery."""
    if not (f.player or f.result or f.seat):
        return Match.__table__
    me = Seat.__table__.alias("me")
    return Match.__table__.join(me, and_(*_own_seat(f, me)))


# ---------------------------------------------------------------------------- listing
@dataclass
class SeatSummary:
    seat: int
    name: str
    kind: str
    bot: str | None
    team: int | None
    tokens: int
    card_honor: int
    total: int
    winner: bool

    @property
    def label(self) -> str:
        return opponent_label(self.kind, self.name, self.bot)


@dataclass
class MatchSummary:
    id: int
    status: str
    started_at: datetime
    ended_at: datetime
    sets: list[str]
    variants: list[str]
    players: int
    turns: int
    capped: bool
    assisted: bool
    seats: list[SeatSummary] = field(default_factory=list)

    def result_for(self, player: str | None) -> str:
        """"win", "loss", "abandoned", or "" when ``player`` did not sit at this table."""
        if self.status == ABANDONED:
            return "abandoned"
        for s in self.seats:
            if player and s.name == player:
                return "win" if s.winner else "loss"
        return ""

    @property
    def winners(self) -> list[SeatSummary]:
        return [s for s in self.seats if s.winner]


def opponent_label(kind: str, name: str, bot: str | None) -> str:
    """How an opponent is grouped in statistics: people by name, bots by kind/difficulty (a key;
    the rows say which bot with their own ``bot`` field, for the front ends to word it)."""
    return f"{bot} bot" if kind == "bot" and bot else name


_LIST_COLS = (M.id, M.status, M.started_at, M.ended_at, M.sets, M.variant, M.players, M.turns,
              M.capped, M.assisted)


def _split(text: str) -> list[str]:
    """Comma-joined ids as stored (what another program wrote there that is no text: as text)."""
    if not isinstance(text, str):
        text = text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)
    return [t for t in text.split(",") if t]


def _seats_for(session, ids: list[int]) -> dict[int, list[SeatSummary]]:
    seats: dict[int, list[SeatSummary]] = {i: [] for i in ids}
    if not ids:
        return seats
    rows = session.execute(select(S.match_id, S.seat, S.name, S.kind, S.bot, S.team, S.tokens,
                                  S.card_honor, S.total, S.winner)
                           .where(S.match_id.in_(ids)).order_by(S.match_id, S.seat))
    for r in rows:
        seats[r[0]].append(SeatSummary(*r[1:]))
    for lst in seats.values():   # the villain (-1) after the players
        lst.sort(key=lambda s: (s.seat < 0, s.seat))
    return seats


def sort_order(sort: str):
    """The ORDER BY of a sort key ("date", "-turns", ...); ValueError names the choices."""
    desc = sort.startswith("-")
    key = sort.lstrip("-+")
    if key not in SORTS:
        raise ValueError(_("unknown sort '{key}' (choose from {keys})").format(key=key, keys=", ".join(SORTS)))
    col = SORTS[key]
    return (col.desc(), M.id.desc()) if desc else (col.asc(), M.id.asc())


def list_matches(session, filt: MatchFilter | None = None, *, sort: str = "-date", offset: int = 0,
                 limit: int = 50) -> list[MatchSummary]:
    """One page of matches, with their seats. ``sort``: a key of SORTS, "-" for descending."""
    f = _filter(filt)
    q = (select(*_LIST_COLS).select_from(_from(f)).where(*_where(f, _common_opponent(session, f))).order_by(*sort_order(sort))
         .offset(max(0, offset)).limit(max(0, limit)))
    rows = session.execute(q).all()
    seats = _seats_for(session, [r[0] for r in rows])
    return [MatchSummary(r[0], r[1], r[2], r[3], _split(r[4]), _split(r[5]), r[6], r[7], bool(r[8]),
                         bool(r[9]), seats[r[0]]) for r in rows]


def count_matches(session, filt: MatchFilter | None = None) -> int:
    f = _filter(filt)
    return session.execute(select(func.count()).select_from(_from(f)).where(*_where(f))).scalar_one()


@dataclass
class Facets:
    """What the filters can choose from (the UI's drop-downs)."""
    sets: list[str]
    variants: list[str]
    players: list[int]
    opponents: list[str]       # seat names and bot kinds
    names: list[str]           # names of people who played (for choosing "me")


def facets(session) -> Facets:
    """Two index scans: the (sets, variant, players) combinations, and the names of seats that
    are not bots (the index on (bot, name) holds them in name order)."""
    combos = session.execute(select(M.sets, M.variant, M.players).distinct()).all()
    seated = session.execute(select(S.name, S.kind).where(S.bot.is_(None)).distinct().order_by(S.name).limit(500)).all()
    bots = session.execute(select(S.bot).where(S.bot.is_not(None)).distinct().order_by(S.bot)).scalars().all()
    names = list(dict.fromkeys(name for name, __ in seated))   # people and the solo villains: opponents
    people = list(dict.fromkeys(name for name, kind in seated if kind == "human"))   # (a villain is no "me")
    return Facets(sorted({s for c in combos for s in _split(c[0])}), sorted({c[1] for c in combos}),
                  sorted({c[2] for c in combos}), list(bots) + names, people)


def most_played_person(session) -> str | None:
    """The person (not a bot) with most recorded seats: whose statistics to show by default."""
    row = session.execute(select(S.name).where(S.kind == "human").group_by(S.name)
                          .order_by(func.count().desc(), S.name).limit(1)).first()
    return row[0] if row else None


def names_like(session, name: str) -> list[str]:
    """The names seated in the history that differ from ``name`` only in case or surrounding
    spaces ("ann" for "Ann"): names are matched exactly, so a player typing one finds nothing."""
    wanted = name.strip().casefold()
    return sorted(n for n, in session.execute(select(S.name).distinct())
                  if n != name and n.strip().casefold() == wanted)


# ---------------------------------------------------------------------------- one match
@dataclass
class SeatDetail(SeatSummary):
    renown: dict[str, int] | None = None
    acquired: dict[str, int] = field(default_factory=dict)
    defeated: dict[str, int] = field(default_factory=dict)


@dataclass
class MatchDetail:
    id: int
    status: str
    started_at: datetime
    ended_at: datetime
    sets: list[str]
    variants: list[str]
    players: int
    seed: int
    engine_version: str
    turns: int
    capped: bool
    assisted: bool
    options: dict[str, Any]
    setup: dict[str, Any]
    answers: list[int]
    seats: list[SeatDetail]

    def to_json(self) -> dict:
        d = asdict(self)
        d["started_at"] = _iso(self.started_at)
        d["ended_at"] = _iso(self.ended_at)
        return d


def _iso(t: datetime) -> str:
    return t.replace(tzinfo=timezone.utc).isoformat()


def get_match(session, match_id: int) -> MatchDetail | None:
    m = session.execute(select(Match.__table__, R.setup, R.answers)
                        .select_from(Match.__table__.outerjoin(MatchReplay.__table__, R.match_id == M.id))
                        .where(M.id == match_id)).mappings().first()
    if m is None:
        return None
    cards = _cards_for(session, [match_id])
    seats = []
    for r in session.execute(select(Seat.__table__).where(S.match_id == match_id).order_by(S.seat)).mappings():
        acq, dft = cards.get((match_id, r["seat"]), ({}, {}))
        seats.append(SeatDetail(r["seat"], r["name"], r["kind"], r["bot"], r["team"], r["tokens"],
                                r["card_honor"], r["total"], bool(r["winner"]), r["renown"], acq, dft))
    seats.sort(key=lambda s: (s.seat < 0, s.seat))
    return MatchDetail(m["id"], m["status"], m["started_at"], m["ended_at"], _split(m["sets"]),
                       _split(m["variant"]), m["players"], m["seed"], m["engine_version"], m["turns"],
                       bool(m["capped"]), bool(m["assisted"]), m["options"] or {}, m["setup"] or {},
                       list(m["answers"] or []), seats)


def _cards_for(session, ids: list[int]) -> dict[tuple[int, int], tuple[dict, dict]]:
    out: dict[tuple[int, int], tuple[dict, dict]] = {}
    if not ids:
        return out
    for mid, seat, card, acq, dft in session.execute(
            select(C.match_id, C.seat, C.card, C.acquired, C.defeated).where(C.match_id.in_(ids))
            .order_by(C.match_id, C.seat, C.card)):
        a, d = out.setdefault((mid, seat), ({}, {}))
        if acq:
            a[card] = acq
        if dft:
            d[card] = dft
    return out


# ---------------------------------------------------------------------------- statistics
@dataclass
class Breakdown:
    key: str
    games: int
    wins: int
    bot: str | None = None   # by opponent: the bot kind this row stands for (None: a person)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class HeadToHead:
    opponent: str
    games: int
    my_wins: int
    their_wins: int
    bot: str | None = None   # the bot kind this row stands for (None: a person)


@dataclass
class CardStat:
    card: str
    copies: int        # acquired (or defeated) over all games
    games: int         # games in which the player acquired (defeated) it at least once
    wins: int          # ... and won

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class TrendPoint:
    match_id: int
    started_at: datetime
    score: int
    won: bool


@dataclass
class PlayerStats:
    player: str
    games: int = 0
    wins: int = 0
    abandoned: int = 0
    average_score: float = 0.0
    best_score: int | None = None
    best_match: int | None = None
    current_streak: int = 0            # > 0: wins in a row up to the latest game; < 0: losses
    longest_win_streak: int = 0
    longest_loss_streak: int = 0
    by_opponent: list[Breakdown] = field(default_factory=list)
    by_sets: list[Breakdown] = field(default_factory=list)
    by_variant: list[Breakdown] = field(default_factory=list)
    by_players: list[Breakdown] = field(default_factory=list)
    by_seat: list[Breakdown] = field(default_factory=list)
    head_to_head: list[HeadToHead] = field(default_factory=list)
    top_acquired: list[CardStat] = field(default_factory=list)
    top_defeated: list[CardStat] = field(default_factory=list)
    trend: list[TrendPoint] = field(default_factory=list)
    cards_over: int = 0                # the latest games the card statistics cover

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict:
        d = asdict(self)
        d["win_rate"] = round(self.win_rate, 4)
        for key in ("by_opponent", "by_sets", "by_variant", "by_players", "by_seat"):
            for row, b in zip(d[key], getattr(self, key)):
                row["win_rate"] = round(b.win_rate, 4)
        for key in ("top_acquired", "top_defeated"):
            for row, c in zip(d[key], getattr(self, key)):
                row["win_rate"] = round(c.win_rate, 4)
        for p in d["trend"]:
            p["started_at"] = _iso(p["started_at"])
        return d


def _wins(col):
    return func.sum(case((col, 1), else_=0))


CARD_GAMES = 2000   # card statistics cover the player's latest games, at most this many


def player_stats(session, player: str, filt: MatchFilter | None = None, *, top: int = 15,
                 card_games: int = CARD_GAMES) -> PlayerStats:
    """Everything the statistics page shows for ``player`` (finished games; ``filt`` narrows).

    Five queries whatever the history's size: the per-(set mix, variant, player count, seat)
    totals, the game-by-game sequence (trend, streaks), abandoned games, opponents, and cards —
    the last over the latest ``card_games`` games only, so that a 100,000-game history does not
    aggregate millions of card rows (``cards_over`` says how many games they cover)."""
    f = _filter(filt).model_copy(update={"status": FINISHED, "player": player, "result": None})
    me = Seat.__table__.alias("me")
    joined = me.join(Match.__table__, M.id == me.c.match_id)
    where = [*_own_seat(f, me), *_where(f)]
    st = PlayerStats(player)

    groups = session.execute(
        select(M.sets, M.variant, M.players, me.c.seat, func.count(), _wins(me.c.winner), func.sum(cast(me.c.total, Float)),
               func.max(me.c.total)).select_from(joined).where(*where)
        .group_by(M.sets, M.variant, M.players, me.c.seat)).all()
    af = f.model_copy(update={"status": ABANDONED})
    st.abandoned = session.execute(select(func.count()).select_from(joined)
                                   .where(*_own_seat(af, me), *_where(af))).scalar_one()
    if not groups:
        return st
    tallies: dict[str, dict] = {k: {} for k in ("sets", "variant", "players", "seat")}
    total_score = 0.0   # summed as floats: SQLite's sum of whole numbers fails at 2**63 (totals another tool wrote)
    for sets, variant, players, seat, n, wins, score, best in groups:
        wins = int(wins or 0)
        st.games += n
        st.wins += wins
        total_score += score or 0.0
        st.best_score = best if st.best_score is None else max(st.best_score, best)
        for dim, key in (("sets", " + ".join(_split(sets))), ("variant", " + ".join(_split(variant)) or "none"),
                         ("players", players), ("seat", seat + 1)):
            g, w = tallies[dim].get(key, (0, 0))
            tallies[dim][key] = (g + n, w + wins)
    st.average_score = round(total_score / st.games, 2)

    def breakdown(dim, numeric=False):
        rows = [Breakdown(str(k), g, w) for k, (g, w) in tallies[dim].items()]
        return sorted(rows, key=(lambda b: int(b.key)) if numeric else (lambda b: (-b.games, b.key)))

    st.by_sets, st.by_variant = breakdown("sets"), breakdown("variant")
    st.by_players, st.by_seat = breakdown("players", True), breakdown("seat", True)

    seq = session.execute(select(M.id, M.started_at, me.c.total, me.c.winner).select_from(joined)
                          .where(*where).order_by(M.started_at, M.id)).all()
    st.trend = [TrendPoint(i, t, score, bool(w)) for i, t, score, w in seq]
    st.best_match = next(p.match_id for p in st.trend if p.score == st.best_score)
    run = 0
    for p in st.trend:
        if p.won:
            run = run + 1 if run > 0 else 1
            st.longest_win_streak = max(st.longest_win_streak, run)
        else:
            run = run - 1 if run < 0 else -1
            st.longest_loss_streak = max(st.longest_loss_streak, -run)
    st.current_streak = run

    # Opponents: every other seat that is not a teammate; bots grouped by kind/difficulty.
    o = Seat.__table__.alias("o")
    is_bot = and_(o.c.kind == "bot", o.c.bot.is_not(None))
    label = case((is_bot, o.c.bot + literal(" bot")), else_=o.c.name)
    bot = case((is_bot, o.c.bot), else_=literal(None))
    rival = and_(o.c.match_id == me.c.match_id, o.c.seat != me.c.seat,
                 or_(o.c.team.is_(None), me.c.team.is_(None), o.c.team != me.c.team))
    rows = session.execute(
        select(label, bot, func.count(func.distinct(me.c.match_id)),
               func.count(func.distinct(case((me.c.winner, me.c.match_id)))),
               func.count(func.distinct(case((o.c.winner, o.c.match_id)))))
        .select_from(joined.join(o, rival)).where(*where).group_by(label, bot)
        .order_by(func.count(func.distinct(me.c.match_id)).desc(), label)).all()
    st.by_opponent = [Breakdown(k, n, w, b) for k, b, n, w, _lost in rows]
    st.head_to_head = [HeadToHead(k, n, w, t, b) for k, b, n, w, t in rows]

    # Cards, acquired and defeated, in one pass over the latest games' card rows.
    card_where = list(where)
    st.cards_over = min(len(st.trend), card_games)
    if len(st.trend) > card_games:
        card_where.append(M.started_at >= st.trend[-card_games].started_at)
        st.cards_over = sum(1 for p in st.trend if p.started_at >= st.trend[-card_games].started_at)
    c = SeatCard.__table__.alias("c")
    took, beat = c.c.acquired > 0, c.c.defeated > 0
    rows = session.execute(
        select(c.c.card, func.sum(c.c.acquired), _wins(took), _wins(and_(took, me.c.winner)),
               func.sum(c.c.defeated), _wins(beat), _wins(and_(beat, me.c.winner)))
        .select_from(joined.join(c, and_(c.c.match_id == me.c.match_id, c.c.seat == me.c.seat)))
        .where(*card_where).group_by(c.c.card)).all()
    acquired = [CardStat(k, int(a), int(ag), int(aw)) for k, a, ag, aw, *_defeats in rows if a]
    defeated = [CardStat(k, int(d), int(dg), int(dw)) for k, *_acquired, d, dg, dw in rows if d]
    st.top_acquired = sorted(acquired, key=lambda x: (-x.copies, x.card))[:top]
    st.top_defeated = sorted(defeated, key=lambda x: (-x.copies, x.card))[:top]
    return st


# ---------------------------------------------------------------------------- export
CSV_COLUMNS = ["match_id", "status", "started_at", "ended_at", "sets", "variants", "players", "seed",
               "engine_version", "turns", "capped", "assisted", "seat", "name", "kind", "bot", "team",
               "tokens", "card_honor", "total", "winner"]


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell):
    """A text cell a spreadsheet will show as text, not run as a formula (a player named
    ``=HYPERLINK(...)``): OWASP's advice, a leading single quote. Numbers are left as they are."""
    return "'" + cell if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) else cell


def iter_export(session, filt: MatchFilter | None = None, *, sort: str = "date", batch: int = 500,
                replay: bool = False):
    """Matches as JSON-able dicts (seats with their cards), ``batch`` at a time from the database."""
    f = _filter(filt)
    offset = 0
    while True:
        page = list_matches(session, f, sort=sort, offset=offset, limit=batch)
        if not page:
            return
        ids = [m.id for m in page]
        cards = _cards_for(session, ids)
        extra = {}
        q = select(M.id, M.seed, M.engine_version, M.options).where(M.id.in_(ids))
        for mid, seed, version, options in session.execute(q):
            extra[mid] = {"seed": seed, "engine_version": version, "options": options or {}}
        renown = {(mid, n): r for mid, n, r in session.execute(   # (the Legendary Track's, where it was played)
            select(S.match_id, S.seat, S.renown).where(S.match_id.in_(ids), S.renown.is_not(None)))}
        if replay:
            for mid, setup, answers in session.execute(select(R.match_id, R.setup, R.answers).where(R.match_id.in_(ids))):
                extra[mid].update(setup=setup, answers=answers)
        for m in page:
            d = {"id": m.id, "status": m.status, "started_at": _iso(m.started_at), "ended_at": _iso(m.ended_at),
                 "sets": m.sets, "variants": m.variants, "players": m.players, "turns": m.turns,
                 "capped": m.capped, "assisted": m.assisted, **extra[m.id], "seats": []}
            for s in m.seats:
                acq, dft = cards.get((m.id, s.seat), ({}, {}))
                d["seats"].append({**asdict(s), "renown": renown.get((m.id, s.seat)), "acquired": acq, "defeated": dft})
            yield d
        offset += len(page)
        if len(page) < batch:
            return


EXPORT_FORMATS = ("csv", "json", "bgstats")


def export_matches(session, out: IO[str], fmt: Literal["csv", "json", "bgstats"] = "csv",
                   filt: MatchFilter | None = None, *, sort: str = "date", replay: bool = False,
                   me: str | None = None) -> int:
    """Write the filtered matches to ``out``; returns how many. CSV: one row per seat (a match
    has as many rows as seats, its columns repeated; text a spreadsheet would take for a formula
    starts with a quote, see :func:`spreadsheet_safe`); JSON: a list of matches with nested
    seats, their cards, and with ``replay`` the setup and answers; bgstats: the document the
    BG Stats app imports (finished matches only; ``me``: whose app it is, see :mod:`.bgstats`)."""
    n = 0
    if fmt == "bgstats":
        from .bgstats import document
        doc = document(iter_export(session, filt, sort=sort), me)
        json.dump(doc, out, ensure_ascii=False, indent=1)
        out.write("\n")
        return len(doc["plays"])
    if fmt == "csv":
        w = csv.writer(out, lineterminator="\n")
        w.writerow(CSV_COLUMNS)
        for d in iter_export(session, filt, sort=sort):
            n += 1
            for s in d["seats"]:
                row = [d["id"], d["status"], d["started_at"], d["ended_at"], " ".join(d["sets"]),
                       " ".join(d["variants"]), d["players"], d["seed"], d["engine_version"], d["turns"],
                       int(d["capped"]), int(d["assisted"]), s["seat"], s["name"], s["kind"], s["bot"] or "",
                       "" if s["team"] is None else s["team"], s["tokens"], s["card_honor"], s["total"],
                       int(s["winner"])]
                w.writerow([spreadsheet_safe(cell) for cell in row])
        return n
    if fmt != "json":
        raise ValueError(_("unknown export format '{format}' (choose from {formats})").format(
            format=fmt, formats=", ".join(EXPORT_FORMATS)))
    out.write("[")
    for d in iter_export(session, filt, sort=sort, replay=replay):
        out.write(",\n" if n else "\n")
        out.write(json.dumps(d, ensure_ascii=False))
        n += 1
    out.write("\n]\n" if n else "]\n")
    return n


def export_text(session, fmt: str = "csv", filt: MatchFilter | None = None, **kw) -> str:
    buf = io.StringIO()
    export_matches(session, buf, fmt, filt, **kw)
    return buf.getvalue()
