"""Starting a project: `init`, mdgettext.toml, `exclude`, and how much `#:` references say."""

from __future__ import annotations

import difflib
import io
from pathlib import Path

import polib
import pytest

from conftest import cli, snapshot
from gettext_tools import assert_msgcat_fixed_point, assert_msgfmt_check
from mdgettext.commands.init import init
from mdgettext.commands.terminal import Reporter
from mdgettext.project import load_config
from mdgettext.settings import SETTINGS, TABLES

CHAPTER = "# Title\n\nSome text with a [link](https://example.com).\n\nRepeated.\n\n## Part\n\nRepeated.\n"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- mdgettext.toml


def test_settings_are_read_from_mdgettext_toml(project: Path) -> None:
    write(project / "mdgettext.toml", 'locales = ["ko"]\nflavor = "kramdown"\nsite_url = "https://example.org/book/"\n')
    config = load_config(project)
    assert (config.locales, config.flavor, config.site_url) == (("ko",), "kramdown", "https://example.org/book")


def test_a_book_with_a_python_package_still_names_its_catalogs_after_the_package(project: Path) -> None:
    write(project / "pyproject.toml", '[project]\nname = "book"\nversion = "2.1"\n')
    write(project / "mdgettext.toml", 'locales = ["ko"]\n')
    config = load_config(project)
    assert (config.name, config.version) == ("book", "2.1")


def test_settings_in_both_files_are_refused_in_one_line(project: Path) -> None:
    write(project / "source" / "en" / "intro.md", CHAPTER)
    write(project / "mdgettext.toml", 'locales = ["ko"]\n')
    write(project / "pyproject.toml", '[tool.mdgettext]\nlocales = ["ja"]\n')
    result = cli("-C", project, "extract")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "mdgettext.toml and pyproject.toml [tool.mdgettext] both hold settings; keep one" in result.err
    assert not (project / "locale").exists()


@pytest.mark.parametrize(
    "text, words",
    [
        ("colour = 1\n", "mdgettext.toml:1: unknown setting 'colour'"),
        ('references = "lines"\n', "mdgettext.toml:1: references = 'lines': choose 'full' or 'file' or 'never'"),
        ('exclude = "README.md"\n', "mdgettext.toml:1: exclude must be a list of strings"),
        ('exclude = ["../outside.md"]\n', "mdgettext.toml:1: exclude: '../outside.md' is not a glob inside"),
        ("locales = [\n", "mdgettext.toml: "),
    ],
)
def test_a_wrong_setting_names_the_file_and_the_fix(project: Path, text: str, words: str) -> None:
    write(project / "mdgettext.toml", text)
    result = cli("-C", project, "extract")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.startswith(f"mdgettext: error: {words}")


# ---------------------------------------------------------------- exclude


def test_excluded_files_are_not_chapters(project: Path) -> None:
    source = project / "source" / "en"
    write(source / "intro.md", CHAPTER)
    write(source / "README.md", "# How to edit this book\n")
    write(source / "drafts" / "next.md", "# Next\n")
    write(source / "drafts" / "deeper" / "later.md", "# Later\n")
    write(source / "part" / "two.md", "# Two\n")
    write(project / "mdgettext.toml", 'exclude = ["README.md", "drafts"]\n')
    assert load_config(project).chapters() == ["intro", "part/two"]
    assert cli("-C", project, "extract").code == 0
    templates = sorted(p.relative_to(project / "locale").as_posix() for p in (project / "locale").rglob("*.pot"))
    assert templates == ["intro.pot", "part/two.pot"]


def test_a_catalog_of_a_chapter_excluded_later_is_left_alone_like_a_removed_one(project: Path) -> None:
    write(project / "source" / "en" / "intro.md", CHAPTER)
    write(project / "source" / "en" / "notes.md", "# Notes\n")
    write(project / "mdgettext.toml", 'locales = ["ko"]\n')
    assert cli("-C", project, "-q", "extract").code == 0 and cli("-C", project, "-q", "update").code == 0
    write(project / "mdgettext.toml", 'locales = ["ko"]\nexclude = ["notes.md"]\n')
    result = cli("-C", project, "update")
    assert result.code == 0, result.err
    assert "locale/ko/LC_MESSAGES/notes.po: no chapter source/en/notes.md any more; left as it is" in result.err


