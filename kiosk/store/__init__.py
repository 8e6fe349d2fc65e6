"""SQLite persistence: the :class:`SQLiteStore` (scores, progress, journals, tag map),
and the :class:`WriteBehindStore` the table uses in front of it, which keeps the writes a
full, locked or read-only database refuses and saves them once it can.

No Kivy, no hardware access: the controller talks to the store through
:class:`kiosk.store.protocol.Store`; staff tools use ``store.tags`` for the tag map. Why a
database cannot be used is a :class:`~kiosk.store.faults.StoreFault`.
"""

from kiosk.store.schema import LATEST, SchemaTooNew, StoreOpenError
from kiosk.store.sqlite_store import SQLiteStore
from kiosk.store.tag_csv import TagCsvError, TagRecord
from kiosk.store.tags import StoredTags, TagAlreadyBound
from kiosk.store.write_behind import WriteBehindStore

__all__ = ["LATEST", "SQLiteStore", "SchemaTooNew", "StoreOpenError", "StoredTags",
           "TagAlreadyBound", "TagCsvError", "TagRecord", "WriteBehindStore"]
