"""The shipped languages are complete: every message marked in the code (Python and kv)
is in every catalogue, translated, not fuzzy, with the same placeholders, and each
compiled ``.mo`` says what its ``.po`` says (``python -m kiosk.locale_tools check``)."""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest

from kiosk import i18n
from kiosk.locale_tools import extract_kv, extracted, placeholders, problems

ROOT = Path(__file__).resolve().parents[1]

# kv files whose texts are not marked yet: English in every language. Keep this list
# true (the test below fails on a marked file that still holds a bare text, and on a
# listed one that has none left).
ENGLISH_ONLY = {
    "kiosk/ui/devpanel.kv",  # the developer's side panel of ``kiosk run --simulate``
}
TEXT_LINE = re.compile(r"^\s*(text|title):\s(.*)$")
LITERAL = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'')


def bare_texts(path: Path) -> list[str]:
    """The kv ``text:``/``title:`` values that show a literal with letters not passed
    through ``tr()``."""
    found = []
    for lineno, line in enumerate(path.read_text().splitlines(), start=1):
        match = TEXT_LINE.match(line)
        if not match:
            continue
        rest = re.sub(r"\btr\(\s*(\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*')\s*\)", "", match[2])
        rest = re.sub(r"[=!]=\s*(\"[^\"]*\"|'[^']*')", "", rest)  # compared, not shown
        for literal in LITERAL.finditer(rest):
            words = ast.literal_eval(literal[0])
            if re.search(r"[A-Za-z]", words):
                found.append(f"{path.relative_to(ROOT)}:{lineno}: {words!r}")
    return found


def test_every_message_is_translated_in_every_shipped_language():
    assert problems() == []


def test_the_catalogue_covers_python_and_kv_texts():
    ids = {m.id for m in extracted()}
    assert "TOUCH ANYWHERE TO PLAY" in ids      # attract.kv, through app.tr
    assert "Pick a game" in ids                 # attract.py, through _()
    assert "Unlock all routines" in ids         # a game's staff button, through N_()


def test_marked_kv_files_show_no_bare_english():
    bare, done = [], []
    for path in sorted((ROOT / "kiosk").rglob("*.kv")):
        name = str(path.relative_to(ROOT))
        found = bare_texts(path)
        if name in ENGLISH_ONLY:
            if not found:
                done.append(name)
        else:
            bare += found
    assert not bare, "texts not through app.tr():\n" + "\n".join(bare)
    assert not done, f"no bare text left: take them off ENGLISH_ONLY: {done}"


def test_kv_extractor_finds_tr_literals_only():
    kv = (b'<X>:\n    text: app.tr("Hello") if a else app.tr(\'Bye {name}\')\n'
          b'    # text: app.tr("commented out")\n    text: root.name\n')
    found = [(line, text) for line, _f, text, _c in extract_kv(io.BytesIO(kv), {}, (), {})]
    assert found == [(2, "Hello"), (2, "Bye {name}")]


@pytest.mark.parametrize("msgid, msgstr, same", [
    ("Seat {seat}", "Place {seat}", True),
    ("Seat {seat}", "Place {place}", False),
    ("Volume: %d %%", "Volume : %d %%", True),
    ("Lane %d of %d", "Couloir %d", False),
])
def test_placeholders_are_compared(msgid, msgstr, same):
    assert (placeholders(msgid) == placeholders(msgstr)) is same


def test_set_language_switches_and_refuses_unknown_codes():
    try:
        i18n.set_language("fr")
        assert i18n._("Done") == "Terminé"
        with pytest.raises(ValueError, match="unknown language"):
            i18n.set_language("xx")
        assert i18n.language() == "fr"
    finally:
        i18n.set_language("en")
    assert i18n._("Done") == "Done"
