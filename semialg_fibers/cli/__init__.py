"""The ``semialg-fibers`` command line (:mod:`.main`: parser, context, exit codes; one module per command group)."""

from .main import COMMANDS, EXIT_CODES, Command, build_parser, main

__all__ = ["main", "build_parser", "Command", "COMMANDS", "EXIT_CODES"]
