"""The designers' odds lab: one question of any system under two readings, side by side.

A designer weighing a house rule wants to see what it does to the odds across the
pools a table actually rolls, not at one point. :func:`sweep` asks a system's odds
question (``Game.odds_questions``, answered exactly by the system's ``odds.py``) for
every size of a grid under each reading, and returns a long pandas table;
:func:`side_by_side` turns it into one row per size with the readings next to each
other. :class:`OddsLab` is the same as a panel to click through: a system, a
question, a setting and two of its values, a progress bar while the grid is swept,
then the table and a plotly chart (outcome by colour *and* marker, reading by line
style, so no difference is carried by colour alone).

Nothing here computes odds: every number comes from ``Game.ask_odds``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import pandas as pd
from plotly.colors import qualitative

from .. import checks
from ..errors import RuleError
from ..game import Game
from ..settings import SettingSpec
from ..systems import game_for, names
from ..words import Number, msg
from .css import style
from .figure import figure_class
from .keyboard import KeepKeys
from .messages import Messages
from .numbers import percent
from .panel import SavedText, wrap_row
from .settings_editor import value_words
from .timeline import MODEBAR

__all__ = ["OddsLab", "questions", "side_by_side", "sweep", "two_readings"]

MAX_SIZES = 200
"""The most sizes one sweep asks about (every answer is quick; this keeps a sweep so)."""

MAX_READINGS = 8
"""The most readings one sweep compares."""

_SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "cross", "star", "hexagon")
_COLOURS = qualitative.Safe  # one colour per outcome (with its marker): a colour-blind-safe set
_DASHES = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot", "5px,2px", "2px,5px")


def _asking() -> dict[str, type[Game[Any]]]:
    """Every installed system that asks at least one odds question, by name."""
    return {name: game for name in names() if (game := game_for(name)).odds_questions}


def questions() -> pd.DataFrame:
    """Every odds question of every installed system: what it asks, over what, and
    which settings it reads (a table to choose from)."""
    rows = [
        {
            "system": name,
            "title": game.title,
            "question": key,
            "asks": asked.said()[0],
            "size": asked.said()[1],
            "sizes": f"{min(asked.sizes)}–{max(asked.sizes)}",
            "settings read": ", ".join(asked.settings),
        }
        for name, game in _asking().items()
        for key, asked in game.odds_questions.items()
    ]
    return pd.DataFrame(rows)


_SYSTEM = msg("odds.what.system", "a system that asks odds")
_QUESTION = msg("odds.what.question", "an odds question")


def sweep(
    system: str,
    question: str,
    readings: Mapping[str, Mapping[str, Any]],
    sizes: Sequence[int] | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Ask ``question`` of ``system`` for every size under every reading.

    Args:
        system: a system's name (``"fudge_conflict"``).
        question: one of its ``odds_questions``.
        readings: a label for each reading → the settings it changes from the
            defaults (``{"as written": {}, "three worst": {"penalty_keep_mode":
            "three_worst"}}``).
        sizes: the grid (the question's own by default).
        progress: called as ``progress(done, total)`` after each answer (a progress bar).

    Returns:
        One row per reading, size and outcome: ``reading``, ``size``, ``outcome``,
        ``probability``, in the question's order of outcomes.

    Raises:
        RuleError: an unknown system or question, a size out of the question's range,
            no readings or too many, or a grid that is empty or too long.
        SettingsError: a reading that changes a setting the system lacks, or to a value
            it cannot take (checked for every reading before any is asked).
    """
    checks.keywords(options, "sweep()", ["progress"])
    progress: Callable[[int, int], Any] | None = options.get("progress")
    chosen = checks.choice(system, _SYSTEM, list(_asking()))
    game = game_for(chosen)
    name = checks.choice(question, _QUESTION, list(game.odds_questions))
    asked = game.odds_questions[name]
    grid = list(asked.sizes) if sizes is None else list(checks.ordered(sizes, "sizes"))
    if not 1 <= len(grid) <= MAX_SIZES:
        raise RuleError(
            "odds.sweep.sizes",
            "a sweep asks about 1 to {most} sizes, got {got}",
            most=MAX_SIZES,
            got=Number(len(grid)),
        )
    a_size = msg("odds.what.size", "a size ({size})", size=asked.size)
    grid = [checks.whole(size, a_size, asked.low, asked.high) for size in grid]
    repeated = sorted({size for size in grid if grid.count(size) > 1})
    if repeated:
        raise RuleError(
            "odds.sweep.repeated",
            "a sweep asks each size once; repeated: {repeated}",
            repeated=checks.received(repeated, 60),
        )
    pairs = checks.mapping(readings, "readings", most=MAX_READINGS)
    if not pairs:
        raise RuleError(
            "odds.sweep.no_readings",
            "a sweep compares 1 to {most} readings, got none",
            most=MAX_READINGS,
        )
    settings = {}
    for label, changes in pairs:
        label = checks.text(label, msg("odds.what.reading_label", "a reading's label"))
        if label in settings:
            raise RuleError(
                "odds.sweep.same_label",
                "two readings are labelled {label}: give each reading its own label",
                label=repr(label),
            )
        changed = dict(
            checks.mapping(
                changes, msg("odds.what.reading", "the reading {label}", label=repr(label))
            )
        )
        for key in changed:
            game.settings_type.check_name(key)
        settings[label] = game.settings_type().updated(**changed)
    if progress is not None:
        checks.function(progress, "progress")
    rows = []
    total, done = len(grid) * len(settings), 0
    for label, reading in settings.items():
        for size in grid:
            for outcome, p in game.ask_odds(name, size, reading).items():
                rows.append({"reading": label, "size": size, "outcome": outcome, "probability": p})
            done += 1
            if progress is not None:
                progress(done, total)
    return pd.DataFrame(rows, columns=["reading", "size", "outcome", "probability"])


