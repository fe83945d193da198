"""Isolation's journal events.

Each event is one fact, small enough for a view to update incrementally: a graph
adapter adds an edge on :class:`LinkAdded` and drops one on :class:`LinkRemoved`
without redrawing the map; a stress plot appends a point on
:class:`StressChanged`. The events carry the values they introduce (a whole
:class:`~.model.Link`, a whole roll), so replaying them needs no dice and no
judgement: :data:`~.isolation.fold.fold` only folds them in.
"""

from __future__ import annotations

import operator
from typing import ClassVar, Literal

from pydantic import Field

from ...journal import Event, RollField
from ...words import Listing, Message, Ref, msg, plural
from .model import (
    GM,
    Character,
    Colour,
    Degree,
    Explanation,
    Factors,
    FirstReading,
    Health,
    Link,
    Mode,
    Resolution,
    Stance,
    colour_words,
    degree_words,
    health_words,
    stance_words,
)

__all__ = [
    "DIFFICULTY_NAMES",
    "GM_STEP",
    "STARTING_STRESS",
    "CharacterAdded",
    "CharacterRemoved",
    "CharacterUpdated",
    "ConflictCancelled",
    "ConflictClosed",
    "ConflictProposed",
    "ConflictResolved",
    "DeathGreensDropped",
    "DeathGreensPlaced",
    "DeathGreensShared",
    "DiceRolled",
    "DifficultySet",
    "Downgraded",
    "FactorsSet",
    "HealthChanged",
    "HostileDeclared",
    "IsolationEvent",
    "LinkAdded",
    "LinkRelabeled",
    "LinkRemoved",
    "PairOutcome",
    "PairRolled",
    "PhysicalMarked",
    "PlayStarted",
    "SessionBegun",
    "SessionEnded",
    "StanceChosen",
    "StancesRead",
    "StressChanged",
    "ThreatChanged",
    "WoundsAssigned",
    "WoundsPending",
]

DIFFICULTY_NAMES = {
    1: "Easy",
    2: "Average",
    3: "Hard",
    4: "Really Hard",
    5: "Extremely Hard",
    6: "Impossible",
}
"""T-ISO-1."""


def difficulty_words(difficulty: int) -> Message:
    """A Difficulty's name in words (T-ISO-1)."""
    return {
        1: msg("isolation.difficulty.easy", "Easy"),
        2: msg("isolation.difficulty.average", "Average"),
        3: msg("isolation.difficulty.hard", "Hard"),
        4: msg("isolation.difficulty.really_hard", "Really Hard"),
        5: msg("isolation.difficulty.extremely_hard", "Extremely Hard"),
        6: msg("isolation.difficulty.impossible", "Impossible"),
    }[difficulty]


STARTING_STRESS = (1, 2, 3)
"""The opening Stress Levels the text suggests (ISO-R36): advice, not a limit."""

GM_STEP = 3
"""The most a GM adjustment moves Stress by the text (ISO-R35): advice, not a limit."""


class IsolationEvent(Event):
    """Base of Isolation's events (the system name routes them to this game).

    Attributes:
        names: character id → name, as the characters were called when the event was
            made, for the characters it mentions. The lines a person reads (the log,
            its exports, "undone: …") name characters from it, and keep the name a
            character had then. Written only when the event mentions someone; journals
            written before events carried names have none, and their lines show ids.
    """

    system: ClassVar[str] = "isolation"
    names: dict[str, str] = Field(default_factory=dict, exclude_if=operator.not_)
    """Left out of the journal line when empty, so an event that names nobody is written
    exactly as before events carried names (a field's own exclusion: pydantic writes the
    rest of the line without handing it to Python first)."""

    def name_of(self, character_id: str) -> str:
        """``character_id`` as the table called that character (the id when unknown)."""
        return self.names.get(character_id, character_id)

    def ref(self, character_id: str) -> Ref:
        """``character_id`` for a message: a view writes the name the table gives it, and
        the name the event carries (or the id) where the view knows none."""
        return Ref(character_id, self.name_of(character_id))

    def people(self, ids: list[str] | tuple[str, ...]) -> Listing | Message:
        """Several characters (``Alice, Bob``), or "nobody"."""
        if not ids:
            return msg("isolation.nobody", "nobody")
        return Listing.of((self.ref(i) for i in ids), "unit")

    def pair_of(self, a: str, b: str) -> Message:
        """A pair: ``Alice–Bob``."""
        return msg("isolation.pair", "{a}–{b}", a=self.ref(a), b=self.ref(b))


