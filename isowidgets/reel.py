"""A session laid out line by line: the state at any moment of its journal, and its beats.

A journal is the source of every view of a session (:mod:`isowidgets.game`). A
:class:`Reel` reads one, line after line, as a person scrubbing back through the
session would see it, and answers two questions for any **position** (the first ``p``
lines of the journal, from 1, the session's start, to its length):

* **what could be seen then**: the state a resume of the journal cut after line ``p``
  reaches (``view="everything"``, the GM's view), or the state the stream following the
  file showed at that moment (``view="public"``, the default: GM-only actions not yet
  disclosed, and what follows only from them, left out, as
  :func:`~isowidgets.follow.public_only` leaves them out). Both fold with the system's
  own game class, exactly as a resume does, from the :mod:`~isowidgets.checkpoints`
  kept along the way: a jump folds at most a few dozen entries, whatever the
  session's length;
* **its beats**: the moments a person scrubs to, as the system names them
  (:class:`~isowidgets.beats.Beats`): each action that takes its place in what can be
  seen is shown to the system's beat handlers with the states before and after it. A
  beat is placed at the line where it could first be seen (its action's last line; a
  GM-only action's disclosure, in the public view). An undo does not erase a beat: the
  beat is marked **taken back** at the undo's line (it happened, and the table saw it),
  and a redo places it again. :meth:`Reel.story <.ReelBeats.story>` is the session as
  it stands: the latest beats of the actions still in force, in order, what a recap
  tells. How the beats are made and asked for is :mod:`isowidgets.reel_beats`'
  (:class:`~.reel_beats.ReelBeats`, a part of the reel).

Don't confuse a position with an entry's ``seq`` or an action's number: a position
counts the journal's lines as they are read (``Journal.read``), every line, retcons,
GM-only lines and lines of an action cut short included.

**How the runs are kept** (:mod:`isowidgets.branches`): every position is one
:class:`~.branches.Branch` of effective entries and a length, a run that goes another
way (a new action after an undo, a disclosure that shows an action in the past) starts
a new branch from the part it keeps, so what a jump folds is bounded by the
checkpoints' spacing, however the history went.

The reel reads entries as they come (:meth:`Reel.extend`): a finished file all at
once, a session being played action by action. A journal is append-only, so what a
position shows never changes once it is read.
"""

from __future__ import annotations

import os
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from typing import Any, Literal, TypeVar

from . import checks
from .branches import Branch, RunView, shared
from .checkpoints import EVERY, Checkpoints
from .dice import Dice
from .errors import JournalError
from .follow import Catch
from .game import Game, GameState
from .journal import Disclosed, Entry, History, Journal, Retcon, SessionStarted, effective_entries
from .journal.files import collector_paused
from .reel_beats import BeatMark, ReelBeats
from .systems import game_for
from .visibility import PublicView
from .words import Message

__all__ = ["VIEWS", "BeatMark", "Branch", "Reel", "RunView", "View"]

S = TypeVar("S", bound=GameState)

View = Literal["public", "everything"]
"""What a reel shows: what viewers could see at each moment (``"public"``), or all of
it, GM-only actions included (``"everything"``, the GM's view)."""

VIEWS: tuple[View, ...] = ("public", "everything")

SEALED = (
    "this is a replay of a session: it rolls no dice. Tip: roll at the table that writes "
    "the journal"
)
"""Why a reel's read-only game refuses random faces."""


