"""Widgets for the Impact System: a board of Details, a test panel, ladders and a timeline.

* :class:`.ImpactTable` composes everything for a notebook;
* :class:`.ImpactBoard`: a card per character and scene, with its Impact
  ladder (the kit's ``Track``) and its Details as chips to click (cite with the
  Detail's own sign, or pick one for a Detail that may go either way; mark
  temporary, disable, remove);
* :class:`.TestPanel`: set a test up (a Foil with its plan, :class:`.EffectInputs`),
  see the die and the exact odds, roll or type the face (the kit's
  ``DiceEntry``), then resolve it;
* :class:`.Drafting`: the test being set up, shared by the board and the panel
  (a draft: nothing is journaled until the test opens);
* :class:`.ImpactTimeline`: each Impact Die over the session (plotly);
* :class:`.TableMessages`: the kit's message line, in the table's words;
* :mod:`.views`: the pure functions that write what the panels show.

The widgets call :class:`~.ImpactGame` and show what it
journals; the rules themselves live in :mod:`isowidgets.rules.impact`.
"""

from .board import DetailChip, HolderCard, ImpactBoard
from .draft import Drafting
from .messages import TableMessages
from .rolls import EFFECT_CHOICES, EffectInputs, TestPanel
from .table import ImpactTable
from .timeline import ImpactTimeline
from .views import chip_view, citation_sign, ladder_html, plan_html, result_html, table_words

__all__ = [
    "EFFECT_CHOICES",
    "DetailChip",
    "Drafting",
    "EffectInputs",
    "HolderCard",
    "ImpactBoard",
    "ImpactTable",
    "ImpactTimeline",
    "TableMessages",
    "TestPanel",
    "chip_view",
    "citation_sign",
    "ladder_html",
    "plan_html",
    "result_html",
    "table_words",
]
