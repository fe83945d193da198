"""The stream view: a live, read-only page of a session for an OBS browser source.

``python -m isowidgets.stream PATH`` (or ``make stream SESSION=PATH``) starts Voila on
127.0.0.1 with the kit's server configuration (TCP_NODELAY on kernel websockets, see
:mod:`isowidgets.server`) serving one page, :class:`~isowidgets.stream.page.StreamPage`,
whose kernel follows the journal the GM's notebook writes. It reads the file only
(:class:`~isowidgets.follow.Spectator`): the GM's kernel stays its only writer and the
session's secret never leaves the GM's machine.

Layers:

* :mod:`isowidgets.follow` (core): the read-only spectator of a journal;
* :mod:`.board`: the contract by which a system shows its board (entry-point group
  ``isowidgets.stream_boards``), and the latest-roll view every system shares;
* :mod:`.page`: the page itself; :mod:`words <.isowidgets.words>`: its words in English and Danish;
* :mod:`.launch`: the notebook Voila runs and the command line.
"""

from __future__ import annotations

from .board import BOARD_ENTRY_POINT_GROUP, RollsBoard, StreamBoard, board_for
from .page import SIZES, StreamPage

__all__ = [
    "BOARD_ENTRY_POINT_GROUP",
    "SIZES",
    "RollsBoard",
    "StreamBoard",
    "StreamPage",
    "board_for",
]
