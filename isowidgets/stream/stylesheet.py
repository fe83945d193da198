"""The stream page's stylesheet: the frame at its size, the cards, the reveal, a layout
of the whole board or of the latest resolution along the bottom."""

from __future__ import annotations

from .. import checks
from .options import LAYOUTS, SIZES

__all__ = ["page_css"]


def page_css(size: str, *, transparent: bool, layout: str = "board") -> str:
    """The page's stylesheet: the frame, its base size, the cards, the reveal.

    Everything inside is sized in ``em`` from the base, so the kit's chips and tracks
    grow with the frame. Voila's own wrappers get no background and no margin, so
    nothing but the stream's cards is drawn; with ``transparent`` the page shows what
    is behind it, and each card keeps its own near-opaque fill and a dark border.
    """
    width, height, base = SIZES[checks.choice(size, "size", list(SIZES))]
    checks.choice(layout, "layout", LAYOUTS)
    background = "transparent" if transparent else "#ecebe4"
    card = "rgba(255, 255, 255, 0.94)" if transparent else "#ffffff"
    return f"""<style>
html, body, #rendered_cells, .jp-Notebook, .jp-Cell, .jp-OutputArea, .jp-OutputArea-child,
.jp-OutputArea-output, .jp-LabShell, .jp-RenderedHTMLCommon, body.jp-Notebook, .voila-root
  {{ background: {background} !important; }}
body {{ margin: 0; overflow: hidden; }}
#rendered_cells, .jp-Notebook, .jp-Cell, .jp-OutputArea-output {{ padding: 0 !important;
  margin: 0 !important; }}
.jp-OutputPrompt, .jp-InputPrompt {{ display: none !important; }}
.iw-stream {{ width: {width}px; height: {height}px; box-sizing: border-box;
  padding: 0.5em 0.6em; font-size: {base}px; line-height: 1.25; color: #111;
  overflow: hidden; background: transparent;
  font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; gap: 0.4em; }}
.iw-stream .widget-box, .iw-stream .widget-html, .iw-stream .widget-html-content
  {{ background: transparent; }}
.iw-stream .widget-html, .iw-stream .widget-html-content {{ font-size: inherit;
  line-height: inherit; height: auto; margin: 0; padding: 0; }}
.iw-stream .iw-stream-card {{ background: {card} !important; border: 0.1em solid #222;
  box-shadow: 0 0 0 0.1em #fff; border-radius: 0.35em; padding: 0.35em 0.6em; margin: 0;
  box-sizing: border-box; overflow: hidden; color: #111; }}
.iw-stream .iw-stream-top {{ flex: 0 0 auto; display: flex; flex-direction: row;
  align-items: baseline; }}
.iw-stream .iw-stream-head {{ font-size: 1.3em; font-weight: 700; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }}
.iw-stream .iw-stream-system {{ font-size: 0.75em; font-weight: 400; margin-left: 0.5em; }}
.iw-stream .iw-stream-status {{ font-size: 0.9em; margin-left: auto; }}
.iw-stream .iw-stream-h {{ font-size: 1em; font-weight: 700; margin: 0 0 0.2em; }}
.iw-stream .iw-stream-columns {{ display: flex; gap: 0.4em; flex: 1 1 auto; min-height: 0;
  align-items: stretch; }}
.iw-stream .iw-stream-left {{ flex: 0 0 42%; min-width: 0; }}
.iw-stream .iw-stream-right {{ flex: 1 1 0; min-width: 0; display: flex;
  flex-direction: column; }}
.iw-stream .iw-stream-right > .widget-box {{ flex: 1 1 auto; min-height: 0; }}
.iw-stream .iw-stream-foot {{ flex: 0 0 auto; font-size: 0.9em; }}
.iw-stream .iw-stream-commit {{ overflow-wrap: anywhere; }}
.iw-stream .iw-stream-commit code {{ font-family: "DejaVu Sans Mono", monospace;
  font-size: 1em; }}
.iw-stream .iw-outcome {{ display: flex; flex-direction: column; gap: 0.2em; }}
.iw-stream .iw-outcome p {{ margin: 0; }}
.iw-stream .iw-outcome-head {{ font-size: 1em; font-weight: 700; overflow-wrap: anywhere; }}
.iw-stream .iw-outcome-verdict {{ font-size: 1.45em; font-weight: 800; line-height: 1.15;
  padding: 0.1em 0.3em; border-left: 0.3em solid #333; overflow-wrap: anywhere; }}
.iw-stream .iw-outcome--success .iw-outcome-verdict {{ border-left: 0.3em solid #1b6e33;
  background: #e3f3e6; }}
.iw-stream .iw-outcome--partial .iw-outcome-verdict {{ border-left: 0.3em dashed #8a5a00;
  background: #fbf0d9; }}
.iw-stream .iw-outcome--failure .iw-outcome-verdict {{ border-left: 0.3em double #a3172a;
  background: #f8e1e3; }}
.iw-stream .iw-outcome--even .iw-outcome-verdict {{ border-left: 0.3em dotted #333;
  background: #efefef; }}
.iw-stream .iw-outcome-changes {{ margin: 0; padding-left: 1.1em; }}
.iw-stream .iw-outcome-changes li {{ overflow-wrap: anywhere; }}
.iw-stream .iw-outcome-dice {{ display: flex; flex-direction: column; gap: 0.15em; }}
.iw-stream .iw-outcome-reading {{ font-weight: 700; }}
.iw-stream .iw-stream-pool .iw-dice {{ gap: 0.15em; margin: 0; flex-wrap: wrap; }}
.iw-stream .iw-stream-pool {{ display: flex; flex-wrap: wrap; align-items: center;
  gap: 0.3em; }}
.iw-stream .iw-dice-label {{ font-size: 0.9em; color: #111; margin-right: 0.2em; }}
.iw-stream .iw-stream-source {{ font-size: 1em; color: #333; }}
.iw-stream .iw-reading {{ font-size: 1em; font-weight: 700; }}
.iw-stream .iw-reading::before {{ content: "→ "; }}
.iw-stream .iw-die {{ font-size: 0.9em; min-width: 1.75em; height: 1.6em; padding: 0 0.05em;
  border-width: 0.12em; }}
.iw-stream .iw-die--red {{ border-width: 0.2em; }}
.iw-stream .iw-die .iw-glyph, .iw-stream .iw-die .iw-mark {{ font-size: 1em; }}
.iw-stream .iw-chain {{ padding: 0.05em; gap: 0.1em; }}
.iw-stream .iw-stream-list {{ margin: 0; padding-left: 1.1em; }}
.iw-stream .iw-stream-list li {{ overflow-wrap: anywhere; }}
.iw-stream .iw-stream-people {{ list-style: none; padding-left: 0; }}
.iw-stream .iw-track {{ font-size: 0.9em; margin: 0.1em 0; }}
.iw-stream .iw-track-title {{ font-size: 1em; }}
.iw-stream .iw-track-state {{ font-size: 1em; }}
.iw-stream .iw-track-levels {{ flex-wrap: nowrap; gap: 0.15em; }}
.iw-stream .iw-track-level {{ min-width: 0; flex: 1 1 0; padding: 0.05em 0.15em;
  font-size: 1em; }}
.iw-stream .iw-track-level .iw-track-note {{ font-size: 1em; }}
.iw-stream .iw-track-slot {{ min-width: 0; flex: 1 1 0; padding: 0.05em 0.1em;
  font-size: 1em; }}
.iw-stream .iw-track-slot .iw-track-slot-label, .iw-stream .iw-track-slot .iw-track-note
  {{ font-size: 1em; }}
.iw-stream .iw-stream-strip {{ display: flex; gap: 0.6em; align-items: flex-start;
  flex: 0 0 auto; }}
.iw-stream .iw-stream-strip > * {{ flex: 0 1 auto; min-width: 0; }}
.iw-stream .iw-stream-strip > .iw-stream-stress {{ flex: 0 0 auto; }}
.iw-stream .iw-stream-stress .iw-track-title {{ white-space: nowrap; }}
.iw-stream .iw-stream-people {{ display: flex; flex-wrap: wrap; column-gap: 0.8em; }}
.iw-stream .iw-stream-mapbox {{ flex: 1 1 auto; min-width: 0; min-height: 0;
  position: relative; }}
.iw-stream .iw-stream-map {{ resize: none !important; border: 0 !important;
  position: absolute !important; inset: 0; width: 100% !important; height: 100% !important; }}
.iw-stream .iw-track-level .iw-track-note {{ display: none; }}
.iw-stream .iw-stream-board {{ height: 100%; display: flex; flex-direction: column;
  gap: 0.3em; flex: 1 1 auto; min-width: 0; }}
.iw-stream .iw-stream-board > .widget-box {{ min-height: 0; }}
.iw-stream .iw-stream-chartbox {{ flex: 1 1 0; min-height: 0; position: relative; }}
.iw-stream .iw-stream-chartbox > .iw-wtwd-chart-panel {{ position: absolute; inset: 0;
  display: flex; flex-direction: column; margin: 0; }}
.iw-stream .iw-stream-chartbox .iw-wtwd-chart {{ flex: 1 1 0; min-height: 0;
  width: 100% !important; }}
.iw-stream .iw-stream-fighter {{ display: flex; gap: 0.4em; align-items: center;
  margin: 0 0 0.15em; }}
.iw-stream .iw-stream-fighter > .iw-stream-name {{ flex: 0 0 6.5em; min-width: 0;
  overflow-wrap: anywhere; }}
.iw-stream .iw-stream-fighter > .iw-track {{ flex: 1 1 0; min-width: 0; margin: 0; }}
.iw-stream .iw-stream-fighter .iw-track-title, .iw-stream .iw-stream-fighter .iw-track-state,
.iw-stream .iw-track-slot .iw-track-note {{ display: none; }}
.iw-stream .iw-stream-fighter .iw-track-slot {{ flex: 0 0 2.4em; }}
.iw-stream .iw-stream-fighter .iw-track-slot--filled {{ flex: 1 1 auto; }}
.iw-stream .iw-stream-legend p {{ margin: 0 0 0.2em; font-size: 0.9em; }}
.iw-stream .iw-track-levels {{ margin: 0; }}
.iw-stream .iw-stream-more {{ font-size: 0.9em; }}
/* A new resolution: the dice first, then the verdict and what it changed. */
@keyframes iw-stream-in {{ from {{ opacity: 0; transform: translateY(0.4em); }}
  to {{ opacity: 1; transform: none; }} }}
.iw-stream .iw-reveal-dice {{ animation: iw-stream-in 0.35s ease-out both; }}
.iw-stream .iw-reveal-verdict {{ animation: iw-stream-in 0.35s ease-out 0.45s both; }}
@media (prefers-reduced-motion: reduce) {{
  .iw-stream .iw-reveal-dice, .iw-stream .iw-reveal-verdict {{ animation: none !important; }}
}}
.iw-stream--lower-third {{ justify-content: flex-end; }}
.iw-stream--lower-third .iw-stream-third {{ flex: 0 0 auto; max-height: 46%; }}
.iw-stream--lower-third .iw-outcome {{ display: grid; grid-template-columns: 44% 1fr;
  grid-template-rows: auto auto auto 1fr; column-gap: 0.8em; align-items: start; }}
.iw-stream--lower-third .iw-outcome-head {{ grid-column: 1; grid-row: 1; }}
.iw-stream--lower-third .iw-outcome-verdict {{ grid-column: 1; grid-row: 2; }}
.iw-stream--lower-third .iw-outcome-changes {{ grid-column: 1; grid-row: 3; }}
.iw-stream--lower-third .iw-outcome-dice {{ grid-column: 2; grid-row: 1 / span 4; }}
.iw-stream--lower-third .iw-outcome-reading {{ grid-column: 1; grid-row: 4; }}
</style>"""
