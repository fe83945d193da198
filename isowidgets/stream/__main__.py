"""``python -m isowidgets.stream PATH``: see :mod:`isowidgets.stream.launch`."""

import sys

from .launch import main

if __name__ == "__main__":
    sys.exit(main())
