"""Docs that cannot drift: the reference tables are the code's, and every link leads somewhere."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from markdown_it import MarkdownIt

from conftest import REPO, cli
from mdgettext import docs
from mdgettext.checks import CODES
from mdgettext.cli import COMMANDS
from mdgettext.settings import SETTINGS

DOCS = REPO / "docs"
PAGES = [REPO / "README.md", *sorted(DOCS.glob("*.md"))]
MD = MarkdownIt("commonmark").enable("table")


def test_the_generated_tables_match_the_code() -> None:
    stale = [path.relative_to(REPO).as_posix() for path in docs.stale(DOCS)]
    assert stale == [], f"{', '.join(stale)}: stale; run `{docs.COMMAND}` (or `make docs`) and commit the result"


def test_the_generator_writes_every_setting_and_every_code() -> None:
    empty = "<!-- generated: settings -->\n<!-- end generated -->\n<!-- generated: checks -->\n<!-- end generated -->\n"
    made = docs.regenerate(empty)
    for spec in SETTINGS:
        assert f"| `{spec.key}` | {spec.kind}" in made
    for code in CODES:
        assert f"| `{code}` |" in made
    with pytest.raises(ValueError, match="no such table"):
        docs.regenerate("<!-- generated: colours -->\n<!-- end generated -->")


def test_the_commands_reference_has_every_command_and_its_options() -> None:
    made = docs.regenerate("<!-- generated: commands -->\n<!-- end generated -->\n")
    for name in COMMANDS:
        assert f"### `mdgettext {name}`" in made
    assert "| `-j N`, `--jobs N` | build chapters in N processes" in made
    assert "| `--strict` | warnings are errors, and every catalog must be 100% translated" in made  # `%%` in --help
    assert "| `-o OUT.md\\|OUT.html`, `--output OUT.md\\|OUT.html` |" in made  # a `|` does not end the cell


def links(path: Path) -> list[str]:
    """Every link and image destination of a Markdown page, as markdown-it reads them."""
    found = []
    for token in MD.parse(path.read_text(encoding="utf-8")):
        for child in token.children or ():
            target = child.attrGet("href") if child.type == "link_open" else child.attrGet("src")
            if child.type in ("link_open", "image") and isinstance(target, str):
                found.append(target)
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_relative_link_leads_to_a_file(page: Path) -> None:
    for target in links(page):
        parts = urlsplit(target)
        if parts.scheme or parts.netloc or not parts.path:
            continue  # another site, or an anchor on this page
        assert (page.parent / unquote(parts.path)).exists(), f"{page.relative_to(REPO)}: {target} leads to no file"


def test_every_check_code_has_its_rule_in_checks_md() -> None:
    """The per-code table (a true finding, what is left alone) is written by hand;
    it must name every code the registry has, and no other."""
    text = (DOCS / "checks.md").read_text(encoding="utf-8")
    table = text.split("## One rule per code", 1)[1]
    first_cells = [line.split(" | ", 1)[0] for line in table.split("\n") if line.startswith("| `")]
    named = {code for cell in first_cells for code in re.findall(r"`([a-z-]+\.[a-z-]+)`", cell)}
    assert sorted(set(CODES) - named) == [], "codes with no row in docs/checks.md's 'One rule per code'"
    assert sorted(named - set(CODES)) == [], "rows in docs/checks.md for codes the checks do not have"


def test_the_merge_driver_page_gives_the_lines_to_paste() -> None:
    page = (DOCS / "merge-driver.md").read_text(encoding="utf-8")
    assert "\n*.po merge=mdgettext-po\n" in page
    assert "merge=mdgettext-po" in (REPO / ".gitattributes").read_text(encoding="utf-8")
    config_lines = [line.strip() for line in cli("merge-driver", "--help").out.split("\n") if "git config" in line]
    assert len(config_lines) == 2
    for line in config_lines:  # the same lines the command's help prints
        assert f"\n{line}\n" in page


def test_the_readme_is_a_front_page() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.split("\n")) <= 150
    assert "make ko" in readme and "make test" in readme
    for page in sorted(DOCS.glob("*.md")):
        assert f"(docs/{page.name})" in readme, f"the README does not link docs/{page.name}"


def test_the_docs_tool_answers_help_and_names_a_missing_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit) as exited:
        docs.main(["--help"])
    assert exited.value.code == 0 and "usage: python -m mdgettext.docs" in capsys.readouterr().out
    assert docs.main([str(tmp_path / "nope")]) == 2
    assert (
        capsys.readouterr().err.strip().endswith("no such folder; run from the repository root or name the docs folder")
    )


def test_the_hostile_corpus_figures_in_development_md_are_counted() -> None:
    """docs/development.md states the hostile corpus's size and its positive control:
    counted from cases.yaml, so adding a case cannot leave the page stale."""
    import yaml

    cases = yaml.safe_load((REPO / "tests" / "data" / "hostile" / "cases.yaml").read_text(encoding="utf-8"))["cases"]
    hostile = [c for c in cases if c["class"] != "benign"]
    inert = [c for c in hostile if c.get("inert")]
    classes = {c["class"] for c in hostile}
    text = " ".join((REPO / "docs" / "development.md").read_text(encoding="utf-8").split())
    assert (
        f"holds a small chapter and {len(cases)} translations of it: {len(hostile)} hostile, in {len(classes)} classes"
        in text
    )
    assert f"and {len(cases) - len(hostile)} benign ones" in text
    assert f"it must flag {len(hostile) - len(inert)} of the {len(hostile)} hostile cases" in text
    assert f"the {len(inert)} marked `inert` in `cases.yaml`" in text
