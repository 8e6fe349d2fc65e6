"""Actions as text, records that replay, and one whole game won and one lost."""

import pytest

from kiosk.games.sync_association import Achievement as A
from kiosk.games.sync_association import (
    Block,
    Choose,
    Discard,
    LayKey,
    Lift,
    Mode,
    Mood,
    NextRound,
    NotationError,
    Options,
    Order,
    Phase,
    Record,
    RecordError,
    Reveal,
    SetMood,
    StartChoosing,
    Target,
    Unblock,
    achievements,
    format_action,
    load_record,
    new_game,
    parse_action,
    play,
    record_of,
    replay,
    save_record,
)

ACTIONS = [LayKey(2, 17), Block(Target.PHANTOM, 3), Block(Target.KEY, 120),
           Block(Target.SEAT, 5), Unblock(Target.SEAT, 5), StartChoosing(), Choose(4, 2),
           Lift(4), SetMood(1, Mood.GREEN), SetMood(1, None), Reveal(), Discard(6),
           NextRound()]


@pytest.mark.parametrize("action", ACTIONS)
def test_every_action_round_trips_as_text(action):
    assert parse_action(format_action(action)) == action


@pytest.mark.parametrize("text", ["", "choose", "choose 1", "choose one 2", "lay 1 17",
                                  "block ghost 1", "mood 1 blue", "reveal now",
                                  "discard -1", "next", "choose 1 99999999"])
def test_text_that_is_no_action_is_refused_with_the_forms(text):
    with pytest.raises(NotationError, match="an action is one of: lay SEAT K<card>"):
        parse_action(text)


def test_format_refuses_what_is_no_action():
    with pytest.raises(NotationError):
        format_action("reveal")


class Table:
    """A game driven like the table would: each action played and recorded."""

    def __init__(self, options, seed=0, first=None):
        self.start = self.game = new_game(options, seed, first)
        self.actions = []

    def do(self, *actions):
        for action in actions:
            self.game = play(self.game, action)
            self.actions.append(action)

    def round(self, picks, discard=1, blocks=()):
        game = self.game
        while self.game.phase is Phase.LAYING:
            seat = self.game.to_lay[-1] if game.options.order is not Order.CLOCKWISE \
                else self.game.to_lay[0]
            self.do(LayKey(seat, self.game.hand(seat)[-1]))
        self.do(*blocks, StartChoosing())
        for seat in self.game.counted:
            self.do(SetMood(seat, Mood.YELLOW), Choose(seat, picks(seat)))
        self.do(Reveal())
        if self.game.phase is Phase.LOST:
            self.do(Discard(discard))
        if not self.game.over:
            self.do(NextRound())

    @property
    def record(self):
        return record_of(self.start, tuple(self.actions))


def test_a_whole_game_won_in_manual_mode_and_its_record():
    table = Table(Options(seats=(2, 4, 6, 8), mode=Mode.MANUAL, order=Order.IMPROVISED),
                  seed=11, first=6)
    table.round(lambda seat: 1)
    table.round(lambda seat: 1 + seat % 3, discard=2, blocks=[Block(Target.PHANTOM, 4)])
    table.round(lambda seat: 3)
    table.round(lambda seat: 2, blocks=[Block(Target.SEAT, 8)])
    table.round(lambda seat: 5)
    game = table.game
    assert game.phase is Phase.LAYING and game.number == 6 and len(game.victories) == 4
    table.round(lambda seat: 4)
    game = table.game
    assert game.over and game.won and len(game.victories) == 5 and len(game.losses) == 1
    assert [r.first for r in game.history] == [6, 8, 2, 4, 6, 8]
    assert game.blocks_spent == 2 and game.blocks_held == 4 - 2 + 1
    assert achievements(game) == {A.WIN_IMPROVISED, A.WIN_4_PLAYERS, A.ROUNDS_IN_A_ROW}

    text = save_record(table.record)
    assert text.splitlines()[0] == (
        "sync-association 1 seed=11 seats=2,4,6,8 mode=manual order=improvised phantoms=3 "
        "keys=3 phantom-cards=60 key-cards=120 first=6 result=won")
    assert len(text.splitlines()) == 1 + len(table.actions)
    assert load_record(text) == table.record
    assert replay(load_record(text))[-1] == game


def test_a_whole_game_lost_in_automatic_mode_and_its_record():
    table = Table(Options(seats=(1, 2), start_phantoms=5, key_cards=4, start_blocks=0))
    for number in range(1, 5):
        table.round(lambda seat, n=number: n)  # four won rounds
        assert table.game.blocks_held == 0
    for _ in range(5):
        table.round(lambda seat: seat, discard=3)
    game = table.game
    assert game.over and game.lost and game.number == 9 and game.blocks_held == 4
    assert [len(r.choices) for r in game.history] == [2] * 9
    assert achievements(game) == {A.ROUNDS_IN_A_ROW}
    text = save_record(table.record)
    assert " blocks=0 " in text and text.splitlines()[0].endswith("result=lost")
    assert replay(load_record(text))[-1] == game


def test_an_unfinished_record_says_so():
    record = Record(Options(seats=(1, 2, 3)), seed=4, actions=(StartChoosing(), Choose(1, 1)))
    text = save_record(record)
    assert text.splitlines()[0].endswith("result=*")
    assert replay(load_record(text))[-1].choice(1) == 1


@pytest.mark.parametrize(("text", "words"), [
    ("", "the record is empty"),
    ("synapse 1 seed=3\n", "line 1: not a S.Y.N.C. record"),
    ("sync-association 1 colour=red\n", "line 1: unknown header field 'colour=red'"),
    ("sync-association 1 seed=x\n", "line 1: seed must be a whole number, not 'x'"),
    ("sync-association 1 seats=1,a\n", "line 1: a seat must be a whole number, not 'a'"),
    ("sync-association 1 mode=solo\n", "line 1: 'solo' is not a valid Mode"),
    ("sync-association 1\n\n# a note\nchoose 1\n", "line 4: 'choose 1': not an action"),
])
def test_unreadable_records_name_the_line(text, words):
    with pytest.raises(RecordError, match=words):
        load_record(text)


def test_a_record_that_breaks_the_rules_names_the_action():
    text = "sync-association 1 seed=1 seats=1,2\nstart choosing\nchoose 1 4\n"
    with pytest.raises(RecordError, match=r"action 2 \(choose 1 4\): 4 is not an open phantom"):
        replay(load_record(text))
    with pytest.raises(RecordError, match="the header's set-up: S.Y.N.C. is played by 2 to 5"):
        replay(load_record("sync-association 1 seats=1\n"))
    with pytest.raises(RecordError, match="action 1"):
        save_record(Record(Options(), actions=(Reveal(),)))
