"""GM-only at the table: the session's **🔒 GM only** switch, the one-roll switch beside
every dice entry, and the line that says what the table's viewers do not see yet.

* **The session switch** (:class:`GmOnlySwitch`, one per game, on the toolbar): while it
  is pressed every action the table takes on that game (a roll from any dice entry or
  button, a note, a prepared value, a system's own step) is journaled inside
  :meth:`Game.gm_only <.gm_only>`: the GM's log marks it 🔒, and the
  stream view and public exports leave it out until it is shown to the table. It is
  for a scene the GM keeps secret on purpose, so while it is on it says so in words
  (:class:`HeldBack`), not only by its pressed look.
* **The one-roll switch** beside a dice entry (:func:`roll_toggle`): it makes that entry's
  next roll GM-only and turns itself off once the roll is taken, so a secret roll never
  leaves everything after it secret by accident. While the session switch is on it shows
  pressed and cannot be changed (every roll is GM-only then anyway).
* **What is held back** (:class:`HeldBack`): when GM-only actions keep the public view
  back, the toolbar, the panel in use and the log say how many actions the viewers do
  not see yet, with **🔓 Show to table** beside them. The count and what the button
  shows are the game's (:meth:`Game.held_back <isowidgets.visibility.GmOnly.held_back>`,
  :meth:`~isowidgets.visibility.GmOnly.show_to_table`), kept as the journal grows.
  Prepared values the GM keeps secret on purpose are not counted (the log shows each
  one when the GM chooses).

Each toggle is a :class:`~.toggle.PressToggle`: the glyph and the words say whether it
is on (``✔ 🔒 GM only`` / ``○ 🔒 GM only``), ``aria-pressed`` tells a screen reader, and
it is a native button (Tab, Enter, Space). No rule arithmetic: the switches only open
and close the game's own ``gm_only()`` block.
"""

from __future__ import annotations

import contextlib
import html
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets

from ..game import Game
from ..journal import Entry
from .i18n import english
from .toggle import PressToggle

__all__ = [
    "GmOnlySwitch",
    "HeldBack",
    "RollToggle",
    "gm_switch",
    "held_back",
    "one_roll",
    "roll_toggle",
    "set_entry_disabled",
    "show_to_table",
]

_SWITCHES: weakref.WeakKeyDictionary[Game[Any], GmOnlySwitch] = weakref.WeakKeyDictionary()


class GmOnlySwitch:
    """One game's session-wide GM-only switch, the toggles that show it, and the
    one-roll toggles beside its dice entries that it overrides while on.

    Get it with :func:`gm_switch` (one per game), not the constructor.
    """

    def __init__(self, game: Game[Any]) -> None:
        self._game = weakref.ref(game)  # the switch must not keep a closed table's game alive
        self._open: contextlib.ExitStack | None = None
        self._toggles: weakref.WeakSet[PressToggle] = weakref.WeakSet()
        self._roll_toggles: weakref.WeakSet[RollToggle] = weakref.WeakSet()
        self._followers: list[weakref.ReferenceType[Any]] = []

    @property
    def game(self) -> Game[Any]:
        game = self._game()
        assert game is not None, "the switch outlived its game"
        return game

    @property
    def on(self) -> bool:
        """Whether the table's actions are GM-only now."""
        return self._open is not None

    def set(self, on: bool) -> None:
        """Switch GM-only on or off for the session, and every toggle of the game with it."""
        on = bool(on)
        if on and self._open is None:
            stack = contextlib.ExitStack()
            stack.enter_context(self.game.gm_only())
            self._open = stack
        elif not on and self._open is not None:
            stack, self._open = self._open, None
            stack.close()
        for toggle in list(self._toggles):
            if toggle.value != on:
                toggle.value = on
        for toggle in list(self._roll_toggles):
            _show_roll_toggle(toggle, on)
        for ref in list(self._followers):
            follower = ref()
            if follower is not None:
                follower.refresh()

    def toggle(self, key: str | None = None, say: Callable[..., str] = english) -> PressToggle:
        """A new toggle showing and pressing this switch (class ``iw-gm`` or ``iw-gm-KEY``)."""
        made = PressToggle(say("kit.gm"), value=self.on, tooltip=say("kit.gm.tip"))
        made.add_class("iw-gm" if not key else f"iw-gm-{key}")
        made.add_class("iw-gm-toggle")
        made.on_change(self.set)
        self._toggles.add(made)
        return made

    def watch_roll_toggle(self, toggle: RollToggle) -> None:
        """Keep a one-roll toggle showing the session switch (pressed and fixed while on)."""
        self._roll_toggles.add(toggle)
        _show_roll_toggle(toggle, self.on)

    def follow(self, view: Any) -> None:
        """Call ``view.refresh()`` whenever the switch is turned (a :class:`HeldBack`)."""
        self._followers = [ref for ref in self._followers if ref() is not None]
        self._followers.append(weakref.ref(view))


