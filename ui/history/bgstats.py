"""Export to the BG Stats app: the JSON document its "Import" reads (``players``, ``locations``,
``games``, ``plays``), one play per finished match with each player's honor as the score.

Identifiers are UUIDs derived from the data (a match's start time and seed, a player's name), so
exporting again and importing the new file updates the same plays in BG Stats instead of adding
them twice. Dates are local time, as the app shows them.
"""
from __future__ import annotations

import uuid
from datetime import datetime, timezone
from typing import Iterable

GAME_NAME = "Ascension: Deckbuilding Game"
BGG_ID = 69789            # BoardGameGeek's id of Ascension
LOCATION = "Ascension Table"
NAMESPACE = uuid.UUID("5a1c6f2e-1c57-4c2e-9a44-3f1e0b8d2a10")   # this program's; never change it


def _uuid(*parts: object) -> str:
    return str(uuid.uuid5(NAMESPACE, "\x1f".join(str(p) for p in parts))).upper()


def _local(iso: str) -> datetime:
    """A stored UTC time (ISO text, as the export gives it) in local time."""
    t = datetime.fromisoformat(iso)
    return (t if t.tzinfo else t.replace(tzinfo=timezone.utc)).astimezone()


def _stamp(t: datetime) -> str:
    return t.strftime("%Y-%m-%d %H:%M:%S")


def document(matches: Iterable[dict], me: str | None = None) -> dict:
    """The BG Stats import document for ``matches`` (dicts as ``repo.iter_export`` yields them);
    ``me``: the person whose app this is (BG Stats' ``meRefId``), when known."""
    players: dict[str, dict] = {}
    plays = []
    for m in matches:
        if m["status"] != "finished":   # an abandoned game has no result to log
            continue
        started, ended = _local(m["started_at"]), _local(m["ended_at"])
        seated = [s for s in m["seats"] if s["kind"] != "villain"]   # a solo villain is no player of the app's
        villains = [s for s in m["seats"] if s["kind"] == "villain"]
        teams = any(s["team"] is not None for s in seated)
        team_totals: dict[int, int] = {}
        for s in seated:
            if s["team"] is not None:
                team_totals[s["team"]] = team_totals.get(s["team"], 0) + s["total"]

        def standing(s: dict) -> tuple[bool, int]:
            """Winners first (a tie the tie-break decided too), then by the team's honor or one's own."""
            return bool(s["winner"]), team_totals[s["team"]] if teams and s["team"] is not None else s["total"]
        ranks = sorted({standing(s) for s in seated}, reverse=True)
        scores = []
        for s in seated:
            player = players.setdefault(s["name"], {"id": len(players) + 1, "name": s["name"],
                                                     "isAnonymous": False, "uuid": _uuid("player", s["name"])})
            scores.append({"playerRefId": player["id"], "score": str(s["total"]), "winner": bool(s["winner"]),
                           "newPlayer": False, "startPlayer": s["seat"] == 0, "seatOrder": s["seat"] + 1,
                           "rank": ranks.index(standing(s)) + 1,
                           **({"team": f"Team {s['team'] + 1}"} if teams and s["team"] is not None else {})})
        board = " + ".join(m["sets"]) + (f" ({', '.join(m['variants'])})" if m["variants"] else "")
        against = "".join(f", against {v['name']} ({v['total']} honor)" for v in villains)
        plays.append({"uuid": _uuid("play", m["started_at"], m["seed"]), "playDate": _stamp(started),
                      "entryDate": _stamp(ended), "modificationDate": _stamp(ended),
                      "durationMin": max(0, round((ended - started).total_seconds() / 60)),
                      "gameRefId": 1, "locationRefId": 1, "ignored": False, "manualWinner": False,
                      "rounds": -(-m["turns"] // max(1, len(seated))),   # (turns are each player's)
                      "board": board, "usesTeams": teams,
                      "comments": f"Ascension Table match {m['id']}, seed {m['seed']}{against}",
                      "playerScores": scores})
    doc = {"about": "Exported by Ascension Table (ascension history export --format bgstats)",
           "players": list(players.values()),
           "locations": [{"id": 1, "name": LOCATION, "uuid": _uuid("location", LOCATION)}],
           "games": [{"id": 1, "name": GAME_NAME, "bggId": BGG_ID, "bggName": GAME_NAME, "bggYear": 2010,
                      "highestWins": True, "noPoints": False, "cooperative": False,
                      "usesTeams": any(p["usesTeams"] for p in plays), "uuid": _uuid("game", BGG_ID)}],
           "plays": plays}
    if me in players:
        doc["userInfo"] = {"meRefId": players[me]["id"]}
    return doc
