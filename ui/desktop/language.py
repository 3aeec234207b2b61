"""Which language the desktop speaks, and Qt's own words in it.

The choice, strongest first: ``ascension-desktop --lang de`` (this run only), the language the
player chose in the window (kept in the settings), the environment (``ASCENSION_LANG``, then the
system locale: see :func:`ascension.core.i18n.set_language`). Qt's standard buttons (OK, Cancel,
Yes, No, Save…) and dialogs come from Qt's own catalogue (``qtbase_<lang>.qm``, shipped with
PySide6), installed beside ours. Nothing here imports Qt before it is needed: the launcher picks
the language before Qt is loaded, so that its first messages are in it too.
"""
from __future__ import annotations

from ascension.core import i18n

_qt_translator = None   # the QTranslator installed for the language in use, if any


def lang_argument(argv: list[str]) -> str | None:
    """The code given with ``--lang CODE`` or ``--lang=CODE`` (None without one)."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def without_lang(argv: list[str]) -> list[str]:
    """``argv`` without ``--lang CODE``: what Qt is given."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            out.append(arg)
    return out


def choose(argv: list[str], chosen: str | None) -> str:
    """Set the language for this run: ``--lang`` in ``argv``, else ``chosen`` (the settings'),
    else the environment's. Returns the language in use. Qt-free: Qt's words follow once the
    application exists (:func:`install_qt_translation`)."""
    return i18n.set_language(lang_argument(argv) or chosen)


def use(code: str | None) -> str:
    """Speak ``code`` from now on (None: the environment's language), Qt's own words included
    once a QApplication exists. Returns the language in use."""
    lang = i18n.set_language(code)
    install_qt_translation(lang)
    return lang


def install_qt_translation(lang: str) -> bool:
    """Put Qt's catalogue for ``lang`` in place of the one before; whether one was found."""
    global _qt_translator
    from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator

    app = QCoreApplication.instance()
    if app is None:
        return False
    if _qt_translator is not None:
        app.removeTranslator(_qt_translator)
        _qt_translator = None
    if lang in (i18n.SOURCE, i18n.PSEUDO):
        return False
    translator = QTranslator(app)
    if not translator.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.TranslationsPath)):
        return False
    app.installTranslator(translator)
    _qt_translator = translator
    return True