def signed(number: int) -> str:
    """A change or a margin with its sign, as the table writes it: ``+2``, ``-1``, ``+0``."""
    return f"{number:+d}"


def evens_word(n: int) -> Message:
    """A count of even faces: ``1 even``, ``3 evens``."""
    return plural("isolation.evens", "{n} even", "{n} evens", n=n)


def odds_word(n: int) -> Message:
    """A count of odd faces: ``1 odd``, ``0 odds``."""
    return plural("isolation.odds", "{n} odd", "{n} odds", n=n)


# --------------------------------------------------------------------------- characters


class CharacterAdded(IsolationEvent):
    kind: ClassVar[str] = "character_added"
    character: Character

    def message(self) -> Message:
        c = self.character
        who = (
            msg("isolation.kind_boat_npc", "same-boat NPC")
            if c.kind == "boat_NPC"
            else msg("isolation.kind_pc", "PC")
        )
        profession = c.profession or msg("isolation.no_profession", "no profession")
        if c.late:
            return msg(
                "isolation.character_added_late",
                "{name} joins as a {kind}, {profession} (after play began)",
                name=Ref(c.id, c.name),
                kind=who,
                profession=profession,
            )
        return msg(
            "isolation.character_added",
            "{name} joins as a {kind}, {profession}",
            name=Ref(c.id, c.name),
            kind=who,
            profession=profession,
        )


class CharacterUpdated(IsolationEvent):
    """A character's stats were edited; ``character`` is the new record."""

    kind: ClassVar[str] = "character_updated"
    character: Character
    changed: tuple[str, ...]

    def message(self) -> Message:
        return msg(
            "isolation.character_updated",
            "{name} edited: {changed}",
            name=Ref(self.character.id, self.character.name),
            changed=Listing.of(self.changed, "unit"),
        )


class CharacterRemoved(IsolationEvent):
    kind: ClassVar[str] = "character_removed"
    character_id: str
    name: str

    def message(self) -> Message:
        return msg(
            "isolation.character_removed",
            "{name} removed from the map",
            name=Ref(self.character_id, self.name),
        )


class HealthChanged(IsolationEvent):
    """One step on the health ladder (ISO-R38), down by a wound or up by recovery."""

    kind: ClassVar[str] = "health_changed"
    character_id: str
    old: Health
    new: Health
    reason: str

    def message(self) -> Message:
        return msg(
            "isolation.health_changed",
            "{name}: {old} → {new} ({reason})",
            name=self.ref(self.character_id),
            old=health_words(self.old),
            new=health_words(self.new),
            reason=self.reason,
        )


# --------------------------------------------------------------------------- links


class LinkAdded(IsolationEvent):
    kind: ClassVar[str] = "link_added"
    link: Link
    why: str = ""

    def message(self) -> Message:
        link = self.link.message(self.names)
        if self.why:
            return msg("isolation.link_added_why", "+ {link} ({why})", link=link, why=self.why)
        return msg("isolation.link_added", "+ {link}", link=link)


class LinkRemoved(IsolationEvent):
    """A link left the map; ``why`` is one of cancelled, death, session, gm, character."""

    kind: ClassVar[str] = "link_removed"
    link: Link
    why: str

    def message(self) -> Message:
        return msg(
            "isolation.link_removed",
            "− {link} ({why})",
            link=self.link.message(self.names),
            why=self.why,
        )


class LinkRelabeled(IsolationEvent):
    kind: ClassVar[str] = "link_relabeled"
    link_id: str
    old: str
    new: str
    ends: tuple[str, str] | None = None
    """The two characters the link joins (journals before ends were recorded have none)."""

    def message(self) -> Message:
        if self.ends:
            return msg(
                "isolation.link_relabeled",
                "link between {a} and {b} relabeled “{old}” → “{new}”",
                a=self.ref(self.ends[0]),
                b=self.ref(self.ends[1]),
                old=self.old,
                new=self.new,
            )
        # The ends name the link; a journal from before they were kept has only its id.
        return msg(
            "isolation.link_relabeled_by_id",
            "link {link} relabeled “{old}” → “{new}”",
            link=self.link_id,
            old=self.old,
            new=self.new,
        )


# --------------------------------------------------------------------------- scenario


