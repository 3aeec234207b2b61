"""The expert tier: registered, repeatable, answers every kind of decision in every set mix and
variant, spends its budget where the choice is close, and explains its moves in words that go
through the translation layer."""
from __future__ import annotations

import json
import re
import shlex
from importlib import resources
from pathlib import Path

import pytest

from ascension.core import i18n, rng
from ascension.core.bots import bot_kinds, make_bot
from ascension.core.match import new_game
from ascension.plugins.bots import expert
from ascension.plugins.bots.expert import ExpertBot, Model
from ascension.plugins.bots.tiers import HardBot, RolloutPolicy, Situation, Tuning
from scripts_loader import load_script

SMALL = {"budget": 16, "depth": 1, "endgame": 0.0}   # a few ms per decision

MIXES = [  # (sets, players, variants): every set and every variant at least once
    (["10th"], 2, []),
    (["10th", "legends"], 2, ["legendary"]),
    (["cotg", "rotf"], 3, []),
    (["10th"], 4, ["teams"]),
    (["rotf"], 1, ["samael"]),
    (["legends"], 1, ["cult"]),
]


def play(sets, players, variants, seed, budget=SMALL, turns=None):
    """A game with an expert in every seat: its answers, and each decision's kind and reason."""
    game = new_game(sets, [f"P{i + 1}" for i in range(players)], variants, seed=seed)
    bots = [make_bot("expert", game.ctx.defs, seed, s, **budget) for s in range(players)]
    answers, seen = [], []
    while not game.over and (turns is None or game.turn <= turns):
        dec = game.decision()
        bot = bots[dec.seat]
        i = bot.choose(game.view(dec.seat), dec)
        assert 0 <= i < len(dec.options)
        answers.append(i)
        seen.append((dec.kind, bot.describe(dec.options[i], dec.intent), bot.explain()))
        game.apply(i)
    return game, answers, seen, bots


def test_the_expert_is_a_bot_kind_the_menus_offer():
    kind = bot_kinds()["expert"]
    assert kind.factory is ExpertBot and kind.same_as is None and kind.summary
    bot = make_bot("expert", new_game(seed=1).ctx.defs, 1, 0)
    assert isinstance(bot, HardBot) and bot.budget == ExpertBot.DEFAULT_BUDGET
    assert ExpertBot.DEFAULT_TIME is None     # a budget of rollouts, never seconds


def test_the_same_seed_gives_the_same_game():
    first = play(["10th"], 2, [], seed=21, turns=8)[1]
    assert first == play(["10th"], 2, [], seed=21, turns=8)[1]
    assert first != play(["10th"], 2, [], seed=22, turns=8)[1]


def test_what_it_may_not_see_does_not_change_its_decisions():
    """Opponents' hands and every deck's order reshuffled: the same answers (it searches worlds
    dealt from its view, never the real one)."""
    game = new_game(["10th"], ["A", "B"], seed=12)
    medium = [make_bot("medium", game.ctx.defs, 12, s) for s in range(2)]
    checked = changed = 0
    while not game.over and checked < 8:
        dec = game.decision()
        if len(dec.options) > 2 and game.turn > 2:
            other = game.clone()
            state = rng.derive(len(game.answers), "hidden")
            for p in other.players:
                pool = p.hand + p.deck if p is not other.players[dec.seat] else p.deck
                state = rng.shuffle(state, pool)
                if p is not other.players[dec.seat]:
                    p.hand, p.deck = pool[:len(p.hand)], pool[len(p.hand):]
                else:
                    p.deck = pool
            state = rng.shuffle(state, other.center_deck)
            other.rng = state ^ 0xABCDEF
            opp = 1 - dec.seat
            changed += sorted(other.players[opp].hand) != sorted(game.players[opp].hand)
            answers = [make_bot("expert", g.ctx.defs, 9, dec.seat, **SMALL).choose(g.view(dec.seat), g.decision())
                       for g in (game, other)]
            assert answers[0] == answers[1], f"turn {game.turn}: hidden information changed the decision"
            checked += 1
        game.apply(medium[dec.seat].choose(game.view(dec.seat), dec))
    assert checked == 8 and changed >= 4   # the test really hid something else


