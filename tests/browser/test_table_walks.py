"""Each system's table walked as a GM walks it at 1280×800: the worked example, twice.

One test per system opens its notebook at 1280×800 (JupyterLab's file browser open, as
Lab starts), runs it, and plays the system's worked example by keys: the thing it plays
(a conflict, a round, a test, a turn) and then a second one right after it, by typed
faces and Enter only. At every step it checks (see ``walk.py``):

* **every box starts clean**: when the second one starts, every text box of the panel is
  empty, every form is as it was before the first, and no "last roll" mark of the first
  shows (issue 23, item 1);
* **the board stays in view**: the board (the map, the ladders, the damage tracks,
  Pressure) and the control in use are both wholly on screen; a refusal shows next to
  the control that was used (item 3);
* **the toolbar is one row**, Redo is off while there is nothing to redo, the rarer
  controls wait behind **More**, and a plot adds at most two Tab stops (item 4);
* **names, not ids**: no text the kit draws holds an id or a code name (a pattern for
  every system and the system's own ids), and no label is cut short (item 5).

Screenshots of every step: ``tests/browser/screenshots/walk-<system>-<step>.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from lab import Notebook
from playwright.sync_api import expect
from walk import (
    SMALL_SCREEN,
    assert_both_on_screen,
    assert_near,
    boxes,
    cut_labels,
    kit_texts,
    names_and_words,
    plot_tab_stops,
    screenshot,
    text_boxes,
    toolbar_rows,
)

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]


class Walk:
    """One system's walk: the notebook, its table, its board, and what it has read."""

    def __init__(self, nb: Notebook, system: str, table: str, *board: str) -> None:
        self.nb = nb
        self.system = system
        self.table = table
        self.board = board
        self.texts: list[str] = []
        self.ids: list[str] = []
        self.steps = 0

    def find(self, css: str) -> object:
        return self.nb.page.locator(f"{self.table} {css}")

    def step(self, name: str, *, control: str | None = None, board: bool = True) -> None:
        """After a step: the board and the control in use both on screen; the kit's texts
        kept for the scan; a screenshot."""
        self.steps += 1
        label = f"{self.steps:02d}-{name}"
        if board:
            for part in self.board:
                assert_both_on_screen(self.nb, part, label, control)
        self.texts += kit_texts(self.nb)
        screenshot(self.nb, self.system, label)

    def toolbar(self) -> None:
        """One row; Redo off with nothing to redo; the rarer controls behind More."""
        rows = toolbar_rows(self.nb, self.table)
        assert rows["rows"] == 1 and rows["height"] < 48, rows
        expect(self.find(".iw-toolbar-row button[class*='iw-redo']").first).to_be_disabled()
        assert self.find(".iw-toolbar-more").first.is_hidden()
        for rare in ("iw-export", "iw-reveal", "iw-rules-toggle", "iw-prepare-toggle"):
            assert self.nb.page.locator(f"{self.table} [class*='{rare}']").first.is_hidden(), rare

    def plots(self) -> None:
        """Every plot of the table adds at most two Tab stops."""
        plots = self.nb.page.locator(f"{self.table} .js-plotly-plot")
        assert plots.count() >= 1
        for index in range(plots.count()):
            plots.nth(index).evaluate("(e) => e.setAttribute('data-iw-plot', '1')")
            stops = plot_tab_stops(self.nb, f"{self.table} [data-iw-plot]", at_most=2)
            plots.nth(index).evaluate("(e) => e.removeAttribute('data-iw-plot')")
            assert len(stops) <= 2, stops

    def words(self) -> None:
        """No id or code name in anything the kit drew along the walk; no label cut short."""
        found = names_and_words(self.texts, self.system, self.ids)
        assert found == [], "\n".join(f"{match!r} in: {line}" for match, line in found)
        assert cut_labels(self.nb) == []


def _open(notebook: OpenNotebook, name: str) -> Notebook:
    nb = notebook(name)
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.run_all()
    return nb


def _wait_focus(nb: Notebook, check: str, arg: object = None) -> None:
    nb.page.wait_for_function(
        f"(arg) => {{ const el = document.activeElement; return !!el && ({check})(el, arg); }}",
        arg=arg,
        timeout=15_000,
    )


