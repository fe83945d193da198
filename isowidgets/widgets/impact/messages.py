"""The Impact table's message line: the kit's :class:`~isowidgets.widgets.messages.Messages` in the
table's words."""

from __future__ import annotations

from ...words import Message
from ..messages import Messages, said
from .views import table_words

__all__ = ["TableMessages"]


class TableMessages(Messages):
    """The kit's message line, showing the engine's errors in the table's words.

    The engine's messages also serve notebook code, so they name ids and end with a
    call to type; :func:`~.impact.views.table_words` turns them into names, and leaves the
    code out, before the table reads them. Everything else (one callback style, stale
    messages cleared on the next action or undo) is the kit's.
    """

    def error(self, text: str | Message) -> None:
        super().error(table_words(said(text, self.language)))
