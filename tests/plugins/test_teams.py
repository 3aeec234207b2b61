"""Team play: teammates across the table, gifts for one extra rune, rewards spare teammates,
combined honor, the tie rule applied to teams."""
import pytest

from ascension.core.match import SetupError, new_game
from ascension.core.scenario import arrange, arrange_center, script, set_resources


def four(seed=1):
    return new_game(["10th"], ["Ann", "Bob", "Cat", "Dan"], ["teams"], seed=seed)


def test_rule_teammates_sit_across_the_table():
    g = four()
    assert g.sides() == g.teams() == [[0, 2], [1, 3]]
    assert g.opponents(0) == [1, 3]
    assert g.opponents(1) == [2, 0]  # in turn order from Bob


@pytest.mark.parametrize("n", [2, 3, 5])
def test_rule_team_play_needs_4_or_6_players(n):
    with pytest.raises(SetupError, match="team play needs 4 or 6 players"):
        new_game(["10th"], [f"P{i}" for i in range(n)], ["teams"])


def test_rule_pay_one_extra_rune_to_acquire_for_your_teammate():
    g = four()
    arrange_center(g, ["Spike Vixen", "Mephit", "Demon Slayer", "Earth Tyrant", "Sea Tyrant", "Wind Tyrant"])
    arrange(g, 0, hand=["Apprentice", "Apprentice", "Apprentice"])
    script(g, ["Play Apprentice", "Play Apprentice", "Play Apprentice"])
    labels = [g.label(o) for o in g.decision().options]
    assert "Acquire Spike Vixen for Cat (3 runes)" in labels
    assert "Acquire Demon Slayer for Cat (5 runes)" not in labels  # 4 + 1 is more than 3
    script(g, ["Acquire Spike Vixen for Cat"])
    assert g.players[0].runes == 0
    assert [g.name_of(c) for c in g.players[2].discard] == ["Spike Vixen"]
    assert all(g.name_of(c) != "Spike Vixen" for c in g.players[0].discard)


def test_rule_teammate_is_not_harmed_by_your_monster_rewards():
    g = four()
    arrange_center(g, ["Corrosive Widow"])
    for seat, construct in ((1, "Shadow Star"), (2, "Shadow Star"), (3, "Voidthirster")):
        arrange(g, seat, constructs=[construct])
    set_resources(g, 0, power=4)
    script(g, ["Defeat Corrosive Widow"])  # Bob and Dan each lose their only construct, Cat keeps hers
    assert [len(g.players[s].constructs) for s in (1, 2, 3)] == [0, 1, 0]
    assert g.opponents(0) == [1, 3]


def test_rule_team_score_is_combined_honor():
    g = four()
    for seat, honor in enumerate([10, 30, 25, 0]):
        g.players[seat].honor = honor
    cards = [g.card_honor(s) for s in range(4)]  # starting decks are worth 0
    assert cards == [0, 0, 0, 0]
    assert g.winners() == [0, 2]  # 35 against 30


def test_rule_tied_teams_go_to_the_team_that_took_a_turn_most_recently():
    g = four()
    for seat, honor in enumerate([10, 10, 10, 10]):
        g.players[seat].honor = honor
    g.last_turn = [5, 6, 7, 8]
    assert g.winners() == [1, 3]
    g.last_turn = [9, 6, 7, 8]
    assert g.winners() == [0, 2]


def test_team_games_keep_every_invariant_and_teammates_win_together():
    from ascension.core.sim import simulate
    out = simulate(["10th"], ["greedy", "random", "greedy", "random"], games=20, seed=8,
                   variants=["teams"], check=True)
    assert out["invariant_violations"] == 0, out["violations"]
    wins = out["wins_by_seat"]
    assert wins[0] == wins[2] and wins[1] == wins[3]
    assert wins[0] + wins[1] == 20
    assert wins[0] > wins[1]  # the greedy team beats the random one


def test_rule_teammate_is_not_harmed_by_a_legends_monster_that_destroys_constructs_of_your_choice():
    """Hellstring Blades ("destroy up to two constructs in play of your choice") offered the
    teammate's constructs too."""
    g = new_game(["legends"], ["Ann", "Bob", "Cat", "Dan"], ["teams"], seed=3)
    while g.pending is not None:
        g.apply(0)
    arrange_center(g, ["Hellstring Blades", "Correction of Creation", "Claws of Deoful", "Muse of Malevolence",
                       "MarrowWyrm Rider", "Correction of Creation"])
    arrange(g, 2, constructs=["Riftclaw"])         # Cat: Ann's teammate
    arrange(g, 1, constructs=["Temple of Arha"])   # Bob: an opponent
    set_resources(g, 0, power=5)
    script(g, ["Defeat Hellstring Blades"], finish=False)
    assert [g.label(o) for o in g.decision().options] == ["Temple of Arha (Bob's construct)", "None"]
