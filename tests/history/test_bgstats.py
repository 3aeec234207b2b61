"""Export to BG Stats: the document the app imports, one play per finished match."""
from __future__ import annotations

import json

from ascension.ui.history import open_history
from ascension.ui.history.bgstats import BGG_ID, document
from ascension.ui.history.repo import MatchFilter, iter_export, record_game
from history_helpers import make_record, seat


def exported(records, me=None):
    history = open_history("sqlite://")
    with history.session() as s:
        for r in records:
            record_game(s, r)
        return document(list(iter_export(s, MatchFilter(status="all"))), me=me)


def test_the_document_has_the_four_lists_bg_stats_imports_and_names_ascension_by_its_bgg_id():
    doc = exported([make_record(0)], me="Ann")
    assert {"players", "locations", "games", "plays"} <= doc.keys()
    (game,) = doc["games"]
    assert game["bggId"] == BGG_ID == 69789 and game["highestWins"] and not game["cooperative"]
    assert doc["userInfo"] == {"meRefId": next(p["id"] for p in doc["players"] if p["name"] == "Ann")}
    json.dumps(doc)   # plain JSON throughout


def test_each_finished_match_is_one_play_with_every_players_honor_and_the_winner():
    doc = exported([make_record(0), make_record(1, seats=[seat(0, "Ann", tokens=5, cards=1),
                                                          seat(1, "Bob", tokens=30, cards=9, winner=True)])])
    names = {p["id"]: p["name"] for p in doc["players"]}
    assert sorted(names.values()) == ["Ann", "Bob", "Greedy bot"]
    first, second = doc["plays"]
    assert first["gameRefId"] == doc["games"][0]["id"] and first["locationRefId"] == doc["locations"][0]["id"]
    assert {names[s["playerRefId"]]: (s["score"], s["winner"], s["rank"]) for s in first["playerScores"]} == {
        "Ann": ("30", True, 1), "Greedy bot": ("20", False, 2)}
    assert {names[s["playerRefId"]]: (s["score"], s["winner"]) for s in second["playerScores"]} == {
        "Ann": ("6", False), "Bob": ("39", True)}
    assert first["durationMin"] == 30 and first["rounds"] == 10 and first["board"] == "10th"   # (20 turns, 2 players)
    assert [s["startPlayer"] for s in first["playerScores"]] == [True, False]


def test_abandoned_games_are_not_logged_as_plays():
    left = make_record(1, status="abandoned", seats=[seat(0, "Ann"), seat(1, "Bob")])
    doc = exported([make_record(0), left])
    assert len(doc["plays"]) == 1


def test_exporting_again_gives_the_same_ids_so_the_app_updates_instead_of_doubling():
    a, b = exported([make_record(0)]), exported([make_record(0)])
    assert a["plays"][0]["uuid"] == b["plays"][0]["uuid"]
    assert [p["uuid"] for p in a["players"]] == [p["uuid"] for p in b["players"]]
    assert exported([make_record(1)])["plays"][0]["uuid"] != a["plays"][0]["uuid"]


def test_team_games_name_each_players_team():
    seats = [seat(0, "Ann", team=0, winner=True), seat(1, "Bob", team=1), seat(2, "Cid", team=0, winner=True),
             seat(3, "Dee", team=1)]
    doc = exported([make_record(0, seats=seats, variants=("teams",))])
    (play,) = doc["plays"]
    assert play["usesTeams"] and doc["games"][0]["usesTeams"]
    assert [s["team"] for s in play["playerScores"]] == ["Team 1", "Team 2", "Team 1", "Team 2"]
    assert play["board"] == "10th (teams)"


def test_team_games_rank_each_player_by_the_teams_honor():
    """Each seat was ranked by its own honor: a winner came after a loser of the other team."""
    seats = [seat(0, "Ann", team=0, tokens=60, cards=23), seat(1, "Bob", team=1, tokens=50, cards=29, winner=True),
             seat(2, "Cid", team=0, tokens=70, cards=4), seat(3, "Dee", team=1, tokens=90, cards=7, winner=True)]
    (play,) = exported([make_record(0, seats=seats, variants=("teams",))])["plays"]
    assert [(s["score"], s["rank"], s["winner"]) for s in play["playerScores"]] == [
        ("83", 2, False), ("79", 1, True), ("74", 2, False), ("97", 1, True)]


def test_a_tie_the_tie_break_decided_ranks_the_winner_first():
    seats = [seat(0, "Ann", tokens=80, cards=14), seat(1, "Bob", tokens=70, cards=24, winner=True),
             seat(2, "Cid", tokens=10, cards=1)]
    (play,) = exported([make_record(0, seats=seats)])["plays"]
    assert [s["rank"] for s in play["playerScores"]] == [2, 1, 3]


def test_a_solo_villain_is_no_player_of_the_app_but_named_in_the_plays_comment():
    seats = [seat(0, "Ann", tokens=40, cards=12, winner=True), seat(-1, "Samael", "villain", tokens=30, cards=0)]
    doc = exported([make_record(0, seats=seats, variants=("samael",))])
    (play,) = doc["plays"]
    assert [p["name"] for p in doc["players"]] == ["Ann"]
    assert [(s["score"], s["rank"], s["winner"], s["seatOrder"]) for s in play["playerScores"]] == [("52", 1, True, 1)]
    assert play["comments"].endswith(", against Samael (30 honor)") and play["rounds"] == 20
