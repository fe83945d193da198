"""Isolation's journal events.

Each event is one fact, small enough for a view to update incrementally: a graph
adapter adds an edge on :class:`LinkAdded` and drops one on :class:`LinkRemoved`
without redrawing the map; a stress plot appends a point on
:class:`StressChanged`. The events carry the values they introduce (a whole
:class:`~.model.Link`, a whole roll), so replaying them needs no dice and no
judgement: :data:`~.fold.fold` only folds them in.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, model_serializer

from ...journal import Event, RollField
from ._common import faces_word
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
    names: dict[str, str] = Field(default_factory=dict)

    @model_serializer(mode="wrap")
    def _without_empty_names(self, handler: Any) -> Any:
        """Leave ``names`` out of the journal line when it is empty, so an event that
        names nobody is written exactly as before events carried names."""
        data = handler(self)
        if isinstance(data, dict) and not data.get("names"):
            data.pop("names", None)
        return data

    def name_of(self, character_id: str) -> str:
        """``character_id`` as the table called that character (the id when unknown)."""
        return self.names.get(character_id, character_id)

    def listed(self, ids: list[str] | tuple[str, ...]) -> str:
        """Several characters by name, or "nobody"."""
        return ", ".join(self.name_of(i) for i in ids) if ids else "nobody"

    def pair(self, a: str, b: str) -> str:
        """A pair by name: ``Alice–Bob``."""
        return f"{self.name_of(a)}–{self.name_of(b)}"


# --------------------------------------------------------------------------- characters


class CharacterAdded(IsolationEvent):
    kind: ClassVar[str] = "character_added"
    character: Character

    def describe(self) -> str:
        c = self.character
        who = "same-boat NPC" if c.kind == "boat_NPC" else "PC"
        late = " (after play began)" if c.late else ""
        return f"{c.name} joins as a {who}, {c.profession or 'no profession'}{late}"


class CharacterUpdated(IsolationEvent):
    """A character's stats were edited; ``character`` is the new record."""

    kind: ClassVar[str] = "character_updated"
    character: Character
    changed: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.character.name} edited: {', '.join(self.changed)}"


class CharacterRemoved(IsolationEvent):
    kind: ClassVar[str] = "character_removed"
    character_id: str
    name: str

    def describe(self) -> str:
        return f"{self.name} removed from the map"


class HealthChanged(IsolationEvent):
    """One step on the health ladder (ISO-R38), down by a wound or up by recovery."""

    kind: ClassVar[str] = "health_changed"
    character_id: str
    old: Health
    new: Health
    reason: str

    def describe(self) -> str:
        return f"{self.name_of(self.character_id)}: {self.old} → {self.new} ({self.reason})"


# --------------------------------------------------------------------------- links


class LinkAdded(IsolationEvent):
    kind: ClassVar[str] = "link_added"
    link: Link
    why: str = ""

    def describe(self) -> str:
        why = f" ({self.why})" if self.why else ""
        return f"+ {self.link.describe(self.names)}{why}"


class LinkRemoved(IsolationEvent):
    """A link left the map; ``why`` is one of cancelled, death, session, gm, character."""

    kind: ClassVar[str] = "link_removed"
    link: Link
    why: str

    def describe(self) -> str:
        return f"− {self.link.describe(self.names)} ({self.why})"


class LinkRelabeled(IsolationEvent):
    kind: ClassVar[str] = "link_relabeled"
    link_id: str
    old: str
    new: str
    ends: tuple[str, str] | None = None
    """The two characters the link joins (journals before ends were recorded have none)."""

    def describe(self) -> str:
        ends = ""
        if self.ends:
            ends = f" between {self.name_of(self.ends[0])} and {self.name_of(self.ends[1])}"
        # The ends name the link; a journal from before they were kept has only its id.
        return f"link{ends or ' ' + self.link_id} relabeled “{self.old}” → “{self.new}”"


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

    def describe(self) -> str:
        notes = ""
        if self.requested and self.requested != self.new - self.old:
            notes = f" ({self.requested:+d} asked, held by the bounds)"
        if self.source == "gm" and abs(self.requested) > GM_STEP:
            notes += f"; more than the text's 1 to {GM_STEP} points per event (ISO-R35, advice)"
        if self.source == "start" and self.new not in STARTING_STRESS:
            notes += "; the text starts Stress at 1, 2 or 3 (ISO-R36, advice)"
        return f"Stress {self.old} → {self.new}: {self.reason}{notes}"


class ThreatChanged(IsolationEvent):
    kind: ClassVar[str] = "threat_changed"
    present: bool

    def describe(self) -> str:
        return "the GM marks a threat present" if self.present else "nothing threatens now"


