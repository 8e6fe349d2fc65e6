"""How to play, one step at a time, taught on the first routine (First Splash)."""

from __future__ import annotations

from dataclasses import dataclass

from kivy.factory import Factory
from kivy.properties import NumericProperty, StringProperty

from kiosk.table.games.sync_or_swim.view import CardView, RuleView
from kiosk.ui import theme
from kiosk.ui.screens.base import ViewScreen


@dataclass(frozen=True)
class Step:
    title: str
    text: str
    picture: str = ""


STEPS = (
    Step("Sync or Swim in one minute",
         "You are a team of 3 to 6 swimmers. Together you play cards face down into lanes "
         "so that every rule card on the screen is met, before the timer runs out.",
         "seats"),
    Step("Your cards",
         "Every card has a colour (with its letter and shape: B circle, Y triangle, G square, "
         "grey a dash), a value from 1 to 10, and sometimes a hand or foot icon "
         "(LH, BH, RH, LF, BF, RF). Grey is never a colour.",
         "cards"),
    Step("Rule cards are lanes",
         "Each round turns one more rule card face up. Rule 1 is played in lane 1 of your "
         "platform, rule 2 in lane 2, and so on. Every rule stays in force. Tap a rule "
         "on screen to read more.",
         "rules"),
    Step("SWIM!",
         "The captain presses SWIM! and the timer starts. Look at your cards, talk as much "
         "as you like but never show them, pass cards face down, and place them face down "
         "in your lanes. Need a new card? Discard 2 face up and draw 1.",
         "timer"),
    Step("Ready? Stop!",
         "When you are done, press your seat button and raise your hands. When everyone is "
         "ready, the captain touches BOTH stop pads at once (or both stop circles on the screen).",
         "circles"),
    Step("The Performance",
         "The table reads your cards and shows them lane by lane, from lane 1. IN SYNC: the "
         "next rule joins. NOT IN SYNC or TIME OUT: +10 seconds, and you swim the round "
         "again. The captain role passes left every time.",
         "verdict"),
    Step("The twist",
         "In First Splash, round 6 brings a twist instead of a rule: Sudden Depth. After "
         "you place cards in one of your lanes, pass the cards in your hand to the swimmer "
         "on your left.",
         "twist"),
    Step("Your score",
         "Six rounds make a routine. The faster you finish, counting the time between "
         "rounds too, the higher the score: 100 at best. Ready for First Splash?",
         ""),
)

SAMPLE_CARDS = (
    CardView("blue-7-LH", "blue", 7, "left", None),
    CardView("yellow-2-RF", "yellow", 2, None, "right"),
    CardView("green-10-BH", "green", 10, "both", None),
    CardView("gray-4-BF", "gray", 4, None, "both"),
)
SAMPLE_RULES = (
    RuleView("E13", "Same Colour", "All swimmers play one card of the same colour.",
             "element", 1),
    RuleView("E29", "Hands Up", "Two swimmers play a card with a hand; all others a blue "
             "card.", "element", 2),
)
SAMPLE_TWIST = RuleView("T01", "Sudden Depth", "After you place cards in one of your lanes, "
                        "pass the cards in your hand to the swimmer on your left.", "twist",
                        None)


class TutorialScreen(ViewScreen):
    step = NumericProperty(0)
    steps = NumericProperty(len(STEPS))
    title = StringProperty(STEPS[0].title)
    text = StringProperty(STEPS[0].text)

    def on_pre_enter(self, *_):
        self.step = 0
        self._show()

    def go(self, delta: int) -> None:
        self.step = max(0, min(len(STEPS) - 1, self.step + delta))
        self._show()

    def _show(self) -> None:
        current = STEPS[self.step]
        self.title = f"{self.step + 1}/{len(STEPS)}  {current.title}"
        self.text = current.text
        box = self.ids.picture
        box.clear_widgets()
        for widget in picture(current.picture):
            box.add_widget(widget)

    def finish(self) -> None:
        self.app.close_overlay()


def picture(kind: str) -> list:
    """The widgets that illustrate a step."""
    if kind == "cards":  # fixed-size cards: a row of their own, centred in the picture
        row = Factory.BoxLayout(size_hint=(None, None), spacing=20)
        row.bind(minimum_width=row.setter("width"), minimum_height=row.setter("height"))
        for card in SAMPLE_CARDS:
            row.add_widget(Factory.CardWidget(card=card))
        centre = Factory.AnchorLayout()
        centre.add_widget(row)
        return [centre]
    if kind == "rules":
        return [Factory.RuleCard(rule=rule) for rule in SAMPLE_RULES]
    if kind == "twist":
        return [Factory.RuleCard(rule=SAMPLE_TWIST, new=True)]
    if kind == "timer":
        return [Factory.BigTimer(time_left=20, total=20)]
    if kind == "seats":
        dots = Factory.SeatDots()
        dots.seats = (1, 2, 3, 4)
        dots.ready = frozenset({2, 3})
        dots.captain = 1
        return [dots]
    if kind == "circles":
        return [Factory.StopCircle(), Factory.StopCircle()]
    if kind == "verdict":
        return [Factory.KLabel(text="IN SYNC!", font_base=56, bold=True, color=theme.GOOD),
                Factory.KLabel(text="NOT IN SYNC\n(+10 s)", font_base=44, bold=True,
                               color=theme.BAD)]
    return []


theme.load_kv(__file__)
