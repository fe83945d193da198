"""The Impact System's journal events.

Events are granular so that views can update one piece at a time: a Detail
chip appears (:class:`DetailAdded`), a die on a ladder moves
(:class:`ImpactChanged`, whose ``old``/``new`` steps plot straight onto a
timeline), the test panel advances (:class:`TestOpened` … :class:`TestResolved`).
Each carries the names and texts a person needs to read it in the log without
looking anything up, because a journal line outlives the state it was made in.

Steps are ladder indices (see :mod:`.ladder`): −1 ineffectual, 0 = D4 … 5 = D20,
6 = D20 with a banked step; ``None`` for a scene without an Impact Die.
"""

from __future__ import annotations

from typing import ClassVar, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict

from ...journal import Event, RollField
from .effects import Effect, Hint
from .ladder import Difficulty, step_label

__all__ = [
    "CAUSE_TEXT",
    "AdventureStarted",
    "Cause",
    "CharacterAdded",
    "Cite",
    "CitedDetail",
    "ComplicationAccepted",
    "ComplicationDeclined",
    "ComplicationOffered",
    "DetailAdded",
    "DetailAltered",
    "DetailKindChanged",
    "DetailRemoved",
    "DetailToggled",
    "EffectChosen",
    "FailureSpent",
    "GreatSuccessDeclared",
    "ImpactChanged",
    "ImpactEvent",
    "OpeningScene",
    "RestTaken",
    "SceneAdded",
    "SessionAdvanced",
    "TestCancelled",
    "TestOpened",
    "TestResolved",
    "TestRolled",
    "test_name",
]

Cause: TypeAlias = Literal[
    "damage",
    "avoid_harm",
    "spend",
    "complication",
    "self_complication",
    "heroic",
    "opening_scene",
    "effect",
    "foil",
    "rest",
    "adventure",
    "gm",
]
"""Why an Impact Die moved; a timeline colours its markers by this."""

CAUSE_TEXT: dict[Cause, str] = {
    "damage": "damage (IMP-R15)",
    "avoid_harm": "failed to avoid harm (IMP-R12, IMP-R15)",
    "spend": "spent to turn a Failure into a Success (IMP-R17)",
    "complication": "accepted a Complication (IMP-R10, IMP-R18a)",
    "self_complication": "took on a Complication tied to a Detail (IMP-R18b)",
    "heroic": "a heroic act (IMP-R18c)",
    "opening_scene": "opening scene (IMP-R20)",
    "effect": "Success effect (IMP-R09)",
    "foil": "the adversary's plan succeeded (IMP-R13)",
    "rest": "rest reset (IMP-R19)",
    "adventure": "new adventure: back to the starting die (IMP-R14)",
    "gm": "set by the GM",
}
"""How each cause reads in the journal, with the rule behind it."""


def test_name(test: str) -> str:
    """A test's id as the log reads it: ``"test-3"`` → ``"Test 3"``.

    The id stays in the event (views and tools find the test by it); a person reading
    the log sees the test's number, as with "rest break #2" or "adventure 2".
    """
    number = test.rpartition("-")[2]
    return f"Test {number}" if number.isdigit() else test


class ImpactEvent(Event):
    """Base of the Impact System's events."""

    system: ClassVar[str] = "impact"
    __test__: ClassVar[bool] = False  # "TestRolled" & co. are not pytest test classes


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Cite(_Data):
    """A citation inside :class:`TestOpened`."""

    detail: str
    sign: Literal["helps", "hinders"]


class CitedDetail(_Data):
    """A Detail as it counted in a roll: id, text and whose it is (snapshot)."""

    detail: str
    text: str
    owner: str
    owner_name: str
    helper: bool = False


# --------------------------------------------------------------------------- cast


class CharacterAdded(ImpactEvent):
    kind: ClassVar[str] = "character_added"
    character: str
    name: str
    role: Literal["pc", "npc"]
    step: int

    def describe(self) -> str:
        what = "a PC" if self.role == "pc" else "an NPC adversary"
        return f"{self.name} joins as {what} (Impact {step_label(self.step)})"


class SceneAdded(ImpactEvent):
    kind: ClassVar[str] = "scene_added"
    scene: str
    name: str
    step: int | None = None

    def describe(self) -> str:
        die = f" (Impact {step_label(self.step)})" if self.step is not None else ""
        return f"scene {self.name!r}{die}"


