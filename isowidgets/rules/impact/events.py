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

from typing import Any, ClassVar, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer

from ...journal import Event, RollField
from ...words import Message, Ref, msg, render
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
    "EffectDone",
    "Ending",
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
    "difficulty_said",
    "test_name",
    "test_said",
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
    return render(test_said(test))


def test_said(test: str) -> Message:
    """:func:`test_name` as a message (a value of the events' messages)."""
    number = test.rpartition("-")[2]
    if number.isdigit():
        return msg("impact.test_number", "Test {number}", number=number)
    return msg("impact.test_id", "{test}", test=test)


_DIFFICULTIES: dict[str, Message] = {
    "Simple": msg("impact.difficulty.simple", "Simple"),
    "Routine": msg("impact.difficulty.routine", "Routine"),
    "Tricky": msg("impact.difficulty.tricky", "Tricky"),
    "Difficult": msg("impact.difficulty.difficult", "Difficult"),
    "Unlikely": msg("impact.difficulty.unlikely", "Unlikely"),
    "Impossible": msg("impact.difficulty.impossible", "Impossible"),
}
"""A Difficulty (T-IMP-1) as a person reads it (``a Tricky action``)."""


def difficulty_said(difficulty: str | None) -> Message | str:
    """A test's Difficulty in the reader's words (``"Tricky"`` → *Vanskelig* in Danish);
    ``"?"`` for none, and any other text as it is."""
    if difficulty is None:
        return "?"
    return _DIFFICULTIES.get(difficulty, difficulty)


def _quoted(text: str) -> str:
    """A text the table typed as the log quotes it (``'Bleeding'``)."""
    return repr(text)


_DETAIL_KINDS: dict[str, Message] = {
    "character": msg("impact.detail_kind.character", "Character"),
    "scene": msg("impact.detail_kind.scene", "Scene"),
    "temporary": msg("impact.detail_kind.temporary", "Temporary"),
}
"""A Detail's kind as a title word (``Temporary Detail``)."""

_DETAIL_KINDS_LOWER: dict[str, Message] = {
    "character": msg("impact.detail_kind_lower.character", "character"),
    "scene": msg("impact.detail_kind_lower.scene", "scene"),
    "temporary": msg("impact.detail_kind_lower.temporary", "temporary"),
}
"""A Detail's kind as a plain word (``was temporary``)."""

_HINTS: dict[str, Message] = {
    "helps": msg("impact.hint.helps", "helps"),
    "hinders": msg("impact.hint.hinders", "hinders"),
    "either": msg("impact.hint.either", "either"),
}

_ORIGINS: dict[str, Message] = {
    "success": msg("impact.origin.success", "success"),
    "complication": msg("impact.origin.complication", "complication"),
    "self_complication": msg("impact.origin.self_complication", "self complication"),
    "avoid_harm": msg("impact.origin.avoid_harm", "avoid harm"),
    "foil": msg("impact.origin.foil", "foil"),
    "opening_scene": msg("impact.origin.opening_scene", "opening scene"),
}
"""Where a Detail came from, as the log says it (a GM's Detail says nothing)."""


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

    def message(self) -> Message:
        who = Ref(self.character, self.name)
        if self.role == "pc":
            return msg(
                "impact.pc_joins",
                "{who} joins as a PC (Impact {step})",
                who=who,
                step=step_label(self.step),
            )
        return msg(
            "impact.npc_joins",
            "{who} joins as an NPC adversary (Impact {step})",
            who=who,
            step=step_label(self.step),
        )


class SceneAdded(ImpactEvent):
    kind: ClassVar[str] = "scene_added"
    scene: str
    name: str
    step: int | None = None

    def message(self) -> Message:
        if self.step is None:
            return msg("impact.scene_added", "scene {scene}", scene=_quoted(self.name))
        return msg(
            "impact.scene_added_with_die",
            "scene {scene} (Impact {step})",
            scene=_quoted(self.name),
            step=step_label(self.step),
        )


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

    def message(self) -> Message:
        values = {
            "kind": _DETAIL_KINDS[self.detail_kind],
            "text": _quoted(self.text),
            "owner": Ref(self.owner, self.owner_name),
        }
        hint, origin = _HINTS[self.hint], _ORIGINS.get(self.origin)
        if self.hint == "either" and origin is None:
            return msg("impact.detail_added", "{kind} Detail {text} on {owner}", **values)
        if origin is None:
            return msg(
                "impact.detail_added_hint",
                "{kind} Detail {text} on {owner} (usually {hint})",
                hint=hint,
                **values,
            )
        if self.hint == "either":
            return msg(
                "impact.detail_added_origin",
                "{kind} Detail {text} on {owner} (from {origin})",
                origin=origin,
                **values,
            )
        return msg(
            "impact.detail_added_hint_origin",
            "{kind} Detail {text} on {owner} (usually {hint}, from {origin})",
            hint=hint,
            origin=origin,
            **values,
        )


