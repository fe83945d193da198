"""Pure-Python rules modules, one per system.

Nothing under this package imports a widget library. Each system holds its state
in immutable values, its rules in plain functions that return events, and a
:class:`~isowidgets.game.Game` subclass that journals those events.
"""
