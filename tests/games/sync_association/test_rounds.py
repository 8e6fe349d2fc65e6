"""Blocks, choices, the reveal, won and lost rounds, the first player and the end."""

import pytest

from kiosk.games.sync_association import (
    BLOCKS_PER_ROUND,
    MOST_ROUNDS,
    Block,
    Choose,
    Discard,
    IllegalAction,
    Lift,
    Mood,
    NextRound,
    Outcome,
    Phase,
    Reveal,
    SetMood,
    StartChoosing,
    Target,
    Unblock,
    advice,
    check,
    is_legal,
    legal_actions,
    play,
)

from .helpers import act, choose_all, lose_round, play_rounds, start, to_choosing, win_round

PHANTOM, KEY, SEAT = Target.PHANTOM, Target.KEY, Target.SEAT


# ---------------------------------------------------------------- block tokens

def test_a_blocked_phantom_cannot_be_chosen():
    game = to_choosing(start(start_phantoms=4), Block(PHANTOM, 2))
    assert game.choosable == (1, 3, 4)
    assert check(game, Choose(1, 2)) == "phantom 2 is blocked this round: choose 1, 3 or 4"
    assert check(game, Choose(1, 3)) is None


def test_a_blocked_key_card_is_marked_and_changes_no_choice():
    game = start()
    card = game.keys[1][1]
    game = play(game, Block(KEY, card))
    assert game.blocked(KEY, card) and game.blocks_held == 2
    assert check(game, Block(KEY, 999)).startswith("key card 999 is not on the table: block ")


def test_a_blocked_synchroniser_does_not_choose_and_does_not_count():
    game = to_choosing(start((1, 2, 3, 4, 5)), Block(SEAT, 4))
    assert game.counted == (1, 2, 3, 5)
    assert check(game, Choose(4, 1)) == (
        "seat 4's synchroniser is blocked this round: its choice would not count, so it "
        "makes none")
    game = choose_all(game, lambda seat: 2)
    assert game.waiting == ()
    game = play(game, Reveal())
    assert game.phase is Phase.WON and game.last.choices == ((1, 2), (2, 2), (3, 2), (5, 2))


def test_blocking_a_synchroniser_is_advised_against_under_five_players():
    for seats in ((1, 2, 3), (1, 2, 3, 4)):
        game = start(seats)
        assert is_legal(game, Block(SEAT, 1))
        assert advice(game, Block(SEAT, 1)) == (
            "blocking a synchroniser is not advised under 5 players: it leaves few voices "
            "to agree")
        assert advice(game, Block(PHANTOM, 1)) is None
    assert advice(start((1, 2, 3, 4, 5)), Block(SEAT, 1)) is None


def test_at_least_two_synchronisers_always_count():
    assert check(start((1, 2)), Block(SEAT, 1)) == (
        "at least two synchronisers must count: with this many players a synchroniser "
        "cannot be blocked")
    game = play(start((1, 2, 3)), Block(SEAT, 3))
    assert check(game, Block(SEAT, 2)).startswith("at least two synchronisers must count")
    assert check(play(start((1, 2, 3, 4, 5)), Block(SEAT, 3)), Block(SEAT, 2)) is None


def test_at_least_two_phantoms_and_one_key_card_stay_open():
    game = play(start(start_phantoms=3), Block(PHANTOM, 1))
    assert check(game, Block(PHANTOM, 2)) == (
        "at least two phantoms must stay open to choose from: block a key card instead, "
        "or none")
    assert check(start(start_phantoms=2), Block(PHANTOM, 1)).startswith("at least two phantoms")
    game = start(key_cards=2)
    game = play(game, Block(KEY, game.keys[0][1]))
    assert check(game, Block(KEY, game.keys[1][1])) == "at least one key card must stay unblocked"


