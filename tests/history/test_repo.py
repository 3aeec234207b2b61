"""Repository functions, on SQLite in memory, an SQLite file and PostgreSQL (the same tests)."""
import csv
import io
import json
from datetime import date, datetime, timedelta

import pytest
import sqlalchemy as sa
from pydantic import ValidationError

from ascension.core.match import replay
from ascension.ui.history import repo
from ascension.ui.history.models import Match, MatchReplay, Seat, SeatCard
from ascension.ui.history.records import MatchRecord
from ascension.ui.history.repo import MatchFilter

from history_helpers import T0, make_record, seat


def counts(session):
    return {t.__tablename__: session.execute(sa.select(sa.func.count()).select_from(t)).scalar_one()
            for t in (Match, MatchReplay, Seat, SeatCard)}


def test_a_real_game_round_trips(session, real_records):
    rec = real_records[0]
    mid = repo.record_game(session, rec)
    d = repo.get_match(session, mid)
    assert d.status == "finished" and d.sets == ["10th"] and d.players == 2
    assert d.seed == rec.seed and d.answers == rec.answers and d.setup == rec.setup
    assert d.engine_version == rec.engine_version and d.turns == rec.turns
    game = replay(d.setup, d.answers)   # what is stored replays to what is stored
    assert game.over
    by_seat = {s.seat: s for s in d.seats}
    for row in game.scores():
        s = by_seat[row["seat"]]
        assert (s.tokens, s.card_honor, s.total) == (row["tokens"], row["cards"], row["total"])
        assert s.winner == (row["seat"] in game.winners())
    acquired = sum(1 for ev in game.log if ev.kind == "acquired")
    defeated = sum(1 for ev in game.log if ev.kind == "defeated")
    assert sum(sum(s.acquired.values()) for s in d.seats) == acquired > 0
    assert sum(sum(s.defeated.values()) for s in d.seats) == defeated > 0
    assert [s.kind for s in d.seats] == ["bot", "bot"] and d.seats[0].bot == "greedy"


def test_villain_and_teams_are_seats(session, real_records):
    ids = [repo.record_game(session, r) for r in real_records]
    solo = [repo.get_match(session, i) for i in ids if repo.get_match(session, i).variants == ["samael"]]
    assert solo and all(m.players == 1 and m.seats[-1].seat == -1 and m.seats[-1].kind == "villain"
                        and m.seats[-1].name == "Samael" for m in solo)
    teams = [m for m in (repo.get_match(session, i) for i in ids) if m.variants == ["teams"]]
    assert teams and all(m.players == 4 and {s.team for s in m.seats} == {0, 1} for m in teams)
    for m in teams:   # teammates sit across and win together
        assert m.seats[0].team == m.seats[2].team and m.seats[0].winner == m.seats[2].winner
        assert m.options["sides"] == [[0, 2], [1, 3]]


def test_validation_refuses_bad_records(session):
    for bad in (make_record(seats=[seat(0, "Ann", winner=True, tokens=1, cards=1) | {"total": 5}]),
                make_record(seats=[seat(0, "Ann"), seat(1, "Bob")]),                 # finished, no winner
                make_record(seats=[seat(0, "Ann", winner=True), seat(2, "Bob")]),     # seat numbers skip
                make_record(seats=[seat(0, "Bot", "bot", None, winner=True)]),        # a bot of no kind
                make_record(ended_at=T0 - timedelta(days=1)),
                make_record(status="abandoned"),                                      # abandoned with a winner
                make_record(seed=2 ** 64),
                make_record(extra="field")):
        with pytest.raises(ValidationError):
            repo.record_game(session, bad)
    assert counts(session)["match"] == 0


def test_a_failed_write_leaves_nothing(session, monkeypatch):
    real = session.execute

    def failing(stmt, *a, **k):
        if getattr(stmt, "table", None) is SeatCard.__table__:
            raise RuntimeError("disk full")
        return real(stmt, *a, **k)
    monkeypatch.setattr(session, "execute", failing)
    with pytest.raises(RuntimeError):
        repo.record_game(session, make_record())
    monkeypatch.undo()
    assert counts(session) == {"match": 0, "match_replay": 0, "seat": 0, "seat_card": 0}
    repo.record_game(session, make_record())   # the session is usable again
    assert counts(session)["match"] == 1


def test_abandoned_games_are_kept_apart(session):
    repo.record_game(session, make_record(0))
    rec = make_record(1)
    mid = repo.record_abandoned(session, rec)   # winner flags are dropped
    assert repo.count_matches(session) == 1
    assert repo.count_matches(session, MatchFilter(status="abandoned")) == 1
    assert repo.count_matches(session, MatchFilter(status="all")) == 2
    d = repo.get_match(session, mid)
    assert d.status == "abandoned" and not any(s.winner for s in d.seats)
    st = repo.player_stats(session, "Ann")
    assert st.games == 1 and st.abandoned == 1


