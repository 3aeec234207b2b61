"""The bots against the solo villains (issue #20): they know which cards the villain takes next
(the two right-most after each of the player's turns) and what those cards are worth to it, the
Cult's Renown milestones included, and weigh denying them."""
from __future__ import annotations

from ascension.core.bots import make_bot
from ascension.core.match import new_game
from ascension.core.scenario import arrange, arrange_center, empty_center_row, set_resources
from ascension.core.sim import simulate
from ascension.plugins.bots.expert import ExpertTuning
from ascension.plugins.bots.tiers import H, Situation
from ascension.plugins.legendary.bot import renown_value

FILLER = ["Mechana Initiate", "Lifebound Initiate", "Void Initiate", "Temple Librarian"]


def solo(variant: str, sets: str, seed: int = 1):
    game = new_game([sets], ["Ann"], [variant], seed=seed)
    arrange(game, 0, hand=[])
    return game


def medium_takes(game) -> int:
    """The card the medium bot takes with its one main action."""
    dec = game.decision()
    i = make_bot("medium", game.ctx.defs, 1, 0).choose(game.view(0), dec)
    assert dec.options[i][0] in ("acquire", "defeat"), game.label(dec.options[i])
    return dec.options[i][1]


def test_on_its_last_turn_the_bot_takes_the_copy_samael_would_take_next():
    game = solo("samael", "10th")
    empty_center_row(game)
    arrange_center(game, ["Arha Templar", *FILLER, "Arha Templar"])
    left, right = game.center_row[0], game.center_row[-1]
    game.pool = 3                      # about one turn left: only the two right-most cards are in reach
    set_resources(game, 0, runes=4)    # one Arha Templar (3 honor) and no more
    assert medium_takes(game) == right
    assert Situation(game, 0).denial(right) > Situation(game, 0).denial(left) == 0.0


def test_early_on_every_card_in_the_row_is_samaels_in_time_so_any_copy_denies_as_much():
    game = solo("samael", "10th")
    empty_center_row(game)
    arrange_center(game, ["Arha Templar", *FILLER, "Arha Templar"])
    sense = Situation(game, 0)
    assert sense.denial(game.center_row[0]) == sense.denial(game.center_row[-1]) > 0


def test_what_samael_would_score_most_is_what_the_bot_most_wants_gone_from_the_row():
    game = solo("samael", "10th")
    empty_center_row(game)
    arrange_center(game, ["The Grand Design", *FILLER, "Mistake of Creation"])
    sense = Situation(game, 0)
    grand_design, widow = game.center_row[0], game.center_row[-1]
    # the costliest card is also the one with the most honor for Samael
    assert sense.denial(grand_design) > sense.denial(widow)


def test_no_villain_no_denial():
    game = new_game(["10th"], ["Ann", "Bob"], seed=1)
    assert game.ctx.hooks.bot_advice is None
    assert Situation(game, 0).denial(game.center_row[-1]) == 0.0


def test_a_card_that_brings_the_cult_to_a_milestone_is_worth_denying_more():
    game = solo("cult", "legends")
    empty_center_row(game)
    heroes = [d for d in game.ctx.defs if d.role == "center" and d.type == "hero" and len(d.factions) == 1]
    card = next(d for d in heroes if d.factions == ("mechana",))
    others = [d.name for d in heroes if "mechana" not in d.factions][:5]
    arrange_center(game, [*others, card.name])
    right = game.center_row[-1]
    game.pool = 3                      # about one turn left: the Cult takes the two right-most cards
    cult = game.ext["legendary"]["renown"]["-1"]
    far = Situation(game, 0).denial(right)
    cult["mechana"] = 2                # this card would give the Cult its 3-honor milestone
    assert Situation(game, 0).denial(right) == far + 3


def test_the_medium_bot_beats_samael_more_often_than_not():
    """Seeded batch: denial turned the medium tier from about 28 % to about 60 % against Samael."""
    out = simulate(["10th"], ["medium"], games=60, seed=1, variants=["samael"])
    assert out["seats"][0]["win_rate"] >= 0.45


