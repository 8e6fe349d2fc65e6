"""Firmware scenarios that run unchanged under CPython (pytest) and the MicroPython VM.

Each ``check_*`` function builds a fresh simulated board (fake ``machine``, fake
MFRC522 chips, fake tags, fake clock), drives the real firmware and raises
AssertionError when something is wrong. ``run_all()`` prints one "ok <name>" or
"FAIL <name>: <why>" line per scenario, because an uncaught error inside the
MicroPython VM loses its traceback. The caller must have put the firmware, ``wire``
and ``fake_machine`` on the import path, with ``fake_machine`` as ``machine``.
"""

import gc
import sys

import fake_machine as fm
import wire

UID4 = b"\x04\xa1\xb2\xc3"
UID7 = b"\x04\x52\x61\x7a\x4b\x6d\x80"
UID10 = b"\x04\x10\x20\x30\x40\x50\x60\x70\x80\x90"


class Rig:
    """A seat board built by firmware main.build() on a fresh fake world."""

    def __init__(
        self, antennas=5, board_id="seat-3", txn_us=0, sightings=2, misses=3, model=None,
        collpos=None,
    ):
        import board
        import board_config
        import main

        self.world = fm.use(fm.World(txn_us=txn_us, model=model))
        self.chips = []
        for cs, rst in board_config.READERS[:antennas]:
            self.chips.append(self.world.add_reader(cs, rst))
        self.out = []
        self.store = board.MemoryStore(board_id)
        self.escapes = 0

        class Config:
            pass

        config = Config()
        for name in dir(board_config):
            if not name.startswith("_"):
                setattr(config, name, getattr(board_config, name))
        config.READERS = board_config.READERS[:antennas]
        config.SIGHTINGS = sightings
        config.MISSES = misses
        if collpos is not None:
            config.COLLPOS = collpos
        self.board = main.build(
            fm, config, self.out.append, self.store, self.world.clock, self.escape
        )
        self.scanner = self.board.scanner
        self.decoder = wire.Decoder()

    def escape(self):
        self.escapes += 1

    def start(self):
        self.scanner.start()
        self.board.boot()

    def steps(self, n=1):
        for _ in range(n):
            self.board.step()

    def messages(self):
        """Everything sent since the last call, decoded by the kiosk's own decoder."""
        self.board.flush()
        data = b"".join(self.out)
        self.out[:] = []
        got = self.decoder.feed(data)
        if self.decoder.frames_bad:
            raise AssertionError("the board sent a bad frame: " + str(self.decoder.last_error))
        return got

    def events(self):
        return [m for m in self.messages() if type(m) in (wire.TagAdded, wire.TagRemoved)]


def reader(world, cs=17, rst=20, collpos=None):
    """One bare driver on its own fake chip."""
    import machine
    from mfrc522 import COLLPOS_DEFAULT, MFRC522

    chip = world.add_reader(cs, rst)
    spi = machine.SPI(0, baudrate=4000000)
    cs_pin = machine.Pin(cs, machine.Pin.OUT, value=1)
    rst_pin = machine.Pin(rst, machine.Pin.OUT, value=1)
    convention = COLLPOS_DEFAULT if collpos is None else collpos
    driver = MFRC522(spi, cs_pin, rst_pin, world.clock, collpos=convention)
    driver.hard_reset()
    if not driver.init():
        raise AssertionError("init failed")
    return driver, chip


def listing(driver, world, known=()):
    driver.antenna_on()
    world.clock.sleep_us(1000)
    result = driver.inventory(16, 200000, known)
    driver.antenna_off()
    return result


def expect(got, want, what):
    if got != want:
        raise AssertionError(what + ": expected " + repr(want) + ", got " + repr(got))


# ------------------------------------------------------------------ driver


def check_crc_a_vectors():
    from mfrc522 import crc_a

    expect(crc_a(b"\x00\x00"), b"\xa0\x1e", "CRC_A of 00 00 (ISO 14443-3 annex B)")
    expect(crc_a(b"\x12\x34"), b"\x26\xcf", "CRC_A of 12 34 (ISO 14443-3 annex B)")
    expect(crc_a(b"\x50\x00"), b"\x57\xcd", "CRC_A of HLTA")


