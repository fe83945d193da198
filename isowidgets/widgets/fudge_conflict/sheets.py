"""Character sheets: skills, pool, the damage track and equipment toggles, per character.

A sheet reads one :class:`~isowidgets.rules.fudge_conflict.model.Character` and
the items it owns, and shows them in the table's language. It decides nothing:
the penalty dice waiting for the next roll and the bonus dice carried into the
next round are the engine's numbers, written out. The equipment toggles are the
only thing a sheet keeps: which bonuses the table says apply to the character's
next roll (DK-R40), handed to the engine with that roll.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ...rules.fudge_conflict import FudgeState
from ...rules.fudge_conflict.model import Bonus, Character
from ...words import plural, render
from ..children import set_children
from ..i18n import Labels
from ..toggle import PressToggle
from .views import damage_track, dice_words, refresh_damage_track

__all__ = ["CharacterSheet", "FightBoard", "SheetsView", "bonus_label"]


def bonus_label(labels: Labels, item_name: str, bonus: Bonus) -> str:
    """``Revolver: +1 damage (in combat)``: the item's name and condition unchanged."""
    kind = labels(f"equipment.{bonus.kind}", n=bonus.value)
    if bonus.condition:
        return labels("equipment.item", item=item_name, bonus=kind, condition=bonus.condition)
    return f"{item_name}: {kind}"


class CharacterSheet(widgets.VBox):  # type: ignore[misc]
    """One character: name and role, skills, pool, dice waiting, damage track, equipment.

    Args:
        labels: the table's labels.
        character: the character as the engine has it now.
        state: the whole state (for the items the character owns).

    Attributes:
        track: the damage track (the kit's slot :class:`~isowidgets.widgets.track.Track`,
            class ``iw-fudge-track-<id>``): each filled level has its ability written in.
        toggles: bonus id → its :class:`.PressToggle` (class ``iw-fudge-bonus-<id>``).
    """

    def __init__(self, labels: Labels, character: Character, state: FudgeState) -> None:
        self.labels = labels
        self.character = character
        self.header = widgets.HTML()
        self.skills = widgets.HTML()
        self.skills.add_class("iw-fudge-skills")
        self.status = widgets.HTML()
        self.status.add_class("iw-fudge-status")
        self.track = damage_track(
            labels, dict(character.track()), css_class=f"iw-fudge-track-{character.id}"
        )
        self.toggles: dict[str, PressToggle] = {}
        self._names: dict[str, str] = {}
        self.equipment = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.equipment.add_class("iw-fudge-equipment")
        self.equipment_title = widgets.HTML()
        super().__init__(
            [
                self.header,
                self.skills,
                self.track,
                self.status,
                self.equipment_title,
                self.equipment,
            ]
        )
        self.add_class("iw-fudge-sheet")
        self.add_class(f"iw-fudge-sheet-{character.id}")
        self.refresh(character, state)

    # ------------------------------------------------------------------ equipment

    def selected_equipment(self) -> tuple[str, ...]:
        """The ids of the bonuses toggled on for the character's next roll."""
        return tuple(bonus for bonus, toggle in self.toggles.items() if toggle.value)

    def clear_equipment(self) -> None:
        """Switch every toggle off (after the roll that used them)."""
        for toggle in self.toggles.values():
            toggle.value = False

    def _sync_toggles(self, state: FudgeState) -> None:
        wanted: dict[str, tuple[str, Bonus]] = {
            bonus.id: (item.name, bonus)
            for item in state.items_of(self.character.id)
            for bonus in item.bonuses
        }
        retired = [self.toggles.pop(b) for b in [b for b in self.toggles if b not in wanted]]
        for bonus_id, (item_name, bonus) in wanted.items():
            label = bonus_label(self.labels, item_name, bonus)
            toggle = self.toggles.get(bonus_id)
            if toggle is None:
                toggle = PressToggle(label, tooltip=self.labels("equipment.toggle.tip"))
                toggle.add_class(f"iw-fudge-bonus-{bonus_id}")
                self.toggles[bonus_id] = toggle
            elif toggle.label != label:
                toggle.relabel(label)
            toggle.hint = self.labels("equipment.toggle.tip")
        set_children(self.equipment, (self.toggles[b] for b in wanted), retired=retired)

    # ------------------------------------------------------------------ drawing

    def refresh(self, character: Character, state: FudgeState) -> None:
        """Redraw from the engine's character (and the items it owns) in the language spoken."""
        labels = self.labels
        self.character = character
        role = labels({"pc": "sheet.pc", "npc": "sheet.npc"}.get(character.role, "sheet.central"))
        name = html.escape(character.name)
        self._set(
            self.header,
            f'<div class="iw-fudge-sheet-name" id="iw-fudge-name-{character.id}">{name}'
            f' <span class="iw-badge">{html.escape(role)}</span></div>',
        )
        skills = " · ".join(
            f"{html.escape(skill)} {value}" for skill, value in character.skills.items()
        )
        self._set(
            self.skills,
            f"<b>{html.escape(labels('sheet.skills'))}:</b> "
            + (skills or f"<em>{html.escape(labels('sheet.no_skills'))}</em>"),
        )
        refresh_damage_track(
            self.track, labels, dict(character.track()), defeated=character.defeated
        )
        lines = [
            render(
                plural(
                    "fudge_conflict.table.pool",
                    "Pool: {n} point",
                    "Pool: {n} points",
                    n=state.pool_of(character.id),
                ),
                labels.language,
            )
        ]
        if character.scratch:
            lines.append(labels("sheet.pending", dice=dice_words(labels, -character.scratch)))
        carried = sum(grant.dice for grant in character.grants)
        if carried:
            lines.append(labels("sheet.carried", dice=dice_words(labels, carried)))
        self._set(self.status, " · ".join(html.escape(line) for line in lines))
        self._sync_toggles(state)
        title = labels("sheet.equipment") if self.toggles else labels("sheet.no_equipment")
        self._set(self.equipment_title, f"<b>{html.escape(title)}</b>")

    @staticmethod
    def _set(view: Any, value: str) -> None:
        if view.value != value:
            view.value = value

    def close(self) -> None:
        for toggle in getattr(self, "toggles", {}).values():
            toggle.close()
        super().close()


