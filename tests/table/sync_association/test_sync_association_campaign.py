"""What outlives a controller: a group's campaign on a SQLite file (achievements, streak,
recent games; staff rename and delete), and a game cut off between the choosing and
the reveal, resumed in its round with the choices asked again."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from sync_rig import Rig, to_round_two_ready

from kiosk.store import SQLiteStore
from kiosk.table.games.sync_association.table import GAME_ID
from kiosk.table.games.sync_association.view import Phase, SeatStatus, SyncStaff

HERE = Path(__file__).resolve().parent


def win_on_the_keypad(rig: Rig) -> None:
    """Five won rounds, every seat on the keypad (a table without readers)."""
    while rig.phase != Phase.OVER:
        rig.act("start_choosing")
        for seat in rig.view.seats:
            rig.act("keypad_choose", seat=seat, number=1)
        rig.act("reveal")
        assert rig.phase in (Phase.WON, Phase.OVER), rig.heard.problems
        if rig.phase == Phase.WON:
            rig.act("next_round")


def test_a_groups_achievements_and_streak_outlive_the_controller(make_rig, tmp_path):
    path = tmp_path / "kiosk.sqlite3"
    with SQLiteStore(path) as store:
        rig = make_rig(seats=(1, 2), store=store, readers=False)
        rig.start(group="The  Night Owls", seats=(1, 2))
        win_on_the_keypad(rig)
        first = {a.id for a in rig.payload.achievements}
        assert {"win_automatic", "win_2_players", "flawless"} <= first
        rig.close()
    with SQLiteStore(path) as store:
        rig = make_rig(seats=(1, 2), store=store, readers=False)
        rig.controller.wake()
        listed, = rig.payload.groups
        assert listed.name == "The Night Owls" and listed.streak == 1 and listed.won == 1
        assert {a.id for a in listed.achievements} == first
        assert listed.recent == ("Won 5–0, 2 players, automatic",)
        rig.start(group="the night owls", seats=(1, 2))  # found, letter case aside
        assert rig.payload.group.name == "The Night Owls"
        win_on_the_keypad(rig)
        assert rig.payload.new_achievements == ()  # all held already
        group, = store.groups(GAME_ID)
        assert group.data["streak"] == 2 and group.data["games"] == 2
        assert [r.details["group"] for r in store.results(GAME_ID)] == ["The Night Owls"] * 2


def test_staff_rename_and_delete_a_group(make_rig):
    rig = make_rig(seats=(1, 2), readers=False)
    rig.controller.wake()
    rig.act("group", team="Owls")
    rig.act("abandon")  # back to the attract screen
    rig.controller.wake()
    rig.act("group", team="Foxes")
    assert [g.name for g in rig.payload.groups] == ["Foxes", "Owls"]
    rig.controller.staff(SyncStaff.RENAME_GROUP, old="Owls", new="Foxes")
    assert rig.heard.problems[-1] == "There is a group 'Foxes' already: choose another name"
    rig.controller.staff(SyncStaff.RENAME_GROUP, old="Owls", new="Barn Owls")
    rig.controller.staff(SyncStaff.DELETE_GROUP, team="Foxes")
    assert [g.name for g in rig.payload.groups] == ["Barn Owls"]
    assert rig.payload.group is None  # the group chosen was deleted
    rig.act("group", team="")
    assert rig.heard.problems[-1] == "Type a team name (1 to 24 letters)"


def cut_by_closing(make_rig, path) -> None:
    """The kiosk shut down between the choosing and the reveal (its close runs)."""
    with SQLiteStore(path) as store:
        rig = make_rig(store=store)
        to_round_two_ready(rig)
        rig.close()


def cut_by_killing(make_rig, path) -> None:
    """The same round in another process, killed with SIGKILL (the power goes: nothing
    closes, nothing more is written)."""
    child = subprocess.Popen([sys.executable, str(HERE / "kill_sync_child.py"), str(path)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = child.stdout.readline()
        assert line == b"READY\n", child.stderr.read().decode()[-3000:]
    finally:
        child.kill()
        child.wait(30)
        child.stdout.close()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL


@pytest.mark.parametrize("cut", [cut_by_closing, cut_by_killing])
def test_a_game_cut_between_choosing_and_reveal_resumes_with_choices_asked_again(
        make_rig, tmp_path, cut):
    path = tmp_path / "kiosk.sqlite3"
    cut(make_rig, path)
    with SQLiteStore(path) as store:
        rig = make_rig(store=store)  # a fresh table: its readers see nothing yet
        assert rig.phase == Phase.CHOOSING and rig.view.resumed
        assert rig.view.message.startswith("Welcome back: the power went out. Round 2")
        payload = rig.payload
        assert payload.round_number == 2 and len(payload.victories) == 1
        assert payload.group.name == "Owls" and payload.blocks[0].value == 4
        assert rig.seat(1).mood == "green"  # moods are open: they stay
        assert all(s.status == SeatStatus.WAITING for s in payload.seats)
        assert not payload.ready
        rig.choose({1: 2, 2: 2})  # the tokens still lying there are read again
        assert rig.status(1) == rig.status(2) == SeatStatus.TOKEN
        assert rig.status(3) == SeatStatus.WAITING  # the keypad seat is asked again
        rig.act("keypad_choose", seat=3, number=2)
        rig.touch_pads()
        rig.until(lambda: rig.phase == Phase.WON, "round 2 won after the restart")
        assert rig.payload.reveal.choices == ((1, 2), (2, 2), (3, 2))
        assert len(rig.payload.victories) == 2
        journal, = store.open_journals()
        assert journal.game == GAME_ID  # one journal: the game goes on in it
