"""Every file handed to us is checked before it is used: a corpus of bad saves, sessions,
records, override files and set files, each refused quickly with a message naming the source,
the key and what was expected (never a TypeError, RecursionError or MemoryError)."""
from __future__ import annotations

import copy
import json
import time

import pytest

from ascension.core import match
from ascension.core.bots import make_bot
from ascension.core.cards import SetFileError, load_set_file
from ascension.core.match import SaveFileError, SetupError, load, new_game, replay, save, setup_from_dict
from ascension.core.overrides import ENV
from ascension.core.plugins import installed, make_manager, verbs_for
from ascension.core.session import Session

QUICK = 1.0   # seconds: "a fraction of a second", with room for a loaded test machine


@pytest.fixture(scope="module")
def good() -> dict:
    """A real saved game some turns in, with a question pending inside a card effect."""
    game = new_game(["10th"], ["Ann", "Bob"], seed=12)
    bots = [make_bot("greedy", game.ctx.defs, 12, i) for i in range(2)]
    while len(game.answers) < 40 or game.pending is None:
        dec = game.decision()
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
    load(save(game))   # warm the set cache: what is timed is the refusal
    return json.loads(save(game))


def at(d: dict, path: str, value) -> dict:
    """A copy of ``d`` with the value at ``path`` ("state.players.0.hand") replaced (None-path: deleted)."""
    d = copy.deepcopy(d)
    *parents, last = path.split(".")
    node = d
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    key = int(last) if isinstance(node, list) else last
    if value is DELETE:
        del node[key]
    else:
        node[key] = value(node[key]) if callable(value) else value
    return d


DELETE = object()


def nested(depth: int):
    v: object = 1
    for _ in range(depth):
        v = [v]
    return v