class DetailAdded(ImpactEvent):
    kind: ClassVar[str] = "detail_added"
    detail: str
    owner: str
    owner_name: str
    detail_kind: Literal["character", "scene", "temporary"]
    text: str
    hint: Hint = "either"
    origin: Literal[
        "gm", "success", "complication", "self_complication", "avoid_harm", "foil", "opening_scene"
    ] = "gm"
    related: str | None = None
    test: str | None = None

    def describe(self) -> str:
        notes = [] if self.hint == "either" else [f"usually {self.hint}"]
        if self.origin != "gm":
            notes.append(f"from {self.origin.replace('_', ' ')}")
        extra = f" ({', '.join(notes)})" if notes else ""
        return f"{self.detail_kind.capitalize()} Detail {self.text!r} on {self.owner_name}{extra}"


class DetailRemoved(ImpactEvent):
    kind: ClassVar[str] = "detail_removed"
    detail: str
    text: str
    owner_name: str
    reason: str = ""
    test: str | None = None

    def describe(self) -> str:
        why = f": {self.reason}" if self.reason else ""
        return f"Detail {self.text!r} on {self.owner_name} removed{why}"


class DetailAltered(ImpactEvent):
    kind: ClassVar[str] = "detail_altered"
    detail: str
    old_text: str
    text: str
    old_hint: Hint
    hint: Hint
    reason: str = ""
    test: str | None = None

    def describe(self) -> str:
        parts = []
        if self.text != self.old_text:
            parts.append(f"{self.old_text!r} → {self.text!r}")
        if self.hint != self.old_hint:
            parts.append(f"{self.old_hint} → {self.hint}")
        why = f" ({self.reason})" if self.reason else ""
        return f"Detail {self.old_text!r} altered: {'; '.join(parts) or 'unchanged'}{why}"


class DetailKindChanged(ImpactEvent):
    """A Detail marked temporary, or made lasting again (IMP-R01): on a character
    between Character and Temporary, on a scene or the world between Scene and
    Temporary."""

    kind: ClassVar[str] = "detail_kind_changed"
    detail: str
    text: str
    owner_name: str
    old_kind: Literal["character", "scene", "temporary"]
    detail_kind: Literal["character", "scene", "temporary"]
    reason: str = ""
    test: str | None = None
    uncited: bool = False
    """The test not yet rolled cited it where its new kind does not count: it drops out."""

    def describe(self) -> str:
        why = f": {self.reason}" if self.reason else ""
        dropped = "; no longer cited in the open test" if self.uncited else ""
        return (
            f"Detail {self.text!r} on {self.owner_name} is now a "
            f"{self.detail_kind.capitalize()} Detail (was {self.old_kind}){why}{dropped}"
        )


class DetailToggled(ImpactEvent):
    kind: ClassVar[str] = "detail_toggled"
    detail: str
    text: str
    active: bool
    reason: str = ""
    test: str | None = None

    def describe(self) -> str:
        state = "usable again" if self.active else "disabled (cannot be cited)"
        why = f": {self.reason}" if self.reason else ""
        return f"Detail {self.text!r} {state}{why}"


class ImpactChanged(ImpactEvent):
    """An Impact Die moved (or an earned step was lost at the top: ``old == new``)."""

    kind: ClassVar[str] = "impact_changed"
    who: str
    name: str
    old: int | None
    new: int | None
    cause: Cause
    reason: str = ""
    test: str | None = None

    @property
    def delta(self) -> int:
        if self.old is None or self.new is None:
            return 0
        return self.new - self.old

    def describe(self) -> str:
        why = self.reason or CAUSE_TEXT[self.cause]
        if self.old == self.new:
            return f"{self.name} stays at {step_label(self.new)} ({why})"
        return f"{self.name}: {step_label(self.old)} → {step_label(self.new)} ({why})"


# --------------------------------------------------------------------------- tests


class TestOpened(ImpactEvent):
    kind: ClassVar[str] = "test_opened"
    test: str
    test_kind: Literal["action", "avoid_harm", "foil"]
    actor: str
    actor_name: str
    difficulty: Difficulty | None = None
    threat: str | None = None
    threat_name: str | None = None
    cost_detail: str | None = None
    intent: Effect | None = None
    helpers: tuple[str, ...] = ()
    citations: tuple[Cite, ...] = ()

    def describe(self) -> str:
        if self.test_kind == "avoid_harm":
            cost = f"Detail {self.cost_detail!r}" if self.cost_detail else "Impact steps"
            return (
                f"{test_name(self.test)}: {self.actor_name} rolls to Avoid Harm from "
                f"{self.threat_name}; failure costs {cost}"
            )
        if self.test_kind == "foil":
            return (
                f"{test_name(self.test)}: {self.actor_name} rolls to foil "
                f"{self.threat_name}'s plan ({self.difficulty})"
            )
        return f"{test_name(self.test)}: {self.actor_name} attempts a {self.difficulty} action"


