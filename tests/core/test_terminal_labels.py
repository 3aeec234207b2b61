"""The terminal game's labels keep their meaning all turn (issue #19): ``p2`` is the same hand
card kind after others are played, ``a3``/``d3`` the card in center-row slot 3, ``am``/``dc``
the piles, ``u1`` construct 1, ``P`` play all, ``E`` end the turn; a question inside an effect is
numbered, a yes-no one answered y or n; and taking back an answer after new cards were seen asks
first, as the desktop does."""
from __future__ import annotations

import json
import re

from ascension.core.engine import Decision
from ascension.core.match import new_game, replay, save
from ascension.core.scenario import arrange, set_row
from ascension.ui import terminal

ROW = ["Tormented Soul", "Arha Initiate", "Samael's Trickster", "Demon Slayer", "Mechana Initiate", "Landtalker"]


def typist(*typed: str):
    """An input_fn typing ``typed`` in turn, then closing the input (EOF) so nothing loops."""
    keys = list(typed)

    def input_fn(prompt):
        if not keys:
            raise EOFError
        return keys.pop(0)
    return input_fn


def type_at(game, labels, *typed: str, lines: list[str] | None = None):
    """Answer the game's decisions as the terminal asks them, one typed label each; returns the options taken."""
    taken = []
    for key in typed:
        dec = game.decision()
        index = terminal.ask(game, dec, typist(key), (lines if lines is not None else []).append, labels=labels)
        assert index is not None, f"{key!r} was refused"
        taken.append(dec.options[index])
        game.apply(index)
    return taken


def played(game, seat=0):
    return [game.name_of(c) for c in game.players[seat].played]


def test_a_hand_label_keeps_its_card_while_the_others_are_played():
    game = arrange(new_game(["10th"], ["Ann", "Bob"], seed=1), 0,
                   hand=["Militia", "Apprentice", "Mystic", "Apprentice", "Heavy Infantry"])
    labels, lines = terminal.Labels(), []
    terminal.show_table(game, 0, lines.append, labels=labels)
    assert "Your hand: p1 Militia, p2 Apprentice ×2, p3 Mystic, p4 Heavy Infantry" in lines
    type_at(game, labels, "p1", "p3", "p2")
    assert played(game) == ["Militia", "Mystic", "Apprentice"]
    lines.clear()
    terminal.show_table(game, 0, lines.append, labels=labels)
    assert "Your hand: p2 Apprentice, p4 Heavy Infantry" in lines   # nobody moved up into p1 or p3
    type_at(game, labels, "p2", "p4")
    assert played(game) == ["Militia", "Mystic", "Apprentice", "Apprentice", "Heavy Infantry"]


def test_a_card_drawn_mid_turn_gets_the_next_number():
    game = arrange(new_game(["10th"], ["Ann", "Bob"], seed=1), 0,
                   hand=["Arha Initiate", "Apprentice", "Militia", "Apprentice", "Militia"], deck=["Mystic"])
    labels, lines = terminal.Labels(), []
    type_at(game, labels, "p1", lines=lines)   # Arha Initiate draws the Mystic
    terminal.show_table(game, 0, lines.append, labels=labels)
    assert "Your hand: p2 Apprentice ×2, p3 Militia ×2, p4 Mystic" in lines
    type_at(game, labels, "p4", "p2")
    assert played(game) == ["Arha Initiate", "Mystic", "Apprentice"]


def test_playing_a_card_does_not_renumber_the_others_in_a_whole_turn():
    seed = 7   # the bot plays first; the person's hand is then Apprentice ×4 and a Militia
    assert terminal.human_seat(seed) == 1
    lines: list[str] = []
    game = terminal.play(seed=seed, input_fn=typist("p1", "p1", "q", "y"), out=lines.append)
    assert played(game, 1) == ["Apprentice", "Apprentice"]
    # the engine lists the Militia first once an Apprentice left: "1" would have played it
    after_first = lines.index("Your hand: p1 Apprentice ×3, p2 Militia")
    options = lines[lines.index("Choose an action:", after_first) + 1:]
    assert options[:2] == ["  p2. Play Militia", "  p1. Play Apprentice"]