def test_at_most_three_block_tokens_a_round():
    game = start((1, 2, 3, 4, 5), start_phantoms=6, start_blocks=6)
    game = act(game, Block(PHANTOM, 1), Block(PHANTOM, 2), Block(KEY, game.keys[0][1]))
    assert len(game.blocks) == BLOCKS_PER_ROUND == 3 and game.blocks_held == 3
    assert check(game, Block(PHANTOM, 3)) == (
        "at most 3 block tokens a round: this round has them all")
    assert check(game, Block(SEAT, 1)).startswith("at most 3 block tokens a round")


def test_no_block_without_a_token():
    game = start(start_blocks=1)
    game = play(game, Block(PHANTOM, 1))
    assert game.blocks_held == 0
    assert check(game, Block(PHANTOM, 2)) == "the team has no block token left"
    assert check(start(start_blocks=0), Block(PHANTOM, 1)) == "the team has no block token left"


def test_blocks_are_refused_on_what_is_not_there_or_blocked_already():
    game = start(start_phantoms=4)
    assert check(game, Block(PHANTOM, 5)) == "5 is not an open phantom: block 1, 2, 3 or 4"
    assert check(game, Block(SEAT, 7)) == (
        "there is no player at seat 7: the players sit at 1, 2 or 3")
    game = play(game, Block(PHANTOM, 4))
    assert check(game, Block(PHANTOM, 4)) == "phantom 4 is blocked already"


def test_a_block_token_taken_back_before_the_choosing_returns():
    game = start()
    game = act(game, Block(PHANTOM, 1), Unblock(PHANTOM, 1))
    assert game.blocks == () and game.blocks_held == 3 and game.blocks_spent == 0
    assert check(game, Unblock(PHANTOM, 2)) == "phantom 2 has no block token on it"
    game = act(game, Block(PHANTOM, 2), StartChoosing())
    assert check(game, Unblock(PHANTOM, 2)) == (
        "block tokens can be taken back only before the choosing starts")


def test_blocks_come_before_the_choosing_not_after():
    game = to_choosing(start())
    assert check(game, Block(PHANTOM, 1)) == (
        "block tokens are laid before the choosing starts, not after")
    manual = start(mode="manual")
    assert check(manual, Block(PHANTOM, 1)) == (
        "block tokens are laid once every key card is on the table")


def test_spent_tokens_are_gone_and_a_lost_round_earns_one():
    game = start()
    game = win_round(game, 1, Block(PHANTOM, 2))
    assert game.blocks_held == 2 and game.blocks_spent == 1 and game.blocks == ()
    game = lose_round(game, 1, Block(PHANTOM, 3), Block(PHANTOM, 4))
    assert game.blocks_held == 0 + 1 and game.blocks_spent == 3


def test_the_token_from_a_loss_arrives_with_the_discard():
    game = act(choose_all(to_choosing(start()), lambda seat: seat), Reveal())
    assert game.phase is Phase.LOST and game.blocks_held == 3
    assert play(game, Discard(1)).blocks_held == 4


# ---------------------------------------------------------------- choices and the reveal

def test_choices_are_open_phantom_numbers():
    game = to_choosing(start(start_phantoms=2))
    assert check(game, Choose(1, 3)) == "3 is not an open phantom: choose 1 or 2"
    assert check(game, Choose(1, 0)) == "0 is not an open phantom: choose 1 or 2"
    assert check(game, Choose(8, 1)) == (
        "there is no player at seat 8: the players sit at 1, 2 or 3")


def test_the_choosing_starts_after_the_blocks():
    game = start()
    assert check(game, Choose(1, 1)) == (
        "the choosing has not started: the first player lays any block tokens, then starts it")
    assert check(to_choosing(game), StartChoosing()) == "the choosing has started already"


def test_a_choice_can_change_or_be_lifted_until_the_reveal():
    game = to_choosing(start())
    game = act(game, Choose(2, 1), Choose(2, 3))
    assert game.choice(2) == 3 and game.waiting == (1, 3)
    game = play(game, Lift(2))
    assert game.choice(2) is None
    assert check(game, Lift(2)) == "seat 2 has no choice to take back"


