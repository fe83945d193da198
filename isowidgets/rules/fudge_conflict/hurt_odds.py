"""How much will this hurt? Exact odds of a whole Let It Hurt, before the first round.

Let It Hurt (DK-R21…R37) is a chain of rounds whose state is both sides' damage
tracks and the few things the rules carry from one round to the next. Under a
stated **policy** it is an absorbing Markov chain, solved here exactly (up to
floating-point rounding) rather than sampled:

* every round both sides declare a **crossing** action against each other
  (DK-R25); the first side declares first, so it is the initiator who loses a tie
  (DK-A05, as :mod:`.hurt` reads it);
* a side **gives up** (DK-R35, DK-A20) at the start of a round once its worst wound
  has reached its *yield level* (1…7; 7 means it fights on to defeat), or when it is
  maimed and its pool cannot pay to act (DK-R33, DK-A01); the other side wins;
* a wound that reaches level 7 is **defeat** (DK-R33): the fight ends there (with
  ``defeat_ends_conflict`` off the defeated side's worst level is 7, past any yield
  level, so it gives up before the next round: the same end).

What a round carries is taken from the engine itself, not restated: the bonus and
penalty dice of each roll come from :func:`.rolling.dice_sources` on the state the
chain is in (round-one dice won by the conflict's winner, DK-R29; scratches,
DK-R33/R34 and ``scratch_penalty_scope``; lasting wounds in the roll's category,
DK-A09/A11; the conflict's circumstances, DK-R20; the bonus-dice cap, DK-A25); a
hit's level comes from :func:`.equipment.success_level` and
:func:`.equipment.protected_level` (equipment toggled on every roll, DK-R39,
DK-A14/A15/A28); where it lands from :func:`.damage.place_wound` (shared or per
ability track, cascade or single step, DK-R32, DK-A02/A03). Each roll's result is
distributed as :func:`.odds.distribution` gives it under ``penalty_keep_mode``
(DK-A04).

Simplifications, stated: the policy never declares parallel or defensive actions
nor combines skills, so defence and combining bonus dice never arise; with
``damage_bump = "single_step"`` and ``lasting_penalties_stack`` on, more than
:data:`STACK_CAP` wounds at levels 4–6 of one ability count as that many (only
there can a track hold unboundedly many wounds); a pool that can pay for
:data:`DEEP_POOL_ROUNDS` maimed rounds never runs out (a fight is rarely that long
with a side maimed, so the chain need not count every point); a hit reduced below level 1 (a
``success_level_min`` or ``protection_floor`` of 0) is read as no wound.

The states are solved in groups: a transition either adds a wound or spends pool
points (a later group) or changes only the scratch dice waiting (the same group),
so each group is a small linear system ``(I − Q) v = b``, solved by elimination after
every group it can reach.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass

from ... import checks
from ...contract import OddsQuestion
from ...errors import RuleError
from .abilities import DEFEAT, MAIMED, Ability
from .damage import place_wound, scratch_levels
from .equipment import bonus_total, protected_level, success_level, toggled
from .model import Character, FudgeState, Wound
from .odds import distribution
from .rolling import dice_sources
from .settings import FudgeSettings

__all__ = [
    "DEEP_POOL_ROUNDS",
    "HURT_QUESTIONS",
    "MAX_STATES",
    "STACK_CAP",
    "Fighter",
    "HurtOdds",
    "SideOdds",
    "hurt_odds",
]

STACK_CAP = 6
"""The most wounded and maimed levels (4–6) of one ability the chain counts, each a
penalty die when ``lasting_penalties_stack`` is on; only ``single_step`` bumps can
stack more, and they are counted as this many."""

DEEP_POOL_ROUNDS = 16
"""A pool that can pay for this many maimed rounds is read as one that never runs out."""

_DEEP = 10**9  # the pool of such a side, in a chain state: never lowered

MAX_STATES = 200_000
"""The most chain states solved before the odds are refused (far past any real fight)."""

_VALUES = 7  # first defeated, first yields, second defeated, second yields, wounds×2, rounds


@dataclass(frozen=True, slots=True)
class Fighter:
    """One side of the fight as the chain sees it.

    Attributes:
        character: the character as it stands (wounds, scratch dice waiting, dice won
            for the first round, pool).
        skill: the skill it rolls every round.
        attacks: the ability its crossing action damages (DK-R30, DK-A07).
        yield_at: it gives up once its worst wound reaches this level; 7 fights on to
            defeat.
        equipment: the bonus ids toggled on for each of its rolls (DK-R40).
    """

    character: Character
    skill: str
    attacks: Ability
    yield_at: int = 7
    equipment: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SideOdds:
    """One side's chances under the policy.

    Attributes:
        name: the character's name.
        win: P(the other side is defeated or gives up).
        defeat: P(this side reaches level 7).
        yields: P(this side gives up at its yield level, or unable to pay to act).
        wounds: the expected number of wounds this side takes.
        yield_at: the yield level the policy used.
    """

    name: str
    win: float
    defeat: float
    yields: float
    wounds: float
    yield_at: int


@dataclass(frozen=True, slots=True)
class HurtOdds:
    """The whole fight's odds: each side's, the expected rounds, the chain's size."""

    first: SideOdds
    second: SideOdds
    rounds: float
    states: int

    def policy(self) -> str:
        """The policy in words, naming both sides."""
        return (
            f"both cross every round; {self.first.name} gives up at level "
            f"{self.first.yield_at}, {self.second.name} at level {self.second.yield_at} "
            f"(7: fights to defeat); {self.first.name} declares first"
        )


