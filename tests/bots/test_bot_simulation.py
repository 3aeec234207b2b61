"""Batch simulation: per-card and per-seat aggregation, chunked executors, parent-only writes."""
from __future__ import annotations

import json
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from ascension.core.match import replay
from ascension.core.sim import GameResult, card_stats, chunks, simulate, summarize


def result(winners, cards, totals=(10, 5)):
    scores = [{"seat": s, "name": f"P{s}", "tokens": t // 2, "cards": t - t // 2, "total": t, "last_turn": 1}
              for s, t in enumerate(totals)]
    r = GameResult(seed=0, turns=10, winner=winners[0], scores=scores, capped=False)
    r.winners, r.cards = list(winners), list(cards)
    return r


def test_card_statistics_match_a_hand_counted_batch():
    batch = [
        # game 1: seat 0 wins; it bought two Mystics (turns 2 and 4) and defeated a Cultist (turn 3);
        # seat 1 bought one Mystic (turn 3)
        result([0], [("Mystic", 0, "acquired", 2), ("Cultist", 0, "defeated", 3), ("Mystic", 1, "acquired", 3),
                     ("Mystic", 0, "acquired", 4)]),
        # game 2: seat 1 wins; seat 1 bought a Mystic (turn 6) and defeated two Cultists (turns 5, 7)
        result([1], [("Cultist", 1, "defeated", 5), ("Mystic", 1, "acquired", 6), ("Cultist", 1, "defeated", 7)],
               totals=(4, 9)),
        # game 3: seat 0 wins; seat 1 bought Arha Initiate (turn 1); nobody bought a Mystic
        result([0], [("Arha Initiate", 1, "acquired", 1)]),
    ]
    cards = card_stats(batch)
    # Mystic: 4 copies bought; seat-games with a Mystic: g1 s0 (won), g1 s1 (lost), g2 s1 (won) -> 2/3
    assert cards["Mystic"] == {"acquired": 4, "defeated": 0, "games_acquired": 3, "win_rate_when_acquired": 0.6667,
                               "mean_turn_acquired": 3.75, "games_defeated": 0, "win_rate_when_defeated": None,
                               "mean_turn_defeated": None}
    # Cultist: defeated 3 times, by g1 s0 (won) and g2 s1 (won); turns 3, 5, 7
    assert cards["Cultist"] == {"acquired": 0, "defeated": 3, "games_acquired": 0, "win_rate_when_acquired": None,
                                "mean_turn_acquired": None, "games_defeated": 2, "win_rate_when_defeated": 1.0,
                                "mean_turn_defeated": 5.0}
    assert cards["Arha Initiate"]["win_rate_when_acquired"] == 0.0
    assert list(cards) == sorted(cards)
    out = summarize(batch, ["10th"], ["medium", "easy"], 1, 1.0)
    assert out["cards"] == cards
    assert out["wins_by_seat"] == [2, 1]
    assert out["seats"][0] == {"seat": 1, "bot": "medium", "wins": 2, "win_rate": 0.6667, "mean_honor": 8.0,
                               "mean_tokens": 4.0, "mean_card_honor": 4.0}   # (5+2+5)/3 each
    assert out["seats"][1]["mean_honor"] == pytest.approx((5 + 9 + 5) / 3, abs=0.01)


def test_card_statistics_agree_with_the_replayed_game_logs():
    out = simulate(["10th"], ["medium", "easy"], games=3, seed=5, keep_records=True)
    acquired, defeated = {}, {}
    for rec in out["records"]:
        game = replay(rec["setup"], rec["answers"])
        for ev in game.log:
            if ev.kind == "acquired" and ev.seat >= 0:
                acquired[game.name_of(ev.card)] = acquired.get(game.name_of(ev.card), 0) + 1
            elif ev.kind == "defeated" and ev.seat >= 0:
                defeated[game.name_of(ev.card)] = defeated.get(game.name_of(ev.card), 0) + 1
    assert {k: v["acquired"] for k, v in out["cards"].items() if v["acquired"]} == acquired
    assert {k: v["defeated"] for k, v in out["cards"].items() if v["defeated"]} == defeated
    assert sum(s["wins"] for s in out["seats"]) == 3


def test_chunks_cover_every_game_once():
    for n, jobs in [(1, 2), (7, 2), (100, 2), (5, 8), (1000, 3)]:
        parts = chunks(n, jobs)
        assert [k for p in parts for k in p] == list(range(n))
        assert len(parts) <= max(1, jobs * 4)


def strip(out):
    return {k: v for k, v in out.items() if k not in ("seconds", "games_per_second")}


def test_local_pool_and_any_executor_give_the_same_results_and_only_the_parent_writes():
    one = simulate(["10th"], ["medium", "easy"], games=6, seed=3)
    seen = []
    two = simulate(["10th"], ["medium", "easy"], games=6, seed=3, jobs=2,
                   on_result=lambda r: seen.append((os.getpid(), r.seed)))
    assert strip(one) == strip(two)
    assert len(seen) == 6 and {pid for pid, _ in seen} == {os.getpid()}   # the parent records
    with ThreadPoolExecutor(2) as ex:
        three = simulate(["10th"], ["medium", "easy"], games=6, seed=3, executor=ex)
        assert ex.submit(lambda: 1).result() == 1      # a caller's executor is left open
    assert strip(one) == strip(three)
    assert "cards" in one and one["cards"]["Cultist"]["defeated"] >= 1


def test_a_dask_local_cluster_runs_a_batch():
    distributed = pytest.importorskip("distributed", reason="Dask (distributed) is not installed: optional")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        out = simulate(["10th"], ["medium", "easy"], games=4, seed=3, executor=client.get_executor())
    assert strip(out) == strip(simulate(["10th"], ["medium", "easy"], games=4, seed=3))


def test_a_ray_local_cluster_runs_a_batch():
    ray = pytest.importorskip("ray", reason="Ray is not installed: optional")
    futures = pytest.importorskip("ray.util.concurrent.futures.ray_executor",
                                  reason="this Ray has no concurrent.futures executor")
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        with futures.RayExecutor() as ex:
            out = simulate(["10th"], ["medium", "easy"], games=4, seed=3, executor=ex)
    finally:
        ray.shutdown()
    assert strip(out) == strip(simulate(["10th"], ["medium", "easy"], games=4, seed=3))


def test_simulate_command_shows_cards_and_takes_a_bot_budget(capsys):
    from ascension.ui.cli import main
    assert main(["simulate", "--games", "2", "--seed", "4", "--bots", "easy,hard", "--bot-budget", "4",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["bots"] == ["easy", "hard"] and out["cards"] and len(out["seats"]) == 2
    assert main(["simulate", "--games", "2", "--seed", "4", "--bots", "medium,easy"]) == 0
    text = capsys.readouterr().out
    assert "Cards" in text and "Mystic" in text
    assert main(["simulate", "--games", "1", "--bot-budget", "0"]) == 2


def test_simulate_command_runs_on_a_local_dask_cluster_with_the_same_results(capsys):
    pytest.importorskip("distributed", reason="Dask (distributed) is not installed: optional")
    from ascension.ui.cli import main
    args = ["simulate", "--sets", "10th", "--bots", "medium,easy", "--games", "4", "--seed", "3", "--json"]
    assert main(args) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main(args + ["--dask", "local", "--jobs", "2"]) == 0
    on_cluster = json.loads(capsys.readouterr().out)
    assert strip(on_cluster) == strip(alone)


def test_simulate_command_says_what_to_install_for_dask(capsys, monkeypatch):
    from ascension.ui.cli import main
    monkeypatch.setitem(sys.modules, "distributed", None)   # as if it were not installed
    assert main(["simulate", "--sets", "10th", "--bots", "easy,easy", "--games", "1", "--seed", "1",
                 "--dask", "local"]) == 2
    assert "pip install 'ascension-table[cluster]'" in capsys.readouterr().err


def test_simulate_command_says_when_the_dask_scheduler_cannot_be_reached(capsys, monkeypatch):
    pytest.importorskip("distributed", reason="Dask (distributed) is not installed: optional")
    from ascension.ui import cli
    monkeypatch.setattr(cli, "DASK_CONNECT_TIMEOUT", "1s")
    assert cli.main(["simulate", "--sets", "10th", "--bots", "easy,easy", "--games", "1", "--seed", "1",
                     "--dask", "tcp://127.0.0.1:9"]) == 2
    assert "--dask tcp://127.0.0.1:9: cannot reach the scheduler" in capsys.readouterr().err


def test_a_drawn_seed_is_said_when_the_games_start_and_not_for_a_run_refused_before_them(capsys, monkeypatch):
    """A wrong --dask address was answered with "seed … (drawn at random; pass --seed … to
    repeat)" and then the error: a seed for games that were never played."""
    from ascension.ui.cli import main
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["simulate", "--bots", "easy,easy", "--games", "1", "--dask", "local"]) == 2
    assert "drawn at random" not in capsys.readouterr().err
    assert main(["simulate", "--bots", "easy,easy", "--games", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    seed = re.fullmatch(r"seed (\d+) \(drawn at random; pass --seed \1 to repeat\)\n", err)
    assert seed, err
    assert main(["simulate", "--bots", "easy,easy", "--games", "1", "--json", "--seed", seed[1]]) == 0
    again = capsys.readouterr()
    played = [{k: v for k, v in json.loads(text).items() if k not in ("seconds", "games_per_second")}
              for text in (out, again.out)]
    assert played[0] == played[1] and again.err == ""   # the same game again, and nothing drawn
