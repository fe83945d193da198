"""The kit's stylesheet, in one place for every panel and shared widget.

Scoped under the kit's root classes (``iw-panel`` on every panel, ``iw-kit`` on every
shared widget) so it styles nothing else on the page. Shown through :func:`style`, a
hidden HTML widget each panel carries once.
"""

from __future__ import annotations

import ipywidgets as widgets

__all__ = ["CSS", "style"]

CSS = """
<style>
.iw-panel { font-family: var(--jp-ui-font-family, sans-serif); }
.iw-title { font-weight: 600; font-size: 1.05em; margin: 2px 0 4px; }
.iw-dice { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 2px 0; }
.iw-die { display: inline-flex; align-items: center; justify-content: center; gap: 1px;
  min-width: 2.1em; height: 2.1em; padding: 0 3px; box-sizing: border-box;
  font-weight: 700; font-size: 0.95em; border: 2px solid #555; background: #fff; color: #222;
  position: relative; }
.iw-die .iw-glyph { font-size: 0.7em; font-weight: 400; opacity: 0.9; }
.iw-die .iw-mark { font-size: 0.65em; }
.iw-die--green { border-color: #1b7837; color: #1b7837; border-radius: 5px; }
.iw-die--red { border-color: #b2182b; color: #b2182b; border-radius: 50%; border-style: double;
  border-width: 4px; }
.iw-die--plain { border-color: #444; border-radius: 3px; }
.iw-die--counts.iw-die--green { background: #1b7837; color: #fff; }
.iw-die--counts.iw-die--red { background: #b2182b; color: #fff; }
.iw-die--counts.iw-die--plain { background: #333; color: #fff; }
.iw-die--extra { outline: 2px dotted #777; outline-offset: 1px; }
.iw-chain { display: inline-flex; align-items: center; gap: 3px; padding: 2px 3px;
  border: 1px dashed #888; border-radius: 4px; }
.iw-die--declined { opacity: 0.55; }
.iw-dice-label { font-size: 0.85em; color: #444; margin-right: 4px; }
.iw-msg { padding: 6px 8px; margin: 4px 0; border-left: 5px solid; font-size: 0.95em; }
.iw-msg--error { border-color: #b2182b; background: #fbeaea; }
.iw-msg--warning { border-color: #b35806; background: #fdf1e4; border-left-style: dashed; }
.iw-msg--info { border-color: #2166ac; background: #eaf1fb; border-left-style: dotted; }
.iw-log table { border-collapse: collapse; font-size: 0.85em; width: 100%; }
.iw-log th, .iw-log td { border-bottom: 1px solid #ddd; padding: 2px 6px; text-align: left;
  vertical-align: top; }
.iw-log tr.iw-void td { text-decoration: line-through; color: #888; }
.iw-log tr.iw-gm td:first-child { border-left: 4px dashed #6a4c93; }
.iw-log tr.iw-gm-shown td:first-child { border-left: 4px dotted #6a4c93; }
.iw-badge { display: inline-block; padding: 0 6px; border-radius: 8px; border: 1px solid #888;
  font-size: 0.85em; margin-right: 4px; }
/* Focus you can see: a black ring on a yellow halo, thick enough on a blue button and on
   white. Chromium shows :focus-visible for keys (and for every text box), not for clicks. */
.iw-panel :is(button, input, select, textarea, [tabindex]):focus-visible,
.iw-kit :is(button, input, select, textarea, [tabindex]):focus-visible {
  outline: 3px solid #111 !important; outline-offset: 2px !important;
  box-shadow: 0 0 0 2px #ffd400 !important; }
.iw-entry-row, .iw-toolbar-row, .iw-log-pager { display: flex; flex-wrap: wrap; gap: 4px;
  align-items: center; }
.iw-source { font-size: 0.9em; padding: 0 6px; }
.iw-source b { font-weight: 700; }
.iw-log-status { font-size: 0.9em; }
.iw-track { margin: 2px 0; }
.iw-track-title { font-weight: 600; margin-right: 6px; }
.iw-track-levels { display: flex; flex-wrap: wrap; gap: 3px; list-style: none; margin: 2px 0;
  padding: 0; }
.iw-track-level { display: inline-flex; flex-direction: column; align-items: center;
  min-width: 3.2em; padding: 2px 5px; border: 1px dashed #999; border-radius: 5px;
  color: #444; background: #fff; font-size: 0.9em; line-height: 1.25; }
.iw-track-level .iw-track-note { font-size: 0.8em; }
.iw-track-level--current { border: 3px solid #111; color: #000; background: #fff3c4;
  font-weight: 700; }
.iw-track-boxes { letter-spacing: 2px; font-size: 1.1em; margin-right: 6px; }
.iw-track-state { font-size: 0.9em; }
.iw-track-slot { display: inline-flex; flex-direction: column; align-items: center;
  min-width: 4.6em; padding: 2px 5px; border: 2px dashed #999; border-radius: 5px;
  color: #555; background: #fff; font-size: 0.9em; line-height: 1.25; }
.iw-track-slot--filled { border: 3px solid #111; color: #000; font-weight: 700;
  background: repeating-linear-gradient(135deg, #fff, #fff 6px, #eee 6px, #eee 9px); }
.iw-track-slot .iw-track-slot-label { font-size: 0.8em; }
.iw-track-slot .iw-track-note { font-size: 0.75em; font-weight: 400; }
.iw-rule { margin: 4px 0 6px; padding-left: 6px; border-left: 2px solid #ccc; }
.iw-rule .iw-press { width: auto; max-width: none; }
/* A disclosure toggle shows its whole words (a section's name is never cut short). */
.iw-panel .iw-press[aria-expanded], .iw-kit .iw-press[aria-expanded] { width: auto;
  max-width: none; }
.iw-rule-state, .iw-rules-empty { font-size: 0.9em; }
/* Words are never cut short, in any language (Danish names are longer): a setting's
   label, its list and the value chosen take the width their words need, and the list
   goes under its label when the row is too narrow for both. */
.iw-kit .iw-rule .widget-inline-hbox { width: auto; max-width: 100%; flex-wrap: wrap; }
/* The toolbar stays one row: its boxes take their words' width but keep their label
   beside their input. */
.iw-kit .iw-toolbar-row .widget-inline-hbox { width: auto; max-width: 100%; }
.iw-kit .iw-rule .widget-dropdown > select { flex: 0 1 auto; width: auto; max-width: 100%; }
.iw-kit .iw-rule .widget-text > input { flex: 0 1 12em; min-width: 8em; }
.iw-kit .iw-rule .iw-submit-text, .iw-kit .iw-rules-find .widget-text { flex: 1 1 auto; }
.iw-kit .iw-rule .iw-submit-text > input { flex: 1 1 36em; }
.iw-kit .iw-rules-find .widget-text > input { flex: 1 1 24em; }
.iw-kit .iw-toolbar-more .iw-press { width: auto; max-width: none; }
.iw-kit .iw-submit-text > .widget-label, .iw-panel .iw-submit-text > .widget-label {
  width: auto; min-width: var(--jp-widgets-inline-label-width, 80px); max-width: none; }
.iw-panel .iw-language > select { flex: 0 1 auto; width: auto; }
.iw-lab-table .iw-lab-scroll { overflow-x: auto; max-width: 100%; }
.iw-lab-table table { border-collapse: collapse; font-size: 0.85em; }
.iw-lab-table th, .iw-lab-table td { border-bottom: 1px solid #ddd; padding: 2px 6px;
  text-align: right; white-space: nowrap; }
.iw-lab-caption { font-size: 0.9em; margin: 2px 0; }
/* Rule references hidden while the toolbar's toggle is off (see rule_refs.py). */
.iw-refs-hidden .iw-ref { display: none; }
.iw-held { font-size: 0.9em; padding: 2px 6px; border: 2px dashed #6a4c93; border-radius: 4px;
  background: #f3eefa; }
.iw-toolbar-row { flex-wrap: nowrap; }
/* Plotly's logo link: one more Tab stop in every plot (see timeline.MODEBAR). */
.iw-panel .modebar-btn--logo, .iw-kit .modebar-btn--logo { display: none !important; }
</style>
"""
"""The kit's stylesheet: a ``<style>`` element, in every panel through :func:`style`."""


def style() -> widgets.HTML:
    """A (hidden) widget carrying the kit's CSS; put one in every panel."""
    return widgets.HTML(CSS, layout=widgets.Layout(height="0px", margin="0", overflow="hidden"))
