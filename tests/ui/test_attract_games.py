"""The attract screen with two games: each tile's Play reaches that game's choosing
screen, its How to play and Records open that game's overlays (drawn from a stored
result) and close back to the attract; Synchro's Back returns to the games on offer.
Waits are on conditions, never sleeps."""

from __future__ import annotations

import pytest
from attract_table import attract

from kiosk import registry
from kiosk.store.protocol import GameResult, MemoryStore


def tile_button(pilot, game_id: str, which: str):
    return pilot.screen().tile(game_id).ids[which]


def test_each_tiles_play_reaches_its_games_choosing_and_back(make_pilot, table):
    pilot = attract(make_pilot, table())
    assert {"Play Synchro", "Play Sync or Swim"} <= {
        b.text for b in pilot.widgets() if getattr(b, "text", "").startswith("Play ")}
    pilot.press("Play Synchro")
    pilot.until(lambda: pilot.showing("synchro_choose"))
    pilot.press("Back")
    pilot.until(lambda: pilot.showing("attract") and pilot.app.view.phase == "attract")
    pilot.settle()
    pilot.press("Play Sync or Swim")
    pilot.until(lambda: pilot.showing("choose"))
    assert pilot.app.view.game == "sync_or_swim"


def test_sync_or_swim_records_show_a_stored_result(make_pilot, table):
    store = MemoryStore()
    store.add_result("sync_or_swim", GameResult("R01", 4, 87, 192.0))  # out of 100
    store.add_result("sync_or_swim", GameResult("R01", 4, 530, 190.0,
                                                details={"scoring": "points"}))
    pilot = attract(make_pilot, table(store))
    pilot.tap(tile_button(pilot, "sync_or_swim", "records"))
    pilot.until(lambda: pilot.showing("sync_or_swim_records"))
    pilot.until(lambda: any("top score 530" in t for t in pilot.labels()))
    assert any("4 swimmers: 530 points in 3:10" in t for t in pilot.labels())
    assert any("4 swimmers: 87 out of 100 (old scoring) in 3:12" in t for t in pilot.labels())
    pilot.press("Back")
    pilot.until(lambda: pilot.showing("attract"))


def test_synchro_records_show_a_stored_result(make_pilot, table):
    store = MemoryStore()
    store.add_result("synchro", GameResult(
        "hotseat", 2, 1, 300.0, False, {"winner": "white", "how": "", "moves": 14}))
    pilot = attract(make_pilot, table(store))
    pilot.tap(tile_button(pilot, "synchro", "records"))
    pilot.until(lambda: pilot.showing("synchro_records"))
    pilot.until(lambda: any("Two players: 1 games" in t for t in pilot.labels()))
    pilot.press("Back")
    pilot.until(lambda: pilot.showing("attract"))


@pytest.mark.parametrize("game, screen, last, heading", [
    ("synchro", "synchro_how_to_play", "Got it", "How to play Synchro"),
    ("synapse", "synapse_how_to_play", "Got it", "How to play Synapse"),
    ("sync_association", "sync_association_how_to_play", "Got it", "How to play S.Y.N.C."),
    ("sync_or_swim", "tutorial", "Let's play!", None),
])
def test_how_to_play_opens_pages_through_and_closes(make_pilot, table, game, screen, last,
                                                    heading):
    pilot = attract(make_pilot, table(), size=(800, 480))
    pilot.tap(tile_button(pilot, game, "how_to_play"))
    pilot.until(lambda: pilot.showing(screen))
    first = list(pilot.labels())
    assert heading is None or heading in first
    pilot.press("Next")
    pilot.until(lambda: pilot.labels() != first)
    while not any(getattr(b, "text", "") == last for b in pilot.widgets()):
        pilot.press("Next")
    pilot.press(last)
    pilot.until(lambda: pilot.showing("attract"))


def test_synchro_how_to_play_from_its_choosing_screen(make_pilot, table):
    pilot = attract(make_pilot, table())
    pilot.press("Play Synchro")
    pilot.until(lambda: pilot.showing("synchro_choose"))
    pilot.press("How to play")
    pilot.until(lambda: pilot.showing("synchro_how_to_play"))
    pilot.press("Close")
    pilot.until(lambda: pilot.showing("synchro_choose"))


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 800), (1920, 1080)])
def test_tiles_fit_with_big_buttons_at_every_size(make_pilot, table, size):
    pilot = attract(make_pilot, table(), size=size)
    screen = pilot.screen()
    for game in registry.ids():  # every game on offer, four in one row
        tile = screen.tile(game)
        for which in ("play", "how_to_play", "records"):
            button = tile.ids[which]
            assert button.height >= pilot.app.min_touch - 0.5, (game, which)
            assert tile.y - 0.5 <= button.y and button.top <= tile.top + 0.5, (game, which)
        for label in tile.children:
            if hasattr(label, "texture_size") and label.text:
                assert label.texture_size[1] <= label.height + 1, (game, label.text)
        assert tile.y >= 0 and tile.top <= size[1]
