"""Presence hysteresis: when a tag counts as put down, and when as lifted.

The MFRC522 never says "the card went away", and a card lying still drops out of
single reads now and then (field notes). So a tag is *added* only after
``sightings`` consecutive cycles that saw it, and *removed* only after ``misses``
consecutive cycles that did not. A single cross-talk ghost from the next antenna
therefore never reaches the host, and a flicker never lifts a card.

A cycle whose inventory was cut short (time budget, tag limit, a silent reader)
is passed with ``complete=False``: it can confirm sightings but proves no absence.

>>> lane = Presence(sightings=2, misses=3)
>>> lane.update([b"\\x01\\x02\\x03\\x04"])
([], [])
>>> lane.update([b"\\x01\\x02\\x03\\x04"])
([b'\\x01\\x02\\x03\\x04'], [])
"""


class Presence:
    """Hysteresis for the tags of one antenna."""

    def __init__(self, sightings=2, misses=3):
        if sightings < 1 or misses < 1:
            raise ValueError("sightings and misses must be at least 1")
        self.sightings = sightings
        self.misses = misses
        self._seen = {}  # uid -> consecutive sightings, not yet present
        self._missed = {}  # uid -> consecutive misses, present

    def present(self):
        """The tags the host has been told about, sorted."""
        return sorted(self._missed)

    def update(self, seen, complete=True):
        """Feed one cycle's inventory; returns (added, removed), each sorted."""
        seen = set(seen)
        added = []
        removed = []
        for uid in seen:
            if uid in self._missed:
                self._missed[uid] = 0
                continue
            count = self._seen.get(uid, 0) + 1
            if count >= self.sightings:
                self._seen.pop(uid, None)
                self._missed[uid] = 0
                added.append(uid)
            else:
                self._seen[uid] = count
        if complete:
            for uid in list(self._seen):
                if uid not in seen:
                    del self._seen[uid]
            for uid in list(self._missed):
                if uid in seen:
                    continue
                count = self._missed[uid] + 1
                if count >= self.misses:
                    del self._missed[uid]
                    removed.append(uid)
                else:
                    self._missed[uid] = count
        return sorted(added), sorted(removed)

    def clear(self):
        """Forget everything (a rebooted board starts empty)."""
        self._seen = {}
        self._missed = {}
