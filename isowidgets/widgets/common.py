"""Pieces every panel shares, gathered under one name.

Each concept lives in its own module; this one re-exports them so that
``from isowidgets.widgets.common import Messages, Panel, ...`` keeps working:

* :mod:`.css`: the kit's stylesheet (:data:`.CSS`, :func:`.style`);
* :mod:`.chips`: dice as chips (:func:`.die_chip`, :func:`.roll_chips`, :func:`.chain_order`);
* :mod:`messages <.widgets.messages>`: the message area and the one way to run a callback
  (:class:`.Messages`, its ``run`` and ``handler``);
* :mod:`.panel`: the base of every panel (:class:`.Panel`, :func:`.set_options`);
* :mod:`.log` and :mod:`.journal_table`: the paged session log (:class:`.LogView`,
  :class:`.JournalTable`, which adds export buttons);
* :mod:`timeline <.widgets.timeline>`: the live plot (:class:`.Timeline`);
* the table kit: :class:`.DiceEntry` (:mod:`.dice_entry`), :class:`.SessionToolbar`
  (:mod:`.toolbar`), :class:`.Track` and :class:`.Level` (:mod:`.track`).

Design rules kept once for every system: colour is never the only signal (see
:mod:`.chips` and :mod:`.track`); no silent tracebacks (see :mod:`messages <.widgets.messages>`);
the journal is the source of every table and plot, which grow in place as actions are
committed.
"""

from __future__ import annotations

from .chips import DieColour, chain_order, die_chip, roll_chips
from .css import CSS, style
from .dice_entry import DiceEntry
from .journal_table import JournalTable
from .log import LogView
from .messages import Messages
from .panel import Panel, set_options
from .timeline import Timeline, entries_since
from .toolbar import SessionToolbar
from .track import Level, Track

__all__ = [
    "CSS",
    "DiceEntry",
    "DieColour",
    "JournalTable",
    "Level",
    "LogView",
    "Messages",
    "Panel",
    "SessionToolbar",
    "Timeline",
    "Track",
    "chain_order",
    "die_chip",
    "entries_since",
    "roll_chips",
    "set_options",
    "style",
]
