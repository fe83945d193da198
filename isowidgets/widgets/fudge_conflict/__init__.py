"""The table of the Danish Fudge-dice conflict system, in English and Danish.

Layers: :mod:`.labels` (every word, both languages, the rules' glossary) over the
kit's :mod:`isowidgets.widgets.i18n` (the live language switch).
"""

from .labels import CATALOGUE, GLOSSARY

__all__ = ["CATALOGUE", "GLOSSARY"]
