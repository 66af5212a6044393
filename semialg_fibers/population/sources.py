"""The networks of a census: each an :class:`Item` with a stable identity, loaded where it is analysed.

A census takes an iterable of networks, a folder or glob of network files (a
checkpoint series is a folder of them), or :class:`RandomNetworks` (a seed
and an architecture).  Files are read in the worker that analyses them, so a
file that cannot be read becomes a row with its error.  The identity of a
file is its absolute path and the hash of its content (a changed file is a
new network); that of a random network its architecture, seed and index.
"""

from __future__ import annotations

import glob
import hashlib
import os
import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from ..core.exceptions import NoAlgorithmError
from ..core.network import Network

__all__ = ["Item", "RandomNetworks", "items", "load", "NETWORK_SUFFIXES"]

#: File suffixes a folder is searched for.
NETWORK_SUFFIXES = (".json", ".pt", ".pth", ".onnx")


@dataclass(frozen=True)
class Item:
    """One network of a census: its identity and where it comes from (a file, a seed, or the network itself)."""

    identity: str
    file: str = ""
    checkpoint: str = ""
    seed: str = ""
    index: int = 0
    network: Network | None = None
    random: RandomNetworks | None = None

    def identity_columns(self) -> dict:
        return {"identity": self.identity, "file": self.file, "checkpoint": self.checkpoint, "seed": self.seed,
                "index": str(self.index)}


@dataclass(frozen=True)
class RandomNetworks:
    """``count`` random networks of ``architecture``, reproducible from ``seed``.

    Entries are integers in ``[-bound, bound]`` divided by ``denominator``;
    network ``i`` depends only on ``(seed, architecture, i)``, so a census of
    the first ``count`` extends one of fewer.

    Examples
    --------
    >>> nets = RandomNetworks((2, 2, 1, 1), seed=0, count=3)
    >>> [n.architecture for n in nets.networks()]
    [(2, 2, 1, 1), (2, 2, 1, 1), (2, 2, 1, 1)]
    >>> nets.network(1) == RandomNetworks((2, 2, 1, 1), seed=0, count=9).network(1)
    True
    """

    architecture: tuple
    seed: int = 0
    count: int = 1
    bound: int = 9
    denominator: int = 1
    nonzero: bool = True

    def __post_init__(self):
        object.__setattr__(self, "architecture", tuple(int(a) for a in self.architecture))
        if len(self.architecture) < 2 or min(self.architecture) < 1:
            raise ValueError(f"RandomNetworks: architecture {self.architecture} needs two or more positive widths")
        if self.count < 0 or self.bound < 1 or self.denominator < 1:
            raise ValueError("RandomNetworks: count >= 0, bound >= 1 and denominator >= 1 are needed")

    def network(self, index: int) -> Network:
        """Network ``index`` (any index, also beyond ``count``)."""
        rnd = random.Random(f"semialg_fibers.census:{self.seed}:{'-'.join(map(str, self.architecture))}:{index}")
        values = [v for v in range(-self.bound, self.bound + 1) if v or not self.nonzero]

        def entry():
            return Fraction(rnd.choice(values), self.denominator)

        layers = [([[entry() for _ in range(n_in)] for _ in range(n_out)], [entry() for _ in range(n_out)])
                  for n_in, n_out in zip(self.architecture, self.architecture[1:])]
        return Network.from_layers(layers)

    def networks(self) -> list[Network]:
        return [self.network(i) for i in range(self.count)]


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _files(pattern: str) -> list[str]:
    if os.path.isdir(pattern):
        found = [os.path.join(pattern, name) for name in os.listdir(pattern)
                 if name.endswith(NETWORK_SUFFIXES) and os.path.isfile(os.path.join(pattern, name))]
    elif os.path.isfile(pattern):
        found = [pattern]
    else:
        found = [p for p in glob.glob(pattern, recursive=True) if os.path.isfile(p)]
        if not found:
            raise FileNotFoundError(f"census: no network file matches {pattern!r}")
    return sorted(found)


def _file_item(path: str) -> Item:
    with open(path, "rb") as handle:
        digest = _digest(handle.read())
    return Item(identity=f"file:{os.path.abspath(path)}#{digest}", file=path,
                checkpoint=os.path.splitext(os.path.basename(path))[0])


def items(networks) -> list[Item]:
    """The items of ``networks``: a folder, glob or file name, :class:`RandomNetworks`, or an iterable of these and of
    :class:`Network` values; duplicates (the same identity) are kept once.

    Examples
    --------
    >>> [i.identity for i in items(RandomNetworks((1, 1, 1), seed=3, count=2))]
    ['random:1-1-1:seed=3:000000', 'random:1-1-1:seed=3:000001']
    >>> net = Network.from_layers([([[1]], [0]), ([[1]], [0])])
    >>> items([net])[0].identity
    'network:000000#...'
    """
    out: list[Item] = []
    if isinstance(networks, (str, os.PathLike, RandomNetworks, Network)):
        networks = [networks]
    position = 0
    for source in networks:
        if isinstance(source, RandomNetworks):
            arch = "-".join(map(str, source.architecture))
            out.extend(Item(identity=f"random:{arch}:seed={source.seed}:{i:06d}", seed=str(source.seed), index=i,
                            random=source) for i in range(source.count))
        elif isinstance(source, (str, os.PathLike)):
            out.extend(_file_item(path) for path in _files(os.fspath(source)))
        elif isinstance(source, Network):
            digest = _digest(source.to_json(indent=None).encode())
            out.append(Item(identity=f"network:{position:06d}#{digest}", index=position, network=source))
            position += 1
        elif isinstance(source, Iterable):
            out.extend(items(list(source)))
        else:
            raise TypeError(f"census: expected Networks, file names, folders, globs or RandomNetworks, "
                            f"got {type(source).__name__}")
    unique: dict[str, Item] = {}
    for item in out:
        unique.setdefault(item.identity, item)
    return list(unique.values())


def load(item: Item, *, numbers: str = "decimal") -> Network:
    """The network of ``item`` (a file is read here, within the input limits in force; ``numbers`` as in
    :meth:`Network.from_file`)."""
    if item.network is not None:
        return item.network
    if item.random is not None:
        return item.random.network(item.index)
    if item.file.endswith((".pt", ".pth")):
        import torch  # the optional extra `torch`; a missing one is this row's error

        return Network.from_torch(torch.load(item.file, weights_only=False))
    if item.file.endswith(".onnx"):
        reader = getattr(Network, "from_onnx", None)
        if reader is None:
            raise NoAlgorithmError(f"{item.file}: this version of the library does not read ONNX files")
        return reader(item.file)
    return Network.from_file(item.file, numbers=numbers)
