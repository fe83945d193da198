"""A value on a track: a ladder of named levels, a counter between bounds, or slots.

One view for Isolation's Stress (a counter), Impact's ladder (D4…D20), the Danish
damage track (seven slots, each filled with the ability that took the wound, or
free) and Watch the World Die's Pressure (a counter). The current place is never
shown by colour alone: it is marked with a glyph (``▶``), a thick border and the
word "now"; a counter is drawn as filled and empty boxes (``■■■□□□``) next to its
number in words; a filled slot has the word of what fills it written in it (``■
Kraft``) and a solid border, a free one ``□`` and the word for free, dashed.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from .. import checks
from ..errors import RuleError
from ..words import msg

__all__ = [
    "Level",
    "SlotWords",
    "Track",
    "TrackWords",
    "counter_html",
    "counter_range",
    "ladder_html",
    "slots_html",
]

MAX_BOXES = 40
"""A counter longer than this shows its number only (a row of boxes would not be read)."""

OPEN_RUNGS = 6
"""How many rungs past its floor an open-ended counter drawn as rungs shows at least."""


@dataclass(frozen=True, slots=True)
class Level:
    """One rung of a ladder.

    Attributes:
        label: its name on the track ("D6", "Bruised").
        note: what it means, shown under the label ("−1 to Agility").
    """

    label: str
    note: str = ""


_TITLE = msg("checks.track.what.title", "a track's title")


def _levels(levels: Sequence[Level | str]) -> list[Level]:
    found = [level if isinstance(level, Level) else Level(str(level)) for level in levels]
    if not found:
        raise RuleError("checks.track.no_levels", "a ladder needs at least one level, got none")
    return found


@dataclass(frozen=True, slots=True)
class TrackWords:
    """The few words a counter or a ladder writes besides its title and rungs, in the
    panel's language.

    Attributes:
        now: before the count or the rung ("now").
        current: after the current rung's label, for a screen reader (", current").
        place: where the rung is, with ``{n}`` and ``{total}`` ("{n} of {total}").
        off: a ladder with no current rung ("off the ladder").
        between: the bounds, with ``{low}`` and ``{high}`` ("{low} to {high}").
        or_more: an open-ended range, with ``{low}`` ("{low} or more").
        below: after the range when the count is below it (", below the lowest").
        past: after the range when the count is past it (", past the top").
    """

    now: str = "now"
    current: str = ", current"
    place: str = "{n} of {total}"
    off: str = "off the ladder"
    between: str = "{low} to {high}"
    or_more: str = "{low} or more"
    below: str = ", below the lowest"
    past: str = ", past the top"


def ladder_html(
    title: str,
    levels: Sequence[Level | str],
    current: int | None,
    *,
    state: str = "",
    words: TrackWords = TrackWords(),
) -> str:
    """A ladder as an ordered list; the current level marked ``▶`` … ``now``.

    Args:
        title: what the track measures ("Impact", "Damage").
        levels: the rungs, lowest first.
        current: the index of the current rung, or ``None`` when off the ladder
            (then ``state`` should say where: "below D4: defeated").
        state: words after the ladder, for what the rungs cannot show.
        words: the ladder's own words, in the panel's language.
    """
    rungs = _levels(levels)
    items = _rungs_html(rungs, current, words)
    where = (
        f"{html.escape(rungs[current].label)} "
        f"({html.escape(words.place.format(n=current + 1, total=len(rungs)))})"
        if current is not None and 0 <= current < len(rungs)
        else html.escape(words.off)
    )
    extra = f" — {html.escape(state)}" if state else ""
    name = html.escape(title)
    return (
        f'<div class="iw-track iw-track--ladder" role="group" aria-label="{name}: {where}">'
        f'<span class="iw-track-title">{name}</span>'
        f'<span class="iw-track-state">{html.escape(words.now)} <b>{where}</b>{extra}</span>'
        f'<ol class="iw-track-levels">{items}</ol></div>'
    )


def _rungs_html(
    rungs: Sequence[Level], current: int | None, words: TrackWords = TrackWords()
) -> str:
    """The rungs as list items, the one at index ``current`` marked ``▶`` … ``now``."""
    items = []
    now_word = html.escape(words.now)
    for index, level in enumerate(rungs):
        now = index == current
        label = html.escape(level.label)
        note = html.escape(level.note)
        said_current = html.escape(words.current) if now else ""
        title = f"{label}{': ' + note if note else ''}{said_current}"
        css = "iw-track-level iw-track-level--current" if now else "iw-track-level"
        current_attr = ' aria-current="step"' if now else ""
        glyph = "▶ " if now else ""
        said = (f"{now_word} · " if note else now_word) if now else ""
        items.append(
            f'<li class="{css}"{current_attr} title="{title}" data-level="{index}">'
            f'<span>{glyph}{label}</span><span class="iw-track-note">{said}{note}</span></li>'
        )
    return "".join(items)


def counter_range(low: int, high: int | None, words: TrackWords = TrackWords()) -> str:
    """A counter's bounds in words: ``0 to 6``, or ``0 or more``."""
    if high is None:
        return words.or_more.format(low=low)
    return words.between.format(low=low, high=high)


