"""The message area and the one way every kit callback runs.

**One way to run a callback.** A click, an Enter, a submitted note or a view following
the game runs through :meth:`Messages.run` (a widget callback made by
:meth:`Messages.handler`): the last message is cleared first (``clear=False`` for a
callback that is no request of its own, such as fitting the map to its frame or a view
redrawn after an action), so a refusal shows alone; the kit's own errors (a rule the
click broke) become the message the engine wrote; anything else is a bug and is shown
too, with the last frames of its traceback, instead of vanishing into the kernel log.

**No stale messages.** A message area that :meth:`Messages.follow` s a game also
clears itself whenever an action it did not see coming is journaled: the next action,
an undo or a redo, whether it came from the panel, another panel or a notebook cell.
So "ℹ: link L4 deleted" does not stay on screen after that link is undone. And a
refusal shown on one of a table's lines clears what another line of the same game said
had happened (``ℹ: exported …``): the note is stale once something else is refused.

**Next to the control used.** A tall panel has one message line but several places it
may be needed: a refusal of **Cancel proposal** shown at the panel's top is 500 pixels
from the button. So a panel gives each group of controls a :meth:`Messages.slot` (an
empty box beside them) and runs their callbacks through :meth:`Messages.near`: the one
line moves into that slot first, so whatever it then says shows next to the control that
was used. Any other callback (:meth:`Messages.run`) moves it back to its home slot
(:meth:`Messages.show_in` with ``home=True``), under the toolbar. It stays one line (one
``last_error``, one following of the game).
"""

from __future__ import annotations

import functools
import html
import traceback
import weakref
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal, TypeVar

import ipywidgets as widgets

from ..errors import IsowidgetsError
from ..game import Game
from ..journal import Entry
from ..words import Message, render

__all__ = ["Messages", "said", "shown_error"]

T = TypeVar("T")

MessageKind = Literal["error", "warning", "info"]

_ICON = {"error": "⚠ Error", "warning": "△ Note", "info": "ℹ"}

_LINES: weakref.WeakKeyDictionary[Game[Any], weakref.WeakSet[Messages]] = (
    weakref.WeakKeyDictionary()
)
"""The message lines following each game (a refusal on one clears the others' notes)."""
# Errors interrupt a screen reader; the rest waits until it is done speaking.
_ROLE = {"error": "alert", "warning": "status", "info": "status"}


def shown_error(exc: BaseException) -> str | Message:
    """What a panel shows for ``exc``: the kit's refusal as data (its
    :class:`~.Message`, rendered in the panel's language when drawn); for
    anything else, the exception named as unexpected with its last frames (a bug report
    stays as Python wrote it)."""
    if isinstance(exc, IsowidgetsError):
        return exc.message
    tail = "".join(traceback.format_exception(exc, limit=-3)).strip()
    return f"unexpected {type(exc).__name__}: {exc}\n{tail}"


def said(line: str | Message, language: str) -> str:
    """``line`` as a person reads it in ``language`` (text is shown as it is)."""
    return render(line, language) if isinstance(line, Message) else line


