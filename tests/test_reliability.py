"""Bad input gets one clear line and exit 2, and leaves every file as it was; odd but
valid input works; nothing is ever half-written."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any

import polib
import pytest

from conftest import cli, snapshot
from mdgettext import files
from mdgettext.errors import InputError

CHAPTER = "# Title\n\nFirst paragraph.\n\nSecond paragraph.\n"
PO = "locale/ko/LC_MESSAGES/intro.po"


@pytest.fixture
def translated(project: Path) -> Path:
    (project / "source" / "en" / "intro.md").write_text(CHAPTER, encoding="utf-8")
    (project / "source" / "en" / "other.md").write_text("Other text.\n", encoding="utf-8")
    assert cli("-C", project, "extract").code == 0
    assert cli("-C", project, "update", "-l", "ko").code == 0
    po = polib.pofile(str(project / PO))
    for entry, text in zip(po, ["제목", "첫 문단.", "둘째 문단."], strict=False):
        entry.msgstr = text
    po.save()
    assert cli("-C", project, "update", "-l", "ko").code == 0
    return project


BROKEN_CATALOGS = {
    # name: (how to break it, text on the line the message must name, words the message says)
    "bare msgid": (
        lambda t: t.replace('msgid "Title"', "msgid Title"),
        "msgid Title",
        "must be followed by a quoted string",
    ),
    "unterminated string": (
        lambda t: t.replace('msgstr "제목"', 'msgstr "제목'),
        'msgstr "제목',
        "the string is not closed",
    ),
    "bad escape": (lambda t: t.replace('msgstr "제목"', 'msgstr "제\\q목"'), "\\q", "unknown escape"),
    "merge conflict": (
        lambda t: t.replace('msgstr "제목"', '<<<<<<< HEAD\nmsgstr "제목"\n=======\nmsgstr "표제"\n>>>>>>> theirs'),
        "<<<<<<<",
        "merge-conflict marker",
    ),
    "missing header": (lambda t: t[t.index("#. heading 1") :], None, "no header entry"),
    "wrong charset": (lambda t: t.replace("charset=UTF-8", "charset=EUC-KR"), "Content-Type", "charset is EUC-KR"),
    "duplicate msgid": (lambda t: t + '\nmsgid "Title"\nmsgstr "제목 2"\n', "END", "already at line"),
    # polib reads these without a word (GNU msgfmt refuses them): the translations after the cut were lost
    "cut short after a msgid": (lambda t: t[: t.index('msgstr "제목"')], 'msgid "Title"', "has no msgstr after it"),
    "msgid line deleted": (lambda t: t.replace('msgid "Title"\n', ""), 'msgstr "제목"', "a msgstr with no msgid"),
    "plural expression cut": (
        lambda t: t.replace("plural=0;", "plural=(n>1"),
        "Plural-Forms",
        "not a C expression of n (GNU msgfmt refuses the file): write `Plural-Forms: nplurals=1; plural=0;`",
    ),
    "nplurals not a number": (lambda t: t.replace("nplurals=1", "nplurals=x"), "Plural-Forms", "nplurals=x"),
    "another language's header": (
        lambda t: t.replace('"Language: ko\\n"', '"Language: ja\\n"'),
        '"Language:',
        "its Language header is 'ja' but it is in the 'ko' folder: write `Language: ko`",
    ),
}


def expected_line(text: str, marker: str | None) -> int:
    lines = text.split("\n")
    if marker is None:
        return 1
    if marker == "END":
        return len(lines) - 2
    return next(n for n, line in enumerate(lines, start=1) if marker in line)


@pytest.mark.parametrize("case", sorted(BROKEN_CATALOGS))
@pytest.mark.parametrize(
    "command", [("update", "-l", "ko"), ("build", "-l", "ko"), ("check", "-l", "ko"), ("stats", "-l", "ko")]
)
def test_a_broken_catalog_is_one_clear_line_and_nothing_changes(
    case: str, command: tuple[str, ...], translated: Path
) -> None:
    breaker, marker, words = BROKEN_CATALOGS[case]
    path = translated / PO
    original = path.read_text(encoding="utf-8")
    broken = breaker(original)
    path.write_text(broken, encoding="utf-8")
    before = snapshot(translated)
    result = cli("-C", translated, *command)
    assert result.code == 2
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    line = expected_line(broken, marker)
    assert result.err.startswith(f"mdgettext: error: {PO}:{line}: ")
    assert words in result.err
    assert snapshot(translated) == before


def test_invalid_utf8_names_the_line(translated: Path) -> None:
    path = translated / PO
    raw = path.read_bytes()
    path.write_bytes(raw.replace("둘째".encode(), b"\xff\xfe"))
    line = raw[: raw.index("둘째".encode())].count(b"\n") + 1
    before = snapshot(translated)
    result = cli("-C", translated, "update", "-l", "ko")
    assert result.code == 2
    assert result.err == f"mdgettext: error: {PO}:{line}: not valid UTF-8; save the file as UTF-8\n"
    assert snapshot(translated) == before


def test_a_catalog_without_its_template_says_run_extract(translated: Path) -> None:
    (translated / "locale" / "intro.pot").unlink()
    before = snapshot(translated)
    result = cli("-C", translated, "update", "-l", "ko")
    assert result.code == 2
    assert (
        result.err
        == f"mdgettext: error: {PO}: its template locale/intro.pot is missing; run `mdgettext extract` first\n"
    )
    assert snapshot(translated) == before  # other.po was not written either


def test_a_catalog_whose_chapter_is_gone_is_left_alone_and_the_others_update(translated: Path) -> None:
    """Issue 14 changed this: one removed chapter used to stop `update` (exit 2, nothing written)."""
    (translated / "source" / "en" / "intro.md").rename(translated / "source" / "en" / "renamed.md")
    (translated / "source" / "en" / "other.md").write_text("Other text, edited.\n", encoding="utf-8")
    cli("-C", translated, "extract")
    before = snapshot(translated)
    result = cli("-C", translated, "update", "-l", "ko")
    assert result.code == 0
    assert result.err.startswith(
        f"mdgettext: warning: {PO}: no chapter source/en/intro.md any more; left as it is. If the chapter was renamed"
    )
    after = snapshot(translated)
    assert after[PO] == before[PO]
    assert after["locale/ko/LC_MESSAGES/other.po"] != before["locale/ko/LC_MESSAGES/other.po"]
    assert "locale/ko/LC_MESSAGES/renamed.po" in after


def test_prune_keeps_a_gone_chapters_translations_as_obsolete_entries(translated: Path) -> None:
    (translated / "source" / "en" / "intro.md").unlink()
    (translated / "locale" / "intro.pot").unlink()
    result = cli("-C", translated, "update", "-l", "ko", "--prune")
    assert result.code == 0 and result.err == ""
    assert f"{PO}: 0 translated, 0 fuzzy, 0 untranslated, 3 obsolete (written)" in result.out
    po = polib.pofile(str(translated / PO))
    assert [(e.msgid, e.msgstr, e.obsolete) for e in po] == [
        ("Title", "제목", True),
        ("First paragraph.", "첫 문단.", True),
        ("Second paragraph.", "둘째 문단.", True),
    ]
    assert "(unchanged)" in cli("-C", translated, "update", "-l", "ko", "--prune").out


def test_settings_that_point_outside_the_project_are_refused(translated: Path) -> None:
    (translated / "pyproject.toml").write_text('[tool.mdgettext]\nbuild_dir = "../elsewhere"\n', encoding="utf-8")
    result = cli("-C", translated, "build")
    assert result.code == 2
    assert "build_dir = '../elsewhere' is outside the project" in result.err
    assert not (translated.parent / "elsewhere").exists()


def test_a_nul_byte_in_a_source_is_refused_with_its_line(project: Path) -> None:
    (project / "source" / "en" / "intro.md").write_bytes(b"# Title\n\nText\x00here.\n")
    result = cli("-C", project, "extract")
    assert result.code == 2
    assert result.err.startswith("mdgettext: error: source/en/intro.md:3: a NUL byte")
    assert not (project / "locale").exists()


def test_an_empty_file_and_an_unclosed_fence_are_warnings(project: Path) -> None:
    (project / "source" / "en" / "empty.md").write_text("", encoding="utf-8")
    (project / "source" / "en" / "fence.md").write_text(
        "Intro.\n\n```python\nprint(1)\n\nLost paragraph.\n", encoding="utf-8"
    )
    result = cli("-C", project, "extract")
    assert result.code == 0
    assert "mdgettext: warning: source/en/empty.md: empty file: nothing to translate" in result.err
    assert "mdgettext: warning: source/en/fence.md:3: this code fence is never closed" in result.err
    assert cli("-C", project, "update", "-l", "ko").code == 0
    assert cli("-C", project, "build", "-l", "ko", "--format", "md").code == 0
    assert (project / "build" / "ko" / "fence.md").read_text(encoding="utf-8").endswith("Lost paragraph.\n")


def test_one_huge_paragraph_round_trips(project: Path) -> None:
    words = " ".join(f"word{i}" for i in range(60_000))  # about 600 KB on one line
    text = f"{words}\n"
    (project / "source" / "en" / "huge.md").write_text(text, encoding="utf-8")
    assert cli("-C", project, "extract").code == 0
    assert cli("-C", project, "update", "-l", "ko").code == 0
    po_path = project / "locale" / "ko" / "LC_MESSAGES" / "huge.po"
    po = polib.pofile(str(po_path))
    po[0].msgstr = po[0].msgid.replace("word", "낱말")
    po.save()
    assert cli("-C", project, "build", "-l", "ko", "--format", "md").code == 0
    assert (project / "build" / "ko" / "huge.md").read_text(encoding="utf-8") == text.replace("word", "낱말")


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "catalog.po"
    target.write_text("old", encoding="utf-8")

    def disk_full(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(InputError, match=re.escape("catalog.po: cannot write: No space left on device")):
        files.write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["catalog.po"]


def test_a_build_folder_that_takes_no_new_file_changes_no_page(
    translated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build folder itself read-only (its language folders not): the record the build
    writes after its pages could not be written, so no page is replaced (a reviewer's case)."""
    assert cli("-C", translated, "build", "-l", "ko").code == 0
    path = translated / PO
    path.write_text(path.read_text(encoding="utf-8").replace('msgstr "제목"', 'msgstr "표제"'), encoding="utf-8")
    before = snapshot(translated / "build")
    real = tempfile.mkstemp

    def refused(*args: Any, **kwargs: Any) -> tuple[int, str]:
        if Path(kwargs.get("dir", "")).resolve() == (translated / "build").resolve():
            raise PermissionError(13, "Permission denied")
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    result = cli("-C", translated, "build", "-l", "ko", "--force")
    assert (result.code, result.err) == (
        2,
        "mdgettext: error: build/.mdgettext-build.json: cannot write: Permission denied\n",
    )
    assert snapshot(translated / "build") == before


