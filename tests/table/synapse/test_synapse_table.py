"""Synapse's table logic through the real TableController, a MemoryStore and a manual
clock: placements in arrival order, a cell taken first, a round ended by a last card
(+5), the kiosk pacing its cards off the pumping thread, and resume after a kill at the
start of the round in progress, a stop, records, levels and the cards file. The
registry's table logic is used as it is; a test that needs options (a pace) registers
it with them."""

from __future__ import annotations

import threading

import pytest

from kiosk.games.synapse import Player, new_game, parse_cell, play, points
from kiosk.hardware.sim_gpio import ManualClock
from kiosk.store.protocol import MemoryStore
from kiosk.table.api import ControllerListener
from kiosk.table.controller import TableController
from kiosk.table.games import register, unregister
from kiosk.table.games.synapse import table as synapse_table
from kiosk.table.games.synapse.table import PACE, SynapseTable
from kiosk.table.games.synapse.view import Phase

WAIT_S = 30.0  # a bound on waiting for a condition, never a sleep


class Heard(ControllerListener):
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.view_threads: set[int] = set()

    def on_view(self, view) -> None:
        self.view_threads.add(threading.get_ident())

    def on_problem(self, message: str) -> None:
        self.problems.append(message)


class Rig:
    def __init__(self, store: MemoryStore | None = None, config_dir=None, **options) -> None:
        self.store = store if store is not None else MemoryStore()
        self.clock = ManualClock(100.0)
        self.woken = threading.Event()
        self.options = options
        if options:
            register("synapse", self._make)
        self.controller = TableController(clock=self.clock, store=self.store,
                                          game="synapse", wakeup=self.woken.set,
                                          config_dir=config_dir)
        self.heard = Heard()
        self.controller.set_listener(self.heard)

    def _make(self, context):
        return SynapseTable(context, **self.options)

    @property
    def payload(self):
        return self.controller.view.payload

    @property
    def phase(self):
        return self.controller.view.phase

    def start(self, **args) -> None:
        self.controller.wake()
        self.controller.act("start", **args)

    def place(self, player: str, card_id: str, cell: str, rotation: int = 0):
        self.clock.advance(0.5)
        return self.controller.act("place", player=player, card_id=card_id, cell=cell,
                                   rotation=rotation)

    def place_any(self, player: str):
        """The first card of the player's hand on the first legal cell."""
        side = 0 if player == "north" else 1
        card = self.payload.hands[side][0].card_id
        return self.place(player, card, self.payload.legal[0])

    def pump_until(self, condition, what: str) -> None:
        """Pump on each wakeup (the worker's answer queues one) until ``condition()``."""
        for _ in range(1000):
            self.controller.pump()
            if condition():
                return
            assert self.woken.wait(WAIT_S), f"never: {what}"
            self.woken.clear()
        raise AssertionError(f"never: {what}")

    def close(self) -> None:
        self.controller.close()
        unregister("synapse")


@pytest.fixture
def rig():
    made = []

    def make(**options):
        made.append(Rig(**options))
        return made[-1]

    yield make
    for r in made:
        r.close()


def test_a_placement_is_in_the_grid_and_leaves_the_hand(rig):
    r = rig()
    r.start(mode="hotseat", seed=4)
    assert r.phase == Phase.PLAYING
    assert r.payload.round_number == 1 and r.payload.start_cell == "c3"
    assert len(r.payload.grid) == 3 and r.payload.left == (17, 17)
    card = r.payload.hands[0][0].card_id
    cell = r.payload.legal[0]
    assert r.place("north", card, cell, 90) is True
    placed = {c.cell: c for c in r.payload.grid}
    assert placed[cell].card.card_id == card and placed[cell].rotation == 90
    assert placed[cell].card.owner == "north"
    assert r.payload.left == (16, 17)
    assert card not in {c.card_id for c in r.payload.hands[0]}
    assert cell not in r.payload.legal
    assert r.payload.last.card_id == card and r.heard.problems == []


