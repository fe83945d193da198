"""The dice tray: plain rolls of any pool, journaled like every system's rolls.

It is the smallest complete game on the shared core (the tour notebook uses it)
and a GM's general-purpose roller: any die, any count, explosions, random or
typed in, each roll in the session log with its reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from . import checks
from .contract import Action, Beat, BeatDice, Beats, Moment, Step, rule_method
from .dice import Faces, Pool, PoolRoll
from .errors import DiceError
from .game import Game
from .journal import Rolled
from .journal.events import reading_message
from .settings import RuleSettings, setting
from .systems import register
from .words import Message, msg, render

__all__ = ["DiceTray", "TraySettings", "TrayState", "reading", "roll"]


class TraySettings(RuleSettings):
    """Settings of the dice tray."""

    system: ClassVar[str] = "tray"
    title: ClassVar[Message | None] = msg("tray.system", "Dice tray")

    read_parity: bool = setting(
        True, "Also count evens and odds in each roll (Isolation reads dice that way)."
    )


@dataclass(frozen=True, slots=True)
class TrayState:
    settings: TraySettings


def reading(roll: PoolRoll, *, parity: bool = True) -> str:
    """How a roll reads at a glance, in English: its total, and evens/odds for numbered
    dice (the core's :func:`~isowidgets.journal.rolls.reading_message`, which the log
    renders in the reader's language)."""
    return render(reading_message(roll, parity=parity))


def roll(
    action: Action[TrayState], pool: Pool | str, faces: Faces | None = None, *, purpose: str = ""
) -> PoolRoll:
    """Roll ``pool`` (or take the typed ``faces``) and journal it, with how it reads.

    ``pool`` may be a :class:`~.Pool` or notation such as
    ``"5d6!1"`` (five d6, 1s explode) or ``"4dF"``.

    Raises:
        DiceError: ``pool`` is neither, or the roll breaks the dice caps.
        RuleError: ``purpose`` is not text.
    """
    if isinstance(pool, str):
        pool = Pool.parse(pool)
    elif not isinstance(pool, Pool):
        raise DiceError(
            "tray.pool_type",
            "roll needs a Pool or dice notation such as '5d6!1' or '4dF', got {type} {got}",
            type=type(pool).__name__,
            got=checks.received(pool),
        )
    purpose = checks.text(
        purpose,
        msg("tray.what.purpose", "a roll's purpose"),
        allow_empty=True,
        max_length=checks.MAX_NOTE,
    )
    rolled = action.dice.roll(pool, faces)
    parity = action.state.settings.read_parity
    action.add(Rolled(roll=rolled, purpose=purpose, reading=reading(rolled, parity=parity)))
    return rolled


BEATS: Beats[TrayState] = Beats("Dice tray", {"roll": msg("tray.beat.kind.roll", "Rolls")})
"""The tray's beats: every roll."""


@BEATS.on(Rolled)
def _roll_beat(moment: Moment[TrayState], event: Rolled) -> Beat:
    roll = event.roll
    notation = f"{roll.pool.count}{roll.pool.die}"
    total = msg("tray.beat.total", "total {n}", n=roll.total)
    return Beat(
        kind="roll",
        heading=(
            msg(
                "tray.beat.roll_for",
                "{notation} for {purpose}",
                notation=notation,
                purpose=event.purpose,
            )
            if event.purpose
            else msg("tray.beat.roll", "{notation}", notation=notation)
        ),
        verdict=total,
        glyph="⚄",
        dice=(
            BeatDice(msg("tray.beat.pool", "{notation}", notation=notation), roll, reading=total),
        ),
    )


@register
class DiceTray(Game[TrayState]):
    """A journaled general-purpose roller."""

    system: ClassVar[str] = "tray"
    title: ClassVar[str] = "Dice tray"
    settings_type: ClassVar[type[RuleSettings]] = TraySettings
    beats: ClassVar[Beats[TrayState]] = BEATS

    @classmethod
    def initial_state(cls, settings: TraySettings) -> TrayState:
        return TrayState(settings)

    @classmethod
    def steps(cls, state: TrayState) -> tuple[Step, ...]:
        """The tray can always roll."""
        return (Step("roll", None, "dice", "Roll a pool, or type in the faces rolled"),)

    roll = rule_method(roll, ways_in=(Rolled,))