def test_a_file_in_the_way_of_an_output_is_one_line_and_no_output_changes(translated: Path) -> None:
    assert cli("-C", translated, "build", "-l", "ko").code == 0
    before = snapshot(translated)
    (translated / "build" / "ko" / "intro.md").unlink()
    (translated / "build" / "ko" / "intro.md").mkdir()  # a folder where a file must go
    result = cli("-C", translated, "build", "-l", "ko")
    assert result.code == 2
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert "intro.md: cannot write" in result.err
    after = snapshot(translated)
    assert {k: v for k, v in after.items() if k != "build/ko/intro.md"} == {
        k: v for k, v in before.items() if k != "build/ko/intro.md"
    }


@pytest.mark.parametrize(
    "setting", ['locales = "ko"', 'heading_ids = "false"', 'front_matter_keys = "title"', "pages = [1, 2]"]
)
def test_a_setting_of_the_wrong_type_is_refused(setting: str, translated: Path) -> None:
    (translated / "pyproject.toml").write_text(f"[tool.mdgettext]\n{setting}\n", encoding="utf-8")
    result = cli("-C", translated, "build")
    assert result.code == 2
    assert result.err.startswith(
        f"mdgettext: error: pyproject.toml:2: [tool.mdgettext] {setting.split(' ', maxsplit=1)[0]} must be a"
    )


