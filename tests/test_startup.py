"""Start-up (issue 13): a command imports only the libraries its work needs, so
`--version` costs an interpreter start and a Markdown build does not load the HTML
stack, the translation memory or the catalog writer. Each command runs in its own
process, as users run it, and reports the modules it ended with."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import copy_project

PROBE = """
import json, sys
from mdgettext.cli import run
try:
    run(sys.argv[2:])
finally:
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        json.dump(sorted(sys.modules), out)
"""

HTML_STACK = {"jinja2", "latex2mathml", "markupsafe"}
MEMORY = {"rapidfuzz", "snowballstemmer"}
CATALOG_WRITER = {"uniseg"}
PIPELINE = {"markdown_it", "yaml", "html5lib", "polib", "babel"}


def imported(tmp_path: Path, *args: str) -> set[str]:
    """The top-level packages a command loaded."""
    root = copy_project(tmp_path)
    out = tmp_path / "modules.json"
    subprocess.run([sys.executable, "-c", PROBE, str(out), "-C", str(root), "-q", *args], check=False)
    return {m.split(".")[0] for m in json.loads(out.read_text(encoding="utf-8"))}


def test_version_imports_no_library(tmp_path: Path) -> None:
    assert imported(tmp_path, "--version") & (PIPELINE | HTML_STACK | MEMORY | CATALOG_WRITER) == set()


def test_extract_imports_no_html_stack_or_memory(tmp_path: Path) -> None:
    loaded = imported(tmp_path, "extract")
    assert {"markdown_it", "uniseg"} <= loaded  # it parses, and writes templates
    assert loaded & (HTML_STACK | MEMORY) == set()
    # one chapter: no pool of processes; and a code's shape needs no CLDR data
    assert loaded & {"concurrent", "multiprocessing", "babel"} == set()


def test_markdown_build_imports_no_html_stack_memory_or_writer(tmp_path: Path) -> None:
    loaded = imported(tmp_path, "build", "-l", "ko", "--format", "md", "-j", "1")
    assert "markdown_it" in loaded
    assert loaded & (HTML_STACK | MEMORY | CATALOG_WRITER) == set()


@pytest.mark.parametrize("command", [["build", "-l", "ko", "-j", "1"], ["update", "-l", "ko"]])
def test_the_probe_sees_what_a_command_needs(tmp_path: Path, command: list[str]) -> None:
    """The HTML build does load the page stack, and update the memory: the probe is not blind."""
    wanted = HTML_STACK if command[0] == "build" else MEMORY
    assert wanted <= imported(tmp_path, *command)
