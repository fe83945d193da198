"""The test the table is setting up, shared by the board and the test panel.

Nothing is journaled while a test is set up: the table picks the kind, the
roller and the Difficulty in the test panel, adds helpers there and cites
Details by clicking chips on the board; the draft is a pure value of the rules
(:func:`~isowidgets.rules.impact.rules.draft_test` and the edits beside it),
and opening the test journals it once, with all of it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from ...errors import RuleError
from ...rules.impact import ImpactGame, OpenTest, rules

__all__ = ["Drafting"]


class Drafting:
    """The draft of the test being set up, and who to tell when it changes.

    The test panel supplies ``form`` (what its inputs describe: kind,
    roller, Difficulty, threat, cost, plan) and the board and the panel edit
    the helpers and citations through :meth:`edit`. :meth:`draft` asks the
    rules afresh each time, on the game's current state, so a Detail removed or
    a roller knocked out drops out of the draft with no bookkeeping here.

    Args:
        game: the game the test will be opened in.

    Attributes:
        form: returns the keywords of ``draft_test`` the panel's inputs hold
            (``None`` while no panel describes a test).
        kept: the last draft edited: its helpers and citations carry over to
            the next :meth:`draft` as far as they still fit.
    """

    def __init__(self, game: ImpactGame) -> None:
        self.game = game
        self.form: Callable[[], dict[str, Any]] | None = None
        self.kept: OpenTest | None = None
        self._listeners: list[Callable[[], None]] = []

    def draft(self) -> OpenTest:
        """The test as set up now, checked by the rules.

        Raises:
            RuleError: no test can be set up now (one is open, or the inputs
                describe no test that could be opened: the message says why).
        """
        state = self.game.state
        if state.test is not None:
            raise RuleError(
                "impact.draft_already_open",
                "{actor}'s test is open and was journaled with the Details it cites. Tip: roll it, "
                "or call it off to set it up again.",
                actor=state.name_of(state.test.actor),
            )
        if self.form is None:
            raise RuleError(
                "impact.no_draft",
                "no test is being set up: the test panel sets one up",
            )
        form = self.form()
        base = rules.draft_test(state, form.pop("kind"), form.pop("actor"), **form)
        return rules.carry_over(state, base, self.kept)

    def edit(self, change: Callable[[OpenTest], OpenTest]) -> OpenTest:
        """Apply ``change`` (a draft edit of the rules) to the draft and keep the result."""
        self.kept = change(self.draft())
        self.changed()
        return self.kept

    @contextlib.contextmanager
    def opening(self) -> Iterator[OpenTest]:
        """The draft, as it is opened: its helpers and citations go with it, so the redraw
        that follows the opening shows a fresh draft (one redraw, not a second one after
        it); they are kept again if the opening is refused."""
        draft = self.draft()
        kept, self.kept = self.kept, None
        try:
            yield draft
        except BaseException:
            self.kept = kept
            raise

    def clear(self) -> None:
        """Forget the helpers and citations (the test they were for has been opened)."""
        self.kept = None
        self.changed()

    def changed(self) -> None:
        """Tell every follower that the draft may read differently now."""
        for listener in list(self._listeners):
            listener()

    def follow(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` whenever the draft changes; returns an unsubscribe."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe
