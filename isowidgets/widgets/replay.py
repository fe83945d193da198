"""Scrub any session back to any moment: the board then, the beat, and the log up to it.

:class:`Replay` shows one journal, a finished file or the session being played, as a
:class:`~isowidgets.reel.Reel` reads it, line by line::

    Replay · The farmhouse                               [○ 🔒 Everything (GM only)]
    [⏮ Start] [◀ Previous beat] ──────●────|──|────|─ [Next beat ▶] [End ⏭]
    Line 30 of 47 · beat 1 of 2
    ┌ the beat ───────────────┐ ┌ the board at this moment ──────────┐
    │ Conflict 1 · Bob: board │ │ the system's own stream board:     │
    │ ▼▼ Complete Failure     │ │ map, Stress and health, ladders,   │
    │ · Stress 2 → 4 …        │ │ damage tracks, the Pressure chart  │
    │ the dice, the reading   │ │ up to then                         │
    └─────────────────────────┘ └────────────────────────────────────┘
    The log up to here: the latest lines, newest first

* **The scrubber** is a slider over the journal's lines. With the keyboard (its focus
  ring is drawn): ← → the previous or next beat, ↑ ↓ one line back or on, Page Up and
  Page Down ten lines, Home and End the session's start and its last line. The ticks
  under it mark the beats. The buttons do the same with a click, Tab and Enter.
* **The board** is the system's stream board
  (:func:`~isowidgets.widgets.stream_board.board_for`), shown with a read-only game at
  that line (:meth:`Reel.game_at <isowidgets.reel.Reel.game_at>`): the same view a
  stream showed, folded with the system's own game class as a resume does.
* **The beat** is the latest beat at or before the line, as the stream's outcome card
  (:mod:`beats <.widgets.beats>`), with where it stands and whether an undo took it back later.
* **Public by default**: what viewers could see at each moment. The GM's toggle
  shows everything, GM-only actions included.

Nothing here changes the game: the replay reads the journal. Of a game being played
it follows each action (the scrubber grows; left at the end, it stays at the end).
Every word is a message rendered in the replay's language.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from .. import checks
from ..errors import JournalError
from ..game import Game
from ..journal import Entry, entry_row
from ..reel import VIEWS, BeatMark, Reel, View
from ..words import LANGUAGE_NAMES, PSEUDO, Message, msg, plural, render
from .beats import beat_html, card_css
from .css import style
from .dice_entry import css_name
from .panel import SavedText
from .shown import ShownSignal
from .snapshot import SNAPSHOT_CSS
from .spoken import Spoken
from .stream_board import StreamBoard, board_for
from .toggle import PressToggle

__all__ = ["LOG_ROWS", "Replay", "Scrubber"]

LOG_ROWS = 8
"""How many lines of the log the replay shows, the latest up to the position first."""

PAGE = 10
"""How many lines Page Up and Page Down move the scrubber."""

_ESM = """
function render({ model, el }) {
  el.classList.add("iw-scrub-host");
  const input = document.createElement("input");
  input.type = "range";
  input.className = "iw-scrub";
  input.step = "1";
  // The keys belong to the scrubber, not to JupyterLab's notebook shortcuts.
  input.setAttribute("data-lm-suppress-shortcuts", "true");
  input.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight ArrowUp ArrowDown Home End");
  const marks = document.createElement("div");
  marks.className = "iw-scrub-marks";
  marks.setAttribute("aria-hidden", "true");
  el.append(input, marks);

  const show = () => {
    const low = model.get("low"), high = model.get("high");
    input.min = String(low);
    input.max = String(Math.max(high, low));
    input.value = String(model.get("value"));
    input.disabled = model.get("disabled") || high <= low;
    input.setAttribute("aria-label", model.get("label"));
    input.setAttribute("aria-valuetext", model.get("text"));
    input.title = model.get("hint");
    const span = Math.max(high - low, 1);
    marks.replaceChildren(...model.get("beats").map((at) => {
      const tick = document.createElement("span");
      tick.className = "iw-scrub-tick";
      tick.style.left = `${((at - low) / span) * 100}%`;
      return tick;
    }));
  };
  show();
  model.on("change", show);

  const go = (to) => {
    const low = model.get("low"), high = model.get("high");
    const value = Math.min(Math.max(to, low), high);
    input.value = String(value);
    if (value !== model.get("value")) {
      model.set("value", value);
      model.save_changes();
    }
  };
  input.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const value = model.get("value"), beats = model.get("beats");
    let to = null;
    if (event.key === "ArrowRight" && !event.shiftKey) {
      const next = beats.find((at) => at > value);
      to = next === undefined ? model.get("high") : next;
    } else if (event.key === "ArrowLeft" && !event.shiftKey) {
      const before = beats.filter((at) => at < value);
      to = before.length ? before[before.length - 1] : model.get("low");
    } else if (event.key === "ArrowUp" || event.key === "ArrowRight") to = value + 1;
    else if (event.key === "ArrowDown" || event.key === "ArrowLeft") to = value - 1;
    else if (event.key === "PageUp") to = value - model.get("page");
    else if (event.key === "PageDown") to = value + model.get("page");
    else if (event.key === "Home") to = model.get("low");
    else if (event.key === "End") to = model.get("high");
    if (to === null) return;
    event.preventDefault();
    event.stopPropagation();
    go(to);
  });
  // Dragging: the position follows the pointer, a few times a second at most.
  let timer = null;
  input.addEventListener("input", () => {
    if (timer !== null) return;
    timer = setTimeout(() => { timer = null; go(Number(input.value)); }, 80);
  });
  input.addEventListener("change", () => go(Number(input.value)));
}
export default { render };
"""

_CSS = """
.iw-scrub-host { position: relative; flex: 1 1 auto; min-width: 12em; padding: 0.2em 0 0.9em; }
.iw-scrub { width: 100%; margin: 0; accent-color: #1a4fa0; cursor: pointer; }
.iw-scrub:focus-visible { outline: 3px solid #1a4fa0; outline-offset: 3px; }
.iw-scrub:disabled { cursor: default; }
.iw-scrub-marks { position: absolute; left: 0.55em; right: 0.55em; bottom: 0.15em;
  height: 0.6em; pointer-events: none; }
.iw-scrub-tick { position: absolute; width: 2px; height: 0.6em; background: #333;
  transform: translateX(-1px); }
"""


class Scrubber(anywidget.AnyWidget):
    """A slider over the journal's lines that knows the beats (see the module's keys).

    Attributes:
        value: the line shown (1 is the session's start).
        low, high: the first and last line.
        beats: the lines that have beats, ascending (the ticks, and ← → go there).
        page: how many lines Page Up and Page Down move.
        label: the slider's name for assistive technology.
        text: what the position is, in words (its ``aria-valuetext``).
        hint: the tooltip (the keys).
    """

    _esm = _ESM
    _css = _CSS
    value = traitlets.Int(1).tag(sync=True)
    low = traitlets.Int(1).tag(sync=True)
    high = traitlets.Int(1).tag(sync=True)
    beats = traitlets.List(traitlets.Int()).tag(sync=True)
    page = traitlets.Int(PAGE).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    text = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)


# ------------------------------------------------------------------ words

EVERYTHING = msg("replay.everything", "🔒 Everything (GM only)")
EVERYTHING_TIP = msg(
    "replay.everything.tip",
    "Show what the GM saw, GM-only actions included; off, what viewers could see at each moment",
)
FIRST = msg("replay.first", "⇤ Start")
PREVIOUS = msg("replay.previous", "◀ Previous beat")
NEXT = msg("replay.next", "Next beat ▶")
LAST = msg("replay.last", "End ⇥")
SLIDER = msg("replay.slider", "Position in the session")
KEYS = msg(
    "replay.keys",
    "← → the previous or next beat · ↑ ↓ one line · Page Up, Page Down ten lines · Home, "
    "End the start or the last line",
)
BOARD = msg("replay.board", "The board at this moment")
BEAT = msg("replay.beat", "The beat")
LOG = msg("replay.log", "The log up to here")
NO_BEAT = msg("replay.no_beat", "No beat yet at this moment.")
NOTHING = msg("replay.nothing", "Nothing in the log yet.")
PUBLIC_NOTE = msg("replay.public_note", "What viewers could see at each moment.")
GM_NOTE = msg("replay.gm_note", "Everything, GM-only actions included: for the GM's eyes.")
GM_ONLY = msg("replay.gm_only", "🔒 GM only")


class Replay(SavedText, widgets.VBox):  # type: ignore[misc]
    """Scrub a session's journal back to any moment (see the module's docstring).

    Args:
        source: the game being played (followed, read-only) or a journal file's path
            (read once, without a lock: another kernel may be writing it).
        view: ``"public"`` (the default: what viewers could see) or ``"everything"``.
        language: the language the replay speaks (``"en"``, ``"da"``…).
        position: the line to start at (the last one by default).
        key: tells several replays on one page apart in their CSS classes.

    Attributes:
        reel: the :class:`~isowidgets.reel.Reel` shown now (one per view, built when first
            shown).
        scrubber: the slider (class ``iw-replay-scrubber``); its value is the position.
        first_button, previous_button, next_button, last_button: the buttons
            (``iw-replay-first``, ``iw-replay-previous``, ``iw-replay-next``,
            ``iw-replay-last``).
        view_toggle: the GM's switch to everything (``iw-replay-view``).
        status: where the replay is, in words (``iw-replay-status``).
        beat: the beat card (``iw-replay-beat``).
        board: the system's stream board at the position (inside ``iw-replay-board``).
        log_view: the log up to the position (``iw-replay-log``).
        heading: the session's title and what the view shows (``iw-replay-title``).

    Raises:
        JournalError: the source is neither a game nor a journal's path, the file holds
            no session, an argument is not one the replay takes.
    """

    def __init__(
        self,
        source: Game[Any] | str | os.PathLike[str],
        *,
        view: View = "public",
        language: str = "en",
        position: int | None = None,
        key: str | None = None,
    ) -> None:
        view = checks.choice(view, "view", VIEWS, error=JournalError)
        self.language = checks.choice(
            language, "language", [*LANGUAGE_NAMES, PSEUDO], error=JournalError
        )
        if key is not None:
            key = checks.identifier(key, "key", max_length=40, error=JournalError)
            if not re.fullmatch(r"[A-Za-z0-9_-]+", key):
                raise JournalError(
                    "replay.bad_key",
                    "key names the replay in CSS classes: letters, digits, - and _ only, got {got}",
                    got=checks.shown(key),
                )
        self._game: Game[Any] | None = source if isinstance(source, Game) else None
        self._path: Path | None = None
        if self._game is None:
            self._path = checks.path(source, "a journal's path", error=JournalError)
        self._reels: dict[str, Reel[Any]] = {}
        self.view: View = view
        self.reel = self._reel(view)
        self._unsubscribe = None if self._game is None else self._game.subscribe(self._grew)
        self.board: StreamBoard = board_for(self.reel.game_class.system)(self.language)

        def button(words: Message, css: str) -> widgets.Button:
            made = widgets.Button(description=self.say(words), layout=widgets.Layout(width="auto"))
            made.add_class(css_name(css, key))
            return made

        self.heading = widgets.HTML()
        self.heading.add_class("iw-replay-title")
        self.view_toggle = PressToggle(
            self.say(EVERYTHING), value=view == "everything", tooltip=self.say(EVERYTHING_TIP)
        )
        self.view_toggle.add_class("iw-replay-view")
        self.view_toggle.on_change(lambda on: self.set_view("everything" if on else "public"))
        self.first_button = button(FIRST, "iw-replay-first")
        self.previous_button = button(PREVIOUS, "iw-replay-previous")
        self.next_button = button(NEXT, "iw-replay-next")
        self.last_button = button(LAST, "iw-replay-last")
        self.scrubber = Scrubber(label=self.say(SLIDER), hint=self.say(KEYS))
        self.scrubber.add_class(css_name("iw-replay-scrubber", key))
        self.first_button.on_click(lambda _b: self.go(1))
        self.previous_button.on_click(lambda _b: self.previous_beat())
        self.next_button.on_click(lambda _b: self.next_beat())
        self.last_button.on_click(lambda _b: self.go(len(self.reel)))
        self.status = widgets.HTML()
        self.status.add_class("iw-replay-status")
        keys = html.escape(self.say(KEYS))
        self.keys_help = widgets.HTML(f"<p class='iw-replay-keys'>{keys}</p>")
        self.beat = widgets.HTML()
        self.beat.add_class("iw-replay-beat")
        self.log_view = widgets.HTML()
        self.log_view.add_class("iw-replay-log")
        board_box = widgets.VBox(
            [widgets.HTML(self._heading(BOARD)), self.board],
            layout=widgets.Layout(flex="1 1 60%", min_width="0"),
        )
        board_box.add_class("iw-replay-board")
        beat_box = widgets.VBox(
            [widgets.HTML(self._heading(BEAT)), self.beat],
            layout=widgets.Layout(flex="1 1 38%", min_width="18em"),
        )
        beat_box.add_class("iw-replay-card")
        top = widgets.HBox([self.heading, self.view_toggle])
        top.add_class("iw-replay-top")
        controls = widgets.HBox(
            [
                self.first_button,
                self.previous_button,
                self.scrubber,
                self.next_button,
                self.last_button,
            ]
        )
        controls.add_class("iw-replay-controls")
        body = widgets.HBox([beat_box, board_box])
        body.add_class("iw-replay-body")
        css = widgets.HTML(f"<style>{_replay_css()}</style>")
        selector = f".{css_name('iw-replay', key)}"
        spoken = Spoken(self.language, selector)  # the root's lang, for screen readers
        parts = [style(), css, top, controls, self.status, self.keys_help, body, self.log_view]
        # Last, so that when it is drawn the board's views exist too (as on the stream).
        self.signal = ShownSignal(self._shown)
        super().__init__([*parts, self.signal, spoken])
        self.add_class("iw-replay")
        self.add_class(css_name("iw-replay", key))
        self.add_class("iw-kit")
        self.scrubber.observe(self._moved, names="value")
        self._refresh_scale()
        start = len(self.reel) if position is None else position
        self.go(checks.whole(start, "position", 1, len(self.reel), error=JournalError))

    # ------------------------------------------------------------------ words

    def say(self, message: Message) -> str:
        """``message`` in the replay's language."""
        return render(message, self.language)

    def _heading(self, message: Message) -> str:
        return f"<h3 class='iw-replay-h'>{html.escape(self.say(message))}</h3>"

    # ------------------------------------------------------------------ reels

    def _reel(self, view: View) -> Reel[Any]:
        if view not in self._reels:
            if self._game is not None:
                self._reels[view] = Reel.of(self._game, view=view)
            else:
                assert self._path is not None
                self._reels[view] = Reel.of(self._path, view=view)
        return self._reels[view]

    def _grew(self, entries: Sequence[Entry], _state: Any) -> None:
        """The game played an action: every reel reads it; a replay left at the end
        stays at the end."""
        at_end = self.position == len(self.reel)
        for reel in self._reels.values():
            reel.extend(entries)
        self._refresh_scale()
        if at_end:
            self.go(len(self.reel))
        else:
            self._draw_status()

    # ------------------------------------------------------------------ moving

    @property
    def position(self) -> int:
        """The line shown."""
        return int(self.scrubber.value)

    def go(self, position: int) -> int:
        """Show ``position`` (clamped to the journal's lines); the position shown.

        Raises:
            JournalError: ``position`` is not a whole number.
        """
        position = checks.whole(position, "position", error=JournalError)
        position = min(max(position, 1), len(self.reel))
        if self.scrubber.value != position:
            self.scrubber.value = position  # draws, through _moved
        else:
            self._draw()
        return position

    def next_beat(self) -> int:
        """Go to the next beat (or the last line, when there is none after); the position."""
        found = self.reel.next_beat(self.position)
        return self.go(len(self.reel) if found is None else found)

    def previous_beat(self) -> int:
        """Go to the previous beat (or the start, when there is none before); the position."""
        found = self.reel.previous_beat(self.position)
        return self.go(1 if found is None else found)

    def set_view(self, view: View) -> None:
        """Show ``"public"`` or ``"everything"`` (as the GM's toggle does), at the same line.

        Raises:
            JournalError: ``view`` is no view.
        """
        self.view = checks.choice(view, "view", VIEWS, error=JournalError)
        self.reel = self._reel(self.view)
        if bool(self.view_toggle.value) != (self.view == "everything"):
            self.view_toggle.value = self.view == "everything"
        self._refresh_scale()
        self._draw()

    def _moved(self, _change: Any) -> None:
        self._draw()

    def _refresh_scale(self) -> None:
        scrubber = self.scrubber
        with scrubber.hold_sync():
            scrubber.high = len(self.reel)
            scrubber.beats = self.reel.beat_positions()

    # ------------------------------------------------------------------ drawing

    def _current(self) -> tuple[list[BeatMark], int]:
        """The beats shown at the position (the latest at or before it), and their
        number among the beats (1-based, 0 when there is none yet)."""
        position = self.position
        number = self.reel.beats_up_to(position)
        if not number:
            return [], 0
        at = position if self.reel.beats_at(position) else self.reel.previous_beat(position)
        assert at is not None
        return self.reel.beats_at(at), number

    def _draw(self) -> None:
        position = self.position
        catch = self.reel.catch_at(position)
        game = catch.game
        self.board.show(catch)
        self._draw_status()
        marks, _number = self._current()
        if not marks:
            self._set(self.beat, f"<p class='iw-replay-none'>{html.escape(self.say(NO_BEAT))}</p>")
        else:
            cards = []
            for mark in marks:
                notes: list[Message] = []
                if mark.position != position:
                    notes.append(
                        plural(
                            "replay.lines_earlier",
                            "{n} line earlier",
                            "{n} lines earlier",
                            n=position - mark.position,
                        )
                    )
                taken = self.reel.taken_back(mark)
                if taken is not None:
                    notes.append(
                        msg(
                            "replay.taken_back",
                            "An undo took this back at line {line}",
                            line=taken,
                        )
                    )
                cards.append(beat_html(mark, self.language, notes=tuple(notes), heading_level=4))
            self._set(self.beat, "".join(cards))
        self._set(self.log_view, self._log_html(game.journal.entries, game.state))
        start = self.reel.run_at(1)[0].event
        title = getattr(start, "title", "") or self.reel.game_class.title
        self._set(
            self.heading,
            f"<h2 class='iw-replay-heading'>{html.escape(self.say(msg_title(title)))}</h2>"
            f"<p class='iw-replay-view-note'>"
            f"{html.escape(self.say(GM_NOTE if self.view == 'everything' else PUBLIC_NOTE))}</p>",
        )

    def _draw_status(self) -> None:
        position, count = self.position, len(self.reel)
        marks, number = self._current()
        beats = self.reel.beats_up_to(count)
        where = msg(
            "replay.where",
            "Line {position} of {count} · beat {beat} of {beats}",
            position=position,
            count=count,
            beat=number,
            beats=beats,
        )
        self._set(self.status, f"<p role='status'>{html.escape(self.say(where))}</p>")
        about = marks[0].beat.heading if marks else NO_BEAT
        text = msg(
            "replay.valuetext",
            "line {position} of {count}: {about}",
            position=position,
            count=count,
            about=about,
        )
        self.scrubber.text = self.say(text)
        self.previous_button.disabled = self.reel.previous_beat(position) is None and position == 1
        self.next_button.disabled = position == count
        self.first_button.disabled = position == 1
        self.last_button.disabled = position == count

    def _log_html(self, entries: Sequence[Entry], state: Any) -> str:
        rows = []
        for entry in reversed(entries[-LOG_ROWS:]):  # the latest only, however long the run
            row = entry_row(entry, self.language)
            mark = f" <span class='iw-replay-gm'>{html.escape(self.say(GM_ONLY))}</span>"
            rows.append(
                f"<li><span class='iw-replay-seq'>#{row['seq']}</span> "
                f"{html.escape(self.board.summary_words(state, str(row['summary'])))}"
                f"{mark if entry.gm else ''}</li>"
            )
        body = (
            f"<ul class='iw-replay-lines'>{''.join(rows)}</ul>"
            if rows
            else f"<p>{html.escape(self.say(NOTHING))}</p>"
        )
        return self._heading(LOG) + body

    @staticmethod
    def _set(widget: Any, value: str) -> None:
        if widget.value != value:
            widget.value = value

    def _shown(self) -> None:
        """The browser has drawn the replay: let the board draw what it sent to nobody."""
        self.board.settle()

    def close(self) -> None:
        unsubscribe = getattr(self, "_unsubscribe", None)
        if unsubscribe is not None:
            unsubscribe()
        board = getattr(self, "board", None)
        if board is not None:
            board.close()
        super().close()

    def __repr__(self) -> str:
        return f"<Replay of {self.reel!r} at line {self.position}>"


def msg_title(title: str) -> Message:
    """The replay's heading for a session called ``title``."""
    return msg("replay.title", "Replay · {title}", title=title)


def _replay_css() -> str:
    """The replay's layout, its beat card and its board, scaled from the page's font."""
    return (
        SNAPSHOT_CSS
        + card_css(".iw-replay")
        + """
.iw-replay { gap: 0.4em; padding: 0.3em; }
.iw-replay .iw-replay-top { align-items: center; gap: 0.8em; flex-wrap: wrap; }
.iw-replay .iw-replay-heading { font-size: 1.25em; margin: 0; }
.iw-replay .iw-replay-view .iw-press { width: auto; max-width: none; }
.iw-replay .iw-replay-view-note { margin: 0; font-size: 0.9em; }
.iw-replay .iw-replay-controls { align-items: center; gap: 0.4em; flex-wrap: wrap; }
.iw-replay .iw-replay-controls .jupyter-button:focus-visible { outline: 3px solid #1a4fa0;
  outline-offset: 2px; }
.iw-replay .iw-replay-status p, .iw-replay .iw-replay-keys { margin: 0; }
.iw-replay .iw-replay-keys { font-size: 0.85em; color: #333; }
.iw-replay .iw-replay-body { gap: 0.8em; align-items: flex-start; flex-wrap: wrap; }
.iw-replay .iw-replay-h { font-size: 1.05em; margin: 0.2em 0; }
.iw-replay .iw-replay-board .iw-stream-board { gap: 0.3em; }
.iw-replay .iw-replay-board .iw-stream-mapbox { height: 24em; }
.iw-replay .iw-replay-lines { margin: 0; padding-left: 1.2em; }
.iw-replay .iw-replay-seq { color: #333; font-variant-numeric: tabular-nums; }
.iw-replay .iw-replay-gm { font-weight: 700; }
"""
    )
