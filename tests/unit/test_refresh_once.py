"""One accepted action, one pass: in every table, playing one action works out the next
steps once, folds each event once, serialises each event once, and redraws each panel
once.

Each table is driven as a person drives it (Enter in a dice box), with the kit's code
watched by a profiler: every run of a function is counted, by the object it ran for, so
a redraw that a panel's own observer starts again from inside itself is a second run.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from isowidgets.rules.fudge_conflict import FudgeGame
from isowidgets.rules.impact import ImpactGame
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.rules.watch_the_world_die import WorldGame
from isowidgets.tray import DiceTray
from isowidgets.widgets.fudge_conflict import FudgeTable
from isowidgets.widgets.impact import ImpactTable
from isowidgets.widgets.isolation import IsolationTable
from isowidgets.widgets.submit_text import SubmitText
from isowidgets.widgets.tray import TrayPanel
from isowidgets.widgets.watch_the_world_die import WorldTable

PACKAGE = str(Path(__file__).resolve().parents[2] / "isowidgets")
REDRAWS = {"refresh", "render", "show", "_update", "on_actions", "redraw", "_draw"}
"""The names of the methods a view redraws itself with."""
WHOLE_JOURNAL = (
    "void_actions",
    "effective_entries",
    "public_entries",
    "hidden_actions",
    "disclosed_actions",
)
"""Functions that read every entry they are given: an action passes none of them the
whole journal (what they find is kept as the journal goes)."""

pytestmark = pytest.mark.usefixtures("no_view_failures")


def test_every_name_counted_here_is_a_function_of_the_kit() -> None:
    """A count of a name nothing has (a function moved to another module or class) is
    zero whatever runs: each name this file asserts a count of must be defined."""
    from isowidgets import projection
    from isowidgets.journal import contents, history

    assert callable(contents.Contents.effective)
    for name in WHOLE_JOURNAL:
        assert any(callable(getattr(module, name, None)) for module in (history, projection)), name


class Runs:
    """What ran while one action was played: each kit function, and each redraw by the
    view it redrew."""

    def __init__(self) -> None:
        self.functions: Counter[str] = Counter()
        self.redraws: Counter[tuple[str, int]] = Counter()
        self.builtins: Counter[str] = Counter()
        """Built-in functions (``isinstance``, ``len``, …) called from the kit's code, by
        the kit function that called them: a loop over entries calls one per entry."""

    def watch(self, frame: FrameType, event: str, arg: Any) -> None:
        if not frame.f_code.co_filename.startswith(PACKAGE):
            return
        if event == "c_call":
            self.builtins[frame.f_code.co_qualname] += 1
            return
        if event != "call":
            return
        code = frame.f_code
        self.functions[code.co_qualname] += 1
        if (
            code.co_name in REDRAWS
            and "self" in frame.f_locals
            and "<locals>" not in code.co_qualname
        ):
            self.redraws[(code.co_qualname, id(frame.f_locals["self"]))] += 1

    def of(self, qualname: str) -> int:
        return self.functions[qualname]

    def cost(self) -> Counter[str]:
        """Every run of a kit function and every built-in it called, by kit function."""
        return self.functions + self.builtins

    def redrawn(self) -> Counter[str]:
        """How many views of each kind redrew (each once, or the test fails first)."""
        return Counter(name for name, _view in self.redraws)


def played(act: Callable[[], object]) -> Runs:
    runs = Runs()
    sys.setprofile(runs.watch)
    try:
        act()
    finally:
        sys.setprofile(None)
    return runs


def press_enter(box: SubmitText, text: str) -> None:
    """What the browser sends when Enter is pressed in the box showing ``text``."""
    box._handle_custom_msg({"event": "submit", "value": text}, [])


def check_one_pass(runs: Runs, steps: str, events: int) -> None:
    twice = {view: n for view, n in runs.redraws.items() if n > 1}
    assert not twice, f"views redrawn more than once: {twice}"
    assert runs.of(steps) == 1, "the next steps are worked out once"
    assert runs.of("Fold.__call__") in (0, events)  # the tray folds nothing of its own
    assert runs.of("data_text") == events, "each event is serialised once"
    assert runs.of("event_of") == events, "and read back once, to check it"
    scans = {name: runs.of(name) for name in WHOLE_JOURNAL if runs.of(name)}
    assert not scans, f"whole-journal scans: {scans}"


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[list[Any]]:
    made: list[Any] = []
    yield made
    for table in made:
        table.close()


def test_the_danish_conflict_box(tables: list[Any], tmp_path: Path):
    game = FudgeGame.new(seed=7)
    burke = game.add_character("Mr. Burke", skills={"argue": 2})
    boss = game.add_character("The superior", role="central", skills={"argue": 3})
    game.add_character("A colleague", skills={"argue": 4})
    table = FudgeTable(game, export_dir=tmp_path)
    tables.append(table)
    panel = table.conflict_panel
    panel.kind.value, panel.actor.value, panel.skill.value = "active", burke, "argue"
    panel.opponent.value, panel.opponent_skill.value = boss, "argue"
    panel.open_button.click()
    before = len(game.journal)
    runs = played(lambda: press_enter(panel.entry.faces, "+ 0 0 / 0 0 0"))
    assert panel.entry.error.value == "" and len(game.journal) == before + 1
    check_one_pass(runs, "next_steps", 1)
    redrawn = runs.redrawn()
    for view in ("ConflictPanel.refresh", "ChainPanel.refresh", "RoundPanel.refresh"):
        assert redrawn[view] == 1, view
    assert redrawn["CharacterSheet.refresh"] == 3 and redrawn["LogView.refresh"] == 1
    assert runs.of("Contents.effective") == 0, "the round panel keeps its last round"


def test_the_danish_chain_box(tables: list[Any], tmp_path: Path):
    """The chain panel's form observers (set_options changing a dropdown's value) do not
    start its redraw again from inside itself."""
    game = FudgeGame.new(seed=7)
    burke = game.add_character("Mr. Burke", skills={"argue": 2})
    boss = game.add_character("The superior", role="central", skills={"argue": 3})
    helper = game.add_character("A colleague", skills={"argue": 4})
    table = FudgeTable(game, export_dir=tmp_path)
    tables.append(table)
    game.open_conflict("active", burke, "argue", opponent=boss, opponent_skill="argue")
    chain = table.chain_panel
    chain.helper.value, chain.skill.value, chain.target.value = helper, "argue", burke
    runs = played(lambda: press_enter(chain.entry.faces, "+ + 0"))
    assert chain.entry.error.value == ""
    check_one_pass(runs, "next_steps", 1)
    assert runs.redrawn()["ChainPanel.refresh"] == 1
    assert runs.of("Contents.effective") == 0


def test_the_isolation_pool_box(tables: list[Any]):
    table = IsolationTable(boarding_party(stress=2, seed=3), name="farmhouse")
    tables.append(table)
    conflict = table.conflict
    conflict.ap.value, conflict.action.value = "bob", "board up the windows"
    conflict.propose_button.click()
    runs = played(lambda: press_enter(conflict.pool_widgets["bob-green"].faces, "4 3 1"))
    assert conflict.pool_widgets["bob-green"].entry.error.value == ""
    check_one_pass(runs, "next_steps", 1)
    assert runs.redrawn()["PoolsPanel.render"] == 1


def test_the_impact_face_box(tables: list[Any], tmp_path: Path):
    game = ImpactGame.new(seed=1962)
    game.add_pc("Algernon Pierce", ["Expert At Getting Into Places"])
    ellis = game.add_pc("Quartermaster Ellis", ["Access To Every Mechanical Design"])
    table = ImpactTable(game, export_dir=tmp_path)
    tables.append(table)
    panel = table.test_panel
    panel.kind.value, panel.roller.value, panel.difficulty.value = "action", ellis, "Difficult"
    runs = played(lambda: press_enter(panel.entry.faces, "8"))
    assert panel.entry.error.value == ""
    check_one_pass(runs, "next_steps", 2)  # the test opened and rolled in one action
    redrawn = runs.redrawn()
    assert redrawn["ImpactBoard.refresh"] == 1 and redrawn["TestPanel.refresh"] == 1


def test_a_gm_only_roll_at_a_table_with_secrets_held_back(tables: list[Any], tmp_path: Path):
    """With GM-only actions held back, the toolbar, the panel in use and the log count
    what the table's viewers do not see yet from the public view kept as actions arrive,
    not from the whole journal read again per action."""
    game = ImpactGame.new(seed=1962)
    game.add_pc("Algernon Pierce", ["Expert At Getting Into Places"])
    ellis = game.add_pc("Quartermaster Ellis", ["Access To Every Mechanical Design"])
    with game.gm_only():
        game.note("Ellis is the mole")
        game.add_pc("The Mole", ["Knows Every Back Door"])
    game.prepare("the vault's code", 4512)  # kept secret on purpose: not counted
    table = ImpactTable(game, export_dir=tmp_path)
    tables.append(table)
    table.toolbar.gm_toggle.click()  # the session switch, left on
    panel = table.test_panel
    panel.kind.value, panel.roller.value, panel.difficulty.value = "action", ellis, "Difficult"
    assert "2 actions not shown to the table yet" in table.held.status.value
    runs = played(lambda: press_enter(panel.entry.faces, "8"))
    assert panel.entry.error.value == "" and game.journal.entries[-1].gm
    check_one_pass(runs, "next_steps", 2)
    assert "3 actions not shown to the table yet" in table.held.status.value
    redrawn = runs.redrawn()
    assert redrawn["HeldBack.refresh"] >= 3  # the toolbar, the panel in use and the log
    assert redrawn["ImpactBoard.refresh"] == 1 and redrawn["TestPanel.refresh"] == 1


def test_the_world_make_it_worse_box(tables: list[Any], tmp_path: Path):
    game = WorldGame.new(seed=14)
    table = WorldTable(game, export_dir=tmp_path)
    tables.append(table)
    table.year_box.value, table.apocalypse.value = 2020, "Climate Chaos"
    press_enter(table.players_box, "Ana, Ben, Chidi, Dana")
    runs = played(lambda: press_enter(table.turn_panel.worse.faces, "4"))
    assert table.turn_panel.worse.error.value == ""
    check_one_pass(runs, "next_steps", 2)  # the turn started and its Event Type rolled
    redrawn = runs.redrawn()
    assert redrawn["TurnPanel.refresh"] == 1 and redrawn["WorldTable.refresh"] == 1
    assert runs.of("Contents.effective") == 0, "the chronicle and the Pressure keep up"


def test_the_dice_tray_box(tables: list[Any], tmp_path: Path):
    game = DiceTray.new(seed=5)
    panel = TrayPanel(game, export_dir=tmp_path)
    tables.append(panel)
    runs = played(lambda: press_enter(panel.entry.faces, "3 4 5"))
    assert panel.entry.error.value == ""
    twice = {view: n for view, n in runs.redraws.items() if n > 1}
    assert not twice
    assert runs.of("data_text") == runs.of("event_of") == 1
    assert runs.redrawn()["LogView.refresh"] == 1


# --------------------------------------------------------------------------- the session's length

SHORT, LONG = 10, 2000
"""Two sessions' lengths (in notes journaled before the table is built): an action costs
the same in both, counted in calls, never timed."""
SLACK = 20
"""Calls one kit function may add in the longer session (longer numbers to format)."""


def notes(game: Any, count: int) -> None:
    for n in range(count):
        game.note(f"earlier {n}")


def tray_roll(length: int, tmp_path: Path) -> tuple[Any, Callable[[], object]]:
    """The GM's Roll in the dice tray (what the stream benchmark clicks)."""
    game = DiceTray.new(seed=5)
    notes(game, length)
    panel = TrayPanel(game, export_dir=tmp_path)
    panel.count.value = 8
    return panel, panel.roll_button.click


