"""The ``semialg-fibers`` command line (:mod:`.main`: parser, context, exit codes; one module per command group).

Importing the commands takes a second or more (SymPy, the printers); Ctrl-C
meanwhile ends the program with exit status 130 and one line, never a
traceback (:mod:`semialg_fibers.core.startup`, which also guards the imports
of the package itself).  Imported by a library user, an interrupted
import raises ``KeyboardInterrupt`` as usual.
"""

from ..core.startup import interrupted_at_start

try:
    from .main import COMMANDS, EXIT_CODES, Command, build_parser, main
except KeyboardInterrupt:
    interrupted_at_start()
    raise

__all__ = ["main", "build_parser", "Command", "COMMANDS", "EXIT_CODES"]
