"""Widgets for Watch the World Die: a turn panel, a responses shop, the year-end check,
a chart of Pressure, and the chronicle.

* :class:`.WorldTable` composes everything for a notebook (toolbar, messages,
  Pressure as the kit's counter, a form to begin, a manual stop, the session log);
* :class:`.TurnPanel`: whose turn, Make It Worse or Relieve It, the dice (rolled or
  typed, the kit's ``DiceEntry``), the Event to create, the chain as it happens;
* :class:`.ResponseShop`: Response Points left and every Societal Response, those
  out of reach switched off with the reason in words;
* :class:`.YearEndCheck`: the exact chance of the Great Dying, then the 2d6;
* :class:`.PressureChart`: Pressure over the game (plotly), year boundaries, an
  Event marker shaped by its type;
* :class:`.ChronicleView`: the story per year;
* :class:`.WorldMessages`: the kit's message line, naming Events as the table does;
* :mod:`.views`: the pure functions that write what the panels show.

The widgets call :class:`~.WorldGame` and show
what it journals; the rules live in :mod:`isowidgets.rules.watch_the_world_die`.
"""

from .chart import PressureChart
from .chronicle import ChronicleView
from .messages import WorldMessages
from .shop import ResponseShop
from .table import WorldTable
from .turn import TurnPanel
from .views import chain_html, chance_html, chronicle_html, players_html, table_words
from .yearend import YearEndCheck

__all__ = [
    "ChronicleView",
    "PressureChart",
    "ResponseShop",
    "TurnPanel",
    "WorldMessages",
    "WorldTable",
    "YearEndCheck",
    "chain_html",
    "chance_html",
    "chronicle_html",
    "players_html",
    "table_words",
]
