"""SQLite persistence: the :class:`SQLiteStore` (scores, progress, journals, tag map).

No Kivy, no hardware access: the controller talks to the store through
:class:`kiosk.table.store.Store`; staff tools use ``store.tags`` for the tag map.
"""

from kiosk.store.schema import LATEST, SchemaTooNew, StoreOpenError
from kiosk.store.sqlite_store import SQLiteStore
from kiosk.store.tag_csv import TagCsvError, TagRecord
from kiosk.store.tags import StoredTags, TagAlreadyBound

__all__ = ["LATEST", "SQLiteStore", "SchemaTooNew", "StoreOpenError", "StoredTags",
           "TagAlreadyBound", "TagCsvError", "TagRecord"]
