"""The ``completion`` command: the generated bash script completes subcommands, options and files (run in bash)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from semialg_fibers.cli.main import COMMANDS

pytest.importorskip("shtab")
BASH = shutil.which("bash")
DATA = Path(__file__).resolve().parents[2] / "semialg_fibers" / "data"


@pytest.fixture(scope="module")
def script(tmp_path_factory) -> Path:
    out = subprocess.run([sys.executable, "-m", "semialg_fibers", "completion", "bash"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    path = tmp_path_factory.mktemp("completion") / "semialg-fibers.bash"
    path.write_text(out.stdout)
    return path


def _complete(script: Path, words: list[str], cwd: Path) -> list[str]:
    """COMPREPLY of the script's completion function for the command line ``words`` (the last one being typed)."""
    array = " ".join(f"'{w}'" for w in words)
    line = " ".join(words)
    program = (f"source '{script}'\nCOMP_WORDS=({array}); COMP_CWORD={len(words) - 1}; COMP_LINE='{line}'; "
               f"COMP_POINT=${{#COMP_LINE}}\n_shtab_semialg_fibers semialg-fibers '{words[-1]}' '{words[-2]}'\n"
               "printf '%s\\n' \"${COMPREPLY[@]}\"\n")
    out = subprocess.run([BASH, "-c", program], capture_output=True, text=True, cwd=cwd, timeout=60)
    assert out.returncode == 0, out.stderr
    return [w for w in out.stdout.splitlines() if w]


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_the_bash_script_is_valid_and_completes_commands_options_and_files(script, tmp_path):
    assert subprocess.run([BASH, "-n", str(script)], timeout=60).returncode == 0
    assert _complete(script, ["semialg-fibers", "fi"], tmp_path) == ["fiber"]
    # every subcommand of the parser is offered after the program name
    assert set(_complete(script, ["semialg-fibers", ""], tmp_path)) >= {c.name for c in COMMANDS}
    assert _complete(script, ["semialg-fibers", "latex", "--li"], tmp_path) == ["--limit"]
    assert sorted(_complete(script, ["semialg-fibers", "info", "deep_"], DATA)) == [
        "deep_a.json", "deep_b_permuted_scaled.json"]


@pytest.mark.parametrize("shell", ["zsh", "tcsh"])
def test_other_shells_get_a_script_naming_every_command(shell):
    out = subprocess.run([sys.executable, "-m", "semialg_fibers", "completion", shell],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert all(c.name in out.stdout for c in COMMANDS)


def test_an_unknown_shell_is_one_line_and_exit_2():
    out = subprocess.run([sys.executable, "-m", "semialg_fibers", "completion", "fish"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "invalid choice: 'fish'" in out.stderr
