"""The Danish Fudge-dice conflict system ("fudge-conflict-da"): 3dF + skill, bonus and
penalty dice, three kinds of opposition, assistance chains, and Let It Hurt.

A roll is three Fudge dice plus a skill of 0–4; bonus dice keep the best three,
penalty dice force the worst ones in, and the two kinds cancel. One roll settles
a conflict; a player who wants more can let it hurt and play it round by round
on a damage track whose levels are marked Kraft, Fornuft or Intuition.

Layout (each module imports only those above it):

* :mod:`.abilities`: the three abilities and the damage levels (T-DK-1);
* :mod:`.keep`: bonus and penalty dice, and which three dice count (DK-R10);
* :mod:`.settings`: :class:`.FudgeSettings`, one setting per ambiguity (DK-A01…A28);
* :mod:`.events`: journal events and the roll record;
* :mod:`.model`: the frozen state (characters, items, the conflict, Let It Hurt);
* :mod:`.damage`: the damage track (cascade, penalties, falling down);
* :mod:`.fold`: the events' fold into the state (a core ``Fold``);
* :mod:`.rolling`: one roll with every bonus and penalty die that applies;
* :mod:`.characters`, :mod:`.equipment`, :mod:`.hurt` (Let It Hurt) and
  :mod:`.conflict` (one conflict, and ``next_steps`` for all of play): the rules, as
  functions ``rule(action, …)`` that add events;
* :mod:`.odds`: exact odds; :mod:`.timeline`: damage rows for a plot;
* :mod:`.game`: :class:`.FudgeGame`, which journals it all;
* :mod:`.examples`: Mr. Burke's station, ready to play.

No module here imports a widget library.
"""

from .abilities import ABILITIES, DEFEAT, LEVELS, MAIMED, Ability, level_name
from .events import (
    ActionDeclared,
    AssistRolled,
    ConflictOpened,
    ConflictRolled,
    DiceSource,
    Hit,
    HurtEnded,
    HurtStarted,
    RollRecord,
    RoundRolled,
)
from .game import FudgeGame
from .keep import PENALTY_KEEP_MODES, KeptRoll, PenaltyKeep, keep_net, net_dice, roll_kept
from .model import Bonus, Character, Conflict, FudgeState, Hurt, Item, Wound
from .odds import (
    Contest,
    contest,
    distribution,
    kept_distribution,
    passive_contest,
    success_chance,
)
from .settings import FudgeSettings
from .timeline import damage_rows

__all__ = [
    "ABILITIES",
    "DEFEAT",
    "LEVELS",
    "MAIMED",
    "PENALTY_KEEP_MODES",
    "Ability",
    "ActionDeclared",
    "AssistRolled",
    "Bonus",
    "Character",
    "Conflict",
    "ConflictOpened",
    "ConflictRolled",
    "Contest",
    "DiceSource",
    "FudgeGame",
    "FudgeSettings",
    "FudgeState",
    "Hit",
    "Hurt",
    "HurtEnded",
    "HurtStarted",
    "Item",
    "KeptRoll",
    "PenaltyKeep",
    "RollRecord",
    "RoundRolled",
    "Wound",
    "contest",
    "damage_rows",
    "distribution",
    "keep_net",
    "kept_distribution",
    "level_name",
    "net_dice",
    "passive_contest",
    "roll_kept",
    "success_chance",
]
