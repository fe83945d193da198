"""How much will this hurt? The whole fight's odds, shown before the first round.

Between a settled conflict and the first roll of Let It Hurt (and through round
one's intentions and declarations), the Let It Hurt tab shows what
:meth:`~.FudgeGame.hurt_odds` works out: for each
side the chance of winning, of defeat and of giving up, and the wounds it can
expect, under the policy it names (both keep crossing; each gives up at the level
chosen in its dropdown). Everything is words and numbers in the language spoken;
no colour carries meaning. The view holds no arithmetic: it asks the game, and keeps
the last answer until the game's state or a yield level changes.

The box opens on request (its title is a toggle): with pool points to spend the chain
can take seconds to solve, and a closed box never makes the table wait.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...errors import IsowidgetsError
from ...rules.fudge_conflict import FudgeGame, FudgeState
from ...rules.fudge_conflict.abilities import DEFEAT, level_name
from ...rules.fudge_conflict.hurt_odds import HurtOdds
from ...words import Message, Number, msg, render
from ..i18n import Labels
from ..panel import redraws, set_options, set_shown, wrap_row
from ..toggle import PressToggle
from .views import chance

__all__ = ["HurtOddsView", "shows_hurt_odds"]


def shows_hurt_odds(state: FudgeState) -> bool:
    """Whether the odds apply now: a settled conflict a player may let hurt, or a Let It
    Hurt between two sides still in its first round."""
    hurt = state.active_hurt()
    if hurt is not None:
        return hurt.round == 1 and len(hurt.parties) == 2
    conflict = state.conflict
    if conflict is None or not conflict.resolved or conflict.hurt:
        return False
    return any(state.character(side).is_pc for side in conflict.sides)


class HurtOddsView(widgets.VBox):  # type: ignore[misc]
    """The "How much will this hurt?" box (``iw-fudge-hurt-odds``).

    Attributes:
        toggle: opens and closes the box (``iw-fudge-hurt-odds-toggle``); the odds are
            worked out only while it is open.
        yields: the level at which each side gives up, first side then second
            (``iw-fudge-hurt-odds-yield-first``, ``...-second``).
        result: the odds in words (``iw-fudge-hurt-odds-result``, ``role="status"``).
    """

    def __init__(self, game: FudgeGame, labels: Labels) -> None:
        self.game = game
        self.labels = labels
        self.toggle = PressToggle(
            labels("hurtodds.title"), mode="expand", tooltip=labels("hurtodds.open.tip")
        )
        self.toggle.add_class("iw-fudge-hurt-odds-toggle")
        self.toggle.on_change(lambda _open: self.refresh(self.game.state))
        labels.on_switch(self._relabel)
        self.yields = (widgets.Dropdown(), widgets.Dropdown())
        for dropdown, which in zip(self.yields, ("first", "second"), strict=True):
            set_options(dropdown, self._levels())
            dropdown.value = DEFEAT
            dropdown.style = {"description_width": "initial"}
            dropdown.layout = widgets.Layout(width="auto", flex="1 1 240px")
            dropdown.add_class(f"iw-fudge-hurt-odds-yield-{which}")
            dropdown.observe(lambda _change: self.refresh(self.game.state), names="value")
        self.result = widgets.HTML()
        self.result.add_class("iw-fudge-hurt-odds-result")
        self._kept: tuple[FudgeState, tuple[int, ...], HurtOdds | Message] | None = None
        self.body = widgets.VBox([widgets.HBox(list(self.yields), layout=wrap_row()), self.result])
        super().__init__([self.toggle, self.body])
        self.add_class("iw-fudge-hurt-odds")
        self.refresh(game.state)

    def _levels(self) -> list[tuple[str, int]]:
        labels = self.labels
        named = [
            (labels("level.name", n=n, name=labels(f"level.{level_name(n)}")), n)
            for n in range(1, DEFEAT)
        ]
        return [*named, (labels("hurtodds.never"), DEFEAT)]

    def _odds(self, state: FudgeState) -> HurtOdds | Message:
        """The game's answer for the yield levels chosen (kept while nothing changes), or
        the kit's refusal as a message (said in the language the table speaks when drawn)."""
        levels = tuple(d.value if isinstance(d.value, int) else DEFEAT for d in self.yields)
        # The same state object means nothing the odds read has changed (a note, a GM's
        # aside or a language switch leaves it as it was): the chain is not solved again.
        if self._kept is not None and self._kept[0] is state and self._kept[1] == levels:
            return self._kept[2]
        try:
            answer: HurtOdds | Message = self.game.hurt_odds(
                yield_at=levels[0], opponent_yield_at=levels[1]
            )
        except IsowidgetsError as error:
            answer = error.message
        self._kept = (state, levels, answer)
        return answer

    @redraws
    def refresh(self, state: FudgeState) -> None:
        """Show the odds for ``state``, or hide the box where they do not apply."""
        shown = shows_hurt_odds(state)
        set_shown(self, shown)
        set_shown(self.body, shown and bool(self.toggle.value))
        if shown and self.toggle.value:
            self._draw(state)

    def _relabel(self) -> None:
        self.toggle.relabel(self.labels("hurtodds.title"))
        self.toggle.hint = self.labels("hurtodds.open.tip")

    def _draw(self, state: FudgeState) -> None:
        labels = self.labels
        levels = self._levels()
        for dropdown in self.yields:
            set_options(dropdown, levels)
        odds = self._odds(state)
        if isinstance(odds, Message):
            said = render(odds, labels.language)
            self.result.value = f'<div role="status">{html.escape(said)}</div>'
            return
        for dropdown, side in zip(self.yields, (odds.first, odds.second), strict=True):
            dropdown.description = labels("hurtodds.yield_at", name=side.name)
        lines = [
            render(
                msg(
                    "fudge_conflict.table.hurt_odds_side",
                    "{name}: wins {win} · defeated {defeat} · gives up {yields} · "
                    "expects {wounds} wounds",
                    name=side.name,
                    win=chance(side.win),
                    defeat=chance(side.defeat),
                    yields=chance(side.yields),
                    wounds=Number(side.wounds, 1),
                ),
                labels.language,
            )
            for side in (odds.first, odds.second)
        ]
        policy = labels("hurtodds.policy", first=odds.first.name)
        rounds = render(
            msg(
                "fudge_conflict.table.hurt_odds_rounds",
                "The fight lasts {rounds} rounds on average (exact, from {states} states).",
                rounds=Number(odds.rounds, 1),
                states=Number(odds.states),
            ),
            labels.language,
        )
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        self.result.value = (
            f'<div role="status"><div>{html.escape(policy)}</div><ul>{items}</ul>'
            f"<div>{html.escape(rounds)}</div></div>"
        )