def test_the_search_counts_what_samael_will_still_take():
    """The hard bot scores a cut-off rollout by the honor margin; Samael's side counts the cards
    he will still take, so a row of rich cards is worse for the player than a row of poor ones."""
    from ascension.plugins.bots.tiers import evaluate

    def margin(row):
        game = solo("samael", "10th")
        empty_center_row(game)
        arrange_center(game, row)
        game.pool = 3                  # about one turn left: Samael takes the two right-most cards
        return evaluate(game, 0)

    poor = margin(["Arha Initiate", "Mechana Initiate", "Void Initiate", "Lifebound Initiate",
                   "Temple Librarian", "Spike Vixen"])
    rich = margin(["Arha Initiate", "Mechana Initiate", "Void Initiate", "Lifebound Initiate",
                   "The Grand Design", "Watchmaker's Altar"])
    assert poor - rich == 9   # 6 + 5 honor instead of 1 + 1


def test_against_the_cult_the_bot_expects_the_game_to_last_about_as_long_as_it_does():
    """The Cult empties the honor pool faster than a player would (its monsters and milestones
    take honor from it): at the start the bot counts its turns by that pace (about eleven in
    all, as the games last), not by the 60-honor pool alone (which would say sixteen)."""
    out = simulate(["legends"], ["medium"], games=10, seed=1, variants=["cult"])
    expected = Situation(solo("cult", "legends"), 0).turns_left + 1   # this turn and those after it
    assert abs(expected - out["mean_turns"]) < 1.5


def test_against_the_cult_power_is_worth_less_to_the_bot_and_runes_more():
    """Beyond the few monsters in the row, power ends in Cultists (1 honor for 2 power), while
    runes buy the row's cards, each one the Cult then never takes."""
    cult = Situation(solo("cult", "legends"), 0)
    two_players = Situation(new_game(["legends"], ["Ann", "Bob"], seed=1), 0)
    assert cult.k.p_val < two_players.k.p_val < two_players.k.r_val < cult.k.r_val


def test_against_the_cult_the_bot_aims_at_legendary_status():
    """About 21 honor behind on average, the player beats the Cult only with a game that goes
    well: against it a space of Renown is worth more the nearer it brings Legendary status (a
    free card each turn), while in a two-player game every space short of it is worth the same."""
    def spaces(game, at: int) -> float:
        game.ext["legendary"]["renown"]["0"]["void"] = at
        return renown_value(Situation(game, 0), "void")   # one space from ``at`` (no milestone at 1 or 10)

    cult = solo("cult", "legends")
    two_players = new_game(["legends"], ["Ann", "Bob"], seed=1)
    assert spaces(cult, 10) > 5 * spaces(cult, 0)
    assert spaces(two_players, 10) == spaces(two_players, 0)


def test_against_the_cult_early_honor_tokens_are_worth_less_than_late_ones():
    """Every token taken from the pool brings the end nearer, and early on the deck is still
    weak: against the Cult a token is worth half its honor while more than half the pool is
    left (Cultists wait for a stronger deck), all of it after; in a two-player game always all."""
    early, late = solo("cult", "legends"), solo("cult", "legends")
    late.pool = 20
    assert Situation(early, 0).w[H] == 0.5 and Situation(late, 0).w[H] == 1.0
    assert Situation(new_game(["legends"], ["Ann", "Bob"], seed=1), 0).w[H] == 1.0


def test_the_expert_counts_every_honor_token_whole_against_the_cult():
    """The expert sees in its played-out games how near each token brings the end: it counts no
    token at less than its honor (with medium's discount it won 9 of 60 games, without it 15)."""
    early = solo("cult", "legends")
    assert Situation(early, 0, ExpertTuning).w[H] == 1.0 and Situation(early, 0).w[H] == 0.5
