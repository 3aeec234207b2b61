"""Cards drawn by the program: there is no artwork, so everything a player needs is painted.

A card shows its faction colour, cost (runes in a blue circle, power in a red diamond), name,
type line, honor gem and the rules text rendered by the engine from the card data
(``CardDef.text``), word-wrapped and shrunk to fit. Painted faces are cached per definition
and size, so redrawing the table after every answer costs little. Widgets here know nothing
about rules: whether a card can be clicked is decided by the controller from the options of
the pending decision and handed in as ``actionable`` plus a ``reason`` for the tooltip.
"""
from __future__ import annotations

import html
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QLinearGradient, QPainter,
                           QPen, QPixmap, QPolygonF)
from PySide6.QtWidgets import QDialog, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ascension.core import i18n, wording
from ascension.core.i18n import _
from ascension.core.cards import CardDef, cost_words
from ascension.core.match import load_set

from .words import faction_name, faction_short, type_name

ASPECT = 0.72          # width / height of a card
FACTION_COLOURS = {
    "enlightened": "#2d67b2",
    "lifebound": "#3b8a3e",
    "mechana": "#b0612a",
    "void": "#6b3d99",
}
MONSTER_COLOUR = "#9a2f2f"
PERMANENT_MONSTER_COLOUR = "#6e6a6a"   # the Cultist: always there, grey like the rulebook's
NEUTRAL_COLOUR = "#77705f"             # starting cards, Mystic, Heavy Infantry
RUNE_COLOUR = QColor("#1e8fd0")
POWER_COLOUR = QColor("#cf3b28")
HONOR_COLOUR = QColor("#e7b416")
PANEL_COLOUR = QColor("#f6f1e4")
TEXT_COLOUR = QColor("#222222")
MARK_COLOUR = QColor("#5d5a52")        # the set mark's tag

FONT_FAMILY = "DejaVu Sans"


def set_mark(d: CardDef) -> str:
    """The short badge of the card's set ("CotG")."""
    return wording.set_mark(d.set_id)


@lru_cache(maxsize=None)
def set_name(set_id: str) -> str:
    return load_set(set_id).name


_mixed_memo: list = [None, False]   # (the last card list asked about, its answer): one game at a time


def mixes_sets(defs) -> bool:
    """Whether these cards come from two or more sets, so that a card must say which it is from
    (same-named cards differ between sets). Legendary Characters join any game: they do not count."""
    if _mixed_memo[0] is not defs:
        _mixed_memo[:] = [defs, len({d.set_id for d in defs if d.role != "legend"}) > 1]
    return _mixed_memo[1]


def faction_colour(d: CardDef) -> QColor:
    if d.type == "monster":
        return QColor(PERMANENT_MONSTER_COLOUR if d.permanent else MONSTER_COLOUR)
    if d.factions:
        return QColor(FACTION_COLOURS.get(d.factions[0], NEUTRAL_COLOUR))
    return QColor(NEUTRAL_COLOUR)


def type_line(d: CardDef) -> str:
    factions = " / ".join(faction_name(f) for f in d.factions)
    return type_name(d.type) + (f" · {factions}" if factions else "")


def price_line(d: CardDef) -> str:
    """"Cost: 3 runes · Honor: 1"; a card never bought (a starting card) says only its honor."""
    parts = (([_("Cost: {cost}").format(cost=cost_words(d))] if d.priced else [])
             + ([_("Honor: {n}").format(n=d.honor)] if d.honor else []))
    return " · ".join(parts)


def type_line_short(d: CardDef) -> str:
    """The type line with short faction names, for a face too small for the whole line."""
    return type_name(d.type) + (" · " + "/".join(faction_short(f) for f in d.factions) if d.factions else "")


