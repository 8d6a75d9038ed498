"""The page's own words are gettext catalogs shipped with mdgettext
(`tools/mdgettext/publish/locale/`): GNU gettext accepts them, each translates the
whole template, and a page in their language shows them, plurals included."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

from conftest import cli
from gettext_tools import assert_msgcat_fixed_point, assert_msgfmt_check
from mdgettext.po.entries import write
from mdgettext.publish import words

TEMPLATE = words.LOCALE / "page.pot"
CATALOGS = sorted(words.LOCALE.glob("*/LC_MESSAGES/page.po"))


def test_the_shipped_languages_are_the_ones_we_mean_to_ship() -> None:
    assert [p.parent.parent.name for p in CATALOGS] == ["de", "ja", "ko", "zh"]


def test_the_template_is_what_the_page_asks_for() -> None:
    template = {(e.msgctxt, e.msgid) for e in polib.pofile(str(TEMPLATE))}
    asked = {(key, english) for key, english in words.ENGLISH.items()}
    asked |= {("fallback", words.FALLBACK[0]), ("review_summary", words.REVIEW_SUMMARY[0])}
    assert template == asked
    # the one `extract --page-words` writes into a project, but for its header's fields
    shipped = TEMPLATE.read_text(encoding="utf-8")
    assert shipped == write(words.template(polib.pofile(str(TEMPLATE)).metadata))


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


# ---------------------------------------------------------------- a page-word catalog is untrusted input


@pytest.fixture
def page_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped page words that a test may break, read instead of the shipped ones."""
    import shutil

    folder = tmp_path / "publish" / "locale"
    shutil.copytree(words.LOCALE, folder)
    monkeypatch.setattr(words, "LOCALE", folder)
    words._catalog.cache_clear()
    yield folder / "ko" / "LC_MESSAGES" / "page.po"
    words._catalog.cache_clear()


BROKEN = [
    ('msgstr "{number}장"', 'msgstr "{number장"', "the translation of 'Part {number}' "),
    ('msgstr "{number}장"', 'msgstr "{0}장"', "has the field {0}, which is not given (its English has {number})"),
    ('msgstr "{number}장"', 'msgstr "{number:>20000000}장"', "formats {number:>20000000}, beyond fill"),
    ('msgstr "{number}장"', 'msgstr "{number.__class__}장"', "has the field {number.__class__}"),
    ('msgstr "{number}장"', 'msgstr "{number!r}장"', "formats {number!r}"),
    ('msgstr "{number}장"', 'msgstr "{count}장"', "has the field {count}"),
    (
        '"Plural-Forms: nplurals=1; plural=0;\\n"',
        '"Plural-Forms: nplurals=1; plural=n/0;\\n"',
        "Plural-Forms cannot be read",
    ),
    (
        '"Plural-Forms: nplurals=1; plural=0;\\n"',
        '"Plural-Forms: nplurals=1; plural=n!=;\\n"',
        "Plural-Forms has plural=n!=, which is not a C expression of n",  # read before it is run
    ),
    (
        '"Plural-Forms: nplurals=1; plural=0;\\n"',
        '"Plural-Forms: nplurals=1; plural=n;\\n"',
        "gives a form the catalog",
    ),
    ('msgid "Contents"', "msgid Contents", "msgid"),  # a slip that Babel skipped, and the words after it with it
]


@pytest.mark.parametrize("was, now, says", BROKEN, ids=[now for _, now, _ in BROKEN])
def test_a_broken_page_word_catalog_is_one_error_line_in_build_and_check(
    page_words: Path, project: Path, was: str, now: str, says: str
) -> None:
    text = page_words.read_text(encoding="utf-8")
    assert was in text
    page_words.write_text(text.replace(was, now, 1), encoding="utf-8")
    line = text[: text.index(was)].count("\n") + 1
    (project / "pyproject.toml").write_text('[tool.mdgettext]\nlocales = ["ko"]\n', encoding="utf-8")
    (project / "source" / "en" / "a.md").write_text("# Title\n\nText.\n", encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    for command in (["build", "-l", "ko"], ["check", "-l", "ko"]):
        result = cli("-C", project, *command)
        lines = result.err.strip().splitlines()
        assert result.code == 2 and len(lines) == 1, result.err
        assert lines[0].startswith("mdgettext: error: mdgettext/publish/locale/ko/LC_MESSAGES/page.po:"), result.err
        assert says in lines[0]
        reported = int(lines[0].split("page.po:")[1].split(":")[0])
        assert reported in (line - 1, line)  # a translation is named by its msgid line, one above its msgstr
    assert not (project / "build").exists()


def test_a_page_word_catalog_that_is_not_utf8_is_one_error_line(page_words: Path, project: Path) -> None:
    raw = page_words.read_bytes()
    page_words.write_bytes(raw.replace("저자".encode(), "저자".encode("euc-kr")))
    (project / "source" / "en" / "a.md").write_text("Text.\n", encoding="utf-8")
    (project / "pyproject.toml").write_text('[tool.mdgettext]\nlocales = ["ko"]\n', encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    result = cli("-C", project, "build", "-l", "ko")
    line = raw[: raw.index("저자".encode())].count(b"\n") + 1
    assert result.code == 2
    assert (
        result.err
        == f"mdgettext: error: mdgettext/publish/locale/ko/LC_MESSAGES/page.po:{line}: not valid UTF-8; save the file as UTF-8\n"
    )


def test_a_page_word_formats_only_the_fields_it_is_given() -> None:
    assert words.PageWord("{number:>4}장").format(number=7) == "   7장"
    assert words.PageWord("Part {number}").format(number="11", other="x") == "Part 11"
    for hostile in ("{number:>20000000}", "{0}", "{number.__class__.__mro__}", "{number[0]}", "{number:{number}}"):
        with pytest.raises(ValueError):
            words.PageWord(hostile).format(number=1)
