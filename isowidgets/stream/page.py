"""The stream page: what the table resolved last, the system's board, the commitment.

:class:`StreamPage` is what the Voila page of ``python -m isowidgets.stream`` shows
(and what a notebook can show too). It follows the journal with a
:class:`~isowidgets.follow.Spectator` (read-only: no lock, no write, no secret) and
redraws from each catch. Two layouts, for two OBS browser sources:

* **board** (the default): a header with the session's title and system; the
  **outcome** of the latest resolution (what was resolved, the verdict in words with
  its glyph, what it changed, the dice with their reading: see
  :func:`~isowidgets.widgets.stream_board.outcome_html`) beside the system's **board**
  (:func:`~.board_for`); a footer with the **commitment** to the
  session's seed, and once the table reveals the seed, how anyone can verify the rolls;
* **lower third**: the outcome alone, in a band along the bottom of the frame, for a
  second browser source over the camera.

Nothing GM-only shows: the page folds the session's public entries only, so a GM-only
roll, note or prepared value, and any state that follows from one, stays off it until
the GM discloses it. The footer also shows the **table's seed** once given and the
journal's **head** (short) with the public roll count, updating live (the head of its
latest public line: see :class:`~isowidgets.journal.history.ShownHead`).

Sizes are for a broadcast frame (1920×1080 or 1280×720): the layout is the same at
either, everything sized in ``em`` from one base font size chosen so that no text is
smaller than 18 px at 720p. With ``transparent`` only the page's background is
transparent; every card keeps a near-opaque fill of its own, so its text reads over
any picture. A new resolution arrives with a short reveal (the dice, then the verdict)
and stays at least :data:`HOLD_SECONDS` before the next replaces it; a browser that
asks for reduced motion gets no animation. The page uses no icon font (Voila's Font
Awesome comes from a CDN, which an offline streaming machine cannot reach): every glyph
is plain text.
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from .. import checks
from ..errors import IsowidgetsError, JournalError
from ..follow import Catch, Spectator, public_only
from ..journal import Entry
from ..journal.chain import short_head
from ..polling import Waker, follow
from ..widgets.css import style
from ..widgets.spoken import Spoken
from ..widgets.stream_board import Outcome, outcome_html
from ..words import Message, msg, render
from .board import StreamBoard, board_for
from .options import LANGUAGES, LAYOUTS, SIZES, page_options
from .previously import Previously
from .shown import ShownSignal
from .stylesheet import page_css

__all__ = [
    "HOLD_SECONDS",
    "LANGUAGES",
    "LAYOUTS",
    "SIZES",
    "StreamPage",
    "page_css",
    "page_options",
]

POLL_SECONDS = 0.1
"""How often the page looks at the journal when the system cannot tell it that the
file changed (one ``stat``; the file is read only when it changed, and then only what
was appended)."""

WATCHED_SECONDS = 1.0
"""How often the page looks at the journal anyway when the system wakes it on a change
(a change made through a mount the system does not watch is still found)."""

REST_SECONDS = 0.001
"""How long after a new outcome the page draws the rest (the header, the board, the
footer): the moment the kernel's IOPub thread needs to send the outcome's message."""

HOLD_SECONDS = 2.0
"""The least time a resolution stays on screen before the next one replaces it."""

LOG = logging.getLogger(__name__)
"""Where a failed refresh's details go (the terminal that runs the stream)."""


def failed(exc: Exception) -> Message:
    """What the page says of a refresh that failed with ``exc``: a kit error in its own
    words, anything else by its kind (never its raw text), and where the details are."""
    why = (
        exc.message
        if isinstance(exc, IsowidgetsError)
        else msg("stream.unexpected", "an unexpected problem ({kind})", kind=type(exc).__name__)
    )
    return msg(
        "stream.failed",
        "⚠ The page could not be brought up to date: {why}. It tries again by itself; "
        "the details are in the terminal that runs the stream.",
        why=why,
    )