def tooltip_html(d: CardDef, reason: str = "", with_set: bool = False) -> str:
    """Rich tooltip: the whole card in words (and its set, when the game mixes sets), plus why it
    can or cannot be clicked now."""
    parts = [f"<b>{html.escape(d.name)}</b>", html.escape(type_line(d))] + ([price_line(d)] if price_line(d) else [])
    if with_set:
        parts.append(html.escape(_("Set: {name} ({mark})").format(name=set_name(d.set_id), mark=set_mark(d))))
    if d.text:
        parts.append(f"<br>{html.escape(d.text)}")
    if reason:
        parts.append(f"<br><i>{html.escape(reason)}</i>")
    parts.append("<br><span style='color:#777'>{}</span>".format(html.escape(_("Right-click to zoom"))))
    return "<qt>" + "<br>".join(parts) + "</qt>"


def _font(px: float, bold: bool = False) -> QFont:
    f = QFont(FONT_FAMILY)
    f.setPixelSize(max(6, round(px)))
    f.setBold(bold)
    return f


@dataclass
class FaceText:
    """One text of a painted face: where it goes, its font, and what is drawn: the whole text, or,
    when even the smallest size cannot hold it, a shorter form or the text cut with "…" (the
    tooltip and the zoom have it whole)."""
    rect: QRectF
    font: QFont
    text: str
    flags: int
    full: str

    @property
    def shortened(self) -> bool:
        return self.text != self.full


def fits(font: QFont, rect: QRectF, text: str, flags: int) -> bool:
    box = QFontMetricsF(font).boundingRect(rect, flags, text)
    return box.height() <= rect.height() + 0.5 and box.width() <= rect.width() + 0.5


def _fit(rect: QRectF, text: str, start_px: float, min_px: float, bold=False,
         flags=Qt.TextWordWrap, shorter: tuple[str, ...] = ()) -> FaceText:
    """The largest font (down to ``min_px``) at which ``text`` fits ``rect``; failing that, the first
    of the ``shorter`` forms that fits, or as many words as fit followed by "…"."""
    flags = int(flags)
    px = start_px
    while True:
        f = _font(px, bold)
        if fits(f, rect, text, flags):
            return FaceText(rect, f, text, flags, text)
        if px <= min_px:
            break
        px = max(min_px, px - 0.5)
    for alt in shorter:
        if fits(f, rect, alt, flags):
            return FaceText(rect, f, alt, flags, text)
    words = text.split(" ")
    while words:
        words.pop()
        cut = " ".join(words).rstrip(" ,.;:") + "…"
        if fits(f, rect, cut, flags):
            return FaceText(rect, f, cut, flags, text)
    return FaceText(rect, f, "", flags, text)


def _badge(painter: QPainter, centre: QPointF, r: float, colour: QColor, text: str, diamond: bool) -> None:
    painter.setPen(QPen(QColor("#ffffff"), max(1.0, r / 7)))
    painter.setBrush(colour)
    if diamond:
        painter.drawPolygon(QPolygonF([centre + QPointF(0, -r * 1.15), centre + QPointF(r * 1.15, 0),
                                       centre + QPointF(0, r * 1.15), centre + QPointF(-r * 1.15, 0)]))
    else:
        painter.drawEllipse(centre, r, r)
    painter.setFont(_font(r * 1.15, bold=True))
    painter.setPen(QColor("#ffffff"))
    painter.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), Qt.AlignCenter, text)


def _set_tag(painter: QPainter, rect: QRectF, font: QFont, mark: str) -> None:
    """The set mark: white letters on a grey tag."""
    painter.setPen(Qt.NoPen)
    painter.setBrush(MARK_COLOUR)
    painter.drawRoundedRect(rect, rect.height() / 3, rect.height() / 3)
    painter.setPen(QColor("#ffffff"))
    painter.setFont(font)
    painter.drawText(rect, Qt.AlignCenter, mark)


def _honor_gem(painter: QPainter, centre: QPointF, r: float, text: str) -> None:
    """A hexagon: the shape the honor tokens have on the table."""
    pts = [centre + QPointF(r * x, r * y) for x, y in
           ((0, -1), (0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5))]
    painter.setPen(QPen(QColor("#5a4300"), max(1.0, r / 8)))
    painter.setBrush(HONOR_COLOUR)
    painter.drawPolygon(QPolygonF(pts))
    painter.setFont(_font(r * 1.05, bold=True))
    painter.setPen(QColor("#2b2000"))
    painter.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), Qt.AlignCenter, text)


