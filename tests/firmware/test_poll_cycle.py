"""The poll-cycle estimate holds the issue's target and grows with the tags, as it must."""

from benchmarks import poll_cycle


def test_two_ntag213_per_antenna_fit_in_50_ms_and_more_tags_cost_more():
    rows = {tags: poll_cycle.measure(tags, 25.0) for tags in (0, 2, 3)}
    assert rows[2]["steady"] <= 50.0
    assert rows[0]["steady"] < rows[2]["steady"] < rows[3]["steady"]
    # WUPA/REQA + two SELECT cascade levels + HLTA per 7-byte tag, one closing REQA
    assert rows[2]["frames"] == 5 * 9
    assert 25.0 < rows[2]["air"] < rows[2]["steady"]  # the on-air floor is below the cycle


def test_a_dearer_transfer_or_a_slower_clock_makes_a_slower_cycle():
    assert poll_cycle.measure(2, 40.0)["steady"] > poll_cycle.measure(2, 15.0)["steady"]
    assert poll_cycle.measure(2, 25.0, 2.0)["steady"] > poll_cycle.measure(2, 25.0, 8.0)["steady"]


def test_four_byte_uids_are_cheaper_than_ntag213():
    assert poll_cycle.measure(2, 25.0, uid_size=4)["steady"] < poll_cycle.measure(2, 25.0)["steady"]
