"""Bad input gets one clear line and exit 2, and leaves every file as it was; odd but
valid input works; nothing is ever half-written."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

import polib
import pytest

from conftest import cli
from mdgettext import files
from mdgettext.errors import InputError

CHAPTER = "# Title\n\nFirst paragraph.\n\nSecond paragraph.\n"
PO = "locale/ko/LC_MESSAGES/intro.po"


def snapshot(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


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
        f"mdgettext: error: pyproject.toml: [tool.mdgettext] {setting.split(' ', maxsplit=1)[0]} must be a"
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
