"""The ``ascension`` command and the terminal game, driven in-process (no tty; one test runs it
in a process of its own, to close its output pipe)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from ascension.core.match import new_game, replay
from ascension.core.scenario import arrange, script, set_row
from ascension.ui import terminal
from ascension.ui.cli import main


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def simulate_json(capsys, *extra) -> dict:
    code, out, err = run(capsys, "simulate", "--games", "4", "--seed", "11", "--json", *extra)
    assert code == 0, err
    return json.loads(out)  # exactly one JSON object on stdout


def test_simulate_json_is_deterministic_and_complete(capsys):
    a = simulate_json(capsys)
    b = simulate_json(capsys)
    for key in ("games", "seed", "sets", "players", "bots", "games_per_second", "mean_turns", "wins_by_seat",
                "mean_honor_by_seat", "invariant_violations", "capped_games"):
        assert key in a
    volatile = {"seconds", "games_per_second"}
    assert {k: v for k, v in a.items() if k not in volatile} == {k: v for k, v in b.items() if k not in volatile}
    assert a["games"] == 4 and a["seed"] == 11 and a["players"] == 2 and a["bots"] == ["greedy", "greedy"]
    assert sum(a["wins_by_seat"]) == 4


def test_simulate_check_finds_no_violations(capsys):
    r = simulate_json(capsys, "--check", "--bots", "random")
    assert r["invariant_violations"] == 0 and r["bots"] == ["random", "random"]


def test_simulate_solo_variant_means_one_player(capsys):
    r = simulate_json(capsys, "--variants", "samael")
    assert r["players"] == 1 and r["bots"] == ["greedy"]


def test_random_seed_is_printed(capsys):
    code, out, err = run(capsys, "simulate", "--games", "1", "--json")
    assert code == 0
    assert f"seed {json.loads(out)['seed']}" in err


@pytest.mark.parametrize("argv, message", [
    (["--sets", "nope"], "unknown set 'nope'"),
    (["--players", "9"], "9 player"),
    (["--players", "1"], "1 player"),
    (["--players", "3", "--bots", "greedy,random"], "--players 3 but 2 bots"),
    (["--bots", "clever"], "unknown bot 'clever'"),
    (["--variants", "nope"], "unknown variant 'nope'"),
])
def test_bad_input_is_one_clear_line(capsys, argv, message):
    code, out, err = run(capsys, "simulate", "--games", "1", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_sets_json(capsys):
    code, out, _ = run(capsys, "sets", "--json")
    assert code == 0
    tenth = {s["id"]: s for s in json.loads(out)}["10th"]
    assert tenth["unique_center_cards"] == 48 and tenth["center_copies"] == 100
    assert {c["name"] for c in tenth["always"]} == {"Mystic", "Heavy Infantry", "Cultist"}


def test_sets_table_fits_an_80_column_terminal(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "sets")
    assert code == 0 and "48 / 100" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    for whole in ("Anniversary", "Godslayer", "Heavy Infantry ×20", "Apprentice ×8", "2-4"):
        assert whole in out   # nothing cut short with an ellipsis
    assert "…" not in out


def test_variants_lists_samael(capsys):
    code, out, _ = run(capsys, "variants")
    assert code == 0 and "samael" in out


@pytest.fixture
def record_file(tmp_path, capsys):
    code, _, _ = run(capsys, "simulate", "--games", "2", "--seed", "5", "--json", "--save-games", str(tmp_path))
    assert code == 0
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 2
    return files[0]


@pytest.mark.parametrize("scores", ["x", [1, 2], [{"seat": 0}]])
def test_a_record_whose_scores_another_tool_garbled_replays_to_a_plain_difference(capsys, record_file, scores):
    """It printed the first line of the difference, then an AttributeError traceback."""
    record = json.loads(record_file.read_text())
    record_file.write_text(json.dumps({**record, "scores": scores}))
    code, out, err = run(capsys, "replay", str(record_file))
    assert code == 1 and out.startswith(f"{record_file}: replay differs from the record:") and err == ""
    assert "scores of seat 1: saved None, replay gives" in out


def test_a_record_with_an_answer_out_of_bounds_names_the_file(capsys, record_file):
    record = json.loads(record_file.read_text())
    record_file.write_text(json.dumps({**record, "answers": [10 ** 30]}))
    code, out, err = run(capsys, "replay", str(record_file))
    assert code == 2 and err.startswith(f"ascension: error: cannot replay {record_file}: answers")


def test_a_game_record_loaded_as_a_saved_game_is_said_to_be_one(capsys, record_file):
    """It said "unsupported session format None"."""
    code, out, err = run(capsys, "play", "--no-record", "--load", str(record_file))
    assert code == 2 and err == (f"ascension: error: {record_file}: a game record (from simulate --save-games), not a "
                                 f"saved game: it holds a finished game to replay, with 'ascension replay {record_file} "
                                 "--show'\n")


def test_replaying_an_export_shows_no_control_characters_another_tool_put_in_it(capsys, tmp_path):
    """A match id of escape sequences went to the terminal as they were (a title set, the screen cleared)."""
    export = tmp_path / "export.json"
    export.write_text(json.dumps([{"setup": {}, "answers": [1], "seats": [], "status": "finished",
                                   "id": "\u001b]0;owned\u0007\u001b[2J"}]))
    code, out, err = run(capsys, "replay", str(export))
    assert code == 1 and "\x1b" not in out and "\x07" not in out and "match ]0;owned[2J" in out


def test_saved_record_replays(capsys, record_file):
    record = json.loads(record_file.read_text())
    assert {"setup", "bots", "answers", "winner", "scores"} <= set(record) and record["setup"]["seed"]
    code, out, _ = run(capsys, "replay", str(record_file))
    winner = next(row for row in record["scores"] if row["seat"] == record["winner"])
    assert code == 0
    assert out == (f"{record_file}: replay matches ({winner['name']} won with {winner['total']} honor; "
                   f"{len(record['answers'])} answers)\n")   # the winner by name, not a 0-based seat


def test_a_team_games_record_replays_to_its_winning_team(capsys, tmp_path):
    """It said "Greedy 1 won with 83 honor": one of the winning team, and that seat's honor alone."""
    from ascension.core.match import replay
    code, _, _ = run(capsys, "simulate", "--games", "1", "--seed", "5", "--players", "4", "--variants", "teams",
                     "--json", "--save-games", str(tmp_path))
    assert code == 0
    (path,) = tmp_path.glob("game-*.json")
    record = json.loads(path.read_text())
    game = replay(record["setup"], record["answers"])
    winners = game.winners()
    totals = {row["seat"]: row["total"] for row in record["scores"]}
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and len(winners) == 2
    assert out == (f"{path}: replay matches (Team {' & '.join(game.seat_name(s) for s in winners)} won with "
                   f"{sum(totals[s] for s in winners)} honor; {len(record['answers'])} answers)\n")


