"""The controller: binds hardware events to a game session, owns the clock and the
store, and reports upward through listener methods. No Kivy. See :mod:`.api`."""
