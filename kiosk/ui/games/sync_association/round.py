"""A round on the table, every phase of it on one screen: what to lay out (the open
phantoms' number markers, the key cards, whose turn in manual mode), the block tokens
held and where they lie, every seat's box at its edge (:mod:`.seats`), the victory and
loss piles, and the one button for what comes next (start the choosing, reveal, confirm
the discard, next round). The covered keypad and a seat's hand of key cards cover the
whole screen (:mod:`.covers`); the reveal shows every seat's number in one redraw."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from kiosk.i18n import _
from kiosk.ui import theme
from kiosk.ui.games.sync_association.covers import (
    SyncAssociationHandCover,
    SyncAssociationKeypadCover,
)
from kiosk.ui.games.sync_association.seats import (  # noqa: F401  (kv)
    SyncAssociationSeatBox,
    SyncAssociationSeatRow,
    edges,
)
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.basics import make, reuse

MOODS = (None, "green", "yellow", "red")
PILE = 5


def blocks_text(p) -> str:
    """>>> from kiosk.table.games.sync_association.view import SyncAssociationView, BlockView
    >>> blocks_text(SyncAssociationView(blocks_held=2, blocks_spent=1,
    ...                                 blocks=(BlockView("phantom", 3),)))
    'Block tokens: 2 held, 1 spent this game · on phantom 3'"""
    where = ", ".join((_("key card {value}") if b.kind == "key" else
                       _("phantom {value}") if b.kind == "phantom" else
                       _("seat {value}") if b.kind == "seat" else f"{b.kind} {{value}}")
                      .format(value=b.value) for b in p.blocks)
    text = _("Block tokens: {held} held, {spent} spent this game").format(
        held=p.blocks_held, spent=p.blocks_spent)
    return _("{blocks} · on {where}").format(blocks=text, where=where) if where else text


def key_text(key) -> str:
    card = _("face down") if key.card is None else _("key {card}").format(card=key.card)
    who = _("random") if key.seat is None else _("seat {value}").format(value=key.seat)
    blocked = " · " + _("blocked") if key.blocked else ""
    return f"{card} ({who}){blocked}"


def action_of(view) -> tuple[str, str | None]:
    """The main button: its text and command (None: nothing to press now)."""
    p, phase = view.payload, view.phase
    if phase == "blocking":
        return _("Start choosing"), "start_choosing"
    if phase == "choosing":
        if p.ready and view.time_left is not None:
            return _("Reveal ({seconds} s)").format(seconds=f"{view.time_left:.0f}"), "reveal"
        return (_("Reveal"), "reveal") if p.ready else (_("Waiting for every seat"), None)
    if phase in ("won", "discarded"):
        return _("Next round"), "next_round"
    if phase == "lost":
        if p.discard is not None:
            return (_("Seat {seat}: confirm phantom {phantom}").format(
                seat=p.first, phantom=p.discard), "confirm_discard")
        return _("Tap the phantom to lose"), None
    if phase == "reading":
        return _("Revealing…"), None
    return _("Lay the key cards"), None


def earned_text(p) -> str:
    """The achievements the last round earned, to celebrate under the banner.

    >>> from kiosk.table.games.sync_association.view import (AchievementView,
    ...     SyncAssociationView)
    >>> earned_text(SyncAssociationView(round_achievements=("a",),
    ...     achievements=(AchievementView("a", "Rolling: won three rounds in a row"),)))
    'Achievement earned! Rolling: won three rounds in a row'
    """
    titles = [a.title for a in p.achievements if a.id in p.round_achievements]
    return "\n".join(_("Achievement earned! {title}").format(title=t) for t in titles)


class SyncAssociationRoundScreen(ViewScreen):
    heading = StringProperty("")
    message = StringProperty("")
    blocks = StringProperty("")
    advice = StringProperty("")
    banner = StringProperty("")          # IN SYNC! / NOT IN SYNC after the reveal
    earned = StringProperty("")          # an achievement this round earned, after it
    won = BooleanProperty(False)
    action = StringProperty("")
    can_act = BooleanProperty(False)
    countdown = NumericProperty(-1)      # the reveal's countdown (-1: none)
    confirm_stop = BooleanProperty(False)
    keys_tappable = BooleanProperty(False)  # only while blocking: tap a key card to block it

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._command: str | None = None
        self.keypad_cover = SyncAssociationKeypadCover(screen=self)
        self.hand_cover = SyncAssociationHandCover(screen=self)
        self.hand_seat: int | None = None

    # ------------------------------------------------------------------ drawing

    def redraw(self, view) -> None:
        p = view.payload
        if p is None or not p.seats:
            return
        self.heading = _("Team {team}").format(team=p.group.name) if p.group else ""
        self.message = view.message or ""
        self.blocks = blocks_text(p)
        if view.phase == "blocking" and p.blocks_left_this_round:
            self.blocks += " · " + _("{count} more may go down this round").format(
                count=p.blocks_left_this_round)
        self.advice = p.advice or ""
        reveal = p.reveal if view.phase in ("won", "lost", "discarded") else None
        self.won = bool(reveal and reveal.won)
        self.banner = "" if reveal is None else (_("IN SYNC!") if reveal.won
                                                 else _("NOT IN SYNC"))
        self.earned = earned_text(p) if reveal is not None else ""
        self.action, self._command = action_of(view)
        self.can_act = self._command is not None
        if view.time_left is None:
            self.countdown = -1
        self._phantoms(view)
        self._keys(view)
        self._piles(p)
        self._seats(view)
        self._covers(view)

    def on_tick(self, time_left: float) -> None:
        self.countdown = time_left
        if self._command == "reveal":
            self.action = f"Reveal ({time_left:.0f} s)"

    def _phantoms(self, view) -> None:
        p = view.payload
        won = p.reveal.number if p.reveal is not None and view.phase != "choosing" else None
        box = self.ids.phantoms
        for button, ph in zip(reuse(box, len(p.phantoms), lambda: make("SyncAssociationPhantom")),
                              p.phantoms, strict=True):
            button.number, button.screen = ph.number, self
            button.text, button.blocked = str(ph.number), ph.blocked
            button.fill = (theme.BAD if ph.discard else theme.GOOD if ph.number == won
                           else (0.3, 0.3, 0.34, 1) if ph.blocked else theme.ACCENT)

    def _keys(self, view) -> None:
        p = view.payload
        box = self.ids.key_cards
        keys = () if self.banner else p.keys  # after the reveal: the banner instead
        self.keys_tappable = view.phase == "blocking"
        for button, key in zip(reuse(box, len(keys), lambda: make("SyncAssociationKeyCard")),
                               keys, strict=True):
            button.card, button.screen = key.card, self
            button.disabled = not self.keys_tappable  # a plain card face, not a target
            button.text = key_text(key)
            button.fill = (0.3, 0.3, 0.34, 1) if key.blocked else theme.PANEL

    def _piles(self, p) -> None:
        for name, pile in (("victories", p.victories), ("losses", p.losses)):
            box = self.ids[name]
            slots = reuse(box, PILE, lambda: make("SyncAssociationSlot"))
            for index, slot in enumerate(slots):
                slot.text = f"#{pile[index]}" if index < len(pile) else ""
                slot.filled = index < len(pile)

    def _seats(self, view) -> None:
        p = view.payload
        by_seat = {s.seat: s for s in p.seats}
        bottom, top = edges(p.table_seats, tuple(by_seat))
        for name, seats in (("bottom_seats", bottom), ("top_seats", top)):
            box = self.ids[name]
            for widget, seat in zip(reuse(box, len(seats), SyncAssociationSeatBox), seats,
                                    strict=True):
                widget.screen = self
                widget.update(by_seat[seat], view.phase, p)

    def _covers(self, view) -> None:
        p = view.payload
        self._cover(self.keypad_cover, p.keypad is not None and view.phase == "choosing")
        if p.keypad is not None:
            self.keypad_cover.show(p.keypad, p.phantoms)
        hand = next((s.hand for s in p.seats if s.seat == self.hand_seat), ())
        laying = view.phase == "laying" and self.hand_seat in p.to_lay and p.keypad is None
        if not laying:
            self.hand_seat = None
        self._cover(self.hand_cover, laying)
        if laying:
            self.hand_cover.show(self.hand_seat, hand)

    def _cover(self, cover, shown: bool) -> None:
        if shown and cover.parent is None:
            self.add_widget(cover)
        elif not shown and cover.parent is not None:
            self.remove_widget(cover)

    # ------------------------------------------------------------------ acting

    def act(self) -> None:
        if self._command is not None:
            self.controller.act(self._command)

    def phantom(self, number: int) -> None:
        phase, p = self.view.phase, self.view.payload
        if phase == "blocking":
            blocked = any(ph.blocked for ph in p.phantoms if ph.number == number)
            self.controller.act("unblock" if blocked else "block", kind="phantom", value=number)
        elif phase == "lost":
            self.controller.act("discard", number=number)

    def key_card(self, card: int | None) -> None:
        p = self.view.payload
        if self.view.phase != "blocking" or card is None:
            return
        blocked = any(k.blocked for k in p.keys if k.card == card)
        self.controller.act("unblock" if blocked else "block", kind="key", value=card)

    def seat_command(self, seat: int, command: str) -> None:
        if command == "mood":
            mood = next((s.mood for s in self.view.payload.seats if s.seat == seat), None)
            after = MOODS[(MOODS.index(mood) + 1) % len(MOODS)] if mood in MOODS else None
            self.controller.act("mood", seat=seat, mood=after)
        elif command in ("keypad_open", "keypad_lift"):
            self.controller.act(command, seat=seat)
        elif command in ("block", "unblock"):
            self.controller.act(command, kind="seat", value=seat)
        elif command == "lay":
            self.hand_seat = seat
            self._covers(self.view)

    def keypad_choose(self, seat: int, number: int) -> None:
        self.controller.act("keypad_choose", seat=seat, number=number)

    def keypad_close(self) -> None:
        self.controller.act("keypad_close")

    def lay(self, seat: int, card: int) -> None:
        self.hand_seat = None
        self.controller.act("lay", seat=seat, card=card)
        self._covers(self.view)

    def hand_close(self) -> None:
        self.hand_seat = None
        self._covers(self.view)

    def stop_game(self) -> None:
        """Two taps: the first asks, the second abandons the game (nothing is lost
        for the group: an abandoned game changes nothing in it)."""
        if not self.confirm_stop:
            self.confirm_stop = True
            return
        self.confirm_stop = False
        self.controller.abandon()

    def on_leave(self, *_):
        self.confirm_stop = False


theme.load_kv(__file__)