def test_tampered_record_differs(capsys, record_file, tmp_path):
    record = json.loads(record_file.read_text())
    record["scores"][0]["tokens"] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    code, out, _ = run(capsys, "replay", str(bad))
    assert code == 1 and "differs" in out and "seat 0" in out


def test_truncated_answers_differ(capsys, record_file, tmp_path):
    record = json.loads(record_file.read_text())
    record["answers"] = record["answers"][:-1]
    bad = tmp_path / "short.json"
    bad.write_text(json.dumps(record))
    code, out, _ = run(capsys, "replay", str(bad))
    assert code == 1 and "not over" in out


def test_unreadable_record(capsys, tmp_path):
    junk = tmp_path / "junk.json"
    junk.write_text("not json")
    assert run(capsys, "replay", str(junk))[0] == 2
    assert run(capsys, "replay", str(tmp_path / "missing.json"))[0] == 2


def desktop_save(tmp_path, answers: int = 60):
    """A game saved as the desktop's Save writes it (a session: seats, game, answers)."""
    from ascension.core.session import Seat, Session
    session = Session.start(["10th"], [Seat("Ann", "bot", "greedy"), Seat("Bob", "bot", "medium")], seed=5)
    for _ in range(answers):
        session.step_bot()
    path = tmp_path / "game.json"
    path.write_text(session.to_json())
    return path, session


def test_a_desktop_save_replays_and_shows_turn_by_turn(capsys, tmp_path):
    path, session = desktop_save(tmp_path)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0, out
    assert f"{path}: a saved game; replay matches the saved position (turn {session.game.turn}" in out
    code, out, _ = run(capsys, "replay", "--show", str(path))
    assert code == 0 and "Ann's turn 1 begins." in out and "Bob's turn 2 begins." in out
    assert out.count("turn") >= session.game.turn