def danish_round(length: int, tmp_path: Path) -> tuple[Any, Callable[[], object]]:
    """A round of Let It Hurt (the round panel's last round)."""
    game = FudgeGame.new(seed=7)
    burke = game.add_character("Mr. Burke", skills={"argue": 2})
    boss = game.add_character("The superior", role="central", skills={"argue": 3})
    notes(game, length)
    table = FudgeTable(game, export_dir=tmp_path)

    def dice(who: str, face: str) -> str:
        net = sum(source.dice for source in game.roll_preview(who, "argue"))
        return " ".join([face] * (3 + abs(net)))

    game.open_conflict("active", burke, "argue", opponent=boss, opponent_skill="argue")
    press_enter(table.conflict_panel.entry.faces, f"{dice(burke, '0')} / {dice(boss, '0')}")
    table.conflict_panel.hurt_buttons[burke].click()  # a tie goes against the initiator
    for who in (burke, boss):
        game.state_intention(who, "win")
    game.declare(burke, "defensive", boss, "argue", ability="fornuft")
    game.declare(boss, "crossing", burke, "argue", ability="fornuft")
    faces = f"{dice(burke, '+')} / {dice(boss, '0')}"

    def play() -> None:
        press_enter(table.round_panel.entry.faces, faces)
        assert table.round_panel.entry.error.value == ""

    return table, play