def test_exclude_takes_globs_under_the_source_folder(project: Path) -> None:
    source = project / "source" / "en"
    for name in ("intro.md", "_includes/a.md", "_includes/b.md", "notes/x/README.md"):
        write(source / name, "# Text\n")
    write(project / "mdgettext.toml", 'exclude = ["_includes/*.md", "**/README.md"]\n')
    assert load_config(project).chapters() == ["intro"]


# ---------------------------------------------------------------- references


def extract_and_update(project: Path, references: str) -> tuple[str, str]:
    write(project / "mdgettext.toml", f'locales = ["ko"]\nreferences = "{references}"\n')
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update").code == 0
    pot, po = project / "locale" / "intro.pot", project / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    for path in (pot, po):
        assert_msgcat_fixed_point(path)
    assert_msgfmt_check(po)
    return pot.read_text(encoding="utf-8"), po.read_text(encoding="utf-8")


FULL = ["#: source/en/intro.md:1", "#: source/en/intro.md:3", "#: source/en/intro.md:5 source/en/intro.md:9"]


@pytest.mark.parametrize(
    "references, expected",
    [
        ("full", [*FULL, "#: source/en/intro.md:7"]),
        ("file", ["#: source/en/intro.md"] * 4),  # "Repeated." twice in one file: one reference
        ("never", []),
    ],
)
def test_references_say_file_and_line_the_file_or_nothing(project: Path, references: str, expected: list[str]) -> None:
    write(project / "source" / "en" / "intro.md", CHAPTER)
    pot, po = extract_and_update(project, references)
    for text in (pot, po):
        assert [line for line in text.split("\n") if line.startswith("#:")] == expected


