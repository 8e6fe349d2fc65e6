"""Finds American spellings in what players, staff and café owners read: the strings
in the kiosk's code (screens, messages, judge reasons, command-line help — docstrings
are for developers and skipped), the kv files, the docs, and the shipped config's
words. The project writes British English ("colour", "grey", "neighbour", "centre",
"-ise"), with one exception: identifiers that are a file format (card names such as
``gray-4``, Synapse's icons such as ``2 gray star``, the TOML keys ``colour = "gray"``
and ``neighbors = {...}``) keep the spelling the café's files already use.

One name per thing, too: the table's two "stop pads" and, on screen when they cannot
be used, the two "stop circles"."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_IZE = ("synchroniz", "organiz", "recogniz", "realiz", "minimiz", "maximiz", "customiz",
        "initializ", "finaliz", "prioritiz", "categoriz", "visualiz", "summariz",
        "memoriz", "personaliz", "normaliz", "serializ", "rasteriz", "optimiz", "apologiz",
        "emphasiz", "authoriz", "utiliz", "standardiz", "localiz", "randomiz", "specializ",
        "characteriz", "familiariz", "stabiliz", "synthesiz", "criticiz", "recogniz")
AMERICAN = re.compile(
    r"\b(colors?|colored|colorful|coloring|grays?|grayed|neighbors?|neighborly|neighboring"
    r"|centers?|centered|favorites?|behaviors?|honors?|analyz\w*|canceled|canceling"
    r"|labors?|humors?|flavors?|catalogs?|fulfill|practicing|licensed"
    r"|(?:" + "|".join(_IZE) + r")\w*)\b", re.IGNORECASE)
# the file format's identifiers: a card name, a quoted colour value, a TOML key; and
# other programs' names (systemd-analyze)
FORMAT = re.compile(r"\bsystemd-analyze\b"
                    r"|\bgray-\d+(-[A-Z]{2})*|\"gray\"|'gray'|`gray`|\bneighbors(?=\s*[=.])"
                    r"|`neighbors[^`]*`|\bneighbors_ok\b|\[/?color[=\]]"
                    r"|\b\d gray(?: star| circle| square| triangle|★)s?|yellow, green, gray\b")


def american(text: str) -> list[str]:
    """The American spellings in ``text``, file-format identifiers aside.

    >>> american("Gray is never a colour; gray-4 is a card; two neighbors")
    ['Gray', 'neighbors']
    """
    return [m.group(0) for m in AMERICAN.finditer(FORMAT.sub(" ", text))]


# one name per thing: the table's "stop pads", the screen's "stop circles"
OTHER_NAMES = re.compile(r"(?<!\d )\bwhite circles\b|\b(?:both|two|the|on-screen) circles\b"
                         r"|\bboth pads\b", re.IGNORECASE)


def other_names(text: str) -> list[str]:
    """Names for the stop pads and stop circles other than those two.

    >>> other_names("touch both pads or the two white circles; 2 white circles (icons)")
    ['both pads', 'white circles']
    """
    return [m.group(0) for m in OTHER_NAMES.finditer(text)]


def _docstring_nodes(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                             ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def python_strings(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of every string constant but docstrings and bare identifiers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstring_nodes(tree)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in docstrings
                and not re.fullmatch(r"[a-z_.]*", node.value)):  # "center", "gray" keys
            yield node.lineno, node.value


def kv_strings(path: Path) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for text in re.findall(r"\"([^\"]*)\"|'([^']*)'", line):
            words = text[0] or text[1]
            if not re.fullmatch(r"[a-z_.]*", words):
                yield number, words


def text_lines(path: Path) -> Iterator[tuple[int, str]]:
    yield from enumerate(path.read_text(encoding="utf-8").splitlines(), 1)


def sources() -> Iterator[tuple[Path, Iterator[tuple[int, str]]]]:
    for path in sorted((ROOT / "kiosk").rglob("*.py")):
        yield path, python_strings(path)
    for path in sorted((ROOT / "kiosk").rglob("*.kv")):
        yield path, kv_strings(path)
    docs = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "hardware").rglob("*.md"),
            *(ROOT / "config").rglob("*.md"), *(ROOT / "firmware").glob("*.md")]
    for path in sorted(docs):
        yield path, text_lines(path)
    for path in sorted((ROOT / "config").rglob("*.toml")):
        if path.parts[-2:] != ("synapse", "cards.toml"):  # icon codes only: "2 gray star"
            yield path, text_lines(path)


def findings(find=american) -> list[str]:
    """``path:line: word`` for every American spelling (or what ``find`` finds) in the
    sources."""
    out = []
    for path, lines in sources():
        for number, text in lines:
            out += [f"{path.relative_to(ROOT)}:{number}: {word}" for word in find(text)]
    return out
