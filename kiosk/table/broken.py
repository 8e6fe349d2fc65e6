"""A stand-in controller for a kiosk whose configuration cannot be used.

Rather than start half-broken (a pin used twice, a deck that does not parse), the app
opens on one clear screen listing every problem as ``file:line: message`` — the same
list ``kiosk check`` prints — and does nothing else until the files are fixed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kiosk.table.api import BROKEN, ControllerListener, TableView


class BrokenController:
    def __init__(self, problems: Iterable[str]) -> None:
        problems = tuple(problems)
        self.view = TableView(
            phase=BROKEN, problems=problems,
            message=f"The kiosk's settings have {len(problems)} problem"
                    f"{'s' if len(problems) != 1 else ''}: staff, run `kiosk check` "
                    "and fix the files listed.")
        self.listener = ControllerListener()

    def set_listener(self, listener: ControllerListener) -> None:
        self.listener = listener
        listener.on_view(self.view)

    def pump(self) -> None:
        """Nothing changes until the files are fixed and the kiosk restarted."""

    def close(self) -> None:
        """Nothing is open."""

    def act(self, command: str, **args: Any) -> Any:
        self.listener.on_problem("Nothing can start until the settings are fixed.")
        return None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)

        def refuse(*_args: Any, **_kwargs: Any) -> None:
            self.listener.on_problem("Nothing can start until the settings are fixed.")
        return refuse
