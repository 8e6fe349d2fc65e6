"""S.Y.N.C.'s content checker for ``kiosk check``: it has no content files (the café's
phantom and key cards are ids; the box's counts are settings), and the only names its
tags may carry are the synchroniser tokens' (``sync-token-1`` .. ``sync-token-10``), so
``kiosk tags import`` and ``kiosk check`` accept a token tag file. (Not ``check.py``:
that name would hide the rules' ``check`` function in this package.)

>>> sorted(card_names(None, []))[:2], check_content(None)
(['sync-token-1', 'sync-token-10'], [])
"""

from __future__ import annotations

from typing import Any

TOKEN_PREFIX = "sync-token-"
TOKENS = 10  # numbered tokens a seat's set holds: the most open phantoms (6 + 4 won rounds)


def check_content(config_dir: Any) -> list[tuple[str, int, str]]:
    return []


def card_names(config_dir: Any, findings: list) -> set[str]:
    return {f"{TOKEN_PREFIX}{n}" for n in range(1, TOKENS + 1)}
