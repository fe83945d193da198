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
import os
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from .. import checks
from ..errors import JournalError
from ..follow import Catch, Spectator, Waker, follow, public_only
from ..journal import Entry
from ..journal.chain import short_head
from ..widgets.css import style
from ..widgets.spoken import Spoken
from ..widgets.stream_board import Outcome, outcome_html
from ..words import Listing, Message, languages, msg, plural, render
from .board import StreamBoard, board_for
from .previously import MAX_FROM, MOST, Previously
from .shown import ShownSignal

__all__ = [
    "HOLD_SECONDS",
    "LANGUAGES",
    "LAYOUTS",
    "SIZES",
    "StreamPage",
    "page_css",
    "page_options",
]

SIZES: dict[str, tuple[int, int, int]] = {
    "1920x1080": (1920, 1080, 30),
    "1280x720": (1280, 720, 20),
}
"""Frame size → (width, height, base font size in px): the same layout at either size;
the smallest text is 0.9 em (18 px at 720p, 27 px at 1080p)."""

LAYOUTS = ("board", "lower-third")
"""The page's layouts: the whole board, or only the latest resolution along the bottom."""

LANGUAGES = languages()
"""The languages the stream speaks: every language of the kit's catalogues (``en``,
``da``), and the pseudo-language ``qps`` a test reads it in."""

POLL_SECONDS = 0.1
"""How often the page looks at the journal when the system cannot tell it that the
file changed (one ``stat``; the file is read only when it changed, and then only what
was appended)."""

WATCHED_SECONDS = 1.0
"""How often the page looks at the journal anyway when the system wakes it on a change
(a change made through a mount the system does not watch is still found)."""

HOLD_SECONDS = 2.0
"""The least time a resolution stays on screen before the next one replaces it."""

MAX_QUERY = 500
"""The longest query string the page reads (``?layout=lower-third&language=da``)."""


