"""A reel's beats: where each could first be seen
(:class:`~isowidgets.reel_beats.BeatMark`), how they are made as actions come into a run,
and what a person scrubbing asks of them (the beats at a position, the next and the
previous, which were taken back, the story as it stands).

:class:`ReelBeats` is that part of a :class:`~isowidgets.reel.Reel` (see
:mod:`isowidgets.reel` for what a position is and where a beat is placed).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .beats import Beat, Moment
from .branches import Branch, RunView
from .errors import IsowidgetsError, JournalError
from .game import Game, GameState
from .journal import Entry

__all__ = ["BeatMark", "ReelBeats"]

S = TypeVar("S", bound=GameState)


@dataclass(frozen=True, slots=True)
class BeatMark:
    """One beat, where it was seen.

    Attributes:
        position: the line where the beat could first be seen (see :mod:`isowidgets.reel`).
        action: the journal action that made it.
        beat: what the system says happened.
        index: the beat's number in :attr:`Reel.beats <isowidgets.reel.Reel.beats>` (0-based).
    """

    position: int
    action: int
    beat: Beat
    index: int


class ReelBeats(Generic[S]):
    """The beats of a :class:`~isowidgets.reel.Reel`: made as actions come into its run,
    asked for by position."""

    if TYPE_CHECKING:
        beats: list[BeatMark]
        game_class: type[Game[S]]
        _entries: list[Entry]
        _handled: frozenset[type[Any]]
        _actions: list[int]
        _positions: list[int]
        _firsts: list[int]
        _taken: dict[int, int]
        _latest: dict[int, list[int]]

        def _position(self, position: int) -> int: ...

    def _beats_of(
        self, spans: dict[int, list[int]], branch: Branch[S], length: int, known: dict[int, S]
    ) -> list[BeatMark]:
        """The beats of the actions that came into the run, each at ``spans[action]``
        (its first and end index in the run); ``known`` holds states already folded."""
        beats = self.game_class.beats
        if not beats:
            return []
        position = len(self._entries)
        found: list[BeatMark] = []
        handled = self._handled
        for action, (first, end) in spans.items():
            if not any(type(branch.entry(i).event) in handled for i in range(first, end)):
                continue  # no event of it makes a beat (a note, a link drawn…)
            before = known[first] if first in known else branch.state_at(first)
            after = known[end] = branch.state_at(end)
            moment: Moment[S] = Moment(
                before,
                after,
                [branch.entry(index) for index in range(first, end)],
                RunView(branch, end),
            )
            try:
                made = beats(moment)
            except IsowidgetsError as exc:
                raise JournalError(
                    "replay.beat_failed",
                    "action #{action} does not make its beats: {problem}",
                    action=action,
                    problem=exc.message,
                ) from None
            indexes = []
            for beat in made:
                mark = BeatMark(position, action, beat, len(self.beats))
                if not self._positions or self._positions[-1] != position:
                    self._positions.append(position)  # beats come in the order of positions
                    self._firsts.append(mark.index)
                self.beats.append(mark)
                indexes.append(mark.index)
                found.append(mark)
            if indexes:
                self._latest[action] = indexes
        return found

    def taken_back(self, mark: BeatMark) -> int | None:
        """The position of the undo that took ``mark`` back, if one did (a later redo
        places the beat again, as another mark)."""
        return self._taken.get(mark.index)

    def beat_positions(self) -> list[int]:
        """The positions that have beats, in order, each once."""
        return list(self._positions)

    def beats_at(self, position: int) -> list[BeatMark]:
        """The beats placed at ``position`` (several when one action made several)."""
        position = self._position(position)
        at = bisect_left(self._positions, position)
        if at == len(self._positions) or self._positions[at] != position:
            return []
        end = self._firsts[at + 1] if at + 1 < len(self._firsts) else len(self.beats)
        return self.beats[self._firsts[at] : end]

    def next_beat(self, position: int) -> int | None:
        """The first position after ``position`` that has a beat (``None``: none after)."""
        at = bisect_right(self._positions, self._position(position))
        return self._positions[at] if at < len(self._positions) else None

    def previous_beat(self, position: int) -> int | None:
        """The last position before ``position`` that has a beat (``None``: none before)."""
        at = bisect_left(self._positions, self._position(position))
        return self._positions[at - 1] if at else None

    def beats_up_to(self, position: int) -> int:
        """How many positions up to ``position`` (itself included) have beats: the number
        of the beat shown there (0 when none has come yet)."""
        return bisect_right(self._positions, self._position(position))

    def story(self) -> list[BeatMark]:
        """The session as it stands: the latest beats of every action in force at the
        last position, in the order of the run (what a recap tells)."""
        return [
            self.beats[index]
            for action in self._actions
            for index in self._latest.get(action, ())
            if index not in self._taken
        ]
