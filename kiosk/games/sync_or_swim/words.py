"""The words the rules engine writes — rule texts and the judge's reasons — in the
table's language (:mod:`kiosk.i18n`, standard library only). English is composed as
it always was; each piece is a whole phrase with named slots, so a language that puts
the colour after the noun (French: "une carte bleue") or agrees it in number
("deux cartes bleues") reorders and agrees in its catalogue.

>>> card_phrase("blue", "7", "", plural=False)
'7 blue card'
"""

from __future__ import annotations

from kiosk.i18n import N_, _, pgettext

NOUN = {"colour": N_("colour"), "value": N_("value"), "parity": N_("parity"),
        "hand": N_("hand icon"), "foot": N_("foot icon")}
NOUNS = {"colour": N_("colours"), "value": N_("values"), "parity": N_("parities"),
         "hand": N_("hand icons"), "foot": N_("foot icons")}
WHOM_SAME = {"the others": N_("same {noun} as the others"),
             "the neighbours": N_("same {noun} as the neighbours")}
WHOM_DIFFERENT = {"the others": N_("different {nouns} from the others"),
                  "the neighbours": N_("different {nouns} from the neighbours")}
WHOM_SEQUENTIAL = {"the others": N_("sequential with the others"),
                   "the neighbours": N_("sequential with the neighbours")}
NOT_COLOUR = {"blue": N_("{card} is not blue"), "yellow": N_("{card} is not yellow"),
              "green": N_("{card} is not green"), "gray": N_("{card} is not grey")}
NO_ICON = {"hand": N_("{card} shows no hand icon"), "foot": N_("{card} shows no foot icon")}
AN_ICON = {"hand": N_("{card} shows a hand icon"), "foot": N_("{card} shows a foot icon")}
NOT_THE_ICON = {
    ("hand", "left"): N_("{card} does not show the left hand icon"),
    ("hand", "both"): N_("{card} does not show the both hand icon"),
    ("hand", "right"): N_("{card} does not show the right hand icon"),
    ("foot", "left"): N_("{card} does not show the left foot icon"),
    ("foot", "both"): N_("{card} does not show the both foot icon"),
    ("foot", "right"): N_("{card} does not show the right foot icon"),
}
WITH_ICON = {
    ("hand", "any"): N_("with a hand icon"), ("foot", "any"): N_("with a foot icon"),
    ("hand", "none"): N_("with no hand icon"), ("foot", "none"): N_("with no foot icon"),
    ("hand", "left"): N_("with the left hand"), ("hand", "both"): N_("with the both hand"),
    ("hand", "right"): N_("with the right hand"), ("foot", "left"): N_("with the left foot"),
    ("foot", "both"): N_("with the both foot"), ("foot", "right"): N_("with the right foot"),
}
SIDE = {("hand", "left"): N_("left hand"), ("hand", "both"): N_("both hand"),
        ("hand", "right"): N_("right hand"), ("foot", "left"): N_("left foot"),
        ("foot", "both"): N_("both foot"), ("foot", "right"): N_("right foot")}
WHO = {1: N_("one swimmer"), 2: N_("two swimmers"), 0: N_("all others")}


def tidy(text: str) -> str:
    """One space between words, none at the ends (an empty slot leaves two)."""
    return " ".join(text.split())


def colour_adjective(colour: str, plural: bool) -> str:
    """A card's colour before (English) or after (French) the noun; ``any``: coloured."""
    if plural:
        words = {"blue": pgettext("cards", "blue"), "yellow": pgettext("cards", "yellow"),
                 "green": pgettext("cards", "green"), "gray": pgettext("cards", "grey"),
                 "any": pgettext("cards", "coloured (not grey)")}
    else:
        words = {"blue": pgettext("card", "blue"), "yellow": pgettext("card", "yellow"),
                 "green": pgettext("card", "green"), "gray": pgettext("card", "grey"),
                 "any": pgettext("card", "coloured (not grey)")}
    return words[colour]


def colour_name(colour: str) -> str:
    """A colour as a noun: 'blue'."""
    return {"blue": pgettext("colour", "blue"), "yellow": pgettext("colour", "yellow"),
            "green": pgettext("colour", "green"), "gray": pgettext("colour", "grey")}[colour]


def value_words(kind: str, n: int, plural: bool = False) -> str:
    """A value rule as said of a card: 'a 7', '7 or higher', 'even'."""
    if kind == "exact":
        return _("a {n}").format(n=n)
    if kind == "min":
        return _("{n} or higher").format(n=n)
    if kind == "max":
        return _("{n} or lower").format(n=n)
    if kind == "even":
        return pgettext("cards", "even") if plural else pgettext("card", "even")
    if kind == "odd":
        return pgettext("cards", "odd") if plural else pgettext("card", "odd")
    return _("any number")


def card_phrase(colour: str, value: str, icons: str, plural: bool) -> str:
    """'7 or higher blue card with a hand icon': the noun and its words, no count."""
    text = _("{value} {colour} cards {icons}") if plural else _("{value} {colour} card {icons}")
    return tidy(text.format(value=value, colour=colour, icons=icons))


def qualities(colour: str, value: str, icons: str) -> str:
    """What a card must be, without the noun: 'blue with a hand icon'."""
    return tidy(_("{value} {colour} {icons}").format(value=value, colour=colour, icons=icons))


def counted(kind: str | None, n: int, one: str, many: str) -> str:
    """A card phrase with its count: 'a blue card', '2 or more blue cards'."""
    if kind is None:
        return _("any number of {cards}").format(cards=many)
    if kind == "exact" and n == 1:
        template = _("a {card}")
        text = template.format(card=one)
        if template == "a {card}" and one[:1] in ("a", "e", "i", "o", "u", "8"):
            text = "an " + one  # English: an odd card, an 8 or higher card
        return text
    if kind == "exact":
        return _("{n} {cards}").format(n=n, cards=many)
    if kind == "min":
        return _("{n} or more {cards}").format(n=n, cards=many)
    if kind == "max":
        return _("up to {n} {cards}").format(n=n, cards=many)
    if kind == "even":
        return _("an even number of {cards}").format(cards=many)
    return _("an odd number of {cards}").format(cards=many)


def cards_word(n: int) -> str:
    if n == 0:
        return _("no card")
    if n == 1:
        return _("1 card")
    return _("{n} cards").format(n=n)


def joined(parts: list[str], joiner: str) -> str:
    return joiner.join(p for p in parts if p)
