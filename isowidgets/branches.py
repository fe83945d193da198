"""How a reel keeps its runs: branches of effective entries, each with its checkpoints.

What can be seen at a position of a :class:`~isowidgets.reel.Reel` is a *run*: the
effective entries, in order. Consecutive positions usually share all but the end of
their runs: an action appends its entries, an undo cuts the end off, a redo puts it
back. A :class:`Branch` holds one run as it grows, with its own
:class:`~isowidgets.checkpoints.Checkpoints`; a run that keeps part of another and then
goes another way starts a new branch from the part it keeps (:func:`shared` says how
much of a new run a branch holds already). A :class:`RunView` reads a branch's run in
place, as a beat handler is given it. :mod:`isowidgets.reel` still gives ``Branch``
and ``RunView``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Any, Generic, TypeVar, overload

from .checkpoints import Checkpoints
from .journal import Entry

__all__ = ["Branch", "RunView", "shared"]

S = TypeVar("S")


class Branch(Generic[S]):
    """One run of effective entries as it grew, with its checkpoints.

    Its run is the first ``fork`` entries of its parent's run, then its own
    entries (the root branch has no parent and forks at 0). Its checkpoints start from
    the state its parent's run folds to at the fork, so a branch folds only its own
    entries.
    """

    def __init__(self, parent: Branch[S] | None, fork: int, start: S, checkpoints: Checkpoints[S]):
        self.parent = parent
        self.fork = fork
        self.start = start
        self.checkpoints = checkpoints

    def __len__(self) -> int:
        return self.fork + len(self.checkpoints)

    def entry(self, index: int) -> Entry:
        """The run's entry at ``index``."""
        branch: Branch[S] = self
        while index < branch.fork:
            assert branch.parent is not None
            branch = branch.parent
        return branch.checkpoints[index - branch.fork]

    def run(self, length: int) -> list[Entry]:
        """The first ``length`` entries of the run (each branch's part copied once, so a
        run that forked many times costs what an unforked one does)."""
        parts: list[list[Entry]] = []
        branch: Branch[S] | None = self
        while branch is not None and length > 0:
            if length > branch.fork:
                parts.append(branch.checkpoints[: length - branch.fork])
                length = branch.fork
            branch = branch.parent
        assert length == 0
        if len(parts) == 1:
            return parts[0]
        return list(chain.from_iterable(reversed(parts)))

    def state_at(self, length: int) -> S:
        """The state the first ``length`` entries of the run fold to."""
        branch: Branch[S] = self
        while length < branch.fork:
            assert branch.parent is not None
            branch = branch.parent
        return branch.checkpoints.state_at(length - branch.fork)


class RunView(Sequence[Entry]):
    """The first ``length`` entries of a branch's run, read in place (a beat handler's
    :attr:`Moment.run <isowidgets.beats.Moment.run>`): nothing is copied until a
    slice is asked for."""

    def __init__(self, branch: Branch[Any], length: int) -> None:
        self._branch = branch
        self._length = length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Entry: ...

    @overload
    def __getitem__(self, index: slice) -> list[Entry]: ...

    def __getitem__(self, index: int | slice) -> Entry | list[Entry]:
        if isinstance(index, slice):
            return self._branch.run(self._length)[index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(index)
        return self._branch.entry(index)

    def __iter__(self) -> Iterator[Entry]:
        return (self._branch.entry(index) for index in range(self._length))

    def __reversed__(self) -> Iterator[Entry]:
        return (self._branch.entry(index) for index in range(self._length - 1, -1, -1))


def shared(branch: Branch[Any], new: Sequence[Entry], at: int) -> int:
    """How many of ``new`` the branch already holds from index ``at`` on (a redo puts back
    what the branch still holds past the run's end): the very entries, not equal ones (a
    new action that repeats an undone one is another line of the journal, and the run
    shown, as the log shows it, holds that line)."""
    count, most = 0, min(len(branch) - at, len(new))
    while count < most:
        if branch.entry(at + count) is not new[count]:
            break
        count += 1
    return count
