"""What the table can check, on the GM's toolbar: the table's seed and the journal's head.

``Table seed [Pickles the cat....] [Give table seed]  head 3f2a 91c0 7d4e 11b8 · public rolls: 12``

* **The table's seed**: a player says a phrase (or it is taken from the stream's chat),
  the GM types it and presses **Give table seed** (or Enter): it is journaled publicly
  and bound into every roll (:meth:`Game.give_table_seed
  <.give_table_seed>`). The box is there only while a seed can still
  be given (after the commitment, before the first random roll, once); after that the
  line says which seed was given, or that none was.
* **The journal's head** with the public roll count, as the stream shows it and as it
  changes with every public action (:meth:`Game.shown_head
  <.GmOnly.shown_head>`: the head of the journal's latest public line, so a
  GM-only action does not move it). The tooltip says how a viewer who kept it checks the
  journal later (``python -m isowidgets verify JOURNAL --head 12:3f2a…``).

Every word is a kit word (:data:`~.i18n.KIT`), in the language the table speaks once a
panel binds it (:meth:`ProofLine.kit_words`, :meth:`ProofLine.relabel`); no colour carries meaning.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..game import Game
from ..journal import Entry
from ..journal.chain import SHORT_HEAD, short_head
from .dice_entry import css_name
from .i18n import english
from .messages import Messages
from .panel import set_shown
from .submit_text import SubmitText

__all__ = ["ProofLine"]


class ProofLine(widgets.HBox):  # type: ignore[misc]
    """The table's seed (a box to give it, while it can be given) and the journal's head.

    Args:
        game: the game whose session it shows.
        messages: where a refusal is said (the toolbar's message line).
        key: tells several toolbars on one page apart in the CSS classes.

    Attributes:
        table_seed, give_button, table_seed_shown, head: the controls (classes
            ``iw-table-seed``, ``iw-table-seed-give``, ``iw-table-seed-shown``,
            ``iw-head``). The head is HTML: its text in a span whose ``title`` is the
            tooltip (a Label's ``tooltip`` goes to its description, which a Label
            without one never draws, so nobody would see it).
    """

    def __init__(self, game: Game[Any], *, messages: Messages, key: str | None = None) -> None:
        self.game = game
        self.messages = messages
        self.say: Callable[..., str] = english  # the toolbar's words once bound
        self.table_seed = SubmitText(
            description=english("kit.table_seed"), placeholder=english("kit.table_seed.hint")
        )
        self.table_seed.add_class(css_name("iw-table-seed", key))
        self.give_button = widgets.Button(
            description=english("kit.table_seed.give"),
            tooltip=english("kit.table_seed.give.tip"),
            layout=widgets.Layout(width="auto"),
        )
        self.give_button.add_class(css_name("iw-table-seed-give", key))
        self.table_seed_shown = widgets.Label(layout=widgets.Layout(margin="0 1em 0 0"))
        self.table_seed_shown.add_class(css_name("iw-table-seed-shown", key))
        self.head = widgets.HTML()
        self.head.add_class(css_name("iw-head", key))
        self.give_button.on_click(messages.handler(lambda _b: self.give()))
        self.table_seed.on_submit(lambda _text: self.messages.run(self.give))
        self._unsubscribe = game.subscribe(self._on_action)
        super().__init__(
            [self.table_seed, self.give_button, self.table_seed_shown, self.head],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.add_class(css_name("iw-proof", key))
        self.refresh()

    def give(self, text: str | None = None) -> list[Entry]:
        """Give the table's seed (by default the box's text); empty the box and say so.

        Raises:
            RuleError: the seed is blank or too long, a seed was given already, or a
                random roll was made already (the box keeps the text).
        """
        entries = self.game.give_table_seed(self.table_seed.value if text is None else text)
        if text is None:
            self.table_seed.value = ""
        self.messages.info(self.say("kit.table_seed.done", seed=self.game.table_seed))
        return entries

    def refresh(self) -> None:
        """Show what can be given now, and the head as the stream shows it."""
        seed = self.game.table_seed
        open_ = seed is None and self.game.revealed is None and not self._rolled()
        set_shown(self.table_seed, open_)
        set_shown(self.give_button, open_)
        if seed is not None:
            shown = self.say("kit.table_seed.shown", seed=seed)
        else:
            shown = "" if open_ else self.say("kit.table_seed.none")
        self._set(self.table_seed_shown, "value", shown)
        set_shown(self.table_seed_shown, bool(shown))
        head = self.game.shown_head()
        if head is None:
            self._show_head(self.say("kit.head.none"), self.say("kit.head.none.tip"))
            return
        self._show_head(
            self.say("kit.head.shown", head=short_head(head.head), rolls=head.public_rolls),
            self.say(
                "kit.head.tip",
                head=head.head,
                rolls=head.public_rolls,
                short=head.head[:SHORT_HEAD],
            ),
        )

    def _show_head(self, text: str, tip: str) -> None:
        self._set(
            self.head,
            "value",
            f'<span class="iw-head-text" title="{html.escape(tip)}">{html.escape(text)}</span>',
        )

    def _rolled(self) -> bool:
        """Whether a random roll was made already (the table's seed comes before)."""
        return any(self.game.dice.taken) or self.game.journal.history.random_rolls > 0

    @staticmethod
    def _set(widget: Any, trait: str, value: str) -> None:
        if getattr(widget, trait) != value:  # an unchanged value sends nothing
            setattr(widget, trait, value)

    def _on_action(self, _entries: Sequence[Entry], _state: object) -> None:
        self.refresh()

    def kit_words(self) -> list[tuple[Any, str, str]]:
        """Its controls' words, as :meth:`Labels.bind_kit <.i18n.Labels.bind_kit>` binds
        them: ``(control, trait, key)``."""
        return [
            (self.table_seed, "description", "kit.table_seed"),
            (self.table_seed, "placeholder", "kit.table_seed.hint"),
            (self.give_button, "description", "kit.table_seed.give"),
            (self.give_button, "tooltip", "kit.table_seed.give.tip"),
        ]

    def relabel(self) -> None:
        """Redraw the lines it writes in the language now spoken."""
        self.refresh()

    def close(self) -> None:
        self._unsubscribe()
        super().close()
