"""The session log with its own export buttons, as the Isolation and Impact tables use it.

A :class:`~.log.LogView` (paged, saying how much it shows) plus CSV/JSON/Markdown
export buttons and a message line. A panel with a :class:`~.toolbar.SessionToolbar`
(which exports too) embeds a :class:`~.log.LogView` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..game import Game
from .css import style
from .log import COLUMNS, LogView
from .messages import Messages

__all__ = ["JournalTable"]


class JournalTable(widgets.VBox):  # type: ignore[misc]
    """The session log as a table that follows the game, with CSV/JSON/Markdown export.

    Children, in order: the kit's CSS, the :class:`~.log.LogView`, the export buttons
    (CSV, JSON, Markdown) and the message line.

    Args:
        game: the game whose journal is shown.
        rows: how many events a page of the log shows.
        export_dir: where the export buttons write files.
        kinds: show only these event kinds (all when ``None``).
    """

    COLUMNS = COLUMNS

    def __init__(
        self,
        game: Game[Any],
        *,
        rows: int = 12,
        export_dir: str | Path = "exports",
        kinds: Sequence[str] | None = None,
    ) -> None:
        self.game = game
        self.log_view = LogView(game, rows=rows, kinds=kinds)
        self.rows = self.log_view.rows
        self.kinds = self.log_view.kinds
        self.export_dir = Path(export_dir)
        self.table = self.log_view.table
        self.messages = Messages(game)
        buttons = []
        for fmt in ("csv", "json", "md"):
            button = widgets.Button(description=f"Export {fmt.upper()}", icon="download")
            button.add_class(f"iw-export-{fmt}")
            button.on_click(self._exporter(fmt))
            buttons.append(button)
        super().__init__([style(), self.log_view, widgets.HBox(buttons), self.messages])
        self.add_class("iw-journal")
        self.add_class("iw-kit")

    def _exporter(self, fmt: str) -> Callable[[Any], None]:
        def export(_button: Any) -> None:
            self.export_dir.mkdir(parents=True, exist_ok=True)
            stem = self.game.journal.path.stem if self.game.journal.path else self.game.system
            language = getattr(self.log_view.say, "language", "en")
            path = self.game.journal.export(self.export_dir / f"{stem}.{fmt}", language=language)
            count = len(self.game.journal)
            if count == 1:
                self.messages.info(self.log_view.say("kit.exported.one_event", path=path))
            else:
                self.messages.info(self.log_view.say("kit.exported.events", count=count, path=path))

        return self.messages.handler(export, clear=False)

    def frame(self) -> Any:
        frame = self.game.log()
        if self.kinds is not None:
            frame = frame[frame["kind"].isin(self.kinds)]
        return frame

    def tail(self) -> list[dict[str, Any]]:
        """The events shown, newest first (see :meth:`.log.LogView.tail`)."""
        return self.log_view.tail()

    def refresh(self) -> None:
        self.log_view.refresh()

    def close(self) -> None:
        for part in ("log_view", "messages"):
            if hasattr(self, part):
                getattr(self, part).close()
        super().close()
