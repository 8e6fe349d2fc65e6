"""An element or twist face up on the table; tap it for the details."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from kiosk.i18n import _
from kiosk.ui import theme


class RuleCard(ButtonBehavior, BoxLayout):
    """``rule`` is a :class:`~kiosk.table.api.RuleView`; ``new`` marks this round's card."""

    rule = ObjectProperty(None, allownone=True)
    new = BooleanProperty(False)
    grow = NumericProperty(1.0)   # text scale: set in kv from the card's width
    heading = StringProperty("")
    name = StringProperty("")
    text = StringProperty("")

    def on_rule(self, _widget, rule) -> None:
        if rule is None:
            return
        self.heading = _("TWIST") if rule.kind == "twist" else _("LANE %s") % rule.lane
        self.name = rule.name
        self.text = rule.text

    def on_release(self) -> None:
        if self.rule is not None:
            from kiosk.ui.widgets.popups import RuleDetails

            RuleDetails(rule=self.rule).open()


theme.load_kv(__file__)
