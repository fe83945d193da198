"""The "🔒 GM only" switch every table shares: one per game, shown on the toolbar and
beside every dice entry.

While it is pressed, every action the table takes on that game (a roll from any dice
entry or button, a note, a prepared value, a system's own step) is journaled inside
:meth:`Game.gm_only <isowidgets.game.Game.gm_only>`: the GM's log marks it 🔒 and the
stream view and public exports leave it out until it is shown to the table. One switch
per game rather than one per control, because a GM keeping a scene secret means every
control at once, and a control left public by mistake would leak it; every toggle of
the game (the toolbar's, each dice entry's) is the same switch, so they always agree.

Each toggle is a :class:`~.toggle.PressToggle`: the glyph and the words say whether it
is on (``✔ 🔒 GM only`` / ``○ 🔒 GM only``), ``aria-pressed`` tells a screen reader, and
it is a native button (Tab, Enter, Space). No rule arithmetic: the switch only opens
and closes the game's own ``gm_only()`` block.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable
from typing import Any

from ..game import Game
from .i18n import english
from .toggle import PressToggle

__all__ = ["GmOnlySwitch", "gm_switch"]

_SWITCHES: weakref.WeakKeyDictionary[Game[Any], GmOnlySwitch] = weakref.WeakKeyDictionary()


class GmOnlySwitch:
    """One game's GM-only switch, and the toggles that show and press it.

    Get it with :func:`gm_switch` (one per game), not the constructor.
    """

    def __init__(self, game: Game[Any]) -> None:
        self._game = weakref.ref(game)  # the switch must not keep a closed table's game alive
        self._open: contextlib.ExitStack | None = None
        self._toggles: weakref.WeakSet[PressToggle] = weakref.WeakSet()

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
        """Switch GM-only on or off, and every toggle of the game with it."""
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

    def toggle(self, key: str | None = None, say: Callable[..., str] = english) -> PressToggle:
        """A new toggle showing and pressing this switch (class ``iw-gm`` or ``iw-gm-KEY``)."""
        made = PressToggle(say("kit.gm"), value=self.on, tooltip=say("kit.gm.tip"))
        made.add_class("iw-gm" if not key else f"iw-gm-{key}")
        made.add_class("iw-gm-toggle")
        made.on_change(self.set)
        self._toggles.add(made)
        return made


def gm_switch(game: Game[Any]) -> GmOnlySwitch:
    """The GM-only switch of ``game`` (made on first use, one per game)."""
    switch = _SWITCHES.get(game)
    if switch is None:
        switch = _SWITCHES[game] = GmOnlySwitch(game)
    return switch


def relabel(toggle: PressToggle, say: Callable[..., str]) -> None:
    """Say a GM-only toggle's words in the language ``say`` speaks."""
    toggle.relabel(say("kit.gm"))
    toggle.hint = say("kit.gm.tip")