def test_a_busy_machine_does_not_change_its_answers(monkeypatch):
    calm = play(["10th"], 2, [], seed=5, turns=6)[1]
    clock = iter(range(10 ** 6))
    monkeypatch.setattr("time.perf_counter", lambda: float(next(clock)) * 10)   # every call 10 s later
    assert play(["10th"], 2, [], seed=5, turns=6)[1] == calm


def test_it_finishes_games_of_every_mix_answering_every_kind_of_decision():
    kinds = set()
    for sets, players, variants in MIXES:
        game, answers, seen, bots = play(sets, players, variants, seed=3)
        assert game.over, (sets, variants)
        assert all(why for __, __, why in seen), (sets, variants)
        assert any(b.stats for b in bots), (sets, variants)    # it searched
        kinds |= {kind for kind, __, __ in seen}
    assert kinds == {"action", "choose_card", "choose_one", "yes_no"}


def test_it_answers_effect_choices_on_its_own_turn_by_search():
    """Which card to banish, discard or take is searched too, not only what to buy."""
    __, __, seen, bots = play(["10th"], 2, [], seed=8)
    searched = [why for kind, __, why in seen if kind != "action" and "imagined" in why]
    assert searched


def test_a_clear_choice_stops_early_and_a_close_one_uses_the_budget():
    __, __, __, bots = play(["10th"], 2, [], seed=4, budget={"budget": 120, "depth": 1, "endgame": 0.0})
    spent = [s["rollouts"] for b in bots for s in b.stats]
    assert max(spent) <= 120
    assert min(spent) < 60 and max(spent) > 100


@pytest.mark.parametrize("budget", [2, 3, 5])
def test_a_budget_smaller_than_the_moves_worth_searching_searches_the_best_few(budget):
    """``--bot-budget 3`` for an expert is a weak expert, not a crash: each decision spends at
    most its budget, on the plan and the departures the heuristics rank first."""
    game, __, seen, bots = play(["10th"], 2, [], seed=4, budget={"budget": budget, "depth": 1, "endgame": 0.0})
    assert game.over
    spent = [s["rollouts"] for b in bots for s in b.stats]
    assert spent and max(spent) <= budget
    assert all(s["candidates"] <= budget for b in bots for s in b.stats)


def test_its_reason_names_the_move_and_goes_through_the_translation_layer():
    __, __, seen, __ = play(["10th"], 2, [], seed=6, turns=6)
    searched = [(move, why) for __, move, why in seen if "imagined" in why]
    assert searched and all(why.startswith(f"{move}: it ") for move, why in searched)
    i18n.set_language("qps")
    try:
        __, __, seen, __ = play(["10th"], 2, [], seed=6, turns=6)
    finally:
        i18n.set_language("en")
    for __, __, why in seen:
        text = why
        while True:   # take away the translated pieces, innermost first: no word may be left
            shorter = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
            if shorter == text:
                break
            text = shorter
        assert not re.search(r"[A-Za-z]{2}", re.sub(r"\[.*\]", "", text)), why
    assert any("⟦it " in why for __, __, why in seen)


# ------------------------------------------------------------------ the learned evaluation
def _positions(mix=(["10th"], []), seed=31):
    """Positions at turn starts of a medium-bot game, with the game's end."""
    game = new_game(mix[0], ["A", "B"], mix[1], seed=seed)
    bots = [make_bot("medium", game.ctx.defs, seed, s) for s in range(2)]
    seen, positions = None, []
    while not game.over:
        if (game.turn, game.current) != seen:
            seen = (game.turn, game.current)
            positions.append(game.clone())
        dec = game.decision()
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
    return positions, game


