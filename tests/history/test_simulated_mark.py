"""A match no person sat at is marked simulated when stored, and histories written before the
mark (schema 2) are upgraded with every game marked as its seats say."""
import sqlalchemy as sa

from ascension.ui.history import make_engine, open_history, repo
from ascension.ui.history import migrations
from ascension.ui.history.repo import MatchFilter

from history_helpers import make_record, seat


def _second_schema_history(db) -> None:
    """A history as schema 2 wrote it: a game of Ann's against a bot, and a bots-only game."""
    engine = make_engine(db)
    with engine.begin() as conn:
        migrations.build(conn, "0002")
        for k, seats in enumerate((("'Ann', 'human', NULL", "'Bot', 'bot', 'greedy'"),
                                   ("'Greedy 1', 'bot', 'greedy'", "'Random 2', 'bot', 'random'"))):
            mid = conn.execute(sa.text(
                "INSERT INTO \"match\" (status, started_at, ended_at, sets, variant, players, seed, engine_version, "
                f"capped, options, turns, assisted) VALUES ('finished', '2025-01-0{k + 2} 10:00:00', "
                f"'2025-01-0{k + 2} 10:30:00', '10th', '', 2, {k}, '0.0.9', FALSE, '{{}}', 20, FALSE) RETURNING id"
            )).scalar_one()
            conn.execute(sa.text("INSERT INTO match_replay (match_id, setup, answers) VALUES (:m, '{}', '[]')"),
                         {"m": mid})
            conn.execute(sa.text(
                "INSERT INTO seat (match_id, seat, name, kind, bot, team, tokens, card_honor, total, winner) "
                f"VALUES (:m, 0, {seats[0]}, NULL, 30, 12, 42, TRUE), (:m, 1, {seats[1]}, NULL, 20, 10, 30, FALSE)"),
                {"m": mid})
    engine.dispose()


def names(session, games: str) -> list[list[str]]:
    return [[s.name for s in m.seats] for m in repo.list_matches(session, MatchFilter(games=games), sort="date")]


def test_a_match_without_a_person_is_stored_as_simulated(session):
    repo.record_game(session, make_record(0))
    repo.record_game(session, make_record(1, [seat(0, "Greedy 1", "bot", "greedy", winner=True),
                                              seat(1, "Samael", "villain") | {"seat": -1}]))
    assert names(session, "played") == [["Ann", "Greedy bot"]]
    assert names(session, "simulated") == [["Greedy 1", "Samael"]]
    assert len(names(session, "all")) == 2


def test_upgrading_marks_the_games_already_stored(persistent_db):
    _second_schema_history(persistent_db)
    h = open_history(persistent_db)
    assert any("upgraded from schema 2" in n for n in h.notices)
    with h.session() as s:
        assert names(s, "played") == [["Ann", "Bot"]]
        assert names(s, "simulated") == [["Greedy 1", "Random 2"]]
    h.close()