class DetailRemoved(ImpactEvent):
    kind: ClassVar[str] = "detail_removed"
    detail: str
    text: str
    owner_name: str
    reason: str = ""
    test: str | None = None

    def message(self) -> Message:
        if self.reason:
            return msg(
                "impact.detail_removed_why",
                "Detail {text} on {owner} removed: {reason}",
                text=_quoted(self.text),
                owner=self.owner_name,
                reason=self.reason,
            )
        return msg(
            "impact.detail_removed",
            "Detail {text} on {owner} removed",
            text=_quoted(self.text),
            owner=self.owner_name,
        )


class DetailAltered(ImpactEvent):
    kind: ClassVar[str] = "detail_altered"
    detail: str
    old_text: str
    text: str
    old_hint: Hint
    hint: Hint
    reason: str = ""
    test: str | None = None

    def message(self) -> Message:
        texts = {"old_text": _quoted(self.old_text), "text": _quoted(self.text)}
        hints = {"old_hint": _HINTS[self.old_hint], "hint": _HINTS[self.hint]}
        if self.text != self.old_text and self.hint != self.old_hint:
            change = msg(
                "impact.altered_text_and_hint",
                "{old_text} → {text}; {old_hint} → {hint}",
                **texts,
                **hints,
            )
        elif self.text != self.old_text:
            change = msg("impact.altered_text", "{old_text} → {text}", **texts)
        elif self.hint != self.old_hint:
            change = msg("impact.altered_hint", "{old_hint} → {hint}", **hints)
        else:
            change = msg("impact.altered_nothing", "unchanged")
        if self.reason:
            return msg(
                "impact.detail_altered_why",
                "Detail {old_text} altered: {change} ({reason})",
                old_text=_quoted(self.old_text),
                change=change,
                reason=self.reason,
            )
        return msg(
            "impact.detail_altered",
            "Detail {old_text} altered: {change}",
            old_text=_quoted(self.old_text),
            change=change,
        )


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

    def message(self) -> Message:
        said = msg(
            "impact.detail_kind_changed",
            "Detail {text} on {owner} is now a {kind} Detail (was {old_kind})",
            text=_quoted(self.text),
            owner=self.owner_name,
            kind=_DETAIL_KINDS[self.detail_kind],
            old_kind=_DETAIL_KINDS_LOWER[self.old_kind],
        )
        if self.reason:
            said = msg("impact.with_reason", "{said}: {reason}", said=said, reason=self.reason)
        if self.uncited:
            said = msg(
                "impact.detail_uncited", "{said}; no longer cited in the open test", said=said
            )
        return said


