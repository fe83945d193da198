"""The workshop's notebooks as a git repository that nbgitpuller pulls from.

Participants do not get copies of the kit's folder: each gets a **clone** of one
git repository in ``<home>/notebooks``, made and updated by `nbgitpuller
<https://nbgitpuller.readthedocs.io>`_, the Jupyter convention for handing out
course material:

* **the repository** is one the teacher names (``--repo URL``, any git URL or a
  local path), or by default one the workshop prepares from the kit's notebooks
  (:func:`prepare_repository`, in ``<workshop>/repository``): every notebook
  **output-stripped** (:func:`stripped`; the kit commits its outputs for nbval,
  and a participant's re-run copy would collide with them line by line at every
  update) and every exercise's solutions cleared by nbgrader's rules
  (:func:`clear_solutions`). The teacher corrects a notebook there and commits:
  that is the whole publishing step.
* **a pull** (:func:`pull`, nbgitpuller's ``GitPuller``) clones the repository on a
  participant's first start; later, nbgitpuller's merge rules apply: the
  participant's changes are committed locally and the teacher's commits merged in
  with ``-Xours`` (where both changed the same lines, the participant's lines
  win), a notebook deleted locally comes back, a local file in the way of a new
  one is renamed aside. Journals and exports stay untracked (the prepared
  repository ignores ``sessions/`` and ``exports/``).
* **launch links** (:func:`launch_link`): ``/hub/user-redirect/git-pull?...``
  opens nbgitpuller's page in the participant's own server, which pulls and then
  opens the notebook. The hub's default URL is the folder's link, so logging in
  pulls too.

Stripping uses nbconvert's ``ClearOutputPreprocessor`` and writes with nbformat,
exactly as JupyterLab saves a notebook, so a participant who opens and saves an
unchanged notebook changes no byte and later merges stay small.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import nbformat
from nbconvert.preprocessors import ClearOutputPreprocessor

from .. import checks
from ..errors import IsowidgetsError

__all__ = [
    "BRANCH",
    "REPOSITORY",
    "TARGET",
    "ContentError",
    "clear_solutions",
    "launch_link",
    "notebooks_of",
    "prepare_repository",
    "pull",
    "pull_path",
    "repository_url",
    "stripped",
]

TARGET = "notebooks"
"""The folder of each participant's home the repository is cloned into."""

BRANCH = "main"
"""The branch of a repository the workshop prepares."""

REPOSITORY = "repository"
"""Where under the workshop directory the prepared repository lives."""

IGNORED = ("sessions/", "exports/", ".ipynb_checkpoints/")
"""What a table writes beside a notebook: never part of the repository, so a pull
never touches a participant's journals."""

SKIPPED = {"sessions", "exports", ".ipynb_checkpoints", ".git"}
"""Folders of the source not copied into a prepared repository."""

BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
CODE_STUB = "# YOUR CODE HERE\nraise NotImplementedError()"
TEXT_STUB = "YOUR ANSWER HERE"
"""nbgrader's delimiters and default stubs (``ClearSolutions``): a course that runs
nbgrader gets the same student version as the workshop's repository."""

GIT_IDENTITY = ("-c", "user.name=isowidgets workshop", "-c", "user.email=workshop@localhost")

_URL = re.compile(r"^[a-z][a-z0-9+.-]*://|^[\w.-]+@[\w.-]+:", re.IGNORECASE)
"""A git URL (``https://``, ``file://``, ``ssh://``) or an scp-like ``user@host:path``."""


class ContentError(IsowidgetsError, ValueError):
    """A repository that cannot be prepared, named or pulled as asked."""


# ------------------------------------------------------------------ notebooks


