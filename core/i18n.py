"""One translation layer for every word the program shows: the desktop, the terminal, the CLI,
the card text generated from card data, prompts, labels and the log.

The catalogue is gettext's ``.po`` format, one folder per language (``core/locale/<code>/``,
any number of ``.po`` files, merged), read with Babel; the desktop uses the same catalogue
(no Qt ``.ts`` files), so a translator edits one kind of file. English is the source text and
loads nothing.

Write every shown string through :func:`_` (or :func:`ngettext` where a number chooses the
form), with named ``{placeholders}`` filled in *after* translation::

    _("Gain {n} honor.").format(n=2)
    ngettext("Draw {n} card.", "Draw {n} cards.", n).format(n=n)

A string defined before the language is known (a module constant) is marked with :func:`N_`
and translated where it is shown. Card names stay as printed unless the catalogue gives one
(:func:`card_name`).

The language: :func:`set_language` with a code, else ``ASCENSION_LANG``, else the system locale
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English. ``qps`` is a pseudo-language for tests:
it wraps every translated string in ``⟦…⟧`` so that text which bypassed this layer stands out.
"""
from __future__ import annotations

import errno
import os
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE = "en"
PSEUDO = "qps"
LANGUAGES = {"en": "English", "de": "Deutsch"}   # code → the language's own name

_language = SOURCE
_singular: dict[str, str] = {}
_plural: dict[str, tuple[str, ...]] = {}
_plural_index = lambda n: 0 if n == 1 else 1    # noqa: E731  (replaced from the catalogue header)
_missing: set[str] = set()
_generation = 0   # how many times the language was set: text rendered once per language keys on it


def N_(msgid: str) -> str:
    """Mark a string for the catalogue without translating it yet (translate where shown)."""
    return msgid


def _(msgid: str) -> str:
    """``msgid`` in the current language (English when the catalogue lacks it)."""
    if _language == SOURCE:
        return msgid
    if _language == PSEUDO:
        return f"⟦{msgid}⟧"
    got = _singular.get(msgid)
    if got:
        return got
    _missing.add(msgid)
    return msgid


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that ``n`` calls for, in the current language."""
    if _language == SOURCE:
        return singular if n == 1 else plural
    if _language == PSEUDO:
        return f"⟦{singular if n == 1 else plural}⟧"
    forms = _plural.get(singular)
    if forms and all(forms):
        return forms[min(_plural_index(n), len(forms) - 1)]
    _missing.add(singular)
    return singular if n == 1 else plural


def pgettext(context: str, msgid: str) -> str:
    """``msgid`` in the sense ``context`` gives it (the same English word, two meanings)."""
    if _language == SOURCE:
        return msgid
    if _language == PSEUDO:
        return f"⟦{msgid}⟧"
    got = _singular.get(f"{context}\x04{msgid}")
    if got:
        return got
    _missing.add(f"{context}\x04{msgid}")
    return msgid


def card_name(name: str) -> str:
    """A card's name: as printed (English) unless the catalogue gives a translation."""
    if _language in (SOURCE, PSEUDO):
        return name
    return _singular.get(f"card\x04{name}") or name


def language() -> str:
    return _language


def generation() -> int:
    """A number that changes whenever the language (or its catalogue) is set again: text
    rendered once and kept (card text) is rendered anew when it differs."""
    return _generation


def available() -> dict[str, str]:
    """Languages the program can show: English and every language with a catalogue folder."""
    found = {p.name for p in LOCALE_DIR.iterdir() if p.is_dir() and any(p.glob("*.po"))} if LOCALE_DIR.is_dir() else set()
    return {code: LANGUAGES.get(code, code) for code in [SOURCE, *sorted(found)]}


def system_language() -> str:
    """The language the environment asks for: ``ASCENSION_LANG``, then the POSIX locale, whose
    first variable set decides (``LC_ALL=C``, the way to ask for English messages, wins over a
    German ``LANG``), with GNU's ``LANGUAGE`` list (the first of its languages that has a
    catalogue) where that locale is not C."""
    asked = os.environ.get("ASCENSION_LANG", "")
    if asked:
        return _normalise(asked)
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if not value:
            continue
        if value in ("C", "POSIX") or value.startswith("C."):
            return SOURCE
        listed = [_normalise(code) for code in os.environ.get("LANGUAGE", "").split(":") if code]
        return next((code for code in listed if code == SOURCE or (LOCALE_DIR / code).is_dir()), _normalise(value))
    return SOURCE


def _normalise(code: str) -> str:
    return code.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower() or SOURCE


def set_language(code: str | None = None) -> str:
    """Show everything in ``code`` from now on (``None``: the environment's choice). A language
    without a catalogue falls back to English; returns the language in use."""
    global _language, _plural_index, _generation
    code = _normalise(code) if code else system_language()
    _generation += 1
    _singular.clear()
    _plural.clear()
    _missing.clear()
    if code == PSEUDO or code == SOURCE:
        _language = code
        return code
    folder = LOCALE_DIR / code
    files = sorted(folder.glob("*.po")) if folder.is_dir() else []
    if not files:
        _language = SOURCE
        return SOURCE
    from babel.messages.pofile import read_po   # only when a catalogue is needed

    for path in files:
        with path.open("rb") as f:
            catalog = read_po(f, locale=code)
        _plural_index = _plural_rule(catalog.plural_expr)
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            if message.context:
                key = f"{message.context}\x04{key}"
            if isinstance(message.id, tuple):
                _plural[key] = tuple(message.string)
                _singular.setdefault(key, message.string[0])
            elif message.string:
                _singular[key] = message.string
    _language = code
    return code


