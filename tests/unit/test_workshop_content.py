"""The workshop's notebook repository, without a hub: what is stripped, what is cleared,
what a pull merges, and what the launch links say.

``tests/hub/test_notebook_pull.py`` runs the same pulls through a real hub with two
participants; these tests pin each rule on its own, in a temporary folder.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import nbformat
import pytest

from isowidgets.workshop import Workshop
from isowidgets.workshop.__main__ import announcement
from isowidgets.workshop.config import KIT_NOTEBOOKS
from isowidgets.workshop.content import (
    CODE_STUB,
    TEXT_STUB,
    ContentError,
    clear_solutions,
    launch_link,
    notebooks_of,
    prepare_repository,
    pull,
    pull_path,
    repository_url,
    stripped,
)

TEACHER = ("-c", "user.name=Teacher", "-c", "user.email=teacher@localhost")


def _git(repository: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", *TEACHER, *args], cwd=repository, check=True, capture_output=True, text=True
    )
    return done.stdout


def _solution_cell(source: str, kind: str = "code") -> nbformat.NotebookNode:
    make = nbformat.v4.new_code_cell if kind == "code" else nbformat.v4.new_markdown_cell
    cell = make(source)
    cell.metadata["nbgrader"] = {
        "grade": False,
        "grade_id": "answer",
        "locked": False,
        "schema_version": 3,
        "solution": True,
        "task": False,
    }
    return cell


# ---------------------------------------------------------------- a participant's copy


def test_a_participants_copy_has_no_outputs_counts_or_widget_state() -> None:
    for path in sorted(KIT_NOTEBOOKS.glob("*.ipynb")):
        original = nbformat.read(path, as_version=4)
        copy = stripped(original)
        code = [c for c in copy.cells if c.cell_type == "code"]
        assert code and not [c for c in code if c.outputs or c.execution_count is not None]
        assert "widgets" not in copy.metadata
        assert [c.source for c in copy.cells] == [c.source for c in original.cells]
        # The kit's committed outputs are untouched: stripping works on a copy.
        assert any(c.get("outputs") for c in original.cells if c.cell_type == "code")


def test_solutions_are_cleared_by_nbgraders_rules() -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        _solution_cell(
            "def guess():\n    ### BEGIN SOLUTION\n    return 6\n    ### END SOLUTION\nx = 1"
        ),
        _solution_cell("answer = 42"),  # no delimiters: the whole cell is the solution
        _solution_cell("### BEGIN SOLUTION\nBob wins.\n### END SOLUTION", kind="markdown"),
        nbformat.v4.new_code_cell("### BEGIN SOLUTION\nkept = True\n### END SOLUTION"),
    ]
    assert clear_solutions(notebook) == 3
    stub = "\n".join("    " + line for line in CODE_STUB.splitlines())
    assert notebook.cells[0].source == f"def guess():\n{stub}\nx = 1"
    assert notebook.cells[1].source == CODE_STUB
    assert notebook.cells[2].source == TEXT_STUB
    assert "kept = True" in notebook.cells[3].source  # no nbgrader metadata: not a solution


def test_a_solution_region_that_never_closes_is_refused() -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [_solution_cell("### BEGIN SOLUTION\nanswer = 6")]
    with pytest.raises(ContentError, match="never closes"):
        clear_solutions(notebook)


# ---------------------------------------------------------------- the prepared repository


def test_the_prepared_repository_holds_stripped_notebooks_on_main(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    for path in KIT_NOTEBOOKS.glob("0[01]-*.ipynb"):
        (source / path.name).write_bytes(path.read_bytes())
    (source / "data.toml").write_text("x = 1\n")
    (source / "sessions").mkdir()
    (source / "sessions" / "mine.jsonl").write_text("{}\n")
    repository = tmp_path / "repository"
    assert prepare_repository(source, repository) is True
    files = _git(repository, "ls-files").split()
    assert files == [".gitignore", "00-tour.ipynb", "01-isolation.ipynb", "data.toml"]
    assert _git(repository, "branch", "--show-current").strip() == "main"
    assert "sessions/" in (repository / ".gitignore").read_text()
    for name in ("00-tour.ipynb", "01-isolation.ipynb"):
        written = (repository / name).read_text(encoding="utf-8")
        # Written as JupyterLab writes a notebook: saving it unchanged changes no byte.
        assert written == nbformat.writes(nbformat.reads(written, as_version=4)) + "\n"
        assert stripped(nbformat.reads(written, as_version=4)) == nbformat.reads(written, 4)


def test_an_existing_repository_is_kept_with_the_teachers_commits(tmp_path: Path) -> None:
    repository = tmp_path / "repository"
    prepare_repository(KIT_NOTEBOOKS, repository)
    (repository / "extra.md").write_text("teacher's handout\n")
    _git(repository, "add", "extra.md")
    _git(repository, "commit", "-qm", "handout")
    assert prepare_repository(KIT_NOTEBOOKS, repository) is False
    assert len(_git(repository, "log", "--oneline").splitlines()) == 2


@pytest.mark.parametrize("bad", ["folder with files", "no notebooks"])
def test_a_repository_that_cannot_be_prepared_is_refused_and_nothing_is_written(
    tmp_path: Path, bad: str
) -> None:
    target = tmp_path / "repository"
    source = KIT_NOTEBOOKS
    if bad == "folder with files":
        target.mkdir()
        (target / "notes.txt").write_text("mine")
        match = "no git repository"
    else:
        source = tmp_path / "empty"
        source.mkdir()
        match = "holds no notebook"
    with pytest.raises(ContentError, match=match):
        prepare_repository(source, target)
    assert not (target / ".git").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".repository-")] == []


# ---------------------------------------------------------------- pulling


def test_a_pull_clones_then_merges_keeping_the_participants_cells(tmp_path: Path) -> None:
    repository = tmp_path / "repository"
    prepare_repository(KIT_NOTEBOOKS, repository)
    url = repository_url(repository)
    home = tmp_path / "home" / "notebooks"
    pull(url, "main", home)
    mine = nbformat.read(home / "02-impact.ipynb", as_version=4)
    mine.cells.append(nbformat.v4.new_code_cell("my_cell = 1"))
    nbformat.write(mine, home / "02-impact.ipynb")
    (home / "03-fudge-conflict.ipynb").unlink()

    theirs = nbformat.read(repository / "02-impact.ipynb", as_version=4)
    theirs.cells[0].source += "\n\nA correction."
    nbformat.write(theirs, repository / "02-impact.ipynb")
    _git(repository, "commit", "-qam", "correction")

    pull(url, "main", home)
    merged = nbformat.read(home / "02-impact.ipynb", as_version=4)
    assert merged.cells[0].source.endswith("A correction.")
    assert merged.cells[-1].source == "my_cell = 1"
    restored = (home / "03-fudge-conflict.ipynb").read_bytes()
    assert restored == (repository / "03-fudge-conflict.ipynb").read_bytes()


def test_a_repository_that_cannot_be_reached_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="pulling"):
        pull((tmp_path / "nowhere").as_uri(), "main", tmp_path / "home")
    assert not (tmp_path / "home").exists()


def test_the_notebooks_of_a_repository_are_listed_for_the_links(tmp_path: Path) -> None:
    repository = tmp_path / "repository"
    prepare_repository(KIT_NOTEBOOKS, repository)
    (repository / "handouts").mkdir()
    (repository / "handouts" / "x.ipynb").write_text(
        nbformat.writes(nbformat.v4.new_notebook()), encoding="utf-8"
    )
    _git(repository, "add", "handouts")
    _git(repository, "commit", "-qm", "a handout")
    listed = notebooks_of(repository_url(repository), "main")
    kit = [p.relative_to(KIT_NOTEBOOKS).as_posix() for p in KIT_NOTEBOOKS.rglob("*.ipynb")]
    assert listed == sorted([*kit, "handouts/x.ipynb"])


# ---------------------------------------------------------------- naming and links


@pytest.mark.parametrize(
    "url",
    [
        "https://github.com/example/course.git",
        "file:///srv/course",
        "git@github.com:example/course.git",
        "ssh://git@example.org/course",
    ],
)
def test_a_git_url_is_used_as_given(url: str) -> None:
    assert repository_url(url) == url


def test_a_local_clone_becomes_a_file_url_and_anything_else_is_refused(tmp_path: Path) -> None:
    repository = tmp_path / "repository"
    prepare_repository(KIT_NOTEBOOKS, repository)
    assert repository_url(str(repository)) == repository.as_uri()
    with pytest.raises(ContentError, match="neither a git URL"):
        repository_url(str(tmp_path))


def test_a_launch_link_pulls_into_notebooks_and_opens_the_notebook() -> None:
    repo = "file:///srv/a course/repository"
    link = launch_link("http://room.example:8951/", repo, "main", "exercises/x.ipynb")
    parts = urlsplit(link)
    assert parts.path == "/hub/user-redirect/git-pull"
    query = parse_qs(parts.query)
    assert query == {
        "repo": [repo],
        "targetpath": ["notebooks"],
        "branch": ["main"],
        "urlpath": ["lab/tree/notebooks/exercises/x.ipynb"],
    }
    assert "branch" not in pull_path(repo, None)
    assert parse_qs(urlsplit(pull_path(repo, None)).query)["urlpath"] == ["lab/tree/notebooks"]


def test_the_host_is_given_a_launch_link_per_notebook(tmp_path: Path) -> None:
    workshop = Workshop.checked(tmp_path / "room", "table-for-thirty", port=8901)
    workshop.prepare()
    notebooks = notebooks_of(workshop.repository_url, workshop.repository_branch)
    text = announcement(workshop, notebooks)
    assert "http://localhost:8901/" in text and "table-for-thirty" in text
    assert f"commit a correction in {workshop.repository_dir}" in text
    for notebook in notebooks:
        (line,) = [line for line in text.splitlines() if line.startswith(f"  {notebook}: ")]
        assert line.endswith(workshop.launch_link(notebook))
    named = Workshop.checked(
        tmp_path / "other",
        "table-for-thirty",
        repository=str(workshop.repository_dir),
        branch="main",
    )
    assert "commit a correction" not in announcement(named, notebooks)
    assert named.repository_url == workshop.repository_dir.as_uri()


def test_prepare_makes_the_repository_and_prints_the_links_without_serving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from isowidgets.workshop.__main__ import main

    assert main(["--dir", str(tmp_path / "room"), "--prepare", "--port", "8901"]) == 0
    out = capsys.readouterr().out
    repository = tmp_path / "room" / "repository"
    assert f"{repository.as_uri()}: prepared" in out
    assert "01-isolation.ipynb: http://localhost:8901/hub/user-redirect/git-pull?" in out
    assert not (tmp_path / "room" / "hub").exists()  # no hub was configured
    assert main(["--dir", str(tmp_path / "room"), "--prepare"]) == 0
    assert "kept as it was" in capsys.readouterr().out


def test_the_prepared_repository_hands_out_the_exercises_without_their_solutions(
    tmp_path: Path,
) -> None:
    from isowidgets.workshop.content import BEGIN_SOLUTION

    repository = tmp_path / "repository"
    prepare_repository(KIT_NOTEBOOKS, repository)
    exercises = sorted((repository / "exercises").glob("*.ipynb"))
    assert [p.name for p in exercises] == [
        p.name for p in sorted((KIT_NOTEBOOKS / "exercises").glob("*.ipynb"))
    ]
    for path in exercises:
        cells = nbformat.read(path, as_version=4).cells
        code = [c.source for c in cells if c.cell_type == "code"]
        assert not [s for s in code if BEGIN_SOLUTION in s]
        assert sum("raise NotImplementedError()" in s for s in code) == 3
        # the self-checks and their nbgrader metadata are handed out as they are
        assert sum(c.metadata.get("nbgrader", {}).get("grade", False) for c in cells) == 3


def test_the_docs_binder_link_pulls_a_teachers_repository_beside_the_kits_notebooks() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "workshop.md").read_text()
    (link,) = re.findall(r"https://mybinder\.org/v2/gh/[^\s`)]*git-pull[^\s`)]*", docs)
    binder = urlsplit(link)
    assert binder.path == "/v2/gh/isowidgets/isowidgets/HEAD"
    (inner,) = parse_qs(binder.query)["urlpath"]  # Binder decodes once ...
    pull = urlsplit(inner)
    assert pull.path == "git-pull"
    query = parse_qs(pull.query)  # ... and nbgitpuller once more
    (repo,) = query["repo"]
    assert urlsplit(repo).scheme == "https" and "%" not in repo
    # nbgitpuller clones into a folder named as the repository (no targetpath), beside
    # Binder's own notebooks/ (the kit's checkout, not a clone it may pull into), and
    # opens it.
    assert "targetpath" not in query
    assert query["urlpath"] == [f"lab/tree/{repo.rstrip('/').rsplit('/', 1)[-1]}"]
