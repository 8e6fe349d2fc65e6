"""The poll-cycle estimate holds the issue's target and grows with the tags, as it must."""

from benchmarks import poll_cycle


def test_two_tags_per_antenna_fit_in_50_ms_and_more_tags_cost_more():
    rows = {tags: poll_cycle.measure(tags, 25.0) for tags in (0, 2, 3)}
    assert rows[2]["steady"] <= 50.0
    assert rows[0]["steady"] < rows[2]["steady"] < rows[3]["steady"]
    assert rows[2]["frames"] == 5 * 7  # REQA+SELECT+HLTA per tag, one closing REQA


def test_a_dearer_transfer_makes_a_slower_cycle():
    assert poll_cycle.measure(2, 40.0)["steady"] > poll_cycle.measure(2, 15.0)["steady"]
