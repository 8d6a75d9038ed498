"""The page's own words are gettext catalogs shipped with mdgettext
(`tools/mdgettext/publish/locale/`): GNU gettext accepts them, each translates the
whole template, and a page in their language shows them, plurals included."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

from conftest import cli
from gettext_tools import assert_msgcat_fixed_point, assert_msgfmt_check
from mdgettext.publish import words

TEMPLATE = words.LOCALE / "page.pot"
CATALOGS = sorted(words.LOCALE.glob("*/LC_MESSAGES/page.po"))


def test_the_shipped_languages_are_the_ones_we_mean_to_ship() -> None:
    assert [p.parent.parent.name for p in CATALOGS] == ["de", "ja", "ko", "zh"]


def test_the_template_is_what_the_page_asks_for() -> None:
    template = {(e.msgctxt, e.msgid) for e in polib.pofile(str(TEMPLATE))}
    asked = {(key, english) for key, english in words.ENGLISH.items()} | {("fallback", words.FALLBACK[0])}
    assert template == asked


@pytest.mark.parametrize("path", [TEMPLATE, *CATALOGS], ids=lambda p: str(p.relative_to(words.LOCALE)))
def test_gnu_gettext_writes_each_catalog_as_it_is(path: Path) -> None:
    assert_msgcat_fixed_point(path)


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parent.parent.name)
def test_each_catalog_translates_the_whole_template_and_passes_msgfmt_check(path: Path) -> None:
    assert_msgfmt_check(path)  # also checks {number}, {count} and {total} (python-brace-format)
    po = polib.pofile(str(path))
    template = {(e.msgctxt, e.msgid) for e in polib.pofile(str(TEMPLATE))}
    assert {(e.msgctxt, e.msgid) for e in po} == template
    assert po.percent_translated() == 100 and not po.fuzzy_entries()


def test_the_banner_follows_the_languages_plural_rules() -> None:
    german = words.words("de")
    assert german.fallback(1, 41).startswith("1 von 41 Abschnitten dieser Seite ist ")
    assert german.fallback(3, 41).startswith("3 von 41 Abschnitten dieser Seite sind ")
    assert words.words("en").fallback(1, 41).startswith("1 of 41 passages on this page is ")


def test_a_japanese_page_has_japanese_words_and_an_unshipped_language_english_ones(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.mdgettext]\nlocales = ["ja", "fr"]\n', encoding="utf-8")
    (project / "source" / "en" / "a.md").write_text("# Title\n\n## Part\n\nText.\n", encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    for language in ("ja", "fr"):
        assert cli("-C", project, "-q", "update", "-l", language).code == 0
    built = cli("-C", project, "build", "--format", "html")
    assert built.code == 0
    told = [line for line in built.err.splitlines() if "no page words" in line]
    assert len(told) == 1 and "'fr'" in told[0] and "locale/fr/LC_MESSAGES/page.po" in told[0], built.err
    japanese = (project / "build" / "ja" / "a.html").read_text(encoding="utf-8")
    assert '<h2 class="toc-title" id="toc-title" lang="ja">目次</h2>' in japanese
    assert "このページの 3 個の段落のうち 3 個はまだ翻訳されておらず" in japanese
    french = (project / "build" / "fr" / "a.html").read_text(encoding="utf-8")
    assert '<h2 class="toc-title" id="toc-title" lang="en">Contents</h2>' in french
    assert "3 of 3 passages on this page are not translated yet" in french


def test_a_book_written_in_german_marks_what_stays_german(project: Path) -> None:
    (project / "source" / "en").rmdir()
    (project / "source" / "de").mkdir()
    (project / "pyproject.toml").write_text(
        '[tool.mdgettext]\nsource = "source/de"\nsource_language = "de"\nlocales = ["en"]\n', encoding="utf-8"
    )
    (project / "source" / "de" / "a.md").write_text("# Titel\n\n## Teil\n\nText.\n\nMehr Text.\n", encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "en").code == 0
    po = polib.pofile(str(project / "locale" / "en" / "LC_MESSAGES" / "a.po"))
    po.find("Text.").msgstr = "Text, in English."
    po.save()
    assert cli("-C", project, "-q", "build", "--format", "html").code == 0
    english = (project / "build" / "en" / "a.html").read_text(encoding="utf-8")
    assert (
        '<p lang="de" class="untranslated">Mehr Text.</p>' in english
        and 'lang="en" class="untranslated"' not in english
    )
    assert "<p>Text, in English.</p>" in english
    german = (project / "build" / "de" / "a.html").read_text(encoding="utf-8")
    assert '<html lang="de"' in german and '<h2 class="toc-title" id="toc-title" lang="de">Inhalt</h2>' in german


def test_a_source_language_that_is_no_locale_is_one_line(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.mdgettext]\nsource_language = "english!"\n', encoding="utf-8")
    (project / "source" / "en" / "a.md").write_text("Text.\n", encoding="utf-8")
    result = cli("-C", project, "extract")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1 and "english!" in result.err, result.err
