"""Texts stamped on a canvas (kiosk.ui.widgets.stamps): rendered once and shared, kept
in the box they were given, and listed for the pilot and the size check."""

from __future__ import annotations

from fake_controller import FakeController

from kiosk.table.games.sync_or_swim.view import CardView
from kiosk.ui import theme


def test_a_text_is_rendered_once_per_size_and_weight(make_pilot):
    from kiosk.ui.widgets.stamps import TextCache

    make_pilot(FakeController())
    cache = TextCache(limit=3)
    seven = cache.texture("7", 40, bold=True)
    assert cache.texture("7", 40.2, bold=True) is seven      # same pixel size
    assert cache.texture("7", 40, bold=False) is not seven
    assert cache.texture("7", 60, bold=True).size[1] > seven.size[1]
    assert cache.rendered == 3
    cache.texture("8", 40)                                    # over the limit: oldest out
    assert len(cache) == 3
    assert cache.texture("7", 40, bold=True) is not seven and cache.rendered == 5


def test_a_text_too_wide_for_its_box_is_squeezed_and_says_so(make_pilot):
    from kivy.graphics import Canvas, Rectangle

    from kiosk.ui.widgets.stamps import stamp

    make_pilot(FakeController())
    group = Canvas()
    with group:
        assert stamp("LH RF", (0, 0, 500, 60), 30) == ("LH RF", 30)
        text, size = stamp("LH RF", (0, 0, 20, 60), 30)
    assert text == "LH RF" and size < 30
    rects = [i for i in group.children if isinstance(i, Rectangle)]
    assert rects[0].size[0] < 500 and rects[1].size[0] == 20


def test_a_swimmer_block_writes_its_seat_and_cards(make_pilot):
    from kiosk.ui.widgets.swimmer_block import SwimmerBlock

    pilot = make_pilot(FakeController())
    block = SwimmerBlock(size_hint=(None, None), size=(200, 160))
    pilot.screen().add_widget(block)
    try:
        block.seat, block.passed = 3, False
        block.cards = (CardView("blue-7-LH", "blue", 7, "left", None),)  # drawn at once
        texts = [text for text, _size in block.drawn_texts]
        assert texts == ["Seat 3", "B", "7"]   # the hand is a picture, not "LH"
        assert min(size for _text, size in block.drawn_texts) >= theme.MIN_FONT
        assert "Seat 3" in pilot.labels()
        block.turn = 0                          # face down: the seat alone, no face
        assert [text for text, _ in block.drawn_texts] == ["Seat 3"]
        block.turn, block.cards = 1, ()
        assert [text for text, _ in block.drawn_texts] == ["Seat 3"]
    finally:
        pilot.screen().remove_widget(block)


def test_the_deck_table_writes_a_count_or_a_dash_for_every_colour_and_value(make_pilot):
    from kiosk.ui.widgets.deck_table import DeckTable

    pilot = make_pilot(FakeController())
    table = DeckTable(size_hint=(None, None), size=(600, 300))
    pilot.screen().add_widget(table)
    try:
        table.counts = {("blue", 1): 2, ("gray", 10): 1}
        texts = [text for text, _size in table.drawn_texts]
        assert texts[:10] == [str(v) for v in range(1, 11)]
        rows = [texts[10 + 11 * n: 21 + 11 * n] for n in range(4)]
        assert [row[0] for row in rows] == ["B", "Y", "G", "-"]
        assert rows[0][1:3] == ["2", "-"] and rows[3][-1] == "1"
        assert sum(text == "-" for row in rows for text in row[1:]) == 38
    finally:
        pilot.screen().remove_widget(table)
