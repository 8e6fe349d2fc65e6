"""The commands that use the database, when it cannot be used: one line that says what
to do, a documented exit code (3: unusable, 4: busy), never a traceback; and one data
location for the service and the shell (`kiosk paths`)."""

from __future__ import annotations

import contextlib
import io
import os
import sqlite3

import pytest
from faulty import Faulty
from other_user import IS_ROOT, as_nobody, outcome

from kiosk.cli import EXIT_BUSY, EXIT_DATABASE, run
from kiosk.staff import StaffLock
from kiosk.store import SQLiteStore
from kiosk.store import connection as connection_module


def typed_pin(monkeypatch, pin="2468"):
    monkeypatch.setattr("getpass.getpass", lambda prompt="": pin)


def a_tag_file(tmp_path):
    csv = tmp_path / "tags.csv"
    csv.write_text("uid,card\n04a1b2c3,blue-7-RH\n")
    return csv


def test_staff_pin_and_tags_from_a_shell_reach_the_services_database(tmp_path, monkeypatch,
                                                                     capsys):
    """The bug: the service used /var/lib/kiosk, a shell ~/.local/share. Both read the
    settings file now."""
    service_db = tmp_path / "var-lib-kiosk" / "kiosk.sqlite3"
    settings = tmp_path / "kiosk.env"
    settings.write_text(f"KIOSK_DB={service_db}\n")
    monkeypatch.setenv("KIOSK_ENV_FILE", str(settings))
    monkeypatch.delenv("KIOSK_DB")  # a staff shell: nothing set
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home-share"))
    typed_pin(monkeypatch)
    assert run(["staff-pin"]) == 0
    assert f"It is kept in {service_db}" in capsys.readouterr().out
    assert run(["tags", "import", str(a_tag_file(tmp_path))]) == 0
    assert run(["paths"]) == 0
    out = capsys.readouterr().out
    assert f"database:      {service_db} (KIOSK_DB in {settings}; " in out
    assert f"settings file: {settings} (read;" in out
    assert not (tmp_path / "home-share").exists()
    with SQLiteStore(service_db) as store:  # what `kiosk run` under systemd opens
        assert StaffLock(store).try_pin("2468").ok
        assert store.tags.lookup("04a1b2c3").card == "blue-7-RH"


