"""The relationship map as a list: every link, pair by pair, read and edited with keys.

The map itself is a canvas: a screen reader finds no text in it and a keyboard
cannot reach its nodes and edges. :class:`LinkList` is its text alternative and
its keyboard way in, shown under the canvas (the map panel carries it):

* a list box (``<select>``) with one row per pair, then one row per link of
  that pair, each in words: who, the colour as a word *and* its glyph (``+ green``,
  ``× red``), labeled (permanent) or unlabeled (temporary), and what the link
  came from. Names, never ids;
* under it, the chosen link's editor (relabel, delete) and a form to add a link
  by choosing two names and a colour.

Every change goes through the same engine calls the canvas makes
(:meth:`~.IsolationGame.add_link`, ``relabel_link``,
``remove_link``), so a refusal is the engine's message, shown beside the list.
The list follows the game's journal like every panel: a link added by a conflict,
a death or a notebook cell, and an undo, show at once.

The texts come from the pure functions here (:func:`link_words`,
:func:`pair_words`, :func:`list_options`, :func:`pair_count_text`), which the
unit tests read directly, and which the map uses for its busy-pair summaries.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ...journal import Entry
from ...rules.isolation import IsolationGame, IsolationState, Link, Origin
from ..messages import Messages
from ..panel import set_options
from ..submit_button import SubmitButton
from ..submit_text import SubmitText

__all__ = [
    "PAIR_PREFIX",
    "LinkList",
    "link_words",
    "list_options",
    "ordered_pairs",
    "pair_count_text",
    "pair_id",
    "pair_of",
    "pair_words",
]

PAIR_PREFIX = "pair:"
"""Starts the value of a pair's row in the list, and the id of a pair's summary on the map."""

Pair = tuple[str, str]

_COLOUR_WORDS = {"green": "+ green", "red": "× red"}

_ORIGIN_WORDS: dict[Origin, str] = {
    "descriptor": "descriptor pass",
    "bias": "bias",
    "goal": "goals",
    "session": "added in play",
    "injury:Injured": "injury",
    "injury:Dying": "injury",
    "temporary": "",
    "death": "from a death",
}


def pair_id(pair: Pair) -> str:
    """The list value (and map element id) of a pair: ``"pair:alice|bob"``."""
    return f"{PAIR_PREFIX}{pair[0]}|{pair[1]}"


def pair_of(value: object) -> Pair | None:
    """The pair a :func:`pair_id` names, or None for anything else (a link id, None)."""
    if not isinstance(value, str) or not value.startswith(PAIR_PREFIX):
        return None
    a, _, b = value.removeprefix(PAIR_PREFIX).partition("|")
    return (a, b) if a and b else None


def ordered_pairs(state: IsolationState) -> list[tuple[Pair, tuple[Link, ...]]]:
    """Every pair that has links, with its links, in the order the characters were added.

    The table reads the cast in that order everywhere (the sheets, the ring on the
    map), so the list follows it rather than the order the links were made.
    """
    rank = {c.id: i for i, c in enumerate(state.characters)}
    far = len(rank)

    def key(item: tuple[Pair, tuple[Link, ...]]) -> tuple[int, int]:
        (a, b), _links = item
        first, second = sorted((rank.get(a, far), rank.get(b, far)))
        return first, second

    return sorted(state.pairs(), key=key)


def _pair_names(state: IsolationState, pair: Pair, names: Mapping[str, str]) -> str:
    rank = {c.id: i for i, c in enumerate(state.characters)}
    first, second = sorted(pair, key=lambda cid: rank.get(cid, len(rank)))
    return f"{names.get(first, first)} – {names.get(second, second)}"


def link_words(link: Link, names: Mapping[str, str]) -> str:
    """One link in words: ``+ green, labeled “Chess” (permanent; added in play)``.

    The colour is a word and a glyph, the kind (labeled and permanent, or
    unlabeled and temporary) is spelled out, and injury and bias links name
    whom they are about.
    """
    colour = _COLOUR_WORDS[link.colour]
    if not link.labeled:
        return f"{colour}, unlabeled (temporary)"
    origin = _ORIGIN_WORDS[link.origin]
    subject = names.get(link.subject, link.subject) if link.subject else ""
    if link.injury_level and subject:
        origin = f"{subject}'s injury"
    elif link.origin == "bias" and subject:
        origin = f"{subject}'s bias"
    why = f"; {origin}" if origin else ""
    return f"{colour}, labeled “{link.label}” (permanent{why})"


def _counts(links: Sequence[Link]) -> tuple[int, int]:
    greens = sum(1 for x in links if x.colour == "green")
    return greens, len(links) - greens


def pair_words(
    state: IsolationState, pair: Pair, links: Sequence[Link], names: Mapping[str, str]
) -> str:
    """A pair's row: ``Alice – Bob: 3 links, 2 + green and 1 × red``."""
    greens, reds = _counts(links)
    parts = [f"{n} {_COLOUR_WORDS[c]}" for n, c in ((greens, "green"), (reds, "red")) if n]
    count = "1 link" if len(links) == 1 else f"{len(links)} links"
    return f"{_pair_names(state, pair, names)}: {count}, {' and '.join(parts)}"


