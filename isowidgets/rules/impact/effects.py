"""What a Success achieves (IMP-R09), as a value that can be journaled.

The same :class:`Effect` describes three things: the effect a player picks
after a Success, the effect against the foe after an Avoid Harm Great Success
(IMP-R12), and what an adversary's plan does when the players fail to foil it
(IMP-R13). Keeping one shape means one validator and one set of events.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import BaseModel, ConfigDict

from ... import checks
from ...checks import shown
from ...errors import RuleError

__all__ = ["EFFECT_KINDS", "Effect", "EffectKind", "Hint"]

Hint: TypeAlias = Literal["helps", "hinders", "either"]
EffectKind: TypeAlias = Literal[
    "new_detail", "alter_detail", "remove_detail", "disable_detail", "step_down", "step_up"
]
EFFECT_KINDS: tuple[EffectKind, ...] = (
    "new_detail",
    "alter_detail",
    "remove_detail",
    "disable_detail",
    "step_down",
    "step_up",
)
_HINTS: tuple[Hint, ...] = ("helps", "hinders", "either")


class Effect(BaseModel):
    """One of the four Success effects of IMP-R09.

    * ``new_detail``: (1) establish a Temporary Detail on ``target`` (a
      character, a scene or ``"world"``) reading ``text``;
    * ``alter_detail`` / ``remove_detail`` / ``disable_detail``: (2) alter,
      remove or disrupt the Scene or Temporary Detail ``target``;
    * ``step_down`` / ``step_up``: (3)/(4) move the Impact Die of the character
      or scene ``target`` by one step.

    Build one with the class methods (:meth:`new_detail`, :meth:`step_down`…)
    or :meth:`make`; they raise :class:`~isowidgets.errors.RuleError` on bad
    input, where the plain constructor would raise pydantic's error.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: EffectKind
    target: str
    text: str | None = None
    hint: Hint | None = None

    # ------------------------------------------------------------------ constructors

    @classmethod
    def make(cls, kind: object, target: object, text: object = None, hint: object = None) -> Effect:
        """Check and build an effect (the one door the game's methods use)."""
        if not isinstance(kind, str) or kind not in EFFECT_KINDS:
            raise RuleError(
                "impact.no_such_effect",
                "unknown Success effect {kind}; the effects are {effect_kinds}. Tip: IMP-R09 lists "
                "four: a new Temporary Detail, alter/remove a Detail, step an Impact Die down or "
                "up.",
                kind=shown(kind),
                effect_kinds=", ".join(EFFECT_KINDS),
            )
        if not isinstance(target, str) or not target.strip():
            raise RuleError(
                "impact.effect_needs_target",
                "a {kind} effect needs a target id (a character, scene or Detail), got {target}",
                kind=kind,
                target=shown(target),
            )
        target = checks.text(target, f"a {kind} effect's target id")
        if text is not None:
            text = checks.text(text, "a Detail's text", collapse=True)
        if hint is not None:
            hint = checks.choice(hint, "a Detail's hint", _HINTS)
        if kind == "new_detail" and text is None:
            raise RuleError(
                "impact.new_detail_needs_text",
                "a new_detail effect needs the text of the Temporary Detail it establishes",
            )
        if kind == "alter_detail" and text is None and hint is None:
            raise RuleError(
                "impact.alter_needs_change",
                "an alter_detail effect needs a new text, a new hint, or both",
            )
        if kind not in ("new_detail", "alter_detail") and (text is not None or hint is not None):
            raise RuleError(
                "impact.effect_takes_no_text",
                "a {kind} effect takes no text or hint, got {text}, {hint}",
                kind=kind,
                text=shown(text),
                hint=shown(hint),
            )
        return cls.model_validate({"kind": kind, "target": target, "text": text, "hint": hint})

    @classmethod
    def new_detail(cls, text: str, owner: str, hint: Hint = "either") -> Effect:
        """(1) Establish a new Temporary Detail on ``owner``."""
        return cls.make("new_detail", owner, text, hint)

    @classmethod
    def alter_detail(cls, detail: str, text: str | None = None, hint: Hint | None = None) -> Effect:
        """(2) Alter an existing Scene or Temporary Detail."""
        return cls.make("alter_detail", detail, text, hint)

    @classmethod
    def remove_detail(cls, detail: str) -> Effect:
        """(2) Remove an existing Scene or Temporary Detail."""
        return cls.make("remove_detail", detail)

    @classmethod
    def disable_detail(cls, detail: str) -> Effect:
        """(2) Disrupt a Scene or Temporary Detail: it stays, but cannot be cited (IMP-A17)."""
        return cls.make("disable_detail", detail)

    @classmethod
    def step_down(cls, who: str) -> Effect:
        """(3) Lower another character's or a scene's Impact Die one step."""
        return cls.make("step_down", who)

    @classmethod
    def step_up(cls, who: str) -> Effect:
        """(4) Raise another character's or a scene's Impact Die one step."""
        return cls.make("step_up", who)

    @property
    def steps_impact(self) -> bool:
        return self.kind in ("step_down", "step_up")

    @property
    def touches_detail(self) -> bool:
        return self.kind in ("alter_detail", "remove_detail", "disable_detail")
