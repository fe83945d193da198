"""A reel answers, at every line of any session, what a resume of the journal cut there
answers (the GM's view) and what the stream following the file showed then (the public
view): sessions played at random with hidden changes, disclosures, undos and redos,
read all at once or action by action, with any checkpoint spacing."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from isowidgets.errors import IsowidgetsError
from isowidgets.journal import Entry, Journal, effective_entries
from isowidgets.reel import Reel
from isowidgets.rules.impact import ImpactGame
from isowidgets.visibility import public_entries

MOVES = st.lists(
    st.sampled_from(
        [
            "add",
            "damage",
            "heroic",
            "note",
            "secret damage",
            "secret note",
            "secret add",
            "disclose",
            "undo",
            "redo",
        ]
    ),
    max_size=25,
)


def play(game: ImpactGame, moves: list[str]) -> None:
    """Each move, if the game takes it (a refused one changes nothing)."""
    for move in moves:
        who = [c.id for c in game.state.characters]
        try:
            if move == "add":
                game.add_pc(f"PC {len(who) + 1}")
            elif move in ("damage", "secret damage") and who:
                with game._gm_if(move.startswith("secret")):
                    game.damage(who[-1])
            elif move == "heroic" and who:
                game.heroic_act(who[0])
            elif move == "note":
                game.note("said aloud")
            elif move == "secret note":
                game.note("kept back", gm_only=True)
            elif move == "secret add":
                with game.gm_only():
                    game.add_pc("A stranger")
            elif move == "disclose":
                history = game.journal.history
                hidden = sorted(history.gm_actions() - history.disclosed())
                if hidden:
                    game.disclose(hidden[0])
            elif move == "undo":
                game.undo()
            elif move == "redo":
                game.redo()
        except IsowidgetsError:
            pass


def resumed(entries: list[Entry]) -> Any:
    return ImpactGame._from_journal(Journal.view(entries), None).state


@settings(max_examples=60)
@given(moves=MOVES, every=st.integers(1, 5), live=st.booleans())
def test_every_line_shows_what_a_resume_and_the_stream_showed(
    moves: list[str], every: int, live: bool
) -> None:
    game = ImpactGame.new(seed=4)
    reels = {view: Reel(ImpactGame, view=view, every=every) for view in ("public", "everything")}
    if live:  # read as the session is played, action by action
        for reel in reels.values():
            reel.extend(game.journal.entries)
        game.subscribe(lambda entries, _state: [r.extend(entries) for r in reels.values()])
    play(game, moves)
    entries = list(game.journal.entries)
    if not live:
        for reel in reels.values():
            reel.extend(entries)
    for cut in range(1, len(entries) + 1):
        seen = entries[:cut]
        assert reels["everything"].state_at(cut) == resumed(seen), cut
        assert reels["everything"].run_at(cut) == effective_entries(seen), cut
        shown = public_entries(seen, aside=ImpactGame.aside)
        assert reels["public"].state_at(cut) == resumed(shown), cut
    assert reels["everything"].state == game.state