class StressChanged(IsolationEvent):
    """The Stress Level moved (ISO-R34..R36); ``requested`` is the change asked for
    before the floor or ceiling applied. ``source`` ``"settings"``: new house-rule
    bounds moved it onto the nearest bound (ISO-A18), or, before play begins, a new
    ``stress_start`` moved it to the new opening level (ISO-A19)."""

    kind: ClassVar[str] = "stress_changed"
    old: int
    new: int
    reason: str
    source: Literal["start", "gm", "result", "settings"]
    requested: int = 0

    def message(self) -> Message:
        said = msg(
            "isolation.stress_changed",
            "Stress {old} → {new}: {reason}",
            old=self.old,
            new=self.new,
            reason=self.reason,
        )
        if self.requested and self.requested != self.new - self.old:
            said = msg(
                "isolation.stress_held",
                "{said} ({requested} asked, held by the bounds)",
                said=said,
                requested=signed(self.requested),
            )
        if self.source == "gm" and abs(self.requested) > GM_STEP:
            said = msg(
                "isolation.stress_gm_step_advice",
                "{said}; more than the text's 1 to {most} points per event (ISO-R35, advice)",
                said=said,
                most=GM_STEP,
            )
        if self.source == "start" and self.new not in STARTING_STRESS:
            said = msg(
                "isolation.stress_start_advice",
                "{said}; the text starts Stress at 1, 2 or 3 (ISO-R36, advice)",
                said=said,
            )
        return said


class ThreatChanged(IsolationEvent):
    kind: ClassVar[str] = "threat_changed"
    present: bool

    def message(self) -> Message:
        if self.present:
            return msg("isolation.threat_present", "the GM marks a threat present")
        return msg("isolation.threat_gone", "nothing threatens now")


class PlayStarted(IsolationEvent):
    """Character creation is over (ISO-R06); the first conflict also starts play."""

    kind: ClassVar[str] = "play_started"

    def message(self) -> Message:
        return msg("isolation.play_started", "play begins")


class SessionEnded(IsolationEvent):
    kind: ClassVar[str] = "session_ended"
    session: int

    def message(self) -> Message:
        return msg(
            "isolation.session_ended",
            "session {session} ends; pair rolls may be made (ISO-R45)",
            session=self.session,
        )


class SessionBegun(IsolationEvent):
    kind: ClassVar[str] = "session_begun"
    session: int

    def message(self) -> Message:
        return msg("isolation.session_begun", "session {session} begins", session=self.session)


class PairRolled(IsolationEvent):
    """A pair's session-end roll (ISO-R45): their green links against their red links."""

    kind: ClassVar[str] = "pair_rolled"
    a: str
    b: str
    green: RollField
    red: RollField
    evens: int
    odds: int

    def result(self) -> Message:
        """What the roll lets or makes the pair do (the end of :meth:`message`)."""
        if self.evens > self.odds:
            return msg(
                "isolation.pair_roll_evens",
                "more evens: they may erase a labeled red or add a labeled green",
            )
        if self.odds > self.evens:
            return msg(
                "isolation.pair_roll_odds",
                "more odds: they must erase a labeled green or add a labeled red",
            )
        return msg("isolation.pair_roll_tie", "a tie: nothing changes")

    def message(self) -> Message:
        return msg(
            "isolation.pair_rolled",
            "pair roll {pair}: green [{green}] {evens}, red [{red}] {odds}; {result}",
            pair=self.pair_of(self.a, self.b),
            green=self.green.faces_text(),
            evens=evens_word(self.evens),
            red=self.red.faces_text(),
            odds=odds_word(self.odds),
            result=self.result(),
        )


class PairOutcome(IsolationEvent):
    """How a pair roll was settled (ISO-R45); ``void`` when one of the pair died or left
    the map before choosing (``why`` says which), so the roll no longer waits."""

    kind: ClassVar[str] = "pair_outcome"
    a: str
    b: str
    choice: Literal["erase_red", "add_green", "erase_green", "add_red", "nothing", "void"]
    why: str = ""

    def message(self) -> Message:
        choice = {
            "erase_red": msg("isolation.choice_erase_red", "erase red"),
            "add_green": msg("isolation.choice_add_green", "add green"),
            "erase_green": msg("isolation.choice_erase_green", "erase green"),
            "add_red": msg("isolation.choice_add_red", "add red"),
            "nothing": msg("isolation.choice_nothing", "nothing"),
            "void": msg("isolation.choice_void", "void"),
        }[self.choice]
        pair = self.pair_of(self.a, self.b)
        if self.why:
            return msg(
                "isolation.pair_outcome_why",
                "pair {pair}: {choice} ({why})",
                pair=pair,
                choice=choice,
                why=self.why,
            )
        return msg("isolation.pair_outcome", "pair {pair}: {choice}", pair=pair, choice=choice)


