"""Each kind of defect, seeded one at a time into a copy of the real Korean catalog,
is found with the right code at the right .po line, and fails `check --strict`."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import polib
import pytest

from conftest import cli
from mdgettext.checks.entry import ABOUT_THE_ENTRY
from mdgettext.po.writer import dumps

PO = Path("locale/ko/LC_MESSAGES/conclusion.po")


def keyword_line(po_path: Path, entry: polib.POEntry, keyword: str) -> int:
    """The line of the entry's `msgid` or `msgstr` keyword, found by reading the file from
    the entry's first line (polib's linenum) down: independent of the checker's own way."""
    lines = po_path.read_text(encoding="utf-8").split("\n")
    line = entry.linenum
    while not lines[line - 1].startswith(f"{keyword} "):
        line += 1
    return line


def edit(msgstr_part: str, change: Callable[[polib.POEntry], None]) -> Callable[[polib.POFile], polib.POEntry]:
    def apply(po: polib.POFile) -> polib.POEntry:
        [entry] = [e for e in po if msgstr_part in e.msgstr and not e.obsolete]
        change(entry)
        return entry

    return apply


def replace(old: str, new: str) -> Callable[[polib.POFile], polib.POEntry]:
    def change(entry: polib.POEntry) -> None:
        entry.msgstr = entry.msgstr.replace(old, new)

    return edit(old, change)


def set_msgstr(part: str, value: Callable[[polib.POEntry], str]) -> Callable[[polib.POFile], polib.POEntry]:
    def change(entry: polib.POEntry) -> None:
        entry.msgstr = value(entry)

    return edit(part, change)


def drop_comment(part: str) -> Callable[[polib.POFile], polib.POEntry]:
    def change(entry: polib.POEntry) -> None:
        entry.tcomment = ""

    return edit(part, change)


def make_fuzzy(part: str) -> Callable[[polib.POFile], polib.POEntry]:
    return edit(part, lambda e: e.flags.append("fuzzy"))


SEEDED = {
    "links.missing": replace("[12장](../gpus)", "12장"),
    "links.added": replace("Roy Frostig는", "[Roy Frostig](우리의 저자)는"),  # a link only kramdown makes
    "links.undefined-label": replace("[12장](../gpus)", "[12장][gpus]"),
    "links.unknown-page": replace("[12장](../gpus)", "[12장](../gpu)"),
    "links.unknown-anchor": replace("[12장](../gpus)", "[12장](#part-12)"),
    "markup.code": replace("Roy Frostig는", "`Roy Frostig`는"),
    "markup.math": replace("Roy Frostig는", "Roy Frostig는 $x$"),
    "markup.footnote": replace("Roy Frostig는", "Roy Frostig[^1]는"),
    "safety.active-content": replace("Roy Frostig는", '<img src="x" onerror="alert(1)">Roy Frostig는'),
    "names.missing": replace("Jacob Austin에게", "제이콥 오스틴에게"),
    "glossary.missing": replace("Transformer를", "트랜스포머를"),
    "markup.unclosed": replace("축하한다.** 마무리", "축하한다. ** 마무리"),  # kramdown: a space before a closer
    "markup.emphasis": replace("**모두 고맙습니다!**", "모두 고맙습니다!"),
    "markup.html": replace("Roy Frostig는", "<b>Roy Frostig</b>는"),
    "markup.liquid": replace("Roy Frostig는", "{% include footer.liquid %}Roy Frostig는"),
    "structure.changed": replace("Roy Frostig는 출간과", "Roy Frostig는\n\n출간과"),
    "typography.particle-space": replace("GitHub에", "GitHub 에"),
    "typography.double-space": replace("Roy Frostig는 출간과", "Roy Frostig는  출간과"),
    "typography.final-colon": drop_comment("감사 인사를 전한다:"),  # a colon before a heading introduces nothing
    "typography.speech-level": drop_comment("**모두 고맙습니다!**"),
    "typography.copied": set_msgstr("Roy Frostig는", lambda e: e.msgid),
    "typography.no-hangul": set_msgstr("Roy Frostig는", lambda e: "Roy Frostig helped a lot."),
    "completeness.untranslated": set_msgstr("Roy Frostig는", lambda e: ""),
    "completeness.fuzzy": make_fuzzy("Roy Frostig는"),
    "frontmatter.untranslated": set_msgstr("결론과 더 읽을거리", lambda e: ""),
    "suppression.unknown-code": edit(
        "Roy Frostig는", lambda e: setattr(e, "tcomment", "mdgettext-ignore: links.mising")
    ),
}


