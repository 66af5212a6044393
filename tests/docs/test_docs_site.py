"""The documentation site builds with warnings as errors, and its pages carry rendered mathematics."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_mkdocs_build_strict(built_site):
    site = built_site
    latex_page = (site / "latex" / "index.html").read_text()
    # MathJax is bundled: the pages load it from the site itself, never from a CDN
    assert "javascripts/mathjax/tex-chtml.js" in latex_page and "cdn.jsdelivr" not in latex_page
    assert (site / "javascripts" / "mathjax" / "tex-chtml.js").stat().st_size > 500_000
    assert (site / "javascripts" / "mathjax" / "output" / "chtml" / "fonts" / "woff-v2" / "MathJax_Main-Regular.woff").exists()
    assert 'class="arithmatex">\\(' in latex_page            # math marked for MathJax
    api = (site / "api" / "index.html").read_text()
    assert "fiber_dimension" in api and "network_report" in api and "to_torch" in api
    assert (site / "tour.ipynb").exists() and (site / "theory" / "shallow" / "index.html").exists()
    # the tour notebook is rendered with its outputs (executed at build time): code, HTML displays, a picture
    tour = (site / "tour" / "index.html").read_text()
    assert "plot_network" in tour and "<b>Fiber</b>" in tour and "data:image/png;base64" in tour
    if (ROOT / "docs" / "real_networks.md").exists():
        assert (site / "real_networks" / "index.html").exists()


def test_mathjax_is_bundled_not_loaded_from_a_cdn():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    scripts = config.split("extra_javascript:")[1].split("\n\n")[0]
    assert "http" not in scripts and "javascripts/mathjax/tex-chtml.js" in scripts
    bundle = ROOT / "docs" / "javascripts" / "mathjax"
    assert (bundle / "tex-chtml.js").exists() and (bundle / "LICENSE").exists()
    assert len(list((bundle / "output" / "chtml" / "fonts" / "woff-v2").glob("*.woff"))) >= 20
