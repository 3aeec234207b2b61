# Sourced by .ci/run: a throwaway PostgreSQL server on loopback for the history tests.
# Installs Debian's postgresql package when no server binaries are present, creates a cluster
# in a temporary folder owned by the postgres user (trust authentication, 127.0.0.1 only),
# starts it, creates a database and exports ASCENSION_TEST_PG_URL. The server is stopped and
# its folder removed when the calling shell exits. Without this, the PostgreSQL variants of the
# history tests report as skipped.
# Usage: source .ci/postgres.sh   (as root, or as a user who can run the server binaries)

_pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
if [ -z "$(_pg_bin)" ] || [ ! -x "$(_pg_bin)/initdb" ]; then
  echo "installing postgresql (Debian package) for the history tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq postgresql >/dev/null
fi
PG_BIN="$(_pg_bin)"
PG_DIR="$(mktemp -d /tmp/ascension-pg.XXXXXX)"
if [ "$(id -u)" = 0 ]; then
  chown postgres:postgres "$PG_DIR"
  _pg_as() { runuser -u postgres -- "$@"; }
else
  _pg_as() { "$@"; }
fi
PG_PORT="${ASCENSION_PG_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')}"
_pg_as "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust -E UTF8 >/dev/null
_pg_as "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off" start >/dev/null
_pg_stop() { _pg_as "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$PG_DIR"; }
trap _pg_stop EXIT
_pg_as "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres ascension_test
export ASCENSION_TEST_PG_URL="postgresql+psycopg://postgres@127.0.0.1:$PG_PORT/ascension_test"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT for the history tests" >&2
