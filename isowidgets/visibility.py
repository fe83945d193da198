"""What a viewer may see of a session, and how the GM marks what the table does not see
yet.

A GM marks an action GM-only (:meth:`Game.gm_only <.gm_only>`,
``note(..., gm_only=True)``, :meth:`Game.prepare <.GmOnly.prepare>`); the
journal keeps it whole (``Entry.gm``), so the GM's notebook, undo and ``verify`` see
everything. A stream view or a public export shows only the public projection of the
journal, :mod:`isowidgets.projection` (:func:`~.projection.public_entries`: what a
GM-only action holds back, what an aside is; :func:`~.projection.public_view`: the
public entries numbered again so that nothing counts what is hidden). Its names are
given here too, as they always were.

What it does **not** hide: the journal file on disk holds everything, and once the
seed is revealed anyone can recompute every random roll, GM-only ones included.

:class:`GmOnly` is the part of :class:`~isowidgets.game.Game` a GM marks actions with:
``gm_only()``, ``prepare``, ``disclose``, the game's ``public_entries`` (kept as the
journal grows) and what they hold back (``held_back``, ``show_to_table``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar

from . import checks
from .binding import refuse_bad_calls
from .checks import shown
from .errors import RuleError
from .journal import Disclosed, Entry, Event, Journal, Prepared, Retcon
from .journal.history import ShownHead
from .projection import (
    ASIDE,
    Numbering,
    PublicView,
    disclosed_actions,
    gm_actions,
    hidden_actions,
    public_entries,
    public_view,
    renumbered,
)

__all__ = [
    "ASIDE",
    "GmOnly",
    "Numbering",
    "PublicView",
    "ShownHead",
    "disclosed_actions",
    "gm_actions",
    "hidden_actions",
    "public_entries",
    "public_view",
    "renumbered",
]


def _kept_secret(events: Sequence[Event]) -> bool:
    """A prepared value (and nothing else): the GM keeps it secret on purpose."""
    return bool(events) and all(isinstance(event, Prepared) for event in events)


class GmOnly:
    """How a GM keeps actions from the table until they are shown (the game's part)."""

    aside: ClassVar[frozenset[type[Event]]] = ASIDE
    """Event types that change nothing later actions build on: an action made only of
    them is never held back from the public view and never holds anything back. A
    system whose own events are such (a narration, a table roll no rule reads) adds
    them: ``aside = Game.aside | {Narrated}``."""

    if TYPE_CHECKING:
        _journal: Journal
        _gm_depth: int

        def commit(self, *events: Event) -> list[Entry]: ...

        def _way_in(self, *kinds: type[Event]) -> contextlib.AbstractContextManager[None]: ...

    _kept_public: PublicView | None = None
    _public_of: Journal | None = None  # the journal _kept_public was taken from
    _held_of: tuple[Journal, int, tuple[int, ...], tuple[int, ...]] | None = None

    def _public_view(self) -> PublicView:
        """The journal's public projection, kept as its entries arrive: each time it is
        asked it takes only the entries journaled since (a retcon or a disclosure among
        them makes it read the journal again, see :class:`PublicView`); it starts again
        when the game's journal is another one (a follower's view made afresh)."""
        journal = self._journal
        view = self._kept_public
        if view is None or self._public_of is not journal or len(view.entries) > len(journal):
            view = self._kept_public = PublicView(aside=type(self).aside)
            self._public_of = journal
        taken = len(view.entries)
        if taken < len(journal):
            view.add(journal.entries[taken:])
        return view

    def public_entries(self) -> list[Entry]:
        """The journal's entries a viewer may see: GM-only actions not yet disclosed,
        and what follows only from them, left out (see :mod:`isowidgets.visibility`).
        They keep the journal's numbers (the GM's); :meth:`public_view` is what viewers
        are shown. Kept as the journal grows (a :class:`~.projection.PublicView` of the game)."""
        return list(self._public_view().shown)

    def public_view(self) -> list[Entry]:
        """What viewers are shown: :meth:`public_entries` numbered again, so nothing counts
        what is hidden (see :func:`~isowidgets.projection.public_view`)."""
        return renumbered(self.public_entries())

    def shown_head(self) -> ShownHead | None:
        """The journal's head as the stream shows it: carried by the journal's latest
        public line, with the public rolls up to it (see
        :class:`~isowidgets.journal.history.ShownHead`); kept as entries arrive."""
        return self._journal.history.shown_head

    def held_back(self) -> tuple[int, ...]:
        """The actions the table's viewers do not see yet, oldest first: GM-only actions
        not shown to the table, and what they hold back (see :mod:`isowidgets.visibility`).
        Undone actions, undos and redos, and prepared values kept secret on purpose are
        not counted (:meth:`show_to_table` leaves those secret).

        Worked out once per journal length from what is kept as the journal grows (the
        game's public view, the journal's :class:`~isowidgets.journal.history.History`):
        it reads the actions not shown, never the whole journal again.
        """
        return self._held()[0]

    def show_to_table(self) -> list[Entry]:
        """Show every GM-only action held back (:meth:`held_back`) to the table, oldest
        first, and so what they held back: one disclosure each (:meth:`disclose`), so an
        undo takes back one. Prepared values kept secret stay so. The entries written
        (none when nothing is held back).

        Raises:
            RuleError: a disclosure is refused (see :meth:`disclose`); those before it
                stay written.
        """
        entries: list[Entry] = []
        for action in self._held()[1]:
            entries += self.disclose(action)
        return entries

    def _held(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``(held back, GM-only actions to disclose to show them)``, once per length."""
        journal = self._journal
        cached = self._held_of
        if cached is not None and cached[0] is journal and cached[1] == len(journal):
            return cached[2], cached[3]
        history = journal.history
        gm = history.gm_actions()
        held: list[int] = []
        show: list[int] = []
        if gm:  # nothing GM-only: nothing held, and no public view to keep
            hidden = gm - history.disclosed()
            void = history.void()
            for action in self._public_view().unshown:
                if action in void or isinstance(history.first_event(action), Retcon):
                    continue
                if action in hidden:
                    if _kept_secret(journal.action_events(action)):
                        continue
                    show.append(action)
                held.append(action)
        self._held_of = (journal, len(journal), tuple(held), tuple(show))
        return self._held_of[2], self._held_of[3]

    @contextlib.contextmanager
    def gm_only(self) -> Iterator[None]:
        """Mark every action journaled inside the block GM-only.

        Any rule run through :meth:`~isowidgets.game.Game.act`, a note, a tray roll, a
        settings change: the journal keeps them whole (undo, resume and ``verify`` see
        everything), and the public view (:meth:`public_entries`, a stream,
        ``export(..., public=True)``) leaves them out, and holds back what follows from
        them, until :meth:`disclose` shows them. Blocks nest; :meth:`disclose` and
        :meth:`~.Seeds.reveal` are public even inside one. An undo or redo
        is GM-only exactly when what it takes back is still hidden, wherever it is made.
        """
        self._gm_depth += 1
        try:
            yield
        finally:
            self._gm_depth -= 1

    @property
    def gm_only_now(self) -> bool:
        """Whether actions journaled now are GM-only (inside a :meth:`gm_only` block)."""
        return self._gm_depth > 0

    def _gm_if(self, gm: bool) -> contextlib.AbstractContextManager[None]:
        return self.gm_only() if gm else contextlib.nullcontext()

    @contextlib.contextmanager
    def _public(self) -> Iterator[None]:
        """Journal in the block publicly even inside :meth:`gm_only` (a disclosure)."""
        depth, self._gm_depth = self._gm_depth, 0
        try:
            yield
        finally:
            self._gm_depth = depth

    def prepare(self, name: str, value: int | str, *, gm_only: bool = True) -> list[Entry]:
        """Journal a value fixed in advance: an NPC's hidden skill, a secret difficulty,
        a planned event. GM-only unless ``gm_only=False``; :meth:`disclose` shows it
        later, with the time it was fixed, so the table sees it was not changed.

        Args:
            name: what the value is (``"Marta's Deceive"``).
            value: a whole number or a short text.
            gm_only: journal it GM-only (the default).

        Raises:
            RuleError: ``name`` is not short text, ``value`` neither a whole number
                nor short text, or ``gm_only`` not True or False; nothing is written.
        """
        name = checks.text(name, "a prepared value's name", collapse=True)
        if isinstance(value, int) and not isinstance(value, bool):
            value = checks.whole(value, "a prepared value")
        elif isinstance(value, str):
            value = checks.text(value, "a prepared value", collapse=True)
        else:
            raise RuleError(
                "core.prepared_value",
                "a prepared value must be a whole number or short text, got {type} {got}",
                type=type(value).__name__,
                got=shown(value),
            )
        with self._gm_if(checks.flag(gm_only, "gm_only")), self._way_in(Prepared):
            return self.commit(Prepared(name=name, value=value))

    def disclose(self, action: int) -> list[Entry]:
        """Show the GM-only ``action`` to the table from now on, with a journaled
        :class:`~.Disclosed` (public even inside :meth:`gm_only`).

        What it held back (see :mod:`isowidgets.visibility`) is shown too, unless
        another hidden action still holds it. Not :meth:`~.Seeds.reveal`,
        which discloses the dice seed. An undo takes the disclosure back.

        Raises:
            RuleError: ``action`` is not the number of an action of this session, or
                that action is not GM-only, is an undo or redo (it is shown with what
                it takes back), was undone, or is shown already; nothing is written.
        """
        history = self._journal.history
        last = history.last_action
        action = checks.whole(action, "the action to show to the table", 1, max(last, 1))
        events = self._journal.action_events(action)
        if not events:
            raise RuleError(
                "core.no_such_action",
                "there is no action #{action} in this session; nothing was written",
                action=action,
            )
        if action not in history.gm_actions():
            raise RuleError(
                "core.not_gm_only",
                "action #{action} ({summary}) is not GM-only: the table sees it already; "
                "nothing was written",
                action=action,
                summary=events[0].message(),
            )
        if isinstance(events[0], Retcon):
            raise RuleError(
                "core.disclose_retcon",
                "action #{action} is an undo or redo: it is shown with the action it takes "
                "back, not on its own; nothing was written",
                action=action,
            )
        if action in self._journal.void_actions():
            raise RuleError(
                "core.disclose_undone",
                "action #{action} ({summary}) was undone, so there is nothing to show; nothing "
                "was written",
                action=action,
                summary=events[0].message(),
            )
        if action in history.disclosed():
            raise RuleError(
                "core.disclosed_already",
                "action #{action} is shown to the table already; nothing was written",
                action=action,
            )
        with self._public(), self._way_in(Disclosed):
            return self.commit(Disclosed(action=action))


refuse_bad_calls(GmOnly)
