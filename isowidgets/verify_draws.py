"""Verifying a session of the ``"draws"`` scheme, written before rolls were numbered.

Such a session's random dice came from one stream of draws (see
:mod:`isowidgets.dice.streams`), each roll carrying where its dice were drawn
(:attr:`PoolRoll.draw <isowidgets.dice.records.PoolRoll.draw>`). :func:`replay_draws`
checks them by the rules they were written under: sorted by draw, the stream's draws
without a gap, as many as the reveal says. :func:`~isowidgets.verify.verify` calls it
for such a journal; every session now numbers its rolls instead.
"""

from __future__ import annotations

from collections.abc import Callable

from .dice import PoolRoll
from .dice.streams import Stream
from .journal import Entry, SeedRevealed
from .words import Message, msg

__all__ = ["draws_count", "replay_draws"]


def draws_count(said: int, held: int) -> Message:
    """The reveal says ``said`` random dice were drawn where the journal holds ``held``."""
    return msg(
        "verify.draws_count",
        "the reveal says {said} random dice were drawn; the journal holds {held}: a roll was "
        "deleted (or lost), or the count was changed",
        said=said,
        held=held,
    )


def replay_draws(
    seed: int | str,
    reveal_entry: Entry,
    rolls: list[tuple[Entry, PoolRoll]],
    line: Callable[[int], int],
) -> tuple[Entry, Message, PoolRoll | None, tuple[int, ...]] | None:
    """The rolls of a ``"draws"`` session, by its rules: sorted by draw (a roll of no
    dice shares its draw with the next and goes first), the stream's draws without a
    gap, as many as the reveal says. The first problem, or ``None``."""
    reveal = reveal_entry.event
    assert isinstance(reveal, SeedRevealed)
    ordered = sorted(rolls, key=lambda item: (_draw(item[1])[1], bool(item[1].dice), item[0].seq))
    expected_next = 0
    stream: int | None = None
    rng: Stream | None = None
    previous: Entry | None = None
    for entry, roll in ordered:
        begins, index = _draw(roll)
        if index < expected_next:
            assert previous is not None
            why = msg(
                "verify.draw_taken",
                "draw {draw} was already taken by line {other_line}: a roll was inserted",
                draw=index,
                other_line=line(previous.seq),
            )
            return entry, why, roll, ()
        if index > expected_next:
            faces = rng.faces(roll.pool.die, len(roll.dice)) if rng and begins == stream else ()
            why = msg(
                "verify.draws_missing",
                "draws {first}–{last} are missing before this roll: a roll was deleted (or lost)",
                first=expected_next,
                last=index - 1,
            )
            return entry, why, roll, faces
        if begins != stream and begins == index:  # a resume took the stream up here
            stream, rng = begins, Stream(seed, begins)
        if rng is None or begins != stream:
            why = msg(
                "verify.draw_stream",
                "the roll claims the stream taken up at draw {start}, but that stream is not "
                "the one draw {draw} comes from",
                start=begins,
                draw=index,
            )
            return entry, why, roll, ()
        faces = rng.faces(roll.pool.die, len(roll.dice))
        if faces != roll.faces:
            why = msg(
                "verify.draw_faces",
                "the faces are not the ones the seed gives at draw {draw}: a face was altered",
                draw=index,
            )
            return entry, why, roll, faces
        expected_next = index + len(roll.dice)
        previous = entry
    if reveal.draws is not None and expected_next != reveal.draws:
        return reveal_entry, draws_count(reveal.draws, expected_next), None, ()
    return None


def _draw(roll: PoolRoll) -> tuple[int, int]:
    assert roll.draw is not None
    return roll.draw
