"""Verify a session: replay every random roll of its journal from the revealed seed.

A session commits to its seed when it starts (see :mod:`isowidgets.commitment`) and
discloses it with :meth:`Game.reveal <isowidgets.game.Game.reveal>`. :func:`verify`
reads a journal (without locking or changing it), checks the revealed seed against
the commitment, and recomputes every random die from it, for every system alike:
each random roll records the draws of the session's stream its dice took
(:attr:`PoolRoll.draw <isowidgets.dice.PoolRoll.draw>`), and draw ``i`` is fixed by
the seed alone (see :class:`~isowidgets.dice.Dice`). So the check needs no rule of
any system, only the faces the events carry (:meth:`Event.rolls
<isowidgets.journal.Event.rolls>`).

What it proves: the random faces in the journal are, in order and without a gap,
the draws a seed fixed before play produced (the seed's hash was published in the
journal's first line). Retconned rolls count too: they were rolled. What it cannot
prove: faces typed in from physical dice (counted apart, outside the proof); that a
GM did not start many sessions and keep the one he liked; anything about a session
whose seed is never revealed; and nothing after the reveal (anyone can compute the
dice then, so a random roll after it is a mismatch).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from dataclasses import dataclass

from .checks import shown
from .commitment import Secret
from .dice import PoolRoll
from .dice.roller import Stream
from .errors import VerifyError
from .journal import Entry, Journal, SeedRevealed, SessionStarted

__all__ = ["Mismatch", "Report", "verify", "verify_entries"]


@dataclass(frozen=True, slots=True)
class Mismatch:
    """The first random roll that is not what the seed fixed.

    Attributes:
        seq: the event's number in the journal (its ``seq``).
        kind: the event's kind.
        summary: the event as the log shows it.
        draw: the draw the roll should have started at.
        expected: the faces the seed gives there (empty when none can be named).
        found: the faces the journal holds.
        why: what is wrong, in words.
    """

    seq: int
    kind: str
    summary: str
    draw: int
    expected: tuple[int, ...]
    found: tuple[int, ...]
    why: str

    def text(self) -> str:
        expected = " ".join(map(str, self.expected)) if self.expected else "no roll here"
        return (
            f"MISMATCH at event #{self.seq} ({self.kind}: {shown(self.summary, 120)}), "
            f"draw {self.draw}: {self.why}\n  expected: {expected}\n"
            f"  found:    {' '.join(map(str, self.found))}"
        )


@dataclass(frozen=True, slots=True)
class Report:
    """What :func:`verify` found.

    Attributes:
        commitment: the commitment the journal starts with.
        random_rolls: random rolls checked (all of them when there is no mismatch).
        random_dice: random dice among them.
        typed_rolls: rolls typed in from physical dice: outside the proof.
        gm_only_rolls: random rolls checked that are in GM-only actions (the journal
            holds them whole, so verify replays them like every other).
        mismatch: the first roll that does not verify, or ``None``.
    """

    commitment: str
    random_rolls: int
    random_dice: int
    typed_rolls: int
    mismatch: Mismatch | None
    gm_only_rolls: int = 0

    @property
    def ok(self) -> bool:
        return self.mismatch is None

    def text(self) -> str:
        """The report as the command line prints it."""
        head = f"commitment {self.commitment}"
        typed = f"{self.typed_rolls} typed roll(s) of physical dice: outside the proof"
        if self.gm_only_rolls:
            typed += (
                f"\n{self.gm_only_rolls} of them GM-only: verify reads the whole journal, so "
                "nothing GM-only is left out (a public export cannot be verified)"
            )
        if self.mismatch is None:
            return (
                f"{head}\nVERIFIED: {self.random_rolls} random roll(s) ({self.random_dice} "
                f"dice) are the ones the committed seed fixed, in order\n{typed}"
            )
        return (
            f"{head}\n{self.mismatch.text()}\n({self.random_rolls} random roll(s) before it "
            f"verified)\n{typed}"
        )


def verify(path: str | os.PathLike[str]) -> Report:
    """Verify the journal at ``path`` (read only; never locked or changed).

    Raises:
        JournalError: ``path`` holds no readable journal (missing, a directory,
            not a journal, past the journal's caps), naming why.
        VerifyError: the journal carries no commitment, reveals no seed, or
            reveals one that does not match its commitment.
    """
    journal = Journal.read(path)
    return verify_entries(journal.entries, where=str(journal.path))


def verify_entries(entries: Sequence[Entry], *, where: str = "the journal") -> Report:
    """Verify journal entries (see :func:`verify`)."""
    if not entries or not isinstance(entries[0].event, SessionStarted):
        raise VerifyError(f"{where} does not start with a session_started event")
    start = entries[0].event
    if start.commitment is None:
        raise VerifyError(
            f"{where} carries no commitment: it was written before sessions committed to "
            "their seed (its seed is in plain text), so its rolls cannot be verified"
        )
    revealed_entry = _reveal(entries, where)
    reveal = revealed_entry.event
    assert isinstance(reveal, SeedRevealed)
    revealed_at = revealed_entry.seq
    secret = Secret(reveal.seed, reveal.salt)
    if not secret.matches(start.commitment):
        raise VerifyError(
            f"{where}: the revealed seed does not match the commitment {start.commitment} "
            "the session started with; the rolls cannot be trusted"
        )
    typed = sum(roll.source == "typed" for entry in entries for roll in entry.event.rolls())
    draws: list[tuple[int, int, Entry, PoolRoll]] = []
    for entry in entries:
        for roll in entry.event.rolls():
            if roll.source == "typed":
                continue
            if roll.draw is None:
                return _report(
                    start.commitment,
                    [],  # found before any roll is replayed
                    typed,
                    entry,
                    roll,
                    -1,
                    (),
                    "a random roll with no draw position (not rolled by this session's dice)",
                )
            if entry.seq > revealed_at:
                return _report(
                    start.commitment,
                    [],  # found before any roll is replayed
                    typed,
                    entry,
                    roll,
                    roll.draw[1],
                    (),
                    "a random roll after the seed was revealed (anyone could compute it)",
                )
            draws.append((roll.draw[1], entry.seq, entry, roll))
    # In draw order; a roll of no dice shares its draw with the next roll and goes first.
    draws.sort(key=lambda item: (item[0], bool(item[3].dice), item[1]))
    return _replay(start.commitment, revealed_entry, draws, typed)


def _reveal(entries: Sequence[Entry], where: str) -> Entry:
    found = [(e.event, e) for e in entries if isinstance(e.event, SeedRevealed)]
    if not found:
        raise VerifyError(
            f"{where} reveals no seed yet, so its rolls cannot be verified. Tip: the GM "
            "reveals it at the end of the session (game.reveal(), or Reveal on the toolbar)"
        )
    if len({(event.seed, event.salt, event.draws) for event, _ in found}) > 1:
        raise VerifyError(f"{where} reveals {len(found)} different seeds; it cannot be trusted")
    return found[0][1]


def _replay(
    commitment: str,
    reveal_entry: Entry,
    draws: list[tuple[int, int, Entry, PoolRoll]],
    typed: int,
) -> Report:
    reveal = reveal_entry.event
    assert isinstance(reveal, SeedRevealed)
    secret = Secret(reveal.seed, reveal.salt)
    expected_next = 0
    stream: int | None = None
    rng: Stream | None = None
    previous: Entry | None = None
    for done, (index, _seq, entry, roll) in enumerate(draws):
        assert roll.draw is not None
        begins = roll.draw[0]
        found = roll.faces
        if index < expected_next:
            assert previous is not None
            return _report(
                commitment,
                draws[:done],
                typed,
                entry,
                roll,
                index,
                (),
                f"draw {index} was already taken by event #{previous.seq}: a roll was "
                "inserted (or copied)",
            )
        if index > expected_next:
            gap = rng is not None and begins == stream
            return _report(
                commitment,
                draws[:done],
                typed,
                entry,
                roll,
                expected_next,
                _faces(rng, roll) if gap and rng is not None else (),
                f"draws {expected_next}–{index - 1} are missing before this roll: a roll "
                "was deleted (or lost)",
            )
        if begins != stream and begins == index:  # a resume took the stream up here
            stream, rng = begins, Stream(secret.seed, begins)
        if rng is None or begins != stream:
            return _report(
                commitment,
                draws[:done],
                typed,
                entry,
                roll,
                index,
                (),
                f"the roll claims the stream taken up at draw {begins}, but that stream "
                f"is not the one draw {index} comes from",
            )
        expected = _faces(rng, roll)
        if expected != found:
            return _report(
                commitment,
                draws[:done],
                typed,
                entry,
                roll,
                index,
                expected,
                "the faces are not the ones the seed gives: a face was altered",
            )
        expected_next = index + len(found)
        previous = entry
    if expected_next != reveal.draws:
        entry = reveal_entry
        missing = (
            f"draws {expected_next}–{reveal.draws - 1} are" if expected_next < reveal.draws else ""
        )
        why = (
            f"{missing} missing at the end: a roll was deleted (or lost)"
            if missing
            else f"the journal holds {expected_next} random dice, the reveal says {reveal.draws}"
        )
        report = _report(commitment, draws, typed, None, None, 0, (), "")
        mismatch = Mismatch(
            entry.seq, entry.kind, entry.event.describe(), expected_next, (), (), why
        )
        return dataclasses.replace(report, mismatch=mismatch)
    return _report(commitment, draws, typed, None, None, 0, (), "")


def _faces(rng: Stream, roll: PoolRoll) -> tuple[int, ...]:
    """The next faces the stream gives for ``roll``'s dice (as :meth:`Dice.face` draws)."""
    return rng.faces(roll.pool.die, len(roll.dice))


def _report(
    commitment: str,
    checked: Sequence[tuple[int, int, Entry, PoolRoll]],
    typed: int,
    entry: Entry | None,
    roll: PoolRoll | None,
    draw: int,
    expected: tuple[int, ...],
    why: str,
) -> Report:
    mismatch = None
    if entry is not None and roll is not None:
        mismatch = Mismatch(
            entry.seq, entry.kind, entry.event.describe(), draw, expected, roll.faces, why
        )
    return Report(
        commitment,
        random_rolls=len(checked),
        random_dice=sum(len(item[3].dice) for item in checked),
        typed_rolls=typed,
        mismatch=mismatch,
        gm_only_rolls=sum(item[2].gm for item in checked),
    )