def page_css(size: str, *, transparent: bool, layout: str = "board") -> str:
    """The page's stylesheet: the frame, its base size, the cards, the reveal.

    Everything inside is sized in ``em`` from the base, so the kit's chips and tracks
    grow with the frame. Voila's own wrappers get no background and no margin, so
    nothing but the stream's cards is drawn; with ``transparent`` the page shows what
    is behind it, and each card keeps its own near-opaque fill and a dark border.
    """
    width, height, base = SIZES[checks.choice(size, "size", list(SIZES))]
    checks.choice(layout, "layout", LAYOUTS)
    background = "transparent" if transparent else "#ecebe4"
    card = "rgba(255, 255, 255, 0.94)" if transparent else "#ffffff"
    return f"""<style>
html, body, #rendered_cells, .jp-Notebook, .jp-Cell, .jp-OutputArea, .jp-OutputArea-child,
.jp-OutputArea-output, .jp-LabShell, .jp-RenderedHTMLCommon, body.jp-Notebook, .voila-root
  {{ background: {background} !important; }}
body {{ margin: 0; overflow: hidden; }}
#rendered_cells, .jp-Notebook, .jp-Cell, .jp-OutputArea-output {{ padding: 0 !important;
  margin: 0 !important; }}
.jp-OutputPrompt, .jp-InputPrompt {{ display: none !important; }}
.iw-stream {{ width: {width}px; height: {height}px; box-sizing: border-box;
  padding: 0.5em 0.6em; font-size: {base}px; line-height: 1.25; color: #111;
  overflow: hidden; background: transparent;
  font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; gap: 0.4em; }}
.iw-stream .widget-box, .iw-stream .widget-html, .iw-stream .widget-html-content
  {{ background: transparent; }}
.iw-stream .widget-html, .iw-stream .widget-html-content {{ font-size: inherit;
  line-height: inherit; height: auto; margin: 0; padding: 0; }}
.iw-stream .iw-stream-card {{ background: {card} !important; border: 0.1em solid #222;
  box-shadow: 0 0 0 0.1em #fff; border-radius: 0.35em; padding: 0.35em 0.6em; margin: 0;
  box-sizing: border-box; overflow: hidden; color: #111; }}
.iw-stream .iw-stream-top {{ flex: 0 0 auto; display: flex; flex-direction: row;
  align-items: baseline; }}
.iw-stream .iw-stream-head {{ font-size: 1.3em; font-weight: 700; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }}
.iw-stream .iw-stream-system {{ font-size: 0.75em; font-weight: 400; margin-left: 0.5em; }}
.iw-stream .iw-stream-status {{ font-size: 0.9em; margin-left: auto; }}
.iw-stream .iw-stream-h {{ font-size: 1em; font-weight: 700; margin: 0 0 0.2em; }}
.iw-stream .iw-stream-columns {{ display: flex; gap: 0.4em; flex: 1 1 auto; min-height: 0;
  align-items: stretch; }}
.iw-stream .iw-stream-left {{ flex: 0 0 42%; min-width: 0; }}
.iw-stream .iw-stream-right {{ flex: 1 1 0; min-width: 0; display: flex;
  flex-direction: column; }}
.iw-stream .iw-stream-right > .widget-box {{ flex: 1 1 auto; min-height: 0; }}
.iw-stream .iw-stream-foot {{ flex: 0 0 auto; font-size: 0.9em; }}
.iw-stream .iw-stream-commit {{ overflow-wrap: anywhere; }}
.iw-stream .iw-stream-commit code {{ font-family: "DejaVu Sans Mono", monospace;
  font-size: 1em; }}
.iw-stream .iw-outcome {{ display: flex; flex-direction: column; gap: 0.2em; }}
.iw-stream .iw-outcome p {{ margin: 0; }}
.iw-stream .iw-outcome-head {{ font-size: 1em; font-weight: 700; overflow-wrap: anywhere; }}
.iw-stream .iw-outcome-verdict {{ font-size: 1.45em; font-weight: 800; line-height: 1.15;
  padding: 0.1em 0.3em; border-left: 0.3em solid #333; overflow-wrap: anywhere; }}
.iw-stream .iw-outcome--success .iw-outcome-verdict {{ border-left: 0.3em solid #1b6e33;
  background: #e3f3e6; }}
.iw-stream .iw-outcome--partial .iw-outcome-verdict {{ border-left: 0.3em dashed #8a5a00;
  background: #fbf0d9; }}
.iw-stream .iw-outcome--failure .iw-outcome-verdict {{ border-left: 0.3em double #a3172a;
  background: #f8e1e3; }}
.iw-stream .iw-outcome--even .iw-outcome-verdict {{ border-left: 0.3em dotted #333;
  background: #efefef; }}
.iw-stream .iw-outcome-changes {{ margin: 0; padding-left: 1.1em; }}
.iw-stream .iw-outcome-changes li {{ overflow-wrap: anywhere; }}
.iw-stream .iw-outcome-dice {{ display: flex; flex-direction: column; gap: 0.15em; }}
.iw-stream .iw-outcome-reading {{ font-weight: 700; }}
.iw-stream .iw-stream-pool .iw-dice {{ gap: 0.15em; margin: 0; flex-wrap: wrap; }}
.iw-stream .iw-stream-pool {{ display: flex; flex-wrap: wrap; align-items: center;
  gap: 0.3em; }}
.iw-stream .iw-dice-label {{ font-size: 0.9em; color: #111; margin-right: 0.2em; }}
.iw-stream .iw-stream-source {{ font-size: 1em; color: #333; }}
.iw-stream .iw-reading {{ font-size: 1em; font-weight: 700; }}
.iw-stream .iw-reading::before {{ content: "→ "; }}
.iw-stream .iw-die {{ font-size: 0.9em; min-width: 1.75em; height: 1.6em; padding: 0 0.05em;
  border-width: 0.12em; }}
.iw-stream .iw-die--red {{ border-width: 0.2em; }}
.iw-stream .iw-die .iw-glyph, .iw-stream .iw-die .iw-mark {{ font-size: 1em; }}
.iw-stream .iw-chain {{ padding: 0.05em; gap: 0.1em; }}
.iw-stream .iw-stream-list {{ margin: 0; padding-left: 1.1em; }}
.iw-stream .iw-stream-list li {{ overflow-wrap: anywhere; }}
.iw-stream .iw-stream-people {{ list-style: none; padding-left: 0; }}
.iw-stream .iw-track {{ font-size: 0.9em; margin: 0.1em 0; }}
.iw-stream .iw-track-title {{ font-size: 1em; }}
.iw-stream .iw-track-state {{ font-size: 1em; }}
.iw-stream .iw-track-levels {{ flex-wrap: nowrap; gap: 0.15em; }}
.iw-stream .iw-track-level {{ min-width: 0; flex: 1 1 0; padding: 0.05em 0.15em;
  font-size: 1em; }}
.iw-stream .iw-track-level .iw-track-note {{ font-size: 1em; }}
.iw-stream .iw-track-slot {{ min-width: 0; flex: 1 1 0; padding: 0.05em 0.1em;
  font-size: 1em; }}
.iw-stream .iw-track-slot .iw-track-slot-label, .iw-stream .iw-track-slot .iw-track-note
  {{ font-size: 1em; }}
.iw-stream .iw-stream-strip {{ display: flex; gap: 0.6em; align-items: flex-start;
  flex: 0 0 auto; }}
.iw-stream .iw-stream-strip > * {{ flex: 0 1 auto; min-width: 0; }}
.iw-stream .iw-stream-strip > .iw-stream-stress {{ flex: 0 0 auto; }}
.iw-stream .iw-stream-stress .iw-track-title {{ white-space: nowrap; }}
.iw-stream .iw-stream-people {{ display: flex; flex-wrap: wrap; column-gap: 0.8em; }}
.iw-stream .iw-stream-mapbox {{ flex: 1 1 auto; min-width: 0; min-height: 0;
  position: relative; }}
.iw-stream .iw-stream-map {{ resize: none !important; border: 0 !important;
  position: absolute !important; inset: 0; width: 100% !important; height: 100% !important; }}
.iw-stream .iw-track-level .iw-track-note {{ display: none; }}
.iw-stream .iw-stream-board {{ height: 100%; display: flex; flex-direction: column;
  gap: 0.3em; flex: 1 1 auto; min-width: 0; }}
.iw-stream .iw-stream-board > .widget-box {{ min-height: 0; }}
.iw-stream .iw-stream-chartbox {{ flex: 1 1 0; min-height: 0; position: relative; }}
.iw-stream .iw-stream-chartbox > .iw-wtwd-chart-panel {{ position: absolute; inset: 0;
  display: flex; flex-direction: column; margin: 0; }}
.iw-stream .iw-stream-chartbox .iw-wtwd-chart {{ flex: 1 1 0; min-height: 0;
  width: 100% !important; }}
.iw-stream .iw-stream-fighter {{ display: flex; gap: 0.4em; align-items: center;
  margin: 0 0 0.15em; }}
.iw-stream .iw-stream-fighter > .iw-stream-name {{ flex: 0 0 6.5em; min-width: 0;
  overflow-wrap: anywhere; }}
.iw-stream .iw-stream-fighter > .iw-track {{ flex: 1 1 0; min-width: 0; margin: 0; }}
.iw-stream .iw-stream-fighter .iw-track-title, .iw-stream .iw-stream-fighter .iw-track-state,
.iw-stream .iw-track-slot .iw-track-note {{ display: none; }}
.iw-stream .iw-stream-fighter .iw-track-slot {{ flex: 0 0 2.4em; }}
.iw-stream .iw-stream-fighter .iw-track-slot--filled {{ flex: 1 1 auto; }}
.iw-stream .iw-stream-legend p {{ margin: 0 0 0.2em; font-size: 0.9em; }}
.iw-stream .iw-track-levels {{ margin: 0; }}
.iw-stream .iw-stream-more {{ font-size: 0.9em; }}
/* A new resolution: the dice first, then the verdict and what it changed. */
@keyframes iw-stream-in {{ from {{ opacity: 0; transform: translateY(0.4em); }}
  to {{ opacity: 1; transform: none; }} }}
.iw-stream .iw-reveal-dice {{ animation: iw-stream-in 0.35s ease-out both; }}
.iw-stream .iw-reveal-verdict {{ animation: iw-stream-in 0.35s ease-out 0.45s both; }}
@media (prefers-reduced-motion: reduce) {{
  .iw-stream .iw-reveal-dice, .iw-stream .iw-reveal-verdict {{ animation: none !important; }}
}}
.iw-stream--lower-third {{ justify-content: flex-end; }}
.iw-stream--lower-third .iw-stream-third {{ flex: 0 0 auto; max-height: 46%; }}
.iw-stream--lower-third .iw-outcome {{ display: grid; grid-template-columns: 44% 1fr;
  grid-template-rows: auto auto auto 1fr; column-gap: 0.8em; align-items: start; }}
.iw-stream--lower-third .iw-outcome-head {{ grid-column: 1; grid-row: 1; }}
.iw-stream--lower-third .iw-outcome-verdict {{ grid-column: 1; grid-row: 2; }}
.iw-stream--lower-third .iw-outcome-changes {{ grid-column: 1; grid-row: 3; }}
.iw-stream--lower-third .iw-outcome-dice {{ grid-column: 2; grid-row: 1 / span 4; }}
.iw-stream--lower-third .iw-outcome-reading {{ grid-column: 1; grid-row: 4; }}
</style>"""


