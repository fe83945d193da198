"""Invariants of the Isolation engine over generated sessions (hypothesis).

Random sequences of table actions (valid ones, and plenty of invalid ones) are
driven through :class:`IsolationGame`. Each action must either apply, or be
refused with the kit's own error and leave state, journal and dice exactly as
they were. A refusal is a :class:`RuleError` (or another non-journal
``IsowidgetsError``); an :class:`InconsistentEventError` (the fold's re-check
found an event the rules made that does not fit the state) or any other
``JournalError`` is an engine bug, never a valid refusal, and fails the test.
After every applied action the map and the scenario obey the rules' invariants,
every event it committed reads back from its journal line as the same event, a
conflict in progress always offers a next step (a click-through panel never gets
stuck), and the journal replays to the same state, also strictly: every event
checked against what the rules would make on its state (``isolation_replay``),
which the engine's own fold, checking ids and order only, leaves to this tier.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from isolation_replay import strict_check, strict_replay

from isowidgets.errors import InconsistentEventError, IsowidgetsError, JournalError, RuleError
from isowidgets.journal import Entry
from isowidgets.rules.isolation import STANCES, IsolationGame, IsolationSettings, next_steps
from isowidgets.rules.isolation.events import (
    LinkAdded,
    LinkRemoved,
    StanceChosen,
    StressChanged,
)

NAMES = ("alice", "bob", "eve", "dan", "zed")  # zed never exists
NOT_IDS = (None, 7, ("bob",))  # never a character id, whatever the conflict
MODES = ("persuade_all", "subset", "alone", "direct", "sideways")


def build(path: Path, settings: IsolationSettings) -> IsolationGame:
    game = IsolationGame.new(path, seed=11, settings=settings)
    for name in ("Alice", "Bob", "Eve", "Dan"):
        game.add_character(
            name,
            profession="Job",
            positive=["Kind", "Quick", "Calm"],
            negative=["Vain", "Rude", "Lazy"],
            bias="Bias",
            goal="Goal",
            kind="boat_NPC" if name == "Dan" else "PC",
        )
    game.add_descriptor_link("alice", "Kind", "bob", "Rude", "green")
    game.add_descriptor_link("alice", "Vain", "bob", "Vain", "red")
    game.add_bias_links("eve", "bob")
    game.add_goal_links("alice", "eve", "same")
    game.add_goal_links("dan", "bob", "opposed")
    return game


def faces_strategy() -> st.SearchStrategy[object]:
    return st.one_of(
        st.none(),
        st.lists(st.integers(1, 6), max_size=8),
        st.lists(st.integers(0, 7), max_size=4),
        st.sampled_from(["2 4 6 2", "1 1 3", "x", ""]),
    )


def draw_factors(data: st.DataObject) -> dict[str, object]:
    """Modifier judgements for one character, right for some roles and wrong for others."""
    n = data.draw(st.integers(-1, 3))
    return data.draw(
        st.sampled_from(
            [{"profession": True, "roleplay": n}, {"extra_red": n}, {"extra_green": n}, {}]
        )
    )


def draw_action(data: st.DataObject, game: IsolationGame):
    """One table action as (label, thunk), its arguments drawn with the state in view."""
    who = data.draw(st.sampled_from(NAMES))
    other = data.draw(st.sampled_from(NAMES))
    c = game.conflict
    link_ids = [x.id for x in game.state.links] + ["L999"]
    kind = data.draw(
        st.sampled_from(
            [
                *["advance"] * 12,
                "propose",
                "propose",
                "propose",
                "roll",
                "roll",
                "roll_ready",
                "roll_ready",
                "roll_ready",
                "stance",
                "stance",
                "stance",
                "difficulty",
                "difficulty",
                "downgrade",
                "resolve",
                "resolve",
                "resolve",
                "wounds",
                "wounds",
                "cancel",
                "add_link",
                "remove_link",
                "stress",
                "kill",
                "end",
                "begin",
                "pair",
                "outcome",
                "threat",
                "factors",
                "hostile",
                "place",
                "add_character",
                "settings",
                "undo",
                "relabel",
                "edit",
            ]
        )
    )
    living = [x.id for x in game.state.living]
    if kind == "advance" and c is not None:
        return kind, advance(data, game)
    if kind == "advance":
        kind = "propose"
    if kind == "propose" and living and data.draw(st.integers(0, 3)) < 3:
        ap = data.draw(st.sampled_from(living))
        others = [x for x in living if x != ap]
        mode = data.draw(st.sampled_from(MODES[:4]))
        kwargs = {"mode": mode, "physical": data.draw(st.booleans()), "force_roll": True}
        if mode == "subset" and others:
            kwargs["pps"] = data.draw(st.lists(st.sampled_from(others), min_size=1, unique=True))
        if mode == "alone" and data.draw(st.booleans()):
            kwargs["difficulty"] = data.draw(st.integers(1, 6))  # else set by a next step
        if mode == "direct" and others:
            kwargs["target"] = data.draw(st.sampled_from(others))
            if data.draw(st.booleans()):
                kwargs["pps"] = []  # acting directly and alone (ISO-A28)
        if data.draw(st.integers(0, 3)) == 0:
            keyed = data.draw(st.sampled_from([ap, *others, *NOT_IDS]))
            kwargs["factors"] = {keyed: draw_factors(data)}
        return kind, lambda: game.propose(ap, "act", **kwargs)
    if kind == "propose":
        mode = data.draw(st.sampled_from(MODES))
        kwargs = {
            "mode": mode,
            "physical": data.draw(st.booleans()),
            "force_roll": data.draw(st.booleans()),
        }
        if mode in ("subset", "direct") or data.draw(st.booleans()):
            kwargs["pps"] = data.draw(st.lists(st.sampled_from(NAMES), max_size=3, unique=True))
        if mode == "direct" or data.draw(st.integers(0, 9)) == 9:
            kwargs["target"] = other
        if mode == "alone" or data.draw(st.integers(0, 4)) == 4:
            kwargs["difficulty"] = data.draw(st.integers(0, 7))
        if data.draw(st.booleans()):
            keyed = data.draw(st.sampled_from([who, who, *NOT_IDS]))
            kwargs["factors"] = {keyed: draw_factors(data)}
        return kind, lambda: game.propose(who, data.draw(st.sampled_from(["act", ""])), **kwargs)
    if kind == "roll":
        if c is not None and data.draw(st.booleans()):
            ready = list(game.plan().ready()) if not c.automatic else []
            if ready:
                unit = data.draw(st.sampled_from(ready))
                faces = data.draw(st.one_of(st.none(), st.just(" ".join(["2"] * unit.count))))
                return kind, lambda: game.roll(unit.who, unit.colour, faces)
        colour = data.draw(st.sampled_from(["green", "red", "blue"]))
        faces = data.draw(faces_strategy())
        return kind, lambda: game.roll(who if who != "zed" else "GM", colour, faces)
    if kind == "roll_ready":
        return kind, lambda: game.roll_ready()
    if kind == "stance":
        pp = data.draw(st.sampled_from(list(c.pps) or ["bob"])) if c else who
        stance = data.draw(st.sampled_from([*STANCES, "Friendly"]))
        if c is not None and c.first is not None and pp in c.pps and data.draw(st.booleans()):
            stance = data.draw(st.sampled_from(c.first.reading(pp).allowed))
        return kind, lambda: game.choose_stance(pp, stance)
    if kind == "difficulty":
        d = data.draw(
            st.one_of(st.integers(1, 6), st.integers(0, 7), st.sampled_from(["Hard", "Meh"]))
        )
        return kind, lambda: game.set_difficulty(d)
    if kind == "downgrade":
        target = data.draw(st.sampled_from(list(c.defaulted) or [who])) if c else who
        return kind, lambda: game.downgrade(target)
    if kind == "resolve":
        return kind, lambda: game.resolve()
    if kind == "wounds":
        pool = list(c.wound_pool) if c else [who]
        left = c.wounds_left if c else 1
        split = data.draw(st.lists(st.integers(0, 3), min_size=len(pool), max_size=len(pool)))
        if split and data.draw(st.booleans()):
            split = [0] * len(pool)
            for i in range(left):
                split[i % len(pool)] += 1
        return kind, lambda: game.assign_wounds(dict(zip(pool, split, strict=False)))
    if kind == "cancel":
        return kind, lambda: game.cancel_conflict(data.draw(st.sampled_from(["oops", ""])))
    if kind == "add_link":
        colour = data.draw(st.sampled_from(["green", "red", "purple"]))
        label = data.draw(st.sampled_from(["", "", "Shared a meal"]))
        return kind, lambda: game.add_link(who, other, colour, label)
    if kind == "remove_link":
        lid = data.draw(st.sampled_from(link_ids))
        return kind, lambda: game.remove_link(lid)
    if kind == "relabel":
        lid = data.draw(st.sampled_from(link_ids))
        return kind, lambda: game.relabel_link(lid, data.draw(st.sampled_from(["New", ""])))
    if kind == "edit":
        return kind, lambda: game.edit_character(who, goal=data.draw(st.sampled_from(["G", ""])))
    if kind == "stress":
        delta = data.draw(st.integers(-4, 4))
        return kind, lambda: game.adjust_stress(delta, "event")
    if kind == "kill":
        return kind, lambda: game.kill(who, "the threat")
    if kind == "end":
        return kind, lambda: game.end_session()
    if kind == "begin":
        return kind, lambda: game.begin_session()
    if kind == "pair":
        gf, rf = data.draw(faces_strategy()), data.draw(faces_strategy())
        return kind, lambda: game.pair_roll(who, other, green_faces=gf, red_faces=rf)
    if kind == "outcome":
        outcome = data.draw(
            st.sampled_from(["erase_red", "add_green", "erase_green", "add_red", "nothing"])
        )
        lid = data.draw(st.sampled_from(link_ids))
        label = data.draw(st.sampled_from(["", "Bonded over chess"]))
        return kind, lambda: game.choose_pair_outcome(outcome, link_id=lid, label=label)
    if kind == "threat":
        return kind, lambda: game.set_threat(data.draw(st.booleans()))
    if kind == "factors":
        values = data.draw(
            st.dictionaries(
                st.sampled_from(["profession", "goal_against", "roleplay", "extra_red"]),
                st.one_of(st.booleans(), st.integers(-1, 2)),
                max_size=2,
            )
        )
        keyed = data.draw(st.sampled_from([who, who, who, *NOT_IDS]))
        return kind, lambda: game.set_factors(keyed, **values)
    if kind == "hostile":
        return kind, lambda: game.declare_hostile(who)
    if kind == "place":
        pairs = data.draw(
            st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES)), max_size=3)
        )
        return kind, lambda: game.place_death_greens(who, pairs)
    if kind == "add_character":
        return kind, lambda: game.add_character("Newt", profession="p", bias="b", goal="g")
    if kind == "settings":
        change = data.draw(
            st.sampled_from(
                [
                    {"dying_first": False},
                    {"death_green_remainder": "random"},
                    {"stress_min": 1},
                    {"stress_max": 1},
                    {"stress_max": None},
                    {"allow_late_characters": True},
                    {"no_red_links_free_cooperation": False},
                    {"max_explosions_per_pool": 1},
                    {"direct_alone_green_dice": "modifiers_only"},
                    {"temp_links_include_defaulted_neutrals": True},
                    {"alone_own_red_cancels": False},
                ]
            )
        )
        return kind, lambda: game.change_settings(**change)
    return kind, lambda: game.undo()


def advance(data: st.DataObject, game: IsolationGame):
    """The next step a click-through panel would offer, with a drawn choice."""
    offered = game.next_steps()
    assert offered, f"a conflict in progress offers no next step: {game.conflict}"
    steps = [s for s in offered if s.required] or offered
    step = steps[0]
    c = game.conflict
    assert c is not None
    if step.action == "roll":
        typed = data.draw(st.booleans())
        unit = game.plan().unit(step.actor, step.options[0])
        faces = " ".join(data.draw(st.sampled_from("2345")) for _ in range(unit.count))
        return lambda: game.roll(step.actor, step.options[0], faces if typed else None)
    if step.action == "choose_stance":
        stance = data.draw(st.sampled_from(step.options))
        return lambda: game.choose_stance(step.actor, stance)
    if step.action == "set_difficulty":
        return lambda: game.set_difficulty(data.draw(st.integers(1, 6)))
    if step.action == "downgrade":
        return lambda: game.downgrade(step.actor)
    if step.action == "assign_wounds":
        split = dict.fromkeys(c.wound_pool, 0)
        for i in range(c.wounds_left):
            split[c.wound_pool[i % len(c.wound_pool)]] += 1
        return lambda: game.assign_wounds(split)
    return lambda: game.resolve()


def check_invariants(game: IsolationGame) -> None:
    state = game.state
    # A conflict in progress always offers something to do: a panel never gets stuck.
    if state.conflict is not None:
        assert next_steps(state), f"stuck conflict: {state.conflict}"
    # Stress lies within the bounds in force, also right after they change (ISO-A18).
    s = state.settings
    assert s.stress_min <= state.stress
    assert s.stress_max is None or state.stress <= s.stress_max
    # Cancellation never leaves both colours of unlabeled links on one pair (ISO-R33).
    for _pair, links in state.pairs():
        colours = {x.colour for x in links if not x.labeled}
        assert len(colours) <= 1
    # The dead have no links at all, red in particular (ISO-R44).
    for character in state.characters:
        if not character.alive:
            assert not state.links_of(character.id)
    # Stances never move up (ISO-R14), unless the zero-red-links exception applies.
    for c in (state.conflict, state.last_conflict):
        if c is None or c.first is None:
            continue
        for pp, stance in c.stances:
            reading = c.first.reading(pp)
            assert stance in reading.allowed
            if not reading.free:
                assert STANCES.index(stance) >= STANCES.index(reading.rolled)


def snapshot(game: IsolationGame):
    return game.state, len(game.journal), game.dice.state()


@pytest.mark.rule("ISO-R14", "ISO-R33", "ISO-R36", "ISO-R44", "ISO-A18")
@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), stress_min=st.sampled_from([0, 0, 1]))
def test_actions_apply_or_raise_our_error_and_replay(data, stress_min, reopen):
    """Any action applies or is refused with IsowidgetsError, state, journal and dice
    unchanged (an InconsistentEventError or other JournalError fails: an engine bug);
    the number of links changes exactly as the events say; invariants hold; and the
    journal replays (Game.resume on the file, and a rebuild from effective events)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "session.jsonl"
        game = build(
            path, IsolationSettings(stress_min=stress_min, stress_start=max(1, stress_min))
        )
        for _ in range(data.draw(st.integers(5, 35))):
            kind, act = draw_action(data, game)
            before_state, before_len, before_dice = snapshot(game)
            before_links = len(game.state.links)
            try:
                act()
            except InconsistentEventError as exc:
                # The rules made an event their own fold refuses (e.g. a Stress change
                # below the floor): an engine bug, never a refusal of a bad request.
                pytest.fail(f"{kind}: the rules made an event that does not fit: {exc}")
            except JournalError as exc:
                # An event that does not journal or replay; the session file is never at
                # fault here, so this too is a bug.
                pytest.fail(f"{kind}: an engine bug, not a refusal: {exc}")
            except IsowidgetsError:
                assert game.state is before_state, kind
                assert len(game.journal) == before_len, kind
                assert game.dice.state() == before_dice, kind
                continue
            new = game.journal.entries[before_len:]
            for entry in new:
                # Whatever was committed reads back from its journal line unchanged.
                assert Entry.from_line(entry.to_line()).event == entry.event, entry.kind
            if kind != "undo":
                # Each event is what the rules make on the state it lands on (strictly
                # checked: the pool plan, the stances read, the Stress step...).
                state = before_state
                for entry in new:
                    strict_check(state, entry.event)
                    state = game._fold(state, entry.event)
                assert state == game.state, kind
                added = sum(isinstance(e.event, LinkAdded) for e in new)
                removed = sum(isinstance(e.event, LinkRemoved) for e in new)
                assert len(game.state.links) == before_links + added - removed, kind
            floor = game.settings.stress_min
            for entry in new:
                if isinstance(entry.event, StressChanged):
                    # Stress never goes below its floor (ISO-R36, ISO-A18).
                    assert entry.event.new >= min(floor, entry.event.old)
                if isinstance(entry.event, StanceChosen):
                    chosen = entry.event
                    assert chosen.stance in chosen.allowed
            check_invariants(game)
        assert game._rebuild() == game.state
        assert strict_replay(game) == game.state
        assert reopen(game, path)[0] == game.state


