"""Driving the app frame by frame without a person: the demo, the tests and the
benchmarks run the real app, tap real widgets and save what the window shows.

>>> # pilot = Pilot(KioskApp(controller)); pilot.tap(pilot.button("SWIM!")); pilot.shot(path)

The pilot owns the event loop (``EventLoop.idle()`` is one frame), so a script reads top
to bottom instead of as a chain of Clock callbacks.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.input.motionevent import MotionEvent
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label

from kiosk import i18n


class Finger(MotionEvent):
    """One finger on the window at a window point, dispatched as a touch the way
    ``kivy.tests.common.UnitTestTouch`` does it. That module imports pytest, pluggy,
    pygments and unittest (131 modules, about 8 MB resident) into the app's process, which
    a real kiosk never holds; the demo and the benchmarks drive the app with this."""

    def __init__(self, x: float, y: float) -> None:
        window = EventLoop.window
        super().__init__("Finger", 99, {"x": x / (window.width - 1.0),
                                        "y": y / (window.height - 1.0)},
                         is_touch=True, type_id="touch")
        self.profile = ["pos"]

    def depack(self, args) -> None:
        self.sx, self.sy = args["x"], args["y"]
        super().depack(args)

    def touch_down(self) -> None:
        EventLoop.post_dispatch_input("begin", self)

    def touch_up(self) -> None:
        EventLoop.post_dispatch_input("end", self)

    def move_to(self, x: float, y: float) -> None:
        """The finger slides to a window point (a touch "update")."""
        window = EventLoop.window
        self.move({"x": x / (window.width - 1.0), "y": y / (window.height - 1.0)})
        EventLoop.post_dispatch_input("update", self)


def says(label: str, text: str) -> bool:
    """``label`` starts with ``text`` or with its translation in the table's language (a
    script written in English plays in every shipped language)."""
    return label.startswith((text, i18n._(text)))


def walk(widget) -> Iterator:
    """Every widget under ``widget`` (itself first), popups included when it is the Window."""
    yield widget
    for child in widget.children:
        yield from walk(child)


def visible(widget) -> bool:
    """Shown: no zero-size or transparent ancestor, and on the current screen."""
    node = widget
    while node is not None and node is not Window:
        if node.opacity == 0 or node.width <= 0 or node.height <= 0:
            return False
        parent = node.parent
        if hasattr(parent, "current_screen") and node is not parent.current_screen:
            return False
        node = parent
    return True


class Pilot:
    def __init__(self, app, size: tuple[int, int] | None = None) -> None:
        self.app = app
        if size:
            Window.size = size
        EventLoop.ensure_window()
        self.frame_count = 0
        self.closed = False
        self._shot_path: Path | None = None
        Window.bind(on_flip=self._on_flip)
        app._run_prepare()
        self.frames(3)

    def close(self) -> None:
        """Stop the app and clear the window (once: closing again does nothing)."""
        if self.closed:
            return
        self.closed = True
        Window.unbind(on_flip=self._on_flip)
        self.app.stop()
        self.frames(1)
        for child in Window.children[:]:
            Window.remove_widget(child)

    # ------------------------------------------------------------------ time

    def frames(self, count: int = 1) -> None:
        for _ in range(count):
            EventLoop.idle()
            self.frame_count += 1

    def until(self, condition: Callable[[], bool], limit: int = 300) -> int:
        """Run frames until ``condition()``; returns how many it took."""
        for n in range(limit):
            if condition():
                return n
            self.frames(1)
        raise TimeoutError(f"still not true after {limit} frames: {condition}")

    def caught_up(self, limit: int = 300) -> int:
        """Run frames until the screen shown has drawn the app's latest view (a screen
        redraws on the frame after its view changes). Returns how many it took."""
        def drawn() -> bool:
            screen = self.screen()
            view = getattr(screen, "view", None)
            # (==: a view equal to the last one is no change to Kivy, so no redraw)
            return view is not self.app.view or screen.drawn_view == view
        return self.until(drawn, limit)

    def settle(self, limit: int = 300) -> int:
        """Run frames until the window stands still: the same visible widgets at the
        same places and sizes, with the same texts, for two frames in a row (Kivy lays
        out and redraws through Clock triggers, some a frame after others). Returns how
        many frames it took."""
        def layout() -> list:
            return [(id(w), tuple(w.pos), tuple(w.size), getattr(w, "text", None),
                     tuple(getattr(w, "texture_size", ())),
                     tuple(getattr(w, "drawn_texts", ()))) for w in self.widgets()
                    if w is not Window]

        previous, unchanged = layout(), 0
        for n in range(1, limit + 1):
            self.frames(1)
            now = layout()
            unchanged = unchanged + 1 if now == previous else 0
            if unchanged == 2:
                return n
            previous = now
        raise TimeoutError(f"the window still changes after {limit} frames")

    def showing(self, name: str) -> bool:
        """The app shows screen ``name`` and its switch is over (for :meth:`until`)."""
        screens = self.app.screens
        return screens.current == name and not screens.transition.is_active

    # ------------------------------------------------------------------ finding

    def widgets(self, kind=object) -> list:
        return [w for w in walk(Window) if isinstance(w, kind) and visible(w)]

    def button(self, text: str):
        """The visible, enabled button whose text starts with ``text``, or with its
        translation in the table's language (so one script plays in every language)."""
        for widget in self.widgets(ButtonBehavior):
            if says(getattr(widget, "text", ""), text) and not widget.disabled:
                return widget
        shown = [getattr(w, "text", type(w).__name__) for w in self.widgets(ButtonBehavior)]
        raise LookupError(f"no button {text!r} on screen; there are {shown}")

    def labels(self) -> list[str]:
        """Every text on screen: labels', and those widgets draw themselves
        (``drawn_texts``, see :mod:`kiosk.ui.widgets.stamps`)."""
        texts = []
        for widget in self.widgets():
            if isinstance(widget, Label):
                texts.append(widget.text)
            texts += [text for text, _size in getattr(widget, "drawn_texts", ())]
        return [text for text in texts if text]

    def screen(self):
        return self.app.screens.current_screen

    # ------------------------------------------------------------------ doing

    def tap(self, widget, frames: int = 2) -> None:
        x, y = widget.to_window(*widget.center)
        touch = Finger(x, y)
        touch.touch_down()
        touch.touch_up()
        self.frames(frames)

    def press(self, text: str, frames: int = 2) -> None:
        self.tap(self.button(text), frames)

    def hold(self, points: list[tuple[float, float]]):
        """Put fingers down at window points and keep them there; returns the touches."""
        touches = []
        for x, y in points:
            touch = Finger(x, y)
            touch.touch_down()
            touches.append(touch)
        self.frames(1)
        return touches

    def drag_together(self, paths: list[tuple[tuple[float, float], tuple[float, float]]],
                      steps: int = 4, release: list[int] | None = None,
                      held: bool = False) -> list[Finger]:
        """Several fingers at once, each its own touch (its own ``uid``): they go down
        in the order given, one frame apart; then all slide a step each frame,
        interleaved, from their start to their end (window points); then they lift in
        the ``release`` order (indices; default the order given), all in one frame.
        ``held``: leave them down (lift them with :meth:`lift`)."""
        fingers = []
        for start, _end in paths:
            finger = Finger(*start)
            finger.touch_down()
            fingers.append(finger)
            self.frames(1)
        for k in range(1, steps + 1):
            for finger, (start, end) in zip(fingers, paths, strict=True):
                finger.move_to(start[0] + (end[0] - start[0]) * k / steps,
                               start[1] + (end[1] - start[1]) * k / steps)
            self.frames(1)
        if not held:
            self.lift(fingers, release)
        return fingers

    def lift(self, fingers: list[Finger], order: list[int] | None = None) -> None:
        """Lift fingers in ``order`` (indices; default as given) in one frame."""
        for index in order if order is not None else range(len(fingers)):
            fingers[index].touch_up()
        self.frames(1)

    def shot(self, path: str | Path) -> Path:
        """Save the next drawn frame as a PNG at ``path``."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self._shot_path = path
        Window.canvas.ask_update()
        self.frames(1)
        if self._shot_path is not None:
            raise RuntimeError("the window did not draw a frame for the screenshot")
        return path

    def _on_flip(self, window) -> None:
        if self._shot_path is None:
            return
        path, self._shot_path = self._shot_path, None
        written = Path(window.screenshot(name=str(path)))
        shutil.move(str(written), str(path))
