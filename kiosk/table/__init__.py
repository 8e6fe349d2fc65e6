"""The controller: binds hardware events to a game session, owns the clock and the
store, and reports upward through listener methods. No Kivy. See :mod:`.api`.

- :mod:`.api` — the contract with the UI (TableView, Phase, Sound, listener, commands).
- :mod:`.controller` — :class:`~.controller.TableController`: the queue, ``pump()``, the
  single writer of state; game-agnostic.
- :mod:`.games` — the :class:`~.games.TableGame` protocol and Effects; each game's
  table logic is a package inside it, listed in :mod:`kiosk.registry`.
- :mod:`.hardware_status` — what the hardware can do now, in words; the stop-time read.
- :mod:`.compose` — ``build_simulated`` and ``build_real`` for the composition root.
- :mod:`.tag_book` — the live tag map kept in the store (seeded once from config/tags).
- :mod:`.enroll` (+ :mod:`.enroll_console` for ``kiosk enroll``) — binding card tags;
  :mod:`.deck_check` — the setup deck check; a card game's staff tools use them.

The Store protocol and MemoryStore live with the store (:mod:`kiosk.store.protocol`).
"""