def check_version_and_init():
    world = fm.use(fm.World())
    driver, chip = reader(world)
    expect(driver.version(), 0x92, "VersionReg")
    expect(chip.regs[0x26] >> 4, 4, "receiver gain 33 dB")
    expect(chip.field_on(), False, "field after init")
    driver.antenna_on()
    expect(chip.field_on(), True, "field after antenna_on")


def check_empty_antenna():
    world = fm.use(fm.World())
    driver, _ = reader(world)
    expect(listing(driver, world), ([], True, 0), "empty antenna")


def check_single_tags_of_every_size():
    for uid in (UID4, UID7, UID10):
        world = fm.use(fm.World())
        driver, chip = reader(world)
        chip.put(fm.FakeTag(uid))
        expect(listing(driver, world), ([uid], True, 0), "one tag of " + str(len(uid)))


def check_many_tags_on_one_antenna():
    world = fm.use(fm.World())
    driver, chip = reader(world)
    uids = [
        UID4,
        b"\x04\xa1\xb2\xc4",  # differs from UID4 in the last byte only
        b"\x05\xa1\xb2\xc3",  # differs in the first bit
        b"\x84\xa1\xb2\xc3",  # differs in bit 7 of byte 0
        UID7,
        b"\x04\x52\x61\x7a\x4b\x6d\x81",  # same CL1 part as UID7
        UID10,
        b"\x04\x10\x20\x30\x40\x50\x60\x70\x80\x91",  # same CL1 and CL2 as UID10
    ]
    for uid in uids:
        chip.put(fm.FakeTag(uid))
    found, complete, status = listing(driver, world)
    expect(found, sorted(uids), "all eight tags")
    expect((complete, status), (True, 0), "complete listing")
    found, complete, _ = listing(driver, world, known=found)
    expect(found, sorted(uids), "all eight again, selected by known UID")


def check_halted_tags_stay_quiet_until_the_field_cycles():
    world = fm.use(fm.World())
    driver, chip = reader(world)
    chip.put(fm.FakeTag(UID4))
    chip.put(fm.FakeTag(UID7))
    driver.antenna_on()
    world.clock.sleep_us(1000)
    first = driver.inventory()
    again = driver.inventory(wake=False)
    woken = driver.inventory()
    driver.antenna_off()
    expect(first[0], sorted([UID4, UID7]), "first listing")
    expect(again[0], [], "REQA-only listing in the same field (all halted)")
    expect(woken[0], sorted([UID4, UID7]), "a listing that starts with WUPA wakes them")
    expect(listing(driver, world)[0], sorted([UID4, UID7]), "after the field cycled")


def check_flipped_bits_never_make_a_ghost():
    for count in (1, 2, 5, 40):
        world = fm.use(fm.World())
        driver, chip = reader(world)
        chip.put(fm.FakeTag(UID4))
        chip.put(fm.FakeTag(UID10))
        chip.flip(count)
        found = listing(driver, world)[0]
        for uid in found:
            if uid not in (UID4, UID10):
                raise AssertionError("ghost UID " + repr(uid) + " after flips")
        if driver.errors < 1:
            raise AssertionError("flipped answers were not noticed")
        expect(listing(driver, world)[0] if count > 5 else found, found, "stable")
    world = fm.use(fm.World())
    driver, chip = reader(world)
    chip.put(fm.FakeTag(UID4))
    chip.flip(1)
    expect(listing(driver, world)[0], [UID4], "one flip is retried within the cycle")


