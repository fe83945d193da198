"""The test panel: set up a Difficulty Test, see the die and the odds, roll, and resolve it.

One panel walks a test through the engine's steps (see
:mod:`isowidgets.rules.impact.rules`): set it up (action, Avoid Harm or Foil;
cite Details on the board and add helpers, with the exact odds as they move:
a draft, nothing journaled), roll or type the face from the table (which opens
the test and rolls it as one action; *Open test* opens it without rolling),
then pick a Success effect, answer a Complication, spend a step, or take the
announced cost. A Foil test says what the adversary's plan does if the roll
fails (its ``intent``, IMP-R13), with the same effect inputs as a Success;
under ``foil_roller = "highest_impact"`` (IMP-A11) the roller may be left to
the engine. Every button of the engine's steps is enabled exactly when
:meth:`~isowidgets.game.Game.next_steps` offers a step with its ``action``
(the buttons that set up a draft, while a test may be set up), and a refused
click shows the engine's message in the panel, in the table's words.

The die is rolled, or its face typed, with the kit's
:class:`~isowidgets.widgets.dice_entry.DiceEntry`: Enter in the face box submits,
a refused face is explained beside the box and the explanation goes at the next
attempt, and the last roll is marked random or typed. After each step the
keyboard focus moves to the control of the next one (the effect to choose, the
Complication to answer, Finish…), since the buttons just used are hidden.

Every box belongs to one test (:mod:`~isowidgets.widgets.fresh`): the set-up form
starts at its defaults again once a test is over, the effect, Complication and cost
boxes are clean for each test rolled, and so is the die's box.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar

import ipywidgets as widgets

from ...errors import IsowidgetsError
from ...journal import Entry, Kept
from ...rules.impact import (
    DIFFICULTY_DIE,
    WORLD,
    Effect,
    ImpactGame,
    ImpactState,
    OpenTest,
    plan_odds,
    rules,
)
from ...rules.impact.events import TestResolved, TestRolled
from ...rules.impact.ladder import die_label
from ..dice_entry import DiceEntry
from ..fresh import Fresh, first_option
from ..gm import HeldBack
from ..numbers import percent
from ..panel import Panel, redraws, set_options, set_shown
from ..submit_text import SubmitText
from .board import HINT_CHOICES
from .draft import Drafting
from .messages import TableMessages
from .views import holder_label, impact_style, plan_html, result_html, table_words

__all__ = ["AUTO_ROLLER", "EFFECT_CHOICES", "NO_PLAN", "EffectInputs", "TestPanel"]

EFFECT_CHOICES: tuple[tuple[str, str], ...] = (
    ("① Establish a new Temporary Detail", "new_detail"),
    ("② Remove a Scene or Temporary Detail", "remove_detail"),
    ("② Disrupt a Detail (it stays, cannot be cited)", "disable_detail"),
    ("② Alter a Detail (new wording or hint)", "alter_detail"),
    ("③ Step another's Impact Die down", "step_down"),
    ("④ Step another's Impact Die up", "step_up"),
)
"""The four Success effects of IMP-R09 as the effect picker lists them."""

NO_PLAN = "none"
"""The plan picker's value for a Foil with no intent named: the GM narrates the plan's success."""

AUTO_ROLLER = "auto"
"""The roller picker's value for "the engine picks the PC" (``foil_roller =
"highest_impact"``, IMP-A11; a dropdown value cannot be ``None``)."""

_KINDS = (("Action", "action"), ("Avoid harm", "avoid_harm"), ("Foil a plan", "foil"))
_WIDE = {"description_width": "initial"}


def _button(description: str, css: str, *, tooltip: str = "", primary: bool = False) -> Any:
    button = widgets.Button(
        description=description,
        tooltip=tooltip or description,
        button_style="primary" if primary else "",
        layout=widgets.Layout(width="auto"),
    )
    button.add_class(css)
    return button


def effect_targets(state: ImpactState, kind: str) -> list[tuple[str, str]]:
    """What an effect of ``kind`` may be aimed at, for a target dropdown."""
    if kind == "new_detail":
        owners = [(holder_label(state, c.id), c.id) for c in state.characters]
        owners += [(holder_label(state, s.id), s.id) for s in state.scenes]
        return [*owners, ("the world", WORLD)]
    if kind in ("remove_detail", "disable_detail", "alter_detail"):
        return [
            (f"“{d.text}” ({d.kind}, {state.name_of(d.owner)})", d.id)
            for d in state.details
            if d.kind != "character"
        ]
    if kind == NO_PLAN:
        return []
    holders = [(holder_label(state, c.id), c.id) for c in state.characters]
    holders += [(holder_label(state, s.id), s.id) for s in state.scenes if s.step is not None]
    return holders


class EffectInputs:
    """An :class:`~.Effect` as widgets: kind, target, wording, hint.

    The test panel has two: the Success effect (IMP-R09) and a Foil's plan,
    what the adversary's attempt does if the roll fails (IMP-R13). The plan
    picker also offers :data:`NO_PLAN` (the GM narrates the plan's success).

    Args:
        description: the kind dropdown's label.
        css: prefix of the widgets' CSS classes (``<css>-kind``, ``-target``,
            ``-text``, ``-hint``) for browser tests.
        none: the label of a "no effect" choice, if it has one.
    """

    def __init__(self, description: str, css: str, *, none: str | None = None) -> None:
        options = EFFECT_CHOICES if none is None else ((none, NO_PLAN), *EFFECT_CHOICES)
        self.kind = widgets.Dropdown(
            options=options, value=options[0][1], description=description, style=_WIDE
        )
        self.kind.layout.width = "auto"
        self.target = widgets.Dropdown(description="on", style=_WIDE)
        self.target.layout.width = "auto"
        self.text = widgets.Text(
            description="Wording",
            placeholder="the Detail's wording",
            layout=widgets.Layout(width="24em"),
        )
        self.hint = widgets.Dropdown(
            options=HINT_CHOICES,
            value="either",
            description="Usually",
            tooltip="the Detail's polarity (IMP-R02): what a click on its chip cites it as",
        )
        self.hint.layout.width = "auto"
        for name in ("kind", "target", "text", "hint"):
            getattr(self, name).add_class(f"{css}-{name}")
        self.children: tuple[Any, ...] = (self.kind, self.target, self.text, self.hint)
        self.fresh = Fresh(self.kind)
        """The inputs at their defaults (the first kind, the first target, no wording)."""
        self.fresh.add(self.target, first_option(self.target))
        self.fresh.add(self.text)
        self.fresh.add(self.hint)

    def reset(self) -> None:
        """Back to the defaults, for the next test."""
        self.fresh.reset()

    def sync(self, state: ImpactState) -> None:
        """Offer the targets the kind picked can aim at; show wording and hint only for a
        Detail's wording."""
        kind = self.kind.value
        set_options(self.target, effect_targets(state, kind))
        with_text = kind in ("new_detail", "alter_detail")
        set_shown(self.target, kind != NO_PLAN)
        set_shown(self.text, with_text)
        set_shown(self.hint, with_text)

    def effect(self) -> Effect | None:
        """The effect described (checked by :meth:`.Effect.make`), ``None`` for :data:`NO_PLAN`.

        Raises:
            RuleError: the inputs do not make an effect (no target, no wording…).
        """
        kind = self.kind.value
        if kind == NO_PLAN:
            return None
        text = self.text.value.strip() or None
        hint = self.hint.value if kind in ("new_detail", "alter_detail") else None
        if kind == "alter_detail" and hint == "either" and text is not None:
            hint = None
        if kind not in ("new_detail", "alter_detail"):
            text = None
        return Effect.make(kind, self.target.value, text, hint)

    def show_effect(self, state: ImpactState, effect: Effect | None) -> None:
        """Set the inputs to ``effect`` (``None``: :data:`NO_PLAN`, when offered)."""
        if effect is None:
            if NO_PLAN in [value for _, value in self.kind.options]:
                self.kind.value = NO_PLAN
            self.sync(state)
            return
        self.kind.value = effect.kind
        self.sync(state)
        if effect.target in [value for _, value in self.target.options]:
            self.target.value = effect.target
        self.text.value = effect.text or ""
        self.hint.value = effect.hint or "either"


