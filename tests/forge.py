"""A forger's tools: edit a journal file the way a GM with a text editor and the kit's
source would, for tests that check what still catches the edit.

A careful forger writes each line back in the kit's own compact form and makes the hash
chain again (every line's head over the edited lines: the chain has no key, so anyone
can), so the chain alone no longer shows the edit; a test then checks what else does
(replay, the roll numbers, the reveal's count, or a head a viewer kept). A careless one
(``rechain=False``) leaves the heads as they were, and the chain names the first line
that changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from isowidgets.journal.chain import GENESIS, link, with_head

__all__ = ["line_bytes", "records", "write"]


def records(path: Path) -> list[dict[str, Any]]:
    """The journal's lines as JSON objects, in order (each as written, head included)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def line_bytes(record: dict[str, Any]) -> bytes:
    """``record`` in the kit's compact form, without its head."""
    body = {key: value for key, value in record.items() if key != "h"}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def write(
    path: Path,
    lines: list[dict[str, Any]],
    *,
    rechain: bool = True,
    renumber: bool = False,
) -> None:
    """Write ``lines`` to ``path`` as a journal.

    Args:
        rechain: make every head again over the lines as they now are (a careful
            forger); ``False`` keeps the heads they carry (a careless one).
        renumber: give the lines sequence numbers 1, 2, 3, … again, and their actions
            1, 2, 3, … in order (a run of lines of one action stays one action; a retcon
            or a disclosure names its action's new number).
    """
    if renumber:
        _renumber(lines)
    head = GENESIS
    out = []
    for record in lines:
        body = line_bytes(record)
        head = link(head, body)
        if "h" not in record and record.get("v") == 1:
            out.append(body)  # a line written before lines were chained
        elif rechain:
            out.append(with_head(body, head))
        else:
            out.append(with_head(body, bytes.fromhex(record["h"])))
    path.write_bytes(b"".join(line + b"\n" for line in out))


def _renumber(lines: list[dict[str, Any]]) -> None:
    mapping: dict[int, int] = {}
    previous: int | None = None
    number = 0
    for seq, record in enumerate(lines, start=1):
        record["seq"] = seq
        if record["action"] != previous:
            previous = record["action"]
            number += 1
            mapping.setdefault(record["action"], number)
        record["action"] = number
    for record in lines:
        if record["kind"] in ("retcon", "disclosed") and record["data"]["action"] in mapping:
            record["data"]["action"] = mapping[record["data"]["action"]]
