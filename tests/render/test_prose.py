"""The prose of reasons in LaTeX: long numbers shown cut, checked against the exact value by decimal division."""


def test_long_numbers_in_prose_are_cut_and_the_cut_agrees_with_the_exact_value():
    import re
    from decimal import Decimal, localcontext
    from fractions import Fraction

    from semialg_fibers.render.prose import abbreviated_latex, prose_latex

    for text in ("7" * 400, "3" * 35 + "/2", "1" + "0" * 50, "12345678901234567890123456789012/10", "5/" + "9" * 40):
        out = prose_latex(f"the weight {text} of neuron 1")
        assert not re.search(r"\d{31}", out), out
        m = re.search(r"\$(-?[\d.]+)\\ldots(?: \\times 10\^\{(-?\d+)\})?\$", out)
        assert m, out
        shown = Decimal(m.group(1)) * Decimal(10) ** int(m.group(2) or 0)
        with localcontext() as ctx:  # the exact value by decimal division, apart from the code under test
            ctx.prec = 60
            num, _, den = text.partition("/")
            exact = Decimal(int(num)) / Decimal(int(den or 1))
            assert abs(shown - exact) <= abs(exact) * Decimal("1e-5"), (text, out)
    assert prose_latex("the weight " + "7" * 30) == "the weight " + "7" * 30  # up to 30 digits in full
    assert abbreviated_latex(Fraction(-1, 8)) == r"-0.125\ldots"


def test_a_summary_of_weights_beyond_the_float_range_is_written(tmp_path):
    import json

    from semialg_fibers.cli.main import main

    big = "7" * 400
    net = {"layers": [{"weight": [[big], ["-3/2"]], "bias": ["1", big + "/7"]},
                      {"weight": [[big, "2"]], "bias": ["0"]}]}
    (tmp_path / "net.json").write_text(json.dumps(net))
    out = tmp_path / "net.tex"
    assert main(["latex", str(tmp_path / "net.json"), "--summary", "-o", str(out)]) == 0
    assert r"\ldots \times 10^{" in out.read_text()
