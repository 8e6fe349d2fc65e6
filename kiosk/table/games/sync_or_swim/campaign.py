"""Which routines a team may choose: the campaign's locks, as staff set them.

The house rule (``docs/house-rules.md``, "Walk-in play"): a fresh table opens the first
:data:`OPEN_FROM_START` routines and random routines to any team, so a group that walks
in can play at once without staff; each later routine opens when the one before it is
finished at this table. Staff may switch locking off (every routine open: the setting
``sync_or_swim.unlock_all``, kept under that name since before this file), choose how
many routines are open from the start, and whether random routines are.

A setting that is not what it should be (a hand-edited database, a number out of range)
is read as the nearest sensible value, never an error: the table must open.

>>> rules = CampaignRules(locking=True, open_from_start=2, random_open=False)
>>> [c.locked for c in campaign_choices(["R1", "R2", "R3", "R4", "R5"], {"R3"}, rules, {})]
[False, False, False, False, True]
>>> rules.randoms_open(campaign_done=True), CampaignRules(locking=False).randoms_open(False)
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kiosk.table.games.sync_or_swim.view import RoutineChoice

GAME_ID = "sync_or_swim"
UNLOCK_ALL = f"{GAME_ID}.unlock_all"              # True: locking off, every routine open
OLD_UNLOCK_ALL = "unlock_all"                     # its key before settings were per game
OPEN_FROM_START = f"{GAME_ID}.open_from_start"    # how many routines a fresh table opens
RANDOM_FROM_START = f"{GAME_ID}.random_from_start"  # random routines open for any team
DEFAULT_OPEN = 3


@dataclass(frozen=True)
class CampaignRules:
    """Staff's campaign settings as the table applies them."""

    locking: bool = True
    open_from_start: int = DEFAULT_OPEN
    random_open: bool = True          # random routines open from the start

    def randoms_open(self, campaign_done: bool) -> bool:
        return not self.locking or self.random_open or campaign_done


def read_rules(store: Any, campaign_length: int) -> CampaignRules:
    """The settings in ``store``; the unprefixed ``unlock_all`` of an older kiosk counts
    until staff set locking again."""
    unlock_all = store.setting(UNLOCK_ALL)
    if unlock_all is None:
        unlock_all = store.setting(OLD_UNLOCK_ALL, False)
    count = store.setting(OPEN_FROM_START, DEFAULT_OPEN)
    if isinstance(count, bool) or not isinstance(count, int | float):
        count = DEFAULT_OPEN
    count = max(1, min(int(count), max(1, campaign_length)))
    random_open = store.setting(RANDOM_FROM_START, True)
    return CampaignRules(not bool(unlock_all), count,
                         random_open if isinstance(random_open, bool) else True)


def write_rules(store: Any, args: Mapping[str, Any]) -> str | None:
    """Staff's ``campaign`` action: ``locking`` (bool), ``open_from_start`` (1 or more),
    ``random_from_start`` (bool), any of them. A sentence when an argument is wrong
    (then nothing is saved)."""
    checks = {"locking": bool, "open_from_start": int, "random_from_start": bool}
    for name, value in args.items():
        wanted = checks.get(name)
        if wanted is None:
            return f"The campaign has no setting {name!r}"
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            return f"The campaign's {name} must be {'on or off' if wanted is bool else 'a number'}"
    if args.get("open_from_start", 1) < 1:
        return "At least routine 1 is open from the start"
    if "locking" in args:
        store.set_setting(UNLOCK_ALL, not args["locking"])
    if "open_from_start" in args:
        store.set_setting(OPEN_FROM_START, args["open_from_start"])
    if "random_from_start" in args:
        store.set_setting(RANDOM_FROM_START, args["random_from_start"])
    return None


def campaign_choices(campaign: Sequence[Any], finished: frozenset[str] | set[str],
                     rules: CampaignRules, top: Mapping[str, int | None]
                     ) -> list[RoutineChoice]:
    """The campaign in order: the first ``open_from_start`` routines and every routine
    after a finished one are open (all of them with locking off). ``campaign`` holds
    routines (``id``, ``name``) or plain ids."""
    choices = []
    previous_done = True
    for number, routine in enumerate(campaign, start=1):
        routine_id = getattr(routine, "id", routine)
        name = getattr(routine, "name", routine_id)
        locked = rules.locking and not (number <= rules.open_from_start or previous_done
                                        or routine_id in finished)
        choices.append(RoutineChoice(routine_id, name, number, locked, top.get(routine_id)))
        previous_done = routine_id in finished
    return choices
