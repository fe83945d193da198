"""The Impact System's state: characters, scenes, Details, and the test in progress.

Every value here is frozen. The state changes only by folding a journal event
into it (see :mod:`fold <.impact.fold>`), so a replayed journal rebuilds the very same state,
including a test left half-done when the kernel died.

Identifiers come from counters in the state (``char-1``, ``scene-1``, ``det-1``,
``test-1``): they are issued in the order things were created, so replay gives
every Detail the id a widget already shows on its chip.

Don't confuse a :class:`Detail`'s ``kind`` (character, scene or temporary: how
it lasts, IMP-R01) with its ``hint`` (whether it usually helps or hinders,
IMP-R02). The hint never restricts citing: the same Detail may help one action
and hinder another.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from ...checks import shown
from ...dice import DieType
from ...errors import RuleError
from .effects import Effect, Hint
from .events import TestRolled
from .ladder import INEFFECTUAL, Difficulty, die_of, step_label
from .settings import ImpactSettings

__all__ = [
    "WORLD",
    "Character",
    "Citation",
    "Counters",
    "Detail",
    "DetailKind",
    "Hint",
    "ImpactState",
    "OpenTest",
    "Origin",
    "Outcome",
    "Phase",
    "Role",
    "Scene",
    "Sign",
    "TestKind",
]

Role: TypeAlias = Literal["pc", "npc"]
DetailKind: TypeAlias = Literal["character", "scene", "temporary"]
Sign: TypeAlias = Literal["helps", "hinders"]
TestKind: TypeAlias = Literal["action", "avoid_harm", "foil"]
Origin: TypeAlias = Literal[
    "gm", "success", "complication", "self_complication", "avoid_harm", "foil", "opening_scene"
]
Phase: TypeAlias = Literal["setup", "await_great", "success", "failure", "closed"]
Outcome: TypeAlias = Literal["success", "great_success", "failure"]

WORLD = "world"
"""Owner of Scene and Temporary Details that belong to no particular scene or character."""


@dataclass(frozen=True, slots=True)
class Detail:
    """A stated fact that helps or hinders (IMP-R01, IMP-R02).

    Attributes:
        owner: the character or scene it describes, or :data:`WORLD`.
        active: false while the fiction disables it (Thor unworthy of his
            hammer); an inactive Detail cannot be cited (IMP-A17).
        origin: how it came to be, shown in the journal (a Complication, a
            Success effect, an Avoid Harm cost…).
        related: for a self-created Complication (IMP-R18b), the Detail it
            is tied to.
    """

    id: str
    owner: str
    kind: DetailKind
    text: str
    hint: Hint = "either"
    active: bool = True
    origin: Origin = "gm"
    related: str | None = None


@dataclass(frozen=True, slots=True)
class Character:
    """A player character or an NPC adversary, with an Impact Die.

    Attributes:
        step: the Impact Die as a ladder step (see :mod:`.ladder`).
        opening_scene: already earned the opening-scene step this adventure
            (IMP-R20).
    """

    id: str
    name: str
    role: Role
    step: int
    opening_scene: bool = False

    @property
    def die(self) -> DieType | None:
        """The Impact Die it rolls with; ``None`` when ineffectual."""
        return die_of(self.step)

    @property
    def ineffectual(self) -> bool:
        """Below D4: no more rolls (IMP-R16), or a defeated adversary (IMP-A13)."""
        return self.step <= INEFFECTUAL

    @property
    def impact(self) -> str:
        return step_label(self.step)


@dataclass(frozen=True, slots=True)
class Scene:
    """A scene (or environmental threat) and its optional Impact Die (IMP-R21, IMP-A14)."""

    id: str
    name: str
    step: int | None = None

    @property
    def die(self) -> DieType | None:
        return None if self.step is None else die_of(self.step)

    @property
    def ineffectual(self) -> bool:
        """Stepped below D4: the scene's threat has ended (IMP-A13)."""
        return self.step is not None and self.step <= INEFFECTUAL

    @property
    def impact(self) -> str:
        return step_label(self.step)


@dataclass(frozen=True, slots=True)
class Citation:
    """One Detail cited in a test: +1 when it helps, −1 when it hinders (IMP-R06, R07)."""

    detail: str
    sign: Sign


