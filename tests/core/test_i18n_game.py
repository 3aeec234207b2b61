"""The game's words follow the language: card text, prompts, option labels, status lines and the
log all go through the translation layer (core/i18n.py), and German has every one of them."""
from __future__ import annotations

from pathlib import Path

import pytest

from ascension.core import i18n, wording
from ascension.core.bots import make_bot
from ascension.core.cards import CardDef, cost_words
from ascension.core.events import Event, render
from ascension.core.match import available_sets, load_set, new_game
from ascension.core.session import Unspent
from pseudo_text import outside_markers

ROOT = Path(__file__).resolve().parents[2]
# Every set alone, all four mixed, and each variant: (sets, variants, players)
SETUPS = [(["10th"], [], 2), (["cotg"], [], 3), (["rotf"], [], 2), (["legends"], [], 2),
          (["10th", "cotg", "rotf", "legends"], [], 4), (["cotg", "rotf"], ["legendary"], 2),
          (["10th", "rotf"], ["teams"], 4), (["10th"], ["samael"], 1), (["legends"], ["cult"], 1)]
VILLAINS = ("Samael", "The Cult", "The villain")   # the solo opponent's name: the engine shows it as kept


def every_card() -> list[CardDef]:
    out = []
    for set_id in available_sets():
        cs = load_set(set_id)
        out += cs.center + cs.always + cs.starting + cs.legends
    return out


def play_and_read(sets, variants, players, seed, bot) -> list[str]:
    """A whole game between bots, reading at every decision what a player would read: the prompt,
    every option's label (the table's and the bots' words), every seat's status and the
    end-of-turn warning; then every line of the log."""
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:players]
    game = new_game(sets, names, variants, seed=seed)
    bots = [make_bot(bot, game.ctx.defs, seed, i) for i in range(players)]
    seen = []
    while not game.over:
        dec = game.decision()
        seen += [dec.prompt, wording.render_prompt(game, dec.intent)]
        seen += [game.label(o) for o in dec.options]
        seen += [wording.describe_option(game.ctx.defs, o, dec.intent, game.seat_name) for o in dec.options]
        if dec.kind == "action":
            seen += [f"{k}: {v}" for seat in [*range(players), -1] for k, v in game.public_status(seat)]
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
    seen += [line for _, line in game.log_lines(game.log)] + [game.text(e) for e in game.log]
    return seen


def static_words() -> list[str]:
    """Words that do not need a game: every card's text and price, durations, the warning lines."""
    cards = every_card()
    out = [d.text for d in cards] + [cost_words(d) for d in cards if d.priced]
    out += [wording.duration(s) for s in (20, 60 * 65, 60 * 60 * 50)]
    game = new_game(["10th"], ["Ann", "Bob"], seed=1)
    construct = next(c for c, d in enumerate(game.ctx.defs) if d.abilities)
    for n in (1, 2):
        out += wording.unspent_lines(game, Unspent(cards=n, runes=n, power=n, usable=(construct,)))
    return out


@pytest.fixture
def german():
    """German for one test (the suite's own fixture puts English back afterwards)."""
    i18n.set_language("de")


def test_german_has_every_word_the_game_shows(german):
    seen = static_words()
    for (sets, variants, players), bot in [(s, b) for s in SETUPS for b in ("random", "greedy")]:
        seen += play_and_read(sets, variants, players, seed=7, bot=bot)
    assert len(seen) > 10_000
    assert sorted(i18n.missing()) == []


def _bare(text: str, names: list[str]) -> str:
    """The letters of ``text`` outside what went through the translation layer, names and marks."""
    return "".join(ch for ch in outside_markers(text, names) if ch.isalpha())


def test_nothing_the_game_shows_bypasses_the_translation_layer():
    """In the pseudo-language every translated string is wrapped in ⟦…⟧: what is left after
    taking those out, and the names of cards and players, has no letters."""
    i18n.set_language("qps")
    seen = static_words()
    for sets, variants, players in SETUPS:
        seen += play_and_read(sets, variants, players, seed=11, bot="random")
    names = sorted({d.name for d in every_card()} | {"Ann", "Bob", "Cat", "Dan", *VILLAINS}
                   | set(wording.SET_MARKS.values()), key=len, reverse=True)
    assert [line for line in seen if _bare(line, names)] == []


def test_a_player_reads_german_cards_prompts_and_log(german):
    cards = {d.name: d for d in load_set("rotf").center}
    assert cards["Combustion Idol"].text.startswith(
        "Einmal pro Zug, wenn du mindestens 3 Mechana-Konstrukte kontrollierst: ")
    assert cards["Socket Altar"].text.startswith("Einmal pro Zug, wenn du ein Mechana-Konstrukt ins Spiel bringst: ")
    assert cards["Dhartha's Retreat"].text.startswith(
        "Am Ende deines Zuges, wenn du in diesem Zug nichts erworben und nichts besiegt hast: ")
    avatar = next(d for d in load_set("10th").center if d.name == "Avatar of the Fallen")
    assert avatar.text.startswith("Kann aus der Zentrumsreihe nur verbannt werden, indem du es besiegst. Belohnung: ")

    game = new_game(["10th"], ["Ann", "Bob"], seed=1)
    assert game.decision().prompt == "Wähle eine Aktion"
    assert game.label(("end",)) == "Zug beenden"
    assert game.label(("acquire", game.piles["10th.mystic"][-1])) == "Mystic erwerben (3 Runen)"
    assert game.text(next(e for e in game.log if e.kind == "turn_started")) == "Zug 1 von Ann beginnt."
    assert render(Event("banished", 0, 7, 0, "hand"), {0: "Ann"}.get, lambda c: "Mystic") == \
        "Ann verbannt Mystic aus der eigenen Hand."
    assert wording.duration(60 * 65) == "1 Stunde 5 Minuten"


def test_a_card_shown_again_after_the_language_changes_reads_in_the_new_one():
    """Card definitions are loaded once and shared: their text follows the language chosen later
    (the desktop's settings)."""
    avatar = next(d for d in load_set("10th").center if d.name == "Avatar of the Fallen")
    english = avatar.text
    assert english.startswith("Cannot be banished from the center row except by defeating it. Reward: ")
    i18n.set_language("de")
    assert avatar.text.startswith("Kann aus der Zentrumsreihe nur verbannt werden")
    i18n.set_language("en")
    assert avatar.text == english
