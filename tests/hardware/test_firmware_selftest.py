"""``kiosk firmware selftest`` against the simulated board over a real pty."""

from __future__ import annotations

import os
import select
import threading
import tty

import pytest

from kiosk import firmware_tool
from kiosk.firmware_selftest import EXIT_FAILED, EXIT_NO_BOARD, EXIT_OK, Selftest, Step
from kiosk.hardware import wire
from kiosk.hardware.sim_board import SimBoard


def card(lane: int, index: int) -> bytes:
    return bytes((0x04, 0x52, lane, index, 0x4B, 0x6D, 0x80))  # an NTAG213-like UID


class Builder:
    """Does what each step asks, on the simulated board."""

    def __init__(self, board: SimBoard) -> None:
        self.board = board
        self.steps: list[str] = []

    def __call__(self, step: Step) -> None:
        self.steps.append(step.name)
        for lane, uids in enumerate(self.board.tags):
            for uid in sorted(uids):
                self.board.lift(lane, uid)
        for lane, count in enumerate(step.want):
            for index in range(count):
                self.board.put(lane, card(lane, index))
        if step.reboot:
            self.board.replug()


def run(board: SimBoard, path: str) -> tuple[int, str, Builder]:
    lines: list[str] = []
    builder = Builder(board)
    code = Selftest(path, builder, say=lines.append, wait=1.0).run()
    return code, "\n".join(lines), builder


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "board")


def test_a_good_board_passes_every_step(path):
    with SimBoard(path, antennas=2, heartbeat_s=0.05, transfer_tenths=123) as board:
        code, out, builder = run(board, path)
    assert code == EXIT_OK, out
    assert builder.steps == [
        "lane 1: 1 card", "lane 1: 2 cards", "lane 1: 3 cards",
        "lane 2: 1 card", "lane 2: 2 cards", "lane 2: 3 cards", "reboot with cards",
    ]
    assert "SPI transfer 12.3 us" in out and "--txn-us 12.3" in out
    assert "0x92 0x92" in out and "CollPos nxp" in out
    assert "FAIL" not in out and "all steps passed" in out


def test_readers_counting_the_other_way_fail_and_the_fix_is_named(path):
    with SimBoard(path, antennas=1, heartbeat_s=0.05, chip_collpos=wire.COLLPOS_FIRST_BIT) as b:
        code, out, _ = run(b, path)
        assert b.collpos == wire.COLLPOS_NXP  # the reboot brought back the flashed one
    assert code == EXIT_FAILED, out
    rows = {line.split("  ")[0]: line for line in out.splitlines() if line.startswith("lane 1")}
    assert "PASS" in rows["lane 1: 1 card"]
    assert "FAIL" in rows["lane 1: 2 cards"] and "FAIL" in rows["lane 1: 3 cards"]
    assert "incomplete" in rows["lane 1: 3 cards"]
    assert "passes with CollPos first-bit: set COLLPOS = 1 in firmware/board_config.py" in out


def test_a_card_the_readers_miss_fails_its_step_with_wiring_advice(path):
    with SimBoard(path, antennas=2, heartbeat_s=0.05) as board:
        board.miss(card(1, 0))
        code, out, _ = run(board, path)
    assert code == EXIT_FAILED, out
    failed = [line.split("  ")[0] for line in out.splitlines() if "  FAIL  " in line]
    assert failed == ["lane 2: 1 card", "lane 2: 2 cards", "lane 2: 3 cards", "reboot with cards"]
    assert "lane 2: check reader 2's wiring" in out
    assert "lane 2: 1 of 2 cards: switch the CollPos convention" in out


def test_cards_read_on_a_neighbouring_lane_ask_for_wider_spacing(path):
    with SimBoard(path, antennas=2, heartbeat_s=0.05) as board:
        board.ghost(1, card(0, 0))  # lane 1 also hears lane 0's first card
        code, out, _ = run(board, path)
    assert code == EXIT_FAILED, out
    assert "lane 2 reads lane 1's cards: widen the antenna spacing" in out


def test_no_board_at_the_port_exits_2_with_a_message(tmp_path, capsys):
    code = firmware_tool.main(["selftest", "--port", str(tmp_path / "gone"), "--yes"])
    out = capsys.readouterr()
    assert code == EXIT_NO_BOARD
    assert "does not exist: is the board plugged in?" in out.out
    assert "Traceback" not in out.out + out.err


def test_an_unplugged_board_exits_2(path, capsys):
    with SimBoard(path, antennas=1, plugged=False):
        code = firmware_tool.main(["selftest", "--port", path, "--yes", "--wait", "0.5"])
    assert code == EXIT_NO_BOARD
    assert "is the board plugged in?" in capsys.readouterr().out


def test_a_silent_board_exits_2(path):
    with SimBoard(path, antennas=1, heartbeat_s=None) as board:
        board.go_silent()
        lines: list[str] = []
        code = Selftest(path, Builder(board), say=lines.append, wait=0.3).run()
    assert code == EXIT_NO_BOARD
    assert lines == [f"kiosk firmware selftest: no reader board answered on {path} within 0.3 s"]


def test_a_board_with_other_firmware_exits_2(path):
    with SimBoard(path, antennas=1, heartbeat_s=None, protocol_version=1) as board:
        lines: list[str] = []
        code = Selftest(path, Builder(board), say=lines.append, wait=0.5).run()
    assert code == EXIT_NO_BOARD
    assert "speaks another protocol version" in lines[0]


def test_a_port_that_answers_garbage_exits_2(tmp_path):
    master, slave = os.openpty()
    tty.setraw(slave)
    link = tmp_path / "noise"
    os.symlink(os.ttyname(slave), link)
    stop_r, stop_w = os.pipe()

    def answer_with_noise() -> None:  # a REPL, a modem: anything but our frames
        while True:
            ready, _, _ = select.select([master, stop_r], [], [])
            if stop_r in ready:
                return
            os.read(master, 4096)
            os.write(master, b"\r\nMicroPython v1.22 >>> Traceback? \xff\xfe" * 4)

    thread = threading.Thread(target=answer_with_noise, daemon=True)
    thread.start()
    lines: list[str] = []
    try:
        code = Selftest(str(link), lambda step: None, say=lines.append, wait=0.5).run()
    finally:
        os.write(stop_w, b"x")
        thread.join(timeout=2)
        for fd in (master, slave, stop_r, stop_w):
            os.close(fd)
    assert code == EXIT_NO_BOARD
    assert "that are not the reader-board protocol" in lines[0], lines
