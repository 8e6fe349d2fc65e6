"""docs/sync-association.md names every achievement and the numbers the engine uses."""

from pathlib import Path

from kiosk.games.sync_association import (
    BLOCKS_PER_ROUND,
    HAND_SIZE,
    MOST_ROUNDS,
    TITLES,
    Achievement,
    Options,
)

DOC = (Path(__file__).resolve().parents[3] / "docs" / "sync-association.md").read_text()


def test_every_achievement_is_in_the_docs_with_its_name():
    for achievement in Achievement:
        if achievement.value.startswith("win_") and achievement.value[4].isdigit():
            continue  # the player counts share one row
        assert f"`{achievement.value}`" in DOC, achievement
        assert TITLES[achievement].split(":")[0] in DOC, achievement
    for name in ("Two minds", "Triangle", "Square", "Full house"):
        assert name in DOC


def test_the_docs_give_the_engines_numbers():
    options = Options()
    assert f"At most {BLOCKS_PER_ROUND} block tokens a round" in DOC
    assert f"refilled to {HAND_SIZE}" in DOC and f"at most {MOST_ROUNDS}" in DOC
    assert f"{options.phantom_cards} phantom cards and {options.key_cards_in_box}" in DOC
    assert f"15 with {options.start_phantoms} phantoms" in DOC
    assert Options(phantom_cards=15).problems() == []
    assert Options(phantom_cards=14).problems() != []
