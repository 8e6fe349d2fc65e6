"""The controller: binds hardware events to a game session, owns the clock and the
store, and reports upward through listener methods. No Kivy. See :mod:`.api`.

- :mod:`.api` — the contract with the UI (TableView, Phase, Sound, listener, commands).
- :mod:`.controller` — :class:`~.controller.TableController`: the queue, ``pump()``, the
  single writer of state; game-agnostic.
- :mod:`.games` — the :class:`~.games.TableGame` protocol, Effects, and the registry.
- :mod:`.sync_or_swim` (+ :mod:`.sync_or_swim_views`) — Sync or Swim at the table.
- :mod:`.hardware_status` — what the hardware can do now, in words; the stop-time read.
- :mod:`.store` — the Store protocol and MemoryStore (settings, scores, journal).
- :mod:`.compose` — ``build_simulated`` and ``build_real`` for the composition root.
- :mod:`.tag_book` — the live tag map kept in the store (seeded once from config/tags).
- :mod:`.enroll` (+ :mod:`.enroll_console` for ``kiosk enroll``) — binding card tags;
  :mod:`.deck_check` — the setup deck check; both reach the app through
  :mod:`.sync_or_swim_staff`.
"""
