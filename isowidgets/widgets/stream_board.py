"""How a system shows itself on the stream: its latest resolution first, then its board.

A system's stream board is a :class:`StreamBoard` subclass, a read-only view redrawn
from each :class:`~isowidgets.follow.Catch` (the session folded from the journal by
the system's own game class, so a board never computes a rule). It lives beside the
system's widgets (``isowidgets/widgets/<name>/stream.py``) and is declared in the
``isowidgets.stream_boards`` entry-point group under the system's name, so the stream
finds it without the core naming any system::

    [project.entry-points."isowidgets.stream_boards"]
    isolation = "isowidgets.widgets.isolation.stream:IsolationStreamBoard"

A board answers two things:

* :meth:`StreamBoard.outcome`: the latest thing the table **resolved**, as an
  :class:`Outcome` (what was resolved, the verdict in words with its glyph, what it
  changed, the dice that decided it with their reading), built from the state and the
  journal's events with the stream's own messages (never the engine's prose), so it
  reads in the stream's language. The page leads with it, and a lower third shows only
  it (:func:`outcome_html` draws it the same way for every system).
* :meth:`StreamBoard.show`: the board itself (a map, tracks, a chart), kept in step.

A system that declares no board is shown with :class:`RollsBoard` (its recent rolls,
the latest one as its outcome), which every journal has.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, ClassVar, Literal

import ipywidgets as widgets

from ..dice import PoolRoll, RolledDie
from ..errors import JournalError
from ..follow import Catch
from ..journal import Entry, Rolled
from ..words import Message, msg, plural, render
from .chips import DieColour, roll_chips
from .track import TrackWords

__all__ = [
    "BOARD_ENTRY_POINT_GROUP",
    "DicePool",
    "Outcome",
    "RollsBoard",
    "StreamBoard",
    "Tone",
    "board_for",
    "counted",
    "heading_html",
    "outcome_html",
    "pool_html",
    "rolled_entries",
    "scan_back",
    "track_words",
]

BOARD_ENTRY_POINT_GROUP = "isowidgets.stream_boards"
"""The entry-point group a system declares its stream board in."""

Tone = Literal["success", "partial", "failure", "even"]
"""How a resolution went for those who acted: it picks the card's border style (solid,
dashed, double, dotted) as well as its colour, and the verdict's glyph says it too."""

SCAN = 5000
"""How far back (in effective entries) a board looks for its latest resolution: a
resolution is a few dozen entries, so this bounds the cost of a poll whatever the
session's length."""


@dataclass(frozen=True)
class DicePool:
    """One pool of a resolution's dice, as the stream shows it.

    Attributes:
        label: whose pool it is, and what it is (``Bob · green``).
        roll: the pool's roll (faces, explosions, typed or rolled).
        colour: the kit's die colour (green ``+`` rounded, red ``×`` round, plain).
        counts: which faces count for their owner (filled ``●``) and which do not
            (hollow ``○``); ``None`` where the idea does not apply.
        counted: which dice count where it depends on more than the face (the dice
            kept from a pool); wins over ``counts``.
        reading: what the pool read (``3 evens``, ``result 2``).
    """

    label: Message
    roll: PoolRoll
    colour: DieColour = "plain"
    counts: Callable[[int], bool] | None = None
    counted: Callable[[RolledDie], bool] | None = None
    reading: Message | None = None


@dataclass(frozen=True)
class Outcome:
    """The latest thing the table resolved, as a viewer reads it.

    Attributes:
        key: names this resolution; a new key is a new resolution (the page reveals it).
        heading: what was resolved (``Conflict 2 · Bob: board up the windows``).
        verdict: how it went (``Partial Success``).
        glyph: the verdict's glyph (``△``), never colour alone.
        tone: how it went for those who acted (see :data:`Tone`).
        changes: what it changed, one line each (``Stress 2 → 3``).
        dice: the dice that decided it, in the order they were rolled.
        reading: the dice read in one line (``4 evens − 1 odd: margin +3``).
    """

    key: str
    heading: Message
    verdict: Message
    glyph: str
    tone: Tone
    changes: tuple[Message, ...] = ()
    dice: tuple[DicePool, ...] = field(default_factory=tuple)
    reading: Message | None = None


def _text(message: Message, language: str) -> str:
    return html.escape(render(message, language))


def pool_html(pool: DicePool, language: str) -> str:
    """One pool: its label, the source (``⚄`` rolled, ``✎`` typed) and what it read, then
    its dice as the kit's chips."""
    if pool.roll.source == "typed":
        glyph, source = "✎", msg("stream.typed", "typed in")
    else:
        glyph, source = "⚄", msg("stream.rolled", "rolled")
    said = _text(source, language)
    reading = (
        f' <span class="iw-reading">{_text(pool.reading, language)}</span>'
        if pool.reading is not None
        else ""
    )
    heading = (
        f'<span class="iw-dice-label">{_text(pool.label, language)} '
        f'<span class="iw-stream-source" role="img" title="{said}" aria-label="{said}">'
        f"{glyph}</span>{reading}</span>"
    )
    chips = roll_chips(
        pool.roll,
        colour=pool.colour,
        counts=pool.counts,
        counted=pool.counted,
        heading=heading,
        language=language,
    )
    return f'<div class="iw-stream-pool">{chips}</div>'


