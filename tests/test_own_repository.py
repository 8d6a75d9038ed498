"""mdgettext in someone else's repository (issue 41), as its maintainers meet it: a fresh
clone whose `.gitignore` leaves the templates out, images every language shares beside
the language folders, the page's own words translated in the project, and the package
installed from a path as the README says.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polib
import pytest

import mdgettext
from conftest import PAGES, cli

CHART = (PAGES / "source" / "en" / "cowsay.png").read_bytes()


def test_a_fresh_clone_without_templates_is_told_to_run_extract(chapter_copy: Path) -> None:
    """GitHub's Python .gitignore has `*.pot`: a fresh clone has catalogs and no templates."""
    for template in (chapter_copy / "locale").glob("*.pot"):
        template.unlink()
    for command in (("build", "-l", "ko"), ("check", "-l", "ko"), ("update", "-l", "ko")):
        result = cli("-C", chapter_copy, *command)
        assert result.code == 2 and "Traceback" not in result.err
        assert "mdgettext extract" in result.err, (command, result.err)
    assert cli("-C", chapter_copy, "-q", "extract").code == 0
    assert cli("-C", chapter_copy, "-q", "build", "-l", "ko").code == 0


@pytest.fixture
def languages_side_by_side(tmp_path: Path) -> Path:
    """`docs/en/` and `docs/ko/` with the images both use in `docs/images/` (the layout of
    mkdocs-static-i18n's folders and of many documentation sites)."""
    root = tmp_path / "repo"
    (root / "docs" / "images").mkdir(parents=True)
    (root / "docs" / "images" / "chart.png").write_bytes(CHART)
    (root / "docs" / "en" / "part").mkdir(parents=True)
    (root / "docs" / "ko").mkdir()
    (root / "docs" / "en" / "guide.md").write_text("# Guide\n\n![A chart](../images/chart.png)\n", encoding="utf-8")
    (root / "docs" / "en" / "part" / "deep.md").write_text(
        "# Deep\n\n![A chart](../../images/chart.png)\n", encoding="utf-8"
    )
    (root / "mdgettext.toml").write_text(
        'source = "docs/en"\ntranslations = "docs/{lang}/{path}"\nlocales = ["ko"]\nflavor = "gfm"\n', encoding="utf-8"
    )
    assert cli("-C", root, "-q", "extract").code == 0
    assert cli("-C", root, "-q", "update", "-l", "ko").code == 0
    return root


