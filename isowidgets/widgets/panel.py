"""The base every system panel shares, and a dropdown helper panels use."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import ipywidgets as widgets

from ..game import Game
from ..journal import Entry
from .css import style
from .keyboard import KeepKeys
from .messages import Messages

__all__ = [
    "SAVED_TEXT",
    "Panel",
    "SavedText",
    "redraws",
    "saved_text",
    "set_options",
    "set_shown",
    "wrap_row",
]

SAVED_TEXT = (
    "▶ Run the notebook's cells to show the {name} here: a saved notebook keeps no live widgets."
)
"""What a saved notebook shows where a panel will be: the text a front end without the
live widget (a notebook just opened, GitHub, nbviewer) falls back to."""


def saved_text(name: str) -> str:
    """The line shown in place of the panel called ``name`` until the notebook runs."""
    return SAVED_TEXT.format(name=name)


F = TypeVar("F", bound=Callable[..., None])


def redraws(method: F) -> F:
    """A view's redraw that the changes it makes itself do not start again.

    A view that redraws when one of its own controls changes (a dropdown's value) sets
    that control while it redraws (:func:`set_options` can change the value): the
    observer then finds the redraw under way and returns, so the view draws once per
    action, each control read after it is set, rather than again from inside itself.
    """

    @functools.wraps(method)
    def redraw(self: Any, *args: Any, **kwargs: Any) -> None:
        if getattr(self, "_redrawing", False):
            return
        self._redrawing = True
        try:
            method(self, *args, **kwargs)
        finally:
            self._redrawing = False

    return redraw  # type: ignore[return-value]


def set_options(dropdown: Any, options: Sequence[tuple[str, Any]]) -> None:
    """Replace a dropdown's ``(label, value)`` options, keeping its value while it is
    still offered (else the first option, or none). Sends nothing when unchanged."""
    options = list(options)
    if list(dropdown.options) == options:
        return
    keep = dropdown.value
    dropdown.options = options
    values = [value for _, value in options]
    dropdown.value = keep if keep in values else (values[0] if values else None)


class SavedText:
    """Mixed into a kit widget shown on its own in a notebook (every :class:`Panel`)."""

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The live view, with :func:`saved_text` rather than the repr as its plain text.

        A notebook keeps the plain text of a widget output but not the widget
        (its model lives in the kernel that made it), so the plain text is what a
        person opening the saved notebook reads where the panel will be: a line
        telling them how to get the panel says more than ``IsolationTable(<…>)``.
        The kernel prints the same line, so nbval's comparison of saved and fresh
        outputs holds. :meth:`__repr__` stays short and informative for debugging.
        """
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is not None:
            bundle["text/plain"] = saved_text(type(self).__name__)
        return bundle


class Panel(SavedText, widgets.VBox):  # type: ignore[misc]
    """Base of every system panel: a VBox over one game, with a short repr.

    The short repr matters in notebooks: the default one would print every
    child widget (and a FigureWidget's random ids) into the saved output.
    Subclasses call :meth:`follow` to listen to the game; :meth:`close`
    stops listening.

    Every panel carries a :class:`~isowidgets.widgets.keyboard.KeepKeys`, so the keys
    pressed on its controls are theirs, not JupyterLab's: an arrow key on a closed
    dropdown picks the next option (rather than the next cell), a letter jumps to
    an option, Enter and Space press a button.

    Every :class:`~.dice_entry.DiceEntry` in the panel when it is made is bound to the
    panel's game (:meth:`~.dice_entry.DiceEntry.bind_game`), so each shows the game's
    **🔒 GM only** switch without the system doing anything; an entry a panel makes
    later passes ``game=`` itself.
    """

    def __init__(self, game: Game[Any], children: Sequence[Any], **kwargs: Any) -> None:
        self.game = game
        self._unsubscribers: list[Callable[[], None]] = []
        self.keep_keys = KeepKeys()
        super().__init__([style(), self.keep_keys, *children], **kwargs)
        self.add_class("iw-panel")
        bind_dice_entries(self, game)

    def follow(self, listener: Callable[[Sequence[Entry], Any], None]) -> None:
        self._unsubscribers.append(self.game.subscribe(listener))

    messages: Messages
    """Where the panel's errors and advice are shown, and its callbacks run
    (:meth:`Messages.handler <.messages.Messages.handler>`; set by every panel that acts)."""

    def close(self) -> None:
        for stop in getattr(self, "_unsubscribers", ()):
            stop()
        self._unsubscribers = []
        super().close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r})"


def bind_dice_entries(root: Any, game: Game[Any]) -> None:
    """Bind every :class:`~.dice_entry.DiceEntry` under ``root`` (its ``children``, all
    the way down) to ``game``, so each shows the game's GM-only toggle."""
    from .dice_entry import DiceEntry

    stack = [root]
    seen: set[int] = set()
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        if isinstance(widget, DiceEntry):
            widget.bind_game(game)
        stack.extend(getattr(widget, "children", ()) or ())


def set_shown(widget: Any, shown: bool) -> None:
    """Show or hide ``widget`` (its layout's ``display``), sending nothing when it is
    already so."""
    display = None if shown else "none"
    if widget.layout.display != display:
        widget.layout.display = display


def wrap_row() -> widgets.Layout:
    """A row layout whose controls wrap onto the next line in a narrow column."""
    return widgets.Layout(flex_flow="row wrap")
