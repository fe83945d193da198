"""The proposal: who acts, what they propose, how, and the modifiers the table judges.

Until *Propose* is pressed the pools are a preview (:meth:`IsolationGame.preview`,
nothing is journaled); after it the form gives way to the conflict's summary, and the
modifier grid stays editable until the first die is down (ISO-R18, ISO-R20), then
shows as one line. Whom the Active Player persuades is chosen with
:class:`~.toggle.PressToggle` buttons (``✔ Alice`` / ``○ Eve``, ``aria-pressed``).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Sequence
from typing import Any

import ipywidgets as widgets

from ...errors import IsowidgetsError
from ...rules.isolation import Character, Conflict, IsolationGame, Link
from ..messages import Messages
from ..panel import set_options
from .parts import ConflictView, Part, assign, auto_layout
from .toggle import PressToggle
from .views import edge_text, factors_html, slug

__all__ = ["MODES", "ModifierRow", "ProposalPanel"]

MODES = [
    ("persuade everyone", "persuade_all"),
    ("persuade some (the rest stay Neutral)", "subset"),
    ("go alone", "alone"),
    ("act directly against…", "direct"),
]

_FLAGS = (
    ("profession", "Profession", "the action relates to / falls within their Profession: +1 green"),
    ("goal_for", "serves Goal", "the action significantly serves their Goal: +1 green"),
    ("bias_for", "serves Bias", "the action significantly serves their Bias: +1 green"),
    ("goal_against", "against Goal", "the action goes against their Goal: +1 red"),
    ("bias_against", "against Bias", "the action goes against their Bias: +1 red"),
)


class ModifierRow(widgets.HBox):  # type: ignore[misc]
    """One character's modifier judgements (ISO-R18, ISO-R20, ISO-R43).

    Which fields show depends on the character's role: the AP has role-play
    dice, a Passive Player has relevant labeled links, a direct-action target
    has situational dice. The engine checks every value when it is used. The
    row is reused from one render to the next and sends nothing unchanged.
    """

    def __init__(self, character_id: str, on_change: Callable[[str], None]) -> None:
        self.character_id = character_id
        self._on_change = on_change
        self.quiet = False
        self.role = ""
        self.fields: tuple[str, ...] = ()
        self.name = widgets.HTML(layout=widgets.Layout(width="200px"))
        self.flags: dict[str, widgets.Checkbox] = {}
        for key, text, tip in _FLAGS:
            box = widgets.Checkbox(
                description=text, indent=False, layout=auto_layout(), tooltip=tip
            )
            box.add_class(f"iw-mod-{slug(character_id)}-{key}")
            box.observe(self._changed, names=["value"])
            self.flags[key] = box
        self.roleplay = widgets.BoundedIntText(
            value=0, min=0, max=20, description="role-play +", layout=widgets.Layout(width="150px")
        )
        self.roleplay.add_class(f"iw-mod-{slug(character_id)}-roleplay")
        self.extra_green = widgets.BoundedIntText(
            value=0, min=0, max=30, description="+ green", layout=widgets.Layout(width="140px")
        )
        self.extra_green.add_class(f"iw-mod-{slug(character_id)}-extra_green")
        self.extra_red = widgets.BoundedIntText(
            value=0, min=0, max=30, description="× red", layout=widgets.Layout(width="140px")
        )
        self.extra_red.add_class(f"iw-mod-{slug(character_id)}-extra_red")
        for number in (self.roleplay, self.extra_green, self.extra_red):
            number.observe(self._changed, names=["value"])
        self.links: dict[str, widgets.Checkbox] = {}
        self._link_boxes: dict[str, widgets.Checkbox] = {}
        self.link_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__(
            [
                self.name,
                *self.flags.values(),
                self.roleplay,
                self.extra_green,
                self.extra_red,
                self.link_box,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.add_class(f"iw-mod-{slug(character_id)}")

    def _changed(self, _change: dict[str, Any]) -> None:
        if not self.quiet:
            self._on_change(self.character_id)

    def configure(
        self,
        character: Character,
        role: str,
        links: Sequence[Link],
        fields: Sequence[str],
        *,
        existing: Collection[str] | None = None,
    ) -> None:
        """Show ``fields`` (the engine's ``modifier_fields`` for ``character``, whose part
        in the conflict is ``role``) and the relevant-link boxes for ``links``.

        ``existing``, the ids of every link on the map, lets the row close the boxes
        of links that are gone (it keeps the others for the next conflict).
        """
        self.role = role
        self.fields = tuple(fields)
        assign(
            self.name,
            value=f"<b>{html.escape(character.name)}</b> <small>({role} · "
            f"{html.escape(character.profession)})</small>",
        )
        tips = {
            "profession": character.profession,
            "goal_for": character.goal,
            "goal_against": character.goal,
            "bias_for": character.bias,
            "bias_against": character.bias,
        }
        words = {k: t for k, _, t in _FLAGS}
        for key, box in self.flags.items():
            assign(box.layout, display="" if key in self.fields else "none")
            assign(box, tooltip=f"{words[key]} — “{tips[key]}”")
        for key, number in (
            ("roleplay", self.roleplay),
            ("extra_green", self.extra_green),
            ("extra_red", self.extra_red),
        ):
            assign(number.layout, display="" if key in self.fields else "none")
        self._show_links(links if "relevant_links" in self.fields else (), existing)

    def _show_links(self, links: Sequence[Link], existing: Collection[str] | None) -> None:
        """Show one relevant-link box per link of ``links`` (none for ``None``).

        A box is made once per link and kept, hidden when not wanted, while the link
        is on the map: the conflict after a resolution (or an undo) shows the same
        boxes again instead of sending new widgets to the page.
        """
        wanted = {link.id: link for link in links}
        for link_id, link in wanted.items():
            text = f"relevant: {edge_text(link)}"
            box = self._link_boxes.get(link_id)
            if box is None:
                box = widgets.Checkbox(
                    description=text,
                    indent=False,
                    layout=auto_layout(),
                    tooltip="a labeled link particularly relevant to the action: "
                    "+1 die of its colour (ISO-R20)",
                )
                box.add_class(f"iw-mod-{slug(self.character_id)}-{slug(link_id)}")
                box.observe(self._changed, names=["value"])
                self._link_boxes[link_id] = box
            elif box.description != text:
                box.description = text  # relabeled since
        gone = [k for k in self._link_boxes if existing is not None and k not in existing]
        self.links = {k: self._link_boxes[k] for k in wanted}
        shown = tuple(self.links.values())
        if self.link_box.children != shown:
            self.link_box.children = shown
        for link_id in gone:  # links no longer on the map
            self._link_boxes.pop(link_id).close()

    def values(self) -> dict[str, Any]:
        """The judgements this row shows, as ``set_factors`` keywords (only its fields)."""
        numbers = {
            "roleplay": self.roleplay,
            "extra_green": self.extra_green,
            "extra_red": self.extra_red,
        }
        out: dict[str, Any] = {}
        for key in self.fields:
            if key in self.flags:
                out[key] = self.flags[key].value
            elif key in numbers:
                out[key] = numbers[key].value
            elif key == "relevant_links":
                out[key] = [k for k, box in self.links.items() if box.value]
        return out

    def load(self, values: dict[str, Any]) -> None:
        """Show ``values`` without reporting them as a change."""
        self.quiet = True
        try:
            for key, box in self.flags.items():
                assign(box, value=bool(values.get(key, False)))
            assign(self.roleplay, value=int(values.get("roleplay", 0)))
            assign(self.extra_green, value=int(values.get("extra_green", 0)))
            assign(self.extra_red, value=int(values.get("extra_red", 0)))
            chosen = set(values.get("relevant_links", ()))
            for link_id, box in self.links.items():
                assign(box, value=link_id in chosen)
        finally:
            self.quiet = False


class ProposalPanel(Part):
    """The proposal form, the modifier grid and the preview of the pools.

    Attributes:
        ap, action, mode, target: the form's fields (``action`` is the sentence said aloud).
        pp_toggles: whom to persuade, one :class:`~.toggle.PressToggle` per character.
        physical, force_roll: the physical threat, and rolling at Stress 0.
        propose_button: speaks the proposal (ISO-R15).
        form: the fields above (hidden while a conflict is in progress).
        modifiers, modifiers_fixed: the grid of :class:`ModifierRow` and, once dice are
            down, its one-line summary.
        preview: the pools the proposal would have.
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
            widgets.HTML('<div class="iw-h">Modifiers (fixed before anyone rolls)</div>'),
            self.physical,
            self.modifiers,
            self.modifiers_fixed,
            self.preview,
        ]
        self.add_class("iw-proposal")
        self._refresh_form()

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
        """The form as :meth:`IsolationGame.propose` keywords (factors aside)."""
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