class DeathGreensShared(IsolationEvent):
    """How a dead character's labeled greens were shared out (ISO-R44, ISO-A24)."""

    kind: ClassVar[str] = "death_greens_shared"
    dead: str
    greens: int
    pairs: int
    each: int
    remainder: int
    remainder_rule: Literal["gm_choice", "random", "drop"]
    pending: int = 0
    picks: list[RollField] = Field(default_factory=list)
    """The rolls that placed the leftover greens at random (one die per pick)."""

    def message(self) -> Message:
        dead = self.ref(self.dead)
        if not self.greens:
            return msg("isolation.death_no_greens", "{dead} had no green links to share", dead=dead)
        if self.pairs == 0:
            return msg(
                "isolation.death_greens_lost",
                "{dead}'s {greens} green links are lost: fewer than two survivors",
                dead=dead,
                greens=self.greens,
            )
        shared = {"dead": dead, "greens": self.greens, "each": self.each, "pairs": self.pairs}
        if not self.remainder:
            return msg(
                "isolation.death_greens_shared",
                "{dead}'s {greens} green links: {each} to each of {pairs} pairs",
                **shared,
            )
        if self.remainder_rule == "gm_choice":
            return msg(
                "isolation.death_greens_shared_gm",
                "{dead}'s {greens} green links: {each} to each of {pairs} pairs, "
                "{remainder} left over for the GM to place",
                **shared,
                remainder=self.remainder,
            )
        if self.remainder_rule == "random":
            return msg(
                "isolation.death_greens_shared_random",
                "{dead}'s {greens} green links: {each} to each of {pairs} pairs, "
                "{remainder} left over placed at random",
                **shared,
                remainder=self.remainder,
            )
        return msg(
            "isolation.death_greens_shared_drop",
            "{dead}'s {greens} green links: {each} to each of {pairs} pairs, "
            "{remainder} left over dropped",
            **shared,
            remainder=self.remainder,
        )


class DeathGreensDropped(IsolationEvent):
    """Leftover greens of a death that can no longer be placed (ISO-A24).

    They go to *different* living pairs, so when a later death (or a removal)
    leaves fewer living pairs than greens owed, the owed count drops to the
    number of pairs; with fewer than two survivors it drops to zero.
    """

    kind: ClassVar[str] = "death_greens_dropped"
    dead: str
    dropped: int = Field(ge=1)
    left: int = Field(ge=0)

    def message(self) -> Message:
        if not self.left:
            return plural(
                "isolation.death_greens_dropped_all",
                "{dead}'s {n} leftover green link is lost: fewer than two survivors",
                "{dead}'s {n} leftover green links are lost: fewer than two survivors",
                n=self.dropped,
                dead=self.ref(self.dead),
            )
        return plural(
            "isolation.death_greens_dropped",
            "{dropped} of {dead}'s leftover green links are lost: only {n} living pair "
            "remains to take one each",
            "{dropped} of {dead}'s leftover green links are lost: only {n} living pairs "
            "remain to take one each",
            n=self.left,
            dropped=self.dropped,
            dead=self.ref(self.dead),
        )


class DeathGreensPlaced(IsolationEvent):
    kind: ClassVar[str] = "death_greens_placed"
    dead: str
    pairs: list[tuple[str, str]]

    def message(self) -> Message:
        return msg(
            "isolation.death_greens_placed",
            "the GM places {dead}'s leftover green links: {pairs}",
            dead=self.ref(self.dead),
            pairs=Listing.of((self.pair_of(a, b) for a, b in self.pairs), "unit"),
        )


# --------------------------------------------------------------------------- conflicts


