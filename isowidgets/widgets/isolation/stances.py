"""The stances: each Passive Player's reading and buttons, and the defaulted characters.

Each Passive Player's net and the engine's reason are shown; only the stances the roll
allows can be clicked (downgrade only, with the zero-red-links exception, ISO-R14 and
ISO-A07). A stance the roll forces is said as "must be", one it allows as "may be",
as in the engine's own explanation. Characters left Neutral by default may turn Hostile
once the opposition has rolled (ISO-R41); going alone, others may volunteer (ISO-R42).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...rules.isolation import STANCES, Conflict, IsolationGame, Step
from ...rules.isolation.explain import explain_stance
from ..messages import Messages
from .parts import ConflictView, Part, assign, auto_layout
from .views import slug

__all__ = ["StanceWidget", "StancesPanel", "stance_head"]

_STANCE_STYLE = {"Cooperative": "success", "Neutral": "", "Hostile": "danger"}
_STANCE_ICON = {"Cooperative": "handshake-o", "Neutral": "minus-circle", "Hostile": "ban"}


def stance_head(
    name: str,
    chosen: str | None,
    declared: bool,
    net: int | None,
    allowed: tuple[str, ...],
    *,
    waiting: bool,
) -> str:
    """``Eve is ✔ Hostile — net -3: must be Hostile`` (a forced stance), or ``Alice — net +2,
    may be Cooperative / Neutral / Hostile`` (a choice), in one wording with the engine's
    explanation."""
    head = f"<b>{html.escape(name)}</b>"
    if chosen:
        head += f" is <b>✔ {chosen}</b>"
    elif declared:
        head += " declared <b>Hostile</b> without rolling"
    if net is not None:
        may = f"must be {allowed[0]}" if len(allowed) == 1 else f"may be {' / '.join(allowed)}"
        head += f" — net {net:+d}, {may}"
    elif waiting:
        head += " — the stance is read once the first-stage dice are down"
    return head


class StanceWidget(widgets.VBox):  # type: ignore[misc]
    """A Passive Player's reading and stance buttons, or a defaulted character's downgrade."""

    def __init__(self, character_id: str, on_click: Callable[[str, str], None]) -> None:
        self.character_id = character_id
        key = slug(character_id)
        self._shown: tuple[Any, ...] = ()
        self.text = widgets.HTML()
        self.buttons: dict[str, widgets.Button] = {}
        choices = [
            ("declare_hostile", "Hostile without rolling", "", "bolt"),
            *((s, s, _STANCE_STYLE[s], _STANCE_ICON[s]) for s in STANCES),
            ("downgrade", "Turn Hostile", "danger", "ban"),
        ]
        for action, label, style, icon in choices:
            button = widgets.Button(
                description=label, button_style=style, icon=icon, layout=auto_layout()
            )
            css = f"iw-stance-{key}-{action}" if action in STANCES else f"iw-{action}-{key}"
            button.add_class(css)
            button.on_click(lambda _b, a=action: on_click(self.character_id, a))
            self.buttons[action] = button
        self.bar = widgets.HBox(list(self.buttons.values()))
        super().__init__([self.text, self.bar], layout=widgets.Layout(padding="2px 0"))
        self.add_class(f"iw-stance-row-{key}")

    def show(self, text: str, enabled: set[str], visible: set[str], name: str = "") -> None:
        shown = (text, frozenset(enabled), frozenset(visible), name)
        if shown == self._shown:
            return
        self._shown = shown
        self.text.value = text
        # No button to show: hide the bar as a whole (one message, not one per button).
        assign(self.bar.layout, display="" if visible else "none")
        if not visible:
            return
        who = name or self.character_id
        tips: dict[str, str] = {
            "declare_hostile": f"{who} works against the AP without rolling (ISO-R13)",
            "downgrade": f"{who} turns Hostile and rolls red dice against the team (ISO-R41)",
            **{s: f"{who} is {s}" for s in STANCES},
        }
        for action, button in self.buttons.items():
            assign(button.layout, display="" if action in visible else "none")
            assign(button, disabled=action not in enabled, tooltip=tips[action])


class StancesPanel(Part):
    """One :class:`StanceWidget` per Passive Player and per character left Neutral.

    Attributes:
        stances: the rows (a VBox).
        widgets_by_who: each row by character id, kept from render to render.
    """

    def __init__(
        self, game: IsolationGame, messages: Messages, *, done: Callable[[], None] | None = None
    ) -> None:
        self.widgets_by_who: dict[str, StanceWidget] = {}
        self.stances = widgets.VBox()
        self.stances.add_class("iw-stances")
        super().__init__(game, messages, [self.stances], done=done)
        self._click = self.handler(self.choose)

    def choose(self, who: str, action: str) -> None:
        """What a click on one of ``who``'s buttons does: a stance, Hostile without
        rolling, or turning Hostile."""
        if action == "declare_hostile":
            self.game.declare_hostile(who)
        elif action == "downgrade":
            self.game.downgrade(who)
        else:
            self.game.choose_stance(who, action)  # type: ignore[arg-type]

    def _row(self, who: str) -> StanceWidget:
        widget = self.widgets_by_who.get(who)
        if widget is None:
            widget = StanceWidget(who, self._click)
            self.widgets_by_who[who] = widget
        return widget

    def render(self, view: ConflictView) -> None:
        shown = view.shown
        open_ = view.open
        assign(self.layout, display="" if open_ else "none")
        if shown is None or not open_:
            return
        children = [self._passive(view, shown, pp) for pp in shown.pps]
        alone = shown.mode == "alone"
        for who in shown.defaulted:
            turned = who in shown.downgraded
            name = f"<b>{html.escape(view.name(who))}</b>"
            if turned:
                text = f"{name} <b>{'volunteers as' if alone else 'turned'} Hostile</b>"
            elif alone:
                text = f"{name} stays out (may volunteer to be Hostile)"
            else:
                text = f"{name} is Neutral by default (may turn Hostile once the opposition rolled)"
            enabled = {"downgrade"} if view.allowed("downgrade", who) else set()
            widget = self._row(who)
            widget.show(
                f'<div class="iw-status">{text}</div>', enabled, {"downgrade"}, view.name(who)
            )
            children.append(widget)
        if tuple(children) != tuple(self.stances.children):
            self.stances.children = tuple(children)

    def _passive(self, view: ConflictView, shown: Conflict, pp: str) -> StanceWidget:
        explained = (
            {s.character: s for s in shown.explanation.stances}
            if shown.explanation is not None
            else {}
        )
        s = explained.get(pp) or explain_stance(view.state, shown, pp)
        chosen = shown.stance_of(pp)
        head = stance_head(
            view.name(pp),
            chosen,
            pp in shown.declared_hostile,
            s.net,
            s.allowed,
            waiting=not chosen and not shown.automatic,
        )
        why = "" if s.why == "not read yet" else f"<br><small>{html.escape(s.why)}</small>"
        enabled: set[str] = set()
        choose = view.allowed("choose_stance", pp)
        if choose is not None:
            enabled |= set(choose.options)
        if view.allowed("declare_hostile", pp) is not None:
            enabled.add("declare_hostile")
        visible: set[str] = set()
        if not chosen:  # once chosen the text says it all
            readable = shown.first is not None or shown.automatic
            visible = set(STANCES) if readable else set()
            if not shown.rolls and not shown.automatic:
                visible.add("declare_hostile")
        widget = self._row(pp)
        widget.show(f'<div class="iw-status">{head}{why}</div>', enabled, visible, view.name(pp))
        return widget

    def control_for(self, step: Step) -> Any:
        widget = self.widgets_by_who.get(step.actor or "")
        if widget is None or step.action not in ("choose_stance", "downgrade"):
            return None
        if step.action == "downgrade":
            return widget.buttons["downgrade"]
        return next(
            (widget.buttons[s] for s in STANCES if s in step.options),
            None,
        )
