"""Incremental and parallel builds (issue 13): a build whose inputs have not changed
rewrites nothing; an edited catalog redoes its chapter alone; what every chapter
depends on redoes them all; and the bytes are the same as a build from scratch, in
one process or several."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polib
import pytest

from conftest import cli
from mdgettext.pipeline import noop

CATALOGS = Path("locale") / "ko" / "LC_MESSAGES"
RECORD = ".mdgettext-build.json"
NOOP = ".mdgettext-noop.json"  # the key of a build that found nothing to do (pipeline/noop.py)


@pytest.fixture
def built(book: Path, tmp_path: Path) -> Path:
    """A copy of the imported book as the session built it once (the Korean and English
    pages), for a test that writes: the files' times kept, so the build's record holds
    there and the copy is up to date (cache.py)."""
    root = tmp_path / "book"
    shutil.copytree(book, root, copy_function=shutil.copy2)
    return root


def outputs(root: Path) -> dict[str, tuple[bytes, tuple[int, int]]]:
    """Every built file (the record and the no-op key aside): its bytes and which file it
    is. The build writes a file anew beside it and renames it into place
    (files.write_all), so a rewrite is a new inode; with its change time, since a file
    deleted and made again may take the freed inode's number."""
    return {
        p.relative_to(root / "build").as_posix(): (p.read_bytes(), (p.stat().st_ino, p.stat().st_ctime_ns))
        for p in sorted((root / "build").rglob("*"))
        if p.is_file() and p.name not in (RECORD, NOOP)
    }


def rewritten(
    before: dict[str, tuple[bytes, tuple[int, int]]], after: dict[str, tuple[bytes, tuple[int, int]]]
) -> set[str]:
    return {name for name in after if before.get(name, (b"", (0, 0)))[1] != after[name][1]}


def edit_translation(root: Path, chapter: str) -> None:
    path = root / CATALOGS / f"{chapter}.po"
    text = path.read_text(encoding="utf-8")
    at = text.index('msgstr "', text.index('\nmsgid "', text.index("\nmsgid") + 1)) + len('msgstr "')
    path.write_text(text[:at] + "(고침) " + text[at:], encoding="utf-8")


def test_a_build_with_nothing_changed_rewrites_nothing(built: Path) -> None:
    before = outputs(built)
    result = cli("-C", built, "build")
    assert result.code == 0
    assert result.out == "build: up to date (12 chapter builds; --force redoes them)\n"
    assert outputs(built) == before  # not one file written


def test_an_edited_catalog_redoes_its_chapter_alone_with_the_bytes_of_a_full_build(built: Path, tmp_path: Path) -> None:
    before = outputs(built)
    edit_translation(built, "roofline")
    result = cli("-C", built, "build")
    assert result.code == 0
    assert "build: 11 of 12 chapter builds up to date" in result.out
    after = outputs(built)
    assert rewritten(before, after) == {"ko/roofline.md", "ko/roofline.html", "ko/roofline.review.html"}
    assert "(고침) " in after["ko/roofline.md"][0].decode()
    scratch = tmp_path / "scratch"
    shutil.copytree(built, scratch, ignore=shutil.ignore_patterns("build"))
    assert cli("-C", scratch, "-q", "build").code == 0
    assert {n: b for n, (b, _) in outputs(scratch).items()} == {n: b for n, (b, _) in after.items()}


def test_a_project_copied_elsewhere_is_up_to_date_there(built: Path, tmp_path: Path) -> None:
    """The record names each file by its path in the project: a copy that keeps the files'
    times (`cp -a`, a CI cache restored to another folder) builds nothing, and a catalog
    edited there redoes its chapter alone."""
    assert cli("-C", built, "build").out.endswith("--force redoes them)\n")  # it leaves its no-op key (noop.py)
    moved = tmp_path / "elsewhere" / "book"
    shutil.copytree(built, moved, copy_function=shutil.copy2)
    argv = ["-C", str(moved), "build"]
    assert noop.answer(argv) is None  # that key is of the folder it was taken in: the build decides
    before = outputs(moved)
    result = cli(*argv)
    assert result.out == "build: up to date (12 chapter builds; --force redoes them)\n"
    assert outputs(moved) == before
    assert noop.answer(argv) == result.out  # and leaves a key of its own
    edit_translation(moved, "roofline")
    result = cli("-C", moved, "build")
    assert "build: 11 of 12 chapter builds up to date" in result.out
    assert rewritten(before, outputs(moved)) == {"ko/roofline.md", "ko/roofline.html", "ko/roofline.review.html"}


