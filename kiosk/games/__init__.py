"""Pure rules engines, one package per game. Standard library only.

Nothing here may import Kivy, gpiozero, serial, threads or read the wall clock: times
are passed in as numbers, randomness comes from an injected ``random.Random``.
"""