def counter_rungs(value: int, low: int, high: int | None) -> range:
    """The numbers a counter drawn as rungs shows: its bounds, or with no top, from the
    floor to a little past the value now (so the rungs grow as the count does)."""
    top = high if high is not None else max(low + OPEN_RUNGS, value + 2)
    return range(min(low, value), max(top, value) + 1)


def counter_html(
    title: str,
    value: int,
    *,
    low: int = 0,
    high: int | None = None,
    marks: Mapping[int, str] | None = None,
    rungs: bool = False,
    words: TrackWords = TrackWords(),
) -> str:
    """A counter: ``Stress ■■■□□□ now 3 (0 to 6)``, the value and the range said once.

    Drawn as boxes (only up to :data:`MAX_BOXES`), or with ``rungs`` as a row of
    numbered rungs like a ladder's, the one now marked ``▶`` … ``now``, each mark
    written under its number.

    Args:
        title: what it counts.
        value: the count now (shown even when past a bound, and said so).
        low, high: the bounds (``high=None``: open-ended).
        marks: words for some values ("breaks at 6"): beside the count when it is
            there, or under their rungs.
        rungs: draw numbered rungs (a short range a person points at, like Stress)
            rather than boxes.
        words: the counter's own words, in the panel's language.
    """
    name = html.escape(title)
    where = counter_range(low, high, words)
    if value < low:
        where += words.below
    elif high is not None and value > high:
        where += words.past
    notes = dict(marks or {})
    mark = "" if rungs else notes.get(value, "")
    said = f"{value} ({where}){': ' + mark if mark else ''}"
    now = html.escape(words.now)
    shown = f"{now} <b>{value}</b> ({html.escape(where)}){html.escape(': ' + mark) if mark else ''}"
    drawn = ""
    if rungs:
        numbers = counter_rungs(value, low, high)
        levels = [Level(str(n), notes.get(n, "")) for n in numbers]
        items = _rungs_html(levels, value - numbers.start, words)
        drawn = f'<ol class="iw-track-levels">{items}</ol>'
    elif high is not None and high - low <= MAX_BOXES:
        filled = min(max(value - low, 0), high - low)
        drawn = (
            f'<span class="iw-track-boxes" aria-hidden="true">'
            f"{'■' * filled}{'□' * (high - low - filled)}</span>"
        )
    kind = "iw-track--rungs" if rungs else "iw-track--counter"
    return (
        f'<div class="iw-track {kind}" role="group" aria-label="{name}: {html.escape(said)}">'
        f'<span class="iw-track-title">{name}</span>{"" if rungs else drawn}'
        f'<span class="iw-track-state">{shown}</span>{drawn if rungs else ""}</div>'
    )


@dataclass(frozen=True, slots=True)
class SlotWords:
    """The few words a slot track writes besides its labels, in the panel's language.

    Attributes:
        free: what a free slot says ("free").
        filled: how the count reads, with ``{filled}`` and ``{total}`` ("{filled} of
            {total} filled").
        level: how a slot is named to a screen reader, with ``{label}`` ("level {label}").
    """

    free: str = "free"
    filled: str = "{filled} of {total} filled"
    level: str = "level {label}"


