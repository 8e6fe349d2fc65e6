"""Write Synapse's card set: ``.venv/bin/python scripts/synapse_cards.py``.

The set is designed in ``kiosk/games/synapse/design.py`` (deterministic: the same
text every run); this writes it to ``config/synapse/cards.toml``.
"""

from pathlib import Path

from kiosk.games.synapse.design import cards_toml

TARGET = Path(__file__).resolve().parents[1] / "config" / "synapse" / "cards.toml"

if __name__ == "__main__":
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(cards_toml())
    print(f"wrote {TARGET}")
