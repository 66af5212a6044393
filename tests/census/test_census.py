"""The census against the direct calls, the serial loop against a real local Dask cluster, and its faults.

The cluster is real: ``LocalCluster(processes=True, n_workers=2, threads_per_worker=1)``.  Analyses defined
here reach the workers by value (cloudpickle), as a user's own analysis would.
"""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass

import pytest

pytest.importorskip("pandas")
distributed = pytest.importorskip("distributed")
cloudpickle = pytest.importorskip("cloudpickle")

from semialg_fibers import Network, SearchLimits, api  # noqa: E402
from semialg_fibers.core.exceptions import NotDecidedError  # noqa: E402
from semialg_fibers.population import RandomNetworks, census  # noqa: E402

cloudpickle.register_pickle_by_value(sys.modules[__name__])

ANALYSES = ["class", "identifiability", "fiber_dimension", "row_types", "minimal_width"]


def _values(frame):
    """The table without the times (the only columns that differ between two runs)."""
    return frame[[c for c in frame.columns if not c.endswith("seconds")]].reset_index(drop=True)


def _marked(net: Network) -> int:
    """The output bias of a network, which the tests below use to choose its behaviour."""
    return int(net.layers[-1].bias[0])


def sleepy(net: Network, limits: SearchLimits) -> str:
    """Hangs on networks with output bias 7, answers at once otherwise."""
    if _marked(net) == 7:
        time.sleep(120)
    return "awake"


def faulty(net: Network, limits: SearchLimits) -> str:
    """Raises a bug-like error on output bias 1, refuses on output bias 2."""
    if _marked(net) == 1:
        return str(1 // 0)
    if _marked(net) == 2:
        raise NotDecidedError("refused on purpose")
    return "fine"


def greedy(net: Network, limits: SearchLimits) -> str:
    """Asks for ten gigabytes."""
    return str(len(bytearray(10**10)))


def slow(net: Network, limits: SearchLimits) -> str:
    time.sleep(1.0)
    return "slept"


@dataclass(frozen=True)
class Counting:
    """Appends a line to ``path`` per network analysed (the runs are counted across processes)."""

    path: str

    def __call__(self, net: Network, limits: SearchLimits) -> str:
        with open(self.path, "a") as handle:
            handle.write(net.to_json(indent=None) + "\n")
        return "counted"


def _with_bias(net: Network, bias: int) -> Network:
    layers = [(layer.weight, layer.bias) for layer in net.layers]
    layers[-1] = (layers[-1][0], [bias])
    return Network.from_layers(layers)


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                       silence_logs=40)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


@pytest.fixture
def folder(tmp_path):
    """Five network files (a checkpoint series) and one that is not JSON."""
    path = tmp_path / "run"
    path.mkdir()
    for i, net in enumerate(RandomNetworks((2, 2, 1, 1), seed=11, count=5).networks()):
        (path / f"step_{i:03d}.json").write_text(net.to_json())
    (path / "broken.json").write_text('{"layers": [')
    return path


def test_serial_equals_dask_and_the_direct_calls(client, folder):
    sources = [RandomNetworks((2, 2, 1, 1), seed=3, count=6), RandomNetworks((1, 2, 1), seed=4, count=3), str(folder)]
    serial = census(sources, ANALYSES, workers=0)
    dask = census(sources, ANALYSES, client=client)
    assert _values(serial).equals(_values(dask))
    assert _values(serial).equals(_values(census(sources, ANALYSES, client=client, batch=4, timeout=60)))
    assert list(serial["identity"]) == sorted(serial["identity"]) and len(serial) == 6 + 3 + 6
    # every row holds the values of its own network, as the library computes them one call at a time
    for row in serial.itertuples():
        if row.file.endswith("broken.json"):
            assert row.status.startswith("load: error: MalformedNetworkError") and row.architecture == ""
            continue
        net = Network.from_file(row.file) if row.file else \
            RandomNetworks(tuple(map(int, row.architecture.split("-"))), seed=int(row.seed)).network(row.index)
        assert row.architecture == "-".join(map(str, net.architecture))
        assert row.minimal_width_status != "ok" or row.minimal_width == str(api.minimal_width(net))
        if row.fiber_dimension_status == "ok":
            d = api.fiber_dimension(net)
            assert row.fiber_dimension == f"{int(d)} ({d.status})"
        else:
            with pytest.raises(NotDecidedError):
                api.fiber_dimension(net)
        if row.identifiability_status == "ok":
            assert row.identifiability.startswith("identifiable") == bool(api.is_identifiable(net))


