"""MkDocs hook: add the report on the bundled trained networks to the navigation when it exists.

``docs/real_networks.md`` is written by the script that analyses the bundled networks; the site
links it under "Trained networks" when the file is there and builds without it otherwise.
"""

from pathlib import Path


def on_config(config, **kwargs):
    report = Path(config["docs_dir"]) / "real_networks.md"
    if report.exists() and not any("real_networks.md" in str(item) for item in config["nav"]):
        config["nav"].insert(-1, {"Trained networks": "real_networks.md"})
    return config


def on_post_build(config, **kwargs):
    """Put the tour notebook itself at the site's root too, for download (the rendered page is ``tour/``)."""
    import shutil

    notebook = Path(config["docs_dir"]) / "tour.ipynb"
    if notebook.exists():
        shutil.copyfile(notebook, Path(config["site_dir"]) / "tour.ipynb")


_ROLE = None


def on_page_content(html, page, config, files, **kwargs):
    """Turn the Sphinx roles of the docstrings (``:func:`x```, rendered as ``:func:<code>x</code>``) into links.

    Each becomes an autorefs cross-reference (resolved by mkdocs-autorefs against the objects mkdocstrings
    documented, by full path, or relative to ``semialg_fibers``); ``~`` keeps the last component as the text; a name
    the site does not document stays plain code, never a broken link.
    """
    import re

    global _ROLE
    if _ROLE is None:
        _ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj):<code>(~?)([\w.]+)(?:\(\))?</code>")

    def link(match):
        short, target = match.group(1), match.group(2)
        text = target.rsplit(".", 1)[-1] if short else target
        if not target.startswith("semialg_fibers"):
            target = "semialg_fibers." + target
        return f'<autoref identifier="{target}" optional><code>{text}</code></autoref>'

    return _ROLE.sub(link, html)


#: Files outside docs/ that pages link to by their repository path, published as site pages at these addresses
#: (the Markdown keeps the repository path, which works where the repository is browsed; the site rewrites it).
OUTSIDE = {"semialg_fibers/data/real_networks/README.md": "bundled/real_networks.md"}


def on_files(files, config, **kwargs):
    from mkdocs.structure.files import File

    root = Path(config["docs_dir"]).resolve().parent
    for source, uri in OUTSIDE.items():
        files.append(File.generated(config, uri, content=(root / source).read_text(encoding="utf-8")))
    return files


def on_page_markdown(markdown, page, config, files, **kwargs):
    """Point the links to the files of :data:`OUTSIDE` at their site pages."""
    from pathlib import PurePosixPath

    up = "../" * len(PurePosixPath(page.file.src_uri).parent.parts)  # from the page's folder to docs/
    for source, uri in OUTSIDE.items():
        markdown = markdown.replace(f"]({up}../{source})", f"]({up}{uri})")
    return markdown
