"""The conflict panel: one proposal, one roll read twice, clicked through step by step.

The panel follows the engine's order (ISO-R26) and never decides a rule itself:

1. **Proposal.** The Active Player, the action said aloud, the mode (persuade
   everyone, some, nobody, or act directly against someone) and the modifiers the
   table judges (profession, role-play, Goal or Bias for or against, relevant
   labeled links). Until *Propose* is pressed the pools are a preview
   (:meth:`IsolationGame.preview`); after it they are the conflict's plan.
2. **Pools.** Every pool with where each die comes from; *Roll* it, or type the
   faces rolled at the table and press *Enter* (base dice first, then one extra
   die per exploding face). Each die is a chip (see :func:`~..common.roll_chips`).
3. **Stances.** Each Passive Player's net and the engine's reason; only the
   stances the roll allows can be clicked (downgrade only, with the zero-red-links
   exception). Characters left Neutral by default may turn Hostile once the
   opposition has rolled.
4. **Difficulty** (T-ISO-1 names), the **GM's roll** (or the target's), then
   **Resolve**: the degree with the engine's explanation and the consequences
   (Stress, temporary links, wounds). For a physically threatening failure the
   table distributes the wounds the rules leave open.

Which buttons are enabled comes from :meth:`IsolationGame.next_steps` alone.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ...errors import IsowidgetsError
from ...journal import Entry, Event
from ...rules.isolation import (
    DIFFICULTY_NAMES,
    STANCES,
    Conflict,
    IsolationGame,
    IsolationState,
    Step,
)
from ...rules.isolation.explain import explain_stance
from ..common import Messages, Panel, guard, set_options
from .rows import ModifierRow, PoolWidget, StanceWidget, assign, auto_layout
from .views import (
    conflict_summary,
    consequences,
    explanation_html,
    factors_html,
    isolation_style,
    last_conflict_events,
    pool_rows,
    slug,
    steps_html,
)

__all__ = ["MODES", "ConflictPanel", "ModifierRow", "PoolWidget", "StanceWidget"]

MODES = [
    ("persuade everyone", "persuade_all"),
    ("persuade some (the rest stay Neutral)", "subset"),
    ("go alone", "alone"),
    ("act directly against…", "direct"),
]

_RESULT_KINDS = frozenset({"conflict_resolved", "wounds_assigned", "retcon"})


# --------------------------------------------------------------------------- the panel


class ConflictPanel(Panel):
    """Drive one conflict at a time through the engine's steps.

    Args:
        game: the game to play.
    """

    game: IsolationGame

    def __init__(self, game: IsolationGame) -> None:
        self.messages = Messages()
        self._quiet = False
        self._mod_rows: dict[str, ModifierRow] = {}
        self._pool_widgets: dict[str, PoolWidget] = {}
        self._stance_widgets: dict[str, StanceWidget] = {}
        self._wound_inputs: dict[str, widgets.BoundedIntText] = {}
        self._wounds_for: int | None = None
        """The conflict whose wounds the form shows (``None`` while it is hidden)."""
        self._last_events: tuple[int | None, list[Event]] = (None, [])
        self.steps: tuple[Step, ...] = ()
        self._mod_signature: tuple[Any, ...] = ()
        self._open_number: int | None = None
        self._preview_who: Any = None
        self._preview_key: Any = None
        self._preview_bare: Conflict | None = None
        on = guard(self.messages)

        # proposal
        self.ap = widgets.Dropdown(description="Active", layout=widgets.Layout(width="240px"))
        self.ap.add_class("iw-ap")
        self.action = widgets.Text(
            description="proposes",
            placeholder="the suggestion, said aloud",
            layout=widgets.Layout(width="380px"),
        )
        self.action.add_class("iw-action")
        self.mode = widgets.Dropdown(
            options=MODES,
            value="persuade_all",
            description="Mode",
            layout=widgets.Layout(width="360px"),
        )
        self.mode.add_class("iw-mode")
        self.target = widgets.Dropdown(description="against", layout=widgets.Layout(width="240px"))
        self.target.add_class("iw-target")
        self.pp_toggles: dict[str, widgets.ToggleButton] = {}
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
        self.modifiers = widgets.VBox()
        self.modifiers_fixed = widgets.HTML(layout=widgets.Layout(display="none"))
        self.modifiers_fixed.add_class("iw-modifiers-fixed")
        self.modifiers.add_class("iw-modifiers")

        # the shown conflict
        self.summary = widgets.HTML()
        self.summary.add_class("iw-conflict-summary")
        self.next = widgets.HTML()
        self.next.add_class("iw-next")
        self.roll_ready_button = widgets.Button(
            description="Roll all ready pools",
            icon="cubes",
            layout=auto_layout(),
            tooltip="rolls every pool that can be rolled now; typed faces are used where given",
        )
        self.roll_ready_button.add_class("iw-roll-ready")
        self.pools = widgets.VBox()
        self.pools.add_class("iw-pools")
        self.first_reading = widgets.HTML()
        self.first_reading.add_class("iw-first-reading")
        self.stances = widgets.VBox()
        self.stances.add_class("iw-stances")
        self.difficulty = widgets.Dropdown(
            options=[(f"{name} ({n})", n) for n, name in DIFFICULTY_NAMES.items()],
            value=3,
            description="Difficulty",
            layout=widgets.Layout(width="240px"),
        )
        self.difficulty.add_class("iw-difficulty")
        self.set_difficulty_button = widgets.Button(description="Set Difficulty", icon="flag")
        self.set_difficulty_button.add_class("iw-set-difficulty")
        self.difficulty_status = widgets.HTML()
        self.resolve_button = widgets.Button(
            description="Resolve",
            button_style="warning",
            icon="balance-scale",
            tooltip="the second interpretation: pooled evens against the opposing odds",
        )
        self.resolve_button.add_class("iw-resolve")
        self.result = widgets.HTML()
        self.result.add_class("iw-result")
        self.wound_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.assign_button = widgets.Button(
            description="Assign wounds", button_style="danger", icon="medkit"
        )
        self.assign_button.add_class("iw-assign-wounds")
        self.wound_title = widgets.HTML()
        self.wounds = widgets.VBox([self.wound_title, self.wound_box, self.assign_button])
        self.wounds.add_class("iw-wounds")
        self.cancel_reason = widgets.Text(
            placeholder="why it is taken back (said aloud)", layout=widgets.Layout(width="300px")
        )
        self.cancel_reason.add_class("iw-cancel-reason")
        self.cancel_button = widgets.Button(description="Cancel proposal", icon="times")
        self.cancel_button.add_class("iw-cancel")

        for w in (self.ap, self.mode, self.target, self.force_roll):
            w.observe(on(self._form_changed), names=["value"])
        self.action.observe(on(self._form_changed), names=["value"])
        self.physical.observe(on(self._physical_changed), names=["value"])
        self.propose_button.on_click(on(lambda _b: self.propose()))
        self.roll_ready_button.on_click(on(lambda _b: self.roll_ready()))
        self.set_difficulty_button.on_click(
            on(lambda _b: self.act(lambda: self.game.set_difficulty(self.difficulty.value)))
        )
        self.resolve_button.on_click(on(lambda _b: self.act(self.game.resolve)))
        self.assign_button.on_click(on(lambda _b: self.assign_wounds()))
        self.cancel_button.on_click(on(lambda _b: self.cancel()))

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
        proposal = widgets.VBox(
            [
                self.form,
                widgets.HTML('<div class="iw-h">Modifiers (fixed before anyone rolls)</div>'),
                self.physical,
                self.modifiers,
                self.modifiers_fixed,
                self.preview,
            ]
        )
        proposal.add_class("iw-proposal")
        play = widgets.VBox(
            [
                self.summary,
                self.next,
                self.roll_ready_button,
                self.pools,
                self.first_reading,
                self.stances,
                widgets.HBox(
                    [self.difficulty, self.set_difficulty_button, self.difficulty_status],
                    layout=widgets.Layout(align_items="center"),
                ),
                self.resolve_button,
                self.wounds,
                self.result,
                widgets.HBox([self.cancel_reason, self.cancel_button]),
            ]
        )
        play.add_class("iw-section")
        super().__init__(
            game,
            [
                isolation_style(),
                widgets.HTML('<div class="iw-title">Conflict</div>'),
                proposal,
                self.messages,
                play,
            ],
        )
        self.add_class("iw-conflict")
        self._last_events = last_conflict_events(game.journal.effective())
        self._refresh_form()
        self.render()
        self.follow(on(self._on_actions))

    # ------------------------------------------------------------------ helpers

    @property
    def state(self) -> IsolationState:
        return self.game.state

    def _names(self) -> dict[str, str]:
        return {c.id: c.name for c in self.state.characters}

    def _allowed(self, action: str, who: str | None = None) -> Step | None:
        for step in self.steps:
            if step.action == action and (who is None or step.actor == who):
                return step
        return None

    # ------------------------------------------------------------------ the proposal form

    def _refresh_form(self) -> None:
        """Fill the AP, target and PP choices from the living characters."""
        living = [(c.name, c.id) for c in self.state.living]
        self._quiet = True
        try:
            set_options(self.ap, living)
            others = [(n, cid) for n, cid in living if cid != self.ap.value]
            set_options(self.target, others)
            toggles = {}
            for name, cid in others:
                toggle = self.pp_toggles.get(cid)
                if toggle is None:
                    toggle = widgets.ToggleButton(
                        value=True,
                        description=name,
                        icon="user",
                        layout=auto_layout(),
                        tooltip=f"persuade {name}",
                    )
                    toggle.add_class(f"iw-pp-{slug(cid)}")
                    toggle.observe(guard(self.messages)(self._form_changed), names=["value"])
                toggles[cid] = toggle
            if list(toggles) != list(self.pp_toggles):
                self.pp_toggles = toggles
                self.pp_box.children = (
                    widgets.HTML("persuade:&nbsp;"),
                    *toggles.values(),
                )
        finally:
            self._quiet = False
        mode = self.mode.value
        self.target.layout.display = "" if mode == "direct" else "none"
        self.pp_box.layout.display = "" if mode in ("subset", "direct") else "none"
        target = self.target.value if mode == "direct" else None
        for cid, toggle in self.pp_toggles.items():  # the target opposes: no one to persuade
            assign(toggle.layout, display="none" if cid == target else "")
        self.force_roll.layout.display = "" if self.state.stress == 0 else "none"

    def _proposal_kwargs(self) -> dict[str, Any]:
        mode = self.mode.value
        kwargs: dict[str, Any] = {"mode": mode, "physical": self.physical.value}
        if mode in ("subset", "direct"):
            target = self.target.value if mode == "direct" else None
            kwargs["pps"] = [cid for cid, t in self.pp_toggles.items() if t.value and cid != target]
        if mode == "direct":
            kwargs["target"] = self.target.value
        if self.state.stress == 0 and self.force_roll.value:
            kwargs["force_roll"] = True
        return kwargs

    def _factors(self, c: Conflict) -> dict[str, dict[str, Any]]:
        out = {}
        for who in self._participants(c):
            row = self._mod_rows.get(who)
            if row is not None and row.role:
                out[who] = row.values()
        return out

    def _participants(self, c: Conflict) -> dict[str, tuple[str, tuple[str, ...]]]:
        """Character id → (role, the ``set_factors`` keywords the engine allows them)."""
        roles = {c.ap: "AP", **{pp: "PP" for pp in c.pps}}
        if c.target:
            roles[c.target] = "target"
        return {
            who: (roles.get(who, "defaulted"), fields)
            for who, fields in self.game.modifier_fields(c).items()
        }

    def _form_changed(self, _change: Any = None) -> None:
        if self._quiet:
            return
        self._refresh_form()
        if self.state.conflict is None:
            self._show_preview()

    def _physical_changed(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        c = self.state.conflict
        if c is not None and c.resolution is None:
            self.act(lambda: self.game.mark_physical(bool(change["new"])))
        elif c is None:
            self._show_preview()

    def _layout_modifiers(self, c: Conflict, *, enabled: bool, load: bool) -> None:
        """Show one modifier row per participant of ``c``; optionally load its factors."""
        names = {ch.id: ch for ch in self.state.characters}
        existing = {link.id for link in self.state.links}
        rows = []
        for who, (role, fields) in self._participants(c).items():
            row = self._mod_rows.get(who)
            if row is None:
                row = ModifierRow(who, guard(self.messages)(self._modifier_changed))
                self._mod_rows[who] = row
            links = self.game.relevant_links(c.ap, who) if "relevant_links" in fields else ()
            row.configure(names[who], role, links, fields, existing=existing)
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
        self.modifiers.layout.display = "" if enabled else "none"
        self.modifiers_fixed.layout.display = "none" if enabled else ""
        if not enabled:
            self.modifiers_fixed.value = factors_html(c, self._names(), self.state)

    def _show_preview(self) -> None:
        """The pools the proposal would have, from the engine, before it is spoken.

        Recomputed only when the form, the modifiers or the parts of the state a
        plan reads have changed, so a click elsewhere (a Stress change aside) costs
        nothing here even on a large map.
        """
        if not self.ap.value:
            self.preview.value = "<em>Add characters first.</em>"
            return
        action = self.action.value.strip() or "(the proposed action)"
        kwargs = self._proposal_kwargs()
        state = self.state
        form = repr((self.ap.value, action, sorted(kwargs.items())))
        who_key = (form, state.characters, state.links, state.settings)
        try:
            if who_key != self._preview_who or self._preview_bare is None:
                self._preview_bare = self.game.preview(self.ap.value, action, **kwargs).conflict
                self._layout_modifiers(self._preview_bare, enabled=True, load=False)
                self._preview_who = who_key
            factors = self._factors(self._preview_bare)
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
            self.preview.value = (
                f'<div class="iw-msg iw-msg--info"><b>Preview:</b> {html.escape(str(exc))}</div>'
            )
            self.propose_button.disabled = True
            return
        names = self._names()
        lines = []
        for unit in plan.units:
            dice = "1 die" if unit.count == 1 else f"{unit.count} dice"
            sources = " · ".join(html.escape(s.describe()) for s in unit.sources) or "no dice"
            lines.append(
                f"<li><b>{html.escape(names.get(unit.who, unit.who))}</b> ({unit.role}) "
                f'<span class="iw-tag iw-tag--{unit.colour}">'
                f"{'+' if unit.colour == 'green' else '×'} {unit.colour}</span>"
                f"<b>{dice}</b> = {sources}</li>"
            )
        if plan.conflict.automatic:
            lines = ["<li>Stress is 0 and nothing threatens: no rolls (ISO-R37)</li>"]
        self.preview.value = (
            '<div class="iw-pool-head"><b>Pools if proposed</b> (preview, nothing is recorded):'
            f"<ul>{''.join(lines)}</ul></div>"
        )
        self.propose_button.disabled = False

    def _clear_proposal(self) -> None:
        """Untick every modifier and the physical threat, ready for the next proposal."""
        for row in self._mod_rows.values():
            row.load({})
        self._quiet = True
        try:
            self.physical.value = False
        finally:
            self._quiet = False

    def _modifier_changed(self, who: str) -> None:
        c = self.state.conflict
        if c is None:
            self._show_preview()
            return
        row = self._mod_rows[who]
        try:
            self.act(lambda: self.game.set_factors(who, **row.values()))
        except IsowidgetsError:
            self._mod_signature = ()  # refused: the rows show the engine's factors again
            self.render()
            raise

    # ------------------------------------------------------------------ engine calls

    def propose(self) -> Conflict:
        """Speak the proposal the form describes (ISO-R15: it is now the AP's action)."""
        c0 = self.game.preview(
            self.ap.value, self.action.value.strip() or "?", **self._proposal_kwargs()
        ).conflict
        conflict: Conflict = self.act(
            lambda: self.game.propose(
                self.ap.value,
                self.action.value,
                factors=self._factors(c0),
                **self._proposal_kwargs(),
            )
        )
        return conflict

    def roll_pool(self, who: str, colour: str, faces: str | None = None) -> None:
        """Roll one pool (``faces=None``) or record typed faces."""
        self.act(lambda: self.game.roll(who, colour, faces))  # type: ignore[arg-type]

    def _pool_clicked(self, pool: PoolWidget, typed: bool) -> None:
        faces = pool.faces.value.strip() if typed else None
        if typed and not faces:
            self.messages.error(
                f"type the faces {pool.who} rolled at the table first, base dice then "
                "each extra die, e.g. 4 3 1 6 4"
            )
            return
        self.roll_pool(pool.who, pool.colour, faces)
        pool.faces.value = ""

    def roll_ready(self) -> None:
        """Roll every ready pool (typed faces are used where a pool has some)."""
        typed: dict[str, dict[str, str]] = {}
        for pool in self._pool_widgets.values():
            if pool.faces.value.strip() and not pool.faces.disabled:
                typed.setdefault(pool.who, {})[pool.colour] = pool.faces.value.strip()
        self.act(lambda: self.game.roll_ready(typed or None))
        for pool in self._pool_widgets.values():
            pool.faces.value = ""

    def _stance_clicked(self, who: str, action: str) -> None:
        if action == "declare_hostile":
            self.act(lambda: self.game.declare_hostile(who))
        elif action == "downgrade":
            self.act(lambda: self.game.downgrade(who))
        else:
            self.act(lambda: self.game.choose_stance(who, action))  # type: ignore[arg-type]

    def choose(self, who: str, stance: str) -> None:
        """What a click on one of ``who``'s stance buttons does."""
        self._stance_clicked(who, stance)

    def assign_wounds(self) -> None:
        assignment = {who: box.value for who, box in self._wound_inputs.items() if box.value}
        self.act(lambda: self.game.assign_wounds(assignment))

    def cancel(self) -> None:
        self.act(lambda: self.game.cancel_conflict(self.cancel_reason.value))
        self.cancel_reason.value = ""

    # ------------------------------------------------------------------ rendering

    def _on_actions(self, entries: Sequence[Entry], _state: Any) -> None:
        if any(entry.kind in _RESULT_KINDS for entry in entries):
            self._last_events = last_conflict_events(self.game.journal.effective())
        if any(
            entry.kind.startswith("character")
            or entry.kind in ("health_changed", "retcon", "stress_changed")
            for entry in entries
        ):
            self._refresh_form()
        self.render()

    def render(self) -> None:
        """Show the conflict in progress, or the last one, as the engine has it now.

        The pools come first: after a *Roll* their chips are what the table is
        waiting for, so they leave the kernel before anything else is redrawn.
        """
        state = self.state
        c = state.conflict
        shown = c or state.last_conflict
        self.steps = self.game.next_steps()
        names = self._names()
        open_ = c is not None
        if shown is None:
            assign(self.summary, value="<em>No conflict yet: propose one above.</em>")
            assign(self.first_reading, value="")
            assign(self.result, value="")
            if self.pools.children or self.stances.children:
                self.pools.children = ()
                self.stances.children = ()
        else:
            self._render_pools(shown, names, open_=open_)
            self._render_stances(shown, names, open_=open_)
            assign(self.summary, value=conflict_summary(shown, names))
            self._render_result(shown, names)
        assign(self.next, value=steps_html(self.steps))
        assign(self.roll_ready_button, disabled=self._allowed("roll") is None)
        assign(
            self.roll_ready_button.layout,
            display="" if open_ and not c.automatic else "none",  # type: ignore[union-attr]
        )
        difficulty = self._allowed("set_difficulty") is None
        assign(self.set_difficulty_button, disabled=difficulty)
        assign(self.difficulty, disabled=difficulty)
        current = shown.difficulty if shown is not None else None
        assign(
            self.difficulty_status,
            value=f"set: <b>{DIFFICULTY_NAMES[current]} ({current})</b>" if current else "",
        )
        assign(self.resolve_button, disabled=self._allowed("resolve") is None)
        cancellable = open_ and c.resolution is None  # type: ignore[union-attr]
        assign(self.cancel_button, disabled=not cancellable)
        assign(self.cancel_reason, disabled=not cancellable)
        self._render_wounds(names)

        # The proposal form goes away while a conflict is open (its summary says what
        # was proposed): one message, rather than disabling each field.
        assign(self.form.layout, display="none" if open_ else "")
        if c is not None and self.physical.value != c.physical:
            self._quiet = True
            try:
                self.physical.value = c.physical
            finally:
                self._quiet = False
        assign(self.physical, disabled=open_ and c.resolution is not None)  # type: ignore[union-attr]
        if c is None:
            if self._open_number is not None:  # it just closed: the next proposal starts blank
                self._clear_proposal()
            self._mod_signature = ()
            self._show_preview()
        else:
            assign(self.preview, value="")
            self._preview_who = self._preview_key = None  # re-laid out once it closes
            enabled = self._allowed("set_factors") is not None
            signature = (c.number, c.factors, enabled, state.links)
            if signature != self._mod_signature:  # the rows only change with these
                self._layout_modifiers(c, enabled=enabled, load=True)
                self._mod_signature = signature
        self._open_number = c.number if c is not None else None

    def _render_pools(self, shown: Conflict, names: dict[str, str], *, open_: bool) -> None:
        rows = pool_rows(self.state, shown)
        ready = {(s.actor, s.options[0]) for s in self.steps if s.action == "roll"}
        children = []
        for row in rows:
            pool = self._pool_widgets.get(row.key)
            if pool is None:
                pool = PoolWidget(row.key, guard(self.messages)(self._pool_clicked))
                self._pool_widgets[row.key] = pool
            pool.show(row, names, open_ and (row.who, row.colour) in ready)
            children.append(pool)
        if tuple(children) != tuple(self.pools.children):
            self.pools.children = tuple(children)
        first = shown.first
        first_reading = (
            (
                '<div class="iw-status"><b>First interpretation:</b> AP_odds = '
                f"⌊{first.ap_red_odds} red odds − {first.ap_green_evens} green evens⌋₀ = "
                f"<b>{first.ap_odds}</b> (ISO-R23)</div>"
            )
            if first is not None
            else ""
        )
        assign(self.first_reading, value=first_reading)

    def _render_stances(self, shown: Conflict, names: dict[str, str], *, open_: bool) -> None:
        explained = (
            {s.character: s for s in shown.explanation.stances}
            if (shown.explanation is not None)
            else {}
        )
        children = []
        for pp in shown.pps:
            widget = self._stance_widget(pp)
            s = explained.get(pp) or explain_stance(self.state, shown, pp)
            chosen = shown.stance_of(pp)
            head = f"<b>{html.escape(names.get(pp, pp))}</b>"
            if chosen:
                head += f" is <b>✔ {chosen}</b>"
            elif pp in shown.declared_hostile:
                head += " declared <b>Hostile</b> without rolling"
            if s.net is not None:
                head += f" — net {s.net:+d}, may be {' / '.join(s.allowed)}"
            elif not chosen and not shown.automatic:
                head += " — the stance is read once the first-stage dice are down"
            why = "" if s.why == "not read yet" else f"<br><small>{html.escape(s.why)}</small>"
            enabled: set[str] = set()
            choose = self._allowed("choose_stance", pp) if open_ else None
            if choose is not None:
                enabled |= set(choose.options)
            if open_ and self._allowed("declare_hostile", pp) is not None:
                enabled.add("declare_hostile")
            visible: set[str] = set()
            if open_ and not chosen:  # once chosen (or closed) the text says it all
                readable = shown.first is not None or shown.automatic
                visible = set(STANCES) if readable else set()
                if not shown.rolls and not shown.automatic:
                    visible.add("declare_hostile")
            widget.show(f'<div class="iw-status">{head}{why}</div>', enabled, visible)
            children.append(widget)
        alone = shown.mode == "alone"
        for who in shown.defaulted:
            turned = who in shown.downgraded
            if alone and not (open_ or turned):
                continue  # going alone: only volunteers are worth a line once it is over
            widget = self._stance_widget(who)
            name = f"<b>{html.escape(names.get(who, who))}</b>"
            if turned:
                text = f"{name} <b>{'volunteers as' if alone else 'turned'} Hostile</b>"
            elif alone:
                text = f"{name} stays out (may volunteer to be Hostile)"
            else:
                text = f"{name} is Neutral by default (may turn Hostile once the opposition rolled)"
            enabled = {"downgrade"} if open_ and self._allowed("downgrade", who) else set()
            widget.show(
                f'<div class="iw-status">{text}</div>', enabled, {"downgrade"} if open_ else set()
            )
            children.append(widget)
        if tuple(children) != tuple(self.stances.children):
            self.stances.children = tuple(children)

    def _stance_widget(self, who: str) -> StanceWidget:
        widget = self._stance_widgets.get(who)
        if widget is None:
            widget = StanceWidget(who, guard(self.messages)(self._stance_clicked))
            self._stance_widgets[who] = widget
        return widget

    def _render_result(self, shown: Conflict, names: dict[str, str]) -> None:
        if shown.explanation is None:
            assign(self.result, value="")
            return
        number, events = self._last_events
        after = consequences(events) if number == shown.number else []
        items = "".join(f"<li>{html.escape(line)}</li>" for line in after)
        listed = (
            f'<div class="iw-status"><b>Consequences:</b><ul>{items}</ul></div>'
            if items
            else '<div class="iw-status"><b>Consequences:</b> none (no Stress change, '
            "no temporary links)</div>"
        )
        assign(self.result, value=explanation_html(shown.explanation, names) + listed)

    def _render_wounds(self, names: dict[str, str]) -> None:
        step = self._allowed("assign_wounds")
        if step is None:
            assign(self.wounds.layout, display="none")
            self._wounds_for = None
            return
        assign(self.wounds.layout, display="")
        c = self.state.conflict
        assert c is not None
        self.wound_title.value = (
            f'<div class="iw-status"><b>Wounds:</b> {html.escape(step.label)}. The table '
            "decides who takes them (ISO-R39); blame a Hostile character's actions or a "
            "Neutral one's reluctance.</div>"
        )
        fresh = self._wounds_for != c.number  # the step appears anew: start from zero
        self._wounds_for = c.number
        # No box takes more than the wounds left to distribute, nor more than that
        # character can still take (both the engine's numbers).
        inputs = {}
        for who in step.options:
            most = min(c.wounds_left, self.game.wound_capacity(who))
            box = self._wound_inputs.get(who)
            if box is None:
                box = widgets.BoundedIntText(
                    value=0,
                    min=0,
                    max=most,
                    description=names.get(who, who),
                    layout=widgets.Layout(width="170px"),
                )
                box.add_class(f"iw-wounds-{slug(who)}")
            else:
                if fresh:
                    box.value = 0
                assign(box, max=most)
            inputs[who] = box
        self._wound_inputs = inputs
        if tuple(inputs.values()) != tuple(self.wound_box.children):
            self.wound_box.children = tuple(inputs.values())