@pytest.mark.rule("ISO-R14", "ISO-A07")
@settings(max_examples=60, deadline=None)
@given(
    bob_green=st.lists(st.integers(1, 5), min_size=3, max_size=3),
    bob_red=st.lists(st.integers(2, 6), min_size=1, max_size=1),
    alice=st.lists(st.integers(2, 5), min_size=3, max_size=3),
    eve=st.lists(st.integers(2, 5), min_size=3, max_size=3),
    choice=st.sampled_from(STANCES),
)
def test_stances_never_move_up(bob_green, bob_red, alice, eve, choice):
    """ISO-R14: whatever the dice, a stance above the rolled one is refused, unless the PP
    and the AP share no red link (ISO-A07)."""
    game = IsolationGame.new(seed=0, settings=IsolationSettings(stress_start=0))
    for name in ("Alice", "Bob", "Eve"):
        game.add_character(name, profession="p", bias="b", goal="g")
    game.add_link("alice", "bob", "green", "Old friends")
    game.add_link("alice", "bob", "green", "Neighbours")
    game.add_link("alice", "bob", "red", "Debt")
    game.add_link("eve", "bob", "green", "Cousins")
    game.propose("bob", "board up", force_roll=True)
    game.roll("bob", "green", bob_green)
    game.roll("bob", "red", bob_red)
    game.roll("alice", "green", alice[:2])
    game.roll("alice", "red", alice[2:])
    game.roll("eve", "green", eve[:1])
    if game.conflict.stance_of("alice") is None:
        reading = game.conflict.first.reading("alice")
        try:
            game.choose_stance("alice", choice)
        except RuleError:  # refused by the rules; an InconsistentEventError would be a bug
            assert STANCES.index(choice) < STANCES.index(reading.rolled)
        else:
            assert STANCES.index(choice) >= STANCES.index(reading.rolled)
    eve_reading = game.conflict.first.reading("eve")
    assert eve_reading.free and eve_reading.allowed == STANCES  # no red links with Bob