def test_a_hanging_network_times_out_without_stalling_the_others(client):
    nets = [_with_bias(n, 7 if i == 0 else 3) for i, n in enumerate(RandomNetworks((1, 2, 1), seed=5, count=6)
                                                                    .networks())]
    start = time.monotonic()
    table = census(nets, [("fiber_dimension", api_fiber_dimension), ("sleepy", sleepy)], client=client, timeout=3)
    assert time.monotonic() - start < 30
    hung = table[table["index"] == 0].iloc[0]
    assert hung.sleepy_status == "timeout" and hung.status == "sleepy: timeout"
    assert hung.fiber_dimension_status == "ok"  # what finished before the deadline keeps its value
    rest = table[table["index"] != 0]
    assert set(rest.status) == {"ok"} and set(rest.sleepy) == {"awake"}


def api_fiber_dimension(net, limits):
    return str(int(api.fiber_dimension(net, limits=limits)))


def test_a_network_that_raises_is_an_error_row(client):
    nets = [_with_bias(n, i % 3) for i, n in enumerate(RandomNetworks((1, 1, 1), seed=6, count=3).networks())]
    table = census(nets, [("faulty", faulty)], client=client)
    by_bias = {int(b): row for b, row in zip([0, 1, 2], table.itertuples())}
    assert by_bias[0].faulty == "fine" and by_bias[0].status == "ok"
    assert by_bias[1].faulty_status == "error: ZeroDivisionError: integer division or modulo by zero"
    assert by_bias[2].faulty_status == "not decided: refused on purpose"
    assert by_bias[1].status == "faulty: " + by_bias[1].faulty_status


def test_exhausting_memory_is_a_row_and_the_census_goes_on():
    nets = RandomNetworks((1, 1, 1), seed=7, count=2).networks()
    table = census(nets, [("greedy", greedy), ("class", api_class)], workers=0, memory_limit="300MB")
    assert set(table.greedy_status) == {"not decided: out of memory"}
    assert set(table["class"]) == {"shallow"} and set(table.class_status) == {"ok"}


def api_class(net, limits):
    return api.network_class(net).name


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_resume_skips_finished_networks_and_loses_no_row(tmp_path, suffix):
    nets = RandomNetworks((2, 2, 1, 1), seed=8, count=6)
    counter = tmp_path / "runs.txt"
    analyses = ["fiber_dimension", ("counted", Counting(str(counter)))]
    output = str(tmp_path / f"out{suffix}")
    first = census(RandomNetworks((2, 2, 1, 1), seed=8, count=3), analyses, workers=0, output=output)
    if suffix == ".csv":  # a crash in the middle of writing a row: the cut line is dropped on reading
        with open(output, "a") as handle:
            handle.write('"random:2-2-1-1:seed=8:000004","","",')
    resumed = census(nets, analyses, workers=0, output=output)
    assert len(counter.read_text().splitlines()) == 6  # three in the first run, the other three now
    assert list(resumed["seconds"][:3]) == list(first["seconds"])  # the finished rows were read, not recomputed
    assert _values(resumed).equals(_values(census(nets, analyses[:1] + [("counted", const_counted)], workers=0)))
    if suffix == ".csv":
        with open(output, newline="") as handle:
            rows = list(csv.DictReader(handle))
        assert [r["identity"] for r in rows] == sorted(r["identity"] for r in rows) and len(rows) == 6
    else:
        assert not os.path.exists(output + ".journal.csv")


def const_counted(net, limits):
    return "counted"


def test_other_analyses_refuse_an_existing_output(tmp_path):
    output = str(tmp_path / "out.csv")
    census(RandomNetworks((1, 1, 1), count=1), ["class"], workers=0, output=output)
    with pytest.raises(ValueError, match="has the columns"):
        census(RandomNetworks((1, 1, 1), count=1), ["fiber_dimension"], workers=0, output=output)


