"""mdgettext in someone else's repository (issue 41), as its maintainers meet it: a fresh
clone whose `.gitignore` leaves the templates out, images every language shares beside
the language folders, the page's own words translated in the project, and the package
installed from a path as the README says.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

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