class SheetsView(widgets.VBox):  # type: ignore[misc]
    """Every character's sheet, in the order they joined (the fighters first while someone
    lets it hurt, so their damage tracks are in view beside the round); redrawn from each
    new state.

    Attributes:
        sheets: character id → :class:`CharacterSheet`.
    """

    children: tuple[Any, ...]

    def __init__(self, labels: Labels, state: FudgeState) -> None:
        self.labels = labels
        self.sheets: dict[str, CharacterSheet] = {}
        self._state = state
        super().__init__()
        self.add_class("iw-fudge-sheets-list")
        self.refresh(state)
        labels.on_switch(lambda: self.refresh(self._state))

    def sheet(self, who: str) -> CharacterSheet:
        return self.sheets[who]

    def selected_equipment(self, who: str) -> tuple[str, ...]:
        """The bonuses toggled on for ``who``'s next roll (none for an unknown id)."""
        sheet = self.sheets.get(who)
        return sheet.selected_equipment() if sheet is not None else ()

    def clear_equipment(self, whom: Sequence[str]) -> None:
        for who in whom:
            if who in self.sheets:
                self.sheets[who].clear_equipment()

    def refresh(self, state: FudgeState) -> None:
        """Add sheets for new characters, drop those undone, redraw the rest."""
        self._state = state
        present = {character.id for character in state.characters}
        retired = [self.sheets.pop(w) for w in [w for w in self.sheets if w not in present]]
        for character in state.characters:
            sheet = self.sheets.get(character.id)
            if sheet is None:
                self.sheets[character.id] = CharacterSheet(self.labels, character, state)
            else:
                sheet.refresh(character, state)
        fight = state.active_hurt()
        first = fight.parties if fight is not None else ()
        order = [*first, *(c.id for c in state.characters if c.id not in first)]
        set_children(
            self, (self.sheets[who] for who in order if who in self.sheets), retired=retired
        )

    def close(self) -> None:
        for sheet in getattr(self, "sheets", {}).values():
            sheet.close()
        super().close()


class FightBoard(widgets.VBox):  # type: ignore[misc]
    """The damage tracks of the characters in play, in one short strip: the conflict's
    sides while it is open, the parties while someone lets it hurt (nothing otherwise).

    The table keeps it in view beside the panel in use
    (:class:`~isowidgets.widgets.stay_in_view.StayInView`): the sheets are too tall to
    stay on screen with the round's controls, and the tracks are what a GM watches.

    Attributes:
        tracks: character id → the strip's :class:`~isowidgets.widgets.track.Track`
            (class ``iw-fudge-board-track-<id>``).
    """

    children: tuple[Any, ...]

    def __init__(self, labels: Labels, state: FudgeState) -> None:
        self.labels = labels
        self.tracks: dict[str, Any] = {}
        self.names: dict[str, widgets.HTML] = {}
        self.title = widgets.HTML()
        self._state = state
        super().__init__([self.title])
        self.add_class("iw-fudge-board")
        self.refresh(state)
        labels.on_switch(lambda: self.refresh(self._state))

    @staticmethod
    def in_play(state: FudgeState) -> tuple[str, ...]:
        """Who is in play: the parties of the fight, else the open conflict's sides."""
        fight = state.active_hurt()
        if fight is not None:
            return fight.parties
        conflict = state.open_conflict()
        return conflict.sides if conflict is not None else ()

    def refresh(self, state: FudgeState) -> None:
        self._state = state
        labels = self.labels
        who = self.in_play(state)
        retired = [
            part
            for gone in [w for w in self.tracks if w not in who]
            for part in (self.tracks.pop(gone), self.names.pop(gone))
        ]
        for w in who:
            character = state.character(w)
            levels = dict(character.track())
            if w not in self.tracks:
                self.names[w] = widgets.HTML()
                self.tracks[w] = damage_track(labels, levels, css_class=f"iw-fudge-board-track-{w}")
            refresh_damage_track(self.tracks[w], labels, levels, defeated=character.defeated)
            name = f'<div class="iw-fudge-sheet-name">{html.escape(character.name)}</div>'
            if self.names[w].value != name:
                self.names[w].value = name
        title = f'<div class="iw-title">{html.escape(labels("table.in_play"))}</div>'
        self.title.value = title if who else ""
        children = (self.title, *(part for w in who for part in (self.names[w], self.tracks[w])))
        set_children(self, children, retired=retired)
        self.layout.display = None if who else "none"

    def close(self) -> None:
        for track in getattr(self, "tracks", {}).values():
            track.close()
        super().close()
