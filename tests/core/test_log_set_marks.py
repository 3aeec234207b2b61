"""In a game of mixed sets, a card whose name stands in more than one of them differs between
printings: the log names its set (as its face does), and only then."""
from ascension.core.events import Event
from ascension.core.match import new_game


def arbiters(game):
    return {game.card(i).set_id: i for i, d in enumerate(game.ctx.defs) if d.name == "Arbiter of the Precipice"}


def test_a_card_printed_in_two_of_the_mixed_sets_is_named_with_its_set_in_the_log():
    game = new_game(["10th", "cotg"], ["Ann", "Bob"], seed=4)
    both = arbiters(game)
    assert set(both) == {"10th", "cotg"}
    assert game.text(Event("acquired", 0, both["cotg"], 0, "center_row")) == \
        "Ann acquires Arbiter of the Precipice (CotG) from the center row."
    assert game.text(Event("acquired", 1, both["10th"], 0, "center_row")) == \
        "Bob acquires Arbiter of the Precipice (10th) from the center row."
    lines = [text for _, text in game.log_lines([Event("banished", 0, both["cotg"], 0, "center_row")])]
    assert lines == ["Ann banishes Arbiter of the Precipice (CotG) from the center row."]


def test_names_found_in_one_set_only_and_single_set_games_carry_no_mark():
    mixed = new_game(["10th", "rotf"], ["Ann", "Bob"], seed=4)
    only_rotf = next(i for i, d in enumerate(mixed.ctx.defs)
                     if d.set_id == "rotf" and all(o.name != d.name or o.set_id == "rotf" for o in mixed.ctx.defs))
    assert "(" not in mixed.log_name(only_rotf)
    plain = new_game(["cotg"], ["Ann", "Bob"], seed=4)
    (arbiter,) = arbiters(plain).values()
    assert plain.log_name(arbiter) == "Arbiter of the Precipice"