def _pick(nb: Notebook, arrow: str) -> None:
    """In the focused <select>: Space opens its list, ``arrow`` moves, Enter picks."""
    nb.page.keyboard.press("Space")
    nb.page.wait_for_timeout(150)
    nb.page.keyboard.press(arrow)
    nb.page.keyboard.press("Enter")


# --------------------------------------------------------------------------- Isolation

ISO_TABLE = ".iw-table-farmhouse"
E02 = [
    ("bob", "green", "4 3 1 6 4", "→ 3 evens"),
    ("bob", "red", "5 4 3 6 1 1 2", "→ 4 odds"),
    ("alice", "green", "4 2 6 2", "→ 4 evens"),
    ("alice", "red", "3", "→ 1 odd"),
    ("eve", "green", "3", "→ 0 evens"),
    ("eve", "red", "3 5 4", "→ 2 odds"),
]
E03_GM = "5 4 3 4 1 3 4 5 6"


def _faces_focused(nb: Notebook) -> str | None:
    """The pool key of the faces box that has the focus (``bob-green``), if one has."""
    return nb.page.evaluate(
        """() => {
          for (let node = document.activeElement; node; node = node.parentElement) {
            const hit = Array.from(node.classList || []).find((c) => c.startsWith('iw-faces-'));
            if (hit) return hit.slice('iw-faces-'.length);
          }
          return null;
        }"""
    )


