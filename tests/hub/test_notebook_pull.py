"""Notebooks reach participants through nbgitpuller, and a correction reaches them too.

On the tier's shared hub (its repository prepared from the kit's notebooks, as
``make workshop`` prepares it), two participants, Ada and Bo, log in through the
login form:

* their first start gives each an output-stripped clone of the repository;
* logging in lands on nbgitpuller's page (the hub's default URL pulls);
* Bo then works in ``01-isolation.ipynb`` (runs a cell, writes a cell of their
  own, saves through their server's contents API as JupyterLab saves) and has a
  journal in ``sessions/``; Ada changes nothing;
* the teacher corrects the same notebook in the repository and commits;
* both open the notebook's launch link (the page, then nbgitpuller's event stream,
  as a browser does): Ada's copy is now the teacher's, byte for byte; Bo's has
  the teacher's correction *and* their own cell and output, and is a valid notebook;
  the journal is untouched.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
import requests
from hubdriver import WorkshopHub

from isowidgets.workshop import Workshop
from isowidgets.workshop.content import BRANCH, launch_link

pytestmark = [pytest.mark.hub, pytest.mark.slow]

NOTEBOOK = "01-isolation.ipynb"
ROOM = ("ada", "bo")
"""Two of the tier's players (``conftest.played``): their servers are already started."""
CORRECTION = "(corrected by the teacher during the workshop)"
OWN_CELL = "my_guess = 'Bob wins with three sixes'  # Bo's own cell"
JOURNAL = '{"bo": "a table in play"}\n'


def _home(hub: WorkshopHub, name: str) -> Path:
    return hub.directory / "participants" / name / "notebooks"


def _repository(hub: WorkshopHub) -> Path:
    return Workshop.checked(hub.directory, "table-for-thirty").repository_dir


def _link(hub: WorkshopHub, path: str = "") -> str:
    return launch_link(hub.url, _repository(hub).as_uri(), BRANCH, path)


@pytest.fixture(scope="module")
def room(hub: WorkshopHub, played: dict[str, list[int]]) -> Iterator[dict[str, requests.Session]]:
    """Ada and Bo, logged in through the login form: their browser-like sessions."""
    sessions = {name: hub.log_in(name) for name in ROOM}
    yield sessions
    for session in sessions.values():
        session.close()


def _contents(hub: WorkshopHub, name: str, method: str, **kwargs: Any) -> Any:
    answer = hub._api(method, f"/user/{name}/api/contents/notebooks/{NOTEBOOK}", **kwargs)
    answer.raise_for_status()
    return answer.json()


def test_the_first_start_gives_each_participant_an_output_stripped_clone(
    hub: WorkshopHub, room: dict[str, requests.Session]
) -> None:
    repository = _repository(hub)
    kit = sorted(p.name for p in (Path(__file__).parents[2] / "notebooks").glob("*.ipynb"))
    assert sorted(p.name for p in repository.glob("*.ipynb")) == kit
    for name in room:
        home = _home(hub, name)
        assert (home / ".git").is_dir()
        for notebook in repository.glob("*.ipynb"):
            copy = home / notebook.name
            assert copy.read_bytes() == notebook.read_bytes()
            cells = nbformat.read(copy, as_version=4).cells
            ran = [c for c in cells if c.cell_type == "code" and (c.outputs or c.execution_count)]
            assert not ran


def test_logging_in_lands_on_nbgitpullers_page(
    hub: WorkshopHub, room: dict[str, requests.Session]
) -> None:
    page = room["ada"].get(f"{hub.url}/hub/", timeout=60)
    assert page.status_code == 200
    assert "/user/ada/git-pull?" in page.url and "Synchronizing" in page.text


def test_a_teachers_correction_reaches_both_and_keeps_a_participants_own_cells(
    hub: WorkshopHub, room: dict[str, requests.Session]
) -> None:
    # Bo runs the first code cell and writes a cell of their own; Lab saves it.
    model = _contents(hub, "bo", "GET")
    notebook = nbformat.from_dict(model["content"])
    first = next(c for c in notebook.cells if c.cell_type == "code")
    first.execution_count = 1
    first.outputs = [nbformat.v4.new_output("stream", text="Bo ran this\n")]
    notebook.cells.append(nbformat.v4.new_code_cell(OWN_CELL))
    _contents(hub, "bo", "PUT", json={"type": "notebook", "content": notebook})
    (_home(hub, "bo") / "sessions").mkdir(exist_ok=True)
    (_home(hub, "bo") / "sessions" / "bo-own.jsonl").write_text(JOURNAL)

    # The teacher corrects the notebook's introduction and commits.
    repository = _repository(hub)
    corrected = nbformat.read(repository / NOTEBOOK, as_version=4)
    corrected.cells[0].source += f"\n\n{CORRECTION}"
    nbformat.write(corrected, repository / NOTEBOOK)
    subprocess.run(
        ["git", "-c", "user.name=Teacher", "-c", "user.email=t@localhost", "commit", "-qam", "fix"],
        cwd=repository,
        check=True,
    )

    for session in room.values():
        output = hub.pull(session, _link(hub, NOTEBOOK))
        assert any("01-isolation.ipynb" in line for line in output), output

    ada = _home(hub, "ada") / NOTEBOOK
    assert ada.read_bytes() == (repository / NOTEBOOK).read_bytes()

    bo = _home(hub, "bo") / NOTEBOOK
    merged = nbformat.read(bo, as_version=4)
    nbformat.validate(merged)
    assert CORRECTION in merged.cells[0].source
    assert merged.cells[-1].source == OWN_CELL
    ran = next(c for c in merged.cells if c.cell_type == "code")
    assert ran.outputs[0]["text"] == "Bo ran this\n"
    assert (_home(hub, "bo") / "sessions" / "bo-own.jsonl").read_text() == JOURNAL
    # The participant's server reads the merged notebook as Lab will open it.
    assert json.dumps(_contents(hub, "bo", "GET")["content"]["cells"][-1]["source"]) == (
        json.dumps(OWN_CELL)
    )


def test_a_notebook_a_participant_deleted_comes_back_with_the_next_pull(
    hub: WorkshopHub, room: dict[str, requests.Session]
) -> None:
    gone = _home(hub, "ada") / "00-tour.ipynb"
    gone.unlink()
    hub.pull(room["ada"], _link(hub))
    assert gone.read_bytes() == (_repository(hub) / "00-tour.ipynb").read_bytes()
