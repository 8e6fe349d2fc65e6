"""Reusable widgets: cards, the big timer, seat dots, rule cards, the two-finger stop,
the score chart and the staff PIN pad. Importing this package registers their kv rules."""

from kiosk.ui import theme  # noqa: F401  (base kv classes first)
from kiosk.ui.widgets import (  # noqa: F401
    basics,  # noqa: F401  (KLabel, KButton before the rest)
    card,
    chart,
    long_press,
    popups,
    rule_card,
    seats,
    stop_circles,
    timer,
)
