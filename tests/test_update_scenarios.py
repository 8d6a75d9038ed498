"""What a translator sees after the English changes: `extract` + `update` on a real
project folder, through the command line. Every catalog written is checked with
GNU gettext (`msgcat` prints it unchanged, `msgfmt --check` accepts it)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import polib
import pytest

from conftest import catalog, cli
from gettext_tools import assert_msgcat_fixed_point, assert_msgfmt_check

SOURCE = """\
# Scaling Basics

Models keep growing, and training them takes many chips working together over a
fast network.

Read the [roofline guide](https://example.com/roofline) before you start.

A paragraph that will be deleted later.
"""

TRANSLATIONS = {
    "Scaling Basics": "스케일링 기초",
    "Models keep growing, and training them takes many chips working together over a fast network.": "모델은 계속 커지고, 학습에는 빠른 네트워크로 함께 일하는 많은 칩이 필요하다.",
    "Read the [roofline guide](https://example.com/roofline) before you start.": "시작하기 전에 [roofline 안내서](https://example.com/roofline)를 읽어라.",
    "A paragraph that will be deleted later.": "나중에 지워질 문단.",
}


@pytest.fixture
def translated(project: Path) -> Path:
    """A project whose Korean catalog translates every message."""
    (project / "source" / "en" / "intro.md").write_text(SOURCE, encoding="utf-8")
    assert cli("-C", project, "extract").code == 0
    assert cli("-C", project, "update", "-l", "ko").code == 0
    po_path = project / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    for entry in po:
        entry.msgstr = TRANSLATIONS[entry.msgid]
    po.save()
    assert cli("-C", project, "update", "-l", "ko").code == 0  # back in GNU layout
    return project


def edit_and_update(project: Path, old: str, new: str) -> polib.POFile:
    source = project / "source" / "en" / "intro.md"
    text = source.read_text(encoding="utf-8")
    assert old in text
    source.write_text(text.replace(old, new), encoding="utf-8")
    assert cli("-C", project, "extract").code == 0
    assert cli("-C", project, "update", "-l", "ko").code == 0
    po_path = project / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    assert_msgcat_fixed_point(po_path)
    assert_msgfmt_check(po_path)
    assert_msgcat_fixed_point(project / "locale" / "intro.pot")
    return polib.pofile(str(po_path))


def entry(po: polib.POFile, msgid: str) -> polib.POEntry:
    found = po.find(msgid)
    assert found is not None, msgid
    return found


def test_rewrapping_a_paragraph_changes_nothing_for_the_translator(translated: Path) -> None:
    po = edit_and_update(translated, "together over a\nfast network.", "together\nover a fast network.")
    assert not [e for e in po if e.fuzzy or not e.msgstr]
    assert not po.obsolete_entries()


def test_an_edited_sentence_goes_fuzzy_with_its_previous_source(translated: Path) -> None:
    po = edit_and_update(translated, "Models keep growing", "Language models keep growing")
    changed = entry(
        po, "Language models keep growing, and training them takes many chips working together over a fast network."
    )
    assert changed.fuzzy
    assert (
        changed.previous_msgid
        == "Models keep growing, and training them takes many chips working together over a fast network."
    )
    assert changed.msgstr.startswith("모델은 계속 커지고")
    assert not po.obsolete_entries()


def test_a_changed_url_is_carried_into_the_translation(translated: Path) -> None:
    po = edit_and_update(translated, "https://example.com/roofline", "https://example.org/rooflines")
    moved = entry(po, "Read the [roofline guide](https://example.org/rooflines) before you start.")
    assert not moved.fuzzy
    assert moved.msgstr == "시작하기 전에 [roofline 안내서](https://example.org/rooflines)를 읽어라."


def test_a_deleted_paragraph_goes_obsolete_and_comes_back_when_restored(translated: Path) -> None:
    po = edit_and_update(translated, "\nA paragraph that will be deleted later.\n", "")
    assert [(e.msgid, e.msgstr) for e in po.obsolete_entries()] == [
        ("A paragraph that will be deleted later.", "나중에 지워질 문단.")
    ]
    po = edit_and_update(translated, "you start.\n", "you start.\n\nA paragraph that will be deleted later.\n")
    back = entry(po, "A paragraph that will be deleted later.")
    assert back.msgstr == "나중에 지워질 문단." and not back.obsolete and not back.fuzzy
    assert not po.obsolete_entries()


def test_an_edit_undone_gives_the_translation_back_as_it_was(translated: Path) -> None:
    """Issue 14: English moved to an older version and back left every changed entry fuzzy."""
    po_path = translated / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    before = po_path.read_bytes()
    edit_and_update(translated, "Models keep growing", "Language models keep growing")
    po = edit_and_update(translated, "Language models keep growing", "Models keep growing")
    assert not [e for e in po if e.fuzzy]
    assert po_path.read_bytes() == before


def test_a_merge_doubt_stays_fuzzy_when_the_english_changes_and_changes_back(translated: Path) -> None:
    po_path = translated / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    doubted = entry(po, "Scaling Basics")
    doubted.flags.append("fuzzy")
    doubted.tcomment = "merge: both sides changed this translation"
    po.save()
    edit_and_update(translated, "# Scaling Basics", "# Scaling Basics Again")
    po = edit_and_update(translated, "# Scaling Basics Again", "# Scaling Basics")
    back = entry(po, "Scaling Basics")
    assert back.fuzzy and back.previous_msgid is None and back.msgstr == "스케일링 기초"


def test_an_import_doubt_is_published_again_when_the_english_changes_back(translated: Path) -> None:
    """Issue 45: an import's doubt is a pairing awaiting review, published; only the
    change of the English made it fuzzy, and the English came back."""
    po_path = translated / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    doubted = entry(po, "Scaling Basics")
    doubted.tcomment = "import: numbers differ: 2 only in the translation"
    po.save()
    assert entry(
        edit_and_update(translated, "# Scaling Basics", "# Scaling Basics Again"), "Scaling Basics Again"
    ).fuzzy
    po = edit_and_update(translated, "# Scaling Basics Again", "# Scaling Basics")
    back = entry(po, "Scaling Basics")
    assert not back.fuzzy and back.previous_msgid is None and back.msgstr == "스케일링 기초"
    assert back.tcomment == "import: numbers differ: 2 only in the translation"


def test_running_extract_and_update_again_changes_no_byte(translated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pot = translated / "locale" / "intro.pot"
    po = translated / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    before = pot.read_bytes(), po.read_bytes()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "2000000000")  # a later clock must not matter
    assert "unchanged" in cli("-C", translated, "extract").out
    assert "unchanged" in cli("-C", translated, "update", "-l", "ko").out
    assert (pot.read_bytes(), po.read_bytes()) == before


def test_a_translators_comment_and_flags_survive_update(translated: Path) -> None:
    po_path = translated / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    first = entry(po, "Scaling Basics")
    first.tcomment = "용어집: scaling = 스케일링"
    first.flags.append("no-wrap")
    po.save()
    po = edit_and_update(translated, "# Scaling Basics", "# Scaling Basics\n\nA new paragraph.")
    kept = entry(po, "Scaling Basics")
    assert kept.tcomment == "용어집: scaling = 스케일링"
    assert "no-wrap" in kept.flags
    assert entry(po, "A new paragraph.").msgstr == ""


def test_the_template_keeps_its_creation_date_until_its_content_changes(
    translated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pot_path = translated / "locale" / "intro.pot"
    created = polib.pofile(str(pot_path)).metadata["POT-Creation-Date"]
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "2000000000")  # 2033-05-18
    cli("-C", translated, "extract")
    assert polib.pofile(str(pot_path)).metadata["POT-Creation-Date"] == created
    edit_and_update(translated, "before you start", "before you begin")
    assert polib.pofile(str(pot_path)).metadata["POT-Creation-Date"] == "2033-05-18 03:33+0000"


FIGURES = """\
| chip | peak FLOPs/s | memory | mesh |
| --- | --- | --- | --- |
| v5e | 1.97e14 | **16GB** | 16x16 |
| H100 | `9.9e14` | $80$ | the 2nd pod |
"""


def test_messages_with_nothing_to_translate_are_filled_with_their_english(project: Path) -> None:
    """Issue 14: figures, units and identifiers are filled in by update, never counted as untranslated."""
    (project / "source" / "en" / "table.md").write_text(FIGURES, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    result = cli("-C", project, "update", "-l", "ko")
    assert "locale/ko/LC_MESSAGES/table.po: 5 translated, 0 fuzzy, 5 untranslated, 0 obsolete (written)" in result.out
    po_path = project / "locale" / "ko" / "LC_MESSAGES" / "table.po"
    po = polib.pofile(str(po_path))
    filled = sorted(e.msgid for e in po if e.msgstr)
    assert filled == ["**16GB**", "1.97e14", "16x16", "H100", "v5e"]  # `9.9e14` and $80$ are never offered
    assert all(e.msgstr == e.msgid and not e.fuzzy for e in po if e.msgstr)
    assert po.find("the 2nd pod").msgstr == ""  # an ordinal is a word
    assert po.find("peak FLOPs/s").msgstr == ""
    po.find("1.97e14").msgstr = "1,97e14"  # still the translator's to change
    po.save()
    cli("-C", project, "-q", "update", "-l", "ko")
    assert polib.pofile(str(po_path)).find("1.97e14").msgstr == "1,97e14"
    assert_msgcat_fixed_point(po_path)
    check = cli("-C", project, "check", "-l", "ko", "--select", "typography")
    assert check.out.splitlines()[-1].startswith("checked 1 catalog, 10 entries: 0 errors, 0 warnings")


# ---------------------------------------------------------------- no lost work


def test_the_english_coming_back_restores_the_translation(translated: Path) -> None:
    """Reworded, then put back exactly: the entry is translated again, with no `#|` left."""
    original = "Models keep growing, and training them takes many chips working together over a fast network."
    po = edit_and_update(translated, "Models keep growing", "Language models keep growing")
    assert entry(po, "Language " + original[0].lower() + original[1:]).fuzzy
    po = edit_and_update(translated, "Language models keep growing", "Models keep growing")
    back = entry(po, original)
    assert not back.fuzzy and back.previous_msgid is None
    assert back.msgstr == TRANSLATIONS[original]
    assert not po.obsolete_entries()


def translate_new_paragraph(root: Path, msgid: str, msgstr: str) -> None:
    """Add a paragraph to the English, extract and update, and translate it."""
    source = root / "source" / "en" / "intro.md"
    source.write_text(SOURCE + f"\n{msgid}\n", encoding="utf-8")
    assert cli("-C", root, "extract").code == 0
    assert cli("-C", root, "update", "-l", "ko").code == 0
    po_path = root / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    entry(po, msgid).msgstr = msgstr
    po.save()


def test_a_url_changed_in_one_of_two_places_changes_only_that_one(translated: Path) -> None:
    msgid = "See [the guide](https://example.com/g) and [its appendix](https://example.com/a)."
    translate_new_paragraph(
        translated, msgid, "[부록](https://example.com/a)과 [안내서](https://example.com/g)를 보라."
    )
    po = edit_and_update(translated, "(https://example.com/a)", "(https://example.com/appendix)")
    moved = entry(po, msgid.replace("/a)", "/appendix)"))
    assert not moved.fuzzy
    assert moved.msgstr == "[부록](https://example.com/appendix)과 [안내서](https://example.com/g)를 보라."


def test_a_repeated_url_changed_in_one_place_only_goes_fuzzy(translated: Path) -> None:
    """Which of the translation's two links is the one that changed cannot be known."""
    msgid = "See [this](https://example.com/g) and [that](https://example.com/g)."
    translate_new_paragraph(translated, msgid, "[저것](https://example.com/g)과 [이것](https://example.com/g)을 보라.")
    po = edit_and_update(translated, "[that](https://example.com/g)", "[that](https://example.com/h)")
    changed = entry(po, "See [this](https://example.com/g) and [that](https://example.com/h).")
    assert changed.fuzzy and changed.previous_msgid == msgid
    assert changed.msgstr == "[저것](https://example.com/g)과 [이것](https://example.com/g)을 보라."


def test_an_obsolete_twin_of_a_live_entry_is_an_error_naming_both_lines(translated: Path) -> None:
    """What a line-based git merge can leave: one side made the entry obsolete, the
    other kept it. No command picks one; the translator does."""
    po_path = translated / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    text = po_path.read_text(encoding="utf-8")
    po_path.write_text(text + '\n#~ msgid "Scaling Basics"\n#~ msgstr "옛 제목"\n', encoding="utf-8")
    lines = po_path.read_text(encoding="utf-8").split("\n")
    live = lines.index('msgid "Scaling Basics"') + 1
    obsolete = lines.index('#~ msgid "Scaling Basics"') + 1
    before = po_path.read_bytes()
    for command in (("update", "-l", "ko"), ("build", "-l", "ko"), ("check", "-l", "ko")):
        result = cli("-C", translated, *command)
        assert result.code == 2
        assert result.err == (
            f"mdgettext: error: locale/ko/LC_MESSAGES/intro.po:{obsolete}: this obsolete (#~) entry has the msgid "
            f"of the entry at line {live}: keep the translation you want in that entry and delete this one\n"
        )
    assert po_path.read_bytes() == before


def test_an_obsolete_twin_never_replaces_the_live_translation_in_memory() -> None:
    """The guard behind validation: update and the merge driver prefer the live entry."""
    from mdgettext.po.merge3 import merge3
    from mdgettext.po.update import merge

    old = catalog(
        polib.POEntry(msgid="Title", msgstr="제목"), polib.POEntry(msgid="Title", msgstr="옛 제목", obsolete=True)
    )
    pot = catalog(polib.POEntry(msgid="Title", msgstr=""))
    assert [(e.msgstr, e.obsolete) for e in merge(old, pot)] == [("제목", False)]
    merged = merge3(catalog(), old, catalog())
    assert [(e.msgstr, e.obsolete) for e in merged.po if e.msgid == "Title"] == [("제목", False)]


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600])
def test_a_rewritten_file_keeps_its_mode(mode: int, translated: Path) -> None:
    po_path = translated / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po_path.chmod(mode)
    edit_and_update(translated, "Models keep growing", "Models grow")
    assert stat.S_IMODE(po_path.stat().st_mode) == mode


def test_a_new_file_gets_the_umasks_mode(project: Path) -> None:
    (project / "source" / "en" / "intro.md").write_text(SOURCE, encoding="utf-8")
    previous = os.umask(0o027)
    try:
        assert cli("-C", project, "extract").code == 0
        assert cli("-C", project, "update", "-l", "ko").code == 0
        assert cli("-C", project, "build", "-l", "ko").code == 0
    finally:
        os.umask(previous)
    written = [project / "locale" / "intro.pot", project / "locale" / "ko" / "LC_MESSAGES" / "intro.po"]
    written += list((project / "build").rglob("*.*"))
    assert {oct(stat.S_IMODE(p.stat().st_mode)) for p in written} == {oct(0o640)}
