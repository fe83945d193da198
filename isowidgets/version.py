"""The kit's version (recorded in every journal's first event as ``kit_version``)."""

__version__ = "0.1.0"
