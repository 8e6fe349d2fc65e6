"""Keep the catalogues in step with the code (needs Babel, a development tool; the
kiosk itself reads the compiled ``.mo`` with the standard library).

``python -m kiosk.locale_tools update``  extract every marked message from the Python
    and kv files and merge it into each language's ``kiosk.po`` (new ones untranslated).
``python -m kiosk.locale_tools compile`` write each ``kiosk.mo`` from its ``kiosk.po``.
``python -m kiosk.locale_tools check``   print every problem (what the tests assert).

Python files mark messages with ``_()``, ``ngettext()`` and ``N_()``; kv rules with
``app.tr("...")``, which :func:`extract_kv` finds (Babel knows no kv). The games' shipped
content (``config/<game>/*.toml``) gives its ``name``, ``text`` and ``label`` fields
(:func:`extract_content`): the kiosk shows them through ``_()``, so a café's own edits
show as written, and the shipped cards in the table's language.
"""

from __future__ import annotations

import ast
import io
import re
import string
import sys
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from kiosk.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE

PACKAGE = Path(__file__).resolve().parent
CONFIG = PACKAGE.parent / "config"
KEYWORDS = {**DEFAULT_KEYWORDS, "tr": None}
# ``app.tr("...")`` or ``tr('...')`` in a kv value: the string literal right after it.
KV_CALL = re.compile(r"""\btr\(\s*((?:"(?:[^"\\]|\\.)*")|(?:'(?:[^'\\]|\\.)*'))\s*\)""")


def extract_kv(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel extractor for kv files: each ``tr("text")`` with a literal string."""
    for lineno, line in enumerate(io.TextIOWrapper(fileobj, encoding="utf-8"), start=1):
        if line.lstrip().startswith("#") and not line.lstrip().startswith("#:"):
            continue
        for match in KV_CALL.finditer(line):
            yield lineno, "tr", ast.literal_eval(match.group(1)), []


CONTENT_FIELD = re.compile(r"^\s*(name|text|label)\s*=\s*(\"(?:[^\"\\]|\\.)*\")\s*(#.*)?$")


def extract_content(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel extractor for content TOML: every one-line ``name``/``text``/``label``."""
    for lineno, line in enumerate(io.TextIOWrapper(fileobj, encoding="utf-8"), start=1):
        match = CONTENT_FIELD.match(line)
        if match:
            yield lineno, None, tomllib.loads(f"v = {match[2]}")["v"], []


def content_folders() -> list[Path]:
    from kiosk import registry

    return [CONFIG / info.content for info in registry.GAMES if info.content]


@cache
def extracted() -> Catalog:
    """Every marked message of the package and of the shipped content, as a template."""
    catalog = Catalog(project="kiosk", domain=DOMAIN)
    sources = [(PACKAGE, [("**.py", "python"), ("**.kv", extract_kv)])]
    sources += [(folder, [("*.toml", extract_content)]) for folder in content_folders()]
    for folder, method_map in sources:
        for path, lineno, message, comments, context in extract_from_dir(
                folder, method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            where = str((folder / path).relative_to(PACKAGE.parent))
            catalog.add(message, None, [(where, lineno)], auto_comments=comments,
                        context=context)
    return catalog


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(code: str) -> Catalog:
    with po_path(code).open("rb") as handle:
        return read_po(handle, locale=code, domain=DOMAIN)


def translated_languages() -> list[str]:
    return [code for code in LANGUAGES if code != SOURCE]


def update() -> None:
    template = extracted()
    for code in translated_languages():
        path = po_path(code)
        path.parent.mkdir(parents=True, exist_ok=True)
        catalog = read_catalog(code) if path.exists() else Catalog(
            locale=code, domain=DOMAIN, project="kiosk", version="",
            last_translator="kiosk developers", language_team=LANGUAGES[code], fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, omit_header=False, sort_output=False)


def compile_all() -> None:
    for code in translated_languages():
        catalog = read_catalog(code)
        with po_path(code).with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)


def placeholders(text: str) -> list[str]:
    """The ``{name}`` fields and ``%s``-style specs of a message, sorted.

    >>> placeholders("Seat {seat}: %d%% of {total}")
    ['%d', '{seat}', '{total}']
    """
    fields = [f"{{{name}}}" for _lit, name, _spec, _conv in string.Formatter().parse(text)
              if name is not None]
    specs = [m for m in re.findall(r"%(?:\([a-z_]+\))?[-#0 +]*\d*(?:\.\d+)?[sdifr%]", text)
             if m != "%%"]
    return sorted(fields + specs)


def _named(key: tuple) -> str:
    context, msgid = key
    return f"{msgid!r} (as {context!r})" if context else repr(msgid)


def _forms(value) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def problems() -> list[str]:
    """Every way the shipped catalogues fall short, one sentence each (empty: all good)."""
    found: list[str] = []
    wanted = {(m.context, m.id) for m in extracted() if m.id}
    for code in translated_languages():
        path = po_path(code)
        if not path.exists():
            found.append(f"{path}: missing (run python -m kiosk.locale_tools update)")
            continue
        catalog = read_catalog(code)
        have = {(m.context, m.id): m for m in catalog if m.id}
        for key in sorted(wanted - set(have), key=str):
            found.append(f"{code}: {_named(key)} is in the code but not in {path.name} "
                         "(run python -m kiosk.locale_tools update)")
        for key in sorted(set(have) - wanted, key=str):
            found.append(f"{code}: {_named(key)} is in {path.name} but no longer in the code")
        for key, message in have.items():
            msgid = _named(key)
            strings = _forms(message.string)
            if message.fuzzy:
                found.append(f"{code}: {msgid} is marked fuzzy")
            if not all(strings):
                found.append(f"{code}: {msgid} is not translated")
                continue
            want = placeholders(_forms(message.id)[0])
            for text in strings:
                if placeholders(text) != want:
                    found.append(f"{code}: {msgid} -> {text!r}: placeholders differ")
        found += _mo_problems(code, catalog)
    return found


def _mo_problems(code: str, catalog: Catalog) -> list[str]:
    path = po_path(code).with_suffix(".mo")
    if not path.exists():
        return [f"{path}: missing (run python -m kiosk.locale_tools compile)"]
    with path.open("rb") as handle:
        compiled = read_mo(handle)
    po = {(m.context, m.id): m.string for m in catalog if m.id and not m.fuzzy}
    mo = {(m.context, m.id): m.string for m in compiled if m.id}
    if po != mo:
        return [f"{path} disagrees with {path.with_suffix('.po').name} "
                "(run python -m kiosk.locale_tools compile)"]
    return []


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = problems()
        for line in found:
            print(line)
        print(f"locale check: {len(found)} problems")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
