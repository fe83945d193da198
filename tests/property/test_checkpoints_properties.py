"""Checkpoints answer exactly what a fold from the start answers, whatever is asked in
whatever order: runs that grow, shrink, branch and are looked into at random, with any
spacing, and with the cache thrown away at random moments."""

from __future__ import annotations

from datetime import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from isowidgets.checkpoints import Checkpoints
from isowidgets.journal import Entry, Note

AT = datetime(2024, 1, 1)
POOL = [Entry(n, n, True, AT, Note(text=f"n{n % 7}")) for n in range(1, 60)]
"""Entries to build runs from; several carry equal events (n0…n6), as copies do."""


def fold(state: tuple[str, ...], entry: Entry) -> tuple[str, ...]:
    return (*state, entry.event.text)  # type: ignore[attr-defined]


def folded(run: list[Entry]) -> tuple[str, ...]:
    state: tuple[str, ...] = ()
    for entry in run:
        state = fold(state, entry)
    return state


runs = st.lists(st.sampled_from(POOL), max_size=40)
steps = st.lists(
    st.one_of(
        st.tuples(st.just("extend"), runs),
        st.tuples(st.just("follow"), st.integers(0, 40), runs),
        st.tuples(st.just("look"), st.integers(0, 40), runs),
        st.tuples(st.just("clear")),
    ),
    max_size=12,
)


@settings(max_examples=300)
@given(every=st.integers(1, 9), steps=steps)
def test_checkpoints_fold_as_a_fold_from_the_start(every: int, steps: list[tuple]) -> None:  # type: ignore[type-arg]
    checkpoints: Checkpoints[tuple[str, ...]] = Checkpoints((), fold, every=every)
    spine: list[Entry] = []
    for step in steps:
        if step[0] == "extend":
            spine += step[1]
            assert checkpoints.extend(step[1]) == folded(spine)
        elif step[0] == "follow":  # keep some of the spine, then go elsewhere
            spine = spine[: step[1]] + step[2]
            assert checkpoints.follow(spine) == folded(spine)
        elif step[0] == "look":
            run = spine[: step[1]] + step[2]
            assert checkpoints.state_of(run) == folded(run)
        else:
            checkpoints.clear()
        assert checkpoints.state == folded(spine)
        assert list(checkpoints.entries) == spine
        assert all(p % every == 0 for p in checkpoints.positions)