def slots_html(
    title: str,
    levels: Sequence[Level | str],
    filled: Mapping[int, str],
    *,
    state: str = "",
    words: SlotWords = SlotWords(),
) -> str:
    """Slots in a row, each free or filled with a word written in it.

    The Danish damage track: seven levels, a wound fills one and is marked with the
    ability it hit. Filled and free differ by the written word, a glyph (``■``/``□``),
    the border (solid/dashed) and a hatched background, never by colour alone.

    Args:
        title: what the track measures ("Damage").
        levels: the slots, lowest first (their labels and what each means).
        filled: slot index → the word written in it ("Kraft"); absent: free.
        state: words after the count, for what the slots cannot show ("defeated").
        words: the words for "free" and the count, in the panel's language.

    Raises:
        RuleError: ``filled`` names a slot the track does not have.
    """
    rungs = _levels(levels)
    outside = sorted(index for index in filled if not 0 <= index < len(rungs))
    if outside:
        raise RuleError(
            "checks.track.no_such_slot",
            "{title} has slots 0 to {last}; cannot fill {outside}",
            title=title,
            last=len(rungs) - 1,
            outside=repr(outside),
        )
    items = []
    for index, level in enumerate(rungs):
        mark = filled.get(index)
        label = html.escape(level.label)
        note = html.escape(level.note)
        name = html.escape(words.level.format(label=level.label))
        what = html.escape(mark) if mark is not None else html.escape(words.free)
        css = "iw-track-slot iw-track-slot--filled" if mark is not None else "iw-track-slot"
        glyph = "■" if mark is not None else "□"
        tip = f"{name}: {what}{' — ' + note if note else ''}"
        items.append(
            f'<li class="{css}" title="{tip}" data-level="{index}"'
            f' data-mark="{html.escape(mark or "")}">'
            f'<span class="iw-track-slot-label">{label}</span>'
            f'<span class="iw-track-slot-mark"><span aria-hidden="true">{glyph} </span>'
            f"{what}</span>"
            f'<span class="iw-track-note">{note}</span></li>'
        )
    count = words.filled.format(filled=len(filled), total=len(rungs))
    extra = f" — {html.escape(state)}" if state else ""
    name = html.escape(title)
    return (
        f'<div class="iw-track iw-track--slots" role="group"'
        f' aria-label="{name}: {html.escape(count)}{extra}">'
        f'<span class="iw-track-title">{name}</span>'
        f'<span class="iw-track-state"><b>{html.escape(count)}</b>{extra}</span>'
        f'<ol class="iw-track-levels">{"".join(items)}</ol></div>'
    )