# An added tag or Liquid tag is told by the safety check, which says it best (it may be
# active content, and nothing silences it): one problem, one finding.
TOLD_AS = {"markup.html": ("safety.active-content",), "markup.liquid": ("safety.active-content",)}


@pytest.mark.parametrize("code", sorted(SEEDED))
def test_a_seeded_defect_is_found_at_its_line(code: str, chapter_copy: Path) -> None:
    po_path = chapter_copy / PO
    po = polib.pofile(str(po_path))
    entry_before = SEEDED[code](po)
    po_path.write_text(dumps(po), encoding="utf-8")
    entry = next(e for e in polib.pofile(str(po_path)) if e.msgid == entry_before.msgid)
    result = cli("-C", chapter_copy, "check", "-l", "ko", "--strict", "--format", "json")
    assert result.code == (2 if code == "suppression.unknown-code" else 1), result.out + result.err
    found = json.loads(result.out)
    hits = [f for f in found if f["code"] in (code, *TOLD_AS.get(code, ()))]
    assert hits, found
    # at the msgstr line the translator edits (a comment's finding: the entry's msgid line); the entry named by its msgid line
    edited = "msgid" if code.startswith(ABOUT_THE_ENTRY) else "msgstr"
    assert {f["line"] for f in hits} == {keyword_line(po_path, entry, edited)}
    assert {f["msgid_line"] for f in hits} == {keyword_line(po_path, entry, "msgid")}
    assert all(f["file"] == PO.as_posix() and f["severity"] == "error" for f in hits)
    assert all(f["source"].startswith("source/en/conclusion.md:") for f in hits)


def test_a_misspelt_suppression_stops_the_gate_and_names_the_known_codes(chapter_copy: Path) -> None:
    po_path = chapter_copy / PO
    po = polib.pofile(str(po_path))
    SEEDED["suppression.unknown-code"](po)
    po_path.write_text(dumps(po), encoding="utf-8")
    result = cli("-C", chapter_copy, "check", "-l", "ko")
    assert result.code == 2  # an input error, as for --select linkz: not a gate that passes
    assert "`mdgettext-ignore: links.mising` names no known check" in result.out
    assert "known codes: addenda.anchor, addenda.unsafe, completeness.below-minimum, " in result.err
    assert "links.missing" in result.err


def test_the_real_catalog_passes_strict_with_no_findings(chapter_copy: Path) -> None:
    result = cli("-C", chapter_copy, "check", "-l", "ko", "--strict")
    assert result.code == 0
    assert result.out == "checked 1 catalog, 36 entries: 0 errors, 0 warnings, 0 notes; 100.0% translated\n"


def test_an_obsolete_entry_is_a_note_and_a_stale_catalog_a_warning(chapter_copy: Path) -> None:
    po_path = chapter_copy / PO
    po = polib.pofile(str(po_path))
    po.append(polib.POEntry(msgid="An old paragraph.", msgstr="옛 문단.", obsolete=True))
    po.append(polib.POEntry(msgid="A paragraph the source no longer has.", msgstr="사라진 문단."))
    po_path.write_text(dumps(po), encoding="utf-8")
    result = cli("-C", chapter_copy, "check", "-l", "ko")
    assert result.code == 0  # nothing at error level without --strict
    lines = result.out.splitlines()
    assert any(l.endswith("[completeness.obsolete]") and ": info: " in l for l in lines)
    assert (
        "locale/ko/LC_MESSAGES/conclusion.po:1: warning: catalog is older than its template (0 new messages, 1 removed); run `mdgettext update -l ko` [completeness.stale]"
        in lines
    )
    assert cli("-C", chapter_copy, "check", "-l", "ko", "--strict").code == 1
