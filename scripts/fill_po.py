"""Fill a language's kiosk.po from a translator's working list, a Python file that
defines ``FR = {msgid: msgstr}`` (named after the language code; a message with a
context is keyed ``(context, msgid)``):
``python scripts/fill_po.py fr LIST.py [--replace]``. Without ``--replace`` only
untranslated messages are filled."""

import runpy
import sys

from babel.messages.pofile import write_po

from kiosk.locale_tools import po_path, read_catalog

code, source = sys.argv[1], sys.argv[2]
replace = "--replace" in sys.argv[3:]
table = runpy.run_path(source)[code.upper()]
catalog = read_catalog(code)
filled = 0
for message in catalog:
    key = (message.context, message.id) if message.context else message.id
    if message.id and key in table and (replace or not message.string):
        message.string = table[key]
        filled += 1
with po_path(code).open("wb") as handle:
    write_po(handle, catalog, width=100, sort_output=False)
print(f"{filled} messages filled")