def check_a_lost_answer_costs_at_most_one_cycle_and_no_event():
    truth = sorted([UID4, UID7])
    for after in range(5):  # a steady cycle with two tags has five answers
        rig = Rig(antennas=1)
        rig.chips[0].put(fm.FakeTag(UID4))
        rig.chips[0].put(fm.FakeTag(UID7))
        rig.start()
        rig.steps(3)
        rig.messages()
        rig.chips[0].drop(1, after)
        first = rig.scanner.cycle()[0][0]
        expect(rig.chips[0]._drop, 0, "the loss happened in this cycle")
        for uid in first:
            if uid not in truth:
                raise AssertionError("ghost after losing answer " + str(after))
        expect(rig.scanner.cycle()[0][0], truth, "the cycle after losing answer " + str(after))
        rig.board.step()
        expect(rig.events(), [], "events after losing answer " + str(after))


def check_a_hung_chip_is_reported_as_hang():
    from mfrc522 import HANG

    world = fm.use(fm.World())
    driver, chip = reader(world)
    chip.put(fm.FakeTag(UID4))
    chip.hang()
    expect(driver.alive(), False, "a hung chip's VersionReg")
    expect(listing(driver, world)[2], HANG, "inventory status")


def check_a_silent_antenna_costs_milliseconds_not_a_25_ms_timeout():
    rig = Rig(antennas=5, txn_us=25)
    rig.start()
    rig.steps(1)
    start = rig.world.clock.us()
    rig.steps(1)
    took = (rig.world.clock.us() - start) / 1000
    if took > 5 * 7:
        raise AssertionError("five empty antennas took " + str(took) + " ms")


# ------------------------------------------------------------------ presence


def check_presence_hysteresis():
    from presence import Presence

    lane = Presence(sightings=3, misses=2)
    expect(lane.update([UID4]), ([], []), "1st sighting")
    expect(lane.update([UID4]), ([], []), "2nd sighting")
    expect(lane.update([UID4]), ([UID4], []), "3rd sighting adds")
    expect(lane.update([]), ([], []), "1st miss")
    expect(lane.update([UID4]), ([], []), "seen again resets misses")
    expect(lane.update([]), ([], []), "1st miss again")
    expect(lane.update([], complete=False), ([], []), "a cut-short cycle proves nothing")
    expect(lane.update([]), ([], [UID4]), "2nd miss removes")
    expect(lane.update([UID7]), ([], []), "a single ghost sighting")
    expect(lane.update([]), ([], []), "the ghost is forgotten")
    expect(lane.update([UID7]), ([], []), "and must start counting again")
    expect(lane.present(), [], "nothing present")


# ------------------------------------------------------------------ the board


def check_boot_hello_and_snapshot():
    rig = Rig()
    rig.chips[1].put(fm.FakeTag(UID7))
    rig.start()
    expect(len(rig.out), 1, "boot is one write")
    expect(rig.out[0][:2], b"\x00\x11", "a lone delimiter first, then a frame")
    got = rig.messages()
    hello = wire.Hello("seat-3", rig.board.firmware, 5, [0x92] * 5, 0, 40)
    expect(got, [hello, wire.Snapshot(0, [[]] * 5)], "boot")


def check_tags_added_and_removed_with_sequence_numbers():
    rig = Rig(sightings=2, misses=3)
    rig.start()
    rig.messages()
    rig.chips[2].put(fm.FakeTag(UID4))
    rig.steps(1)
    expect(rig.events(), [], "one sighting is not enough")
    rig.steps(1)
    expect(rig.events(), [wire.TagAdded(1, 2, UID4)], "second sighting")
    rig.chips[4].put(fm.FakeTag(UID10))
    rig.chips[2].lift(UID4)
    rig.steps(2)
    expect(rig.events(), [wire.TagAdded(2, 4, UID10)], "10-byte tag on antenna 4")
    rig.steps(1)
    expect(rig.events(), [wire.TagRemoved(3, 2, UID4)], "third miss removes")
    rig.board.receive(wire.SnapshotRequest().encode())
    got = rig.messages()
    expect(got[-1], wire.Snapshot(3, [[], [], [], [], [UID10]]), "snapshot")


