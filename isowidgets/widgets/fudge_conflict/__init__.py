"""The table of the Danish Fudge-dice conflict system, in English and Danish.

Layers, each importing only those above it:

* :mod:`.labels`: every word in both languages, with the rules' glossary (over the
  kit's live language switch, :mod:`isowidgets.widgets.i18n`);
* :mod:`.views`: pure functions from the engine's values to what is shown (the damage
  track with the ability written in each filled level, dice kept and dropped);
* :mod:`.sheets`: character sheets with equipment toggles;
* :mod:`.conflict`, :mod:`.chain`, :mod:`.hurt`: the conflict panel, the assistance
  chain and the let-it-hurt round panel; :mod:`.timeline`: damage over rounds;
* :mod:`.table`: :class:`.FudgeTable`, all of it with the kit's toolbar, log and messages.

The widgets hold no rule: odds, dice, damage and next round's dice come from
:mod:`isowidgets.rules.fudge_conflict`.
"""

from .labels import CATALOGUE, GLOSSARY
from .table import FudgeTable

__all__ = ["CATALOGUE", "GLOSSARY", "FudgeTable"]