CUT = 30
"""The most characters of a name or value received that a refusal repeats."""

MOST_NAMED = 3
"""The most unknown names a refusal repeats (the rest are counted)."""


def _cut(text: str) -> str:
    """``text`` as a refusal repeats it: quoted, at most :data:`CUT` characters of it and
    an ellipsis (no count in words: the refusal is said in the page's language)."""
    return checks.shown(text[:CUT], CUT + 2) + ("…" if len(text) > CUT else "")


def page_options(
    query: str | None, defaults: Mapping[str, Any]
) -> tuple[dict[str, Any], Message | None]:
    """The page's options from its URL's query (``layout``, ``language``, ``size``,
    ``transparent``, ``previously``, ``previously_from``), over the ``defaults`` the
    command line chose; and what was refused in it, as a message the page says in its
    language (``None``: nothing). A value the page cannot take keeps the default. Each
    name and value refused is repeated cut to :data:`CUT` characters, and at most
    :data:`MOST_NAMED` unknown names (the rest counted), so the refusal stays short
    whatever the address holds.
    """
    options = dict(defaults)
    if not query:
        return options, None
    if not isinstance(query, str) or len(query) > MAX_QUERY:
        return options, msg(
            "stream.address_too_long",
            "the page's address is longer than {most} characters; not read",
            most=MAX_QUERY,
        )
    refused: list[Message] = []
    unknown: list[str] = []
    allowed: dict[str, Sequence[str]] = {
        "layout": LAYOUTS,
        "language": LANGUAGES,
        "size": tuple(SIZES),
        "transparent": ("0", "1", "false", "true", "no", "yes"),
    }
    numbers = {"previously": (0, MOST), "previously_from": (1, MAX_FROM)}
    for name, values in parse_qs(query, keep_blank_values=True).items():
        if name not in allowed and name not in numbers:
            unknown.append(name)
            continue
        value = values[-1]
        if name in numbers:
            lo, hi = numbers[name]
            # digits only and few of them: no sign, no space, no 10**6-digit number to parse
            if not (value.isascii() and value.isdigit() and len(value) <= len(str(hi))) or not (
                lo <= int(value) <= hi
            ):
                refused.append(
                    msg("stream.option_not_a_number",
                        "{name}={value} ({name} is a whole number from {lo} to {hi})",
                        name=name, value=_cut(value), lo=lo, hi=hi)
                )  # fmt: skip
                continue
            options[name] = int(value)
        elif value not in allowed[name]:
            refused.append(
                msg("stream.option_not_allowed", "{name}={value} ({name} is {allowed})",
                    name=name, value=_cut(value), allowed=Listing.of(allowed[name], "or"))
            )  # fmt: skip
        elif name == "transparent":
            options[name] = value in ("1", "true", "yes")
        else:
            options[name] = value
    if unknown:  # named once, however many: the address cannot make the refusal long
        names: list[Any] = [_cut(name) for name in unknown[:MOST_NAMED]]
        if len(unknown) > MOST_NAMED:
            more = len(unknown) - MOST_NAMED
            names.append(plural("stream.options_more", "{n} more", "{n} more", n=more))
        refused.insert(
            0,
            msg("stream.option_unknown", "{names} (the page reads {known})",
                names=Listing.of(names), known=Listing.of([*allowed, *numbers])),
        )  # fmt: skip
    if not refused:
        return options, None
    return options, msg(
        "stream.options_refused",
        "not used from the address: {refused}",
        refused=Listing.of(refused),
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

    def _status_html(self, problem: str) -> str:
        """The status line: why the journal cannot be read, else what the address asked
        that the page could not take, else nothing."""
        if problem:
            return html.escape(problem)
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
        problem = self.spectator.problem
        self._set(self.status, self._status_html(problem))
        if catch is None:
            return False
        self._board_for(catch)
        assert self.board is not None
        # The outcome first: each widget's change is its own message, and the browser
        # draws them in the order sent, so what a viewer waits for is not queued behind
        # the board and the footer.
        self._offer(self.board.outcome(catch))
        self._set(self.head, self._head_html(catch))
        if self.layout_name == "board":
            self.board.show(catch)
        self._set(self.commitment, self._commitment_html(catch))
        return True

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
        self._set(self.status, self._status_html(self.spectator.problem))
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
        (:class:`~isowidgets.follow.Waker`), and looks every ``interval`` seconds where
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
        """A refresh that failed says so on the page (the next one runs as planned)."""
        self._set(self.status, html.escape(f"{type(exc).__name__}: {exc}"))

    def _shown(self) -> None:
        """The browser has drawn the page: let the board draw what it sent to nobody."""
        self._drawn.set()
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
