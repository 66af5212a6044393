"""Reading and writing networks: JSON files and text (:mod:`.reader`, :mod:`.convert`), NumPy, PyTorch
(:mod:`.torch`), ONNX (:mod:`.onnx`), safetensors (:mod:`.safetensors`), ``.nnet`` (:mod:`.nnet`), examples.

Importing this package plugs the converters into :mod:`semialg_fibers.core.hooks`, where
``Network.from_json``, ``Network.from_file``, ``Network.to_json``, ``Network.from_numpy``,
``Network.from_torch``, ``Network.to_torch``, ``Network.from_onnx``, ``Network.to_onnx``,
``Network.from_nnet``, ``Network.from_safetensors`` and ``Network.to_safetensors`` find them (the
network never imports this package).  None of these modules imports PyTorch or ONNX at import time.
"""

from ..core import hooks
from .convert import (
    network_from_file,
    network_from_json,
    network_from_numpy,
    network_to_json,
)
from .nnet import network_from_nnet
from .onnx import network_from_onnx, network_to_onnx
from .safetensors import network_from_safetensors, network_to_safetensors
from .torch import network_from_torch, network_to_torch

for _name, _function in (("network_from_json", network_from_json), ("network_from_file", network_from_file),
                         ("network_to_json", network_to_json),
                         ("network_from_numpy", network_from_numpy), ("network_from_torch", network_from_torch),
                         ("network_to_torch", network_to_torch), ("network_from_onnx", network_from_onnx),
                         ("network_to_onnx", network_to_onnx), ("network_from_nnet", network_from_nnet),
                         ("network_from_safetensors", network_from_safetensors),
                         ("network_to_safetensors", network_to_safetensors)):
    hooks.register("readwrite", _name, _function)
del _name, _function

__all__ = ["network_from_json", "network_from_file", "network_to_json", "network_from_numpy", "network_from_torch",
           "network_to_torch", "network_from_onnx", "network_to_onnx", "network_from_nnet",
           "network_from_safetensors", "network_to_safetensors"]
