"""What the conflict panel's parts share: one reading of the game per render, and a base.

The conflict panel (:class:`~.isolation.conflict.ConflictPanel`) is built from small parts, each
a :class:`Part`: the proposal, the pools, the stances, the Difficulty and resolution,
the wounds. On every action the panel reads the game once into a
:class:`ConflictView` (the state, the conflict shown, the engine's next steps, the
names) and hands it to each part, which redraws only what changed.

Every part acts through the panel's one message line, in the kit's one callback
style (:meth:`~isowidgets.widgets.messages.Messages.run`): a click clears the last
message, a refusal shows the engine's words (next to the part's controls: the line
moves into the part's :attr:`Part.slot` first), and after a step that went through the
keyboard focus moves to the control of the next step (:meth:`Part.control_for`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets

from ...rules.isolation import Conflict, IsolationGame, IsolationState, Step
from ..messages import Messages

__all__ = ["ConflictView", "Part", "assign", "auto_layout"]


def assign(widget: Any, **values: Any) -> None:
    """Set only the traits whose value differs.

    Assigning an equal value sends nothing either way, but still runs trait
    validation; a render touches a few hundred traits, so reading first keeps
    a click's kernel time down.
    """
    for name, value in values.items():
        if getattr(widget, name) != value:
            setattr(widget, name, value)


def auto_layout(**kwargs: Any) -> widgets.Layout:
    return widgets.Layout(width="auto", **kwargs)


@dataclass(frozen=True)
class ConflictView:
    """The game as one render of the conflict panel sees it.

    Attributes:
        state: the state now.
        conflict: the conflict in progress (``None`` between conflicts).
        shown: the conflict on show: the one in progress, else the last one.
        steps: the engine's next steps (:meth:`IsolationGame.next_steps() <.Game.next_steps>`).
        names: character id → name.
    """

    state: IsolationState
    conflict: Conflict | None
    shown: Conflict | None
    steps: tuple[Step, ...]
    names: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, game: IsolationGame) -> ConflictView:
        state = game.state
        c = state.conflict
        return cls(
            state,
            c,
            c or state.last_conflict,
            game.next_steps(),
            {ch.id: ch.name for ch in state.characters},
        )

    @property
    def open(self) -> bool:
        """Whether a conflict is in progress."""
        return self.conflict is not None

    def allowed(self, action: str, who: str | None = None) -> Step | None:
        """The next step ``action`` (for ``who``, when given), if the engine offers it."""
        for step in self.steps:
            if step.action == action and (who is None or step.actor == who):
                return step
        return None

    def name(self, who: str) -> str:
        """``who`` by name ("the GM" for the GM)."""
        return "the GM" if who == "GM" else self.names.get(who, who)


class Part(widgets.VBox):  # type: ignore[misc]
    """One part of the conflict panel: its widgets, a render, and clicks through the messages.

    Args:
        game: the game.
        messages: the panel's message line (refusals show there).
        children: the part's widgets.
        done: called after a click of this part went through (the panel moves the
            focus to the next step's control).
    """

    game: IsolationGame

    def __init__(
        self,
        game: IsolationGame,
        messages: Messages,
        children: Sequence[Any] = (),
        *,
        done: Callable[[], None] | None = None,
        **kwargs: Any,
    ) -> None:
        self.game = game
        self.messages = messages
        self.done = done or (lambda: None)
        self.slot = Messages.slot()
        """Where the panel's message line shows while this part acts (under its controls)."""
        super().__init__([*children, self.slot], **kwargs)

    def handler(self, function: Callable[..., Any], *, moves: bool = True) -> Callable[..., Any]:
        """``function`` as a widget callback, run by the panel's messages; when it went
        through (and ``moves``), the focus moves on to the next step."""

        def callback(*args: Any) -> None:
            went = self.messages.run(lambda: function(*args) or True, slot=self.slot)
            if went and moves:
                self.done()

        return callback

    def render(self, view: ConflictView) -> None:
        """Show what ``view`` holds (a part redraws only what changed).

        Every part of the conflict panel overrides this; the base part shows nothing
        of its own, so it has nothing to redraw.
        """

    def control_for(self, step: Step) -> Any:
        """The control that takes ``step`` (``None`` when this part has none for it)."""
        return None
