"""How much will this hurt? Exact odds of a whole Let It Hurt, before the first round.

Let It Hurt (DK-R21…R37) is a chain of rounds whose state is both sides' damage
tracks and the few things the rules carry from one round to the next. Under a
stated **policy** it is an absorbing Markov chain, solved here exactly (up to
floating-point rounding) rather than sampled:

* every round both sides declare a **crossing** action against each other
  (DK-R25); the first side declares first, so it is the initiator who loses a tie
  (DK-A05, as :mod:`hurt <.rules.fudge_conflict.hurt>` reads it);
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

The states are solved in groups, pools apart. A round either changes a track (a later
group) or leaves both tracks as the chain keys them, changing at most the scratch dice
waiting (the same group: a repeat without stacking, or one past :data:`STACK_CAP`, keys
as before); and pool points are
spent only while a side is maimed, at a fixed pay per round, so every state of one
tracks-and-scratch *core* sits on one grid of pool points, solved as one numpy array.
A group whose rounds pay nothing is a small linear system ``(I − Q) v = b`` on one
grid point, solved by elimination; one whose rounds pay moves down its grid every
round, and is solved slice by slice from the grid's far end.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass

import numpy as np

from ... import checks
from ...contract import OddsQuestion
from ...errors import RuleError
from ...words import Number, msg
from .abilities import DEFEAT, MAIMED, Ability
from .damage import place_wound, scratch_levels
from .equipment import bonus_total, protected_level, success_level, toggled
from .model import Character, FudgeState, Wound
from .odds import distribution
from .rolling import dice_sources
from .scenario import station_state
from .settings import FudgeSettings

__all__ = [
    "DEEP_POOL_ROUNDS",
    "HURT_QUESTIONS",
    "MAX_CORES",
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
"""A pool that can pay for this many rounds of one maimed side is read as one that never
runs out (a table pool paying for two maimed sides lasts half as many rounds)."""

_DEEP = 10**9  # the pool of such a side, in a chain state: never lowered

MAX_STATES = 2_000_000
"""The most chain states (points on the cores' pool grids) solved before the odds are
refused, a bound on memory: pools of 15 on both sides, both fighting to defeat, come to
about 800,000 and take about 70 MB while solving."""

MAX_CORES = 100_000
"""The most cores (states with their pools left out, each a round worked out one by
one) before the odds are refused, a bound on time (some seconds): a plain fight has
about 3,000 without pool points and 11,000 with them; single-step bumps with stacking
lasting wounds can have many more."""

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
    """The whole fight's odds: each side's, the expected rounds, the chain's size (its
    states: tracks, scratch dice and pools, as solved)."""

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
_Core = tuple[int, int, int, int, bool]
"""A state with its pools left out: (track, track, scratch, scratch, first round?)."""
_Lead = tuple[float, _Core, tuple[bool, bool]]
"""A round's move to a core: its probability, the core, and which sides are maimed there."""
_Values = tuple[float, float, float, float, float, float, float]


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
        self.depths: list[tuple[int, int, int]] = []
        """Per track: its filled levels, its wounds as keyed, the sum of their levels."""
        self._numbers: dict[tuple[Wound, ...], int] = {}
        self._placed: dict[tuple[int, int, Ability], tuple[int, int]] = {}
        self._nets: dict[tuple[int, int, int, bool], int] = {}
        self._fates: dict[tuple[int, int], tuple[int | None, tuple[bool, bool]]] = {}
        self._rounds: dict[tuple[int, int], list[tuple[int | None, int, float]]] = {}

    # ------------------------------------------------------------------ one round

    def track(self, wounds: list[Wound] | tuple[Wound, ...]) -> int:
        """The number of the canonical track ``wounds`` make (see :func:`_canonical`)."""
        canonical = _canonical(wounds, self.stack)
        number = self._numbers.get(canonical)
        if number is None:
            number = self._numbers[canonical] = len(self.tracks)
            self.tracks.append(canonical)
            self.depths.append(
                (len(set(canonical)), len(canonical), sum(w.level for w in canonical))
            )
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

    def fate(self, wa: int, wb: int) -> tuple[int | None, tuple[bool, bool]]:
        """What these two tracks settle whatever the pools hold: the end they reach (a
        side's defeat, else its giving up at its yield level) or ``None``; and which
        sides are maimed (they pay to act, DK-R33)."""
        key = (wa, wb)
        found = self._fates.get(key)
        if found is None:
            tops = [max((w.level for w in self.tracks[t]), default=0) for t in key]
            end: int | None = None
            for side in (0, 1):
                if tops[side] >= DEFEAT:
                    end = 2 * side
                    break
            else:
                for side in (0, 1):
                    if tops[side] >= self.fighters[side].yield_at:
                        end = 2 * side + 1
                        break
            found = self._fates[key] = (end, (self.maimed(wa), self.maimed(wb)))
        return found

    def maimed(self, track: int) -> bool:
        """Whether the track holds a maimed wound, so its side pays to act (DK-R33)."""
        return any(w.level == MAIMED for w in self.tracks[track])

    def ending(self, wa: int, wb: int, pa: int, pb: int) -> int | None:
        """How the fight ends before a round on these tracks and pools, if it does: the
        index of the end in the value vector (a side's defeat, or its giving up, also
        for want of the points to act while maimed)."""
        end, maimed = self.fate(wa, wb)
        cost = self.settings.maimed_act_cost
        if end is not None or not cost:
            return end
        due = 0
        for side in (0, 1):
            if maimed[side]:
                due += cost
                have = pa if self.table else (pa, pb)[side]
                if have < (due if self.table else cost):
                    return 2 * side + 1
        return None

    def round(self, core: _Core) -> tuple[_Values, list[_Lead]]:
        """One crossing round from ``core``, pools aside: what it adds to the value vector
        at once (the ends the tracks reach, the wounds dealt, the round itself) and the
        cores it moves to, each with its probability. Whether a maimed side can pay for
        the next round is the pools' part, settled in :meth:`solve`."""
        wa, wb, sa, sb, fresh = core
        nets = (self.net(0, wa, sa, fresh), self.net(1, wb, sb, fresh))
        chooser = self.settings.damage_ability_chooser
        now = [0.0] * (_VALUES - 1) + [1.0]  # + this round
        leads: list[_Lead] = []
        for side, level, p in self.outcomes(*nets):
            tracks = [wa, wb]
            scratches = [0, 0]
            if side is not None:
                now[4 + side] += p
                attacker = self.fighters[1 - side]
                ability = self.fighters[side].attacks if chooser == "defender" else attacker.attacks
                tracks[side], scratches[side] = self.place(tracks[side], level, ability)
            end, maimed = self.fate(tracks[0], tracks[1])
            if end is None:
                core_ = (tracks[0], tracks[1], scratches[0], scratches[1], False)
                leads.append((p, core_, maimed))
            else:
                now[end] += p
        return tuple(now), leads  # type: ignore[return-value]

    # ------------------------------------------------------------------ solving

    def level(self, core: _Core) -> tuple[int, int, int]:
        """How far into the fight ``core`` is: the filled levels on both tracks, the
        wounds as the chain keys them, the sum of their levels. A round that changes a
        track raises it (a level filled; or a repeat kept; or, at :data:`STACK_CAP`, a
        repeat kept at a higher level than the one :func:`_canonical` drops for it); one
        that does not leaves it as it was."""
        a, b = self.depths[core[0]], self.depths[core[1]]
        return a[0] + b[0], a[1] + b[1], a[2] + b[2]

    def explore(
        self, root: _Core, pools: _Pools
    ) -> tuple[dict[_Core, tuple[_Values, list[_Lead]]], dict[_Core, _Solved], int]:
        """Every core the fight can reach from ``root``, with its round; the cores it
        reaches only to end there for want of pay (zero grids: a round that lands on
        one finds the pay short there, and the end replaces what it reads); and the
        number of grid points to solve.

        A core is reached with at least some rounds' pay spent from each pool; once a
        maimed side could not pay even then, the core is an end, not explored further.
        Those fewest rounds are found level by level (:meth:`level`), since a round that
        changes a track raises it and one that does not stays on it."""
        cores: dict[_Core, tuple[_Values, list[_Lead]]] = {}
        values: dict[_Core, _Solved] = {}
        states = 0
        pending: dict[tuple[int, int, int], dict[_Core, tuple[int, int]]] = {
            self.level(root): {root: (0, 0)}
        }
        while pending:
            level = min(pending)
            spent = pending.pop(level)
            work = list(spent)
            while work:
                core = work.pop()
                flags = pools.flags(core)
                if pools.short(flags, spent[core]):
                    continue  # an end, unless fewer rounds' pay reach it later
                if core not in cores:
                    cores[core] = self.round(core)
                    states += pools.cells(core)
                    if states > MAX_STATES or len(cores) > MAX_CORES:
                        raise RuleError(
                            "fudge_conflict.odds_too_many_states",
                            "this fight has more than {states} states (or {cores} without "
                            "their pools) to solve; lower a yield level",
                            states=Number(MAX_STATES),
                            cores=Number(MAX_CORES),
                        )
                d_a, d_b = pools.shift(flags)
                after = (spent[core][0] + d_a, spent[core][1] + d_b)
                for _, nxt, _ in cores[core][1]:
                    size = self.level(nxt)
                    known = (spent if size == level else pending.setdefault(size, {})).get(nxt)
                    if known is not None and known[0] <= after[0] and known[1] <= after[1]:
                        continue
                    fewest = (
                        after
                        if known is None
                        else (min(known[0], after[0]), min(known[1], after[1]))
                    )
                    if size == level:
                        spent[nxt] = fewest
                        work.append(nxt)
                    else:
                        pending[size][nxt] = fewest
            for core in spent:
                if core not in cores:  # ends before its round, for want of pay
                    values[core] = _as_grid(np.zeros((*pools.shape(pools.flags(core)), _VALUES)))
        return cores, values, states

    def solve(self, start: _State) -> tuple[list[float], int]:
        """The value vector of ``start`` and the number of states the chain has."""
        wa, wb, sa, sb, pa, pb, fresh = start
        first_end = self.ending(wa, wb, pa, pb)
        if first_end is not None:
            ended = [0.0] * _VALUES
            ended[first_end] = 1.0
            return ended, 1
        pools = _Pools(self, pa, pb)
        root: _Core = (wa, wb, sa, sb, fresh)
        cores, values, states = self.explore(root, pools)
        pools.cores, pools.values = cores, values
        groups: dict[tuple[int, int, bool], list[_Core]] = {}
        for core in cores:
            groups.setdefault((core[0], core[1], core[4]), []).append(core)

        def order(key: tuple[int, int, bool]) -> tuple[bool, int, int, int]:
            # A round that changes the tracks goes further into the fight: solved first.
            filled, wounds, weight = self.level((key[0], key[1], 0, 0, key[2]))
            return key[2], -filled, -wounds, -weight

        for key in sorted(groups, key=order):
            members = groups[key]
            values.update(zip(members, pools.solve_group(members), strict=True))
        return list(_at_start(values[root])), states