def side_by_side(frame: pd.DataFrame) -> pd.DataFrame:
    """A :func:`sweep` as one row per size, each outcome's readings next to each other
    (an outcome a reading cannot predict, such as a GM's call, is left blank)."""
    if not isinstance(frame, pd.DataFrame) or list(frame.columns) != [
        "reading",
        "size",
        "outcome",
        "probability",
    ]:
        raise RuleError(
            "odds.side_by_side",
            "side_by_side needs a sweep's table, got {got}",
            got=checks.received(frame, 80),
        )
    outcomes = list(dict.fromkeys(frame["outcome"]))
    readings = list(dict.fromkeys(frame["reading"]))
    wide = frame.pivot_table(
        index="size", columns=["outcome", "reading"], values="probability", sort=False
    )
    order = [(o, r) for o in outcomes for r in readings]  # a missing pair stays, blank
    return wide.reindex(columns=pd.MultiIndex.from_tuples(order, names=["outcome", "reading"]))


def _values(spec: SettingSpec) -> list[Any]:
    """The values a lab offers for one setting (a whole number: a window round its default)."""
    if spec.kind == "flag":
        return [True, False]
    if spec.kind == "choice":
        return [*([None] if spec.optional else []), *spec.choices]
    if spec.kind == "whole":
        start = spec.default if spec.default is not None else max(spec.low, 0)
        low = max(spec.low, start - 6)
        return [*([None] if spec.optional else []), *range(low, min(spec.high, low + 12) + 1)]
    return []


def _other(spec: SettingSpec) -> Any:
    """The value compared with the default: the next choice, or the nearest other number."""
    others = [value for value in _values(spec) if value != spec.default]
    if spec.kind == "whole" and spec.default is not None:
        others.sort(key=lambda v: (v is None, abs((v or 0) - spec.default)))
    return others[0] if others else spec.default


def _label(spec: SettingSpec, value: Any) -> str:
    return f"{spec.name.replace('_', ' ')} = {value_words(spec, value)}"


def two_readings(system: str, question: str) -> dict[str, dict[str, Any]]:
    """The default against one other value of the first setting ``question`` reads, labelled
    in words: the comparison the lab starts with, for a quick survey of every question.

    Raises:
        RuleError: an unknown system or question, or a question that reads no setting.
    """
    chosen = checks.choice(system, _SYSTEM, list(_asking()))
    game = game_for(chosen)
    name = checks.choice(question, _QUESTION, list(game.odds_questions))
    read = game.odds_questions[name].settings
    if not read:
        raise RuleError(
            "odds.no_setting",
            "the {question} question of {system} reads no setting to compare",
            question=repr(name),
            system=chosen,
        )
    spec = next(s for s in game.settings_type.specs() if s.name == read[0])
    other = _other(spec)
    return {_label(spec, spec.default): {}, _label(spec, other): {spec.name: other}}


