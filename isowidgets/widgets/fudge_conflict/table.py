"""The whole table of the Danish Fudge-dice conflict system, in English or Danish.

:class:`FudgeTable` composes the panels and adds the table-wide parts:

* the **language switch** (``Language · Sprog``; English by default): every word of
  the table changes in place, nothing else does (the dice typed, the log's page,
  the plot's points stay);
* the kit's :class:`~isowidgets.widgets.toolbar.SessionToolbar` (undo, redo, a note,
  export) and one :class:`~isowidgets.widgets.messages.Messages` line;
* the **character sheets** beside the panel in use, a tab each for the **conflict**,
  the **assistance chain** and **let it hurt** (the table turns to that tab when a
  player lets it hurt);
* the **plot of damage over rounds**, the paged **session log**, and the rules'
  **glossary** (Danish term, English label) behind one line.

Every part follows the game, so a call made in a notebook cell shows on the table
just as a click does.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ...journal import Entry
from ...rules.fudge_conflict import FudgeGame
from ..gm import HeldBack
from ..i18n import LANGUAGE_NAMES, Labels, LanguageSwitch
from ..log import LogView
from ..messages import Messages
from ..panel import Panel
from ..spoken import Spoken
from ..stay_in_view import StayInView
from ..toolbar import SessionToolbar
from .chain import ChainPanel
from .conflict import ConflictPanel
from .hurt import RoundPanel
from .labels import CATALOGUE, GLOSSARY
from .sheets import FightBoard, SheetsView
from .timeline import DamageTimeline
from .views import FUDGE_CSS

__all__ = ["TABS", "FudgeTable", "glossary_html"]

TABS = ("table.conflict", "table.chain", "table.lih")
"""The label keys of the play tabs, in order."""


def glossary_html(labels: Labels) -> str:
    """The rules' glossary as a two-column table behind its one-line title: the Danish
    term and its English label, whatever the table speaks, each column (and its head,
    the language's own name) marked with its ``lang``."""
    rows = "".join(
        f'<tr><td lang="da">{html.escape(labels.catalogue.text("da", key))}</td>'
        f'<td lang="en">{html.escape(labels.catalogue.text("en", key))}</td></tr>'
        for key in GLOSSARY
    )
    return (
        f"<details><summary>{html.escape(labels('table.glossary'))}</summary>"
        '<table class="iw-fudge-glossary"><thead><tr>'
        f'<th scope="col" lang="da">{LANGUAGE_NAMES["da"]}</th>'
        f'<th scope="col" lang="en">{LANGUAGE_NAMES["en"]}</th>'
        f"</tr></thead><tbody>{rows}</tbody></table></details>"
    )


class FudgeTable(Panel):
    """Everything a table needs to play the Danish Fudge-dice conflict system.

    Args:
        game: the :class:`~.FudgeGame` to play.
        language: ``"en"`` (the default) or ``"da"``.
        export_dir: where the toolbar's **Export log** writes.
        log_rows: how many journal events a page of the session log shows.

    Attributes:
        labels: the table's :class:`~isowidgets.widgets.i18n.Labels`;
            :meth:`set_language` switches them.
        language: the :class:`~isowidgets.widgets.i18n.LanguageSwitch` (``iw-language``).
        sheets: the :class:`~.sheets.SheetsView`.
        conflict_panel, chain_panel, round_panel: the three play panels.
        tabs: the tab bar over them (``iw-fudge-tabs``).
        plot: the :class:`~.timeline.DamageTimeline`.
        toolbar, log_view, messages: the kit's toolbar, log and message line.
        spoken: marks the table's root with the language it speaks (its ``lang``, for
            screen readers), switched with the table.
    """

    game: FudgeGame

    def __init__(
        self,
        game: FudgeGame,
        *,
        language: str = "en",
        export_dir: str | Path = "exports",
        log_rows: int = 10,
    ) -> None:
        self.labels = labels = Labels(CATALOGUE, language)
        self.messages = labels.bind_kit(Messages(game))
        self.top_slot = Messages.slot()
        """The message line's place under the toolbar (the toolbar's own actions say
        there; a panel's controls move it beside themselves)."""
        self.messages.show_in(self.top_slot, home=True)
        self.language = LanguageSwitch(labels)
        self.toolbar = labels.bind_kit(
            SessionToolbar(game, messages=self.messages, export_dir=export_dir, key="fudge")
        )
        self.toolbar.export_format.style.description_width = "initial"  # "Eksportér som"
        self.sheets = SheetsView(labels, game.state)
        self.board = FightBoard(labels, game.state)
        self.conflict_panel = ConflictPanel(game, labels, self.messages, self.sheets)
        self.chain_panel = ChainPanel(game, labels, self.messages, self.sheets)
        self.round_panel = RoundPanel(game, labels, self.messages, self.sheets)
        self.conflict_panel.focus_round = self.round_panel.focus_first
        self.tabs = widgets.Tab([self.conflict_panel, self.chain_panel, self.round_panel])
        self.tabs.add_class("iw-fudge-tabs")
        self.plot = DamageTimeline(game, labels)
        self.log_view = labels.bind_kit(LogView(game, rows=log_rows))
        self.title = widgets.HTML()
        self.glossary = widgets.HTML()
        self.glossary.add_class("iw-fudge-glossary-view")
        self._headings: list[tuple[widgets.HTML, str]] = []
        self.spoken = Spoken(labels.language, ".iw-fudge-table")
        sheets_column = widgets.VBox([self.board, self._heading("table.characters"), self.sheets])
        sheets_column.add_class("iw-fudge-sheets")
        self.held = labels.bind_kit(HeldBack(game, key="fudge"))
        play_column = widgets.VBox([self.held, self.tabs])
        play_column.add_class("iw-fudge-play")
        main = widgets.Box([sheets_column, play_column])
        main.add_class("iw-fudge-main")
        top = widgets.HBox([self.title, self.language], layout=widgets.Layout(flex_flow="row wrap"))
        top.add_class("iw-fudge-top")
        super().__init__(
            game,
            [
                widgets.HTML(FUDGE_CSS, layout=widgets.Layout(height="0px", overflow="hidden")),
                top,
                self.toolbar,
                self.top_slot,
                main,
                self._heading("table.plot"),
                self.plot.figure,
                self._heading("table.log"),
                self.log_view,
                self.glossary,
                # The damage of those in play stays in view beside the panel in use.
                StayInView(selector=".iw-fudge-board", within=".iw-fudge-main"),
                self.spoken,
            ],
        )
        self.add_class("iw-fudge-table")
        labels.on_switch(self._relabel)
        self._relabel()
        self.follow(self._on_actions)

    # ------------------------------------------------------------------ language

    def set_language(self, language: str) -> None:
        """Speak ``language`` (``"en"`` or ``"da"``): every word changes in place."""
        self.labels.set_language(language)

    def _heading(self, key: str) -> widgets.HTML:
        heading = widgets.HTML()
        heading.add_class("iw-section-title")
        self._headings.append((heading, key))
        return heading

    def _relabel(self) -> None:
        labels = self.labels
        self.title.value = f'<div class="iw-title">{html.escape(labels("table.title"))}</div>'
        for heading, key in self._headings:
            heading.value = f'<div class="iw-title">{html.escape(labels(key))}</div>'
        self.tabs.titles = tuple(labels(key) for key in TABS)
        self.glossary.value = glossary_html(labels)
        self.spoken.language = labels.language

    # ------------------------------------------------------------------ following

    def _on_actions(self, entries: Sequence[Entry], state: Any) -> None:
        def update() -> None:
            self.sheets.refresh(state)
            self.board.refresh(state)
            self.conflict_panel.refresh(state)
            self.chain_panel.refresh(state)
            self.round_panel.refresh(state)
            self.plot.refresh()
            if any(entry.kind == "hurt_started" for entry in entries):
                self.tabs.selected_index = TABS.index("table.lih")

        self.messages.run(update, clear=False)

    def close(self) -> None:
        for part in (
            "sheets",
            "board",
            "conflict_panel",
            "chain_panel",
            "round_panel",
            "log_view",
            "toolbar",
            "messages",
            "held",
        ):
            if hasattr(self, part):
                getattr(self, part).close()
        super().close()