class PlayStarted(IsolationEvent):
    """Character creation is over (ISO-R06); the first conflict also starts play."""

    kind: ClassVar[str] = "play_started"

    def describe(self) -> str:
        return "play begins"


class SessionEnded(IsolationEvent):
    kind: ClassVar[str] = "session_ended"
    session: int

    def describe(self) -> str:
        return f"session {self.session} ends; pair rolls may be made (ISO-R45)"


class SessionBegun(IsolationEvent):
    kind: ClassVar[str] = "session_begun"
    session: int

    def describe(self) -> str:
        return f"session {self.session} begins"


class PairRolled(IsolationEvent):
    """A pair's session-end roll (ISO-R45): their green links against their red links."""

    kind: ClassVar[str] = "pair_rolled"
    a: str
    b: str
    green: RollField
    red: RollField
    evens: int
    odds: int

    def describe(self) -> str:
        if self.evens > self.odds:
            result = "more evens: they may erase a labeled red or add a labeled green"
        elif self.odds > self.evens:
            result = "more odds: they must erase a labeled green or add a labeled red"
        else:
            result = "a tie: nothing changes"
        return (
            f"pair roll {self.pair(self.a, self.b)}: green [{self.green.faces_text()}] "
            f"{faces_word(self.evens, 'even')}, red [{self.red.faces_text()}] "
            f"{faces_word(self.odds, 'odd')}; {result}"
        )


class PairOutcome(IsolationEvent):
    """How a pair roll was settled (ISO-R45); ``void`` when one of the pair died or left
    the map before choosing (``why`` says which), so the roll no longer waits."""

    kind: ClassVar[str] = "pair_outcome"
    a: str
    b: str
    choice: Literal["erase_red", "add_green", "erase_green", "add_red", "nothing", "void"]
    why: str = ""

    def describe(self) -> str:
        why = f" ({self.why})" if self.why else ""
        return f"pair {self.pair(self.a, self.b)}: {self.choice.replace('_', ' ')}{why}"


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

    def describe(self) -> str:
        if not self.greens:
            return f"{self.name_of(self.dead)} had no green links to share"
        dead = self.name_of(self.dead)
        if self.pairs == 0:
            return f"{dead}'s {self.greens} green links are lost: fewer than two survivors"
        text = f"{dead}'s {self.greens} green links: {self.each} to each of {self.pairs} pairs"
        if self.remainder:
            how = {
                "gm_choice": "for the GM to place",
                "random": "placed at random",
                "drop": "dropped",
            }
            text += f", {self.remainder} left over {how[self.remainder_rule]}"
        return text


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

    def describe(self) -> str:
        if not self.left:
            return (
                f"{self.name_of(self.dead)}'s {self.dropped} leftover green "
                f"{'link is' if self.dropped == 1 else 'links are'} lost: fewer than two survivors"
            )
        return (
            f"{self.dropped} of {self.name_of(self.dead)}'s leftover green links are lost: only "
            f"{self.left} living {'pair remains' if self.left == 1 else 'pairs remain'} to take "
            "one each"
        )


class DeathGreensPlaced(IsolationEvent):
    kind: ClassVar[str] = "death_greens_placed"
    dead: str
    pairs: list[tuple[str, str]]

    def describe(self) -> str:
        where = ", ".join(self.pair(a, b) for a, b in self.pairs)
        return f"the GM places {self.name_of(self.dead)}'s leftover green links: {where}"


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

    def describe(self) -> str:
        how = {
            "persuade_all": f"persuading {self.listed(self.pps)}",
            "subset": f"persuading {self.listed(self.pps)} (Neutral by default: "
            f"{self.listed(self.defaulted)})",
            "alone": "going alone",
            "direct": f"acting against {self.name_of(self.target or '?')}"
            + (f", persuading {self.listed(self.pps)}" if self.pps else ", alone"),
        }[self.mode]
        extra = " [physically threatening]" if self.physical else ""
        auto = " — Stress 0: no rolls" if self.automatic else ""
        ap = self.name_of(self.ap)
        return f"conflict {self.number}: {ap} proposes “{self.action}”, {how}{extra}{auto}"


class FactorsSet(IsolationEvent):
    kind: ClassVar[str] = "factors_set"
    factors: Factors

    def describe(self) -> str:
        f = self.factors
        parts = [
            name
            for name in ("profession", "goal_for", "goal_against", "bias_for", "bias_against")
            if getattr(f, name)
        ]
        for name in ("roleplay", "extra_green", "extra_red"):
            if getattr(f, name):
                parts.append(f"{name} {getattr(f, name)}")
        if f.relevant_links:
            parts.append("relevant links " + ", ".join(f.relevant_links))
        return f"modifiers for {self.name_of(f.character)}: {', '.join(parts) or 'none'}"