def test_a_save_with_a_cards_watcher_waiting_replays_to_its_position(capsys, tmp_path):
    """A Lifebound "for each hero you play" watcher (Return of the Fallen) was restored as a
    tuple where the engine keeps a list: a sound save was said not to replay to its position."""
    from ascension.core.match import load
    from ascension.core.session import Seat, Session
    s = Session.start(["rotf"], [Seat("Ann", "bot", "greedy"), Seat("Bob", "bot", "greedy")], [], 1)
    while not any(p.watchers for p in s.game.players):
        s.step_bot()
    path = tmp_path / "save.json"
    path.write_text(s.to_json())
    loaded = load(json.dumps(json.loads(s.to_json())["game"]))
    assert loaded.to_dict()["state"] == s.game.to_dict()["state"]
    assert main(["replay", str(path)]) == 0
    assert "replay matches the saved position" in capsys.readouterr().out


def test_a_plain_save_replays_too_and_a_tampered_one_is_refused(capsys, tmp_path):
    from ascension.core.match import save
    path, session = desktop_save(tmp_path)
    plain = tmp_path / "plain.json"
    plain.write_text(save(session.game))
    assert run(capsys, "replay", str(plain))[0] == 0
    d = json.loads(plain.read_text())
    d["answers"] = d["answers"][:-3]             # the saved position is no longer where its answers lead
    plain.write_text(json.dumps(d))
    code, out, err = run(capsys, "replay", str(plain))
    assert code == 1 and "does not give the position saved in it" in out


def test_a_huge_or_non_utf8_file_is_refused_in_one_line(capsys, tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 6_000_000)
    code, _, err = run(capsys, "replay", str(big))
    assert code == 2 and "too large" in err
    odd = tmp_path / "odd.json"
    odd.write_bytes(b'{"setup": "\xff\xfe"}')
    code, _, err = run(capsys, "replay", str(odd))
    assert code == 2 and "not UTF-8" in err and "Traceback" not in err


def test_set_ids_and_variants_are_taken_in_any_case_and_each_once(capsys):
    data = simulate_json(capsys, "--sets", "10TH,RotF", "--games", "1")
    assert data["sets"] == ["10th", "rotf"]
    code, _, err = run(capsys, "play", "--variants", "samael,Samael", "--seed", "1")
    assert code == 2 and "variant chosen more than once: samael" in err and "Traceback" not in err
    code, _, err = run(capsys, "simulate", "--sets", "10th,10TH", "--games", "1")
    assert code == 2 and "set chosen more than once: 10th" in err


# ---------------------------------------------------------------------------- terminal game
def scripted(answers):
    """An input_fn that gives ``answers`` in turn, then repeats the last one forever."""
    answers = list(answers)
    asked = []

    def input_fn(prompt):
        asked.append(prompt)
        return answers.pop(0) if len(answers) > 1 else answers[0]
    input_fn.asked = asked
    return input_fn


def test_terminal_game_to_the_end(first_label):
    lines: list[str] = []
    game = terminal.play(seed=3, bot="greedy", input_fn=first_label(lines), out=lines.append)
    assert game.over
    text = "\n".join(lines)
    assert "Center row:" in text and "Your hand:" in text and "Honor pool" in text and "  p1. Play " in text
    assert "Greedy bot plays" in text  # the bot's turn is shown as log lines
    # The printed scores are the engine's, and an independent replay gives the same result.
    again = replay(game.ctx.setup, game.answers)
    assert again.scores() == game.scores()
    for row in again.scores():
        assert f"{row['name']}: {row['tokens']} tokens + {row['cards']} card honor = {row['total']}" in text
    winner = again.seat_name(again.winners()[0])
    assert lines[-1] == f"Winner: {winner}"


def test_terminal_log_shows_a_run_of_plays_as_one_line():
    seed = next(s for s in range(50) if terminal.human_seat(s) == 1)   # the bot plays first
    lines: list[str] = []
    terminal.play(seed=seed, input_fn=scripted(["q"]), out=lines.append)
    opening = next(line for line in lines if "Greedy bot plays" in line)
    # five starting cards, e.g. "Greedy bot plays Apprentice ×3, Militia ×2: 3 runes, 2 power."
    assert re.fullmatch(r"  · Greedy bot plays [A-Za-z ×0-9,]+: (\d+) runes?(, (\d+) power)?\.", opening)
    assert not any("Greedy bot gains 1 rune." in line for line in lines)


