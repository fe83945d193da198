"""The rule text's farmhouse as rules played on an action: its state, or a game's actions.

The text never gives the whole map, only what its examples need: Bob and Alice
share 2 green links and 1 red, Bob and Eve 1 green and 2 red; one of Bob and
Alice's greens is labeled with "Flirtatious" and one of Bob and Eve's reds
with "Jealous". The stats below are invented to fit those links (ISO-R08).

:func:`boarding_cast` and :func:`newcomers_cast` are rules like any other: a game
runs them (:mod:`examples <.isolation.examples>`, one journal action per character, link and Stress
Level, as if each were clicked), and the exact odds play them on an action of their
own to get the example's state (:func:`boarding_state`) without a game or a journal.
"""

from __future__ import annotations

from ...contract import Action
from ...dice import Dice
from . import characters, links, stress
from .fold import fold
from .model import Colour, IsolationState
from .settings import IsolationSettings

__all__ = ["FULL_HOUSE_LINKS", "boarding_cast", "boarding_state", "newcomers_cast"]

_PARTY = (
    (
        "Alice",
        "Nurse",
        ["Flirtatious", "Compassionate", "Quick"],
        ["Nosy", "Impatient", "Vain"],
        "Mistrustful of Academic Types",
        "Get her brother out alive",
    ),
    (
        "Bob",
        "Carpenter",
        ["Charming", "Handy", "Brave"],
        ["Stubborn", "Loud-Mouthed", "Arrogant"],
        "Upper Class Snob",
        "Hold the house until rescue",
    ),
    (
        "Eve",
        "Lawyer",
        ["Clever", "Resourceful", "Calm"],
        ["Jealous", "Selfish", "Arrogant"],
        "Despises manual labour",
        "Escape to the city",
    ),
)

_PARTY_LINKS: tuple[tuple[str, str, str, str, Colour], ...] = (
    ("alice", "Flirtatious", "bob", "Charming", "green"),
    ("alice", "Compassionate", "bob", "Brave", "green"),
    ("alice", "Impatient", "bob", "Stubborn", "red"),
    ("eve", "Resourceful", "bob", "Handy", "green"),
    ("eve", "Jealous", "bob", "Charming", "red"),
    ("eve", "Arrogant", "bob", "Arrogant", "red"),
)

_NEWCOMERS = (
    ("Dan", "Mechanic", ["Strong", "Loyal", "Patient"], ["Gruff", "Lazy", "Greedy"]),
    ("Fay", "Teacher", ["Kind", "Organised", "Calm"], ["Bossy", "Anxious", "Proud"]),
    ("Gus", "Farmer", ["Hardy", "Honest", "Steady"], ["Slow", "Blunt", "Shy"]),
)

FULL_HOUSE_LINKS: tuple[tuple[str, str, str, Colour], ...] = (
    ("dan", "Strong", "Handy", "green"),
    ("dan", "Loyal", "Brave", "green"),
    ("dan", "Gruff", "Loud-Mouthed", "red"),
    ("fay", "Organised", "Handy", "green"),
    ("fay", "Bossy", "Stubborn", "red"),
    ("fay", "Proud", "Arrogant", "red"),
    ("gus", "Hardy", "Brave", "green"),
    ("gus", "Honest", "Charming", "green"),
)
"""The newcomers' descriptor links with Bob: (who, their descriptor, Bob's, colour)."""


def boarding_cast(action: Action[IsolationState], stress_level: int | None = 2) -> None:
    """Add Alice, Bob and Eve, their six descriptor links, and (unless ``None``) the
    starting Stress Level, each as a journal action of its own.

    Link ids: L1 “Flirtatious / Charming” (green), L2 “Compassionate / Brave”
    (green), L3 “Impatient / Stubborn” (red) between alice and bob; L4
    “Resourceful / Handy” (green), L5 “Jealous / Charming” (red), L6 “Arrogant /
    Arrogant” (red) between eve and bob (on a map with no links yet).
    """
    for name, profession, positive, negative, bias, goal in _PARTY:
        characters.add_character(
            action,
            name,
            profession=profession,
            positive=positive,
            negative=negative,
            bias=bias,
            goal=goal,
        )
        action.split()
    for a, a_descriptor, b, b_descriptor, colour in _PARTY_LINKS:
        links.add_descriptor_link(action, a, a_descriptor, b, b_descriptor, colour)
        action.split()
    if stress_level is not None:
        stress.set_starting_stress(action, stress_level)
        action.split()


def newcomers_cast(action: Action[IsolationState]) -> None:
    """Add Dan, Fay and Gus to the farmhouse, each with green and red links to Bob of
    their own (Gus with none red), each as a journal action of its own."""
    for name, profession, positive, negative in _NEWCOMERS:
        characters.add_character(
            action,
            name,
            profession=profession,
            positive=positive,
            negative=negative,
            bias="Distrusts strangers",
            goal="See the morning",
        )
        action.split()
    for who, theirs, bobs, colour in FULL_HOUSE_LINKS:
        links.add_descriptor_link(action, who, theirs, "bob", bobs, colour)
        action.split()


def boarding_state(settings: IsolationSettings, stress_level: int | None = 2) -> IsolationState:
    """The farmhouse under ``settings`` as a state: no game, no journal, no dice drawn."""
    action = Action(IsolationState.fresh(settings), fold, Dice(0))
    boarding_cast(action, stress_level)
    return action.state
