"""The app uses only what :class:`kiosk.table.api.Controller` declares, and both
controllers it runs on — the real ``TableController`` and the tests' ``FakeController``
— have every declared member, with the declared parameters. A member missing from
either fails here instead of as a feature that silently never runs: the fake once
lacked ``wakeup``, so the app never asked it for a pump at the next frame, a seat press
waited for the 30 Hz pump, and a UI test flaked."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from fake_controller import FakeController

from kiosk import registry
from kiosk.table.api import Controller, ControllerListener, StaffAction
from kiosk.table.controller import TableController
from kiosk.table.games import game_factory
from kiosk.table.games.sync_or_swim.view import SyncStaff

UI = Path(__file__).resolve().parents[2] / "kiosk" / "ui"


def declared() -> set[str]:
    """Every member the Protocol declares: its annotated attributes and its methods."""
    methods = {name for name, value in vars(Controller).items()
               if not name.startswith("_") and callable(value)}
    return set(Controller.__annotations__) | methods


def parameters(function) -> list[tuple[str, object, bool]]:
    """Name, kind and whether it has a default, for each parameter but ``self``."""
    found = inspect.signature(function).parameters.values()
    return [(p.name, p.kind, p.default is not p.empty) for p in found if p.name != "self"]


@pytest.fixture(params=["TableController", "FakeController"])
def controller(request):
    made = TableController() if request.param == "TableController" else FakeController()
    yield made
    made.close()


def test_the_protocol_declares_attributes_and_methods():
    names = declared()
    assert {"view", "wakeup"} <= names  # annotations count, not only methods
    assert {"pump", "staff", "select_game", "act"} <= names
    # one game's commands go through ``act``: a new game never changes the contract
    assert not names & {"swim", "try_again", "judge_by_hand", "override", "random_routine"}


def test_a_controller_has_every_member_the_protocol_declares(controller):
    missing = sorted(name for name in declared() if not hasattr(controller, name))
    assert not missing, f"{type(controller).__name__} lacks {missing}"
    assert controller.wakeup is None  # nobody has asked for pumps yet


def test_a_controllers_methods_take_the_declared_parameters(controller):
    for name in sorted(declared() - set(Controller.__annotations__)):
        method = getattr(type(controller), name)
        assert callable(method), f"{type(controller).__name__}.{name} is not a method"
        assert parameters(method) == parameters(getattr(Controller, name)), (
            f"{type(controller).__name__}.{name}{inspect.signature(method)} differs from "
            f"the contract's {name}{inspect.signature(getattr(Controller, name))}")


class Problems(ControllerListener):
    def __init__(self) -> None:
        self.said: list[str] = []

    def on_problem(self, message: str) -> None:
        self.said.append(message)


def test_a_controller_knows_every_staff_action_and_refuses_others(controller):
    heard = Problems()
    controller.set_listener(heard)
    assert set(controller.view.staff_actions) == {*StaffAction, *SyncStaff}
    for action in controller.view.staff_actions:
        controller.staff(action)
        assert not any("does not exist" in said for said in heard.said), (action, heard.said)
    controller.staff("fireworks")
    assert "does not exist" in heard.said[-1]


def test_the_app_uses_only_what_the_contract_declares():
    used: set[str] = set()
    probes = []
    for path in sorted(UI.rglob("*.py")) + sorted(UI.rglob("*.kv")):
        text = path.read_text()
        used |= set(re.findall(r"controller\.(\w+)", text))
        probes += [f"{path.name}: {line.strip()}" for line in text.splitlines()
                   if re.search(r"(hasattr|getattr)\([^)]*controller", line)]
    assert {"pump", "wakeup", "staff"} <= used  # the scan sees the app's calls
    assert used <= declared(), f"the app uses undeclared {sorted(used - declared())}"
    assert not probes, f"the app probes the controller instead of trusting the contract: {probes}"


def test_a_controller_refuses_a_command_the_game_does_not_know(controller):
    heard = Problems()
    controller.set_listener(heard)
    assert controller.act("fireworks") is None
    assert heard.said[-1] == "Sync or Swim has no 'fireworks'"


def game_ui_files(info: registry.GameInfo) -> list[Path]:
    folder = Path(registry.load(info.ui).__file__).parent
    return sorted(folder.rglob("*.py")) + sorted(folder.rglob("*.kv"))


@pytest.mark.parametrize("info", registry.GAMES, ids=lambda info: info.id)
def test_a_games_screens_send_only_commands_its_table_logic_takes(info):
    """``controller.act("...")`` in a game's UI package names a command of that game's
    table logic, and every staff action its buttons send is one the game knows."""
    game = game_factory(info.id)
    sent: set[str] = set()
    for path in game_ui_files(info):
        sent |= set(re.findall(r"controller\.act\(\s*\"(\w+)\"", path.read_text()))
    assert sent, f"the scan finds no commands in {info.ui}"
    assert sent <= {*game.commands, "wake", "abandon"}, sorted(sent - set(game.commands))
    ui = registry.load(info.ui).SCREENS
    actions = {b.action for b in ui.staff_buttons if b.action}
    assert actions <= set(game.staff_actions)
    assert set(ui.phases.values()) | {ui.tick} - {None} <= set(ui.screens)
    assert set(ui.overlays) <= set(ui.screens)


def test_the_fakes_tag_tools_take_their_first_steps_like_the_real_ones():
    fake = FakeController()
    heard = Problems()
    fake.set_listener(heard)
    fake.staff(SyncStaff.ENROLL_START)
    first, second = fake.view.payload.enroll.cards[:2]
    assert (fake.view.payload.enroll.card, fake.view.payload.enroll.message) == (
        first, f"Lay {first} on seat 1 lane 1")
    fake.staff(SyncStaff.ENROLL_SKIP)
    enroll = fake.view.payload.enroll
    assert enroll.card == second and enroll.last == f"Skipped {first}"
    fake.staff(SyncStaff.ENROLL_STOP)
    assert fake.view.payload.enroll is None

    fake.staff(SyncStaff.DECK_CHECK_START)
    assert heard.said[-1] == "The deck check works while a routine is being set up"
    fake.wake()
    fake.act("choose", players=3, routine_id="R01")
    fake.staff(SyncStaff.DECK_CHECK_START, seat=1, lane=1)
    check = fake.view.payload.deck_check
    assert check.expected == len(fake.view.payload.deck) == len(check.missing) and check.seen == 0
    fake.staff(SyncStaff.DECK_CHECK_STOP)
    assert fake.view.payload.deck_check is None
