"""Keep a table's board on screen beside the panel in use, however long that panel grows.

A table puts its board (Isolation's map, the Danish damage tracks, Impact's ladders,
Watch the World Die's Pressure) in one column and the panel being played in the other.
The panel grows as play goes (pools, stances, a round's declarations), the notebook
scrolls to the control in use, and the board scrolls away with it: at 1280×800 the GM
rolled pools with the map off screen. CSS ``position: sticky`` cannot help here: the
notebook's outputs and ipywidgets' boxes scroll on their own (``overflow: auto``), so a
sticky board sticks to a box that never scrolls.

:class:`StayInView` is a small invisible anywidget that does it in the page: it finds the
board (``selector``) and the row it sits in (``within``) in the table it is placed in,
watches the scrolling area around them (JupyterLab's notebook, or the page in Voila),
and moves the board down within its row (a CSS ``transform``, so nothing else moves) to
keep its top in view while the row is on screen, never past the row's end. The board is
a column of the row (the map's column), or a short strip heading one (the Danish damage
tracks over the character sheets, which it then covers while it floats: marked
``iw-floating``), or a bar across the row (Watch the World Die's Pressure, ``header``),
which floats over the top of the view as a sticky header does. When the row stacks its
columns (a narrow screen) a column board stays where it is. Nothing is sent to the kernel.
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["StayInView"]

_ESM = """
function scrollerOf(node) {
  for (let up = node.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (/(auto|scroll)/.test(style.overflowY) && up.scrollHeight > up.clientHeight + 1) {
      return up;
    }
  }
  return window;
}

function columnOf(board, row) {
  // The row's child holding the board (the board itself, or the column it heads).
  let column = board;
  while (column.parentElement && column.parentElement !== row) column = column.parentElement;
  return column;
}

function stacked(column) {
  // Another column of the row shares this column's width: the row wraps, nothing floats.
  const mine = column.getBoundingClientRect();
  for (const other of column.parentElement.children) {
    if (other === column || other.offsetParent === null) continue;
    const box = other.getBoundingClientRect();
    if (box.width > 0 && box.left < mine.right - 1 && box.right > mine.left + 1) return true;
  }
  return false;
}

function render({ model, el }) {
  el.style.display = "none";
  el.classList.add("iw-stay-in-view");
  let tries = 0;
  let board = null;
  let row = null;
  let scroller = null;
  let frame = 0;
  let shift = 0;
  const cleanups = [];

  const update = () => {
    frame = 0;
    if (!board || !board.isConnected) return;
    const now = scrollerOf(row);
    if (now !== scroller) listen(now);
    let wanted = 0;
    if (model.get("header") || !stacked(columnOf(board, row))) {
      const top = scroller === window ? 0 : scroller.getBoundingClientRect().top;
      const box = row.getBoundingClientRect();
      const room = box.height - board.offsetHeight;
      wanted = Math.max(0, Math.min(top + model.get("margin") - box.top, room));
    }
    wanted = Math.round(wanted);
    if (Math.abs(wanted - shift) < 1) return;
    shift = wanted;
    board.style.transform = shift ? `translateY(${shift}px)` : "";
    board.classList.toggle("iw-floating", shift > 0);
    // A drawing that caches where its canvas is (cytoscape) learns it moved.
    board.dispatchEvent(new Event("scroll"));
  };
  const later = () => { if (!frame) frame = requestAnimationFrame(update); };

  const listen = (target) => {
    if (scroller) scroller.removeEventListener("scroll", later);
    scroller = target;
    scroller.addEventListener("scroll", later, { passive: true });
  };

  const attach = () => {
    let root = null;
    for (let up = el.isConnected ? el.parentElement : null; up; up = up.parentElement) {
      if (up.classList.contains("iw-panel")) root = up;
      if (up.classList.contains("jp-OutputArea-output")) break;
    }
    board = root ? root.querySelector(model.get("selector")) : null;
    row = root ? root.querySelector(model.get("within")) : null;
    if (!board || !row) {
      if (++tries < 600) setTimeout(attach, 50);
      return;
    }
    board.classList.add("iw-stays-in-view");
    listen(scrollerOf(row));
    const resized = new ResizeObserver(later);
    resized.observe(row);
    resized.observe(board);
    window.addEventListener("resize", later);
    cleanups.push(() => resized.disconnect(), () => window.removeEventListener("resize", later));
    later();
  };
  attach();
  return () => {
    cleanups.forEach((stop) => stop());
    if (scroller) scroller.removeEventListener("scroll", later);
  };
}

export default { render };
"""


class StayInView(anywidget.AnyWidget):
    """Invisible: keeps a table's board (``selector``) in view within its row (``within``).

    Both are CSS selectors searched inside the outermost kit panel around this widget
    (the table), so place it anywhere in the table.

    Args:
        selector: the board's column, e.g. ``".iw-play-map"``.
        within: the row it moves within, e.g. ``".iw-play"``.
        margin: pixels kept between the top of the view and the board.
        header: the board is a bar across the row, not one of its columns.
    """

    _esm = _ESM
    selector = traitlets.Unicode("").tag(sync=True)
    within = traitlets.Unicode("").tag(sync=True)
    margin = traitlets.Int(4).tag(sync=True)
    header = traitlets.Bool(False).tag(sync=True)
    """A full-width bar over the row (Watch the World Die's Pressure) rather than a column
    beside the others: it floats over what is under it, as a sticky header does."""
