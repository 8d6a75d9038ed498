"""Paired fixture files, reviewed by hand and read side by side:

    extract/X.md                      -> extract/X.pot            (what a translator is offered)
    build/X.md + build/X.po           -> build/X.expected.md      (what the build writes)
    update/X.old.po + update/X.pot    -> update/X.expected.po     (what `update` keeps)

A new case is new files, no new code; a case named `code-blocks*` is read with the
`code_blocks` setting on (code blocks are messages too).
"""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

import fidelity
from conftest import FIXTURES, MD, REPO, span_text
from gettext_tools import assert_msgcat_fixed_point, assert_msgfmt_check
from mdgettext.markdown.segment import segment
from mdgettext.markdown.weave import weave
from mdgettext.model import Document, TranslationMap
from mdgettext.po.catalog import Project, template, translation_map
from mdgettext.po.update import merge
from mdgettext.po.writer import dumps

PROJECT = Project("fixtures", "1.0", "2025-01-01 00:00+0000")


def cases(folder: str, pattern: str) -> list[Path]:
    found = sorted(p for p in (FIXTURES / folder).glob(pattern) if ".expected." not in p.name)
    assert found, f"no fixtures match {folder}/{pattern}"  # an empty set would pass silently
    return found


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def segmented(source: Path, text: str | None = None) -> Document:
    """A fixture's source segmented, with its code blocks offered when its name says so."""
    return segment(read(source) if text is None else text, source.name, code=source.stem.startswith("code-blocks"))


@pytest.mark.parametrize("source", cases("extract", "*.md"), ids=lambda p: p.stem)
def test_extract_offers_what_the_reviewed_template_lists(source: Path) -> None:
    doc = segmented(source)
    assert dumps(template([doc], PROJECT)) == read(source.with_suffix(".pot"))


@pytest.mark.parametrize("source", cases("extract", "*.md"), ids=lambda p: p.stem)
def test_fixture_templates_are_what_gnu_gettext_writes(source: Path) -> None:
    assert_msgcat_fixed_point(source.with_suffix(".pot"))
    assert_msgfmt_check(source.with_suffix(".pot"))


@pytest.mark.parametrize("source", cases("build", "*.md"), ids=lambda p: p.stem)
def test_build_splices_translations_into_the_source(source: Path) -> None:
    doc = segmented(source)
    translations = translation_map(polib.pofile(str(source.with_suffix(".po"))))
    woven = weave(doc, translations, heading_ids=True)
    assert woven.text == read(source.with_name(f"{source.stem}.expected.md"))


@pytest.mark.parametrize("source", cases("build", "*.md") + cases("extract", "*.md"), ids=lambda p: p.stem)
def test_identity_translation_reproduces_the_source(source: Path) -> None:
    text = read(source)
    doc = segmented(source, text)
    assert fidelity.same_up_to_folds(fidelity.marked_identity(doc), text)


@pytest.mark.parametrize("old", cases("update", "*.old.po"), ids=lambda p: p.name.split(".")[0])
def test_update_keeps_translations_as_the_reviewed_catalog_shows(old: Path, tmp_path: Path) -> None:
    name = old.name.split(".")[0]
    pot = polib.pofile(str(old.with_name(f"{name}.pot")))
    merged = dumps(merge(polib.pofile(str(old)), pot))
    assert merged == read(old.with_name(f"{name}.expected.po"))
    written = tmp_path / f"{name}.po"
    written.write_text(merged, encoding="utf-8")
    assert_msgcat_fixed_point(written)
    assert_msgfmt_check(written)


def test_update_fixture_template_comes_from_its_source() -> None:
    source = FIXTURES / "update" / "chapter.md"
    pot = template([segment(read(source), "chapter.md")], Project("fixtures", "1.0", "2025-02-01 00:00+0000"))
    assert dumps(pot) == read(FIXTURES / "update" / "chapter.pot")


CHAPTER_LIKE = [*cases("extract", "*.md"), REPO / "source" / "en" / "conclusion.md"]


@pytest.mark.parametrize("source", CHAPTER_LIKE, ids=lambda p: p.stem)
def test_pseudo_translation_of_real_chapter_shapes_keeps_their_structure(source: Path) -> None:
    """Front matter with comments and `_styles`, math, `<d-footnote>`, Liquid, tables,
    `<details>`, hard-wrapped paragraphs: every untouched line stays, tags stay."""
    text = read(source)
    doc = segment(text, source.name)  # code as no message: every line of code is an untouched line
    out = weave(doc, TranslationMap({(s.context, s.msgid): fidelity.pseudo(s.msgid) for s in doc.segments})).text
    assert fidelity.skeleton(MD.render(out))[0] == fidelity.skeleton(MD.render(text))[0]
    assert fidelity.keeps_in_order(fidelity.untouched_lines(text), out)
    assert out != text


@pytest.mark.parametrize("source", CHAPTER_LIKE, ids=lambda p: p.stem)
def test_every_span_of_a_chapter_holds_exactly_its_msgid(source: Path) -> None:
    doc = segmented(source)
    for seg in doc.segments:
        held = span_text(doc, seg)
        assert held is None or held == seg.msgid, (seg.location, seg.msgid, held)