def _cli(*args):
    return subprocess.Popen([sys.executable, "-m", "semialg_fibers.cli", "census", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def _data_lines(path) -> int:
    try:
        with open(path) as handle:
            return max(0, sum(1 for line in handle if line.endswith("\n")) - 1)
    except FileNotFoundError:
        return 0


@pytest.mark.parametrize("how", [signal.SIGINT, pytest.param(signal.SIGKILL, marks=pytest.mark.slow)],
                         ids=["ctrl-c", "killed"])
def test_an_interrupted_command_leaves_a_resumable_output(tmp_path, how):
    output = str(tmp_path / "out.csv")
    argv = ["--random", "2-2-1-1", "--count", "60", "--seed", "9", "--workers", "0", "--timeout", "60",
            "--analyses", "identifiability,fiber_dimension", "-o", output]
    process = _cli(*argv)
    deadline = time.monotonic() + 60
    while _data_lines(output) < 3 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    os.killpg(process.pid, how)  # as Ctrl-C in a terminal (or a crash) reaches the whole process group
    process.communicate(timeout=30)
    assert process.returncode == (130 if how == signal.SIGINT else -signal.SIGKILL)
    with open(output, newline="") as handle:
        before = list(csv.DictReader(handle))
    assert 3 <= len(before) < 60
    assert all(r["status"] and r["fiber_dimension_status"] for r in before)  # whole rows only
    table = census(RandomNetworks((2, 2, 1, 1), seed=9, count=60), ["identifiability", "fiber_dimension"],
                   workers=0, output=output)
    assert len(table) == 60
    kept = {r["identity"]: r["seconds"] for r in before}
    assert all(f"{s:.3f}" == kept[i] for i, s in zip(table["identity"], table["seconds"]) if i in kept)


def test_a_killed_worker_loses_no_network(client):
    """Last in the module: the worker killed here is restarted by its nanny, in the background."""
    pids = list(client.run(os.getpid).values())
    killer = threading.Timer(1.0, os.kill, (pids[0], signal.SIGKILL))
    killer.start()
    table = census(RandomNetworks((1, 1, 1), seed=10, count=4), [("slow", slow)], client=client, timeout=30)
    killer.join()
    assert len(table) == 4 and list(table["index"]) == list(range(4))
    for row in table.itertuples():  # retried on the other worker, or reported: never dropped
        assert row.status == "ok" or row.status.startswith("error: KilledWorker"), row.status
    assert (table["slow"] == "slept").sum() >= 3


def _predicted_identifiable(net: Network) -> bool:
    """Theorem 6.0 read off the signs of [W2 | b2] (no zero entry): no dead, linear or hiding-every-row pattern, and
    for n1 = 1 not every row a ramp; the other mechanisms need an equation among the entries."""
    signs = [[v > 0 for v in (*w, b)] for w, b in zip(net.layers[1].weight, net.layers[1].bias)]
    n1 = len(signs[0]) - 1
    if any(all(row) or not any(row) for row in signs):
        return False
    if any(all(row[i] and sum(row) == 1 for row in signs) for i in range(n1)):
        return False
    return not (n1 == 1 and all(not row[0] and row[1] for row in signs))


@pytest.mark.parametrize("architecture", [(1, 1, 2, 1), (2, 2, 1, 1), (3, 3, 2, 1)], ids=str)
def test_identifiability_agrees_with_the_sign_pattern_prediction(architecture):
    """The verdicts of a census of random bottleneck networks against the rule of their sign patterns."""
    source = RandomNetworks(architecture, seed=12, count=40, bound=50)
    table = census(source, ["identifiability_or_conjecture"], workers=0)
    decided = [(row.index, row.identifiability_or_conjecture) for row in table.itertuples() if row.status == "ok"]
    assert len(decided) >= 30
    for index, verdict in decided:
        assert verdict.startswith("identifiable") == _predicted_identifiable(source.network(index)), (index, verdict)


def test_the_command(tmp_path, capsys):
    from semialg_fibers.cli.main import main

    reference = tmp_path / "ref.json"
    reference.write_text(RandomNetworks((1, 1, 1), seed=13).network(0).to_json())
    output = str(tmp_path / "out.csv")
    argv = ["census", "--random", "1-1-1", "--count", "3", "--seed", "13", "--workers", "0", "--analyses",
            "equivalent,class", "--reference", str(reference), "-o", output]
    assert main(argv) == 0
    assert capsys.readouterr().out == f"3 networks in {output}: 3 ok\n"
    with open(output, newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows[0]["equivalent"] == "equivalent"  # network 0 is the reference itself
    ref = Network.from_file(str(reference))
    for row in rows:  # against exact evaluation at every kink of both, between them and beyond them
        net = RandomNetworks((1, 1, 1), seed=13).network(int(row["index"]))
        kinks = sorted({-n.layers[0].bias[0] / n.layers[0].weight[0][0] for n in (net, ref)})
        points = [kinks[0] - 1, kinks[-1] + 1, *kinks, *((a + b) / 2 for a, b in zip(kinks, kinks[1:]))]
        assert (row["equivalent"] == "equivalent") == all(net([x]) == ref([x]) for x in points)
    for bad, message in [(["--analyses", "volume"], "unknown analysis 'volume'"),
                         (["-o", str(tmp_path / "out.txt")], "expected a name ending in .csv or .parquet"),
                         (["--timeout", "-1"], "expected a positive number of seconds")]:
        assert main(["census", "--random", "1-1-1", "--count", "1", "--workers", "0", "-o", output, *bad]) == 2
        assert message in capsys.readouterr().err