class Track(widgets.HTML):  # type: ignore[misc]
    """A ladder or a counter that a panel moves with :meth:`Track.set`; redrawn only on change.

    Build one with :meth:`ladder`, :meth:`counter` or :meth:`slots`::

        damage = Track.ladder("Damage", [Level("Bruised", "−1 Agility"), ...], current=0)
        stress = Track.counter("Stress", 0, low=0, high=6, rungs=True)
        stress.set(3)
        stress.bound(0, None)  # the ceiling was lifted
        wounds = Track.slots("Damage", ["1", "2", "3"], {1: "Kraft"})
        wounds.fill({1: "Kraft", 2: "Fornuft"})

    Attributes:
        title: what the track measures.
        current: the value now (the rung's index for a ladder; ``None`` off it).
        levels: the rungs of a ladder or the slots (empty for a counter).
        low, high: a counter's bounds.
        rungs: whether a counter is drawn as numbered rungs rather than boxes.
        filled: a slot track's filled slots (index → word); ``None`` for the others.
    """

    def __init__(
        self,
        title: str,
        *,
        levels: Sequence[Level | str] = (),
        current: int | None = 0,
        low: int = 0,
        high: int | None = None,
        marks: Mapping[int, str] | None = None,
        rungs: bool = False,
        css_class: str | None = None,
        filled: Mapping[int, str] | None = None,
        words: SlotWords = SlotWords(),
        track_words: TrackWords = TrackWords(),
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.track_words = track_words
        self.rungs = rungs
        self.title = checks.text(title, _TITLE)
        self.levels = _levels(levels) if levels else []
        self.low, self.high = low, high
        self.marks = dict(marks or {})
        self.filled: dict[int, str] | None = None if filled is None else dict(filled)
        self.words = words
        self.current: int | None = None
        self.state = ""
        self._drawn = ""
        self.add_class("iw-kit")
        self.add_class("iw-track-view")
        if css_class:
            self.add_class(css_class)
        if self.filled is not None:
            self.fill(self.filled)
        else:
            self.set(current)

    @classmethod
    def ladder(
        cls, title: str, levels: Sequence[Level | str], current: int | None = 0, **kwargs: Any
    ) -> Track:
        """A ladder of named rungs, lowest first, with the current one's index."""
        return cls(title, levels=_levels(levels), current=current, **kwargs)

    @classmethod
    def counter(
        cls,
        title: str,
        value: int = 0,
        *,
        low: int = 0,
        high: int | None = None,
        marks: Mapping[int, str] | None = None,
        rungs: bool = False,
        **kwargs: Any,
    ) -> Track:
        """A counter between ``low`` and ``high`` (open-ended when ``high`` is ``None``),
        drawn as boxes or, with ``rungs``, as numbered rungs (see :func:`counter_html`)."""
        return cls(title, current=value, low=low, high=high, marks=marks, rungs=rungs, **kwargs)

    @classmethod
    def slots(
        cls,
        title: str,
        levels: Sequence[Level | str],
        filled: Mapping[int, str] | None = None,
        *,
        words: SlotWords = SlotWords(),
        **kwargs: Any,
    ) -> Track:
        """Slots, lowest first, each free or filled with a word (index → word)."""
        return cls(
            title, levels=_levels(levels), current=None, filled=filled or {}, words=words, **kwargs
        )

    @property
    def is_ladder(self) -> bool:
        return bool(self.levels) and self.filled is None

    @property
    def is_slots(self) -> bool:
        return self.filled is not None

    def fill(self, filled: Mapping[int, str], *, state: str = "") -> None:
        """Show which slots are filled now (index → the word written in each).

        Raises:
            RuleError: the track is not a slot track, or a slot it does not have.
        """
        if self.filled is None:
            raise RuleError(
                "checks.track.not_slots",
                "{title} is not a slot track: move it with set()",
                title=self.title,
            )
        slots_html(self.title, self.levels, filled, state=state, words=self.words)  # checks
        self.filled, self.state = dict(filled), state
        self._draw()

    def relabel(
        self,
        title: str | None = None,
        levels: Sequence[Level | str] | None = None,
        words: SlotWords | None = None,
    ) -> None:
        """Change the words the track is drawn with (another language), keeping its value
        (nothing is drawn when the words are the ones it has).

        Raises:
            RuleError: a new set of levels of another length than the old one.
        """
        before = (self.title, self.levels, self.words)
        if levels is not None:
            new = _levels(levels)
            if len(new) != len(self.levels):
                raise RuleError(
                    "checks.track.relabel_count",
                    "{title} has {count} levels; relabelling gave {got}",
                    title=self.title,
                    count=len(self.levels),
                    got=len(new),
                )
            self.levels = new
        if title is not None:
            self.title = checks.text(title, _TITLE)
        if words is not None:
            self.words = words
        if (self.title, self.levels, self.words) != before:
            self._draw()

    def set(self, current: int | None, *, state: str = "") -> None:
        """Move the track to ``current`` (with ``state`` words for a ladder's extras).

        Raises:
            RuleError: a counter given ``None``, or a value that is not whole.
        """
        if self.is_slots:
            raise RuleError(
                "checks.track.slots",
                "{title} is a slot track: fill it with fill()",
                title=self.title,
            )
        if current is not None:
            current = checks.whole(
                current, msg("checks.track.what.value", "{title}'s value", title=self.title)
            )
        elif not self.is_ladder:
            raise RuleError(
                "checks.track.counter",
                "{title} is a counter: it needs a whole number",
                title=self.title,
            )
        self.current, self.state = current, state
        self._draw()

    def _draw(self) -> None:
        current, state = self.current, self.state
        if self.filled is not None:
            drawn = slots_html(self.title, self.levels, self.filled, state=state, words=self.words)
        elif self.is_ladder:
            drawn = ladder_html(
                self.title, self.levels, current, state=state, words=self.track_words
            )
        else:
            assert current is not None
            drawn = counter_html(
                self.title,
                current,
                low=self.low,
                high=self.high,
                marks=self.marks,
                rungs=self.rungs,
                words=self.track_words,
            )
        if drawn != self._drawn:  # send nothing when the track did not move
            self._drawn = drawn
            self.value = drawn

    def bound(self, low: int, high: int | None) -> None:
        """Move a counter's bounds (a setting changed) and redraw it at its value.

        Raises:
            RuleError: on a ladder (its rungs are its bounds), or bounds that are
                not whole numbers or cross.
        """
        if self.is_ladder:
            raise RuleError(
                "checks.track.ladder",
                "{title} is a ladder: its levels are its bounds",
                title=self.title,
            )
        low = checks.whole(
            low, msg("checks.track.what.lowest", "{title}'s lowest value", title=self.title)
        )
        if high is not None:
            high = checks.whole(
                high,
                msg("checks.track.what.highest", "{title}'s highest value", title=self.title),
                lo=low,
            )
        if (low, high) != (self.low, self.high):
            self.low, self.high = low, high
            self.set(self.current)