def test_terminal_reasks_on_bad_input_and_quits():
    lines: list[str] = []
    input_fn = scripted(["x", "0", "999", "1", "p1", "q"])   # numbers name no action: only its labels do
    game = terminal.play(seed=3, input_fn=input_fn, out=lines.append)
    assert not game.over
    assert sum("is not an option" in line for line in lines) == 4
    assert len(game.answers) >= 1 and "You left the game" in lines[-1]


def test_terminal_u_takes_back_the_last_answer():
    assert terminal.human_seat(1) == 0   # seed 1: the person plays first, five Apprentices in hand
    lines: list[str] = []
    # nothing to take back; play all, take it back; end the turn (sure: y; the bot plays), take that back
    # (the bot's turn dealt new cards: sure? y)
    game = terminal.play(seed=1, input_fn=scripted(["u", "P", "u", "E", "y", "u", "y", "q"]), out=lines.append)
    assert "There is no answer of yours to take back." in lines
    assert "Your last answer is taken back." in lines   # playing Apprentices showed nothing new
    assert any(line.startswith("Your last answer is taken back (you had seen new cards") for line in lines)
    assert game.answers == [] and len(game.players[0].hand) == 5 and not game.players[0].played
    assert lines[-1].startswith("You left the game")


def test_terminal_asks_before_ending_the_turn_with_cards_still_to_play():
    assert terminal.human_seat(1) == 0   # seed 1: the person plays first, five Apprentices in hand
    input_fn = scripted(["E", "n", "e", "y", "q"])   # E: End turn (typed in either case)
    game = terminal.play(seed=1, input_fn=input_fn, out=[].append)
    sure = "You still have 5 cards in your hand that you can still play. End your turn anyway? (y/n): "
    assert input_fn.asked[:4] == ["Type a label (q quits): ", sure, "Type a label (q quits): ", sure]
    assert game.answers[0] == 2   # "n" kept the turn; "y" ended it with the five Apprentices unplayed
    assert [game.name_of(c) for c in game.players[0].discard] == ["Apprentice"] * 5


def test_terminal_warns_of_unspent_runes_once_the_hand_is_played():
    assert terminal.human_seat(1) == 0
    input_fn = scripted(["P", "E", "y", "q"])   # play all, end the turn with 5 runes unspent, then quit
    game = terminal.play(seed=1, input_fn=input_fn, out=[].append)
    asked = input_fn.asked
    assert asked[2] == ("You still have 5 runes: there is a card you can still acquire. "
                        "End your turn anyway? (y/n): ")   # the cards are played: only the runes are named
    assert asked[4].startswith("Leave the game?")   # q asks before it quits
    assert game.decision().seat == 0 and game.turn == 3   # the bot took its turn: back to the person


def test_terminal_prints_the_shared_table_again_only_when_it_changed():
    lines: list[str] = []
    terminal.play(seed=1, input_fn=scripted(["P", "q"]), out=lines.append)   # play all: the center is unchanged
    assert sum(line.startswith("Center row:") for line in lines) == 1
    assert sum(line.startswith("Your hand:") for line in lines) == 2
    assert lines[lines.index("Your hand: —") - 1] == ""   # the short table: hand, played, resources


def test_terminal_says_when_the_hard_bot_is_thinking():
    seed = next(s for s in range(50) if terminal.human_seat(s) == 1)   # the bot plays first
    lines: list[str] = []
    terminal.play(seed=seed, bot="hard", input_fn=scripted(["q"]), out=lines.append)
    at = lines.index("  (Hard bot is thinking…)")
    assert lines[at - 1] == "  · Hard bot's turn 1 begins."   # said in its place in the log, once
    assert lines.count("  (Hard bot is thinking…)") == 1


def test_terminal_seat_comes_from_the_seed():
    seats = {terminal.human_seat(s) for s in range(20)}
    assert seats == {0, 1}
    lines: list[str] = []
    terminal.play(seed=8, name="Ada", input_fn=scripted(["q"]), out=lines.append)
    first = "first" if terminal.human_seat(8) == 0 else "second"
    assert re.search(rf"You are Ada; you play {first}", lines[0])


def test_terminal_w_shows_why_the_bot_moved():
    seed = next(s for s in range(50) if terminal.human_seat(s) == 1)   # the bot plays first
    lines: list[str] = []
    terminal.play(seed=seed, bot="medium", input_fn=scripted(["w", "q"]), out=lines.append)
    reasons = [line for line in lines if line.startswith("  ") and " — " in line]
    assert reasons and reasons[-1].startswith("  End turn — ")
    assert not reasons[-1].startswith("  End turn — End turn")   # the move is not said twice
    assert any(line.startswith(("  Acquire", "  Defeat")) and any(ch.isdigit() for ch in line.split(" — ")[1])
               for line in reasons)


