"""isowidgets: Jupyter widgets for playing, teaching and tuning four tabletop RPG systems.

The package is layered so the rules never depend on the screen:

* :mod:`isowidgets.dice`, :mod:`isowidgets.journal`, :mod:`isowidgets.settings`
  and :mod:`isowidgets.game`: the shared core (dice with explosions and caps,
  the append-only session journal, house-rule settings, the game shell), each
  layer importing only those below it (``tests/unit/test_layers.py`` checks it).
* :mod:`isowidgets.rules`: one pure-Python rules module per system; no widget
  imports.
* :mod:`isowidgets.widgets`: notebook widgets that turn clicks into engine calls
  and engine events into views.

Values (dice, pools, rolls, states, events, settings) are immutable; operations
return new ones. Every error the kit raises on purpose is an
:class:`~isowidgets.errors.IsowidgetsError`.
"""

from . import systems  # noqa: F401  (installs the journal's system finder)
from .dice import D4, D6, D8, D10, D12, D20, DF, Dice, Limits, Pool, PoolRoll, d
from .errors import (
    DiceCapError,
    DiceError,
    FacesError,
    IsowidgetsError,
    JournalError,
    RuleError,
    SaveFileError,
    SettingsError,
)
from .journal import Journal
from .version import __version__

__all__ = [
    "D4",
    "D6",
    "D8",
    "D10",
    "D12",
    "D20",
    "DF",
    "Dice",
    "DiceCapError",
    "DiceError",
    "FacesError",
    "IsowidgetsError",
    "Journal",
    "JournalError",
    "Limits",
    "Pool",
    "PoolRoll",
    "RuleError",
    "SaveFileError",
    "SettingsError",
    "__version__",
    "d",
]
