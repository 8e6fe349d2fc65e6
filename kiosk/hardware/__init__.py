"""Hardware layer: ports and backends for seat buttons, stop pads and RFID reader boards.

Kept free of Kivy and of game rules so that the same code runs on the table, on a
laptop against the simulated table, and in tests.
"""
