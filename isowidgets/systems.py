"""The registry of game systems: how a journal finds the system that wrote it.

A system registers its :class:`~isowidgets.game.Game` subclass in two ways, and
the core names none of them:

* an **entry point** in the group ``isowidgets.systems`` of its package's
  metadata (``isolation = "isowidgets.rules.isolation:IsolationGame"`` in
  ``pyproject.toml``), so a journal of that system opens even if nothing has
  imported the system yet;
* :func:`register` (a class decorator every system's ``game.py`` applies), which
  also serves a system defined in a notebook or a test.

A journal records its system's name in its first event. Opening it looks that
name up among the registered systems and the installed entry points: the name
read from a file only ever *selects* one of those, and never becomes a module
name to import. The journal itself knows no system: this module installs the
finder it asks for a system a line names (:func:`~isowidgets.journal.kinds.find_systems_with`),
and opening a session by its system's name (:func:`open_session`) is done here.
"""

from __future__ import annotations

import contextlib
import functools
import re
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import JournalError, RuleError
from .game import Game
from .journal import Journal
from .journal.events import find_systems_with
from .words import Message

if TYPE_CHECKING:
    import os

__all__ = ["ENTRY_POINT_GROUP", "game_for", "names", "open_session", "register"]

ENTRY_POINT_GROUP = "isowidgets.systems"
"""The package entry-point group systems declare themselves in."""

_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
_REGISTERED: dict[str, type[Game[Any]]] = {}

G = TypeVar("G", bound="type[Game[Any]]")


def register(game: G) -> G:
    """Register a system's game class under its ``system`` name (a class decorator).

    Raises:
        RuleError: the class is not a Game, its name is not a short lowercase
            identifier, or another class already holds the name.
    """
    if not (isinstance(game, type) and issubclass(game, Game)):
        raise RuleError(
            "core.register_type", "register takes a Game subclass, got {got}", got=repr(game)[:80]
        )
    name = game.system
    if not isinstance(name, str) or not _NAME.fullmatch(name) or name == "core":
        raise RuleError(
            "core.system_name",
            "{game}.system must be a short lowercase identifier other than 'core' (letters, "
            "digits, _; at most 40), got {got}",
            game=game.__name__,
            got=repr(name)[:60],
        )
    held = _REGISTERED.get(name)
    if held is not None and held.__qualname__ != game.__qualname__:
        raise RuleError(
            "core.registered_already",
            "system {name} is registered already, by {held}",
            name=repr(name),
            held=held.__qualname__,
        )
    _REGISTERED[name] = game
    return game


def _installed() -> dict[str, Any]:
    return {point.name: point for point in entry_points(group=ENTRY_POINT_GROUP)}


def names() -> list[str]:
    """Every system that can be opened: registered now or installed as an entry point."""
    return sorted(set(_REGISTERED) | set(_installed()))


def game_for(name: str) -> type[Game[Any]]:
    """The game class of system ``name``, loading its installed entry point if needed.

    Raises:
        JournalError: no registered or installed system has that name.
    """
    if not isinstance(name, str):
        raise JournalError(
            "journal.system_name_type",
            "a system's name must be text, got {type}",
            type=type(name).__name__,
        )
    if name not in _REGISTERED:
        point = _installed().get(name)
        if point is not None:
            loaded = point.load()
            register(loaded)
    try:
        return _REGISTERED[name]
    except KeyError:
        shown = name if len(name) <= 60 else f"{name[:59]}…"
        raise JournalError(
            "journal.no_system",
            "no system is called {name}; the systems here are {there}. Tip: install the "
            "package that provides it (its entry point group is {group})",
            name=repr(shown),
            there=str(names()),
            group=repr(ENTRY_POINT_GROUP),
        ) from None


def open_session(path: str | os.PathLike[str], **kwargs: Any) -> Game[Any]:
    """Resume the session at ``path`` with the game class of the system that wrote it.

    Raises:
        JournalError: no journal there, or its system is not installed.
    """
    system = Journal.system_of(Path(path))
    return game_for(system).resume(path, **kwargs)


class _Finder:
    """The journal's way to the systems: load one a line names, list them all."""

    def load(self, system: str) -> None:
        with contextlib.suppress(JournalError):
            game_for(system)

    def names(self) -> list[str]:
        return names()

    def setting_words(self, name: str) -> Any | None:
        return _setting_words(name, tuple(names()))

    def title(self, system: str) -> Message | str | None:
        try:
            game = game_for(system)
        except JournalError:
            return None
        named = game.settings_type.title  # the system's name in its catalogue, if any
        return named if named is not None else str(game.title)


@functools.cache
def _setting_words(name: str, systems: tuple[str, ...]) -> Any | None:
    """The words the systems give setting ``name``: one system's, or the same from all
    that name it (``None`` when none gives words, or they differ)."""
    found: dict[Any, Any] = {}
    for system in systems:
        try:
            settings = game_for(system).settings_type
        except JournalError:
            continue
        for spec in settings.specs():
            if spec.name == name and spec.words.label is not None:
                found[(spec.words.label.key, spec.words.values)] = spec.words
    return next(iter(found.values())) if len(found) == 1 else None


find_systems_with(_Finder())