def face_texts(rect: QRectF, d: CardDef, mark: str | None = None) -> dict[str, FaceText]:
    """Where each text of ``d``'s face goes in ``rect`` and at what size: "name", "text" (the rules),
    "type" (the footer) and, with a set mark, "mark". ``paint_card`` draws exactly these."""
    w, h = rect.width(), rect.height()
    u = w / 100.0
    left = 26 * u if d.priced else 7 * u
    out = {"name": _fit(QRectF(rect.left() + left, rect.top() + 3 * u, w - left - 4 * u, 22 * u), d.name,
                        min(11 * u, 26), min(6.5 * u, 14), bold=True)}
    panel = rules_panel(rect)
    text_rect = panel.adjusted(3.5 * u, 3 * u, -3.5 * u, -3 * u)
    if mark:   # a tag in the panel's lower right corner, under the text: the footer keeps its room
        f = _font(8 * u, bold=True)
        pill_w = QFontMetricsF(f).horizontalAdvance(mark) + 5 * u
        pill = QRectF(panel.right() - 1.5 * u - pill_w, panel.bottom() - 11.5 * u, pill_w, 10 * u)
        out["mark"] = FaceText(pill, f, mark, int(Qt.AlignCenter), mark)
        text_rect.setBottom(pill.top() - 0.5 * u)
    out["text"] = _fit(text_rect, d.text or "", min(10 * u, 22), min(6 * u, 12))   # big cards: no poster type
    right = rect.right() - (26 if d.honor else 6) * u      # the honor gem sits right of the footer
    line = QRectF(rect.left() + 6 * u, rect.bottom() - 18 * u, right - rect.left() - 6 * u, 15 * u)
    out["type"] = _fit(line, type_line(d), 8.5 * u, min(5 * u, 11), bold=True, flags=Qt.TextSingleLine,
                       shorter=(type_line_short(d), type_name(d.type)))
    return out


def rules_panel(rect: QRectF) -> QRectF:
    u = rect.width() / 100.0
    return QRectF(rect.left() + 5 * u, rect.top() + 28 * u, rect.width() - 10 * u, rect.height() - 48 * u)


def paint_card(painter: QPainter, rect: QRectF, d: CardDef, mark: str | None = None) -> None:
    """The full face of ``d`` in ``rect`` (any size; fonts scale with the width), with the short
    mark of its set under its text when one is given (a game mixing sets)."""
    w, h = rect.width(), rect.height()
    texts = face_texts(rect, d, mark)
    u = w / 100.0                      # one unit = 1% of the width
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setRenderHint(QPainter.TextAntialiasing)
    base = faction_colour(d)
    grad = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    grad.setColorAt(0, base.lighter(125))
    grad.setColorAt(1, base.darker(135))
    radius = 7 * u if d.type != "construct" else 3 * u   # constructs: squarer, like a machine plate
    painter.setPen(QPen(QColor("#1b1b1b"), max(1.0, 1.2 * u)))
    painter.setBrush(QBrush(grad))
    painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
    if len(d.factions) > 1:  # a second faction shows as a stripe down the right edge
        painter.setBrush(QColor(FACTION_COLOURS.get(d.factions[1], NEUTRAL_COLOUR)))
        painter.setPen(Qt.NoPen)
        painter.drawRect(QRectF(rect.right() - 6 * u, rect.top() + 20 * u, 4 * u, h - 40 * u))

    # cost badge and name
    r = 10 * u
    badge = d.priced   # starting cards and Legendary Characters are never bought: no price
    if badge:
        _badge(painter, QPointF(rect.left() + 13 * u, rect.top() + 13 * u), r,
               POWER_COLOUR if d.type == "monster" else RUNE_COLOUR, str(d.cost), d.type == "monster")
    name = texts["name"]
    painter.setPen(QColor("#ffffff"))
    painter.setFont(name.font)
    painter.drawText(name.rect, Qt.AlignVCenter | Qt.AlignLeft | Qt.TextWordWrap, name.text)

    # rules text on a light panel
    painter.setPen(Qt.NoPen)
    painter.setBrush(PANEL_COLOUR)
    painter.drawRoundedRect(rules_panel(rect), 3 * u, 3 * u)
    text = texts["text"]
    painter.setPen(TEXT_COLOUR)
    painter.setFont(text.font)
    painter.drawText(text.rect, Qt.AlignTop | Qt.AlignLeft | Qt.TextWordWrap, text.text)

    # type line, set mark and honor
    line = texts["type"]
    painter.setPen(QColor("#ffffff"))
    painter.setFont(line.font)
    painter.drawText(line.rect, Qt.AlignVCenter | Qt.AlignLeft, line.text)
    if "mark" in texts:
        _set_tag(painter, texts["mark"].rect, texts["mark"].font, texts["mark"].text)
    if d.honor:
        _honor_gem(painter, QPointF(rect.right() - 13 * u, rect.bottom() - 11 * u), 9 * u, str(d.honor))
    painter.restore()


