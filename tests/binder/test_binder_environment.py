"""Binder's environment, built fresh from ``binder/`` alone, runs every notebook.

No Docker daemon is at hand, so this does what repo2docker does with ``binder/``
in a throwaway virtualenv: ``python -m venv``, ``pip install -r
binder/requirements.txt``, then ``binder/postBuild`` from the repository's root
with that venv first on ``PATH``. The repository is a copy of the files git
would commit, so nothing built or journaled here lands in the checkout, and the
development ``.venv`` is never used or touched: the notebooks run with nbclient
and a kernel from the fresh venv (``tests/binder/execute.py``).

It needs the package registry. When pip cannot reach it the tests skip with
pip's reason, except with ``ISOWIDGETS_REQUIRE_REGISTRY=1`` (CI, ``.ci/run``),
where that is a failure. pip's download cache (under the user's cache) is used,
so a second run downloads nothing; bytecode is not compiled at install, which
only spares time.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from binder_lock import LOCK, ROOT, pins
from packaging.utils import canonicalize_name
from packaging.version import Version

NOTEBOOKS = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
DRIVER = "tests/binder/execute.py"
"""The driver, run from the repository copy by the fresh venv's python."""
REQUIRE = "ISOWIDGETS_REQUIRE_REGISTRY"
ANSI = re.compile(r"\x1b\[[0-9;]*m")

UNREACHABLE = (
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Name or service not known",
    "Network is unreachable",
    "Max retries exceeded",
    "ConnectTimeoutError",
    "ProxyError",
    "connection error:",
)
"""What pip prints when the index cannot be reached (as opposed to a bad lock)."""

NOT_PINNED = {"pip", "setuptools", "wheel", "isowidgets"}
"""Installed but not in the lock: the venv's own installers, and the kit from postBuild."""


@dataclass(frozen=True)
class BinderEnv:
    """A virtualenv built from ``binder/``, and the repository copy it was built from."""

    repo: Path
    venv: Path
    env: dict[str, str]

    @property
    def python(self) -> str:
        return str(self.venv / "bin" / "python")

    def run(self, *command: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
        """Run ``command`` in the repository copy, with the fresh venv first on PATH."""
        return subprocess.run(
            command,
            cwd=self.repo,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )


def tail(result: subprocess.CompletedProcess[str], lines: int = 40) -> str:
    """The last lines of what a command printed, for a failure message."""
    text = ANSI.sub("", result.stdout + result.stderr)
    return "\n".join(text.splitlines()[-lines:])


def copy_checkout(dest: Path) -> None:
    """Copy what a clone would hold: tracked files and new ones git does not ignore."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def clean_environment(home: Path, venv: Path) -> dict[str, str]:
    """This process's environment as a fresh Binder container would have it.

    The fresh venv comes first on PATH; nothing leaks in from the development venv
    (PYTHONPATH, VIRTUAL_ENV) or from the user's Jupyter and IPython directories.
    """
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    for name, folder in {
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTER_DATA_DIR": "data",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "IPYTHONDIR": "ipython",
    }.items():
        (home / folder).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / folder)
    return env


def registry_unreachable(reason: str) -> None:
    """Skip (or, where the registry is required, fail) because pip cannot reach it."""
    message = f"pip could not reach the package index, so Binder's build was not tried: {reason}"
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"{message} ({REQUIRE}=1 requires it)")
    pytest.skip(message)


def unreachable(binder: BinderEnv, probe: Path) -> bool:
    """Whether pip failed for want of the index, not for a bad lock.

    pip says so only when retrying or very verbose, so after a failed install one
    pinned package is downloaded again with ``-vv`` and pip's words are read.
    """
    first = next(iter(pins(LOCK.read_text(encoding="utf-8")).items()))
    asked = binder.run(
        binder.python,
        "-m",
        "pip",
        "download",
        "--no-deps",
        "--no-cache-dir",
        "-vv",
        "--dest",
        str(probe),
        f"{first[0]}=={first[1]}",
    )
    output = asked.stdout + asked.stderr
    return asked.returncode != 0 and any(marker in output for marker in UNREACHABLE)


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory: pytest.TempPathFactory) -> BinderEnv:
    """Build the environment once for every test of this module."""
    scratch = tmp_path_factory.mktemp("binder")
    repo, venv = scratch / "repo", scratch / "venv"
    copy_checkout(repo)
    binder = BinderEnv(repo, venv, clean_environment(scratch / "home", venv))

    made = binder.run(sys.executable, "-m", "venv", str(venv))
    assert made.returncode == 0, f"python -m venv failed:\n{tail(made)}"
    installed = binder.run(
        binder.python,
        "-m",
        "pip",
        "install",
        "--no-compile",
        "--progress-bar",
        "off",
        "-r",
        "binder/requirements.txt",
    )
    if installed.returncode != 0:
        if unreachable(binder, scratch / "probe"):
            registry_unreachable(tail(installed, 3))
        pytest.fail(f"pip install -r binder/requirements.txt failed:\n{tail(installed)}")
    post = binder.run("bash", "binder/postBuild")
    if post.returncode != 0:
        pytest.fail(f"binder/postBuild failed:\n{tail(post)}")
    return binder


def test_the_fresh_environment_holds_exactly_the_lock(binder_env: BinderEnv):
    """postBuild changed no pin, and nothing unpinned came in beside the kit."""
    frozen = binder_env.run(binder_env.python, "-m", "pip", "list", "--format=freeze")
    assert frozen.returncode == 0, tail(frozen)
    installed = {
        canonicalize_name(name): Version(version)
        for name, version in (line.split("==", 1) for line in frozen.stdout.split())
    }
    locked = pins(LOCK.read_text(encoding="utf-8"))
    assert {name: installed.get(name) for name in locked} == locked
    assert set(installed) - set(locked) - NOT_PINNED == set()
    consistent = binder_env.run(binder_env.python, "-m", "pip", "check")
    assert consistent.returncode == 0, tail(consistent)


def test_post_build_enables_the_kits_server_extension(binder_env: BinderEnv):
    """The server Binder starts loads isowidgets.server (TCP_NODELAY; docs: Latency), and
    nbgitpuller."""
    listed = binder_env.run(str(binder_env.venv / "bin" / "jupyter"), "server", "extension", "list")
    text = ANSI.sub("", listed.stdout + listed.stderr)
    assert listed.returncode == 0, tail(listed)
    assert re.search(r"isowidgets\.server\s+enabled", text), text
    assert re.search(r"isowidgets\.server\s+OK", text), text
    # nbgitpuller's /git-pull handler (the pull extra, in the lock): Binder links can pull
    # a teacher's notebooks as the workshop's links do (docs: Teaching a workshop).
    assert re.search(r"nbgitpuller\s+enabled", text), text
    assert re.search(r"nbgitpuller [\d.]+ OK", text), text


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_the_notebook_runs_on_binder(binder_env: BinderEnv, notebook: str):
    """Every cell runs without an exception, with a kernel from the fresh venv."""
    ran = binder_env.run(binder_env.python, DRIVER, f"notebooks/{notebook}")
    if ran.returncode != 0:
        pytest.fail(f"{notebook} failed in Binder's environment:\n{tail(ran, 80)}")
