"""The shipped card set (its design) and its checker: file:line messages, no tracebacks."""

import contextlib
import io
import itertools
import re
import shutil
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk import registry
from kiosk.cli import run
from kiosk.games.synapse import PLAYERS, Kind, connection, default_cardset, load_cards
from kiosk.games.synapse.check import card_names, check_content
from kiosk.games.synapse.content import CardsError, parse_cards
from kiosk.games.synapse.design import cards_toml

ROOT = Path(__file__).resolve().parents[3]
CONFIG = ROOT / "config"
SHIPPED = CONFIG / "synapse" / "cards.toml"


def test_the_shipped_file_is_the_generated_set():
    assert SHIPPED.read_text() == cards_toml()
    assert load_cards(CONFIG) == default_cardset()
    assert check_content(CONFIG) == [] and card_names(CONFIG, []) == set()


def test_every_icon_once_per_deck_so_three_points_need_the_other_deck():
    cards = default_cardset()
    for player in PLAYERS:
        deck = [cards.cards[i] for i in cards.deck(player)]
        kinds = [c.kind for c in deck]
        assert [kinds.count(k) for k in (Kind.STANDARD, Kind.DOUBLE, Kind.LINE, Kind.WILD,
                                         Kind.BLOCK)] == [12, 2, 2, 1, 1]
        icons = [e for c in deck for e in c.edges if e is not None and c.kind in (
            Kind.STANDARD, Kind.DOUBLE)]
        assert len(icons) == len(set(icons)) == 48
        for card in deck:  # four different shapes on a card
            shapes = [e.shape for e in card.edges if e is not None and hasattr(e, "shape")]
            assert len(shapes) == len(set(shapes))
        icon_cards = [c for c in deck if c.kind in (Kind.STANDARD, Kind.DOUBLE)]
        for a, b in itertools.combinations(icon_cards, 2):  # any sides, any turn
            for ea, eb in itertools.product(a.edges, b.edges):
                if ea is not None and eb is not None:
                    assert ea.matches(eb) < 3


def test_the_decks_differ():
    cards = default_cardset()
    north = {c.edges for c in map(cards.cards.get, cards.deck(PLAYERS[0]))}
    south = {c.edges for c in map(cards.cards.get, cards.deck(PLAYERS[1]))}
    assert len(north & south) == 2  # only the specials agree: no icons, or wild marks
    assert connection(cards.start, cards.start, 0) is not None


@pytest.fixture
def config(tmp_path):
    target = tmp_path / "config"
    shutil.copytree(CONFIG, target)
    return target


def edit(path, old, new):
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def first_changed_line(before, after):
    pairs = zip(before.splitlines(), after.splitlines(), strict=False)
    return next(n for n, (a, b) in enumerate(pairs, 1) if a != b)


def line_of(path, needle):
    """The last line holding ``needle`` (a duplicate id is reported where it repeats)."""
    return [n for n, line in enumerate(path.read_text().splitlines(), 1) if needle in line][-1]


@pytest.mark.parametrize("old, new, message", [
    ('edges = ["1 gray circle"', 'edges = ["1 gray hexagon"',
     "card 'N01': edge 1: 'hexagon' is not a shape (use star, circle, square, triangle)"),
    ('edges = ["1 gray circle"', 'edges = ["1 gray circles"',
     "card 'N01': edge 1: 'circles' is not a shape (write it singular)"),
    ('edges = ["1 gray circle"', 'edges = ["5 gray circle"',
     "card 'N01': edge 1: '5' is not a number of icons (use 1, 2, 3 or 4)"),
    ('edges = ["1 gray circle"', 'edges = ["1 pink circle"',
     "card 'N01': edge 1: 'pink' is not a colour (use black, white, gray)"),
    ('edges = ["1 gray circle", "4 white triangle"', 'edges = ["4 white triangle"',
     "card 'N01': edges must list 4 edges (north, east, south, west)"),
    ('id = "N02"', 'id = "N01"', "card 'N01': the id is used twice (first on line"),
    ('owner = "north"\nkind = "line"', 'owner = "north"\nkind = "line"\nedges = ["", "", "", ""]',
     "card 'N15': a line card has no icons; remove edges"),
    ('owner = "north"\nkind = "line"', 'owner = "north"\nkind = "lines"',
     "card 'N15': kind must be one of standard, line, double, wild, block, start, not 'lines'"),
    ('id = "N03"\nowner = "north"', 'id = "N03"\nowner = "east"',
     "card 'N03': owner must be north or south, not 'east'"),
    ('id = "N03"\nowner = "north"', 'id = "N03"\nowner = "north"\ncolour = 1',
     "card 'N03': unknown field 'colour' (use id, owner, kind, edges)"),
])
def test_a_malformed_card_is_named_with_its_line(config, old, new, message):
    path = config / "synapse" / "cards.toml"
    edit(path, old, new)
    findings = check_content(config)
    assert len(findings) == 1, findings
    source, line, said = findings[0]
    assert source == str(path) and said.startswith(message)
    assert line == first_changed_line(SHIPPED.read_text(), path.read_text())


