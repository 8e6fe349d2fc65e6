"""S.Y.N.C. at the table: synchroniser tokens on the seat readers, moods on the seat LEDs,
one reveal for all, and a group's campaign kept in the store (see ``table.py`` and
``docs/sync-association-table.md``)."""