def test_terminal_r_shows_how_a_turn_goes_and_the_rulings_then_asks_again():
    lines: list[str] = []
    game = terminal.play(seed=3, input_fn=scripted(["r", "q"]), out=lines.append)
    assert "r for the rules" in lines[0]
    at = lines.index("YOUR TURN")
    assert "RULINGS" in lines[at:] and not any("**" in line or "Click" in line for line in lines[at:])
    assert any("Samael and the Cult act after you" in line for line in lines[at:])
    dec = game.decision()   # "r" answered nothing: the player's first question is still open
    assert dec.seat == terminal.human_seat(3) and game.players[dec.seat].played == []


def test_terminal_h_gives_the_medium_bots_move_and_asks_again():
    from ascension.core.bots import make_bot
    seed = next(s for s in range(50) if terminal.human_seat(s) == 0)   # the person plays first
    lines: list[str] = []
    game = terminal.play(seed=seed, input_fn=scripted(["h", "q"]), out=lines.append)
    assert "h for a hint" in lines[0]
    dec = game.decision()
    medium = make_bot("medium", game.ctx.defs, game.seed, dec.seat)
    move = game.label(dec.options[medium.choose(game.view(dec.seat), dec)])
    assert any(line.startswith(f"  Hint: {move} — ") for line in lines) and game.answers == []


def test_simulation_summary_fits_an_80_column_terminal(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "simulate", "--games", "4", "--seed", "3")
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 80
    for header in ("acquired", "defeated", "win% acq", "turn acq", "win% def", "mean honor"):
        assert header in out   # whole, not cut short
    assert "…" not in out


def test_terminal_game_with_legends_and_the_legendary_track(first_label):
    lines: list[str] = []
    game = terminal.play(seed=5, input_fn=first_label(lines), out=lines.append, sets=("10th", "legends"),
                         variants=("legendary",))
    assert game.over and game.ctx.setup["variants"] == ["legendary"]
    me = game.players[terminal.human_seat(5)].name
    assert any(line.startswith(f"{me}: Renown: E") for line in lines)   # each seat's Renown is on the table
    assert replay(game.ctx.setup, game.answers).scores() == game.scores()


def test_terminal_solo_game_against_samael(first_label):
    lines: list[str] = []
    game = terminal.play(seed=5, input_fn=first_label(lines), out=lines.append, variants=("samael",))
    assert game.over and [p.name for p in game.players] == ["Player"]   # no bot seat
    assert "play against Samael, who takes the two right-most center cards" in lines[0]
    assert "w for why" not in lines[0]   # no bot to ask
    assert "Honor tokens: Player: 0, Samael: 0" in lines
    assert any(line.startswith("Samael (0 card honor): Set aside: 0 cards · Takes next: ") for line in lines)
    assert any(line.startswith("  · Samael takes ") for line in lines)   # his turns are in the log
    samael = next(row for row in game.scores() if row["seat"] == -1)
    assert f"  Samael: {samael['tokens']} tokens + {samael['cards']} card honor = {samael['total']}" in lines
    assert lines[-1] == f"Winner: {game.seat_name(game.winners()[0])}"
    assert replay(game.ctx.setup, game.answers).scores() == game.scores()


def test_terminal_marks_the_center_cards_dealt_since_your_last_move():
    from ascension.core.session import Seat, Session
    session = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy")], seed=7)
    game = session.game
    assert session.new_in_center(0) == set()                      # before your first answer
    session.answer(game.decision().options.index(("play_all",)))
    taken = next(o for o in game.decision().options if o[0] == "acquire" and o[1] in game.center_row)
    slot = game.center_row.index(taken[1])
    session.answer(game.decision().options.index(taken))
    assert session.new_in_center(0) == {game.center_row[slot]}   # the card dealt into its place
    lines: list[str] = []
    terminal.show_table(game, 0, lines.append, None, session.new_in_center(0))
    rows = [line for line in lines if line[2:4].rstrip(".").isdigit()]
    assert "Center row (* new since your last move):" in lines
    assert [row.startswith(" *") for row in rows] == [i == slot for i in range(6)]