# A chain state: (track, track, scratch, scratch, pool, pool, first round?) for the two
# sides, a track being the number :meth:`_Chain.track` gave a canonical tuple of wounds
# (small integers hash fast); with one table pool the first pool slot holds it.
_State = tuple[int, int, int, int, int, int, bool]


def _canonical(wounds: list[Wound] | tuple[Wound, ...], stack: bool) -> tuple[Wound, ...]:
    """The wounds as the chain keys them: each filled level once (where a wound lands and
    what it costs depend on which levels are filled, not how often), except that with
    ``stack`` the repeats at levels 4–6 stay, up to :data:`STACK_CAP` per ability, since
    each of those is a penalty die (DK-A11)."""
    distinct = sorted(set(wounds), key=lambda w: (w.level, w.ability))
    if not stack:
        return tuple(distinct)
    repeats = Counter(wounds)
    kept = list(distinct)
    for ability in {w.ability for w in distinct}:
        lasting = [w for w in distinct if w.ability == ability and 4 <= w.level <= MAIMED]
        room = STACK_CAP - len(lasting)
        for wound in reversed(lasting):
            more = min(repeats[wound] - 1, max(room, 0))
            kept.extend([wound] * more)
            room -= more
    return tuple(sorted(kept, key=lambda w: (w.level, w.ability)))


