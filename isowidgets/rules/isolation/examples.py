"""The rule text's running example, ready to play: Alice, Bob and Eve board up a house.

The text never gives the whole map, only what its examples need: Bob and Alice
share 2 green links and 1 red, Bob and Eve 1 green and 2 red; one of Bob and
Alice's greens is labeled with "Flirtatious" and one of Bob and Eve's reds
with "Jealous". The stats below are invented to fit those links (ISO-R08).
Tests and the tour notebook start from here.
"""

from __future__ import annotations

from .game import IsolationGame
from .model import Colour
from .settings import IsolationSettings

__all__ = ["add_boarding_party", "boarding_party", "full_house"]


def boarding_party(
    *, stress: int | None = 2, settings: IsolationSettings | None = None, seed: int = 0
) -> IsolationGame:
    """A new in-memory game with the example's three characters and map.

    Args:
        stress: the starting Stress Level (1–3); ``None`` keeps ``stress_start``.
        settings: house rules (defaults otherwise).
        seed: the dice seed.

    Link ids: L1 “Flirtatious / Charming” (green), L2 “Compassionate / Brave”
    (green), L3 “Impatient / Stubborn” (red) between alice and bob; L4
    “Resourceful / Handy” (green), L5 “Jealous / Charming” (red), L6 “Arrogant /
    Arrogant” (red) between eve and bob.
    """
    game = IsolationGame.new(seed=seed, settings=settings, title="Boarding up the house")
    return add_boarding_party(game, stress=stress)


def add_boarding_party(game: IsolationGame, *, stress: int | None = 2) -> IsolationGame:
    """Put the example's characters and map into ``game`` (a fresh one, e.g. file-backed).

    A notebook that keeps its session in a journal file opens the game itself
    (``IsolationGame.open(path, resume=...)``) and furnishes it here, so the
    same farmhouse is also resumable after a kernel restart. The link ids are
    those of :func:`boarding_party` when ``game`` has no links yet.
    """
    game.add_character(
        "Alice",
        profession="Nurse",
        positive=["Flirtatious", "Compassionate", "Quick"],
        negative=["Nosy", "Impatient", "Vain"],
        bias="Mistrustful of Academic Types",
        goal="Get her brother out alive",
    )
    game.add_character(
        "Bob",
        profession="Carpenter",
        positive=["Charming", "Handy", "Brave"],
        negative=["Stubborn", "Loud-Mouthed", "Arrogant"],
        bias="Upper Class Snob",
        goal="Hold the house until rescue",
    )
    game.add_character(
        "Eve",
        profession="Lawyer",
        positive=["Clever", "Resourceful", "Calm"],
        negative=["Jealous", "Selfish", "Arrogant"],
        bias="Despises manual labour",
        goal="Escape to the city",
    )
    game.add_descriptor_link("alice", "Flirtatious", "bob", "Charming", "green")
    game.add_descriptor_link("alice", "Compassionate", "bob", "Brave", "green")
    game.add_descriptor_link("alice", "Impatient", "bob", "Stubborn", "red")
    game.add_descriptor_link("eve", "Resourceful", "bob", "Handy", "green")
    game.add_descriptor_link("eve", "Jealous", "bob", "Charming", "red")
    game.add_descriptor_link("eve", "Arrogant", "bob", "Arrogant", "red")
    if stress is not None:
        game.set_starting_stress(stress)
    return game


def full_house(
    *, stress: int | None = 2, settings: IsolationSettings | None = None, seed: int = 0
) -> IsolationGame:
    """The farmhouse with three more survivors: six characters, for a full-table conflict.

    Dan, Fay and Gus join :func:`boarding_party`'s Alice, Bob and Eve, each with
    green and red links to Bob of their own (Gus with none red, so the
    zero-red-links exception of ISO-R14 has someone to apply to), so Bob
    persuading everyone rolls realistic pools: six or more dice of each colour for
    him, two to four for each Passive Player. The odds benchmark and tests use it.
    """
    game = boarding_party(stress=stress, settings=settings, seed=seed)
    for name, profession, positive, negative in (
        ("Dan", "Mechanic", ["Strong", "Loyal", "Patient"], ["Gruff", "Lazy", "Greedy"]),
        ("Fay", "Teacher", ["Kind", "Organised", "Calm"], ["Bossy", "Anxious", "Proud"]),
        ("Gus", "Farmer", ["Hardy", "Honest", "Steady"], ["Slow", "Blunt", "Shy"]),
    ):
        game.add_character(
            name,
            profession=profession,
            positive=positive,
            negative=negative,
            bias="Distrusts strangers",
            goal="See the morning",
        )
    for who, theirs, bobs, colour in _FULL_HOUSE_LINKS:
        game.add_descriptor_link(who, theirs, "bob", bobs, colour)
    return game


_FULL_HOUSE_LINKS: tuple[tuple[str, str, str, Colour], ...] = (
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
