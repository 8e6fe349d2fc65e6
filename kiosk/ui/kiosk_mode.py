"""Kiosk mode: on the real table, guests cannot leave, pause or reconfigure the app.
Staff stop the kiosk from its service (``systemctl stop kiosk``) or by SSH; the
simulated table (a developer's laptop) is left closable.

Every way out Kivy 2.3 offers a person with a keyboard, and what closes it:

==========================================  ==========================================
Kivy's way out                              closed by
==========================================  ==========================================
F1: Kivy's settings panel, whose "Kivy"     ``KioskApp.open_settings`` refuses, on
page edits Kivy's config and writes it      every table (``kiosk.ui.app``)
Escape (Cmd+Q/W on macOS): exit             ``exit_on_escape = 0`` and
                                            ``on_request_close`` refused
the window's close button; Alt+F4 under     ``on_request_close`` refused
a window manager (SDL's quit event)
modules from ``[modules]`` or               ``[modules]`` emptied before the window
``KCFG_MODULES_*``: Ctrl+E inspector,       exists (:func:`lock_config`), and any
console and joycursor; F11 rotate,          module already running stopped
Shift+F11 swap, F12 screenshot to a file    (:func:`lock_window`)
(keybinding); F6/F7/F8 record and replay
input (recorder); screen (fakes another
display), monitor, webdebugger (an HTTP
server), showborder, touchring, cursor
Kivy's command line (``-m inspector``,      never parsed: ``KIVY_NO_ARGS=1``
``-c section:key:value``, ``-s`` saves)     (:func:`kiosk.ui.headless.prepare`)
a ``config.ini`` in ``$KIVY_HOME`` or       never read: the app loads the shipped
``~/.kivy`` (and the modules it names)      file itself (:func:`load_shipped_config`)
==========================================  ==========================================

What lies outside Kivy (the text console under the app, Ctrl+Alt+F1-F12, Ctrl+Alt+Del,
Alt+SysRq) is the system's to close: ``hardware/systemd/README.md``, "Keyboards".

Refusing every close request has one side effect this module also repairs: SDL turns
SIGTERM into the same quit event as a close button, so ``systemctl stop kiosk`` was
refused too and ended in a SIGKILL 10 s later (:func:`honour_sigterm`).

None of this imports Kivy at module level: :func:`load_shipped_config` and
:func:`lock_config` run while Kivy is being prepared, before its window exists.
"""

from __future__ import annotations

import configparser
import logging
import os
import signal
from collections.abc import Mapping
from pathlib import Path

from kiosk.check_table import parse_kivy_config
from kiosk.paths import REPO_KIVY_CONFIG, kivy_config_choice

log = logging.getLogger(__name__)

SHIPPED_CONFIG = REPO_KIVY_CONFIG
"""Kivy's settings for the real table as shipped: one input provider, full screen, no
cursor. An installed table reads its own copy (``KIOSK_KIVY_CONFIG`` in
``/etc/kiosk/kiosk.env``, :func:`kiosk.paths.kivy_config_choice`)."""

WHOLE_SECTIONS = ("input", "modules")
"""Sections the shipped file replaces rather than amends: Kivy's defaults put a mouse
provider next to ``probesysfs`` in ``[input]``, which counts every tap twice."""


def load_shipped_config(config, path: Path | None = None,
                        environ: Mapping[str, str] = os.environ) -> None:
    """Put the shipped file's settings into Kivy's ``Config``; call it right after
    Kivy is imported with ``KIVY_NO_CONFIG=1``, before the window is made.

    Why not ``KIVY_HOME`` and Kivy's own reading: Kivy then makes ``mods/`` and
    ``icon/`` in that folder (failing on a read-only root), and rewrites
    ``config.ini`` whenever its ``config_version`` is not the installed Kivy's,
    adding ``mouse = mouse`` to ``[input]`` on the way. Loaded here, the file is only
    ever read: ``Config.filename`` stays None, so no ``Config.write()`` can reach it.
    As with Kivy's own loading, a ``KCFG_SECTION_NAME`` variable still wins.
    """
    shipped = read_table_config(kivy_config_choice().path if path is None else path)
    for section in shipped.sections():
        if not config.has_section(section):
            config.add_section(section)
        if section in WHOLE_SECTIONS:
            for name in config.options(section):
                if not _from_environ(section, name, environ):
                    config.remove_option(section, name)
        for name, value in shipped.items(section):
            if not _from_environ(section, name, environ):
                config.set(section, name, value)
    config.filename = None


def read_table_config(path: Path) -> configparser.RawConfigParser:
    """The file at ``path``; if it cannot be read or parsed, the one shipped in the
    release, with the reason in the log (a café's typo must not keep the table dark)."""
    try:
        return parse_kivy_config(path)
    except (OSError, UnicodeDecodeError, configparser.Error) as error:
        if Path(path) == SHIPPED_CONFIG:
            raise
        log.error("Kivy settings %s cannot be used (%s); using the shipped %s",
                  path, " ".join(str(error).split()), SHIPPED_CONFIG)
        return parse_kivy_config(SHIPPED_CONFIG)


def _from_environ(section: str, name: str, environ: Mapping[str, str]) -> bool:
    return f"KCFG_{section.upper()}_{name.upper()}" in environ


def lock_config(config) -> None:
    """No exit on Escape, no Kivy module, and nothing Kivy could write the config to.
    Before the window exists, so no module ever starts."""
    config.set("kivy", "exit_on_escape", "0")
    for name in config.options("modules"):
        config.remove_option("modules", name)
    config.filename = None


def refuse_close(*_args, **_kwargs) -> bool:
    """``on_request_close`` handler: returning True tells Kivy not to close."""
    return True


def lock_window(window) -> None:
    """Refuse every close request, and stop any Kivy module running on the window."""
    from kivy.config import Config
    from kivy.modules import Modules

    window.bind(on_request_close=refuse_close)
    lock_config(Config)
    for name in list(Modules.mods):
        try:
            Modules.deactivate_module(name, window)
        except Exception:  # Kivy 2.3.1's monitor cannot stop: it removes a Label
            # from the canvas as if it were an instruction. Never fatal to the lock.
            log.warning("Kivy module %s did not stop cleanly", name, exc_info=True)


def unlock_window(window) -> None:
    window.unbind(on_request_close=refuse_close)


def honour_sigterm() -> None:
    """Let SIGTERM end the app through Kivy's own way out of its main loop, so the
    app's ``on_stop`` and the controller's ``close()`` run. SDL would otherwise turn
    the signal into a close request, which :func:`refuse_close` refuses.

    The handler only sets a flag the main loop reads between frames: a signal
    handler runs in the middle of whatever the main thread is doing."""
    from kivy.base import EventLoop

    def stop(_signum, _frame) -> None:
        EventLoop.quit = True

    signal.signal(signal.SIGTERM, stop)