def test_a_game_recorded_again_takes_the_place_of_its_abandoned_record(session):
    """Left (abandoned), then loaded from a save and left again, then finished: one row, the last.
    A finished game loaded from its save once more is recorded again: still one row, the same."""
    def rows():
        page = repo.list_matches(session, MatchFilter(status="all"))
        return [(m.status, repo.get_match(session, m.id).answers) for m in page]
    repo.record_abandoned(session, make_record(1, answers=[0]))
    repo.record_abandoned(session, make_record(1, answers=[0, 1]))
    assert rows() == [("abandoned", [0, 1])]
    finished = repo.record_game(session, make_record(1))
    assert rows() == [("finished", [0, 1, 2])]
    other_start = repo.record_abandoned(session, make_record(1, started=T0 + timedelta(hours=1)))   # another game
    assert repo.record_game(session, make_record(1)) == finished   # a finished one is neither replaced nor doubled
    assert repo.count_matches(session, MatchFilter(status="all")) == 2 and repo.get_match(session, other_start)


def test_an_earlier_position_of_a_game_the_history_holds_further_on_is_that_row(session):
    """A stale autosave (the disk was full for the last moves) or an older save of a game, left
    again, took the place of the longer record: the moves after it were gone from the history;
    one of a finished game was a second row for it."""
    def rows():
        page = repo.list_matches(session, MatchFilter(status="all"))
        return sorted((m.status, repo.get_match(session, m.id).answers) for m in page)
    longer = repo.record_abandoned(session, make_record(1, answers=[0, 1, 2, 0]))
    assert repo.record_abandoned(session, make_record(1, answers=[0, 1])) == longer
    assert rows() == [("abandoned", [0, 1, 2, 0])]
    finished = repo.record_game(session, make_record(2))
    assert repo.record_abandoned(session, make_record(2, answers=[0])) == finished
    assert rows() == [("abandoned", [0, 1, 2, 0]), ("finished", [0, 1, 2])]
    fork = repo.record_abandoned(session, make_record(2, answers=[0, 2]))   # played on otherwise: another game
    assert fork != finished and len(rows()) == 3


def test_one_save_finished_twice_with_other_answers_is_two_games(session):
    """Two programs played one autosave on after a crash and finished it differently: the second
    result was dropped (the same seed and start) while its program said "recorded"."""
    first = repo.record_game(session, make_record(1, answers=[0, 1, 2]))
    second = repo.record_game(session, make_record(1, answers=[0, 1, 3]))
    assert second != first and repo.get_match(session, second).answers == [0, 1, 3]
    assert repo.record_game(session, make_record(1, answers=[0, 1, 3])) == second   # each once


def test_a_batch_run_again_with_its_seed_stores_no_game_twice(session):
    """A `simulate --record` stopped midway and run again with its seed (as its own message
    advises) recorded every game played before the stop a second time."""
    first = repo.record_many(session, [make_record(k) for k in range(3)])
    again = repo.record_many(session, [make_record(k) for k in range(5)])
    assert again[:3] == first and len(set(again)) == 5
    assert repo.count_matches(session, MatchFilter(status="all")) == 5
    other = repo.record_many(session, [make_record(0, answers=[0, 1, 3])])   # that seed, another game
    assert other[0] not in again and repo.count_matches(session, MatchFilter(status="all")) == 6


def _history(session):
    """Six finished games of Ann's with known results, opponents, sets, variants and sizes."""
    g = [
        # k, Ann wins?, opponent seats, sets, variants
        (0, True, [seat(1, "Greedy bot", "bot", "greedy")], ("10th",), ()),
        (1, False, [seat(1, "Bob", winner=True)], ("10th", "cotg"), ()),
        (2, True, [seat(1, "Bob")], ("10th",), ()),
        (3, True, [seat(1, "Random bot", "bot", "random")], ("cotg",), ()),
        (4, False, [seat(1, "Bob", winner=True), seat(2, "Greedy bot", "bot", "greedy")], ("10th",), ()),
        (5, False, [seat(-1, "Samael", "villain", winner=True)], ("10th",), ("samael",)),
    ]
    ids = []
    for k, won, others, sets, variants in g:
        ann = seat(0, "Ann", tokens=10 + k, cards=10, winner=won,
                   acquired={"Mystic": 2, "Arha Templar": 1} if won else {"Mystic": 1},
                   defeated={"Cultist": k})
        ids.append(repo.record_game(session, make_record(k, [ann] + others, sets, variants)))
    return ids