class _Pools:
    """The pools' part of the chain: every core's values on a grid of pool points.

    A side's pool is spent only while it is maimed (DK-R33), and a maimed side stays
    maimed, so a core's pools are those the fight began with on every axis no maimed
    side spends from; on an axis one does, index ``i`` is the pool after ``i`` rounds'
    pay (``start − i · cost``). A round from a core moves every grid point by the same
    pay, so each core's values are solved as one array over its grid, a few numpy
    calls for a whole group of cores instead of one step per state.
    """

    def __init__(self, chain: _Chain, pa: int, pb: int) -> None:
        self.chain = chain
        self.cost = cost = chain.settings.maimed_act_cost
        self.table = chain.table
        self.start = (pa, pb)
        self.counted = (cost > 0 and pa != _DEEP, cost > 0 and pb != _DEEP and not self.table)
        self.sizes = tuple(
            start // cost + 1 if counted else 1
            for start, counted in zip(self.start, self.counted, strict=True)
        )
        self._maps: dict[tuple[tuple[bool, bool], tuple[bool, bool]], _Map] = {}
        self._slices: dict[tuple[bool, bool], list[tuple[tuple[slice | int, ...], _Map]]] = {}
        self.ends = np.eye(_VALUES)
        self.ends_at = [tuple(row) for row in self.ends.tolist()]
        self._codes: dict[tuple[tuple[bool, bool], tuple[bool, bool]], int] = {}
        self.cores: dict[_Core, tuple[_Values, list[_Lead]]] = {}
        """Every core explored, with its round (set once the chain is explored)."""
        self.values: dict[_Core, _Solved] = {}
        """The values solved so far (and the grids of cores that only end)."""

    def flags(self, core: _Core) -> tuple[bool, bool]:
        return self.chain.fate(core[0], core[1])[1]

    def shape(self, flags: tuple[bool, bool]) -> tuple[int, int]:
        """The grid of a core whose sides are maimed as ``flags`` say."""
        spends_a = flags[0] or (self.table and flags[1])
        return (
            self.sizes[0] if self.counted[0] and spends_a else 1,
            self.sizes[1] if self.counted[1] and flags[1] else 1,
        )

    def shift(self, flags: tuple[bool, bool]) -> tuple[int, int]:
        """How many grid steps one round's pay moves each axis (DK-R33: a maimed side
        pays to act; with one table pool it pays for both maimed sides)."""
        if self.table:
            return (int(flags[0]) + int(flags[1]) if self.counted[0] else 0, 0)
        return (int(self.counted[0] and flags[0]), int(self.counted[1] and flags[1]))

    def short(self, flags: tuple[bool, bool], spent: tuple[int, int]) -> bool:
        """Whether a core maimed as ``flags`` cannot pay for its round once ``spent``
        rounds' pay has gone from each pool (nor with more: pools only shrink)."""
        if not (flags[0] or flags[1]):
            return False
        cost = self.cost
        pool_a, pool_b = (
            start - cost * rounds if counted else _DEEP
            for start, counted, rounds in zip(self.start, self.counted, spent, strict=True)
        )
        if self.table:
            return bool(
                (flags[0] and pool_a < cost) or (flags[1] and pool_a < cost * (1 + flags[0]))
            )
        return bool((flags[0] and pool_a < cost) or (flags[1] and pool_b < cost))

    def cells(self, core: _Core) -> int:
        rows, columns = self.shape(self.flags(core))
        return rows * columns

    def moves(self, flags: tuple[bool, bool], after: tuple[bool, bool]) -> _Map:
        """For a core maimed as ``flags`` moving to one maimed as ``after``: the grid
        point reached from each of its own (rows, columns) and the end met there instead,
        as :meth:`_Chain.ending` checks the pay (0: none; 1 or 3: that side gives up)."""
        key = (flags, after)
        found = self._maps.get(key)
        if found is not None:
            return found
        rows, columns = self.shape(flags)
        d_a, d_b = self.shift(flags)
        to_rows, to_columns = self.shape(after)
        j_a = np.arange(rows)[:, None] + d_a + np.zeros((1, columns), dtype=int)
        j_b = np.arange(columns)[None, :] + d_b + np.zeros((rows, 1), dtype=int)
        cost = self.cost
        pool_a = self.start[0] - cost * j_a if self.counted[0] else np.full(j_a.shape, _DEEP)
        pool_b = self.start[1] - cost * j_b if self.counted[1] else np.full(j_b.shape, _DEEP)
        if self.table:
            short_a = after[0] & (pool_a < cost)
            short_b = after[1] & (pool_a < cost * (1 + int(after[0])))
        else:
            short_a = after[0] & (pool_a < cost)
            short_b = after[1] & (pool_b < cost)
        code = np.where(short_a, 1, np.where(short_b, 3, 0))
        # A point past the grid's edge is always short of pay: what is read at the edge
        # instead is replaced by the end.
        found = self._maps[key] = _Map.of(
            np.minimum(j_a, to_rows - 1), np.minimum(j_b, to_columns - 1), code, self.ends
        )
        return found

    def slices(self, flags: tuple[bool, bool]) -> list[tuple[tuple[slice | int, ...], _Map]]:
        """A paying group's own grid, one slice along a paying axis at a time from its far
        end: (the slice, where a round from it lands within the group)."""
        found = self._slices.get(flags)
        if found is None:
            whole = self.moves(flags, flags)
            axis = 1 if self.shift(flags)[0] else 2
            found = []
            for at in reversed(range(self.shape(flags)[axis - 1])):
                cut: tuple[slice | int, ...] = (at,) if axis == 1 else (slice(None), at)
                # The slice kept two-dimensional, so it is read like a whole grid.
                keep = (None, slice(None)) if axis == 1 else (slice(None), None)
                rows, columns, code = (
                    whole.rows[cut][keep],
                    whole.columns[cut][keep],
                    whole.code[cut][keep],
                )
                found.append(((slice(None), *cut), _Map.of(rows, columns, code, self.ends)))
            self._slices[flags] = found
        return found

    def point_code(self, flags: tuple[bool, bool], after: tuple[bool, bool]) -> int:
        """:meth:`moves`' end code for a core on one grid point (0: the round is paid)."""
        key = (flags, after)
        code = self._codes.get(key)
        if code is None:
            code = self._codes[key] = int(self.moves(flags, after).code[0, 0])
        return code

    def solve_group(self, members: list[_Core]) -> list[_Solved]:
        """The values of cores that share their tracks (they differ in scratch dice): a
        round either moves to a core already solved (a wound more) or within the group.

        A group on one grid point (no side of it pays) is solved in plain Python, as
        small as it is (most groups of most fights); a group on a grid, with numpy."""
        flags = self.flags(members[0])
        if self.shape(flags) == (1, 1):
            return self._solve_point(members, flags)
        return self._solve_grid(members, flags)

    def _solve_point(self, members: list[_Core], flags: tuple[bool, bool]) -> list[_Solved]:
        cores, values = self.cores, self.values
        size = len(members)
        index = {core: i for i, core in enumerate(members)}
        matrix = [[float(i == j) for j in range(size)] for i in range(size)]
        rhs: list[_Values] = []
        for i, core in enumerate(members):
            now, leads = cores[core]
            # The seven values, written out: this loop runs once per move of the chain.
            v0, v1, v2, v3, v4, v5, v6 = now
            for p, nxt, after in leads:
                j = index.get(nxt)
                if j is not None:
                    matrix[i][j] -= p
                    continue
                code = self.point_code(flags, after) if after != flags else 0
                if code:  # the pay runs out: that side gives up
                    k0, k1, k2, k3, k4, k5, k6 = self.ends_at[code]
                else:
                    k0, k1, k2, k3, k4, k5, k6 = _at_start(values[nxt])
                v0 += p * k0
                v1 += p * k1
                v2 += p * k2
                v3 += p * k3
                v4 += p * k4
                v5 += p * k5
                v6 += p * k6
            rhs.append((v0, v1, v2, v3, v4, v5, v6))
        if size == 1 and matrix[0][0] == 1.0:
            return list(rhs)
        return list(_solve(matrix, rhs))

    def _solve_grid(self, members: list[_Core], flags: tuple[bool, bool]) -> list[_Solved]:
        cores, values = self.cores, self.values
        rows, columns = self.shape(flags)
        size = len(members)
        index = {core: i for i, core in enumerate(members)}
        rhs = np.empty((size, rows, columns, _VALUES))
        within = np.zeros((size, size))
        outside: dict[tuple[bool, bool], tuple[list[tuple[int, int, float]], list[_Core]]] = {}
        for i, core in enumerate(members):
            now, leads = cores[core]
            rhs[i] = now
            for p, nxt, after in leads:
                j = index.get(nxt)
                if j is not None:
                    within[i, j] += p
                else:
                    bucket = outside.setdefault(after, ([], []))
                    bucket[0].append((i, len(bucket[1]), p))
                    bucket[1].append(nxt)
        for after, (weights, targets) in outside.items():
            stacked = np.stack([_as_grid(values[t]) for t in targets])
            reached = self.moves(flags, after).read(stacked)
            mix = np.zeros((size, len(targets)))
            for i, k, p in weights:
                mix[i, k] += p
            rhs += (mix @ reached.reshape(len(targets), -1)).reshape(rhs.shape)
        if not within.any():
            return list(rhs)
        # A group on a grid pays every round, so a round within it moves to a later grid
        # point: solve along a paying axis from its far end, one slice at a time.
        result = np.zeros_like(rhs)
        for cut, lands in self.slices(flags):
            reached = lands.read(result).reshape(size, -1)
            result[cut] = rhs[cut] + (within @ reached).reshape(rhs[cut].shape)
        return list(result)


