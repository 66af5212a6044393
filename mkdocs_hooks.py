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
