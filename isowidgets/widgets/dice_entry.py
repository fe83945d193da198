"""Roll, or type what the table rolled: one control for every system's dice.

``[Roll]  Faces [5 4 6 2      ]  [Enter faces]   last roll: ✎ typed``

* **Roll** asks the system for a random roll; **Enter** in the faces box (or the
  **Enter faces** button) hands it the faces typed at the table.
* A refusal (a wrong count, a face the die does not have, a letter) shows the
  kit's message right under the box, and the next attempt clears it.
* The last roll is marked random (``⚄``) or typed (``✎``), in words too.
* Bound to its game (every :class:`~.panel.Panel` binds the entries in it), it shows a
  **🔒 GM only** switch for its next roll (:func:`.gm.roll_toggle`): pressed, that roll
  is GM-only, and the switch turns itself off once the roll is taken (the session-wide
  switch is on the toolbar).
* It belongs to one roll: the panel says which (:meth:`DiceEntry.belong_to`: a pool,
  a round, a turn's die) and when that changes the entry starts clean, its box empty,
  no message and no "last roll" mark of the roll before (see :mod:`.fresh`).

The faces box is a :class:`~.submit_text.SubmitText`: its Enter carries the text
as shown, where ipywidgets' own ``Text`` can submit before the last keys reach the
kernel (see that module for why).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..dice import PoolRoll, RollSource
from ..game import Game
from ..words import Message
from .fresh import UNSET
from .gm import RollToggle, one_roll, roll_toggle, set_entry_disabled
from .gm import relabel as relabel_gm
from .i18n import KIT, english
from .messages import Messages, shown_error
from .submit_text import SubmitText

__all__ = ["DiceEntry", "RollSource", "css_name"]

_SOURCE_GLYPH = {"random": "⚄", "typed": "✎"}


def css_name(base: str, key: str | None) -> str:
    """``base`` (``"iw-roll"``), or ``base-key`` for one of several controls on a page."""
    return base if not key else f"{base}-{key}"


class DiceEntry(widgets.VBox):  # type: ignore[misc]
    """A Roll button, a faces box where Enter submits, the error beside it, the source mark.

    Args:
        roll: called with ``None`` for a random roll, or with the faces text typed at
            the table; it rolls (through the system's rules) and returns the
            :class:`~.PoolRoll` (or anything: then the source is
            judged from the argument). The kit's errors it raises are shown under the
            box; nothing else is done on failure.
        key: tells several entries on one page apart: the CSS classes become
            ``iw-roll-KEY``, ``iw-faces-KEY``, ``iw-enter-KEY`` (plain ``iw-roll``…
            when ``None``).
        roll_label, enter_label, faces_label: the visible words.
        placeholder: the hint inside the empty faces box.
        empty_hint: the error shown when Enter is pressed on an empty box (a
            :class:`~isowidgets.words.message.Message` is said in the table's language, and again
            in the new one after a switch).
        game: the game it rolls for: shows a one-roll GM-only toggle (see
            :meth:`bind_game`; a panel binds its entries itself).

    Attributes:
        roll_button, faces, enter_button: the controls.
        error: the :class:`~.messages.Messages` under the box (``iw-entry-error``).
        source: the mark of the last roll (``iw-source``).
        last_source: ``"random"``, ``"typed"``, or ``None`` before the first roll.
        last_result: what ``roll`` returned last.
        gm_toggle: the one-roll GM-only toggle (``iw-gm-KEY``), once bound to a game.
    """

    def __init__(
        self,
        roll: Callable[[str | None], Any],
        *,
        key: str | None = None,
        roll_label: str = "Roll",
        enter_label: str = "Enter faces",
        faces_label: str = "Faces",
        placeholder: str = "typed at the table, e.g. 5 4 6 2",
        empty_hint: str | Message | None = None,
        game: Game[Any] | None = None,
    ) -> None:
        self._roll = roll
        self.say: Callable[..., str] = english  # a panel's Labels once bound (bind_kit)
        self.empty_hint: str | Message = (
            KIT.message("kit.faces.empty") if empty_hint is None else empty_hint
        )
        self.last_source: RollSource | None = None
        self.last_result: Any = None
        self.key = key
        self.owner: Any = UNSET
        self.gm_toggle: RollToggle | None = None
        self._game: Game[Any] | None = None
        self.roll_button = widgets.Button(
            description=roll_label,
            button_style="primary",
            icon="cube",
            tooltip=f"{roll_label}: random dice",
        )
        self.roll_button.add_class(css_name("iw-roll", key))
        self.faces = SubmitText(description=faces_label, placeholder=placeholder)
        self.faces.add_class(css_name("iw-faces", key))
        # The hint in full on hover: a long one (two sides' names and their order) is wider
        # than the box, which cuts its placeholder.
        self.faces.tooltip = placeholder
        self.faces.observe(self._hint_in_full, names="placeholder")
        self.enter_button = widgets.Button(
            description=enter_label,
            icon="keyboard-o",
            tooltip=f"{enter_label}: use the faces typed in the box (or press Enter there)",
        )
        self.enter_button.add_class(css_name("iw-enter", key))
        self.source = widgets.HTML()
        self.source.add_class("iw-source")
        self.error = Messages()
        self.error.add_class("iw-entry-error")

        self.roll_button.on_click(lambda _b: self.roll())
        self.enter_button.on_click(lambda _b: self.enter())
        self.faces.on_submit(lambda _text: self.enter())

        row = widgets.HBox([self.roll_button, self.faces, self.enter_button, self.source])
        row.add_class("iw-entry-row")
        self._row = row
        super().__init__([row, self.error])
        self.add_class("iw-kit")
        self.add_class(css_name("iw-dice-entry", key))
        if game is not None:
            self.bind_game(game)

    def _hint_in_full(self, change: dict[str, Any]) -> None:
        self.faces.tooltip = change["new"]

    def bind_game(self, game: Game[Any]) -> None:
        """Show the one-roll GM-only toggle for ``game`` after the faces (once; later
        calls do nothing): pressed, the next roll is GM-only (see :mod:`.gm`)."""
        if self.gm_toggle is not None:
            return
        self._game = game
        self.gm_toggle = roll_toggle(game, self.key, self.say)
        set_entry_disabled(self.gm_toggle, self.disabled, game)  # out of the Tab walk too
        self._row.children = (*self._row.children, self.gm_toggle)

    # ------------------------------------------------------------------ actions

    def roll(self) -> Any:
        """A random roll (what **Roll** does)."""
        return self.submit(None)

    def enter(self) -> Any:
        """Roll with the faces in the box (what Enter and **Enter faces** do)."""
        if not self.faces.value.strip():
            self.error.error(self.empty_hint)
            return None
        return self.submit(self.faces.value)

    def submit(self, faces: str | None) -> Any:
        """Hand ``faces`` (``None``: random) to the roll callback; the one path of both.

        The error from the previous attempt is cleared first. On success a typed-in
        box is emptied for the next roll and the source is marked (unless the roll moved
        play on and the panel said the entry belongs to the next roll now: it then stays
        clean); on a refusal the kit's message shows under the box and the typed text
        stays, to be fixed.

        Returns:
            What the callback returned, or ``None`` when it raised.
        """
        self.error.clear()
        if self.disabled:
            self.error.error(KIT.message("kit.roll.off"))  # said again after a switch
            return None
        owner = self.owner
        try:
            if self._game is None:
                result = self._roll(faces)
            else:
                with one_roll(self._game, self.gm_toggle) as secret:
                    result = self._roll(faces)
                if secret and self.gm_toggle is not None:
                    self.gm_toggle.value = False  # it covered this one roll
        except Exception as exc:
            self.error.error(shown_error(exc))
            return None
        if faces is not None:
            self.faces.value = ""
        if self.owner != owner:  # the roll moved play on: the entry is for the next one now
            return result
        if isinstance(result, PoolRoll):
            source: RollSource = "typed" if result.source == "typed" else "random"
        else:
            source = "random" if faces is None else "typed"
        self.mark(source)
        self.last_result = result
        return result

    def belong_to(self, owner: Any) -> bool:
        """Say which roll the entry is for now (a pool, a round, a turn's die: anything
        hashable); when it is another than before, :meth:`reset` it. The first call only
        remembers.

        Returns:
            Whether the entry was reset.
        """
        if owner == self.owner:
            return False
        first = self.owner is UNSET
        self.owner = owner
        if not first:
            self.reset()
        return not first

    def reset(self) -> None:
        """Start clean for another roll: the box empty, no message, no "last roll" mark."""
        if self.faces.value:
            self.faces.value = ""
        self.error.clear()
        self.mark(None)
        self.last_result = None

    # ------------------------------------------------------------------ showing

    def mark(self, source: RollSource | None) -> None:
        """Mark the last roll as random or typed (``None``: no roll yet)."""
        self.last_source = source
        if source is None:
            if self.source.value:
                self.source.value = ""
            return
        say = self.say
        meaning, last = say(f"kit.source.{source}.tip"), say("kit.source.last")
        word = say(f"kit.source.{source}")
        self.source.value = (
            f'<span title="{html.escape(meaning)}">{html.escape(last)} {_SOURCE_GLYPH[source]} '
            f"<b>{html.escape(word)}</b></span>"
        )

    def kit_words(self) -> list[tuple[Any, str, str]]:
        """Its controls' words, as :meth:`Labels.bind_kit <.i18n.Labels.bind_kit>` binds
        them: ``(control, trait, key)``."""
        return [
            (self.roll_button, "description", "kit.roll"),
            (self.roll_button, "tooltip", "kit.roll.tip"),
            (self.faces, "description", "kit.faces"),
            (self.enter_button, "description", "kit.faces.enter"),
            (self.enter_button, "tooltip", "kit.faces.enter.tip"),
        ]

    def relabel(self) -> None:
        """Mark the last roll again in the language just switched to
        (:meth:`Labels.bind_kit() <.i18n.Labels.bind_kit>`),
        and say the refusal under the box in it (its mark too: ``⚠ Fejl``)."""
        self.mark(self.last_source)
        self.error.say = self.say
        self.error.relabel()
        if self.gm_toggle is not None:
            relabel_gm(self.gm_toggle, self.say)

    @property
    def disabled(self) -> bool:
        """Whether the controls are switched off (a system's step does not allow a roll)."""
        return bool(self.roll_button.disabled)

    @disabled.setter
    def disabled(self, value: bool) -> None:
        for control in (self.roll_button, self.faces, self.enter_button):
            control.disabled = bool(value)
        if self.gm_toggle is not None and self._game is not None:
            set_entry_disabled(self.gm_toggle, bool(value), self._game)

    def close(self) -> None:
        if hasattr(self, "error"):
            self.error.close()
        super().close()