def test_the_second_card_on_a_cell_is_refused_and_stays_in_hand(rig):
    r = rig()
    r.start(mode="hotseat", seed=4)
    cell = r.payload.legal[0]
    north_card, south_card = r.payload.hands[0][0].card_id, r.payload.hands[1][0].card_id
    assert r.place("north", north_card, cell) is True
    assert r.place("south", south_card, cell) is False
    assert r.heard.problems == [f"North got {cell} first"]
    assert r.payload.left == (16, 17)
    assert south_card in {c.card_id for c in r.payload.hands[1]}
    assert [c.card.card_id for c in r.payload.grid if c.cell == cell] == [north_card]


def test_wrong_placements_are_sentences_and_change_nothing(rig):
    r = rig()
    r.start(mode="hotseat", seed=4)
    before = r.payload
    r.place("north", "S03", r.payload.legal[0])   # the other player's card
    r.place("north", "N05", "z9")                 # no such cell
    r.place("north", "N05", "a6")                 # next to nothing
    r.place("east", "N05", r.payload.legal[0])    # no such player
    r.controller.act("dance")
    assert len(r.heard.problems) == 5, r.heard.problems
    assert all(isinstance(p, str) and p for p in r.heard.problems)
    assert r.payload.grid == before.grid and r.payload.left == (17, 17)


def test_a_last_card_ends_the_round_with_five_for_its_player(rig):
    r = rig()
    r.start(mode="hotseat", seed=4)
    game = new_game(synapse_table.default_cardset(), 4)  # the same game, beside the table
    while r.phase == Phase.PLAYING:
        card, cell = r.payload.hands[1][0].card_id, r.payload.legal[0]
        r.place("south", card, cell)
        game = play(game, Player.SOUTH, card, parse_cell(cell), 0)
    assert r.phase == Phase.ROUND_OVER
    assert r.payload.left == (17, 0) and r.payload.legal == ()
    score = r.payload.score
    assert score is not None and score.bonus == "south" and score.bonus_points == 5
    assert score.totals == points(game.round)
    south = sum(s.total for s in score.scorers if s.owner == "south")
    assert score.totals[1] == south + 5
    assert any("+5" in line for line in score.lines)
    assert r.payload.round_totals == (score.totals,) and r.payload.totals == score.totals
    r.place("north", r.payload.hands[0][0].card_id, "a1")  # too late: refused
    assert r.heard.problems
    r.controller.act("next_round")
    assert r.phase == Phase.PLAYING and r.payload.round_number == 2
    assert r.payload.start_cell == "d4" and r.payload.left == (17, 17)
    assert r.payload.score is None and r.payload.totals == score.totals


def test_the_kiosk_places_a_card_each_pace_off_the_pumping_thread(rig, monkeypatch):
    chosen_on: list[int] = []
    real_choose = synapse_table.choose

    def choose(*args):
        chosen_on.append(threading.get_ident())
        return real_choose(*args)

    monkeypatch.setattr(synapse_table, "choose", choose)
    r = rig()
    pumping = threading.get_ident()
    r.start(mode="kiosk", level=2, human="south", seed=9)
    pace = PACE[2]
    r.clock.advance(pace - 0.1)
    r.controller.pump()
    assert not r.payload.thinking and r.payload.left == (17, 17)
    for placed in (1, 2, 3):
        r.clock.advance(pace)
        r.pump_until(lambda p=placed: r.payload.left[0] == 17 - p, f"kiosk card {placed}")
        assert not r.payload.thinking
        assert r.payload.last.player == "north"
    assert chosen_on and pumping not in chosen_on
    assert r.heard.view_threads == {pumping}
    r.controller.act("place", player="north", card_id=r.payload.hands[0][0].card_id,
                     cell=r.payload.legal[0], rotation=0)
    assert r.heard.problems[-1] == "Those are the kiosk's cards"