class PhysicalMarked(IsolationEvent):
    kind: ClassVar[str] = "physical_marked"
    physical: bool

    def describe(self) -> str:
        return (
            "the conflict is physically threatening"
            if self.physical
            else ("the conflict is not physically threatening")
        )


class HostileDeclared(IsolationEvent):
    """A PP chose Hostile without rolling (ISO-R13, ISO-A13)."""

    kind: ClassVar[str] = "hostile_declared"
    character: str

    def describe(self) -> str:
        return f"{self.name_of(self.character)} works against the AP without rolling"


class DifficultySet(IsolationEvent):
    kind: ClassVar[str] = "difficulty_set"
    difficulty: int = Field(ge=1, le=6)

    def describe(self) -> str:
        return f"Difficulty {DIFFICULTY_NAMES[self.difficulty]} ({self.difficulty})"


class DiceRolled(IsolationEvent):
    """One pool of a conflict rolled or typed in, with its count read."""

    kind: ClassVar[str] = "dice_rolled"
    who: str
    colour: Colour
    role: str
    roll: RollField

    def describe(self) -> str:
        source = "typed" if self.roll.source == "typed" else "rolled"
        count = (
            faces_word(self.roll.evens, "even")
            if self.colour == "green"
            else faces_word(self.roll.odds, "odd")
        )
        faces = self.roll.faces_text() or "no dice"
        who = "the GM" if self.who == GM else f"{self.name_of(self.who)} ({self.role})"
        return f"{who} {source} {self.colour} [{faces}]: {count}"


class StancesRead(IsolationEvent):
    """The first interpretation (ISO-R23..R25) once every first-stage pool is rolled."""

    kind: ClassVar[str] = "stances_read"
    reading: FirstReading

    def describe(self) -> str:
        r = self.reading
        parts = [
            f"{self.name_of(p.character)} net {p.net:+d} → {'/'.join(p.allowed)}"
            for p in r.readings
        ]
        return f"first reading: the Active Player's odds {r.ap_odds}; " + "; ".join(parts)


class StanceChosen(IsolationEvent):
    kind: ClassVar[str] = "stance_chosen"
    character: str
    stance: Stance
    rolled: Stance
    allowed: tuple[Stance, ...]

    def describe(self) -> str:
        note = ""
        if self.stance != self.rolled:
            note = f" (rolled {self.rolled})"
        return f"{self.name_of(self.character)} is {self.stance}{note}"


class Downgraded(IsolationEvent):
    """A defaulted Neutral (or, going alone, a volunteer) turns Hostile (ISO-R41, ISO-R42)."""

    kind: ClassVar[str] = "downgraded"
    character: str
    dice: int

    def describe(self) -> str:
        return f"{self.name_of(self.character)} turns Hostile and will roll {self.dice} red dice"


class ConflictResolved(IsolationEvent):
    """The second interpretation, with the explanation lines a log shows."""

    kind: ClassVar[str] = "conflict_resolved"
    number: int
    resolution: Resolution
    explanation: Explanation | None = None

    def describe(self) -> str:
        r = self.resolution
        if r.automatic:
            return f"conflict {self.number}: automatic {r.degree} (Stress 0, no roll)"
        return (
            f"conflict {self.number}: team evens {r.team_evens} vs odds {r.opposition_odds}, "
            f"margin {r.margin:+d} → {r.degree}"
        )


class WoundsPending(IsolationEvent):
    """Wounds the table still has to distribute (ISO-R39)."""

    kind: ClassVar[str] = "wounds_pending"
    wounds: int
    candidates: tuple[str, ...]

    def describe(self) -> str:
        noun = "wound" if self.wounds == 1 else "wounds"
        return f"{self.wounds} {noun} to distribute among {self.listed(self.candidates)}"


class WoundsAssigned(IsolationEvent):
    kind: ClassVar[str] = "wounds_assigned"
    assignment: dict[str, int]
    lost: int = 0
    automatic: bool = False

    def describe(self) -> str:
        given = ", ".join(f"{self.name_of(who)} ×{n}" for who, n in self.assignment.items() if n)
        how = " (Dying first)" if self.automatic else ""
        lost = f"; {self.lost} lost" if self.lost else ""
        return f"wounds{how}: {given or 'none'}{lost}"


class ConflictClosed(IsolationEvent):
    kind: ClassVar[str] = "conflict_closed"
    number: int
    degree: Degree

    def describe(self) -> str:
        return f"conflict {self.number} closed: {self.degree}"


class ConflictCancelled(IsolationEvent):
    """A proposal taken back openly, with a reason (never quietly, ISO-R15)."""

    kind: ClassVar[str] = "conflict_cancelled"
    number: int
    reason: str

    def describe(self) -> str:
        return f"conflict {self.number} cancelled: {self.reason}"