class ConflictProposed(IsolationEvent):
    """A suggestion spoken aloud; it is now the character's action (ISO-R15)."""

    kind: ClassVar[str] = "conflict_proposed"
    number: int = Field(ge=1)
    ap: str
    action: str
    mode: Mode
    pps: tuple[str, ...]
    defaulted: tuple[str, ...] = ()
    target: str | None = None
    physical: bool = False
    automatic: bool = False
    difficulty: int | None = None
    factors: tuple[Factors, ...] = ()
    declared_hostile: tuple[str, ...] = ()

    def _how(self) -> Message:
        pps = self.people(self.pps)
        if self.mode == "persuade_all":
            return msg("isolation.mode_persuade_all", "persuading {pps}", pps=pps)
        if self.mode == "subset":
            return msg(
                "isolation.mode_subset",
                "persuading {pps} (Neutral by default: {defaulted})",
                pps=pps,
                defaulted=self.people(self.defaulted),
            )
        if self.mode == "alone":
            return msg("isolation.mode_alone", "going alone")
        target = self.ref(self.target or "?")
        if self.pps:
            return msg(
                "isolation.mode_direct_persuading",
                "acting against {target}, persuading {pps}",
                target=target,
                pps=pps,
            )
        return msg("isolation.mode_direct_alone", "acting against {target}, alone", target=target)

    def message(self) -> Message:
        said = msg(
            "isolation.conflict_proposed",
            "conflict {number}: {ap} proposes “{action}”, {how}",
            number=self.number,
            ap=self.ref(self.ap),
            action=self.action,
            how=self._how(),
        )
        if self.physical:
            said = msg("isolation.proposed_physical", "{said} [physically threatening]", said=said)
        if self.automatic:
            said = msg("isolation.proposed_automatic", "{said} — Stress 0: no rolls", said=said)
        return said


class FactorsSet(IsolationEvent):
    kind: ClassVar[str] = "factors_set"
    factors: Factors

    def message(self) -> Message:
        f = self.factors
        parts: list[str | Message] = [
            name
            for name in ("profession", "goal_for", "goal_against", "bias_for", "bias_against")
            if getattr(f, name)
        ]
        for name in ("roleplay", "extra_green", "extra_red"):
            if getattr(f, name):
                parts.append(
                    msg(
                        "isolation.factor_dice",
                        "{factor} {dice}",
                        factor=name,
                        dice=getattr(f, name),
                    )
                )
        if f.relevant_links:
            parts.append(
                msg(
                    "isolation.factor_links",
                    "relevant links {links}",
                    links=Listing.of(f.relevant_links, "unit"),
                )
            )
        return msg(
            "isolation.factors_set",
            "modifiers for {name}: {factors}",
            name=self.ref(f.character),
            factors=Listing.of(parts, "unit") if parts else msg("isolation.no_factors", "none"),
        )


class PhysicalMarked(IsolationEvent):
    kind: ClassVar[str] = "physical_marked"
    physical: bool

    def message(self) -> Message:
        if self.physical:
            return msg("isolation.physical", "the conflict is physically threatening")
        return msg("isolation.not_physical", "the conflict is not physically threatening")


class HostileDeclared(IsolationEvent):
    """A PP chose Hostile without rolling (ISO-R13, ISO-A13)."""

    kind: ClassVar[str] = "hostile_declared"
    character: str

    def message(self) -> Message:
        return msg(
            "isolation.hostile_declared",
            "{name} works against the AP without rolling",
            name=self.ref(self.character),
        )


class DifficultySet(IsolationEvent):
    kind: ClassVar[str] = "difficulty_set"
    difficulty: int = Field(ge=1, le=6)

    def message(self) -> Message:
        return msg(
            "isolation.difficulty_set",
            "Difficulty {name} ({difficulty})",
            name=difficulty_words(self.difficulty),
            difficulty=self.difficulty,
        )


class DiceRolled(IsolationEvent):
    """One pool of a conflict rolled or typed in, with its count read."""

    kind: ClassVar[str] = "dice_rolled"
    who: str
    colour: Colour
    role: str
    roll: RollField

    def message(self) -> Message:
        said = {
            "how": (
                msg("isolation.typed", "typed")
                if self.roll.source == "typed"
                else msg("isolation.rolled", "rolled")
            ),
            "colour": colour_words(self.colour),
            "faces": self.roll.faces_text() or msg("isolation.no_dice", "no dice"),
            "count": (
                evens_word(self.roll.evens) if self.colour == "green" else odds_word(self.roll.odds)
            ),
        }
        if self.who == GM:
            return msg(
                "isolation.dice_rolled_gm", "the GM {how} {colour} [{faces}]: {count}", **said
            )
        return msg(
            "isolation.dice_rolled",
            "{name} ({role}) {how} {colour} [{faces}]: {count}",
            name=self.ref(self.who),
            role=self.role,
            **said,
        )


