"""Watch the World Die invariants over generated games (hypothesis state machine).

A random table plays whatever ``next_steps()`` offers, with random (often out of
range) faces, entries, regions and Responses, under random house rules, and
sometimes calls a method that is not offered. Whatever it does:

* every call either acts or raises the kit's error, and a refused call leaves the
  state, the journal and the dice exactly as they were;
* Pressure is never negative; no chain passes the session's safety cap (a small one
  here, so it is reached);
* a relief spends at least 1 RP, never more than it had, and under the default
  ``replace`` the points left become Pressure;
* the Events counted per year in the chronicle match the state's, and a year ends
  only when every RP is spent;
* the journal replays to the very same state.
"""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from isowidgets.dice import Limits
from isowidgets.errors import IsowidgetsError
from isowidgets.rules.watch_the_world_die import ReliefFinished, WorldGame, WorldSettings

CAP = 4

world_settings = st.builds(
    WorldSettings,
    first_move_six=st.sampled_from(["cause_reroll_global", "cause_only_if_type"]),
    cause_reroll_adds_pressure=st.booleans(),
    cause_reroll_pressure_value=st.sampled_from(["as_read", "raw"]),
    cause_reroll_chains=st.booleans(),
    chain_type_source=st.sampled_from(["roll", "player_choice"]),
    failed_chain_adds_pressure=st.booleans(),
    escalation_chains_as_target=st.booleans(),
    max_chain_length=st.none() | st.integers(1, 6),
    relieve_pressure_mode=st.sampled_from(["replace", "subtract_spent", "min"]),
    new_year_pressure=st.sampled_from(["zero", "carry"]),
    year_step=st.integers(1, 3),
    count_chained_events=st.booleans(),
    great_dying_comparison=st.sampled_from(["lt", "le"]),
    allow_duplicate_responses=st.booleans(),
    allow_duplicate_events=st.booleans(),
    event_mode_enabled=st.booleans(),
    max_years=st.none() | st.integers(1, 4),
)

faces = st.one_of(
    st.none(), st.integers(1, 6), st.integers(1, 6), st.integers(-1, 8), st.sampled_from(["6", "x"])
)
pair = st.one_of(
    st.none(),
    st.lists(st.integers(1, 6), min_size=2, max_size=2),
    st.lists(st.integers(0, 7), min_size=0, max_size=3),
)
METHODS = [
    "make_it_worse",
    "roll_cause",
    "roll_mode",
    "create_event",
    "roll_chain",
    "relieve_it",
    "buy_response",
    "finish_relief",
    "roll_year_end",
]


class WorldTable(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.path = Path(self.folder.name) / "world.jsonl"
        self.game: WorldGame

    @initialize(rules=world_settings, players=st.integers(1, 4), typed=st.booleans())
    def start(self, rules: WorldSettings, players: int, typed: bool) -> None:
        self.game = WorldGame.new(
            self.path, seed=7, settings=rules, limits=Limits(max_explosions=CAP)
        )
        names = ["Ana", "Ben", "Cy", "Dee"][:players]
        self.game.begin(names, year=2020, apocalypse="Alien Invasion" if typed else None)

    def _call(self, method: str, *args: Any, **kwargs: Any) -> None:
        game = self.game
        before = (game.state, list(game.journal.entries), game.dice.state())
        try:
            getattr(game, method)(*args, **kwargs)
        except IsowidgetsError:
            assert (game.state, list(game.journal.entries), game.dice.state()) == before
            return

    def _offered(self) -> dict[str, Any]:
        return {step.action: step for step in self.game.next_steps()}

    @precondition(lambda self: self.game.state.over is None)
    @rule(data=st.data())
    def play_an_offered_step(self, data: st.DataObject) -> None:
        steps = self._offered()
        action = data.draw(st.sampled_from(sorted(a for a in steps if a != "stop")))
        if action in ("make_it_worse", "roll_cause", "roll_mode", "roll_chain"):
            self._call(action, data.draw(faces))
        elif action in ("relieve_it", "roll_year_end"):
            self._call(action, data.draw(pair))
        elif action == "create_event":
            options = steps[action].options
            entry = data.draw(
                st.one_of(st.sampled_from(options), st.sampled_from(options), st.just("The Cause"))
            )
            events = [e.id for e in self.game.state.events]
            special = entry in ("Spreading", "Snowballing")
            target = data.draw(st.sampled_from(events or ["event-1"])) if special else None
            region = data.draw(st.sampled_from(["Peru", "Atlantis", "Peru", ""]))
            self._call(action, entry, region, target=target)
        elif action == "buy_response":
            options = steps[action].options
            self._call(action, data.draw(st.sampled_from(options or ("x",)) | st.integers(0, 30)))
        else:
            self._call(action)

    @precondition(lambda self: self.game.state.over is None)
    @rule(data=st.data())
    def play_on(self, data: st.DataObject) -> None:
        """Progress weighs more than mistakes: a second rule that plays what is offered."""
        self.play_an_offered_step(data)

    @rule(method=st.sampled_from(METHODS), value=faces)
    def call_anything(self, method: str, value: Any) -> None:
        args = {"create_event": ("Power Grid", "Texas"), "buy_response": (value,)}.get(
            method, (value,)
        )
        if method == "finish_relief":
            args = ()
        self._call(method, *args)

    @precondition(lambda self: bool(self.game.state.events) or self.game.state.turn is not None)
    @rule()
    def undo(self) -> None:
        self._call("undo")

    @invariant()
    def pressure_is_never_negative(self) -> None:
        assert self.game.state.pressure >= 0

    @invariant()
    def no_chain_passes_the_cap(self) -> None:
        turn = self.game.state.turn
        assert turn is None or turn.chain <= CAP

    @invariant()
    def reliefs_spend_at_least_one_and_replace_pressure(self) -> None:
        for entry in self.game.journal.effective():
            event = entry.event
            if isinstance(event, ReliefFinished):
                assert event.spent >= 1 and event.rp_left >= 0
                if self.game.settings.relieve_pressure_mode == "replace":
                    assert event.pressure_after == event.rp_left
        turn = self.game.state.turn
        if turn is not None and turn.rp_left is not None:
            assert turn.rp_left >= 0 and turn.spent == (turn.rp or 0) - turn.rp_left

    @invariant()
    def the_chronicle_counts_what_the_state_counts(self) -> None:
        state = self.game.state
        story = self.game.chronicle()
        assert sum(y.events for y in story.years) == sum(e.counted for e in state.events)
        if story.years and state.over is None and state.begun:
            current = [y for y in story.years if y.year == state.year and not y.outcome]
            assert sum(y.events for y in current) == state.events_this_year

    def teardown(self) -> None:
        with contextlib.suppress(AttributeError):
            again = WorldGame.resume(self.path)
            assert again.state == self.game.state
            again.journal.close()
            self.game.journal.close()
        self.folder.cleanup()


WorldTable.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_world_table = WorldTable.TestCase