class OddsLab(SavedText, widgets.VBox):  # type: ignore[misc]
    """Pick a system, a question, a setting and two of its values; sweep; compare.

    Args:
        system: the system to start with (the first that asks odds by default).
        question: its question to start with (its first by default).
        setting: the setting to compare (the first the question reads by default).

    Attributes:
        system, question, setting, first, second: the dropdowns.
        start, stop: the grid's first and last size.
        compare_button: runs :meth:`compare`.
        progress: the sweep's progress bar; ``status`` says how far it is in words.
        table: the side-by-side table (HTML); ``figure`` the chart (a FigureWidget).
        frame: the last sweep's long table (``None`` before the first).
        messages: where a refusal is shown.

    Raises:
        RuleError: an unknown system, question or setting.
    """

    def __init__(
        self,
        system: str | None = None,
        question: str | None = None,
        setting: str | None = None,
        **unknown: Any,
    ) -> None:
        checks.keywords(unknown, "OddsLab", ["system", "question", "setting"])
        asking = _asking()
        system = next(iter(asking)) if system is None else system
        system = checks.choice(system, _SYSTEM, list(asking))
        self.frame: pd.DataFrame | None = None
        self._busy = False
        self.messages = Messages()
        self.system = widgets.Dropdown(
            options=[(game.title, name) for name, game in asking.items()],
            value=system,
            description="System",
            layout={"width": "auto"},
        )
        self.question = widgets.Dropdown(description="Question", layout={"width": "auto"})
        self.setting = widgets.Dropdown(description="Setting", layout={"width": "auto"})
        self.first = widgets.Dropdown(description="Reading A")
        self.second = widgets.Dropdown(description="Reading B")
        self.start = widgets.BoundedIntText(description="Sizes from")
        self.stop = widgets.BoundedIntText(description="to")
        self.compare_button = widgets.Button(
            description="Compare", tooltip="sweep the grid under both readings"
        )
        self.compare_button.add_class("iw-lab-compare")
        self.progress = widgets.IntProgress(description="Sweep", min=0, max=1, value=0)
        self.status = widgets.Label("not swept yet")
        self.table = widgets.HTML()
        self.table.add_class("iw-lab-table")
        self.figure = figure_class()(
            layout={"height": 380, "margin": {"t": 40, "r": 40}, "modebar": MODEBAR}
        )
        self._fill_questions()
        if question is not None:
            self.question.value = checks.choice(
                question, _QUESTION, [v for _, v in self.question.options]
            )
            self._fill_settings()
        if setting is not None:
            self.setting.value = checks.choice(
                setting,
                msg("odds.what.setting", "a setting to compare"),
                [v for _, v in self.setting.options],
            )
            self._fill_values()
        self.system.observe(lambda _c: self._fill_questions(), names="value")
        self.question.observe(lambda _c: self._fill_settings(), names="value")
        self.setting.observe(lambda _c: self._fill_values(), names="value")
        self.compare_button.on_click(self.messages.handler(lambda _b: self.compare()))
        children = [
            style(),
            KeepKeys(),
            widgets.HBox([self.system, self.question], layout=wrap_row()),
            widgets.HBox([self.setting], layout=wrap_row()),
            widgets.HBox([self.first, self.second], layout=wrap_row()),
            widgets.HBox([self.start, self.stop, self.compare_button], layout=wrap_row()),
            widgets.HBox([self.progress, self.status], layout=wrap_row()),
            self.messages,
            self.table,
            self.figure,
        ]
        super().__init__(children)
        self.add_class("iw-panel")
        self.add_class("iw-odds-lab")

    def __repr__(self) -> str:
        return f"OddsLab({self.system.value!r}, {self.question.value!r}, {self.setting.value!r})"

    # ------------------------------------------------------------------ choices

    def _game(self) -> type[Game[Any]]:
        return game_for(self.system.value)

    def _fill_questions(self) -> None:
        game = self._game()
        self.question.options = [
            (asked.said()[0], key) for key, asked in game.odds_questions.items()
        ]
        self.question.value = next(iter(game.odds_questions))
        self._fill_settings()

    def _fill_settings(self) -> None:
        """Offer the settings the question reads, and only those: a setting it never reads
        would give two identical columns."""
        game = self._game()
        asked = game.odds_questions[self.question.value]
        specs = [spec for spec in game.settings_type.specs() if _values(spec)]
        read = [spec for spec in specs if spec.name in asked.settings]
        self._clear_results()
        self.setting.options = [
            (f"{spec.ref} · {spec.name.replace('_', ' ')}" if spec.ref else spec.name, spec.name)
            for spec in read
        ]
        nothing = not read
        for control in (self.setting, self.first, self.second, self.compare_button):
            control.disabled = nothing
        if nothing:
            self.first.options = self.second.options = []
            self.status.value = "this question reads no house rule: nothing to compare"
            return
        self.setting.value = read[0].name
        for box in (self.start, self.stop):
            box.min, box.max = asked.low, asked.high
        self.start.value, self.stop.value = min(asked.sizes), max(asked.sizes)
        self._fill_values()

    def _fill_values(self) -> None:
        if self.setting.value is None:
            return
        self._clear_results()
        game = self._game()
        spec = next(s for s in game.settings_type.specs() if s.name == self.setting.value)
        options = [(value_words(spec, value), value) for value in _values(spec)]
        self.first.options = options
        self.second.options = options
        self.first.value = spec.default
        self.second.value = _other(spec)

    def _clear_results(self) -> None:
        """The last sweep's table and chart go: they answered another choice."""
        self.frame = None
        if self.table.value:
            self.table.value = ""
        if self.figure.data:
            self.figure.data = []
        self.progress.value = 0
        self.status.value = "not swept yet"

    # ------------------------------------------------------------------ sweeping

    def readings(self) -> dict[str, dict[str, Any]]:
        """The two readings chosen, labelled by their values in words (``three worst``)."""
        game = self._game()
        spec = next(s for s in game.settings_type.specs() if s.name == self.setting.value)
        if self.first.value == self.second.value:
            raise RuleError(
                "odds.same_readings",
                "Reading A and Reading B are both {value}: pick two different values to compare",
                value=repr(value_words(spec, self.first.value)),
            )
        # The values alone: the setting is named in its dropdown, and the table stays narrow.
        return {value_words(spec, v): {spec.name: v} for v in (self.first.value, self.second.value)}

    def compare(self) -> pd.DataFrame:
        """Sweep the grid under both readings, moving the progress bar; show the table
        and the chart.

        Raises:
            RuleError: the grid is empty (from after to), or too long.
            SettingsError: a reading the settings cannot take (a cross-setting limit).
        """
        self._clear_results()  # a refused sweep leaves no answer of an earlier choice
        if self.stop.value < self.start.value:
            raise RuleError(
                "odds.sizes_backwards",
                "the sizes run from {start} to {stop}: nothing to sweep; set 'to' at or above "
                "'from'",
                start=str(self.start.value),
                stop=str(self.stop.value),
            )
        sizes = list(range(self.start.value, self.stop.value + 1))
        readings = self.readings()
        self.progress.max = max(1, len(sizes) * len(readings))
        self.progress.value = 0

        def moved(done: int, total: int) -> None:
            self.progress.value = done
            self.status.value = f"{done} of {total} answers"

        frame = sweep(self.system.value, self.question.value, readings, sizes, progress=moved)
        self.frame = frame
        self._draw(frame)
        return frame

    def _draw(self, frame: pd.DataFrame) -> None:
        asked = self._game().odds_questions[self.question.value]
        wide = side_by_side(frame)
        table = wide.to_html(float_format=percent, na_rep="—", index_names=False)
        # Every header cell says something (axe: no empty table header): the corner names
        # what the rows and the two header rows are.
        title, size = asked.said()
        corners = (f"outcome → · {size} ↓", "reading →")
        for corner in corners:
            table = table.replace("<th></th>", f'<th scope="col">{html.escape(corner)}</th>', 1)
        said = f"Rows: {html.escape(size)}; columns: each outcome under each reading."
        self.table.value = (
            f'<p class="iw-lab-caption">{said}</p><div class="iw-lab-scroll">{table}</div>'
        )
        outcomes = list(dict.fromkeys(frame["outcome"]))
        readings = list(dict.fromkeys(frame["reading"]))
        with self.figure.batch_update():
            self.figure.data = []
            for o, outcome in enumerate(outcomes):
                colour = _COLOURS[o % len(_COLOURS)]
                for r, reading in enumerate(readings):
                    part = frame[(frame["outcome"] == outcome) & (frame["reading"] == reading)]
                    if part.empty:
                        continue
                    self.figure.add_scatter(
                        x=part["size"],
                        y=part["probability"],
                        name=f"{outcome} · {reading}",
                        mode="lines+markers",
                        marker={"symbol": _SYMBOLS[o % len(_SYMBOLS)], "size": 8, "color": colour},
                        line={"dash": _DASHES[r % len(_DASHES)], "color": colour},
                        legendgroup=outcome,
                    )
            self.figure.layout.title = html.escape(title)
            self.figure.layout.xaxis.title = size
            self.figure.layout.yaxis.title = "probability"
            self.figure.layout.yaxis.tickformat = ".0%"
            # Room for the whole legend beside the chart, however many lines it lists.
            groups = len(outcomes)
            self.figure.layout.legend.tracegroupgap = 6
            self.figure.layout.height = max(380, 140 + 21 * len(self.figure.data) + 6 * groups)