def test_list_filters_sort_and_pages(session):
    ids = _history(session)
    f = lambda **kw: [m.id for m in repo.list_matches(session, MatchFilter(**kw), sort="date")]
    assert f() == ids
    assert f(sets=["cotg"]) == [ids[1], ids[3]]
    assert f(sets=["10th", "cotg"]) == [ids[1]]
    assert f(variant="samael") == [ids[5]] and f(variant="") == ids[:5]
    assert f(players=3) == [ids[4]] and f(players=1) == [ids[5]]
    assert f(opponent="Bob") == [ids[1], ids[2], ids[4]]
    assert f(opponent="greedy") == [ids[0], ids[4]]          # a bot kind / difficulty
    assert f(opponent="Ann", player="Ann") == []              # oneself is no opponent
    assert f(player="Ann", result="win") == [ids[0], ids[2], ids[3]]
    assert f(player="Ann", result="loss") == [ids[1], ids[4], ids[5]]
    assert f(since=T0 + timedelta(days=2), until=T0 + timedelta(days=4)) == [ids[2], ids[3]]
    assert f(since=(T0 + timedelta(days=1)).date(), until=(T0 + timedelta(days=1)).date()) == [ids[1]]
    assert f(opponent="Bob", player="Ann", result="win", sets=["10th"]) == [ids[2]]
    with pytest.raises(ValueError):
        repo.count_matches(session, MatchFilter(result="win"))   # whose win?
    assert repo.count_matches(session, MatchFilter(opponent="Bob")) == 3
    # sorting and pages
    newest = [m.id for m in repo.list_matches(session)]
    assert newest == ids[::-1]
    pages = [m.id for k in range(3) for m in repo.list_matches(session, offset=2 * k, limit=2)]
    assert pages == newest
    by_players = [m.players for m in repo.list_matches(session, sort="-players")]
    assert by_players == sorted(by_players, reverse=True)
    assert [m.turns for m in repo.list_matches(session, sort="turns")] == sorted(20 + k for k in range(6))
    with pytest.raises(ValueError):
        repo.list_matches(session, sort="nope")
    page = repo.list_matches(session, MatchFilter(player="Ann"), sort="date")
    assert [m.result_for("Ann") for m in page] == ["win", "loss", "win", "win", "loss", "loss"]
    assert page[4].seats[0].name == "Ann" and [s.name for s in page[4].winners] == ["Bob"]


def test_player_statistics(session):
    ids = _history(session)
    st = repo.player_stats(session, "Ann")
    assert (st.games, st.wins) == (6, 3) and st.win_rate == 0.5
    assert st.best_score == 25 and st.best_match == ids[5]
    assert st.average_score == pytest.approx(sum(20 + k for k in range(6)) / 6, abs=0.01)
    assert [(p.score, p.won) for p in st.trend] == [(20 + k, k in (0, 2, 3)) for k in range(6)]
    assert st.current_streak == -2 and st.longest_win_streak == 2 and st.longest_loss_streak == 2
    opp = {b.key: (b.games, b.wins) for b in st.by_opponent}
    assert opp == {"Bob": (3, 1), "greedy bot": (2, 1), "random bot": (1, 1), "Samael": (1, 0)}
    h2h = {h.opponent: (h.games, h.my_wins, h.their_wins) for h in st.head_to_head}
    assert h2h["Bob"] == (3, 1, 2) and h2h["greedy bot"] == (2, 1, 0) and h2h["Samael"] == (1, 0, 1)
    # which rows are bots is data on the row, not read back from the key's words
    assert {h.opponent: h.bot for h in st.head_to_head} == {"Bob": None, "greedy bot": "greedy",
                                                            "random bot": "random", "Samael": None}
    assert {b.key: b.bot for b in st.by_opponent} == {h.opponent: h.bot for h in st.head_to_head}
    assert {b.key: (b.games, b.wins) for b in st.by_sets} == {"10th": (4, 2), "10th + cotg": (1, 0), "cotg": (1, 1)}
    assert {b.key: (b.games, b.wins) for b in st.by_variant} == {"none": (5, 3), "samael": (1, 0)}
    assert {b.key: (b.games, b.wins) for b in st.by_players} == {"2": (4, 3), "3": (1, 0), "1": (1, 0)}
    assert [(b.key, b.games) for b in st.by_seat] == [("1", 6)]
    cards = {c.card: (c.copies, c.games, c.wins) for c in st.top_acquired}
    assert cards == {"Mystic": (9, 6, 3), "Arha Templar": (3, 3, 3)}
    assert st.top_acquired[0].card == "Mystic" and st.top_acquired[1].win_rate == 1.0
    assert {c.card: (c.copies, c.games) for c in st.top_defeated} == {"Cultist": (15, 5)}
    bob = repo.player_stats(session, "Bob")
    assert (bob.games, bob.wins) == (3, 2)
    # filters narrow the statistics
    assert repo.player_stats(session, "Ann", MatchFilter(sets=["cotg"])).games == 2
    assert repo.player_stats(session, "Nobody").games == 0
    json.dumps(st.to_json())


