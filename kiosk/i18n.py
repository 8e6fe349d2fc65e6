"""The words the kiosk shows, in the table's language, through the standard library's
:mod:`gettext`. English is the source language: every message is written in English in
the code, marked with :func:`_` (translated now) or :func:`N_` (marked only, for module
constants translated where they are shown), and the catalogues under
``kiosk/locale/<lang>/LC_MESSAGES/kiosk.po`` give the other languages (see
docs/languages.md; ``python -m kiosk.locale_tools`` extracts and compiles them).

One language for the whole process: the table's setting, which the controller applies
(:func:`set_language`) and the UI follows. Standard library only, so the rules engines
may word their reasons through it too (a shared leaf, like :mod:`kiosk.tomlfile`).

>>> set_language("fr"); _("Done")
'Terminé'
>>> set_language("en"); _("Done")
'Done'
"""

from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "kiosk"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE = "en"
# The shipped languages, each named in itself (what the language button shows).
LANGUAGES = {"en": "English", "fr": "Français"}

_translations: dict[str, gettext.NullTranslations] = {}
# "current": what shows now; "default": a table that never chose (``kiosk demo --lang``)
_chosen = {"current": SOURCE, "default": SOURCE}


def translation(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code`` (English: the messages as written)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: use one of {', '.join(LANGUAGES)}")
    if code not in _translations:
        if code == SOURCE:
            _translations[code] = gettext.NullTranslations()
        else:
            _translations[code] = gettext.translation(DOMAIN, LOCALE_DIR, [code],
                                                      fallback=True)
    return _translations[code]


def set_language(code: str) -> None:
    """Show every message in ``code`` from now on (a code of :data:`LANGUAGES`)."""
    translation(code)  # refuses an unknown code before anything changes
    _chosen["current"] = code


def language() -> str:
    return _chosen["current"]


def set_default(code: str) -> None:
    """The language of a table whose store holds no choice (see :func:`default`)."""
    translation(code)
    _chosen["default"] = code


def default() -> str:
    return _chosen["default"]


def known(code: object) -> bool:
    return isinstance(code, str) and code in LANGUAGES


def next_language(code: str) -> str:
    """The language after ``code``, round the shipped ones (the attract screen's button).

    >>> next_language("en"), next_language("fr")
    ('fr', 'en')
    """
    codes = list(LANGUAGES)
    return codes[(codes.index(code) + 1) % len(codes)] if code in codes else SOURCE


def _(message: str) -> str:
    """``message`` in the current language."""
    return translation(_chosen["current"]).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that fits ``n`` in the current language."""
    return translation(_chosen["current"]).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` (one English word, several French forms:
    ``pgettext("cards", "blue")`` is 'bleues', ``pgettext("card", "blue")`` 'bleue')."""
    return translation(_chosen["current"]).pgettext(context, message)


def per_language(method):
    """Like :func:`functools.cached_property`, one value per language: for words a
    frozen value builds once and shows many times (a rule's text, a role's)."""
    name = method.__name__

    def getter(self):
        cache = self.__dict__.setdefault("_words", {})
        key = (name, _chosen["current"])
        if key not in cache:
            cache[key] = method(self)
        return cache[key]

    getter.__doc__ = method.__doc__
    return property(getter)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it: for constants built
    at import time, translated with :func:`_` where they are shown."""
    return message


def gettext_for(code: str):
    """``_`` bound to one language (the kv rules' ``app.tr``)."""
    return translation(code).gettext
