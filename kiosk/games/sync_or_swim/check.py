"""Check the Sync or Swim content of a config folder: every problem, with its line.

The content is read by the very loader the kiosk uses (:func:`.library.read_content`),
which collects every problem instead of stopping at the first; so ``kiosk check`` and
the app never disagree about a file. On top of loading, every element and routine is
proven winnable with the deck for 3 to 6 swimmers. The solver's answers are remembered
for the life of the process, so checking again after a small edit is quick.
"""

from __future__ import annotations

import random
from pathlib import Path

from .library import (
    PLAYER_COUNTS,
    Content,
    Finding,
    deck_files,
    read_content,
    read_deck,
)
from .library import card_names as _card_names
from .solver import OutOfBudget, Solver

# Outcomes remembered for the life of the process, keyed by the hashes of what the
# search sees (the cards, each element's mode and clauses, each twist's lane rule; not
# names or texts), each hashed once per check rather than once per lookup.
_SOLVED: dict[tuple[int, ...], str] = {}
_REMEMBERED = 20_000


def check_content(config_dir: Path, budget: int = 60_000) -> list[Finding]:
    """Every problem in the Sync or Swim content of ``config_dir``."""
    config_dir = Path(config_dir)
    content, findings = read_content(config_dir)
    for path in deck_files(config_dir)[1:]:  # other decks name cards the tags may use
        read_deck(path, findings)
    if content is None or findings:
        return findings
    return _winnable(content, budget, config_dir / "sync_or_swim")


def card_names(config_dir: Path, findings: list[Finding] | None = None) -> set[str] | None:
    """Every card of every deck, short form; None if a deck cannot be read (its
    problems go to ``findings``)."""
    return _card_names(config_dir, findings)


def _outcome(cards: tuple, n: int, budget: int, elements: tuple, twists: tuple,
             key: tuple[int, ...]) -> str:
    """'won', 'lost' or 'gave up' for one search, remembered under ``key``."""
    if key not in _SOLVED:
        if len(_SOLVED) >= _REMEMBERED:
            _SOLVED.clear()
        try:
            table = Solver(cards, random.Random(n), budget).solve(
                tuple(range(1, n + 1)), 1, elements, twists)
            _SOLVED[key] = "lost" if table is None else "won"
        except OutOfBudget:
            _SOLVED[key] = "gave up"
    return _SOLVED[key]


def _winnable(content: Content, budget: int, game: Path) -> list[Finding]:
    findings: list[Finding] = []
    hashes = {id(e): hash((e.mode, e.options, e.roles)) for e in content.elements.values()}
    hashes |= {id(t): hash((t.every_lane, t.sudden_depth)) for t in content.twists.values()}
    for n in PLAYER_COUNTS:
        cards = content.deck.for_players(n)
        base = (hash(cards), n, budget)
        for element in content.elements.values():
            key = (*base, hashes[id(element)])
            if _outcome(cards, n, budget, (element,), (), key) == "lost":
                findings.append((str(game / "elements.toml"), None,
                                 f"element '{element.id}' cannot be met by {n} swimmers "
                                 "with this deck"))
            # 'gave up': too slow to prove either way, not reported as a mistake
        for routine in content.campaign:
            key = (*base, *(hashes[id(e)] for e in routine.elements), -1,
                   hashes[id(routine.twist)])
            outcome = _outcome(cards, n, budget, routine.elements, (routine.twist,), key)
            if outcome == "gave up":
                findings.append((str(game / "campaign.toml"), None,
                                 f"routine '{routine.id}': could not show it can be won by {n} "
                                 "swimmers (search gave up); try easier elements"))
            elif outcome == "lost":
                findings.append((str(game / "campaign.toml"), None,
                                 f"routine '{routine.id}' cannot be won by {n} swimmers with "
                                 "this deck: change an element or the twist"))
    return findings
