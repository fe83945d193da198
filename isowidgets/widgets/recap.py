"""A session's recap: one HTML page that tells the story beat by beat, and opens offline.

``game.export(path, "recap")`` (and **Export** on every table's toolbar) writes it, for
any system, from the journal alone (:class:`~isowidgets.reel.Reel`):

* the session's **title**, its system, when it was played, and what the page shows
  (public by default: GM-only items appear only once disclosed, at the moment they
  were shown);
* the **cast** (the system's :meth:`Beats.cast <isowidgets.beats.Beats.cast>`);
* **the story**: each beat in force, in order (:meth:`Reel.story
  <isowidgets.reel_beats.ReelBeats.story>`), as the beat card the replay and the stream show (the
  dice in the kit's chips, the verdict, what changed), then **the board after it**:
  the system's own stream board at that moment, drawn as static HTML with the map and
  the chart as inline SVG (:mod:`.snapshot`);
* the **credits**: the rules (the system's :meth:`Beats.credits
  <isowidgets.beats.Beats.credits>`, with any licence notice they must carry), the
  kit, and the session's commitment to its dice with how to verify them.

The page is self-contained: its styles are inline, it has no script, loads no font and
fetches nothing, so it opens in any browser, offline, and can be mailed or archived as
it is. Every word is a message rendered in the page's language, and its headings,
landmarks and text alternatives are there for assistive technology.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..contract import SessionExport
from ..journal import Entry, SessionStarted
from ..reel import BeatMark, Reel, View
from ..systems import game_for
from ..version import __version__
from ..words import Message, msg, plural, render
from .beats import beat_html, card_css
from .css import CSS
from .snapshot import SNAPSHOT_CSS, snapshot
from .stream_board import board_for

__all__ = ["RECAP", "recap_html"]


def _head(title: str) -> Message:
    return msg("replay.recap.title", "Recap: {title}", title=title)


def _system(system: Message | str) -> Message:
    return msg("replay.recap.system", "A session of {system}", system=system)


def _played(start: str, end: str) -> Message:
    return msg("replay.recap.played", "Played from {start} to {end}", start=start, end=end)


def _kit() -> Message:
    return msg(
        "replay.recap.kit",
        "Recorded and told by isowidgets {version}, from the session's journal.",
        version=__version__,
    )


def _committed(commitment: str) -> Message:
    return msg(
        "replay.recap.committed",
        "The dice were committed before play: SHA-256 {commitment}. Once the seed is "
        "revealed, python -m isowidgets verify replays every roll of the journal.",
        commitment=commitment,
    )


def _map(number: int) -> Message:
    """What the drawing of the board after beat ``number`` is, for assistive technology."""
    return msg("replay.recap.map", "The board after beat {n}", n=number)


_PUBLIC = msg(
    "replay.recap.public",
    "What the table's viewers saw: anything the GM kept back appears only once it was shown.",
)
_EVERYTHING = msg(
    "replay.recap.everything", "Everything, GM-only actions included: for the GM's eyes."
)
_CAST = msg("replay.recap.cast", "The cast")
_STORY = msg("replay.recap.story", "The story")
_BOARD = msg("replay.recap.board", "The board after it")
_CREDITS = msg("replay.recap.credits", "Credits")
_NO_BEATS = msg("replay.recap.no_beats", "Nothing was resolved in this session yet.")
_NOBODY = msg("replay.recap.nobody", "Nobody is named in this session yet.")


def _when(moment: datetime, language: str) -> str:
    """A date and time the reader's way (Babel's medium format)."""
    from babel.dates import format_datetime

    try:
        return str(
            format_datetime(moment, "medium", locale=language if language != "qps" else "en")
        )
    except (ValueError, LookupError):
        return moment.isoformat(timespec="minutes")


def recap_html(entries: Sequence[Entry], view: View = "public", language: str = "en") -> str:
    """The recap page of the session whose journal holds ``entries`` (all of them, as
    read), showing ``view``, in ``language``.

    Raises:
        JournalError: the entries hold no session of an installed system, or do not
            replay (naming the line).
    """
    reel: Reel[Any] = Reel.of(_journal_of(entries), view=view)
    start = entries[0].event
    assert isinstance(start, SessionStarted)
    game_class = game_for(start.game)

    def say(message: Message) -> str:
        return html.escape(render(message, language))

    title = start.title or game_class.title
    story = reel.story()
    board = board_for(game_class.system)(language)
    parts: list[str] = []
    groups: list[list[BeatMark]] = []
    for mark in story:
        if groups and groups[-1][0].position == mark.position:
            groups[-1].append(mark)
        else:
            groups.append([mark])
    number = 0
    for group in groups:
        cards = []
        for mark in group:
            number += 1
            note = msg(
                "replay.recap.beat_at",
                "Beat {n} of {count} · line {line} of the journal",
                n=number,
                count=len(story),
                line=mark.position,
            )
            cards.append(beat_html(mark, language, notes=(note,), heading_level=3))
        board.show(reel.catch_at(group[-1].position))
        drawn = snapshot(board, label=render(_map(number), language), headings=5)
        parts.append(
            f'<article class="iw-recap-moment" id="beat-{number}">{"".join(cards)}'
            f'<div class="iw-recap-after"><h4 class="iw-recap-h4">{say(_BOARD)}</h4>'
            f'<div class="iw-recap-board">{drawn}</div></div></article>'
        )
    board.close()
    final = reel.state
    cast = game_class.beats.cast(final)
    credits = game_class.beats.credits(final)
    first, last = entries[0].at, entries[-1].at
    shown_view = _PUBLIC if view == "public" else _EVERYTHING
    cast_html = (
        "<ul class='iw-recap-cast'>" + "".join(f"<li>{say(line)}</li>" for line in cast) + "</ul>"
        if cast
        else f"<p>{say(_NOBODY)}</p>"
    )
    story_html = "".join(parts) or f"<p>{say(_NO_BEATS)}</p>"
    credit_lines = [*credits, _kit()]
    if start.commitment:
        credit_lines.append(_committed(start.commitment))
    credits_html = "".join(f"<p class='iw-recap-credit'>{say(line)}</p>" for line in credit_lines)
    summary = plural(
        "replay.recap.count", "{n} beat in the story", "{n} beats in the story", n=len(story)
    )
    return f"""<!DOCTYPE html>
