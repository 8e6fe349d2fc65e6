"""One screen per phase (plus the tutorial, the icon reference and settings, which the
players or staff open themselves). Each is a ``.py`` + ``.kv`` pair."""

from __future__ import annotations

from kiosk.table.api import Phase

# Which screen shows each phase.
PHASE_SCREENS = {
    Phase.ATTRACT: "attract",
    Phase.CHOOSING: "choose",
    Phase.SETUP: "setup",
    Phase.ROUND_READY: "round",
    Phase.PRACTICE: "round",
    Phase.TIME_OUT: "round",
    Phase.READING: "round",  # the timer stopped: the round stays up while cards are read
    Phase.JUDGE_BY_HAND: "judge",
    Phase.PERFORMANCE: "performance",
    Phase.SCORE: "score",
    Phase.BROKEN: "broken",
}
# Screens opened from a button, not by the phase; closing one returns to the phase's.
OVERLAY_SCREENS = ("tutorial", "icons", "settings", "enroll")
# Screens kept once built: the ones every round comes back to. Any other screen is
# dropped when left and built again when next needed (attract, choosing, setup and the
# score come once a routine). Judging by hand is dropped too: keeping it cost ~4 MB
# after a routine (``python -m benchmarks ui``), building it on the stop ~90 ms here,
# while the players are busy turning their cards over anyway.
KEPT_SCREENS = ("round", "performance")


def screen_classes() -> dict:
    """Screen name -> class; importing here keeps Kivy out of ``PHASE_SCREENS`` users."""
    from kiosk.ui.screens.attract import AttractScreen
    from kiosk.ui.screens.broken import BrokenScreen
    from kiosk.ui.screens.choose import ChooseScreen
    from kiosk.ui.screens.enroll import EnrollScreen
    from kiosk.ui.screens.icons import IconsScreen
    from kiosk.ui.screens.judge import JudgeScreen
    from kiosk.ui.screens.performance import PerformanceScreen
    from kiosk.ui.screens.round import RoundScreen
    from kiosk.ui.screens.score import ScoreScreen
    from kiosk.ui.screens.settings import SettingsScreen
    from kiosk.ui.screens.setup import SetupScreen
    from kiosk.ui.screens.tutorial import TutorialScreen

    return {
        "attract": AttractScreen,
        "choose": ChooseScreen,
        "setup": SetupScreen,
        "round": RoundScreen,
        "judge": JudgeScreen,
        "performance": PerformanceScreen,
        "score": ScoreScreen,
        "broken": BrokenScreen,
        "tutorial": TutorialScreen,
        "icons": IconsScreen,
        "settings": SettingsScreen,
        "enroll": EnrollScreen,
    }
