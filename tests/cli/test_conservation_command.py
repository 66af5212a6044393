"""The ``semialg-fibers laws`` command."""

from __future__ import annotations

import json

from semialg_fibers.cli import main

NET = '{"layers": [{"weight": [[1, 2], [2, 1]], "bias": [1, 1]}, {"weight": [[1, -1]], "bias": [0]}]}'


def _files(tmp_path):
    net = tmp_path / "net.json"
    net.write_text(NET)
    data = tmp_path / "data.json"
    data.write_text('[[1, 2], [0.5, 3], ["1/3", 1], [2, 0.25]]')
    return str(net), str(data)


def test_text_and_count(tmp_path, capsys):
    net, data = _files(tmp_path)
    assert main(["laws", net, "--orthant", "--data", data]) == 0
    out = capsys.readouterr().out
    assert "linear-row mixing" in out and "conserved functions near the network for 4 training inputs: 3" in out


def test_json_and_latex(tmp_path, capsys):
    net, data = _files(tmp_path)
    assert main(["laws", net, "--orthant", "--data", data, "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["count"]["count"] == 3 and len(payload["independent_quantities"]) == 3
    assert main(["laws", net, "--latex"]) == 0
    assert capsys.readouterr().out.startswith(r"\begin{itemize}")


def test_errors(tmp_path, capsys):
    net, _ = _files(tmp_path)
    kink = tmp_path / "kink.json"
    kink.write_text('{"inputs": [[-1, 0]]}')
    assert main(["laws", net, "--data", str(kink)]) == 3
    assert "not decided" in capsys.readouterr().err
    assert main(["laws", net, "--data", str(tmp_path / "missing.json")]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text('{"points": 1}')
    assert main(["laws", net, "--data", str(bad)]) == 2