def test_building_twice_gives_the_same_bytes(translated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert cli("-C", translated, "build").code == 0
    first = snapshot(translated)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "2000000000")  # another clock changes nothing
    assert cli("-C", translated, "build", "--force").code == 0  # every chapter made again
    again = snapshot(translated)
    record = "build/.mdgettext-build.json"  # the build's own record: when each file was written
    assert again.pop(record) and first.pop(record)
    assert again == first


# ---------------------------------------------------------------- no tracebacks, no silent damage


def one_line_error(result, *words: str) -> None:
    assert result.code == 2, result.out + result.err
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert result.err.startswith("mdgettext: error: ")
    for word in words:
        assert word in result.err


@pytest.mark.parametrize(
    "front_matter, line, words",
    [
        ("title: T\ndate: 2025-02-30\n", 3, "'2025-02-30' is not a date"),
        ("title: T\ndate: 2025-13-01\n", 3, "is not a date"),
        (
            "a: &a [x, y]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
            + "".join(f"c{i}: &c{i} [{', '.join([f'*c{i - 1}' if i else '*b'] * 10)}]\n" for i in range(6)),
            2,
            "expand to",
        ),
        ("a: &a [1, *a]\n", 2, "contains itself"),
        ("deep: " + "[" * 2000 + "]" * 2000 + "\n", 2, "too deeply"),
    ],
    ids=["impossible-day", "impossible-month", "alias-bomb", "alias-cycle", "deep-nesting"],
)
def test_bad_front_matter_is_one_line_naming_the_file(front_matter: str, line: int, words: str, project: Path) -> None:
    (project / "source" / "en" / "intro.md").write_text(f"---\n{front_matter}---\n\nText.\n", encoding="utf-8")
    for command in (("extract",), ("build", "-l", "en")):
        one_line_error(cli("-C", project, *command), f"source/en/intro.md:{line}: ", words)
    assert sorted(p.name for p in project.iterdir()) == ["source"]