def check_heartbeat_counts_cycles_and_reports_health():
    rig = Rig(antennas=3)
    rig.start()
    rig.steps(1)
    beats = [m for m in rig.messages() if type(m) is wire.Heartbeat]
    expect(beats, [wire.Heartbeat(0, 1, [0, 0, 0])], "first heartbeat")
    start = rig.world.clock.us()
    for _ in range(60):
        rig.steps(1)
    elapsed_ms = (rig.world.clock.us() - start) / 1000
    beats = [m for m in rig.messages() if type(m) is wire.Heartbeat]
    cycles = [b.cycle for b in beats]
    expect(cycles, sorted(set(cycles)), "cycle counters rise")
    if len(beats) < elapsed_ms / 500 or len(beats) > elapsed_ms / 150 + 1:
        raise AssertionError(str(len(beats)) + " heartbeats in " + str(elapsed_ms) + " ms")
    if cycles[-1] < 61 - 200 / (elapsed_ms / 60) - 1:
        raise AssertionError("the last heartbeat is stale: cycle " + str(cycles[-1]))


def check_hung_reader_is_recovered_and_reported():
    rig = Rig(antennas=3)
    rig.start()
    rig.chips[1].put(fm.FakeTag(UID4))
    rig.steps(2)
    rig.messages()
    resets = rig.chips[1].hard_resets
    rig.chips[1].hang()
    rig.world.clock.sleep_us(300000)  # the next heartbeat is due
    rig.steps(1)
    expect(rig.chips[1].hard_resets, resets + 1, "RST toggled once")
    beats = [m for m in rig.messages() if type(m) is wire.Heartbeat]
    expect([b.health for b in beats], [[0, 2, 0]], "heartbeat says recovered")
    rig.world.clock.sleep_us(300000)
    rig.steps(3)
    got = rig.messages()
    beats = [m for m in got if type(m) is wire.Heartbeat]
    expect(beats[-1].health, [0, 0, 0], "and ok after it was reported")
    events = [m for m in got if type(m) in (wire.TagAdded, wire.TagRemoved)]
    expect(events, [], "the tag stayed put through the reset")


def check_dead_reader_goes_silent_and_others_keep_working():
    rig = Rig(antennas=3)
    rig.chips[0].put(fm.FakeTag(UID4))
    rig.chips[2].put(fm.FakeTag(UID7))
    rig.start()
    rig.steps(2)
    rig.messages()
    rig.chips[0].unplug()
    rig.world.clock.sleep_us(300000)
    for _ in range(12):
        rig.steps(1)
    got = rig.messages()
    errors = [m for m in got if type(m) is wire.Error]
    expect(len(errors), 1, "one ERROR frame, not one per cycle")
    expect(errors[0].code, wire.ERR_READER_FAULT, "error code")
    beats = [m for m in got if type(m) is wire.Heartbeat]
    expect(beats[-1].health, [1, 0, 0], "heartbeat health")
    removed = [m for m in got if type(m) is wire.TagRemoved]
    expect(removed, [], "a silent reader's tag is unknown, not gone")
    rig.chips[2].lift(UID7)
    rig.steps(3)
    expect(rig.events(), [wire.TagRemoved(3, 2, UID7)], "antenna 2 still works")


def check_only_one_field_on_at_a_time():
    rig = Rig(antennas=5)
    for chip in rig.chips:
        chip.put(fm.FakeTag(UID4))
    rig.start()
    rig.steps(3)
    expect(rig.world.most_fields_on, 1, "fields on at once")
    expect(rig.world.bus_conflicts, 0, "two chips selected at once")


def check_ping_set_board_id_and_escape():
    rig = Rig()
    rig.start()
    rig.messages()
    rig.board.receive(wire.Ping(0xDEADBEEF).encode())
    expect(rig.messages(), [wire.Pong(0xDEADBEEF)], "pong")
    rig.board.receive(b"\x00" + wire.SetBoardId("seat-9").encode())
    hello = wire.Hello("seat-9", rig.board.firmware, 5, [0x92] * 5, 0, 40)
    expect(rig.messages(), [hello], "hello after set id")
    expect(rig.store.load(), "seat-9", "stored id")
    frame = wire.Ping(7).encode()
    rig.board.receive(frame[:3])
    rig.board.receive(frame[3:])
    expect(rig.messages(), [wire.Pong(7)], "a request split over two reads")
    expect(rig.escapes, 0, "no escape yet")
    rig.board.receive(b"\r\x03\r\x01")
    expect(rig.escapes, 1, "mpremote's interrupt at a frame boundary")


