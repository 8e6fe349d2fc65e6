"""Switching the table's language at run time: the shown screen's texts change at once
(kv texts and those its Python writes), the choice is kept in the store settings, and
the screens built later come up in it."""

from __future__ import annotations

from kiosk import i18n


def test_the_attract_language_button_switches_the_shown_screen(make_pilot, real_driver):
    driver = real_driver()
    pilot = make_pilot(driver.controller, size=(800, 480))
    pilot.until(lambda: pilot.showing("attract"))
    assert "Pick a game" in pilot.labels()
    pilot.press("Français")
    pilot.until(lambda: "Choisissez un jeu" in pilot.labels())
    labels = pilot.labels()
    assert "Pick a game" not in labels
    assert "Jouer à Sync or Swim" in labels           # a kv text, re-evaluated
    assert "3 à 6 joueurs" in labels                  # a text attract.py writes
    assert driver.store.setting("language") == "fr"   # kept for the next start
    assert pilot.app.view.language == "fr"
    pilot.press("English")
    pilot.until(lambda: "Pick a game" in pilot.labels())
    assert driver.store.setting("language") == "en"


def test_settings_choose_the_language_and_later_screens_follow(make_pilot, real_driver):
    driver = real_driver()
    pilot = make_pilot(driver.controller)
    app = pilot.app
    pilot.until(lambda: pilot.showing("attract"))
    app.screens.get_screen("settings").unlocked = True
    app.open_overlay("settings")
    pilot.until(lambda: pilot.showing("settings"))
    assert "Staff settings" in pilot.labels()
    pilot.press("Français")
    pilot.until(lambda: "Réglages du personnel" in pilot.labels())
    assert any(text.startswith("Plots d'arrêt") for text in pilot.labels())  # hardware
    assert "Ballets ouverts et verrouillés" in [b.text for b in pilot.widgets()
                                           if hasattr(b, "fill")]  # a game's staff button
    pilot.press("Terminé")
    pilot.until(lambda: pilot.showing("attract"))
    assert "Choisissez un jeu" in pilot.labels()  # built again, in French
    pilot.press("Jouer à Sync or Swim")
    pilot.until(lambda: pilot.showing("choose"))
    assert "Combien de nageurs\u00a0?" in pilot.labels()


def test_a_table_starts_in_the_language_its_store_keeps(make_pilot, real_driver):
    from kiosk.store.protocol import MemoryStore

    driver = real_driver(store=MemoryStore({"language": "fr"}))
    pilot = make_pilot(driver.controller)
    pilot.until(lambda: pilot.showing("attract"))
    assert i18n.language() == "fr"
    assert "Choisissez un jeu" in pilot.labels()


def test_an_unknown_language_is_refused_and_changes_nothing(real_driver):
    driver = real_driver()
    problems = []

    class Listener:
        def __getattr__(self, name):
            return lambda *args: problems.append(args[0]) if name == "on_problem" else None

    driver.controller.set_listener(Listener())
    driver.controller.staff("language", code="xx")
    assert problems and "not shipped" in problems[0]
    assert i18n.language() == "en"
    assert driver.store.setting("language") is None
