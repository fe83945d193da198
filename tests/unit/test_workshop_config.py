"""The workshop's JupyterHub configuration, checked without starting a hub.

``tests/hub`` starts the real thing; these tests pin what the configuration says
(who may log in, which ports, which server flags, where files go), how every
option refuses a value it cannot take, and the two file operations a host relies
on: the notebook repository participants pull (``test_workshop_content.py`` tests
it whole), and journals collected at the end of the day.
"""

from __future__ import annotations

import socket
import stat
import sys
import zipfile
from pathlib import Path

import pytest
from jupyterhub.authenticators.shared import SharedPasswordAuthenticator

from isowidgets.errors import IsowidgetsError
from isowidgets.server import server_args
from isowidgets.workshop import HOST, Workshop, WorkshopError, WorkshopSpawner, collect
from isowidgets.workshop.__main__ import main
from isowidgets.workshop.config import FIRST_SERVER_PORT

PASSWORD = "table-for-thirty"


@pytest.fixture
def workshop(tmp_path: Path) -> Workshop:
    return Workshop.checked(tmp_path / "room", PASSWORD, port=9101, last_port=9120)


# ---------------------------------------------------------------- what the hub is told


def test_participants_log_in_with_the_shared_password_and_only_the_host_is_admin(
    workshop: Workshop,
) -> None:
    c = workshop.config()
    assert c.JupyterHub.authenticator_class == "shared-password"
    assert c.SharedPasswordAuthenticator.user_password == PASSWORD
    assert c.Authenticator.admin_users == {HOST}
    assert c.Authenticator.allow_all is True
    admin = c.SharedPasswordAuthenticator.admin_password
    assert len(admin) >= 32 and admin != PASSWORD
    # JupyterHub itself accepts the pair (it refuses short or equal passwords).
    SharedPasswordAuthenticator(config=c)


def test_the_admin_password_is_made_once_and_readable_by_its_owner_only(
    workshop: Workshop,
) -> None:
    first = workshop.config().SharedPasswordAuthenticator.admin_password
    again = Workshop.checked(workshop.directory, "another-password").admin_password()
    assert again == first
    path = workshop.hub_dir / "admin-password.txt"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_every_server_starts_with_the_kits_server_config_in_the_participants_folder(
    workshop: Workshop,
) -> None:
    c = workshop.config()
    assert c.JupyterHub.spawner_class is WorkshopSpawner
    assert c.Spawner.cmd == [sys.executable, "-m", "jupyterhub.singleuser"]
    assert c.Spawner.args[: len(server_args())] == server_args()
    folder = f"{workshop.participants_dir}/{{username}}"
    assert c.WorkshopSpawner.home_dir_template == folder
    assert c.Spawner.notebook_dir == folder
    assert c.WorkshopSpawner.repository == workshop.repository_dir.as_uri()
    assert c.WorkshopSpawner.branch == "main"
    # Logging in opens nbgitpuller's page for the folder: it pulls, then opens Lab there.
    assert c.Spawner.default_url.startswith("/git-pull?repo=file%3A%2F%2F")
    assert c.Spawner.default_url.endswith(
        "&targetpath=notebooks&branch=main&urlpath=lab%2Ftree%2Fnotebooks"
    )


def test_the_hub_listens_on_loopback_and_every_port_is_in_the_workshops_range(
    workshop: Workshop,
) -> None:
    c = workshop.config()
    assert c.JupyterHub.ip == "127.0.0.1"
    assert c.JupyterHub.hub_ip == "127.0.0.1"
    assert (c.JupyterHub.port, c.JupyterHub.hub_port) == (9101, 9103)
    assert c.ConfigurableHTTPProxy.api_url == "http://127.0.0.1:9102"
    assert (c.WorkshopSpawner.first_port, c.WorkshopSpawner.last_port) == (
        9101 + FIRST_SERVER_PORT,
        9120,
    )
    opened = Workshop.checked(workshop.directory, PASSWORD, ip="0.0.0.0").config()
    assert opened.JupyterHub.ip == "0.0.0.0"


def test_the_proxy_is_the_python_one_from_this_environment(workshop: Workshop) -> None:
    c = workshop.config()
    command = c.ConfigurableHTTPProxy.command
    assert command[0] == str(Path(sys.executable).parent / "configurable-http-proxy")
    assert Path(command[0]).is_file()
    # A spawn page's progress stream stays open for as long as a spawn may take.
    (timeout,) = [arg for arg in command if arg.startswith("--proxy-timeout=")]
    assert int(timeout.partition("=")[2]) > c.Spawner.start_timeout * 1000


def test_the_hubs_files_stay_in_the_workshop_directory(workshop: Workshop) -> None:
    c = workshop.config()
    for value in (c.JupyterHub.db_url, c.JupyterHub.cookie_secret_file, c.JupyterHub.pid_file):
        assert str(workshop.hub_dir) in value


def test_idle_servers_stop_only_when_asked(tmp_path: Path) -> None:
    never = Workshop.checked(tmp_path, PASSWORD).single_user_args()
    assert not [arg for arg in never if "timeout" in arg]
    hour = Workshop.checked(tmp_path, PASSWORD, idle_minutes=60).single_user_args()
    assert "--ServerApp.shutdown_no_activity_timeout=3600" in hour
    assert "--MappingKernelManager.cull_idle_timeout=3600" in hour