def test_kiosk_paths_names_every_place(tmp_path, capsys):
    assert run(["paths", "--database", str(tmp_path / "k.sqlite3")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (f"database:      {tmp_path / 'k.sqlite3'} (--database; not created "
                        "yet: the kiosk creates it at its first start)")
    assert [line.split(":")[0] for line in lines] == [
        "database", "               each game's scores, progress and journals, the tag "
        "map and the staff PIN's hash", "config", "tag map", "logs", "settings file",
        "simulator"]
    assert "journalctl -u kiosk" in lines[4]


def test_a_busy_database_is_one_line_and_exit_4(tmp_path, monkeypatch, capsys):
    database = tmp_path / "k.sqlite3"
    SQLiteStore(database).close()
    blocker = sqlite3.connect(database, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # e.g. a backup or another kiosk command writing
    monkeypatch.setattr(connection_module, "BUSY_TIMEOUT_S", 0.05)
    typed_pin(monkeypatch)
    try:
        assert run(["staff-pin", "--database", str(database)]) == EXIT_BUSY == 4
        assert run(["tags", "import", str(a_tag_file(tmp_path)), "--database",
                    str(database)]) == EXIT_BUSY
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    err = capsys.readouterr().err.splitlines()
    assert err == [f"kiosk {command}: the database {database} is busy: another program "
                   "(the running kiosk, a backup) kept it locked; try again in a moment; "
                   "nothing more was changed" for command in ("staff-pin", "tags")]


def test_a_full_disk_in_the_middle_of_a_command_is_one_line_and_exit_3(tmp_path,
                                                                       monkeypatch, capsys):
    database = tmp_path / "k.sqlite3"
    SQLiteStore(database).close()
    real_connect = connection_module.connect

    def full_disk(path, busy_timeout=None):
        return Faulty(real_connect(path, busy_timeout), path, "full", fail_at=1)
    monkeypatch.setattr(connection_module, "connect", full_disk)
    typed_pin(monkeypatch)
    assert run(["staff-pin", "--database", str(database)]) == EXIT_DATABASE == 3
    (line,) = capsys.readouterr().err.splitlines()
    assert line == (f"kiosk staff-pin: the disk holding {database} is full: free space on "
                    f"it (`df -h {tmp_path}` shows how much), then try again; nothing "
                    "more was changed")
    monkeypatch.undo()
    with SQLiteStore(database) as store:
        assert not StaffLock(store).has_pin


def kiosk(*args):
    """``kiosk ARGS`` as this process's user: (exit code, what it printed to stderr)."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = run(list(args))
    return code, err.getvalue()


def test_a_database_owned_by_someone_else_is_one_line_naming_the_fix(shared_folder,
                                                                     monkeypatch, tmp_path):
    database = shared_folder / "kiosk.sqlite3"
    SQLiteStore(database).close()
    typed_pin(monkeypatch)
    commands = [("staff-pin",), ("tags", "export", "/dev/null"),
                ("tags", "import", str(a_tag_file(shared_folder)))]
    for command in commands:
        args = (*command, "--database", str(database))
        if IS_ROOT:  # root's file, root's folder: user nobody may not write either
            kind, (code, err) = as_nobody(kiosk, *args)
            fix = f"run `sudo chown nobody: {shared_folder}`"
        else:
            database.chmod(0o400)
            try:
                kind, (code, err) = outcome(kiosk, *args)
            finally:
                database.chmod(0o600)
            fix = f"run `chmod 600 {database}`"
        assert kind == "returned" and code == EXIT_DATABASE, (command, err)
        (line,) = err.splitlines()
        assert line.startswith(f"kiosk {command[0]}: the database {database}: ") and fix in line
    with SQLiteStore(database) as store:
        assert not StaffLock(store).has_pin and len(store.tags) == 0


@pytest.mark.skipif(not IS_ROOT, reason="needs root to make files for two other users")
def test_a_shell_user_is_told_to_run_the_command_as_the_kiosks_user(shared_folder,
                                                                   monkeypatch):
    """The kiosk's data is its user's (0700); staff typing `kiosk staff-pin` as
    themselves are told to run it as that user, or to hand the folder over."""
    import pwd

    daemon = pwd.getpwnam("daemon")  # stands in for the kiosk's user
    folder = shared_folder / "kiosk"
    SQLiteStore(folder / "kiosk.sqlite3").close()
    for path in (folder, *folder.iterdir()):
        os.chown(path, daemon.pw_uid, daemon.pw_gid)
    typed_pin(monkeypatch)
    kind, (code, err) = as_nobody(kiosk, "staff-pin", "--database",
                                  str(folder / "kiosk.sqlite3"))
    assert (kind, code) == ("returned", EXIT_DATABASE)
    assert err.strip().endswith(
        f"may not write in the folder {folder} (owned by daemon): run the command as "
        f"daemon (`sudo -u daemon kiosk …`), or run `sudo chown nobody: {folder}`")


def the_app_on(database):
    """What `kiosk run` (the real table, off a Pi) shows on a database it may not write."""
    from kiosk.compose import build_table

    controller, _, staff_lock = build_table(simulate=False, database=database)
    try:
        controller.wake()
        controller.pump()
        staff_lock.try_pin("1234")  # a write the lock makes: kept, never raised
        hardware = controller.view.hardware
        return controller.view.phase.value, hardware.saving, hardware.problems
    finally:
        controller.close()


def test_kiosk_run_on_a_database_it_may_not_write_opens_with_the_fix_on_screen(
        shared_folder, tmp_path):
    assert the_app_on(tmp_path / "warm.sqlite3")[:2] == ("choosing", True)  # imports
    database = shared_folder / "kiosk.sqlite3"  # made now, as the kiosk might be
    SQLiteStore(database).close()
    if IS_ROOT:
        kind, answer = as_nobody(the_app_on, database)
        fix = f"sudo chown nobody: {shared_folder}"
    else:
        database.chmod(0o400)
        try:
            kind, answer = outcome(the_app_on, database)
        finally:
            database.chmod(0o600)
        fix = f"chmod 600 {database}"
    assert kind == "returned", answer
    phase, saving, problems = answer
    assert phase == "choosing" and not saving
    (sentence,) = [p for p in problems if p.startswith("Scores cannot be saved")]
    assert fix in sentence and sentence.endswith("nothing is lost while the kiosk stays on")
    assert list(shared_folder.glob("*.corrupt-*")) == []
