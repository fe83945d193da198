"""The public projection over generated sessions (hypothesis).

A random table plays the dice tray, or Impact (whose actions change the board), mixing
public and GM-only actions, undos, redos and disclosures of random action numbers
(often ones that cannot be shown). Whatever it does:

* every call acts or raises the kit's error, and a refused disclosure changes nothing;
* the public entries never hold an entry of an undisclosed GM-only action, and never an
  undo or redo that is GM-only;
* the public entries always fold with the system's fold (a viewer's board exists);
* once every GM-only action in force is disclosed, the public effective entries are the
  session's own effective entries: nothing is held back for ever;
* the game's public entries and what they hold back, kept as the journal grows (asked
  after every action, or only now and then, so that undos and disclosures arrive
  among several actions at once), are what the whole journal read again gives.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from isowidgets.errors import IsowidgetsError
from isowidgets.game import Game
from isowidgets.journal import Entry, Prepared, Retcon, effective_entries, void_actions
from isowidgets.rules.impact import ImpactGame
from isowidgets.tray import DiceTray
from isowidgets.visibility import disclosed_actions, gm_actions, hidden_actions, public_entries

Op = tuple[str, bool, int]

ops = st.lists(
    st.tuples(
        st.sampled_from(["play", "play", "play", "note", "prepare", "undo", "redo", "disclose"]),
        st.booleans(),  # GM-only
        st.integers(0, 30),  # which action to disclose / which character
    ),
    max_size=25,
)


def tray_play(game: Game[Any], n: int) -> None:
    assert isinstance(game, DiceTray)
    game.roll(f"{1 + n % 4}d6")


def impact_play(game: Game[Any], n: int) -> None:
    assert isinstance(game, ImpactGame)
    cast = [character.id for character in game.state.characters]
    if not cast or n % 5 == 0:
        game.add_pc(f"Hero {n}")
    elif n % 3 == 0:
        game.heroic_act(cast[n % len(cast)])
    else:
        game.damage(cast[n % len(cast)])


SYSTEMS: dict[str, tuple[type[Game[Any]], Callable[[Game[Any], int], None]]] = {
    "tray": (DiceTray, tray_play),
    "impact": (ImpactGame, impact_play),
}


def folds(game: Game[Any], entries: list[Entry]) -> Any:
    """The state ``entries`` fold to with the system's own fold, from a fresh start."""
    effective = effective_entries(entries)
    state = type(game).initial_state(game._start_settings(game.journal, effective[0]))
    for entry in effective[1:]:
        state = game._fold(state, entry.event)
    return state


def play(game: Game[Any], step: Callable[[Game[Any], int], None], op: Op) -> None:
    name, gm, n = op
    with game.gm_only() if gm else contextlib.nullcontext():
        if name == "play":
            step(game, n)
        elif name == "note":
            game.note(f"note {n}")
        elif name == "prepare":
            game.prepare(f"value {n}", n)
        elif name == "undo":
            game.undo()
        elif name == "redo":
            game.redo()
        else:
            before = game.journal.entries
            try:
                game.disclose(n)
            except IsowidgetsError:
                assert game.journal.entries == before
                raise


def check(game: Game[Any]) -> None:
    entries = list(game.journal.entries)
    public = game.public_entries()
    hidden = hidden_actions(entries)
    assert not any(entry.action in hidden for entry in public)
    assert not any(entry.gm and isinstance(entry.event, Retcon) for entry in public)
    folds(game, public)


@pytest.mark.parametrize("system", sorted(SYSTEMS))
@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(script=ops)
def test_the_public_entries_hide_what_they_must_and_always_fold(
    system: str, script: list[Op]
) -> None:
    cls, step = SYSTEMS[system]
    game = cls.new(None, seed=1)
    for op in script:
        with contextlib.suppress(IsowidgetsError):
            play(game, step, op)
        check(game)
    # Show the table everything that can be shown: nothing stays held for ever.
    entries = list(game.journal.entries)
    void = game.journal.void_actions()
    for action in sorted(hidden_actions(entries)):
        first = game.journal.action_events(action)[0]
        if action not in void and not isinstance(first, Retcon):
            game.disclose(action)
    entries = list(game.journal.entries)
    assert hidden_actions(entries) <= void | {e.action for e in entries if e.kind == "retcon"}
    assert disclosed_actions(entries) >= {e.action for e in effective_entries(entries) if e.gm}
    public = game.public_entries()
    assert effective_entries(public) == effective_entries(entries)
    assert folds(game, public) == game.state


def held_from_scratch(game: Game[Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What is held back and what Show to table discloses, from the whole journal read
    again: the actions not public, less undone ones, undos and redos, and prepared
    values kept secret; those of them that are GM-only."""
    entries = list(game.journal.entries)
    if not gm_actions(entries):
        return (), ()
    shown = {entry.action for entry in public_entries(entries, aside=type(game).aside)}
    void, hidden = void_actions(entries), hidden_actions(entries)
    by_action: dict[int, list[Any]] = {}
    for entry in entries:
        by_action.setdefault(entry.action, []).append(entry.event)
    held = [
        action
        for action, events in by_action.items()
        if action not in shown
        and action not in void
        and not isinstance(events[0], Retcon)
        and not (action in hidden and all(isinstance(e, Prepared) for e in events))
    ]
    return tuple(held), tuple(action for action in held if action in hidden)


@pytest.mark.parametrize("system", sorted(SYSTEMS))
@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(script=ops, looks=st.lists(st.booleans(), max_size=25))
def test_what_is_kept_as_the_journal_grows_is_what_the_whole_journal_gives(
    system: str, script: list[Op], looks: list[bool]
) -> None:
    cls, step = SYSTEMS[system]
    game = cls.new(None, seed=1)
    for n, op in enumerate(script):
        with contextlib.suppress(IsowidgetsError):
            play(game, step, op)
        if n < len(looks) and looks[n]:
            entries = list(game.journal.entries)
            assert game.public_entries() == public_entries(entries, aside=cls.aside)
            assert (game.held_back(), game._held()[1]) == held_from_scratch(game)
    entries = list(game.journal.entries)
    assert game.public_entries() == public_entries(entries, aside=cls.aside)
    held, show = held_from_scratch(game)
    assert game.held_back() == held
    shown = game.show_to_table()
    assert [entry.event.action for entry in shown] == list(show)
    assert game.held_back() == held_from_scratch(game)[0] == ()
