"""Check the wire codec against wire_vectors.json; runs under CPython and MicroPython.

The same function is called by the CPython test and, inside the MicroPython VM, by
the MicroPython test, so both interpreters are held to the same bytes. It returns
report lines instead of asserting, because a MicroPython failure loses its traceback:
each line is "ok <name>" or "FAIL <name>: <why>".
"""

from binascii import hexlify, unhexlify


def _hex(data):
    return hexlify(bytes(data)).decode()


def build_message(wire, vector):
    """Make the message object a valid vector describes (uid/tags are given in hex)."""
    fields = {}
    for key, value in vector["fields"].items():
        if key == "uid":
            value = unhexlify(value)
        elif key == "tags":
            value = [[unhexlify(uid) for uid in uids] for uids in value]
        fields[key] = value
    return getattr(wire, vector["message"])(**fields)


def _check_valid(wire, vector):
    expected = unhexlify(vector["hex"])
    message = build_message(wire, vector)
    encoded = message.encode()
    if encoded != expected:
        return "encoded " + _hex(encoded)
    payload = wire.cobs_decode(expected[:-1])
    if wire.crc16_pure(payload) != 0 or wire.crc16(payload) != 0:
        return "payload CRC residue is not 0"
    if wire.crc16_pure(payload[:-2]) != wire.crc16(payload[:-2]):
        return "crc16 and crc16_pure disagree"
    decoder = wire.Decoder()
    got = decoder.feed(expected)
    if got != [message] or decoder.frames_ok != 1 or decoder.frames_bad != 0:
        return "decoded " + repr(got)
    # In small pieces, as serial reads deliver it. (Not 1 byte at a time for the big
    # snapshot: that churn faults the wasm MicroPython VM, not the codec.)
    step = 1 if len(expected) < 256 else 7
    decoder = wire.Decoder()
    got = []
    for i in range(0, len(expected), step):
        got.extend(decoder.feed(expected[i : i + step]))
    if got != [message]:
        return "piece-wise decoded " + repr(got)
    return None


def _check_rejected(wire, vector):
    decoder = wire.Decoder()
    data = unhexlify(vector["hex"])
    got = decoder.feed(data)
    if got or decoder.frames_bad != 1 or decoder.bytes_dropped != len(data) - 1:
        return f"not dropped: {got!r} bad={decoder.frames_bad}"
    try:
        wire.decode_frame(data[:-1])
    except wire.WireError:
        return None
    return "decode_frame accepted it"


def _check_incompatible(wire, vector):
    decoder = wire.Decoder()
    got = decoder.feed(unhexlify(vector["hex"]))
    if len(got) != 1 or not isinstance(got[0], wire.Incompatible):
        return "not flagged incompatible: " + repr(got)
    if (got[0].version, got[0].kind) != (vector["version"], vector["kind"]):
        return "wrong notice " + repr(got[0])
    counters = (decoder.frames_ok, decoder.frames_bad, decoder.frames_incompatible)
    if counters != (0, 1, 1):  # counted as a dropped frame: one alone may be noise
        return "counters ok={} bad={} incompatible={}".format(*counters)
    try:
        got = wire.decode_frame(unhexlify(vector["hex"])[:-1])
    except wire.WireError as exc:
        return "decode_frame raised " + str(exc)
    if not isinstance(got, wire.Incompatible):
        return "decode_frame gave " + repr(got)
    return None


def check_all(wire, vectors):
    """Return one report line per vector, plus a final "passed N of M" line."""
    lines = []
    passed = 0
    groups = (
        ("valid", _check_valid),
        ("rejected", _check_rejected),
        ("incompatible", _check_incompatible),
    )
    total = 0
    for key, check in groups:
        for vector in vectors[key]:
            total += 1
            try:
                problem = check(wire, vector)
            except Exception as exc:
                problem = f"raised {type(exc).__name__}: {exc}"
            if problem is None:
                passed += 1
                lines.append("ok " + vector["name"])
            else:
                lines.append("FAIL {}: {}".format(vector["name"], problem))
    if vectors["protocol_version"] != wire.PROTOCOL_VERSION:
        lines.append("FAIL protocol_version: vectors are for another version")
    lines.append(f"passed {passed} of {total}")
    return lines