class StreamPage(widgets.VBox):  # type: ignore[misc]
    """The stream of the session whose journal is at ``path``.

    Args:
        path: the journal the GM's notebook writes.
        size: ``"1920x1080"`` or ``"1280x720"``.
        transparent: no page background (an OBS overlay; the cards keep their fill).
        language: ``"en"`` or ``"da"``.
        layout: ``"board"`` or ``"lower-third"``.
        hold: the least seconds a resolution stays before the next replaces it.
        previously: before following, play the session's last ``previously`` beats
            ("previously on…", :mod:`.previously`); 0: none.
        previously_from: before following, play the session's beats from this one on
            (1 is the first; wins over ``previously``).
        shown: picks the entries viewers may see: by default the public ones (GM-only
            items left out until disclosed, see :func:`~isowidgets.follow.public_only`).

    Attributes:
        spectator: follows the journal.
        board: the system's board (``None`` until a session is read).
        shown_outcome: the outcome on screen now (``None`` before any).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        size: str = "1920x1080",
        transparent: bool = False,
        language: str = "en",
        layout: str = "board",
        hold: float = HOLD_SECONDS,
        previously: int = 0,
        previously_from: int | None = None,
        shown: Callable[[Sequence[Entry]], Sequence[Entry]] = public_only,
    ) -> None:
        size = checks.choice(size, "size", list(SIZES), error=JournalError)
        transparent = checks.flag(transparent, "transparent", error=JournalError)
        language = checks.choice(language, "language", LANGUAGES, error=JournalError)
        layout = checks.choice(layout, "layout", LAYOUTS, error=JournalError)
        self.hold = checks.real(hold, "hold", 0.0, 60.0, error=JournalError)
        self.spectator = Spectator(path, shown=shown)
        self.previously = Previously(path, previously, previously_from)
        self._drawn = asyncio.Event()  # set once a browser has drawn the page
        self.language = language
        self.size = size
        self.layout_name = layout
        self.transparent = transparent
        self.css = widgets.HTML(page_css(size, transparent=transparent, layout=layout))
        self.head = widgets.HTML(self._head_html(None))
        self.head.add_class("iw-stream-head")
        self.status = widgets.HTML()
        self.status.add_class("iw-stream-status")
        self.commitment = widgets.HTML()
        self.commitment.add_class("iw-stream-commit")
        self.outcome = widgets.HTML(outcome_html(None, language))
        self.outcome.add_class("iw-stream-outcome")
        self.shown_outcome: Outcome | None = None
        self._shown_at = 0.0
        self._pending: Outcome | None = None
        self._later: asyncio.TimerHandle | None = None
        self.board: StreamBoard | None = None
        self.board_box = widgets.Box(layout=widgets.Layout(width="100%"))
        # Last, so that when it is drawn the board's views exist too.
        self.signal = ShownSignal(self._shown)
        if layout == "board":
            top = widgets.HBox([self.head, self.status])
            top.add_class("iw-stream-card")
            top.add_class("iw-stream-top")
            left = widgets.VBox([self.outcome])
            left.add_class("iw-stream-card")
            left.add_class("iw-stream-left")
            right = widgets.VBox([self.board_box])
            right.add_class("iw-stream-card")
            right.add_class("iw-stream-right")
            columns = widgets.HBox([left, right])
            columns.add_class("iw-stream-columns")
            foot = widgets.VBox([self.commitment])
            foot.add_class("iw-stream-card")
            foot.add_class("iw-stream-foot")
            parts = [top, columns, foot]
        else:
            third = widgets.VBox([self.outcome, self.status])
            third.add_class("iw-stream-card")
            third.add_class("iw-stream-third")
            parts = [third]
        spoken = Spoken(language, ".iw-stream")  # the page's lang, for screen readers
        # The stylesheets' carriers take no room: a flex gap around each pushed the
        # frame's cards down by 1.3 em and cut the footer's last line at the bottom.
        carriers = [style(), self.css]
        for carrier in carriers:
            carrier.layout.display = "none"  # a <style> applies from a hidden element too
        super().__init__([*carriers, *parts, self.signal, spoken])
        self.add_class("iw-panel")
        self.add_class("iw-stream")
        self.add_class(f"iw-stream--{size}")
        self.add_class(f"iw-stream--{layout}")
        if transparent:
            self.add_class("iw-stream--transparent")
        self._task: asyncio.Task[None] | None = None
        self._system = ""
        self.refresh()

    @classmethod
    def from_address(
        cls, path: str | os.PathLike[str], query: str | None = None, **defaults: Any
    ) -> StreamPage:
        """The page for ``path`` with the options its URL's ``query`` asks for over the
        command line's ``defaults`` (Voila hands the query to the kernel as
        ``QUERY_STRING``); what the query asked that the page cannot take is said on it,
        in the page's language."""
        options, refused = page_options(query, defaults)
        page = cls(path, **options)
        page.refused = refused
        if refused is not None:
            page._set(page.status, page.say(refused))
        return page

    refused: Message | None = None
    """What the page's address asked that it could not take (said on the page, in its
    language, while nothing else needs saying there)."""

    def _status_html(self, problem: Message | None) -> str:
        """The status line: why the journal cannot be read, else what the address asked
        that the page could not take, else nothing."""
        if problem is not None:
            return self.say(problem)
        return "" if self.refused is None else self.say(self.refused)

    # ------------------------------------------------------------------ drawing

    def say(self, message: Message) -> str:
        """``message`` in the page's language, escaped for HTML."""
        return html.escape(render(message, self.language))

    def _head_html(self, catch: Catch | None) -> str:
        if catch is None:
            return self.say(msg("stream.waiting", "Waiting for the session to start…"))
        start = catch.game.journal.entries[0].event
        named = catch.game.settings_type.title  # the system's name in the page's language
        system = type(catch.game).title if named is None else render(named, self.language)
        title = getattr(start, "title", "") or system
        return f"{html.escape(title)}<span class='iw-stream-system'>· {html.escape(system)}</span>"

    def _commitment_html(self, catch: Catch) -> str:
        lines = []
        if catch.commitment is None:
            lines.append(
                self.say(
                    msg(
                        "stream.uncommitted",
                        "This session made no commitment to its dice (an older journal).",
                    )
                )
            )
        else:
            lines.append(
                self.say(
                    msg("stream.commitment", "Dice committed before play · SHA-256 {digest}",
                        digest="\0")
                ).replace("\0", f"<code>{html.escape(catch.commitment)}</code>")
            )  # fmt: skip
            seed = catch.table_seed
            lines.append(
                self.say(msg("stream.no_table_seed", "No table seed: the GM's seed alone"))
                if seed is None
                else self.say(
                    msg("stream.table_seed", "Table seed “{seed}” bound into every roll",
                        seed=seed)
                )
            )  # fmt: skip
        if catch.head is not None:
            lines.append(
                self.say(
                    msg("stream.head", "Journal head {head} · public rolls: {rolls}",
                        head=short_head(catch.head.head), rolls=catch.head.public_rolls)
                )
            )  # fmt: skip
        if catch.revealed is not None:
            lines.append(
                self.say(
                    msg(
                        "stream.revealed",
                        "Seed revealed: verify with python -m isowidgets verify",
                    )
                )
            )
        return "<br>".join(lines)

    @staticmethod
    def _set(widget: Any, value: str) -> None:
        if widget.value != value:  # an unchanged value sends nothing to the browser
            widget.value = value

    def refresh(self) -> bool:
        """Look at the journal once and redraw what changed; whether anything did."""
        catch = self.spectator.poll()
        self._set(self.status, self._status_html(self.spectator.problem_message))
        if catch is None:
            return False
        self._board_for(catch)
        assert self.board is not None
        # The outcome first: each widget's change is its own message, and the browser
        # draws them in the order sent, so what a viewer waits for is not queued behind
        # the board and the footer. The kernel's IOPub thread sends a message only once
        # it holds the interpreter: drawn in the same turn of the loop, the board and the
        # footer kept the outcome from leaving until they were done too.
        self._offer(self.board.outcome(catch))
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a page refreshed by hand): the rest now
            self._draw_rest(catch)
        else:
            loop.call_later(REST_SECONDS, self._draw_rest, catch)
        return True

    def _draw_rest(self, catch: Catch) -> None:
        """The header, the board and the footer of ``catch`` (after its outcome)."""
        try:
            assert self.board is not None
            self._set(self.head, self._head_html(catch))
            if self.layout_name == "board":
                self.board.show(catch)
            self._set(self.commitment, self._commitment_html(catch))
        except Exception as exc:  # as a refresh that failed: said on the page
            self._failed(exc)

    def show_previously(self, outcome: Outcome, catch: Catch, words: Message) -> None:
        """Show one beat of the story so far ("previously on…"): ``outcome`` over the
        board of ``catch`` (the session as it stood then), ``words`` above them."""
        self._board_for(catch)
        assert self.board is not None
        self._set(self.head, self._head_html(catch))
        self._set(self.status, self.say(words))
        if self.layout_name == "board":
            self.board.show(catch)
        self._draw(outcome, new=True)

    def _live_again(self) -> None:
        """After "previously on…": the session as it is now, drawn afresh."""
        last = self.spectator.last
        self._set(self.status, self._status_html(self.spectator.problem_message))
        if last is None or self.board is None:
            return
        catch = Catch(last.game, (), True, last.effective)
        if self.layout_name == "board":
            self.board.show(catch)
        self._draw(self.board.outcome(catch), new=True)

    def _board_for(self, catch: Catch) -> None:
        """The board of ``catch``'s system, made the first time (or for another system)."""
        system = type(catch.game).system
        if self.board is None or system != self._system:
            if self.board is not None:
                self.board.close()
            self.board = board_for(system)(self.language)
            self.board.frame(SIZES[self.size][2])
            self._system = system
            self.board_box.children = (self.board,)
            self.add_class("iw-stream--live")  # a session is shown (browser tests wait for it)

    # ------------------------------------------------------------------ the outcome

    def _offer(self, outcome: Outcome | None) -> None:
        """Show ``outcome`` now, or once the one on screen has stayed :attr:`hold` seconds."""
        same_key = (
            outcome is not None
            and self.shown_outcome is not None
            and outcome.key == self.shown_outcome.key
        )
        waited = time.monotonic() - self._shown_at
        if same_key or outcome is None or self.shown_outcome is None or waited >= self.hold:
            self._pending = None
            self._draw(outcome, new=not same_key)
            return
        self._pending = outcome
        if self._later is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # no loop (a page refreshed by hand): show it now
                self._flush()
                return
            self._later = loop.call_later(self.hold - waited, self._flush)

    def _flush(self) -> None:
        self._later = None
        if self._pending is not None:
            outcome, self._pending = self._pending, None
            self._draw(outcome, new=True)

    def _draw(self, outcome: Outcome | None, *, new: bool) -> None:
        if new:
            self._shown_at = time.monotonic()
        self.shown_outcome = outcome
        self._set(self.outcome, outcome_html(outcome, self.language))

    # ------------------------------------------------------------------ following

    def start(self, interval: float = POLL_SECONDS) -> asyncio.Task[None]:
        """Follow the journal from the kernel's event loop until :meth:`stop`.

        A coroutine on the kernel's own loop (not a thread), so widget updates are
        sent from the thread that owns the comms, between the kernel's messages. It is
        woken the moment the journal changes where the system tells
        (:class:`~isowidgets.polling.Waker`), and looks every ``interval`` seconds where
        it cannot (every :data:`WATCHED_SECONDS` where it can, for what it misses).
        """
        seconds = checks.real(interval, "interval", 0.02, 10.0, error=JournalError)
        self.stop()
        waker = Waker(self.spectator.path, seconds)
        if waker.notified:  # the system wakes it: polling only catches what it misses
            waker.seconds = max(seconds, WATCHED_SECONDS)
            self.add_class("iw-stream--notified")
        self.waker = waker
        if self.previously.wanted:  # the story so far first, once, then live
            self._task = asyncio.get_event_loop().create_task(self._previously_then(waker))
        else:
            self._task = follow(self.refresh, waker, self._failed)
        return self._task

    async def _previously_then(self, waker: Waker) -> None:
        """Play "previously on…" once a browser shows the page (Voila runs the page before
        any browser connects: played then, it would reach nobody), then follow live."""
        try:
            await self._drawn.wait()
            try:
                await self.previously.play(self, self.hold)
            except Exception as exc:  # a story that cannot be told must not stop the page
                self._failed(exc)
            self.previously.last, self.previously.start = 0, None  # told once
            self._live_again()
        except BaseException:  # stopped before following: the waker is ours to close
            waker.close()
            raise
        await follow(self.refresh, waker, self._failed)  # follow closes it when stopped

    def _failed(self, exc: Exception) -> None:
        """A refresh that failed says so on the page, in its language (the next one runs
        as planned); the details go to the stream's terminal (:data:`LOG`)."""
        LOG.error("the stream page could not refresh", exc_info=exc)
        self._set(self.status, self.say(failed(exc)))

    def _shown(self) -> None:
        """The browser has drawn the page: let the board draw what it sent to nobody."""
        self._drawn.set()
        try:
            if self.board is not None:
                self.board.settle()
        except Exception as exc:  # a view that cannot settle must not stop the page
            self._failed(exc)

    def stop(self) -> None:
        """Stop following (the page keeps what it shows)."""
        task = getattr(self, "_task", None)  # None too on a page refused while being built
        if task is not None:
            task.cancel()
        self._task = None
        later = getattr(self, "_later", None)
        if later is not None:
            later.cancel()
            self._later = None

    def close(self) -> None:
        self.stop()
        board = getattr(self, "board", None)
        if board is not None:
            board.close()
        super().close()
