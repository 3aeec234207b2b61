"""The terminal game and the ``ascension`` command speak the chosen language: every line they
write goes through the translation layer (the pseudo-language ``qps`` wraps each translated
string in ⟦…⟧, so text that bypassed it stands out), argparse's own words included; German is
complete for them; ``--lang de`` and ``ASCENSION_LANG=de`` both choose it."""
from __future__ import annotations

import argparse
import inspect
import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_python

from ascension.core import i18n
from ascension.core.match import available_sets, load_set
from ascension.ui import terminal
from ascension.ui.cli import build_parser, main
from ascension.ui.cli_common import choose_language
from ascension.ui.helptext import help_markdown, sections
from pseudo_text import outside_markers

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = [[], ["simulate"], ["sets"], ["variants"], ["replay"], ["play"], ["history"], ["history", "list"],
            ["history", "stats"], ["history", "export"], ["history", "check"], ["history", "show"]]
PLAYERS = ["Ann", "Greedy 1", "Greedy 2"]
# Data, not wording: command and option words, choices, the bots' and variants' ids.
INTERFACE = {"ascension", "simulate", "sets", "variants", "replay", "play", "history", "list", "stats", "export",
             "check", "show", "played", "simulated", "all", "finished", "abandoned", "win", "loss", "csv", "json",
             "bgstats", "en", "de", "qps", "greedy", "random", "easy", "medium", "hard", "base", "fate", "cult",
             "legendary", "samael", "teams", "bots"}


def argparse_messages() -> set[str]:
    """What this Python's argparse asks gettext for."""
    found = extract_python(io.BytesIO(inspect.getsource(argparse).encode()), {"_": None, "ngettext": (1, 2)}, [], {})
    return {m[0] if isinstance(m, tuple) else m for lineno, func, m, comments in found if m}


def known_names() -> list[str]:
    """Card and set names as printed (they stay English), longest first."""
    names = set()
    for set_id in available_sets():
        s = load_set(set_id)
        names.update((s.name, re.sub(r"^Ascension:? ", "", s.name), s.id))
        names.update(d.name for d in [*s.center, *s.always, *s.starting])
    return sorted(names | set(PLAYERS), key=len, reverse=True)


def untranslated(text: str, names: list[str]) -> list[str]:
    """The lines of ``text`` with words outside ⟦…⟧ that are not names, paths, numbers, dates,
    option strings, the labels a player types or other interface words."""
    bad = []
    for line, rest in zip(text.splitlines(), outside_markers(text, keep_lines=True).splitlines()):
        for name in sorted(set(names), key=len, reverse=True):
            rest = rest.replace(name, " ")
        rest = re.sub(r"^\s+\w+\. ", " ", rest)               # an option's label: "  p1. ", "  am. "
        rest = re.sub(r"\S*/\S*", " ", rest)                   # paths
        rest = re.sub(r"(?<![\w-])--?[\w-]+", " ", rest)       # option strings
        words = [w for w in re.findall(r"[^\W\d_]{2,}", rest) if w not in INTERFACE
                 and not re.fullmatch(r"[a-z]{1,2}\d+[a-z]?", w)]
        if words:
            bad.append(line)
    return bad


@pytest.fixture
def speak(monkeypatch):
    """Run the command in a language chosen by the environment, with wide output (no wrapping
    splits a ⟦…⟧); the language is put back to English afterwards (conftest)."""
    monkeypatch.setenv("COLUMNS", "1000")

    def use(code: str) -> None:
        monkeypatch.setenv("ASCENSION_LANG", code)
        i18n.set_language(code)
    return use


def run(capsys, *argv) -> str:
    try:
        main([str(a) for a in argv])
    except SystemExit:   # --help, argparse's errors
        pass
    out = capsys.readouterr()
    return out.out + out.err


def every_run(capsys, tmp_path, first_label, check=lambda text: None) -> str:
    """Every command's help and output, and a whole terminal game (recorded, then listed,
    counted and shown); ``check`` sees each run's text (the language's missing messages are
    cleared by each run), returns all of it."""
    texts = []

    def keep(text: str) -> None:
        check(text)
        texts.append(text)
    for words in COMMANDS:
        keep(run(capsys, *words, "--help"))
    db, folder = tmp_path / "h.sqlite3", tmp_path / "games"
    keep(run(capsys, "sets"))
    keep(run(capsys, "variants"))
    keep(run(capsys, "simulate", "--games", 2, "--seed", 3, "--db", db, "--save-games", folder))
    keep(run(capsys, "simulate", "--games", 0))
    keep(run(capsys, "history", "show", "x"))
    keep(run(capsys, "replay", folder / "game-00001.json", "--show"))
    keep(play_in_terminal(first_label, db))
    for words in (["list", "--games", "all"], ["stats"], ["show", 3], ["check"], ["list", "--result", "win"]):
        keep(run(capsys, "history", *words, "--db", db))
    return "\n".join(texts)


