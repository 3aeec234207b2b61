"""The table a player never fights with: a clean log, the Legendary Track as a board, set marks in
mixed games, team totals, card text that fits its face, Tab from card to card, and a gallery of
every set."""
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtWidgets import QApplication, QLabel

from ascension.core.match import available_sets, load_set
from ascension.core.wording import SET_MARKS
from ascension.plugins.legendary.track import LEGEND, place_marker, track
from ascension.ui.desktop.cards import (ASPECT, CardWidget, CardZoom, face_texts, fits, set_name,
                                        tooltip_html)
from ascension.ui.desktop.track import seat_colour
from clicker import seats

TWO = {"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [], "seed": 7, "honor_pool": None}


def start(window, qtbot, setup):
    window.start(setup)
    window.refresh()
    QApplication.processEvents()
    return window.controller.game


def table_cards(table) -> list[CardWidget]:
    return [c for c in table.cards_in_tab_order() if c.isVisible() and c.iid is not None]


# ------------------------------------------------------------------ the log
def test_log_lines_added_during_play_show_words_never_markup(window, qtbot):
    start(window, qtbot, TWO)
    qtbot.mouseClick(window.table.hand.cards[0], Qt.LeftButton)      # one line: the case that showed "&nbsp;"
    qtbot.keyClick(window, Qt.Key_E)
    qtbot.waitUntil(lambda: window.controller.human_to_move() == 0)
    text = window.log_panel.toPlainText()
    assert "&nbsp;" not in text and "<" not in text and "&amp;" not in text
    lines = text.splitlines()
    assert any(line.startswith("Ann plays ") for line in lines)
    assert "Bob's turn 2 begins." in lines
    doc = window.log_panel.document()                                  # a turn's first line stands out,
    for block in (doc.findBlockByNumber(i) for i in range(doc.blockCount())):   # the others are indented
        turn = block.text().endswith(" begins.")
        assert (block.blockFormat().leftMargin() > 0) != turn, block.text()
    window.undo()                                                      # redrawn after an undo: the same words
    assert "&nbsp;" not in window.log_panel.toPlainText()


# ------------------------------------------------------------------ the Legendary Track
LEGENDARY_4P = {"seats": seats("Ann", ("Bob", "greedy"), ("Cat", "greedy"), ("Dan", "greedy")), "sets": ["10th"],
                "variants": ["legendary"], "seed": 3, "honor_pool": None}
SPACES = {0: {"enlightened": 3, "lifebound": 12, "mechana": 0, "void": 6},
          1: {"enlightened": 3, "lifebound": 5, "mechana": 0, "void": 9},
          2: {"enlightened": 3, "lifebound": 0, "mechana": 0, "void": 1},
          3: {"enlightened": 3, "lifebound": 11, "mechana": 0, "void": 2}}


def test_legendary_track_is_a_board_with_every_marker_on_its_space_at_1280x720(window, qtbot):
    game = start(window, qtbot, LEGENDARY_4P)
    for seat, row in SPACES.items():
        for faction, space in row.items():
            place_marker(game, seat, faction, space)
    track(game)["turn"]["boons"] = {str(game.current): ["void", "void"]}
    window.refresh()
    QApplication.processEvents()
    board = window.table.track
    assert window.size() == QSize(1280, 720) and board.isVisible()
    for faction in ("enlightened", "lifebound", "mechana", "void"):
        markers = board.marker_rects(faction)
        assert sorted(markers) == [0, 1, 2, 3]
        for seat, rect in markers.items():
            assert board.space_rect(faction, SPACES[seat][faction]).contains(rect), (faction, seat)
            assert rect.width() >= 8                                      # big enough to see
        rects = list(markers.values())
        assert not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1:]), faction
        assert QRectF(board.rect()).contains(board.space_rect(faction, LEGEND))
        info = board.info_rect(faction)
        assert info.width() >= 200 and QRectF(board.rect()).contains(info)
        character = game.card(track(game)["characters"][faction])
        assert board.legend_line(faction).startswith(f"{character.name} — Boon: ")
    assert board.ready("void") == 2 and board.ready("mechana") == 0      # the Boons Ann may use now
    # the board lies between the seats and the center row, overlapping neither
    table = window.table
    box = board.geometry()
    assert all(not box.intersects(p.geometry()) for p in table.seat_panels)
    centre_top = table.center.mapTo(table, table.center.rect().topLeft()).y()
    assert box.bottom() < centre_top
    assert f"color:{seat_colour(1)}" in table.seat_panels[1].name.text()   # whose marker is whose


def test_no_board_without_the_legendary_track(window, qtbot):
    start(window, qtbot, TWO)
    assert not window.table.track.isVisible()
    assert "●" not in window.table.seat_panels[0].name.text()


# ------------------------------------------------------------------ set marks
MIXED = {"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th", "cotg"], "variants": [], "seed": 7,
         "honor_pool": None}


def test_every_card_face_on_a_mixed_table_carries_its_sets_mark(window, qtbot):
    game = start(window, qtbot, MIXED)
    arbiters = [c for c in game.center_deck if game.card(c).name == "Arbiter of the Precipice"]
    by_set = {game.card(c).set_id: c for c in arbiters}
    for slot, set_id in enumerate(("10th", "cotg")):         # the two printings side by side
        at = game.center_deck.index(by_set[set_id])
        game.center_deck[at], game.center_row[slot] = game.center_row[slot], by_set[set_id]
    game._decision = None
    window.refresh()
    cards = table_cards(window.table)
    assert len(cards) >= 6 + 5 + 3
    for c in cards:
        d = game.card(c.iid)
        assert c.mark == SET_MARKS[d.set_id]
        assert f"Set: {set_name(d.set_id)}" in c.toolTip()
    first, second = window.table.center.cards[:2]
    assert first.card_name == second.card_name and (first.mark, second.mark) == ("10th", "CotG")
    texts = face_texts(QRectF(0, 0, first.width(), first.height()), game.card(first.iid), first.mark)
    assert texts["mark"].text == "10th"                                # painted on the face
    window.zoom(second.iid)
    zoom = window.findChildren(CardZoom)[-1]
    assert "Set: Ascension: Chronicle of the Godslayer" in zoom.findChildren(QLabel)[-1].text()


