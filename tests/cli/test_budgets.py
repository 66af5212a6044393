"""Budgets bound every command: the long cases of hostile input end with exit 3 and the limit reached.

Each case is an input that takes long (or without end) when nothing bounds
it; it is run through the command line (``semialg_fibers.cli.main`` in this
process, or a subprocess where signals or closed streams matter) and through
the public function behind it, with a small budget.  The assertion is the
exit status 3 and the limit named in the message (the ``limit`` of
:class:`~semialg_fibers.LimitReachedError` for the function); the time is
bounded by ``@pytest.mark.timeout``, a guard and never a timing assertion.
Networks are generated here so that the corpus stays small.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from fractions import Fraction
from pathlib import Path

import pytest

from semialg_fibers import LimitReachedError, Network, SearchLimits, api
from semialg_fibers.cli import main
from semialg_fibers.core import linalg
from semialg_fibers.core.limits import search_limits
from semialg_fibers.general import oracle
from semialg_fibers.render import plots, report

pytestmark = pytest.mark.timeout(120)

BUDGET_10 = SearchLimits.with_budget(10)


# ----------------------------------------------------------------------------- networks
def _layers(layers) -> dict:
    return {"layers": [{"weight": w, "bias": b} for w, b in layers]}


def identical(n: int) -> dict:
    """1-n-1 with n identical neurons: the fiber has a number of components growing like the partitions of n."""
    return _layers([([[1]] * n, [0] * n), ([[1] * n], [0])])


def huge(n: int, digits: int, seed: int = 7) -> dict:
    """1-n-1 with distinct kinks and coefficients of about ``digits`` digits: the orientation search needs a lattice."""
    r = random.Random(seed)

    def entry():
        return r.choice([-1, 1]) * r.randint(10 ** digits, 10 ** (digits + 1))

    return _layers([([[entry()] for _ in range(n)], [entry() for _ in range(n)]), ([[entry() for _ in range(n)]], [0])])


def distinct_kinks(n: int) -> dict:
    """1-n-1 with n distinct kinks at 0, 1, ..., n - 1 and output weights of alternating signs."""
    return _layers([([[i + 1] for i in range(n)], [-i for i in range(n)]), ([[1 if i % 2 else -1 for i in range(n)]], [0])])


def deep_pair(depth: int = 60):
    """Two equivalent networks of ``depth`` hidden layers of width 3 and 4 (one neuron split in two halves)."""
    r = random.Random(11)
    layers = [([[r.randint(1, 3) for _ in range(3)] for _ in range(3)], [r.randint(-2, 2) for _ in range(3)])
              for _ in range(depth)]
    layers.append(([[1, -1, 1]], [0]))
    first = _layers(layers)
    second = json.loads(json.dumps(first))
    k = depth // 2
    second["layers"][k]["weight"].append(list(second["layers"][k]["weight"][0]))
    second["layers"][k]["bias"].append(second["layers"][k]["bias"][0])
    for row in second["layers"][k + 1]["weight"]:
        row[0] = str(Fraction(row[0], 2))
        row.append(row[0])
    return first, second


def plane(n: int, seed: int = 3) -> dict:
    """2-n-1 with n random lines: about n^2 / 2 activation regions."""
    r = random.Random(seed)
    return _layers([([[r.randint(-9, 9) or 1, r.randint(-9, 9) or 1] for _ in range(n)],
                     [r.randint(-99, 99) for _ in range(n)]), ([[r.randint(-3, 3) or 1 for _ in range(n)]], [0])])


def write(tmp_path: Path, name: str, data) -> str:
    path = tmp_path / name
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
    return str(path)


def net_of(data) -> Network:
    return Network.from_layers([(layer["weight"], layer["bias"]) for layer in data["layers"]])


def run(capsys, argv):
    """``main(argv)`` in this process: the status, standard output and the one line of standard error."""
    status = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    assert len(err.strip().splitlines()) <= 1, err
    return status, out, err.strip()


def refused(capsys, argv, limit: str) -> str:
    status, out, err = run(capsys, argv)
    assert status == 3, (argv, status, err)
    assert f"limit {limit}" in err or f"(limit {limit})" in err or f"the limit {limit}" in err, err
    return err


def limit_of(function, *args, **kwargs) -> str:
    with pytest.raises(LimitReachedError) as caught:
        function(*args, **kwargs)
    return caught.value.limit


# ----------------------------------------------------------------------------- item 2: fiber on identical neurons
def test_fiber_of_ten_identical_neurons_with_a_budget(capsys, tmp_path):
    path = write(tmp_path, "ten.json", identical(10))
    refused(capsys, ["fiber", path, "--budget", "10"], "components")
    refused(capsys, ["fiber", path], "components")  # the default: 5504 components, above 2000
    assert limit_of(api.fiber, net_of(identical(10)), limits=BUDGET_10) == "components"
    with search_limits(BUDGET_10):  # the context reaches a call without limits=
        assert limit_of(api.fiber, net_of(identical(10))) == "components"


def test_fiber_of_ten_identical_neurons_with_a_limit(capsys, tmp_path):
    """``--limit 5`` builds five components and counts the rest without building them."""
    path = write(tmp_path, "ten.json", identical(10))
    status, out, err = run(capsys, ["fiber", path, "--limit", "5"])
    assert status == 0, err
    assert "5 components listed, 5499 more not built (--limit)" in out
    result = api.fiber(net_of(identical(10)), limit=5)
    assert len(result.components) == 5 and result.omitted == 5499


def test_latex_of_two_hundred_identical_neurons_with_a_small_limit(capsys, tmp_path):
    path = write(tmp_path, "two_hundred.json", identical(200))
    output = tmp_path / "report.tex"
    status, out, err = run(capsys, ["latex", path, "--limit", "2", "-o", str(output)])
    assert status == 0, err
    assert "Only the first 2 components are listed" in output.read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_latex_of_two_hundred_identical_neurons_with_limit_50(capsys, tmp_path):
    """The case of the issue: 50 components of 601 parameters each, a 2.7 MB document (about 20 s)."""
    path = write(tmp_path, "two_hundred.json", identical(200))
    output = tmp_path / "report.tex"
    status, out, err = run(capsys, ["latex", path, "--limit", "50", "-o", str(output)])
    assert status == 0, err
    assert output.stat().st_size > 0


def test_latex_of_identical_neurons_with_a_budget(capsys, tmp_path):
    """The report says which limit stopped the fiber; it does not build the components."""
    path = write(tmp_path, "ten.json", identical(10))
    output = tmp_path / "report.tex"
    status, out, err = run(capsys, ["latex", path, "--budget", "10", "-o", str(output)])
    assert status == 0, err
    assert "limit components" in output.read_text(encoding="utf-8")
    built = report.network_report(net_of(identical(10)), limits=BUDGET_10)
    assert "limit components" in built.latex()


# ----------------------------------------------------------------------------- item 2: lattice reduction
@pytest.mark.parametrize("command", ["fiber", "canonical", "identify"])
def test_huge_coefficients_with_a_budget(capsys, tmp_path, command):
    """1-20-1 with coefficients of 300 digits: the orientation search reduces a lattice and enumerates it."""
    path = write(tmp_path, "huge.json", huge(20, 300))
    refused(capsys, [command, path, "--budget", "10"], "nodes")


def test_huge_coefficients_in_the_functions(tmp_path):
    net = net_of(huge(20, 300))
    assert limit_of(api.fiber, net, limits=BUDGET_10) == "nodes"
    assert limit_of(api.canonical_form, net, limits=BUDGET_10) == "nodes"
    assert limit_of(api.is_identifiable, net, limits=BUDGET_10) == "nodes"


def test_huge_coefficients_in_latex(capsys, tmp_path):
    path = write(tmp_path, "huge.json", huge(20, 300))
    output = tmp_path / "report.tex"
    status, out, err = run(capsys, ["latex", path, "--budget", "10", "-o", str(output)])
    assert status == 0, err
    assert "(limit nodes)" in output.read_text(encoding="utf-8")


def test_the_lattice_deadline():
    """A reduction of 40 rows of 20000 bits takes far longer than a second; the deadline stops it."""
    r = random.Random(1)
    rows = [[1 if i == j else 0 for j in range(40)] + [r.getrandbits(20000)] for i in range(40)]
    assert limit_of(linalg.lll, rows, seconds=1) == "lattice_seconds"


@pytest.mark.timeout(300)
def test_the_lattice_deadline_in_fiber_and_canonical():
    """1-40-1 with coefficients of 3000 digits: one reduction of 41 rows of about 50000 bits, over a second."""
    net = net_of(huge(40, 3000))
    limits = SearchLimits(lattice_seconds=1)
    assert limit_of(api.fiber, net, limits=limits) == "lattice_seconds"
    assert limit_of(api.canonical_form, net, limits=limits) == "lattice_seconds"


def test_the_lattice_deadline_from_the_command_line(capsys, tmp_path):
    """``--lattice-seconds 1`` on 1-40-1 with 3000-digit entries: exit 3 naming the limit.

    ``--budget 0`` comes first and makes every limit unlimited; ``--lattice-seconds`` is applied after it.
    Without the option the reduction runs far longer than a second (the case above).
    """
    path = write(tmp_path, "huge.json", huge(40, 3000))
    err = refused(capsys, ["fiber", path, "--budget", "0", "--lattice-seconds", "1"], "lattice_seconds")
    assert "lattice_seconds = 1" in err, err


def test_the_lattice_deadline_option_is_checked(capsys, tmp_path):
    path = write(tmp_path, "six.json", identical(6))
    for bad in ("-1", "1.5", "x"):
        with pytest.raises(SystemExit) as caught:
            main(["fiber", path, "--lattice-seconds", bad])
        err = capsys.readouterr().err
        assert caught.value.code == 2 and "--lattice-seconds" in err and "Traceback" not in err, err


def _naive_gram_schmidt(rows):
    """Textbook Gram-Schmidt over the rationals (orthogonal vectors kept, no integral trick)."""
    stars, mu = [], []
    for row in rows:
        star = [Fraction(v) for v in row]
        coefficients = []
        for other in stars:
            c = sum(a * b for a, b in zip(row, other)) / sum(b * b for b in other)
            coefficients.append(c)
            star = [a - c * b for a, b in zip(star, other)]
        stars.append(star)
        mu.append(tuple(coefficients))
    return tuple(mu), tuple(sum(v * v for v in star) for star in stars)


def test_gram_schmidt_with_a_deadline_agrees_with_the_textbook_one():
    r = random.Random(5)
    for n in range(1, 7):
        while True:
            width = n + r.randint(0, 2)
            rows = [[r.randint(-9, 9) for _ in range(width)] for _ in range(n)]
            expected = _naive_gram_schmidt(rows)
            if all(expected[1]):
                break
        assert linalg.gram_schmidt(rows, seconds=60) == expected
        assert linalg.gram_schmidt(rows) == expected


def test_the_gram_schmidt_deadline():
    """20 rows of 3500-bit entries: about ten seconds of exact Gram-Schmidt; the deadline stops it."""
    r = random.Random(1)
    rows = [[r.getrandbits(3500) for _ in range(20)] for _ in range(20)]
    started = time.monotonic()
    assert limit_of(linalg.gram_schmidt, rows, seconds=1) == "lattice_seconds"
    assert time.monotonic() - started < 30  # a guard: the deadline is read before each entry


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_the_lattice_deadline_bounds_the_gram_schmidt_step(capsys, tmp_path):
    """1-20-1 with 9900-digit entries: its reduction takes seconds, then the Gram-Schmidt data of the basis
    (unbounded before: 6.7 s unloaded, 11 s under load); with ``--lattice-seconds 1`` one of the two stops."""
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        data = huge(20, 9900)
        path = write(tmp_path, "huge.json", data)
        net = net_of(data)
    finally:
        sys.set_int_max_str_digits(before)
    refused(capsys, ["fiber", path, "--input-limit", "digits=20000", "--lattice-seconds", "1"], "lattice_seconds")
    assert limit_of(api.fiber, net, limits=SearchLimits(lattice_seconds=1)) == "lattice_seconds"


# ----------------------------------------------------------------------------- item 2: the oracle, laws, plots
def test_equivalence_of_two_deep_networks_with_a_budget(capsys, tmp_path):
    first, second = deep_pair(60)
    a, b = write(tmp_path, "a.json", first), write(tmp_path, "b.json", second)
    refused(capsys, ["equiv", a, b, "--budget", "100"], "regions")
    limits = SearchLimits.with_budget(100)
    assert limit_of(api.equivalent, net_of(first), net_of(second), limits=limits) == "regions"
    assert limit_of(oracle.equivalent, net_of(first), net_of(second), limits=limits) == "regions"


@pytest.mark.parametrize("width", [40, 200])
def test_laws_with_a_budget(capsys, tmp_path, width):
    from semialg_fibers.conservation import conservation_laws

    data = distinct_kinks(width)
    path = write(tmp_path, "net.json", data)
    refused(capsys, ["laws", path, "--budget", "10"], "generators")
    with search_limits(BUDGET_10):
        assert limit_of(conservation_laws, net_of(data)) == "generators"


def test_laws_refuse_data_of_the_wrong_dimension_before_any_work(capsys, tmp_path):
    """With a budget of 1 the work would stop at once (exit 3); the data are refused first (exit 2)."""
    path = write(tmp_path, "net.json", distinct_kinks(200))
    points = write(tmp_path, "points.json", [[1, 2, 3]])
    status, out, err = run(capsys, ["laws", path, "--data", points, "--budget", "1"])
    assert status == 2 and "has 3 entries; the network has input dimension 1" in err, err


def test_plot_of_two_thousand_lines(capsys, tmp_path):
    data = plane(2000)
    path = write(tmp_path, "plane.json", data)
    refused(capsys, ["plot", path, "-o", str(tmp_path / "p.png")], "plot_pieces")
    refused(capsys, ["plot", path, "--budget", "100", "-o", str(tmp_path / "p.png")], "plot_tests")
    assert limit_of(plots.arrangement, net_of(data)) == "plot_pieces"
    assert not (tmp_path / "p.png").exists()


# ----------------------------------------------------------------------------- item 5: crashes
def test_fiber_of_a_thousand_distinct_kinks(capsys, tmp_path):
    """Once a RecursionError (one level per line); now refused by the limit on the unknowns of the lattice."""
    data = _layers([([[1]] * 1000, [-i for i in range(1000)]), ([[1] * 1000], [0])])
    path = write(tmp_path, "thousand.json", data)
    refused(capsys, ["fiber", path], "free_unknowns")
    assert limit_of(api.fiber, net_of(data)) == "free_unknowns"


def test_compositions_of_a_thousand_lines():
    """The compositions are enumerated without recursion: a thousand lines of one neuron each."""
    from semialg_fibers.onelayer import patterns

    ways = patterns.compositions(1, 1000)  # one neuron over a thousand lines: one way per line
    assert sum(1 for _ in ways) == 1000
    assert next(iter(patterns.compositions(1000, 1000))) == (0,) * 999 + (1000,)


def test_plot_options_out_of_range(capsys, tmp_path):
    path = write(tmp_path, "six.json", identical(6))
    status, out, err = run(capsys, ["plot", path, "--output-index", "99", "-o", str(tmp_path / "p.png")])
    assert status == 2 and "--output-index 99" in err, err
    path = write(tmp_path, "plane.json", plane(3))
    status, out, err = run(capsys, ["plot", path, "--box", "-1e10000,-1", "1e10000,1", "-o", str(tmp_path / "p.png")])
    assert status == 2 and "--box" in err, err


def _command_line(*args: str) -> list[str]:
    return [sys.executable, "-c", "import sys; from semialg_fibers.cli import main; sys.exit(main())", *args]


def test_info_with_standard_input_closed(tmp_path):
    result = subprocess.run(_command_line("info", "-"), stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            timeout=60, preexec_fn=lambda: os.close(0))
    assert result.returncode == 2, result.stderr
    assert "standard input is closed" in result.stderr and "Traceback" not in result.stderr


def test_info_with_standard_output_closed(tmp_path):
    path = write(tmp_path, "six.json", identical(6))
    result = subprocess.run(_command_line("info", path), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, timeout=60, preexec_fn=lambda: os.close(1))
    assert result.returncode == 141, result.stderr
    assert "Traceback" not in result.stderr


def test_latex_refuses_to_write_onto_its_input(capsys, tmp_path):
    path = write(tmp_path, "six.json", identical(6))
    before = Path(path).read_bytes()
    status, out, err = run(capsys, ["latex", path, "-o", path])
    assert status == 2 and path in err, err
    assert Path(path).read_bytes() == before


# ----------------------------------------------------------------------------- Ctrl-C
def _interrupt_after(argv: list[str], seconds: float) -> tuple[int, str]:
    """Start the command, wait until it has read its input (its progress says so), then ``seconds``, then Ctrl-C.

    Waiting for the first stage keeps the signal out of the imports, whose
    time depends on the machine's load.
    """
    process = subprocess.Popen(_command_line(*argv, "--progress"), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seen = bytearray()
    def read():
        for chunk in iter(lambda: os.read(process.stderr.fileno(), 4096), b""):
            seen.extend(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.monotonic() + 90
    while b"reading" not in seen and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(seconds)
    assert process.poll() is None, "the command ended before it was interrupted; the case is too small"
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        pytest.fail(f"{argv[0]} ran on 20 s after Ctrl-C")
    reader.join(timeout=5)
    return process.returncode, seen.decode("utf-8", "replace")


@pytest.mark.parametrize("case", ["enumeration", "lattice", "regions"])
def test_ctrl_c_stops_a_long_step(tmp_path, case):
    """The supervised command ends with 130 ("interrupted") after SIGINT, whatever step it is in; never with 0."""
    if case == "enumeration":  # five thousand components built one by one
        argv = ["fiber", write(tmp_path, "ten.json", identical(10)), "--budget", "0"]
    elif case == "lattice":  # reductions of 41 rows of about 50000 bits and their enumeration
        argv = ["fiber", write(tmp_path, "huge.json", huge(40, 3000)), "--budget", "0"]
    else:  # the oracle on 2-300-1 and the same with one neuron split (tens of thousands of regions)
        first = plane(300)
        second = json.loads(json.dumps(first))
        second["layers"][0]["weight"].append(list(first["layers"][0]["weight"][0]))
        second["layers"][0]["bias"].append(first["layers"][0]["bias"][0])
        out = second["layers"][1]["weight"][0]
        out[0] = str(Fraction(out[0], 2))
        out.append(out[0])
        argv = ["equiv", write(tmp_path, "a.json", first), write(tmp_path, "b.json", second), "--budget", "0",
                "--method", "oracle"]
    status, err = _interrupt_after(argv, 2.0)
    assert status == 130, (status, err)
    assert "interrupted" in err and "Traceback" not in err, err


def test_ctrl_c_stops_a_lattice_reduction_in_the_library():
    """``linalg.lll`` of a large lattice runs in a child process, so KeyboardInterrupt reaches the caller at once."""
    code = ("import random, sys\n"
            "from semialg_fibers.core import linalg\n"
            "r = random.Random(1)\n"
            "rows = [[1 if i == j else 0 for j in range(60)] + [r.getrandbits(20000)] for i in range(60)]\n"
            "print('reducing', flush=True)\n"
            "try:\n"
            "    linalg.lll(rows)\n"
            "except KeyboardInterrupt:\n"
            "    sys.exit(130)\n"
            "sys.exit(0)\n")
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout.readline() == "reducing\n"  # past the imports, whose time depends on the load
    time.sleep(2.0)
    assert process.poll() is None
    process.send_signal(signal.SIGINT)
    try:
        process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail("the reduction ran on 20 s after Ctrl-C")
    assert process.returncode == 130


def _interrupt_while_starting(program: str, argv: list[str], delay: float) -> subprocess.CompletedProcess:
    """A fresh interpreter that imports the command line with ``sys.argv[0] = program`` and gets SIGINT
    ``delay`` seconds after its start-up (from a timer thread started just before ``import semialg_fibers``).

    Python's own start-up (``site``, before any line of the package runs) is left out: a signal there is
    Python's, not the program's.
    """
    code = ("import os, signal, sys, threading\n"
            f"sys.argv = [{program!r}] + {argv!r}\n"
            "def interrupt():\n"  # the timer's thread never takes the signal itself: the program's thread does
            "    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})\n"
            "    os.kill(os.getpid(), signal.SIGINT)\n"
            f"threading.Timer({delay!r}, interrupt).start()\n"
            "from semialg_fibers.cli import main\n"
            "sys.exit(main())\n")
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # the supervised child too
        process.communicate()
        pytest.fail(f"the program ran on 60 s after SIGINT at {delay} s (the signal was lost)")
    return subprocess.CompletedProcess(process.args, process.returncode, None, err)


@pytest.mark.slow  # six program starts; the default run has the library-user case below
@pytest.mark.parametrize("delay", [0.01, 0.04, 0.1, 0.3, 0.8, 2.0])
def test_ctrl_c_while_the_program_starts(tmp_path, delay):
    """SIGINT during the imports of the package and of the commands, or later: exit 130, one line, no traceback.

    The command (the fiber of ten identical neurons, unbounded) outlasts every delay, so the signal always
    lands before it ends: in the imports (0.1 s and 1.5 s unloaded), the parsing or the supervised command.
    """
    path = write(tmp_path, "ten.json", identical(10))
    result = _interrupt_while_starting("semialg-fibers", ["fiber", path, "--budget", "0"], delay)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 130, result.stderr
    assert "Traceback" not in result.stderr and len(lines) == 1 and lines[0].endswith("interrupted"), result.stderr


def test_ctrl_c_while_a_library_user_imports_the_command_line(tmp_path):
    """Not the program (``sys.argv[0]`` is a script of the user's): the import lets KeyboardInterrupt through."""
    result = _interrupt_while_starting("analysis.py", ["info", "x.json"], 0.04)
    assert result.returncode != 0 and "KeyboardInterrupt" in result.stderr, result.stderr


# ----------------------------------------------------------------------------- proportionate info and dim
def wide(n: int, seed: int = 2) -> dict:
    """1-n-1 with small random integer weights (about 12000 distinct kink lines at n = 10^5)."""
    r = random.Random(seed)
    return _layers([([[r.randint(-99, 99) or 1] for _ in range(n)], [r.randint(-99, 99) for _ in range(n)]),
                    ([[r.randint(-99, 99) for _ in range(n)]], [0])])


def _info_and_dim(capsys, tmp_path, n: int) -> None:
    path = write(tmp_path, "wide.json", wide(n))
    status, out, err = run(capsys, ["info", path])
    assert status == 0 and f"architecture: 1-{n}-1" in out, err
    status, out, err = run(capsys, ["dim", path])
    # the minimal form needs an orientation search over the lines of mixed signs: refused, not attempted
    assert status == 3 and "limit free_unknowns" in err, err


@pytest.mark.timeout(120)
def test_info_and_dim_of_twenty_thousand_neurons(capsys, tmp_path):
    """1-(2 10^4)-1 (300 kB), the default-run sample of the two below (guarded by the timeout only)."""
    _info_and_dim(capsys, tmp_path, 2 * 10 ** 4)


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_info_and_dim_of_a_hundred_thousand_neurons(capsys, tmp_path):
    """1-10^5-1 (1.5 MB): a few seconds of work, linear in the size (guarded by the timeout only)."""
    _info_and_dim(capsys, tmp_path, 10 ** 5)


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_info_and_dim_of_a_million_neurons(capsys, tmp_path):
    """1-10^6-1 (15 MB), the case of the issue."""
    _info_and_dim(capsys, tmp_path, 10 ** 6)


# ----------------------------------------------------------------------------- fd and identify on wide networks
def test_functional_dimension_of_a_wide_network_with_a_budget(capsys, tmp_path):
    """1-1000-1: under ``--budget 5`` the random inputs of the first stage count as regions (58 s before, the exact
    rank of the orbit's tangent space came first); 1-6000-1 is refused by its size before any work."""
    path = write(tmp_path, "wide.json", wide(1000))
    assert "random inputs" in refused(capsys, ["fd", path, "--budget", "5"], "regions")
    assert limit_of(api.functional_dimension, net_of(wide(1000)), limits=SearchLimits.with_budget(5)) == "regions"
    big = wide(6000)  # N = 18001, N - hidden = 12001: 216 million entries
    err = refused(capsys, ["fd", write(tmp_path, "big.json", big)], "jacobian_entries")
    assert "12001 Jacobian rows of 18001 entries" in err, err
    assert limit_of(api.functional_dimension, net_of(big)) == "jacobian_entries"


def test_functional_dimension_below_the_size_limit_is_unchanged():
    """The new order (tangent rank after the enumeration) gives the value of a rank computed here by hand:
    1-2-1 with distinct kinks, every parameter but the two scalings identifiable (rank N - hidden = 5)."""
    from semialg_fibers.core.linalg import rank
    from semialg_fibers.general.functional import coefficient_jacobian

    net = Network.from_layers([([[1], [2]], [0, -1]), ([[1, 3]], [0])])
    rows = [row for x in (-3, Fraction(1, 4), 1, 5) for row in coefficient_jacobian(net, [x])[0]]
    result = api.functional_dimension(net)
    assert result.rank == rank(rows, net.num_parameters) == 5 and result.orbit_dimension == 2


def _line_mechanisms_by_hand(data) -> int:
    """Mechanisms of a 1-n-1 network counted from its kinks: per kink point, one if the slope changes cancel,
    else one per orientation with two neurons or more; one for all the neurons of output weight 0."""
    (w1, b1), (w2, _) = ((layer["weight"], layer["bias"]) for layer in data["layers"])
    lines: dict = {}
    zero = False
    for (a,), b, v in zip(w1, b1, w2[0]):
        if v == 0:
            zero = True
            continue
        lines.setdefault(Fraction(-b, a), []).append((a > 0, v * abs(a)))
    count = int(zero)
    for members in lines.values():
        if sum(kink for _, kink in members) == 0:
            count += 1
        else:
            count += sum(1 for side in (True, False) if sum(1 for s, _ in members if s == side) > 1)
    return count


def test_identify_of_a_wide_network_lists_a_bounded_number_of_mechanisms(capsys, tmp_path):
    """Random 1-2000-1 (hundreds of lines with a mechanism): at most ``witnesses`` listed with a witness, the
    rest counted; listed plus counted equals the count by hand from the kinks (54 s at 1-10^4-1 before)."""
    data = wide(2000)
    expected = _line_mechanisms_by_hand(data)
    assert expected > 40  # the case is large enough to be cut
    for budget, listed in ((None, 20), (5, 5)):
        limits = SearchLimits() if budget is None else SearchLimits.with_budget(budget)
        result = api.is_identifiable(net_of(data), limits=limits)
        assert not result and result.proven and result.witness is not None
        *kept, last = result.reasons
        assert len(kept) == listed and last.kind == "further mechanisms", result.reasons[-1]
        assert f"{expected - listed} more lines" in last.detail and f"witnesses = {listed}" in last.detail
    status, out, err = run(capsys, ["identify", write(tmp_path, "wide.json", data), "--budget", "5"])
    assert status == 0 and "not listed (the limit witnesses = 5)" in out, err