def track_words(language: str) -> TrackWords:
    """A track's words (``now 3 (0 or more)``, ``now D8 (3 of 6)``) in the stream's
    language, for every board that shows a counter or a ladder
    (:class:`~.track.Track`)."""

    words = (
        msg("stream.counter.now", "now"),
        msg("stream.counter.current", ", current"),
        msg("stream.counter.place", "{n} of {total}"),
        msg("stream.counter.off", "off the ladder"),
        msg("stream.counter.between", "{low} to {high}"),
        msg("stream.counter.or_more", "{low} or more"),
        msg("stream.counter.below", ", below the lowest"),
        msg("stream.counter.past", ", past the top"),
    )
    now, current, place, off, between, or_more, below, past = (
        render(word, language) for word in words
    )
    return TrackWords(
        now=now,
        current=current,
        place=place,
        off=off,
        between=between,
        or_more=or_more,
        below=below,
        past=past,
    )


def heading_html(title: Message, language: str) -> str:
    """A section's heading on the stream."""
    return f"<h2 class='iw-stream-h'>{_text(title, language)}</h2>"


def outcome_html(outcome: Outcome | None, language: str, *, dice: bool = True) -> str:
    """The outcome card: what was resolved, the verdict with its glyph, what it changed,
    then (with ``dice``) the dice and their one-line reading. Every system's alike.

    The verdict and the changes are revealed after the dice (``iw-reveal-*``
    classes: a short animation the page's stylesheet turns off for a viewer who asks
    for reduced motion).
    """
    if outcome is None:
        waiting = msg("stream.no_outcome", "Nothing resolved yet: the first roll shows here.")
        return f'<div class="iw-outcome iw-outcome--none"><p>{_text(waiting, language)}</p></div>'
    changes = "".join(f"<li>{_text(change, language)}</li>" for change in outcome.changes)
    pools = "".join(pool_html(pool, language) for pool in outcome.dice) if dice else ""
    reading = (
        f'<p class="iw-outcome-reading iw-reveal-verdict">{_text(outcome.reading, language)}</p>'
        if dice and outcome.reading is not None
        else ""
    )
    dice_part = f'<div class="iw-outcome-dice iw-reveal-dice">{pools}</div>' if pools else ""
    return (
        f'<div class="iw-outcome iw-outcome--{outcome.tone}" data-key="{html.escape(outcome.key)}">'
        f'<p class="iw-outcome-head">{_text(outcome.heading, language)}</p>'
        f'<p class="iw-outcome-verdict iw-reveal-verdict"><span class="iw-outcome-glyph" '
        f'aria-hidden="true">{html.escape(outcome.glyph)}</span> '
        f"{_text(outcome.verdict, language)}</p>"
        + (f'<ul class="iw-outcome-changes iw-reveal-verdict">{changes}</ul>' if changes else "")
        + f"{dice_part}{reading}</div>"
    )


class StreamBoard(widgets.VBox):  # type: ignore[misc]
    """A system's board on the stream: no control, redrawn from each catch.

    Subclasses build their widgets in ``__init__`` (calling this one with the
    children) and update them in place in :meth:`show`, so the browser receives a
    few changed properties per action rather than a new board; and they say what the
    table resolved last in :meth:`outcome`.

    Args:
        language: the language the stream speaks (``"en"``, ``"da"``).
        children: the board's widgets.
    """

    system: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A board that cannot show a catch is refused where it is written, not on air."""
        super().__init_subclass__(**kwargs)
        if cls.show is StreamBoard.show:
            raise TypeError(f"{cls.__name__} must define show(catch), as StreamBoard says")

    def __init__(self, language: str, children: Sequence[Any] = ()) -> None:
        self.language = language
        super().__init__(list(children))
        self.add_class("iw-stream-board")

    def say(self, message: Message) -> str:
        """``message`` in the stream's language (plain text)."""
        return render(message, self.language)

    def show(self, catch: Catch) -> None:
        """Bring the board in line with ``catch.game.state`` (``catch.rebuilt``: history
        changed, so redraw everything; otherwise ``catch.new`` were added).

        Every subclass defines it (checked when the subclass is defined)."""

    def summary_words(self, state: Any, text: str) -> str:
        """``text`` (an event's summary: its ``message()`` rendered in the board's language)
        as the table says it with the game at ``state``: a system whose summaries name
        things by id (Watch the World Die's ``event-3``) puts their names in. As written
        by default."""
        return text

    def outcome(self, catch: Catch) -> Outcome | None:
        """The latest thing the table resolved (``None`` before anything was): by
        default the latest roll (:func:`~.stream_board.latest_roll_outcome`); a system says more."""
        return latest_roll_outcome(catch)

    def frame(self, base: int) -> None:
        """The page's base font size in pixels (20 at 720p, 30 at 1080p): a board whose
        widget sizes its text in pixels (a plotly chart) sizes it from this. Nothing to
        do for a board drawn in HTML, which grows with the page in ``em``."""

    def settle(self) -> None:
        """Called by the page each time a browser has drawn it (see :mod:`~.widgets.shown`).

        Voila runs the page before a browser connects, so what a widget only sends as
        messages (a plotly chart's points, a graph's fit to its box) reached nobody;
        a board with such a widget sends it again here. Nothing to do for most boards.
        """


