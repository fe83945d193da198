"""Short exercise notebooks for teaching the four systems (``notebooks/exercises/``).

One module per system, each with a table to play on, the task's fixed faces (typed
dice, never seeded random rolls) and three self-checks: play a conflict with given
faces, predict odds, find the house rule that changes a result. Each self-check
replays the task with the system's engine and compares; a wrong or missing answer
fails with the kit's words and the digest's rule IDs (:mod:`.core`). The notebooks
carry nbgrader's cell metadata, so a course can grade them.

A leaf package: nothing else in the kit imports it.
"""

from .core import EXERCISE_WORDS, Answers, NotYet, Passed

__all__ = ["EXERCISE_WORDS", "Answers", "NotYet", "Passed"]
