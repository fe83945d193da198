"""The stream page: the session's latest roll, its board and its commitment, for viewers.

:class:`StreamPage` is what the Voila page of ``python -m isowidgets.stream`` shows
(and what a notebook can show too). It follows the journal with a
:class:`~isowidgets.follow.Spectator` (read-only: no lock, no write, no secret) and
redraws from each catch:

* a header: the session's title and system;
* the **latest roll**: its dice as the kit's chips (glyph and source, never colour
  alone) and the engine's own words for what they mean;
* the system's **board** (:func:`~isowidgets.stream.board.board_for`);
* nothing GM-only: the page folds the session's public entries only, so a GM-only
  roll, note or prepared value, and any state that follows from one, stays off it
  until the GM discloses it;
* the **commitment** to the session's seed, the **table's seed** once given, the
  journal's **head** (short) with the public roll count, updating live (the head of its
  latest public line: see :class:`~isowidgets.journal.history.ShownHead`), and
  once the table reveals the seed, how anyone can verify the rolls.

Sizes are for a broadcast frame (1920×1080 or 1280×720): everything is scaled from
one base font size, and with ``transparent`` the page has no background, for an OBS
overlay. The page uses no icon font (Voila's Font Awesome comes from a CDN, which an
offline streaming machine cannot reach): every glyph is plain text.
"""

from __future__ import annotations

import asyncio
import html
import os
from collections.abc import Callable, Sequence
from typing import Any, Literal

import ipywidgets as widgets

from .. import checks
from ..errors import JournalError
from ..follow import Catch, Spectator, public_only, repeat
from ..journal import Entry
from ..journal.chain import short_head
from ..widgets.css import style
from ..widgets.i18n import Labels
from .board import StreamBoard, board_for, latest_roll_html, rolled_entries
from .shown import ShownSignal
from .words import STREAM_WORDS

__all__ = ["SIZES", "StreamPage", "page_css"]

Size = Literal["1920x1080", "1280x720"]

SIZES: dict[str, tuple[int, int, int]] = {
    "1920x1080": (1920, 1080, 24),
    "1280x720": (1280, 720, 16),
}
"""Frame size → (width, height, base font size in px): the same layout at either size."""

LATEST_POOLS = 6
"""At most this many rolled events of the latest rolling action are shown (a conflict's pools)."""

POLL_SECONDS = 0.1
"""How often the page looks at the journal (one ``stat``; the file is read only when it
changed), which bounds how late a roll reaches viewers."""


def page_css(size: str, *, transparent: bool) -> str:
    """The page's stylesheet: the frame, its base size, and a transparent background if asked.

    Everything inside is sized in ``em`` from the base, so the kit's chips and tracks
    grow with the frame. Voila's own wrappers get no background and no margin either,
    so nothing but the stream's boxes is drawn.
    """
    width, height, base = SIZES[checks.choice(size, "size", list(SIZES))]
    background = "transparent" if transparent else "#f7f5ef"
    card = "rgba(255, 255, 255, 0.92)" if transparent else "#fff"
    return f"""<style>
html, body, #rendered_cells, .jp-Notebook, .jp-Cell, .jp-OutputArea, .jp-OutputArea-child,
.jp-OutputArea-output, .jp-LabShell, .jp-RenderedHTMLCommon, .widget-box, body.jp-Notebook
  {{ background: {background} !important; }}
body {{ margin: 0; overflow: hidden; }}
#rendered_cells, .jp-Notebook, .jp-Cell, .jp-OutputArea-output {{ padding: 0 !important;
  margin: 0 !important; }}
.jp-OutputPrompt, .jp-InputPrompt {{ display: none !important; }}
.iw-stream {{ width: {width}px; height: {height}px; box-sizing: border-box; padding: 0.6em 0.9em;
  font-size: {base}px; line-height: 1.3; color: #111; overflow: hidden;
  font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; }}
.iw-stream .iw-stream-card {{ background: {card}; border: 2px solid #333; border-radius: 0.4em;
  padding: 0.3em 0.6em; margin: 0.25em; box-sizing: border-box; overflow: hidden; }}
.iw-stream .iw-stream-head {{ font-size: 1.35em; font-weight: 700; }}
.iw-stream .iw-stream-system {{ font-size: 0.8em; font-weight: 400; margin-left: 0.5em; }}
.iw-stream .iw-stream-h {{ font-size: 1.05em; margin: 0.1em 0 0.3em; }}
.iw-stream .iw-die {{ font-size: 1.5em; }}
.iw-stream .iw-dice-label {{ font-size: 0.9em; color: #222; }}
.iw-stream .iw-stream-meaning {{ font-size: 1em; margin: 0.3em 0; }}
.iw-stream .iw-stream-rolls .iw-die {{ font-size: 1em; }}
.iw-stream .iw-stream-list {{ margin: 0; padding-left: 1.2em; }}
.iw-stream .iw-stream-commit {{ font-size: 0.75em; font-family: "DejaVu Sans Mono", monospace;
  word-break: break-all; }}
.iw-stream .iw-stream-status {{ font-size: 0.7em; }}
.iw-stream .iw-stream-columns {{ display: flex; gap: 0.3em; flex: 1 1 auto; min-height: 0; }}
.iw-stream .iw-stream-left {{ flex: 0 0 34%; }}
.iw-stream .iw-stream-right {{ flex: 1 1 auto; min-width: 0; }}
.iw-stream .iw-track {{ font-size: 0.85em; }}
.iw-stream .widget-html, .iw-stream .widget-html-content {{ font-size: inherit;
  line-height: inherit; height: auto; }}
</style>"""