def test_acquire_and_defeat_by_slot_and_from_the_piles():
    game = set_row(arrange(new_game(["10th"], ["Ann", "Bob"], seed=1), 0, hand=[]), ROW)
    game.players[0].runes, game.players[0].power = 12, 10
    game.edited()
    labels, lines = terminal.Labels(), []
    terminal.show_table(game, 0, lines.append, labels=labels)
    assert next(line for line in lines if line.startswith("Always available:")).startswith(
        "Always available: c Cultist (2 power), h Heavy Infantry (2 runes) ×")
    shown = terminal.Labels().of(game, game.decision())
    assert shown == ["d1", "a2", "d3", "a4", "a5", "a6", "dc", "ah", "am", "E"]
    (taken,) = type_at(game, labels, "a4")
    assert game.name_of(taken[1]) == "Demon Slayer"
    refill = game.center_row[3]   # slot 4's new card: a4 or d4 now names it, as the table shows
    keys = labels.of(game, game.decision())
    assert f"{'d' if game.card(refill).type == 'monster' else 'a'}4" in keys or not game.can_take(0, refill)
    type_at(game, labels, "d3", "am", "dc")
    discard = [game.name_of(c) for c in game.players[0].discard]
    assert discard[:2] == ["Demon Slayer", "Mystic"]
    assert game.players[0].honor == 2 + 1   # Samael's Trickster's reward, then the Cultist's


def test_a_construct_keeps_its_number_when_another_leaves():
    game = arrange(new_game(["10th"], ["Ann", "Bob"], seed=1), 0, hand=[],
                   constructs=["Tablet of Time's Dawn", "Yggdrasil Staff", "Muramasa"])
    labels, lines = terminal.Labels(), []
    terminal.show_table(game, 0, lines.append, labels=labels)
    assert [line.split(":")[0] for line in lines if line.startswith("Construct")] == [
        "Construct u1 in play", "Construct u2 in play", "Construct u3 in play"]
    assert {"u1", "u2a", "u3"} <= set(labels.of(game, game.decision()))   # u2b needs 4 runes
    type_at(game, labels, "u1")   # the Tablet banishes itself
    assert "u1" not in labels.of(game, game.decision())
    type_at(game, labels, "u3", "u2a")
    assert game.players[0].power == 3 + 1   # Muramasa, then the Staff's first ability


def test_plugin_actions_have_labels_of_their_own():
    """A gift to a teammate, a Boon, a Legend and an option of a kind the terminal does not know."""
    game = set_row(arrange(new_game(["10th"], ["Ann", "Bob"], seed=1), 0, hand=[]), ROW)
    row = game.center_row
    dec = Decision(0, "action", "Choose an action", None,
                   (("gift", row[2], 1), ("boon", "enlightened"), ("legendary", "void", row[0]), ("mystery",),
                    ("gift", row[2], 1), ("end",)), {"verb": "action"})
    assert terminal.Labels().of(game, dec) == ["g3", "be", "lv1", "x1", "x2", "E"]   # never two on one key


def test_a_label_no_longer_shown_is_refused_and_nothing_changes():
    game = arrange(new_game(["10th"], ["Ann", "Bob"], seed=1), 0, hand=["Militia", "Apprentice"])
    labels, lines = terminal.Labels(), []
    type_at(game, labels, "p1")
    before = save(game)
    for typed in ("p1", "1", "a7", "p", "E1", "h1"):
        dec = game.decision()
        lines.clear()
        assert terminal.ask(game, dec, typist(typed), lines.append, labels=labels) is None   # refused, then EOF
        assert lines[-1] == (f"'{typed}' is not an option: please type one of the labels shown (p2, E), "
                             "u (undo), w (why), h (hint), r (rules), or q to quit.")
    assert played(game) == ["Militia"] and save(game) == before