def clear_solutions(notebook: Any) -> int:
    """Replace every solution region of ``notebook`` with nbgrader's stub, in place.

    nbgrader's rule: in a cell whose ``metadata.nbgrader.solution`` is true, the
    lines from ``### BEGIN SOLUTION`` to ``### END SOLUTION`` (both included) become
    the stub, indented as the opening delimiter was; a solution cell without
    delimiters is replaced whole. Returns how many cells changed.

    Raises:
        ContentError: a region opened and never closed (nbgrader refuses it too).
    """
    changed = 0
    for cell in notebook.cells:
        if not cell.get("metadata", {}).get("nbgrader", {}).get("solution"):
            continue
        stub = CODE_STUB if cell.cell_type == "code" else TEXT_STUB
        lines = cell.source.splitlines()
        if not any(line.strip() == BEGIN_SOLUTION for line in lines):
            cell.source = stub
            changed += 1
            continue
        kept: list[str] = []
        inside = False
        for line in lines:
            if line.strip() == BEGIN_SOLUTION and not inside:
                inside = True
                indent = line[: len(line) - len(line.lstrip())]
                kept.extend(indent + part for part in stub.splitlines())
            elif line.strip() == END_SOLUTION and inside:
                inside = False
            elif not inside:
                kept.append(line)
        if inside:
            grade_id = cell.metadata["nbgrader"].get("grade_id", "?")
            raise ContentError(
                f"cell {checks.shown(grade_id)} opens {BEGIN_SOLUTION!r} and never closes it; "
                f"allowed: every region ends with {END_SOLUTION!r}"
            )
        cell.source = "\n".join(kept)
        changed += 1
    return changed


def stripped(notebook: Any) -> Any:
    """A participant's copy of ``notebook``: no outputs, no execution counts, no widget
    state, and every solution region cleared (:func:`clear_solutions`)."""
    copy = nbformat.from_dict(notebook)
    ClearOutputPreprocessor().preprocess(copy, {})
    copy.metadata.pop("widgets", None)
    clear_solutions(copy)
    return copy


def _git(*args: str, cwd: Path | None = None) -> str:
    try:
        done = subprocess.run(
            ["git", *args],
            cwd=cwd,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
            env=dict(os.environ, LANG="C", GIT_TERMINAL_PROMPT="0"),
        )
    except FileNotFoundError as exc:
        raise ContentError(
            "git is not installed; allowed: a machine with git on PATH (nbgitpuller runs it). "
            "Tip: apt-get install git"
        ) from exc
    except subprocess.CalledProcessError as exc:
        raise ContentError(
            f"git {' '.join(args[:2])} failed: {checks.shown(exc.stderr.strip(), 300)}"
        ) from exc
    except subprocess.TimeoutExpired as exc:
        raise ContentError(f"git {' '.join(args[:2])} took longer than 120 s") from exc
    return done.stdout


def _sources(source: Path) -> Iterator[Path]:
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if any(part in SKIPPED for part in relative.parts) or not path.is_file():
            continue
        yield relative


def prepare_repository(source: object, target: object) -> bool:
    """Make ``target`` a git repository of ``source``'s notebooks, stripped, on ``main``.

    A repository already at ``target`` is kept as it is: it holds the teacher's own
    corrections, committed there during the workshop. Notebooks are stripped
    (:func:`stripped`); other files (data a notebook reads) are copied as they are;
    ``sessions/`` and ``exports/`` are left out and ignored.

    Returns:
        Whether a repository was made now.

    Raises:
        ContentError: ``source`` holds no notebook, or ``target`` is a folder that is
            not a git repository.
    """
    origin = checks.path(source, "the notebooks folder", error=ContentError).resolve()
    where = checks.path(target, "the repository folder", error=ContentError).resolve()
    if (where / ".git").is_dir():
        return False
    if where.exists() and any(where.iterdir()):
        raise ContentError(
            f"{checks.shown(str(where))} is a folder with files but no git repository; allowed: "
            "an empty or missing folder (the workshop makes the repository) or a git repository"
        )
    files = list(_sources(origin)) if origin.is_dir() else []
    if not any(p.suffix == ".ipynb" for p in files):
        raise ContentError(
            f"the notebooks folder {checks.shown(str(origin))} holds no notebook; allowed: a "
            "folder of .ipynb files"
        )
    where.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".repository-", dir=where.parent) as scratch:
        building = Path(scratch) / "repository"
        building.mkdir()
        _git("init", "--quiet", "--initial-branch", BRANCH, cwd=building)
        for relative in files:
            destination = building / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            if relative.suffix == ".ipynb":
                notebook = nbformat.read(origin / relative, as_version=4)
                nbformat.write(stripped(notebook), destination)
            else:
                shutil.copy2(origin / relative, destination)
        (building / ".gitignore").write_text("\n".join(IGNORED) + "\n", encoding="utf-8")
        _git("add", "--all", cwd=building)
        _git(*GIT_IDENTITY, "commit", "--quiet", "-m", "Workshop notebooks", cwd=building)
        if where.exists():
            where.rmdir()
        building.rename(where)
    return True


