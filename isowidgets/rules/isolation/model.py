"""Isolation's state: characters, the relationship map, stress, the conflict in progress.

Every value here is a frozen dataclass, and every change is made by folding a
journal event into the state (see :mod:`fold <.isolation.fold>`). Identifiers come from counters
kept in the state, so replaying a journal gives every link and character the
same id again.

Don't confuse a :class:`Link` (one edge of the multigraph, permanent when
labeled) with a *pair* (two characters, which may share many links).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Literal, TypeAlias

from ...checks import shown
from ...dice import PoolRoll
from ...errors import RuleError
from ...words import Listing, Message, Ref, msg, render
from .settings import IsolationSettings

__all__ = [
    "COLOURS",
    "GM",
    "HEALTH_LADDER",
    "STANCES",
    "Character",
    "Colour",
    "Conflict",
    "Degree",
    "ExplainedPool",
    "ExplainedStance",
    "Explanation",
    "Factors",
    "FirstReading",
    "Health",
    "IsolationState",
    "Kind",
    "Link",
    "Mode",
    "Origin",
    "PPReading",
    "PairRoll",
    "PendingGreens",
    "Resolution",
    "RollRecord",
    "Stance",
    "colour_words",
    "degree_words",
    "health_words",
    "pair_key",
    "stance_words",
]

Colour: TypeAlias = Literal["red", "green"]
Kind: TypeAlias = Literal["PC", "boat_NPC"]
Health: TypeAlias = Literal["Healthy", "Injured", "Dying", "Dead"]
Stance: TypeAlias = Literal["Cooperative", "Neutral", "Hostile"]
Mode: TypeAlias = Literal["persuade_all", "subset", "alone", "direct"]
Origin: TypeAlias = Literal[
    "descriptor",
    "bias",
    "goal",
    "session",
    "injury:Injured",
    "injury:Dying",
    "temporary",
    "death",
]
Degree: TypeAlias = Literal[
    "Complete Success",
    "Basic Success",
    "Partial Success",
    "Partial Failure",
    "Basic Failure",
    "Complete Failure",
]

COLOURS: tuple[Colour, ...] = ("green", "red")
STANCES: tuple[Stance, ...] = ("Cooperative", "Neutral", "Hostile")
"""From most to least helpful; a stance may only move rightwards (ISO-R14)."""
HEALTH_LADDER: tuple[Health, ...] = ("Healthy", "Injured", "Dying", "Dead")
GM = "GM"
"""The roller name of the Game Master's red pool (never a character id)."""


def pair_key(a: str, b: str) -> tuple[str, str]:
    """The undirected pair {a, b} in a canonical order (A–B is B–A, ISO-R07)."""
    return (a, b) if a <= b else (b, a)


