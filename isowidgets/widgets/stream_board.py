"""How a system shows its board on the stream: one contract, found by entry point.

A system's stream board is a :class:`StreamBoard` subclass, a read-only view
redrawn from each :class:`~isowidgets.follow.Catch` (the session folded from the
journal by the system's own game class, so a board never computes a rule). It
lives beside the system's widgets (``isowidgets/widgets/<name>/stream.py``) and is
declared in the ``isowidgets.stream_boards`` entry-point group under the system's
name, so the stream finds it without the core naming any system::

    [project.entry-points."isowidgets.stream_boards"]
    isolation = "isowidgets.widgets.isolation.stream:IsolationStreamBoard"

A system that declares none is shown with :class:`RollsBoard` (its recent rolls),
which every journal has. The latest roll, the session's title and its commitment
are drawn by the page (:mod:`isowidgets.stream.page`) for every system alike.

The contract lives with the widgets (a board is one), under the systems' boards and
the stream page that use it; ``isowidgets.stream.board`` names the same objects.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from importlib.metadata import entry_points
from typing import Any, ClassVar

import ipywidgets as widgets

from ..errors import JournalError
from ..follow import Catch
from ..journal import Entry
from .chips import roll_chips
from .i18n import Labels

__all__ = [
    "BOARD_ENTRY_POINT_GROUP",
    "RollsBoard",
    "StreamBoard",
    "board_for",
    "latest_roll_html",
    "rolled_entries",
]

BOARD_ENTRY_POINT_GROUP = "isowidgets.stream_boards"
"""The entry-point group a system declares its stream board in."""


class StreamBoard(widgets.VBox):  # type: ignore[misc]
    """A system's board on the stream: no control, redrawn from each catch.

    Subclasses build their widgets in ``__init__`` (calling this one with the
    children) and update them in place in :meth:`show`, so the browser receives a
    few changed properties per action rather than a new board.

    Args:
        labels: the stream's words (:data:`~isowidgets.stream.words.STREAM_WORDS`) in
            the language the stream speaks.
        children: the board's widgets.
    """

    system: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A board that cannot show a catch is refused where it is written, not on air."""
        super().__init_subclass__(**kwargs)
        if cls.show is StreamBoard.show:
            raise TypeError(f"{cls.__name__} must define show(catch), as StreamBoard says")

    def __init__(self, labels: Labels, children: Sequence[Any] = ()) -> None:
        self.labels = labels
        super().__init__(list(children))
        self.add_class("iw-stream-board")

    def show(self, catch: Catch) -> None:
        """Bring the board in line with ``catch.game.state`` (``catch.rebuilt``: history
        changed, so redraw everything; otherwise ``catch.new`` were added).

        Every subclass defines it (checked when the subclass is defined)."""

    def settle(self) -> None:
        """Called by the page each time a browser has drawn it (see :mod:`.shown`).

        Voila runs the page before a browser connects, so what a widget only sends as
        messages (a plotly chart's points, a graph's fit to its box) reached nobody;
        a board with such a widget sends it again here. Nothing to do for most boards.
        """


def rolled_entries(entries: Sequence[Entry]) -> list[Entry]:
    """The entries whose events hold dice (:meth:`Event.rolls <isowidgets.journal.Event.rolls>`)."""
    return [entry for entry in entries if entry.event.rolls()]


def latest_roll_html(entry: Entry) -> str:
    """One rolled event: its dice as chips (glyph, source, never colour alone) and the
    engine's own description of what they mean."""
    chips = "".join(roll_chips(roll) for roll in entry.event.rolls())
    meaning = html.escape(entry.event.describe())
    return f'<div class="iw-stream-roll">{chips}<p class="iw-stream-meaning">{meaning}</p></div>'


class RollsBoard(StreamBoard):
    """The recent rolls, newest first: the dice tray's board, and the board of any
    system that declares none of its own."""

    system: ClassVar[str] = "tray"
    SHOWN: ClassVar[int] = 5

    def __init__(self, labels: Labels) -> None:
        self.title = widgets.HTML(f"<h2 class='iw-stream-h'>{labels('stream.recent')}</h2>")
        self.rolls = widgets.HTML()
        self.rolls.add_class("iw-stream-rolls")
        super().__init__(labels, [self.title, self.rolls])

    def show(self, catch: Catch) -> None:
        rolled = rolled_entries(catch.game.journal.effective())[::-1][1 : self.SHOWN + 1]
        # The newest roll is the page's "latest roll": the board lists the ones before it.
        items = "".join(f"<li>{latest_roll_html(entry)}</li>" for entry in rolled)
        value = f"<ol class='iw-stream-list'>{items}</ol>" if items else ""
        if self.rolls.value != value:
            self.rolls.value = value


def board_for(system: str) -> type[StreamBoard]:
    """The stream board class ``system`` declares, or :class:`RollsBoard` if none.

    Raises:
        JournalError: the declared object is not a :class:`StreamBoard` subclass.
    """
    point = next((p for p in entry_points(group=BOARD_ENTRY_POINT_GROUP) if p.name == system), None)
    if point is None:
        return RollsBoard
    board = point.load()
    if not (isinstance(board, type) and issubclass(board, StreamBoard)):
        raise JournalError(
            f"the stream board declared for {system!r} ({point.value}) is not a StreamBoard "
            "subclass. Tip: fix the system's isowidgets.stream_boards entry point"
        )
    return board