class StreamPage(widgets.VBox):  # type: ignore[misc]
    """The stream of the session whose journal is at ``path``.

    Args:
        path: the journal the GM's notebook writes.
        size: ``"1920x1080"`` or ``"1280x720"``.
        transparent: no page background (an OBS overlay).
        language: ``"en"`` or ``"da"``.
        shown: picks the entries viewers may see: by default the public ones (GM-only
            items left out until disclosed, see :func:`~isowidgets.follow.public_only`).

    Attributes:
        spectator: follows the journal.
        board: the system's board (``None`` until a session is read).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        size: str = "1920x1080",
        transparent: bool = False,
        language: str = "en",
        shown: Callable[[Sequence[Entry]], Sequence[Entry]] = public_only,
    ) -> None:
        size = checks.choice(size, "size", list(SIZES), error=JournalError)
        transparent = checks.flag(transparent, "transparent", error=JournalError)
        language = checks.choice(language, "language", STREAM_WORDS.languages, error=JournalError)
        self.spectator = Spectator(path, shown=shown)
        self.labels = Labels(STREAM_WORDS, language)
        self.size = size
        self.transparent = transparent
        self.css = widgets.HTML(page_css(size, transparent=transparent))
        self.head = widgets.HTML(self._head_html(None))
        self.head.add_class("iw-stream-head")
        self.commitment = widgets.HTML()
        self.commitment.add_class("iw-stream-commit")
        self.latest = widgets.HTML(self._latest_html([]))
        self.latest.add_class("iw-stream-latest")
        self.status = widgets.HTML()
        self.status.add_class("iw-stream-status")
        self.board: StreamBoard | None = None
        self.board_box = widgets.Box(layout=widgets.Layout(width="100%"))
        left = widgets.VBox([self.latest])
        left.add_class("iw-stream-card")
        left.add_class("iw-stream-left")
        right = widgets.VBox([self.board_box])
        right.add_class("iw-stream-card")
        right.add_class("iw-stream-right")
        columns = widgets.HBox([left, right])
        columns.add_class("iw-stream-columns")
        top = widgets.VBox([self.head, self.commitment, self.status])
        top.add_class("iw-stream-card")
        # Last, so that when it is drawn the board's views exist too.
        self.signal = ShownSignal(self._shown)
        super().__init__([style(), self.css, top, columns, self.signal])
        self.add_class("iw-panel")
        self.add_class("iw-stream")
        self.add_class(f"iw-stream--{size}")
        if transparent:
            self.add_class("iw-stream--transparent")
        self._task: asyncio.Task[None] | None = None
        self._system = ""
        self.refresh()

    # ------------------------------------------------------------------ drawing

    def _head_html(self, catch: Catch | None) -> str:
        if catch is None:
            return html.escape(self.labels("stream.waiting"))
        start = catch.game.journal.entries[0].event
        title = getattr(start, "title", "") or type(catch.game).title
        return (
            f"{html.escape(title)}"
            f"<span class='iw-stream-system'>· {html.escape(type(catch.game).title)}</span>"
        )

    def _latest_html(self, entries: Sequence[Entry]) -> str:
        rolled = rolled_entries(entries)
        # A conflict rolls several pools in one action: the latest roll is all of them.
        last = [e for e in rolled if e.action == rolled[-1].action][-LATEST_POOLS:]
        body = (
            "".join(latest_roll_html(entry) for entry in last)
            if last
            else f"<p>{html.escape(self.labels('stream.no_roll'))}</p>"
        )
        return f"<h2 class='iw-stream-h'>{html.escape(self.labels('stream.latest'))}</h2>{body}"

    def _commitment_html(self, catch: Catch) -> str:
        lines = []
        if catch.commitment is None:
            lines.append(self.labels("stream.uncommitted"))
        else:
            lines.append(self.labels("stream.commitment", digest=catch.commitment))
            seed = catch.table_seed
            lines.append(
                self.labels("stream.no_table_seed")
                if seed is None
                else self.labels("stream.table_seed", seed=seed)
            )
        if catch.head is not None:
            lines.append(
                self.labels(
                    "stream.head", head=short_head(catch.head.head), rolls=catch.head.public_rolls
                )
            )
        if catch.revealed is not None:
            lines.append(self.labels("stream.revealed"))
        return "<br>".join(html.escape(line) for line in lines)

    @staticmethod
    def _set(widget: Any, value: str) -> None:
        if widget.value != value:  # an unchanged value sends nothing to the browser
            widget.value = value

    def refresh(self) -> bool:
        """Look at the journal once and redraw what changed; whether anything did."""
        catch = self.spectator.poll()
        self._set(self.status, html.escape(self.spectator.problem))
        if catch is None:
            return False
        system = type(catch.game).system
        if self.board is None or system != self._system:
            if self.board is not None:
                self.board.close()
            self.board = board_for(system)(self.labels)
            self._system = system
            self.board_box.children = (self.board,)
        entries = catch.game.journal.effective()
        self._set(self.head, self._head_html(catch))
        self._set(self.commitment, self._commitment_html(catch))
        self._set(self.latest, self._latest_html(entries))
        self.board.show(catch)
        return True

    # ------------------------------------------------------------------ following

    def start(self, interval: float = POLL_SECONDS) -> asyncio.Task[None]:
        """Follow the journal from the kernel's event loop until :meth:`stop`.

        A coroutine on the kernel's own loop (not a thread), so widget updates are
        sent from the thread that owns the comms, between the kernel's messages.
        """
        seconds = checks.real(interval, "interval", 0.02, 10.0, error=JournalError)
        self.stop()
        self._task = repeat(self.refresh, seconds, self._failed)
        return self._task

    def _failed(self, exc: Exception) -> None:
        """A refresh that failed says so on the page (the next one runs as planned)."""
        self._set(self.status, html.escape(f"{type(exc).__name__}: {exc}"))

    def _shown(self) -> None:
        """The browser has drawn the page: let the board draw what it sent to nobody."""
        try:
            if self.board is not None:
                self.board.settle()
        except Exception as exc:  # a view that cannot settle must not stop the page
            self._set(self.status, html.escape(f"{type(exc).__name__}: {exc}"))

    def stop(self) -> None:
        """Stop following (the page keeps what it shows)."""
        task = getattr(self, "_task", None)  # None too on a page refused while being built
        if task is not None:
            task.cancel()
        self._task = None

    def close(self) -> None:
        self.stop()
        board = getattr(self, "board", None)
        if board is not None:
            board.close()
        super().close()