def test_a_record_naming_files_by_absolute_path_rebuilds_everything(built: Path) -> None:
    """An older mdgettext's record named the files it wrote by absolute path: read as no
    record, every chapter is built once more, and the record is rewritten in today's form."""
    path = built / "build" / RECORD
    record = json.loads(path.read_text(encoding="utf-8"))
    del record["paths"]
    for job in record["jobs"].values():
        job["outputs"] = {str(built / name): stamp for name, stamp in job["outputs"].items()}
    path.write_text(json.dumps(record), encoding="utf-8")
    before = outputs(built)
    result = cli("-C", built, "build")
    assert result.code == 0 and "up to date" not in result.out, result.err
    assert rewritten(before, outputs(built)) == set(before)
    assert cli("-C", built, "build").out == "build: up to date (12 chapter builds; --force redoes them)\n"


@pytest.mark.parametrize(
    "change",
    [
        lambda root: (root / "source" / "en" / "index.md").write_text(
            (root / "source" / "en" / "index.md").read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8"
        ),
        lambda root: (root / "pyproject.toml").write_text(
            (root / "pyproject.toml").read_text(encoding="utf-8").replace("How to Scale Your Model", "The Book"),
            encoding="utf-8",
        ),
        lambda root: (root / "templates").mkdir() or (root / "templates" / "mdgettext.css").write_text("body{}"),
    ],
    ids=["a source", "a setting", "a template"],
)
def test_what_every_chapter_depends_on_redoes_every_chapter(built: Path, change) -> None:
    before = outputs(built)
    change(built)
    assert cli("-C", built, "-q", "build").code == 0
    after = outputs(built)
    assert rewritten(before, after) >= {name for name in before if name.endswith(".md")}


def test_new_translator_notes_redo_their_chapter_alone(built: Path) -> None:
    """The notes beside a catalog (its addenda file) are an input of its chapter's build."""
    (built / CATALOGS / "roofline.addenda.md").write_text("", encoding="utf-8")
    result = cli("-C", built, "build")
    assert result.code == 0
    assert "build: 11 of 12 chapter builds up to date" in result.out


def rename_book(root: Path) -> None:
    path = root / "pyproject.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("How to Scale Your Model", "The Book"), encoding="utf-8")


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "redone"),
    [
        (lambda root: edit_translation(root, "roofline"), {"ko/roofline.md"}),
        (lambda root: (root / CATALOGS / "roofline.addenda.md").write_text("", encoding="utf-8"), {"ko/roofline.md"}),
        (rename_book, {"ko/roofline.md", "en/index.html"}),
        (lambda root: append(root / "source" / "en" / "index.md", "\nOne more line.\n"), {"ko/roofline.md"}),
        (
            lambda root: (root / "templates").mkdir() or (root / "templates" / "page.html").write_text("x"),
            {"en/index.html"},
        ),
        (lambda root: (root / "build" / "ko" / "sharding.md").unlink(), {"ko/sharding.md"}),
    ],
    ids=["a catalog", "a notes file", "the settings", "the English", "a template", "an output"],
)
def test_a_build_answered_before_reading_the_project_still_sees_each_input(built: Path, change, redone) -> None:
    """A build that found nothing to do leaves a key the next one answers from without
    reading the settings (pipeline/noop.py); any input changed, and that next one builds."""
    assert cli("-C", built, "build").out.endswith("up to date (12 chapter builds; --force redoes them)\n")
    argv = ["-C", str(built), "build"]
    assert noop.answer(argv) == "build: up to date (12 chapter builds; --force redoes them)\n"  # answered early
    assert cli(*argv).out == noop.answer(argv)
    before = outputs(built)
    change(built)
    assert noop.answer(argv) is None
    result = cli(*argv)
    assert result.code == 0 and "up to date (" not in result.out
    assert rewritten(before, outputs(built)) >= redone


