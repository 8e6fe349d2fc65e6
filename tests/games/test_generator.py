import random
from pathlib import Path

import pytest

from kiosk.games.sync_or_swim.content import parse_element, parse_twist
from kiosk.games.sync_or_swim.generator import NoRoutineFound, playable, random_routine
from kiosk.games.sync_or_swim.judge import judge
from kiosk.games.sync_or_swim.library import PLAYER_COUNTS, load_content
from kiosk.games.sync_or_swim.routines import RoutineDef
from kiosk.games.sync_or_swim.solver import Solver

CONTENT = load_content(Path(__file__).resolve().parents[2] / "config")


@pytest.mark.parametrize("seed", range(8))
def test_random_routines_are_playable_at_every_table_size(seed):
    routine = random_routine(CONTENT.elements, CONTENT.twists, CONTENT.deck, seed,
                             difficulty=seed % 5 + 1)
    assert len({e.id for e in routine.elements}) == 5
    levels = [e.level for e in routine.elements]
    assert levels == sorted(levels), "difficulty climbs from lane 1 to lane 5"
    for players in PLAYER_COUNTS:  # checked again here with a different random stream
        seats = tuple(range(1, players + 1))
        table = Solver(CONTENT.deck.for_players(players), random.Random(99)).solve(
            seats, 1, routine.elements, (routine.twist,))
        assert table is not None
        assert judge(table, routine.elements, (routine.twist,)).in_sync


def test_same_seed_same_routine():
    a = random_routine(CONTENT.elements, CONTENT.twists, CONTENT.deck, 42)
    b = random_routine(CONTENT.elements, CONTENT.twists, CONTENT.deck, 42)
    assert a == b


def test_unplayable_combination_is_rejected():
    gray = parse_element({"id": "G", "name": "Gray", "mode": "each", "colour": "gray"}, "t")
    others = [CONTENT.elements[i] for i in ("E01", "E02", "E03", "E04")]
    no_gray = parse_twist({"id": "T", "name": "No gray", "text": "t",
                           "every_lane": {"not": {"colour": "gray"}}}, "t")
    routine = RoutineDef("x", "x", (gray, *others), no_gray, 2)
    assert not playable(routine, CONTENT.deck, random.Random(1))


def test_generator_gives_up_clearly_when_nothing_fits():
    gray = {f"G{i}": parse_element({"id": f"G{i}", "name": "Gray", "mode": "each",
                                    "colour": "gray"}, "t") for i in range(6)}
    no_gray = {"T": parse_twist({"id": "T", "name": "No gray", "text": "t",
                                 "every_lane": {"not": {"colour": "gray"}}}, "t")}
    with pytest.raises(NoRoutineFound, match="seed 3"):
        random_routine(gray, no_gray, CONTENT.deck, 3, attempts=3)
