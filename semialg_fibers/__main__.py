"""``python -m semialg_fibers``: the same as the ``semialg-fibers`` command."""

import sys

from .cli.main import main

if __name__ == "__main__":
    sys.exit(main())
