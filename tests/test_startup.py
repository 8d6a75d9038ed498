"""Start-up (issues 13 and 32): a command imports only the libraries its work needs, so
`--version` costs an interpreter start and a Markdown build does not load the HTML
stack, the translation memory or the catalog writer, nor the readers of what its
chapters do not have (HTML, front matter), nor other languages' rules. Each command
runs in its own process, as users run it, and reports the modules it ended with."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import cli, copy_project

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


def modules(tmp_path: Path, *args: str, root: Path | None = None) -> set[str]:
    """Every module a command loaded (in a copy of this project, or in `root`)."""
    root = root or copy_project(tmp_path)
    out = tmp_path / "modules.json"
    subprocess.run([sys.executable, "-c", PROBE, str(out), "-C", str(root), "-q", *args], check=False)
    return set(json.loads(out.read_text(encoding="utf-8")))


def imported(tmp_path: Path, *args: str, root: Path | None = None) -> set[str]:
    """The top-level packages a command loaded."""
    return {m.split(".")[0] for m in modules(tmp_path, *args, root=root)}


def reworded(tmp_path: Path) -> Path:
    """A copy of this project whose English changed one word since its catalogs were updated."""
    root = copy_project(tmp_path)
    chapter = root / "source" / "en" / "conclusion.md"
    text = chapter.read_text(encoding="utf-8")
    assert " the " in text
    chapter.write_text(text.replace(" the ", " this ", 1), encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    return root


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


def test_a_build_with_nothing_changed_decides_without_the_pipeline(tmp_path: Path) -> None:
    """A no-op build (issue 43) hashes its inputs and reads its record: no parser, no catalog
    reader, no CLDR data, nor mdgettext's model of segments; the same command with a
    catalog edited does build (test_incremental.py checks what each input redoes)."""
    root = copy_project(tmp_path)
    assert cli("-C", root, "-q", "build", "-l", "ko").code == 0
    loaded = modules(tmp_path, "build", "-l", "ko", root=root)
    assert "mdgettext.pipeline.jobs" not in loaded
    assert {m.split(".")[0] for m in loaded} & (PIPELINE | HTML_STACK | MEMORY | CATALOG_WRITER) == set()
    assert {"mdgettext.files", "mdgettext.model"} & loaded == set()
    again = modules(tmp_path, "build", "-l", "ko", root=root)  # answered from the key the first one left
    assert {"mdgettext.project", "mdgettext.settings", "mdgettext.cache", "dataclasses"} & again == set()
    catalog = next((root / "locale" / "ko" / "LC_MESSAGES").glob("*.po"))
    catalog.write_text(catalog.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert {"markdown_it", "polib"} <= imported(tmp_path, "build", "-l", "ko", "-j", "1", root=root)


@pytest.mark.parametrize("command", [["build", "-l", "ko", "-j", "1"], ["update", "-l", "ko"]])
def test_the_probe_sees_what_a_command_needs(tmp_path: Path, command: list[str]) -> None:
    """The HTML build does load the page stack, and an update of changed English the
    memory, which looks for a close match: the probe is not blind."""
    if command[0] == "build":
        assert imported(tmp_path, *command) >= HTML_STACK
    else:
        assert imported(tmp_path, *command, root=reworded(tmp_path)) >= MEMORY


def test_an_update_with_nothing_to_look_up_imports_no_memory_library(tmp_path: Path) -> None:
    """The English has not changed since the catalogs were updated: no message needs a close match."""
    assert imported(tmp_path, "update", "-l", "ko") & MEMORY == set()


def one_line(tmp_path: Path) -> Path:
    """A project of one chapter of one line, its Korean catalog translated: no HTML, no front matter."""
    root = tmp_path / "one-line"
    (root / "source" / "en").mkdir(parents=True)
    (root / "mdgettext.toml").write_text('locales = ["ko"]\n', encoding="utf-8")
    (root / "source" / "en" / "index.md").write_text("# One line\n\nHello.\n", encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    assert cli("-C", root, "-q", "update", "-l", "ko").code == 0
    catalog = root / "locale" / "ko" / "LC_MESSAGES" / "index.po"
    text = catalog.read_text(encoding="utf-8")
    for english, korean in (("One line", "한 줄"), ("Hello.", "안녕하세요.")):
        text = text.replace(f'msgid "{english}"\nmsgstr ""', f'msgid "{english}"\nmsgstr "{korean}"')
    catalog.write_text(text, encoding="utf-8")
    return root


RULES = "mdgettext.checks.typography"


def test_a_markdown_build_without_html_or_front_matter_loads_neither_reader(tmp_path: Path) -> None:
    """What the chapter does not have is not read: no HTML tokenizer (html5lib, and the HTTP
    client it imports), no YAML; a Markdown build runs no typography rules, which only warn."""
    loaded = modules(tmp_path, "build", "-l", "ko", "--format", "md", "-j", "1", root=one_line(tmp_path))
    assert "mdgettext.pipeline.jobs" in loaded  # it built
    assert {m.split(".")[0] for m in loaded} & {"html5lib", "http", "email", "yaml", *HTML_STACK} == set()
    assert {f"{RULES}.ko", f"{RULES}.zh"} & loaded == set()


def test_a_check_loads_the_rules_of_its_language_only(tmp_path: Path) -> None:
    loaded = modules(tmp_path, "check", "-l", "ko", root=one_line(tmp_path))
    assert f"{RULES}.ko" in loaded and f"{RULES}.zh" not in loaded
