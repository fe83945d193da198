"""Argument values for the fuzz tier: valid ones read from the game, hostile ones from a list.

Hypothesis draws one number per call (:class:`Call`); this module turns it into a
method and its arguments *at the moment of the call*, from the parameters'
annotations and from what exists then: the ids and names in the state, what
``next_steps()`` offers, the words the docstrings quote, the objects of a
parameter's type that the state or the journal holds, the values that worked in
earlier calls. The same draw therefore names a character that exists now, and the
fuzzer needs to know no system.

A hostile value is one of :data:`NASTY` (``None``, huge and odd numbers, a megabyte
of text, lone surrogates, bytes, containers, an object whose ``__repr__`` and
``__eq__`` raise ...) or a value of the wrong type (an id where a number goes, a
number where an id goes).
"""

from __future__ import annotations

import collections.abc as abc
import copy
import dataclasses
import functools
import inspect
import math
import os
import random
import re
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

# --------------------------------------------------------------------------- draws


@dataclass(frozen=True, slots=True)
class Slot:
    """How one argument is filled, and a seed for the details.

    ``kind`` (0-19) 0-10 is a valid value for the parameter's type, 11-12 a value of
    another type, 13-15 a hostile constant, 16-19 leaves an optional parameter out
    (a required one gets a valid value).
    """

    kind: int
    seed: int

    KINDS: typing.ClassVar[int] = 20

    @property
    def valid(self) -> bool:
        return self.kind <= 10 or self.omit

    @property
    def wrong_type(self) -> bool:
        return self.kind in (11, 12)

    @property
    def omit(self) -> bool:
        return self.kind >= 16


@dataclass(frozen=True, slots=True)
class Call:
    """One call as hypothesis draws it: a single number (see :meth:`Context.resolve`).

    The number seeds everything else: which method (half the time one that
    ``next_steps()`` names, if any), how each parameter is filled (a
    :class:`Slot` each, in order) and how many keywords go to a ``**kwargs``
    parameter. Half the calls are clean (every argument valid or left out), so
    that calls act and the state moves on; the others mix in wrong types and
    hostile values. One draw a call keeps hypothesis's share of the time small.
    """

    seed: int

    def plan(self) -> tuple[int, tuple[Slot, ...], int]:
        """The method's number, the slots for the parameters, and how many keywords."""
        rng = random.Random(self.seed)
        method = rng.getrandbits(16)
        if rng.random() < 0.5:  # a clean call: every argument valid (or left out)
            kinds = [rng.choice((0, 16, 16)) for _ in range(6)]
            extra = rng.choice((0, 0, 1))
        else:
            kinds = [rng.randrange(Slot.KINDS) for _ in range(6)]
            extra = rng.randrange(4)
        return method, tuple(Slot(kind, rng.getrandbits(32)) for kind in kinds), extra


# --------------------------------------------------------------------------- showing values


