"""The icon reference: what every colour, value, icon and word on a rule card means."""

from __future__ import annotations

from kivy.factory import Factory

from kiosk.table.games.sync_or_swim.view import CardView
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen
from kiosk.ui.widgets.basics import make
from kiosk.ui.widgets.limbs import LimbStrip

COLOUR_ROWS = (
    (CardView("blue-1", "blue", 1, None, None), "Blue: the letter B and a circle."),
    (CardView("yellow-2", "yellow", 2, None, None), "Yellow: the letter Y and a triangle."),
    (CardView("green-3", "green", 3, None, None), "Green: the letter G and a square."),
    (CardView("gray-4", "gray", 4, None, None),
     "Grey: a dash. Grey is never a colour: it cannot meet 'a colour', 'same colour' or "
     "'different colours'."),
)
WORD_ROWS = (
    ("LH BH RH", "Left hand, both hands, right hand."),
    ("LF BF RF", "Left foot, both feet, right foot."),
    ("Even", "2, 4, 6, 8 or 10."),
    ("Odd", "1, 3, 5, 7 or 9."),
    ("7+  3-", "That value or higher; that value or lower."),
    ("Same", "Matches: within your own cards, across the team, or with your neighbours, "
     "as the card says."),
    ("Different", "No two match (in that colour, value or icon)."),
    ("Sequential", "Values that climb by 1, like 4 5 6. Across swimmers the run starts "
     "with the captain and goes left."),
    ("Neighbours", "The swimmers right beside you, left and right."),
    ("No", "A crossed-out item: play no card with it. A crossed-out card: play no card."),
    ("Each", "Every swimmer meets it on their own."),
    ("Team", "Everyone plays it together."),
    ("OR", "Each swimmer OR: pick for yourself. Team OR: the captain picks for everyone."),
    ("1 / 2 / others", "One swimmer does the first part, a second the next, all others "
     "the last."),
    ("#", "Any number of cards."),
)

PICTURED = {"LH BH RH": "hand", "LF BF RF": "foot"}   # terms drawn as the cards draw them


class IconsScreen(ViewScreen):
    def on_pre_enter(self, *_):
        box = self.ids.rows
        if box.children:
            return
        for card, words in COLOUR_ROWS:
            row = make("IconRow", words=words)
            row.ids.visual.add_widget(Factory.CardWidget(card=card))
            box.add_widget(row)
        for term, words in WORD_ROWS:
            row = make("IconRow", words=words)
            if term in PICTURED:  # the cards show these as pictures, so does the reference
                visual = LimbStrip(limb=PICTURED[term], size_hint=(None, None))
                fit = lambda _box, h, v=visual: setattr(v, "size", (h * 1.5, h * 0.45))  # noqa: E731
                fit(None, row.ids.visual.height)
                row.ids.visual.bind(height=fit)
            else:
                visual = Factory.KLabel(text=term, font_base=30, bold=True, color=theme.ACCENT)
            row.ids.visual.add_widget(visual)
            box.add_widget(row)


theme.load_kv(__file__)