class DetailToggled(ImpactEvent):
    kind: ClassVar[str] = "detail_toggled"
    detail: str
    text: str
    active: bool
    reason: str = ""
    test: str | None = None

    def message(self) -> Message:
        if self.active:
            said = msg(
                "impact.detail_enabled", "Detail {text} usable again", text=_quoted(self.text)
            )
        else:
            said = msg(
                "impact.detail_disabled",
                "Detail {text} disabled (cannot be cited)",
                text=_quoted(self.text),
            )
        if self.reason:
            return msg("impact.with_reason", "{said}: {reason}", said=said, reason=self.reason)
        return said


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

    def message(self) -> Message:
        why = self.reason or CAUSE_TEXT[self.cause]
        if self.old == self.new:
            return msg(
                "impact.impact_stays",
                "{name} stays at {step} ({why})",
                name=Ref(self.who, self.name),
                step=step_label(self.new),
                why=why,
            )
        return msg(
            "impact.impact_moves",
            "{name}: {old} → {new} ({why})",
            name=Ref(self.who, self.name),
            old=step_label(self.old),
            new=step_label(self.new),
            why=why,
        )


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

    def message(self) -> Message:
        test, actor = test_said(self.test), Ref(self.actor, self.actor_name)
        threat = Ref(self.threat or "", str(self.threat_name))
        if self.test_kind == "avoid_harm":
            cost = (
                msg("impact.cost_detail", "Detail {text}", text=_quoted(self.cost_detail))
                if self.cost_detail
                else msg("impact.cost_steps", "Impact steps")
            )
            return msg(
                "impact.test_opened_avoid_harm",
                "{test}: {actor} rolls to Avoid Harm from {threat}; failure costs {cost}",
                test=test,
                actor=actor,
                threat=threat,
                cost=cost,
            )
        if self.test_kind == "foil":
            return msg(
                "impact.test_opened_foil",
                "{test}: {actor} rolls to foil {threat}'s plan ({difficulty})",
                test=test,
                actor=actor,
                threat=threat,
                difficulty=difficulty_said(self.difficulty),
            )
        return msg(
            "impact.test_opened_action",
            "{test}: {actor} attempts a {difficulty} action",
            test=test,
            actor=actor,
            difficulty=difficulty_said(self.difficulty),
        )


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

    def message(self) -> Message:
        return msg(
            "impact.test_cancelled", "{test} called off before the roll", test=test_said(self.test)
        )


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

    def message(self) -> Message:
        return _test_says(self.test, self.explanation)


class GreatSuccessDeclared(ImpactEvent):
    kind: ClassVar[str] = "great_success_declared"
    test: str

    def message(self) -> Message:
        return msg(
            "impact.great_success_declared",
            "{test}: the GM declares a Great Success",
            test=test_said(self.test),
        )


class ComplicationOffered(ImpactEvent):
    kind: ClassVar[str] = "complication_offered"
    test: str
    text: str
    hint: Hint = "hinders"
    warning: str = ""

    def message(self) -> Message:
        if self.warning:
            return msg(
                "impact.complication_offered_warning",
                "{test}: the GM offers the Complication {text} (warning: {warning})",
                test=test_said(self.test),
                text=_quoted(self.text),
                warning=self.warning,
            )
        return msg(
            "impact.complication_offered",
            "{test}: the GM offers the Complication {text}",
            test=test_said(self.test),
            text=_quoted(self.text),
        )


class ComplicationAccepted(ImpactEvent):
    kind: ClassVar[str] = "complication_accepted"
    test: str
    text: str

    def message(self) -> Message:
        return msg(
            "impact.complication_accepted",
            "{test}: Complication {text} accepted",
            test=test_said(self.test),
            text=_quoted(self.text),
        )


class ComplicationDeclined(ImpactEvent):
    kind: ClassVar[str] = "complication_declined"
    test: str
    text: str

    def message(self) -> Message:
        return msg(
            "impact.complication_declined",
            "{test}: Complication {text} declined; the Failure stands",
            test=test_said(self.test),
            text=_quoted(self.text),
        )


class FailureSpent(ImpactEvent):
    kind: ClassVar[str] = "failure_spent"
    test: str

    def message(self) -> Message:
        return msg(
            "impact.failure_spent",
            "{test}: an Impact step is spent to turn the Failure into a Success",
            test=test_said(self.test),
        )


class EffectDone(_Data):
    """What a Success effect (or an adversary's plan) did, as the data its words are said
    from: ``established`` a Detail's ``text`` on ``who``, ``removed``, ``disrupted`` or
    ``altered`` the Detail ``text``, or ``stepped`` the Impact Die of ``who`` from
    ``old`` to ``new``. ``name`` is the name ``who`` had then (a view may know a newer)."""

    kind: Literal["established", "removed", "disrupted", "altered", "stepped"]
    who: str = ""
    name: str = ""
    text: str = ""
    old: int | None = None
    new: int | None = None

    def message(self) -> Message:
        whom = Ref(self.who, self.name)
        if self.kind == "established":
            return msg(
                "impact.done.established",
                "established {text} on {name}",
                text=_quoted(self.text),
                name=whom,
            )
        if self.kind == "removed":
            return msg("impact.done.removed", "removed {text}", text=_quoted(self.text))
        if self.kind == "disrupted":
            return msg("impact.done.disrupted", "disrupted {text}", text=_quoted(self.text))
        if self.kind == "altered":
            return msg("impact.done.altered", "altered {text}", text=_quoted(self.text))
        return msg(
            "impact.done.stepped",
            "{name}: {old} → {new}",
            name=whom,
            old=step_label(self.old),
            new=step_label(self.new),
        )


