"""The session log as a table that says how much it shows and pages back to the start.

A log that silently keeps the last dozen events hides the rest of the session from
the table. :class:`LogView` says "showing the last 12 of 40 events", and its buttons
page back (and forward) through every event, down to the session's first.

It is the GM's log: it shows everything, and marks each GM-only event in words
(``🔒 GM only``, or ``🔓 shown to the table`` once disclosed). Under the table, each
GM-only action on the page that the table has not seen yet has a **🔓 Show to table**
button naming it, which journals the disclosure
(:meth:`~.GmOnly.disclose`).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from .. import checks
from ..game import Game
from ..journal import Entry, Retcon, entry_row
from ..words import render
from .children import set_children
from .gm import HeldBack
from .i18n import english
from .messages import Messages

__all__ = ["LogView", "kind_words", "log_status"]

COLUMNS = ("seq", "action", "kind", "summary", "faces", "source")


def log_status(
    start: int, end: int, count: int, *, latest: bool, say: Callable[..., str] = english
) -> str:
    """What a log page says about itself: ``"showing the last 12 of 40 events"``.

    Args:
        start: how many (older) events come before the page.
        end: how many events come up to the page's last, included.
        count: how many events there are.
        latest: whether the page follows the newest events.
        say: the kit's words in the panel's language (English by default).
    """
    if count == 0:
        return say("kit.log.none")
    shown = end - start
    if start == 0 and end == count:
        return say("kit.log.only") if count == 1 else say("kit.log.all", count=count)
    if latest:
        return say("kit.log.last", shown=shown, count=count)
    return say("kit.log.range", first=start + 1, end=end, count=count)


def kind_words(kind: str) -> str:
    """An event's kind as a GM reads it in the log: ``action declared``, not the
    journal's ``action_declared``."""
    return kind.replace("_", " ")


def _row(entry: Entry, language: str) -> dict[str, Any]:
    said = render(entry.event.kind_message(), language)
    return {**entry_row(entry, language), "gm": entry.gm, "kind_words": said}