def test_the_trained_weights_load_and_fit_the_features_the_bot_computes():
    m = expert.model()
    positions, __ = _positions()
    x = expert.features(positions[5], 0)
    assert len(x) == len(expert.FEATURES) == len(m.margin) == len(m.win)
    known = {d.id for mix in ("10th", "cotg", "rotf", "legends") for d in new_game([mix], seed=1).ctx.defs}
    assert m.cards and set(m.cards) <= known and all(len(w) == 2 for w in m.cards.values())
    data = json.loads(resources.files("ascension.plugins.bots").joinpath("expert_eval.json").read_text())
    assert data["command"].startswith("scripts/train_expert.py")
    assert data["held_out"]["learned_log_loss"] < data["held_out"]["evaluate_log_loss"]
    other = dict(data, features=list(expert.FEATURES[:-1]) + ["mystery"])
    with pytest.raises(ValueError, match="other features"):
        expert.Model.load(json.dumps(other))


def test_other_plan_numbers_do_not_change_how_the_trained_evaluation_reads_a_position(monkeypatch):
    """An expert whose plan values runes otherwise (an experiment: ``r_val=0.55``) still sees a
    position through the numbers its evaluation was trained with."""
    positions, __ = _positions()
    g = positions[12]
    bot = ExpertBot(g.ctx.defs, 1, 0, r_val=0.55)
    assert bot.params.r_val == 0.55 and expert.features(g, 0, bot.params) != expert.features(g, 0)
    monkeypatch.setattr(bot, "play_out", lambda g, first, depth: None)   # judge the position as it is
    value, chance = bot.rollout_won(g.clone(), 0, 0, 2)
    margin, expected = expert.model().predict(expert.features(g, 0), expert.card_terms(g, 0))
    assert chance == pytest.approx(expected)
    assert value == pytest.approx(margin + expert.ExpertTuning.win_bonus * (2 * expected - 1))


def test_an_experiment_may_give_the_other_seats_of_its_rollouts_medium_numbers():
    """``others=medium``: in its rollouts the expert plays its own numbers, the other seat medium's."""
    game = new_game(["10th"], ["A", "B"], seed=3)
    for options, other in (({"r_val": 0.55}, 0.55), ({"r_val": 0.55, "others": "medium"}, Tuning.r_val)):
        bot = ExpertBot(game.ctx.defs, 3, 0, **options)
        policy = RolloutPolicy(bot.params, bot.seat, bot.others)
        g, numbers = game.clone(), {}
        while len(numbers) < 2 and not g.over:
            g.apply(policy(g, g.decision()))
            if policy.sit is not None:
                numbers[policy.sit.seat] = policy.sit.k.r_val
        assert numbers == {0: 0.55, 1: other}
    with pytest.raises(ValueError, match="others: 'medium' or nothing, not 'hard'"):
        ExpertBot(game.ctx.defs, 3, 0, others="hard")


def test_bots_given_the_same_plan_numbers_share_them():
    """One set of numbers per change, however many bots a batch makes (the caches keyed by them stay small)."""
    defs = new_game(["10th"], seed=1).ctx.defs
    a, b = (make_bot("medium", defs, k, 0, r_val=0.55, basics=0.9) for k in (1, 2))
    assert a.params is b.params and (a.params.r_val, a.params.basics) == (0.55, 0.9)
    assert make_bot("medium", defs, 1, 0).params is Tuning
    assert make_bot("hard", defs, 1, 0, r_val=0.55).params is make_bot("hard", defs, 2, 1, r_val=0.55).params


def test_what_is_good_for_one_player_is_as_bad_for_the_other():
    """Swapping the seats negates every feature, so the two chances to win add up to one."""
    positions, __ = _positions(mix=(["10th", "legends"], ["legendary"]))
    m = expert.model()
    for g in positions[::7]:
        a, b = expert.features(g, 0), expert.features(g, 1)
        ca, cb = expert.card_terms(g, 0), expert.card_terms(g, 1)
        assert a == [-v for v in b] and ca == {cid: -v for cid, v in cb.items()}
        assert m.predict(a, ca)[1] + m.predict(b, cb)[1] == pytest.approx(1.0)
        assert m.predict(a, ca)[0] == pytest.approx(-m.predict(b, cb)[0])


