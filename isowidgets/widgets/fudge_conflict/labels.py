"""Every word the Danish Fudge-dice conflict table shows, in English and in Danish.

The table is played in either language and switched live (see
:mod:`isowidgets.widgets.i18n`). Two parts:

* the **glossary** (:data:`GLOSSARY`): each term of the rules' Danish→English
  glossary, under a ``term.`` key, its English UI label as the glossary gives it
  here and its Danish term in the Danish catalogue; the table's help view lists
  them, and a test checks that none is missing;
* the **table's own words** (buttons, headings, hints, the words a view writes),
  under keys named by what they label.

The English is written here (``make catalogues`` extracts it into
``isowidgets/locale/fudge_conflict.pot``, each label as the message
``fudge_conflict.<key>``); the Danish is in
``isowidgets/locale/da/LC_MESSAGES/fudge_conflict.po``. English is the default (the
first language). Names are never translated: a label takes them, and numbers, as
``{placeholders}``.
"""

from __future__ import annotations

from ..i18n import KIT, catalogue

__all__ = ["ABILITY_KEYS", "CATALOGUE", "GLOSSARY", "LABELS_CATALOGUE"]

ABILITY_KEYS: dict[str, str] = {
    "kraft": "ability.kraft",
    "fornuft": "ability.fornuft",
    "intuition": "ability.intuition",
}
"""The three abilities (as the engine names them) → their label keys."""