def test_isolation_two_conflicts_by_keys_at_1280_by_800(notebook: OpenNotebook) -> None:
    nb = _open(notebook, "01-isolation.ipynb")
    walk = Walk(nb, "isolation", ISO_TABLE, ".iw-map-farmhouse")
    walk.ids = nb.execute(
        "print(' '.join(c.id for g in (farmhouse, motel) for c in g.state.characters))"
    ).split()
    nb.wait_for_cytoscape_keys("iw-map-farmhouse", ["alice", "bob", "eve", "L1", "L6"])
    walk.find(".iw-play").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    walk.toolbar()
    walk.plots()
    conflict = f"{ISO_TABLE} .iw-conflict"
    before = boxes(nb, conflict)
    walk.step("start", control=f"{ISO_TABLE} .iw-ap select")

    # Conflict 1, the rule text's example (ISO-E02, ISO-E03), by keys.
    walk.find(".iw-ap select").first.focus()
    _pick(nb, "ArrowDown")  # Bob
    expect(walk.find(".iw-ap select").first).to_have_value("Bob")
    nb.page.keyboard.press("Tab")
    nb.page.keyboard.type("board up the windows")
    for css in ("iw-mod-bob-profession", "iw-mod-alice-L1", "iw-mod-eve-L5"):
        nb.press(walk.find(f".{css} input").first, "Space")
        expect(walk.find(f".{css} input").first).to_be_checked()
    walk.step("proposal-typed")
    nb.press(walk.find(".iw-propose").first, "Enter")
    expect(walk.find(".iw-conflict-summary").first).to_contain_text("in progress")
    walk.step("proposed")
    first = True
    for who, colour, faces, reading in E02:
        _wait_focus(nb, "(el, key) => !!el.closest('.iw-faces-' + key)", f"{who}-{colour}")
        if first:  # a wrong count first: refused beside the box, and gone at the next try
            nb.page.keyboard.type("4 3")
            nb.page.keyboard.press("Enter")
            error = f"{ISO_TABLE} .iw-dice-entry-{who}-{colour} .iw-entry-error .iw-msg--error"
            nb.page.locator(error).wait_for(timeout=10_000)
            assert_near(nb, error, f"{ISO_TABLE} .iw-faces-{who}-{colour}", "refused-faces")
            walk.step("refused-faces", control=f"{ISO_TABLE} .iw-faces-{who}-{colour}")
            nb.page.keyboard.press("Control+a")
            first = False
        nb.page.keyboard.type(faces)
        nb.page.keyboard.press("Enter")
        expect(walk.find(f".iw-chips-{who}-{colour}").first).to_contain_text(reading)
        walk.step(f"rolled-{who}-{colour}")
    _wait_focus(nb, "(el) => !!el.closest('.iw-stance-alice-Cooperative')")
    walk.step("stance-to-choose")
    nb.page.keyboard.press("Space")
    _wait_focus(nb, "(el) => !!el.closest('.iw-difficulty')")
    walk.step("difficulty")
    # A refusal from the panel's own controls shows next to them: Cancel without a reason.
    cancel = walk.find(".iw-cancel").first
    nb.press(cancel, "Enter")
    message = f"{ISO_TABLE} .iw-cancel-bar .iw-msg--error"
    nb.page.locator(message).wait_for(timeout=10_000)
    assert_near(nb, message, f"{ISO_TABLE} .iw-cancel", "refused-cancel")
    walk.step("refused-cancel", control=f"{ISO_TABLE} .iw-cancel")
    walk.find(".iw-difficulty select").first.focus()
    nb.page.keyboard.press("Tab")  # Set Difficulty (Hard, the default)
    nb.page.keyboard.press("Enter")
    _wait_focus(nb, "(el) => !!el.closest('.iw-faces-GM-red')")
    walk.step("gm-dice")
    nb.page.keyboard.type(E03_GM)
    nb.page.keyboard.press("Enter")
    _wait_focus(nb, "(el) => !!el.closest('.iw-resolve')")
    walk.step("resolve")
    nb.page.keyboard.press("Enter")
    expect(walk.find(".iw-result").first).to_contain_text("Partial Success", timeout=10_000)
    walk.step("result")
    expect(walk.find(".iw-toolbar-row button[class*='iw-redo']").first).to_be_disabled()

    # Conflict 2, right after: every box clean, every form as before the first.
    walk.find(".iw-ap select").first.scroll_into_view_if_needed()
    assert boxes(nb, conflict) == before
    walk.step("second-starts", control=f"{ISO_TABLE} .iw-ap select")
    walk.find(".iw-ap select").first.focus()
    nb.page.keyboard.press("Tab")
    nb.page.keyboard.type("run for the truck")
    nb.press(walk.find(".iw-propose").first, "Enter")
    expect(walk.find(".iw-conflict-summary").first).to_contain_text("run for the truck")
    walk.step("second-proposed")
    assert all(value == "" for value in text_boxes(nb, conflict).values()), text_boxes(nb, conflict)
    rolled = 0
    for _ in range(12):  # every pool by typed faces and Enter; the focus goes pool to pool
        key = _faces_focused(nb)
        if key is None or key == "GM-red":
            break
        box = walk.find(f".iw-faces-{key} input").first
        expect(box).to_have_value("")
        expect(walk.find(f".iw-dice-entry-{key} .iw-source").first).to_have_text("")
        count = len(re.findall(r"\d", box.get_attribute("placeholder") or "")) or 1
        nb.page.keyboard.type(" ".join(["4"] * count))  # 4s: even, and nothing explodes
        nb.page.keyboard.press("Enter")
        expect(walk.find(f".iw-chips-{key}").first).to_contain_text("→", timeout=10_000)
        rolled += 1
        walk.step(f"second-rolled-{key}")
        nb.page.wait_for_function(
            "(key) => !document.activeElement.closest('.iw-faces-' + key)", arg=key, timeout=10_000
        )
    assert rolled >= 2, "the second conflict's pools were not all offered by keys"
    walk.words()


# --------------------------------------------------------------------------- the Danish table

FUDGE_TABLE = ".iw-fudge-table"


def _fudge_ids(nb: Notebook) -> tuple[str, str]:
    found = nb.execute(
        "print(next(c.id for c in game.state.characters if c.name == 'Mr. Burke'), "
        "next(c.id for c in game.state.characters if c.name == 'Director Hale'))"
    ).split()
    return found[0], found[1]