def test_the_reveal_waits_for_every_counted_synchroniser():
    game = to_choosing(start((1, 2, 3, 4)))
    game = act(game, Choose(1, 1), Choose(3, 1))
    assert check(game, Reveal()) == "waiting for seats 2 or 4 to set their synchroniser"
    game = act(game, Choose(2, 1), Choose(4, 1), Reveal())
    assert check(game, Reveal()).startswith("round 1's choices are revealed")


def test_no_choice_changes_after_the_reveal():
    for outcome in ("win", "loss"):
        game = to_choosing(start())
        game = act(choose_all(game, (lambda s: 1) if outcome == "win" else (lambda s: s)),
                   Reveal())
        for action in (Choose(1, 2), Lift(1), SetMood(1, Mood.RED), StartChoosing()):
            assert check(game, action) == (
                "round 1's choices are revealed: nothing can change now; the next round "
                "starts when the table is laid")
        with pytest.raises(IllegalAction, match="revealed"):
            play(game, Choose(1, 2))


def test_moods_are_shown_changed_and_cleared():
    game = to_choosing(start())
    game = act(game, SetMood(1, Mood.GREEN), SetMood(3, Mood.RED), SetMood(1, Mood.YELLOW))
    assert (game.mood(1), game.mood(2), game.mood(3)) == (Mood.YELLOW, None, Mood.RED)
    game = play(game, SetMood(3, None))
    assert game.mood(3) is None
    assert check(game, SetMood(1, "blue")) == "a mood is green, yellow or red, not 'blue'"
    assert check(start(), SetMood(1, Mood.RED)).startswith("the choosing has not started")
    game = act(choose_all(game, lambda seat: 1), Reveal())
    assert game.mood(1) is Mood.YELLOW  # still shown with the reveal
    assert play(game, NextRound()).moods == ()


# ---------------------------------------------------------------- won and lost rounds

def test_a_win_moves_the_phantom_to_the_victories_and_adds_one_more():
    game = to_choosing(start(start_phantoms=3))
    before, deck = game.open, game.phantom_deck
    game = act(choose_all(game, lambda seat: 2), Reveal())
    assert game.phase is Phase.WON and game.victories == (before[1],)
    assert game.open == (before[0], deck[0], before[2], deck[1])
    assert game.numbers == (1, 2, 3, 4) and game.phantom_deck == deck[2:]
    result = game.last
    assert (result.outcome, result.number_won, result.card) == (Outcome.WON, 2, before[1])


@pytest.mark.parametrize("picks", [(1, 1, 2), (3, 1, 1), (1, 2, 3)])
def test_any_disagreement_loses_the_round(picks):
    game = act(choose_all(to_choosing(start()), lambda seat: picks[seat - 1]), Reveal())
    assert game.phase is Phase.LOST and game.victories == ()
    assert game.last.outcome is Outcome.LOST
    assert game.last.choices == ((1, picks[0]), (2, picks[1]), (3, picks[2]))
    assert check(game, NextRound()) == (
        "first move one open phantom to the loss pile (the first player decides)")


def test_a_loss_moves_any_open_phantom_the_team_picks_and_replaces_it():
    game = act(choose_all(to_choosing(start(start_phantoms=4)), lambda seat: 1 + seat % 2),
               Reveal())
    before, deck = game.open, game.phantom_deck
    assert check(game, Discard(5)) == "5 is not an open phantom: discard 1, 2, 3 or 4"
    game = play(game, Discard(4))  # nobody chose 4: the team may still pick it
    assert game.losses == (before[3],) and game.open == (*before[:3], deck[0])
    assert game.numbers == (1, 2, 3, 4) and game.last.discarded == 4
    assert game.last.card == before[3]
    assert check(game, Discard(1)) == "a phantom has gone to the loss pile this round already"


