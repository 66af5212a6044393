"""The documentation site builds with warnings as errors, and its pages carry rendered mathematics."""

from __future__ import annotations

import re
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


API_PAGES = ["core", "shallow", "orthant", "three_layer", "general", "graph", "population", "conservation",
             "readwrite", "render"]


def test_api_reference_is_split_per_package_with_resolved_cross_references(built_site):
    pages = {name: (built_site / "api" / name / "index.html").read_text() for name in API_PAGES}
    top = (built_site / "api" / "index.html").read_text()
    for name in API_PAGES:
        assert f'href="{name}/"' in top, name                     # the top level links every package page
        assert f'id="semialg_fibers.{name}' in pages[name], name  # and each page documents its package
    # the docstrings' Sphinx roles became links (mkdocs_hooks.on_page_content): almost none is left raw
    raw_roles = sum(len(re.findall(r":(?:func|class|meth|mod|attr|data):<code>", text)) for text in [top, *pages.values()])
    links = sum(text.count('class="autorefs autorefs-internal"') for text in [top, *pages.values()])
    assert raw_roles <= 10 and links >= 200, (raw_roles, links)
    assert "<autoref" not in top + "".join(pages.values())      # every autoref was resolved or dropped


def test_pictures_page_shows_the_committed_pictures(built_site):
    from importlib.util import module_from_spec, spec_from_file_location

    spec = spec_from_file_location("pictures", ROOT / "docs" / "figures" / "pictures.py")
    pictures = module_from_spec(spec)
    try:
        spec.loader.exec_module(pictures)
    except ImportError:
        pytest.skip("the plot extra (matplotlib) is not installed")
    page = (built_site / "pictures" / "index.html").read_text()
    for name in pictures.PICTURES:
        assert (ROOT / "docs" / "figures" / name).stat().st_size > 10_000, name
        assert f'src="../figures/{name}"' in page, name
        assert (built_site / "figures" / name).exists(), name


def test_a_page_outside_docs_that_the_pages_link_to_is_published(built_site):
    """The bundled networks' README (outside docs/) is a page of the site, and the index links to it there."""
    page = built_site / "bundled" / "real_networks" / "index.html"
    assert page.exists() and "nnequiv" in page.read_text(encoding="utf-8")
    index = (built_site / "index.html").read_text(encoding="utf-8")
    assert 'href="bundled/real_networks/"' in index and "../semialg_fibers/data" not in index
