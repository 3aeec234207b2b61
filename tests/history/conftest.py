"""Fixtures for the history tests: each backend (SQLite in memory, an SQLite file, PostgreSQL)
and records of real games. The PostgreSQL variants need ASCENSION_TEST_PG_URL (.ci/run starts
a server and sets it); without it they are skipped, never passed. Each PostgreSQL test gets a
schema of its own, dropped afterwards, so tests cannot see each other's rows."""
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")   # before Qt is imported anywhere

import uuid  # noqa: E402

import pytest  # noqa: E402
import sqlalchemy as sa  # noqa: E402

from ascension.ui.history import open_history  # noqa: E402
from ascension.ui.history.recording import close_all, simulated_records  # noqa: E402
from history_helpers import T0  # noqa: E402

PG_ENV = "ASCENSION_TEST_PG_URL"
BACKENDS = ["sqlite-memory", "sqlite-file", "postgresql"]
PERSISTENT = ["sqlite-file", "postgresql"]   # backends another process can open


def pg_url_or_skip() -> str:
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.skip(f"no PostgreSQL server: set {PG_ENV} (.ci/run starts one) to run this variant")
    return url


@pytest.fixture
def pg_schema_url():
    """A PostgreSQL URL whose connections use a fresh schema of their own."""
    base = sa.make_url(pg_url_or_skip())
    if base.drivername in ("postgresql", "postgres"):
        base = base.set(drivername="postgresql+psycopg")
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(base)
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    url = base.update_query_dict({"options": f"-csearch_path={schema}"})
    yield url.render_as_string(hide_password=False)
    close_all()
    with admin.begin() as conn:
        conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


def target(backend: str, tmp_path, request) -> str:
    if backend == "sqlite-memory":
        return "sqlite://"
    if backend == "sqlite-file":
        return str(tmp_path / "history.sqlite3")
    return request.getfixturevalue("pg_schema_url")


@pytest.fixture(params=BACKENDS)
def db(request, tmp_path):
    """Where a history lives, for each backend."""
    yield target(request.param, tmp_path, request)
    close_all()


@pytest.fixture(params=PERSISTENT)
def persistent_db(request, tmp_path):
    yield target(request.param, tmp_path, request)
    close_all()


@pytest.fixture
def history(db):
    h = open_history(db)
    yield h
    h.close()


@pytest.fixture
def session(history):
    with history.session() as s:
        yield s


@pytest.fixture(scope="session")
def real_records():
    """History records of real simulated games: 2 players, 3 players, solo against Samael, teams."""
    from ascension.core.sim import simulate
    out = []
    for bots, variants, seed in ((["greedy", "random"], [], 1), (["greedy", "greedy", "random"], [], 2),
                                 (["greedy"], ["samael"], 3), (["greedy", "random", "greedy", "random"], ["teams"], 4)):
        r = simulate(["10th"], bots, 2, seed=seed, variants=variants, keep_records=True)
        out += simulated_records(r["records"], start=T0)
    return out