def test_a_discard_only_after_a_lost_round():
    game = start()
    assert check(game, Discard(1)) == "a phantom goes to the loss pile only after a lost round"
    won = act(choose_all(to_choosing(game), lambda seat: 1), Reveal())
    assert check(won, Discard(1)) == "a phantom goes to the loss pile only after a lost round"


def test_a_blocked_phantom_can_still_go_to_the_loss_pile():
    game = to_choosing(start(start_phantoms=4), Block(PHANTOM, 4))
    game = act(choose_all(game, lambda seat: 1 + seat % 2), Reveal(), Discard(4))
    assert game.last.discarded == 4


def test_the_first_player_passes_left_after_every_round():
    game = start((3, 5, 1), first=5)
    firsts = [game.first]
    for outcome in "WLWL":
        game = play_rounds(game, outcome)
        firsts.append(game.first)
    assert firsts == [5, 1, 3, 5, 1]
    assert [r.first for r in game.history] == firsts[:4]


def test_a_new_round_is_clean():
    game = win_round(start(), 1, Block(PHANTOM, 2))
    assert (game.number, game.phase, game.blocks, game.choices, game.moods) == (
        2, Phase.BLOCKING, (), (), ())


# ---------------------------------------------------------------- the end

def test_five_victories_win_the_game():
    game = play_rounds(start(), "WWWW")
    assert game.phase is Phase.BLOCKING and not game.over
    before = game.open
    game = win_round(game)
    assert game.over and game.won and not game.lost and len(game.victories) == 5
    assert game.victories[-1] == before[0]
    assert game.open == before[1:]  # the last win draws nothing, its phantom leaves


def test_five_losses_lose_the_game():
    game = play_rounds(start(), "LLLL")
    blocks = game.blocks_held
    before = game.open
    game = lose_round(game, discard=2)
    assert game.over and game.lost and not game.won and len(game.losses) == 5
    assert game.losses[-1] == before[1] and game.open == (before[0], *before[2:])
    assert game.blocks_held == blocks  # no token after the last round


def test_nothing_is_allowed_once_the_game_is_over():
    for pattern, verdict in (("WWWWW", "won"), ("LLLLL", "lost")):
        game = play_rounds(start(), pattern)
        assert legal_actions(game) == []
        for action in (NextRound(), StartChoosing(), Choose(1, 1), Reveal(), Discard(1)):
            assert check(game, action) == (
                f"the game is over: the team {verdict} it; start a new game to play again")


def test_the_longest_game_is_nine_rounds():
    game = play_rounds(start(), "LWLWLWLW")
    assert game.number == MOST_ROUNDS == 9 and not game.over
    assert play_rounds(game, "W").won and play_rounds(game, "L").lost


def test_unknown_actions_are_refused_in_a_sentence():
    assert check(start(), "reveal") == "'reveal' is not something the team can do in S.Y.N.C."


def test_legal_actions_are_exactly_those_check_allows():
    game = start((1, 2, 3, 4, 5), start_phantoms=4)
    for action in legal_actions(game):
        assert check(game, action) is None
    assert Block(SEAT, 5) in legal_actions(game) and StartChoosing() in legal_actions(game)
    game = to_choosing(game, Block(PHANTOM, 4), Block(SEAT, 2))
    chooses = {a for a in legal_actions(game) if isinstance(a, Choose)}
    assert chooses == {Choose(s, n) for s in (1, 3, 4, 5) for n in (1, 2, 3)}
    assert Reveal() not in legal_actions(game)


def test_a_block_named_by_plain_words_is_the_same_block():
    game = play(start(start_phantoms=4), Block("phantom", 2))
    assert game.blocks == ((PHANTOM, 2),) and game.blocks[0][0] is PHANTOM
    game = play(game, Unblock("phantom", 2))
    assert game.blocks == () and game.blocks_held == 3
    assert check(game, Block("ghost", 1)) == (
        "a block token lies on a phantom, a key card or a seat, not 'ghost'")
