"""``kiosk firmware``: files and flash, against a fake runner (no board here)."""

from pathlib import Path

from kiosk import firmware_tool

ROOT = Path(__file__).resolve().parents[2]


class FakeRunner(firmware_tool.Runner):
    def __init__(self, mpremote="/usr/bin/mpremote", fail_at=None, comes_back=True):
        self.mpremote = mpremote
        self.fail_at = fail_at
        self.comes_back = comes_back
        self.log: list = []

    def which(self, name):
        return self.mpremote if name == "mpremote" else None

    def run(self, argv):
        self.log.append(("run", list(argv)))
        runs = sum(1 for entry in self.log if entry[0] == "run")
        return 1 if runs == self.fail_at else 0

    def send(self, port, data):
        self.log.append(("send", port, data))

    def wait_for(self, port, seconds):
        self.log.append(("wait", port))
        return self.comes_back


def flash(runner, port=None, board_id="seat-3", tmp_path=None):
    port = port or str(tmp_path / "ttyACM0")
    if tmp_path is not None:
        Path(port).touch()
    lines = []
    code = firmware_tool.flash(port, board_id, runner, lines.append)
    return code, lines, port


def test_files_are_every_firmware_module_plus_the_kiosk_codec_and_main_last():
    pairs = firmware_tool.files()
    remote = [name for _, name in pairs]
    assert remote[-1] == "main.py"
    assert (ROOT / "kiosk" / "hardware" / "wire.py", "wire.py") in pairs
    assert ({p.name for p in (ROOT / "firmware").glob("*.py")} | {"wire.py", "usb_name.py"}
            == set(remote))
    assert all(local.exists() for local, _ in pairs)


def test_flash_escapes_copies_sets_the_id_and_resets(tmp_path):
    runner = FakeRunner()
    code, lines, port = flash(runner, tmp_path=tmp_path)
    assert code == 0, lines
    assert runner.log[0] == ("send", port, b"\x00\r\x03")
    assert runner.log[1] == ("wait", port)
    copy, write_id, reset = (entry[1] for entry in runner.log[2:])
    assert copy[:3] == ["/usr/bin/mpremote", "connect", port]
    assert str(ROOT / "kiosk" / "hardware" / "wire.py") in copy
    assert copy[copy.index(str(ROOT / "kiosk" / "hardware" / "wire.py")) + 1] == ":wire.py"
    assert copy.count("cp") == len(firmware_tool.files()) and copy[-1] == ":main.py"
    assert "open('board_id.txt', 'w')" in write_id[-1] and "'seat-3'" in write_id[-1]
    assert reset[-1] == "reset"
    assert "kiosk diagnose" in lines[-1]


def test_flash_stops_at_the_first_failed_step(tmp_path):
    runner = FakeRunner(fail_at=1)
    code, lines, _ = flash(runner, tmp_path=tmp_path)
    assert code == 1
    assert sum(1 for entry in runner.log if entry[0] == "run") == 1
    assert "copying the firmware" in lines[-1]


def test_flash_without_mpremote_says_how_to_get_it(tmp_path):
    code, lines, _ = flash(FakeRunner(mpremote=None), tmp_path=tmp_path)
    assert code == 1 and "pip install mpremote" in lines[-1]


def test_flash_refuses_a_board_id_the_wire_cannot_carry(tmp_path):
    runner = FakeRunner()
    code, lines, _ = flash(runner, board_id="seat-3\n", tmp_path=tmp_path)
    assert code == 2 and runner.log == []
    code, _, _ = flash(runner, board_id="x" * 33, tmp_path=tmp_path)
    assert code == 2


def test_flash_reports_a_board_that_does_not_come_back(tmp_path):
    code, lines, _ = flash(FakeRunner(comes_back=False), tmp_path=tmp_path)
    assert code == 1 and "replug" in lines[-1]


def test_main_files_and_dry_run(capsys):
    assert firmware_tool.main(["files"]) == 0
    out = capsys.readouterr().out
    assert "->  :wire.py" in out and "->  :main.py" in out
    runner = FakeRunner()
    argv = ["flash", "--port", "/dev/ttyACM9", "--board-id", "seat-2", "--dry-run"]
    assert firmware_tool.main(argv, runner) == 0
    assert runner.log == []
    assert "mpremote connect /dev/ttyACM9 fs cp" in capsys.readouterr().out


def test_main_usage_errors_exit_2(capsys):
    assert firmware_tool.main(["flash", "--port", "/dev/x"]) == 2
    assert firmware_tool.main([]) == 2