def _round_faces(nb: Notebook) -> str:
    """Faces for the round in progress: every party's dice (3 and its bonus or penalty
    dice, as the engine previews them), the first all +, the others all −."""
    return nb.execute(
        "h = game.state.active_hurt()\n"
        "sides = []\n"
        "for i, p in enumerate(h.parties):\n"
        "    n = 3 + abs(sum(s.dice for s in game.roll_preview(p, h.declared[p].skill)))\n"
        "    sides.append(' '.join(['+' if i == 0 else '-'] * n))\n"
        "print(' / '.join(sides))"
    ).strip()


def _select(walk: Walk, css: str, label: str) -> None:
    walk.find(f".{css} select").first.select_option(label=label)


def test_danish_table_two_rounds_by_keys_at_1280_by_800(notebook: OpenNotebook) -> None:
    nb = _open(notebook, "03-fudge-conflict.ipynb")
    burke, hale = _fudge_ids(nb)
    walk = Walk(
        nb,
        "fudge_conflict",
        FUDGE_TABLE,
        f"{FUDGE_TABLE} .iw-fudge-board-track-{burke}",
        f"{FUDGE_TABLE} .iw-fudge-board-track-{hale}",
    )
    walk.ids = [burke, hale]
    walk.find(".iw-fudge-top").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    walk.toolbar()
    walk.plots()
    walk.find(".lm-TabBar-tab").filter(has_text="Conflict").first.click()
    form = f"{FUDGE_TABLE} .iw-fudge-conflict-form"
    before = boxes(nb, form)
    walk.step("start", control=f"{FUDGE_TABLE} .iw-fudge-kind select", board=False)

    # A new argument: Burke (arguing 2) against Director Hale (arguing 3).
    _select(walk, "iw-fudge-kind", "Active opposition")
    _select(walk, "iw-fudge-actor", "Mr. Burke")
    _select(walk, "iw-fudge-skill", "arguing (2)")
    _select(walk, "iw-fudge-opponent", "Director Hale")
    _select(walk, "iw-fudge-opponent-skill", "arguing (3)")
    walk.find(".iw-fudge-intention input").first.fill("make Hale listen")
    nb.press(walk.find(".iw-fudge-open").first, "Enter")
    faces = walk.find(".iw-faces-conflict input").first
    expect(faces).to_be_focused(timeout=10_000)
    expect(faces).to_have_value("")
    walk.step("opened")
    nb.page.keyboard.type("0 0 0 / + + + +")
    nb.page.keyboard.press("Enter")
    expect(walk.find(".iw-fudge-conflict-result").first).to_contain_text("Director Hale wins")
    expect(walk.find(f".iw-fudge-lih-{burke}").first).to_be_focused(timeout=10_000)
    walk.step("rolled", board=False)  # the conflict is over: nobody is in play
    nb.page.keyboard.press("Enter")  # Burke's player lets it hurt
    expect(walk.find(".iw-fudge-round").first).to_contain_text("Round 1")
    hurt = f"{FUDGE_TABLE} .iw-fudge-hurt"
    for number in (1, 2):
        intent = walk.find(f".iw-fudge-intent-{burke} input").first
        if number == 1:
            expect(intent).to_be_focused(timeout=10_000)
            round_one = boxes(nb, hurt)
        else:  # every box clean, every choice back at its default; intentions stay
            expect(walk.find(f".iw-fudge-category-{burke} select").first).to_be_focused(
                timeout=10_000
            )
            assert boxes(nb, hurt) == round_one, (boxes(nb, hurt), round_one)
            expect(walk.find(".iw-dice-entry-round .iw-source").first).to_have_text("")
        walk.step(f"round-{number}-starts")
        if number == 1:
            nb.page.keyboard.type("make Hale listen")
            nb.page.keyboard.press("Enter")
            # The box empties and the keyboard moves on to Hale's intention.
            hale_intent = walk.find(f".iw-fudge-intent-{hale} input").first
            expect(hale_intent).to_be_focused(timeout=10_000)
            expect(intent).to_have_value("")
            # Enter on an empty box: refused beside it, not at the table's top.
            nb.page.keyboard.press("Enter")
            message = f"{FUDGE_TABLE} .iw-fudge-party-{hale} .iw-msg--error"
            nb.page.locator(message).wait_for(timeout=10_000)
            assert_near(nb, message, f"{FUDGE_TABLE} .iw-fudge-intent-{hale}", "refused-intent")
            walk.step("refused-intent", control=f"{FUDGE_TABLE} .iw-fudge-intent-{hale}")
            nb.page.keyboard.type("humiliate Burke")
            nb.page.keyboard.press("Enter")
            expect(walk.find(f".iw-fudge-party-{hale}").first).to_contain_text("humiliate Burke")
            expect(walk.find(f".iw-fudge-category-{burke} select").first).to_be_focused(
                timeout=10_000
            )
            walk.step("round-1-intentions")
        for who in (burke, hale):
            nb.press(walk.find(f".iw-fudge-declare-{who}").first, "Enter")
        expect(walk.find(".iw-fudge-declared").first).to_contain_text("Director Hale")
        walk.step(f"round-{number}-declared", control=f"{FUDGE_TABLE} .iw-fudge-declare-{hale}")
        box = walk.find(".iw-faces-round input").first
        expect(box).to_have_value("")
        box.focus()
        if number == 1:  # a wrong count first: refused beside the box
            nb.page.keyboard.type("0 0 0 / + +")
            nb.page.keyboard.press("Enter")
            error = f"{FUDGE_TABLE} .iw-dice-entry-round .iw-entry-error .iw-msg--error"
            nb.page.locator(error).wait_for(timeout=10_000)
            assert_near(nb, error, f"{FUDGE_TABLE} .iw-faces-round", "refused-round")
            walk.step("refused-round", control=f"{FUDGE_TABLE} .iw-faces-round")
            nb.page.keyboard.press("Control+a")
        nb.page.keyboard.type(_round_faces(nb))
        nb.page.keyboard.press("Enter")
        expect(walk.find(".iw-fudge-round-result").first).to_contain_text(
            f"Round {number}", timeout=10_000
        )
        if number == 1:  # the keyboard goes to the next round's first step, under it
            expect(walk.find(f".iw-fudge-category-{burke} select").first).to_be_focused(
                timeout=10_000
            )
            walk.step("round-2-first-step")
        walk.step(f"round-{number}-rolled", control=f"{FUDGE_TABLE} .iw-fudge-round-result")
        if number == 1:
            expect(walk.find(".iw-fudge-round").first).to_contain_text("Round 2")

    # The next conflict's form starts as the first one's did.
    walk.find(".lm-TabBar-tab").filter(has_text="Conflict").first.click()
    nb.execute(
        "game.give_up(game.state.active_hurt().parties[1]) if game.state.active_hurt() else None"
    )
    expect(walk.find(".iw-fudge-conflict-form").first).to_be_visible(timeout=10_000)
    assert boxes(nb, form) == before, (boxes(nb, form), before)
    walk.step("next-conflict", control=f"{FUDGE_TABLE} .iw-fudge-kind select", board=False)
    walk.words()


