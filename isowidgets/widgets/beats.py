"""A beat as a person reads it: the stream's outcome card, in any view that shows beats.

A beat (:class:`~isowidgets.beats.Beat`, named by each system) holds what the
stream's outcome card shows (:func:`~isowidgets.widgets.stream_board.outcome_html`:
what was resolved, the verdict with its glyph, what it changed, the dice with the
kit's chips, the reading), so the replay, the recap and the stream's "previously on…"
draw it with that one card, in the reader's language. :func:`card_css` is the card's
stylesheet for a page other than the stream's, under a root selector.
"""

from __future__ import annotations

import html

from ..contract import Beat
from ..reel import BeatMark
from ..words import Message, render
from .stream_board import DicePool, Outcome, outcome_html

__all__ = ["beat_html", "beat_outcome", "card_css"]


def beat_outcome(beat: Beat, key: str) -> Outcome:
    """``beat`` as the stream's :class:`~isowidgets.widgets.stream_board.Outcome` (a new
    ``key`` is a new resolution to the stream page)."""
    return Outcome(
        key=key,
        heading=beat.heading,
        verdict=beat.verdict,
        glyph=beat.glyph,
        tone=beat.tone,
        changes=beat.changes,
        dice=tuple(
            DicePool(d.label, d.roll, d.colour, d.counts, d.counted, d.reading) for d in beat.dice
        ),
        reading=beat.reading,
    )


def beat_html(
    mark: BeatMark,
    language: str,
    *,
    notes: tuple[Message, ...] = (),
    dice: bool = True,
    heading_level: int = 3,
) -> str:
    """One beat as a card: its heading as a heading of ``heading_level`` (so a page of
    beats can be read by headings), the outcome card, and ``notes`` under it (where it
    stands in the session, that an undo took it back)."""
    card = outcome_html(beat_outcome(mark.beat, f"beat-{mark.index}"), language, dice=dice)
    title = html.escape(render(mark.beat.heading, language))
    level = min(max(heading_level, 2), 6)
    said = "".join(
        f'<p class="iw-beat-note">{html.escape(render(note, language))}</p>' for note in notes
    )
    return (
        f'<section class="iw-beat iw-beat--{mark.beat.tone}" data-beat="{mark.index}" '
        f'data-position="{mark.position}" data-kind="{html.escape(mark.beat.kind)}">'
        f'<h{level} class="iw-beat-title">{title}</h{level}>{card}{said}</section>'
    )


def card_css(root: str) -> str:
    """The beat card's stylesheet under ``root`` (``.iw-replay``, ``.iw-recap``): the
    verdict in a band whose border style, not only its colour, says how it went; the
    dice as the kit's chips. The card's own heading line is hidden, as the beat's
    section heading says it."""
    r = root
    return f"""
{r} .iw-beat {{ margin: 0 0 0.6em; }}
{r} .iw-beat-title {{ font-size: 1.1em; margin: 0 0 0.2em; }}
{r} .iw-beat .iw-outcome-head {{ display: none; }}
{r} .iw-beat-note {{ margin: 0.2em 0 0; font-style: italic; }}
{r} .iw-outcome {{ display: flex; flex-direction: column; gap: 0.25em; }}
{r} .iw-outcome p {{ margin: 0; }}
{r} .iw-outcome-verdict {{ font-size: 1.3em; font-weight: 800; line-height: 1.2;
  padding: 0.1em 0.4em; border-left: 0.3em solid #333; overflow-wrap: anywhere; }}
{r} .iw-outcome--success .iw-outcome-verdict {{ border-left: 0.3em solid #1b6e33;
  background: #e3f3e6; }}
{r} .iw-outcome--partial .iw-outcome-verdict {{ border-left: 0.3em dashed #8a5a00;
  background: #fbf0d9; }}
{r} .iw-outcome--failure .iw-outcome-verdict {{ border-left: 0.3em double #a3172a;
  background: #f8e1e3; }}
{r} .iw-outcome--even .iw-outcome-verdict {{ border-left: 0.3em dotted #333;
  background: #efefef; }}
{r} .iw-outcome-changes {{ margin: 0; padding-left: 1.2em; }}
{r} .iw-outcome-changes li {{ overflow-wrap: anywhere; }}
{r} .iw-outcome-dice {{ display: flex; flex-direction: column; gap: 0.2em; }}
{r} .iw-outcome-reading {{ font-weight: 700; }}
{r} .iw-stream-pool {{ display: flex; flex-wrap: wrap; align-items: center; gap: 0.3em; }}
{r} .iw-stream-pool .iw-dice {{ margin: 0; flex-wrap: wrap; }}
{r} .iw-dice-label {{ color: #111; margin-right: 0.2em; }}
{r} .iw-stream-source {{ color: #333; }}
{r} .iw-reading {{ font-weight: 700; }}
{r} .iw-stream-h {{ font-size: 1.05em; margin: 0.2em 0; }}
{r} .iw-stream-list {{ margin: 0; padding-left: 1.2em; }}
{r} .iw-stream-people {{ list-style: none; padding-left: 0; display: flex; flex-wrap: wrap;
  column-gap: 0.8em; }}
{r} .iw-stream-strip {{ display: flex; flex-wrap: wrap; gap: 0.6em; align-items: flex-start; }}
"""