class Reel(ReelBeats[S]):
    """A session's journal, line by line: the state at any position, and its beats.

    Build one with :meth:`of` (a game, a journal or a journal's path), or empty with the
    game class and feed it entries with :meth:`extend`.

    Args:
        game: the system's game class (it folds, as a resume does, and names the beats).
        view: ``"public"`` (what viewers could see at each moment) or ``"everything"``.
        every: the checkpoints' spacing (see :mod:`isowidgets.checkpoints`).

    Raises:
        JournalError: ``game`` is no game class, ``view`` no view.
    """

    def __init__(self, game: type[Game[S]], *, view: View = "public", every: int = EVERY) -> None:
        if not (isinstance(game, type) and issubclass(game, Game)):
            raise JournalError(
                "replay.no_game",
                "a reel folds with a system's game class, got {got}",
                got=checks.shown(game, 60),
            )
        self.game_class = game
        self._handled = game.beats.handled  # the event types that can make a beat
        self.view: View = checks.choice(view, "view", VIEWS, error=JournalError)
        self.every = checks.whole(every, "every", 1, 100_000, error=JournalError)
        self._entries: list[Entry] = []
        self._history = History()
        self._candidates: list[Entry] = []  # the ordinary entries of complete actions
        self._start: Entry | None = None
        self._root: Branch[S] | None = None
        self._branch: Branch[S] | None = None
        self._length = 0  # of the current run
        self._actions: list[int] = []  # the current run's actions, in order
        self._ends: list[int] = []  # the run's length after each of them
        self._in_run: set[int] = set()
        self._candidate_actions: set[int] = set()
        self._void: set[int] = set()
        # What viewers could see, kept as actions arrive (the public view only). Until
        # the first GM-only line or disclosure it is everything, read as such; the view
        # is then given every action so far at once.
        self._public = PublicView(aside=game.aside) if self.view == "public" else None
        self._plain = True
        self._waiting: list[Entry] = []  # the actions the public view has not read yet
        self._at: list[tuple[Branch[S], int]] = []  # per position: the branch and length
        self.beats: list[BeatMark] = []
        """Every beat, in the order they could be seen (taken back ones too)."""
        self._positions: list[int] = []  # the positions that have beats, ascending, once each
        self._firsts: list[int] = []  # the index of each one's first beat
        self._taken: dict[int, int] = {}  # beat index → the position that took it back
        self._latest: dict[int, list[int]] = {}  # action → its latest beats' indexes
        self.problems: list[Message] = []
        """What was wrong with the journal read (a torn last line, an action cut short)."""

    # ------------------------------------------------------------------ building

    @classmethod
    def of(
        cls,
        source: Game[Any] | Journal | str | os.PathLike[str],
        *,
        view: View = "public",
        every: int = EVERY,
    ) -> Reel[Any]:
        """The reel of a game's journal (as it stands now), of a journal, or of the journal
        file at a path (read without a lock: a session another kernel plays can be read).

        Raises:
            JournalError: the file cannot be read or holds no session of an installed
                system; an entry that does not replay (naming its line).
        """
        if isinstance(source, Game):
            journal = source.journal
            game_class: type[Game[Any]] = type(source)
        else:
            if isinstance(source, Journal):
                journal = source
            else:
                path = checks.path(source, "a journal's path", error=JournalError)
                journal = Journal.read(path)
            if not journal.entries or not isinstance(journal.entries[0].event, SessionStarted):
                raise JournalError(
                    "replay.no_session",
                    "{where} does not start with a session: nothing to replay",
                    where=str(journal.path or "the journal"),
                )
            game_class = game_for(journal.entries[0].event.game)
        reel = cls(game_class, view=view, every=every)
        reel._journal = journal
        reel.extend(journal.entries)
        reel.problems = list(journal.problems)
        return reel

    _journal: Journal | None = None

    def extend(self, entries: Iterable[Entry]) -> list[BeatMark]:
        """Read the journal's next lines (in order, each once); the beats they bring.

        Raises:
            JournalError: the first entry is no start of a session of this system, or an
                entry does not replay (naming its line); what was read before it stays.
        """
        found: list[BeatMark] = []
        # Reading a long journal makes states and beats by the hundred thousand, none of
        # them garbage: the collector waits until they are made (as a resume's does).
        with collector_paused():
            for entry in entries:
                if not isinstance(entry, Entry):
                    raise JournalError(
                        "replay.not_an_entry",
                        "a reel reads journal entries, got {got}",
                        got=checks.shown(entry, 60),
                    )
                found += self._read(entry)
        return found

    def _read(self, entry: Entry) -> list[BeatMark]:
        if self._start is None:
            checkpoints = self.game_class.checkpoints(
                entry, journal=self._journal, every=self.every
            )
            self._start = entry
            self._root = self._branch = Branch(None, 0, checkpoints.start, checkpoints)
            self._waiting.append(entry)
        assert self._branch is not None
        self._entries.append(entry)
        self._history.add([entry])
        found: list[BeatMark] = []
        if entry.end and entry is not self._start:
            found = self._action_ended(entry.action)
        self._at.append((self._branch, self._length))
        return found

    def _action_ended(self, action: int) -> list[BeatMark]:
        """The action that just ended changes the run (or not): follow it."""
        first, end = self._history.span(action)
        group = self._entries[first:end]
        retcon = isinstance(group[0].event, Retcon)
        if not retcon:
            self._candidates.extend(group)
            self._candidate_actions.add(action)
        if self._public is not None and self._plain:
            if not any(e.gm or isinstance(e.event, Disclosed) for e in group):
                self._waiting.extend(group)  # nothing hidden yet: viewers see everything
            else:
                self._plain = False
                self._public.add([*self._waiting, *group])
                self._waiting = []
                return self._recount()
        if self._public is None or self._plain:  # every ordinary action is seen
            return self._retcon() if retcon else self._change(self._length, group)
        before = len(self._public.shown)
        kept = self._public.add(group)
        shown = self._public.shown
        new = shown[kept:]
        if kept == before and not any(isinstance(e.event, Retcon | Disclosed) for e in new):
            return self._change(self._length, new) if new else []  # seen, or held back
        return self._recount()

    def _retcon(self) -> list[BeatMark]:
        """A retcon ended, and every line so far is seen: an undo takes the end of the
        run off, a redo puts an action back at its end; anything else is counted again."""
        before, after = self._void, self._history.void()
        self._void = after
        gone = {action for action in after - before if action in self._in_run}
        came = sorted(a for a in before - after if a in self._candidate_actions)
        keep = len(self._actions)
        if gone:
            keep = min(self._actions.index(action) for action in gone)
            if any(action not in gone for action in self._actions[keep:]):
                return self._recount()
        if came and keep and came[0] < self._actions[keep - 1]:
            return self._recount()  # an action put back in the middle of the run
        kept = self._ends[keep - 1] if keep else 0
        new = [entry for action in came for entry in self._action_entries(action)]
        return self._change(kept, new)

    def _action_entries(self, action: int) -> list[Entry]:
        first, end = self._history.span(action)
        return self._entries[first:end]

    def _recount(self) -> list[BeatMark]:
        """The run at the line just read, from scratch (after a retcon or a disclosure)."""
        self._void = self._history.void()
        if self._public is None or self._plain:
            run = [e for e in self._candidates if e.action not in self._void]
        else:
            run = effective_entries(self._public.shown)
            if run and run[0] is self._start:
                run = run[1:]
        actions = list(dict.fromkeys(entry.action for entry in run))
        same = 0
        if actions[: len(self._actions)] == self._actions:
            same = len(self._actions)
        else:
            while same < min(len(actions), len(self._actions)):
                if actions[same] != self._actions[same]:
                    break
                same += 1
        kept = self._ends[same - 1] if same else 0
        return self._change(kept, run[kept:])

    def _change(self, kept: int, new: Sequence[Entry]) -> list[BeatMark]:
        """The run keeps its first ``kept`` entries and goes on with ``new``: follow it in
        the branches, mark the beats of the actions it leaves taken back, and give the
        beats of the actions it brings."""
        branch = self._branch
        assert branch is not None
        # Cut the bookkeeping back to what is kept (always the end of an action).
        keep = bisect_right(self._ends, kept)
        position = len(self._entries)
        removed = set(self._actions[keep:])
        self._in_run -= removed
        del self._actions[keep:], self._ends[keep:]
        # Where the new entries go: the branch already holds them (a redo), it ends where
        # they start (they extend it), or a new branch starts from what is kept.
        along = shared(branch, new, kept)
        known: dict[int, S] = {}
        if along < len(new):
            if kept + along == len(branch):
                known[len(branch)] = branch.checkpoints.state  # the state before the action
                branch.checkpoints.extend(new[along:])
            else:
                fork = kept + along
                checkpoints = self._fresh(branch.state_at(fork))
                branch = Branch(branch, fork, checkpoints.start, checkpoints)
                checkpoints.extend(new[along:])
        length = kept + len(new)
        self._branch, self._length = branch, length
        spans: dict[int, list[int]] = {}
        for offset, entry in enumerate(new, start=kept):
            action = entry.action
            if not self._actions or self._actions[-1] != action:
                if action not in self._in_run and action not in removed:
                    spans[action] = [offset, offset]  # it came into the run
                self._actions.append(action)
                self._ends.append(offset + 1)
                self._in_run.add(action)
            else:
                self._ends[-1] = offset + 1
            if action in spans:
                spans[action][1] = offset + 1
        for action in removed - self._in_run:
            for index in self._latest.get(action, ()):
                self._taken.setdefault(index, position)
        return self._beats_of(spans, branch, length, known) if spans else []

    def _fresh(self, start: S) -> Checkpoints[S]:
        fold = self.game_class.fold_entry

        def fold_entry(state: S, entry: Entry) -> S:
            return fold(state, entry, self._journal)

        return Checkpoints(start, fold_entry, every=self.every)

    # ------------------------------------------------------------------ asking

    def __len__(self) -> int:
        """How many positions there are: the journal's lines read."""
        return len(self._at)

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every line read, in order."""
        return tuple(self._entries)

    def _position(self, position: int) -> int:
        if not self._at:
            raise JournalError("replay.empty", "the reel has read no line of a session yet")
        return checks.whole(position, "a position", 1, len(self._at), error=JournalError)

    def run_at(self, position: int) -> list[Entry]:
        """The effective entries that could be seen at ``position``, the session's start first.

        Raises:
            JournalError: ``position`` is not a whole number from 1 to :func:`len`.
        """
        branch, length = self._at[self._position(position) - 1]
        assert self._start is not None
        return [self._start, *branch.run(length)]

    def state_at(self, position: int) -> S:
        """The state that could be seen at ``position``: a resume of the journal cut there
        (``"everything"``), or what the stream showed then (``"public"``).

        Raises:
            JournalError: ``position`` is not a whole number from 1 to :func:`len`.
        """
        branch, length = self._at[self._position(position) - 1]
        return branch.state_at(length)

    def game_at(self, position: int) -> Game[S]:
        """A read-only game at ``position``: its journal the entries that could be seen
        then (a :meth:`Journal.view <.Journal.view>`), its state
        :meth:`state_at`, its dice sealed. What a board shows, as a stream's catch does.

        Raises:
            JournalError: ``position`` is not a whole number from 1 to :func:`len`.
        """
        state = self.state_at(position)
        journal = Journal.view(self.run_at(position))
        game = self.game_class(journal, Dice("replay"), state)
        game.dice.seal(SEALED)
        return game

    def catch_at(self, position: int) -> Catch:
        """What a board draws at ``position``: :meth:`game_at` as a stream's catch, drawn
        afresh (``rebuilt``), with the run that could be seen then as its effective entries.

        Raises:
            JournalError: ``position`` is not a whole number from 1 to :func:`len`.
        """
        game = self.game_at(position)
        return Catch(game, (), True, game.journal.entries)

    @property
    def state(self) -> S:
        """The state at the last position read."""
        return self.state_at(len(self._at))

    def __repr__(self) -> str:
        return (
            f"<Reel of {self.game_class.__name__}: {len(self)} lines, {len(self.beats)} beats, "
            f"{self.view}>"
        )
