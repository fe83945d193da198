"""A game's methods refuse a call they cannot take with the kit's error, not ``TypeError``.

A misspelt keyword, a missing or an extra argument typed in a notebook gets a
:class:`~isowidgets.errors.RuleError` naming the method and what it takes, before the
method runs, so nothing changes. :func:`refuse_bad_calls` wraps every public method a
class defines itself; the game shell applies it to itself, to each part of it and to
every system's game class.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

from . import checks
from .errors import RuleError
from .words import msg

__all__ = ["refuse_bad_calls", "refusing"]

F = TypeVar("F", bound=Callable[..., Any])


def refusing(method: F) -> F:
    """``method``, refusing a call it cannot take with a :class:`.RuleError` naming it."""
    signature = inspect.signature(method)
    parameters = list(signature.parameters.values())[1:]
    named = [p.name for p in parameters if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    open_keywords = any(p.kind is p.VAR_KEYWORD for p in parameters)

    @functools.wraps(method)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not open_keywords:
            checks.keywords(kwargs, f"{method.__name__}()", named)
        try:
            signature.bind(self, *args, **kwargs)
        except TypeError as exc:
            problem = str(exc)
            problem = problem if len(problem) <= 200 else f"{problem[:199]}…"
            raise RuleError(
                "core.bad_call",
                "{method}(): {problem}; it takes: {takes}",
                method=method.__name__,
                problem=problem,
                takes=", ".join(named) if named else msg("core.no_arguments", "no arguments"),
            ) from None
        return method(self, *args, **kwargs)

    call.__isowidgets_bound__ = True  # type: ignore[attr-defined]
    return call  # type: ignore[return-value]


def refuse_bad_calls(cls: type) -> None:
    """Wrap every public method ``cls`` itself defines with :func:`refusing`."""
    for name, member in list(vars(cls).items()):
        if (
            not name.startswith("_")
            and inspect.isfunction(member)
            and not getattr(member, "__isowidgets_bound__", False)
        ):
            setattr(cls, name, refusing(member))