class TestCancelled(ImpactEvent):
    """An opened test called off before its roll.

    Kept as an event (the other edits of a test before its roll are a draft,
    never journaled) because undo cannot stand in for it: a test opened and
    then overtaken by the table (its roller knocked out, its adversary
    defeated, IMP-A13) can no longer be rolled, and the actions taken since its
    opening must stay; the journal also keeps that the test was attempted.
    """

    kind: ClassVar[str] = "test_cancelled"
    test: str

    def describe(self) -> str:
        return f"{test_name(self.test)} called off before the roll"


class TestRolled(ImpactEvent):
    """The roll of a test, with every number that went into it and how it reads."""

    kind: ClassVar[str] = "test_rolled"
    test: str
    test_kind: Literal["action", "avoid_harm", "foil"]
    roll: RollField
    task_die: str
    impact_die: str | None
    die: str
    helps: tuple[CitedDetail, ...] = ()
    hinders: tuple[CitedDetail, ...] = ()
    bonus: int
    penalty: int
    total: int
    target: int
    great: bool = False
    explanation: str

    @property
    def face(self) -> int:
        return self.roll.faces[0]

    @property
    def success(self) -> bool:
        return self.total >= self.target

    def describe(self) -> str:
        return f"{test_name(self.test)}: {self.explanation}"


class GreatSuccessDeclared(ImpactEvent):
    kind: ClassVar[str] = "great_success_declared"
    test: str

    def describe(self) -> str:
        return f"{test_name(self.test)}: the GM declares a Great Success"


class ComplicationOffered(ImpactEvent):
    kind: ClassVar[str] = "complication_offered"
    test: str
    text: str
    hint: Hint = "hinders"
    warning: str = ""

    def describe(self) -> str:
        warn = f" (warning: {self.warning})" if self.warning else ""
        return f"{test_name(self.test)}: the GM offers the Complication {self.text!r}{warn}"


class ComplicationAccepted(ImpactEvent):
    kind: ClassVar[str] = "complication_accepted"
    test: str
    text: str

    def describe(self) -> str:
        return f"{test_name(self.test)}: Complication {self.text!r} accepted"


class ComplicationDeclined(ImpactEvent):
    kind: ClassVar[str] = "complication_declined"
    test: str
    text: str

    def describe(self) -> str:
        return f"{test_name(self.test)}: Complication {self.text!r} declined; the Failure stands"


class FailureSpent(ImpactEvent):
    kind: ClassVar[str] = "failure_spent"
    test: str

    def describe(self) -> str:
        return f"{test_name(self.test)}: an Impact step is spent to turn the Failure into a Success"


class EffectChosen(ImpactEvent):
    kind: ClassVar[str] = "effect_chosen"
    test: str
    effect: Effect
    summary: str

    def describe(self) -> str:
        return f"{test_name(self.test)}: {self.summary}"


class TestResolved(ImpactEvent):
    kind: ClassVar[str] = "test_resolved"
    test: str
    test_kind: Literal["action", "avoid_harm", "foil"]
    actor: str
    outcome: Literal["success", "great_success", "failure"]
    spent: bool = False
    complication: bool = False
    summary: str

    def describe(self) -> str:
        return f"{test_name(self.test)}: {self.summary}"


# --------------------------------------------------------------------------- adventure


class OpeningScene(ImpactEvent):
    kind: ClassVar[str] = "opening_scene"
    character: str
    name: str
    detail: str
    detail_text: str
    text: str = ""

    def describe(self) -> str:
        scene = f": {self.text}" if self.text else ""
        return f"{self.name}'s opening scene addresses {self.detail_text!r}{scene}"


class RestTaken(ImpactEvent):
    kind: ClassVar[str] = "rest_taken"
    rest: int
    characters: tuple[str, ...]

    def describe(self) -> str:
        return f"rest break #{self.rest}"


class SessionAdvanced(ImpactEvent):
    kind: ClassVar[str] = "session_advanced"
    session: int

    def describe(self) -> str:
        return f"session {self.session} begins; Impact Dice carry over"


class AdventureStarted(ImpactEvent):
    kind: ClassVar[str] = "adventure_started"
    adventure: int

    def describe(self) -> str:
        return f"adventure {self.adventure} begins"