class TestsInForce(Kept):
    """Each test's roll and resolution in force, by test id, kept as the journal grows
    (a :class:`~isowidgets.journal.kept.Kept`): read again from the journal only after an
    undo or a redo."""

    def __init__(self) -> None:
        super().__init__()
        self.rolled: dict[str, TestRolled] = {}
        self.resolved: dict[str, TestResolved] = {}

    def reset(self) -> None:
        self.rolled.clear()
        self.resolved.clear()

    def read(self, entry: Entry) -> None:
        event = entry.event
        if isinstance(event, TestRolled):
            self.rolled[event.test] = event
        elif isinstance(event, TestResolved):
            self.resolved[event.test] = event


class TestPanel(Panel):
    """Set up, roll and resolve one Difficulty Test at a time.

    Args:
        game: the :class:`~.ImpactGame` played.
        drafting: the test being set up, shared with the board (whose chips
            cite Details into it); a panel of its own makes one.

    The buttons are attributes (``open_button``, ``roll_button``,
    ``enter_button``, ``choose_button``, ``finish_button``…) so a notebook or a
    test can drive the panel with ``.click()``; :attr:`steps` maps each to
    the engine step that enables it. :meth:`prepare` sets a test up from code.

    Attributes:
        entry: the kit's :class:`~isowidgets.widgets.dice_entry.DiceEntry`;
            ``roll_button``, ``face`` (Enter submits) and ``enter_button`` are its
            controls, with the classes ``iw-impact-roll``, ``iw-impact-face`` and
            ``iw-impact-enter``; a refused face is explained in ``entry.error``.
        focused: the control the panel last moved the keyboard focus to.
    """

    __test__: ClassVar[bool] = False  # not a pytest test class
    game: ImpactGame

    def __init__(self, game: ImpactGame, drafting: Drafting | None = None) -> None:
        self.messages = TableMessages(game)
        self.held = HeldBack(game, key="impact")
        self.drafting = drafting if drafting is not None else Drafting(game)
        self.focused: Any = None
        self.strip: Any = None
        """The ladders of the test's holders, when a table shows them (:mod:`.in_play`)."""
        self._syncing = False
        self._tests = TestsInForce()
        """Each test's roll and resolution in force, kept as the journal grows."""

        # -- opening a test
        self.kind = widgets.Dropdown(
            options=_KINDS, value="action", description="Test", style=_WIDE
        )
        self.kind.add_class("iw-impact-kind")
        self.roller = widgets.Dropdown(description="Roller", style=_WIDE)
        self.roller.add_class("iw-impact-roller")
        self.difficulty = widgets.Dropdown(
            options=[(f"{name} ({die_label(die)})", name) for name, die in DIFFICULTY_DIE.items()],
            value="Difficult",
            description="Difficulty",
            style=_WIDE,
        )
        self.difficulty.add_class("iw-impact-difficulty")
        self.threat = widgets.Dropdown(description="Threat", style=_WIDE)
        self.threat.add_class("iw-impact-threat")
        self.cost = widgets.Text(
            description="Failure costs",
            placeholder="blank: Impact steps; or a Temporary Detail",
            continuous_update=False,
            style=_WIDE,
        )
        self.cost.add_class("iw-impact-cost")
        self.intent = EffectInputs(
            "If the roll fails, the plan",
            "iw-impact-intent",
            none="names no effect (the GM narrates it)",
        )
        for dropdown in (self.kind, self.roller, self.difficulty, self.threat):
            dropdown.layout.width = "auto"
        self.open_button = _button(
            "Open test",
            "iw-impact-open",
            tooltip="journal the test as set up, to roll it later (Roll opens and rolls at once)",
        )
        self.cancel_button = _button(
            "Call off", "iw-impact-cancel", tooltip="call the test off before the roll"
        )
        self.preview = widgets.HTML()
        self.preview.add_class("iw-impact-preview")

        # -- setting it up
        self.helper = widgets.Dropdown(description="Helper", style=_WIDE)
        self.helper.layout.width = "auto"
        self.helper.add_class("iw-impact-helper")
        self.add_helper_button = _button(
            "Helps",
            "iw-impact-add-helper",
            tooltip="they lend their Character Details and do not roll (IMP-R06)",
        )
        self.remove_helper_button = _button("Stops helping", "iw-impact-remove-helper")
        self.helpers = widgets.HTML()
        self.plan = widgets.HTML()
        self.plan.add_class("iw-impact-plan")
        self.entry = DiceEntry(
            self._roll_entry,
            key="impact",
            roll_label="Roll",
            enter_label="Enter face",
            faces_label="Face",
            placeholder="or the face rolled at the table",
            empty_hint="type the face rolled at the table first, e.g. 5",
        )
        self.entry.error.follow(game)  # an explanation goes at the next action or undo
        self.roll_button = self.entry.roll_button
        self.roll_button.icon = ""  # its words carry a die glyph: "⚄ Roll D8"
        self.roll_button.add_class("iw-impact-roll")
        self.face = self.entry.faces
        self.face.add_class("iw-impact-face")
        self.enter_button = self.entry.enter_button
        self.enter_button.add_class("iw-impact-enter")

        # -- after the roll
        self.result = widgets.HTML()
        self.result.add_class("iw-impact-result")
        self.great_button = _button(
            "★ Declare a Great Success",
            "iw-impact-great",
            tooltip="the GM calls it great: the player also picks an effect on the foe (IMP-R12)",
        )
        self.effect = EffectInputs("Effect", "iw-impact-effect")
        self.effect_kind = self.effect.kind
        self.effect_target = self.effect.target
        self.effect_text = self.effect.text
        self.effect_hint = self.effect.hint
        self.choose_button = _button("Choose effect", "iw-impact-choose", primary=True)
        self.complication = SubmitText(
            description="Complication", placeholder="what goes wrong, as a Temporary Detail"
        )
        self.complication.layout = widgets.Layout(width="30em", max_width="100%")
        self.complication.add_class("iw-impact-complication")
        self.offer_button = _button(
            "GM offers it",
            "iw-impact-offer",
            tooltip="the GM offers the Complication typed (or press Enter in its box)",
        )
        self.accept_button = _button(
            "Accept (+1 step)", "iw-impact-accept", tooltip="IMP-R10, IMP-R18a"
        )
        self.decline_button = _button("Decline", "iw-impact-decline", tooltip="IMP-R11")
        self.spend_button = _button(
            "Spend a step: turn it into a Success",
            "iw-impact-spend",
            tooltip="drop one Impact step (IMP-R17)",
        )
        self.cost_text = SubmitText(
            description="Cost", placeholder="the player's wording of it (optional)"
        )
        self.cost_text.layout = widgets.Layout(width="24em", max_width="100%")
        self.cost_text.add_class("iw-impact-cost-text")
        self.take_cost_button = _button(
            "Take the announced cost",
            "iw-impact-take-cost",
            tooltip="take the cost announced before the roll (or press Enter in the Cost box)",
        )
        self.finish_button = _button(
            "Finish", "iw-impact-finish", tooltip="close the test with its phase's defaults"
        )

        self.steps: dict[str, Any] = {
            "roll": (self.roll_button, self.enter_button),
            "cancel_test": (self.cancel_button,),
            "declare_great_success": (self.great_button,),
            "choose_effect": (self.choose_button,),
            "offer_complication": (self.offer_button,),
            "accept_complication": (self.accept_button,),
            "decline_complication": (self.decline_button,),
            "spend": (self.spend_button,),
            "take_cost": (self.take_cost_button,),
            "finish": (self.finish_button,),
        }
        """Engine step (``Step.action``) → the buttons it enables. While a test is set
        up, the step of its kind (``action``, ``avoid_harm``, ``foil``) enables Open
        and the roll buttons, which open the draft and roll it."""

        self._wire()
        self.setup_fresh = Fresh(self.kind)
        """The set-up form, at its defaults again once a test is over."""
        self.setup_fresh.add(self.roller, first_option(self.roller))
        for box in (self.difficulty, self.cost, self.intent):
            self.setup_fresh.add(box)
        self.setup_fresh.add(self.threat, first_option(self.threat))
        self.setup_fresh.add(self.helper, first_option(self.helper))
        self.test_fresh = Fresh(self.effect, self.complication, self.cost_text)
        """What is typed after the roll: clean for each test."""
        self.open_row = widgets.HBox(
            [self.kind, self.roller, self.difficulty, self.threat, self.cost, self.open_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.intent_row = widgets.HBox(
            list(self.intent.children),
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.intent_row.add_class("iw-impact-intent")
        self.helper_row = widgets.HBox(
            [self.helper, self.add_helper_button, self.remove_helper_button, self.helpers],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.roll_row = widgets.HBox(
            [self.entry, self.cancel_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        self.effect_row = widgets.HBox(
            [*self.effect.children, self.choose_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.complication_row = widgets.HBox(
            [self.complication, self.offer_button, self.accept_button, self.decline_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.cost_row = widgets.HBox(
            [self.cost_text, self.take_cost_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.failure_rows = widgets.VBox([self.complication_row, self.cost_row])
        self.after_row = widgets.HBox(
            [self.great_button, self.spend_button, self.finish_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__(
            game,
            [
                impact_style(),
                self.held,
                self.open_row,
                self.intent_row,
                self.preview,
                self.helper_row,
                self.plan,
                self.roll_row,
                self.result,
                self.effect_row,
                self.failure_rows,
                self.after_row,
                self.messages,
            ],
        )
        self.add_class("iw-impact-test")
        self.drafting.form = self._form
        self._tests.follow(game.journal)
        self.follow(self._on_actions)
        self._unsubscribers.append(self.drafting.follow(lambda: self.messages.run(self.refresh)))
        self.drafting.changed()  # this panel, and a board made before it, show the draft

    # ------------------------------------------------------------------ wiring

    def _observer(self, action: Callable[[], Any]) -> Callable[[Any], Any]:
        """An observer, run in the one callback style, that ignores the panel's own
        updates."""

        def observe(_change: Any) -> None:
            if not self._syncing:
                self.messages.run(action)

        return observe

    def _step(self, action: Callable[[], Any]) -> Callable[..., Any]:
        """A click that takes a step of the test: run in the one callback style, then
        the focus goes to the next step's control (the one clicked may be hidden now)."""

        def done() -> bool:
            action()
            return True

        def run(*_args: Any) -> None:
            if self.messages.run(done):
                self.focus_next()

        return run

    def _wire(self) -> None:
        self.open_button.on_click(self._step(self.open_test))
        self.cancel_button.on_click(self._step(lambda: self.game.cancel_test()))
        run = self.messages.handler
        self.add_helper_button.on_click(run(lambda _b: self.helping(True)))
        self.remove_helper_button.on_click(run(lambda _b: self.helping(False)))
        self.great_button.on_click(self._step(lambda: self.game.declare_great_success()))
        self.choose_button.on_click(self._step(self.choose_effect))
        self.offer_button.on_click(self._step(self.offer_complication))
        self.complication.on_submit(self._step(self.offer_complication))
        self.accept_button.on_click(self._step(lambda: self.game.accept_complication()))
        self.decline_button.on_click(self._step(lambda: self.game.decline_complication()))
        self.spend_button.on_click(self._step(lambda: self.game.spend()))
        self.take_cost_button.on_click(self._step(self.take_cost))
        self.cost_text.on_submit(self._step(self.take_cost))
        self.finish_button.on_click(self._step(lambda: self.game.finish()))
        drafted = (self.kind, self.roller, self.threat, self.difficulty, self.cost)
        for widget in (*drafted, *self.intent.children):
            widget.observe(self._observer(self.drafting.changed), names=["value"])
        self.effect_kind.observe(self._observer(self.refresh), names=["value"])

    @contextlib.contextmanager
    def _sync(self) -> Iterator[None]:
        """Set widget values from the state without their observers calling the engine."""
        self._syncing, was = True, self._syncing
        try:
            yield
        finally:
            self._syncing = was

    # ------------------------------------------------------------------ actions

    def _roller(self) -> str | None:
        """The roller picked; ``None`` when the engine is to pick (IMP-A11)."""
        value: str | None = self.roller.value
        return None if value == AUTO_ROLLER else value

    def _form(self) -> dict[str, Any]:
        """What the inputs describe, as the keywords of ``rules.draft_test``.

        Raises:
            RuleError: the plan inputs of a Foil make no effect (no wording…).
        """
        kind = self.kind.value
        form: dict[str, Any] = {"kind": kind, "actor": self._roller()}
        if kind != "avoid_harm":
            form["difficulty"] = self.difficulty.value
        if kind != "action":
            form["threat"] = self.threat.value
        if kind == "avoid_harm":
            form["cost_detail"] = self.cost.value.strip() or None
        if kind == "foil":
            form["intent"] = self.intent.effect()
        return form

    def prepare(
        self,
        kind: str = "action",
        roller: str | None = None,
        *,
        difficulty: str | None = None,
        threat: str | None = None,
        cost_detail: str | None = None,
        intent: Effect | None = None,
        helpers: Sequence[str] = (),
        helps: Sequence[str] = (),
        hinders: Sequence[str] = (),
    ) -> OpenTest:
        """Set a test up in the panel as if typed and clicked (nothing is journaled): the
        table then cites more Details on the board, rolls, or opens it. Returns the draft.

        Raises:
            RuleError: the rules refuse the test (nothing is changed).
        """
        state = self.game.state
        draft = rules.draft_test(
            state,
            kind,
            roller,
            difficulty=difficulty,
            threat=threat,
            cost_detail=cost_detail,
            intent=intent,
            helpers=helpers,
            helps=helps,
            hinders=hinders,
        )
        with self._sync():
            self.kind.value = draft.kind
            self._sync_choices(state, None)
            self.roller.value = draft.actor if roller is not None else self.roller.value
            for widget, value in ((self.difficulty, draft.difficulty), (self.threat, draft.threat)):
                if value is not None:
                    widget.value = value
            self.cost.value = draft.cost_detail or ""
            self.intent.show_effect(state, draft.intent)
        self.drafting.kept = draft
        self.drafting.changed()
        return draft

    def helping(self, joins: bool) -> None:
        """The PC picked as helper joins the draft (lending their Details) or leaves it."""
        who = self.helper.value
        edit = rules.add_helper if joins else rules.remove_helper
        self.drafting.edit(lambda draft: edit(self.game.state, draft, who))

    def open_test(self) -> str:
        """Journal the test as set up (with its citations and helpers); returns its id."""
        with self.drafting.opening() as draft:
            return self.game.open_draft(draft)

    def roll(self, face: str | None = None) -> TestRolled:
        """Roll the open test's die, or open the test set up and roll it in one action;
        ``face`` is the face read off a real die (``None``: a random roll).

        Raises:
            RuleError: the test cannot be rolled, or the face does not fit its die.
        """
        if self.game.test is None:
            with self.drafting.opening() as draft:
                rolled = self.game.roll_draft(draft, face)
        else:
            rolled = self.game.roll(face)
        return rolled

    def _roll_entry(self, face: str | None) -> Any:
        """The dice entry's callback (Roll, Enter in the face box, Enter face): clear the
        panel's last message, roll, and move the focus to the next step. A refusal
        raises, and the entry shows it beside the box."""
        self.messages.clear()
        rolled = self.roll(face)
        self.focus_next()
        return rolled.roll

    def focus_next(self) -> None:
        """Move the keyboard focus to the control of the step that comes next.

        After a step the buttons just used are often hidden (the roll row goes once the
        die is rolled), which would drop the focus to the page; a keyboard user goes on
        from the effect to choose, the Complication to answer, the cost to take, or
        Finish, and after a test closes, from the next test's Roll.
        """
        steps = {step.action for step in self.game.next_steps()}
        test = self.game.test
        candidates: list[tuple[bool, Any]] = [
            ("choose_effect" in steps, self.effect_kind),
            ("declare_great_success" in steps, self.great_button),
            ("accept_complication" in steps, self.accept_button),
            ("decline_complication" in steps, self.decline_button),
            ("offer_complication" in steps, self.complication),
            ("take_cost" in steps, self.take_cost_button),
            ("finish" in steps, self.finish_button),
            (not self.roll_button.disabled, self.roll_button),
            (test is None, self.kind),
        ]
        target = next((widget for wanted, widget in candidates if wanted), None)
        if target is not None:
            self.focused = target
            target.focus()

    def choose_effect(self) -> None:
        """Pick the Success effect the effect row describes."""
        effect = self.effect.effect()
        assert effect is not None  # the Success picker has no "no effect" choice
        self.game.choose_effect(effect)
        self.effect_text.value = ""

    def offer_complication(self) -> None:
        """The GM offers the Complication typed in the Complication box."""
        self.game.offer_complication(self.complication.value)

    def take_cost(self) -> None:
        """Take a failed Avoid Harm's announced cost, in the player's wording if given."""
        self.game.take_cost(self.cost_text.value.strip() or None)
        self.cost_text.value = ""

    # ------------------------------------------------------------------ following the game

    def _on_actions(self, entries: Sequence[Entry], _state: Any) -> None:
        def update() -> None:
            self._tests.follow(self.game.journal)  # what was appended (all after an undo)
            state = self.game.state
            with self._sync():  # the choices the form offers now, before anyone redraws
                self._sync_choices(state, state.test)
            self.drafting.changed()  # the board and this panel redraw once, on the draft now

        self.messages.run(update)

    def close(self) -> None:
        if hasattr(self, "held"):
            self.held.close()
        if getattr(self, "drafting", None) is not None and self.drafting.form == self._form:
            self.drafting.form = None  # the board follows the game itself again
        super().close()

    @redraws
    def refresh(self) -> None:
        """Bring every field, button and message up to the game's state and the draft."""
        state = self.game.state
        steps = {step.action for step in self.game.next_steps()}
        test = state.test
        last = state.last_test.id if state.last_test is not None else None
        with self._sync():  # a test over: the next one is set up afresh
            self.setup_fresh.belong_to(last)
            self.test_fresh.belong_to(test.id if test is not None else None)
        self.entry.belong_to(test.id if test is not None else ("set up", last))
        inputs = (self.kind, self.roller, self.threat, self.difficulty, self.cost)
        before = [widget.value for widget in inputs]
        with self._sync():
            self._sync_choices(state, test)
        if test is None and [widget.value for widget in inputs] != before:
            self.drafting.changed()  # a new roller or threat offered: the board follows
        draft: OpenTest | None = None
        problem = ""
        if test is None:
            try:
                draft = self.drafting.draft()
            except IsowidgetsError as error:
                problem = str(error)
        setup = test is not None and test.phase == "setup"
        kind = test.kind if test is not None else self.kind.value
        for widget in (self.kind, self.roller, self.threat, self.difficulty, self.cost):
            widget.disabled = test is not None
        set_shown(self.difficulty, kind != "avoid_harm")
        set_shown(self.threat, kind != "action")
        set_shown(self.cost, kind == "avoid_harm")
        set_shown(self.intent_row, kind == "foil" and test is None)
        self.threat.description = "Adversary" if kind == "foil" else "Threat"
        for step, buttons in self.steps.items():
            for button in buttons:
                button.disabled = step not in steps
        self.open_button.disabled = draft is None or draft.kind not in steps
        rollable = "roll" in steps
        if test is None:  # Roll and Enter open the test set up and roll it, in one action
            rollable = not self.open_button.disabled
        self.entry.disabled = not rollable
        for button in (self.add_helper_button, self.remove_helper_button):
            button.disabled = draft is None
        shown = test if test is not None else draft
        if self.strip is not None:
            self.strip.show(state, shown)
        helping = ", ".join(state.name_of(h) for h in shown.helpers) if shown else ""
        self.helpers.value = f"helping: <b>{html.escape(helping)}</b>" if helping else ""
        set_shown(self.helper_row, test is None or setup)
        set_shown(self.roll_row, test is None or setup)
        set_shown(self.plan, draft is not None or setup)
        set_shown(self.preview, test is None)
        if test is None:
            self.preview.value = self._preview(draft, problem)
        if draft is not None or setup:
            self.plan.value = self._plan(draft)
        self.result.value = self._result(state, test)
        set_shown(self.effect_row, "choose_effect" in steps)
        failure = test is not None and test.phase == "failure"
        set_shown(self.failure_rows, failure)
        set_shown(self.complication_row, failure and kind != "avoid_harm")
        set_shown(self.cost_row, failure and kind == "avoid_harm")
        set_shown(self.great_button, "declare_great_success" in steps)
        set_shown(self.spend_button, "spend" in steps)
        set_shown(self.finish_button, "finish" in steps)
        self.finish_button.description = _finish_label(state, test)
        self._warn(state, test)

    def _sync_choices(self, state: ImpactState, test: OpenTest | None) -> None:
        pcs = [(holder_label(state, c.id), c.id) for c in state.pcs()]
        others = [
            *((holder_label(state, c.id), c.id) for c in state.characters if c.role == "npc"),
            *((holder_label(state, s.id), s.id) for s in state.scenes),
            *((holder_label(state, c.id), c.id) for c in state.pcs()),
        ]
        rollers = pcs
        kind = test.kind if test is not None else self.kind.value
        if kind == "foil" and state.settings.foil_roller == "highest_impact" and pcs:
            auto = ("the PC with the highest Impact Die (house rule IMP-A11)", AUTO_ROLLER)
            rollers = [auto, *pcs]
        offered = AUTO_ROLLER in [value for _, value in self.roller.options]
        set_options(self.roller, rollers)
        if test is None and not offered and rollers and rollers[0][1] == AUTO_ROLLER:
            self.roller.value = AUTO_ROLLER  # newly offered: the setting's own way
        set_options(self.threat, others)
        actor = test.actor if test is not None else None
        set_options(self.helper, [(label, id_) for label, id_ in pcs if id_ != actor])
        if test is not None:
            self.kind.value = test.kind
            self.roller.value = test.actor
            if test.difficulty is not None:
                self.difficulty.value = test.difficulty
            if test.threat is not None:
                self.threat.value = test.threat
            if self.cost.value.strip() != (test.cost_detail or ""):
                self.cost.value = test.cost_detail or ""
        self.effect.sync(state)
        if test is not None and test.threat is not None:
            values = [v for _, v in self.effect_target.options]
            if test.threat in values and test.outcome == "great_success":
                self.effect_target.value = test.threat
        self.intent.sync(state)

    def _preview(self, draft: OpenTest | None, problem: str) -> str:
        """One line on the test set up: its die and odds, or why it cannot be opened."""
        if self.roller.value is None:
            return "<em>Add a player character to open a test.</em>"
        if draft is None:
            return f"<small>Cannot open this test now: {html.escape(problem)}</small>"
        odds = plan_odds(self.game.state, draft)
        return (
            f"<small>Set up, not yet opened: a {die_label(odds.plan.die)}, "
            f"{percent(odds.success)} to succeed. Click chips on the board to cite Details, "
            "then roll (or type the face), or open it to roll later.</small>"
        )

    def _plan(self, draft: OpenTest | None) -> str:
        """The die, the Details and the odds of the draft, or of the open test."""
        state = self.game.state
        try:
            plan = rules.roll_plan(state, draft)
            odds = plan_odds(state, draft)
        except IsowidgetsError as error:
            self.roll_button.description = "Roll"
            return f"<div>Cannot roll now: {html.escape(str(error))}</div>"
        self.roll_button.description = f"⚄ Roll {die_label(plan.die)}"
        self.enter_button.description = f"Enter {die_label(plan.die)} face"
        return plan_html(state, plan, odds)

    def _result(self, state: ImpactState, test: OpenTest | None) -> str:
        if test is not None and test.roll is not None:
            return result_html(state, test, self._tests.rolled.get(test.id))
        last = state.last_test
        if last is None:
            return "<em>No test yet.</em>" if test is None else ""
        if test is not None:
            return ""
        if last.roll is None:
            who = html.escape(state.name_of(last.actor))
            return f"<em>{who}'s test was called off before the roll.</em>"
        return result_html(
            state, last, self._tests.rolled.get(last.id), self._tests.resolved.get(last.id)
        )

    def _warn(self, state: ImpactState, test: OpenTest | None) -> None:
        """Say what the player should know before earning (IMP-A02), unless an error shows."""
        if self.messages.kind == "error":
            return
        if test is not None and test.phase == "failure" and test.offer is not None:
            warning = self.game.earn_warning(test.actor)
            if warning:
                self.messages.warning(table_words(warning))
                return
        if self.messages.kind == "warning":
            self.messages.clear()


def _finish_label(state: ImpactState, test: OpenTest | None) -> str:
    """What Finish does in the test's phase (see ``ImpactGame.finish``)."""
    if test is None or test.phase in ("setup", "closed"):
        return "Finish"
    if test.phase == "await_great":
        return "Finish: harm avoided"
    if test.phase == "success":
        return "Finish with no effect" if test.kind == "action" else "Finish"
    if test.kind == "avoid_harm":
        return "Finish: take the cost"
    if test.kind == "foil":
        foe = state.find_character(test.threat or "")
        if foe is not None and foe.ineffectual:  # defeated since the roll (IMP-A13)
            return "Finish: the Failure stands"
        return "Finish: the plan succeeds"
    return "Finish: the Failure stands"
