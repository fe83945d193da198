"""Watch the World Die: a collaborative apocalypse with no GM, no characters and no winners.

Players take turns clockwise. Make It Worse rolls a d6 Event Type, adds it to
Pressure and creates an Event from that type's list; Events of types 1–4 may
chain into more. Relieve It buys Societal Responses with 2d6 + Pressure Response
Points; the points left replace Pressure, and spending them all ends the year
with a 2d6 roll against the year's Events, lower bringing the Great Dying.

The game is by Tod Foley, distributed by As If Productions, and copylefted under
an attribution licence; its tables ship as ``tables.toml`` with that notice.

Layout (each module imports only those above it):

* :mod:`.tables`: the tables as validated data, loaded from ``tables.toml``;
* :mod:`.settings`: :class:`.WorldSettings`, one setting per ambiguity (WTWD-A01…A18);
* :mod:`.model`: the frozen state (players, calendar, Pressure, Events, the turn);
* :mod:`.events`: journal events; :mod:`.fold`: their fold into the state;
* :mod:`.odds`: exact odds (the year-end check, one Make It Worse);
* :mod:`.turns` (setup, turns, stop, ``next_steps``), :mod:`.worse` (Make It Worse
  and chains) and :mod:`.relieve` (Relieve It and the year end): the rules as
  functions ``rule(action, …)`` that add events;
* :mod:`.chronicle` (the story per year, Markdown and CSV) and :mod:`.timeline`
  (Pressure over the game), both pure functions of journal entries;
* :mod:`.game`: :class:`.WorldGame`, which journals it all.

No module here imports a widget library.
"""

from .chronicle import (
    Chronicle,
    ChronicleRow,
    ChronicleYear,
    chronicle,
    chronicle_csv,
    chronicle_markdown,
)
from .events import (
    ChainRolled,
    EventCreated,
    EventTypeRolled,
    GameEnded,
    ModeRolled,
    ReliefFinished,
    ResponseBought,
    RPRolled,
    YearEndRolled,
)
from .game import WorldGame
from .model import Turn, WorldEvent, WorldResponse, WorldState
from .odds import WorseOdds, great_dying_chance, worse_distribution
from .settings import WorldSettings
from .tables import Tables, load_tables, parse_tables, shipped_path, shipped_tables
from .timeline import PressureFold, PressurePoint, pressure_timeline

__all__ = [
    "ChainRolled",
    "Chronicle",
    "ChronicleRow",
    "ChronicleYear",
    "EventCreated",
    "EventTypeRolled",
    "GameEnded",
    "ModeRolled",
    "PressureFold",
    "PressurePoint",
    "RPRolled",
    "ReliefFinished",
    "ResponseBought",
    "Tables",
    "Turn",
    "WorldEvent",
    "WorldGame",
    "WorldResponse",
    "WorldSettings",
    "WorldState",
    "WorseOdds",
    "YearEndRolled",
    "chronicle",
    "chronicle_csv",
    "chronicle_markdown",
    "great_dying_chance",
    "load_tables",
    "parse_tables",
    "pressure_timeline",
    "shipped_path",
    "shipped_tables",
    "worse_distribution",
]
