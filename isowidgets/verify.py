"""Verify a session: every random roll recomputed from the revealed seed, at its place in
the journal, the journal's hash chain checked line by line, and heads others kept matched.

A session commits to its seed when it starts (see :mod:`isowidgets.commitment`), may
take a seed from the table before its first roll, and discloses its seed with
:meth:`Game.reveal <.Seeds.reveal>`. :func:`verify` reads a journal
(without locking or changing it) and proves, for every system alike (it needs no rule
of any system, only the rolls the events carry, :meth:`Event.rolls
<.Event.rolls>`):

* **the chain**: each line carries the hash of the journal up to it (see
  :mod:`isowidgets.journal.chain`), checked as the file is read, so a line changed
  without the heads after it being made again is named;
* **the seed**: the revealed seed and salt are the ones committed to in the first line;
* **every random roll** (dice scheme ``"hmac-sha256"``, see
  :mod:`isowidgets.dice.roller`): in journal order, each roll carries the next number
  of its counter (public rolls and GM-only rolls count apart; a GM-only roll sits in a
  GM-only line and a public one in a public line), and its faces are the ones the seed,
  the table's seed and that number give. So a roll altered, swapped with another, copied
  or inserted, deleted or retyped as typed-in faces is named with its line and event.
  Undone rolls count: they were rolled. The table's seed, if given, comes before every
  random roll, once;
* **the count**: the reveal says how many public rolls were numbered, so the last
  public roll cut off the end is found too;
* **each head given** (``--head``, read off the stream or a screenshot, with the public
  roll count shown next to it): some line carries it, with that many public rolls up to
  it, so everything up to that line is exactly as it was when the head was shown.

What it cannot prove is said once, in the docs' *Verifiable sessions* page
(``docs/at-the-table/verify.md``, "What verify proves and what it cannot").

A numbered roll is checked at its place by :mod:`isowidgets.verify_numbered`. Journals
of the ``"draws"`` scheme (written before rolls were numbered) are checked by the rules
they were written under (:mod:`isowidgets.verify_draws`, :mod:`isowidgets.dice.streams`):
their random dice, sorted by draw, are the stream's draws without a gap, as many as the
reveal says.

Every finding is data (:class:`~.verify_report.Mismatch`: the line, the event, and what
is wrong as a message, ``verify.*``, whose values are the facts), rendered in a
person's language only when shown (:mod:`isowidgets.words`); the :class:`Report
<.verify_report.Report>` is made in :mod:`isowidgets.verify_report`.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from .checks import shown
from .commitment import Secret
from .dice import PoolRoll
from .dice.roller import LEGACY_SCHEME, RollKey
from .errors import JournalError, JournalTamperedError, VerifyError
from .journal import Entry, Journal, SeedRevealed, SessionStarted, TableSeed
from .journal.chain import SHORT_HEAD, read_head, short_head
from .regular_file import open_regular
from .verify_draws import draws_count, replay_draws
from .verify_numbered import Walk, check_numbered
from .verify_report import HeadMatch, Mismatch, Report, TypedRoll
from .words import Clip, Message, msg

__all__ = ["HeadMatch", "Mismatch", "Report", "TypedRoll", "verify", "verify_entries"]


def verify(path: str | os.PathLike[str], *, heads: Iterable[str] = ()) -> Report:
    """Verify the journal at ``path`` (read only; never locked or changed).

    Args:
        path: the session's journal.
        heads: heads read off the stream or the toolbar, each ``HEX`` or ``ROLLS:HEX``
            (at least :data:`~isowidgets.journal.chain.SHORT_HEAD` hex digits; spaces
            are fine): each must be carried by a line, with ``ROLLS`` public rolls up
            to it when given.

    Raises:
        JournalError: ``path`` holds no readable journal (missing, not a regular file,
            not a journal, past the journal's caps), naming why.
        VerifyError: a head that is not one, or the journal carries no commitment,
            reveals no seed, or reveals one that does not match its commitment.
    """
    wanted = _heads(heads)
    try:
        journal = Journal.read(path)
    except JournalTamperedError as exc:
        return Report(
            _commitment_of(path),
            0,
            0,
            0,
            Mismatch(
                exc.line,
                exc.seq,
                exc.kind,
                exc.summary,
                msg("verify.tampered", "{why}", why=exc.why),
                event=_said(exc.values["summary"]),
            ),
        )
    return verify_entries(
        journal.entries, where=str(journal.path), heads=wanted, line_of=journal.line_number
    )


def _commitment_of(path: str | os.PathLike[str]) -> str | None:
    """The commitment in the first line of the journal at ``path``, if it reads."""
    try:
        with os.fdopen(open_regular(Path(path)), "rb") as handle:
            first = handle.readline(1 << 20)
        event = Entry.from_line(first.decode("utf-8")).event
    except (OSError, ValueError, JournalError):
        return None
    return event.commitment if isinstance(event, SessionStarted) else None


def _heads(heads: Iterable[str]) -> list[tuple[str, int | None]]:
    if isinstance(heads, str):
        heads = [heads]
    found = []
    for text in heads:
        read = read_head(text) if isinstance(text, str) else None
        if read is None:
            raise VerifyError(
                "verify.bad_head",
                "{head} is not a head: give {short} to 64 hex digits as shown on the stream "
                "or the toolbar (spaces are fine), optionally after the public roll count "
                "shown with it and a colon (12:3f2a91c07d4e11b8)",
                head=shown(text, 80),
                short=SHORT_HEAD,
            )
        found.append(read)
    return found


def verify_entries(
    entries: Sequence[Entry],
    *,
    where: str = "the journal",
    heads: Sequence[tuple[str, int | None]] = (),
    line_of: Callable[[int], int] | None = None,
) -> Report:
    """Verify journal entries (see :func:`verify`); ``line_of`` gives an entry's line in
    its file from its ``seq`` (the ``seq`` itself by default)."""
    line = line_of or (lambda seq: seq)
    if not entries or not isinstance(entries[0].event, SessionStarted):
        raise VerifyError(
            "verify.not_a_session",
            "{where} does not start with a session_started event",
            where=where,
        )
    start = entries[0].event
    if start.commitment is None:
        raise VerifyError(
            "verify.no_commitment",
            "{where} carries no commitment: it was written before sessions committed to "
            "their seed (its seed is in plain text), so its rolls cannot be verified",
            where=where,
        )
    reveals = [e for e in entries if isinstance(e.event, SeedRevealed)]
    if not reveals:
        raise VerifyError(
            "verify.no_reveal",
            "{where} reveals no seed yet, so its rolls cannot be verified. Tip: the GM "
            "reveals it at the end of the session (game.reveal(), or Reveal on the toolbar)",
            where=where,
        )
    reveal_entry = reveals[0]
    reveal = reveal_entry.event
    assert isinstance(reveal, SeedRevealed)
    if not Secret(reveal.seed, reveal.salt).matches(start.commitment):
        raise VerifyError(
            "verify.secret",
            "{where}: the seed revealed at line {reveal_line} (seed_revealed) does not match "
            "the commitment {commitment}… at line {start_line} (session_started): the seed, "
            "its salt or the commitment was changed, so the rolls cannot be trusted",
            where=where,
            reveal_line=line(reveal_entry.seq),
            start_line=line(entries[0].seq),
            commitment=start.commitment[:SHORT_HEAD],
        )
    tables = [e for e in entries if isinstance(e.event, TableSeed)]
    table = tables[0].event.seed if tables and isinstance(tables[0].event, TableSeed) else ""
    walk = Walk(line, RollKey(reveal.seed, table))
    rolls_of = {entry.seq: entry.event.rolls() for entry in entries}  # each event read once
    for entry in reversed(entries):  # where each number is first found, for "moved"
        for roll in reversed(rolls_of[entry.seq]):
            if roll.number is not None:
                walk.later[roll.gm, roll.number] = line(entry.seq)
    typed = tuple(
        TypedRoll(line(e.seq), e.seq, e.kind, e.event.describe(), e.event.message())
        for e in entries
        for roll in rolls_of[e.seq]
        if roll.source == "typed"
    )
    base = Report(
        start.commitment,
        0,
        0,
        len(typed),
        None,
        scheme=start.dice_scheme,
        typed=typed,
        lines=len(entries),
        chained=sum(bool(e.head) for e in entries),
        table_seed=table or None,
    )

    def found(
        entry: Entry, why: Message, roll: PoolRoll | None = None, expected: tuple[int, ...] = ()
    ) -> Report:
        return _counted(base, walk.checked, _at(entry, line, why, roll, expected))

    if len(reveals) > 1:
        return found(
            reveals[1],
            msg(
                "verify.second_reveal",
                "a second reveal (the first is at line {first_line}): the seed is revealed once",
                first_line=line(reveal_entry.seq),
            ),
        )
    if len(tables) > 1:
        return found(
            tables[1],
            msg(
                "verify.second_table_seed",
                "a second table seed (the first is at line {first_line}): it is given once",
                first_line=line(tables[0].seq),
            ),
        )
    old: list[tuple[Entry, PoolRoll]] = []
    for entry in entries:
        if isinstance(entry.event, TableSeed) and walk.first_roll is not None:
            first_entry = walk.first_roll[0]
            return found(
                entry,
                msg(
                    "verify.late_table_seed",
                    "the table's seed comes after a random roll (line {roll_line}): it is "
                    "given before the first random roll, so it was moved, or the rolls were",
                    roll_line=line(first_entry.seq),
                ),
            )
        for roll in rolls_of[entry.seq]:
            if roll.source == "typed":
                continue
            if walk.first_roll is None:
                walk.first_roll = (entry, roll)
            if entry.seq > reveal_entry.seq:
                return found(
                    entry,
                    msg(
                        "verify.after_reveal",
                        "a random roll after the seed was revealed (anyone could compute it)",
                    ),
                    roll,
                )
            if roll.draw is not None:
                if start.dice_scheme != LEGACY_SCHEME:
                    why = msg(
                        "verify.scheme",
                        "a roll of the old draws scheme in a session that numbers its rolls: "
                        "it was written by hand or copied in",
                    )
                    return found(entry, why, roll)
                if any(walk.numbered):
                    why = msg(
                        "verify.after_numbered",
                        "a roll of the old draws scheme after numbered rolls: it was written "
                        "by hand or copied in",
                    )
                    return found(entry, why, roll)
                old.append((entry, roll))
                continue
            if roll.number is not None and not entry.head:
                why = msg(
                    "verify.unchained_number",
                    "a numbered roll in a line without a head: the kit writes numbered "
                    "rolls in chained lines only, so it was written by hand or its head "
                    "was taken off",
                )
                return found(entry, why)
            problem = check_numbered(walk, entry, roll)
            if problem is not None:
                why, expected = problem
                return found(entry, why, roll, expected)
    if old:
        problem_at = replay_draws(reveal.seed, reveal_entry, old, line)
        if problem_at is not None:
            at, why, drawn, expected = problem_at
            return found(at, why, drawn, expected)
        walk.checked[:0] = old
    elif reveal.draws:
        return found(reveal_entry, draws_count(reveal.draws, 0))
    if reveal.public_rolls is not None and reveal.public_rolls != walk.numbered[0]:
        if walk.numbered[0]:
            why = msg(
                "verify.count",
                "the reveal says {said} public roll(s) were numbered; the journal holds {held} "
                "(the last at line {last_line}): a public roll was cut off the end, or the "
                "count was changed",
                said=reveal.public_rolls,
                held=walk.numbered[0],
                last_line=walk.last_line[0],
            )
        else:
            why = msg(
                "verify.count_none",
                "the reveal says {said} public roll(s) were numbered; the journal holds none: "
                "public rolls were cut off, or the count was changed",
                said=reveal.public_rolls,
            )
        return found(reveal_entry, why)
    matches = []
    for head, rolls in heads:
        match = _head(entries, head, rolls, line)
        if isinstance(match, Mismatch):
            return _counted(base, walk.checked, match)
        matches.append(match)
    return dataclasses.replace(_counted(base, walk.checked, None), heads=tuple(matches))


def _head(
    entries: Sequence[Entry], head: str, rolls: int | None, line: Callable[[int], int]
) -> HeadMatch | Mismatch:
    """The line carrying ``head`` (with ``rolls`` public rolls up to it), or the mismatch."""
    public = 0
    near: Entry | None = None
    for entry in entries:
        public += entry.public_rolls
        if rolls is not None and near is None and public >= rolls:
            near = entry
        if entry.head.startswith(head):
            if rolls is not None and rolls != public:
                why = msg(
                    "verify.head_rolls",
                    "this line carries the head {head}… but {held} public roll(s) come up to "
                    "it, not the {said} shown with the head: the head was misread, or the "
                    "journal changed",
                    head=short_head(head),
                    held=public,
                    said=rolls,
                )
                return _at(entry, line, why)
            return HeadMatch(head, line(entry.seq), entry.seq, entry.kind, public, entry.gm)
    if near is not None and near.head:
        why = msg(
            "verify.head_missing_near",
            "no line carries the head {head}… shown after {rolls} public roll(s): the journal "
            "was changed at or before the line that carried it (public roll #{rolls} is at "
            "line {line}, whose head is {there}…)",
            head=short_head(head),
            rolls=rolls,
            line=line(near.seq),
            there=short_head(near.head),
        )
        return _at(near, line, why)
    why = msg(
        "verify.head_missing",
        "no line carries the head {head}…: the journal was changed at or before the line "
        "that carried it",
        head=short_head(head),
    )
    return _at(entries[-1], line, why)


def _at(
    entry: Entry,
    line: Callable[[int], int],
    why: Message,
    roll: PoolRoll | None = None,
    expected: tuple[int, ...] = (),
) -> Mismatch:
    """The mismatch at ``entry``: ``why``, and the faces expected there and found."""
    found = () if roll is None else roll.faces
    summary = entry.event.describe()
    return Mismatch(
        line(entry.seq), entry.seq, entry.kind, summary, why, expected, found, entry.event.message()
    )


def _said(value: Any) -> Message | None:
    """The event's message a tampered line's error holds (cut, see :class:`~.words.Clip`)."""
    inner = value.value if isinstance(value, Clip) else value
    return inner if isinstance(inner, Message) else None


def _counted(
    base: Report, checked: Sequence[tuple[Entry, PoolRoll]], mismatch: Mismatch | None
) -> Report:
    return dataclasses.replace(
        base,
        random_rolls=len(checked),
        random_dice=sum(len(roll.dice) for _, roll in checked),
        gm_only_rolls=sum(entry.gm for entry, _ in checked),
        mismatch=mismatch,
    )