def paint_tile(painter: QPainter, rect: QRectF, d: CardDef, count: int, mark: str | None = None) -> None:
    """A compact tile for an always-available pile: cost badge, name, then honor, cards left and
    the set mark (a game mixing sets)."""
    h = rect.height()
    u = min(h / 50.0, rect.width() / 136.0)   # a tall narrow tile must not outgrow its width
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    base = faction_colour(d)
    grad = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    grad.setColorAt(0, base.lighter(125))
    grad.setColorAt(1, base.darker(130))
    painter.setPen(QPen(QColor("#1b1b1b"), 1.2))
    painter.setBrush(QBrush(grad))
    painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), 6 * u, 6 * u)
    r = 12 * u
    _badge(painter, QPointF(rect.left() + 17 * u, rect.center().y()), r,
           POWER_COLOUR if d.type == "monster" else RUNE_COLOUR, str(d.cost), d.type == "monster")
    left = rect.left() + 35 * u
    name_rect = QRectF(left, rect.top() + 3 * u, rect.right() - left - 4 * u, 22 * u)
    painter.setPen(QColor("#ffffff"))
    name = _fit(name_rect, d.name, 15 * u, 9 * u, bold=True, flags=Qt.TextSingleLine)
    painter.setFont(name.font)
    painter.drawText(name_rect, Qt.AlignVCenter | Qt.AlignLeft, name.text)
    low = QRectF(left, rect.top() + 26 * u, rect.right() - left - 6 * u, 20 * u)
    x = low.left()
    if d.honor:
        _honor_gem(painter, QPointF(x + 9 * u, low.center().y()), 9 * u, str(d.honor))
        x += 24 * u
    right = low.right()
    if mark:
        f = _font(10 * u, bold=True)
        pill_w = QFontMetricsF(f).horizontalAdvance(mark) + 6 * u
        pill = QRectF(low.right() - pill_w, low.top() + 2 * u, pill_w, low.height() - 4 * u)
        _set_tag(painter, pill, f, mark)
        right = pill.left() - 3 * u
    painter.setPen(QColor("#f3ead2"))
    left_text = _("always there") if count >= 99 else _("{n} left").format(n=count)
    count_text = _fit(QRectF(x, low.top(), right - x, low.height()), left_text, 13 * u, 9 * u,
                      flags=Qt.TextSingleLine, shorter=(_("always") if count >= 99 else str(count),))
    painter.setFont(count_text.font)
    painter.drawText(count_text.rect, Qt.AlignVCenter | Qt.AlignLeft, count_text.text)
    painter.restore()


HIGHLIGHTS = {
    "source": QColor("#ff8c1a"),    # the card whose effect is asking
    "choice": QColor("#19c3d6"),    # a card the pending choice may pick
    "action": QColor("#ffd23f"),    # a card you can act on now
}