def test_terminal_says_how_many_cards_samael_set_aside_and_the_latest_two():
    game = set_row(new_game(["10th"], ["Ann"], ["samael"], seed=11),
                   ["Wolf Shaman", "Arha Initiate", "Spike Vixen", "Shadow Star", "Landtalker", "Muramasa"])
    script(game, ["End turn", "End turn"])   # he takes Muramasa, Landtalker, then Shadow Star, Spike Vixen
    lines: list[str] = []
    terminal.show_table(game, 0, lines.append)
    honor = sum(game.card(c).honor for c in game.ext["villain_cards"])
    assert any(line.startswith(f"Samael ({honor} card honor): Set aside: 4 cards, the latest Spike Vixen "
                               "and Shadow Star · Takes next: ") for line in lines)


def test_terminal_solo_game_against_the_cult_shows_its_renown():
    lines: list[str] = []
    terminal.play(seed=3, input_fn=scripted(["q"]), out=lines.append, sets=("10th", "legends"), variants=("cult",))
    assert "Honor tokens: Player: 0, The Cult: 0" in lines
    assert any(line.startswith("The Cult (0 card honor): Renown: E0 · L0 · M0 · V0 · Set aside: 0 cards · "
                               "Takes next: ") for line in lines)


def test_terminal_game_against_three_bots_to_the_end(first_label):
    lines: list[str] = []
    game = terminal.play(seed=4, bot="greedy,random,greedy", input_fn=first_label(lines), out=lines.append)
    me = terminal.human_seat(4, 4)
    names = [p.name for p in game.players]
    assert game.over and names.pop(me) == "Player" and names == ["Greedy bot 1", "Random bot", "Greedy bot 2"]
    assert lines[0].startswith(f"Ascension — seed 4. You are Player; you play {terminal.ORDINALS[me]} of 4, "
                               "against Greedy bot 1, Random bot, Greedy bot 2.")
    assert any(line.startswith("Random bot: hand ") for line in lines)   # every other seat on the table
    assert replay(game.ctx.setup, game.answers).scores() == game.scores()


def test_terminal_team_game_names_your_teammate():
    lines: list[str] = []
    game = terminal.play(seed=4, bot="greedy,greedy,random", input_fn=scripted(["q"]), out=lines.append,
                         variants=("teams",))
    me = terminal.human_seat(4, 4)
    mate = next(i for i in range(4) if i != me and i not in game.opponents(me))
    assert f"with {game.players[mate].name} as your teammate, against " in lines[0]
    assert any(line.startswith(f"{game.players[mate].name} (your teammate): hand 5") for line in lines)


def test_terminal_refuses_an_unknown_bot(capsys):
    code, out, err = run(capsys, "play", "--bot", "greedy,clever")
    assert code == 2 and out == "" and "unknown bot 'clever'" in err


def test_terminal_hand_shows_what_acquired_cards_do():
    game = arrange(new_game(["10th"], ["Ann", "Bob"], seed=1), 0,
                   hand=["Apprentice", "Apprentice", "Seer of the Forked Path", "Seer of the Forked Path", "Militia"])
    lines: list[str] = []
    terminal.show_table(game, 0, lines.append)
    at = lines.index("Your hand: p1 Apprentice ×2, p2 Seer of the Forked Path ×2, p3 Militia")
    assert lines[at + 1] == ("  Seer of the Forked Path [Enlightened hero, 2 runes, 1 honor] — "
                             "Draw 1 card. You may banish a card from the center row.")
    assert lines[at + 2].startswith("Played:")   # once per card, and nothing for the starting cards


def test_terminal_shows_your_deck_size_and_your_discard_pile():
    game = arrange(new_game(["10th"], ["Ann", "Bob"], seed=1), 0, discard=["Mystic", "Militia", "Mystic"])
    lines: list[str] = []
    terminal.show_table(game, 0, lines.append)
    # 5 cards were left after the opening hand; the Militia came from the deck. The deck's cards
    # are named in alphabetical order, never in the order they will be drawn.
    deck = sorted(game.name_of(c) for c in game.players[0].deck)
    listed = ", ".join(n if deck.count(n) == 1 else f"{n} ×{deck.count(n)}" for n in dict.fromkeys(deck))
    assert f"Your deck: 4 cards ({listed}) · discard pile: Mystic ×2, Militia" in lines


def test_terminal_shows_the_cultist_without_a_count():
    """The Cultist never leaves its place: "×1" would say the last one is about to go."""
    lines: list[str] = []
    terminal.play(seed=1, input_fn=scripted(["q"]), out=lines.append)
    piles = next(line for line in lines if line.startswith("Always available:"))
    assert "c Cultist (2 power)," in piles and "m Mystic (3 runes) ×20" in piles


