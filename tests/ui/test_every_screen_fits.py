"""Every screen of every installed game fits every supported window: no text cut, off
the window or over other text, none below the minimum size, no button too small to
touch (:mod:`kiosk.ui.layout_check`).

The games' demos (``kiosk demo``) show every screen; the first size plays them all
through the real widgets, checking at each screenshot and keeping the view each screen
showed. The other sizes replay those views in one app each, a screen at a time, which
costs a fraction of playing again. ``KIOSK_LONG=1`` plays the demos at every size.
French, the longest shipped language, plays every demo again at 800x480, the smallest
window (``kiosk demo --size 800x480 --check --lang fr``).
Prints how long it took (``pytest -s``).
"""

from __future__ import annotations

import os
import time

from kiosk import registry
from kiosk.table.api import TableView
from kiosk.ui.screens import SHARED_SCREENS

SIZES = ((800, 480), (1024, 600), (1280, 800), (1920, 1080))
LONG = os.environ.get("KIOSK_LONG") == "1"


def every_screen() -> dict[str, str]:
    """Screen name -> who provides it (a game's name, or the app)."""
    names = dict.fromkeys(SHARED_SCREENS, "the app")
    for info in registry.GAMES:
        names.update(dict.fromkeys(registry.load(info.ui).SCREENS.screens, info.name))
    return names


class ReplayController:
    """Holds one view and ignores every command: the app shows what it is given."""

    wakeup = None

    def __init__(self, view: TableView) -> None:
        self.view = view

    def set_listener(self, listener) -> None:
        self.listener = listener

    def pump(self) -> None: ...
    def close(self) -> None: ...
    def wake(self) -> None: ...
    def abandon(self) -> None: ...
    def act(self, command: str, **args) -> None: ...
    def staff(self, action, **args) -> None: ...
    def select_game(self, game: str) -> None: ...


def checked(pilot, label: str, findings: list[str]) -> None:
    from kiosk.ui.layout_check import check_window

    app = pilot.app
    for line in check_window(label, min_font=app.min_font, min_touch=app.min_touch):
        if line not in findings:
            findings.append(line)


def play_demos(folder, size, findings: list[str], shown: dict, languages=None) -> None:
    """Every game's demo at ``size``, checked at each screenshot; ``shown`` gets what
    each state needs to be shown again: (screen, overlay, unlocked) -> view."""
    from kiosk.ui.demo_script import play

    def look(pilot, name: str) -> None:
        screen = pilot.screen()
        state = (screen.name, pilot.app.overlay, getattr(screen, "unlocked", None))
        shown.setdefault(state, pilot.app.view)
        if languages is not None:
            languages.add(pilot.app.lang)
        checked(pilot, f"{size[0]}x{size[1]} {pilot.app.lang} {screen.name} ({name})",
                findings)

    play(folder, size=size, shots=False, look=look, players=6)


def replay(make_pilot, size, shown: dict, findings: list[str]) -> None:
    pilot = make_pilot(ReplayController(next(iter(shown.values()))), size=size)
    app = pilot.app
    for (name, overlay, unlocked), view in shown.items():
        app.overlay = ""
        app.show_view(view)
        if overlay:
            if unlocked is not None:
                app.screens.get_screen(overlay).unlocked = unlocked
            app.open_overlay(overlay)
        pilot.until(lambda name=name: pilot.showing(name))
        pilot.settle()
        checked(pilot, f"{size[0]}x{size[1]} {name}", findings)
    pilot.close()


def unshown(shown: dict) -> str:
    """A sentence for every screen the demos never showed ("" when they showed all)."""
    providers = every_screen()
    missing = sorted(set(providers) - {name for name, _overlay, _unlocked in shown})
    return "; ".join(
        f"the screen {name!r} ({providers[name]}) never shows in its game's demo, so its "
        "layout is not checked: show it there (kiosk/ui/games/<game>/demo.py)"
        for name in missing)


def test_every_screen_fits_every_window(make_pilot, tmp_path):
    started, cpu = time.monotonic(), time.process_time()
    findings: list[str] = []
    shown: dict = {}
    play_demos(tmp_path, SIZES[0], findings, shown)
    print(f"\ndemos at {SIZES[0]}: {time.monotonic() - started:.1f} s, "
          f"cpu {time.process_time() - cpu:.1f} s")
    assert not unshown(shown), unshown(shown)
    for size in SIZES[1:]:
        if LONG:
            play_demos(tmp_path, size, findings, {})
        else:
            replay(make_pilot, size, shown, findings)
    print(f"every screen at {len(SIZES)} sizes ({len(shown)} states): "
          f"{time.monotonic() - started:.1f} s, cpu {time.process_time() - cpu:.1f} s")
    assert not findings, "\n".join(findings)


def test_every_screen_fits_800x480_in_french(tmp_path):
    """Every demo played with the table in French at the smallest window: words are
    longer than in English; they must still fit without shrinking below the minimum."""
    from kiosk import i18n

    started = time.monotonic()
    i18n.set_default("fr")  # every sitting's new table starts in French
    findings: list[str] = []
    shown: dict = {}
    languages: set[str] = set()
    play_demos(tmp_path, SIZES[0], findings, shown, languages)
    print(f"\nFrench demos at {SIZES[0]}: {time.monotonic() - started:.1f} s")
    assert languages == {"fr"}
    assert not unshown(shown), unshown(shown)
    assert not findings, "\n".join(findings)
