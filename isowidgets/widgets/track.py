"""A value on a track: a ladder of named levels, or a counter between bounds.

One view for Isolation's Stress (a counter), Impact's ladder (D4…D20), the Danish
damage track (seven levels, each with what it does to the character) and Watch the
World Die's Pressure (a counter). The current place is never shown by colour alone:
it is marked with a glyph (``▶``), a thick border and the word "now"; a counter is
drawn as filled and empty boxes (``■■■□□□``) next to its number in words.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from .. import checks
from ..errors import RuleError

__all__ = ["Level", "Track", "counter_html", "counter_range", "ladder_html"]

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


def _levels(levels: Sequence[Level | str]) -> list[Level]:
    found = [level if isinstance(level, Level) else Level(str(level)) for level in levels]
    if not found:
        raise RuleError("a ladder needs at least one level, got none")
    return found


def ladder_html(
    title: str, levels: Sequence[Level | str], current: int | None, *, state: str = ""
) -> str:
    """A ladder as an ordered list; the current level marked ``▶`` … ``now``.

    Args:
        title: what the track measures ("Impact", "Damage").
        levels: the rungs, lowest first.
        current: the index of the current rung, or ``None`` when off the ladder
            (then ``state`` should say where: "below D4: defeated").
        state: words after the ladder, for what the rungs cannot show.
    """
    rungs = _levels(levels)
    items = _rungs_html(rungs, current)
    where = (
        f"{html.escape(rungs[current].label)} ({current + 1} of {len(rungs)})"
        if current is not None and 0 <= current < len(rungs)
        else "off the ladder"
    )
    extra = f" — {html.escape(state)}" if state else ""
    name = html.escape(title)
    return (
        f'<div class="iw-track iw-track--ladder" role="group" aria-label="{name}: {where}">'
        f'<span class="iw-track-title">{name}</span>'
        f'<span class="iw-track-state">now <b>{where}</b>{extra}</span>'
        f'<ol class="iw-track-levels">{items}</ol></div>'
    )


def _rungs_html(rungs: Sequence[Level], current: int | None) -> str:
    """The rungs as list items, the one at index ``current`` marked ``▶`` … ``now``."""
    items = []
    for index, level in enumerate(rungs):
        now = index == current
        label = html.escape(level.label)
        note = html.escape(level.note)
        words = f"{label}{': ' + note if note else ''}{', current' if now else ''}"
        css = "iw-track-level iw-track-level--current" if now else "iw-track-level"
        current_attr = ' aria-current="step"' if now else ""
        glyph = "▶ " if now else ""
        said = ("now · " if note else "now") if now else ""
        items.append(
            f'<li class="{css}"{current_attr} title="{words}" data-level="{index}">'
            f'<span>{glyph}{label}</span><span class="iw-track-note">{said}{note}</span></li>'
        )
    return "".join(items)


def counter_range(low: int, high: int | None) -> str:
    """A counter's bounds in words: ``0 to 6``, or ``from 0, no ceiling``."""
    return f"{low} to {high}" if high is not None else f"from {low}, no ceiling"


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
    """
    name = html.escape(title)
    where = counter_range(low, high)
    if value < low:
        where += ", below the lowest"
    elif high is not None and value > high:
        where += ", past the top"
    notes = dict(marks or {})
    mark = "" if rungs else notes.get(value, "")
    said = f"{value} ({where}){': ' + mark if mark else ''}"
    shown = f"now <b>{value}</b> ({html.escape(where)}){html.escape(': ' + mark) if mark else ''}"
    drawn = ""
    if rungs:
        numbers = counter_rungs(value, low, high)
        levels = [Level(str(n), notes.get(n, "")) for n in numbers]
        drawn = f'<ol class="iw-track-levels">{_rungs_html(levels, value - numbers.start)}</ol>'
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


class Track(widgets.HTML):  # type: ignore[misc]
    """A ladder or a counter that a panel moves with :meth:`set`; redrawn only on change.

    Build one with :meth:`ladder` or :meth:`counter`::

        damage = Track.ladder("Damage", [Level("Bruised", "−1 Agility"), ...], current=0)
        stress = Track.counter("Stress", 0, low=0, high=6, rungs=True)
        stress.set(3)
        stress.bound(0, None)  # the ceiling was lifted

    Attributes:
        title: what the track measures.
        current: the value now (the rung's index for a ladder; ``None`` off it).
        levels: the rungs of a ladder (empty for a counter).
        low, high: a counter's bounds.
        rungs: whether a counter is drawn as numbered rungs rather than boxes.
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
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.rungs = rungs
        self.title = checks.text(title, "a track's title")
        self.levels = _levels(levels) if levels else []
        self.low, self.high = low, high
        self.marks = dict(marks or {})
        self.current: int | None = None
        self.state = ""
        self._drawn = ""
        self.add_class("iw-kit")
        self.add_class("iw-track-view")
        if css_class:
            self.add_class(css_class)
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

    @property
    def is_ladder(self) -> bool:
        return bool(self.levels)

    def set(self, current: int | None, *, state: str = "") -> None:
        """Move the track to ``current`` (with ``state`` words for a ladder's extras).

        Raises:
            RuleError: a counter given ``None``, or a value that is not whole.
        """
        if current is not None:
            current = checks.whole(current, f"{self.title}'s value")
        elif not self.is_ladder:
            raise RuleError(f"{self.title} is a counter: it needs a whole number")
        self.current, self.state = current, state
        if self.is_ladder:
            drawn = ladder_html(self.title, self.levels, current, state=state)
        else:
            assert current is not None
            drawn = counter_html(
                self.title,
                current,
                low=self.low,
                high=self.high,
                marks=self.marks,
                rungs=self.rungs,
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
            raise RuleError(f"{self.title} is a ladder: its levels are its bounds")
        low = checks.whole(low, f"{self.title}'s lowest value")
        if high is not None:
            high = checks.whole(high, f"{self.title}'s highest value", lo=low)
        self.low, self.high = low, high
        self.set(self.current)