@dataclass(frozen=True, slots=True)
class _Map:
    """Where one round from each point of a grid lands: the point on the next core's
    grid (``rows``, ``columns``), and the end met instead where the pay runs out
    (``code``: 0 none, 1 or 3 that side gives up; ``short`` and ``ends`` the same, ready
    to write over what is read)."""

    rows: np.ndarray
    columns: np.ndarray
    code: np.ndarray
    short: np.ndarray | None
    ends: np.ndarray | None

    @classmethod
    def of(cls, rows: np.ndarray, columns: np.ndarray, code: np.ndarray, ends: np.ndarray) -> _Map:
        short = code > 0
        if not short.any():
            return cls(rows, columns, code, None, None)
        return cls(rows, columns, code, short, ends[code[short]])

    def read(self, stacked: np.ndarray) -> np.ndarray:
        """``stacked`` (cores × grid × values) read where the round lands."""
        reached = stacked[:, self.rows, self.columns, :]
        if self.short is not None:
            reached[:, self.short, :] = self.ends
        return reached


_Solved = tuple[float, float, float, float, float, float, float] | np.ndarray
"""A core's solved values: a tuple for a core on one grid point, else its grid's array
(rows × columns × values)."""


def _at_start(solved: _Solved) -> _Values:
    """The values at the grid point the pools began with."""
    if isinstance(solved, np.ndarray):
        return tuple(solved[0, 0].tolist())
    return solved


