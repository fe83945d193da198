"""How much memory a participant needs, from what the load test measured.

``benchmarks/workshop_load.py`` measures, per participant, the resident memory of
their single-user server and of one kernel playing (a notebook open). The
Kubernetes values (``docs/workshop/z2jh-values.yaml``) and the sizing in docs/workshop.md are
derived from those two figures here, so they change together:

* **guarantee** = server + one kernel, plus :data:`HEADROOM`, rounded up to
  :data:`STEP`: what a participant with one notebook open holds, reserved for each
  (a node is never filled past what its participants use when they all play);
* **limit** = server + :data:`KERNELS_AT_LIMIT` kernels, rounded up likewise: a
  participant who opens several notebooks at once (one kernel each) is not killed
  for it; past that the pod's memory is capped so one participant cannot starve a
  node.
"""

from __future__ import annotations

import math

from .. import checks

__all__ = ["HEADROOM", "KERNELS_AT_LIMIT", "STEP", "memory_values"]

HEADROOM = 1.1
"""A tenth more than measured: a journal grows over a day, and so does a kernel."""

KERNELS_AT_LIMIT = 6
"""Notebooks a participant may have running at once before the limit bites: the kit's
six, each with its own kernel."""

STEP = 32
"""Memory is given in whole multiples of this many MiB."""


def _mebibytes(value: float) -> str:
    """Kubernetes' quantity for ``value`` MiB, rounded up to :data:`STEP`."""
    return f"{math.ceil(value / STEP) * STEP}Mi"


def memory_values(server_mib: object, kernel_mib: object) -> tuple[str, str]:
    """The memory guarantee and limit (Kubernetes quantities) for these figures.

    Raises:
        RuleError: a figure that is not a size in MiB.
    """
    server = checks.real(server_mib, "the server's memory (MiB)", 1, 100_000)
    kernel = checks.real(kernel_mib, "a kernel's memory (MiB)", 1, 100_000)
    return (
        _mebibytes((server + kernel) * HEADROOM),
        _mebibytes((server + KERNELS_AT_LIMIT * kernel) * HEADROOM),
    )
