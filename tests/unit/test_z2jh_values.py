"""The Kubernetes values validate against the Zero to JupyterHub chart's own schema.

What helm does before it renders anything is done here without a cluster: the
values file is merged over the chart's defaults (``values.yaml`` of chart 4.4.0, as
helm coalesces them: maps merged, a ``null`` deletes a default) and the result is
validated against the chart's ``values.schema.yaml``, which refuses unknown keys
almost everywhere. Where the schema lets anything through (``hub.config``, passed to
JupyterHub as traitlets configuration), every class and setting is checked against
JupyterHub's own configurable classes instead. The workshop's recommendations for a
room arriving at once are checked to be there, and the memory figures to agree with
the load test's (``isowidgets.workshop.sizing``). docs/workshop.md says what only a
cluster can test.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import jsonschema
import pytest
import yaml
from traitlets.config import Configurable

from isowidgets.workshop.content import TARGET, pull_path
from isowidgets.workshop.sizing import memory_values

DOCS = Path(__file__).resolve().parents[2] / "docs"
CHART_VERSION = "4.4.0"
CHART = DOCS / "workshop" / f"z2jh-chart-{CHART_VERSION}"
VALUES = DOCS / "workshop" / "z2jh-values.yaml"


def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def coalesce(defaults: Any, given: Any) -> Any:
    """``given`` over ``defaults`` as helm merges values: maps key by key, anything else
    replaced; a ``null`` given removes the default."""
    if not (isinstance(defaults, dict) and isinstance(given, dict)):
        return copy.deepcopy(given)
    merged = copy.deepcopy(defaults)
    for key, value in given.items():
        if value is None:
            merged.pop(key, None)
        elif key in merged:
            merged[key] = coalesce(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def problems(values: Any) -> list[str]:
    """Every place ``values`` (merged over the chart's defaults) breaks the chart's schema."""
    schema = _load(CHART / "values.schema.yaml")
    merged = coalesce(_load(CHART / "values.yaml"), values)
    validator = jsonschema.Draft7Validator(schema)
    return sorted(
        f"{'.'.join(map(str, error.absolute_path)) or '(top)'}: {error.message}"
        for error in validator.iter_errors(merged)
    )


def _configurables() -> dict[str, type[Configurable]]:
    """JupyterHub's configurable classes, by name (what hub.config may name)."""
    import jupyterhub.app
    import jupyterhub.authenticators.shared

    found: dict[str, type[Configurable]] = {}
    assert jupyterhub.app.JupyterHub  # its import brings in every class it configures
    stack = Configurable.__subclasses__()
    while stack:
        cls = stack.pop()
        if cls.__name__ not in found and cls.__module__.startswith("jupyterhub"):
            found[cls.__name__] = cls
        stack.extend(cls.__subclasses__())
    return found


def hub_config_problems(config: dict[str, Any]) -> list[str]:
    """Every class or setting of ``hub.config`` JupyterHub does not have."""
    known = _configurables()
    found = []
    for name, settings in config.items():
        cls = known.get(name)
        if cls is None:
            found.append(f"hub.config.{name}: JupyterHub has no configurable class {name}")
            continue
        traits = cls.class_traits(config=True)
        found += [
            f"hub.config.{name}.{trait}: {name} has no setting {trait}"
            for trait in settings
            if trait not in traits
        ]
    return found


@pytest.fixture(scope="module")
def values() -> dict[str, Any]:
    loaded: dict[str, Any] = _load(VALUES)
    return loaded


def test_the_values_validate_against_the_charts_schema(values: dict[str, Any]) -> None:
    assert problems(values) == []


def test_every_hub_config_class_and_setting_is_one_jupyterhub_has(values: dict[str, Any]) -> None:
    assert hub_config_problems(values["hub"]["config"]) == []


@pytest.mark.parametrize(
    ("path", "named"),
    [
        (("singleuser", "memry"), "singleuser: Additional properties are not allowed ('memry'"),
        (("prePuller", "continuous", "enable"), "prePuller.continuous: Additional properties"),
        (("scheduling", "userPlaceholder", "replica"), "scheduling.userPlaceholder: Additional"),
        (("cull", "timeout"), "cull.timeout: 'an hour' is not of type 'integer'"),
        (("nonsense",), "(top): Additional properties are not allowed ('nonsense'"),
    ],
)
def test_an_unknown_key_or_a_wrong_type_fails_the_check(
    values: dict[str, Any], path: tuple[str, ...], named: str
) -> None:
    broken = copy.deepcopy(values)
    node = broken
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node[path[-1]] = "an hour"
    assert [p for p in problems(broken) if p.startswith(named)], problems(broken)


def test_an_unknown_jupyterhub_class_or_setting_fails_the_check(values: dict[str, Any]) -> None:
    config = copy.deepcopy(values["hub"]["config"])
    config["SharedPasswordAuthenticator"]["user_pasword"] = "typo"
    config["SharedPasswrdAuthenticator"] = {}
    assert hub_config_problems(config) == [
        "hub.config.SharedPasswordAuthenticator.user_pasword: SharedPasswordAuthenticator has "
        "no setting user_pasword",
        "hub.config.SharedPasswrdAuthenticator: JupyterHub has no configurable class "
        "SharedPasswrdAuthenticator",
    ]


def test_a_room_arriving_at_once_is_prepared_for(values: dict[str, Any]) -> None:
    assert values["prePuller"]["continuous"]["enabled"] is True
    assert values["prePuller"]["hook"]["enabled"] is True
    assert values["scheduling"]["userScheduler"]["enabled"] is True
    assert values["scheduling"]["userPlaceholder"]["enabled"] is True
    assert values["scheduling"]["userPlaceholder"]["replicas"] >= 4  # a table of four
    # Placeholders are pre-empted by real participants only with pod priority on.
    assert values["scheduling"]["podPriority"]["enabled"] is True
    assert values["cull"]["enabled"] is True and values["cull"]["users"] is False
    assert 0 < values["cull"]["every"] < values["cull"]["timeout"]


def test_the_memory_is_derived_from_the_load_tests_figures(values: dict[str, Any]) -> None:
    text = VALUES.read_text(encoding="utf-8")
    measured = re.search(r"server (\d+) MiB, kernel (\d+) MiB", text)
    assert measured, "the values must say which measured figures they come from"
    guarantee, limit = memory_values(int(measured.group(1)), int(measured.group(2)))
    memory = values["singleuser"]["memory"]
    assert (memory["guarantee"], memory["limit"]) == (guarantee, limit)


def test_notebooks_are_pulled_as_on_one_machine(values: dict[str, Any]) -> None:
    singleuser = values["singleuser"]
    query = parse_qs(urlsplit(singleuser["defaultUrl"]).query)
    repository, branch = query["repo"][0], query["branch"][0]
    assert "/" + pull_path(repository, branch) == singleuser["defaultUrl"]
    command = singleuser["lifecycleHooks"]["postStart"]["exec"]["command"][-1]
    assert command.startswith(f"gitpuller {repository} {branch} {TARGET} ")


def test_the_docs_name_the_chart_version_the_schema_comes_from() -> None:
    docs = (DOCS / "workshop.md").read_text(encoding="utf-8")
    assert f"--version {CHART_VERSION}" in VALUES.read_text(encoding="utf-8")
    assert f"chart {CHART_VERSION}" in docs
    assert "BSD 3-Clause" in (CHART / "LICENSE").read_text(encoding="utf-8")


def test_the_readmes_sizing_names_the_same_measured_figures() -> None:
    figures = re.compile(r"server\s+(\d+)\s+MiB,\s+kernel\s+(\d+)\s+MiB")
    values = figures.search(VALUES.read_text(encoding="utf-8"))
    readme = figures.search((DOCS.parent / "README.md").read_text(encoding="utf-8"))
    assert values and readme, "the README and the values each name the load test's figures"
    assert readme.groups() == values.groups()