# --------------------------------------------------------------------------- Impact

IMPACT_TABLE = ".iw-impact-table"
ACCESS = "iw-chip-det-3"  # Ellis's "Access To Every Mechanical Design…", either way
PLANS = "iw-chip-det-8"  # Pierce's Temporary "Pocketful Of Doomsday Plans": he helps


def _impact_ids(nb: Notebook) -> tuple[str, str]:
    found = nb.execute("print(pierce, ellis)").split()
    return found[0], found[1]


def test_impact_two_tests_by_keys_at_1280_by_800(notebook: OpenNotebook) -> None:
    nb = _open(notebook, "02-impact.ipynb")
    pierce, ellis = _impact_ids(nb)
    walk = Walk(nb, "impact", IMPACT_TABLE, f"{IMPACT_TABLE} .iw-impact-play-ladder-{ellis}")
    walk.ids = [pierce, ellis]
    walk.find(".iw-impact-main").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    walk.toolbar()
    walk.plots()
    test = f"{IMPACT_TABLE} .iw-impact-test"
    # The notebook's last cell set Ellis's test up, Pierce helping: their ladders in play.
    expect(walk.find(f".iw-impact-play-ladder-{pierce}").first).to_be_visible()
    walk.step("set-up", control=f"{IMPACT_TABLE} .iw-impact-face")

    # Cite the Details that help: Ellis's asks which way (+1 helps), Pierce's Temporary one.
    nb.press(walk.find(f".{ACCESS}").first, "Enter")
    helps = nb.page.locator(f".iw-impact-chip-box:has(.{ACCESS}) .iw-chip-cite-helps")
    nb.press(helps.first, "Enter")
    expect(walk.find(f".{ACCESS}").first).to_contain_text("+1", timeout=10_000)
    walk.step("cited-access", control=f"{IMPACT_TABLE} .{ACCESS}")
    nb.press(walk.find(f".{PLANS}").first, "Enter")
    expect(walk.find(f".{PLANS}").first).to_contain_text("+1", timeout=10_000)
    walk.step("cited-plans", control=f"{IMPACT_TABLE} .{PLANS}")

    # The face of a real D8: a 9 is refused beside the box, then a 6 goes: 6 + 2 = 8.
    face = walk.find(".iw-impact-face input").first
    nb.press(face, "9")
    nb.page.keyboard.press("Enter")
    error = f"{IMPACT_TABLE} .iw-dice-entry-impact .iw-entry-error .iw-msg--error"
    nb.page.locator(error).wait_for(timeout=10_000)
    assert_near(nb, error, f"{IMPACT_TABLE} .iw-impact-face", "refused-face")
    walk.step("refused-face", control=f"{IMPACT_TABLE} .iw-impact-face")
    nb.page.keyboard.press("Control+a")
    nb.page.keyboard.type("6")
    nb.page.keyboard.press("Enter")
    expect(walk.find(".iw-impact-result").first).to_contain_text("✔ Success", timeout=10_000)
    # The keyboard goes on to the effect to choose (the roll's row is gone).
    expect(walk.find(".iw-impact-effect-kind select").first).to_be_focused(timeout=10_000)
    walk.step("rolled")
    # A Success waits for its effect; Finish with no effect closes the test.
    nb.press(walk.find(".iw-impact-finish").first, "Enter")
    expect(walk.find(".iw-impact-result").first).to_contain_text("Quartermaster Ellis")
    expect(walk.find(".iw-impact-kind select").first).to_be_enabled(timeout=10_000)
    walk.step("finished", board=False)  # no test in play: nothing on the strip

    # The second test starts clean: no face, no mark, the set-up at its defaults.
    assert all(value == "" for value in text_boxes(nb, test).values()), text_boxes(nb, test)
    expect(walk.find(".iw-impact-face input").first).to_have_value("")
    expect(walk.find(".iw-dice-entry-impact .iw-source").first).to_have_text("")
    expect(walk.find(".iw-impact-kind select").first).to_have_value("Action")
    expect(walk.find(".iw-impact-difficulty select").first).to_have_value("Difficult (D8)")
    walk.board = (f"{IMPACT_TABLE} .iw-impact-play-ladder-{pierce}",)
    walk.step("second-starts", control=f"{IMPACT_TABLE} .iw-impact-face")
    face = walk.find(".iw-impact-face input").first
    nb.press(face, "3")
    nb.page.keyboard.press("Enter")
    expect(walk.find(".iw-impact-result").first).to_contain_text("Failure", timeout=10_000)
    # The keyboard goes on to the Complication the GM may offer.
    expect(walk.find(".iw-impact-complication input").first).to_be_focused(timeout=10_000)
    walk.step("second-rolled")
    walk.words()


