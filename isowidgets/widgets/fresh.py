"""Boxes and forms that belong to one thing, and start clean whenever that thing changes.

A box's text belongs to one actor and one step: the faces of *this* round, the
intention of *this* party, the wording of *this* test's effect. When the thing it
belongs to changes (a new conflict, round, turn, test or pool) whatever the last one
left in its boxes is stale, and typed on, it corrupts the next action (the next
round's faces appended to the last round's; the guard's intention going in as
Burke's). So a panel never empties its boxes one by one when play moves on: it says
what they belong to now, and :class:`Fresh` resets them when that differs from last
time. In a panel:

.. code-block:: py

    self.form = Fresh(self.intention, self.failure, self.entry, kind="passive")
    ...
    def refresh(self, state):
        self.form.belong_to(state.conflict_count)   # a new conflict: every box clean

What "clean" is, item by item:

* anything with a ``reset()`` method resets itself: a
  :class:`~.dice_entry.DiceEntry` (faces box empty, its message and its "last roll"
  mark gone), another :class:`Fresh`, a system's own small form;
* any other widget gets its ``value`` back: the value it had when it was added, or
  the ``default`` given (a value, or a function of nothing computing it, for a choice
  whose options depend on the game);
* a set of controls that comes and goes with the game (a toggle per character) gives
  a function that resets them (:meth:`Fresh.also`).

No rule arithmetic here: which thing a box belongs to is the panel's reading of the
engine's state; this module only keeps the promise that a new thing starts clean.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

__all__ = ["UNSET", "Fresh", "first_option"]

UNSET: Any = object()
"""What a :class:`Fresh` belongs to before :meth:`Fresh.belong_to` is first called."""


class Fresh:
    """The boxes and forms of one thing; :meth:`Fresh.belong_to` resets them when it changes.

    Args:
        items: widgets (their ``value`` comes back to what it is now) or things with a
            ``reset()`` method.

    Attributes:
        owner: what the items belong to now (:data:`UNSET` until the first
            :meth:`belong_to`).
    """

    def __init__(self, *items: Any) -> None:
        self.owner: Any = UNSET
        self._items: list[tuple[Any, Any]] = []
        for item in items:
            self.add(item)

    def add(self, item: Any, default: Any = UNSET) -> Any:
        """Reset ``item`` with the others: to ``default`` (a value, or a function of
        nothing computing it) or, when none is given, to the value it has now.

        Returns:
            ``item``, so a control can be made and added in one expression.
        """
        if default is UNSET and not callable(getattr(item, "reset", None)):
            default = item.value
        self._items.append((item, default))
        return item

    def also(self, reset: Callable[[], None]) -> None:
        """Call ``reset()`` at every reset too (for controls made as the game goes)."""
        self._items.append((_Call(reset), UNSET))

    def belong_to(self, owner: Hashable) -> bool:
        """Say what the items belong to now; when it is not what they belonged to, reset
        them (the first call only remembers: the items start at their defaults).

        Returns:
            Whether the items were reset.
        """
        if owner == self.owner:
            return False
        first = self.owner is UNSET
        self.owner = owner
        if first:
            return False
        self.reset()
        return True

    def reset(self) -> None:
        """Put every item back: ``reset()`` where it has one, else its default value."""
        for item, default in self._items:
            if default is UNSET:
                item.reset()
                continue
            value = default() if _is_function(default) else default
            if _offers(item, value) and item.value != value:
                item.value = value


class _Call:
    """A reset function as an item of a :class:`Fresh`."""

    def __init__(self, reset: Callable[[], None]) -> None:
        self.reset = reset


def first_option(choice: Any) -> Callable[[], Any]:
    """The default of a choice whose options follow the game: its first option then
    (``None`` while it offers none)."""

    def first() -> Any:
        options = list(choice.options)
        if not options:
            return None
        option = options[0]
        return option[1] if isinstance(option, tuple) else option

    return first


def _is_function(default: Any) -> bool:
    return callable(default) and not isinstance(default, (str, bytes, int, float, tuple))


def _offers(item: Any, value: Any) -> bool:
    """Whether ``item`` can take ``value``: a choice only takes one of its options."""
    options = getattr(item, "options", None)
    if options is None or value is None:
        return True
    values = [option[1] if isinstance(option, tuple) else option for option in options]
    return value in values