@pytest.mark.parametrize("references, removed", [("file", False), ("never", False), ("full", True)])
def test_without_line_numbers_an_insertion_in_the_english_only_adds_to_the_catalog(
    project: Path, references: str, removed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    source = write(project / "source" / "en" / "intro.md", CHAPTER)
    _, before = extract_and_update(project, references)
    source.write_text("# Title\n\nA new first paragraph,\nfour lines\nlong,\nno more.\n" + CHAPTER[len("# Title\n") :])
    _, after = extract_and_update(project, references)
    diff = [line for line in difflib.ndiff(before.split("\n"), after.split("\n")) if line[:1] in "+-"]
    assert any(line.startswith("-") for line in diff) == removed, diff
    assert '+ msgid "A new first paragraph, four lines long, no more."' in diff


def test_checks_still_name_the_po_line_and_the_source_line_without_references(project: Path) -> None:
    write(project / "source" / "en" / "intro.md", CHAPTER)
    extract_and_update(project, "never")
    po_path = project / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    po.find("Some text with a [link](https://example.com).").msgstr = "링크 없는 글."
    po.save(str(po_path))
    result = cli("-C", project, "check", "-l", "ko", "--select", "links")
    assert result.code == 1
    assert "locale/ko/LC_MESSAGES/intro.po:" in result.out
    assert "[links.missing] (source/en/intro.md:3)" in result.out


# ---------------------------------------------------------------- init


def test_init_with_options_writes_settings_every_command_reads(project: Path) -> None:
    args = ["--locale", "ko", "--locale", "ja", "--flavor", "kramdown", "--references", "file"]
    result = cli("-C", project, "init", *args, "--exclude", "README.md", "--heading-ids", "--source", "docs")
    assert result.code == 0, result.err
    assert "mdgettext.toml: written" in result.out
    config = load_config(project)
    assert (config.locales, config.flavor, config.references) == (("ko", "ja"), "kramdown", "file")
    assert (config.exclude, config.heading_ids, config.source) == (("README.md",), True, "docs")
    text = (project / "mdgettext.toml").read_text(encoding="utf-8")
    for spec in SETTINGS:  # the file lists what can be set, each with what it does
        assert f"# {spec.doc}\n" in text
    assert '# build_dir = "build"\n' in text  # not given: commented out at its default


def test_init_without_a_terminal_asks_nothing_and_writes_the_defaults(project: Path) -> None:
    assert cli("-C", project, "init").code == 0  # the test's stdin is no terminal
    config = load_config(project)
    assert (config.source, config.locales, config.flavor) == ("source/en", (), "commonmark")


def test_init_at_a_terminal_asks_for_what_is_missing(project: Path) -> None:
    asked: list[str] = []
    answers = iter(["ko, ja", "kramdown"])

    def ask(prompt: str) -> str:
        asked.append(prompt.split(":", maxsplit=1)[0])
        return next(answers)

    assert init(project, {"source": "chapters"}, Reporter(out=io.StringIO()), ask=ask) == 0
    assert asked == ["locales", "flavor"]
    config = load_config(project)
    assert (config.source, config.locales, config.flavor) == ("chapters", ("ko", "ja"), "kramdown")


def test_init_writes_into_pyproject_when_asked(project: Path) -> None:
    write(project / "pyproject.toml", '[project]\nname = "book"\n')
    assert cli("-C", project, "init", "--pyproject", "--locale", "ko").code == 0
    assert not (project / "mdgettext.toml").exists()
    text = (project / "pyproject.toml").read_text(encoding="utf-8")
    assert text.startswith('[project]\nname = "book"\n\n[tool.mdgettext]\n')
    assert load_config(project).locales == ("ko",)


@pytest.mark.parametrize(
    "files, words",
    [
        ({"mdgettext.toml": "\n"}, "mdgettext.toml: the project has settings already"),
        ({"pyproject.toml": "[tool.mdgettext]\n"}, "pyproject.toml: [tool.mdgettext] holds the project's settings"),
    ],
)
def test_init_never_overwrites_settings(project: Path, files: dict[str, str], words: str) -> None:
    for name, text in files.items():
        write(project / name, text)
    before = snapshot(project)
    result = cli("-C", project, "init", "--locale", "ko")
    assert result.code == 2 and result.err.count("\n") == 1
    assert words in result.err
    assert snapshot(project) == before


def test_init_refuses_a_bad_value_and_writes_nothing(project: Path) -> None:
    result = cli("-C", project, "init", "--locale", "kr/../x")
    assert result.code == 2 and "is not a locale code" in result.err
    assert not (project / "mdgettext.toml").exists()
    assert cli("-C", project, "init", "--pyproject").code == 2  # no pyproject.toml to write into


def test_init_help_says_what_it_writes() -> None:
    result = cli("init", "--help")
    assert result.code == 0
    assert "mdgettext.toml" in result.out and "--pyproject" in result.out
    for spec in SETTINGS:  # a table is written in the file, with no option
        assert (spec.option in result.out) != (spec.kind in TABLES)


def test_every_default_init_writes_commented_out_reads_as_that_default_uncommented(project: Path) -> None:
    """What `init` writes commented out is valid TOML for its setting: uncommenting a line
    changes nothing (`# math_macros = []` was an error: a table is `{}`)."""
    assert cli("-C", project, "-q", "init", "--locale", "ko").code == 0
    settings = project / "mdgettext.toml"
    defaults = load_config(project)
    text = settings.read_text(encoding="utf-8")
    keys = {spec.key for spec in SETTINGS}
    lines = [line.removeprefix("# ") if line[2:].split(" = ")[0] in keys else line for line in text.split("\n")]
    settings.write_text("\n".join(lines), encoding="utf-8")
    assert "\nmath_macros = {}\n" in settings.read_text(encoding="utf-8")
    assert load_config(project) == defaults


def test_options_win_over_the_layout_init_recognises(project: Path) -> None:
    write(project / "README.md", "# Tool\n")
    write(project / "README-ko.md", "# 도구\n")
    result = cli(
        "-C", project, "init", "--source", ".", "--translations", "i18n/{lang}/{path}", "--flavor", "commonmark"
    )
    assert result.code == 0 and "recognised README.md with README-ko.md beside it" in result.out
    config = load_config(project)
    assert (config.translations, config.flavor, config.include, config.locales) == (
        "i18n/{lang}/{path}",
        "commonmark",
        ("README.md",),
        ("ko",),
    )
    other = project.parent / "other"
    (other / "docs").mkdir(parents=True)
    write(other / "README.md", "# Tool\n")
    write(other / "README-ko.md", "# 도구\n")
    assert cli("-C", other, "init", "--source", "docs").code == 0  # another source: the README layout is not it
    assert (load_config(other).source, load_config(other).locales) == ("docs", ())
