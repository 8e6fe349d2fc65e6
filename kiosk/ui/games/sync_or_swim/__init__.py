"""Sync or Swim's screens: one per phase of its table logic (see
:class:`~kiosk.table.games.sync_or_swim.view.Phase`), plus the tutorial, the icon
reference, the records and leaderboards, the team's name, tagging cards, the deck check
(a panel of the setup screen) and, for staff, which routines are open."""

from __future__ import annotations

from kiosk.table.games.sync_or_swim.view import Phase
from kiosk.ui.games import DevTool, GameScreens, StaffButton

_HERE = "kiosk.ui.games.sync_or_swim"

SCREENS = GameScreens(
    screens={
        "choose": f"{_HERE}.choose:ChooseScreen",
        "setup": f"{_HERE}.setup:SetupScreen",
        "round": f"{_HERE}.round:RoundScreen",
        "judge": f"{_HERE}.judge:JudgeScreen",
        "performance": f"{_HERE}.performance:PerformanceScreen",
        "score": f"{_HERE}.score:ScoreScreen",
        "tutorial": f"{_HERE}.tutorial:TutorialScreen",
        "icons": f"{_HERE}.icons:IconsScreen",
        "enroll": f"{_HERE}.enroll:EnrollScreen",
        "sync_or_swim_records": f"{_HERE}.records:SyncOrSwimRecordsScreen",
        "sync_or_swim_team": f"{_HERE}.team:SyncOrSwimTeamScreen",
        "sync_or_swim_campaign": f"{_HERE}.campaign:SyncOrSwimCampaignScreen",
    },
    phases={
        Phase.CHOOSING: "choose",
        Phase.SETUP: "setup",
        Phase.ROUND_READY: "round",
        Phase.PRACTICE: "round",
        Phase.TIME_OUT: "round",
        Phase.READING: "round",  # the timer stopped: the round stays up while cards are read
        Phase.JUDGE_BY_HAND: "judge",
        Phase.PERFORMANCE: "performance",
        Phase.SCORE: "score",
    },
    tick="round",
    how_to_play="tutorial",
    quick_play="quick_play",
    records="sync_or_swim_records",
    overlays=("tutorial", "icons", "enroll", "sync_or_swim_records", "sync_or_swim_team",
              "sync_or_swim_campaign"),
    # Kept once built: the screens every round comes back to. Judging by hand is dropped
    # when left: keeping it cost ~4 MB after a routine (``python -m benchmarks ui``),
    # building it on the stop ~90 ms here, while the players turn their cards over.
    kept=("round", "performance"),
    staff_buttons=(
        StaffButton("Routines open and locked", overlay="sync_or_swim_campaign"),
        StaffButton("Cards: tag a new deck", overlay="enroll"),
    ),
    follows_view=("enroll", "sync_or_swim_records", "sync_or_swim_campaign"),  # any phase
    leaves_overlay=(Phase.PRACTICE, Phase.READING, Phase.PERFORMANCE, Phase.JUDGE_BY_HAND),
    title="SYNC [color=#00c8e0]or[/color] SWIM",
    dev_tools=(
        DevTool("Winning table [W]", f"{_HERE}.dev:winning_table", "w"),
        DevTool("Losing table [L]", f"{_HERE}.dev:losing_table", "l"),
        DevTool("Any card", f"{_HERE}.dev:any_card"),
    ),
    tips=(
        "A team game for 3 to 6 players. Nobody needs to read the rules.",
        "Play cards face down into lanes so every rule on screen is met.",
        "The table reads your cards and judges the Performance for you.",
        "Talk all you like, but never show your cards.",
        "Beat the clock together: the faster you swim, the higher the score.",
    ),
)
