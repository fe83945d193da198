"""Isolation at the table: the widgets that make the rules engine playable with clicks.

One :class:`IsolationTable` composes every part over one
:class:`~isowidgets.rules.isolation.IsolationGame`; each part also works alone:

* :class:`RelationshipMap`: the map on cytoscape, edited by clicks (click a
  character, then another, to link them; click a link to relabel or delete it);
* :class:`ConflictPanel`: a proposal, its pools, stances, Difficulty, the GM's
  roll, the degree with its explanation, the consequences and the wounds;
* :class:`StressTimeline`: Stress and health over time, appended in place;
* :class:`CharacterSheets`: the cast and the map-building passes;
* :class:`BetweenSessions`: pair rolls and recovery;
* :class:`ScenePanel`: the GM's bar (Stress, threat, rulings, undo/redo).

The widgets hold no rule arithmetic. They call the engine, show its queries
(plan, next steps, explanation, pair outcomes) and its journal events, and
show its errors inside the panel where the click happened. What they show is
built by the pure functions of :mod:`.views`.
"""

from .between import BetweenSessions
from .conflict import ConflictPanel
from .map import RelationshipMap
from .scene import ScenePanel
from .sheets import CharacterSheets
from .table import IsolationTable
from .timeline import StressTimeline

__all__ = [
    "BetweenSessions",
    "CharacterSheets",
    "ConflictPanel",
    "IsolationTable",
    "RelationshipMap",
    "ScenePanel",
    "StressTimeline",
]
