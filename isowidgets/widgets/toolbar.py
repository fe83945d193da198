"""The session toolbar every system shares: undo, redo, a note for the log, GM only, more.

One row at 1280 pixels (the rarer controls behind **More**)::

    [↶ Undo] [↷ Redo]  Note [............] [Add note]  [○ 🔒 GM only]  [▸ More]
    🔒 GM only is on · 3 actions not shown to the table yet [🔓 Show to table]   (when so)

**More** opens a second row: Export as [Markdown ▾] [Export log] · [▸ House rules]
[▸ Prepare a secret] · [○ Rule references] · dice committed: 4e8bce30…, the table's
seed box and the journal's head (the proof line) · [Reveal seed].

**🔒 GM only** is the game's session-wide GM-only switch (:mod:`.gm`): while pressed,
everything the table does is GM-only, notes included, and the toolbar says so in words
(:class:`~.gm.HeldBack`, which also counts the actions the table's viewers do not see yet
and offers **🔓 Show to table**). A dice entry's own switch covers one roll.
**Prepare a secret** opens a row under the buttons: **Prepare** journals a value fixed
in advance (an NPC's hidden skill, a secret difficulty) with
:meth:`~.GmOnly.prepare`; its own toggle (**keep secret**, on by default)
keeps it GM-only. **House rules** opens the :class:`~.settings_editor.SettingsEditor`
under the toolbar: every table has it in the same place, built the first time it is
opened. **Rule references** shows or hides the rules' IDs (``[ISO-R19]``) everywhere on
the table (:mod:`.rule_refs`; hidden until pressed).

The commitment is the SHA-256 of the session's salted seed (the full hash in the
tooltip); the table's seed is given beside it while it can be, and the journal's head
shows with the public roll count, live, as the stream shows them (:class:`~.proof.ProofLine`);
**Reveal seed** (clicked twice: it ends the session's random rolls) journals the seed
so anyone can verify the session (``python -m isowidgets verify``).

Every button has visible words (the icons are decoration, and missing offline);
each action says what it did in the message line (``undone: …``), and that message
goes away at the next action. Undo and redo are the game's own
(:meth:`~isowidgets.game.Game.undo`, :meth:`~isowidgets.game.Game.redo`): a retcon in
the journal, so every view following the game takes it back at once. **Redo** is
switched off while there is nothing to redo.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from .. import checks
from ..checks import shown
from ..errors import JournalError, RuleError
from ..game import Game, session_exports
from ..journal import Entry, Retcon, SeedRevealed
from ..words import Listing, render
from .dice_entry import css_name
from .gm import HeldBack, gm_switch
from .gm import relabel as relabel_gm
from .i18n import english
from .messages import Messages
from .panel import set_shown
from .proof import ProofLine
from .rule_refs import RuleRefs
from .settings_editor import SettingsEditor
from .submit_text import SubmitText
from .toggle import PressToggle

__all__ = ["SessionToolbar", "undone_text"]


def _disclosure(label: str, hide: str) -> PressToggle:
    """A toolbar toggle that opens a section: ``label`` closed, ``hide`` open, and the
    tooltip ``label + ".tip"`` (English until :meth:`SessionToolbar.relabel`)."""
    return PressToggle(
        english(label), mode="expand", on_label=english(hide), tooltip=english(f"{label}.tip")
    )


def undone_text(
    game: Game[Any], entries: Sequence[Entry], say: Callable[..., str] = english
) -> str:
    """What an undo or redo took back or restored, from the retcon it journaled:
    the first event of that action, and how many more it had (the event as the
    journal describes it; the words around it in ``say``'s language)."""
    retcon = entries[-1].event if entries else None
    if not isinstance(retcon, Retcon):
        return say("kit.undone.nothing")
    events = game.journal.action_events(retcon.action)
    while events and isinstance(events[0], Retcon):  # a redo retcons the undo: go through
        retcon = events[0]
        events = game.journal.action_events(retcon.action)
    if not events:
        return say("kit.undone.action", action=retcon.action)
    first = render(events[0].message(), getattr(say, "language", "en"))
    if len(events) == 1:
        return first
    if len(events) == 2:
        return say("kit.undone.one_more", first=first)
    return say("kit.undone.more", first=first, more=len(events) - 1)


class SessionToolbar(widgets.VBox):  # type: ignore[misc]
    """Undo, redo, a note and export for one game, with a message line.

    Args:
        game: the game the buttons act on.
        messages: where the toolbar reports (the panel's own message line, usually);
            when ``None`` the toolbar has its own, under its buttons.
        export_dir: where **Export log** writes ``<journal name>.<format>``.
        formats: the export formats offered, first the default: some of the log's
            (``md``, ``csv``, ``json``) and the game's own (``Game.exports``); by
            default all of them.
        key: tells several toolbars on one page apart in the CSS classes
            (``iw-undo-KEY``…).

    Attributes:
        undo_button, redo_button, note, note_button, export_format, export_button,
        commitment, reveal_button, gm_toggle, prepare_toggle, prepare_name, prepare_value,
        prepare_gm, prepare_button, rules_button: the controls (classes ``iw-undo``,
            ``iw-redo``, ``iw-note``, ``iw-note-add``, ``iw-export-format``, ``iw-export``,
            ``iw-commitment``, ``iw-reveal``, ``iw-gm``, ``iw-prepare-toggle``,
            ``iw-prepare-name``, ``iw-prepare-value``, ``iw-prepare-gm``, ``iw-prepare``,
            ``iw-rules-toggle``).
        settings_editor: the house-rules editor, once **House rules** was first opened
            (``None`` before; :meth:`house_rules` opens it from code).
        messages: the message line it reports to.
        last_export: the file the last export wrote.
    """

    def __init__(
        self,
        game: Game[Any],
        *,
        messages: Messages | None = None,
        export_dir: str | Path = "exports",
        formats: Sequence[str] | None = None,
        key: str | None = None,
    ) -> None:
        offered = game.export_formats()
        formats = list(offered) if formats is None else list(formats)
        unknown = [f for f in formats if f not in offered]
        if unknown or not formats:
            raise RuleError(
                "kit.toolbar.formats",
                "export formats must be some of {offered}, got {got}",
                offered=str(sorted(offered)),
                got=shown(formats),
            )
        self.game = game
        self.say: Callable[..., str] = english  # a panel's Labels once bound (bind_kit)
        self.export_dir = Path(export_dir)
        self.last_export: Path | None = None
        own = messages is None
        self.messages = Messages(game) if messages is None else messages

        def button(label: str, icon: str, tip: str, css: str) -> widgets.Button:
            made = widgets.Button(
                description=label, icon=icon, tooltip=tip, layout=widgets.Layout(width="auto")
            )
            made.add_class(css_name(css, key))
            return made

        self.undo_button = button(
            "Undo", "undo", "take back the last action (kept in the log as a retcon)", "iw-undo"
        )
        self.redo_button = button("Redo", "repeat", "restore what the last undo took", "iw-redo")
        self.note = SubmitText(description="Note", placeholder="a note for the log")
        self.note.add_class(css_name("iw-note", key))
        self.note_button = button(
            "Add note", "pencil", "write the note into the session log", "iw-note-add"
        )
        self._formats = tuple(formats)
        self.export_format = widgets.Dropdown(
            options=self._format_options(), description="Export as"
        )
        self.export_format.add_class(css_name("iw-export-format", key))
        self.export_button = button(
            "Export log", "download", "write the whole session log to a file", "iw-export"
        )

        run = self.messages.handler
        self.undo_button.on_click(run(lambda _b: self.undo()))
        self.redo_button.on_click(run(lambda _b: self.redo()))
        self.note_button.on_click(run(lambda _b: self.add_note()))
        self.export_button.on_click(run(lambda _b: self.export()))
        self.note.on_submit(lambda _text: self.messages.run(self.add_note))
        self.commitment = widgets.Label()
        self.commitment.add_class(css_name("iw-commitment", key))
        self.reveal_button = button(
            "Reveal seed", "unlock", "disclose the seed so anyone can verify the rolls", "iw-reveal"
        )
        self.reveal_button.on_click(run(lambda _b: self.reveal()))
        self.gm_toggle = gm_switch(game).toggle(key, self.say)
        self.prepare_name = SubmitText(
            description="Prepared", placeholder="what, e.g. Marta's Deceive"
        )
        self.prepare_name.add_class(css_name("iw-prepare-name", key))
        self.prepare_value = SubmitText(description="Value", placeholder="value, e.g. 4")
        self.prepare_value.add_class(css_name("iw-prepare-value", key))
        self.prepare_gm = PressToggle(
            "🔒 keep secret", value=True, tooltip="keep the prepared value for the GM only"
        )
        self.prepare_gm.add_class(css_name("iw-prepare-gm", key))
        self.prepare_button = button(
            "Prepare",
            "lock",
            "journal a value fixed in advance (GM only unless switched off)",
            "iw-prepare",
        )
        self.prepare_button.on_click(run(lambda _b: self.prepare()))
        self.prepare_toggle = _disclosure("kit.prepare.open", "kit.prepare.close")
        self.prepare_toggle.add_class(css_name("iw-prepare-toggle", key))
        self.prepare_value.on_submit(lambda _text: self.messages.run(self.prepare))
        self._key = key
        self.settings_editor: SettingsEditor | None = None
        self.rules_button = _disclosure("kit.rules", "kit.rules.hide")
        self.rules_button.add_class(css_name("iw-rules-toggle", key))
        self.rules_button.on_change(lambda _open: self.messages.run(self._show_rules))
        self.proof = ProofLine(game, messages=self.messages, key=key)
        self.more_toggle = _disclosure("kit.more", "kit.more.hide")
        self.more_toggle.add_class(css_name("iw-more-toggle", key))
        self.rule_refs = RuleRefs()
        self.refs_toggle = PressToggle(
            english("kit.refs"), value=False, tooltip=english("kit.refs.tip")
        )
        self.refs_toggle.add_class(css_name("iw-refs-toggle", key))
        self.refs_toggle.add_class("iw-refs-keep")  # its hover shows an ID, as an example
        self.refs_toggle.on_change(self._show_refs)
        self.held = HeldBack(game, key=key)
        self._confirming = False
        self._show_commitment()
        self._unsubscribe = game.subscribe(self._on_action)
        self.note.layout = widgets.Layout(width="250px")

        row = widgets.HBox(
            [
                self.undo_button,
                self.redo_button,
                self.note,
                self.note_button,
                self.gm_toggle,
                self.more_toggle,
                self.held,
                self.rule_refs,
            ]
        )
        row.add_class("iw-toolbar-row")
        secret = widgets.HBox(
            [self.prepare_name, self.prepare_value, self.prepare_gm, self.prepare_button],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        secret.add_class("iw-toolbar-prepare-row")
        set_shown(secret, False)
        self.prepare_toggle.on_change(lambda opened: set_shown(secret, opened))
        more = widgets.HBox(
            [
                self.export_format,
                self.export_button,
                self.rules_button,
                self.prepare_toggle,
                self.refs_toggle,
                self.commitment,
                self.proof,
                self.reveal_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        more.add_class("iw-toolbar-more")
        set_shown(more, False)
        self.more_toggle.on_change(lambda opened: set_shown(more, opened))
        self.more = more
        self._rows: list[Any] = [row, more, secret]
        self._parts: list[Any] = [*self._rows, self.messages] if own else list(self._rows)
        super().__init__(self._parts)
        self.add_class("iw-kit")
        self.add_class(css_name("iw-toolbar", key))
        self._show_redo()

    # ------------------------------------------------------------------ actions

    def undo(self) -> list[Entry]:
        """Undo the latest action; say what was taken back.

        Raises:
            RuleError: there is nothing to undo.
        """
        entries = self.game.undo()
        self.messages.info(self.say("kit.undone", what=undone_text(self.game, entries, self.say)))
        return entries

    def redo(self) -> list[Entry]:
        """Redo the latest undo; say what was restored.

        Raises:
            RuleError: there is no undo to redo.
        """
        entries = self.game.redo()
        self.messages.info(self.say("kit.redone", what=undone_text(self.game, entries, self.say)))
        return entries

    def add_note(self, text: str | None = None) -> list[Entry]:
        """Journal ``text`` (by default the note box's) as a note; empty the box.

        Raises:
            RuleError: the note is blank or too long (the box keeps the text).
        """
        entries = self.game.note(self.note.value if text is None else text)
        if text is None:
            self.note.value = ""
        return entries

    def prepare(self, name: str | None = None, value: int | str | None = None) -> list[Entry]:
        """Journal a prepared value (by default the boxes'), GM-only while its toggle
        is pressed; empty the boxes and say what was prepared.

        The value box's text is a whole number when it reads as one (``4``, ``-2``),
        else the text itself.

        Raises:
            RuleError: the name or the value is blank or too long (the boxes keep them).
        """
        name = self.prepare_name.value if name is None else name
        if value is None:
            typed = self.prepare_value.value.strip()
            value = int(typed) if typed.lstrip("-").isdecimal() and len(typed) < 20 else typed
        gm = bool(self.prepare_gm.value)
        entries = self.game.prepare(name, value, gm_only=gm)
        self.prepare_name.value = self.prepare_value.value = ""
        event = entries[0].event
        done = "kit.prepare.done.gm" if entries[0].gm else "kit.prepare.done"
        self.messages.info(
            self.say(done, name=getattr(event, "name", name), value=getattr(event, "value", value))
        )
        return entries

    def export(self, fmt: str | None = None) -> Path:
        """Write the session as ``fmt`` (by default the one chosen) to ``export_dir``: the
        log as ``<journal name>.<fmt>``, or one of the game's own exports as
        ``<journal name>-<fmt>.<suffix>`` (``night-chronicle-md.md``).

        Raises:
            JournalError: the format is unknown or the file cannot be written.
        """
        fmt = self.export_format.value if fmt is None else fmt
        offered = self.game.export_formats()
        if not isinstance(fmt, str) or fmt not in offered:
            raise JournalError(
                "journal.unknown_export_format",
                "cannot export as {got}: the formats are {formats}",
                got=shown(fmt),
                formats=Listing.of(offered, "unit"),
            )
        self.export_dir.mkdir(parents=True, exist_ok=True)
        journal = self.game.journal
        stem = journal.path.stem if journal.path else self.game.system
        own = type(self.game).exports.get(fmt)
        kit = session_exports().get(fmt)
        if kit is not None:  # the recap: in the table's language, public
            language = getattr(self.say, "language", "en")
            path = self.game.export(
                self.export_dir / f"{stem}-{fmt}.{kit.suffix}", fmt, language=language
            )
            what = self.game.export_formats(language)[fmt]
            self.messages.info(self.say("kit.exported.own", what=what, path=path))
        elif own is None:  # the log: its summaries in the table's language
            language = getattr(self.say, "language", "en")
            path = self.game.export(self.export_dir / f"{stem}.{fmt}", fmt, language=language)
            count = len(journal)
            if count == 1:
                self.messages.info(self.say("kit.exported.one_event", path=path))
            else:
                self.messages.info(self.say("kit.exported.events", count=count, path=path))
        else:
            path = self.game.export(self.export_dir / f"{stem}-{fmt}.{own.suffix}", fmt)
            self.messages.info(self.say("kit.exported.own", what=own.label, path=path))
        self.last_export = path
        return path

    def reveal(self) -> list[Entry]:
        """Reveal the session's seed, on the second click (the first one asks).

        Raises:
            RuleError: there is no seed to reveal, or it is revealed already.
        """
        if not self._confirming:
            if self.game.revealed is not None or self.game.commitment is None:
                return self.game.reveal()  # refused, with the game's own words
            self._confirming = True
            self.reveal_button.description = self.say("kit.reveal.confirm")
            self.messages.warning(self.say("kit.reveal.ask"))
            return []
        entries = self.game.reveal()
        self.messages.info(self.say("kit.reveal.done"))
        return entries

    def house_rules(self, open: bool = True) -> SettingsEditor | None:
        """Open (or close) the house-rules editor, as the **House rules** button does.

        Returns:
            The editor (``None`` if it was never opened and is being closed).

        Raises:
            RuleError: ``open`` is not true or false.
        """
        self.rules_button.value = checks.flag(open, "open")
        return self.settings_editor

    def _show_rules(self) -> None:
        """Show the editor while the button is open, building it the first time."""
        editor = self.settings_editor
        if self.rules_button.value and editor is None:
            # Its own message line: the table's may be far from the toolbar, out of view.
            editor = SettingsEditor(self.game, key=self._key, say=self.say)
            self.settings_editor = editor
            # Under the buttons, above the toolbar's own message line if it has one.
            self.children = [*self._rows, editor, *self._parts[len(self._rows) :]]
        if editor is not None:
            set_shown(editor, bool(self.rules_button.value))

    def _on_action(self, entries: Sequence[Entry], _state: object) -> None:
        if self._confirming or any(isinstance(entry.event, SeedRevealed) for entry in entries):
            self._show_commitment()
        self._show_redo()

    def _show_redo(self) -> None:
        """Redo is switched off while there is nothing to redo."""
        can = bool(self.game.can_redo())
        if self.redo_button.disabled == can:
            self.redo_button.disabled = not can

    def _show_refs(self, shown: bool) -> None:
        """Show or hide the rule references everywhere on the table (:mod:`.rule_refs`)."""
        self.rule_refs.shown = bool(shown)

    def _show_commitment(self) -> None:
        """Show the commitment as a fingerprint (the seed once revealed); any action
        other than the confirming click ends a pending confirmation."""
        commitment, revealed = self.game.commitment, self.game.revealed
        self._confirming = False
        self.reveal_button.description = self.say("kit.reveal")
        self.reveal_button.tooltip = self.say("kit.reveal.tip")
        self.reveal_button.disabled = commitment is None or revealed is not None
        if commitment is None:
            self.commitment.value = self.say("kit.commit.none")
            self.commitment.tooltip = None
        elif revealed is None:
            self.commitment.value = self.say("kit.commit.shown", fingerprint=commitment[:8])
            self.commitment.tooltip = self.say("kit.commit.tip", commitment=commitment)
        else:
            self.commitment.value = self.say("kit.commit.revealed", seed=shown(revealed.seed, 40))
            self.commitment.tooltip = self.say(
                "kit.commit.revealed.tip",
                seed=repr(revealed.seed),
                salt=revealed.salt,
                commitment=commitment,
            )

    def kit_words(self) -> list[tuple[Any, str, str]]:
        """Its controls' words, as :meth:`Labels.bind_kit <.i18n.Labels.bind_kit>` binds
        them: ``(control, trait, key)``."""
        return [
            (self.undo_button, "description", "kit.undo"),
            (self.undo_button, "tooltip", "kit.undo.tip"),
            (self.redo_button, "description", "kit.redo"),
            (self.redo_button, "tooltip", "kit.redo.tip"),
            (self.note, "description", "kit.note"),
            (self.note, "placeholder", "kit.note.hint"),
            (self.note_button, "description", "kit.note.add"),
            (self.note_button, "tooltip", "kit.note.add.tip"),
            (self.export_format, "description", "kit.export.format"),
            (self.export_button, "description", "kit.export"),
            (self.export_button, "tooltip", "kit.export.tip"),
            (self.reveal_button, "tooltip", "kit.reveal.tip"),
            (self.prepare_name, "description", "kit.prepare.name"),
            (self.prepare_name, "placeholder", "kit.prepare.name.hint"),
            (self.prepare_value, "description", "kit.prepare.value"),
            (self.prepare_value, "placeholder", "kit.prepare.value.hint"),
            (self.prepare_button, "description", "kit.prepare"),
            (self.prepare_button, "tooltip", "kit.prepare.tip"),
            *self.proof.kit_words(),
        ]

    def _format_options(self) -> list[tuple[str, str]]:
        """The export formats offered, each labelled in the language spoken (the recap's
        label is a message; the log's formats are names: Markdown, CSV, JSON)."""
        labels = self.game.export_formats(getattr(self.say, "language", "en"))
        return [(labels[fmt], fmt) for fmt in self._formats]

    def relabel(self) -> None:
        """Redraw the commitment line in the language now spoken
        (:meth:`Labels.bind_kit() <.i18n.Labels.bind_kit>` rebinds the buttons; messages already
        said keep their language)."""
        self._show_commitment()
        options = self._format_options()
        if tuple(self.export_format.options) != tuple(options):
            chosen = self.export_format.value
            self.export_format.options = options
            self.export_format.value = chosen  # new options choose the first: keep the choice
        relabel_gm(self.gm_toggle, self.say)
        self.prepare_gm.relabel(self.say("kit.prepare.gm"))
        self.prepare_toggle.relabel(self.say("kit.prepare.open"), self.say("kit.prepare.close"))
        self.prepare_toggle.hint = self.say("kit.prepare.open.tip")
        self.rules_button.relabel(self.say("kit.rules"), self.say("kit.rules.hide"))
        self.rules_button.hint = self.say("kit.rules.tip")
        self.proof.say = self.say
        self.proof.relabel()
        self.more_toggle.relabel(self.say("kit.more"), self.say("kit.more.hide"))
        self.more_toggle.hint = self.say("kit.more.tip")
        self.refs_toggle.relabel(self.say("kit.refs"))
        self.refs_toggle.hint = self.say("kit.refs.tip")
        self.held.say = self.say
        self.held.relabel()
        if self.settings_editor is not None:
            self.settings_editor.say = self.say
            self.settings_editor.relabel()

    def close(self) -> None:
        proof = getattr(self, "proof", None)
        if proof is not None:
            proof.close()
        editor = getattr(self, "settings_editor", None)
        if editor is not None:
            editor.close()
        unsubscribe = getattr(self, "_unsubscribe", None)
        if unsubscribe is not None:
            unsubscribe()
        held = getattr(self, "held", None)
        if held is not None:
            held.close()
        messages = getattr(self, "messages", None)
        if messages is not None and messages in self.children:
            messages.close()
        super().close()
