"""Opening a history: connection settings, default location, damaged files, newer schemas,
migrations from the first schema (SQLite and PostgreSQL)."""
import hashlib
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa

from ascension.ui.history import repo
from ascension.ui.history.db import (CorruptHistoryError, NewerSchemaError, NotAHistoryError, default_path,
                                     make_engine, open_history, resolve)
from ascension.ui.history import migrations
from ascension.ui.history.models import SCHEMA_VERSION
from ascension.ui.history.repo import MatchFilter

from history_helpers import make_record


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_every_sqlite_connection_is_wal_full_sync_with_foreign_keys(tmp_path):
    h = open_history(tmp_path / "h.sqlite3")
    for _ in range(2):   # a new connection each time, the same settings
        with h.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2   # FULL
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        h.engine.dispose()
    mem = make_engine("sqlite://")
    with mem.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_default_location_is_the_user_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("ASCENSION_HISTORY_DB", raising=False)
    monkeypatch.setenv("ASCENSION_DATA_DIR", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "history.sqlite3"
    h = open_history()
    assert h.path == (tmp_path / "data" / "history.sqlite3").resolve() and h.path.exists()
    h.close()
    monkeypatch.delenv("ASCENSION_DATA_DIR")
    from ascension.core.folders import data_dir
    assert default_path().parent == data_dir()
    monkeypatch.setenv("ASCENSION_HISTORY_DB", str(tmp_path / "chosen.db"))
    assert resolve(None)[1] == (tmp_path / "chosen.db").resolve()


def test_history_shares_the_autosaves_folder_and_finds_an_earlier_windows_one(tmp_path, monkeypatch):
    """On Windows platformdirs adds the author folder unless told not to; the history once was
    told not to and the autosaves were not. One folder now, and a history an earlier version
    left one folder up is still the one opened (not a new empty one beside it)."""
    import platformdirs
    from ascension.core.folders import data_dir

    def windows_like(app, appauthor=None):
        base = tmp_path / "Local" / app
        return str(base if appauthor is False else base / (appauthor or app))
    monkeypatch.setattr(platformdirs, "user_data_dir", windows_like)
    monkeypatch.delenv("ASCENSION_HISTORY_DB", raising=False)
    monkeypatch.delenv("ASCENSION_DATA_DIR", raising=False)
    assert default_path() == data_dir() / "history.sqlite3" == tmp_path / "Local/ascension-table/ascension-table/history.sqlite3"
    earlier = tmp_path / "Local/ascension-table/history.sqlite3"
    h = open_history(earlier)
    h.close()
    assert default_path() == earlier
    h = open_history()
    assert h.path == earlier.resolve()
    h.close()
    data_dir().mkdir(parents=True)
    (data_dir() / "history.sqlite3").write_bytes(earlier.read_bytes())
    assert default_path() == data_dir() / "history.sqlite3"   # once moved by the player, that one


def test_urls_and_paths():
    assert resolve("postgresql://u@localhost/x")[0].drivername == "postgresql+psycopg"
    url, path = resolve("sqlite:////some/where.db")
    assert path == Path("/some/where.db") and url.database == "/some/where.db"
    assert resolve("sqlite://")[1] is None


# ---------------------------------------------------------------------------- damaged files
def lost_first_page(path):
    """A history whose first page the disk lost (zeros where SQLite's header was)."""
    open_history(path).close()
    with open(path, "r+b") as f:
        f.write(bytes(4096))
    return path.read_bytes()


def test_a_damaged_file_is_set_aside_and_a_fresh_history_started(tmp_path):
    path = tmp_path / "h.sqlite3"
    damaged = lost_first_page(path)
    with pytest.raises(CorruptHistoryError, match="damaged"):
        open_history(path, on_corrupt="raise")
    assert path.read_bytes() == damaged           # "raise" leaves it alone
    h = open_history(path)
    assert h.set_aside is not None and h.set_aside.read_bytes() == damaged
    assert h.set_aside.name.startswith("h.sqlite3.corrupt-")
    assert any("damaged" in n and str(h.set_aside) in n for n in h.notices)
    with h.session() as s:
        repo.record_game(s, make_record())
        assert repo.count_matches(s) == 1


def test_a_damaged_page_is_detected(tmp_path):
    path = tmp_path / "h.sqlite3"
    h = open_history(path)
    with h.session() as s:
        for k in range(200):
            repo.record_game(s, make_record(k))
    h.close()
    with sqlite3.connect(path) as conn:   # fold the WAL into the file, then damage a page in the middle
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    page = 4096
    middle = (len(data) // page // 2) * page
    data[middle:middle + page] = b"\xff" * page
    path.write_bytes(bytes(data))
    with pytest.raises(CorruptHistoryError):
        open_history(path, on_corrupt="raise")
    h = open_history(path)
    assert h.set_aside is not None and h.notices
    with h.session() as s:
        assert repo.count_matches(s) == 0


def test_a_foreign_sqlite_database_is_refused_untouched(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    before = digest(path)
    with pytest.raises(NotAHistoryError, match="not an Ascension history"):
        open_history(path)
    assert digest(path) == before


# ---------------------------------------------------------------------------- versions
def _set_version(db, version):
    engine = make_engine(db)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE schema_version SET version = :v"), {"v": version})
    engine.dispose()


def test_a_newer_schema_is_refused_and_not_altered(persistent_db, tmp_path):
    h = open_history(persistent_db)
    with h.session() as s:
        repo.record_game(s, make_record())
    h.close()
    _set_version(persistent_db, SCHEMA_VERSION + 1)
    path = resolve(persistent_db)[1]
    if path is not None:
        with sqlite3.connect(path) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        before = digest(path)
    with pytest.raises(NewerSchemaError, match=rf"newer version.*schema {SCHEMA_VERSION + 1}.*not been changed"):
        open_history(persistent_db)
    if path is not None:
        assert digest(path) == before
        assert {n for n in files(path.parent) if "backup" in n or "corrupt" in n} == set()
    engine = make_engine(persistent_db)   # still the newer version, the game still there
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT version FROM schema_version")).scalar() == SCHEMA_VERSION + 1
        assert conn.execute(sa.text('SELECT count(*) FROM "match"')).scalar() == 1
    engine.dispose()


def _first_schema_history(db) -> int:
    """A database exactly as version 1 wrote it (releases from before Alembic kept only
    ``schema_version``), with one game in it."""
    engine = make_engine(db)
    with engine.begin() as conn:
        migrations.build(conn, "0001")
        conn.execute(sa.text("DROP TABLE alembic_version"))
        mid = conn.execute(sa.text(
            "INSERT INTO \"match\" (status, started_at, ended_at, sets, variant, players, seed, engine_version, "
            "capped, options) VALUES ('finished', '2025-01-02 10:00:00', '2025-01-02 10:30:00', '10th', '', 2, "
            "77, '0.0.9', FALSE, '{\"honor_pool\": 60}') RETURNING id")).scalar_one()
        conn.execute(sa.text("INSERT INTO match_replay (match_id, setup, answers) VALUES "
                             "(:m, '{\"sets\": [\"10th\"]}', '[0, 1]')"), {"m": mid})
        conn.execute(sa.text(
            "INSERT INTO seat (match_id, seat, name, kind, bot, team, tokens, card_honor, total, winner) VALUES "
            "(:m, 0, 'Ann', 'human', NULL, NULL, 30, 12, 42, TRUE), (:m, 1, 'Bot', 'bot', 'greedy', NULL, 20, 10, 30, FALSE)"),
            {"m": mid})
        conn.execute(sa.text("INSERT INTO seat_card (match_id, seat, card, acquired, defeated) VALUES "
                             "(:m, 0, 'Mystic', 3, 0), (:m, 1, 'Cultist', 0, 2)"), {"m": mid})
    engine.dispose()
    return mid


def _schema(db) -> dict:
    engine = make_engine(db)
    insp = sa.inspect(engine)
    out = {}
    for t in sorted(insp.get_table_names()):
        out[t] = ({c["name"]: (str(c["type"]).split("(")[0], c["nullable"]) for c in insp.get_columns(t)},
                  sorted(i["name"] for i in insp.get_indexes(t)),
                  sorted(tuple(fk["constrained_columns"]) for fk in insp.get_foreign_keys(t)))
    engine.dispose()
    return out


def test_migrating_from_the_first_schema(persistent_db, pg_or_tmp):
    mid = _first_schema_history(persistent_db)
    h = open_history(persistent_db)
    path = resolve(persistent_db)[1]
    if path is not None:   # a backup copy of the old file, taken first, still at version 1
        assert h.backup is not None and h.backup.exists() and "v1-backup" in h.backup.name
        with sqlite3.connect(h.backup) as conn:
            assert conn.execute("SELECT version FROM schema_version").fetchone() == (1,)
            assert conn.execute("SELECT count(*) FROM seat").fetchone() == (2,)
    assert any("upgraded from schema 1" in n for n in h.notices)
    with h.session() as s:
        d = repo.get_match(s, mid)
        assert d.seed == 77 and d.turns == 0 and d.assisted is False and d.engine_version == "0.0.9"
        assert [(x.name, x.total, x.winner, x.renown) for x in d.seats] == [("Ann", 42, True, None), ("Bot", 30, False, None)]
        assert d.seats[0].acquired == {"Mystic": 3} and d.seats[1].defeated == {"Cultist": 2}
        assert repo.player_stats(s, "Ann").wins == 1
        new = repo.record_game(s, make_record())   # and the migrated history takes new games
        assert repo.count_matches(s, MatchFilter(opponent="greedy")) == 2 and new != mid
    h.close()
    assert open_history(persistent_db).notices == []   # migrated once
    assert _revision(persistent_db) == migrations.head() == migrations.revision_of(SCHEMA_VERSION)
    migrated = _schema(persistent_db)
    fresh = _schema(pg_or_tmp)
    assert migrated == fresh


def _revision(db) -> str:
    engine = make_engine(db)
    with engine.connect() as conn:
        revision = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar_one()
    engine.dispose()
    return revision


def test_the_newest_revision_is_the_schema_the_program_writes():
    """Revision ids are schema numbers in a single line of descent, the newest one SCHEMA_VERSION."""
    chain = [s.revision for s in migrations.scripts().walk_revisions()]   # newest first
    assert chain == [migrations.revision_of(v) for v in range(SCHEMA_VERSION, 0, -1)]
    assert migrations.head() == migrations.revision_of(SCHEMA_VERSION)


def test_the_revisions_build_what_the_models_describe(persistent_db, pg_or_tmp):
    """An empty database taken through every revision equals a history created from the
    models, and Alembic's autogenerate would find nothing left to write."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext
    from sqlmodel import SQLModel
    engine = make_engine(persistent_db)
    with engine.begin() as conn:
        migrations.build(conn, "head")
        assert conn.execute(sa.text("SELECT version FROM schema_version")).scalar() == SCHEMA_VERSION
        context = MigrationContext.configure(conn, opts={"include_object": lambda o, n, t, r, c: n != "alembic_version"})
        assert compare_metadata(context, SQLModel.metadata) == []
    engine.dispose()
    assert _schema(persistent_db) == _schema(pg_or_tmp)
    h = open_history(persistent_db)   # and the program takes it as it is
    assert h.notices == [] and h.backup is None
    h.close()


def test_a_current_history_from_before_alembic_is_marked_without_an_upgrade(persistent_db):
    open_history(persistent_db).close()
    engine = make_engine(persistent_db)
    with engine.begin() as conn:
        conn.execute(sa.text("DROP TABLE alembic_version"))
    engine.dispose()
    h = open_history(persistent_db)
    assert h.notices == [] and h.backup is None
    h.close()
    assert _revision(persistent_db) == migrations.head()


def test_an_upgrade_that_fails_leaves_the_history_as_it_was(persistent_db, monkeypatch):
    mid = _first_schema_history(persistent_db)
    real = migrations.upgrade

    def upgrade_then_fail(conn, stored):
        real(conn, stored)
        raise RuntimeError("the disk went away")
    monkeypatch.setattr(migrations, "upgrade", upgrade_then_fail)
    with pytest.raises(RuntimeError, match="disk went away"):
        open_history(persistent_db)
    engine = make_engine(persistent_db)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT version FROM schema_version")).scalar() == 1
        assert not sa.inspect(conn).has_table("alembic_version")
        assert "turns" not in {c["name"] for c in sa.inspect(conn).get_columns("match")}
        assert conn.execute(sa.text('SELECT id FROM "match"')).scalar() == mid
    engine.dispose()
    monkeypatch.undo()
    h = open_history(persistent_db)   # a later start upgrades it after all
    assert any("upgraded from schema 1" in n for n in h.notices)
    h.close()


@pytest.fixture
def pg_or_tmp(persistent_db, request, tmp_path):
    """A fresh history of the same backend as persistent_db, to compare schemas with."""
    if resolve(persistent_db)[1] is not None:
        target = str(tmp_path / "fresh.sqlite3")
    else:
        target = request.getfixturevalue("pg_schema_url_2")
    open_history(target).close()
    return target


@pytest.fixture
def pg_schema_url_2(pg_schema_url):
    """A second PostgreSQL schema (pg_schema_url is the first)."""
    import uuid
    base = sa.make_url(pg_schema_url)
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(base.difference_update_query(["options"]))
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    yield base.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    with admin.begin() as conn:
        conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


def test_a_history_is_never_downgraded(tmp_path):
    """The way back from an upgrade is the backup copy taken before it, not a downgrade."""
    from alembic import command
    engine = make_engine(tmp_path / "h.sqlite3")
    with pytest.raises(NotImplementedError, match="backup copy"):
        with engine.begin() as conn:
            migrations.build(conn, "head")
            command.downgrade(migrations.alembic_config(conn), "0001")
    engine.dispose()
