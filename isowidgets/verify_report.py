"""What verifying a session found: the counts proven, the rolls typed in, the heads
matched, and the first thing that does not verify.

A :class:`Report` is what :func:`~isowidgets.verify.verify` returns; its first
:class:`Mismatch` (the line, the event, and what is wrong as a message, ``verify.*``,
whose values are the facts) and its lines (:meth:`Report.said`) are rendered in a
person's language only when shown (:mod:`isowidgets.words`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .checks import shown
from .dice.roller import LEGACY_SCHEME
from .journal.chain import short_head
from .words import Clip, Message, msg, plural, render

__all__ = ["HeadMatch", "Mismatch", "Report", "TypedRoll"]


@dataclass(frozen=True, slots=True)
class Mismatch:
    """The first thing in a journal that does not verify.

    Attributes:
        line: the line of the file.
        seq: the event's number in the journal (its ``seq``).
        kind: the event's kind.
        summary: the event as the log shows it, in English.
        message: what is wrong, as a message (``verify.*``; its values are the facts).
        expected: the faces the seed gives there (empty when none can be named).
        found: the faces the journal holds there.
        event: the event as a message (what :attr:`summary` says, in any language).
    """

    line: int
    seq: int
    kind: str
    summary: str
    message: Message
    expected: tuple[int, ...] = ()
    found: tuple[int, ...] = ()
    event: Message | None = None

    @property
    def problem(self) -> str:
        """What is wrong, as the last part of the message's key (``"faces"``, ``"moved"``…)."""
        return self.message.key.rsplit(".", 1)[-1]

    @property
    def facts(self) -> dict[str, Any]:
        """The values the message speaks of."""
        return self.message.arguments

    @property
    def why(self) -> str:
        """What is wrong, in English (a view renders :attr:`message` in its language)."""
        return render(self.message)

    def said(self) -> list[Message]:
        """The mismatch as the lines :meth:`text` prints: what is wrong, then the faces
        expected and found where there are any."""
        head = msg(
            "verify.report.mismatch",
            "MISMATCH at line {line}, event #{seq} ({kind}: {summary}): {why}",
            line=self.line,
            seq=self.seq,
            kind=self.kind,
            summary=Clip(self.event if self.event is not None else self.summary, 120),
            why=self.message,
        )
        if not (self.expected or self.found):
            return [head]
        expected = (
            msg("verify.report.faces", "{faces}", faces=" ".join(map(str, self.expected)))
            if self.expected
            else msg("verify.report.no_roll", "no roll here")
        )
        faces = msg(
            "verify.report.expected_found",
            "  expected: {expected}\n  found:    {found}",
            expected=expected,
            found=" ".join(map(str, self.found)),
        )
        return [head, faces]

    def text(self, language: str = "en") -> str:
        """The mismatch as the command line prints it, in ``language``."""
        return "\n".join(render(line, language) for line in self.said())


@dataclass(frozen=True, slots=True)
class TypedRoll:
    """A roll typed in from physical dice: outside the proof, listed by the report."""

    line: int
    seq: int
    kind: str
    summary: str
    event: Message | None = None


@dataclass(frozen=True, slots=True)
class HeadMatch:
    """A head given to :func:`~isowidgets.verify.verify` and the line that carries it.

    Attributes:
        head: the head as given (hex digits).
        line: the line that carries it.
        seq: its event's number.
        kind: its event's kind.
        public_rolls: the public random rolls journaled up to that line.
        gm: the line is GM-only (viewers were never shown its head).
    """

    head: str
    line: int
    seq: int
    kind: str
    public_rolls: int
    gm: bool