def test_a_single_set_table_carries_no_marks(window, qtbot):
    start(window, qtbot, TWO)
    assert all(c.mark is None and "Set:" not in c.toolTip() for c in table_cards(window.table))


# ------------------------------------------------------------------ card text fits its face
def every_card():
    for set_id in available_sets():
        s = load_set(set_id)
        yield from s.center + s.always + s.starting + s.legends


def face_sizes(window, qtbot) -> set[tuple[int, int]]:
    """The card sizes of a 1280×720 table, with and without the Legendary Track's board: center
    row and hand, cards in play, the card asking in the decision panel."""
    sizes = {(round(130 * ASPECT), 130)}
    for setup in (TWO, LEGENDARY_4P):
        start(window, qtbot, setup)
        t = window.table
        sizes |= {(t.center.card_w, t.center.card_h), (t.in_play.card_w, t.in_play.card_h)}
    return sizes


def test_every_card_of_every_set_fits_its_face_at_1280x720(window, qtbot):
    sizes = face_sizes(window, qtbot)
    assert min(w for w, _ in sizes) < 100          # the smallest faces are the ones at risk
    for d in every_card():
        for w, h in sizes:
            card = QRectF(0, 0, w, h)
            for mark in (None, SET_MARKS.get(d.set_id)):
                for part, t in face_texts(card, d, mark).items():
                    assert fits(t.font, t.rect, t.text, t.flags), (d.id, w, part, t.text)
                    assert card.contains(t.rect) and t.font.pixelSize() >= 6, (d.id, w, part)
                    if t.shortened:   # the tooltip has it whole, and the face never an empty space instead
                        assert t.text and {"text": d.text, "name": d.name}.get(part, "") in tooltip_html(d), \
                            (d.id, part)


def test_the_zoom_shows_every_cards_text_whole():
    size = CardZoom.SIZE
    for d in every_card():
        for mark in (None, "CotG"):
            for part, t in face_texts(QRectF(0, 0, size.width(), size.height()), d, mark).items():
                assert not t.shortened and fits(t.font, t.rect, t.text, t.flags), (d.id, part)


# ------------------------------------------------------------------ teams
def test_team_totals_are_on_the_table(window, qtbot):
    setup = {"seats": seats("Ann", ("Bob", "greedy"), ("Cat", "greedy"), ("Dan", "greedy")), "sets": ["10th"],
             "variants": ["teams"], "seed": 7, "honor_pool": None}
    game = start(window, qtbot, setup)
    for seat, tokens in enumerate((4, 1, 2, 7)):
        game.players[seat].honor = tokens
    window.refresh()
    sides = game.teams()
    totals = {r["seat"]: r["total"] for r in game.scores()}
    for t, side in enumerate(sides):
        expected = sum(totals[s] for s in side)
        for s in side:
            who = window.table.seat_panels[s].who
            assert f"Team {chr(65 + t)} · {expected} honor" in who.text()
            assert who.toolTip().endswith(f"= {expected}")


# ------------------------------------------------------------------ keyboard
def test_tab_goes_from_card_to_card_before_the_buttons(window, qtbot):
    start(window, qtbot, TWO)
    cards = [c for c in table_cards(window.table) if c.focusPolicy() & Qt.TabFocus]
    cards[0].setFocus()
    visited = [QApplication.focusWidget()]
    for _ in range(len(cards)):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Tab)
        visited.append(QApplication.focusWidget())
    assert visited[:len(cards)] == cards                              # hand, in play, center row, piles
    assert not isinstance(visited[-1], CardWidget)                    # then the buttons
    cards[1].setFocus()
    qtbot.keyClick(cards[1], Qt.Key_Backtab)                            # Shift+Tab: back one card
    assert QApplication.focusWidget() is cards[0]


# ------------------------------------------------------------------ the gallery
def test_the_card_gallery_shows_all_sets_by_default_each_card_marked(window, qtbot):
    qtbot.keyClick(window, Qt.Key_C)
    g = window.gallery
    assert g.set_box.currentText() == "All sets"
    everything = [load_set(s) for s in available_sets()]
    assert g.model.rowCount() == sum(len(s.center) + len(s.always) + len(s.starting) + len(s.legends)
                                     for s in everything)
    qtbot.keyClicks(g.search, "Arbiter of the Precipice")
    rows = [g.model.data(g.model.index(r)) for r in range(g.model.rowCount())]
    assert [r.split("]")[0] for r in rows] == ["[10th", "[CotG"]
    assert "5 runes" in rows[0] and "4 runes" in rows[1]
    g.view.setCurrentIndex(g.model.index(1))
    assert g.preview.mark == "CotG" and "Set: Ascension: Chronicle of the Godslayer" in g.preview.toolTip()
    g.set_box.setCurrentIndex(g.set_box.findData("cotg"))             # one set: no marks needed
    assert g.model.rowCount() == 1 and not g.model.data(g.model.index(0)).startswith("[")
    assert g.preview.mark is None


def test_every_installed_set_has_a_short_mark():
    assert set(available_sets()) <= set(SET_MARKS)