@pytest.mark.parametrize("argv, message", [
    (["--sets", "nope"], "unknown set 'nope'"),
    (["--variants", "teams"], "team play needs 4 or 6 players"),
])
def test_terminal_game_refuses_a_setup_it_cannot_play(capsys, argv, message):
    code, out, err = run(capsys, "play", *argv)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["sets"], ["play", "--seed", "3"]])
def test_output_into_a_closed_pipe_ends_quietly(argv):
    """`ascension sets | head -1`: once the reader is gone the program stops, without a traceback."""
    code = f"import sys; from ascension.ui.cli import main; sys.exit(main({argv!r}))"
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()   # the reader leaves before anything is written
    _, err = proc.communicate(b"E\ny\n" * 25 + b"q\n", timeout=60)
    assert "Traceback" not in err.decode() and "BrokenPipeError" not in err.decode()
    assert proc.returncode == 1


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp1252"])
def test_a_console_that_cannot_show_every_character_shows_question_marks_and_never_stops_the_game(
        encoding, tmp_path):
    """A Latin-1 terminal, or output redirected to a file on Windows: the table's "×", "—" and "★"
    and names in any script are shown as "?" where the console has no such character."""
    env = {**os.environ, "PYTHONIOENCODING": encoding, "ASCENSION_DATA_DIR": str(tmp_path)}
    listed = subprocess.run([sys.executable, "-m", "ascension.ui.cli", "sets"], capture_output=True, env=env,
                            timeout=60)
    assert listed.returncode == 0 and b"Traceback" not in listed.stderr
    assert b"Mystic ?20" in listed.stdout or b"Mystic \xd720" in listed.stdout   # (Latin-1 has the "×")
    name = "Zoë 李"   # typed on such a console: read as it can be, never a crash
    played = subprocess.run([sys.executable, "-m", "ascension.ui.cli", "play", "--seed", "2", "--no-record", "--name",
                             name], input="P\nE\ny\nq\ny\n".encode(encoding, "replace"), capture_output=True, env=env,
                            timeout=60)
    assert played.returncode == 0 and b"Traceback" not in played.stderr, played.stderr.decode(encoding, "replace")
    assert "Turn 2" in played.stdout.decode(encoding)


# ---------------------------------------------------------------------------- numbers and names no command can use
HUGE = "9" * 23


@pytest.mark.parametrize("argv", [
    ["history", "list", "--players", HUGE], ["history", "list", "--limit", HUGE], ["history", "list", "--offset", HUGE],
    ["history", "stats", "--top", HUGE], ["history", "show", HUGE], ["history", "list", "--limit", "-1"],
    ["history", "list", "--offset", "-2"], ["history", "list", "--players", "-3"],
    ["simulate", "--games", "1", "--players", HUGE], ["simulate", "--games", "1", "--jobs", HUGE],
    ["simulate", "--games", HUGE], ["simulate", "--games", "1", "--players", "-1"],
])
def test_a_number_no_command_can_use_is_refused_in_one_line_before_anything_runs(capsys, tmp_path, argv):
    """Each ended in OverflowError from SQLite or the process pool (a traceback), or showed
    "Matches -1-0 of 4" and "0 players"."""
    with pytest.raises(SystemExit) as stop:
        main(argv + (["--db", str(tmp_path / "h.sqlite3")] if argv[0] == "history" else []))
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "Traceback" not in err and ("is not a whole number" in err or "is larger than" in err)


def test_a_name_too_long_for_the_system_is_one_line_not_a_traceback(capsys, tmp_path):
    long = tmp_path / ("a" * 300)
    for argv in (["history", "list", "--db", str(long)], ["history", "export", "--out", str(long)],
                 ["simulate", "--games", "1", "--seed", "1", "--save-games", str(long)]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and err.startswith("ascension: error: ") and err.count("\n") == 1, (argv, err)
        assert "the name is too long" in err


def test_ctrl_c_while_starting_up_is_no_traceback_and_exits_130(capsys, monkeypatch):
    from ascension.ui import cli

    def interrupted(args):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "cmd_sets", interrupted)
    assert main(["sets"]) == 130 and "Traceback" not in capsys.readouterr().err


