"""Records for the history tests, without playing games (every value known to the test)."""
from datetime import datetime, timedelta

T0 = datetime(2026, 3, 1, 12, 0)


def seat(n, name, kind="human", bot=None, tokens=10, cards=5, winner=False, team=None, acquired=None,
         defeated=None):
    return {"seat": n, "name": name, "kind": kind, "bot": bot, "team": team, "tokens": tokens,
            "card_honor": cards, "total": tokens + cards, "winner": winner,
            "acquired": acquired or {}, "defeated": defeated or {}}


def make_record(k=0, seats=None, sets=("10th",), variants=(), status="finished", started=None, **over):
    """A valid synthetic record (no game played): fast, and every value known to the test."""
    seats = seats or [seat(0, "Ann", tokens=20, cards=10, winner=True, acquired={"Mystic": 2}),
                      seat(1, "Greedy bot", "bot", "greedy", tokens=15, cards=5, defeated={"Cultist": 3})]
    started = started or T0 + timedelta(days=k)
    rec = {"status": status, "started_at": started, "ended_at": started + timedelta(minutes=30),
           "sets": list(sets), "variants": list(variants), "options": {"honor_pool": 60}, "seed": 1000 + k,
           "engine_version": "0.1.0", "setup": {"sets": list(sets), "names": [s["name"] for s in seats if s["seat"] >= 0],
                                                "variants": list(variants), "seed": 1000 + k, "honor_pool": 60},
           "answers": [0, 1, 2], "turns": 20 + k, "seats": seats}
    rec.update(over)
    return rec
