"""The Kivy touchscreen app for the table. It knows the controller only through
:mod:`kiosk.table.api`; everything it shows comes from one :class:`TableView`.

Layout lives in ``.kv`` files beside each module, behaviour in Python, state in Kivy
properties. Entry points: :func:`kiosk.ui.run.main` and :func:`kiosk.ui.demo.main`.
"""