class _Chain:
    """The chain of one fight: its states, their rounds, and the solved values."""

    def __init__(
        self, state: FudgeState, fighters: tuple[Fighter, Fighter], start_round: int
    ) -> None:
        self.state = state
        self.settings = state.settings
        self.fighters = fighters
        self.start = start_round
        self.skills = tuple(f.character.skill(f.skill) for f in fighters)
        self.damage = tuple(
            bonus_total(toggled(state, f.equipment), "damage", self.settings) for f in fighters
        )
        self.protection = tuple(
            bonus_total(toggled(state, f.equipment), "protection", self.settings) for f in fighters
        )
        self.circumstance = state.conflict.opened.circumstance if state.conflict else 0
        self.table = self.settings.pool_scope == "table"
        self.stack = self.settings.lasting_penalties_stack
        self.tracks: list[tuple[Wound, ...]] = []
        self._numbers: dict[tuple[Wound, ...], int] = {}
        self._placed: dict[tuple[int, int, Ability], tuple[int, int]] = {}
        self._nets: dict[tuple[int, int, int, bool], int] = {}
        self._ends: dict[tuple[int, int, int, int], int | None] = {}
        self._rounds: dict[tuple[int, int], list[tuple[int | None, int, float]]] = {}

    # ------------------------------------------------------------------ one round

    def track(self, wounds: list[Wound] | tuple[Wound, ...]) -> int:
        """The number of the canonical track ``wounds`` make (see :func:`_canonical`)."""
        canonical = _canonical(wounds, self.stack)
        number = self._numbers.get(canonical)
        if number is None:
            number = self._numbers[canonical] = len(self.tracks)
            self.tracks.append(canonical)
        return number

    def place(self, track: int, level: int, ability: Ability) -> tuple[int, int]:
        """The track after a hit at ``level`` on ``ability``, and the scratch penalty dice
        it leaves for the next roll (DK-R33, DK-R34)."""
        key = (track, level, ability)
        if key not in self._placed:
            wounds = self.tracks[track]
            recorded = place_wound(wounds, level, ability, self.settings)
            after = self.track([*wounds, Wound(recorded, ability)])
            self._placed[key] = (after, scratch_levels([recorded]))
        return self._placed[key]

    def net(self, side: int, track: int, scratch: int, fresh: bool) -> int:
        """The net bonus (+) or penalty (−) dice of ``side``'s roll, as the engine counts them."""
        key = (side, track, scratch, fresh)
        if key not in self._nets:
            wounds = self.tracks[track]
            fighter = self.fighters[side]
            who = fighter.character
            round_ = self.start if fresh else self.start + 1
            if not fresh:
                who = dataclasses.replace(
                    who, wounds=wounds, scratch=scratch, scratch_round=round_, grants=()
                )
            probe = dataclasses.replace(
                self.state,
                characters=tuple(who if c.id == who.id else c for c in self.state.characters),
            )
            sources = dice_sources(
                probe, who.id, fighter.skill, circumstance=self.circumstance, round=round_
            )
            self._nets[key] = sum(s.dice for s in sources)
        return self._nets[key]

    def outcomes(self, net_a: int, net_b: int) -> list[tuple[int | None, int, float]]:
        """(side hit or None, the level of the hit, probability) for one crossing round."""
        key = (net_a, net_b)
        if key in self._rounds:
            return self._rounds[key]
        settings = self.settings
        keep = settings.penalty_keep_mode
        spreads = (
            distribution(self.skills[0], net_a, penalty_keep=keep),
            distribution(self.skills[1], net_b, penalty_keep=keep),
        )
        found: dict[tuple[int | None, int], float] = {}
        for ra, pa in spreads[0].items():
            for rb, pb in spreads[1].items():
                results = (ra, rb)
                if ra != rb:
                    loser = 0 if ra < rb else 1
                    degree = abs(ra - rb)
                elif settings.lih_tie_rule == "initiator_loses_min1":
                    loser, degree = 0, 0  # the first side declares first (DK-A05)
                else:
                    key_none = (None, 0)
                    found[key_none] = found.get(key_none, 0.0) + float(pa * pb)
                    continue
                level = success_level(degree, self.damage[1 - loser], settings)
                guard = self.protection[loser]
                if settings.protection_requires_success and results[loser] <= 0:
                    guard = 0
                level = protected_level(level, guard, settings)
                hit: tuple[int | None, int] = (loser, level) if level >= 1 else (None, 0)
                found[hit] = found.get(hit, 0.0) + float(pa * pb)
        self._rounds[key] = [(side, level, p) for (side, level), p in found.items()]
        return self._rounds[key]

    def ending(self, wa: int, wb: int, pa: int, pb: int) -> int | None:
        """How the fight ends before a round on these tracks and pools, if it does: the
        index of the end in the value vector (a side's defeat, or its giving up)."""
        key = (wa, wb, pa, pb)
        if key in self._ends:
            return self._ends[key]
        wounds = (self.tracks[wa], self.tracks[wb])
        end: int | None = None
        tops = [max((w.level for w in track), default=0) for track in wounds]
        cost = self.settings.maimed_act_cost
        due = 0
        for side in (0, 1):
            if tops[side] >= DEFEAT:
                end = 2 * side
                break
        else:
            for side in (0, 1):
                if tops[side] >= self.fighters[side].yield_at:
                    end = 2 * side + 1
                    break
            else:
                for side in (0, 1):
                    if cost and any(w.level == MAIMED for w in wounds[side]):
                        due += cost
                        have = pa if self.table else (pa, pb)[side]
                        if have < (due if self.table else cost):
                            end = 2 * side + 1
                            break
        self._ends[key] = end
        return end

    def step(self, state: _State) -> list[tuple[float, _State | int, int | None]]:
        """Where one round leads: (probability, the next state or the end reached, the
        side wounded or ``None``)."""
        wa, wb, sa, sb, pa, pb, fresh = state
        cost = self.settings.maimed_act_cost
        pools = [pa, pb]
        for who, track in ((0, wa), (1, wb)):
            if cost and any(w.level == MAIMED for w in self.tracks[track]):
                slot = 0 if self.table else who
                if pools[slot] != _DEEP:
                    pools[slot] -= cost
        nets = (self.net(0, wa, sa, fresh), self.net(1, wb, sb, fresh))
        chooser = self.settings.damage_ability_chooser
        moves: list[tuple[float, _State | int, int | None]] = []
        for side, level, p in self.outcomes(*nets):
            tracks = [wa, wb]
            scratches = [0, 0]
            if side is not None:
                attacker = self.fighters[1 - side]
                ability = self.fighters[side].attacks if chooser == "defender" else attacker.attacks
                tracks[side], scratches[side] = self.place(tracks[side], level, ability)
            end = self.ending(tracks[0], tracks[1], pools[0], pools[1])
            nxt: _State | int = (
                end
                if end is not None
                else (tracks[0], tracks[1], scratches[0], scratches[1], pools[0], pools[1], False)
            )
            moves.append((p, nxt, side))
        return moves

    # ------------------------------------------------------------------ solving

    def solve(self, start: _State) -> tuple[list[float], int]:
        """The value vector of ``start`` and the number of states the chain has."""
        first_end = self.ending(start[0], start[1], start[4], start[5])
        if first_end is not None:
            ended = [0.0] * _VALUES
            ended[first_end] = 1.0
            return ended, 1
        moves: dict[_State, list[tuple[float, _State | int, int | None]]] = {}
        todo = [start]
        while todo:
            state = todo.pop()
            moves[state] = self.step(state)
            for _, nxt, _ in moves[state]:
                if not isinstance(nxt, int) and nxt not in moves:
                    moves[nxt] = []  # claimed: stepped when popped
                    todo.append(nxt)
                    if len(moves) > MAX_STATES:
                        raise RuleError(
                            f"this fight has more than {MAX_STATES:,} states to solve; lower "
                            "a yield level"
                        )
        values: dict[_State, list[float]] = {}
        groups: dict[tuple[int, int, int, int, bool], list[_State]] = {}
        for state in moves:
            groups.setdefault((state[0], state[1], state[4], state[5], state[6]), []).append(state)

        def order(key: tuple[int, int, int, int, bool]) -> tuple[int, int]:
            wa, wb, pa, pb, fresh = key
            size = len(self.tracks[wa]) + len(self.tracks[wb])
            return (1 if fresh else 0, -(size - pa - pb))

        for key in sorted(groups, key=order):
            members = groups[key]
            index = {s: i for i, s in enumerate(members)}
            size = len(members)
            matrix = [[float(i == j) for j in range(size)] for i in range(size)]
            rhs = [[0.0] * (_VALUES - 1) + [1.0] for _ in range(size)]  # + this round
            for i, state in enumerate(members):
                row = rhs[i]
                for p, nxt, side in moves[state]:
                    if side is not None:
                        row[4 + side] += p
                    if isinstance(nxt, int):
                        row[nxt] += p
                    elif nxt in index:
                        matrix[i][index[nxt]] -= p
                    else:
                        known = values[nxt]
                        for k in range(_VALUES):
                            row[k] += p * known[k]
            for state, solved in zip(members, _solve(matrix, rhs), strict=True):
                values[state] = solved
        return values[start], len(moves)


