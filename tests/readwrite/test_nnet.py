""".nnet reading (semialg_fibers/readwrite/nnet.py).

Files are written here by a small independent writer (every dyadic rational has a finite decimal expansion, so the
text is exact), and the normalized network is checked by exact evaluation against the tools' pipeline
``range_out * N((x - mean) / range) + mean_out`` computed point by point.
"""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest
from strategies import random_network

from semialg_fibers import InputLimitError, MalformedNetworkError, Network, ShapeError
from semialg_fibers.core.limits import input_limits
from semialg_fibers.readwrite.nnet import parse_nnet, read_nnet


def _decimal(value: Fraction) -> str:
    """The exact decimal of a dyadic rational (numerator * 5^k / 10^k)."""
    k = value.denominator.bit_length() - 1
    assert value.denominator == 2**k
    return str(Decimal(value.numerator * 5**k).scaleb(-k)) if k else str(value.numerator)


def _write(net: Network, mins, maxes, means, ranges, comment: str = "// written by the test") -> str:
    widths = net.architecture
    line = lambda values: ",".join(_decimal(Fraction(v)) for v in values) + ",\n"  # noqa: E731
    text = f"{comment}\n{len(widths) - 1},{widths[0]},{widths[-1]},{max(widths)},\n"
    text += ",".join(map(str, widths)) + ",\n0,\n" + line(mins) + line(maxes) + line(means) + line(ranges)
    for layer in net.layers:
        text += "".join(line(row) for row in layer.weight) + "".join(line([b]) for b in layer.bias)
    return text


def _dyadic_network(rng, architecture) -> Network:
    net = random_network(rng, architecture)
    return Network.from_layers([([[w / 2 ** rng.randint(0, 6) for w in row] for row in layer.weight],
                                 [b / 2 ** rng.randint(0, 6) for b in layer.bias]) for layer in net.layers])


@pytest.mark.parametrize("architecture", [(2, 3, 1), (5, 4, 4, 5), (1, 1)], ids=str)
def test_a_written_file_reads_back_and_its_normalization_is_the_tools_pipeline(architecture, tmp_path):
    rng = random.Random(len(architecture))
    net = _dyadic_network(rng, architecture)
    d = architecture[0]
    mins = [Fraction(-rng.randint(1, 9), 4) for _ in range(d)]
    maxes = [Fraction(rng.randint(1, 9), 2) for _ in range(d)]
    means = [Fraction(rng.randint(-9, 9), 8) for _ in range(d + 1)]
    ranges = [Fraction(rng.randint(1, 9), 2 ** rng.randint(0, 3)) for _ in range(d + 1)]
    path = tmp_path / "net.nnet"
    path.write_text(_write(net, mins, maxes, means, ranges))
    nnet = read_nnet(path)
    assert nnet.network == net == Network.from_nnet(path) == Network.from_file(path)
    assert (list(nnet.mins), list(nnet.maxes), list(nnet.means), list(nnet.ranges)) == (mins, maxes, means, ranges)
    raw = Network.from_nnet(path, normalize=True)
    assert raw == nnet.normalized()
    for _ in range(25):
        x = [Fraction(rng.randint(-50, 50), rng.randint(1, 9)) for _ in range(d)]
        inner = net([(xi - m) / r for xi, m, r in zip(x, means, ranges)])
        assert raw(x) == tuple(y * ranges[-1] + means[-1] for y in inner)
    box = nnet.domain(normalize=True)
    assert box.contains(mins) and box.contains(maxes)
    assert not box.contains([maxes[0] + 1] + maxes[1:])
    normalized_box = nnet.domain()
    assert normalized_box.contains([(lo - m) / r for lo, m, r in zip(mins, means, ranges)])


def test_numbers_are_exact_decimals_or_the_doubles_the_tools_read():
    text = "2,1,1,2,\n1,2,1,\n0,\n-1,\n1,\n0,0,\n1,1,\n0.1,\n-0.5,\n0,\n0.25,\n1,1,\n0,\n"
    assert parse_nnet(text).network.layers[0].weight[0][0] == Fraction(1, 10)
    assert parse_nnet(text, numbers="float64").network.layers[0].weight[0][0] == Fraction(0.1)


BASE = "2,1,1,2,\n1,2,1,\n0,\n-1,\n1,\n0,0,\n1,1,\n1.5,\n-0.5,\n0,\n0.25,\n1,1,\n0,\n"
BROKEN = [
    ("values in a row", BASE.replace("1.5,", "1.5,2,"), MalformedNetworkError,
     r"line 8 has 2 values; expected 1 \(layer 1, weight row 1\)"),
    ("missing line", BASE.rsplit("0,\n", 1)[0], MalformedNetworkError, "the file ends before layer 2, bias 1"),
    ("extra line", BASE + "7,\n", MalformedNetworkError, "line 14 follows the last layer"),
    ("zero range", BASE.replace("1,1,\n1.5", "0,1,\n1.5"), MalformedNetworkError, "range 1 is 0"),
    ("widths disagree", BASE.replace("1,2,1,", "1,2,2,"), ShapeError, "do not start with 1 inputs and end with 1"),
    ("width not an integer", BASE.replace("1,2,1,", "1,2.5,1,"), MalformedNetworkError,
     "width 1 is '2.5'; expected a positive integer"),
    ("nan", BASE.replace("1.5,", "nan,"), MalformedNetworkError, "line 8"),
    ("huge widths", BASE.replace("2,1,1,2,\n1,2,1,", "2,1,1,99999999,\n1,99999999,1,"), InputLimitError,
     "need 299999998 weights and biases, above the input limit entries"),
    ("many digits", BASE.replace("1.5,", "1." + "5" * 20000 + ","), InputLimitError, "above the input limit digits"),
]


@pytest.mark.parametrize("name, text, error, message", BROKEN, ids=[c[0] for c in BROKEN])
def test_broken_files_are_refused_with_the_line(name, text, error, message, tmp_path):
    path = tmp_path / "broken.nnet"
    path.write_text(text)
    with pytest.raises(error, match=message) as info:
        Network.from_file(path)
    assert "\n" not in str(info.value) and str(info.value).startswith(str(path))


def test_binary_data_and_size_are_refused_before_parsing(tmp_path):
    path = tmp_path / "binary.nnet"
    path.write_bytes(b"2,1,1,2\n\0\0\0")
    with pytest.raises(MalformedNetworkError, match="binary data"):
        read_nnet(path)
    path.write_text(BASE)
    with input_limits(bytes=16), pytest.raises(InputLimitError, match="bytes = 16"):
        read_nnet(path)
