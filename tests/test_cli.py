"""The command line as users meet it: help, exit codes, -C, --quiet, single files."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import polib
import pytest

from conftest import Terminal, catalog, cli, snapshot

CHAPTER = "# Title\n\nSome text with a [link](https://example.com).\n"


def write_chapter(project: Path, name: str = "intro", text: str = CHAPTER) -> Path:
    path = project / "source" / "en" / f"{name}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_help_lists_the_commands_and_exits_0() -> None:
    result = cli("--help")
    assert result.code == 0
    for command in ("extract", "update", "build", "stats"):
        assert command in result.out


def test_a_usage_error_exits_2() -> None:
    assert cli("translate").code == 2
    assert cli("build", "--format", "pdf").code == 2


def test_the_full_cycle_in_a_folder_with_no_configuration(project: Path) -> None:
    write_chapter(project)
    write_chapter(project, "part/two", "## Second\n\nMore text.\n")
    extract = cli("-C", project, "extract")
    assert extract.code == 0
    assert "locale/intro.pot: 2 messages (written)" in extract.out
    assert (project / "locale" / "part" / "two.pot").exists()  # sub-folders kept in the name
    assert cli("-C", project, "update", "-l", "ko").code == 0
    po_path = project / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    po.find("Title").msgstr = "제목"
    po.save()
    build = cli("-C", project, "build", "-l", "ko")
    assert build.code == 0
    assert "build/ko/intro.md: 1 of 2 messages fell back to English" in build.out
    assert "build/ko/intro.html: 1 of 2 messages fell back to English" in build.out
    assert (project / "build" / "ko" / "intro.md").read_text(encoding="utf-8").startswith("# 제목\n")
    assert (project / "build" / "ko" / "part" / "two.html").exists()
    stats = cli("-C", project, "stats", "-l", "ko")
    assert stats.out.splitlines()[1].split() == ["intro", "2", "1", "0", "1", "6", "1", "50.0%"]


def test_build_without_a_locale_builds_every_catalog_and_english(project: Path) -> None:
    write_chapter(project)
    cli("-C", project, "extract")
    cli("-C", project, "update", "-l", "ko", "-l", "ja")
    assert cli("-C", project, "build", "--format", "md").code == 0
    for language in ("en", "ja", "ko"):
        assert (project / "build" / language / "intro.md").read_text(encoding="utf-8") == CHAPTER


def test_quiet_prints_nothing_on_success(project: Path) -> None:
    write_chapter(project)
    result = cli("-C", project, "--quiet", "extract")
    assert result.code == 0 and result.out == "" and result.err == ""


def test_paths_are_relative_to_where_it_runs(project: Path, monkeypatch) -> None:
    write_chapter(project)
    monkeypatch.chdir(project)
    assert cli("extract").code == 0
    assert (project / "locale" / "intro.pot").exists()


def test_single_files_for_scripts(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("doc.md").write_text(CHAPTER, encoding="utf-8")
    assert cli("extract", "doc.md", "-o", "doc.pot").code == 0
    pot = polib.pofile("doc.pot")
    assert [e.occurrences for e in pot] == [[("doc.md", "1")], [("doc.md", "3")]]
    po = polib.POFile()
    po.metadata = {"Language": "ko", "Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgid="Title", msgstr="제목"))
    po.save("doc.ko.po")
    assert cli("build", "doc.md", "--po", "doc.ko.po", "-o", "out/doc.md").code == 0
    assert Path("out/doc.md").read_text(encoding="utf-8").startswith("# 제목\n")
    assert cli("build", "doc.md", "--po", "doc.ko.po", "-o", "out/doc.html").code == 0
    assert '<html lang="ko">' in Path("out/doc.html").read_text(encoding="utf-8")


def test_a_folder_without_sources_is_a_clear_error(tmp_path: Path) -> None:
    result = cli("-C", tmp_path, "extract")
    assert result.code == 2
    assert result.err.startswith("mdgettext: error: source/en: no Markdown files")
    assert "Traceback" not in result.err


def test_update_before_extract_says_what_to_run(project: Path) -> None:
    write_chapter(project)
    result = cli("-C", project, "update", "-l", "ko")
    assert result.code == 2
    assert "run `mdgettext extract` first" in result.err


def test_an_unknown_locale_is_refused(project: Path) -> None:
    write_chapter(project)
    cli("-C", project, "extract")
    result = cli("-C", project, "update", "-l", "xx-nowhere")
    assert result.code == 2
    assert "unknown locale code 'xx-nowhere'" in result.err
    assert not (project / "locale" / "xx-nowhere").exists()


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_language_with_no_catalog_is_an_error_naming_those_that_exist(chapter_copy: Path, command: str) -> None:
    before = snapshot(chapter_copy)
    for asked in ("ko_KR", "fr"):  # a variant of the catalogs' code, and a language never started
        result = cli("-C", chapter_copy, command, "-l", asked)
        assert result.code == 2, result.out + result.err
        assert f"-l {asked}: no catalogs" in result.err and "catalogs exist for ko" in result.err
        assert len(result.err.strip().splitlines()) == 1
    assert snapshot(chapter_copy) == before  # nothing built in English under another language's name


def test_broken_front_matter_names_the_line(project: Path) -> None:
    write_chapter(project, text="---\ntitle: [unclosed\n---\n\nText.\n")
    result = cli("-C", project, "extract")
    assert result.code == 2
    assert result.err.startswith("mdgettext: error: source/en/intro.md:")
    assert "front matter is not valid YAML" in result.err
    assert not (project / "locale").exists()


def test_crlf_and_bom_sources_keep_their_line_endings(project: Path) -> None:
    source = write_chapter(project)
    source.write_bytes(b"\xef\xbb\xbf" + CHAPTER.replace("\n", "\r\n").encode("utf-8"))
    cli("-C", project, "extract")
    cli("-C", project, "update", "-l", "ko")
    po_path = project / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    po.find("Title").msgstr = "제목"
    po.save()
    assert cli("-C", project, "build", "-l", "ko", "-l", "en", "--format", "md").code == 0
    assert (project / "build" / "en" / "intro.md").read_bytes() == source.read_bytes()
    assert (project / "build" / "ko" / "intro.md").read_bytes() == source.read_bytes().replace(
        b"# Title", "# 제목".encode()
    )


def test_no_temporary_files_are_left_behind(project: Path) -> None:
    write_chapter(project)
    cli("-C", project, "extract")
    cli("-C", project, "update", "-l", "ko")
    cli("-C", project, "build", "-l", "ko")
    leftovers = [p for p in project.rglob("*") if p.name.endswith(".tmp")]
    assert leftovers == []
    assert os.listdir(project / "locale") == ["intro.pot", "ko"] or sorted(os.listdir(project / "locale")) == [
        "intro.pot",
        "ko",
    ]


def test_merge_driver_help_prints_the_line_to_paste() -> None:
    """Issue 14: the help printed `%%O %%A %%B`, and git took that literally."""
    result = cli("merge-driver", "--help")
    assert result.code == 0
    lines = [line.strip() for line in result.out.splitlines()]
    assert 'git config merge.mdgettext-po.driver "mdgettext merge-driver %O %A %B %P"' in lines
    assert "%%" not in result.out


def test_extract_twice_changes_no_byte_when_a_table_row_repeats_a_cell(project: Path) -> None:
    write_chapter(project, text="| Chip | Bus | Host |\n| --- | --- | --- |\n| Yes | Yes | no |\n")
    assert cli("-C", project, "extract").code == 0
    pot = project / "locale" / "intro.pot"
    first = pot.read_bytes()
    again = cli("-C", project, "extract")
    assert "locale/intro.pot: 5 messages (unchanged)" in again.out
    assert pot.read_bytes() == first
    assert b'#: source/en/intro.md:3\nmsgid "Yes"' in first


def test_a_single_file_catalog_without_a_language_takes_l_or_is_refused(tmp_path: Path, monkeypatch) -> None:
    """Issue 14: it used to write the English unchanged and exit 0 ("source text")."""
    monkeypatch.chdir(tmp_path)
    Path("doc.md").write_text(CHAPTER, encoding="utf-8")
    po = catalog(polib.POEntry(msgid="Title", msgstr="제목"))
    po.save("doc.po")
    refused = cli("build", "doc.md", "--po", "doc.po", "-o", "out/doc.md")
    assert refused.code == 2
    assert refused.err.startswith("mdgettext: error: doc.po: no Language header")
    assert "pass -l LANG" in refused.err
    assert not Path("out").exists()
    built = cli("build", "doc.md", "--po", "doc.po", "-l", "ko", "-o", "out/doc.html")
    assert built.code == 0, built.err
    assert '<html lang="ko">' in Path("out/doc.html").read_text(encoding="utf-8")
    assert "1 of 2 messages fell back to English" in built.out
    po.metadata["Language"] = "ja"
    po.save("doc.po")
    clash = cli("build", "doc.md", "--po", "doc.po", "-l", "ko", "-o", "out/doc.md")
    assert clash.code == 2 and "its Language header is 'ja', not 'ko'" in clash.err


def test_update_shows_progress_on_a_terminal_and_nothing_elsewhere(project: Path) -> None:
    from mdgettext.commands.terminal import Reporter
    from mdgettext.commands.update import update
    from mdgettext.project import load_config

    write_chapter(project)
    write_chapter(project, "second", "More text.\n")
    cli("-C", project, "-q", "extract")
    piped = cli("-C", project, "update", "-l", "ko")
    assert piped.err == "" and "\r" not in piped.out  # a log or CI sees the result lines only
    out, err = io.StringIO(), Terminal()
    assert update(load_config(project), ["ko"], Reporter(out=out, err=err)) == 0
    assert "\r[1/2] locale/ko/LC_MESSAGES/intro.po" in err.getvalue()
    assert "\r[2/2] locale/ko/LC_MESSAGES/second.po" in err.getvalue()
    assert err.getvalue().endswith("\r")  # the line is wiped before the results are printed
    assert "locale/ko/LC_MESSAGES/intro.po: 0 translated" in out.getvalue()
    quiet = Terminal()
    update(load_config(project), ["ko"], Reporter(quiet=True, out=io.StringIO(), err=quiet))
    assert quiet.getvalue() == ""


def test_stats_prints_a_row_per_chapter_and_the_book_total(project: Path) -> None:
    """Issue 14: per-chapter rows, a book total, JSON for scripts and a page with a bar per chapter."""
    write_chapter(project)
    write_chapter(project, "part/two", "## Second\n\nMore text.\n\nLast words here.\n")
    write_chapter(project, "three", "Not updated yet.\n")
    cli("-C", project, "-q", "extract")
    cli("-C", project, "-q", "update", "-l", "ko")
    (project / "locale" / "ko" / "LC_MESSAGES" / "three.po").unlink()
    po_path = project / "locale" / "ko" / "LC_MESSAGES" / "part" / "two.po"
    po = polib.pofile(str(po_path))
    po.find("Second").msgstr = "둘째"
    po.find("More text.").msgstr, po.find("More text.").flags = "더 많은 글.", ["fuzzy"]
    po.save()
    result = cli("-C", project, "stats", "-l", "ko")
    assert (
        result.err == "mdgettext: warning: locale/ko/LC_MESSAGES/three.po: no catalog; run `mdgettext update -l ko`\n"
    )
    assert [line.split() for line in result.out.splitlines()] == [
        ["chapter", "messages", "translated", "fuzzy", "untranslated", "words", "translated", "done"],
        ["intro", "2", "0", "0", "2", "6", "0", "0.0%"],
        ["part/two", "3", "1", "1", "1", "6", "1", "33.3%"],
        ["three", "(no", "catalog)", "1", "0", "0", "1", "3", "0", "0.0%"],
        ["total", "(ko,", "3", "chapters)", "6", "1", "1", "4", "15", "1", "16.7%"],
    ]
    data = json.loads(cli("-C", project, "stats", "-l", "ko", "--format", "json").out)
    assert [c["chapter"] for c in data["ko"]["chapters"]] == ["intro", "part/two", "three"]
    assert data["ko"]["chapters"][2]["catalog"] is None
    assert data["ko"]["total"] == {
        "messages": 6,
        "translated": 1,
        "fuzzy": 1,
        "untranslated": 4,
        "review": 0,  # of the translated, imported with the pairing in doubt
        "words": {"total": 15, "translated": 1, "fuzzy": 2, "untranslated": 12},
        "percent": 16.7,
    }
    html = cli("-C", project, "stats", "-l", "ko", "--html")
    assert "build/progress.html: progress of 3 catalogs" in html.out
    page = (project / "build" / "progress.html").read_text(encoding="utf-8")
    assert page.count('class="bar"') == 4  # three chapters and the total
    assert '<a href="ko/part/two.html">part/two</a>' in page
    assert 'aria-label="33.3% translated, 33.3% fuzzy"' in page
    assert (project / "build" / "static" / "mdgettext.css").exists()


def test_extract_keeps_a_template_whose_only_change_is_its_date(project: Path, monkeypatch) -> None:
    write_chapter(project)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert cli("-C", project, "extract").code == 0
    pot = project / "locale" / "intro.pot"
    first = pot.read_bytes()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
    assert "locale/intro.pot: 2 messages (unchanged)" in cli("-C", project, "extract").out
    assert pot.read_bytes() == first  # the old date stays: no churn in version control


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text.replace('msgid "Title"', 'msgid ""\n"Title"'),  # laid out by another writer
        lambda text: text.replace("#: source/en/intro.md:1", "#: source/en/intro.md:9"),  # a stale reference
        lambda text: text[: len(text) // 2],  # cut short
        lambda text: text.replace("Title", "Ti\udcfftle"),  # not UTF-8 (written below as bytes)
    ],
)
def test_extract_rewrites_a_template_it_would_not_have_written(project: Path, damage, monkeypatch) -> None:
    """A template is generated: one that differs from this run's text in anything but
    the date is written again, never parsed or refused."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    write_chapter(project)
    assert cli("-C", project, "extract").code == 0
    pot = project / "locale" / "intro.pot"
    first = pot.read_bytes()
    pot.write_bytes(damage(first.decode("utf-8")).encode("utf-8", "surrogateescape"))
    again = cli("-C", project, "extract")
    assert again.code == 0, again.err
    assert "locale/intro.pot: 2 messages (written)" in again.out
    assert pot.read_bytes() == first
