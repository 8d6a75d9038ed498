"""Nothing outside the project: a locale code, a symbolic link or a setting never makes
mdgettext read or write outside the project folder; each is refused with exit 2 and
one line, and nothing is written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import mdgettext
from conftest import Result, cli, snapshot
from mdgettext import locale
from mdgettext.project import load_config


@pytest.fixture
def translated(project: Path) -> Path:
    (project / "source" / "en" / "intro.md").write_text("# Title\n\nText.\n", encoding="utf-8")
    assert cli("-C", project, "extract").code == 0
    assert cli("-C", project, "update", "-l", "ko").code == 0
    return project


def refused(root: Path, *args: str, words: str) -> Result:
    """`mdgettext ARGS` exits 2 with one line saying `words`, and changes no file in or beside the project."""
    before = snapshot(root.parent)
    result = cli("-C", root, *args)
    assert result.code == 2, result.out + result.err
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert words in result.err
    assert snapshot(root.parent) == before
    return result


@pytest.mark.parametrize("code", ["ko./../x", "ko@x/../y", "..", "ko/../../etc", "ko\n::error::x", "ko\\x"])
@pytest.mark.parametrize("command", ["update", "build", "check", "stats"])
def test_a_locale_code_that_is_not_one_is_refused_before_any_path_is_made(
    code: str, command: str, translated: Path
) -> None:
    refused(translated, command, "-l", code, words="is not a locale code")


@pytest.mark.parametrize("command", ["update", "build", "check", "stats", "tm"])
def test_an_unknown_locale_is_refused_by_every_command(command: str, translated: Path) -> None:
    args = ["--export", "out.po"] if command == "tm" else []
    refused(translated, command, *args, "-l", "xx-nowhere", words="unknown locale code 'xx-nowhere'")


CODES = ["ko", "ko-KR", "ko_KR", "KO", "pt-BR", "zh_Hans", "zh_Hans_TW", "sr_RS@latin", "ko_KR.UTF-8", "iw", "no"]


@pytest.mark.parametrize("code", [*CODES, "xx", "zz-ZZ", "en_US_POSIX", "qq_Latn"])
def test_validating_a_code_without_its_data_agrees_with_reading_it(code: str) -> None:
    """`check_known` skips loading CLDR data when Babel has a file for the code; it
    must accept and refuse exactly what `locale_name`, which loads it, does."""
    outcomes = []
    for validate in (locale.check_known, locale.locale_name):
        try:
            validate(code)
            outcomes.append("known")
        except locale.LocaleError as err:
            outcomes.append(str(err))
    assert outcomes[0] == outcomes[1]


def test_a_configured_locale_code_is_checked_too(translated: Path) -> None:
    (translated / "pyproject.toml").write_text('[tool.mdgettext]\nlocales = ["ko/../../x"]\n', encoding="utf-8")
    refused(translated, "update", words="is not a locale code")


def test_a_locale_folder_that_is_not_a_code_is_refused(translated: Path) -> None:
    (translated / "locale" / "ko x" / "LC_MESSAGES").mkdir(parents=True)
    refused(translated, "update", words="'ko x' is not a locale code")


def test_a_source_linked_from_outside_the_project_is_refused(translated: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.md"
    secret.write_text("A secret paragraph.\n", encoding="utf-8")
    (translated / "source" / "en" / "leak.md").symlink_to(secret)
    for command in (["extract"], ["build", "-l", "ko"], ["check", "-l", "ko"]):
        refused(translated, *command, words="source/en/leak.md: leads outside the project")


def test_settings_linked_from_outside_the_project_are_refused(translated: Path, tmp_path: Path) -> None:
    settings = tmp_path / "settings.toml"
    settings.write_text('[tool.mdgettext]\nlocales = ["ko"]\n', encoding="utf-8")
    (translated / "pyproject.toml").symlink_to(settings)
    refused(translated, "update", words="pyproject.toml: leads outside the project")


def test_a_build_folder_that_leads_outside_is_refused(translated: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (translated / "build").symlink_to(outside, target_is_directory=True)
    refused(translated, "build", "-l", "ko", words="leads outside the project")
    assert list(outside.iterdir()) == []


def test_a_catalog_folder_that_leads_outside_is_refused(translated: Path, tmp_path: Path) -> None:
    outside = tmp_path / "catalogs"
    (translated / "locale" / "ko" / "LC_MESSAGES").rename(outside)
    (translated / "locale" / "ko" / "LC_MESSAGES").symlink_to(outside, target_is_directory=True)
    for command in ("update", "build", "check"):
        refused(translated, command, "-l", "ko", words="locale/ko/LC_MESSAGES/intro.po: leads outside the project")


def test_a_symbolic_link_loop_is_refused(translated: Path) -> None:
    os.symlink("loop-b.md", translated / "source" / "en" / "loop-a.md")
    os.symlink("loop-a.md", translated / "source" / "en" / "loop-b.md")
    refused(translated, "extract", words="a symbolic link that loops")


@pytest.mark.parametrize(
    "settings, words",
    [
        ('build_dir = "source/en"', "holds source"),
        ('build_dir = "."', "holds source"),
        ('build_dir = "locale"', "holds locale_dir"),
        ('build_dir = "source"', "holds source"),
        ('build_dir = "locale/out"', "is inside locale_dir"),
    ],
)
def test_a_build_folder_may_not_hold_the_sources_or_catalogs_nor_sit_in_the_catalogs(
    settings: str, words: str, translated: Path
) -> None:
    (translated / "pyproject.toml").write_text(f"[tool.mdgettext]\n{settings}\n", encoding="utf-8")
    refused(translated, "build", words=words)


def test_a_build_folder_inside_the_sources_is_never_read_as_chapters(translated: Path) -> None:
    """A repository's root may be the source folder (issue 31), so the build folder is in
    it: what the build writes there is no chapter, however often it runs."""
    (translated / "pyproject.toml").write_text('[tool.mdgettext]\nbuild_dir = "source/en/out"\n', encoding="utf-8")
    for _ in range(2):
        assert cli("-C", translated, "-q", "build").code == 0
        assert (translated / "source" / "en" / "out" / "ko" / "intro.md").is_file()
        assert load_config(translated).chapters() == ["intro"]


CATALOG = "locale/ko/LC_MESSAGES/intro.po"


@pytest.mark.parametrize(
    "command",
    [
        ["check", "-l", "ko"],
        ["build"],
        ["build", "-l", "ko", "--format", "md"],
        ["build", "source/en/intro.md", "--po", CATALOG, "-o", "one.html"],
        ["update", "-l", "ko"],
        ["stats", "-l", "ko"],
        ["stats", "-l", "ko", "--html"],
        ["tm", "--export", "memory.po", "-l", "ko"],
        ["import", "-l", "ko", "intro.ko.md", "--source", "source/en/intro.md"],
    ],
)
def test_a_folder_where_a_catalog_should_be_is_one_line_naming_it(command: list[str], translated: Path) -> None:
    catalog = translated / CATALOG
    (translated / "theirs.po").write_bytes(catalog.read_bytes())
    (translated / "intro.ko.md").write_text("# 제목\n\n텍스트.\n", encoding="utf-8")
    catalog.unlink()
    catalog.mkdir()
    refused(translated, *command, words=f"{CATALOG}: cannot read")


@pytest.mark.parametrize("side", ["the base", "ours", "theirs"])
def test_a_folder_given_to_the_merge_driver_is_a_conflict_in_one_line(side: str, translated: Path) -> None:
    """For git a side it cannot read is a conflict (exit 1), never a merge: ours stays as it was."""
    catalog = translated / CATALOG
    for name in ("base.po", "ours.po", "theirs.po"):
        (translated / name).write_bytes(catalog.read_bytes())
    folder = {"the base": "base.po", "ours": "ours.po", "theirs": "theirs.po"}[side]
    (translated / folder).unlink()
    (translated / folder).mkdir()
    before = snapshot(translated.parent)
    result = cli("-C", translated, "merge-driver", "base.po", "ours.po", "theirs.po", CATALOG)
    assert result.code == 1, result.out + result.err
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert f"{CATALOG}: not merged: {side}: cannot read" in result.err
    assert snapshot(translated.parent) == before


@pytest.mark.parametrize("command", [["check", "-l", "ko"], ["build", "-l", "ko"]])
def test_a_folder_where_the_glossary_should_be_is_one_line_naming_it(command: list[str], translated: Path) -> None:
    (translated / "locale" / "ko" / "glossary.po").mkdir()
    refused(translated, *command, words="locale/ko/glossary.po: cannot read")


@pytest.mark.parametrize("folder", ["build", "templates"])
def test_the_progress_page_never_leads_outside(folder: str, translated: Path, tmp_path: Path) -> None:
    """`stats --html` writes build/ and reads templates/ through the same guard as `build`:
    the same line, before it prints a table that would end in an error."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "mdgettext.css").write_text("/* not the project's */\n", encoding="utf-8")
    (translated / folder).symlink_to(outside, target_is_directory=True)
    said = refused(translated, "build", "-l", "ko", words=f"{folder}: leads outside the project").err
    result = refused(translated, "stats", "-l", "ko", "--html", words=said)
    assert (result.err, result.out) == (said, "")
    assert sorted(p.name for p in outside.iterdir()) == ["mdgettext.css"]


@pytest.mark.parametrize("folder", ["build", "templates"])
def test_serve_refuses_a_folder_that_leads_outside_before_it_builds(
    folder: str, translated: Path, tmp_path: Path
) -> None:
    """`serve` would build into build/ and serve it, and watch templates/: either leading
    out of the project is refused as `build` refuses it, before a build and before a server
    starts. A real process, as a translator starts it; the timeout stops one that serves."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (translated / folder).symlink_to(outside, target_is_directory=True)
    said = refused(translated, "build", "-l", "ko", words=f"{folder}: leads outside the project").err
    before = snapshot(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(Path(mdgettext.__file__).parents[1])}
    command = [sys.executable, "-m", "mdgettext", "-C", str(translated), "serve", "-l", "ko"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, check=False)
    assert (done.returncode, done.stderr, done.stdout) == (2, said, "")
    assert snapshot(tmp_path) == before and list(outside.iterdir()) == []
