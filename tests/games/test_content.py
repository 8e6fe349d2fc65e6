"""Every shipped deck, element, twist and routine loads and can be met at every table size."""

import random
from collections import Counter
from pathlib import Path

import pytest

from kiosk.games.sync_or_swim.judge import judge
from kiosk.games.sync_or_swim.library import PLAYER_COUNTS, load_content
from kiosk.games.sync_or_swim.requirements import Mode
from kiosk.games.sync_or_swim.solver import Solver

CONFIG = Path(__file__).resolve().parents[2] / "config"
CONTENT = load_content(CONFIG)


def _solve(players, elements, twists=()):
    seats = tuple(range(1, players + 1))
    table = Solver(CONTENT.deck.for_players(players), random.Random(players)).solve(
        seats, 1, elements, twists)
    assert table is not None, f"no legal table for {[e.id for e in elements]} at {players}"
    used = Counter(c for cards in table.plays.values() for c in cards)
    deck = Counter(CONTENT.deck.for_players(players))
    assert all(used[c] <= deck[c] for c in used), "the table uses a card the deck lacks"
    assert judge(table, elements, twists).in_sync
    return table


def test_deck_sizes_grow_with_the_table():
    sizes = {n: len(CONTENT.deck.for_players(n)) for n in PLAYER_COUNTS}
    assert sizes == {3: 56, 4: 64, 5: 72, 6: 80}
    full = CONTENT.deck.for_players(6)
    assert len(set(full)) == 80, "every card of the default deck is different"
    for colour in ("blue", "yellow", "green", "gray"):
        for value in range(1, 11):
            assert sum(1 for c in full if c.colour.value == colour and c.value == value) == 2


def test_pool_sizes_and_modes():
    assert len(CONTENT.elements) >= 50
    assert len(CONTENT.twists) >= 8
    assert len(CONTENT.campaign) == 10
    modes = Counter(e.mode for e in CONTENT.elements.values())
    assert all(modes[m] >= 5 for m in Mode)


def test_campaign_starts_with_sudden_depth_and_climbs():
    assert CONTENT.campaign[0].twist.name == "Sudden Depth"
    assert CONTENT.campaign[0].twist.sudden_depth
    averages = [sum(e.level for e in r.elements) / 5 for r in CONTENT.campaign]
    assert averages == sorted(averages)
    assert averages[-1] > averages[0] + 2


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_element_can_be_met(players):
    for element in CONTENT.elements.values():
        _solve(players, [element])


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_twist_can_be_met_beside_an_element(players):
    plain = CONTENT.elements["E14"]
    for twist in CONTENT.twists.values():
        _solve(players, [plain], [twist])


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_campaign_routine_can_be_met_in_full(players):
    for routine in CONTENT.campaign:
        _solve(players, routine.elements, [routine.twist])


def test_every_vocabulary_term_is_used_by_shipped_content():
    """The content exercises the whole language, so a café owner has an example of each."""
    seen = set()
    for element in CONTENT.elements.values():
        seen.add(element.mode.value + (" or" if len(element.options) > 1 else ""))
        if element.roles:
            seen.add("split " + "/".join(str(r.size) for r in element.roles))
        clauses = element.options or tuple(r.clause for r in element.roles)
        for clause in clauses:
            each = clause.each
            seen.update(f"colour {each.colour}" for _ in [0] if each.colour)
            seen.update(f"value {each.value.kind}" for _ in [0] if each.value)
            seen.update(f"hand {each.hand}" for _ in [0] if each.hand)
            seen.update(f"foot {each.foot}" for _ in [0] if each.foot)
            if clause.forbid:
                seen.add("not")
            if clause.cards is not None:
                seen.add(f"cards {clause.cards.kind} {min(clause.cards.n, 2)}")
            for where in ("within", "across", "neighbors"):
                rel = getattr(clause, where)
                seen.update(f"{where} same" for _ in [0] if rel.same)
                seen.update(f"{where} different" for _ in [0] if rel.different)
                seen.update(f"{where} sequential" for _ in [0] if rel.sequential)
    wanted = {
        "each", "each or", "team", "team or", "split 1/0", "split 2/0", "split 1/1/0",
        "colour any", "colour blue", "colour yellow", "colour green", "colour gray",
        "value exact", "value min", "value max", "value even", "value odd",
        "hand any", "hand left", "hand both", "foot any", "foot both", "foot right",
        "foot left", "not", "cards exact 0", "cards exact 2", "cards min 1",
        "within same", "within different", "within sequential", "across same",
        "across different", "across sequential", "neighbors same", "neighbors different",
    }
    assert wanted <= seen, f"not used by any shipped element: {sorted(wanted - seen)}"
