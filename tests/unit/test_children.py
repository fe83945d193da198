"""A box is told a widget is gone before the widget is closed (see widgets/children.py)."""

from __future__ import annotations

import ipywidgets as widgets

from isowidgets.widgets.children import set_children


class Recorded(widgets.Button):  # type: ignore[misc]
    """A button that notes, when closed, whether the box still showed it."""

    def __init__(self, box: widgets.Box, seen: list[tuple[str, bool]], name: str) -> None:
        super().__init__(description=name)
        self._box, self._seen = box, seen

    def close(self) -> None:
        self._seen.append((self.description, self in self._box.children))
        super().close()


def test_the_box_changes_before_the_retired_widgets_close() -> None:
    box = widgets.HBox()
    seen: list[tuple[str, bool]] = []
    a, b, c = (Recorded(box, seen, name) for name in "abc")
    box.children = (a, b)
    set_children(box, (a, c), retired=[b])
    assert box.children == (a, c)
    assert seen == [("b", False)]  # closed once the box no longer showed it
    assert b.comm is None and a.comm is not None


def test_nothing_is_sent_when_the_children_are_the_same_and_a_kept_widget_stays_open() -> None:
    box = widgets.VBox()
    seen: list[tuple[str, bool]] = []
    a = Recorded(box, seen, "a")
    box.children = (a,)
    changes: list[object] = []
    box.observe(changes.append, names=["children"])
    set_children(box, [a], retired=[a])
    assert changes == [] and seen == [] and a.comm is not None


def test_no_view_closes_a_widget_it_has_just_taken_out_of_its_dict() -> None:
    """``self.rows.pop(gone).close()`` closes a row while its box still shows it: each view
    hands the rows it drops to :func:`set_children` instead."""
    import re
    from pathlib import Path

    import isowidgets.widgets

    root = Path(isowidgets.widgets.__file__).parent
    found = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\.pop\([^)]*\)\.close\(\)", line)
    ]
    assert not found, "\n".join(found)