def test_late_in_the_game_the_player_well_ahead_is_expected_to_win():
    positions, __ = _positions(seed=33)

    def lead(g):
        totals = {r["seat"]: r["total"] for r in g.scores()}
        leader = max(totals, key=totals.get)
        return totals[leader] - totals[1 - leader], leader
    late = [g for g in positions if g.pool <= 15]
    g = max(late, key=lambda g: lead(g)[0])
    gap, leader = lead(g)
    assert gap >= 5   # (the test's game has a clear leader near the end)
    margin, chance = expert.model().predict(expert.features(g, leader), expert.card_terms(g, leader))
    assert chance > 0.7 and margin > 0


def test_the_model_answers_only_where_it_was_trained():
    """Two players on their own; teams, three seats and a solo villain keep the hand-written evaluation."""
    for sets, players, variants in MIXES[2:]:
        game = new_game(sets, [f"P{i + 1}" for i in range(players)], variants, seed=2)
        assert expert.features(game, 0) is None, (sets, players, variants)


def _trainer():
    return load_script("train_expert")


def test_training_repeats_from_its_seed():
    trainer = _trainer()
    first = trainer.train(games=4, seed=5, explore=0.3, mixes=("10th", "cotg"), holdout=2)
    assert first == trainer.train(games=4, seed=5, explore=0.3, mixes=("10th", "cotg"), holdout=2)
    assert first[0] != trainer.train(games=4, seed=6, explore=0.3, mixes=("10th", "cotg"), holdout=2)[0]
    assert first[0]["features"] == list(expert.FEATURES) and first[1]["held_out_positions"] > 0
    with_cards = trainer.train(games=4, seed=5, explore=0.3, mixes=("10th", "cotg"), holdout=2, cards=10)[0]
    assert with_cards["cards"] and not first[0]["cards"]
    assert set(with_cards["cards"]) <= {d.id for m in ("10th", "cotg") for d in new_game([m], seed=1).ctx.defs}


def test_the_trainings_defaults_are_the_command_the_shipped_weights_were_written_by():
    """Run bare, the training writes the shipped weights again (same seed, games, mixes, cards)."""
    shipped = json.loads(resources.files("ascension.plugins.bots").joinpath("expert_eval.json").read_text())
    program, *args = shlex.split(shipped["command"])
    assert program == "scripts/train_expert.py"
    ap = _trainer().parser()
    assert ap.parse_args(args) == ap.parse_args([])
    assert shipped["games"] == ap.parse_args([]).games and shipped["mixes"] == ap.parse_args([]).mixes


def test_training_stopped_while_writing_its_weights_leaves_the_old_ones_whole(tmp_path, monkeypatch):
    out = tmp_path / "expert_eval.json"
    shipped = resources.files("ascension.plugins.bots").joinpath("expert_eval.json").read_text()
    out.write_text(shipped)

    def disk_full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr("os.fsync", disk_full)
    with pytest.raises(OSError, match="No space left"):
        _trainer().main(["--games", "2", "--mixes", "10th", "--holdout", "0", "--out", str(out)])
    assert out.read_text() == shipped and [f.name for f in tmp_path.iterdir()] == ["expert_eval.json"]
    monkeypatch.undo()
    _trainer().main(["--games", "2", "--mixes", "10th", "--holdout", "0", "--out", str(out)])
    assert Model.load(out.read_text()).margin != Model.load(shipped).margin


def test_its_reason_gives_its_chance_to_win():
    __, __, seen, __ = play(["10th"], 2, [], seed=6, turns=10)
    assert any(re.search(r"honor (ahead|behind).* \(chance to win: \d+%\)", why) for __, __, why in seen)


