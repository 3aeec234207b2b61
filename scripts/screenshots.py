"""Render the desktop program's screens to PNG files, offscreen: ``python scripts/screenshots.py OUTDIR``
(``--lang de``: in German, to see that longer words still fit).

Each scene is staged with the engine's own tools (bots play the opening turns, then
``ascension.core.scenario`` arranges the position) and grabbed at 1280×720 and 1600×900, the
sizes the window must look right at. Settings and autosaves go to a temporary folder.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_tmp = tempfile.mkdtemp(prefix="asc-shots-")
os.environ.setdefault("ASCENSION_CONFIG_DIR", os.path.join(_tmp, "config"))
os.environ.setdefault("ASCENSION_DATA_DIR", os.path.join(_tmp, "data"))

from PySide6.QtGui import QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from ascension.core.bots import make_bot  # noqa: E402
from ascension.core.i18n import _  # noqa: E402
from ascension.core.plugins import installed  # noqa: E402
from ascension.core.scenario import arrange, arrange_center, set_resources  # noqa: E402
from ascension.ui.desktop import language, storage  # noqa: E402
from ascension.ui.desktop.app import MainWindow  # noqa: E402
from ascension.ui.desktop.controller import Controller  # noqa: E402
from ascension.ui.desktop.setup_dialog import SetupDialog  # noqa: E402
from ascension.ui.desktop.tutorial import TUTORIALS  # noqa: E402

SIZES = [(1280, 720), (1600, 900)]


def seats(*spec):
    return [{"name": s, "kind": "human", "bot": None} if isinstance(s, str)
            else {"name": s[0], "kind": "bot", "bot": s[1]} for s in spec]


def settle(app, rounds: int = 5) -> None:
    for _round in range(rounds):
        app.processEvents()


def new_window() -> MainWindow:
    settings = storage.Settings()
    settings.data["speed"] = "instant"
    w = MainWindow(Controller(autosave=None), settings)
    w.confirm = lambda title, text: True
    w.show()
    return w


def play_turns(w: MainWindow, turns: int) -> None:
    """Let greedy play for the people too, until ``turns`` turns have begun (stops at a main action)."""
    c = w.controller
    people = {s: make_bot("greedy", c.game.ctx.defs, c.game.seed, s) for s in c.humans}
    while c.game.turn < turns and not c.session.over:
        dec = c.decision()
        if dec.seat in people:
            c.session.answer(people[dec.seat].choose(c.game.view(dec.seat), dec))
        else:
            c.session.step_bot()
    while c.decision().kind != "action" or not c.is_human(c.decision().seat):
        dec = c.decision()
        c.session.answer(people[dec.seat].choose(c.game.view(dec.seat), dec)) if dec.seat in people \
            else c.session.step_bot()
    c.adopt(c.session)     # the controller takes the session up again where it now stands


def finish_with_bots(app, w: MainWindow) -> None:
    w.controller.skip_bots()
    while not w.controller.session.over:
        app.processEvents()


def shoot(app, w, out: Path, name: str) -> None:
    for width, height in SIZES:
        w.resize(width, height)
        settle(app)
        w.refresh()
        settle(app)
        path = out / f"{name}_{width}x{height}.png"
        w.grab().save(str(path))
        print(path)


def into_center(game, slot: int, card: int) -> None:
    """Put ``card`` (from the center deck) in ``slot``; the card there takes its place."""
    at = game.center_deck.index(card)
    game.center_deck[at], game.center_row[slot] = game.center_row[slot], card
    game._decision = None


def two_arbiters(game) -> None:
    """The 10th's and Chronicle's Arbiter of the Precipice side by side (5 runes/3 honor, 4/1)."""
    found = {game.card(c).set_id: c for c in game.center_deck if game.card(c).name == "Arbiter of the Precipice"}
    for slot, set_id in enumerate(("10th", "cotg")):
        if set_id in found:
            into_center(game, slot, found[set_id])


STAGING = {"table_mixed_sets": two_arbiters,
           "table_samael": lambda g: arrange_center(g, ["Samael the Fallen"])}


def main(argv: list[str]) -> int:
    lang = language.lang_argument(argv)
    argv = language.without_lang(argv)
    if len(argv) != 2:
        print(__doc__)
        return 2
    out = Path(argv[1])
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    language.use(lang or "en")   # English unless asked: the shots are compared with earlier ones

    # 1. the setup dialog: four seats in teams, two sets mixed
    dlg = SetupDialog(storage.Settings(), {
        "seats": seats("Ann", ("Bob", "greedy"), "Cat", ("Dan", "random")), "sets": ["10th", "cotg"],
        "variants": ["teams"], "honor_pool": None, "seed": None})
    dlg.show()
    settle(app)
    dlg.grab().save(str(out / "setup_dialog.png"))
    print(out / "setup_dialog.png")
    dlg.variant_checks["samael"].setChecked(True)   # an impossible mix, explained
    settle(app)
    dlg.grab().save(str(out / "setup_dialog_error.png"))
    print(out / "setup_dialog_error.png")
    dlg.close()

    # 1b. the dialog as a player opens it after a game: no seed kept, "Same deal" offers the last one
    dlg = SetupDialog(storage.Settings(), None, last_seed=4242)
    dlg.show()
    settle(app)
    dlg.grab().save(str(out / "setup_dialog_new.png"))
    print(out / "setup_dialog_new.png")
    dlg.close()

    # 1c. the tutorials, step by step (each move made as the step asks), and the Track's tour
    tutorial_shots(app, out)

    # 2. mid-game, two players: constructs, played heroes and a full hand
    w = new_window()
    w.start({"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [], "seed": 4242,
             "honor_pool": None})
    play_turns(w, 9)
    g = w.controller.game      # staged below, behind the controller's back: a refresh follows
    arrange(g, 0, hand=["Arha Initiate", "Mystic", "Shade of the Black Watch", "Apprentice", "Heavy Infantry",
                        "Lifebound Initiate"],
            constructs=["Snapdragon", "Burrower Mark II"], played=["Flytrap Witch", "Mystic", "Militia"])
    arrange_center(g, ["Arha Templar", "Avatar of the Fallen", "Voidthirster", "Rocket Courier X-99",
                       "Mistake of Creation", "Master Dhartha"])
    set_resources(g, 0, runes=5, power=3)
    g._decision = None
    w.controller.state_changed.emit()
    shoot(app, w, out, "table_2p")
    w.show_hint()                                 # H: what the medium bot would do here, and why
    shoot(app, w, out, "table_hint")
    w.open_zone("in_play", 0)                     # a zone opened as a list, and a zoomed card
    w.zoom(g.center_row[1])
    settle(app)
    for top in app.topLevelWidgets():
        if top.isVisible() and top is not w and top.windowTitle():
            kind = "zone" if "in play" in top.windowTitle() else "zoom"
            top.grab().save(str(out / f"{kind}_dialog.png"))
            print(out / f"{kind}_dialog.png")
            top.close()

    # 2b. End turn with runes, power and a construct's ability left: the question it asks
    end = next(i for i, o in enumerate(w.controller.decision().options) if o[0] == "end")
    box = QMessageBox(QMessageBox.Question, _("End your turn?"), w.end_turn_warning(end),
                      QMessageBox.Yes | QMessageBox.No, w)
    box.show()
    for width, height in SIZES:      # the window with the question over its middle, as a player sees it
        w.resize(width, height)
        settle(app)
        w.refresh()
        settle(app)
        canvas, question = w.grab(), box.grab()
        painter = QPainter(canvas)
        painter.drawPixmap((canvas.width() - question.width()) // 2, (canvas.height() - question.height()) // 2,
                           question)
        painter.end()
        path = out / f"end_turn_warning_{width}x{height}.png"
        canvas.save(str(path))
        print(path)
    box.close()

    # 3. a decision inside an effect: Seer of the Forked Path asks what to banish
    arrange(g, 0, hand=["Seer of the Forked Path", "Apprentice", "Apprentice", "Mystic", "Militia"])
    g._decision = None
    w.refresh()
    seer = next(c for c in w.table.hand.cards if c.card_name == "Seer of the Forked Path")
    w.on_card_clicked(seer.iid)
    shoot(app, w, out, "decision_banish")
    # 3b. a game saved after seven turns and loaded again: the log shows the game so far
    w.close()
    w = new_window()
    w.start({"seats": seats("Ann", ("Bob", "easy")), "sets": ["10th"], "variants": [], "seed": 31,
             "honor_pool": None})
    play_turns(w, 7)
    saved = Path(_tmp) / "saved.json"
    w.controller.save_to(saved)
    w.controller.start({"seats": seats("Ann", ("Bob", "easy")), "sets": ["10th"], "variants": [], "seed": 1,
                        "honor_pool": None})
    w.load_path(str(saved))
    shoot(app, w, out, "table_loaded")
    w.close()

    # 4. four players in two teams, a few rounds in
    w = new_window()
    w.start({"seats": seats("Ann", ("Bob", "greedy"), ("Cat", "greedy"), ("Dan", "greedy")),
             "sets": ["10th", "cotg"], "variants": ["teams"], "seed": 77, "honor_pool": None})
    play_turns(w, 13)
    shoot(app, w, out, "table_4p_teams")
    w.show_bot_reasons()                          # "Why?": the bots' last moves and their reasons
    settle(app)
    w.reasons_dialog.grab().save(str(out / "why_dialog.png"))
    print(out / "why_dialog.png")
    w.reasons_dialog.close()

    # 4b. six players (two sets mixed), solo against Samael and the Cult, the Legendary Track (two and four
    # players, the board across the table), every set mixed (each card marked with its set), Samael's long text
    for name, spec, sets, variants, turns in (
            ("table_6p", seats("Ann", *[(n, "greedy") for n in ("Bob", "Cat", "Dan", "Eve", "Fay")]),
             ["10th", "cotg"], [], 13),
            ("table_solo_samael", seats("Ann"), ["10th"], ["samael"], 5),
            ("table_solo_cult", seats("Ann"), ["10th", "legends"], ["cult"], 5),
            ("table_legendary", seats("Ann", ("Bob", "greedy")), ["10th"], ["legendary"], 9),
            ("table_legendary_4p", seats("Ann", ("Bob", "greedy"), ("Cat", "greedy"), ("Dan", "greedy")),
             ["10th", "legends"], ["legendary"], 17),
            ("table_mixed_sets", seats("Ann", ("Bob", "greedy")), ["10th", "cotg", "rotf"], [], 7),
            ("table_samael", seats("Ann"), ["rotf"], ["samael"], 3)):
        if not all(v in installed().variants() for v in variants):
            continue
        w6 = new_window()
        w6.start({"seats": spec, "sets": sets, "variants": variants, "seed": 5, "honor_pool": None})
        play_turns(w6, turns)
        stage = STAGING.get(name)
        if stage:
            stage(w6.controller.game)
            w6.controller.state_changed.emit()
        shoot(app, w6, out, name)
        w6.close()

    # 5. hot-seat: the screen between two people
    w2 = new_window()
    w2.start({"seats": seats("Ann", "Bob"), "sets": ["10th"], "variants": [], "seed": 1, "honor_pool": None})
    shoot(app, w2, out, "pass_screen")
    w2.close()

    # 6. the end screens (bots play both games through): two teams, and two players
    w.close()
    for name, spec, variants in (("end_teams", seats(("Ann", "greedy"), ("Bob", "greedy"), ("Cat", "greedy"),
                                                     ("Dan", "greedy")), ["teams"]),
                                 ("end_2p", seats(("Ann", "greedy"), ("Bob", "random")), [])):
        w = new_window()
        w.start({"seats": spec, "sets": ["10th"], "variants": variants, "seed": 8, "honor_pool": None})
        finish_with_bots(app, w)
        shoot(app, w, out, name)
        w.close()

    # 7. the match history: bots' games a day apart, the list, the statistics, one match replayed
    history_shots(app, out)

    # 8. the help (F1) and the card gallery (C), searching the Void cards of the 10th set
    w = new_window()
    w.show_help()
    w.show_cards()
    w.gallery.search.setText("arbiter")     # all sets, the default: same-named cards told apart by set
    settle(app)
    w.gallery.grab().save(str(out / "card_gallery_all_sets.png"))
    print(out / "card_gallery_all_sets.png")
    w.gallery.set_box.setCurrentIndex(w.gallery.set_box.findData("10th"))
    w.gallery.faction_box.setCurrentIndex(w.gallery.faction_box.findData("void"))
    w.gallery.search.setText("banish")
    settle(app)
    for dialog, name in ((w.help_dialog, "help_dialog"), (w.gallery, "card_gallery")):
        dialog.grab().save(str(out / f"{name}.png"))
        print(out / f"{name}.png")
    w.close()
    return 0


TUTORIAL_SHOTS = {"first turn": (1, 2, 4, 6, 8, 10, 11, 12), "legendary track": (1, 3)}


def tutorial_shots(app, out: Path) -> None:
    """Each tutorial clicked through as its steps ask; the steps listed above are shot."""
    for which, shots in TUTORIAL_SHOTS.items():
        w = new_window()
        w.start_tutorial(which)
        tag = which.replace(" ", "_")
        steps = TUTORIALS[which][0]
        for n, step in enumerate(steps, 1):
            if n in shots:
                shoot(app, w, out, f"tutorial_{tag}_step{n:02d}")
            if n == len(steps):
                break
            if step.kind is None:
                w.tutorial_next()
                continue
            dec = w.controller.decision()
            w.answer(next(i for i, o in enumerate(dec.options) if step.wants(w.controller.game, o)))
            while w.controller.session.waiting_for_bot():    # the bot's turn after the tutorial's end
                app.processEvents()
        w.close()


def history_shots(app, out: Path) -> None:
    from datetime import datetime, timedelta, timezone

    from ascension.core.sim import simulate
    from ascension.ui.desktop.history_window import HistoryWindow
    from ascension.ui.history.recording import history_for, simulated_records
    from ascension.ui.history.repo import record_many

    db = Path(_tmp) / "history.sqlite3"
    games = 30
    records = simulate(["10th"], ["greedy", "medium"], games=games, seed=3, keep_records=True)["records"]
    now = datetime.now(timezone.utc)
    stored = simulated_records(records, ends=[now - timedelta(days=games - k) for k in range(games)])
    for r in stored:   # Ann plays the medium bot's moves: the window lists games people played
        r.seats[1] = r.seats[1].model_copy(update={"name": "Ann", "kind": "human", "bot": None})
        r.setup["names"][1] = "Ann"
        r.options.pop("simulated")
    with history_for(db).session() as s:
        record_many(s, stored)
    h = HistoryWindow(db, "Ann")
    h.show()
    for tab, name in ((0, "history_matches"), (1, "history_statistics"), (2, "history_match"),
                      (2, "history_match_race")):
        if name == "history_match":
            h.table.selectRow(0)
            h.open_btn.click()
            for _step in range(16):   # into the first turns: the replay's log and its highlighted step
                h.match_page.viewer.forward()
        if name == "history_match_race":
            h.match_page.tabs.setCurrentWidget(h.match_page.race)
        h.tabs.setCurrentIndex(tab)
        for width, height in SIZES:
            h.resize(width, height)
            settle(app, 20)
            path = out / f"{name}_{width}x{height}.png"
            h.grab().save(str(path))
            print(path)
    h.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
