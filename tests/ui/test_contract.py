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

from kiosk.table.api import Controller, ControllerListener, StaffAction
from kiosk.table.controller import TableController

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
    assert {"pump", "staff", "select_game", "random_routine"} <= names


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
    for action in StaffAction:
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


def test_the_fakes_tag_tools_take_their_first_steps_like_the_real_ones():
    fake = FakeController()
    heard = Problems()
    fake.set_listener(heard)
    fake.staff(StaffAction.ENROLL_START)
    first, second = fake.view.enroll.cards[:2]
    assert (fake.view.enroll.card, fake.view.enroll.message) == (
        first, f"Lay {first} on seat 1 lane 1")
    fake.staff(StaffAction.ENROLL_SKIP)
    assert fake.view.enroll.card == second and fake.view.enroll.last == f"Skipped {first}"
    fake.staff(StaffAction.ENROLL_STOP)
    assert fake.view.enroll is None

    fake.staff(StaffAction.DECK_CHECK_START)
    assert heard.said[-1] == "The deck check works while a routine is being set up"
    fake.wake()
    fake.choose(3, "R01")
    fake.staff(StaffAction.DECK_CHECK_START, seat=1, lane=1)
    check = fake.view.deck_check
    assert check.expected == len(fake.view.deck) == len(check.missing) and check.seen == 0
    fake.staff(StaffAction.DECK_CHECK_STOP)
    assert fake.view.deck_check is None