def test_experiments_can_set_the_race_and_the_weights_file(tmp_path):
    """``first=16``: every searched decision meets at least 16 worlds; ``weights=``: another
    trained file judges the rollouts (here one that ignores everything but the honor margin)."""
    game = new_game(["10th"], ["A", "B"], seed=4)
    bot = make_bot("expert", game.ctx.defs, 4, 0, budget=200, depth=1, endgame=0.0, first=16)
    medium = make_bot("medium", game.ctx.defs, 4, 1)
    while not game.over and game.turn <= 10:
        dec = game.decision()
        game.apply((bot if dec.seat == 0 else medium).choose(game.view(dec.seat), dec))
    assert bot.stats and all(s["worlds"] >= 16 or s["rollouts"] + s["candidates"] > 200 for s in bot.stats)
    data = json.loads(resources.files("ascension.plugins.bots").joinpath("expert_eval.json").read_text())
    only_margin = dict(data, margin=[1.0] + [0.0] * (len(expert.FEATURES) - 1), win=[0.0] * len(expert.FEATURES),
                       cards={})
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(only_margin))
    other = make_bot("expert", game.ctx.defs, 4, 0, weights=str(path))
    positions, __ = _positions()
    x = expert.features(positions[9], 0)
    assert other.model.predict(x, expert.card_terms(positions[9], 0)) == (x[0], 0.5)
    assert make_bot("expert", game.ctx.defs, 4, 0).model is expert.model()
    for race in ({"first": 0}, {"batch": 0}):   # a race that adds no worlds would never end: refused
        with pytest.raises(ValueError, match="at least 1 world"):
            make_bot("expert", game.ctx.defs, 4, 0, **race)


def test_an_experiment_may_look_further_ahead_in_the_first_rounds():
    """``early="4:4"``: rollouts go four rounds ahead, not two, while the game is in its first
    four rounds (eight turns of two players); after them, and without it, the usual two."""
    game = new_game(["10th"], ["A", "B"], seed=4)
    usual = make_bot("expert", game.ctx.defs, 4, 0)
    early = make_bot("expert", game.ctx.defs, 4, 0, early="4:4")
    assert (usual.horizon(game), early.horizon(game)) == (2, 4)
    game.turn = 8
    assert early.horizon(game) == 4
    game.turn = 9
    assert early.horizon(game) == 2
    game.pool = 1   # the end game is played out to its end either way
    assert early.horizon(game) is None
    for wrong in ("4", "four:4", "4:-1"):
        with pytest.raises(ValueError, match="rounds:depth"):
            make_bot("expert", game.ctx.defs, 4, 0, early=wrong)


def hedron_cannon(game):
    return next(game.card(c) for c in game.center_deck + game.center_row if game.card(c).id == "10th.hedron_cannon")


def test_the_plan_adds_three_tenths_of_each_cards_learned_worth_to_taking_it():
    """The expert's plan (and so its rollouts) values a card medium underrates, such as Hedron
    Cannon, by three tenths of the learned worth per turn left more than medium's plan does;
    ``card_worth`` sets the share (0: medium's plan)."""
    game = new_game(["10th"], ["A", "B"], seed=5)
    medium_plan, default, half = (make_bot("expert", game.ctx.defs, 4, 0, **o).params
                                  for o in ({"card_worth": 0}, {}, {"card_worth": 0.5}))
    assert not medium_plan.card_table
    worth = expert.model().cards["10th.hedron_cannon"][0]
    cannon = hedron_cannon(game)
    base = Situation(game, 0, medium_plan)
    for params, share in ((default, 0.3), (half, 0.5)):
        extra = Situation(game, 0, params).acquire_value(cannon) - base.acquire_value(cannon)
        assert extra == pytest.approx(share * worth * base.turns_left)
        assert extra > 0   # the model thinks more of it than medium does
    # one class per numbers and model: the bots of a batch share it (and the caches keyed by it)
    assert make_bot("expert", game.ctx.defs, 5, 1).params is default