class LogView(widgets.VBox):  # type: ignore[misc]
    """The session log, newest first, a page at a time, following the game.

    While it shows the newest page it follows the game; paged back, it stays on the
    events it shows (new events only change the count) until **Newer ▶** or
    **Latest ⇥** brings it back. A retconned (undone) event is struck through and
    says so in words.

    Args:
        game: the game whose journal is shown.
        rows: how many events a page shows.
        kinds: show only these event kinds (all when ``None``).
        words: how the table says an event's summary (and its dice's labels), when the
            system's ``describe()`` names things by id for notebook code (Watch the World Die
            turns ``event-3`` into the Event's name); the summary as written when
            ``None``.

    Attributes:
        status: the line saying what the page shows (``iw-log-status``).
        table: the table (``iw-log``).
        first_button, older_button, newer_button, latest_button: the paging buttons
            (``iw-log-first`` …), disabled where they would not move.
        disclose_buttons: action number → its **Show to table** button
            (``iw-log-disclose``), for the GM-only actions on the page not yet shown.
        held: how many actions the table's viewers do not see yet, with **Show to
            table** for them all (:class:`~.gm.HeldBack`, ``iw-held-back-log``).
        error: where a refused disclosure says why (``iw-log-error``).
    """

    def __init__(
        self,
        game: Game[Any],
        *,
        rows: int = 12,
        kinds: Sequence[str] | None = None,
        words: Callable[[str], str] | None = None,
    ):
        self.game = game
        self.words = words
        self.say: Callable[..., str] = english  # a panel's Labels once bound (bind_kit)
        self.rows = checks.whole(rows, "a log page's rows", 1, checks.MAX_COUNT)
        self.kinds = set(kinds) if kinds else None
        self._positions: list[int] = []  # indexes in the journal of the events shown
        self._scanned = 0
        self._end: int | None = None  # None: the page follows the newest events
        self._row_cache: dict[int, dict[str, Any]] = {}
        self._row_language = "en"
        self.status = widgets.HTML()
        self.status.add_class("iw-log-status")
        self.table = widgets.HTML()
        self.table.add_class("iw-log")
        self.disclose_buttons: dict[int, widgets.Button] = {}
        self._offered: tuple[tuple[int, str], ...] = ()
        self.disclose_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.disclose_box.add_class("iw-log-disclosures")
        self.error = Messages(game)  # a refusal goes at the next action
        self.error.add_class("iw-log-error")

        def button(label: str, tip: str, css: str, move: Any) -> widgets.Button:
            made = widgets.Button(
                description=label, tooltip=tip, layout=widgets.Layout(width="auto")
            )
            made.add_class(css)
            made.on_click(lambda _b: move())
            return made

        self.first_button = button(
            "⇤ First", "show the session's first events", "iw-log-first", self.first
        )
        self.older_button = button("◀ Older", "show older events", "iw-log-older", self.older)
        self.newer_button = button("Newer ▶", "show newer events", "iw-log-newer", self.newer)
        self.latest_button = button(
            "Latest ⇥", "show the newest events and follow the game", "iw-log-latest", self.latest
        )
        pager = widgets.HBox(
            [
                self.status,
                self.first_button,
                self.older_button,
                self.newer_button,
                self.latest_button,
            ]
        )
        pager.add_class("iw-log-pager")
        self.held = HeldBack(game, key="log")
        super().__init__([self.held, pager, self.table, self.disclose_box, self.error])
        self.add_class("iw-kit")
        self.add_class("iw-log-view")
        self.refresh()
        self._unsubscribe = game.subscribe(lambda _entries, _state: self.refresh())

    # ------------------------------------------------------------------ counting

    def count(self) -> int:
        """How many events the log can show (of the kinds it shows)."""
        journal = self.game.journal
        if self.kinds is None:
            return len(journal)
        if self._scanned < len(journal):
            entries = journal.entries
            self._positions.extend(
                index
                for index in range(self._scanned, len(entries))
                if entries[index].kind in self.kinds
            )
            self._scanned = len(entries)
        return len(self._positions)

    def page(self) -> tuple[int, int]:
        """``(start, end)``: the page shows events ``start + 1`` to ``end`` (1 = oldest)."""
        count = self.count()
        end = count if self._end is None else min(self._end, count)
        return max(0, end - self.rows), end

    @property
    def following(self) -> bool:
        """Whether the page shows the newest events (and follows the game)."""
        return self._end is None

    # ------------------------------------------------------------------ paging

    def older(self) -> None:
        """Page back by one page (stops at the first page)."""
        _start, end = self.page()
        self._end = min(end, max(end - self.rows, self.rows))
        self._moved(self.newer_button)

    def newer(self) -> None:
        """Page forward by one page; past the newest, follow the game again."""
        _start, end = self.page()
        self._end = None if end + self.rows >= self.count() else end + self.rows
        self._moved(self.older_button)

    def first(self) -> None:
        """Show the session's first events."""
        self._end = min(self.rows, self.count())
        self._moved(self.newer_button)

    def latest(self) -> None:
        """Show the newest events and follow the game again."""
        self._end = None
        self._moved(self.older_button)

    def _moved(self, other: widgets.Button) -> None:
        """Show the new page; if the clicked button is now disabled, focus ``other``
        (a disabled button drops the keyboard focus to the page)."""
        self.refresh()
        start, end = self.page()
        at_first, at_latest = start == 0, end == self.count()
        stuck = at_first if other is self.newer_button else at_latest
        if stuck and not other.disabled:
            other.focus()

    # ------------------------------------------------------------------ drawing

    def tail(self) -> list[dict[str, Any]]:
        """The events of the page shown, newest first, as rows of
        :meth:`Journal.to_frame <.LogViews.to_frame>` (the same columns, without ``at`` and
        ``data``).

        Built from those entries alone rather than from the whole journal's
        DataFrame, so refreshing after a click costs the same in a long session
        as in a short one.
        """
        journal = self.game.journal
        start, end = self.page()
        entries = journal.entries
        if self.kinds is None:
            page = entries[start:end]
        else:
            page = tuple(entries[index] for index in self._positions[start:end])
        void = journal.void_actions()
        disclosed = journal.history.disclosed() if any(e.gm for e in page) else set()
        language = getattr(self.say, "language", "en")  # a panel's Labels know theirs
        if language != self._row_language:  # the summaries are said in the new language
            self._row_cache, self._row_language = {}, language
        cache = self._row_cache
        shown: list[dict[str, Any]] = []
        for entry in reversed(page):
            row = cache.get(entry.seq)
            if row is None:  # a line never changes once written: say it once per language
                row = _row(entry, language)
            shown.append(
                {
                    **row,
                    "retconned": entry.action in void,
                    "disclosed": entry.action in disclosed,
                    "retcon": isinstance(entry.event, Retcon),
                }
            )
        self._row_cache = {row["seq"]: row for row in shown}
        return shown

    def refresh(self) -> None:
        """Draw the page again (called after every action)."""
        rows = self.tail()
        start, end = self.page()
        count = self.count()
        said = log_status(start, end, count, latest=self.following, say=self.say)
        self.status.value = f'<span role="status">{html.escape(said)}</span>'
        self.first_button.disabled = self.older_button.disabled = start == 0
        self.newer_button.disabled = self.latest_button.disabled = end >= count
        say = self.say
        head = "".join(
            f'<th scope="col">{html.escape(say(f"kit.log.col.{c}"))}</th>' for c in COLUMNS
        )
        body = []
        for row in rows:
            if row["retcon"]:  # what it took back, by what that did (never "action #3")
                row = {**row, "summary": self._retcon_words(row["seq"])}
            if self.words is not None:  # said at drawing time: names can change with undo
                row = {
                    **row,
                    "summary": self.words(row["summary"]),
                    "faces": self.words(row["faces"]),
                }
            classes = ["iw-void"] if row["retconned"] else []
            note = " " + say("kit.log.retconned") if row["retconned"] else ""
            if row["gm"]:
                shown_now = row["disclosed"]
                classes.append("iw-gm-shown" if shown_now else "iw-gm")
                note += " · " + say("kit.log.shown" if shown_now else "kit.log.gm")
            css = f' class="{" ".join(classes)}"' if classes else ""
            if row["source"] in ("random", "typed"):  # the kit's two, said in the panel's words
                row = {**row, "source": say(f"kit.source.{row['source']}")}
            row = {**row, "kind": row.get("kind_words") or kind_words(row["kind"])}
            cells = "".join(
                f"<td>{html.escape(str(row[c]))}{note if c == 'summary' else ''}</td>"
                for c in COLUMNS
            )
            body.append(f"<tr{css}>{cells}</tr>")
        self.table.value = (
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        )
        self._offer_disclosures(rows)

    def _retcon_words(self, seq: int) -> str:
        """An undo's or redo's summary: what the action it took back did (its first event,
        and how many more it had)."""
        journal = self.game.journal
        entry = next((e for e in journal.entries if e.seq == seq), None)
        retcon = entry.event if entry is not None else None
        if not isinstance(retcon, Retcon):
            return ""
        events = journal.action_events(retcon.action)
        while events and isinstance(events[0], Retcon):  # a redo takes back an undo
            events = journal.action_events(events[0].action)
        language = getattr(self.say, "language", "en")
        if not events:
            return render(retcon.message(), language)
        first = render(events[0].message(), language)
        more = len(events) - 1
        if more == 1:
            first = self.say("kit.undone.one_more", first=first)
        elif more:
            first = self.say("kit.undone.more", first=first, more=more)
        if retcon.reason == "redo":
            return self.say("kit.log.redo", what=first)
        if retcon.reason in ("", "undo"):
            return self.say("kit.log.undo", what=first)
        return self.say("kit.log.retcon_reason", reason=retcon.reason, what=first)

    def _offer_disclosures(self, rows: list[dict[str, Any]]) -> None:
        """One **Show to table** button per GM-only action on the page that the table
        has not seen and that can be shown (in force, not an undo), oldest first."""
        offered: dict[int, str] = {}
        for row in reversed(rows):
            if row["gm"] and not (row["disclosed"] or row["retconned"] or row["retcon"]):
                summary = self.words(row["summary"]) if self.words else row["summary"]
                offered.setdefault(row["action"], summary)
        key = (*offered.items(), (-1, self.say("kit.log.disclose", what="")))
        if key == self._offered:
            return
        self._offered = key
        retired = list(self.disclose_buttons.values())
        self.disclose_buttons = {}
        for action, summary in offered.items():
            what = summary if len(summary) <= 60 else f"{summary[:59]}…"
            made = widgets.Button(
                description=self.say("kit.log.disclose", what=what),
                tooltip=self.say("kit.log.disclose.tip", action=action, what=summary[:300]),
                layout=widgets.Layout(width="auto"),
            )
            made.add_class("iw-log-disclose")
            made.on_click(lambda _b, action=action: self.disclose(action))
            self.disclose_buttons[action] = made
        set_children(self.disclose_box, self.disclose_buttons.values(), retired=retired)

    def disclose(self, action: int) -> list[Entry]:
        """Show GM-only ``action`` to the table (what its button does); a refusal is
        shown under the log, and nothing changes."""
        result = self.error.run(lambda: self.game.disclose(action))
        return result or []

    def kit_words(self) -> list[tuple[Any, str, str]]:
        """Its pager's words, as :meth:`Labels.bind_kit <.i18n.Labels.bind_kit>` binds
        them: ``(control, trait, key)``."""
        return [
            (self.first_button, "description", "kit.log.first"),
            (self.first_button, "tooltip", "kit.log.first.tip"),
            (self.older_button, "description", "kit.log.older"),
            (self.older_button, "tooltip", "kit.log.older.tip"),
            (self.newer_button, "description", "kit.log.newer"),
            (self.newer_button, "tooltip", "kit.log.newer.tip"),
            (self.latest_button, "description", "kit.log.latest"),
            (self.latest_button, "tooltip", "kit.log.latest.tip"),
        ]

    def relabel(self) -> None:
        """Draw again in the language just switched to
        (:meth:`Labels.bind_kit() <.i18n.Labels.bind_kit>`)."""
        self.held.say = self.say
        self.held.relabel()
        self.refresh()

    def close(self) -> None:
        if hasattr(self, "_unsubscribe"):
            self._unsubscribe()
        if hasattr(self, "error"):
            self.error.close()
        if hasattr(self, "held"):
            self.held.close()
        super().close()
