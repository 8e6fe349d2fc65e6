"""S.Y.N.C.'s part of the :class:`~kiosk.table.api.TableView`: its phases, commands, staff
actions and :class:`SyncAssociationView`, the payload its screens draw from
(``view.payload``). Plain strings and numbers: a screen needs no rules.

Secrets stay secret: until the reveal a seat's number is never in the payload (a seat
is only ``token`` or ``keypad``, "set"); after the reveal every counted seat's number
is in ``reveal`` and in its :class:`SeatView`.

>>> SyncAssociationView().round_number, Phase.CHOOSING == "choosing"
(0, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Phase(StrEnum):
    ATTRACT = "attract"            # nobody playing: the shared attract screen
    SETUP = "setup"                # the group (new or recent) and the game's options
    LAYING = "laying"              # manual mode: players lay key cards from their hands
    BLOCKING = "blocking"          # the first player may lay block tokens
    CHOOSING = "choosing"          # synchronisers set in secret, moods shown
    READING = "reading"            # the reveal began: every seat read once more
    WON = "won"                    # revealed, all the same: the table lays the next round
    LOST = "lost"                  # revealed, not all the same: a phantom to the loss pile
    DISCARDED = "discarded"        # ... done: the table lays the next round
    OVER = "over"                  # the game's end: summary and achievements
    BROKEN = "broken"


class SeatStatus(StrEnum):
    WAITING = "waiting"            # counted, nothing set yet
    TOKEN = "token"                # a token down on the seat's reader: set (secret)
    KEYPAD = "keypad"              # set on the covered keypad (secret)
    PROBLEM = "problem"            # the seat's reader shows something wrong: ``problem``
    BLOCKED = "blocked"            # the synchroniser is blocked this round: not asked
    REVEALED = "revealed"          # after the reveal: ``number`` shown
    IDLE = "idle"                  # not choosing now (laying, blocking)


class SyncStaff(StrEnum):
    """S.Y.N.C.'s own staff actions, sent through ``controller.staff``."""

    RENAME_GROUP = "sync_association_rename_group"  # old="...", new="..."
    DELETE_GROUP = "sync_association_delete_group"  # team="..."
    REVEAL_SECONDS = "sync_association_reveal_seconds"  # seconds=5 (0: pads only)


COMMANDS = ("group", "start", "lay", "block", "unblock", "start_choosing", "mood",
            "keypad_open", "keypad_choose", "keypad_lift", "keypad_close", "reveal",
            "discard", "confirm_discard", "next_round", "new_game")
"""What ``controller.act`` takes for S.Y.N.C. (besides the shared ``wake`` and
``abandon``):

- ``group(team)``: choose a recent group or create one (SETUP); ``team=None``: play
  without a group;
- ``start(seats=None, players=None, mode="automatic", order="clockwise", phantoms=3,
  keys=3, blocks=None, first=None, seed=None)``: deal round 1 (SETUP);
- ``lay(seat, card)``: manual mode, a key card from the seat's hand;
- ``block(kind, value)`` / ``unblock(kind, value)``: kind "phantom" (its number),
  "key" (card id) or "seat"; ``start_choosing()``;
- ``mood(seat, mood)``: "green" / "yellow" / "red" / None (the seat button cycles it);
- ``keypad_open(seat)``, ``keypad_choose(seat, number)``, ``keypad_lift(seat)``,
  ``keypad_close()``: the covered keypad, one seat at a time;
- ``reveal()``: on screen, as the pads do; ``discard(number)`` then
  ``confirm_discard()`` (or the first player's seat button); ``next_round()``;
  ``new_game()`` after the end (back to SETUP, same group)."""


@dataclass(frozen=True)
class PhantomView:
    number: int          # its marker, 1 .. n
    card: int            # the phantom card's id (the card under that marker)
    blocked: bool = False
    discard: bool = False  # proposed for the loss pile, waiting for the first player


@dataclass(frozen=True)
class KeyView:
    card: int | None     # None while face down (parallel laying)
    seat: int | None     # who laid it; None for a random card
    blocked: bool = False


@dataclass(frozen=True)
class BlockView:
    kind: str            # "phantom" | "key" | "seat"
    value: int


@dataclass(frozen=True)
class SeatView:
    seat: int
    status: SeatStatus
    mood: str | None = None        # "green" | "yellow" | "red"
    problem: str | None = None     # PROBLEM: one sentence for that seat
    number: int | None = None      # after the reveal only
    first: bool = False            # the first player this round
    to_lay: bool = False           # manual mode: still to lay a key card
    hand: tuple[int, ...] = ()     # manual mode: the key card ids in hand


@dataclass(frozen=True)
class RevealView:
    round_number: int
    won: bool
    choices: tuple[tuple[int, int], ...]   # (seat, number) for every counted seat
    number: int | None = None              # the phantom all chose (won)
    card: int | None = None                # the phantom card won, or lost
    discarded: int | None = None           # the number moved to the loss pile


@dataclass(frozen=True)
class AchievementView:
    id: str
    title: str


@dataclass(frozen=True)
class GroupView:
    """A group as the setup screen lists it (recent first) and the summary shows it."""

    name: str
    games: int = 0
    won: int = 0
    streak: int = 0
    achievements: tuple[AchievementView, ...] = ()
    recent: tuple[str, ...] = ()   # the last games, newest first, one line each


@dataclass(frozen=True)
class SyncAssociationView:
    group: GroupView | None = None              # the group playing (or chosen)
    groups: tuple[GroupView, ...] = ()          # SETUP: recent groups, newest first
    mode: str = "automatic"
    order: str = "clockwise"
    players: int = 0
    round_number: int = 0
    most_rounds: int = 9
    first: int | None = None                    # the first player's seat
    phantoms: tuple[PhantomView, ...] = ()      # the open phantoms under their markers
    keys: tuple[KeyView, ...] = ()              # this round's key cards
    keys_face_down: bool = False                # parallel laying, not all laid yet
    to_lay: tuple[int, ...] = ()                # manual mode: seats still to lay, in order
    blocks_held: int = 0
    blocks_spent: int = 0                       # in the whole game
    blocks: tuple[BlockView, ...] = ()          # this round's, where they lie
    blocks_left_this_round: int = 0
    seats: tuple[SeatView, ...] = ()
    keypad: int | None = None                   # the seat using the covered keypad now
    ready: bool = False                         # every counted seat set: reveal now
    reveal: RevealView | None = None            # after the reveal
    discard: int | None = None                  # LOST: the number proposed, to confirm
    victories: tuple[int, ...] = ()             # phantom card ids in the victory pile
    losses: tuple[int, ...] = ()
    achievements: tuple[AchievementView, ...] = ()  # earned by this game (so far, in play)
    round_achievements: tuple[str, ...] = ()    # ids the last revealed round earned
    new_achievements: tuple[str, ...] = ()      # OVER: ids the group did not have before
    won: bool | None = None                     # OVER: the team won the game
    advice: str | None = None                   # a legal move not advised (seat block)
    reveal_seconds: float = 0.0                 # the automatic reveal's countdown (0: none)
    table_seats: tuple[int, ...] = ()           # every seat of the table (setup picks some)
