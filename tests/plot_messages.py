"""What a plotly FigureWidget sends the browser, counted (for tests that a chart's cost
stays the same all session long: an append sends the new points, not every point)."""

from __future__ import annotations

from typing import Any

__all__ = ["sent_points"]


def sent_points(figure: Any) -> list[int]:
    """How many x values each update or animation ``figure`` sends carries (its size)."""
    sizes: list[int] = []

    def seen(change: Any) -> None:
        message = change["new"]
        if not message:
            return
        styles = message["style_data"]
        if change["name"] == "_py2js_animate":  # one dict per trace: {"x": [...]}
            sizes.append(sum(len(style.get("x") or ()) for style in styles))
        else:  # one dict of the traces: {"x": [[...], ...]}
            sizes.append(sum(len(x or ()) for x in (styles or {}).get("x", [])))

    figure.observe(seen, names=["_py2js_update", "_py2js_animate"])
    return sizes
