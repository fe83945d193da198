"""What a viewer may see of a session: the public projection of its journal.

A GM marks an action GM-only (:meth:`Game.gm_only <isowidgets.game.Game.gm_only>`,
``note(..., gm_only=True)``, :meth:`Game.prepare <isowidgets.game.Game.prepare>`); the
journal keeps it whole (``Entry.gm``), so the GM's notebook, undo and ``verify`` see
everything. A stream view or a public export shows only :func:`public_entries`:

* a public entry is kept, and so is a GM-only one once a :class:`~isowidgets.journal.Disclosed`
  in force names its action;
* an undisclosed GM-only action is left out;
* what follows only from it is **held**: once an undisclosed GM-only action that is in
  force has changed the game's state, every later action that changes state is held
  back too (the board after it is built on a change the table has not seen), until
  that action is disclosed (or undone);
* an *aside* action (every event of it of a kind in ``aside``: a note, a prepared
  value, a disclosure, the seed's reveal, a tray roll) changes nothing later actions
  build on, so it never causes a hold and is never held.

So the public entries always fold to a consistent state: their effective entries are
a prefix of the session's state-changing actions plus asides. The projection is a
pure function of the entries: a second process following the journal file
(``Journal.read(path).entries``) computes exactly what the GM's kernel does.

What it does **not** hide: the journal file on disk holds everything, and once the
seed is revealed anyone can recompute every random roll, GM-only ones included.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .journal import (
    Disclosed,
    Entry,
    Event,
    Note,
    Prepared,
    Retcon,
    Rolled,
    SeedRevealed,
    void_actions,
)

__all__ = [
    "ASIDE",
    "disclosed_actions",
    "gm_actions",
    "hidden_actions",
    "public_entries",
]

ASIDE: frozenset[type[Event]] = frozenset({Note, Prepared, Disclosed, SeedRevealed, Rolled})
"""The core's aside kinds: events no game folds into its state (a note, a prepared
value, a disclosure, the seed's reveal, a tray roll). A system adds its own in
``Game.aside``."""


def gm_actions(entries: Iterable[Entry]) -> set[int]:
    """The actions of ``entries`` marked GM-only."""
    return {entry.action for entry in entries if entry.gm}


def disclosed_actions(entries: Sequence[Entry]) -> set[int]:
    """The actions a :class:`~isowidgets.journal.Disclosed` in force shows to the table
    (an undone disclosure shows nothing)."""
    void = void_actions(entries)
    return {
        entry.event.action
        for entry in entries
        if isinstance(entry.event, Disclosed) and entry.action not in void
    }


def hidden_actions(entries: Sequence[Entry]) -> set[int]:
    """The GM-only actions of ``entries`` not disclosed: what a viewer never sees."""
    return gm_actions(entries) - disclosed_actions(entries)


def public_entries(
    entries: Sequence[Entry], *, aside: Iterable[type[Event]] = ASIDE
) -> list[Entry]:
    """The entries a viewer may see, in order (see the module docstring).

    Retcons are kept when the action they take back is kept, so
    :func:`~isowidgets.journal.effective_entries` of the result is the state a viewer
    may know, and a log of the result strikes what was undone.

    Args:
        entries: a journal's entries, all of them (``journal.entries``).
        aside: the event types that change nothing later actions build on
            (``type(game).aside``: :data:`ASIDE` and the system's own).
    """
    aside = tuple(aside)
    void = void_actions(entries)
    hidden = hidden_actions(entries)
    by_action: dict[int, list[Entry]] = {}
    for entry in entries:
        by_action.setdefault(entry.action, []).append(entry)

    def is_aside(action: int) -> bool:
        return all(isinstance(entry.event, aside) for entry in by_action[action])

    shown: set[int] = set()
    held = False
    for action, group in by_action.items():
        retcon = group[0].event if isinstance(group[0].event, Retcon) else None
        if action in hidden:
            if retcon is None and action not in void and not is_aside(action):
                held = True  # the state from here on is built on what the table has not seen
            continue
        if held and not is_aside(action):
            continue
        if retcon is not None and retcon.action not in shown:
            continue  # the undo of something the table never saw
        if any(isinstance(e.event, Disclosed) and e.event.action not in shown for e in group):
            continue  # shows an action that is still held
        shown.add(action)
    return [entry for entry in entries if entry.action in shown]