def _paint_overlay(p: QPainter, rect: QRectF, dimmed: bool, highlight: str | None) -> None:
    p.setRenderHint(QPainter.Antialiasing)
    if dimmed:
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(20, 20, 20, 85))
        p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 6, 6)
    colour = HIGHLIGHTS.get(highlight or "")
    if colour is not None:
        p.setPen(QPen(colour, 3.5))
        p.setBrush(Qt.NoBrush)
        p.drawRoundedRect(rect.adjusted(1.5, 1.5, -1.5, -1.5), 7, 7)


class _FaceCache:
    """Painted faces, outline and dimming included, by (definition, size, scale, look): a repaint
    is one pixmap copy per card. A small LRU, so resizing does not grow it forever."""

    def __init__(self, limit: int = 800):
        self.limit = limit
        self.items: OrderedDict = OrderedDict()

    def get(self, d: CardDef, w: int, h: int, dpr: float, tile_count: int | None,
            dimmed: bool = False, highlight: str | None = None, mark: str | None = None) -> QPixmap:
        # what is painted, not only the id: a corrected number (core/overrides.py) makes a new face
        key = (d.id, d.cost, d.honor, d.type, d.factions, d.text, w, h, dpr, tile_count, dimmed, highlight, mark,
               i18n.language())   # the type line and the tile's words are in it
        pix = self.items.get(key)
        if pix is not None:
            self.items.move_to_end(key)
            return pix
        pix = QPixmap(round(w * dpr), round(h * dpr))
        pix.setDevicePixelRatio(dpr)
        pix.fill(Qt.transparent)
        p = QPainter(pix)
        if dimmed or highlight:
            p.drawPixmap(0, 0, self.get(d, w, h, dpr, tile_count, mark=mark))
        elif tile_count is None:
            paint_card(p, QRectF(0, 0, w, h), d, mark)
        else:
            paint_tile(p, QRectF(0, 0, w, h), d, tile_count, mark)
        _paint_overlay(p, QRectF(0, 0, w, h), dimmed, highlight)
        p.end()
        self.items[key] = pix
        if len(self.items) > self.limit:
            self.items.popitem(last=False)
        return pix


FACES = _FaceCache()

