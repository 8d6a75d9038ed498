"""XLIFF 2: catalogs out to CAT tools and back (po/xliff.py, `export`, `import FILE.xlf`).

Judged by readers we did not write: `xmllint --schema` against OASIS's XLIFF 2 core
schema (tests/data/xliff/), and GNU's `msgcat` for the PO files that come back.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA, FIXTURES, REPO, cli, needed_in_ci, snapshot
from gettext_tools import assert_msgcat_fixed_point
from mdgettext import catalogs
from mdgettext.commands.xliff_import import merge
from mdgettext.errors import InputError
from mdgettext.po import xliff
from mdgettext.po.codes import codes as find_codes
from mdgettext.po.entries import Catalog, Entry

PAIR = FIXTURES / "xliff"
CATALOG_KO = Path("locale") / "ko" / "LC_MESSAGES" / "conclusion.po"
SCHEMA = DATA / "xliff"
CATALOGS = [
    REPO / "locale" / "ko" / "LC_MESSAGES" / "conclusion.po",
    DATA / "pages" / "locale" / "ko" / "LC_MESSAGES" / "shapes.po",
    DATA / "pages" / "locale" / "zh" / "LC_MESSAGES" / "shapes.po",
    DATA / "mkdocs" / "ko.po",
    PAIR / "entries.po",
]


def as_xliff(path: Path) -> str:
    return catalogs.write(catalogs.read(path, path.name), "xliff", "locale/ko/LC_MESSAGES/intro.po")


def xmllint_valid(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    tool = shutil.which("xmllint")
    needed_in_ci(None if tool else "xmllint not installed (Debian: libxml2-utils)", "the XLIFF schema test")
    document = tmp_path / "out.xlf"
    document.write_text(text, encoding="utf-8")
    env = dict(os.environ, XML_CATALOG_FILES=str(SCHEMA / "catalog.xml"))
    return subprocess.run(
        [str(tool), "--nonet", "--noout", "--schema", str(SCHEMA / "xliff_core_2.0.xsd"), str(document)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_po_to_xliff_to_po_is_byte_identical(path: Path, tmp_path: Path) -> None:
    text = as_xliff(path)
    back = tmp_path / "back.xlf"
    back.write_text(text, encoding="utf-8")
    assert catalogs.write(catalogs.read(back, "back.xlf"), "po") == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_what_export_writes_is_valid_xliff_2_by_the_oasis_schema(path: Path, tmp_path: Path) -> None:
    checked = xmllint_valid(tmp_path, as_xliff(path))
    assert checked.returncode == 0, checked.stderr


def test_the_schema_judge_can_fail(tmp_path: Path) -> None:
    broken = as_xliff(PAIR / "entries.po").replace('state="initial"', 'state="fuzzy"', 1)
    assert xmllint_valid(tmp_path, broken).returncode != 0


def test_the_paired_fixture_is_what_export_writes_and_import_reads() -> None:
    assert as_xliff(PAIR / "entries.po") == (PAIR / "entries.xlf").read_text(encoding="utf-8")
    back = catalogs.read(PAIR / "entries.xlf", "entries.xlf")
    assert catalogs.write(back, "po") == (PAIR / "entries.po").read_text(encoding="utf-8")


def test_fuzzy_is_the_initial_state_and_a_reviewed_target_is_translated() -> None:
    text = (PAIR / "entries.xlf").read_text(encoding="utf-8")
    fuzzy = {e.msgid: e.fuzzy for e in xliff.loads(text, "x").entries}
    assert fuzzy['Run `make install` once, then see [the guide](guide.md "Guide").'] is True
    reviewed = text.replace('state="initial"', 'state="reviewed"', 1)
    assert not any(e.fuzzy for e in xliff.loads(reviewed, "x").entries)


def test_markup_is_an_inline_code_a_tool_may_not_delete_and_comes_back_as_written() -> None:
    text = (PAIR / "entries.xlf").read_text(encoding="utf-8")
    assert '<ph id="1" dataRef="d1" canDelete="no" disp="`make install`" />' in text
    # a CAT tool moves the code within the target: the markup moves, byte for byte
    code = '<ph id="1" dataRef="d1" canDelete="no" disp="`make install`" />'
    moved = text.replace(f'<target xml:space="preserve">{code}을', f'<target xml:space="preserve">먼저 {code}을')
    entry = next(e for e in xliff.loads(moved, "x").entries if e.msgid.startswith("Run"))
    assert entry.msgstr.startswith("먼저 `make install`을")


HOSTILE = {
    "billion laughs": '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>\n'
    '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en">&b;</xliff>',
    "external entity": '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n'
    '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en">&e;</xliff>',
    "not xml": "<xliff><file></xliff>",
    "not xliff 2": '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file/></xliff>',
    "a code without its data": '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en">'
    '<file id="f"><unit id="u"><segment><source>a<ph id="1" dataRef="nope"/></source></segment></unit></file></xliff>',
    "unknown inline element": '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en">'
    '<file id="f"><unit id="u"><segment><source>a<script/></source></segment></unit></file></xliff>',
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_or_broken_xliff_file_is_one_line_naming_the_file(name: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.xlf"
    path.write_text(HOSTILE[name], encoding="utf-8")
    with pytest.raises(InputError) as err:
        catalogs.read(path, "bad.xlf")
    assert str(err.value).startswith("bad.xlf") and "\n" not in str(err.value)
    assert "root:" not in str(err.value)  # nothing of /etc/passwd was read


def test_a_translation_xliff_holds_must_make_a_catalog_gnu_reads(tmp_path: Path) -> None:
    text = (PAIR / "entries.xlf").read_text(encoding="utf-8")
    twice = text.replace('<note category="msgctxt">toc</note>', "")  # two units of one English, no context
    twice = twice.replace(
        '<source xml:space="preserve">Setup</source>', '<source xml:space="preserve">Plain words.</source>'
    )
    path = tmp_path / "dup.xlf"
    path.write_text(twice, encoding="utf-8")
    with pytest.raises(InputError, match=r"^dup\.xlf: makes a catalog GNU gettext would refuse: this msgid is already"):
        catalogs.read(path, "dup.xlf")


# ---------------------------------------------------------------- the commands


def test_export_then_import_untouched_leaves_the_catalog_as_it_was(chapter_copy: Path) -> None:
    assert cli("-C", chapter_copy, "export", "-l", "ko").code == 0
    exported = chapter_copy / "build" / "xliff" / "ko" / "conclusion.xlf"
    before = snapshot(chapter_copy / "locale")
    result = cli("-C", chapter_copy, "import", "-l", "ko", exported)
    assert result.code == 0, result.err
    assert snapshot(chapter_copy / "locale") == before


def test_a_translation_made_in_a_cat_tool_lands_in_the_catalog_as_gnu_writes_it(chapter_copy: Path) -> None:
    assert cli("-C", chapter_copy, "export", "-l", "ko").code == 0
    exported = chapter_copy / "build" / "xliff" / "ko" / "conclusion.xlf"
    text = exported.read_text(encoding="utf-8")
    text = text.replace(
        '<target xml:space="preserve">12장: GPU</target>', '<target xml:space="preserve">12장: GPU들</target>'
    )
    text = text.replace('state="translated"', 'state="initial"', 1)  # the first unit: back to fuzzy
    exported.write_text(text, encoding="utf-8")
    assert cli("-C", chapter_copy, "import", "-l", "ko", exported).code == 0
    po = chapter_copy / "locale" / "ko" / "LC_MESSAGES" / "conclusion.po"
    written = po.read_text(encoding="utf-8")
    assert 'msgstr "12장: GPU들"' in written
    assert '#, fuzzy\nmsgid "Conclusions and Further Reading"' in written
    assert_msgcat_fixed_point(po)


def test_a_unit_whose_english_is_gone_is_skipped_and_said(chapter_copy: Path) -> None:
    assert cli("-C", chapter_copy, "export", "-l", "ko").code == 0
    exported = chapter_copy / "build" / "xliff" / "ko" / "conclusion.xlf"
    exported.write_text(
        exported.read_text(encoding="utf-8").replace(">Part 12: GPUs</source>", ">Part 13: GPUs</source>"),
        encoding="utf-8",
    )
    result = cli("-C", chapter_copy, "import", "-l", "ko", exported)
    assert result.code == 1
    assert "'Part 13: GPUs': the catalog no longer has this English" in result.err


def test_an_xliff_file_of_another_language_is_refused_and_nothing_written(chapter_copy: Path) -> None:
    assert cli("-C", chapter_copy, "export", "-l", "ko").code == 0
    exported = chapter_copy / "build" / "xliff" / "ko" / "conclusion.xlf"
    before = snapshot(chapter_copy / "locale")
    result = cli("-C", chapter_copy, "import", "-l", "ja", exported)
    assert result.code == 2
    assert snapshot(chapter_copy / "locale") == before


def test_a_link_and_an_html_element_are_paired_codes_around_their_words() -> None:
    text = "See ![a *cat*](cat.png), [x [y]](z), `[` and <b>bold</b>; \\[not a link](q)."
    spans, pairs = find_codes(text)
    shown = [text[a:b] for a, b in spans]
    assert shown == ["![", "](cat.png)", "[", "](z)", "`[`", "<b>", "</b>"]
    assert pairs == {0: 1, 2: 3, 5: 6}


def test_pairs_that_cross_stay_single_codes_and_come_back_as_written() -> None:
    text = "<b>[crossed</b>](y) words"
    _, pairs = find_codes(text)
    assert len(pairs) == 1  # the element or the link: not both, they cross
    catalog = Catalog(entries=(Entry(msgid=text, msgstr=text),))
    assert xliff.loads(xliff.dumps(catalog), "x").entries[0].msgstr == text


def test_a_translation_that_would_break_the_page_meets_the_same_judge_as_in_a_po_file(chapter_copy: Path) -> None:
    assert cli("-C", chapter_copy, "export", "-l", "ko").code == 0
    exported = chapter_copy / "build" / "xliff" / "ko" / "conclusion.xlf"
    hostile = '<target xml:space="preserve">12장: GPU&lt;img src=x onerror=alert(1)&gt;</target>'
    text = exported.read_text(encoding="utf-8")
    exported.write_text(text.replace('<target xml:space="preserve">12장: GPU</target>', hostile), encoding="utf-8")
    assert cli("-C", chapter_copy, "import", "-l", "ko", exported).code == 0
    checked = cli("-C", chapter_copy, "check", "-l", "ko")
    assert checked.code == 1
    assert "[safety.active-content]" in checked.out and "onerror" in checked.out


def test_a_catalog_with_plural_forms_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "plural.po"
    path.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "one file"\nmsgid_plural "%d files"\nmsgstr[0] "파일 %d개"\n',
        encoding="utf-8",
    )
    with pytest.raises(InputError, match=r"^plural\.po: the message 'one file' has plural forms"):
        catalogs.read(path, "plural.po")


MARKDOWNISH = st.lists(
    st.sampled_from([*"ab 한글\n\t\r\x01\x0b\x7f\\[]()!`$<>/&\"'{}%*_^:~#=", "<b>", "</b>", "](u)", "`c`", "$$"]),
    max_size=30,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(msgid=MARKDOWNISH, msgstr=MARKDOWNISH, note=st.text(alphabet="ab 한\n:,", max_size=20))
def test_any_message_comes_back_from_xliff_as_it_was(msgid: str, msgstr: str, note: str) -> None:
    entry = Entry(msgid=msgid or "x", msgstr=msgstr, translator_comment=note, extracted_comment=note)
    catalog = Catalog(entries=(entry,), metadata=(("Language", "ko"),))
    assert xliff.loads(xliff.dumps(catalog), "x") == catalog


def test_import_fuzzy_marks_what_the_tool_changed_for_a_reviewer(chapter_copy: Path) -> None:
    assert cli("-C", chapter_copy, "export", "-l", "ko").code == 0
    exported = chapter_copy / "build" / "xliff" / "ko" / "conclusion.xlf"
    text = exported.read_text(encoding="utf-8")
    exported.write_text(text.replace(">12장: GPU</target>", ">12장: GPU들</target>"), encoding="utf-8")
    assert cli("-C", chapter_copy, "import", "-l", "ko", "--fuzzy", exported).code == 0
    written = (chapter_copy / CATALOG_KO).read_text(encoding="utf-8")
    assert '#, fuzzy\nmsgid "Part 12: GPUs"\nmsgstr "12장: GPU들"' in written
    assert written.count("#, fuzzy") == 1  # only what changed


def test_import_dry_run_says_what_would_change_and_writes_nothing(chapter_copy: Path) -> None:
    assert cli("-C", chapter_copy, "export", "-l", "ko").code == 0
    exported = chapter_copy / "build" / "xliff" / "ko" / "conclusion.xlf"
    text = exported.read_text(encoding="utf-8")
    exported.write_text(text.replace(">12장: GPU</target>", ">12장: GPU들</target>"), encoding="utf-8")
    before = snapshot(chapter_copy / "locale")
    result = cli("-C", chapter_copy, "import", "-l", "ko", "--dry-run", exported)
    assert result.code == 0
    assert "conclusion.po: 1 message changed from build/xliff/ko/conclusion.xlf" in result.out
    assert snapshot(chapter_copy / "locale") == before


def test_a_tool_that_drops_every_note_does_not_erase_the_translators_comment() -> None:
    ours = catalogs.read(PAIR / "entries.po", "entries.po")
    bare = Catalog(entries=tuple(Entry(msgid=e.msgid, msgstr=e.msgstr, msgctxt=e.msgctxt) for e in ours.entries))
    merged, _, _ = merge(ours, bare)
    assert [e.translator_comment for e in merged.entries] == [e.translator_comment for e in ours.entries]
