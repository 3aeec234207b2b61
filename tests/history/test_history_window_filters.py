"""The History window shows the games a player knows as theirs: abandoned ones under "Any result",
a seat filter, simulated games apart, a match titled by what the player remembers, an export
for BG Stats, and a history it may not write opened for browsing (offscreen, pytest-qt)."""
import hashlib
import json

import pytest

from ascension.ui.desktop.history_window import DEFAULT_FILTER, FilterBar, HistoryWindow, when
from ascension.ui.history import open_history, repo

from history_helpers import make_record, seat


def bots_only(k):
    return make_record(k, [seat(0, "Greedy 1", "bot", "greedy", winner=True), seat(1, "Random 2", "bot", "random")])


GAMES = [
    make_record(0, [seat(0, "Ann", winner=True), seat(1, "Bob")]),
    make_record(1, [seat(0, "Bob", winner=True), seat(1, "Ann")], sets=("10th", "cotg")),
    make_record(2, [seat(0, "Cid", winner=True), seat(1, "Dee")]),
    make_record(3, [seat(0, "Ann"), seat(1, "Bob")], status="abandoned"),
    bots_only(4), bots_only(5), bots_only(6),
]


def fill(path):
    h = open_history(path)
    with h.session() as s:
        for g in GAMES:
            repo.record_game(s, g)
    h.close()
    return path


@pytest.fixture
def window(qtbot, tmp_path):
    w = HistoryWindow(fill(tmp_path / "h.sqlite3"), player="Ann")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.load_facets()
    yield w
    w.close()


def listed(w) -> list[repo.MatchSummary]:
    w.model.count()
    return [w.model.match_at(r) for r in range(w.model.rowCount())]


def choose(box, data):
    i = box.findData(data)
    assert i >= 0, data
    box.setCurrentIndex(i)


def test_the_filter_bar_starts_where_the_list_starts(qtbot):
    assert FilterBar().value() == DEFAULT_FILTER


def test_any_result_lists_abandoned_games_too(window):
    games = listed(window)
    assert window.filters.result.currentText() == "Any result"
    assert sorted(m.status for m in games) == ["abandoned", "finished", "finished", "finished"]
    assert any(window.model.result(m) == "Abandoned" for m in games)
    choose(window.filters.result, "abandoned")
    assert [m.status for m in listed(window)] == ["abandoned"]
    choose(window.filters.result, "win")
    assert [m.seats[0].name for m in listed(window)] == ["Ann"]


def test_the_seat_filter_is_the_players_place_at_the_table(window):
    choose(window.filters.seat, 2)
    assert [[s.name for s in m.seats] for m in listed(window)] == [["Bob", "Ann"]]
    choose(window.filters.seat, 1)
    assert len(listed(window)) == 2 and all(m.seats[0].name == "Ann" for m in listed(window))
    window.filters.clear()
    assert len(listed(window)) == 4


def test_simulated_games_are_kept_apart_and_shown_when_asked(window, qtbot):
    assert not any(all(s.kind == "bot" for s in m.seats) for m in listed(window))
    choose(window.filters.games, "simulated")
    assert len(listed(window)) == 3 and all(s.kind == "bot" for m in listed(window) for s in m.seats)
    choose(window.filters.games, "all")
    assert len(listed(window)) == 7
    window.filters.clear()
    stats = window.show_statistics()
    stats.who.setEditText("Greedy 1")
    stats._name_entered()
    qtbot.waitUntil(lambda: not stats.busy, timeout=10_000)
    assert stats.stats.games == 0   # a bot's simulated games are not in the statistics the person sees
    window.tabs.setCurrentIndex(0)
    choose(window.filters.games, "simulated")
    window.show_statistics()
    qtbot.waitUntil(lambda: not stats.busy, timeout=10_000)
    assert stats.stats.games == 3 and "filters" in stats.scope.text()


def test_a_match_is_titled_by_what_the_player_remembers(window):
    m = next(m for m in listed(window) if m.sets == ["10th", "cotg"])
    window.open_match(m.id)
    title = window.match_page.header.text().split("<br>")[0]
    assert when(m.started_at) in title and "10th + cotg" in title and "Bob vs Ann" in title
    assert "Bob won" in title and f"Match {m.id}" not in title
    left = next(m for m in listed(window) if m.status == "abandoned")
    window.open_match(left.id)
    assert "Ann vs Bob — abandoned" in window.match_page.header.text()


def test_export_for_bg_stats_writes_the_listed_finished_games(window, tmp_path):
    target = tmp_path / "plays.json"
    window.ask_save_path = lambda title, suggested, pattern: str(target)
    window.export_bgstats_btn.click()
    doc = json.loads(target.read_text(encoding="utf-8"))
    assert len(doc["plays"]) == 3 and "Exported 3 finished matches" in window.count.text()
    names = {p["id"]: p["name"] for p in doc["players"]}
    assert names[doc["userInfo"]["meRefId"]] == "Ann" and "Greedy 1" not in names.values()
    choose(window.filters.sets, "cotg")
    window.export_bgstats_btn.click()
    assert len(json.loads(target.read_text(encoding="utf-8"))["plays"]) == 1


def test_a_failed_export_says_so_and_leaves_no_file(window, tmp_path):
    window.ask_save_path = lambda title, suggested, pattern: str(tmp_path / "missing folder" / "plays.json")
    assert window.export("bgstats") is None
    assert "Export failed" in window.banner.text() and window.banner.isVisibleTo(window)
    assert f"cannot write {tmp_path / 'missing folder' / 'plays.json'}: no such file or folder" in window.banner.text()
    assert not (tmp_path / "missing folder").exists()


def test_a_failed_export_touches_no_file_of_the_players(window, tmp_path, monkeypatch):
    theirs = tmp_path / "plays.json.part"   # (once the temporary name, removed when an export failed)
    theirs.write_text("mine")

    def broken(*a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(repo, "export_matches", broken)
    window.ask_save_path = lambda title, suggested, pattern: str(tmp_path / "plays.json")
    assert window.export("bgstats") is None and "the disk is full" in window.banner.text()
    assert sorted(p.name for p in tmp_path.iterdir() if "plays" in p.name) == ["plays.json.part"]
    assert theirs.read_text() == "mine"


def test_a_history_that_cannot_be_written_is_browsed_with_delete_off(qtbot, tmp_path):
    path = fill(tmp_path / "h.sqlite3")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    w = HistoryWindow(f"sqlite:///file:{path}?mode=ro&uri=true", player="Ann")
    qtbot.addWidget(w)
    w.show()
    assert "cannot be written" in w.banner.text() and "browsing only" in w.banner.text()
    assert "--db" not in w.banner.text() and "ascension history" not in w.banner.text()   # (no command line here)
    assert w.history.read_only and len(listed(w)) == 4   # the games, not an error
    w.table.selectRow(0)
    assert w.selected_ids() and not w.delete_btn.isEnabled()
    w.confirm = lambda title, text, **_: True
    assert w.delete_selected() == 0 and len(listed(w)) == 4
    w.open_match(w.selected_ids()[0])
    assert "Ann" in w.match_page.header.text()
    w.close()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
