"""Every word the Danish Fudge-dice conflict table shows, in English and in Danish.

The table is played in either language and switched live (see
:mod:`isowidgets.widgets.i18n`). Two parts:

* the **glossary** (:data:`GLOSSARY`): each term of the rules' Danish→English
  glossary, under a ``term.`` key, with the Danish term and its English UI label
  as the glossary gives them; the table's help view lists them, and a test checks
  that none is missing;
* the **table's own words** (buttons, headings, hints, the words a view writes),
  in both languages, under keys named by what they label.

English is the default (the first language). Numbers and names are never
translated: a label takes them as ``{placeholders}``.
"""

from __future__ import annotations

from ..i18n import KIT, Catalogue

__all__ = ["ABILITY_KEYS", "CATALOGUE", "GLOSSARY", "LABELS_CATALOGUE"]

GLOSSARY: dict[str, tuple[str, str]] = {
    "term.core_mechanic": ("Grundmekanikken", "Core mechanic"),
    "term.skill": ("færdighed, færdigheder", "Skill, skills"),
    "term.ability": ("evne, evner; evnetal", "Ability, abilities; ability score"),
    "term.ability_category": ("evnekategori", "Ability category"),
    "term.kraft": ("Kraft", "Might (Strength)"),
    "term.fornuft": ("Fornuft", "Reason"),
    "term.intuition": ("Intuition", "Intuition"),
    "term.ability_check": ("evnetjek", "Ability check"),
    "term.fudge_dice": ("fudgeterning(er)", "Fudge die/dice (dF)"),
    "term.base_dice": ("grundterninger", "Base dice"),
    "term.bonus_dice": ("bonusterning(er)", "Bonus die/dice"),
    "term.penalty_dice": ("strafterning(er)", "Penalty die/dice"),
    "term.result": ("resultat", "Result"),
    "term.outcome": ("udfald", "Outcome"),
    "term.successes": ("successer", '"Successes"'),
    "term.degree": ("grad af succes / succesniveau", "Degree of success / success level"),
    "term.difficulty": ("sværhedsgrad", "Difficulty"),
    "term.task": ("opgave", "Task"),
    "term.conflict": ("konflikt", "Conflict"),
    "term.step": ("trin / stadie", "Step / stage"),
    "term.intention": ("Intention", "Intention"),
    "term.opening": ("Indledning", "Opening"),
    "term.execution": ("Udførsel", "Execution"),
    "term.consequence": ("Konsekvens", "Consequence"),
    "term.opposition": (
        "passiv / aktiv / konkurrerende modstand",
        "Passive / active / competing opposition",
    ),
    "term.initiator": ("initiativtager", "Initiator"),
    "term.draw": ("uafgjort", "Draw"),
    "term.party": ("part(er)", "Party / parties"),
    "term.winner_loser": ("vinder / taber", "Winner / loser"),
    "term.opponent": ("modstander", "Opponent"),
    "term.player": ("spiller", "Player"),
    "term.gm": ("spilleder", "Game master (GM)"),
    "term.gm_characters": (
        "(centrale) spillederkontrollerede spilpersoner",
        "(Central) GM-controlled characters",
    ),
    "term.assistance": ("assistance", "Assistance"),
    "term.combine": ("kombination af to færdigheder", "Combine two skills"),
    "term.help_others": ("hjælpe andre", "Help others"),
    "term.chain": ("kæde", "Chain (of assistance)"),
    "term.let_it_hurt": ("at lade dette gøre ondt", "Let it hurt"),
    "term.round": ("runde", "Round"),
    "term.declare": ("erklære handlinger", "Declare actions"),
    "term.action_actor": ("handling / aktør", "Action / actor"),
    "term.crossing": ("tværgående handlinger", "Crossing actions"),
    "term.parallel": ("parallelle handlinger", "Parallel actions"),
    "term.defensive": ("defensive handlinger", "Defensive actions"),
    "term.counter_defence": ("modangreb / forsvar", "Counterattack / defence"),
    "term.damage": ("skade; tage skade", "Damage / harm; take damage"),
    "term.wound": ("sår; niveau N-sår", "Wound; level-N wound"),
    "term.damage_level": ("skadesniveau", "Damage level"),
    "term.scratched": ("skrammet (skramme, skrammer)", "Scratched (scratch, scratches)"),
    "term.wounded": ("såret", "Wounded"),
    "term.maimed": ("lemlæstet (lemlæstelse)", "Maimed (maiming)"),
    "term.defeat": ("nederlag", "Defeat"),
    "term.harm": ("fysisk / åndelig / social beskadigelse", "Physical / mental / social harm"),
    "term.pool": ("puljen; point", "The pool; points"),
    "term.falls_down": ("skaden falder ned", 'Damage settles ("falls down")'),
    "term.healing": ("healing", "Healing"),
    "term.refresh": ("Genopfriskningsscener", "Refresh scenes"),
    "term.equipment": ("udstyr; udstyrsbonus", "Equipment; equipment bonus"),
    "term.protection": ("beskyttelse", "Protection"),
    "term.gm_fiat": ("spillederdiktat", "GM fiat"),
    "term.technology": ("teknologi", "Technology"),
    "term.negotiation": ("forhandling(sfase)", "Negotiation (phase)"),
    "term.difference": ("differencen", "The difference (margin)"),
    "term.wearable_ai": ("værbar KI (Kunstig Intelligens)", "Wearable AI"),
    "term.scavengers": ("skraldemænd", 'Scavengers (literally "garbage men")'),
    "term.uplifted": ("opløftede dyr", "Uplifted animals"),
    "term.black_dragon": ("Sorte Drage", "Black Dragon (a Chinese Mars triad)"),
}
"""The rules' glossary: key → (Danish term, English UI label), in the glossary's order."""