def test_a_kiosk_answer_for_a_round_that_moved_on_is_dropped(rig, monkeypatch):
    gate = threading.Event()
    real_choose = synapse_table.choose
    states = []

    def slow_choose(state, *args):
        states.append(state)
        gate.wait(WAIT_S)
        return real_choose(state, *args)

    monkeypatch.setattr(synapse_table, "choose", slow_choose)
    r = rig()
    r.start(mode="kiosk", level=3, human="south", seed=9)
    r.clock.advance(PACE[3])
    r.controller.pump()
    assert r.payload.thinking
    r.place_any("south")          # the human is quicker: the kiosk's answer is stale
    r.woken.clear()
    gate.set()
    r.pump_until(lambda: r.payload.left[0] == 16, "the kiosk chose again and placed")
    assert len(states) == 2, "the stale answer was applied instead of choosing again"
    assert len(states[0].hand(Player.SOUTH)) == 17 and len(states[1].hand(Player.SOUTH)) == 16
    assert r.payload.left == (16, 16) and r.payload.last.player == "north"
    assert not r.payload.thinking


def test_after_a_kill_the_game_resumes_at_the_start_of_the_round(rig):
    r = rig()
    r.start(mode="hotseat", seed=11)
    while r.phase == Phase.PLAYING:
        r.place_any("north")
    totals = r.payload.totals
    r.controller.act("next_round")
    start_grid = r.payload.grid
    r.place_any("south")
    r.place_any("north")
    assert r.payload.left == (16, 16)
    again = rig(store=r.store)  # the kill: nothing closed, a new controller, same store
    assert again.phase == Phase.PLAYING and again.controller.view.resumed
    assert again.payload.round_number == 2 and again.payload.left == (17, 17)
    assert again.payload.grid == start_grid
    assert again.payload.round_totals == (totals,)
    again.controller.act("resign", player="south")
    assert again.phase == Phase.GAME_OVER and again.payload.winner == "north"
    (result,) = again.store.results("synapse")
    assert result.played == "hotseat" and result.players == 2 and not result.abandoned
    assert result.score == totals[0]
    assert result.details["totals"] == list(totals)
    assert result.details["rounds"] == [list(totals)]
    assert again.store.open_journals() == ()


def test_a_game_played_to_its_end_is_stored_with_totals_per_round(rig):
    r = rig()
    r.start(mode="hotseat", seed=2)
    for _ in range(10):  # three rounds, more while tied
        while r.phase == Phase.PLAYING:
            r.place_any("south" if r.payload.left[1] > r.payload.left[0] - 3 else "north")
        if r.phase == Phase.GAME_OVER:
            break
        r.controller.act("next_round")
    assert r.phase == Phase.GAME_OVER
    (result,) = r.store.results("synapse")
    north, south = r.payload.totals
    assert result.score == max(north, south) and result.details["totals"] == [north, south]
    assert len(result.details["rounds"]) == r.payload.round_number >= 3
    assert r.payload.winner == ("north" if north > south else "south")
    assert r.payload.result and r.store.open_journals() == ()


def test_abandon_stores_an_abandoned_result_and_closes_the_journal(rig):
    r = rig()
    r.start(mode="kiosk", level=1, human="north", seed=1)
    r.place_any("north")
    r.controller.abandon()
    assert r.phase == Phase.ATTRACT
    result = r.store.results("synapse")[-1]
    assert result.abandoned and result.played == "kiosk-1"
    assert r.store.open_journals() == ()


def test_a_stop_ends_the_round_and_gives_the_other_player_five(rig):
    r = rig()
    r.start(mode="hotseat", seed=1)
    r.place_any("south")
    r.controller.act("stop", player="north")
    assert r.phase == Phase.ROUND_OVER and r.heard.problems == []
    score = r.payload.score
    assert score.stopped_by == "north" and score.bonus == "south"
    assert score.bonus_points == 5 and score.totals[1] >= 5
    assert any("north stopped the round" in line for line in score.lines)
    r.controller.act("stop", player="south")  # too late: the round is over
    assert r.heard.problems == ["There is no round under way to stop"]
    totals = r.payload.totals
    r.controller.act("next_round")
    r.place_any("north")
    again = rig(store=r.store)  # a kill: the stopped round replays from the journal
    assert again.payload.round_number == 2 and again.payload.round_totals == (totals,)


def test_a_stop_needs_a_player_and_not_the_kiosks(rig):
    r = rig()
    r.start(mode="kiosk", level=1, human="south", seed=1)
    r.controller.act("stop")
    r.controller.act("stop", player="north")
    assert r.heard.problems == ["Say who stops: north or south",
                                "Only the kiosk stops its own rounds"]
    assert r.phase == Phase.PLAYING


