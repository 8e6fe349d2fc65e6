"""The real table's Kivy settings are the shipped ``hardware/pi/kivy-config.ini``, and
nothing the app does writes over it. Kivy reads its config once per process, at
import, so each case starts a fresh interpreter the way ``kiosk run`` starts: in a
home holding a hostile ``~/.kivy/config.ini`` and ``$KIVY_HOME/config.ini`` (a mouse
provider that doubles every tap, Kivy's inspector and screenshot keys, Escape exits),
plus a ``KCFG_MODULES_INSPECTOR`` variable."""

from __future__ import annotations

import configparser
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from kiosk.ui.kiosk_mode import SHIPPED_CONFIG

ROOT = Path(__file__).resolve().parents[2]

HOSTILE = """\
[kivy]
config_version = 27
exit_on_escape = 1
log_enable = 1
[graphics]
fullscreen = 0
show_cursor = 1
[input]
mouse = mouse
%(name)s = probesysfs
[modules]
inspector =
keybinding =
"""

# Kivy prepared by the function kiosk.ui.run.main uses, then asked what it holds.
PROBE = """\
import json, sys
from kiosk.ui.run import parse_args, prepare_kivy
prepare_kivy(parse_args(["--headless", *sys.argv[1:]]))
from kivy.base import EventLoop
from kivy.config import Config
EventLoop.ensure_window()
from kivy.core.window import Window, WindowBase
from kivy.modules import Modules
print(json.dumps({
    "config": {s: dict(Config.items(s, raw=True)) for s in Config.sections()},
    "filename": Config.filename,
    "escape_exits": WindowBase.on_keyboard.exit_on_escape,
    "fullscreen": Window.fullscreen,
    "borderless": Window.borderless,
    "show_cursor": Window.show_cursor,
    "modules": sorted(n for n, m in Modules.mods.items() if m.get("activated")),
}))
"""


def shipped() -> configparser.RawConfigParser:
    config = configparser.RawConfigParser()
    config.read(SHIPPED_CONFIG, encoding="utf-8")
    return config


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def kivy_files(folder: Path) -> dict[str, str]:
    """Every file and folder in the hostile home and KIVY_HOME, with its contents."""
    return {str(p.relative_to(folder)): digest(p) if p.is_file() else "dir"
            for top in ("home", "kivy-home") for p in sorted((folder / top).rglob("*"))}


@pytest.fixture
def hostile_home(tmp_path):
    """(environment, folder): a kiosk user whose Kivy folders say the wrong things."""
    home = tmp_path / "home"
    for folder in (home / ".kivy", tmp_path / "kivy-home"):
        folder.mkdir(parents=True)
        (folder / "config.ini").write_text(HOSTILE, encoding="utf-8")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("KIVY_", "KCFG_", "SDL_"))}  # as the systemd unit has it
    env.update(HOME=str(home), KIVY_HOME=str(tmp_path / "kivy-home"),
               KCFG_MODULES_INSPECTOR="", KIOSK_DB=str(tmp_path / "k.sqlite3"),
               KIOSK_SOUND="0")
    return env, tmp_path


def test_kivy_runs_on_the_shipped_config_and_nothing_else(hostile_home):
    env, folder = hostile_home
    before, shipped_digest = kivy_files(folder), digest(SHIPPED_CONFIG)
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    config = got["config"]
    for section in shipped().sections():
        for name, value in shipped().items(section):
            assert config[section][name] == value, f"[{section}] {name}"
    assert config["input"] == dict(shipped().items("input"))  # one provider, no mouse
    assert config["modules"] == {} and got["modules"] == []
    assert config["kivy"]["exit_on_escape"] == "0" and got["escape_exits"] is False
    assert (got["fullscreen"], got["borderless"], got["show_cursor"]) == ("auto", True, False)
    assert got["filename"] is None  # Config.write() has nowhere to write
    assert kivy_files(folder) == before  # nothing rewritten, nothing made
    assert digest(SHIPPED_CONFIG) == shipped_digest


def test_the_simulated_table_keeps_kivys_defaults(hostile_home):
    env, _folder = hostile_home
    out = subprocess.run([sys.executable, "-c", PROBE, "--simulate"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    config = json.loads(out.stdout.strip().splitlines()[-1])["config"]
    assert config["graphics"]["fullscreen"] == "0"  # a window on a developer's screen
    assert config["input"]["mouse"] == "mouse,disable_multitouch"


def test_the_locked_kiosk_stops_on_sigterm_and_writes_no_kivy_file(hostile_home):
    """``systemctl stop kiosk`` sends SIGTERM. SDL turns it into a close request, which
    the kiosk refuses: without its own SIGTERM handler the app ran on until systemd's
    SIGKILL."""
    env, folder = hostile_home
    before, shipped_digest = kivy_files(folder), digest(SHIPPED_CONFIG)
    notify = folder / "notify"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd:
        systemd.bind(str(notify))
        systemd.settimeout(120)
        app = subprocess.Popen([sys.executable, "-m", "kiosk", "run", "--headless"],
                               cwd=ROOT, env={**env, "NOTIFY_SOCKET": str(notify)},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        guard = threading.Timer(180, app.kill)  # a hung app fails the test, never CI
        guard.start()
        try:
            assert systemd.recv(64) == b"READY=1"  # its first frame is drawn
            app.send_signal(signal.SIGTERM)
            try:
                _out, err = app.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                app.kill()
                app.communicate()
                pytest.fail("SIGTERM was refused: the kiosk is still running 30 s later")
        finally:
            guard.cancel()
    assert app.returncode == 0, err[-3000:]
    assert "Traceback" not in err
    assert digest(SHIPPED_CONFIG) == shipped_digest
    assert kivy_files(folder) == before


def probe(env: dict) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])["config"]


def test_an_installed_table_runs_on_the_file_its_settings_file_names(hostile_home):
    """scripts/install-pi puts the table's copy in /etc/kiosk and names it in
    /etc/kiosk/kiosk.env (KIOSK_KIVY_CONFIG): that file, and only it, is what Kivy uses."""
    env, folder = hostile_home
    installed = folder / "etc-kiosk-kivy-config.ini"
    installed.write_text(SHIPPED_CONFIG.read_text().replace(
        "%(name)s = probesysfs,provider=hidinput", "%(name)s = probesysfs,provider=mtdev"))
    settings = folder / "kiosk.env"
    settings.write_text(f"KIOSK_KIVY_CONFIG={installed}\n")
    config = probe({**env, "KIOSK_ENV_FILE": str(settings)})
    assert config["input"] == {"%(name)s": "probesysfs,provider=mtdev"}
    assert config["graphics"]["show_cursor"] == "0" and config["modules"] == {}


def test_an_unreadable_table_file_falls_back_to_the_shipped_one(hostile_home):
    env, folder = hostile_home
    broken = folder / "broken.ini"
    broken.write_text("[input\nmouse = mouse\n")
    config = probe({**env, "KIOSK_KIVY_CONFIG": str(broken)})
    assert config["input"] == dict(shipped().items("input"))