def test_the_hosts_own_config_file_is_made_once_and_never_overwritten(
    workshop: Workshop,
) -> None:
    own = Path(workshop.config().JupyterHub.config_file)
    assert own.parent == workshop.hub_dir and "ssl_cert" in own.read_text()
    own.write_text("c.JupyterHub.admin_access = True\n")
    workshop.config()
    assert own.read_text() == "c.JupyterHub.admin_access = True\n"


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"password": None}, "the workshop password"),
        ({"password": "short"}, "at least 8 characters"),
        ({"password": " padded-password "}, "without blanks"),
        ({"password": "x" * 5_000_000}, "the workshop password"),
        ({"directory": None}, "the workshop directory"),
        ({"directory": "bad\0name"}, "the workshop directory"),
        ({"port": 80}, "--port"),
        ({"port": 10**100}, "--port"),
        ({"port": True}, "--port"),
        ({"port": "8951"}, "--port"),
        ({"last_port": 8952}, "--last-port"),
        ({"idle_minutes": -1}, "--idle-minutes"),
        ({"ip": ""}, "--ip"),
        ({"ip": "1" * 1000}, "--ip"),
        ({"user_hosts": "127.0.0.1"}, "user_hosts"),
        ({"user_hosts": []}, "user_hosts"),
        ({"user_hosts": [None]}, "address"),
        ({"repository": "no/such/folder"}, "neither a git URL nor a git repository"),
        ({"repository": 42}, "the repository"),
        ({"repository": "x" * 5_000_000}, "the repository"),
        ({"repository": "https://example.org/r.git", "branch": "--upload-pack=evil"}, "branch"),
        ({"repository": "https://example.org/r.git", "branch": "a b"}, "branch"),
        ({"language": "fr"}, "--language"),
        ({"language": None}, "--language"),
        ({"language": "d" * 5_000_000}, "--language"),
    ],
)
def test_a_workshop_refuses_an_option_it_cannot_take_and_writes_nothing(
    tmp_path: Path, options: dict[str, object], named: str
) -> None:
    arguments: dict[str, object] = {"directory": tmp_path / "room", "password": PASSWORD}
    arguments.update(options)
    directory, password = arguments.pop("directory"), arguments.pop("password")
    with pytest.raises(WorkshopError, match=named) as refused:
        Workshop.checked(directory, password, **arguments)
    assert isinstance(refused.value, IsowidgetsError) and isinstance(refused.value, ValueError)
    assert len(str(refused.value)) < 600  # a megabyte of input is never echoed
    assert not (tmp_path / "room").exists()


def test_a_folder_without_notebooks_is_refused(tmp_path: Path) -> None:
    with pytest.raises(WorkshopError, match="holds no notebook"):
        Workshop.checked(tmp_path / "room", PASSWORD, notebooks=tmp_path)


# ---------------------------------------------------------------- participants' files


def _participant(root: Path, name: str) -> Path:
    home = root / "participants" / name / "notebooks"
    (home / "sessions").mkdir(parents=True)
    (home / "exports").mkdir()
    (home / "sessions" / "farmhouse.jsonl").write_text("{}\n")
    (home / "sessions" / "farmhouse.jsonl.secret").write_text("seed")
    (home / "exports" / "farmhouse-log.md").write_text("# log\n")
    (home / "01-isolation.ipynb").write_text("{}")
    return home


def test_collect_zips_every_participants_journals_and_exports_and_nothing_else(
    tmp_path: Path,
) -> None:
    for name in ("ada", "bo"):
        _participant(tmp_path, name)
    archive = tmp_path / "out" / "journals.zip"
    files = collect(tmp_path, archive)
    assert len(files) == 4
    with zipfile.ZipFile(archive) as zipped:
        assert sorted(zipped.namelist()) == [
            f"{name}/notebooks/{kind}"
            for name in ("ada", "bo")
            for kind in ("exports/farmhouse-log.md", "sessions/farmhouse.jsonl")
        ]


def test_collect_refuses_a_directory_that_holds_no_workshop(tmp_path: Path) -> None:
    with pytest.raises(WorkshopError, match="holds no workshop"):
        collect(tmp_path, tmp_path / "journals.zip")
    assert not (tmp_path / "journals.zip").exists()


def test_the_command_collects_and_lists_what_it_archived(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _participant(tmp_path, "ada")
    archive = tmp_path / "journals.zip"
    assert main(["--dir", str(tmp_path), "--collect", str(archive)]) == 0
    out = capsys.readouterr().out
    assert "farmhouse.jsonl" in out and "2 files" in out
    assert archive.is_file()


def test_the_command_refuses_a_bad_option_with_the_kits_error_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--dir", str(tmp_path), "--password", "short"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: the workshop password") and "Traceback" not in err
    assert main(["--dir", str(tmp_path), "--password", PASSWORD, "--language", "fr"]) == 2
    err = capsys.readouterr().err
    assert "the overview's language (--language)" in err and "'da'" in err
    assert "Traceback" not in err


# ---------------------------------------------------------------- server slots


def _spawner(first: int, last: int, hosts: list[str]) -> WorkshopSpawner:
    return WorkshopSpawner(first_port=first, last_port=last, user_hosts=hosts)


def test_a_server_takes_the_first_slot_nobody_holds_and_a_full_hub_says_so() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        port = busy.getsockname()[1]
        spawner = _spawner(port, port, ["127.0.0.1", "127.0.0.2"])
        assert spawner._slot() == ("127.0.0.2", port)  # 127.0.0.1:port is bound
        WorkshopSpawner._taken.add(("127.0.0.2", port))
        try:
            with pytest.raises(WorkshopError, match=r"all 2 server slots .* are in use"):
                spawner._slot()
        finally:
            WorkshopSpawner._taken.discard(("127.0.0.2", port))