def test_a_dask_address_that_is_no_address_is_said_plainly(capsys):
    pytest.importorskip("distributed")
    code, out, err = run(capsys, "simulate", "--games", "1", "--seed", "1", "--dask", "notaurl")
    assert code == 2 and err.startswith("ascension: error: --dask notaurl: not a scheduler's address")


def test_a_game_file_is_read_past_a_byte_order_mark_and_named_once(capsys, record_file, tmp_path):
    """A record passed through Notepad (a UTF-8 BOM) was "Unexpected UTF-8 BOM (decode using
    utf-8-sig)"; a file cut short was json's own English ("Unterminated string...") and named twice."""
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + record_file.read_bytes())
    assert run(capsys, "replay", str(marked))[0] == 0
    cut = tmp_path / "cut.json"
    cut.write_text(record_file.read_text()[:30])
    code, out, err = run(capsys, "replay", str(cut))
    assert code == 2 and re.fullmatch(f"ascension: error: cannot replay {re.escape(str(cut))}: not JSON from line 4, "
                                      "column 4 on\n", err)
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps({"format": 1, "setup": {}, "state": {}}))
    code, out, err = run(capsys, "replay", str(damaged))
    assert code == 2 and err.startswith(f"ascension: error: {damaged}: not a valid saved game: ")
    assert err.count(str(damaged)) == 1   # (it said "cannot replay X: X: not a valid saved game")


def test_a_missing_file_to_load_is_said_in_the_players_language(capsys, tmp_path):
    gone = tmp_path / "gone.json"
    code, out, err = run(capsys, "--lang", "de", "play", "--no-record", "--load", str(gone))
    assert code == 2 and "Errno" not in err and "No such file" not in err and str(gone) in err


def test_a_name_a_bot_at_the_table_has_is_refused(capsys):
    """`play --name "Greedy bot"` seated two Greedy bots, one of them the person, in the log and the history."""
    code, out, err = run(capsys, "play", "--no-record", "--name", "Greedy bot")
    assert code == 2 and err == ("ascension: error: --name: a bot at the table is called Greedy bot: two seats with "
                                 "one name cannot be told apart in the log and the history\n")


@pytest.mark.parametrize("argv", [["sets"], ["history", "list"], ["play", "--seed", "1", "--no-record"]])
def test_a_command_with_its_output_closed_ends_without_a_traceback(argv, tmp_path):
    """``ascension sets >&-`` (a launcher, cron) ended with "AttributeError: 'NoneType' object has
    no attribute 'flush'"; the terminal game stopped at its first question."""
    done = subprocess.run([sys.executable, "-m", "ascension.ui.cli", *argv], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, input="q\ny\n", text=True, timeout=120,
                          env={**os.environ, "ASCENSION_HISTORY_DB": str(tmp_path / "h.sqlite3")},
                          preexec_fn=lambda: os.close(1))
    assert done.returncode == 0 and "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr


@pytest.mark.parametrize("command", ["ascension.ui.cli", "ascension.ui.desktop.launch"])
def test_both_commands_say_their_version(command):
    """``--version`` was "the following arguments are required: command", or handed on to Qt."""
    from importlib.metadata import version
    done = subprocess.run([sys.executable, "-m", command, "--version"], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    name = "ascension" if command.endswith("cli") else "ascension-desktop"
    assert (done.returncode, done.stdout) == (0, f"{name} {version('ascension-table')}\n"), done.stderr


@pytest.mark.parametrize("kinds, said", [
    (("human", "human"), "a game of 2 people at one screen, which the terminal game does not play; open it in the "
                         "desktop program (ascension-desktop, then Load)"),
    (("bot", "bot"), "a game of bots only, with no seat for you; watch it in the desktop program (ascension-desktop, "
                     "then Load)"),
])
def test_a_desktop_only_save_loaded_in_the_terminal_says_where_it_plays(capsys, tmp_path, kinds, said):
    """It said "not a terminal game: 2 people seated, not 1", not what to do with it."""
    from ascension.core.session import Seat, Session
    seats = [Seat("Ann", kinds[0], "easy" if kinds[0] == "bot" else None),
             Seat("Bob", kinds[1], "easy" if kinds[1] == "bot" else None)]
    save = tmp_path / "table.json"
    save.write_text(Session.start(["10th"], seats, seed=3).to_json())
    before = save.read_bytes()
    code, out, err = run(capsys, "play", "--no-record", "--load", str(save))
    assert code == 2 and err == f"ascension: error: {save}: {said}\n"
    assert save.read_bytes() == before   # the game stays as it was, to be opened where it plays
