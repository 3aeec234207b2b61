"""Keep the translation catalogues in step with the sources.

    python scripts/catalogue.py --check            # list messages a catalogue lacks; exit 1 if any
    python scripts/catalogue.py --update [de]      # add them, untranslated, to the right .po file

Messages are extracted with Babel from every ``_()``, ``N_()``, ``ngettext()`` and ``pgettext()``
call. A message goes into the catalogue file of the part of the program it comes from:
``game.po`` (core and plugins: card text, prompts, the log), ``verbs.po`` (the effect verbs' card
text), ``engine.po`` (the engine, set-up and simulation messages), ``bots.po`` (bots and plugin loading), ``desktop.po`` (the window) and ``cli.po`` (the
terminal, the command line, the history's command-line side).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "core" / "locale"
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PARTS = (("ui/desktop/", "desktop.po"), ("ui/", "cli.po"), ("core/engine.py", "engine.po"), ("core/view.py", "engine.po"),
         ("core/match.py", "engine.po"), ("core/sim.py", "engine.po"),
         ("core/plugins.py", "bots.po"), ("core/bots.py", "bots.po"), ("plugins/bots/", "bots.po"),
         ("plugins/legendary/bot.py", "bots.po"), ("plugins/samael_bot.py", "bots.po"), ("plugins/cult_bot.py", "bots.po"),
         ("plugins/base/verbs", "verbs.po"), ("plugins/legendary/verbs.py", "verbs.po"),
         ("core/", "game.po"), ("plugins/", "game.po"))


def part_of(path: str) -> str | None:
    return next((po for prefix, po in PARTS if path.startswith(prefix)), None)


def extracted() -> dict[tuple[str | None, str], tuple[str | tuple[str, str], str, str]]:
    """(context, msgid) → (id as written, catalogue file, where) for every message in the sources."""
    found: dict = {}
    for top in ("core", "plugins", "ui"):
        for filename, lineno, message, _comments, context in extract_from_dir(
                ROOT / top, method_map=[("**.py", "python")], keywords=KEYWORDS):
            path = f"{top}/{filename}"
            key = (context, message[0] if isinstance(message, tuple) else message)
            found.setdefault(key, (message, part_of(path), f"{path}:{lineno}"))
    return found


def load(lang: str) -> dict[str, Catalog]:
    out = {}
    for po in sorted((LOCALE / lang).glob("*.po")):
        with po.open("rb") as f:
            out[po.name] = read_po(f, locale=lang)
    return out


def lacking(lang: str) -> list[tuple[tuple, tuple]]:
    """Messages of the sources that no catalogue file of ``lang`` translates."""
    catalogues = load(lang)
    out = []
    for key, info in sorted(extracted().items(), key=lambda kv: kv[1][2]):
        context, msgid = key
        done = False
        for cat in catalogues.values():
            m = cat.get(msgid, context=context)
            if m is not None and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string):
                done = True
                break
        if not done:
            out.append((key, info))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="list untranslated messages; exit 1 if any")
    ap.add_argument("--update", action="store_true", help="add untranslated messages to the .po files")
    ap.add_argument("lang", nargs="?", default="de")
    args = ap.parse_args(argv)
    missing = lacking(args.lang)
    if args.update:
        catalogues, touched = load(args.lang), set()
        for (context, _msgid), (message, po, where) in missing:
            cat = catalogues.get(po)
            if cat is None:
                cat = catalogues[po] = Catalog(locale=args.lang, project="ascension-table")
            if cat.get(message[0] if isinstance(message, tuple) else message, context=context) is None:
                cat.add(message, string=("", "") if isinstance(message, tuple) else "",
                        locations=[tuple(where.rsplit(":", 1))], context=context)
                touched.add(po)
        for name in sorted(touched):   # files without a new message stay as their authors left them
            cat = catalogues[name]
            with (LOCALE / args.lang / name).open("wb") as f:
                write_po(f, cat, width=100, omit_header=False, sort_output=False, include_lineno=False)
        print(f"{len(missing)} message(s) added, untranslated")
        return 0
    for (context, msgid), (_message, po, where) in missing:
        print(f"{where}: {po}: {(context + ' | ') if context else ''}{msgid!r}")
    print(f"{len(missing)} message(s) without a {args.lang} translation")
    return 1 if (missing and args.check) else 0


if __name__ == "__main__":
    sys.exit(main())
