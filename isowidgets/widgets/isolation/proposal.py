"""The proposal: who acts, what they propose, how, and the modifiers the table judges.

Until *Propose* is pressed the pools are a preview (:meth:`.IsolationGame.preview`,
nothing is journaled); after it the form gives way to the conflict's summary, and the
modifier grid stays editable until the first die is down (ISO-R18, ISO-R20), then
shows as one line. Whom the Active Player persuades is chosen with
:class:`~isowidgets.widgets.toggle.PressToggle` buttons (``✔ Alice`` / ``○ Eve``, ``aria-pressed``).

The form belongs to one proposal (:attr:`ProposalPanel.fresh`): once a proposal is
spoken it starts clean for the next one (the conflict panel says when).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...errors import IsowidgetsError
from ...rules.isolation import Conflict, IsolationGame
from ..fresh import Fresh, first_option
from ..messages import Messages
from ..panel import set_options
from ..toggle import PressToggle
from .chances import ConflictChances
from .modifiers import ModifierRow
from .parts import ConflictView, Part, assign, auto_layout
from .views import factors_html, slug

__all__ = ["MODES", "ProposalPanel"]

MODES = [
    ("persuade everyone", "persuade_all"),
    ("persuade some (the rest stay Neutral)", "subset"),
    ("go alone", "alone"),
    ("act directly against…", "direct"),
]


class ProposalPanel(Part):
    """The proposal form, the modifier grid and the preview of the pools.

    Attributes:
        ap, action, mode, target: the form's fields (``action`` is the sentence said aloud).
        pp_toggles: whom to persuade, one
            :class:`~isowidgets.widgets.toggle.PressToggle` per character.
        physical, force_roll: the physical threat, and rolling at Stress 0.
        propose_button: speaks the proposal (ISO-R15).
        form: the fields above (hidden while a conflict is in progress).
        modifiers, modifiers_fixed: the grid of :class:`.ModifierRow` and, once dice are
            down, its one-line summary.
        preview: the pools the proposal would have.
        chances: the exact chances of the proposal (or of the conflict proposed,
            until anyone rolls), as the mode, the people and the modifiers change.
    """

    def __init__(
        self, game: IsolationGame, messages: Messages, *, done: Callable[[], None] | None = None
    ) -> None:
        self._quiet = False
        self.rows: dict[str, ModifierRow] = {}
        self._signature: tuple[Any, ...] = ()
        self._open_number: int | None = None
        self._preview_who: Any = None
        self._preview_key: Any = None
        self._preview_bare: Conflict | None = None
        self.ap = widgets.Dropdown(description="Active", layout=widgets.Layout(width="220px"))
        self.ap.add_class("iw-ap")
        self.action = widgets.Text(
            description="proposes",
            placeholder="the suggestion, said aloud",
            layout=widgets.Layout(width="360px"),
        )
        self.action.add_class("iw-action")
        self.mode = widgets.Dropdown(
            options=MODES,
            value="persuade_all",
            description="Mode",
            layout=widgets.Layout(width="340px"),
        )
        self.mode.add_class("iw-mode")
        self.target = widgets.Dropdown(description="against", layout=widgets.Layout(width="220px"))
        self.target.add_class("iw-target")
        self.pp_toggles: dict[str, PressToggle] = {}
        self.pp_label = widgets.HTML('<span id="iw-persuade-label">persuade:</span>&nbsp;')
        self.pp_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.pp_box.add_class("iw-pps")
        self.physical = widgets.Checkbox(
            description="⚠ physically threatening (failure wounds)",
            indent=False,
            layout=auto_layout(),
        )
        self.physical.add_class("iw-physical")
        self.force_roll = widgets.Checkbox(
            description="roll even at Stress 0", indent=False, layout=auto_layout()
        )
        self.force_roll.add_class("iw-force-roll")
        self.propose_button = widgets.Button(
            description="Propose (said aloud)",
            button_style="primary",
            icon="bullhorn",
            layout=auto_layout(),
            tooltip="ISO-R15: once spoken, a suggestion is the character's action",
        )
        self.propose_button.add_class("iw-propose")
        self.preview = widgets.HTML()
        self.preview.add_class("iw-preview")
        self.chances = ConflictChances()
        self.modifiers = widgets.VBox()
        self.modifiers.add_class("iw-modifiers")
        self.modifiers_fixed = widgets.HTML(layout=widgets.Layout(display="none"))
        self.modifiers_fixed.add_class("iw-modifiers-fixed")

        super().__init__(game, messages, done=done)
        changed = self.handler(self._form_changed, moves=False)
        for w in (self.ap, self.mode, self.target, self.force_roll, self.action):
            w.observe(changed, names=["value"])
        self.physical.observe(self.handler(self._physical_changed, moves=False), names=["value"])
        self.propose_button.on_click(self.handler(lambda _b: self.propose()))

        self.form = widgets.VBox(
            [
                widgets.HBox([self.ap, self.action], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([self.mode, self.target], layout=widgets.Layout(flex_flow="row wrap")),
                self.pp_box,
                widgets.HBox(
                    [self.force_roll, self.propose_button],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
            ]
        )
        self.form.add_class("iw-proposal-form")
        self.children = [
            self.form,
            self.slot,
            widgets.HTML('<div class="iw-h">Modifiers (fixed before anyone rolls)</div>'),
            self.physical,
            self.modifiers,
            self.modifiers_fixed,
            self.preview,
            self.chances,
        ]
        self.add_class("iw-proposal")
        self.fresh = Fresh()
        """The form, at its defaults again for each proposal (AP first in the cast, no
        action said, persuade everyone, everyone pressed)."""
        self.fresh.add(self.ap, first_option(self.ap))
        self.fresh.add(self.action)
        self.fresh.add(self.mode)
        self.fresh.add(self.target, first_option(self.target))
        self.fresh.add(self.force_roll)
        self.fresh.also(self._press_everyone)
        self._refresh_form()

    def _press_everyone(self) -> None:
        self._quiet = True
        try:
            for toggle in self.pp_toggles.values():
                if not toggle.value:
                    toggle.value = True
        finally:
            self._quiet = False

    # ------------------------------------------------------------------ the form

    def _refresh_form(self) -> None:
        """Fill the AP, target and PP choices from the living characters."""
        state = self.game.state
        living = [(c.name, c.id) for c in state.living]
        self._quiet = True
        try:
            set_options(self.ap, living)
            others = [(n, cid) for n, cid in living if cid != self.ap.value]
            set_options(self.target, others)
            toggles = {}
            for name, cid in others:
                toggle = self.pp_toggles.get(cid)
                if toggle is None:
                    toggle = PressToggle(
                        name,
                        value=True,
                        tooltip=f"persuade {name} (pressed: {name} is persuaded)",
                        layout=auto_layout(),
                    )
                    toggle.add_class(f"iw-pp-{slug(cid)}")
                    toggle.observe(self.handler(self._form_changed, moves=False), names=["value"])
                elif toggle.label != name:
                    toggle.relabel(name)
                toggles[cid] = toggle
            if list(toggles) != list(self.pp_toggles):
                self.pp_toggles = toggles
                self.pp_box.children = (self.pp_label, *toggles.values())
        finally:
            self._quiet = False
        mode = self.mode.value
        assign(self.target.layout, display="" if mode == "direct" else "none")
        assign(self.pp_box.layout, display="" if mode in ("subset", "direct") else "none")
        target = self.target.value if mode == "direct" else None
        for cid, toggle in self.pp_toggles.items():  # the target opposes: no one to persuade
            assign(toggle.layout, display="none" if cid == target else "")
        assign(self.force_roll.layout, display="" if state.stress == 0 else "none")

    def proposal_kwargs(self) -> dict[str, Any]:
        """The form as :meth:`.IsolationGame.propose` keywords (factors
        aside)."""
        mode = self.mode.value
        kwargs: dict[str, Any] = {"mode": mode, "physical": self.physical.value}
        if mode in ("subset", "direct"):
            target = self.target.value if mode == "direct" else None
            kwargs["pps"] = [cid for cid, t in self.pp_toggles.items() if t.value and cid != target]
        if mode == "direct":
            kwargs["target"] = self.target.value
        if self.game.state.stress == 0 and self.force_roll.value:
            kwargs["force_roll"] = True
        return kwargs

    def _participants(self, c: Conflict) -> dict[str, tuple[str, tuple[str, ...]]]:
        """Character id → (role, the ``set_factors`` keywords the engine allows them)."""
        roles = {c.ap: "AP", **{pp: "PP" for pp in c.pps}}
        if c.target:
            roles[c.target] = "target"
        return {
            who: (roles.get(who, "defaulted"), fields)
            for who, fields in self.game.modifier_fields(c).items()
        }

    def factors(self, c: Conflict) -> dict[str, dict[str, Any]]:
        """The modifier rows' judgements for the participants of ``c``."""
        out = {}
        for who in self._participants(c):
            row = self.rows.get(who)
            if row is not None and row.role:
                out[who] = row.values()
        return out

    def _form_changed(self, _change: Any = None) -> None:
        if self._quiet:
            return
        self._refresh_form()
        if self.game.state.conflict is None:
            self._show_preview()

    def _physical_changed(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        c = self.game.state.conflict
        if c is not None and c.resolution is None:
            self.game.mark_physical(bool(change["new"]))
        elif c is None:
            self._show_preview()

    def _modifier_changed(self, who: str) -> None:
        c = self.game.state.conflict
        if c is None:
            self._show_preview()
            return
        row = self.rows[who]
        try:
            self.game.set_factors(who, **row.values())
        except IsowidgetsError:
            self._signature = ()  # refused: the rows show the engine's factors again
            self.render(ConflictView.of(self.game))
            raise

    # ------------------------------------------------------------------ engine calls

    def propose(self) -> Conflict:
        """Speak the proposal the form describes (ISO-R15: it is now the AP's action)."""
        kwargs = self.proposal_kwargs()
        bare = self.game.preview(self.ap.value, self.action.value.strip() or "?", **kwargs)
        return self.game.propose(
            self.ap.value, self.action.value, factors=self.factors(bare.conflict), **kwargs
        )

    # ------------------------------------------------------------------ drawing

    def refresh_choices(self) -> None:
        """The cast changed: offer the living characters again."""
        self._refresh_form()

    def render(self, view: ConflictView) -> None:
        c = view.conflict
        # The form goes away while a conflict is open (its summary says what was
        # proposed): one message, rather than disabling each field.
        assign(self.form.layout, display="none" if c is not None else "")
        if c is not None and self.physical.value != c.physical:
            self._quiet = True
            try:
                self.physical.value = c.physical
            finally:
                self._quiet = False
        assign(self.physical, disabled=c is not None and c.resolution is not None)
        if c is None:
            if self._open_number is not None:  # it just closed: the next proposal starts blank
                self._clear()
            self._signature = ()
            self._show_preview()
        else:
            assign(self.preview, value="")
            self._preview_who = self._preview_key = None  # re-laid out once it closes
            before_dice = not c.rolls and c.resolution is None
            self.chances.show(view.state, c if before_dice else None)
            enabled = view.allowed("set_factors") is not None
            signature = (c.number, c.factors, enabled, view.state.links)
            if signature != self._signature:  # the rows only change with these
                self._layout_rows(c, enabled=enabled, load=True)
                self._signature = signature
        self._open_number = c.number if c is not None else None

    def _clear(self) -> None:
        """Untick every modifier and the physical threat, ready for the next proposal."""
        for row in self.rows.values():
            row.load({})
        self._quiet = True
        try:
            self.physical.value = False
        finally:
            self._quiet = False

    def _layout_rows(self, c: Conflict, *, enabled: bool, load: bool) -> None:
        """Show one modifier row per participant of ``c``; optionally load its factors."""
        state = self.game.state
        characters = {ch.id: ch for ch in state.characters}
        existing = {link.id for link in state.links}
        rows = []
        for who, (role, fields) in self._participants(c).items():
            row = self.rows.get(who)
            if row is None:
                row = ModifierRow(who, self.handler(self._modifier_changed, moves=False))
                self.rows[who] = row
            links = self.game.relevant_links(c.ap, who) if "relevant_links" in fields else ()
            row.configure(characters[who], role, links, fields, existing=existing)
            if load:
                f = c.factors_of(who)
                row.load(
                    {
                        "profession": f.profession,
                        "goal_for": f.goal_for,
                        "goal_against": f.goal_against,
                        "bias_for": f.bias_for,
                        "bias_against": f.bias_against,
                        "roleplay": f.roleplay,
                        "relevant_links": f.relevant_links,
                        "extra_green": f.extra_green,
                        "extra_red": f.extra_red,
                    }
                )
            rows.append(row)
        if tuple(rows) != tuple(self.modifiers.children):
            self.modifiers.children = tuple(rows)
        # Once dice are down the grid gives way to a one-line summary: two messages to
        # the browser instead of disabling every checkbox one by one.
        assign(self.modifiers.layout, display="" if enabled else "none")
        assign(self.modifiers_fixed.layout, display="none" if enabled else "")
        if not enabled:
            names = {ch.id: ch.name for ch in state.characters}
            assign(self.modifiers_fixed, value=factors_html(c, names, state))

    def _show_preview(self) -> None:
        """The pools the proposal would have, from the engine, before it is spoken.

        Recomputed only when the form, the modifiers or the parts of the state a
        plan reads have changed, so a click elsewhere (a Stress change aside) costs
        nothing here even on a large map.
        """
        if not self.ap.value:
            assign(self.preview, value="<em>Add characters first.</em>")
            self.chances.show(self.game.state, None)
            return
        action = self.action.value.strip() or "(the proposed action)"
        kwargs = self.proposal_kwargs()
        state = self.game.state
        form = repr((self.ap.value, action, sorted(kwargs.items())))
        who_key = (form, state.characters, state.links, state.settings)
        try:
            if who_key != self._preview_who or self._preview_bare is None:
                self._preview_bare = self.game.preview(self.ap.value, action, **kwargs).conflict
                self._layout_rows(self._preview_bare, enabled=True, load=False)
                self._preview_who = who_key
            factors = self.factors(self._preview_bare)
            key = (
                who_key,
                repr(factors),
                state.stress,
                state.threat,
                state.interlude,
                state.pair_roll,
                state.conflicts_held,
            )
            if key == self._preview_key:
                return
            plan = self.game.preview(self.ap.value, action, factors=factors, **kwargs)
            self._preview_key = key
        except IsowidgetsError as exc:  # the engine says why this cannot be proposed now
            self._preview_who = self._preview_key = None
            assign(
                self.preview,
                value=f'<div class="iw-msg iw-msg--info"><b>Preview:</b> '
                f"{html.escape(str(exc))}</div>",
            )
            assign(self.propose_button, disabled=True)
            self.chances.show(state, None)
            return
        names = {c.id: c.name for c in state.characters}
        lines = []
        for unit in plan.units:
            dice = "1 die" if unit.count == 1 else f"{unit.count} dice"
            sources = " · ".join(html.escape(s.describe()) for s in unit.sources) or "no dice"
            who = "the GM" if unit.who == "GM" else names.get(unit.who, unit.who)
            lines.append(
                f"<li><b>{html.escape(who)}</b> ({unit.role}) "
                f'<span class="iw-tag iw-tag--{unit.colour}">'
                f"{'+' if unit.colour == 'green' else '×'} {unit.colour}</span>"
                f"<b>{dice}</b> = {sources}</li>"
            )
        if plan.conflict.automatic:
            lines = ["<li>Stress is 0 and nothing threatens: no rolls (ISO-R37)</li>"]
        assign(
            self.preview,
            value='<div class="iw-pool-head"><b>Pools if proposed</b> (preview, nothing is '
            f"recorded):<ul>{''.join(lines)}</ul></div>",
        )
        assign(self.propose_button, disabled=False)
        self.chances.show(state, plan.conflict)