def check_run_forever_feeds_the_watchdog_and_survives_a_bad_cycle():
    import main

    rig = Rig(antennas=2)
    dog = fm.WDT(timeout=8000)
    main.run_forever(rig.board, lambda: b"", dog, cycles=5)
    expect(dog.feeds, 5, "fed once per good cycle")
    rig.messages()

    def broken():
        raise ValueError("boom")

    rig.board.step = broken
    main.run_forever(rig.board, lambda: b"", dog, cycles=3)
    expect(dog.feeds, 5, "not fed after failed cycles")
    errors = [m for m in rig.messages() if type(m) is wire.Error]
    expect(errors[-1], wire.Error(wire.ERR_INTERNAL, "internal: ValueError"), "error")


# ------------------------------------------------------------------ shared vectors


def board_frames(script, board_id, firmware="1.0.0"):
    """Play a vector script on the firmware; the frames it sends, heartbeats left out."""
    from binascii import unhexlify

    rig = Rig(board_id=board_id, sightings=2, misses=3)
    rig.board.firmware = firmware
    rig.start()
    for step in script:
        action = step[0]
        if action == "put":
            rig.chips[step[1]].put(fm.FakeTag(unhexlify(step[2])))
            rig.steps(2)
        elif action == "lift":
            rig.chips[step[1]].lift(unhexlify(step[2]))
            rig.steps(3)
        elif action == "request":
            rig.board.receive(wire.SnapshotRequest().encode())
        elif action == "ping":
            rig.board.receive(wire.Ping(step[1]).encode())
        elif action == "set_id":
            rig.board.receive(wire.SetBoardId(step[1]).encode())
    rig.board.flush()
    data = b"".join(rig.out)
    kept = []
    for chunk in data.split(b"\x00")[:-1]:
        if not chunk:
            kept.append(b"\x00")
            continue
        if type(wire.decode_frame(chunk)) is not wire.Heartbeat:
            kept.append(chunk + b"\x00")
    return b"".join(kept)


def check_shared_vectors(path="board_vectors.json"):
    import json
    from binascii import hexlify

    with open(path) as f:
        vectors = json.load(f)
    for vector in vectors:
        got = hexlify(board_frames(vector["script"], vector["board_id"])).decode()
        expect(got, vector["frames"], "vector " + vector["name"])


# ------------------------------------------------------------------ issue 18: every card

# NTAG213s (7-byte UIDs, all 04 ...): the first fan differs inside byte 2 (a collision
# in a split byte at cascade level 1), the second only in the last byte (level 2).
FAN_CL1 = [
    b"\x04\x52\x61\x7a\x4b\x6d\x80",
    b"\x04\x52\x63\x7a\x4b\x6d\x80",
    b"\x04\x52\x67\x7a\x4b\x6d\x80",
]
FAN_CL2 = [
    b"\x04\x52\x61\x7a\x4b\x6d\x80",
    b"\x04\x52\x61\x7a\x4b\x6d\x81",
    b"\x04\x52\x61\x7a\x4b\x6d\x83",
]


def _convention(model):
    from mfrc522 import COLLPOS_FIRST_BIT, COLLPOS_NXP

    return COLLPOS_NXP if model.collpos == fm.COLLPOS_NXP else COLLPOS_FIRST_BIT


def _right_or_says_not(result, truth, what):
    found, complete, status = result
    for uid in found:
        if uid not in truth:
            raise AssertionError(what + ": ghost " + repr(uid))
    if complete and sorted(found) != sorted(truth):
        raise AssertionError(what + ": complete but short: " + repr(found))


