"""Watch the World Die's game object: the rules of :mod:`.turns`, :mod:`.worse` and
:mod:`.relieve`, journaled.

Every public method does one thing done at the table (one click or one die): it
checks its arguments and runs one rule with :meth:`~isowidgets.game.Game.act`,
which journals what the rule adds as one action. A call the rules refuse raises
the kit's error (:class:`~isowidgets.errors.RuleError` or a subclass) and leaves
the state, the journal and the dice exactly as they were. Every die may be rolled
(``faces=None``) or typed in from the table (``faces=4``, ``faces="3 5"``).

There is no GM and there are no characters: a :class:`~isowidgets.contract.Step`'s
``actor`` is the name of the player whose turn it is (``None``: the whole table).

Public API (stable; appended to, never renamed):

* setup: ``WorldGame.new(path=None, seed=…)``, :meth:`WorldGame.begin` (players
  clockwise, ``year``, ``apocalypse``), :meth:`WorldGame.load_tables` (a designer's
  tables file), :meth:`WorldGame.stop`;
* Make It Worse: :meth:`~WorldGame.make_it_worse`, :meth:`~WorldGame.roll_cause`,
  :meth:`~WorldGame.roll_mode`, :meth:`~WorldGame.create_event` (``entry, region,
  details, target=, event_type=``), :meth:`~WorldGame.roll_chain`;
* Relieve It: :meth:`~WorldGame.relieve_it`, :meth:`~WorldGame.buy_response`
  (number or name, ``details``), :meth:`~WorldGame.finish_relief`,
  :meth:`~WorldGame.roll_year_end`;
* reading: :attr:`~WorldGame.tables`, :attr:`~WorldGame.pressure`,
  :attr:`~WorldGame.year`, :attr:`~WorldGame.current_player`,
  :attr:`~WorldGame.events_this_year`, :attr:`~WorldGame.turn` (the
  :class:`~.model.Turn` in play), :meth:`~WorldGame.event_options` (Events the
  player may pick now), :meth:`~WorldGame.chain_set` (the faces the chaining roll due
  chains on), :meth:`~WorldGame.affordable` (Responses the player may buy
  now), :meth:`~WorldGame.dying_years` (the year the Great Dying comes under a stated
  policy), :meth:`~WorldGame.great_dying_chance` (exact P of the year-end check, before
  the roll), :meth:`~WorldGame.worse_odds` (the exact distribution of one Make It
  Worse), :meth:`~WorldGame.chronicle` (per year: Events with their chains,
  Responses, Pressure after each step), :meth:`~WorldGame.pressure_timeline` (rows
  for a chart), ``next_steps()`` (what can be done, who acts), and the exports
  ``game.export(path, "chronicle-md")`` / ``"chronicle-csv"`` (``export_formats()``
  lists them; the session toolbar offers them).

A Make It Worse turn with a chain, typed dice::

    game = WorldGame.new(seed=1)
    game.begin(["Ana", "Ben", "Cy", "Dee"], year=2020, apocalypse="Climate Chaos")
    game.make_it_worse(1)                 # Climate, Pressure 1
    game.create_event("Extreme Heat/Drought", "Sahel", "the rains fail")
    game.roll_chain(2)                    # in {1,2,3,4}: an Ecosystem Event, Pressure 3
    game.create_event("Natural Disaster", "Sahel")
    game.roll_chain(6)                    # not in {2,3,4}: the chain and the turn end
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

from ... import checks
from ...contract import Beats, Export, OddsQuestion, Step, rule_method
from ...errors import RuleError
from ...game import Game
from ...journal import Entry, Event
from ...settings import RuleSettings
from ...systems import register
from . import relieve, turns, worse
from .beats import BEATS
from .chronicle import (
    Chronicle,
    KeptChronicle,
    chronicle,
    chronicle_csv,
    chronicle_markdown,
)
from .dying import DEFAULT_HORIZON, DYING_QUESTIONS, DyingYears, dying_years
from .fold import fold
from .model import Turn, WorldState
from .odds import QUESTIONS, WorseOdds, great_dying_chance, worse_distribution
from .settings import WorldSettings
from .tables import Response, Tables, load_tables
from .timeline import PressurePoint

__all__ = ["WorldGame"]


@register
class WorldGame(Game[WorldState]):
    """A game of Watch the World Die: a timeline of the apocalypse, turn by turn.

    Create it with :meth:`new() <.Opening.new>`, :meth:`.resume` or :meth:`open() <.Opening.open>`
    (from
    :class:`~isowidgets.game.Game`), then :meth:`begin`.
    """

    system: ClassVar[str] = "watch_the_world_die"
    title: ClassVar[str] = "Watch the World Die"
    settings_type: ClassVar[type[RuleSettings]] = WorldSettings
    odds_questions: ClassVar[Mapping[str, OddsQuestion]] = {**QUESTIONS, **DYING_QUESTIONS}
    beats: ClassVar[Beats[WorldState]] = BEATS
    exports: ClassVar[Mapping[str, Export]] = {
        "chronicle-md": Export(
            "Chronicle (Markdown)", "md", lambda entries: chronicle_markdown(chronicle(entries))
        ),
        "chronicle-csv": Export(
            "Chronicle (CSV)", "csv", lambda entries: chronicle_csv(chronicle(entries))
        ),
    }

    @classmethod
    def initial_state(cls, settings: WorldSettings) -> WorldState:
        return WorldState(settings)

    @classmethod
    def apply(cls, state: WorldState, event: Event) -> WorldState:
        return fold(state, event)

    @classmethod
    def steps(cls, state: WorldState) -> tuple[Step, ...]:
        """What the table can do next in ``state`` (see :func:`.turns.next_steps`)."""
        if not isinstance(state, WorldState):
            raise RuleError(
                "watch_the_world_die.steps_not_a_state",
                "steps() reads a WorldState, got {state}",
                state=checks.shown(state),
            )
        return turns.next_steps(state)

    # ------------------------------------------------------------------ reading

    @property
    def tables(self) -> Tables:
        """The tables in play (the shipped ones unless :meth:`load_tables` changed them)."""
        return self.state.tables

    @property
    def pressure(self) -> int:
        return self.state.pressure

    @property
    def year(self) -> int:
        return self.state.year

    @property
    def current_player(self) -> str | None:
        """Whose turn it is (or who plays next); ``None`` before the start or after the end."""
        return self.state.current_player

    @property
    def events_this_year(self) -> int:
        """E: the Events counted this year (WTWD-R16, WTWD-A09)."""
        return self.state.events_this_year

    @property
    def turn(self) -> Turn | None:
        """The turn in play, if any."""
        return self.state.turn

    def event_options(self) -> dict[int, tuple[str, ...]]:
        """Event type → the Events the player may pick for the Event due now (empty if none)."""
        turn = self.state.turn
        if turn is None or turn.phase != "event":
            return {}
        return {t: turns.offered_events(self.state, t) for t in turn.types}

    def chain_set(self) -> tuple[int, ...]:
        """The faces the chaining roll due now chains on (empty if none is due)."""
        turn = self.state.turn
        if turn is None or turn.phase != "chain" or turn.last_event is None:
            return ()
        return turns.chain_set_of(self.state, self.state.event(turn.last_event))

    def affordable(self) -> tuple[Response, ...]:
        """The Responses the relieving player may still buy (cost ≤ RP left); empty if none."""
        turn = self.state.turn
        if turn is None or turn.phase != "shop" or turn.rp_left is None:
            return ()
        left = turn.rp_left
        return tuple(
            r
            for r in self.state.tables.responses
            if r.cost <= left and turns.may_buy(self.state, turn, r.name)
        )

    def great_dying_chance(self, events: int | None = None) -> Fraction:
        """The exact chance that the year-end roll brings the Great Dying (T-WTWD-7), for
        ``events`` Events (by default this year's E), under the house rule in force."""
        count = self.state.events_this_year if events is None else events
        count = checks.whole(count, "events", 0, checks.MAX_COUNT)
        return great_dying_chance(count, self.state.settings.great_dying_comparison)

    def worse_odds(self) -> WorseOdds:
        """The exact distribution of what the next Make It Worse adds to Pressure and how
        many Events it creates, with these tables and house rules (the game's first move
        with The Cause's reroll on a 6)."""
        settings = self.state.settings
        return worse_distribution(
            self.state.tables,
            failed_chain_adds_pressure=settings.failed_chain_adds_pressure,
            first_move=not self.state.first_roll_made,
            cause_reroll_adds_pressure=settings.cause_reroll_adds_pressure,
            cause_reroll_pressure_value=settings.cause_reroll_pressure_value,
            cause_reroll_chains=settings.cause_reroll_chains,
        )

    def dying_years(self, relieve_at: int = 10, *, horizon: int = DEFAULT_HORIZON) -> DyingYears:
        """When the Great Dying will come, from here, if the table relieves once Pressure
        reaches ``relieve_at`` and makes it worse until then (:mod:`.dying`): the chance
        of each year, exact, with the tables and house rules in force. Between turns."""
        return dying_years(self.state, relieve_at, horizon=horizon)

    def chronicle(self) -> Chronicle:
        """The story so far, per year (folded from the journal once per action, however
        many views ask)."""
        return self._read().chronicle()

    def pressure_timeline(self) -> list[PressurePoint]:
        """Pressure after every step that changed it or made an Event, for a chart
        (read once per action, however many views ask)."""
        return list(self._read().points)

    _story: KeptChronicle | None = None

    def _read(self) -> KeptChronicle:
        """The chronicle and the Pressure timeline of the journal as it is now, kept as
        the journal grows: each action's entries are read once, however many views ask
        (the turn panel, the chronicle, the year's end and the chart), and the journal
        again only after an undo or a redo."""
        story = self._story
        if story is None:
            story = self._story = KeptChronicle()
        story.follow(self.journal)
        return story

    # ------------------------------------------------------------------ setup

    def load_tables(self, path: str | os.PathLike[str]) -> list[Entry]:
        """Play with a designer's tables file from now on (validated; journaled whole).

        Raises:
            RuleError: ``path`` is not a file path, or a turn is in play.
            SaveFileError: the file cannot be read or an entry does not fit (named).
        """
        target = checks.path(path, "a tables file's path")
        tables = load_tables(target)
        return self.act(turns.use_tables, tables, checks.shown(str(target))).entries

    begin = rule_method(turns.begin)
    stop = rule_method(turns.stop)

    # ------------------------------------------------------------------ Make It Worse

    make_it_worse = rule_method(worse.make_it_worse)
    roll_cause = rule_method(worse.roll_cause)
    roll_mode = rule_method(worse.roll_mode)
    create_event = rule_method(worse.create_event)
    roll_chain = rule_method(worse.roll_chain)

    # ------------------------------------------------------------------ Relieve It

    relieve_it = rule_method(relieve.relieve_it)
    buy_response = rule_method(relieve.buy_response)
    finish_relief = rule_method(relieve.finish_relief)
    roll_year_end = rule_method(relieve.roll_year_end)

    def __repr__(self) -> str:
        state = self.state
        if not state.begun:
            return f"<WorldGame {len(self.journal)} events; not begun>"
        end = f", over: {state.over}" if state.over else ""
        return (
            f"<WorldGame {state.year}, Pressure {state.pressure}, "
            f"{state.events_this_year} Events this year{end}>"
        )