def short(value: object, limit: int = 120) -> str:
    """``repr(value)`` for a repro line, cut before ``repr`` runs on anything large."""
    label = getattr(value, "fuzz_label", None)
    if isinstance(label, str):
        return label
    try:
        if isinstance(value, str | bytes | bytearray) and len(value) > limit:
            return f"{value[:20]!r}… ({len(value):,} long)"
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 400:
            return f"<{value.bit_length():,}-bit int>"
        if isinstance(value, list | tuple | set | frozenset | dict) and len(value) > 20:
            return f"<{type(value).__name__} of {len(value):,} items>"
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__} whose repr raises>"
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def shown_call(owner: str, name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> str:
    """``owner.name(arg, key=value)`` with every value shortened."""
    parts = [short(a) for a in args] + [f"{k}={short(v)}" for k, v in kwargs.items()]
    return f"{owner}.{name}({', '.join(parts)})"


# --------------------------------------------------------------------------- hostile values


class Boom:
    """An object every operation on which raises: repr, str, ==, hash, bool, len, iter."""

    fuzz_label = "Boom()"

    def _boom(self, *args: object) -> typing.NoReturn:
        raise RuntimeError("Boom: a hostile object was used")

    __repr__ = __str__ = __eq__ = __ne__ = __lt__ = __hash__ = __bool__ = _boom  # type: ignore[assignment]
    __len__ = __iter__ = __index__ = __int__ = __float__ = __format__ = _boom  # type: ignore[assignment]


class Labeled:
    """A hostile value built fresh for each call, shown by a short label."""

    def __init__(self, label: str, make: Callable[[], object]) -> None:
        self.label = label
        self.make = make

    def __repr__(self) -> str:
        return self.label


_MEGABYTE = "é" * 500_000  # one megabyte in UTF-8
_LONG = "x" * 100_000
_LONG_BLANK = " " * 100_000
_LONG_DIGITS = "9" * 5_000  # past int("...")'s 4300-digit limit

NASTY: tuple[Labeled, ...] = (
    Labeled("None", lambda: None),
    Labeled("-1", lambda: -1),
    Labeled("0", lambda: 0),
    Labeled("10**400", lambda: 10**400),
    Labeled("-10**400", lambda: -(10**400)),
    Labeled("10**5000", lambda: 10**5000),  # str() refuses ints past 4300 digits
    Labeled("2**63", lambda: 2**63),
    Labeled("1e308", lambda: 1e308),
    Labeled("inf", lambda: math.inf),
    Labeled("nan", lambda: math.nan),
    Labeled("2.5", lambda: 2.5),
    Labeled("True", lambda: True),
    Labeled("False", lambda: False),
    Labeled("''", lambda: ""),
    Labeled("'   '", lambda: "   "),
    Labeled("'\\n\\t'", lambda: "\n\t"),
    Labeled("'\\ud800'", lambda: "\ud800"),
    Labeled("'a\\udcffb'", lambda: "a\udcffb"),
    Labeled("'\\x00'", lambda: "\x00"),
    Labeled("'x' * 100_000", lambda: _LONG),
    Labeled("' ' * 100_000", lambda: _LONG_BLANK),
    Labeled("'9' * 5_000", lambda: _LONG_DIGITS),
    Labeled("'é' * 500_000 (1 MB)", lambda: _MEGABYTE),
    Labeled("b'\\xff\\xfe'", lambda: b"\xff\xfe"),
    Labeled("b'd6'", lambda: b"d6"),
    Labeled("bytearray(b'a')", lambda: bytearray(b"a")),
    Labeled("[]", lambda: []),
    Labeled("[None]", lambda: [None]),
    Labeled("[[[]]]", lambda: [[[]]]),
    Labeled("[1] * 100_000", lambda: [1] * 100_000),
    Labeled("{}", lambda: {}),
    Labeled("{'a': None}", lambda: {"a": None}),
    Labeled("{None: 1}", lambda: {None: 1}),
    Labeled("set()", lambda: set()),
    Labeled("frozenset({1})", lambda: frozenset({1})),
    Labeled("()", lambda: ()),
    Labeled("object()", lambda: object()),
    Labeled("Boom()", Boom),
    Labeled("iter(['a'])", lambda: iter(["a"])),
)

NASTY_TEXT = tuple(n for n in NASTY if isinstance(n.make(), str | bytes | bytearray))
"""The hostile values that are text (or bytes), for parameters that take text."""


# --------------------------------------------------------------------------- valid values

SMALL_INTS = (0, 1, 2, 3, 1, 2, 4, 5, 6, -1, -2, 7, 8, 10, 12, 20)
VOCABULARY = (
    "Alice",
    "Bob",
    "Cleo",
    "Kind",
    "Quick",
    "Rude",
    "Vain",
    "Job",
    "Bias",
    "Goal",
    "a reason",
    "It Is Dark",
    "GM",
    "world",
    "x",
)


def noop(*args: object, **kwargs: object) -> None:
    """A callback, a listener or a rule that does nothing."""


@dataclass(frozen=True)
class Pools:
    """What exists now, for valid values: read once per state (see :meth:`Context.pools`)."""

    ids: tuple[str, ...]
    """Strings held in an ``id`` (or ``*_id``) field: what id parameters take."""
    words: tuple[str, ...]
    """Every other short string in the state (names, labels, descriptors ...)."""
    suggested: tuple[str, ...]
    """The strings ``next_steps()`` returned (method names, who acts, options)."""
    by_step: Mapping[str, tuple[str, ...]]
    """For a method ``next_steps()`` names: the strings of the steps naming it."""
    objects: tuple[object, ...]
    """The dataclass and model instances found (for parameters of such types)."""


class Context:
    """Turns :class:`Call` draws into calls on one subject (a game, a dice object ...).

    Args:
        owner: how repro lines name the subject (``game``).
        methods: the public methods to call, by name, with their signatures and
            resolved annotations.
        read: returns a key that changes when the valid values do (compared item
            by item with ``is``), and a loader of what they are read from: the
            objects whose strings and instances count (the state, recent events
            ...) and what ``next_steps()`` suggests (method names and values).
        makers: builders of valid instances by type (``Pool``, ``Limits``...),
            for types no state holds.
        paths: file names a path parameter may take.
        words: more text a string parameter may take.
        keywords: more names a ``**kwargs`` parameter may take.
        by_name: builders of valid values by parameter name (``record``, ``clock``),
            for parameters whose annotation says too little.
        worked: values that were passed to a parameter in a call that acted, by
            method and parameter name (see :meth:`remember`); shared between the
            contexts of one subject, so what one example learns the next can use.
            A parameter typed ``Any`` (an Impact Difficulty) is hard to hit by
            chance, and easy once one call got it right.
    """

    def __init__(
        self,
        owner: str,
        methods: Mapping[str, Callable[..., Any]],
        read: Callable[
            [], tuple[tuple[object, ...], Callable[[], tuple[Sequence[object], Sequence[object]]]]
        ],
        *,
        makers: Mapping[type, Callable[[random.Random], object]] | None = None,
        paths: Sequence[str] = (),
        words: Sequence[str] = (),
        keywords: Sequence[str] = (),
        by_name: Mapping[str, Callable[[random.Random], object]] | None = None,
        worked: dict[tuple[str, str], list[object]] | None = None,
    ) -> None:
        self.owner = owner
        self.names = sorted(methods)
        self.functions = dict(methods)
        self.signatures = {n: _signature(f) for n, f in methods.items()}
        self.hints = {n: _hints(f) for n, f in methods.items()}
        self.docwords = {n: docwords_of(f) for n, f in methods.items()}
        self.read = read
        self.makers = dict(makers or {})
        self.paths = tuple(paths)
        self.extra_words = tuple(words)
        self.by_name = dict(by_name or {})
        self.worked = {} if worked is None else worked
        every = {p for s in self.signatures.values() for p in s.parameters}
        every |= {w for ws in self.docwords.values() for w in ws if w.isidentifier()}
        self.keywords = tuple(sorted(every | set(keywords)))
        self._pools: tuple[tuple[object, ...], Pools] | None = None

    # ------------------------------------------------------------------ what exists now

    def pools(self) -> Pools:
        """Words and objects found in what :attr:`read` returns (cached per state object)."""
        key, load = self.read()
        if self._pools is not None and _same_key(self._pools[0], key):
            return self._pools[1]
        holders, suggested = load()
        words: set[str] = set()
        ids: set[str] = set()
        objects: list[object] = []
        for holder in holders:
            _walk(holder, words, objects, ids)
        hinted: set[str] = set()
        by_step: dict[str, set[str]] = {}
        for item in suggested:
            found: set[str] = set()
            _walk(item, found, objects, ids)
            hinted |= found
            for name in found & set(self.functions):
                by_step.setdefault(name, set()).update(found - {name})
        pools = Pools(
            tuple(sorted(ids)),
            tuple(sorted(words - ids)),
            tuple(sorted(hinted)),
            {name: tuple(sorted(found)) for name, found in by_step.items()},
            tuple(objects),
        )
        self._pools = (key, pools)
        return pools

    # ------------------------------------------------------------------ resolving a draw

    def resolve(self, call: Call) -> tuple[str, list[Any], dict[str, Any]]:
        """The method name and the arguments a draw stands for, given what exists now."""
        pools = self.pools()
        method, slots, extra = call.plan()
        offered = [n for n in pools.suggested if n in self.functions]
        if method % 2 == 0 and offered:
            name = offered[(method // 2) % len(offered)]
        else:
            name = self.names[(method // 2) % len(self.names)]
        signature = self.signatures[name]
        hints = self.hints[name]
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        by_keyword = False
        for i, param in enumerate(signature.parameters.values()):
            slot = slots[i % len(slots)]
            rng = random.Random(slot.seed)
            annotation = hints.get(param.name, Any)
            optional = param.default is not inspect.Parameter.empty
            if param.kind is inspect.Parameter.VAR_POSITIONAL:
                args += [
                    self.value(annotation, slot, rng, name, param.name)
                    for _ in range(rng.randrange(3))
                ]
            elif param.kind is inspect.Parameter.VAR_KEYWORD:
                taken = set(signature.parameters)
                for _ in range(extra):
                    key = self.keyword(rng, name, taken)
                    kwargs[key] = self.value(Any, slot, rng, name, key)
                    slot = Slot(rng.randrange(Slot.KINDS), rng.getrandbits(32))
            elif optional and slot.omit:
                by_keyword = True
            elif param.kind is inspect.Parameter.KEYWORD_ONLY or (
                by_keyword and param.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
            ):
                kwargs[param.name] = self.value(annotation, slot, rng, name, param.name)
            else:
                args.append(self.value(annotation, slot, rng, name, param.name))
        return name, args, kwargs

    def remember(self, name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> None:
        """Keep the plain, small values of a call that acted, for :meth:`value`."""
        remember(self.worked, self.signatures[name], name, args, kwargs)

    def keyword(self, rng: random.Random, method: str, taken: set[str]) -> str:
        """A keyword for ``**kwargs``: mostly one the docstring or a signature names."""
        own = [w for w in self.docwords[method] if w.isidentifier() and w not in taken]
        learnt = sorted(k for m, k in self.worked if m == method and k not in taken)
        roll = rng.random()
        if learnt and roll < 0.3:
            return rng.choice(learnt)
        if own and roll < 0.6:
            return rng.choice(own)
        if roll < 0.9:
            choices = [k for k in self.keywords if k not in taken]
            return rng.choice(choices) if choices else "surprise"
        return rng.choice(("surprise", "", "\ud800", "x" * 1000))

    def value(
        self, annotation: Any, slot: Slot, rng: random.Random, method: str, param: str
    ) -> Any:
        """The value ``slot`` stands for, for parameter ``param`` of type ``annotation``."""
        if slot.valid:
            worked = self.worked.get((method, param))
            if worked and rng.random() < 0.5:
                return copy.deepcopy(rng.choice(worked))
            if param in self.by_name and rng.random() < 0.7:
                return self.by_name[param](rng)
            return self.valid(annotation, rng, method, depth=0)
        if slot.wrong_type:
            return self.anything(rng, method, depth=0)
        if _takes_text(annotation) and rng.random() < 0.5:
            return rng.choice(NASTY_TEXT).make()  # where text goes, hostile text mostly
        return rng.choice(NASTY).make()

    def word(self, rng: random.Random, method: str) -> str:
        """An existing id, what ``next_steps()`` offers for ``method``, another string
        of the state, a word ``method``'s docstring quotes, or a plain word."""
        pools = self.pools()
        weighted = [
            (30, pools.by_step.get(method, ())),
            (35, pools.ids),
            (8, pools.words),
            (5, pools.suggested),
            (8, self.docwords[method]),
            (10, self.extra_words),
            (4, VOCABULARY),
        ]
        weights, choices = zip(*[(w, c) for w, c in weighted if c], strict=True)
        return rng.choice(rng.choices(choices, weights)[0])

    def anything(self, rng: random.Random, method: str, depth: int) -> Any:
        """A plausible value of any type (what an untyped or ``Any`` parameter gets)."""
        pick = rng.randrange(8 if depth < 2 else 5)
        if pick == 0:
            return rng.choice(SMALL_INTS)
        if pick == 1:
            return rng.random() < 0.5
        if pick == 2:
            return None
        if pick in (3, 4):
            return self.word(rng, method)
        if pick == 5:
            return [self.word(rng, method) for _ in range(_size(rng))]
        if pick == 6:
            return {
                self.word(rng, method): self.anything(rng, method, depth + 1)
                for _ in range(rng.randrange(3))
            }
        return " ".join(str(rng.choice(SMALL_INTS[:9])) for _ in range(rng.randrange(1, 6)))

    def valid(self, annotation: Any, rng: random.Random, method: str, depth: int) -> Any:
        """A value of type ``annotation`` taken from what exists now."""
        if depth > 4:
            return self.anything(rng, method, depth)
        origin = typing.get_origin(annotation)
        args = typing.get_args(annotation)
        if annotation is Any or annotation is object or isinstance(annotation, typing.TypeVar):
            return self.anything(rng, method, depth)
        if isinstance(annotation, typing.ParamSpec | typing.ParamSpecArgs | typing.ParamSpecKwargs):
            return self.anything(rng, method, depth)
        if origin is typing.Annotated:
            return self.valid(args[0], rng, method, depth)
        if origin is typing.Literal:
            return rng.choice(args)
        if origin in (typing.Union, types.UnionType):
            if any(_is_path(a) for a in args):
                return rng.choice(self.paths) if self.paths else self.word(rng, method)
            return self.valid(rng.choice(args), rng, method, depth)
        if annotation is type(None):
            return None
        if annotation is str:
            return self.word(rng, method)
        if annotation is bool:
            return rng.random() < 0.5
        if annotation is int:
            return rng.choice(SMALL_INTS)
        if annotation is float:
            return rng.choice((0.0, 0.5, 1.0, 2.0))
        if _is_path(annotation):
            return rng.choice(self.paths) if self.paths else self.word(rng, method)
        if origin is abc.Callable or annotation is abc.Callable:
            return noop
        if origin in (tuple,) and args and args[-1] is not Ellipsis:
            return tuple(self.valid(a, rng, method, depth + 1) for a in args)
        if origin in (dict, abc.Mapping, abc.MutableMapping):
            key, item = args or (Any, Any)
            return {
                self.valid(key, rng, method, depth + 1): self.valid(item, rng, method, depth + 1)
                for _ in range(rng.randrange(3))
            }
        if origin in (frozenset, set, abc.Set):
            inner = args[0] if args else Any
            return frozenset(self.valid(inner, rng, method, depth + 1) for _ in range(3))
        if origin in (list, tuple, abc.Sequence, abc.Iterable, abc.Collection):
            inner = args[0] if args else Any
            items = [self.valid(inner, rng, method, depth + 1) for _ in range(_size(rng))]
            return tuple(items) if origin is tuple else items
        if isinstance(annotation, type):
            return self.instance(annotation, rng, method, depth)
        return self.anything(rng, method, depth)

    def instance(self, cls: type, rng: random.Random, method: str, depth: int) -> Any:
        """An object of class ``cls`` the state or journal holds, or one a maker builds."""
        found = [o for o in self.pools().objects if isinstance(o, cls)]
        makers = [m for t, m in self.makers.items() if issubclass(t, cls)]
        if makers and (not found or rng.random() < 0.5):
            return rng.choice(makers)(rng)
        if found:
            return rng.choice(found)
        return self.anything(rng, method, depth)


# --------------------------------------------------------------------------- helpers


def _same_key(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    return len(a) == len(b) and all(
        x is y or (type(x) is int and x == y) for x, y in zip(a, b, strict=True)
    )


def _unbound(function: Any) -> Any:
    """The function itself, for a bound method (what the caches below are keyed by)."""
    return getattr(function, "__func__", function)


def _signature(function: Callable[..., Any]) -> inspect.Signature:
    return _signature_of(_unbound(function), inspect.ismethod(function))


@functools.cache
def _signature_of(function: Callable[..., Any], bound: bool) -> inspect.Signature:
    signature = inspect.signature(function)
    if bound:  # drop self (or cls), as inspect.signature does for the bound method
        signature = signature.replace(parameters=list(signature.parameters.values())[1:])
    return signature


def _hints(function: Callable[..., Any]) -> dict[str, Any]:
    return _hints_of(_unbound(function))


@functools.cache
def _hints_of(function: Callable[..., Any]) -> dict[str, Any]:
    try:
        return typing.get_type_hints(function, include_extras=True)
    except Exception:  # an annotation that does not resolve: draw anything for it
        return {}


_QUOTED = re.compile(r"``\"?([^`\"]{1,40})\"?``|\"([^\"\s]{1,30})\"|'([^'\s]{1,30})'")
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def docwords_of(function: object) -> tuple[str, ...]:
    """Words the docstring of ``function`` (or a class, a module) quotes or names in
    snake_case: keywords and their values."""
    return _docwords_of(_unbound(function))


@functools.cache
def _docwords_of(function: object) -> tuple[str, ...]:
    doc = inspect.getdoc(function) or ""
    words = {next(g for g in m.groups() if g) for m in _QUOTED.finditer(doc)}
    words |= set(_SNAKE.findall(doc))
    return tuple(sorted(w.strip() for w in words if w.strip() and "(" not in w))


def _takes_text(annotation: Any) -> bool:
    """Whether ``annotation`` is ``str`` or a union or alias that admits it."""
    if annotation is str:
        return True
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType, typing.Annotated):
        return any(_takes_text(a) for a in typing.get_args(annotation))
    return False


def _is_path(annotation: Any) -> bool:
    return (
        annotation is Path
        or typing.get_origin(annotation) is os.PathLike
        or (annotation is os.PathLike)
    )


def _walk(
    root: object, words: set[str], objects: list[object], ids: set[str], limit: int = 4000
) -> None:
    """Collect the short strings and the dataclass and model instances under ``root``, and
    the strings held in fields named ``id`` or ``*_id`` (in ``ids`` too)."""
    stack: list[tuple[object, int]] = [(root, 0)]
    seen: set[int] = set()
    while stack and limit > 0:
        item, depth = stack.pop()
        limit -= 1
        if isinstance(item, str):
            if 0 < len(item) <= 40:
                words.add(item)
            continue
        if isinstance(item, int | float | bytes | datetime) or item is None or depth > 10:
            continue
        if id(item) in seen:
            continue
        seen.add(id(item))
        children: Iterable[object]
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            objects.append(item)
            fields = {f.name: getattr(item, f.name, None) for f in dataclasses.fields(item)}
            ids.update(v for k, v in fields.items() if _is_id(k, v))
            children = list(fields.values())
        elif isinstance(item, BaseModel):
            objects.append(item)
            ids.update(v for k, v in item.__dict__.items() if _is_id(k, v))
            children = list(item.__dict__.values())
        elif isinstance(item, Mapping):
            children = [*item.keys(), *item.values()]
        elif isinstance(item, list | tuple | set | frozenset):
            children = item
        else:
            continue
        stack.extend((child, depth + 1) for child in _take(children, 200))


def remember(
    worked: dict[tuple[str, str], list[object]],
    signature: inspect.Signature,
    name: str,
    args: Sequence[Any],
    kwargs: Mapping[str, Any],
) -> None:
    """Add the plain, small arguments of a call of ``name`` that acted to ``worked``."""
    try:
        bound = signature.bind(*args, **kwargs).arguments
    except TypeError:
        return
    for param, value in bound.items():
        kind = signature.parameters[param].kind
        if kind is inspect.Parameter.VAR_KEYWORD:
            values = list(value.items())
        elif kind is inspect.Parameter.VAR_POSITIONAL:
            values = [(param, item) for item in value]
        else:
            values = [(param, value)]
        for key, item in values:
            kept = worked.setdefault((name, key), [])
            if len(kept) < 20 and _plain(item) and item not in kept:
                kept.append(item)


def _plain(value: object, depth: int = 0) -> bool:
    """Small data made of text, numbers and containers: safe to pass again."""
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, int):
        return abs(value) < 10**6
    if isinstance(value, float):
        return math.isfinite(value) and abs(value) < 1e6
    if isinstance(value, str):
        return len(value) <= 60
    if isinstance(value, list | tuple) and depth < 3 and len(value) <= 6:
        return all(_plain(v, depth + 1) for v in value)
    if isinstance(value, dict) and depth < 3 and len(value) <= 6:
        return all(_plain(k, depth + 1) and _plain(v, depth + 1) for k, v in value.items())
    return False


def _size(rng: random.Random) -> int:
    """How many items a valid list gets: none 40% of the time, else one to three."""
    return 0 if rng.random() < 0.4 else rng.randint(1, 3)


def _is_id(name: str, value: object) -> bool:
    return isinstance(value, str) and (name == "id" or name.endswith("_id"))


def _take(items: Iterable[object], n: int) -> Iterator[object]:
    for i, item in enumerate(items):
        if i >= n:
            return
        yield item