def _as_grid(solved: _Solved) -> np.ndarray:
    """The values as a grid (rows × columns × values)."""
    if isinstance(solved, np.ndarray):
        return solved
    return np.array(solved).reshape(1, 1, _VALUES)


def _solve(matrix: list[list[float]], rhs: list[_Values]) -> list[_Values]:
    """Solve ``matrix · x = rhs`` for one group of states (``matrix`` is changed).

    ``matrix`` is ``I − Q`` for a substochastic ``Q``, so it is diagonally dominant and
    Gaussian elimination needs no pivoting; a group is a handful of states, where plain
    Python beats numpy's per-call cost. A zero pivot means no round can leave the group.
    """
    size = len(matrix)
    a = matrix
    b = [list(row) for row in rhs]
    for k in range(size):
        pivot = a[k][k]
        if pivot < 1e-13:
            raise RuleError(
                "fudge_conflict.odds_never_ends",
                "under these settings no round can change this fight, so it never ends "
                "(no hit can move either side's damage track any further)",
            )
        for i in range(k + 1, size):
            factor = a[i][k] / pivot
            if factor:
                for j in range(k, size):
                    a[i][j] -= factor * a[k][j]
                b[i] = [x - factor * y for x, y in zip(b[i], b[k], strict=True)]
    solved: list[_Values] = list(rhs)
    for k in reversed(range(size)):
        known = b[k]
        for j in range(k + 1, size):
            if a[k][j]:
                known = [x - a[k][j] * y for x, y in zip(known, b[j], strict=True)]
        b[k] = [x / a[k][k] for x in known]
        solved[k] = tuple(b[k])  # type: ignore[assignment]
    return solved


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
        raise RuleError(
            "fudge_conflict.odds_fight_self",
            "{name} cannot fight themselves",
            name=first.character.name,
        )
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
    return station_state(settings)


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
        msg(
            "fudge_conflict.odds.question.shootout",
            "Letting it hurt: Mr. Burke (shoot 2) against the guard (shoot 1), fresh tracks, "
            "how it ends, by the level at which Burke gives up (7: fights on)",
        ),
        msg("fudge_conflict.odds.size.yield_level", "Burke's yield level"),
        tuple(range(1, 8)),
        1,
        DEFEAT,
        _shootout,
        ("lih_tie_rule", "damage_bump", "penalty_keep_mode", "success_level_min"),
    ),
}
"""The Let It Hurt questions, asked of the example's cast (joined to
:data:`~isowidgets.rules.fudge_conflict.odds.QUESTIONS` by the game)."""
