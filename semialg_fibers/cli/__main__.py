"""``python -m semialg_fibers.cli``: the same as the ``semialg-fibers`` command."""

import sys

from .main import main

sys.exit(main())