def gm_switch(game: Game[Any]) -> GmOnlySwitch:
    """The GM-only switch of ``game`` (made on first use, one per game)."""
    switch = _SWITCHES.get(game)
    if switch is None:
        switch = _SWITCHES[game] = GmOnlySwitch(game)
    return switch


def relabel(toggle: PressToggle, say: Callable[..., str]) -> None:
    """Say a GM-only toggle's words in the language ``say`` speaks."""
    toggle.relabel(say("kit.gm"))
    toggle.hint = say("kit.gm.roll.tip" if isinstance(toggle, RollToggle) else "kit.gm.tip")


# ---------------------------------------------------------------------- one roll


class RollToggle(PressToggle):
    """A dice entry's one-roll GM-only toggle (see :func:`roll_toggle`).

    Attributes:
        entry_disabled: whether the entry beside it is switched off (then so is it).
    """

    entry_disabled = False


def roll_toggle(
    game: Game[Any], key: str | None = None, say: Callable[..., str] = english
) -> RollToggle:
    """The one-roll GM-only toggle for a dice entry (class ``iw-gm`` or ``iw-gm-KEY``):
    pressed, the entry's next roll is GM-only (:func:`one_roll`); the entry turns it off
    once that roll is taken. While the session switch is on it shows pressed and is
    switched off (every roll is GM-only then)."""
    made = RollToggle(say("kit.gm"), tooltip=say("kit.gm.roll.tip"))
    made.add_class("iw-gm" if not key else f"iw-gm-{key}")
    made.add_class("iw-gm-roll-toggle")
    gm_switch(game).watch_roll_toggle(made)
    return made


def set_entry_disabled(toggle: RollToggle, disabled: bool, game: Game[Any]) -> None:
    """The dice entry beside ``toggle`` was switched on or off: so is the toggle (it
    stays off while the session switch is on)."""
    toggle.entry_disabled = bool(disabled)
    _show_roll_toggle(toggle, gm_switch(game).on)


def _show_roll_toggle(toggle: RollToggle, session_on: bool) -> None:
    if session_on:
        if not toggle.value:
            toggle.value = True
    elif toggle.disabled and toggle.value:  # the session switch was on: show it off again
        toggle.value = False
    disabled = session_on or toggle.entry_disabled
    if toggle.disabled != disabled:
        toggle.disabled = disabled


@contextlib.contextmanager
def one_roll(game: Game[Any], toggle: RollToggle | None) -> Iterator[bool]:
    """Run a dice entry's roll GM-only when its one-roll toggle is pressed (and the
    session switch is not already on); yields whether it did."""
    single = toggle is not None and bool(toggle.value) and not gm_switch(game).on
    if not single:
        yield False
        return
    with game.gm_only():
        yield True


# ---------------------------------------------------------------------- held back


