"""The layout check finds each kind of fault it promises, and names the text; a layout
with room to spare gives no sentence."""

from __future__ import annotations

import pytest


@pytest.fixture
def window():
    """A bare 800x480 Window with a FloatLayout to put widgets on; emptied after."""
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.uix.floatlayout import FloatLayout

    EventLoop.ensure_window()
    Window.size = (800, 480)
    layer = FloatLayout()
    Window.add_widget(layer)
    yield layer
    Window.remove_widget(layer)


def drawn(*labels) -> None:
    from kivy.base import EventLoop

    for _ in range(100):
        if all(label.texture_size[0] > 0 for label in labels):
            return
        EventLoop.idle()
    raise TimeoutError("labels never rendered")


def label(text: str, pos, size, **options):
    from kivy.uix.label import Label

    return Label(text=text, pos=pos, size=size, size_hint=(None, None), font_size=20,
                 **options)


def check():
    from kiosk.ui.layout_check import check_window

    return check_window("test", min_font=18, min_touch=60)


def test_a_label_with_room_to_spare_passes(window):
    ok = label("Room to spare", (100, 100), (300, 60))
    window.add_widget(ok)
    drawn(ok)
    assert check() == []


def test_text_bigger_than_its_box_is_cut(window):
    wide = label("A sentence far too long for its box", (100, 100), (120, 60))
    window.add_widget(wide)
    drawn(wide)
    found = check()
    assert any("'A sentence far too long" in line and "spills out" in line for line in found), found


def test_lines_dropped_by_a_fixed_height_are_cut(window):
    cut = label("one two three four five six seven eight nine ten eleven twelve",
                (100, 100), (120, 40))
    cut.text_size = cut.size
    window.add_widget(cut)
    drawn(cut)
    found = check()
    assert any("'one two three" in line and "is cut" in line for line in found), found


def test_shortened_text_is_cut_unless_it_may_be(window):
    short = label("A sentence far too long for its box", (100, 100), (120, 60),
                  shorten=True)
    short.text_size = (120, None)
    window.add_widget(short)
    drawn(short)
    assert any("is shortened" in line for line in check())
    short.may_cut = True
    assert check() == []


def test_text_off_the_window(window):
    off = label("Off the edge", (760, 100), (200, 60))
    window.add_widget(off)
    drawn(off)
    found = check()
    assert any("'Off the edge'" in line and "outside the 800x480 window" in line
               for line in found), found


def test_text_over_text(window):
    first = label("First", (100, 100), (200, 60))
    second = label("Second", (150, 110), (200, 60))
    window.add_widget(first)
    window.add_widget(second)
    drawn(first, second)
    found = check()
    assert any("'First' and 'Second' are drawn over each other" in line for line in found) \
        or any("'Second' and 'First'" in line for line in found), found


def test_small_text_and_small_buttons(window):
    from kivy.uix.button import Button

    small = label("tiny", (100, 300), (200, 60))
    small.font_size = 12
    button = Button(text="Go", pos=(400, 300), size=(100, 40), size_hint=(None, None),
                    font_size=20)
    window.add_widget(small)
    window.add_widget(button)
    drawn(small, button)
    found = check()
    assert any("'tiny' (12 px) is smaller than the 18 px minimum" in line for line in found)
    assert any("the button 'Go' is 100x40 px" in line for line in found), found


def test_a_cover_hides_what_lies_under_it_but_is_checked_itself(window):
    from kivy.uix.floatlayout import FloatLayout

    under = label("Under", (100, 100), (200, 60))
    cover = FloatLayout(pos=(0, 0), size=(800, 480), size_hint=(None, None))
    on_top = label("On top", (150, 110), (200, 60))
    tiny = label("Tiny", (400, 300), (200, 60))
    tiny.font_size = 10
    cover.add_widget(on_top)
    cover.add_widget(tiny)
    window.add_widget(under)
    window.add_widget(cover)
    drawn(under, on_top, tiny)
    assert any("'Under'" in line and "'On top'" in line for line in check())
    cover.covers_screen = True
    found = check()
    assert not any("'Under'" in line for line in found), found
    assert any("'Tiny' (10 px) is smaller" in line for line in found), found


def test_rows_that_need_more_room_than_their_box_has(window):
    from kivy.uix.boxlayout import BoxLayout

    box = BoxLayout(orientation="vertical", pos=(0, 0), size=(300, 100),
                    size_hint=(None, None), spacing=10)
    rows = [label(f"Row {n}", (0, 0), (300, 40)) for n in (1, 2)]
    for row in rows:
        box.add_widget(row)
    window.add_widget(box)
    drawn(*rows)
    assert not [line for line in check() if "rows need" in line]
    box.add_widget(label("Row 3", (0, 0), (300, 40)))  # 3 x 40 + 2 x 10 = 140 > 100
    drawn(*box.children)
    assert any("rows need 140 px of height but it has 100" in line for line in check())


def test_a_widget_taller_than_its_row(window):
    from kivy.uix.boxlayout import BoxLayout

    row = BoxLayout(pos=(0, 0), size=(600, 50), size_hint=(None, None))
    cell = label("Tall", (0, 0), (200, 50))
    row.add_widget(cell)
    window.add_widget(row)
    drawn(cell)
    assert not [line for line in check() if "spills" in line]
    cell.height = 80
    assert any("holds a widget 80 px in height but is 50 px" in line for line in check())