ABILITY_KEYS: dict[str, str] = {
    "kraft": "ability.kraft",
    "fornuft": "ability.fornuft",
    "intuition": "ability.intuition",
}
"""The three abilities (as the engine names them) → their label keys."""

# The table's own words: key → (English, Danish).
_WORDS: dict[str, tuple[str, str]] = {
    # The abilities, the damage levels and their effects (T-DK-1).
    "ability.kraft": ("Might", "Kraft"),
    "ability.fornuft": ("Reason", "Fornuft"),
    "ability.intuition": ("Intuition", "Intuition"),
    "level.scratched": ("Scratched", "Skrammet"),
    "level.wounded": ("Wounded", "Såret"),
    "level.maimed": ("Maimed", "Lemlæstet"),
    "level.defeat": ("Defeat", "Nederlag"),
    "level.name": ("{n} {name}", "{n} {name}"),
    "effect.scratched": ("1 penalty die, next roll", "1 strafterning, næste slag"),
    "effect.wounded": ("1 penalty die in this category", "1 strafterning i kategorien"),
    "effect.maimed": ("as wounded, and 1 pool point to act", "som såret, og 1 point for at handle"),
    "effect.defeat": ("the opponent gets its way", "modstanderen får sin vilje"),
    "track.damage": ("Damage", "Skade"),
    "track.free": ("free", "fri"),
    "track.filled": ("{filled} of {total} filled", "{filled} af {total} udfyldt"),
    "track.level": ("level {label}", "niveau {label}"),
    "track.defeated": ("defeated", "besejret"),
    # The table's layout.
    "table.title": ("Fudge-dice conflict", "Fudgeterning-konflikt"),
    "table.characters": ("Characters", "Spilpersoner"),
    "table.in_play": ("Damage of those in play", "Skade hos dem i spil"),
    "table.conflict": ("Conflict", "Konflikt"),
    "table.chain": ("Assistance chain", "Assistancekæde"),
    "table.lih": ("Let it hurt", "Lad det gøre ondt"),
    "table.plot": ("Damage over rounds", "Skade runde for runde"),
    "table.log": ("Session log", "Spillets log"),
    "table.glossary": ("Glossary", "Ordliste"),
    # Character sheets.
    "sheet.skills": ("Skills", "Færdigheder"),
    "sheet.no_skills": ("no skills yet", "ingen færdigheder endnu"),
    "sheet.abilities": ("Abilities", "Evner"),
    "sheet.pc": ("player character", "spillerperson"),
    "sheet.npc": ("GM character", "spillederperson"),
    "sheet.central": ("central GM character", "central spillederperson"),
    "sheet.pending": ("Next roll: {dice} from scratches", "Næste slag: {dice} fra skrammer"),
    "sheet.carried": ("Next round: {dice}", "Næste runde: {dice}"),
    "sheet.equipment": ("Equipment", "Udstyr"),
    "sheet.no_equipment": ("no equipment", "intet udstyr"),
    "sheet.yielded": ("gave up", "gav op"),
    "sheet.defeated": ("defeated", "besejret"),
    # The conflict panel.
    "conflict.kind": ("Opposition", "Modstand"),
    "conflict.passive": ("Passive opposition", "Passiv modstand"),
    "conflict.active": ("Active opposition", "Aktiv modstand"),
    "conflict.competing": ("Competing opposition", "Konkurrerende modstand"),
    "conflict.actor": ("Who acts", "Hvem handler"),
    "conflict.opponent": ("Opponent", "Modstander"),
    "conflict.skill": ("Skill", "Færdighed"),
    "conflict.opponent_skill": ("Opponent's skill", "Modstanderens færdighed"),
    "conflict.difficulty": ("Difficulty", "Sværhedsgrad"),
    "conflict.against": ("against", "mod"),
    "conflict.intention": ("Intention", "Intention"),
    "conflict.intention.hint": ("what success gives", "hvad succes giver"),
    "conflict.failure": ("Failure costs", "Fiasko koster"),
    "conflict.failure.hint": ("what failure costs", "hvad fiasko koster"),
    "conflict.bonus": ("Bonus dice", "Bonusterninger"),
    "conflict.penalty": ("Penalty dice", "Strafterninger"),
    "conflict.circumstance": ("Circumstance penalty", "Omstændigheders straf"),
    "conflict.open": ("Open the conflict", "Åbn konflikten"),
    "conflict.open.tip": (
        "agree the intention and the difficulty before anyone rolls",
        "aftal intention og sværhedsgrad før nogen slår",
    ),
    "conflict.none": ("No conflict yet.", "Ingen konflikt endnu."),
    "conflict.roll_for": ("Roll for {name}", "Slå for {name}"),
    "conflict.success": ("✔ Success", "✔ Succes"),
    "conflict.failure_result": ("✘ Failure", "✘ Fiasko"),
    "conflict.wins": ("✔ {name} wins", "✔ {name} vinder"),
    "conflict.draw_result": ("= Draw", "= Uafgjort"),
    "conflict.margin": ("margin {n}", "difference {n}"),
    "conflict.tie": ("On a tie", "Ved uafgjort"),
    "conflict.lih": ("Let it hurt", "Lad det gøre ondt"),
    "conflict.lih.tip": (
        "a player takes the conflict round by round (never the GM)",
        "en spiller spiller konflikten runde for runde (aldrig spillederen)",
    ),
    # The assistance chain.
    "chain.helper": ("Helper", "Hjælper"),
    "chain.add": ("Add to the chain", "Føj til kæden"),
    "chain.order": (
        "Rolls in this order (highest skill first, the principal last)",
        "Slår i denne rækkefølge (højeste færdighed først, hovedpersonen sidst)",
    ),
    "chain.passes": ("{name} passes {dice} on", "{name} giver {dice} videre"),
    "chain.passes_penalty": ("{name} passes {dice} on", "{name} giver {dice} videre"),
    "chain.passes_nothing": ("{name} passes nothing on", "{name} giver intet videre"),
    "chain.target": ("Helps", "Til fordel for"),
    "chain.for": ("for {name}", "for {name}"),
    "chain.gate": ("Must succeed first", "Skal lykkes først"),
    "chain.gate_difficulty": ("against difficulty", "mod sværhedsgrad"),
    "chain.penalties": ("A bad roll gives penalty dice", "Et dårligt slag giver strafterninger"),
    "chain.blocked": (
        "{name} failed the first check: the task is impossible",
        "{name} klarede ikke første tjek: opgaven er umulig",
    ),
    "chain.none_open": (
        "Open a conflict first: helpers assist its parties.",
        "Åbn en konflikt først: hjælpere assisterer dens parter.",
    ),
    "chain.next_gets": (
        "The next roll in the chain for {name} gets {dice}",
        "Næste slag i kæden for {name} får {dice}",
    ),
    "chain.empty": ("No helpers yet.", "Ingen hjælpere endnu."),
    "combine.helping": ("Helping skill", "Hjælpende færdighed"),
    "combine.bonus": ("Combine: bonus", "Kombinér: bonus"),
    "combine.gate": ("Combine: must succeed first", "Kombinér: skal lykkes først"),
    # Let it hurt, round by round.
    "lih.invoke": ("Let it hurt", "Lad det gøre ondt"),
    "lih.round": ("Round {n}", "Runde {n}"),
    "lih.intention": ("Intention of {name}", "Intention for {name}"),
    "lih.intention.hint": ("the outcome wanted this round", "det ønskede udfald i denne runde"),
    "lih.set_intention": ("Set intention", "Sæt intention"),
    "lih.actor": ("Actor", "Aktør"),
    "lih.target": ("Against", "Mod"),
    "lih.category": ("Action", "Handling"),
    "lih.crossing": ("Crossing", "Tværgående"),
    "lih.parallel": ("Parallel", "Parallel"),
    "lih.defensive": ("Defensive", "Defensiv"),
    "lih.ability": ("Damage to", "Skade på"),
    "lih.declare": ("Declare action", "Erklær handling"),
    "lih.declared": ("Declared this round", "Erklæret i denne runde"),
    "lih.none_declared": ("No action declared yet.", "Ingen handling erklæret endnu."),
    "lih.dice_before": ("Before anyone rolls", "Før nogen slår"),
    "lih.dice_of": ("{name}: {dice}", "{name}: {dice}"),
    "lih.no_dice": ("no bonus or penalty dice", "ingen bonus- eller strafterninger"),
    "lih.bonus_n": ("{n} bonus dice", "{n} bonusterninger"),
    "lih.penalty_n": ("{n} penalty dice", "{n} strafterninger"),
    "lih.bonus_1": ("1 bonus die", "1 bonusterning"),
    "lih.penalty_1": ("1 penalty die", "1 strafterning"),
    "lih.roll_for": ("Roll for {name}", "Slå for {name}"),
    "lih.resolve": ("Resolve the round", "Afgør runden"),
    "lih.next_round": ("Next round", "Næste runde"),
    "lih.give_up": ("{name} gives up", "{name} giver op"),
    "lih.end": ("End: damage falls down", "Slut: skaden falder ned"),
    "lih.damage_applied": (
        "{name} takes a level-{asked} wound on {ability} → level {level}",
        "{name} får et niveau {asked}-sår på {ability} → niveau {level}",
    ),
    "lih.bonus_won": ("{name} gains {dice} for next round", "{name} får {dice} til næste runde"),
    "lih.next": (
        "Round {n}, before anyone rolls (the same skills)",
        "Runde {n}, før nogen slår (samme færdigheder)",
    ),
    "lih.intention.short": ("Intention", "Intention"),
    "lih.combining": ("Combine skills this round", "Kombinér færdigheder i denne runde"),
    "lih.invoked_by": ("{name} lets it hurt", "{name} lader det gøre ondt"),
    "lih.declared.line": (
        "{name}: {category} against {target} with {skill}, damage to {ability}",
        "{name}: {category} mod {target} med {skill}, skade på {ability}",
    ),
    "lih.declared.combining": (
        "{name} combines skills ({skill}) this round",
        "{name} kombinerer færdigheder ({skill}) i denne runde",
    ),
    "lih.round_result": ("Round {n}: the dice and the damage", "Runde {n}: terningerne og skaden"),
    "lih.defeated": ("{name} reaches level 7: defeat", "{name} når niveau 7: nederlag"),
    "lih.no_damage": ("No damage this round.", "Ingen skade i denne runde."),
    "lih.end.yield": ("{name} gave up", "{name} gav op"),
    "lih.end.defeat": ("{name} is defeated", "{name} er besejret"),
    "lih.settled": (
        "{name}'s damage falls down to: {levels}",
        "{name}s skade falder ned til: {levels}",
    ),
    "lih.not_running": ("Nobody is letting it hurt.", "Ingen lader det gøre ondt."),
    "lih.join.who": ("Joining", "Går med"),
    "lih.join": ("Join the fight", "Gå med i kampen"),
    "lih.join.tip": (
        "the character chosen joins at the start of the round, before anyone declares",
        "den valgte person går med ved rundens start, før nogen erklærer en handling",
    ),
    "lih.over": ("Let it hurt is over: {why}", "Lad det gøre ondt er slut: {why}"),
    # How much will this hurt? (the whole fight's odds before round one)
    "hurtodds.title": ("How much will this hurt?", "Hvor ondt vil det gøre?"),
    "hurtodds.open.tip": (
        "work out the whole fight's odds (with pool points to spend, this can take seconds)",
        "regn hele kampens odds ud (med point i puljen kan det tage nogle sekunder)",
    ),
    "hurtodds.yield_at": ("{name} gives up at", "{name} giver op ved"),
    "hurtodds.never": ("7 Defeat (never gives up)", "7 Nederlag (giver aldrig op)"),
    "hurtodds.policy": (
        "If both keep crossing every round and each gives up on reaching the level "
        "chosen, or when maimed with no pool points left to act ({first} declares first, "
        "so loses a tie):",
        "Hvis begge bliver ved med tværgående handlinger hver runde, og hver giver op ved "
        "det valgte niveau, eller når de er lemlæstede uden point i puljen til at handle "
        "({first} erklærer først og taber derfor uafgjort):",
    ),
    "hurtodds.none": (
        "Shown once a conflict is settled, before the first round.",
        "Vises når en konflikt er afgjort, før første runde.",
    ),
    # Equipment.
    "equipment.toggle.tip": ("use this bonus on the next roll", "brug denne bonus på næste slag"),
    "equipment.damage": ("+{n} damage", "+{n} skade"),
    "equipment.protection": ("+{n} protection", "+{n} beskyttelse"),
    "equipment.item": ("{item}: {bonus} ({condition})", "{item}: {bonus} ({condition})"),
    # Where a roll's bonus and penalty dice come from (the engine's source kinds).
    "source.bonus": ("bonus dice given", "givne bonusterninger"),
    "source.penalty": ("penalty dice given", "givne strafterninger"),
    "source.assist": ("passed on by assistance", "givet videre ved assistance"),
    "source.circumstance": ("the circumstances", "omstændighederne"),
    "source.scratch": ("scratches", "skrammer"),
    "source.lasting": ("wounded or maimed in this category", "såret eller lemlæstet i kategorien"),
    "source.first_round": (
        "won the conflict that started it",
        "vandt konflikten, der startede det",
    ),
    "source.defence": ("won a defence last round", "vandt et forsvar sidste runde"),
    "source.combining": ("combined skills last round", "kombinerede færdigheder sidste runde"),
    "source.cap": ("the cap on dice", "loftet over terninger"),
    "source.line": ("{dice} ({why})", "{dice} ({why})"),
    # The plot.
    "plot.x": (
        "round of let it hurt, counted over the session",
        "runde af lad det gøre ondt, talt over spillet",
    ),
    "plot.y": ("damage level", "skadesniveau"),
    "plot.point": (
        "{name}, round {n}: level {level} ({kind}) on {ability}",
        "{name}, runde {n}: niveau {level} ({kind}) på {ability}",
    ),
    # Rolls shown.
    "roll.kept": ("kept", "beholdt"),
    "roll.dropped": ("not kept", "ikke beholdt"),
    "roll.result": ("Result {n}", "Resultat {n}"),
    "roll.dice_hint": ("3 to 9 Fudge faces, e.g. + 0 -", "3 til 9 fudgesider, f.eks. + 0 -"),
    "roll.dice_hint.two": (
        "each side's Fudge faces, a / between them, e.g. + 0 - / 0 0 +",
        "hver sides fudgesider med / imellem, f.eks. + 0 - / 0 0 +",
    ),
    "roll.empty": (
        "type the faces rolled first, e.g. + 0 -",
        "skriv de slåede sider først, f.eks. + 0 -",
    ),
}


def _catalogue() -> Catalogue:
    english = {key: en for key, (en, _da) in _WORDS.items()}
    danish = {key: da for key, (_en, da) in _WORDS.items()}
    for key, (da, en) in GLOSSARY.items():
        english[key] = en
        danish[key] = da[:1].upper() + da[1:]
    return Catalogue("fudge_conflict", {"en": english, "da": danish})


LABELS_CATALOGUE = _catalogue()
"""The Danish system's own words, in English and Danish."""

CATALOGUE = LABELS_CATALOGUE | KIT
"""What the table speaks: its own words and the shared widgets'."""