def test_levels_are_one_to_three_and_play_the_opponents_zero_to_two(rig, monkeypatch):
    levels = []
    real_choose = synapse_table.choose

    def choose(state, player, level, rng):
        levels.append(level)
        return real_choose(state, player, level, rng)

    monkeypatch.setattr(synapse_table, "choose", choose)
    r = rig()
    r.controller.wake()
    r.controller.act("start", mode="kiosk", level=0, human="south")
    assert r.heard.problems == ["Choose the kiosk's level: 1, 2 or 3"]
    r.controller.act("start", mode="kiosk", level=3, human="south", seed=2)
    assert r.payload.level == 3 and r.payload.level_name == "Sharp"
    r.clock.advance(PACE[3])
    r.pump_until(lambda: r.payload.left[0] == 16, "the kiosk's first card")
    assert levels == [2]
    r.controller.abandon()
    assert r.store.results("synapse")[-1].played == "kiosk-3"


def test_records_follow_the_store_and_a_reset(rig):
    r = rig()
    r.start(mode="kiosk", level=2, human="south", seed=3)
    r.controller.act("resign", player="south")
    r.controller.act("new_game")
    r.controller.act("start", mode="hotseat", seed=3)
    r.controller.act("stop", player="south")
    r.controller.act("resign", player="south")
    rows = {row.label: row for row in r.payload.records}
    assert set(rows) == {"Two players", "vs the kiosk, Quick"}
    kiosk = rows["vs the kiosk, Quick"]
    assert (kiosk.games, kiosk.first, kiosk.second) == (1, 0, 1)
    assert (rows["Two players"].first, rows["Two players"].second) == (1, 0)
    assert [row.label for row in r.payload.records][0] == "Two players"
    assert r.payload.recent == ("Two players: North won (south resigned)",
                                "vs the kiosk, Quick: The kiosk won (south resigned)")
    r.controller.staff("reset_scores")
    r.controller.pump()
    assert r.payload.records == () and r.payload.recent == ()


def test_a_records_line_shows_the_best_winning_total(rig):
    r = rig()
    r.start(mode="hotseat", seed=2)
    while r.phase != Phase.GAME_OVER:
        if r.phase == Phase.ROUND_OVER:
            r.controller.act("next_round")
        r.place_any("north")
    (row,) = r.payload.records
    assert row.games == 1 and row.best == max(r.payload.totals) > 0
    north, south = r.payload.totals
    assert r.payload.recent == (f"Two players: {r.payload.side_name(r.payload.winner)} won, "
                                f"{max(north, south)} to {min(north, south)}",)


def test_a_bad_cards_file_shows_the_broken_phase_with_every_finding(rig, tmp_path):
    folder = tmp_path / "synapse"
    folder.mkdir()
    (folder / "cards.toml").write_text('[[card]]\nid = "X1"\nowner = "east"\n'
                                       'kind = "standard"\n')
    r = rig(config_dir=tmp_path)
    view = r.controller.view
    assert view.phase == Phase.BROKEN
    assert view.problems and all(p.startswith(str(folder / "cards.toml")) for p in view.problems)
    assert any(":3: " in p and "east" in p for p in view.problems), view.problems
    r.controller.wake()
    r.controller.act("start", mode="hotseat")
    assert r.phase == Phase.BROKEN
    assert r.heard.problems[-1].startswith("Synapse cannot start")


def test_the_cards_file_of_the_config_folder_is_the_one_played(rig, tmp_path):
    from kiosk.games.synapse.content import cards_path

    shipped = cards_path(synapse_table.config_dir(None)).read_text()
    folder = tmp_path / "synapse"
    folder.mkdir()
    (folder / "cards.toml").write_text(shipped.replace('id = "N01"', 'id = "N99"'))
    r = rig(config_dir=tmp_path)
    r.start(mode="hotseat", seed=1)
    ids = {c.card_id for c in r.payload.hands[0]} | {c.card.card_id for c in r.payload.grid}
    assert "N99" in ids and "N01" not in ids


def test_the_records_docstring_holds():
    import doctest

    from kiosk.table.games.synapse import records

    assert doctest.testmod(records).failed == 0