def isolation_resolve(length: int, _tmp: Path) -> tuple[Any, Callable[[], object]]:
    """*Resolve* (the result panel reads the conflict's consequences)."""
    game = boarding_party(stress=2, seed=3)
    notes(game, length)
    table = IsolationTable(game, name="farmhouse")
    game.propose("bob", "board up the windows", mode="subset", pps=["alice"], force_roll=True)
    for _ in range(30):
        step = next(step for step in game.next_steps() if step.required)
        if step.action == "resolve":
            break
        if step.action == "roll":
            game.roll(step.actor, step.options[0])
        elif step.action == "roll_gm":
            game.roll_gm()
        elif step.action == "choose_stance":
            game.choose_stance(step.actor, step.options[0])
        else:
            game.set_difficulty(3)
    return table, table.conflict.resolve_button.click


def isolation_pair_roll(length: int, _tmp: Path) -> tuple[Any, Callable[[], object]]:
    """A pair roll between sessions (the panel shows the latest one in force)."""
    game = boarding_party(stress=2, seed=3)
    notes(game, length)
    table = IsolationTable(game, name="farmhouse")
    game.end_session()
    between = table.between
    between.a.value, between.b.value = "alice", "bob"
    return table, between.roll_button.click


def impact_test(length: int, tmp_path: Path) -> tuple[Any, Callable[[], object]]:
    """A test opened and rolled (the panel's tests in force)."""
    game = ImpactGame.new(seed=1962)
    ellis = game.add_pc("Quartermaster Ellis", ["Access To Every Mechanical Design"])
    notes(game, length)
    table = ImpactTable(game, export_dir=tmp_path)
    panel = table.test_panel
    panel.kind.value, panel.roller.value, panel.difficulty.value = "action", ellis, "Difficult"
    return table, lambda: press_enter(panel.entry.faces, "8")