class StancesRead(IsolationEvent):
    """The first interpretation (ISO-R23..R25) once every first-stage pool is rolled."""

    kind: ClassVar[str] = "stances_read"
    reading: FirstReading

    def message(self) -> Message:
        r = self.reading
        readings = [
            msg(
                "isolation.stance_reading",
                "{name} net {net} → {allowed}",
                name=self.ref(p.character),
                net=signed(p.net),
                allowed="/".join(p.allowed),
            )
            for p in r.readings
        ]
        said = msg(
            "isolation.stances_read",
            "first reading: the Active Player's odds {odds}; {reading}",
            odds=r.ap_odds,
            reading=readings[0] if readings else "",
        )
        for reading in readings[1:]:
            said = msg(
                "isolation.stances_read_more", "{said}; {reading}", said=said, reading=reading
            )
        return said


class StanceChosen(IsolationEvent):
    kind: ClassVar[str] = "stance_chosen"
    character: str
    stance: Stance
    rolled: Stance
    allowed: tuple[Stance, ...]

    def message(self) -> Message:
        if self.stance != self.rolled:
            return msg(
                "isolation.stance_chosen_not_rolled",
                "{name} is {stance} (rolled {rolled})",
                name=self.ref(self.character),
                stance=stance_words(self.stance),
                rolled=stance_words(self.rolled),
            )
        return msg(
            "isolation.stance_chosen",
            "{name} is {stance}",
            name=self.ref(self.character),
            stance=stance_words(self.stance),
        )


class Downgraded(IsolationEvent):
    """A defaulted Neutral (or, going alone, a volunteer) turns Hostile (ISO-R41, ISO-R42)."""

    kind: ClassVar[str] = "downgraded"
    character: str
    dice: int

    def message(self) -> Message:
        return msg(
            "isolation.downgraded",
            "{name} turns Hostile and will roll {dice} red dice",
            name=self.ref(self.character),
            dice=self.dice,
        )


class ConflictResolved(IsolationEvent):
    """The second interpretation, with the explanation lines a log shows."""

    kind: ClassVar[str] = "conflict_resolved"
    number: int
    resolution: Resolution
    explanation: Explanation | None = None

    def message(self) -> Message:
        r = self.resolution
        if r.automatic:
            return msg(
                "isolation.conflict_automatic",
                "conflict {number}: automatic {degree} (Stress 0, no roll)",
                number=self.number,
                degree=degree_words(r.degree),
            )
        return msg(
            "isolation.conflict_resolved",
            "conflict {number}: team evens {evens} vs odds {odds}, margin {margin} → {degree}",
            number=self.number,
            evens=r.team_evens,
            odds=r.opposition_odds,
            margin=signed(r.margin or 0),
            degree=degree_words(r.degree),
        )


class WoundsPending(IsolationEvent):
    """Wounds the table still has to distribute (ISO-R39)."""

    kind: ClassVar[str] = "wounds_pending"
    wounds: int
    candidates: tuple[str, ...]

    def message(self) -> Message:
        return plural(
            "isolation.wounds_pending",
            "{n} wound to distribute among {candidates}",
            "{n} wounds to distribute among {candidates}",
            n=self.wounds,
            candidates=self.people(self.candidates),
        )


class WoundsAssigned(IsolationEvent):
    kind: ClassVar[str] = "wounds_assigned"
    assignment: dict[str, int]
    lost: int = 0
    automatic: bool = False

    def message(self) -> Message:
        given = [
            msg("isolation.wounds_given", "{name} ×{wounds}", name=self.ref(who), wounds=n)
            for who, n in self.assignment.items()
            if n
        ]
        shown = Listing.of(given, "unit") if given else msg("isolation.no_wounds", "none")
        if self.automatic:
            said = msg(
                "isolation.wounds_assigned_dying_first",
                "wounds (Dying first): {given}",
                given=shown,
            )
        else:
            said = msg("isolation.wounds_assigned", "wounds: {given}", given=shown)
        if self.lost:
            said = msg("isolation.wounds_lost", "{said}; {lost} lost", said=said, lost=self.lost)
        return said


class ConflictClosed(IsolationEvent):
    kind: ClassVar[str] = "conflict_closed"
    number: int
    degree: Degree

    def message(self) -> Message:
        return msg(
            "isolation.conflict_closed",
            "conflict {number} closed: {degree}",
            number=self.number,
            degree=degree_words(self.degree),
        )


class ConflictCancelled(IsolationEvent):
    """A proposal taken back openly, with a reason (never quietly, ISO-R15)."""

    kind: ClassVar[str] = "conflict_cancelled"
    number: int
    reason: str

    def message(self) -> Message:
        return msg(
            "isolation.conflict_cancelled",
            "conflict {number} cancelled: {reason}",
            number=self.number,
            reason=self.reason,
        )
