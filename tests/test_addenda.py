"""The translator's own blocks: imported into the addenda file, woven back by the build.

Fixtures in fixtures/addenda/, read side by side: `chapter.md` (the English),
`chapter.ko.md` (a translation with a translator's note at the top and one between
blocks) -> `chapter.addenda.expected.md` (the addenda file import writes, reviewed by
hand). Building the imported catalog and addenda gives back the translation as made.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import FIXTURES, cli
from mdgettext.model import Addendum
from mdgettext.po import addenda

CASE = FIXTURES / "addenda"
ADDENDA = Path("locale/ko/LC_MESSAGES/chapter.addenda.md")


@pytest.fixture
def imported(project: Path) -> Path:
    (project / "mdgettext.toml").write_text('flavor = "kramdown"\nlocales = ["ko"]\n', encoding="utf-8")
    shutil.copy(CASE / "chapter.md", project / "source" / "en" / "chapter.md")
    (project / "ko").mkdir()
    shutil.copy(CASE / "chapter.ko.md", project / "ko" / "chapter.md")
    assert cli("-C", project, "-q", "extract").code == 0
    result = cli("-C", project, "import", "-l", "ko", "ko/chapter.md")
    assert result.code == 0, result.err
    return project


def test_import_writes_the_notes_as_reviewed(imported: Path) -> None:
    assert (imported / ADDENDA).read_text(encoding="utf-8") == (CASE / "chapter.addenda.expected.md").read_text(
        encoding="utf-8"
    )


def test_importing_again_adds_nothing_twice(imported: Path) -> None:
    before = (imported / ADDENDA).read_text(encoding="utf-8")
    assert cli("-C", imported, "-q", "import", "-l", "ko", "--overwrite", "ko/chapter.md").code == 0
    assert (imported / ADDENDA).read_text(encoding="utf-8") == before


def test_importing_again_follows_the_translation_edited_by_hand(imported: Path) -> None:
    """Issue 45: a note edited in the translation replaces the old one (never a second
    copy per edit), a note deleted there is deleted, and importing again changes nothing."""
    translation = imported / "ko" / "chapter.md"
    text = translation.read_text(encoding="utf-8")
    edited = text.replace("이 장은 2025년 판을 따릅니다.", "이 장은 2026년 판을 따릅니다.")
    translation.write_text(edited, encoding="utf-8")
    for _ in range(2):
        result = cli("-C", imported, "import", "-l", "ko", "ko/chapter.md")
        assert result.code == 0, result.err
    notes = addenda.loads((imported / ADDENDA).read_text(encoding="utf-8"), ADDENDA.as_posix())
    assert [("2026년" in a.markdown, "2025년" in a.markdown) for a in notes if "역자 주" in a.markdown] == [
        (True, False)
    ]
    assert len(notes) == 2
    start = edited.index("> **역자 주:**")
    translation.write_text(edited[:start] + edited[edited.index("\n\n", start) + 2 :], encoding="utf-8")
    result = cli("-C", imported, "import", "-l", "ko", "ko/chapter.md")
    assert "0 additions of the translator's, 1 no longer in the translation removed (written)" in result.out
    notes = addenda.loads((imported / ADDENDA).read_text(encoding="utf-8"), ADDENDA.as_posix())
    assert len(notes) == 1 and "번역 안내" in notes[0].markdown


def test_the_build_gives_back_the_translation_as_it_was_made(imported: Path) -> None:
    result = cli("-C", imported, "-q", "build", "-l", "ko")
    assert result.code == 0 and result.err == "", result.err
    assert (imported / "build" / "ko" / "chapter.md").read_bytes() == (CASE / "chapter.ko.md").read_bytes()
    page = (imported / "build" / "ko" / "chapter.html").read_text(encoding="utf-8")
    assert "역자 주:" in page and "번역 안내:" in page and 'href="https://example.com/issues"' in page


def findings(root: Path) -> list[dict[str, object]]:
    found: list[dict[str, object]] = json.loads(cli("-C", root, "check", "-l", "ko", "--format", "json").out)
    return [f for f in found if str(f["code"]).startswith("addenda.")]


@pytest.mark.parametrize(
    "block",
    [
        '<img src="https://t.example/pixel.gif">',  # loads from elsewhere
        "[이슈](javascript:alert(1))",  # a script link
        '<p style="background:url(https://t.example/x)">노트</p>',  # CSS that loads
        "<div>열린 채로",  # swallows the rest of the page
        "{% include footer.liquid %}",  # Liquid the chapter never runs
    ],
)
def test_an_addition_the_judge_refuses_is_an_error_and_left_out(imported: Path, block: str) -> None:
    path = imported / ADDENDA
    path.write_text(path.read_text(encoding="utf-8").replace("> **역자 주:**", f"{block}\n\n> **역자 주:**"), "utf-8")
    found = findings(imported)
    assert [(f["code"], f["severity"], f["file"], f["line"]) for f in found] == [
        ("addenda.unsafe", "error", ADDENDA.as_posix(), 3)
    ]
    result = cli("-C", imported, "-q", "build", "-l", "ko", "--format", "md")
    assert result.code == 0
    assert f"{ADDENDA.as_posix()}:3: error: the translator's addition" in result.err
    built = (imported / "build" / "ko" / "chapter.md").read_text(encoding="utf-8")
    assert block not in built and "역자 주" not in built and "번역 안내" in built  # the other note stays


def test_an_addition_whose_english_is_gone_is_a_warning_never_a_silent_drop(imported: Path) -> None:
    source = imported / "source" / "en" / "chapter.md"
    source.write_text(source.read_text(encoding="utf-8").replace("see [the guide]", "read [the guide]"), "utf-8")
    assert cli("-C", imported, "-q", "extract").code == 0
    assert cli("-C", imported, "-q", "update", "-l", "ko").code == 0
    found = findings(imported)
    assert [(f["code"], f["severity"], f["line"]) for f in found] == [("addenda.anchor", "warning", 7)]
    assert "put the English message it should follow" in str(found[0]["message"])
    result = cli("-C", imported, "-q", "build", "-l", "ko", "--format", "md")
    assert "addenda.anchor" in result.err
    assert "번역 안내" not in (imported / "build" / "ko" / "chapter.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        ("stray text\n", 1, "before the first"),
        ("<!-- after: front matter -->\n\nok\n\n<!-- after: Not JSON -->\n\nx\n", 5, "JSON string"),
        ("<!-- after: front matter -->\n\n", 1, "no block after it"),
        ('<!-- after: "x" occurrence: 0 -->\n\ny\n', 1, "occurrence"),
    ],
)
def test_a_broken_addenda_file_is_one_error_line_naming_its_line(
    imported: Path, text: str, line: int, says: str
) -> None:
    (imported / ADDENDA).write_text(text, encoding="utf-8")
    for command in (("check", "-l", "ko"), ("build", "-l", "ko")):
        result = cli("-C", imported, *command)
        assert result.code == 2
        assert result.err.startswith(f"mdgettext: error: {ADDENDA.as_posix()}:{line}: ") and says in result.err
        assert result.err.count("\n") == 1


def test_an_anchor_holds_any_message_on_one_line() -> None:
    tricky = [
        Addendum("note", None),
        Addendum("a\n\nb", (None, 'Quotes " and --> and\nnewlines'), 3),
        Addendum("<b>x</b>", ("context", "Setup")),
    ]
    text = addenda.dumps(tricky, "x.md in Korean (ko)")
    assert all(line.startswith("<!-- after: ") for line in text.split("\n") if "after:" in line)
    anchor = next(line for line in text.split("\n") if "Quotes" in line)
    assert anchor.count("-->") == 1 and anchor.endswith(" -->")  # the message's own `-->` and newline are escaped
    back = addenda.loads(text, "x.addenda.md")
    assert [(a.markdown, a.after, a.occurrence) for a in back] == [(a.markdown, a.after, a.occurrence) for a in tricky]
