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
    assert "Routines open and locked" in ids    # a game's staff button, through N_()


def sorted_out(paths, find, listed) -> tuple[list[str], list[str]]:
    """(what ``find`` finds in the files not ``listed``, the listed files where it finds
    nothing): both must be empty for a list of exceptions that tells the truth."""
    found, done = [], []
    for path in sorted(paths):
        name = str(path.relative_to(ROOT))
        hits = find(path)
        if name in listed:
            done += [] if hits else [name]
        else:
            found += hits
    return found, done


def test_marked_kv_files_show_no_bare_english():
    bare, done = sorted_out((ROOT / "kiosk").rglob("*.kv"), bare_texts, ENGLISH_ONLY)
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


# Python UI modules that still write English sentences, each with its reason. The test
# below fails on a sentence-like string constant outside _()/N_() in any other module,
# and on a listed module that has none left. (A heuristic: it reads string constants,
# so it also lists codes and tools; their reason says so.)
PYTHON_ENGLISH_ONLY = {
    "kiosk/ui/demo.py": "tool: kiosk demo's command line",
    "kiosk/ui/devpanel.py": "tool: the developer's side panel",
    "kiosk/ui/kiosk_mode.py": "tool: Kivy configuration comments",
    "kiosk/ui/layout_check.py": "tool: layout findings for developers",
    "kiosk/ui/run.py": "tool: kiosk run's command line",
    "kiosk/ui/app.py": "the window title, never shown on the kiosk",
    "kiosk/ui/games/sync_or_swim/__init__.py": "developer panel tools",
    "kiosk/ui/games/sync_or_swim/demo.py": "demo script: presses buttons by English words",
    "kiosk/ui/games/sync_or_swim/dev.py": "developer panel tools",
    "kiosk/ui/games/sync_or_swim/icons.py": "icon codes (LH BH RH), not words",
    "kiosk/ui/games/sync_or_swim/round.py": "phase names, not words",
    "kiosk/ui/games/sync_or_swim/reasons.py": "patterns of the judge's English reasons: "
                                              "in French the judge's own words show",
    "kiosk/ui/games/synchro/demo.py": "demo script: presses buttons by English words",
    "kiosk/ui/games/synapse/demo.py": "demo script: presses buttons by English words",
    "kiosk/ui/games/sync_association/demo.py": "demo script: presses buttons by English words",
    "kiosk/ui/games/sync_association/__init__.py": "developer panel tools",
    "kiosk/ui/widgets/card.py": "not translated yet: card descriptions",
}
MARKERS = {"_", "N_", "pgettext", "ngettext"}
NOT_SHOWN = {"exception", "warning", "error", "info", "debug"}  # logging, not the screen


def _inside(tree, kinds) -> set[int]:
    """The ids of every node under a call of one of ``kinds`` (by name), a raise, an
    assert, or a docstring."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
        called = ""
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if called in kinds or isinstance(node, (ast.Raise, ast.Assert)):
            ids.update(id(sub) for sub in ast.walk(node))
    return ids


def unmarked_sentences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    skip = _inside(tree, MARKERS | NOT_SHOWN)
    return [f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in skip and re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", node.value)
            and "kiosk." not in node.value]


def test_python_screens_show_no_unmarked_sentences():
    found, done = sorted_out((ROOT / "kiosk" / "ui").rglob("*.py"), unmarked_sentences,
                             PYTHON_ENGLISH_ONLY)
    assert not found, "sentences not through _():\n" + "\n".join(found)
    assert not done, f"no English left: take them off PYTHON_ENGLISH_ONLY: {done}"


def test_no_function_hides_the_translation_function():
    """``def f(self, *_)`` and then ``_("...")`` inside would call the tuple."""
    wrong = []
    for path in sorted((ROOT / "kiosk").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, (ast.FunctionDef, ast.Lambda)):
                continue
            args = node.args
            names = {a.arg for a in args.args + args.kwonlyargs + args.posonlyargs}
            names |= {args.vararg.arg} if args.vararg else set()
            names |= {n.id for n in ast.walk(node)
                      if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
            calls = [n for n in ast.walk(node) if isinstance(n, ast.Call)
                     and isinstance(n.func, ast.Name) and n.func.id == "_"]
            if "_" in names and calls:
                wrong.append(f"{path.relative_to(ROOT)}:{calls[0].lineno}")
    assert not wrong, wrong


def test_the_examples_in_the_language_modules_hold():
    import doctest

    import kiosk.games.sync_or_swim.words
    import kiosk.i18n
    import kiosk.locale_tools

    try:
        for module in (kiosk.i18n, kiosk.games.sync_or_swim.words, kiosk.locale_tools):
            assert doctest.testmod(module).failed == 0, module.__name__
    finally:
        i18n.set_language("en")