def held_back(game: Game[Any]) -> tuple[int, ...]:
    """The actions the table's viewers do not see yet, oldest first: the game's own
    :meth:`~isowidgets.visibility.GmOnly.held_back` (kept as the journal grows)."""
    return game.held_back()


def show_to_table(game: Game[Any]) -> list[Entry]:
    """Show every GM-only action held back to the table: the game's own
    :meth:`~isowidgets.visibility.GmOnly.show_to_table` (one disclosure each)."""
    return game.show_to_table()


class HeldBack(widgets.HBox):  # type: ignore[misc]
    """What the table's viewers do not see yet, in words, with **🔓 Show to table**.

    ``🔒 GM only is on · 3 actions not shown to the table yet  [🔓 Show to table]``

    Empty (and taking no room) when the session switch is off and nothing is held back.
    Shown on the toolbar, in the panel in use and in the log, so a GM who left GM-only
    on sees it where they are looking.

    Args:
        game: the game it follows.
        key: tells several on a page apart (``iw-held-back-KEY``).

    Attributes:
        status: the words (``iw-held-status``); ``show_button``: **🔓 Show to table**
            (``iw-held-show``).
    """

    def __init__(self, game: Game[Any], *, key: str | None = None) -> None:
        self.game = game
        self.say: Callable[..., str] = english  # a panel's Labels once bound (bind_kit)
        self.status = widgets.HTML()
        self.status.add_class("iw-held-status")
        self.show_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.show_button.add_class("iw-held-show")
        self.error = ""
        self.show_button.on_click(lambda _b: self.show())
        super().__init__(
            [self.status, self.show_button],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        self.add_class("iw-held-back")
        self.add_class("iw-kit")
        if key:
            self.add_class(f"iw-held-back-{key}")
        self._drawn: tuple[Any, ...] = ()
        self.refresh()
        self._unsubscribe = game.subscribe(lambda _entries, _state: self.refresh())
        gm_switch(game).follow(self)

    def show(self) -> list[Entry]:
        """What **Show to table** does; a refusal is said in the line, nothing changes."""
        try:
            return show_to_table(self.game)
        except Exception as exc:  # the kit's refusal, in its words
            from .messages import said, shown_error

            self.error = said(shown_error(exc), getattr(self.say, "language", "en"))
            self._drawn = ()
            self.refresh()
            return []

    def refresh(self) -> None:
        """Draw the line for the game as it is now (nothing when nothing is held back)."""
        on = gm_switch(self.game).on
        held = held_back(self.game)
        say = self.say
        drawn = (on, len(held), self.error, say("kit.held.show"))
        if drawn == self._drawn:
            return
        self._drawn = drawn
        parts = []
        if on:
            long = html.escape(say("kit.gm.on"), quote=True)
            parts.append(f'<b title="{long}">{html.escape(say("kit.gm.on.short"))}</b>')
        if held:
            count = say("kit.held.one") if len(held) == 1 else say("kit.held.many", n=len(held))
            parts.append(html.escape(count))
        if self.error:
            parts.append(f'<span class="iw-msg--error">{html.escape(self.error)}</span>')
            self.error = ""
        text = " · ".join(parts)
        self.status.value = f'<span class="iw-held" role="status">🔒 {text}</span>' if text else ""
        self.show_button.description = say("kit.held.show")
        self.show_button.tooltip = say("kit.held.show.tip")
        self.show_button.layout.display = None if held else "none"
        self.layout.display = None if parts else "none"

    def kit_words(self) -> list[tuple[Any, str, str]]:
        """No control bound by key: it draws its words itself, through ``say``."""
        return []

    def relabel(self) -> None:
        """Draw again in the language just switched to (:meth:`~.i18n.Labels.bind_kit`)."""
        self._drawn = ()
        self.refresh()

    def close(self) -> None:
        unsubscribe = getattr(self, "_unsubscribe", None)
        if unsubscribe is not None:
            unsubscribe()
        super().close()
