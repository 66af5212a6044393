"""The version of the package, in one place (read by the build, the package and ``semialg-fibers --version``)."""

__version__ = "0.2.0.dev0"
