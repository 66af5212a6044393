"""Ctrl-C while the ``semialg-fibers`` program starts: one line and exit status 130, never a traceback.

The imports of the package (``semialg_fibers/__init__.py``) and of the
command line (:mod:`semialg_fibers.cli`) catch ``KeyboardInterrupt`` and call
:func:`interrupted_at_start`, which ends the program only when this process
is the program (:func:`is_the_program`); imported by a library user they let
``KeyboardInterrupt`` through.  This module imports only ``os``, ``signal``,
``sys`` and ``threading`` of the standard library (a few milliseconds), so
it can be imported after the signal.
"""

import os
import signal
import sys
import threading

__all__ = ["is_the_program", "interrupted_at_start", "python_sigint_in_the_program"]


def is_the_program() -> bool:
    """True when this process is the ``semialg-fibers`` program (the console script or ``python -m``).

    >>> is_the_program()
    False
    """
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if name.startswith("semialg-fibers"):
        return True
    argv = list(getattr(sys, "orig_argv", ()))
    return any(a == "-m" and b in ("semialg_fibers.cli", "semialg_fibers.cli.__main__")
               for a, b in zip(argv, argv[1:]))


def interrupted_at_start() -> None:
    """After ``KeyboardInterrupt`` in an import: ``SystemExit(130)`` and one line if :func:`is_the_program`.

    Otherwise it returns and the caller re-raises.
    """
    if not is_the_program():
        return
    try:
        os.write(2, b"semialg-fibers: interrupted\n")
    except OSError:
        pass
    raise SystemExit(130)


def python_sigint_in_the_program() -> None:
    """In the program, make Ctrl-C raise ``KeyboardInterrupt`` at the next bytecode again (Python's handler).

    Importing ``ppl`` installs cysignals' SIGINT handler, which lost the signal
    in 3 of 38 interrupted oracle searches, and once while the commands were
    still being imported (the program then ran on); :mod:`.linalg` calls this
    right after that import.  A library user keeps the handlers as they are.
    """
    if is_the_program() and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
