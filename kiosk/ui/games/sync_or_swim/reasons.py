"""The judge's reasons, told to players in plain words.

The judge writes one reason per failing swimmer in a fixed shape, exact enough for the
journal and ``kiosk judge``: ``"Seat 4, lane 2: as 'all others: a blue card': played
no card, needs 1 card"``, with cards in their short form (``blue-7-LH``). On the
Performance that reads like a log line. :func:`sentence` takes it apart (the seat,
the swimmer's part, a twist, the options tried, the problem) and says it again as a
sentence; :func:`blamed` finds the cards the reason names, so the screen can mark them.
A reason in a shape this module does not know is still shown, its cards put in words.

>>> sentence("Seat 4, lane 2: as 'all others: a blue card': played no card, needs 1 card")
'Seat 4 played no card but needed 1 card (their part: a blue card).'
>>> sentence("Seat 3, lane 1: blue-7-LH is not yellow")
'Seat 3 played the blue 7 with a left hand, not a yellow card.'
"""

from __future__ import annotations

import re

CARD = r"[a-z]+-\d+(?:-(?:LH|BH|RH|LF|BF|RF))*"   # a card's name: colour-value-icons
_CARD = re.compile(rf"\b{CARD}\b")
_NOUN = r"(colour|value|parity|hand icon|foot icon)"

COLOUR_WORDS = {"gray": "grey"}   # the card names' spelling (a file format), in a sentence
ICON_WORDS = {"LH": "a left hand", "BH": "both hands", "RH": "a right hand",
              "LF": "a left foot", "BF": "both feet", "RF": "a right foot"}
LIMB_WORDS = {("left", "hand"): "a left hand", ("both", "hand"): "both hands",
              ("right", "hand"): "a right hand", ("left", "foot"): "a left foot",
              ("both", "foot"): "both feet", ("right", "foot"): "a right foot"}


def card_words(short: str) -> str:
    """``"blue-7-LH-RF"`` -> ``"blue 7 with a left hand and a right foot"``; gray cards
    are written "grey", as everywhere players read them."""
    colour, value, *icons = short.split("-")
    words = f"{COLOUR_WORDS.get(colour, colour)} {value}"
    if icons:
        words += " with " + " and ".join(ICON_WORDS.get(i, i) for i in icons)
    return words


def in_words(text: str) -> str:
    """Every card short form in ``text`` put in words."""
    return _CARD.sub(lambda m: card_words(m.group(0)), text)


