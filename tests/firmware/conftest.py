"""Put the firmware on the import path the way the board sees it.

On the board every file sits at the top level: ``import wire``, ``import mfrc522``.
So the tests add firmware/ and this folder to sys.path, install the fake
``machine`` in sys.modules before any firmware import, and alias ``wire`` to the
kiosk's own codec module (the deploy step copies that very file as wire.py).
"""

import sys
from pathlib import Path

from kiosk.hardware import usb_name, wire

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
HERE = Path(__file__).resolve().parent

for folder in (str(HERE), str(FIRMWARE)):
    if folder not in sys.path:
        sys.path.insert(0, folder)

import fake_machine  # noqa: E402

sys.modules["machine"] = fake_machine
sys.modules["wire"] = wire
sys.modules["usb_name"] = usb_name  # copied to the board as usb_name.py, as wire.py is