# --------------------------------------------------------------------------- Watch the World Die

WORLD_TABLE = ".iw-walk-world"  # the notebook's last table, a world not begun (tagged)


def _chain_end(nb: Notebook) -> str:
    """A face that ends the chain due: one the dice label does not list."""
    label = nb.page.locator(f"{WORLD_TABLE} .iw-wtwd-dice-label").first.inner_text()
    listed = set(re.findall(r"\d", label.split("chains on", 1)[-1].split(",", 1)[0]))
    return next(face for face in "654321" if face not in listed)


def _create_event(walk: Walk, nb: Notebook, region: str, details: str, step: str) -> None:
    """The Event form: its list has the focus; pick, then a region and details by Enter."""
    expect(walk.find(".iw-wtwd-event-entry select").first).to_be_focused(timeout=10_000)
    assert all(v == "" for v in text_boxes(nb, f"{WORLD_TABLE} .iw-wtwd-event-form").values())
    walk.step(f"{step}-event-form")
    region_box = walk.find(".iw-wtwd-region input").first
    if region_box.is_visible():
        nb.press(region_box, "Home")
        nb.page.keyboard.type(region)
        nb.page.keyboard.press("Enter")
    expect(walk.find(".iw-wtwd-details input").first).to_be_focused(timeout=10_000)
    nb.page.keyboard.type(details)
    nb.page.keyboard.press("Enter")


