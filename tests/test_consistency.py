"""Consistency across the book: the same English translated two ways in two chapters
is one warning, at the odd one out, naming where the usual translation is; a glossary
finding names the glossary's line."""

from __future__ import annotations

from pathlib import Path

import polib

from conftest import cli, line_of_msgid
from mdgettext.po.writer import dumps


def translate(root: Path, chapter: str, translations: dict[str, str]) -> None:
    path = root / "locale" / "ko" / "LC_MESSAGES" / f"{chapter}.po"
    po = polib.pofile(str(path))
    for entry in po:
        entry.msgstr = translations.get(entry.msgid, entry.msgstr)
    path.write_text(dumps(po), encoding="utf-8")


def three_chapters(project: Path) -> Path:
    for name in ("a", "b", "c"):
        (project / "source" / "en" / f"{name}.md").write_text(
            f"# Chapter {name}\n\n## A Few Problems to Work\n\nSolve them.\n", encoding="utf-8"
        )
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    for name, heading in (("a", "몇 가지 연습 문제"), ("b", "연습할 몇 가지 문제들"), ("c", "몇 가지 연습 문제")):
        translate(
            project,
            name,
            {f"Chapter {name}": f"{name}장", "A Few Problems to Work": heading, "Solve them.": "풀어 보라."},
        )
    return project


def test_the_odd_translation_out_is_named_with_the_usual_ones_place(project: Path) -> None:
    root = three_chapters(project)
    result = cli("-C", root, "check", "-l", "ko")
    lines = [line for line in result.out.splitlines() if "[consistency.translation]" in line]
    assert len(lines) == 1, result.out
    line_of_a = line_of_msgid(root / "locale/ko/LC_MESSAGES/a.po", "A Few Problems to Work")
    assert lines[0].startswith("locale/ko/LC_MESSAGES/b.po:")
    assert f"translated '몇 가지 연습 문제' in locale/ko/LC_MESSAGES/a.po:{line_of_a};" in lines[0]
    assert result.code == 0  # a warning: the pages are right, only unlike each other
    assert cli("-C", root, "check", "-l", "ko", "--strict").code == 1


def test_the_same_translation_everywhere_is_quiet_and_a_suppression_silences_one(project: Path) -> None:
    root = three_chapters(project)
    translate(root, "b", {"A Few Problems to Work": "몇 가지 연습 문제"})
    assert "consistency" not in cli("-C", root, "check", "-l", "ko").out
    translate(root, "b", {"A Few Problems to Work": "연습 문제"})
    path = root / "locale/ko/LC_MESSAGES/b.po"
    po = polib.pofile(str(path))
    next(e for e in po if e.msgid == "A Few Problems to Work").tcomment = "mdgettext-ignore: consistency.translation"
    path.write_text(dumps(po), encoding="utf-8")
    assert "consistency" not in cli("-C", root, "check", "-l", "ko").out


def test_a_glossary_finding_names_the_glossary_line(project: Path) -> None:
    (project / "source" / "en" / "a.md").write_text("Run it on a TPU.\n", encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    (project / "locale" / "ko" / "glossary.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "TPU"\nmsgstr "TPU"\n',
        encoding="utf-8",
    )
    translate(project, "a", {"Run it on a TPU.": "텐서 처리 장치에서 실행하라."})
    result = cli("-C", project, "check", "-l", "ko")
    assert "glossary (locale/ko/glossary.po:5): 'TPU' should appear as 'TPU'" in result.out, result.out
