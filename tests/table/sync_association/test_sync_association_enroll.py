"""`kiosk enroll --tokens` binds synchroniser token tags like cards (the same tag map and
store), with the game's command line added by its registry line; without
``--tokens`` the enroll command stays Sync or Swim's card enrollment."""

from __future__ import annotations

import io

from kiosk import cli, registry
from kiosk.store import SQLiteStore

CLI = "kiosk.table.games.sync_association.cli:add_commands"


def with_sync_cli(monkeypatch) -> None:
    """The registry's line adds the command line (nothing to patch any more)."""
    assert registry.game("sync_association").cli == CLI


def test_enroll_tokens_binds_them_in_order(tmp_path, monkeypatch, capsys):
    with_sync_cli(monkeypatch)
    database = tmp_path / "k.sqlite3"
    monkeypatch.setattr("sys.stdin", io.StringIO("new\nnew\nq\n"))
    code = cli.run(["enroll", "--tokens", "--simulate", "--database", str(database)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "Enrolling 1 set of synchroniser tokens 1-10 on seat 1 lane 1" in out
    assert "  ok: sync-token-1 is tagged" in out and "  ok: sync-token-2 is tagged" in out
    with SQLiteStore(database) as store:
        tokens = {r.uid.hex(): r.card for r in store.tags.all() if r.card.startswith("sync")}
    assert sorted(tokens.values()) == ["sync-token-1", "sync-token-2"]


def test_enroll_without_tokens_is_still_the_cards(monkeypatch, capsys):
    with_sync_cli(monkeypatch)
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert cli.run(["enroll", "--simulate"]) == 0
    assert "[0/80] Lay blue-1-LH on seat 1 lane 1" in capsys.readouterr().out


def test_enroll_tokens_sets_are_checked(monkeypatch, capsys):
    with_sync_cli(monkeypatch)
    assert cli.run(["enroll", "--tokens", "--sets", "9", "--simulate"]) == 2
    assert "--sets is 1 to 6" in capsys.readouterr().err