def world_turn(length: int, tmp_path: Path) -> tuple[Any, Callable[[], object]]:
    """Make it Worse (the chronicle, the year's end and the chart)."""
    game = WorldGame.new(seed=14)
    notes(game, length)
    table = WorldTable(game, export_dir=tmp_path)
    table.year_box.value, table.apocalypse.value = 2020, "Climate Chaos"
    press_enter(table.players_box, "Ana, Ben, Chidi, Dana")
    return table, lambda: press_enter(table.turn_panel.worse.faces, "4")


@pytest.mark.parametrize(
    "action",
    [tray_roll, danish_round, isolation_resolve, isolation_pair_roll, impact_test, world_turn],
    ids=lambda action: action.__name__,
)
def test_an_action_costs_the_same_in_a_long_session(
    action: Callable[[int, Path], tuple[Any, Callable[[], object]]],
    tables: list[Any],
    tmp_path: Path,
):
    """Issue 29 item 4: no panel reads the whole journal on an ordinary action (what it
    shows from the journal is kept as the journal grows). The same action, played after
    10 and after 2,000 earlier events, runs the same kit functions the same number of
    times and calls the same built-ins as often (a loop over the journal's entries would
    call ``isinstance`` or ``len`` once per entry)."""
    table, play = action(SHORT, tmp_path)  # warm every cache the kit keeps
    tables.append(table)
    play()
    costs = {}
    for length in (SHORT, LONG):
        table, play = action(length, tmp_path)
        tables.append(table)
        runs = played(play)
        assert runs.of("Contents.effective") == 0, "the effective entries are not read"
        scans = {name: runs.of(name) for name in WHOLE_JOURNAL if runs.of(name)}
        assert not scans, f"whole-journal scans: {scans}"
        costs[length] = runs.cost()
    # A read of the journal adds a call per entry: about 2,000 to one function. The
    # numbers an action writes (a roll's sequence number, 2,010 against 20) may add a
    # few calls where they are formatted.
    grew = {
        name: (costs[SHORT][name], costs[LONG][name])
        for name in costs[SHORT] | costs[LONG]
        if costs[LONG][name] > costs[SHORT][name] + SLACK
    }
    assert not grew, f"work that grows with the session's length (10 → 2,000 events): {grew}"


# --------------------------------------------------------------------------- the plots


def stress_plot(game: Any) -> tuple[Any, Any]:
    from isowidgets.widgets.isolation.timeline import StressTimeline

    plot = StressTimeline(game)
    return plot, plot.beats


def damage_plot(game: Any) -> tuple[Any, Any]:
    from isowidgets.widgets.fudge_conflict.labels import CATALOGUE
    from isowidgets.widgets.fudge_conflict.timeline import DamageTimeline
    from isowidgets.widgets.i18n import Labels

    plot = DamageTimeline(game, Labels(CATALOGUE, "en"))
    game.subscribe(lambda _entries, _state: plot.refresh())  # as its table does
    return plot, plot.wounds


def pressure_chart(game: Any) -> tuple[Any, Any]:
    from isowidgets.widgets.watch_the_world_die import PressureChart

    plot = PressureChart(game)
    return plot, plot.steps