def inventory_under(model, fan):
    """1-3 NTAGs fanned in one lane, laid down together: with the matching CollPos
    convention all are listed and the listing is complete; with the other one the
    listing is never ghostly, and never complete when short. One fan per scenario, so
    one MicroPython VM run stays inside its heap (see test_micropython.py)."""
    from mfrc522 import COLLPOS_FIRST_BIT, COLLPOS_NXP

    right = _convention(model)
    wrong = COLLPOS_FIRST_BIT if right == COLLPOS_NXP else COLLPOS_NXP
    for count in (1, 2, 3):
        truth = sorted(fan[:count])
        for convention in (right, wrong):
            world = fm.use(fm.World(model=model))
            driver, chip = reader(world, collpos=convention)
            driver.antenna_on()
            for uid in truth:  # laid down together, in the field
                chip.put(fm.FakeTag(uid))
            world.clock.sleep_us(1000)
            result = driver.inventory(16, 200000)
            driver.antenna_off()
            what = model.name + " " + str(count) + " tags, convention " + str(convention)
            _right_or_says_not(result, truth, what)
            if convention == right:
                expect(result, (truth, True, 0), what)
            again = listing(driver, world, known=result[0])
            _right_or_says_not(again, truth, what + ", second cycle")


def board_under(model):
    """Cards present at boot on every lane of a board, 1-3 per lane: all reported in
    the boot cycles, in the snapshot, with the model's VersionReg in HELLO."""
    rig = Rig(antennas=3, model=model, collpos=_convention(model))
    for antenna in range(3):
        for uid in FAN_CL1[: antenna + 1]:
            rig.chips[antenna].put(fm.FakeTag(uid))
    rig.start()
    hello = rig.messages()[0]
    expect(hello.versions, [model.version] * 3, "versions in hello")
    rig.steps(3)
    rig.board.receive(wire.SnapshotRequest().encode())
    got = rig.messages()
    want = [sorted(FAN_CL1[: n + 1]) for n in range(3)]
    expect(got[-1].tags, want, model.name + ": snapshot after boot")
    beats = [m for m in got if type(m) is wire.Heartbeat]
    expect(beats[-1].health, [0, 0, 0], model.name + ": health")


class _ModelScenario:
    """One check run under one chip model (MicroPython closures cannot be renamed)."""

    def __init__(self, model, make, part=None, part_name=""):
        self.model = model
        self.make = make
        self.part = part
        self.__name__ = "check_" + make.__name__ + "_" + model.name + part_name

    def __call__(self):
        if self.part is None:
            self.make(self.model)
        else:
            self.make(self.model, self.part)


def check_every_version_but_00_and_ff_is_alive():
    for version in (0x91, 0x92, 0x82, 0x88, 0x12, 0xB2, 0x01, 0xFE):
        world = fm.use(fm.World())
        driver, _ = reader(world)
        world.chips_by_cs[17].regs[0x37] = version
        expect(driver.alive(), True, "VersionReg " + hex(version))
    for version in (0x00, 0xFF):
        world = fm.use(fm.World())
        driver, _ = reader(world)
        world.chips_by_cs[17].regs[0x37] = version
        expect(driver.alive(), False, "VersionReg " + hex(version))


def check_garbled_answers_make_an_incomplete_lane_never_an_empty_one():
    world = fm.use(fm.World())
    driver, chip = reader(world)
    chip.put(fm.FakeTag(UID7))
    chip.garble(1000)
    found, complete, _ = listing(driver, world)
    expect((found, complete), ([], False), "a lane whose answers all come garbled")
    chip.garble(-1000)
    chip._garble = 0
    expect(listing(driver, world), ([UID7], True, 0), "clean again")


def _fanned_lane_counted_the_wrong_way():
    """Lane 1 holds one card, then three fanned ones, with the board's CollPos
    convention not the chips': a heartbeat at once says lane 1 is incomplete."""
    from mfrc522 import COLLPOS_FIRST_BIT

    rig = Rig(antennas=3, collpos=COLLPOS_FIRST_BIT)  # the chips count NXP's way
    rig.chips[1].put(fm.FakeTag(UID4))
    rig.start()
    rig.steps(3)
    got = rig.messages()
    expect([m for m in got if type(m) is wire.TagAdded], [wire.TagAdded(1, 1, UID4)], "one")
    for uid in FAN_CL1:
        rig.chips[1].put(fm.FakeTag(uid))
    rig.steps(1)
    got = rig.messages()
    beats = [m for m in got if type(m) is wire.Heartbeat]
    expect(beats[-1].health, [0, 3, 0], "a heartbeat at once says lane 1 is incomplete")
    return rig


