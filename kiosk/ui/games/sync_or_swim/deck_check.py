"""The deck check on the setup screen: staff pass the Sync deck over seat 1 lane 1 and
see at once how many of this player count's cards were seen, and which are missing,
extra, or carry a tag the table does not know.

A panel over the setup screen, not a screen of its own: setup stays where it was. The
check runs in the controller (``staff("deck_check_start")``, see
:mod:`kiosk.table.deck_check`); the panel follows ``app.view`` and closes itself when
the check ends (staff press Done, or the routine starts).
"""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.modalview import ModalView

from kiosk.i18n import _
from kiosk.table.games.sync_or_swim.view import SyncStaff
from kiosk.ui import theme

SEAT, LANE = 1, 1


def card_list(cards, empty: str) -> str:
    return "\n".join(cards) if cards else empty


class DeckCheckPanel(ModalView):
    message = StringProperty("")
    progress = NumericProperty(0.0)
    complete = BooleanProperty(False)
    missing_title = StringProperty("Missing")
    missing = StringProperty("")
    extra_title = StringProperty("Extra")
    extra = StringProperty("")
    unknown_title = StringProperty("")
    unknown = StringProperty("")

    @classmethod
    def start(cls) -> DeckCheckPanel:
        """Start the check in the controller and show the panel."""
        app = App.get_running_app()
        app.controller.staff(SyncStaff.DECK_CHECK_START, seat=SEAT, lane=LANE)
        panel = cls()
        panel.open(animation=False)
        return panel

    def on_open(self, *_):
        app = App.get_running_app()
        app.bind(view=self._follow)
        self._follow(app, app.view)

    def on_dismiss(self, *_):
        App.get_running_app().unbind(view=self._follow)

    def finish(self) -> None:
        App.get_running_app().controller.staff(SyncStaff.DECK_CHECK_STOP)
        self.dismiss(animation=False)

    def _follow(self, _app, view) -> None:
        check = view.payload.deck_check if view is not None else None
        if check is None:
            self.dismiss(animation=False)
            return
        self.message = check.message
        self.complete = check.complete
        found = check.expected - len(check.missing)
        self.progress = found / check.expected if check.expected else 0.0
        none = _("none")
        self.missing_title = _("Missing ({count})").format(count=len(check.missing))
        self.missing = card_list(check.missing, none)
        self.extra_title = _("Not in this deck ({count})").format(count=len(check.extra))
        self.extra = card_list(check.extra, none)
        self.unknown_title = _("Unknown tags ({count})").format(count=len(check.unknown))
        self.unknown = card_list(check.unknown, none)


theme.load_kv(__file__)
