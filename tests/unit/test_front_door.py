"""The README is a front door: short, the two commands first, a picture of every table.

The reference lives in the docs site (``docs/``, built by ``make docs``); the README
keeps what a newcomer needs on one screen or two, and its pictures are the ones the
browser tier takes (``tests/browser/docs_pictures.py``), each with words saying
what it shows.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PICTURES = ROOT / "docs" / "_static" / "pictures"
SHOWN = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<path>[^)\s]+)\)")

EXPECTED = {
    "isolation-table.png",
    "impact-table.png",
    "fudge-conflict-table.png",
    "watch-the-world-die-table.png",
    "stream-board.png",
}


def test_the_readme_is_short_and_starts_with_the_two_commands():
    assert len(README.splitlines()) <= 150
    first_block = re.search(r"```\w*\n(.*?)```", README, re.S)
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block.group(1).splitlines()]
    assert commands[:2] == ["make lab", "make test"]
    assert "make docs" in README


def test_every_table_and_the_stream_are_pictured_with_words_saying_what_they_show():
    shown = {Path(found["path"]).name: found["alt"] for found in SHOWN.finditer(README)}
    assert set(shown) == EXPECTED
    for name, alt in shown.items():
        assert len(alt.split()) >= 8, (name, alt)
        assert (PICTURES / name).is_file(), name


def test_every_picture_is_small_and_shown_in_the_docs_too():
    pages = "".join(path.read_text(encoding="utf-8") for path in (ROOT / "docs").rglob("*.md"))
    for name in EXPECTED:
        picture = PICTURES / name
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
        assert picture.stat().st_size <= 400_000, name
        assert f"/_static/pictures/{name}" in pages, name
    # every picture shown in the docs has its alt text
    images = list(re.finditer(r"```\{image\} (\S+)\n(?P<options>(?::\w+:.*\n)*)```", pages))
    assert len(images) >= len(EXPECTED)
    for image in images:
        assert ":alt: " in image["options"], image.group(1)


def test_make_help_names_make_docs():
    listed = subprocess.run(
        ["make", "-s", "help"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "make docs" in listed