def test_a_question_is_numbered_and_a_yes_no_one_is_y_or_n():
    game = set_row(arrange(new_game(["10th"], ["Ann", "Bob"], seed=1), 0, hand=["Seer of the Forked Path"],
                           deck=["Apprentice"]), ROW)
    labels, lines = terminal.Labels(), []
    type_at(game, labels, "p1")   # draw 1, then: you may banish a card from the center row
    dec = game.decision()
    assert dec.intent["verb"] == "banish"
    assert labels.of(game, dec) == [str(i) for i in range(1, len(dec.options) + 1)]
    (taken,) = type_at(game, labels, "1", lines=lines)
    assert taken[0] == "card" and taken[1] not in game.center_row and "  1. " in "\n".join(lines)
    yes_no = Decision(0, "yes_no", "Draw 1 card?", None, (("yes",), ("no",)), {"verb": "may"})
    assert labels.of(game, yes_no) == ["y", "n"]
    assert terminal.ask(game, yes_no, typist("N"), [].append, labels=labels) == 1
    assert terminal.ask(game, yes_no, typist("1"), [].append, labels=labels) is None   # only y or n


def test_undo_past_a_revealed_card_asks_first(tmp_path):
    path = tmp_path / "autosave.json"
    assert terminal.human_seat(1) == 0
    # play all, end the turn (5 runes unspent: y), the bot plays, new cards are dealt; u: sure? n keeps everything
    input_fn = typist("P", "E", "y", "u", "n", "q", "y")
    lines: list[str] = []
    game = terminal.play(seed=1, input_fn=input_fn, out=lines.append, autosave=path)
    kept = json.loads(path.read_text())
    assert "Nothing was taken back." in lines and game.answers[0] == 1 and game.turn == 3
    assert kept["assisted"] is False and kept["game"]["answers"] == game.answers
    # the same, but y: the end of the turn is taken back and the game counts as assisted
    asked = []

    def answering(prompt):
        asked.append(prompt)
        return ["P", "E", "y", "u", "y", "q", "y"][len(asked) - 1]
    game = terminal.play(seed=1, input_fn=answering, out=lines.append, autosave=path, new=True)
    assert asked[4].startswith("You have seen new cards since your last answer") and asked[4].endswith("(y/n): ")
    assert game.answers == [1] and game.turn == 1
    assert json.loads(path.read_text())["assisted"] is True


def test_undo_with_nothing_new_seen_does_not_ask():
    input_fn = typist("P", "u", "q", "y")
    asked = []

    def answering(prompt):
        asked.append(prompt)
        return input_fn(prompt)
    game = terminal.play(seed=1, input_fn=answering, out=[].append)
    assert game.answers == [] and not any("Take it back?" in p for p in asked)


def test_a_whole_game_played_from_the_labels_shown():
    """A simple player: play all, else acquire what slot or pile comes first, else defeat, else
    end the turn; a question inside an effect: its first answer; "are you sure?": yes."""
    lines: list[str] = []

    def player(prompt):
        if prompt.endswith("(y/n): "):
            return "y"
        shown = []
        for line in reversed(lines):
            found = re.match(r"  (\w+)\. ", line)
            if not found:
                break
            shown.insert(0, found.group(1))
        for wanted in ("P", "p", "a", "d", "1", "y"):
            hit = next((key for key in shown if key.startswith(wanted)), None)
            if hit:
                return hit
        return "E"
    game = terminal.play(seed=2, input_fn=player, out=lines.append)
    assert game.over and not any("is not an option" in line for line in lines)
    assert any(line.startswith("  · Player acquires ") for line in lines)
    assert replay(game.ctx.setup, game.answers).scores() == game.scores()
    assert lines[-1] == f"Winner: {game.seat_name(game.winners()[0])}"


def test_why_in_a_solo_game_says_no_bot_plays_rather_than_that_it_has_not_moved():
    """Against Samael, w said "The bot has not moved yet." after Samael had moved."""
    from ascension.ui import terminal
    answers, lines = iter(["P", "E", "y", "w", "q", "y"]), []   # play all, end the turn (sure), why, leave
    terminal.play(seed=1, variants=("samael",), input_fn=lambda prompt: next(answers), out=lines.append)
    assert "  No bot plays in this game: the solo villain's moves are in the log." in lines
    assert "  The bot has not moved yet." not in lines