def check_an_incomplete_lane_is_reported_and_keeps_its_cards():
    rig = _fanned_lane_counted_the_wrong_way()
    rig.steps(10)
    got = rig.messages()
    removed = [m for m in got if type(m) is wire.TagRemoved]
    expect(removed, [], "an incomplete lane proves no card gone")


def check_an_incomplete_lane_is_whole_again_after_set_collpos():
    rig = _fanned_lane_counted_the_wrong_way()
    rig.board.receive(wire.SetCollPos(wire.COLLPOS_NXP).encode())
    expect(rig.messages()[-1].collpos, wire.COLLPOS_NXP, "HELLO after SET_COLLPOS")
    rig.steps(3)
    got = rig.messages()
    added = sorted(m.uid for m in got if type(m) is wire.TagAdded)
    expect(added, sorted(FAN_CL1), "with NXP's convention the three are found")
    beats = [m for m in got if type(m) is wire.Heartbeat]
    expect(beats[-1].health, [0, 0, 0], "and the lane is whole again")


def check_neighbours_interleave_and_stay_dark_long_enough():
    from scanner import FIELD_OFF_US

    rig = Rig(antennas=5)
    rig.start()
    rig.world.field_events = []
    rig.steps(2)
    ons = [(t, rig.chips.index(chip)) for t, chip, on in rig.world.field_events if on]
    expect([a for _, a in ons], [0, 2, 4, 1, 3] * 2, "polling order")
    last_off = {}
    for t, chip, on in rig.world.field_events:
        index = rig.chips.index(chip)
        if not on:
            last_off[index] = t
            continue
        for other in (index - 1, index, index + 1):
            if other in last_off and t - last_off[other] < FIELD_OFF_US:
                raise AssertionError("antenna " + str(index) + " lit too soon after " + str(other))


def check_a_card_between_two_lanes_is_reported_on_both():
    for model in (fm.MODELS[0], fm.MODELS[4]):  # tags forget HALT at once; keep it 20 ms
        rig = Rig(antennas=3, model=model)
        tag = fm.FakeTag(UID7)
        rig.chips[0].put(tag)
        rig.chips[1].put(tag)  # the same card, in both fields
        rig.start()
        rig.steps(4)
        added = [(m.antenna, m.uid) for m in rig.events()]
        expect(sorted(added), [(0, UID7), (1, UID7)], model.name + ": on both lanes")


