import socket

from kiosk.ui.watchdog import Notifier


class Clock:
    now = 0.0

    def __call__(self):
        return self.now


def test_ready_then_rate_limited_watchdog_pings(tmp_path):
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd:
        systemd.bind(path)
        systemd.settimeout(2)
        clock = Clock()
        notifier = Notifier(path, clock, every=5.0)
        assert notifier.ready()
        assert systemd.recv(64) == b"READY=1"
        assert notifier.alive() and not notifier.alive()  # the second is too soon
        clock.now += 5.0
        assert notifier.alive()
        assert [systemd.recv(64), systemd.recv(64)] == [b"WATCHDOG=1", b"WATCHDOG=1"]


def test_without_systemd_nothing_happens(monkeypatch, tmp_path):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    notifier = Notifier()
    assert not notifier.enabled and not notifier.ready() and not notifier.alive()
    gone = Notifier(str(tmp_path / "nobody-listens"))
    assert not gone.ready()  # an absent socket is not an error for the kiosk


def test_kiosk_run_tells_systemd_it_is_ready(tmp_path):
    import os
    import subprocess
    import sys

    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd:
        systemd.bind(path)
        systemd.settimeout(60)
        env = {**os.environ, "NOTIFY_SOCKET": path, "KIOSK_DB": str(tmp_path / "k.sqlite3")}
        run = subprocess.run([sys.executable, "-m", "kiosk", "run", "--simulate", "--headless",
                              "--frames", "20"], env=env, capture_output=True, text=True,
                             timeout=120)
        assert run.returncode == 0, run.stderr[-2000:]
        assert systemd.recv(64) == b"READY=1"
