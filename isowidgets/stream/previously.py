""" "Previously on…": the stream plays a recap's beats before it follows the session live.

A streamer starting the next episode runs ``python -m isowidgets.stream PATH
--previously 3`` (or a browser source asks ``?previously=3``): before following the GM,
the page shows the session's story so far (:meth:`Reel.story
<isowidgets.reel_beats.ReelBeats.story>`, the public view: what viewers saw) beat by beat, the last
three here, or from a given beat on (``--previously-from 5``), each as the stream's own
outcome card over the board as it stood after it, a hold apart, under the words
*Previously on {title}…*; then it follows live, from the session as it is now.

The beats are the same ones a replay scrubs and a recap tells (one contract, the
system's :class:`~isowidgets.beats.Beats`); nothing is recorded for it.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass, field
from typing import Any

from .. import checks
from ..errors import JournalError
from ..journal import SessionStarted
from ..reel import BeatMark, Reel
from ..widgets.beats import beat_outcome
from ..words import Message, msg

__all__ = ["MAX_FROM", "MOST", "Previously"]

MOST = 50
"""The most beats a "previously on…" plays (a recap of a long session is a page, not a
stream segment)."""

MAX_FROM = checks.MAX_COUNT
"""The highest beat number "previously on…" may start from."""


def previously_on(title: str, number: int, count: int) -> Message:
    """What the page says while it plays the story so far."""
    return msg(
        "stream.previously",
        "Previously on {title}… ({n} of {count})",
        title=title,
        n=number,
        count=count,
    )


@dataclass
class Previously:
    """Which beats a stream plays before following, and where it is in playing them.

    Args:
        path: the session's journal.
        last: play the story's last ``last`` beats (0: none).
        start: play from the story's beat number ``start`` on (1 is the first; wins
            over ``last``).

    Raises:
        JournalError: ``last`` or ``start`` is not a whole number the page can take.
    """

    path: str | os.PathLike[str]
    last: int = 0
    start: int | None = None
    playing: bool = field(default=False, init=False)
    """Whether the beats are on screen now (the page follows live once they are done)."""

    def __post_init__(self) -> None:
        self.last = checks.whole(self.last, "previously", 0, MOST, error=JournalError)
        if self.start is not None:
            self.start = checks.whole(
                self.start, "previously_from", 1, MAX_FROM, error=JournalError
            )

    @property
    def wanted(self) -> bool:
        """Whether any beat is to be played."""
        return self.start is not None or self.last > 0

    def beats(self) -> tuple[Reel[Any], list[BeatMark]]:
        """The session's reel (public) and the beats to play, in order (none when the
        journal cannot be read yet: the page then simply follows)."""
        reel: Reel[Any] = Reel.of(self.path)
        story = reel.story()
        if self.start is not None:
            chosen = story[self.start - 1 :]
        else:
            chosen = story[-self.last :] if self.last else []
        return reel, chosen[:MOST]

    async def play(self, page: Any, hold: float) -> None:
        """Show each beat on ``page`` for ``hold`` seconds (at least a second), then hand
        the page back to what it follows."""
        try:
            reel, chosen = self.beats()
        except JournalError:
            return
        if not chosen:
            return
        start = reel.run_at(1)[0].event
        title = start.title if isinstance(start, SessionStarted) and start.title else ""
        title = title or reel.game_class.title
        self.playing = True
        page.add_class("iw-stream--previously")
        try:
            for number, mark in enumerate(chosen, start=1):
                page.show_previously(
                    beat_outcome(mark.beat, f"previously-{mark.index}"),
                    reel.catch_at(mark.position),
                    previously_on(title, number, len(chosen)),
                )
                await asyncio.sleep(max(hold, 1.0))
        finally:
            self.playing = False
            page.remove_class("iw-stream--previously")
