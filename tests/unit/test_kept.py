"""What a view keeps of a journal (:class:`~isowidgets.journal.Kept`): read as the entries
arrive, it is what a read of the whole effective journal finds, after every action, undo,
redo, a journal that grows by halves of an action, and another journal."""

from __future__ import annotations

from isowidgets.journal import Entry, Journal, Kept, Note, Rolled
from isowidgets.tray import DiceTray
from isowidgets.widgets.tray import LatestRolls


class Seqs(Kept):
    """The sequence numbers of the effective entries (what any view could keep)."""

    def __init__(self) -> None:
        super().__init__()
        self.seqs: list[int] = []

    def reset(self) -> None:
        self.seqs = []

    def read(self, entry: Entry) -> None:
        self.seqs.append(entry.seq)


def whole(journal: Journal) -> list[int]:
    return [entry.seq for entry in journal.effective()]


def test_an_action_reads_what_it_added_and_an_undo_the_journal_again():
    game = DiceTray.new(seed=2)
    for n in range(30):
        game.roll("2d6", purpose=f"roll {n}")
    kept = Seqs()
    assert kept.follow(game.journal) and kept.seqs == whole(game.journal)
    before = kept.reads
    game.roll("3d6")
    assert not kept.follow(game.journal) and kept.reads == before + 1
    assert kept.seqs == whole(game.journal)
    assert not kept.follow(game.journal) and kept.reads == before + 1  # nothing new
    for change in (game.undo, game.undo, game.redo, lambda: game.note("later"), game.undo):
        change()
        reads = kept.reads
        again = kept.follow(game.journal)
        assert kept.seqs == whole(game.journal)
        if again:
            assert kept.reads - reads == len(game.journal.effective())
        else:
            assert kept.reads - reads <= 1


def test_another_journal_is_read_from_the_start():
    one, other = DiceTray.new(seed=1), DiceTray.new(seed=2)
    other.note("only in the other")
    kept = Seqs()
    kept.follow(one.journal)
    assert kept.follow(other.journal) and kept.seqs == whole(other.journal)


def test_a_view_that_grows_by_half_an_action_waits_for_its_end():
    """A follower's view may hold an action whose last event has not arrived: it is left
    out (cut short) until its end arrives, then read in its place."""
    journal = Journal(None)  # in memory
    journal.append(Note(text="before"))
    journal.append(Note(text="first half"), Note(text="second half"))  # one action
    entries = list(journal.entries)
    view = Journal.view(entries[:-1])
    kept = Seqs()
    kept.follow(view)
    assert kept.seqs == whole(view) and entries[-2].seq not in kept.seqs
    view.grow(entries[-1:])
    kept.follow(view)
    assert kept.seqs == whole(view) == [entry.seq for entry in entries]


def test_the_trays_latest_rolls_are_what_the_journal_holds():
    game = DiceTray.new(seed=4)
    kept = LatestRolls(3)
    for n in range(5):
        game.roll("1d6", purpose=f"roll {n}")
        game.note(f"note {n}")
    for change in (lambda: None, game.undo, game.undo, game.redo, lambda: game.roll("2d6")):
        change()
        kept.follow(game.journal)
        rolled = [e for e in game.journal.effective() if isinstance(e.event, Rolled)]
        assert list(kept.latest) == rolled[-3:] and kept.older == len(rolled) - 3
    assert not any(isinstance(e.event, Note) for e in kept.latest)


def test_forget_reads_the_journal_again_at_the_next_follow():
    game = DiceTray.new(seed=3)
    for n in range(5):
        game.roll("1d6", purpose=f"roll {n}")
    kept = Seqs()
    kept.follow(game.journal)
    assert not kept.follow(game.journal)
    kept.forget()
    reads = kept.reads
    assert kept.follow(game.journal) and kept.seqs == whole(game.journal)
    assert kept.reads - reads == len(game.journal.effective())
    assert not kept.follow(game.journal)
