"""The year-end check: Events this year, the exact chance of the Great Dying, the 2d6.

``5 Events this year: the Great Dying comes on a 2d6 roll lower than 5.
Chance: 6/36 = 16.7%``  ``[Roll the year end]  2d6 [3 4  ] [Enter faces]``

The chance is the engine's
(:meth:`~.WorldGame.great_dying_chance`, exact,
under the house rule in force), shown before the roll; after it, the verdict, and
at the Great Dying who narrates how humanity ends.

Below it, on request (worked out exactly in well under a second), **when the
Great Dying comes** under the relieve-at-k policy the table picks
(:meth:`~.WorldGame.dying_years`): ``Great Dying
this year 9.0% · by 2023 32.3% · by 2029 62.9% · half of such worlds end by 2027``,
redrawn between turns.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ...errors import IsowidgetsError
from ...rules.watch_the_world_die import WorldGame
from ...rules.watch_the_world_die.dying import MAX_RELIEVE_AT
from ..dice_entry import DiceEntry
from ..panel import Panel
from ..toggle import PressToggle
from .messages import WorldMessages
from .views import chance_html

__all__ = ["YearEndCheck"]


class YearEndCheck(Panel):
    """The roll that ends a year: its odds first, then the dice, then what it meant.

    Args:
        game: the game to play.
        messages: the table's message line (a panel of its own when ``None``).

    Attributes:
        chance: E and the exact chance of the Great Dying (``iw-wtwd-chance-view``).
        entry: the kit's dice entry for the 2d6 (``iw-roll-year-end``…).
        verdict: what the last year-end roll meant, and the end of the game.
        forecast: the toggle that shows when the Great Dying comes
            (``iw-wtwd-forecast-toggle``, ``aria-expanded``), the policy's Pressure
            (``iw-wtwd-forecast-k``) and the line itself (``iw-wtwd-forecast``).
    """

    game: WorldGame

    def __init__(self, game: WorldGame, *, messages: WorldMessages | None = None) -> None:
        self.messages = messages if messages is not None else WorldMessages(game)
        self.chance = widgets.HTML()
        self.chance.add_class("iw-wtwd-chance-view")
        self.entry = DiceEntry(
            self._roll,
            key="year-end",
            roll_label="Roll the year end",
            enter_label="Enter faces",
            faces_label="2d6",
            placeholder="two d6, e.g. 3 4",
            empty_hint="type the two faces first, e.g. 3 4",
        )
        self.verdict = widgets.HTML()
        self.verdict.add_class("iw-wtwd-verdict-view")
        self.forecast = PressToggle(
            "When does the Great Dying come?",
            mode="expand",
            on_label="Hide when the Great Dying comes",
            tooltip="work out the chance of each year under the policy chosen",
        )
        self.forecast.add_class("iw-wtwd-forecast-toggle")
        self.relieve_at = widgets.Dropdown(
            options=[(str(k), k) for k in range(1, MAX_RELIEVE_AT + 1)],
            value=10,
            description="Relieve It once Pressure reaches",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.relieve_at.add_class("iw-wtwd-forecast-k")
        self.forecast_line = widgets.HTML()
        self.forecast_line.add_class("iw-wtwd-forecast")
        for control in (self.forecast, self.relieve_at):
            control.observe(lambda _change: self.messages.run(self.refresh), names="value")
        row = widgets.HBox(
            [self.forecast, self.relieve_at], layout=widgets.Layout(flex_flow="row wrap")
        )
        super().__init__(game, [self.chance, self.entry, self.verdict, row, self.forecast_line])
        self.add_class("iw-wtwd-year-end")
        self._due = False
        self.refresh()
        self.follow(lambda _entries, _state: self.messages.run(self._update))

    def _update(self) -> None:
        """Redraw; when the check has just fallen due, its faces box takes the focus (the
        shop's controls it came from are switched off)."""
        was_due = self._due
        self.refresh()
        if self._due and not was_due:
            self.entry.faces.focus()

    def _roll(self, faces: str | None) -> Any:
        self.messages.clear()
        return self.game.roll_year_end(faces)

    def refresh(self) -> None:
        """Draw the odds (while the check is due, or the year so far), the entry and the end."""
        game = self.game
        state = game.state
        due = "roll_year_end" in {step.action for step in game.next_steps()}
        self._due = due
        self.entry.belong_to(state.year)  # the 2d6 of this year's end
        self.entry.disabled = not due
        # The dice only when the check is due: otherwise the odds so far say when it comes.
        display = None if due else "none"
        if self.entry.layout.display != display:
            self.entry.layout.display = display
        lower = "lower than" if state.settings.great_dying_comparison == "lt" else "of at most"
        events = state.events_this_year
        if due:
            self.chance.value = chance_html(events, game.great_dying_chance(), lower=lower)
        elif state.begun and state.over is None:
            self.chance.value = (
                f"<div>The year ends when a Relieve It spends every RP. "
                f"{chance_html(events, game.great_dying_chance(), lower=lower)}</div>"
            )
        else:
            self.chance.value = ""
        story = game.chronicle()
        ended = [year for year in story.years if year.outcome]
        if state.over is not None:
            self.verdict.value = (
                f'<div class="iw-wtwd-verdict" role="status">✖ {html.escape(story.ending_text)}'
                "</div>"
            )
        elif ended:
            last = ended[-1]
            self.verdict.value = (
                f'<div role="status">Last year end ({last.year}): {html.escape(last.outcome)}.'
                "</div>"
            )
        else:
            self.verdict.value = ""
        self.forecast_line.value = self._forecast() if self.forecast.value else ""
        self.forecast_line.layout.display = None if self.forecast.value else "none"
        self.relieve_at.disabled = not self.forecast.value

    def _forecast(self) -> str:
        """When the Great Dying comes under the policy, in words (between turns)."""
        game = self.game
        state = game.state
        if not state.begun or state.over is not None:
            return ""
        if state.turn is not None and not self._due:
            return "<div><em>Worked out again when this turn ends.</em></div>"
        try:
            years = game.dying_years(int(self.relieve_at.value))
        except IsowidgetsError as error:
            return f'<div role="status">{html.escape(str(error))}</div>'
        now = state.year
        step = state.settings.year_step
        parts = [f"Great Dying this year {years.by(now):.1%}"]
        for ahead in (3, 9):
            year = now + ahead * step
            if year in years.years:
                parts.append(f"by {year} {years.by(year):.1%}")
        median = years.median()
        parts.append(
            f"half of such worlds end by {median}"
            if median is not None
            else "most such worlds outlast the years shown"
        )
        return (
            f'<div role="status">{html.escape(" · ".join(parts))}<br>'
            f"<small>If the table plays: {html.escape(years.policy())}.</small></div>"
        )
