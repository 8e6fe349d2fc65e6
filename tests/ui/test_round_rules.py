"""The round screen at the reference size shows every rule face up in full: six rules (five
elements and the twist) each fit their card without the sentence being cut off."""

from __future__ import annotations

from views import fake_in


def test_six_rules_fit_their_cards_at_1280x800(make_pilot):
    from kivy.core.text import Label as CoreLabel

    from kiosk.ui.widgets.rule_card import RuleCard

    pilot = make_pilot(fake_in("round"), size=(1280, 800))
    pilot.settle()  # the rule cards are laid out and their texts sized
    cards = pilot.widgets(RuleCard)
    assert len(cards) == 6
    for card in cards:
        (text,) = [w for w in card.children if getattr(w, "text", None) == card.text]
        whole = CoreLabel(text=text.text, font_size=text.font_size, text_size=(text.width, None),
                          halign="center", markup=True)
        whole.refresh()
        assert whole.texture.height <= text.height, (card.name, whole.texture.size, text.size)