def test_the_legends_sets_cards_keep_mediums_value():
    """In games of the Legends set alone the learned worth of its cards made the plan worse: the
    plan leaves them out, and keeps the other sets' cards."""
    table = make_bot("expert", new_game(["10th"], ["A", "B"], seed=5).ctx.defs, 4, 0).params.card_table
    learned = expert.model().cards
    assert any(cid.startswith("legends.") for cid in learned)
    assert not any(cid.startswith("legends.") for cid in table)
    assert {cid for cid in learned if cid.startswith(("10th.", "cotg.", "rotf."))} == set(table)


@pytest.mark.parametrize("sets,players,variants", [(["10th"], 4, ["teams"]), (["10th"], 1, ["samael"]),
                                                   (["10th"], 3, [])])
def test_where_the_learned_parts_were_not_trained_the_plan_is_without_them(sets, players, variants):
    """Teams, a solo villain, three seats: the model was trained on two players on their own, so
    from its first decision the expert plans without the cards' learned worth."""
    game = new_game(sets, [f"P{i + 1}" for i in range(players)], variants, seed=3)
    bot = make_bot("expert", game.ctx.defs, 3, 0, **SMALL)
    assert bot.params.card_table
    while game.decision().seat != 0:
        game.apply(0)
    dec = game.decision()
    game.apply(bot.choose(game.view(0), dec))
    assert not bot.params.card_table and bot.params.card_worth == 0.0 and bot.trained is False
    two = new_game(["10th"], ["A", "B"], seed=3)
    other = make_bot("expert", two.ctx.defs, 3, 0, **SMALL)
    two.apply(other.choose(two.view(0), two.decision()))
    assert other.params.card_table and other.trained is True


def damage_the_trained_evaluation(monkeypatch, folder: Path, damage: str) -> Path:
    """The expert's weights file as a damaged install leaves it (read from ``folder``)."""
    broken = folder / "expert_eval.json"
    broken.write_text(damage, encoding="utf-8", errors="surrogateescape")

    class Package:
        def joinpath(self, name):
            return folder / name
    monkeypatch.setattr(expert, "_MODEL", None)
    monkeypatch.setattr(expert.resources, "files", lambda package: Package())
    return broken


@pytest.mark.parametrize("damage", ["", "{not json", '{"features": []}', "\udcff"])
def test_a_damaged_trained_evaluation_is_named_in_a_plain_message(damage, monkeypatch, tmp_path):
    """A damaged install (the weights file emptied, cut short, from another version): choosing
    the expert says which file and what to do, not a JSON traceback."""
    broken = damage_the_trained_evaluation(monkeypatch, tmp_path, damage)
    game = new_game(["10th"], ["A", "B"], seed=1)
    with pytest.raises(expert.ExpertDataError) as caught:
        make_bot("expert", game.ctx.defs, 1, 0)
    assert str(broken) in str(caught.value) and "reinstall Ascension Table" in str(caught.value)


def test_a_saved_game_with_an_expert_seat_is_kept_and_called_sound_when_the_evaluation_is_damaged(
        monkeypatch, tmp_path):
    """Loading it says what is missing and what to do; it does not call the save invalid, and
    the file is left exactly as it was."""
    from ascension.core.match import SaveFileError
    from ascension.core.session import Seat, Session
    from ascension.ui.desktop import storage
    saved = tmp_path / "game.json"
    saved.write_text(Session.start(["10th"], [Seat("Ann"), Seat("Ex", "bot", "expert")], seed=3).to_json())
    before = saved.read_bytes()
    broken = damage_the_trained_evaluation(monkeypatch, tmp_path, "{not json")
    with pytest.raises(SaveFileError) as caught:
        storage.read_session(saved)
    message = str(caught.value)
    assert message.startswith(f"{saved}: the saved game is sound") and str(broken) in message
    assert "reinstall Ascension Table" in message and "not a valid saved game" not in message
    assert saved.read_bytes() == before
