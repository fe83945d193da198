"""JupyterHub for a workshop: thirty participants, one machine, one command.

* :mod:`isowidgets.workshop.config`: the configuration (authenticator, spawner,
  ports, where each participant's files live) and :func:`.collect`, with a
  participant's server in :mod:`isowidgets.workshop.spawner` and the workshop's error in
  :mod:`isowidgets.workshop.errors`;
* :mod:`isowidgets.workshop.overview`: the teacher's overview (its rows from
  :mod:`isowidgets.workshop.roster`, the hub asked by :mod:`isowidgets.workshop.hub_seats`),
  served by :mod:`isowidgets.workshop.service`;
* :mod:`isowidgets.workshop.content`: the notebooks as a git repository that
  nbgitpuller pulls into each participant's home, and the launch links;
* ``python -m isowidgets.workshop``: start it (``make workshop``), or collect
  every participant's journals and exports.

A leaf package like :mod:`isowidgets.server`: nothing else in the kit imports it,
so the rules and widgets never load JupyterHub.
"""

from .config import HOST, Workshop, WorkshopError, WorkshopSpawner, collect

__all__ = ["HOST", "Workshop", "WorkshopError", "WorkshopSpawner", "collect"]
