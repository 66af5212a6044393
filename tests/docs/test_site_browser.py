"""The built site in a real browser: headless Chromium renders the pages with the bundled MathJax.

The site is built once per session (``mkdocs build --strict``, the ``built_site`` fixture of ``conftest.py``)
and pages are opened in headless Chromium, which runs MathJax; the rendered DOM must hold MathJax's output
(``mjx-container``), no TeX error (``data-mjx-error``) and no TeX delimiters (``\\(``, ``\\[``, ``$``,
``\\begin{``) left in its text, and every relative link of the pages must name a file of the site.
Screenshots are written to ``$SEMIALG_FIBERS_SCREENSHOTS`` (default: a folder of the temporary directory)
for a person to look at.

The default run opens the most-read pages (the mathematics page and the shallow theory, about 5 s); the
three-layer theory (a long page: 5 to 13 s on its own), the tour notebook and the other pages run with
``-m slow``.  Without Chromium the test skips, unless ``SEMIALG_FIBERS_REQUIRE_BROWSER`` is set (``.ci/run``
installs Chromium as root and sets it): then it fails.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
REQUIRED = bool(os.environ.get("SEMIALG_FIBERS_REQUIRE_BROWSER"))
#: Opened in the default run (a few seconds): the most-read pages with formulas.
PAGES = ["mathematics", "theory/shallow"]
#: Opened with ``-m slow``.
MORE_PAGES = ["theory/three_layer", "tour", "latex", "theory/orthant", "theory/conservation", "theory/nonnegative_rank", "theory/oracle",
              "theory/deep", "theory/connectivity", "pictures"]

#: Where the screenshots go (a person looks at them): $SEMIALG_FIBERS_SCREENSHOTS, else a folder of the temp dir.
SCREENSHOTS = Path(os.environ.get("SEMIALG_FIBERS_SCREENSHOTS",
                                  Path(tempfile.gettempdir()) / "semialg_fibers-site-screenshots"))


@pytest.fixture(scope="module")
def browser() -> str:
    if BROWSER is None:
        if REQUIRED:
            pytest.fail("SEMIALG_FIBERS_REQUIRE_BROWSER is set and no Chromium was found")
        pytest.skip("Chromium is not installed (set SEMIALG_FIBERS_REQUIRE_BROWSER to make this a failure)")
    return BROWSER


def _chromium(browser: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                           "--virtual-time-budget=10000", *args], capture_output=True, text=True, timeout=180)


def rendered_text(dom: str) -> str:
    """The text a reader sees: tags, scripts, styles and code removed, entities decoded."""
    text = re.sub(r"<script.*?</script>|<style.*?</style>|<code.*?</code>|<pre.*?</pre>|<mjx-assistive-mml.*?"
                  r"</mjx-assistive-mml>", "", dom, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def raw_tex(text: str) -> list[str]:
    r"""TeX left untypeset in rendered text: ``\(``, ``\[``, ``\begin{``, ``$$`` or a ``$...$`` pair."""
    return re.findall(r"\\\(|\\\[|\\begin\{|\$\$|\$[^$\s][^$]*\$", text)


def _broken_links(index: Path) -> list[str]:
    url = index.as_uri()
    broken = []
    for href in re.findall(r'href="([^"#]+)(?:#[^"]*)?"', index.read_text(encoding="utf-8")):
        if urlparse(href).scheme in ("http", "https", "mailto", "data"):
            continue
        target = Path(urlparse(urljoin(url, href)).path)
        if not (target.exists() or (target / "index.html").exists()):
            broken.append(href)
    return broken


def _check(site: Path, browser: str, pages: list[str]) -> None:
    indexes = {page: site / page / "index.html" for page in pages}
    missing = [page for page, index in indexes.items() if not index.exists()]
    assert missing == [], f"pages not in the site: {missing}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def visit(page: str) -> tuple[str, str, Path]:
        url = indexes[page].as_uri()
        shot = SCREENSHOTS / (page.replace("/", "_") + ".png")
        shot.unlink(missing_ok=True)
        # one browser run per page: the DOM after MathJax on stdout, and the screenshot
        dom = _chromium(browser, "--dump-dom", f"--screenshot={shot}", "--window-size=1200,2400", url).stdout
        return page, dom, shot

    with ThreadPoolExecutor(max_workers=2) as pool:
        visits = list(pool.map(visit, pages))
    problems = {}
    for page, dom, shot in visits:
        found = []
        if "<body" not in dom:
            found.append("no DOM")
        if 'class="arithmatex"' in indexes[page].read_text(encoding="utf-8") and "mjx-container" not in dom:
            found.append("MathJax did not typeset the page")
        errors = re.findall(r'data-mjx-error="([^"]*)"', dom)
        if errors:
            found.append(f"TeX errors: {errors[:5]}")
        leftovers = raw_tex(rendered_text(dom))
        if leftovers:
            found.append(f"raw TeX: {leftovers[:5]}")
        broken = _broken_links(indexes[page])
        if broken:
            found.append(f"broken links: {broken[:5]}")
        if not (shot.exists() and shot.stat().st_size > 10_000):
            found.append("no screenshot")
        if found:
            problems[page] = found
    assert problems == {}, problems


def test_raw_tex_detector_sees_each_delimiter():
    # counter-cases: each kind of untypeset formula is reported, typeset output and prices are not
    for raw in [r"the set \(x > 0\)", r"\[ x \]", r"\begin{pmatrix}", "$$ x $$", "the map $x \\mapsto 2x$ is"]:
        assert raw_tex(raw), raw
    assert raw_tex(rendered_text("<p>a <mjx-container>x</mjx-container> and <code>$x$</code></p>")) == []


def test_most_read_pages_render_their_formulas_offline_and_their_links_resolve(browser, built_site):
    _check(built_site, browser, PAGES)


@pytest.mark.slow
def test_other_pages_render_their_formulas_offline_and_their_links_resolve(browser, built_site):
    _check(built_site, browser, MORE_PAGES)