def slug(name: str) -> str:
    """A readable id from a name: ``"Eve O'Neil Moss"`` → ``"eve-o-neil-moss"``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


# --------------------------------------------------------------------------- characters


@dataclass(frozen=True, slots=True)
class Character:
    """A character with stats: a PC or an NPC "in the same boat" (ISO-R05).

    Other NPCs have no stats at all and never appear here; they act only
    through the GM's Difficulty.

    Attributes:
        injury_sets: health levels whose set of injury links (ISO-R40) the
            character picked up and has not yet cleared by recovery (ISO-R46).
        late: added after play began (ISO-R06).
    """

    id: str
    name: str
    kind: Kind = "PC"
    profession: str = ""
    positive: tuple[str, ...] = ()
    negative: tuple[str, ...] = ()
    bias: str = ""
    goal: str = ""
    health: Health = "Healthy"
    injury_sets: tuple[Literal["Injured", "Dying"], ...] = ()
    late: bool = False

    @property
    def alive(self) -> bool:
        return self.health != "Dead"

    @property
    def descriptors(self) -> tuple[str, ...]:
        return self.positive + self.negative


# --------------------------------------------------------------------------- links


@dataclass(frozen=True, slots=True)
class Link:
    """One undirected red or green link between two characters (ISO-R07).

    Attributes:
        id: ``"L<n>"`` from the state's counter.
        a, b: the pair, ``a < b``.
        labeled: permanent when true; unlabeled links are temporary and cancel
            against the opposite colour (ISO-R33).
        subject: the character the link is about when that matters: the bias
            holder of a bias link, the injured character of an injury link.
        serial: creation order (the counter value); ``session``: the session
            number it was created in.
    """

    id: str
    a: str
    b: str
    colour: Colour
    labeled: bool
    label: str
    origin: Origin
    subject: str | None = None
    serial: int = 0
    session: int = 1

    def touches(self, character: str) -> bool:
        return character in (self.a, self.b)

    def other(self, character: str) -> str:
        return self.b if character == self.a else self.a

    @property
    def pair(self) -> tuple[str, str]:
        return (self.a, self.b)

    @property
    def injury_level(self) -> Literal["Injured", "Dying"] | None:
        if self.origin == "injury:Injured":
            return "Injured"
        if self.origin == "injury:Dying":
            return "Dying"
        return None

    def message(self, names: Mapping[str, str] | None = None) -> Message:
        """``red labeled link “Arrogant / Vain” between bob and eve``, as a message whose
        ends are :class:`~.Ref` s: a view that knows the table's names
        writes them, else ``names`` (character id → name, e.g. an event's) or the id. The
        link's id (``L4``) is for code, never said: the label and the two ends tell a
        link apart at the table."""
        a, b = (Ref(x, (names or {}).get(x, x)) for x in (self.a, self.b))
        colour = colour_words(self.colour)
        if self.labeled:
            return msg(
                "isolation.link_labeled",
                "{colour} labeled link “{label}” between {a} and {b}",
                colour=colour,
                label=self.label,
                a=a,
                b=b,
            )
        return msg(
            "isolation.link_unlabeled",
            "{colour} unlabeled link between {a} and {b}",
            colour=colour,
            a=a,
            b=b,
        )

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        """:meth:`message` in English: ``red labeled link “Arrogant / Vain” between bob
        and eve``; with ``names`` (character id → name) the characters are named."""
        return render(self.message(names))


def colour_words(colour: Colour) -> Message:
    """A link's or a pool's colour in words."""
    if colour == "green":
        return msg("isolation.green", "green")
    return msg("isolation.red", "red")


def degree_words(degree: Degree) -> Message:
    """A degree of success in words (the log's, the recap's, the replay's and the stream's:
    one catalogue entry each, with its Danish in the stream's catalogue)."""
    return {
        "Complete Success": msg("stream.isolation.complete_success", "Complete Success"),
        "Basic Success": msg("stream.isolation.basic_success", "Basic Success"),
        "Partial Success": msg("stream.isolation.partial_success", "Partial Success"),
        "Partial Failure": msg("stream.isolation.partial_failure", "Partial Failure"),
        "Basic Failure": msg("stream.isolation.basic_failure", "Basic Failure"),
        "Complete Failure": msg("stream.isolation.complete_failure", "Complete Failure"),
    }[degree]


def health_words(health: Health) -> Message:
    """A health level in words."""
    return {
        "Healthy": msg("stream.isolation.healthy", "Healthy"),
        "Injured": msg("stream.isolation.injured", "Injured"),
        "Dying": msg("stream.isolation.dying", "Dying"),
        "Dead": msg("stream.isolation.dead", "Dead"),
    }[health]


def stance_words(stance: Stance) -> Message:
    """A stance in words (the log's and the map's)."""
    return {
        "Cooperative": msg("stream.isolation.role_cooperative", "Cooperative"),
        "Neutral": msg("stream.isolation.role_neutral", "Neutral"),
        "Hostile": msg("stream.isolation.role_hostile", "Hostile"),
    }[stance]


# --------------------------------------------------------------------------- conflicts


@dataclass(frozen=True, slots=True)
class Factors:
    """What the table judged about one character's relation to the proposed action.

    These are judgements, not dice; :func:`~.conflict.pool_plan` turns them
    into dice under the current settings (ISO-R18, ISO-R20, ISO-R43).

    Attributes:
        profession: the action relates to (AP) or falls within (PP) the
            character's Profession: +1 green.
        goal_for, bias_for: the action significantly relates to / aids the
            Goal or Bias: +1 green (at most one in all unless
            ``goal_bias_die_per_trait``, ISO-A09).
        goal_against, bias_against: the action goes against it: +1 red.
        roleplay: green dice for exceptional role-play (AP only, ISO-R18).
        relevant_links: ids of labeled links between this PP and the AP whose
            label is particularly relevant: +1 die of the link's colour each
            (ISO-R20, scope per ISO-A08).
        extra_green, extra_red: situational dice of a direct-action target
            (ISO-R43); not allowed for anybody else.
    """

    character: str
    profession: bool = False
    goal_for: bool = False
    goal_against: bool = False
    bias_for: bool = False
    bias_against: bool = False
    roleplay: int = 0
    relevant_links: tuple[str, ...] = ()
    extra_green: int = 0
    extra_red: int = 0

    @property
    def empty(self) -> bool:
        return self == Factors(self.character)


@dataclass(frozen=True, slots=True)
class RollRecord:
    """One rolled pool in a conflict: who rolled it, which colour, the dice."""

    who: str
    colour: Colour
    roll: PoolRoll


@dataclass(frozen=True, slots=True)
class PPReading:
    """The first interpretation for one Passive Player (ISO-R24, ISO-R25, ISO-R14).

    Attributes:
        evens: ``PP_evens`` = evens(green) − odds(red); may be negative.
        net: ``PP_evens − AP_odds``.
        rolled: the stance the net gives.
        allowed: the stances the PP may choose (downgrades of ``rolled``, or all
            three under the zero-red-links exception).
        free: true when the zero-red-links exception applied (ISO-A07).
    """

    character: str
    green_evens: int
    red_odds: int
    evens: int
    net: int
    rolled: Stance
    allowed: tuple[Stance, ...]
    free: bool
    declared_hostile: bool = False


@dataclass(frozen=True, slots=True)
class FirstReading:
    """The first interpretation: ``AP_odds`` and every PP's reading (ISO-R23..R25)."""

    ap_green_evens: int
    ap_red_odds: int
    ap_odds: int
    readings: tuple[PPReading, ...]

    def reading(self, character: str) -> PPReading:
        for item in self.readings:
            if item.character == character:
                return item
        raise RuleError(
            "isolation.not_a_pp",
            "{character} is not a Passive Player of this conflict",
            character=shown(character),
        )


@dataclass(frozen=True, slots=True)
class Resolution:
    """The second interpretation (ISO-R29..R31) or an automatic result (ISO-R37)."""

    degree: Degree
    margin: int | None
    team_evens: int
    pooled_evens: int
    cancelling_odds: int
    opposition_odds: int
    automatic: bool = False
    wounds: int = 0


@dataclass(frozen=True, slots=True)
class ExplainedPool:
    """One pool in an explanation: where its dice came from and how it read.

    Attributes:
        sources: one line per source, e.g. ``"2 green links with Alice (ISO-R17)"``.
        reading: ``"3 evens"`` or ``"4 odds"``; ``used``: what the pool did in
            the second interpretation (pooled, cancelled, not used).
    """

    who: str
    colour: Colour
    role: str
    count: int
    sources: tuple[str, ...]
    faces: str
    reading: str
    used: str


@dataclass(frozen=True, slots=True)
class ExplainedStance:
    """One Passive Player's stance: the arithmetic, what it allowed, what was chosen, why."""

    character: str
    net: int | None
    rolled: Stance
    allowed: tuple[Stance, ...]
    chosen: Stance | None
    why: str


@dataclass(frozen=True, slots=True)
class Explanation:
    """A resolution, broken down for a log line or a widget panel.

    ``steps`` is the arithmetic in order (first interpretation, pooling,
    cancellation, the opposing roll, margin and degree), one readable line each;
    :meth:`lines` adds the pools and stances around them.
    """

    number: int
    mode: Mode
    degree: Degree
    margin: int | None
    team_evens: int
    opposition_odds: int
    pools: tuple[ExplainedPool, ...]
    stances: tuple[ExplainedStance, ...]
    steps: tuple[str, ...]
    names: tuple[tuple[str, str], ...] = ()
    """Character id → name for everyone taking part, as they were called at resolution
    (explanations journaled before names were kept have none: :meth:`lines` shows ids)."""

    def name_of(self, who: str) -> str:
        """``who`` as the table calls them (the id when the explanation has no names)."""
        return dict(self.names).get(who, who)

    def lines(self) -> list[str]:
        out = [f"Conflict {self.number} ({self.mode.replace('_', ' ')}): {self.degree}"]
        for pool in self.pools:
            sources = "; ".join(pool.sources) or "no dice"
            out.append(
                f"  {self.name_of(pool.who)} {pool.colour} ({pool.role}): {_dice(pool.count)} = "
                f"{sources} → [{pool.faces or '—'}] {pool.reading}; {pool.used}"
            )
        for stance in self.stances:
            net = f"net {stance.net:+d}, " if stance.net is not None else ""
            out.append(
                f"  {self.name_of(stance.character)}: {net}rolled {stance.rolled}, allowed "
                f"{'/'.join(stance.allowed)}, chose {stance.chosen or '—'} ({stance.why})"
            )
        out.extend(f"  {step}" for step in self.steps)
        return out

    def text(self) -> str:
        return "\n".join(self.lines())


@dataclass(frozen=True, slots=True)
class Conflict:
    """The conflict in progress; it lives in the state so a replay resumes mid-conflict.

    Attributes:
        number: 1, 2, … in the session's order.
        pps: the Passive Players (ISO-R16).
        defaulted: characters declared Neutral by default, who may downgrade
            (ISO-R41); in ``alone`` mode every other living character, who may
            volunteer to be Hostile (ISO-R42).
        target: the character acted against (``direct`` mode, ISO-R43).
        difficulty: 1–6 (T-ISO-1); ``None`` until set.
        automatic: Stress 0 with nothing threatening: no rolls (ISO-R37).
        declared_hostile: PPs who chose Hostile without rolling (ISO-R13).
        stances: the stances chosen so far, in order.
        wounds_left: wounds still to distribute after resolution (ISO-R39).
        wound_pool: who may still take them.
    """

    number: int
    ap: str
    action: str
    mode: Mode
    pps: tuple[str, ...]
    defaulted: tuple[str, ...] = ()
    target: str | None = None
    physical: bool = False
    automatic: bool = False
    difficulty: int | None = None
    factors: tuple[Factors, ...] = ()
    declared_hostile: tuple[str, ...] = ()
    rolls: tuple[RollRecord, ...] = ()
    first: FirstReading | None = None
    stances: tuple[tuple[str, Stance], ...] = ()
    downgraded: tuple[str, ...] = ()
    resolution: Resolution | None = None
    wounds_left: int = 0
    wound_pool: tuple[str, ...] = ()
    wounds_dealt: tuple[tuple[str, int], ...] = ()
    explanation: Explanation | None = None
    closed: bool = False

    def factors_of(self, character: str) -> Factors:
        for item in self.factors:
            if item.character == character:
                return item
        return Factors(character)

    def roll_of(self, who: str, colour: Colour) -> PoolRoll | None:
        for record in self.rolls:
            if record.who == who and record.colour == colour:
                return record.roll
        return None

    def stance_of(self, character: str) -> Stance | None:
        for who, stance in self.stances:
            if who == character:
                return stance
        return None

    @property
    def alone(self) -> bool:
        """Going alone, or acting directly against a character alone (ISO-R42, ISO-A28)."""
        return not self.pps and self.mode in ("alone", "direct")

    @property
    def all_stances_chosen(self) -> bool:
        return all(self.stance_of(pp) is not None for pp in self.pps)


@dataclass(frozen=True, slots=True)
class PendingGreens:
    """Green links from a death still to be placed by the GM (ISO-A24 ``gm_choice``)."""

    dead: str
    count: int


@dataclass(frozen=True, slots=True)
class PairRoll:
    """A session-end pair roll whose outcome is still to be chosen (ISO-R45)."""

    a: str
    b: str
    evens: int
    odds: int

    @property
    def winner(self) -> Literal["green", "red", "tie"]:
        if self.evens > self.odds:
            return "green"
        if self.odds > self.evens:
            return "red"
        return "tie"


def _dice(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


# --------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class IsolationState:
    """Everything an Isolation session is, at one moment.

    Attributes:
        characters: characters with stats, in the order they were added.
        links: the relationship map, in creation order.
        stress: the current Stress Level; ``stress_history`` holds
            ``(value, reason)`` for every change, starting value first.
        session: the session number (1-based); ``interlude`` is true between
            :func:`~.sessions.end_session` and the next :func:`~.sessions.begin_session`.
        threat: the GM marked something threatening right now (ISO-R37).
        conflict: the conflict in progress, if any; ``last_conflict`` the most
            recently closed one (for explanations).
        pending_greens: death greens waiting for the GM to place them.
        pair_roll: a pair roll waiting for its outcome; ``pairs_rolled``: pairs
            that already rolled in this window; ``injury_window``: characters
            whose pairs may roll after an injury (ISO-A16).
    """

    settings: IsolationSettings
    characters: tuple[Character, ...] = ()
    links: tuple[Link, ...] = ()
    stress: int = 1
    stress_history: tuple[tuple[int, str], ...] = ()
    session: int = 1
    interlude: bool = False
    play_started: bool = False
    threat: bool = False
    conflict: Conflict | None = None
    last_conflict: Conflict | None = None
    conflicts_held: int = 0
    next_link: int = 1
    pending_greens: tuple[PendingGreens, ...] = ()
    pair_roll: PairRoll | None = None
    pairs_rolled: tuple[tuple[str, str], ...] = ()
    injury_window: tuple[str, ...] = ()

    @classmethod
    def fresh(cls, settings: IsolationSettings) -> IsolationState:
        """The state a session starts from under ``settings``: nobody yet, the Stress
        Level at ``stress_start``."""
        return cls(
            settings=settings,
            stress=settings.stress_start,
            stress_history=((settings.stress_start, "scenario start"),),
        )

    # ------------------------------------------------------------------ characters

    def character(self, character_id: str) -> Character:
        """The character with this id, or a RuleError listing the ids there are."""
        if isinstance(character_id, str):  # never compare a foreign type: its __eq__ may raise
            for found in self.characters:
                if found.id == character_id:
                    return found
        known: Listing | Message = (
            Listing.of((c.id for c in self.characters), "unit")
            if self.characters
            else msg("isolation.no_characters_yet", "none yet")
        )
        raise RuleError(
            "isolation.no_such_character",
            "there is no character {character_id}; the characters are: {known}. Tip: use the id "
            "add_character returned (a lower-case slug of the name).",
            character_id=shown(character_id),
            known=known,
        )

    def has_character(self, character_id: str) -> bool:
        return any(c.id == character_id for c in self.characters)

    @property
    def living(self) -> tuple[Character, ...]:
        """Characters who are not Dead (Dying ones included, ISO-R28)."""
        return tuple(c for c in self.characters if c.alive)

    def living_count(self) -> int:
        """ "Living Characters" for the GM pool, per ``living_includes_dying`` (ISO-A11)."""
        if self.settings.living_includes_dying:
            return len(self.living)
        return sum(1 for c in self.characters if c.health in ("Healthy", "Injured"))

    def living_pairs(self) -> list[tuple[str, str]]:
        ids = [c.id for c in self.living]
        return [pair_key(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]

    # ------------------------------------------------------------------ links

    def link(self, link_id: str) -> Link:
        if isinstance(link_id, str):  # never compare a foreign type: its __eq__ may raise
            for item in self.links:
                if item.id == link_id:
                    return item
        raise RuleError(
            "isolation.no_such_link",
            "there is no link {link_id}. Tip: link ids look like 'L7'; links_between(a, b) lists "
            "a pair's links.",
            link_id=shown(link_id),
        )

    def links_between(self, a: str, b: str) -> tuple[Link, ...]:
        key = pair_key(a, b)
        return tuple(item for item in self.links if item.pair == key)

    def links_of(self, character: str) -> tuple[Link, ...]:
        return tuple(item for item in self.links if item.touches(character))

    def count(self, a: str, b: str, colour: Colour, *, labeled: bool | None = None) -> int:
        """How many links of ``colour`` join ``a`` and ``b`` (optionally only (un)labeled)."""
        return sum(
            1
            for item in self.links_between(a, b)
            if item.colour == colour and (labeled is None or item.labeled == labeled)
        )

    def injury_links(self, character: str, level: str) -> tuple[Link, ...]:
        """The injury links of ``level`` that ``character`` picked up (ISO-R40)."""
        origin = f"injury:{level}"
        return tuple(
            item for item in self.links if item.origin == origin and item.subject == character
        )

    def pairs(self) -> Iterator[tuple[tuple[str, str], tuple[Link, ...]]]:
        seen: dict[tuple[str, str], list[Link]] = {}
        for item in self.links:
            seen.setdefault(item.pair, []).append(item)
        for key, items in seen.items():
            yield key, tuple(items)


def ids(characters: Iterable[Character]) -> tuple[str, ...]:
    return tuple(c.id for c in characters)