def _plural_rule(expr: str):
    """The catalogue's plural rule as a function of ``n``: the two-form rules of the languages
    shipped (``n != 1``, ``n > 1``); never evaluated as code."""
    if expr.replace(" ", "").strip("()") == "n>1":
        return lambda n: 0 if n <= 1 else 1
    return lambda n: 0 if n == 1 else 1


def missing() -> set[str]:
    """Messages asked for in this language that its catalogue lacks (tests read this)."""
    return set(_missing)


# What pydantic says is wrong with a value (a save, a set file, the settings), by its error type,
# in pydantic's own English words (but for the name of our class, which means nothing to a
# player), for the catalogue: the message read in the player's language. A type not listed here
# keeps pydantic's English message.
_EXPECTED = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "float_type": N_("Input should be a valid number"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "string_type": N_("Input should be a valid string"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "list_type": N_("Input should be a valid list"),
    "dict_type": N_("Input should be a valid dictionary"),
    "model_type": N_("Input should be a valid dictionary"),   # (pydantic adds "or instance of <class>")
    "datetime_type": N_("Input should be a valid datetime"),
    "datetime_from_date_parsing": N_("Input should be a valid datetime or date, {error}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than": N_("Input should be less than {lt}"),
    "greater_than": N_("Input should be greater than {gt}"),
    "literal_error": N_("Input should be {expected}"),
}
_REWORDED = {   # pydantic's words say nothing to a player here: ours
    "string_unicode": N_("Input should be text without broken characters"),   # (a lone surrogate, say)
}
_LENGTH = {   # the form the bound's number calls for
    "too_short": lambda n: ngettext(
        "{field_type} should have at least {min_length} item after validation, not {actual_length}",
        "{field_type} should have at least {min_length} items after validation, not {actual_length}", n),
    "too_long": lambda n: ngettext(
        "{field_type} should have at most {max_length} item after validation, not {actual_length}",
        "{field_type} should have at most {max_length} items after validation, not {actual_length}", n),
    "string_too_short": lambda n: ngettext("String should have at least {min_length} character",
                                           "String should have at least {min_length} characters", n),
    "string_too_long": lambda n: ngettext("String should have at most {max_length} character",
                                          "String should have at most {max_length} characters", n),
}
_FIELD_TYPES = {"List": lambda: pgettext("kind of value", "List"), "Tuple": lambda: pgettext("kind of value", "Tuple"),
                "Dictionary": lambda: pgettext("kind of value", "Dictionary"),
                "Set": lambda: pgettext("kind of value", "Set")}


def validation_message(err: dict) -> str:
    """What one of pydantic's ``errors()`` says is wrong, in the current language (its message
    made again from its type and context)."""
    kind, ctx = err.get("type", ""), dict(err.get("ctx") or {})
    try:
        if kind == "value_error":   # our own validators' words, translated where they were raised
            return str(ctx["error"])
        if kind in _LENGTH:
            if ctx.get("field_type") in _FIELD_TYPES:
                ctx["field_type"] = _FIELD_TYPES[ctx["field_type"]]()
            return _LENGTH[kind](ctx.get("min_length", ctx.get("max_length"))).format(**ctx)
        if kind in _EXPECTED or kind in _REWORDED:
            return _(_EXPECTED.get(kind) or _REWORDED[kind]).format(**ctx)
    except (KeyError, IndexError, TypeError, ValueError):   # a context of another shape: pydantic's words
        pass
    return err["msg"]


# What the system says went wrong with a file, by its error number, in a player's words (the C
# library's words are English and come with "[Errno 28]"); another number keeps the system's.
_OS_ERRORS = {
    "ENOSPC": N_("the disk is full"),
    "EDQUOT": N_("the disk quota is used up"),
    "EACCES": N_("permission denied"),
    "EPERM": N_("permission denied"),
    "EROFS": N_("the disk is read-only"),
    "ENOENT": N_("no such file or folder"),
    "EEXIST": N_("a file of that name is in the way"),
    "ENOTDIR": N_("a file stands where a folder should be"),
    "EISDIR": N_("that is a folder, not a file"),
    "EIO": N_("the disk could not be read or written"),
    "ENAMETOOLONG": N_("the name is too long"),
    "EBUSY": N_("it is in use by another program"),
    "ETXTBSY": N_("it is in use by another program"),
    "EMFILE": N_("too many files are open"),
    "ENFILE": N_("too many files are open"),
    "ELOOP": N_("too many symbolic links"),
    "ENOTEMPTY": N_("the folder is not empty"),
}


def os_error(exc: OSError, named: object = None) -> str:
    """What went wrong with a file, for a player: the reason in their language and the file it
    concerns, unless that is ``named`` already by the message around it ("the disk is full",
    "a file stands where a folder should be: /home/ann/.local/share")."""
    reason = _OS_ERRORS.get(errno.errorcode.get(exc.errno or -1, ""))
    text = _(reason) if reason else (exc.strerror or str(exc))
    if exc.errno == errno.EEXIST and _dangling(exc.filename):   # (a data folder on a drive not mounted, say)
        text = _("it is a link to {target}, which does not exist").format(target=os.readlink(exc.filename))
    files = [str(f) for f in dict.fromkeys((exc.filename, exc.filename2)) if f is not None and str(f) != str(named)]
    return f"{text}: {' → '.join(files)}" if files else text


def _dangling(path: object) -> bool:
    """Whether ``path`` is a link to nothing: making a folder there fails as if a file were in the way."""
    try:
        return isinstance(path, (str, os.PathLike)) and os.path.islink(path) and not os.path.exists(path)
    except (OSError, ValueError):
        return False