def host_silence(pace_ms):
    """The host stops reading for 30 s of board time. ``pace_ms`` of idle time between
    cycles makes the same 30 s out of fewer cycles (the MicroPython VM's heap holds
    about a hundred), and only makes the watchdog's gaps longer."""
    import main

    rig = Rig(antennas=2)
    usb = fm.FakeUsb(rig.world)
    link = main.UsbLink(fm.FakeSelect, stdin=usb, stdout=usb)
    rig.board.write = link.write
    rig.chips[0].put(fm.FakeTag(UID4))
    dog = fm.WDT(timeout=8000)
    main.run_forever(rig.board, link.read, dog, cycles=5)  # the card is reported
    usb.host_reads(False)
    clock = rig.world.clock
    stop = clock.ms()
    cycles = 0
    while clock.ms() - stop < 30000:
        main.run_forever_step(rig.board, link.read, dog)
        clock.sleep_ms(pace_ms)
        cycles += 1
    expect(dog.expired, 0, "watchdog expiries")
    if dog.longest_ms > 1000:
        raise AssertionError("the loop went " + str(dog.longest_ms) + " ms unfed")
    if usb.blocked_ms > 500:
        raise AssertionError("writes blocked " + str(usb.blocked_ms) + " ms in all")
    # one heartbeat falls due per cycle once 200 ms passed; the first few still fit the buffer
    if rig.board.dropped < min(100, cycles // 2):
        raise AssertionError("only " + str(rig.board.dropped) + " heartbeats counted as dropped")
    if rig.board.writes > cycles + 6:
        raise AssertionError("more than one write per cycle")
    before = len(usb.received)
    usb.host_reads(True)
    usb.host_sends(wire.Ping(5).encode())
    for _ in range(10):
        main.run_forever_step(rig.board, link.read, dog)
    messages = wire.Decoder().feed(bytes(usb.received[before:]))
    beats = [m for m in messages if type(m) is wire.Heartbeat]
    if not beats or beats[-1].dropped != rig.board.dropped:
        raise AssertionError("the count did not reach the host: " + repr(beats[-1:]))
    expect(wire.Pong(5) in messages, True, "it answers the host again")


def check_a_host_that_stops_reading_for_30_s_costs_heartbeats_not_a_reboot():
    host_silence(0)


def check_a_host_that_stops_reading_for_30_s_in_long_steps():
    host_silence(400)


# ------------------------------------------------------------------ runner

SCENARIOS = [
    check_crc_a_vectors,
    check_version_and_init,
    check_empty_antenna,
    check_single_tags_of_every_size,
    check_many_tags_on_one_antenna,
    check_halted_tags_stay_quiet_until_the_field_cycles,
    check_flipped_bits_never_make_a_ghost,
    check_a_lost_answer_costs_at_most_one_cycle_and_no_event,
    check_a_hung_chip_is_reported_as_hang,
    check_a_silent_antenna_costs_milliseconds_not_a_25_ms_timeout,
    check_presence_hysteresis,
    check_boot_hello_and_snapshot,
    check_tags_added_and_removed_with_sequence_numbers,
    check_heartbeat_counts_cycles_and_reports_health,
    check_hung_reader_is_recovered_and_reported,
    check_dead_reader_goes_silent_and_others_keep_working,
    check_only_one_field_on_at_a_time,
    check_ping_set_board_id_and_escape,
    check_run_forever_feeds_the_watchdog_and_survives_a_bad_cycle,
    check_every_version_but_00_and_ff_is_alive,
    check_garbled_answers_make_an_incomplete_lane_never_an_empty_one,
    check_an_incomplete_lane_is_reported_and_keeps_its_cards,
    check_an_incomplete_lane_is_whole_again_after_set_collpos,
    check_neighbours_interleave_and_stay_dark_long_enough,
    check_a_card_between_two_lanes_is_reported_on_both,
    check_a_host_that_stops_reading_for_30_s_costs_heartbeats_not_a_reboot,
    check_a_host_that_stops_reading_for_30_s_in_long_steps,
]
for _model in fm.MODELS:
    SCENARIOS.append(_ModelScenario(_model, inventory_under, FAN_CL1, "_cl1"))
    SCENARIOS.append(_ModelScenario(_model, inventory_under, FAN_CL2, "_cl2"))
    SCENARIOS.append(_ModelScenario(_model, board_under))


def run_all(names=None, vectors=None):
    passed = 0
    chosen = [s for s in SCENARIOS if names is None or s.__name__ in names]
    for scenario in chosen:
        try:
            scenario()
            print("ok", scenario.__name__)
            passed += 1
        except Exception as exc:
            print("FAIL", scenario.__name__ + ":", repr(exc))
            if hasattr(sys, "print_exception"):
                sys.print_exception(exc)
    if vectors is not None:
        try:
            check_shared_vectors(vectors)
            print("ok check_shared_vectors")
            passed += 1
        except Exception as exc:
            print("FAIL check_shared_vectors:", repr(exc))
        chosen = chosen + [check_shared_vectors]
    if hasattr(gc, "mem_alloc"):  # MicroPython: how much of the heap the run used
        print("heap used", gc.mem_alloc(), "free", gc.mem_free())
    print("passed", passed, "of", len(chosen))