def play_in_terminal(first_label, db) -> str:
    """A whole game from a script, the side keys first: rules, why, hint, a wrong label, undo,
    quit (and stay)."""
    lines: list[str] = []
    asks = first_label(lines)
    side = ["r", "w", "h", "zz", "u", "q", "n"]
    terminal.play(seed=5, name="Ann", input_fn=lambda prompt: side.pop(0) if side else asks(prompt),
                  out=lines.append, db=str(db))
    return "\n".join(lines)


def test_in_the_pseudo_language_every_line_is_translated(capsys, tmp_path, first_label, speak):
    speak("qps")
    text = every_run(capsys, tmp_path, first_label)
    assert "⟦Final scores:⟧" in text and "⟦usage: ⟧" in text and "⟦Installed card sets⟧" in text
    bad = untranslated(text, known_names())
    assert bad == [], "\n".join(bad)


def test_in_german_no_message_of_the_terminal_or_the_command_line_is_missing(capsys, tmp_path, first_label, speak):
    speak("de")
    missing = set()
    text = every_run(capsys, tmp_path, first_label, check=lambda text: missing.update(i18n.missing()))
    assert missing == set()
    for line in ("Aufruf: ascension [-h] [--version] [--lang SPRACHE]", "Installierte Kartensets", "Endstand:", "Deine Hand:",
                 "Zentrumsreihe:", "Spiel im Verlauf festgehalten", "Statistik für Ann",
                 "ascension history show: Fehler: Argument ID: 'x' ist keine ganze Zahl",
                 "ascension: Fehler: --games und --jobs müssen mindestens 1 sein", "Wertung"):
        assert line in text


@pytest.mark.parametrize("how", ["option", "environment"])
def test_lang_de_and_ascension_lang_de_both_speak_german(capsys, monkeypatch, how):
    monkeypatch.setenv("COLUMNS", "1000")
    if how == "environment":
        monkeypatch.setenv("ASCENSION_LANG", "de")
        argv = ["sets"]
    else:
        argv = ["--lang", "de", "sets"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Installierte Kartensets" in out and "Zentrum" in out and "Apprentice ×8" in out
    assert main(["--lang", "en", "sets"]) == 0 and "Installed card sets" in capsys.readouterr().out


def test_help_lists_lang_with_the_languages_available(capsys):
    out = run(capsys, "--help")
    assert "--lang LANG" in out and "en (English), de (Deutsch)" in " ".join(out.split())
    assert run(capsys, "--lang", "xx", "sets").count("invalid choice: 'xx'") == 1


def test_the_language_is_chosen_before_the_parser_is_built():
    assert choose_language(["--lang=de", "history", "list"]) == "de"
    assert "Aufruf:" in build_parser().format_usage()
    assert choose_language(["replay", "--lang", "de"]) == "en"   # after the command: a file named "--lang"
    assert "usage:" in build_parser().format_usage()


def test_argparse_words_all_have_a_german_translation():
    i18n.set_language("de")
    for msgid in argparse_messages():
        i18n._(msgid)
    assert i18n.missing() == set()
    assert argparse.ArgumentParser(prog="x").format_help().startswith("Aufruf: x [-h]")


@pytest.mark.parametrize("language", ["en", "de", "qps"])
def test_the_terminal_rules_are_found_in_every_language_of_the_help(language):
    i18n.set_language(language)
    rules = sections(*terminal.RULES_SECTIONS)
    assert rules.count("## ") == 2 and len(rules) > 1000
    assert "## Keys" not in rules and "## Tasten" not in rules


def test_the_german_help_is_german_and_has_the_english_ones_sections():
    english, german = help_markdown("en"), help_markdown("de")
    assert german != english and "## Regelauslegungen" in german and "Zentrumsreihe" in german
    assert german.count("\n## ") == english.count("\n## ")