LABELS_CATALOGUE = catalogue(
    "fudge_conflict",
    {
        # The abilities, the damage levels and their effects (T-DK-1).
        "ability.kraft": "Might",
        "ability.fornuft": "Reason",
        "ability.intuition": "Intuition",
        "level.scratched": "Scratched",
        "level.wounded": "Wounded",
        "level.maimed": "Maimed",
        "level.defeat": "Defeat",
        "level.name": "{n} {name}",
        "effect.scratched": "1 penalty die, next roll",
        "effect.wounded": "1 penalty die in this category",
        "effect.maimed": "as wounded, and 1 pool point to act",
        "effect.defeat": "the opponent gets its way",
        "track.damage": "Damage",
        "track.free": "free",
        "track.filled": "{filled} of {total} filled",
        "track.level": "level {label}",
        "track.defeated": "defeated",
        # The table's layout.
        "table.title": "Fudge-dice conflict",
        "table.characters": "Characters",
        "table.in_play": "Damage of those in play",
        "table.conflict": "Conflict",
        "table.chain": "Assistance chain",
        "table.lih": "Let it hurt",
        "table.plot": "Damage over rounds",
        "table.log": "Session log",
        "table.glossary": "Glossary",
        # Character sheets.
        "sheet.skills": "Skills",
        "sheet.no_skills": "no skills yet",
        "sheet.abilities": "Abilities",
        "sheet.pc": "player character",
        "sheet.npc": "GM character",
        "sheet.central": "central GM character",
        "sheet.pending": "Next roll: {dice} from scratches",
        "sheet.carried": "Next round: {dice}",
        "sheet.equipment": "Equipment",
        "sheet.no_equipment": "no equipment",
        "sheet.yielded": "gave up",
        "sheet.defeated": "defeated",
        # The conflict panel.
        "conflict.kind": "Opposition",
        "conflict.passive": "Passive opposition",
        "conflict.active": "Active opposition",
        "conflict.competing": "Competing opposition",
        "conflict.actor": "Who acts",
        "conflict.opponent": "Opponent",
        "conflict.skill": "Skill",
        "conflict.opponent_skill": "Opponent's skill",
        "conflict.difficulty": "Difficulty",
        "conflict.against": "against",
        "conflict.intention": "Intention",
        "conflict.intention.hint": "what success gives",
        "conflict.failure": "Failure costs",
        "conflict.failure.hint": "what failure costs",
        "conflict.bonus": "Bonus dice",
        "conflict.penalty": "Penalty dice",
        "conflict.circumstance": "Circumstance penalty",
        "conflict.open": "Open the conflict",
        "conflict.open.tip": "agree the intention and the difficulty before anyone rolls",
        "conflict.none": "No conflict yet.",
        "conflict.roll_for": "Roll for {name}",
        "conflict.success": "✔ Success",
        "conflict.failure_result": "✘ Failure",
        "conflict.wins": "✔ {name} wins",
        "conflict.draw_result": "= Draw",
        "conflict.margin": "margin {n}",
        "conflict.tie": "On a tie",
        "conflict.lih": "Let it hurt",
        "conflict.lih.tip": "a player takes the conflict round by round (never the GM)",
        # The assistance chain.
        "chain.helper": "Helper",
        "chain.add": "Add to the chain",
        "chain.order": "Rolls in this order (highest skill first, the principal last)",
        "chain.passes": "{name} passes {dice} on",
        "chain.passes_penalty": "{name} passes {dice} on",
        "chain.passes_nothing": "{name} passes nothing on",
        "chain.target": "Helps",
        "chain.for": "for {name}",
        "chain.gate": "Must succeed first",
        "chain.gate_difficulty": "against difficulty",
        "chain.penalties": "A bad roll gives penalty dice",
        "chain.blocked": "{name} failed the first check: the task is impossible",
        "chain.none_open": "Open a conflict first: helpers assist its parties.",
        "chain.next_gets": "The next roll in the chain for {name} gets {dice}",
        "chain.empty": "No helpers yet.",
        "combine.helping": "Helping skill",
        "combine.bonus": "Combine: bonus",
        "combine.gate": "Combine: must succeed first",
        # Let it hurt, round by round.
        "lih.invoke": "Let it hurt",
        "lih.round": "Round {n}",
        "lih.intention": "Intention of {name}",
        "lih.intention.hint": "the outcome wanted this round",
        "lih.set_intention": "Set intention",
        "lih.actor": "Actor",
        "lih.target": "Against",
        "lih.category": "Action",
        "lih.crossing": "Crossing",
        "lih.parallel": "Parallel",
        "lih.defensive": "Defensive",
        "lih.ability": "Damage to",
        "lih.declare": "Declare action",
        "lih.declared": "Declared this round",
        "lih.none_declared": "No action declared yet.",
        "lih.dice_before": "Before anyone rolls",
        "lih.dice_of": "{name}: {dice}",
        "lih.no_dice": "no bonus or penalty dice",
        "lih.bonus_n": "{n} bonus dice",
        "lih.penalty_n": "{n} penalty dice",
        "lih.bonus_1": "1 bonus die",
        "lih.penalty_1": "1 penalty die",
        "lih.roll_for": "Roll for {name}",
        "lih.resolve": "Resolve the round",
        "lih.next_round": "Next round",
        "lih.give_up": "{name} gives up",
        "lih.end": "End: damage falls down",
        "lih.damage_applied": "{name} takes a level-{asked} wound on {ability} → level {level}",
        "lih.bonus_won": "{name} gains {dice} for next round",
        "lih.next": "Round {n}, before anyone rolls (the same skills)",
        "lih.intention.short": "Intention",
        "lih.combining": "Combine skills this round",
        "lih.invoked_by": "{name} lets it hurt",
        "lih.declared.line": (
            "{name}: {category} against {target} with {skill}, damage to {ability}"
        ),
        "lih.declared.combining": "{name} combines skills ({skill}) this round",
        "lih.round_result": "Round {n}: the dice and the damage",
        "lih.defeated": "{name} reaches level 7: defeat",
        "lih.no_damage": "No damage this round.",
        "lih.end.yield": "{name} gave up",
        "lih.end.defeat": "{name} is defeated",
        "lih.settled": "{name}'s damage falls down to: {levels}",
        "lih.not_running": "Nobody is letting it hurt.",
        "lih.join.who": "Joining",
        "lih.join": "Join the fight",
        "lih.join.tip": (
            "the character chosen joins at the start of the round, before anyone declares"
        ),
        "lih.over": "Let it hurt is over: {why}",
        # How much will this hurt? (the whole fight's odds before round one)
        "hurtodds.title": "How much will this hurt?",
        "hurtodds.open.tip": (
            "work out the whole fight's odds (with pool points to spend, this can take seconds)"
        ),
        "hurtodds.yield_at": "{name} gives up at",
        "hurtodds.never": "7 Defeat (never gives up)",
        "hurtodds.policy": (
            "If both keep crossing every round and each gives up on reaching the level chosen, "
            "or when maimed with no pool points left to act ({first} declares first, so loses a "
            "tie):"
        ),
        "hurtodds.none": "Shown once a conflict is settled, before the first round.",
        # Equipment.
        "equipment.toggle.tip": "use this bonus on the next roll",
        "equipment.damage": "+{n} damage",
        "equipment.protection": "+{n} protection",
        "equipment.item": "{item}: {bonus} ({condition})",
        # Where a roll's bonus and penalty dice come from (the engine's source kinds).
        "source.bonus": "bonus dice given",
        "source.penalty": "penalty dice given",
        "source.assist": "passed on by assistance",
        "source.circumstance": "the circumstances",
        "source.scratch": "scratches",
        "source.lasting": "wounded or maimed in this category",
        "source.first_round": "won the conflict that started it",
        "source.defence": "won a defence last round",
        "source.combining": "combined skills last round",
        "source.cap": "the cap on dice",
        "source.line": "{dice} ({why})",
        # The plot.
        "plot.x": "round of let it hurt, counted over the session",
        "plot.y": "damage level",
        "plot.point": "{name}, round {n}: level {level} ({kind}) on {ability}",
        "plot.since": "{title}, from round {n} on",
        # Rolls shown.
        "roll.kept": "kept",
        "roll.dropped": "not kept",
        "roll.result": "Result {n}",
        "roll.dice_hint": "3 to 9 Fudge faces, e.g. + 0 -",
        "roll.dice_hint.two": "each side's Fudge faces, a / between them, e.g. + 0 - / 0 0 +",
        "roll.empty": "type the faces rolled first, e.g. + 0 -",
        # The rules' glossary (T-DK-1 ff.), in its order: each term's English UI label;
        # its Danish is the glossary's Danish term, capitalised.
        "term.core_mechanic": "Core mechanic",
        "term.skill": "Skill, skills",
        "term.ability": "Ability, abilities; ability score",
        "term.ability_category": "Ability category",
        "term.kraft": "Might (Strength)",
        "term.fornuft": "Reason",
        "term.intuition": "Intuition",
        "term.ability_check": "Ability check",
        "term.fudge_dice": "Fudge die/dice (dF)",
        "term.base_dice": "Base dice",
        "term.bonus_dice": "Bonus die/dice",
        "term.penalty_dice": "Penalty die/dice",
        "term.result": "Result",
        "term.outcome": "Outcome",
        "term.successes": '"Successes"',
        "term.degree": "Degree of success / success level",
        "term.difficulty": "Difficulty",
        "term.task": "Task",
        "term.conflict": "Conflict",
        "term.step": "Step / stage",
        "term.intention": "Intention",
        "term.opening": "Opening",
        "term.execution": "Execution",
        "term.consequence": "Consequence",
        "term.opposition": "Passive / active / competing opposition",
        "term.initiator": "Initiator",
        "term.draw": "Draw",
        "term.party": "Party / parties",
        "term.winner_loser": "Winner / loser",
        "term.opponent": "Opponent",
        "term.player": "Player",
        "term.gm": "Game master (GM)",
        "term.gm_characters": "(Central) GM-controlled characters",
        "term.assistance": "Assistance",
        "term.combine": "Combine two skills",
        "term.help_others": "Help others",
        "term.chain": "Chain (of assistance)",
        "term.let_it_hurt": "Let it hurt",
        "term.round": "Round",
        "term.declare": "Declare actions",
        "term.action_actor": "Action / actor",
        "term.crossing": "Crossing actions",
        "term.parallel": "Parallel actions",
        "term.defensive": "Defensive actions",
        "term.counter_defence": "Counterattack / defence",
        "term.damage": "Damage / harm; take damage",
        "term.wound": "Wound; level-N wound",
        "term.damage_level": "Damage level",
        "term.scratched": "Scratched (scratch, scratches)",
        "term.wounded": "Wounded",
        "term.maimed": "Maimed (maiming)",
        "term.defeat": "Defeat",
        "term.harm": "Physical / mental / social harm",
        "term.pool": "The pool; points",
        "term.falls_down": 'Damage settles ("falls down")',
        "term.healing": "Healing",
        "term.refresh": "Refresh scenes",
        "term.equipment": "Equipment; equipment bonus",
        "term.protection": "Protection",
        "term.gm_fiat": "GM fiat",
        "term.technology": "Technology",
        "term.negotiation": "Negotiation (phase)",
        "term.difference": "The difference (margin)",
        "term.wearable_ai": "Wearable AI",
        "term.scavengers": 'Scavengers (literally "garbage men")',
        "term.uplifted": "Uplifted animals",
        "term.black_dragon": "Black Dragon (a Chinese Mars triad)",
    },
)
"""The Danish system's own words (the Danish in the PO catalogue)."""

GLOSSARY: tuple[str, ...] = tuple(
    key for key in LABELS_CATALOGUE.entries if key.startswith("term.")
)
"""The rules' glossary: the ``term.`` label keys, in the glossary's order (English here,
the Danish term in the Danish catalogue)."""

CATALOGUE = LABELS_CATALOGUE | KIT
"""What the table speaks: its own words and the shared widgets'."""