<html lang="{html.escape(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="isowidgets {html.escape(__version__)}">
<title>{say(_head(title))}</title>
{CSS}
<style>{_page_css()}</style>
</head>
<body>
<div class="iw-recap iw-kit iw-panel">
<header class="iw-recap-header">
<h1>{say(_head(title))}</h1>
<p>{say(_system(game_class.settings_type.title or game_class.title))}</p>
<p>{say(_played(_when(first, language), _when(last, language)))}</p>
<p class="iw-recap-view">{say(shown_view)}</p>
</header>
<main>
<section aria-labelledby="iw-recap-cast">
<h2 id="iw-recap-cast">{say(_CAST)}</h2>{cast_html}</section>
<section aria-labelledby="iw-recap-story"><h2 id="iw-recap-story">{say(_STORY)}</h2>
<p>{say(summary)}</p>{story_html}</section>
</main>
<footer class="iw-recap-footer"><h2>{say(_CREDITS)}</h2>{credits_html}</footer>
</div>
</body>
</html>
"""  # fmt: skip


def _journal_of(entries: Sequence[Entry]) -> Any:
    from ..journal import Journal

    return Journal.view(entries)


def _page_css() -> str:
    return (
        SNAPSHOT_CSS
        + card_css(".iw-recap")
        + """
body { margin: 0; background: #f4f3ee; color: #111; }
.iw-recap { max-width: 62em; margin: 0 auto; padding: 1em 1.2em 2em; line-height: 1.4;
  font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; font-size: 16px; }
.iw-recap h1 { font-size: 1.7em; margin: 0.2em 0; }
.iw-recap h2 { font-size: 1.35em; margin: 1em 0 0.4em; border-bottom: 2px solid #333; }
.iw-recap-header p { margin: 0.15em 0; }
.iw-recap-view { font-style: italic; }
.iw-recap-cast { columns: 2 16em; padding-left: 1.2em; }
.iw-recap-moment { background: #fff; border: 1px solid #333; border-radius: 0.4em;
  padding: 0.6em 0.8em; margin: 0 0 1em; break-inside: avoid; }
.iw-recap-after { margin-top: 0.4em; border-top: 1px dashed #777; padding-top: 0.3em; }
.iw-recap-h4 { font-size: 1em; margin: 0.2em 0; }
.iw-recap-board .iw-stream-mapbox { max-width: 40em; }
.iw-recap-credit { margin: 0.3em 0; overflow-wrap: anywhere; }
@media print { body { background: #fff; } .iw-recap-moment { border-color: #999; } }
"""
    )


def _render(entries: Sequence[Entry], view: str, language: str) -> str:
    page = recap_html(entries, "everything" if view == "everything" else "public", language)
    return _numbered_marks(page)


_MARK_ID = re.compile(r"iw-mark-(\d+)-")


def _numbered_marks(page: str) -> str:
    """The page with its drawings' mark ids numbered 1, 2, 3… in the order they appear:
    the same session makes the same file, whatever else the process drew before."""
    numbers: dict[str, int] = {}

    def number(found: re.Match[str]) -> str:
        return f"iw-mark-{numbers.setdefault(found.group(1), len(numbers) + 1)}-"

    return _MARK_ID.sub(number, page)


RECAP = SessionExport(
    label=msg("replay.recap.label", "Recap (HTML page)"), suffix="html", render=_render
)
"""The recap as an export every system's game offers (entry point ``isowidgets.exports``)."""