class CardWidget(QWidget):
    """One card (or, with ``tile=True``, one always-available pile).

    ``clicked`` fires only when the controller said the card is actionable; right-click
    (or ``zoom_requested``) opens the large view. The widget never decides legality.
    """

    clicked = Signal(int)
    zoom_requested = Signal(int, str)      # card, why it can or cannot be clicked

    def __init__(self, defs, parent=None, tile: bool = False):
        super().__init__(parent)
        self.defs = defs
        self.tile = tile
        self.iid: int | None = None
        self.count = 0
        self.actionable = False
        self.reason = ""
        self.highlight: str | None = None
        self.dimmed = False
        self.new = False   # a dot in the corner: it entered the center row since your last move
        self.with_set: bool | None = None   # show the set mark; None: when the cards mix sets
        self.setAttribute(Qt.WA_OpaquePaintEvent, False)
        self.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Fixed)

    def show_card(self, iid: int | None, actionable=False, reason="", highlight=None, dimmed=False,
                  count: int = 0, new: bool = False) -> None:
        if new:
            reason = _("New since your last move. {reason}").format(reason=reason)
        changed = (iid, actionable, reason, highlight, dimmed, count, new) != (
            self.iid, self.actionable, self.reason, self.highlight, self.dimmed, self.count, self.new)
        self.iid, self.actionable, self.reason = iid, actionable, reason
        self.highlight, self.dimmed, self.count, self.new = highlight, dimmed, count, new
        if changed:
            self.setToolTip(tooltip_html(self.defs[iid], reason, self.marks_set) if iid is not None else reason)
            self.setCursor(Qt.PointingHandCursor if actionable else Qt.ArrowCursor)
            # Tab reaches every card there is to see: Enter or Space does what a click does, Z zooms
            self.setFocusPolicy(Qt.TabFocus if iid is not None else Qt.NoFocus)
            self.setAccessibleName(self.defs[iid].name if iid is not None else _("empty"))
            self.update()

    def set_defs(self, defs) -> None:
        """Index cards in another list (the gallery changed sets): the next show_card repaints."""
        self.defs, self.iid = defs, None

    @property
    def marks_set(self) -> bool:
        return mixes_sets(self.defs) if self.with_set is None else self.with_set

    @property
    def mark(self) -> str | None:
        """The set mark painted on the face, if any."""
        return set_mark(self.defs[self.iid]) if self.iid is not None and self.marks_set else None

    @property
    def card_name(self) -> str:
        return self.defs[self.iid].name if self.iid is not None else ""

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        rect = QRectF(self.rect())
        if self.iid is None:  # an empty center-row slot
            p.setRenderHint(QPainter.Antialiasing)
            p.setPen(QPen(QColor("#8a8a8a"), 1.5, Qt.DashLine))
            p.setBrush(Qt.NoBrush)
            p.drawRoundedRect(rect.adjusted(2, 2, -2, -2), 8, 8)
            p.end()
            return
        look = self.highlight or ("action" if self.actionable else None)
        p.drawPixmap(0, 0, FACES.get(self.defs[self.iid], self.width(), self.height(), self.devicePixelRatioF(),
                                     self.count if self.tile else None, self.dimmed, look, self.mark))
        if self.new:
            p.setRenderHint(QPainter.Antialiasing)
            p.setPen(QPen(QColor("#ffffff"), 2))
            p.setBrush(QColor("#e4572e"))
            p.drawEllipse(QPointF(rect.width() - 9, 9), 6, 6)
        if self.hasFocus():   # where the keyboard is: a ring outside the card's own outline
            p.setRenderHint(QPainter.Antialiasing)
            p.setPen(QPen(QColor("#ffffff"), 2, Qt.DashLine))
            p.setBrush(Qt.NoBrush)
            p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 9, 9)
        p.end()

    def keyPressEvent(self, event) -> None:
        if self.iid is not None and event.key() in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space):
            if self.actionable:
                self.clicked.emit(self.iid)
            return
        if self.iid is not None and event.key() == Qt.Key_Z:
            self.zoom_requested.emit(self.iid, self.reason)
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self.update()

    def mousePressEvent(self, event) -> None:
        if self.iid is None:
            return
        if event.button() == Qt.RightButton:
            self.zoom_requested.emit(self.iid, self.reason)
        elif event.button() == Qt.LeftButton and self.actionable:
            self.clicked.emit(self.iid)

    def mouseDoubleClickEvent(self, event) -> None:
        self.mousePressEvent(event)


class CardZoom(QDialog):
    """A card painted large, with why it can or cannot be clicked; any click or key closes it."""

    SIZE = QSize(330, 458)

    def __init__(self, defs, iid: int, reason: str = "", parent=None):
        super().__init__(parent)
        d = defs[iid]
        mixed = mixes_sets(defs)
        self.setWindowTitle(d.name)
        lay = QVBoxLayout(self)
        face = QLabel()
        pix = QPixmap(self.SIZE * self.devicePixelRatioF())
        pix.setDevicePixelRatio(self.devicePixelRatioF())
        pix.fill(Qt.transparent)
        p = QPainter(pix)
        paint_card(p, QRectF(0, 0, self.SIZE.width(), self.SIZE.height()), d, set_mark(d) if mixed else None)
        p.end()
        face.setPixmap(pix)
        lay.addWidget(face, alignment=Qt.AlignCenter)
        info = QLabel("\n".join(line for line in (price_line(d),
                                                  _("Set: {name}").format(name=set_name(d.set_id)) if mixed else "",
                                                  reason, _("Note: {note}").format(note=d.note) if d.note else "")
                                if line))
        info.setWordWrap(True)
        info.setMaximumWidth(self.SIZE.width())
        lay.addWidget(info)

    def mousePressEvent(self, _event) -> None:
        self.accept()
