"""Notebook widgets: thin views over the rules engines.

Widgets translate clicks into engine calls and engine events into views. They
hold no rule arithmetic and show every engine error inside the panel.
"""
