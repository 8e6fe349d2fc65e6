"""Table kiosk for game cafés: rules engines, hardware layer, controller and Kivy app."""

__version__ = "0.1.0"
