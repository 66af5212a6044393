"""Reading and writing networks: JSON files and text (:mod:`.reader`, :mod:`.convert`), NumPy and PyTorch, examples.

Importing this package plugs the converters of :mod:`.convert` into
:mod:`semialg_fibers.core.hooks`, where ``Network.from_json``,
``Network.from_file``, ``Network.to_json``, ``Network.from_numpy``, ``Network.from_torch`` and
``Network.to_torch`` find them (the network never imports this package).
"""

from ..core import hooks
from .convert import (
    network_from_file,
    network_from_json,
    network_from_numpy,
    network_from_torch,
    network_to_json,
    network_to_torch,
)

for _name, _function in (("network_from_json", network_from_json), ("network_from_file", network_from_file),
                         ("network_to_json", network_to_json),
                         ("network_from_numpy", network_from_numpy), ("network_from_torch", network_from_torch),
                         ("network_to_torch", network_to_torch)):
    hooks.register("readwrite", _name, _function)
del _name, _function

__all__ = ["network_from_json", "network_from_file", "network_to_json", "network_from_numpy", "network_from_torch", "network_to_torch"]