def scan_back(entries: Sequence[Entry], found: Callable[[Entry], bool]) -> int | None:
    """The index of the latest of ``entries`` that ``found`` accepts, looking back at
    most :data:`SCAN` entries (``None`` when there is none that recent)."""
    for index in range(len(entries) - 1, max(-1, len(entries) - 1 - SCAN), -1):
        if found(entries[index]):
            return index
    return None


def counted(changes: Sequence[Message]) -> list[Message]:
    """``changes`` with each one made more than once said once, with the count
    (``New: × red link Alice – Bob (×2)``), in the order they first came."""
    counts: dict[Message, int] = {}
    for change in changes:
        counts[change] = counts.get(change, 0) + 1
    return [
        change if n == 1 else msg("stream.times", "{change} (×{n})", change=change, n=n)
        for change, n in counts.items()
    ]


def rolled_entries(entries: Sequence[Entry]) -> list[Entry]:
    """The entries whose events hold dice (:meth:`Event.rolls <.Event.rolls>`)."""
    return [entry for entry in entries if entry.event.rolls()]


def _notation(roll: PoolRoll) -> str:
    """A pool as dice notation (``3d6``), with its label when it has one."""
    text = f"{roll.pool.count}{roll.pool.die}"
    return f"{roll.pool.label} {text}" if roll.pool.label else text


def latest_roll_outcome(catch: Catch) -> Outcome | None:
    """The latest roll as an outcome: its purpose, its total, its dice."""
    entries = catch.effective
    at = scan_back(entries, lambda entry: bool(entry.event.rolls()))
    if at is None:
        return None
    entry = entries[at]
    rolls = entry.event.rolls()
    purpose = entry.event.purpose if isinstance(entry.event, Rolled) else ""
    notation = " + ".join(_notation(roll) for roll in rolls)
    heading = (
        msg("stream.roll_for", "{notation} for {purpose}", notation=notation, purpose=purpose)
        if purpose
        else msg("stream.roll", "{notation}", notation=notation)
    )
    total = sum(roll.total for roll in rolls)
    pools = tuple(
        DicePool(msg("stream.pool", "{notation}", notation=_notation(roll)), roll) for roll in rolls
    )
    return Outcome(
        key=f"roll-{entry.seq}",
        heading=heading,
        verdict=msg("stream.total", "Total {total}", total=total),
        glyph="⚄",
        tone="even",
        dice=pools,
        reading=plural(
            "stream.dice_count", "{n} die", "{n} dice", n=sum(len(r.dice) for r in rolls)
        ),
    )


class RollsBoard(StreamBoard):
    """The recent rolls, newest first: the dice tray's board, and the board of any
    system that declares none of its own."""

    system: ClassVar[str] = "tray"
    SHOWN: ClassVar[int] = 5

    def __init__(self, language: str) -> None:
        self.title = widgets.HTML(heading_html(msg("stream.recent", "Recent rolls"), language))
        self.rolls = widgets.HTML()
        self.rolls.add_class("iw-stream-rolls")
        # Each roll's item as drawn, by the journal line it came from: a poll draws only
        # the new roll, not the five before it again.
        self._items: dict[int, str] = {}
        super().__init__(language, [self.title, self.rolls])

    def _item(self, entry: Entry) -> str:
        """One roll as the list shows it (drawn once, then kept)."""
        item = self._items.get(entry.seq)
        if item is None:
            event = entry.event
            pools = "".join(
                pool_html(
                    DicePool(msg("stream.pool", "{notation}", notation=_notation(r)), r),
                    self.language,
                )
                for r in event.rolls()
            )
            purpose = event.purpose if isinstance(event, Rolled) else ""
            said = f"<p class='iw-stream-purpose'>{html.escape(purpose)}</p>" if purpose else ""
            item = self._items[entry.seq] = f"<li>{said}{pools}</li>"
        return item

    def show(self, catch: Catch) -> None:
        entries = catch.effective
        if catch.rebuilt:
            self._items.clear()
        shown: list[Entry] = []
        index = len(entries)
        # The newest roll is the page's outcome: the board lists the ones before it.
        while len(shown) <= self.SHOWN and index > max(0, len(entries) - SCAN):
            index -= 1
            if entries[index].event.rolls():
                shown.append(entries[index])
        items = [self._item(entry) for entry in shown[1:]]
        kept = {entry.seq for entry in shown}
        for seq in [seq for seq in self._items if seq not in kept]:
            del self._items[seq]
        value = f"<ol class='iw-stream-list'>{''.join(items)}</ol>" if items else ""
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