# ------------------------------------------------------------------------------- saves
SAVES = {   # name -> (make the text from the good save, what the message says)
    "truncated": (lambda d: json.dumps(d)[:len(json.dumps(d)) // 2], "half.json: not a valid saved game: not JSON"),
    "empty": (lambda d: "", "not a valid saved game: it is empty"),
    "cut-short": (lambda d: json.dumps(d)[:40], "not a valid saved game: not JSON from line 1, column 41 on"),
    "a_list": (lambda d: "[1]", "expected an object with format, setup and state, not list"),
    "null": (lambda d: "null", "not NoneType"),
    "a_number": (lambda d: "3", "not int"),
    "deeply_nested_array": (lambda d: "[" * 200_000 + "]" * 200_000, "nested more than"),
    "deeply_nested_object": (lambda d: '{"a":' * 100_000 + "1" + "}" * 100_000, "nested more than"),
    "deep_plugin_data": (lambda d: json.dumps(at(d, "state.ext", {"x": nested(60)})), "nested more than 32 deep"),
    "too_large": (lambda d: json.dumps({**d, "padding": "x" * 6_000_000}), "too large for a saved game"),
    "format_99": (lambda d: json.dumps({**d, "format": 99}), "written by a newer version of Ascension Table (format 99"),
    "format_0": (lambda d: json.dumps({**d, "format": 0}), "unsupported save format 0"),
    "format_text": (lambda d: json.dumps({**d, "format": "1"}), "unsupported save format '1'"),
    "format_of_400_digits": (lambda d: json.dumps({**d, "format": 10 ** 400}),   # (quoted cut short)
                             "newer version of Ascension Table (format 100000000000000000000000000000000000000…; "),
    "format_a_long_text": (lambda d: json.dumps({**d, "format": "x" * 5000}), "unsupported save format 'xxxxxxx"),
    "huge_integer": (lambda d: json.dumps(d).replace('"seed": ', '"seed": ' + "9" * 5000 + "0", 1),
                     "not a valid saved game: it holds a number of more than 4300 digits"),
    "no_state": (lambda d: json.dumps(at(d, "state", DELETE)), "state: Field required"),
    "unknown_key": (lambda d: json.dumps({**d, "cheat": True}), "cheat: Extra inputs are not permitted"),
    "hand_a_string": (lambda d: json.dumps(at(d, "state.players.0.hand", "abc")), "state.players[0].hand: Input should be a valid list"),
    "id_out_of_range": (lambda d: json.dumps(at(d, "state.players.0.hand", lambda h: h + [10_000])), "players[0].hand: 10000 is not a card of this match"),
    "id_negative": (lambda d: json.dumps(at(d, "state.players.1.deck", lambda h: [-1] + h[1:])), "players[1].deck: -1 is not a card of this match"),
    "id_a_string": (lambda d: json.dumps(at(d, "state.players.0.discard", ["7"])), "state.players[0].discard[0]: Input should be a valid integer"),
    "id_a_float": (lambda d: json.dumps(at(d, "state.center_deck", lambda c: [float(c[0])] + c[1:])), "state.center_deck[0]: Input should be a valid integer"),
    "id_a_bool": (lambda d: json.dumps(at(d, "state.void", [True])), "state.void[0]: Input should be a valid integer"),
    "huge_id": (lambda d: json.dumps(at(d, "state.box", [10 ** 30])), "is not a card of this match"),
    "answers_text": (lambda d: json.dumps({**d, "answers": "abc"}), "answers: Input should be a valid list"),
    "answer_negative": (lambda d: json.dumps({**d, "answers": [0, -1]}), "answers[1]: Input should be greater than or equal to 0"),
    "answer_float": (lambda d: json.dumps({**d, "answers": [1.5]}), "answers[0]: Input should be a valid integer"),
    "answer_huge": (lambda d: json.dumps({**d, "answers": [10 ** 12]}), "answers[0]: Input should be less than or equal to 10000"),
    "pending_half": (lambda d: json.dumps(at(d, "state.pending", {"seat": 0})), "state.pending.kind: Field required"),
    "pending_kind": (lambda d: json.dumps(at(d, "state.pending.kind", "explode")), "state.pending.kind: expected choose_card"),
    "pending_seat": (lambda d: json.dumps(at(d, "state.pending.seat", 5)), "state.pending.seat: 5 is not a seat"),
    "pending_no_asker": (lambda d: json.dumps(at(d, "state.stack", [])), "state.pending: a question with no effect step asking it"),
    "pending_intent_card": (lambda d: json.dumps(at(d, "state.pending.intent", {"verb": "may", "card": 99999, "key": "play"})),
                            "state.pending.intent.card: 99999 is not a card of this match"),
    "pending_intent_key": (lambda d: json.dumps(at(d, "state.pending.intent", {"verb": "may", "card": 0, "key": "fly"})),
                           "state.pending.intent.key: 'fly' is not an effect of that card"),
    "pending_intent_no_verb": (lambda d: json.dumps(at(d, "state.pending.intent", {"zones": ["hand"]})),
                               "state.pending.intent.verb: Field required"),
    "pending_intent_zones": (lambda d: json.dumps(at(d, "state.pending.intent", {"verb": "banish", "zones": "hand"})),
                             "state.pending.intent.zones: Input should be a valid list"),
    "pending_option_card": (lambda d: json.dumps(at(d, "state.pending.options", [["card", 99999]])), "state.pending.options[0]"),
    "pending_options_empty": (lambda d: json.dumps(at(d, "state.pending.options", [])), "state.pending.options: List should have at least 1 item"),
    "current_not_a_seat": (lambda d: json.dumps(at(d, "state.current", 7)), "current: 7 is not a seat"),
    "current_text": (lambda d: json.dumps(at(d, "state.current", "0")), "state.current: Input should be a valid integer"),
    "center_row_short": (lambda d: json.dumps(at(d, "state.center_row", lambda r: r[:5])), "state.center_row: List should have at least 6 items"),
    "stack_unknown_card": (lambda d: json.dumps(at(d, "state.stack.0.1", "10th.no_such_card")), "state.stack[0]: card"),
    "stack_bad_step": (lambda d: json.dumps(at(d, "state.stack.0.3", 99)), "has no effect"),
    "pool_negative": (lambda d: json.dumps(at(d, "state.pool", -5)), "state.pool: Input should be greater than or equal to 0"),
    "honor_a_bool": (lambda d: json.dumps(at(d, "state.players.0.honor", True)), "state.players[0].honor: Input should be a valid integer"),
    "player_missing": (lambda d: json.dumps(at(d, "state.players", lambda p: p[:1])), "1 players for the 2 names of the setup"),
    "card_in_two_places": (lambda d: json.dumps(at(d, "state.players.0.hand", lambda h: h + [d["state"]["center_deck"][0]])), "cards not conserved"),
    "pile_card_on_another_pile": (lambda d: json.dumps(at(d, "state.piles", lambda p: {**p, "10th.mystic": p["10th.mystic"] + p["10th.heavy_infantry"][:1], "10th.heavy_infantry": p["10th.heavy_infantry"][1:]})), "piles.10th.mystic: Heavy Infantry"),
    "setup_seed_text": (lambda d: json.dumps(at(d, "setup.seed", "x")), "setup.seed: Input should be a valid integer"),
    "setup_no_sets": (lambda d: json.dumps(at(d, "setup.sets", [])), "setup.sets: List should have at least 1 item"),
    "setup_unknown_set": (lambda d: json.dumps(at(d, "setup.sets", ["nope"])), "unknown set 'nope'"),
    "setup_copies_10000000": (lambda d: json.dumps(at(d, "setup.overrides", {"10th": {"mystic": {"copies": 10_000_000}}})), "field 'copies': expected a whole number of at most 100, not 10000000"),
    "setup_plugin_missing": (lambda d: json.dumps(at(d, "setup.plugins", {"base": "0.1.0", "ghost": "1.0"})), "played with plugin(s) 'ghost' 1.0, not installed here"),
    "setup_extra_key": (lambda d: json.dumps(at(d, "setup.colour", "red")), "setup.colour: Extra inputs are not permitted"),
}


@pytest.mark.parametrize("name", SAVES)
def test_a_bad_save_is_refused_quickly_saying_where(good, name):
    make, message = SAVES[name]
    text = make(good)
    started = time.perf_counter()
    with pytest.raises(SaveFileError) as err:
        load(text, source="half.json")
    assert time.perf_counter() - started < QUICK
    assert str(err.value).startswith("half.json: ")
    assert message in str(err.value)


@pytest.mark.parametrize("name", ["format_of_400_digits", "format_a_long_text"])
def test_a_format_written_at_length_is_quoted_cut_short(good, name):
    """It was printed whole: 400 digits, or 5,000 letters, of message."""
    with pytest.raises(SaveFileError) as err:
        load(SAVES[name][0](good), source="half.json")
    assert len(str(err.value)) < 160 and "…" in str(err.value)


def test_the_good_save_of_the_corpus_loads(good):
    assert load(json.dumps(good)).to_dict()["state"] == good["state"]


# ------------------------------------------------------------------------------- sessions
def session_text(good: dict, **changes) -> str:
    d = {"format": 1, "seats": [{"name": "Ann", "kind": "human", "bot": None},
                                {"name": "Bot", "kind": "bot", "bot": "greedy"}],
         "assisted": False, "started_at": "2026-12-01T10:00:00+00:00", "game": good}
    d.update(changes)
    return json.dumps(d)


SESSIONS = {
    "no_seats": (lambda g: session_text(g, seats=[]), "seats: List should have at least 1 item"),
    "seat_kind": (lambda g: session_text(g, seats=[{"name": "A", "kind": "alien"}, {"name": "B"}]), "seats[0].kind: Input should be 'human' or 'bot'"),
    "unknown_bot": (lambda g: session_text(g, seats=[{"name": "A"}, {"name": "B", "kind": "bot", "bot": "skynet"}]), "unknown bot 'skynet'"),
    "seat_count": (lambda g: session_text(g, seats=[{"name": "A"}, {"name": "B"}, {"name": "C"}]), "3 seats for a 2-player game"),
    "game_text": (lambda g: session_text(g, game="x"), "game: Input should be a valid dictionary"),
    "a_list": (lambda g: "[]", "unsupported session format"),
    "started_at": (lambda g: session_text(g, started_at="yesterday"), "started_at: Input should be a valid datetime"),
    "assisted_text": (lambda g: session_text(g, assisted="yes"), "assisted: Input should be a valid boolean"),
    "bad_game_inside": (lambda g: session_text(g, game=at(g, "state.current", 9)), "current: 9 is not a seat"),
    "deep": (lambda g: "[" * 100_000, "nested too deep"),
    "broken_character": (lambda g: session_text(g, seats=[{"name": "A\ud800B"}, {"name": "B"}]),
                         "seats[0].name: Input should be text without broken characters"),
    "huge_integer": (lambda g: session_text(g).replace('"assisted"', '"x": ' + "9" * 5000 + ', "assisted"', 1),
                     "not a valid saved session: it holds a number of more than 4300 digits"),
}


@pytest.mark.parametrize("name", SESSIONS)
def test_a_bad_session_file_is_refused_quickly_saying_where(good, name):
    make, message = SESSIONS[name]
    text = make(good)
    started = time.perf_counter()
    with pytest.raises(SaveFileError) as err:
        Session.from_json(text, source="autosave.json")
    assert time.perf_counter() - started < QUICK
    assert str(err.value).startswith("autosave.json: ") and message in str(err.value)


def test_the_good_session_of_the_corpus_resumes(good):
    assert [s.kind for s in Session.from_json(session_text(good)).seats] == ["human", "bot"]


# ------------------------------------------------------------------------------- records
RECORDS = {   # (setup, answers) -> the error and what it says
    "answers_text": (lambda s: (s, "abc"), SaveFileError, "answers: Input should be a valid list"),
    "answer_negative": (lambda s: (s, [-3]), SaveFileError, "answers[0]: Input should be greater than or equal to 0"),
    "answers_too_many": (lambda s: (s, [0] * 200_000), SaveFileError, "answers: List should have at most 100000 items"),
    "setup_not_a_dict": (lambda s: ([1], []), SetupError, "setup: Input should be a valid dictionary"),
    "no_seed": (lambda s: ({k: v for k, v in s.items() if k != "seed"}, []), SetupError, "setup.seed: Field required"),
    "seven_names": (lambda s: ({**s, "names": list("ABCDEFG")}, []), SetupError, "setup.names: List should have at most 6 items"),
    "honor_pool_zero": (lambda s: ({**s, "honor_pool": 0}, []), SetupError, "setup.honor_pool: Input should be greater than or equal to 1"),
    "copies_10000000": (lambda s: ({**s, "overrides": {"10th": {"mystic": {"copies": 10_000_000}}}}, []), SetupError, "at most 100, not 10000000"),
    "overrides_shape": (lambda s: ({**s, "overrides": {"10th": 3}}, []), SetupError, "setup.overrides.10th: Input should be a valid dictionary"),
}


@pytest.mark.parametrize("name", RECORDS)
def test_a_bad_record_is_refused_quickly_saying_where(good, name):
    make, error, message = RECORDS[name]
    setup, answers = make(good["setup"])
    started = time.perf_counter()
    with pytest.raises(error) as err:
        replay(setup, answers)
    assert time.perf_counter() - started < QUICK
    assert message in str(err.value)
    if error is SetupError and name != "answers_text":
        with pytest.raises(SetupError):
            setup_from_dict(setup)


# ------------------------------------------------------------------------------- override files
OVERRIDES = {   # file content (text or bytes) -> what the message says after the file's path
    "cost_negative": ("[cards.10th.mystic]\ncost = -1\n", "[cards.10th.mystic]: field 'cost': expected a whole number of at least 0, not -1"),
    "copies_10000000": ("[cards.10th.mystic]\ncopies = 10000000\n", "[cards.10th.mystic]: field 'copies': expected a whole number of at most 100, not 10000000"),
    "toml_syntax": ("[cards.10th.mystic\ncost = 3\n", "cannot read the override file: "),
    "not_utf8": (b"[cards.10th.mystic]\nname = '\xff\xfe'\n", "cannot read the override file: not UTF-8 text"),
    "too_large": ("# " + "x" * 2_100_000 + "\n", "cannot read the override file: 2100003 bytes is more than"),
    "deeply_nested": ("x = " + "[" * 50_000 + "]" * 50_000 + "\n", "cannot read the override file: "),
    "cards_a_number": ("cards = 3\n", "cards: expected tables [cards.<set>.<card>]"),
    "unknown_card": ("[cards.10th.no_such_card]\ncost = 1\n", "set '10th' has no card with id 'no_such_card'"),
    "huge_integer": ("[cards.10th.mystic]\ncost = " + "9" * 5000 + "\n", "cannot read the override file: a number of more than 4300 digits"),
}


@pytest.mark.parametrize("name", OVERRIDES)
def test_a_bad_override_file_is_refused_quickly_naming_the_file_and_key(tmp_path, monkeypatch, name):
    from ascension.core import overrides
    content, message = OVERRIDES[name]
    path = tmp_path / "overrides.toml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    monkeypatch.setenv(ENV, str(path))
    match._load_set.cache_clear()
    try:
        started = time.perf_counter()
        with pytest.raises(SetFileError) as err:
            match.build_setup(["10th"], ["Ann", "Bob"], seed=1)
        assert time.perf_counter() - started < QUICK
        assert str(err.value).startswith(f"{path}: ") and message in str(err.value)
        assert overrides.problems() == str(err.value)                       # what front ends ask
        assert match.build_setup(["10th"], ["Ann", "Bob"], seed=1, overrides={}).card_sets  # the same match without them
    finally:
        match._load_set.cache_clear()


# ------------------------------------------------------------------------------- set files
HEADER = '[set]\nid = "mini"\nname = "Mini"\n'
CARD = '[[card]]\nid = "slayer"\nname = "Slayer"\ntype = "hero"\ncost = 4\ncopies = {copies}\nplay = [{{ gain = {{ power = 3 }} }}]\n'
SET_FILES = {
    "copies_10000000": (HEADER + CARD.format(copies=10_000_000), "card 'slayer': field 'copies': Input should be less than or equal to 100"),
    "cost_huge": (HEADER + CARD.format(copies=1).replace("cost = 4", "cost = 100000"), "card 'slayer': field 'cost'"),
    "not_utf8": (HEADER.encode() + b"# \xff\n" + CARD.format(copies=1).encode(), "cannot read the set file: not UTF-8 text"),
    "truncated": ((HEADER + CARD.format(copies=1))[:60], "cannot read the set file: "),
    "cards_a_number": ("card = 3\n" + HEADER, "[[card]]: expected a list of card tables"),
    "deeply_nested": (HEADER + "x = " + "[" * 50_000 + "]" * 50_000 + "\n", "cannot read the set file: "),
    "too_large": (HEADER + "# " + "y" * 2_100_000 + "\n", "bytes is more than the 2000000 a set file may have"),
    "header_a_number": ("set = 3\n" + CARD.format(copies=1), "[set]: field '(card)'"),
    "huge_integer": (HEADER + CARD.format(copies=1).replace("cost = 4", "cost = " + "4" * 5000), "cannot read the set file: a number of more than 4300 digits"),
}


@pytest.fixture(scope="module")
def verbs():
    return verbs_for(make_manager([installed().modules["base"]]))


@pytest.mark.parametrize("name", SET_FILES)
def test_a_bad_set_file_is_refused_quickly_naming_the_file_and_key(tmp_path, verbs, name):
    content, message = SET_FILES[name]
    path = tmp_path / "mini.toml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    started = time.perf_counter()
    with pytest.raises(SetFileError) as err:
        load_set_file(path, verbs)
    assert time.perf_counter() - started < QUICK
    assert str(err.value).startswith("mini.toml: ") and message in str(err.value)


def test_two_set_files_with_one_set_id_are_refused_naming_both(tmp_path, monkeypatch):
    """A set file whose [set] id is another's would replace that set's card effects."""
    builtin = match.available_sets()
    copy_path = tmp_path / "mine.toml"
    copy_path.write_text(builtin["10th"].read_text(encoding="utf-8"), encoding="utf-8")   # [set] id = "10th"
    monkeypatch.setattr(match, "available_sets", lambda: {**builtin, "mine": copy_path})
    match._load_set.cache_clear()
    try:
        with pytest.raises(SetFileError) as err:
            match.build_setup(["10th", "mine"], ["Ann", "Bob"], seed=1)
        assert str(copy_path) in str(err.value) and str(builtin["10th"]) in str(err.value)
        assert "field 'id': '10th' is already the id of" in str(err.value)
    finally:
        match._load_set.cache_clear()


def test_the_corpus_is_large():
    assert len(SAVES) + len(SESSIONS) + len(RECORDS) + len(OVERRIDES) + len(SET_FILES) + 1 >= 50


@pytest.mark.parametrize("where", ["session", "game"])
def test_a_saved_name_no_one_could_type_is_refused_not_printed(tmp_path, where):
    """A save whose name held terminal escapes and line breaks was resumed, and the terminal game
    printed them raw ("Honor tokens: Evil^[[31mRED")."""
    from ascension.core.session import Seat, Session
    from ascension.ui.desktop import storage
    session = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy")], seed=1)
    d = json.loads(session.to_json())
    if where == "session":
        d["seats"][0]["name"] = "Evil\x1b[31mRED\n"
    else:
        d["game"]["setup"]["names"][0] = "Evil\x1b[31mRED\n"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(d))
    with pytest.raises(SaveFileError, match=r"a name can hold only visible characters \(it holds U\+001B"):
        storage.read_session(path)
    long = "A" * 50   # too long to type today, but visible: a save of an earlier version still loads
    if where == "session":
        d["seats"][0]["name"] = long
    else:
        d["game"]["setup"]["names"][0] = long
    path.write_text(json.dumps(d))
    assert storage.read_session(path).game.ctx.setup is not None
