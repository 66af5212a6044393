"""Ctrl-C while the ``semialg-fibers`` program starts: one line and exit status 130, never a traceback.

The imports of the package (``semialg_fibers/__init__.py``) and of the
command line (:mod:`semialg_fibers.cli`) catch ``KeyboardInterrupt`` and call
:func:`interrupted_at_start`, which ends the program only when this process
is the program (:func:`is_the_program`); imported by a library user they let
``KeyboardInterrupt`` through.  This module imports only ``contextlib``, ``os``, ``signal``,
``sys`` and ``threading`` of the standard library (a few milliseconds), so
it can be imported after the signal.
"""

import contextlib
import os
import signal
import sys
import threading

__all__ = ["is_the_program", "interrupted_at_start", "sigint_held_in_the_program"]


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


@contextlib.contextmanager
def sigint_held_in_the_program():
    """In the program, hold Ctrl-C during an import that installs a foreign SIGINT handler, then Python's again.

    Importing ``ppl`` installs cysignals' SIGINT handler, which keeps a signal
    that arrives outside its own native calls for later and so lost about one
    Ctrl-C in 40 sent while the commands were importing (the program ran on).
    Inside this block SIGINT is blocked; at its end Python's handler is put
    back and the signal unblocked, so one sent meanwhile is delivered to it
    and raises ``KeyboardInterrupt`` at once.  A library user keeps the
    handlers and the signal mask as they are.
    """
    hold = is_the_program() and threading.current_thread() is threading.main_thread()
    if hold:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if hold:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
