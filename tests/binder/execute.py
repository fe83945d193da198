"""Execute notebooks in the interpreter that runs this script: the binder tier's driver.

``tests/binder/test_binder_environment.py`` runs it with the python of a virtualenv
built from ``binder/`` alone, so nbclient, jupyter_client and the kernel all come
from Binder's pinned set, as they would in the image, and not from the development
venv. Notebooks run in place; give it a scratch copy.

Usage: python execute.py NOTEBOOK [NOTEBOOK ...]

Exit status 1, with the notebook, the cell's number and the error (its traceback
and the cell's source) on standard output, when any cell raises.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ANSI = re.compile(r"\x1b\[[0-9;]*m")
KERNEL = "python3"


def kernel_problem() -> str | None:
    """Why the ``python3`` kernel would not run from this interpreter, or None.

    jupyter_client runs a spec whose command is bare ``python`` with the current
    interpreter; a spec left in a user's Jupyter directory could name another one,
    and then the check would prove nothing about Binder's environment.
    """
    command = KernelSpecManager().get_kernel_spec(KERNEL).argv[0]
    if command in {"python", "python3", f"python{sys.version_info[0]}.{sys.version_info[1]}"}:
        return None
    if Path(command).resolve() == Path(sys.executable).resolve():
        return None
    return f"the {KERNEL} kernel would run {command}, not {sys.executable}"


def run(path: Path) -> str | None:
    """Execute one notebook; the error of the first cell that raised, or None."""
    failed: dict[str, Any] = {}

    def on_cell_error(cell: Any, cell_index: int, **_: Any) -> None:
        failed["index"] = cell_index

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=300,
        kernel_name=KERNEL,
        resources={"metadata": {"path": str(path.parent)}},
        on_cell_error=on_cell_error,
    )
    try:
        client.execute()
    except CellExecutionError as error:
        where = f"cell {failed['index'] + 1} (from 1)" if "index" in failed else "a cell"
        return f"{path.name}: {where} raised {error.ename}: {ANSI.sub('', str(error))}"
    return None


def main(argv: list[str]) -> int:
    problem = kernel_problem()
    if problem:
        print(problem)
        return 1
    errors = [error for error in (run(Path(arg)) for arg in argv) if error]
    for error in errors:
        print(error)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