@pytest.mark.parametrize("epoch", ["99999999999999999999", "253402300800", "²³", "١٢٣", "-1", "1e9", " 12"])
def test_a_bad_source_date_epoch_is_refused(epoch: str, project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (project / "source" / "en" / "intro.md").write_text("Text.\n", encoding="utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    one_line_error(cli("-C", project, "extract"), "SOURCE_DATE_EPOCH=", "is not a number of seconds since 1970")
    assert not (project / "locale").exists()


@pytest.mark.parametrize("url", ["//[x", "http://[^1]/", "https://[::1"])
def test_a_malformed_url_in_a_translation_or_a_source_is_no_traceback(url: str, translated: Path) -> None:
    path = translated / PO
    po = polib.pofile(str(path))
    po.find("First paragraph.").msgstr = f"첫 [문단]({url})."
    po.save()
    check = cli("-C", translated, "check", "-l", "ko")
    assert (
        check.code == 1
        and "is not in the English; remove the link" in check.out
        and "[links.added]" in check.out
        and "Traceback" not in check.err
    )
    build = cli("-C", translated, "build", "-l", "ko")
    assert build.code == 0 and "refused" in build.err
    (translated / "source" / "en" / "other.md").write_text(f"See [it]({url}).\n", encoding="utf-8")
    assert cli("-C", translated, "extract").code == 0
    assert cli("-C", translated, "update", "-l", "ko").code == 0
    assert cli("-C", translated, "build").code == 0
    assert f"({url})" in (translated / "build" / "en" / "other.md").read_text(encoding="utf-8")


SEPARATORS = {
    "line separator": "\u2028",
    "paragraph separator": "\u2029",
    "next line": "\x85",
    "form feed": "\f",
    "bell": "\a",
}


@pytest.mark.parametrize("name", sorted(SEPARATORS))
def test_separators_round_trip_through_templates_and_catalogs(name: str, project: Path) -> None:
    """Python's splitlines ends a line at each of these; a PO line does not."""
    char = SEPARATORS[name]
    source = f"# Title{char}here\n\nFirst{char}paragraph.\n\n| a | b{char}c |\n| - | - |\n| x | y |\n"
    (project / "source" / "en" / "intro.md").write_text(source, encoding="utf-8")
    assert cli("-C", project, "extract").code == 0
    assert (
        cli("-C", project, "extract").out == "locale/intro.pot: 6 messages (unchanged)\n"
    )  # it reads its own template
    assert cli("-C", project, "update", "-l", "ko").code == 0
    path = project / PO
    assert [e.msgid for e in files.read_po(path, PO)] == [
        f"Title{char}here",
        f"First{char}paragraph.",
        "a",
        f"b{char}c",
        "x",
        "y",
    ]
    text = path.read_text(encoding="utf-8")
    for msgid, msgstr in ((f"First{char}paragraph.", f"첫{char}문단."), (f"b{char}c", f"나{char}다")):
        written = pofile_escape(msgid)
        assert f'msgid "{written}"\nmsgstr ""' in text
        text = text.replace(f'msgid "{written}"\nmsgstr ""', f'msgid "{written}"\nmsgstr "{pofile_escape(msgstr)}"')
    path.write_text(text, encoding="utf-8")
    assert cli("-C", project, "update", "-l", "ko").code == 0
    assert cli("-C", project, "build", "-l", "ko", "--format", "md").code == 0
    built = (project / "build" / "ko" / "intro.md").read_text(encoding="utf-8")
    assert built == source.replace(f"First{char}paragraph.", f"첫{char}문단.").replace(f"b{char}c", f"나{char}다")


def pofile_escape(text: str) -> str:
    return text.replace("\f", "\\f").replace("\a", "\\a")


@pytest.mark.parametrize(
    "breaker, words",
    [
        (lambda t: t.replace('msgstr "둘째 문단."', 'msgstr "둘째\x00문단."'), "a NUL character"),
        (lambda t: t.replace('msgstr "둘째 문단."', 'msgstr "둘째\\0문단."'), "write the character itself"),
        (lambda t: t.replace('msgstr "둘째 문단."', 'msgstr "둘째\\303\\251문단."'), "write the character itself"),
        (lambda t: t.replace('msgstr "둘째 문단."', 'msgstr[0] "둘째 문단."'), "without a msgid_plural"),
    ],
    ids=["nul-byte", "nul-escape", "octal-bytes", "plural-without-msgid_plural"],
)
def test_a_catalog_polib_would_misread_is_one_line_naming_it(breaker, words: str, translated: Path) -> None:
    path = translated / PO
    broken = breaker(path.read_text(encoding="utf-8"))
    path.write_text(broken, encoding="utf-8")
    line = next(n for n, text in enumerate(broken.split("\n"), 1) if "둘째" in text and text.startswith("msgstr"))
    before = snapshot(translated)
    for command in (("update", "-l", "ko"), ("build", "-l", "ko"), ("check", "-l", "ko")):
        one_line_error(cli("-C", translated, *command), f"{PO}:{line}: ", words)
    assert snapshot(translated) == before


def test_one_crlf_line_in_an_lf_file_keeps_its_own_ending(translated: Path) -> None:
    source = translated / "source" / "en" / "intro.md"
    source.write_bytes(b"# Title\n\nFirst paragraph.\r\n\nSecond  \r\nparagraph,\nwith a hard break.\r\n")
    assert cli("-C", translated, "extract").code == 0
    assert cli("-C", translated, "update", "-l", "ko").code == 0
    po = polib.pofile(str(translated / PO))
    entry = po.find("Second  \nparagraph, with a hard break.")
    entry.msgstr, entry.flags, entry.previous_msgid = "둘째  \n문단.", [], None  # its hard break kept
    po.save()
    assert cli("-C", translated, "build", "-l", "ko", "--format", "md").code == 0
    built = (translated / "build" / "ko" / "intro.md").read_bytes()
    # untouched lines keep their endings; the translated paragraph's break gets its last line's
    assert built == "# 제목\n\n첫 문단.\r\n\n둘째  \r\n문단.\r\n".encode()
    for line_ending in (b"\r\n", b"\r"):
        source.write_bytes(b"# Title" + line_ending + b"\nFirst paragraph.\n")
        assert cli("-C", translated, "build", "-l", "en", "--format", "md").code == 0
        assert (translated / "build" / "en" / "intro.md").read_bytes() == source.read_bytes()
