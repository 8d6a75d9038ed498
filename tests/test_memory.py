"""Translation memory (issue 14): `update` offers a new or changed message the best
translation the language already has, in another catalog or a compendium; `tm
--export` writes the memory as one compendium."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

from conftest import catalog, cli, line_of_msgid
from gettext_tools import assert_msgcat_fixed_point, assert_msgfmt_check
from mdgettext.po.memory import CLOSE, Unit, build

ONE = """\
# Problems to Work

Sharding a matrix multiplication splits its work across many chips.

## Further Reading
"""
ONE_KO = {
    "Problems to Work": "풀어 볼 문제",
    "Sharding a matrix multiplication splits its work across many chips.": "행렬 곱셈을 sharding하면 그 일이 여러 칩에 나뉜다.",
    "Further Reading": "더 읽을거리",
}
TWO = """\
# Further Reading

Sharding a matrix multiplication splits its work across many TPU chips.

A sentence no one has translated.
"""


def po_path(root: Path, name: str) -> Path:
    return root / "locale" / "ko" / "LC_MESSAGES" / f"{name}.po"


@pytest.fixture
def book(project: Path) -> Path:
    """Chapter one translated; chapter two new, sharing a heading and a near sentence with it."""
    (project / "source" / "en" / "one.md").write_text(ONE, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    po = polib.pofile(str(po_path(project, "one")))
    for entry in po:
        entry.msgstr = ONE_KO[entry.msgid]
    po.save()
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0  # back in GNU layout
    (project / "source" / "en" / "two.md").write_text(TWO, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    return project


def test_a_new_chapter_arrives_prefilled_from_the_other_chapters(book: Path) -> None:
    result = cli("-C", book, "update", "-l", "ko")
    assert "locale/ko/LC_MESSAGES/two.po: 0 translated, 2 fuzzy, 1 untranslated, 0 obsolete (written)" in result.out
    po = polib.pofile(str(po_path(book, "two")))
    heading = po.find("Further Reading")
    assert (heading.msgstr, heading.fuzzy) == ("더 읽을거리", True)
    assert heading.tcomment == f"tm: one.po:{line_of_msgid(po_path(book, 'one'), 'Further Reading')}"
    assert heading.previous_msgid is None  # the same English: nothing to compare
    close = po.find("Sharding a matrix multiplication splits its work across many TPU chips.")
    assert close.fuzzy and close.msgstr == ONE_KO["Sharding a matrix multiplication splits its work across many chips."]
    assert close.previous_msgid == "Sharding a matrix multiplication splits its work across many chips."
    assert close.tcomment.startswith("tm: one.po:")
    assert po.find("A sentence no one has translated.").msgstr == ""
    assert_msgcat_fixed_point(po_path(book, "two"))
    assert_msgfmt_check(po_path(book, "two"))
    assert "(unchanged)" in cli("-C", book, "update", "-l", "ko").out  # offered once, then the translator's


def test_tm_exact_takes_the_same_english_as_translated(book: Path) -> None:
    cli("-C", book, "-q", "update", "-l", "ko", "--tm-exact")
    po = polib.pofile(str(po_path(book, "two")))
    heading = po.find("Further Reading")
    assert not heading.fuzzy and heading.msgstr == "더 읽을거리" and heading.tcomment.startswith("tm: one.po:")
    assert po.find("Sharding a matrix multiplication splits its work across many TPU chips.").fuzzy


def test_a_compendium_offers_its_translations(book: Path, tmp_path: Path) -> None:
    compendium = catalog(polib.POEntry(msgid="A sentence no one has translated.", msgstr="아무도 번역하지 않은 문장."))
    compendium.metadata["Language"] = "ko"
    compendium.save(str(tmp_path / "old.po"))
    cli("-C", book, "-q", "update", "-l", "ko", "--compendium", tmp_path / "old.po")
    entry = polib.pofile(str(po_path(book, "two"))).find("A sentence no one has translated.")
    assert (entry.msgstr, entry.fuzzy) == ("아무도 번역하지 않은 문장.", True)
    assert entry.tcomment.startswith(f"tm: {tmp_path / 'old.po'}:")


def test_export_writes_the_memory_as_one_compendium(book: Path) -> None:
    cli("-C", book, "-q", "update", "-l", "ko")
    out = book / "ko-memory.po"
    result = cli("-C", book, "tm", "--export", "ko-memory.po", "-l", "ko")
    assert result.code == 0, result.err
    assert (
        result.out
        == "ko-memory.po: 3 messages from 2 catalogs (0 translated differently in different places: see their `# tm:` comments)\n"
    )
    po = polib.pofile(str(out))
    assert {e.msgid: e.msgstr for e in po} == ONE_KO  # fuzzy offers are not translations
    assert po.metadata["Language"] == "ko"
    assert_msgcat_fixed_point(out)
    assert_msgfmt_check(out)


def test_the_most_frequent_translation_wins_and_the_others_are_named() -> None:
    memory = build(
        [
            [Unit(None, "Attention", "어텐션", "a.po:3"), Unit(None, "Attention", "주의", "b.po:9")],
            [Unit(None, "Attention", "주의", "c.po:4")],
        ]
    )
    match = memory.find(None, "Attention")
    assert match is not None and match.exact
    assert (match.unit.msgstr, match.unit.origin) == ("주의", "b.po:9")
    assert [o.origin for o in match.others] == ["a.po:3"]


def test_a_close_match_needs_the_threshold_and_a_shared_word() -> None:
    memory = build([[Unit(None, "The roofline of a matrix multiplication.", "행렬 곱셈의 roofline.", "a.po:3")]])
    near = memory.find(None, "The rooflines of a matrix multiplication.")
    assert near is not None and not near.exact and near.similarity >= CLOSE
    assert memory.find(None, "Something else entirely, about networks.") is None
    assert memory.find("menu", "The roofline of a matrix multiplication.").exact is False  # another context
