"""Hypothesis profiles for the property tier.

* ``dev`` (the default): fresh random examples on every run, failures remembered in
  ``.hypothesis/`` and tried first next time: a developer's runs keep exploring.
* ``ci`` (``HYPOTHESIS_PROFILE=ci``, set by ``.ci/run``): derandomized, so a run of the
  same code tries the same examples and CI's verdict is the code's, not the draw's.
  Exploring stays the developers' runs' job; what they find becomes a fix and, where it
  teaches something, an explicit example.

Neither profile has a deadline: the machines are noisy and time is measured in
``benchmarks/``, never asserted.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
