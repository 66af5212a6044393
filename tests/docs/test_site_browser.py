"""The built site in a real browser: headless Chromium renders the theory pages with the bundled MathJax.

The site is built (``mkdocs build --strict``) and each theory page, the mathematics page and the LaTeX page
is opened in headless Chromium, which runs MathJax; the rendered DOM must hold MathJax's output
(``mjx-container``) and no TeX delimiters ``\\(`` / ``\\[`` left in its text, and every relative link of the
pages must name a file of the site.  Screenshots are written to ``$SEMIALG_FIBERS_SCREENSHOTS`` (default: a
folder of the temporary directory) for a person to look at.  Slow (a build and a browser); skipped without Chromium
(``.ci/run`` installs it as root).
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
PAGES = ["mathematics", "latex", "theory/shallow", "theory/orthant", "theory/three_layer", "theory/conservation",
         "theory/nonnegative_rank", "theory/oracle"]

#: Where the screenshots go (a person looks at them): $SEMIALG_FIBERS_SCREENSHOTS, else a folder of the temp dir.
SCREENSHOTS = Path(os.environ.get("SEMIALG_FIBERS_SCREENSHOTS",
                                  Path(tempfile.gettempdir()) / "semialg_fibers-site-screenshots"))

pytestmark = [pytest.mark.slow, pytest.mark.skipif(BROWSER is None, reason="Chromium is not installed")]


def _chromium(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                           "--virtual-time-budget=20000", *args], capture_output=True, text=True, timeout=180)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    pytest.importorskip("mkdocs")
    out = tmp_path_factory.mktemp("site") / "site"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)], cwd=ROOT,
                         capture_output=True, text=True, env=env, timeout=900)
    assert run.returncode == 0, run.stderr[-3000:]
    return out


@pytest.mark.parametrize("page", PAGES)
def test_pages_render_their_formulas_offline_and_their_links_resolve(site, page):
    index = site / page / "index.html"
    if not index.exists():
        pytest.skip(f"{page} is not in this site")
    url = index.as_uri()
    dom = _chromium("--dump-dom", url).stdout
    assert "<body" in dom
    text = re.sub(r"<script.*?</script>|<style.*?</style>|<code.*?</code>|<pre.*?</pre>", "", dom, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    if 'class="arithmatex"' in index.read_text(encoding="utf-8"):
        assert "mjx-container" in dom, "MathJax did not typeset the page"
    leftovers = re.findall(r"\\\(|\\\[|\\begin\{", text)
    assert leftovers == [], leftovers[:5]
    broken = []
    for href in re.findall(r'href="([^"#]+)(?:#[^"]*)?"', index.read_text(encoding="utf-8")):
        if urlparse(href).scheme in ("http", "https", "mailto"):
            continue
        target = Path(urlparse(urljoin(url, href)).path)
        if not (target.exists() or (target / "index.html").exists()):
            broken.append(href)
    assert broken == [], broken
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS / (page.replace("/", "_") + ".png")
    _chromium(f"--screenshot={shot}", "--window-size=1200,2400", url)
    assert shot.exists() and shot.stat().st_size > 10_000
