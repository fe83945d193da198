"""A session's verifiable dice: its commitment, the table's seed, the seed revealed.

:class:`Seeds` is the part of :class:`~isowidgets.game.Game` that journals what makes
every random roll of a session checkable, as :class:`~isowidgets.opening.Opening`
starts and resumes it:

* :attr:`~Seeds.commitment` is the commitment to the session's seed its journal's first
  line holds (see :mod:`isowidgets.commitment`);
* :meth:`~Seeds.give_table_seed` journals the table's own seed, after the commitment
  and before the first random roll, and binds it into every roll;
* :meth:`~Seeds.reveal` journals the seed and salt, so anyone can verify every random
  roll, and seals the dice (a resumed session whose seed is revealed is sealed again:
  :data:`SEALED`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from . import checks
from .binding import refuse_bad_calls
from .checks import shown
from .commitment import Secret
from .dice import MAX_TABLE_SEED, Dice
from .errors import RuleError, TableSeedError
from .journal import Entry, Event, Journal, SeedRevealed, SessionStarted, TableSeed

__all__ = ["SEALED", "Seeds"]

SEALED = (
    "the session's seed is revealed, so its random rolls are over (anyone could foresee "
    "them). Tip: type the faces of physical dice in, or start a new session"
)
"""Why the dice of a session whose seed is revealed refuse random faces."""


class Seeds:
    """How a session's seed is committed to, joined by the table's, and revealed."""

    if TYPE_CHECKING:
        dice: Dice
        _journal: Journal
        _secret: Secret | None

        def commit(self, *events: Event) -> list[Entry]: ...

        @contextlib.contextmanager
        def _public(self) -> Iterator[None]: ...

        @contextlib.contextmanager
        def _way_in(self, *kinds: type[Event]) -> Iterator[None]: ...

    @property
    def commitment(self) -> str | None:
        """The SHA-256 commitment to the session's seed (``None`` in an old journal)."""
        start = self._journal.history.opening
        return start.commitment if isinstance(start, SessionStarted) else None

    @property
    def revealed(self) -> SeedRevealed | None:
        """The journaled reveal of the seed, once :meth:`reveal` has run."""
        return self._journal.history.revealed

    def reveal(self) -> list[Entry]:
        """Disclose the session's seed and salt in the journal, so anyone can verify it.

        ``python -m isowidgets verify PATH`` then recomputes every random roll. The
        reveal says how many public rolls were numbered (so a public roll cut off the
        end is found); GM-only rolls are not counted where every viewer reads it, the
        journal's chain covers them. After a reveal anyone could foresee the next
        rolls, so the session rolls no random dice any more (typed-in faces still work)
        and the reveal cannot be undone. Journaled publicly, even inside ``gm_only()``.

        Raises:
            RuleError: the seed is revealed already, or this session has no secret
                to reveal (a journal from before commitments, or its ``.secret``
                file was missing when it was resumed).
        """
        if self.revealed is not None:
            raise RuleError(
                "core.revealed_already",
                "the session's seed is revealed already; nothing was written",
            )
        if self._secret is None or self.commitment is None:
            raise RuleError(
                "core.no_secret",
                "this session has no secret to reveal: its journal predates commitments, or "
                "its .secret file was missing when it was resumed; nothing was written",
            )
        drawn = [
            roll
            for entry in self._journal.entries
            for roll in entry.event.rolls()
            if roll.draw is not None
        ]
        revealed = SeedRevealed(
            seed=self._secret.seed,
            salt=self._secret.salt,
            draws=max((r.draw[1] + len(r.dice) for r in drawn if r.draw), default=None),
            public_rolls=self.dice.taken[0],
        )
        with self._public(), self._way_in(SeedRevealed):
            entries = self.commit(revealed)
        self.dice.seal(SEALED)
        return entries

    @property
    def table_seed(self) -> str | None:
        """The table's seed, once given (see :meth:`give_table_seed`)."""
        given = self._journal.history.table_seed
        return None if given is None else given.seed

    def give_table_seed(self, seed: str) -> list[Entry]:
        """Journal the table's own seed and bind it into every roll from now on.

        The GM's seed is committed to in the journal's first line, before play; the
        table then gives a seed of its own (a phrase a player types, or a line taken
        from the stream's chat) and every roll's faces depend on both (see
        :mod:`isowidgets.dice.roller`). Since the GM's seed was fixed before the table
        chose, the GM cannot have picked one that suits the table's. It is given once,
        before the first random roll (public or GM-only), is public even inside
        ``gm_only()``, and cannot be undone. Kept exactly as typed (up to
        :data:`~.MAX_TABLE_SEED` characters).

        Raises:
            RuleError: ``seed`` is not text of 1 to
                :data:`~.MAX_TABLE_SEED` characters; nothing is written.
            TableSeedError: a table seed was given already, a random roll was made
                already, or the seed is revealed; nothing is written.
        """
        text = checks.text(
            seed,
            "the table's seed",
            strip=False,
            max_length=MAX_TABLE_SEED,
            tip="a short phrase a player types, or a line from the stream's chat",
        )
        if self.table_seed is not None:
            raise TableSeedError(
                "core.table_seed_given",
                "the table's seed was given already ({given}); it is given once, so that "
                "it cannot be chosen again. Nothing was written",
                given=shown(self.table_seed, 60),
            )
        if self.revealed is not None:
            raise TableSeedError(
                "core.table_seed_revealed",
                "the session's seed is revealed, so its random rolls are over; a table "
                "seed would bind nothing. Nothing was written",
            )
        rolled = self._journal.history.random_rolls
        if rolled or any(self.dice.taken):
            raise TableSeedError(
                "core.table_seed_rolled",
                "the table's seed is given before the first random roll, and this session "
                "has {rolls} random roll(s) already (whoever knows the session's seed could "
                "then choose the rest). Nothing was written. Tip: give it right after the "
                "session starts",
                rolls=max(rolled, sum(self.dice.taken)),
            )
        with self._public(), self._way_in(TableSeed):
            entries = self.commit(TableSeed(seed=text))
        self.dice.set_table(text)
        return entries


refuse_bad_calls(Seeds)