def impact_plot(game: Any) -> tuple[Any, Any]:
    from isowidgets.widgets.impact.timeline import ImpactTimeline

    plot = ImpactTimeline(game)
    return plot, plot.changes


def impact_tests(game: Any) -> None:
    if game.test is not None:  # the short session's test, still open
        game.finish()
    pierce = game.state.characters[0].id
    game.damage(pierce, 1, reason="a blow")
    game.set_impact(pierce, "D8", reason="patched up")


def isolation_beats(game: Any) -> None:
    game.run_conflict("alice", "find the keys", difficulty="Average")


def danish_rounds(game: Any) -> None:
    burke, boss = (c.id for c in game.state.characters[:2])
    game.declare(burke, "crossing", boss, "argue", ability="fornuft")
    game.declare(boss, "crossing", burke, "argue", ability="fornuft")
    game.roll_round()  # the seeded dice: a wound every round


def world_steps(game: Any) -> None:
    game.make_it_worse(5)
    game.create_event("Bribery/Scandal/Corruption", "Lagos")


def drawn(figure: Any) -> list[tuple[Any, ...]]:
    """Every trace's points as the browser gets them (name, x, y and text)."""
    return [(t.name, tuple(t.x or ()), tuple(t.y or ()), tuple(t.text or ())) for t in figure.data]


@pytest.mark.parametrize(
    ("system", "make", "act"),
    [
        ("isolation", stress_plot, isolation_beats),
        ("fudge_conflict", damage_plot, danish_rounds),
        ("watch_the_world_die", pressure_chart, world_steps),
        ("impact", impact_plot, impact_tests),
    ],
    ids=["isolation_stress", "danish_damage", "world_pressure", "impact_dice"],
)
def test_a_plot_appends_an_actions_points_and_redraws_an_undo_once(
    system: str, make: Callable[[Any], tuple[Any, Any]], act: Callable[[Any], None], tmp_path: Path
) -> None:
    """Each plot timeline follows its journal through the core's ``Kept``: an ordinary
    action reads its own entries only, appends its points in one message and never
    redraws the plot; an undo (or a redo) reads the journal again and redraws the plot
    once, in one message; and the points drawn are always those of a plot made afresh
    from the same journal."""
    from stream_play import PLAYS

    game = PLAYS[system](tmp_path / "plot.jsonl")
    plot, kept = make(game)
    figure = plot.figure
    messages: list[str] = []
    names = ["_py2js_update", "_py2js_animate", "_py2js_relayout", "_py2js_restyle"]
    figure.observe(lambda change: change["new"] and messages.append(change["name"]), names=names)
    redraws: list[int] = []
    redraw = plot._redraw
    plot._redraw = lambda *args: (redraws.append(1), redraw(*args))[1]
    seen: list[tuple[int, int, int, int]] = []  # per action: messages, reads, redraws, entries

    def after(entries: Any, _state: Any) -> None:  # runs after the plot's own listener
        effective = sum(1 for entry in entries if entry.kind != "retcon")
        seen.append((len(messages), kept.reads, len(redraws), effective))

    game.subscribe(after)

    def check_against_a_fresh_plot() -> None:
        fresh, _kept = make(game)
        assert drawn(figure) == drawn(fresh.figure)
        if hasattr(fresh, "close"):
            fresh.close()

    start = (len(messages), kept.reads, len(redraws))
    for _ in range(2):  # two in a row: the second is where stale state shows
        act(game)
    grown = 0
    before = start
    for sent, reads, redrawn, effective in seen:
        assert sent - before[0] <= 1, "one message per action"
        assert reads - before[1] == effective, "an action reads only its own entries"
        assert redrawn == before[2], "an ordinary action never redraws the plot"
        grown += sent - before[0]
        before = (sent, reads, redrawn)
    assert grown >= 2  # the actions drew points
    check_against_a_fresh_plot()

    moved = 0
    for change in (game.undo, game.undo, game.redo, game.redo):
        sent, reads, redrawn = len(messages), kept.reads, len(redraws)
        points = drawn(figure)
        change()
        assert len(redraws) - redrawn == 1, "an undo or redo redraws the plot once"
        changed = drawn(figure) != points  # plotly sends nothing for the same points
        assert len(messages) - sent == changed, "in one message"
        assert kept.reads - reads == len(game.journal.effective())
        moved += changed
        check_against_a_fresh_plot()
    assert moved  # an undo took points away
    act(game)  # and an action after them appends again
    assert len(redraws) - redrawn == 1
    check_against_a_fresh_plot()