def repository_url(value: object) -> str:
    """The URL nbgitpuller clones: a git URL as given, a local path as a ``file://`` URL.

    Raises:
        ContentError: neither a URL nor an existing git repository on this machine.
    """
    what = "the repository (--repo)"
    if isinstance(value, os.PathLike):
        spelled = str(checks.path(value, what, error=ContentError))
    else:
        spelled = checks.text(value, what, max_length=2000, error=ContentError)
    if _URL.match(spelled):
        return spelled
    local = Path(spelled).expanduser().resolve()
    if not (local / ".git").is_dir() and not (local / "HEAD").is_file():
        raise ContentError(
            f"the repository {checks.shown(spelled)} is neither a git URL nor a git repository "
            "on this machine; allowed: https://…, file://…, user@host:path or a local clone"
        )
    return local.as_uri()


def pull_path(repository: str, branch: str | None, path: str = "") -> str:
    """nbgitpuller's address in a participant's server (``git-pull?...``) that pulls
    ``repository`` into ``notebooks/`` and then opens ``path`` (a notebook of the
    repository, or the folder itself when empty)."""
    query = {"repo": repository, "targetpath": TARGET}
    if branch:
        query["branch"] = branch
    query["urlpath"] = f"lab/tree/{TARGET}/{path}".rstrip("/")
    return f"git-pull?{urlencode(query, quote_via=quote)}"


def launch_link(hub_url: str, repository: str, branch: str | None, path: str = "") -> str:
    """The link a teacher hands out: :func:`pull_path` behind the hub's ``user-redirect``.

    ``/hub/user-redirect/`` sends whoever opens it to their own server (logging them in
    and starting the server first), so one link serves the whole room.
    """
    return f"{hub_url.rstrip('/')}/hub/user-redirect/{pull_path(repository, branch, path)}"


def pull(repository: str, branch: str | None, destination: Path) -> list[str]:
    """Clone ``repository`` into ``destination``, or merge its new commits there, by
    nbgitpuller's rules (see the module docstring); returns git's output lines.

    Raises:
        ContentError: the repository or branch cannot be reached, or git failed.
    """
    from nbgitpuller import GitPuller  # type: ignore[import-untyped]

    try:
        puller = GitPuller(repository, str(destination), branch=branch)
        return [line.rstrip() for line in puller.pull()]
    except Exception as exc:  # nbgitpuller raises plain exceptions and CalledProcessError
        raise ContentError(
            f"pulling {checks.shown(repository, 200)} into {checks.shown(str(destination))} "
            f"failed: {type(exc).__name__}: {checks.shown(str(exc), 300)}"
        ) from exc


def notebooks_of(repository: str, branch: str | None) -> list[str]:
    """The notebooks a repository holds on ``branch`` (paths inside it), for the links.

    Raises:
        ContentError: the repository cannot be cloned.
    """
    with tempfile.TemporaryDirectory(prefix="isowidgets-repository-") as scratch:
        pull(repository, branch, Path(scratch) / TARGET)
        listed = _git("ls-files", "-z", "*.ipynb", cwd=Path(scratch) / TARGET)
    return sorted(name for name in listed.split("\0") if name)