@pytest.mark.rule("ISO-R34", "ISO-R35", "ISO-R36", "ISO-A18")
@settings(max_examples=100, deadline=None)
@given(
    floor=st.integers(0, 2),
    ceiling=st.one_of(st.none(), st.integers(3, 6)),
    deltas=st.lists(st.integers(-3, 3).filter(bool), max_size=30),
    results=st.lists(st.sampled_from(["2 2 2 2", "3 3 3 3 3", "2 3"]), max_size=3),
)
def test_stress_stays_within_floor_and_ceiling(floor, ceiling, deltas, results):
    """ISO-R34..R36, ISO-A18: GM adjustments and results never push Stress past its bounds."""
    rules = IsolationSettings(stress_min=floor, stress_max=ceiling, stress_start=max(1, floor))
    game = IsolationGame.new(seed=1, settings=rules)
    game.add_character("Ann", profession="p", bias="b", goal="g")
    game.add_character("Ben", profession="p", bias="b", goal="g")
    for delta in deltas:
        game.adjust_stress(delta, "event")
        assert floor <= game.stress <= (ceiling if ceiling is not None else 10**6)
    for gm in results:
        if game.stress == 0:
            break
        count = 1 + 2 + game.stress
        faces = (gm.split() * count)[:count]
        game.run_conflict(
            "ann",
            "go",
            mode="alone",
            difficulty=1,
            faces={
                "ann": {"green": "2", "red": " ".join(["4"] * game.stress)},
                "GM": " ".join(faces),
            },
        )
        assert floor <= game.stress <= (ceiling if ceiling is not None else 10**6)
