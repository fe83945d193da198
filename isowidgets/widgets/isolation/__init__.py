"""Isolation at the table: the widgets that make the rules engine playable with clicks.

One :class:`.IsolationTable` composes every part over one
:class:`~.IsolationGame`; each part also works alone:

* :class:`.RelationshipMap`: the map on cytoscape, edited by clicks (click a
  character, then another, to link them; click a link to relabel or delete it);
* :class:`ConflictPanel <.isolation.conflict.ConflictPanel>`: a proposal, its pools, stances,
  Difficulty, the GM's
  roll, the result with its breakdown on demand, the consequences and the wounds;
  composed of small parts (:mod:`.proposal`, :mod:`.pools`, :mod:`.stances`,
  :mod:`.resolution`, :mod:`.wounds`, sharing :mod:`.parts`);
* :class:`.StressTimeline`: Stress and health over time, appended in place (the
  points are the rules package's fold, :mod:`isowidgets.rules.isolation.timeline`);
* :class:`.CharacterSheets`: the cast and the map-building passes;
* :class:`.BetweenSessions`: pair rolls and recovery;
* :class:`.ScenePanel`: the GM's bar (the Stress track, threat, rulings) with the
  table's one session toolbar (undo, redo, a note, export).

They are built on the shared table kit (:mod:`isowidgets.widgets`): every pool is a
:class:`~isowidgets.widgets.dice_entry.DiceEntry`, every message line follows the
game, the session log is a :class:`~isowidgets.widgets.log.LogView`; a choice that
stays pressed is a :class:`~isowidgets.widgets.toggle.PressToggle` (a glyph and ``aria-pressed``).

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