@dataclass(frozen=True, slots=True)
class OpenTest:
    """A Difficulty Test in progress, kept in state so a crash resumes mid-test.

    The steps are: set up (``phase="setup"``: cite Details, add helpers) →
    roll → result. A Success (``"success"``) waits for its effect; a Failure
    (``"failure"``) waits for a Complication offer, a spend, or the avoid-harm
    cost; an Avoid Harm Success under ``great_success_rule = "gm_flag"`` waits
    for the GM (``"await_great"``). :func:`~.rules.next_steps` lists what may
    come next.

    Attributes:
        threat: the threat of an Avoid Harm test, or the adversary whose plan
            a Foil test opposes.
        cost_detail: Avoid Harm's announced cost when it is a named Temporary
            Detail; ``None`` means the cost is Impact steps (IMP-A15).
        intent: what the adversary's plan does if the Foil test fails.
        outcome: the current reading: ``None`` before the roll.
        offer: the Complication the GM offers on a Failure (text, hint).
        complication: ``"accepted"`` or ``"declined"`` once the player chose.
    """

    id: str
    kind: TestKind
    actor: str
    difficulty: Difficulty | None = None
    threat: str | None = None
    cost_detail: str | None = None
    intent: Effect | None = None
    helpers: tuple[str, ...] = ()
    citations: tuple[Citation, ...] = ()
    phase: Phase = "setup"
    roll: TestRolled | None = None
    outcome: Outcome | None = None
    spent: bool = False
    offer: tuple[str, Hint] | None = None
    complication: Literal["accepted", "declined"] | None = None

    def cited(self, sign: Sign | None = None) -> tuple[str, ...]:
        """Ids of the cited Details (of one sign, or all) in citation order."""
        return tuple(c.detail for c in self.citations if sign is None or c.sign == sign)


@dataclass(frozen=True, slots=True)
class Counters:
    """How many ids of each sort have been issued."""

    characters: int = 0
    scenes: int = 0
    details: int = 0
    tests: int = 0


@dataclass(frozen=True, slots=True)
class ImpactState:
    """The whole Impact game.

    Attributes:
        test: the test in progress, if any (one at a time: rolls face the
            table one by one).
        last_test: the test resolved most recently, for the test panel.
        session, adventure, rests: the adventure's bookkeeping (IMP-R19).
        in_play: a test has been rolled this adventure, so opening scenes
            (IMP-R20) are over (a test called off before its roll does not count).
    """

    settings: ImpactSettings
    characters: tuple[Character, ...] = ()
    scenes: tuple[Scene, ...] = ()
    details: tuple[Detail, ...] = ()
    test: OpenTest | None = None
    last_test: OpenTest | None = None
    counters: Counters = Counters()
    session: int = 1
    adventure: int = 1
    rests: int = 0
    in_play: bool = False

    # ------------------------------------------------------------------ lookups

    def find_character(self, id: str) -> Character | None:
        return next((c for c in self.characters if c.id == id), None)

    def find_scene(self, id: str) -> Scene | None:
        return next((s for s in self.scenes if s.id == id), None)

    def find_detail(self, id: str) -> Detail | None:
        return next((d for d in self.details if d.id == id), None)

    def character(self, id: object) -> Character:
        """The character ``id``; raises :class:`.RuleError` listing the known ones."""
        found = self.find_character(id) if isinstance(id, str) else None
        if found is None:
            known = ", ".join(f"{c.id} ({c.name})" for c in self.characters) or "none yet"
            raise RuleError(
                "impact.no_such_character",
                "there is no character {id}; characters: {known}. Tip: add_pc() and add_npc() "
                "return the new character's id.",
                id=shown(id),
                known=known,
            )
        return found

    def scene(self, id: object) -> Scene:
        found = self.find_scene(id) if isinstance(id, str) else None
        if found is None:
            known = ", ".join(f"{s.id} ({s.name})" for s in self.scenes) or "none yet"
            raise RuleError(
                "impact.no_such_scene",
                "there is no scene {id}; scenes: {known}. Tip: add_scene() returns the new scene's "
                "id.",
                id=shown(id),
                known=known,
            )
        return found

    def detail(self, id: object) -> Detail:
        found = self.find_detail(id) if isinstance(id, str) else None
        if found is None:
            listed = ", ".join(f"{d.id} ({d.text!r})" for d in self.details[:12]) or "none yet"
            more = ", …" if len(self.details) > 12 else ""
            raise RuleError(
                "impact.no_such_detail",
                "there is no Detail {id}; Details: {listed}{more}. Tip: use the id shown on the "
                "Detail's chip, such as 'det-3'.",
                id=shown(id),
                listed=listed,
                more=more,
            )
        return found

    def holder(self, id: object) -> Character | Scene:
        """A character or a scene: anything that may have an Impact Die."""
        if isinstance(id, str):
            found: Character | Scene | None = self.find_character(id) or self.find_scene(id)
            if found is not None:
                return found
        holders: tuple[Character | Scene, ...] = (*self.characters, *self.scenes)
        known = ", ".join(f"{h.id} ({h.name})" for h in holders)
        raise RuleError(
            "impact.no_such_holder",
            "there is no character or scene {id}; known: {known}. Tip: Impact Dice belong to "
            "characters and scenes.",
            id=shown(id),
            known=known or "none yet",
        )

    def owner_exists(self, id: str) -> bool:
        return id == WORLD or self.find_character(id) is not None or self.find_scene(id) is not None

    def name_of(self, id: str) -> str:
        """A readable name for a character, scene or the world."""
        if id == WORLD:
            return "the world"
        found = self.find_character(id) or self.find_scene(id)
        return found.name if found is not None else id

    def details_of(self, owner: str, *, active_only: bool = False) -> tuple[Detail, ...]:
        return tuple(d for d in self.details if d.owner == owner and (d.active or not active_only))

    def pcs(self) -> tuple[Character, ...]:
        return tuple(c for c in self.characters if c.role == "pc")
