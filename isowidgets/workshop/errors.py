"""The workshop's error: a workshop that cannot be set up as asked, raised by its
configuration (:mod:`isowidgets.workshop.config`), its servers' spawner
(:mod:`isowidgets.workshop.spawner`) and the collection of participants' files.
"""

from __future__ import annotations

from ..errors import IsowidgetsError

__all__ = ["WorkshopError"]


class WorkshopError(IsowidgetsError, ValueError):
    """A workshop that cannot be set up as asked (a bad option, a directory that cannot hold it)."""