class Messages(widgets.HTML):  # type: ignore[misc]
    """Where a panel tells the table what went wrong, what to watch, what happened.

    Each message is marked with a word and a border style as well as a colour
    (``⚠ Error`` solid, ``△ Note`` dashed, ``ℹ`` dotted), and carries an ARIA role
    (``alert`` for errors, ``status`` otherwise) so screen readers announce it.

    Args:
        game: when given, :meth:`follow` it at once (stale messages clear themselves).
        **kwargs: passed to :class:`ipywidgets.HTML`.

    Attributes:
        last_error: the text of the latest error shown (kept after :meth:`clear`, for
            tests and notebooks that ask what went wrong).
        kind: the kind of the message shown now (``""`` when none is).
    """

    def __init__(self, game: Game[Any] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("iw-messages")
        self.say: Any = None
        """The table's labels once :meth:`~.i18n.Labels.bind_kit` binds it: the marks
        (``⚠ Error``, ``△ Note``) are then in the language spoken."""
        self._shown: tuple[MessageKind, list[str | Message]] | None = None
        self.last_error: str = ""
        self.kind: str = ""
        self._game: Game[Any] | None = None
        self._posted_at = 0
        self._unsubscribe: Callable[[], None] | None = None
        self._slot: Any = None
        self._home: Any = None
        if game is not None:
            self.follow(game)

    # ------------------------------------------------------------------ showing

    def _show(self, kind: MessageKind, lines: Iterable[str | Message]) -> None:
        items = [line for line in lines if line]
        if not items:
            self.clear()
            return
        self._shown = (kind, items)
        self.kind = kind
        self._posted_at = len(self._game.journal) if self._game is not None else 0
        self._draw()
        if kind == "error" and self._game is not None:
            for other in list(_LINES.get(self._game, ())):
                if other is not self and other.kind == "info":
                    other.clear()  # what happened before this refusal is stale now

    def _draw(self) -> None:
        if self._shown is None:
            return
        kind, lines = self._shown
        language = self.language
        items = [html.escape(said(line, language)) for line in lines]
        body = items[0] if len(items) == 1 else "<ul>" + "".join(f"<li>{i}</li>" for i in items)
        self.value = (
            f'<div class="iw-msg iw-msg--{kind}" role="{_ROLE[kind]}">'
            f"<b>{html.escape(self._word(kind))}:</b> {body}</div>"
        )

    @property
    def language(self) -> str:
        """The language its messages are drawn in: the bound labels' (English unbound)."""
        return str(getattr(self.say, "language", "en"))

    def _word(self, kind: MessageKind) -> str:
        if self.say is None or kind == "info":
            return _ICON[kind]
        return str(self.say(f"kit.message.{kind}"))

    def kit_words(self) -> list[tuple[Any, str, str]]:
        """No control of its own: it marks each message itself, through ``say``."""
        return []

    def relabel(self) -> None:
        """Draw the message shown again, its mark and a refusal's words, in the language
        just switched to."""
        if self.kind:
            self._draw()

    def error(self, text: str | Message) -> None:
        """Show ``text`` as an error (a refused action, or a bug); a
        :class:`~.Message` is said in the panel's language, again in the
        new one when the language switches."""
        self.last_error = said(text, self.language)
        self._show("error", [text])

    def warning(self, lines: Sequence[str | Message] | str | Message) -> None:
        """Show one line or a list of lines to watch."""
        self._show("warning", [lines] if isinstance(lines, (str, Message)) else lines)

    def info(self, text: str | Message) -> None:
        """Show what just happened."""
        self._show("info", [text])

    def clear(self) -> None:
        """Remove the message shown (``last_error`` stays)."""
        self.kind = ""
        if self.value:
            self.value = ""

    # ------------------------------------------------------------------ running callbacks

    def run(
        self, call: Callable[[], T], *, slot: widgets.Box | None = None, clear: bool = True
    ) -> T | None:
        """Run one callback: clear the last message (unless ``clear=False``), then call;
        an exception is shown here, never lost.

        The line shows in ``slot`` (beside the control used), else, for a click
        (``clear=True``), in its home slot when it has one (see :meth:`near`).

        Returns:
            What ``call`` returned, or ``None`` when it raised (the error is shown).
        """
        # A listener's run (``clear=False``) leaves the line where the last click put it.
        target = slot if slot is not None else (self._home if clear else None)
        if target is not None:
            self.show_in(target)
        if clear:
            self.clear()
        try:
            return call()
        except Exception as exc:
            self.error(shown_error(exc))
            return None

    def handler(self, function: Callable[..., Any], *, clear: bool = True) -> Callable[..., Any]:
        """``function`` as a widget callback (``on_click``, ``observe``, a game listener):
        run by :meth:`run` with whatever arguments the widget passes."""

        @functools.wraps(function)
        def callback(*args: Any) -> Any:
            return self.run(lambda: function(*args), clear=clear)

        return callback

    # ------------------------------------------------------------------ where it shows

    @staticmethod
    def slot() -> widgets.Box:
        """An empty place for the message line, to put beside a group of controls
        (see :meth:`near`)."""
        made = widgets.Box()
        made.add_class("iw-message-slot")
        return made

    def show_in(self, slot: widgets.Box, *, home: bool = False) -> None:
        """Show the message line in ``slot`` from now on (it leaves the slot it was in);
        with ``home=True`` that slot is also where :meth:`run` brings it back."""
        if home:
            self._home = slot
        if self._slot is slot:
            return
        if self._slot is not None and self in self._slot.children:
            self._slot.children = ()
        slot.children = (self,)
        self._slot = slot

    def near(self, slot: widgets.Box, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function`` as a widget callback run by :meth:`run`, with the message line
        moved into ``slot`` first: what it says shows next to the control used."""

        @functools.wraps(function)
        def callback(*args: Any) -> Any:
            return self.run(lambda: function(*args), slot=slot)

        return callback

    # ------------------------------------------------------------------ staleness

    def follow(self, game: Game[Any]) -> Callable[[], None]:
        """Clear the message whenever ``game`` journals an action after it was shown.

        A message shown while that action was being handled (after its events were
        journaled, e.g. by another listener or by the code that made the action)
        stays: it is about that action. Returns a function that stops following.
        """
        self.unfollow()
        self._game = game
        self._posted_at = len(game.journal)
        _LINES.setdefault(game, weakref.WeakSet()).add(self)

        def on_action(entries: Sequence[Entry], _state: Any) -> None:
            if entries and self.kind and self._posted_at < entries[0].seq:
                self.clear()

        self._unsubscribe = game.subscribe(on_action)
        return self.unfollow

    def unfollow(self) -> None:
        """Stop following the game (messages then stay until cleared)."""
        stop = getattr(self, "_unsubscribe", None)
        if stop is not None:
            stop()
        game = getattr(self, "_game", None)
        if game is not None and game in _LINES:
            _LINES[game].discard(self)
        self._unsubscribe = None
        self._game = None

    def close(self) -> None:
        self.unfollow()
        super().close()
