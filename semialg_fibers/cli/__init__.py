"""The ``semialg-fibers`` command line (:mod:`.main`: parser, context, exit codes; one module per command group).

Importing the commands takes a second or more (SymPy, the printers); Ctrl-C
meanwhile ends the program with exit status 130 and one line, never a
traceback (``semialg_fibers._interrupted_at_start``, which also guards the
imports of the package itself).  Imported by a library user, an interrupted
import raises ``KeyboardInterrupt`` as usual.
"""

from .. import _interrupted_at_start, _is_the_program

try:
    from .main import COMMANDS, EXIT_CODES, Command, build_parser, main
except KeyboardInterrupt:
    if not _is_the_program():
        raise
    _interrupted_at_start()

__all__ = ["main", "build_parser", "Command", "COMMANDS", "EXIT_CODES"]