def test_world_two_turns_by_keys_at_1280_by_800(notebook: OpenNotebook) -> None:
    nb = _open(notebook, "04-watch-the-world-die.ipynb")
    nb.page.locator(".iw-wtwd-table").last.evaluate("e => e.classList.add('iw-walk-world')")
    walk = Walk(nb, "watch_the_world_die", WORLD_TABLE, f"{WORLD_TABLE} .iw-wtwd-pressure-track")
    walk.find(".iw-wtwd-setup").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    walk.toolbar()
    walk.plots()
    players = walk.find(".iw-wtwd-players-box input").first
    nb.press(players, "Home")
    nb.page.keyboard.type("Ana, Ben, Chidi, Dana")
    nb.page.keyboard.press("Enter")
    expect(walk.find(".iw-wtwd-players-view").first).to_contain_text("▶ Ana")
    worse = walk.find(".iw-faces-worse input").first
    expect(worse).to_be_focused(timeout=10_000)
    walk.step("begun")

    # Turn 1: Ana must Make It Worse; a wrong face is refused beside the box.
    nb.page.keyboard.type("7")
    nb.page.keyboard.press("Enter")
    error = f"{WORLD_TABLE} .iw-dice-entry-worse .iw-entry-error .iw-msg--error"
    nb.page.locator(error).wait_for(timeout=10_000)
    assert_near(nb, error, f"{WORLD_TABLE} .iw-faces-worse", "refused-face")
    walk.step("refused-face", control=f"{WORLD_TABLE} .iw-faces-worse")
    nb.page.keyboard.press("Control+a")
    nb.page.keyboard.type("1")  # Climate
    nb.page.keyboard.press("Enter")
    _create_event(walk, nb, "the Sahel", "a third summer without rain", "turn-1")
    turn_die = walk.find(".iw-faces-turn input").first
    expect(turn_die).to_be_focused(timeout=10_000)
    walk.step("turn-1-chain-due")
    nb.page.keyboard.type(_chain_end(nb))
    nb.page.keyboard.press("Enter")
    expect(walk.find(".iw-wtwd-players-view").first).to_contain_text("▶ Ben", timeout=10_000)

    # Turn 2, right after: no face, no "last roll" mark, the Event form at its defaults.
    expect(worse).to_be_focused(timeout=10_000)
    for key in ("worse", "relieve"):
        expect(walk.find(f".iw-faces-{key} input").first).to_have_value("")
        expect(walk.find(f".iw-dice-entry-{key} .iw-source").first).to_have_text("")
    walk.step("turn-2-starts")
    nb.page.keyboard.type("4")  # Infrastructure
    nb.page.keyboard.press("Enter")
    _create_event(walk, nb, "Lagos", "the grid fails for a week", "turn-2")
    expect(turn_die).to_be_focused(timeout=10_000)
    expect(turn_die).to_have_value("")
    expect(walk.find(".iw-dice-entry-turn .iw-source").first).to_have_text("")
    walk.step("turn-2-chain-due")
    nb.page.keyboard.type(_chain_end(nb))
    nb.page.keyboard.press("Enter")
    expect(walk.find(".iw-wtwd-players-view").first).to_contain_text("▶ Chidi", timeout=10_000)
    walk.step("turn-2-done", control=f"{WORLD_TABLE} .iw-faces-worse")
    walk.words()
