"""How a system shows its board on the stream (see :mod:`isowidgets.widgets.stream_board`).

The contract is a widget and lives with the widgets, below the systems' boards and
this package's page; it is named here too, where the stream's entry points
(``isowidgets.stream.board:RollsBoard``) and older imports look for it.
"""

from ..widgets.stream_board import (
    BOARD_ENTRY_POINT_GROUP,
    DicePool,
    Outcome,
    RollsBoard,
    StreamBoard,
    board_for,
    outcome_html,
    rolled_entries,
)

__all__ = [
    "BOARD_ENTRY_POINT_GROUP",
    "DicePool",
    "Outcome",
    "RollsBoard",
    "StreamBoard",
    "board_for",
    "outcome_html",
    "rolled_entries",
]