@dataclass(frozen=True, slots=True)
class Report:
    """What :func:`~isowidgets.verify.verify` found.

    Attributes:
        commitment: the commitment the journal starts with (``None`` when the journal
            could not be read that far).
        random_rolls: random rolls checked, public and GM-only (all of them when there
            is no mismatch).
        random_dice: random dice among them.
        typed_rolls: rolls typed in from physical dice: outside the proof.
        mismatch: the first thing that does not verify, or ``None``.
        gm_only_rolls: random rolls checked that are in GM-only actions (the journal
            holds them whole, so verify recomputes them like every other).
        scheme: the session's dice scheme (``"hmac-sha256"``, or ``"draws"``).
        typed: the typed rolls, each with its line and event.
        lines: lines read.
        chained: lines that carry the hash of the journal up to them (all checked).
        table_seed: the table's seed, or ``None`` when none was given.
        heads: the heads given, each with the line that carries it.
    """

    commitment: str | None
    random_rolls: int
    random_dice: int
    typed_rolls: int
    mismatch: Mismatch | None
    gm_only_rolls: int = 0
    scheme: str = LEGACY_SCHEME
    typed: tuple[TypedRoll, ...] = ()
    lines: int = 0
    chained: int = 0
    table_seed: str | None = None
    heads: tuple[HeadMatch, ...] = ()

    @property
    def ok(self) -> bool:
        return self.mismatch is None

    @property
    def public_rolls(self) -> int:
        """Random rolls checked in public actions."""
        return self.random_rolls - self.gm_only_rolls

    def text(self, language: str = "en") -> str:
        """The report as the command line prints it, in ``language``: what was proved,
        and what not."""
        return "\n".join(render(line, language) for line in self.said())

    def said(self) -> list[Message]:
        """The report's lines as messages (:meth:`text` renders them)."""
        out: list[Message] = []
        if self.commitment is not None:
            out.append(
                msg(
                    "verify.report.commitment",
                    "commitment {commitment}",
                    commitment=self.commitment,
                )
            )
        if self.mismatch is not None:
            out += self.mismatch.said()
            out.append(
                plural(
                    "verify.report.before",
                    "({n} random roll(s) before it verified)",
                    "({n} random roll(s) before it verified)",
                    n=self.random_rolls,
                )
            )
        else:
            out.append(
                plural(
                    "verify.report.verified",
                    "VERIFIED: {n} random roll(s) ({public} public, {gm} GM-only; {dice} dice) "
                    "are the ones the committed seed fixed, each at its place in the journal",
                    "VERIFIED: {n} random roll(s) ({public} public, {gm} GM-only; {dice} dice) "
                    "are the ones the committed seed fixed, each at its place in the journal",
                    n=self.random_rolls,
                    public=self.public_rolls,
                    gm=self.gm_only_rolls,
                    dice=self.random_dice,
                )
            )
            if self.gm_only_rolls:
                out.append(
                    msg(
                        "verify.report.whole",
                        "verify reads the whole journal, so nothing GM-only is left out (a "
                        "public export cannot be verified)",
                    )
                )
            out.append(self._table_said())
            out.append(self._chain_said())
            for h in self.heads:
                values: dict[str, Any] = {
                    "head": short_head(h.head),
                    "n": h.public_rolls,
                    "line": h.line,
                    "kind": h.kind,
                }
                if h.gm:
                    out.append(
                        plural(
                            "verify.report.head_gm",
                            "head {head} (after {n} public roll(s)) is carried by line {line} "
                            "({kind}, GM-only): the journal up to it is exactly as it was when "
                            "that head was shown",
                            "head {head} (after {n} public roll(s)) is carried by line {line} "
                            "({kind}, GM-only): the journal up to it is exactly as it was when "
                            "that head was shown",
                            **values,
                        )
                    )
                else:
                    out.append(
                        plural(
                            "verify.report.head",
                            "head {head} (after {n} public roll(s)) is carried by line {line} "
                            "({kind}): the journal up to it is exactly as it was when that head "
                            "was shown",
                            "head {head} (after {n} public roll(s)) is carried by line {line} "
                            "({kind}): the journal up to it is exactly as it was when that head "
                            "was shown",
                            **values,
                        )
                    )
            if not self.heads and self.chained:
                out.append(
                    msg(
                        "verify.report.no_head",
                        "no head was given (--head): the chain shows the file is whole, not "
                        "that it is the one viewers saw",
                    )
                )
        out.append(
            plural(
                "verify.report.typed",
                "{n} typed roll(s) of physical dice: outside the proof",
                "{n} typed roll(s) of physical dice: outside the proof",
                n=self.typed_rolls,
            )
        )
        out += [
            msg(
                "verify.report.typed_line",
                "  line {line}: {kind}: {summary}",
                line=t.line,
                kind=t.kind,
                summary=Clip(t.event if t.event is not None else t.summary, 100),
            )
            for t in self.typed[:20]
        ]
        if len(self.typed) > 20:
            out.append(
                msg("verify.report.more", "  … and {count} more", count=len(self.typed) - 20)
            )
        return out

    def _table_said(self) -> Message:
        if self.scheme == LEGACY_SCHEME:
            return msg(
                "verify.report.legacy",
                "dice scheme: draws (written before rolls were numbered; no table seed)",
            )
        if self.table_seed is None:
            return msg(
                "verify.report.no_table_seed",
                "no table seed was given: the GM chose the seed alone (committed before "
                "play, but free to have tried seeds beforehand)",
            )
        return msg(
            "verify.report.table_seed",
            "the table's seed {seed} is bound into every roll",
            seed=shown(self.table_seed, 80),
        )

    def _chain_said(self) -> Message:
        if not self.chained:
            return msg(
                "verify.report.no_chain",
                "chain: none (every line was written before lines were chained)",
            )
        if self.chained == self.lines:
            return msg(
                "verify.report.chain_all",
                "chain: all {lines} lines carry the hash of the journal up to them",
                lines=self.lines,
            )
        return msg(
            "verify.report.chain_last",
            "chain: the last {chained} of {lines} lines carry the hash of the journal up to "
            "them (the first were written before lines were chained; the first chained line "
            "commits to them)",
            chained=self.chained,
            lines=self.lines,
        )