def test_teammates_are_not_opponents(session):
    seats = [seat(0, "Ann", team=0, winner=True), seat(1, "Bob", team=1), seat(2, "Cid", team=0, winner=True),
             seat(3, "Dee", team=1)]
    repo.record_game(session, make_record(0, seats, variants=("teams",)))
    st = repo.player_stats(session, "Ann")
    assert {b.key for b in st.by_opponent} == {"Bob", "Dee"}


def test_delete_removes_everything_of_a_match(session):
    ids = _history(session)
    before = counts(session)
    assert repo.delete_match(session, ids[4])
    assert not repo.delete_match(session, ids[4])
    after = counts(session)
    assert after["match"] == before["match"] - 1 and after["seat"] == before["seat"] - 3
    assert after["match_replay"] == before["match_replay"] - 1
    assert after["seat_card"] < before["seat_card"]
    assert repo.get_match(session, ids[4]) is None
    orphans = session.execute(sa.select(sa.func.count()).select_from(SeatCard).where(
        SeatCard.match_id == ids[4])).scalar_one()
    assert orphans == 0


def test_csv_and_json_export_read_back(session, real_records):
    ids = [repo.record_game(session, r) for r in real_records]
    f = MatchFilter(players=2)
    text = repo.export_text(session, "csv", f)
    rows = list(csv.DictReader(io.StringIO(text)))
    expected = [repo.get_match(session, i) for i in ids]
    expected = [m for m in expected if m.players == 2]
    assert [int(r["match_id"]) for r in rows] == [m.id for m in expected for _ in m.seats]
    for r in rows:
        m = next(x for x in expected if x.id == int(r["match_id"]))
        s = next(x for x in m.seats if x.seat == int(r["seat"]))
        assert (r["name"], r["kind"], r["bot"]) == (s.name, s.kind, s.bot or "")
        assert (int(r["tokens"]), int(r["card_honor"]), int(r["total"]), r["winner"]) == (
            s.tokens, s.card_honor, s.total, str(int(s.winner)))
        assert int(r["seed"]) == m.seed and r["sets"] == "10th" and int(r["turns"]) == m.turns
        assert datetime.fromisoformat(r["started_at"]).replace(tzinfo=None) == m.started_at
    data = json.loads(repo.export_text(session, "json", MatchFilter(status="all"), replay=True))
    assert [d["id"] for d in data] == ids
    for d in data:
        m = repo.get_match(session, d["id"])
        assert d["answers"] == m.answers and d["setup"] == m.setup and d["seed"] == m.seed
        assert [(s["name"], s["total"], s["winner"], s["acquired"], s["defeated"]) for s in d["seats"]] == [
            (s.name, s.total, s.winner, s.acquired, s.defeated) for s in m.seats]
    assert json.loads(repo.export_text(session, "json", MatchFilter(players=5))) == []
    with pytest.raises(ValueError):
        repo.export_text(session, "xml")


def test_record_many_is_all_or_nothing(session):
    recs = [make_record(k) for k in range(3)]
    ids = repo.record_many(session, recs)
    assert len(ids) == 3
    with pytest.raises(ValidationError):
        repo.record_many(session, [make_record(5), make_record(6, status="abandoned")])
    assert repo.count_matches(session, MatchFilter(status="all")) == 3


def test_facets(session):
    _history(session)
    f = repo.facets(session)
    assert f.sets == ["10th", "cotg"] and f.variants == ["", "samael"] and f.players == [1, 2, 3]
    assert {"greedy", "random", "Bob", "Ann", "Samael"} <= set(f.opponents)
    assert f.names == ["Ann", "Bob"]   # people only: Samael was offered as a "me" with a 100% win rate


def test_times_are_stored_in_utc():
    from datetime import timezone
    aware = datetime(2026, 5, 1, 14, 0, tzinfo=timezone(timedelta(hours=2)))
    rec = MatchRecord.model_validate(make_record(started=aware))
    assert rec.started_at == datetime(2026, 5, 1, 12, 0) and rec.started_at.tzinfo is None
    assert MatchFilter(since=date(2026, 5, 1)).since.tzinfo is None