def pair_count_text(links: Sequence[Link]) -> str:
    """What a busy pair's one summarising line on the map says: ``5 links: 3 + · 2 ×``."""
    greens, reds = _counts(links)
    parts = [f"{n} {glyph}" for n, glyph in ((greens, "+"), (reds, "×")) if n]
    return f"{len(links)} links: {' · '.join(parts)}"


def list_options(state: IsolationState) -> list[tuple[str, str]]:
    """The list box's rows as ``(text, value)``: per pair a row, then each of its links.

    A pair row's value is :func:`pair_id`; a link row's value is the link's id
    (never shown). Link rows repeat the pair's names, so each reads alone.
    """
    names = {c.id: c.name for c in state.characters}
    options: list[tuple[str, str]] = []
    for pair, links in ordered_pairs(state):
        options.append((pair_words(state, pair, links, names), pair_id(pair)))
        who = _pair_names(state, pair, names)
        for i, link in enumerate(links, start=1):
            text = f"\u2003{who}, {i} of {len(links)}: {link_words(link, names)}"
            options.append((text, link.id))
    return options


class LinkList(widgets.VBox):  # type: ignore[misc]
    """The map's links in a list a keyboard can operate, and the forms to edit them.

    Args:
        game: the game whose links are listed.
        on_select: called with the value chosen in the list (a link id, a
            :func:`pair_id`, or None) when a person chooses a row; the map
            highlights that link or unfolds that pair.
        rows: how many rows the list box shows at once.

    Attributes:
        choice: the list box (CSS class ``iw-link-list``).
        new_label, relabel_button, delete_button: the chosen link's editor.
        a, b, colour, labeled, label, add_button: the new-link form.
        messages: what the last edit did, or why the engine refused it.
    """

    def __init__(
        self,
        game: IsolationGame,
        *,
        on_select: Callable[[str | None], None] | None = None,
        rows: int = 9,
    ) -> None:
        self.game = game
        self.on_select = on_select
        self._quiet = False
        self._pairs_of_rows: dict[str, Pair] = {}
        """The pair of every link listed at the last refresh (to stay near a vanished one)."""
        self.messages = Messages(game)
        on = functools.partial(self.messages.handler, clear=False)

        self.summary = widgets.HTML()
        self.summary.add_class("iw-link-list-summary")
        self.choice = widgets.Select(
            options=[],
            value=None,
            rows=rows,
            description="Links",
            layout=widgets.Layout(width="98%"),
            style={"description_width": "50px"},
        )
        self.choice.add_class("iw-link-list")
        self.chosen = widgets.HTML()
        self.chosen.add_class("iw-link-chosen")
        self.new_label = SubmitText(description="New label", placeholder="the link's new label")
        self.new_label.add_class("iw-list-new-label")
        # Both buttons submit their text box, so a label typed just before a click is
        # taken whole (see .submit_button).
        self.relabel_button = SubmitButton(
            description="Relabel", icon="pencil", text=self.new_label
        )
        self.relabel_button.add_class("iw-list-relabel")
        self.delete_button = widgets.Button(
            description="Delete link", button_style="danger", icon="trash"
        )
        self.delete_button.add_class("iw-list-delete")

        narrow = {"description_width": "initial"}
        self.a = widgets.Dropdown(
            description="New link between", style=narrow, layout=widgets.Layout(width="auto")
        )
        self.a.add_class("iw-list-a")
        self.b = widgets.Dropdown(
            description="and", style=narrow, layout=widgets.Layout(width="auto")
        )
        self.b.add_class("iw-list-b")
        self.colour = widgets.Dropdown(
            options=[
                ("+ green (a reason to like)", "green"),
                ("× red (a reason to dislike)", "red"),
            ],
            value="green",
            description="Colour",
            style=narrow,
            layout=widgets.Layout(width="auto"),
        )
        self.colour.add_class("iw-list-colour")
        self.labeled = widgets.Checkbox(value=True, description="labeled (permanent)", indent=False)
        self.labeled.layout.width = "auto"
        self.labeled.add_class("iw-list-labeled")
        self.label = SubmitText(description="Label", placeholder="e.g. Bonded over chess")
        self.label.add_class("iw-list-label")
        self.add_button = SubmitButton(
            description="Add link", icon="plus", button_style="primary", text=self.label
        )
        self.add_button.add_class("iw-list-add")

        self.choice.observe(on(self._chose), names=["value"])
        self.labeled.observe(on(lambda _c: self._show_label_box()), names=["value"])
        self.new_label.on_submit(on(lambda _text: self.relabel()))
        self.delete_button.on_click(on(lambda _b: self.delete()))
        self.label.on_submit(on(lambda _text: self.add()))
        self.add_button.on_click(on(lambda _b: self.add()))

        row = {"flex_flow": "row wrap", "align_items": "center"}
        editor = widgets.HBox(
            [self.new_label, self.relabel_button, self.delete_button],
            layout=widgets.Layout(**row),
        )
        adder = widgets.VBox(
            [
                widgets.HBox([self.a, self.b, self.colour], layout=widgets.Layout(**row)),
                widgets.HBox(
                    [self.labeled, self.label, self.add_button], layout=widgets.Layout(**row)
                ),
            ]
        )
        adder.add_class("iw-list-adder")
        super().__init__(
            [
                widgets.HTML('<div class="iw-h">Links, pair by pair</div>'),
                self.summary,
                self.choice,
                self.chosen,
                editor,
                adder,
                self.messages,
            ]
        )
        self.add_class("iw-link-list-panel")
        self.add_class("iw-section")
        self._unsubscribe = game.subscribe(on(self._on_actions))
        self.refresh()

    # ------------------------------------------------------------------ reading

    @property
    def state(self) -> IsolationState:
        return self.game.state

    def _names(self) -> dict[str, str]:
        return {c.id: c.name for c in self.state.characters}

    @property
    def link_id(self) -> str | None:
        """The link chosen in the list (None when a pair's row, or nothing, is chosen)."""
        value = self.choice.value
        return value if isinstance(value, str) and pair_of(value) is None else None

    # ------------------------------------------------------------------ showing

    def refresh(self) -> None:
        """Show the links as the engine has them now; keep the chosen row while it exists.

        A chosen link that is gone (deleted, cancelled, undone) leaves its pair's
        row chosen while the pair still has links, so the keyboard stays near.
        """
        state = self.state
        options = list_options(state)
        values = {value for _text, value in options}
        chosen = self.choice.value
        if chosen is not None and chosen not in values:
            pair = pair_of(chosen)
            if pair is None and chosen in self._pairs_of_rows:
                pair = self._pairs_of_rows[chosen]
            fallback = pair_id(pair) if pair is not None else None
            chosen = fallback if fallback in values else None
        self._pairs_of_rows = {x.id: x.pair for x in state.links}
        self._quiet = True
        try:
            if list(self.choice.options) != options:
                self.choice.options = options
            if self.choice.value != chosen:
                self.choice.value = chosen
            living = [(c.name, c.id) for c in state.living]
            set_options(self.a, living)
            set_options(self.b, living)
            if len(living) > 1 and self.a.value == self.b.value:
                self.b.value = living[1][1] if self.a.value == living[0][1] else living[0][1]
        finally:
            self._quiet = False
        pairs = sum(1 for _ in state.pairs())
        lock = ""
        if state.conflict is not None:
            lock = (
                f" · <b>locked</b> while conflict {state.conflict.number} is in progress "
                "(its dice depend on the map)"
            )
        self.summary.value = (
            f'<div class="iw-status">{len(state.links)} links over {pairs} pairs{lock}</div>'
        )
        self._show_chosen()
        self._show_label_box()

    def _show_chosen(self) -> None:
        state, names = self.state, self._names()
        link_id = self.link_id
        pair = pair_of(self.choice.value)
        if link_id is not None:
            link = state.link(link_id)
            text = (
                f"Chosen: {html.escape(_pair_names(state, link.pair, names))}, "
                f"{html.escape(link_words(link, names))}"
            )
            if link.labeled:
                self.new_label.value = link.label
            else:
                self.new_label.value = ""
                text += " · an unlabeled link takes no label (that would make it permanent)"
        elif pair is not None:
            count = len(state.links_between(*pair))
            text = (
                f"{html.escape(_pair_names(state, pair, names))}: {count} links. Choose one "
                "of their rows to relabel or delete it."
            )
            self.new_label.value = ""
        else:
            text = "Choose a link in the list (arrow keys) to relabel or delete it."
            self.new_label.value = ""
        labeled = link_id is not None and state.link(link_id).labeled
        self.new_label.disabled = not labeled
        self.relabel_button.disabled = not labeled
        self.delete_button.disabled = link_id is None
        self.chosen.value = f'<div class="iw-status">{text}</div>'

    def _show_label_box(self) -> None:
        self.label.disabled = not self.labeled.value

    # ------------------------------------------------------------------ following

    def _on_actions(self, _entries: Sequence[Entry], _state: Any) -> None:
        self.refresh()

    def _chose(self, _change: Any) -> None:
        if self._quiet:
            return
        self._show_chosen()
        if self.on_select is not None:
            self.on_select(self.choice.value)

    def select(self, value: str | None) -> None:
        """Choose a row from the map (a link clicked on the canvas) without calling back."""
        values = [v for _text, v in self.choice.options]
        self._quiet = True
        try:
            self.choice.value = value if value in values else None
        finally:
            self._quiet = False
        self._show_chosen()

    # ------------------------------------------------------------------ engine calls

    def relabel(self) -> None:
        """Give the chosen labeled link the label typed in the editor."""
        self.messages.clear()
        link_id = self.link_id
        if link_id is None:
            self.messages.error("choose a link in the list first")
            return
        self.game.relabel_link(link_id, self.new_label.value.strip())
        names = self._names()
        link = self.state.link(link_id)
        self.messages.info(
            f"Relabeled: {_pair_names(self.state, link.pair, names)}, {link_words(link, names)}"
        )

    def delete(self) -> None:
        """Delete the chosen link; the list then stays on its pair."""
        self.messages.clear()
        link_id = self.link_id
        if link_id is None:
            self.messages.error("choose a link in the list first")
            return
        names = self._names()
        link = self.state.link(link_id)
        what = f"{_pair_names(self.state, link.pair, names)}, {link_words(link, names)}"
        self.game.remove_link(link_id, "deleted in the link list")
        self.messages.info(f"Deleted: {what}")
        self.choice.focus()  # the Delete button is now disabled: keep the keyboard in the list

    def add(self) -> list[str]:
        """Add the link the form describes, between the two characters chosen by name."""
        self.messages.clear()
        a, b = self.a.value, self.b.value
        if a is None or b is None:
            self.messages.error("the map needs two living characters for a link")
            return []
        labeled = bool(self.labeled.value)
        label = self.label.value.strip() if labeled else ""
        if labeled and not label:
            self.messages.error(
                "type the label (what the link is about), or untick “labeled” for a temporary link"
            )
            return []
        colour = self.colour.value
        origin: Origin | None = "session" if labeled else None
        added = self.game.add_link(a, b, colour, label, origin=origin, why="link list")
        names = self._names()
        who = f"{names[a]} and {names[b]}"
        if added:
            link = self.state.link(added[-1])
            self.messages.info(f"Added between {who}: {link_words(link, names)}")
        else:
            other = "× red" if colour == "green" else "+ green"
            self.messages.info(
                f"Nothing added between {who}: the new {_COLOUR_WORDS[colour]} temporary link "
                f"cancelled a {other} temporary one (ISO-R33)"
            )
        self.label.value = ""  # late keys of it cannot refill the box (see SubmitText)
        return added

    def close(self) -> None:
        self._unsubscribe()
        self.messages.close()
        super().close()
