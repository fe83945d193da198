"""The Watch the World Die table's message line: the kit's
:class:`~isowidgets.widgets.messages.Messages`
in the table's words."""

from __future__ import annotations

from ...rules.watch_the_world_die import WorldGame
from ...words import Message
from ..messages import Messages, said
from .views import table_words

__all__ = ["WorldMessages"]


class WorldMessages(Messages):
    """The kit's message line, naming Events as the table does.

    The engine's messages name Events by id (``event-3``) for notebook code; at the
    table :func:`~.watch_the_world_die.views.table_words` puts the Event's name in its place.
    Everything else (one callback style, stale messages cleared on the next action or undo) is
    the kit's.
    """

    def __init__(self, game: WorldGame) -> None:
        super().__init__(game)
        self.world = game

    def error(self, text: str | Message) -> None:
        super().error(table_words(self.world.state, said(text, self.language)))