def _solve(matrix: list[list[float]], rhs: list[list[float]]) -> list[list[float]]:
    """Solve ``matrix · x = rhs`` for one group of states.

    ``matrix`` is ``I − Q`` for a substochastic ``Q``, so it is diagonally dominant and
    Gaussian elimination needs no pivoting; a group is a handful of states, where plain
    Python beats numpy's per-call cost. A zero pivot means no round can leave the group.
    """
    size = len(matrix)
    a = [row[:] for row in matrix]
    b = [row[:] for row in rhs]
    for k in range(size):
        pivot = a[k][k]
        if pivot < 1e-13:
            raise RuleError(
                "under these settings no round can change this fight, so it never ends "
                "(no hit can move either side's damage track any further)"
            )
        for i in range(k + 1, size):
            factor = a[i][k] / pivot
            if factor:
                for j in range(k, size):
                    a[i][j] -= factor * a[k][j]
                b[i] = [x - factor * y for x, y in zip(b[i], b[k], strict=True)]
    for k in reversed(range(size)):
        known = b[k]
        for j in range(k + 1, size):
            if a[k][j]:
                known = [x - a[k][j] * y for x, y in zip(known, b[j], strict=True)]
        b[k] = [x / a[k][k] for x in known]
    return b


def hurt_odds(state: FudgeState, first: Fighter, second: Fighter, *, round: int = 1) -> HurtOdds:
    """The exact odds of a Let It Hurt between ``first`` and ``second`` under the policy.

    Args:
        state: the state the fight starts from; both characters are in it, and the
            round-one dice (DK-R29) are on them as grants for ``round``.
        first: the side that declares first each round (it loses a tie, DK-A05).
        second: the other side.
        round: the round about to be played.

    Returns:
        Each side's chance of winning, of defeat and of giving up, the wounds each
        side can expect to take, and the rounds the fight can expect to last.

    Raises:
        RuleError: a yield level outside 1…7, the same character on both sides, or a
            fight too large to solve.
    """
    fighters = (first, second)
    for fighter in fighters:
        checks.whole(fighter.yield_at, f"{fighter.character.name}'s yield level", 1, DEFEAT)
    if first.character.id == second.character.id:
        raise RuleError(f"{first.character.name} cannot fight themselves")
    chain = _Chain(state, fighters, round)
    held = (
        (state.table_pool, 0)
        if state.settings.pool_scope == "table"
        else (first.character.pool, second.character.pool)
    )
    deep = DEEP_POOL_ROUNDS * max(state.settings.maimed_act_cost, 1)
    pools = tuple(_DEEP if points >= deep else points for points in held)
    start: _State = (
        chain.track(first.character.wounds),
        chain.track(second.character.wounds),
        first.character.scratch,
        second.character.scratch,
        pools[0],
        pools[1],
        True,
    )
    vector, states = chain.solve(start)

    def side(i: int) -> SideOdds:
        return SideOdds(
            name=fighters[i].character.name,
            win=float(vector[2 * (1 - i)] + vector[2 * (1 - i) + 1]),
            defeat=float(vector[2 * i]),
            yields=float(vector[2 * i + 1]),
            wounds=float(vector[4 + i]),
            yield_at=fighters[i].yield_at,
        )

    return HurtOdds(first=side(0), second=side(1), rounds=float(vector[6]), states=states)


