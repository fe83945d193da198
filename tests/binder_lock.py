"""Reading Binder's lock (``binder/requirements.txt``) against ``pyproject.toml``.

Shared by the unit test that the lock is up to date (``tests/unit/test_binder_lock.py``,
fast, no network) and the binder tier that installs it into a fresh virtualenv
(``tests/binder``). The lock is written by ``make binder-lock`` (uv pip compile); its
header keeps the exact uv command, so the extras it was made with are read from there.
"""

from __future__ import annotations

import itertools
import re
import shlex
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "binder" / "requirements.txt"
PYPROJECT = ROOT / "pyproject.toml"
MAKEFILE = ROOT / "Makefile"

REGENERATE = "run `make binder-lock` and commit binder/requirements.txt"
"""What every problem tells the reader to do: the lock is never edited by hand."""

BINDER_MARKERS = {
    "python_version": "3.11",
    "python_full_version": "3.11.0",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "platform_machine": "x86_64",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
}
"""The interpreter Binder runs (binder/runtime.txt): environment markers are judged for it."""

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s;\\]+)", re.M)
COMMAND = re.compile(r"^#\s+(uv pip compile .*)$", re.M)
MAKE_EXTRAS = re.compile(r"^BINDER_EXTRAS\s*[:?]?=(.*)$", re.M)


def pins(lock_text: str) -> dict[str, Version]:
    """Every ``name==version`` line of a lock, by canonical name."""
    return {canonicalize_name(name): Version(version) for name, version in PIN.findall(lock_text)}


def unhashed(lock_text: str) -> list[str]:
    """Pinned packages with no ``--hash``: pip refuses a lock that hashes only some."""
    blocks = re.split(r"\n(?=[A-Za-z0-9])", lock_text)
    return [
        block.split("==", 1)[0]
        for block in blocks
        if PIN.match(block) and "--hash=sha256:" not in block
    ]


def lock_command(lock_text: str) -> list[str]:
    """The uv command recorded in the lock's header, as arguments (empty if none)."""
    found = COMMAND.search(lock_text)
    return shlex.split(found.group(1)) if found else []


def requested_extras(command: list[str]) -> tuple[str, ...]:
    """The extras a ``uv pip compile`` command asked for, in order."""
    return tuple(value for flag, value in itertools.pairwise(command) if flag == "--extra")


def option(command: list[str], flag: str) -> str | None:
    """The value given to ``flag`` in a command, or None."""
    for given, value in itertools.pairwise(command):
        if given == flag:
            return value
    return None


def makefile_extras(makefile_text: str) -> tuple[str, ...]:
    """The extras ``make binder-lock`` passes (the Makefile's ``BINDER_EXTRAS``)."""
    found = MAKE_EXTRAS.search(makefile_text)
    return tuple(found.group(1).split()) if found else ()


def binder_requirements(
    project: Mapping[str, Any], extras: tuple[str, ...]
) -> Iterator[Requirement]:
    """pyproject's runtime requirements plus those of ``extras``, as Binder installs them.

    An extra that names the project itself (``isowidgets[test]``) is expanded in
    place; a requirement whose marker is false on Binder's interpreter is left out.

    Raises:
        KeyError: An extra pyproject does not define (named in the message).
    """
    meta = project["project"]
    own = canonicalize_name(meta["name"])
    optional = meta.get("optional-dependencies", {})
    texts = list(meta.get("dependencies", []))
    todo, done = list(extras), set()
    while todo:
        extra = todo.pop(0)
        if extra in done:
            continue
        if extra not in optional:
            raise KeyError(f"pyproject.toml defines no extra {extra!r}")
        done.add(extra)
        for text in optional[extra]:
            requirement = Requirement(text)
            if canonicalize_name(requirement.name) == own:
                todo.extend(sorted(requirement.extras))
            else:
                texts.append(text)
    for text in texts:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate(
            {**BINDER_MARKERS, "extra": ""}
        ):
            yield requirement


def lock_problems(project: Mapping[str, Any], lock_text: str, runtime: str) -> list[str]:
    """Why a lock does not match a pyproject (empty when it does).

    Args:
        project: ``pyproject.toml`` as :mod:`tomllib` reads it.
        lock_text: The text of ``binder/requirements.txt``.
        runtime: The text of ``binder/runtime.txt`` (``python-3.11``).
    """
    command = lock_command(lock_text)
    if not command:
        return [f"binder/requirements.txt has no uv header saying how it was made: {REGENERATE}"]
    problems = []
    wanted_python = runtime.strip().removeprefix("python-")
    if option(command, "--python-version") != wanted_python:
        problems.append(
            f"the lock was made for Python {option(command, '--python-version')}, "
            f"binder/runtime.txt says {wanted_python}: {REGENERATE}"
        )
    platform = option(command, "--python-platform") or ""
    if not platform.startswith("x86_64-manylinux"):
        problems.append(f"the lock was made for {platform or 'this machine'}, not Linux x86_64")
    pinned = pins(lock_text)
    try:
        wanted = list(binder_requirements(project, requested_extras(command)))
    except KeyError as error:
        return [f"the lock asks for an extra that is gone ({error.args[0]}): {REGENERATE}"]
    for requirement in wanted:
        name = canonicalize_name(requirement.name)
        if name not in pinned:
            problems.append(
                f"pyproject.toml needs {requirement} but binder/requirements.txt pins no "
                f"{requirement.name}: {REGENERATE}"
            )
        elif not requirement.specifier.contains(pinned[name], prereleases=True):
            problems.append(
                f"binder/requirements.txt pins {requirement.name}=={pinned[name]}, outside "
                f"pyproject.toml's {requirement}: {REGENERATE}"
            )
    missing_hashes = unhashed(lock_text)
    if missing_hashes:
        problems.append(f"pins without hashes: {', '.join(missing_hashes)}: {REGENERATE}")
    return problems


def read_project() -> dict[str, Any]:
    """``pyproject.toml`` of this checkout."""
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