def test_wrong_counts_are_named(config):
    path = config / "synapse" / "cards.toml"
    edit(path, 'owner = "north"\nkind = "block"', 'owner = "north"\nkind = "wild"')
    findings = check_content(config)
    assert [m for _, _, m in findings] == [
        "north has 2 wild cards; a deck has 1", "north has 0 block cards; a deck has 1"]
    text = path.read_text().splitlines()
    assert text[findings[0][1] - 1] == text[findings[1][1] - 1] == "[[card]]"
    assert text[findings[0][1]] == 'id = "N18"'  # the second wild: one too many


def test_a_missing_file_is_one_finding(config):
    (config / "synapse" / "cards.toml").unlink()
    findings = check_content(config)
    assert len(findings) == 1 and "cannot read the file" in findings[0][2]
    with pytest.raises(CardsError, match="cannot read the file"):
        load_cards(config)


def test_kiosk_check_reports_them_for_the_registered_game(config, capsys):
    assert registry.game("synapse").checker == "kiosk.games.synapse.check"
    assert run(["--config", str(config), "check"]) == 0
    path = config / "synapse" / "cards.toml"
    edit(path, 'edges = ["1 gray circle"', 'edges = ["1 gray hexagon"')
    assert run(["--config", str(config), "check"]) == 1
    out = capsys.readouterr().out.splitlines()
    line = line_of(path, "hexagon")
    assert f"{path}:{line}: card 'N01': edge 1: 'hexagon' is not a shape" in "\n".join(out)
    assert out[-1] == f"1 problem in {config}"


# -- fuzz: any edit of the file gives messages, never a traceback ---------------------

TEXT = SHIPPED.read_text()
LINES = TEXT.splitlines()
VALUES = ['""', '"x"', "1", "-1", "nan", "true", "[]", "{}", '["", "", ""]',
          '["1 black star", 2, "", ""]', '"north"', '"south"', '"start"', '"double"',
          '"wild"', '"line"', '"block"', '"N01"', '"S18"', '"9 black star"', "9" * 30,
          '"' + "y" * 5000 + '"', '["4 gray triangles", "", "", ""]', '"\\u0000"']
KEYS = ["id", "owner", "kind", "edges", "colour", "card", "ID"]


@st.composite
def mutated(draw):
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        what = draw(st.sampled_from(["value", "key", "delete", "duplicate", "garbage",
                                     "header"]))
        if what == "value" and "=" in lines[at]:
            lines[at] = lines[at].split("=")[0] + "= " + draw(st.sampled_from(VALUES))
        elif what == "key" and "=" in lines[at]:
            lines[at] = draw(st.sampled_from(KEYS)) + " =" + lines[at].split("=", 1)[1]
        elif what == "delete":
            del lines[at: at + draw(st.integers(1, 6))]
        elif what == "duplicate":
            lines[at:at] = lines[at: at + draw(st.integers(1, 6))]
        elif what == "garbage":
            lines.insert(at, draw(st.text(max_size=20)))
        else:
            lines.insert(at, draw(st.sampled_from(["[[card]]", "[card]", "[start]",
                                                   "[[cards]]", "[[card.x]]"])))
        if not lines:
            lines = [""]
    return "\n".join(lines) + "\n"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_any_malformed_file_gets_messages_not_a_traceback(text):
    cardset, findings = parse_cards(text, "cards.toml")
    if cardset is None:
        assert findings
    else:
        assert findings == [] and len(cardset.cards) == 36
    for source, line, message in findings:
        assert source == "cards.toml" and message and "\n" not in message
        assert line is None or 1 <= line <= max(1, text.count("\n") + 1)
        assert "Traceback" not in message and "Error" not in message[:12]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_kiosk_check_on_a_malformed_file_exits_1_with_file_line_messages(text):
    """Through the real command line, Synapse registered for the test: exit 1 and one
    ``file:line: message`` (or ``file: message``) a problem, or exit 0 if the edit
    happened to be harmless."""
    info = registry.GameInfo("synapse", "Synapse", (2,), frozenset(), "synapse", "", "",
                             "kiosk.games.synapse.check")
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "config"
        shutil.copytree(CONFIG, config)
        path = config / "synapse" / "cards.toml"
        path.write_text(text)
        out = io.StringIO()
        with mock.patch.object(registry, "GAMES", (*registry.GAMES, info)), \
                contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code = run(["--config", str(config), "check"])
        lines = out.getvalue().splitlines()
        cardset, findings = parse_cards(text, str(path))
        assert code == (0 if cardset else 1), lines
        assert "Traceback" not in out.getvalue()
        if code:
            assert lines[-1].endswith(f"in {config}")
            assert all(re.match(rf"{re.escape(str(path))}(:\d+)?: \S", line)
                       for line in lines[:-1]), lines