# --------------------------------------------------------------------------- questions


def _station(settings: FudgeSettings) -> tuple[FudgeState, dict[str, str]]:
    """The rule text's station cast under ``settings`` (a few milliseconds: not kept)."""
    # Imported here: the example is played through the game, which asks these questions.
    from .examples import station

    game, ids = station(settings=settings)
    return game.state, ids


def _shootout(settings: FudgeSettings, yield_at: int) -> dict[str, float]:
    """Mr. Burke (shoot 2) lets it hurt against the guard (shoot 1), both fresh and
    shooting at Kraft, Burke declaring first; Burke gives up at ``yield_at``, the guard
    fights to defeat."""
    state, ids = _station(settings)
    burke, guard = state.character(ids["burke"]), state.character(ids["guard"])
    odds = hurt_odds(
        state,
        Fighter(burke, "shoot", "kraft", yield_at=yield_at),
        Fighter(guard, "shoot", "kraft"),
    )
    return {
        "Burke wins": odds.first.win,
        "Burke gives up or cannot pay to act": odds.first.yields,
        "Burke is defeated": odds.first.defeat,
    }


HURT_QUESTIONS: dict[str, OddsQuestion] = {
    "shootout": OddsQuestion(
        "Letting it hurt: Mr. Burke (shoot 2) against the guard (shoot 1), fresh tracks, "
        "how it ends, by the level at which Burke gives up (7: fights on)",
        "Burke's yield level",
        tuple(range(1, 8)),
        1,
        DEFEAT,
        _shootout,
        ("lih_tie_rule", "damage_bump", "penalty_keep_mode", "success_level_min"),
    ),
}
"""The Let It Hurt questions, asked of the example's cast (joined to
:data:`.odds.QUESTIONS` by the game)."""
