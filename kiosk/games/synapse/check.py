"""Check the Synapse content of a config folder (``synapse/cards.toml``): every
problem with its line, read by the loader the game itself uses
(:func:`.content.read_cards`). Synapse has no physical cards, so no tag file may name
one: :func:`card_names` is always the empty set.
"""

from __future__ import annotations

from pathlib import Path

from .content import Finding, read_cards


def check_content(config_dir: Path) -> list[Finding]:
    """Every problem in the Synapse content of ``config_dir``."""
    _, findings = read_cards(Path(config_dir))
    return findings


def card_names(config_dir: Path, findings: list[Finding] | None = None) -> set[str] | None:
    """The cards tag files may name: none (Synapse's cards live on the screen)."""
    return set()