Ending: TypeAlias = Literal[
    "plan_foiled",
    "harm_avoided",
    "effect",
    "spent_harm_avoided",
    "spent_plan_foiled",
    "failure",
    "failure_complication",
    "failure_declined",
    "cost_ineffectual",
    "cost_steps",
    "cost_detail",
    "success_harm_avoided",
    "great_no_effect",
    "no_effect",
]
"""How a test ended, as :class:`TestResolved` records it (its words come from this and
the event's data when it is shown)."""

PlanEnd: TypeAlias = Literal["defeated", "succeeds", "no_longer", "done"]
"""What became of the adversary's plan after a failed Foil (IMP-R13, IMP-A13)."""


_OPTIONAL = ("summary", "done", "ending", "who", "name", "text", "old", "new", "plan", "problem")
"""The fields a line holds only when they say something: ``summary`` (older journals'
English, never written now) and the data of an ending that has it."""


def _without_defaults(event: BaseModel, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without the optional fields still at their default, so a line holds what
    its ending speaks of (and reads back as the same event)."""
    fields = type(event).model_fields
    return {
        name: value
        for name, value in data.items()
        if name not in _OPTIONAL or name not in fields or value != fields[name].default
    }


class EffectChosen(ImpactEvent):
    """The one effect of a Success (IMP-R09), and what it did (``done``). ``summary`` is
    only in journals written before the effect was data: its English words then."""

    kind: ClassVar[str] = "effect_chosen"
    test: str
    effect: Effect
    summary: str | None = None
    done: EffectDone | None = None

    @model_serializer(mode="wrap")
    def _data(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        return _without_defaults(self, handler(self))

    def message(self) -> Message:
        if self.summary is not None or self.done is None:
            return _test_says(self.test, self.summary or "")
        return msg(
            "impact.test_says",
            "{test}: {said}",
            test=test_said(self.test),
            said=self.done.message(),
        )


class TestResolved(ImpactEvent):
    """A test closes with its outcome; ``ending`` says how (with the names, the text and the
    steps it speaks of), ``summary`` only in journals written before endings were data."""

    kind: ClassVar[str] = "test_resolved"
    test: str
    test_kind: Literal["action", "avoid_harm", "foil"]
    actor: str
    outcome: Literal["success", "great_success", "failure"]
    spent: bool = False
    complication: bool = False
    summary: str | None = None
    ending: Ending | None = None
    who: str = ""
    name: str = ""
    text: str = ""
    old: int | None = None
    new: int | None = None
    done: EffectDone | None = None
    plan: PlanEnd | None = None
    problem: str = ""

    @model_serializer(mode="wrap")
    def _data(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        return _without_defaults(self, handler(self))

    def message(self) -> Message:
        if self.summary is not None or self.ending is None:
            return _test_says(self.test, self.summary or "")
        return msg(
            "impact.test_says", "{test}: {said}", test=test_said(self.test), said=self.ended()
        )

    @property
    def said(self) -> str:
        """How the test ended, in English (what the log says after the test's name)."""
        if self.summary is not None or self.ending is None:
            return self.summary or ""
        return render(self.ended())

    def ended(self) -> Message:
        """How the test ended, as a message (with the adversary's plan after a failed Foil)."""
        lead = self._lead()
        if self.plan is None:
            return lead
        adversary = Ref(self.who, self.name)
        if self.plan == "defeated":
            return msg(
                "impact.plan.defeated",
                "{lead}; {adversary} was defeated before the plan came off (IMP-A13)",
                lead=lead,
                adversary=adversary,
            )
        if self.plan == "succeeds":
            return msg(
                "impact.plan.succeeds",
                "{lead}; {adversary}'s plan succeeds",
                lead=lead,
                adversary=adversary,
            )
        if self.plan == "no_longer":
            return msg(
                "impact.plan.no_longer",
                "{lead}; {adversary}'s plan succeeds, but its effect no longer applies: {problem}",
                lead=lead,
                adversary=adversary,
                problem=self.problem,
            )
        return msg(
            "impact.plan.done",
            "{lead}; {adversary}'s plan succeeds: {done}",
            lead=lead,
            adversary=adversary,
            done=self.done.message() if self.done is not None else "",
        )

    def _lead(self) -> Message:
        ending = self.ending
        whom = Ref(self.who, self.name)
        spent = msg("impact.ending.spent", " (spent)") if self.spent else ""
        if ending == "plan_foiled":
            return msg("impact.ending.plan_foiled", "{adversary}'s plan is foiled", adversary=whom)
        if ending == "harm_avoided":
            return msg("impact.ending.harm_avoided", "harm avoided")
        if ending == "effect":
            word = (
                msg("impact.ending.great_success", "Great Success")
                if self.outcome == "great_success"
                else msg("impact.ending.success", "Success")
            )
            extra = (
                msg("impact.ending.and_harm_avoided", "; harm avoided")
                if self.test_kind == "avoid_harm"
                else ""
            )
            return msg(
                "impact.ending.effect",
                "{word}{spent}{extra}: {done}",
                word=word,
                spent=spent,
                extra=extra,
                done=self.done.message() if self.done is not None else "",
            )
        if ending == "spent_harm_avoided":
            return msg(
                "impact.ending.spent_harm_avoided", "Failure spent into a Success: harm avoided"
            )
        if ending == "spent_plan_foiled":
            return msg(
                "impact.ending.spent_plan_foiled",
                "Failure spent into a Success: {adversary}'s plan is foiled",
                adversary=whom,
            )
        if ending == "failure_complication":
            return msg(
                "impact.ending.failure_complication",
                "Failure with the Complication {text}",
                text=_quoted(self.text),
            )
        if ending == "failure_declined":
            return msg("impact.ending.failure_declined", "Failure; Complication declined")
        if ending == "cost_ineffectual":
            return msg(
                "impact.ending.cost_ineffectual",
                "failed to avoid harm; {name} is already ineffectual",
                name=whom,
            )
        if ending == "cost_steps":
            return msg(
                "impact.ending.cost_steps",
                "failed to avoid harm: {name} {old} → {new}",
                name=whom,
                old=step_label(self.old),
                new=step_label(self.new),
            )
        if ending == "cost_detail":
            return msg(
                "impact.ending.cost_detail",
                "failed to avoid harm: {name} takes {text}",
                name=whom,
                text=_quoted(self.text),
            )
        if ending == "success_harm_avoided":
            return msg("impact.ending.success_harm_avoided", "Success: harm avoided")
        if ending == "great_no_effect":
            return msg(
                "impact.ending.great_no_effect",
                "Great Success: harm avoided; no effect chosen against the foe",
            )
        if ending == "no_effect":
            return msg("impact.ending.no_effect", "Success{spent}; no effect chosen", spent=spent)
        return msg("impact.ending.failure", "Failure")


# --------------------------------------------------------------------------- adventure


class OpeningScene(ImpactEvent):
    kind: ClassVar[str] = "opening_scene"
    character: str
    name: str
    detail: str
    detail_text: str
    text: str = ""

    def message(self) -> Message:
        values = {"name": Ref(self.character, self.name), "detail": _quoted(self.detail_text)}
        if self.text:
            return msg(
                "impact.opening_scene_text",
                "{name}'s opening scene addresses {detail}: {text}",
                text=self.text,
                **values,
            )
        return msg("impact.opening_scene", "{name}'s opening scene addresses {detail}", **values)


class RestTaken(ImpactEvent):
    kind: ClassVar[str] = "rest_taken"
    rest: int
    characters: tuple[str, ...]

    def message(self) -> Message:
        return msg("impact.rest_taken", "rest break #{rest}", rest=self.rest)


class SessionAdvanced(ImpactEvent):
    kind: ClassVar[str] = "session_advanced"
    session: int

    def message(self) -> Message:
        return msg(
            "impact.session_advanced",
            "session {session} begins; Impact Dice carry over",
            session=self.session,
        )


class AdventureStarted(ImpactEvent):
    kind: ClassVar[str] = "adventure_started"
    adventure: int

    def message(self) -> Message:
        return msg(
            "impact.adventure_started", "adventure {adventure} begins", adventure=self.adventure
        )


def _test_says(test: str, said: str) -> Message:
    """A test's line whose words the journal holds (its roll's explanation, the summary
    of a Success effect or of how the test ended)."""
    return msg("impact.test_says", "{test}: {said}", test=test_said(test), said=said)