def test_an_output_removed_or_edited_by_hand_is_made_again(built: Path) -> None:
    (built / "build" / "ko" / "sharding.md").unlink()
    (built / "build" / "en" / "index.html").write_text("edited", encoding="utf-8")
    result = cli("-C", built, "build")
    assert "build: 10 of 12 chapter builds up to date" in result.out
    assert (built / "build" / "ko" / "sharding.md").exists()
    assert (built / "build" / "en" / "index.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_several_processes_give_the_bytes_of_one(built: Path) -> None:
    assert cli("-C", built, "-q", "build", "--force", "-j", "1").code == 0
    one = {n: b for n, (b, _) in outputs(built).items()}
    assert cli("-C", built, "-q", "build", "--force", "-j", "2").code == 0
    two = {n: b for n, (b, _) in outputs(built).items()}
    assert (
        one == two and len(one) == 6 * 2 + 6 * 3 + 2
    )  # en .md .html, ko .md .html .review.html, the CSS and the review script


def test_jobs_must_be_a_number_of_processes(book: Path) -> None:
    result = cli("-C", book, "build", "-j", "0")  # refused before anything is read: the session's book
    assert result.code == 2 and "'0' is not a number of processes" in result.err


def test_the_markdown_and_its_refusals_do_not_depend_on_building_html(built: Path) -> None:
    """A Markdown-only build runs only the checks that can refuse an entry: it must
    refuse exactly what the full build refuses, and write the same Markdown."""
    full = cli("-C", built, "-q", "build", "-l", "ko", "--force")
    markdown = {n: b for n, (b, _) in outputs(built).items() if n.startswith("ko/") and n.endswith(".md")}
    shutil.rmtree(built / "build")
    alone = cli("-C", built, "-q", "build", "-l", "ko", "--format", "md")
    assert alone.err == full.err and "refused" in alone.err  # the book has a refused translation
    assert {n: b for n, (b, _) in outputs(built).items()} == markdown


def test_extract_in_several_processes_writes_and_says_what_one_does(built: Path, monkeypatch) -> None:
    """Templates, messages and warnings in chapter order, whatever order the work finished in."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    with (built / "source" / "en" / "index.md").open("a", encoding="utf-8") as chapter:
        chapter.write("\n```python\nunclosed = True\n")  # a warning from one chapter
    (built / "source" / "en" / "empty.md").write_text("", encoding="utf-8")  # and one from another
    said, written = [], []
    for jobs in ("1", "2"):
        for pot in (built / "locale").glob("*.pot"):
            pot.unlink()
        result = cli("-C", built, "extract", "-j", jobs)
        assert result.code == 0, result.err
        said.append((result.out, result.err))
        written.append({p.name: p.read_bytes() for p in sorted((built / "locale").glob("*.pot"))})
    assert said[0] == said[1] and written[0] == written[1]
    assert "index.md" in said[0][1] and "empty.md: empty file" in said[0][1]
    assert len(written[0]) == 7


def test_a_broken_chapter_stops_a_parallel_extract_with_nothing_written(built: Path) -> None:
    before = {p.name: p.read_bytes() for p in (built / "locale").glob("*.pot")}
    (built / "source" / "en" / "roofline.md").write_text("---\ntitle: [unclosed\n---\n\nText.\n", encoding="utf-8")
    result = cli("-C", built, "extract", "-j", "2")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.startswith("mdgettext: error: source/en/roofline.md:")
    assert {p.name: p.read_bytes() for p in (built / "locale").glob("*.pot")} == before


def test_a_broken_chapter_stops_a_parallel_build_as_it_stops_one_process(built: Path) -> None:
    """An error in one chapter's work in a pool worker is the one line a single process
    prints, and no page is written, whichever chapter finished first."""
    before = outputs(built)
    (built / "source" / "en" / "roofline.md").write_text("---\ntitle: [unclosed\n---\n\nText.\n", encoding="utf-8")
    results = [cli("-C", built, "build", "--force", "-j", jobs) for jobs in ("1", "2")]
    assert results[0] == results[1]
    assert results[0].code == 2 and results[0].err.count("\n") == 1
    assert results[0].err.startswith("mdgettext: error: source/en/roofline.md:")
    assert outputs(built) == before


def test_a_chapters_languages_share_what_the_safety_judge_reads_of_the_english(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The English's markup depends on its text, never on the language: a chapter
    translated in two languages has each English message read once for both (each
    language keeps its own verdicts), and both pages use the translations."""
    from mdgettext.checks import safety
    from mdgettext.po.writer import dumps

    (project / "mdgettext.toml").write_text('locales = ["ko", "ja"]\n', encoding="utf-8")
    (project / "source" / "en" / "a.md").write_text(
        "# Title\n\nSee [the guide](https://a.org) now.\n", encoding="utf-8"
    )
    assert cli("-C", project, "-q", "extract").code == 0
    translated = {"Title": "제목", "See [the guide](https://a.org) now.": "[안내](https://a.org)를 보라."}
    for language in ("ko", "ja"):
        assert cli("-C", project, "-q", "update", "-l", language).code == 0
        path = project / "locale" / language / "LC_MESSAGES" / "a.po"
        po = polib.pofile(str(path))
        for entry in po:
            entry.msgstr = translated[entry.msgid]
        path.write_text(dumps(po), encoding="utf-8")
    judged: list[str] = []
    english = safety.markup_of  # what the judge reads of the English (the translations: allowlist.refusals)
    monkeypatch.setattr(safety, "markup_of", lambda text, *rest: judged.append(text) or english(text, *rest))
    assert cli("-C", project, "-q", "build", "--format", "md", "-j", "1").code == 0
    assert sorted(judged) == sorted(translated)  # once each, not once a language
    for language in ("ko", "ja"):
        assert "[안내](https://a.org)를 보라." in (project / "build" / language / "a.md").read_text(encoding="utf-8")
    judged.clear()
    assert cli("-C", project, "-q", "check").code == 0  # `check` too
    assert sorted(judged) == sorted(translated)


def test_each_language_keeps_its_own_verdicts(project: Path) -> None:
    """What the judge reads of the English is shared, not its verdicts: a link to the id a
    translated heading gets is the English's link in the language whose heading it names,
    and a changed link in the language whose heading reads otherwise."""
    from mdgettext.po.writer import dumps

    (project / "mdgettext.toml").write_text(
        'locales = ["ko", "ja"]\nflavor = "gfm"\nheading_ids = false\n', encoding="utf-8"
    )
    english = "- [Basic Matchers](#1-basic-matchers)\n\n## 1. Basic Matchers\n\nText.\n"
    (project / "source" / "en" / "a.md").write_text(english, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    headings = {"ko": "1. Einfache Muster", "ja": "1. Andere Worte"}
    for language, heading in headings.items():
        assert cli("-C", project, "-q", "update", "-l", language).code == 0
        path = project / "locale" / language / "LC_MESSAGES" / "a.po"
        po = polib.pofile(str(path))
        po.find("[Basic Matchers](#1-basic-matchers)").msgstr = "[Einfache Muster](#1-einfache-muster)"
        po.find("1. Basic Matchers").msgstr = heading
        po.find("Text.").msgstr = "Text!"
        path.write_text(dumps(po), encoding="utf-8")
    cli("-C", project, "-q", "build", "--format", "md", "-j", "1")
    pages = {lang: (project / "build" / lang / "a.md").read_text(encoding="utf-8") for lang in headings}
    assert "[Einfache Muster](#1-einfache-muster)" in pages["ko"]  # its heading's id on the Korean page
    assert "[Basic Matchers](#1-basic-matchers)" in pages["ja"], pages["ja"]  # no heading has it: the English
    found = json.loads(cli("-C", project, "check", "--format", "json").out)
    assert {f["file"].split("/")[1] for f in found if f["severity"] == "error"} == {"ja"}, found
    # the safety judge itself (the links check refuses the Japanese link too): its verdicts, one language after the other
    from mdgettext.checks import safety
    from mdgettext.files import read_catalog
    from mdgettext.pipeline.judged import Chapter, checked, load_project_glossary
    from mdgettext.pipeline.read import load_chapter
    from mdgettext.po.catalog import translation_map
    from mdgettext.project import load_config

    config = load_config(project)
    _, doc = load_chapter(config, "a")
    chapter = Chapter("a", doc, {"a": frozenset(doc.headings)}, judging=safety.Judge(doc))
    refused = {}
    for language in headings:
        path = config.po_path("a", language)
        catalog = read_catalog(path, config.relative(path))
        verdict = checked(config, chapter, language, catalog, load_project_glossary(config, language), review=False)
        judged = safety.judge(doc, translation_map(catalog.po), verdict.judging).refused
        refused[language] = {msgid for _, msgid in judged}
    assert refused == {"ko": set(), "ja": {"[Basic Matchers](#1-basic-matchers)"}}