def test_images_every_language_shares_are_found_and_copied_once(languages_side_by_side: Path) -> None:
    """Not "missing": the pages load the build's one copy by the path the chapter wrote."""
    root = languages_side_by_side
    result = cli("-C", root, "build", "--force")
    assert result.code == 0 and "image" not in result.err, result.err
    assert (root / "build" / "images" / "chart.png").read_bytes() == CHART
    for page in ("ko/guide.html", "en/guide.html"):
        assert 'src="../images/chart.png"' in (root / "build" / page).read_text(encoding="utf-8")
    assert 'src="../../images/chart.png"' in (root / "build" / "ko" / "part" / "deep.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in (root / "build").rglob("*.png")) == ["chart.png"]


def test_an_image_further_out_than_the_language_folders_is_still_reported(languages_side_by_side: Path) -> None:
    root = languages_side_by_side
    shutil.copy(root / "docs" / "images" / "chart.png", root / "outside.png")
    (root / "docs" / "en" / "guide.md").write_text("# Guide\n\n![A chart](../../outside.png)\n", encoding="utf-8")
    result = cli("-C", root, "build", "--force", "-l", "ko")
    assert result.code == 0
    assert "docs/en/guide.md:3: the image '../../outside.png' is not" in result.err


def test_a_project_translates_the_page_words_in_its_own_repository(project: Path) -> None:
    """French is not among mdgettext's page words: the warning says where the project
    makes its own, `extract --page-words` and `update` make them, and the page uses them
    before mdgettext's, word by word; a word left untranslated stays English, marked so."""
    (project / "pyproject.toml").write_text('[tool.mdgettext]\nlocales = ["fr", "ko"]\n', encoding="utf-8")
    (project / "source" / "en" / "a.md").write_text("# Title\n\n## Part\n\nText.\n", encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update").code == 0
    built = cli("-C", project, "build", "--format", "html")
    (told,) = [line for line in built.err.splitlines() if "no page words for 'fr'" in line]
    assert "`mdgettext extract --page-words` and `mdgettext update -l fr` make locale/fr/LC_MESSAGES/page.po" in told
    assert "mdgettext/publish" not in told  # never a file inside the installed package

    assert cli("-C", project, "-q", "extract", "--page-words").code == 0
    assert (project / "locale" / "page.pot").is_file()
    updated = cli("-C", project, "update")
    assert "locale/fr/LC_MESSAGES/page.po: 0 translated" in updated.out
    shipped = polib.pofile(
        str(Path(mdgettext.__file__).parent / "publish" / "locale" / "ko" / "LC_MESSAGES" / "page.po")
    )
    # mdgettext's Korean, every word translated, for the project to change
    assert (
        f"locale/ko/LC_MESSAGES/page.po: {len(shipped.translated_entries())} translated, 0 fuzzy, 0 untranslated"
        in updated.out
    )
    assert_gnu_reads(project / "locale" / "fr" / "LC_MESSAGES" / "page.po")
    for language, word in (("fr", "Sommaire"), ("ko", "차례")):
        path = project / "locale" / language / "LC_MESSAGES" / "page.po"
        po = polib.pofile(str(path))
        po.find("Contents", msgctxt="contents").msgstr = word
        po.save()
    built = cli("-C", project, "build", "--format", "html")
    assert built.code == 0 and "page words" not in built.err
    french = (project / "build" / "fr" / "a.html").read_text(encoding="utf-8")
    assert '<h2 class="toc-title" id="toc-title" lang="fr">Sommaire</h2>' in french
    assert '<a class="skip-link" href="#content" lang="en">Skip to the content</a>' in french
    korean = (project / "build" / "ko" / "a.html").read_text(encoding="utf-8")
    assert '<h2 class="toc-title" id="toc-title" lang="ko">차례</h2>' in korean  # the project's, not mdgettext's 목차
    assert 'lang="ko">본문으로 건너뛰기</a>' in korean  # mdgettext's, where the project's says the same
    # update keeps the translations (rewriting polib's layout as GNU's), then changes nothing; no chapter is `page`
    assert "locale/fr/LC_MESSAGES/page.po: 1 translated" in cli("-C", project, "update").out
    again = cli("-C", project, "update")
    assert "page.po" in again.out and "(written)" not in again.out
    assert "page" not in cli("-C", project, "extract").err
    assert "page.po" not in cli("-C", project, "check", "-l", "fr").out


def test_a_chapter_named_page_keeps_its_catalogs(project: Path) -> None:
    (project / "source" / "en" / "page.md").write_text("# A page\n", encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    refused = cli("-C", project, "extract", "--page-words")
    assert refused.code == 2 and "a chapter named page has locale/page.pot for its template" in refused.err
    assert 'msgid "A page"' in (project / "locale" / "page.pot").read_text(encoding="utf-8")


def assert_gnu_reads(path: Path) -> None:
    from gettext_tools import assert_msgcat_fixed_point, assert_msgfmt_check

    assert_msgcat_fixed_point(path)
    assert_msgfmt_check(path)


def test_a_page_word_mdgettext_no_longer_has_keeps_its_translation_as_obsolete(project: Path) -> None:
    """`update` merges the project's page words by key: a translated word the template
    no longer has stays in the catalog as an obsolete entry, never lost."""
    (project / "pyproject.toml").write_text('[tool.mdgettext]\nlocales = ["ko"]\n', encoding="utf-8")
    (project / "source" / "en" / "a.md").write_text("# Title\n\nText.\n", encoding="utf-8")
    assert cli("-C", project, "-q", "extract", "--page-words").code == 0
    assert cli("-C", project, "-q", "update").code == 0
    path = project / "locale" / "ko" / "LC_MESSAGES" / "page.po"
    with path.open("a", encoding="utf-8") as catalog:
        catalog.write('\n#. gone\nmsgctxt "gone_word"\nmsgid "Gone"\nmsgstr "사라진"\n')
    assert "1 obsolete (written)" in cli("-C", project, "update").out
    kept = '\n#. gone\n#~ msgctxt "gone_word"\n#~ msgid "Gone"\n#~ msgstr "사라진"\n'
    assert kept in path.read_text(encoding="utf-8")