C = rf"({CARD})"
# (pattern of the judge's problem, what the seat did) — first match wins.
PROBLEMS: tuple[tuple[str, str], ...] = (
    (r"played (.+), a run needs 1 each",
     "played {0}, but a run needs exactly one card from each swimmer"),
    (r"played (.+), needs (.+)", "played {0} but needed {1}"),
    (rf"{C} is gr[ae]y, which never counts as a colour",
     "played the {0}, and grey never counts as a colour"),
    (rf"{C} is not (blue|yellow|green)", "played the {0}, not a {1} card"),
    (rf"{C} is not (.+) like the others", "played the {0}, but the others played {1}"),
    (rf"{C} shows no (hand|foot) icon", "played the {0}, which shows no {1}"),
    (rf"{C} shows a (hand|foot) icon", "played the {0}, but no card here may show a {1}"),
    (rf"{C} does not show the (left|both|right) (hand|foot) icon",
     "played the {0}, which does not show {limb}"),
    (rf"{C} breaks 'no card (.+)'", "played the {0}, but no card may be {1} here"),
    (r"gr[ae]y cannot meet '(.+)'",
     "played a grey card, and grey never counts for \u201c{0}\u201d"),
    (rf"{C} has no {_NOUN} and cannot meet '(.+)'",
     "played the {0}, which has no {1} for \u201c{2}\u201d"),
    (rf"{C} and {C} are not the same {_NOUN}",
     "played the {0} and the {1}, which are not the same {2}"),
    (rf"{C} and {C} share the {_NOUN} (.+)",
     "played the {0} and the {1}, both {3}, but they had to be different"),
    (r"the values (.+) are not sequential", "played {0}, which do not climb one by one"),
    (rf"{C} has the same {_NOUN} as neighbou?r seat (\d+)'s {C}",
     "played the {0}, the same {1} as the {3} of seat {2} beside them"),
    (rf"{C} is not the same {_NOUN} as neighbou?r seat (\d+)'s {C}",
     "played the {0}, not the same {1} as the {3} of seat {2} beside them"),
    (rf"{C} has the same {_NOUN} as seat (\d+)'s {C}",
     "played the {0}, the same {1} as seat {2}'s {3}"),
    (r"plays (\d+), but the run clockwise from the captain needs (\d+) here",
     "played a {0}, but the run from the captain needed a {1} here"),
    (r"no element is face up for lane (\d+) yet, so it must stay empty",
     "put cards in lane {0}, which stays empty until its element is face up"),
    (r"this element needs at least (\d+) swimmers",
     "could not play this: it needs at least {0} swimmers at the table"),
    (rf"{C} is not (.+)", "played the {0}, which is not {1}"),
)
_PROBLEMS = tuple((re.compile(pattern + "$"), words) for pattern, words in PROBLEMS)
_REASON = re.compile(r"Seat (\d+), lane (\d+): (.*)$", re.S)
_ROLE = re.compile(r"as '([^']*)': (.*)$", re.S)
_TWIST = re.compile(r"twist '([^']*)': (.*)$", re.S)
_OPTIONS = re.compile(r"meets none of the options: (.*)$", re.S)
_OPTION = re.compile(r"'([^']*)' \((.*?)\)(?: nor |$)", re.S)


def what_happened(problem: str) -> str:
    """One problem phrase of the judge as what the swimmer did ("played the ...")."""
    for pattern, words in _PROBLEMS:
        match = pattern.match(problem)
        if match is None:
            continue
        parts = [card_words(p) if _CARD.fullmatch(p) else p for p in match.groups()]
        limb = ""
        if "{limb}" in words:
            limb = LIMB_WORDS.get((parts[1], parts[2]), f"the {parts[1]} {parts[2]}")
        return words.format(*parts, limb=limb)
    return in_words(problem)


def _options(text: str) -> str:
    tried = [(name, what_happened(problem)) for name, problem in _OPTION.findall(text)]
    if not tried:
        return "met none of the choices: " + in_words(text)
    if len({did for _name, did in tried}) == 1:  # the same miss whatever the choice
        return tried[0][1]
    return "met none of the choices: " + "; ".join(
        f"for \u201c{name}\u201d they {did}" for name, did in tried)


def sentence(reason: str | None) -> str:
    """The judge's reason for one swimmer as a sentence a player understands."""
    if not reason:
        return "This swimmer did not meet it."
    match = _REASON.match(reason)
    if match is None:
        return in_words(reason)
    seat, _lane, rest = match.groups()
    part = twist = None
    role = _ROLE.match(rest)
    if role:
        part, rest = role.groups()
    spun = _TWIST.match(rest)
    if spun:
        twist, rest = spun.groups()
    options = _OPTIONS.match(rest)
    did = _options(options.group(1)) if options else what_happened(rest)
    text = f"Seat {seat} {did}"
    if part:
        text += f" (their part: {part.split(': ', 1)[-1]})"
    if twist:
        text += f" (the twist \u201c{twist}\u201d)"
    return text + "."


def blamed(reason: str | None, shorts: list[str] | tuple[str, ...]) -> tuple[int, ...]:
    """Which of a swimmer's cards (short forms, in lane order) the reason names; all of
    them when it names none, and ``(-1,)`` (the empty place) when they played none."""
    if not reason:
        return ()
    if not shorts:
        return (-1,)
    own = re.split(r"\bseat \d+'s", reason.split(": ", 1)[-1])[0]  # not a neighbour's card
    named = set(_CARD.findall(own))
    picked = tuple(n for n, short in enumerate(shorts) if short in named)
    return picked or tuple(range(len(shorts)))
