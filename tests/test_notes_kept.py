"""A translator's notes stay with their chapter: a note edited after a build is built
again (the notes file is in the build's input key), and a renamed chapter's notes are
named when `update` tells of the rename, so none is lost without a word (issue 39)."""

from __future__ import annotations

from pathlib import Path

from conftest import Result, cli, translated_chapter

ENGLISH = "# Guide\n\nHello world.\n"
NOTES = Path("locale/ko/LC_MESSAGES/guide.addenda.md")


def noted(project: Path, note: str) -> Path:
    translated_chapter(project, 'locales = ["ko"]\n', "guide", ENGLISH, "ko", {"Hello world.": "안녕, 세상."})
    (project / NOTES).write_text(f'<!-- after: "Hello world." -->\n\n{note}\n', encoding="utf-8")
    return project


def renamed(project: Path, *update: str, catalog_too: bool = False) -> Result:
    """The noted chapter renamed (`guide.md` -> `howto.md`, its catalog too if asked), then
    `extract` and `update` with `update`'s further options: what update says."""
    noted(project, "역자 주")
    (project / "source" / "en" / "guide.md").rename(project / "source" / "en" / "howto.md")
    if catalog_too:
        catalogs = project / "locale" / "ko" / "LC_MESSAGES"
        (catalogs / "guide.po").rename(catalogs / "howto.po")  # the catalog moved, its notes not
    assert cli("-C", project, "-q", "extract").code == 0
    result = cli("-C", project, "update", "-l", "ko", *update)
    assert result.code == 0
    return result


def built(project: Path) -> str:
    result = cli("-C", project, "-q", "build", "-l", "ko", "--format", "md")
    assert result.code == 0, result.err
    return (project / "build" / "ko" / "guide.md").read_text(encoding="utf-8")


def test_a_note_edited_after_a_build_is_built_again(project: Path) -> None:
    assert "역자 주: 첫째" in built(noted(project, "역자 주: 첫째"))
    (project / NOTES).write_text('<!-- after: "Hello world." -->\n\n역자 주: 둘째\n', encoding="utf-8")
    page = built(project)
    assert "역자 주: 둘째" in page and "첫째" not in page
    (project / NOTES).unlink()
    assert "역자 주" not in built(project)


def test_a_renamed_chapter_names_its_notes_beside_its_catalog(project: Path) -> None:
    result = renamed(project)
    assert (
        "locale/ko/LC_MESSAGES/guide.po: no chapter source/en/guide.md any more; left as it is. If the chapter was "
        "renamed, rename the catalog and its notes locale/ko/LC_MESSAGES/guide.addenda.md the same way (`git mv`)"
    ) in result.err


def test_notes_left_behind_by_a_renamed_catalog_are_named(project: Path) -> None:
    result = renamed(project, catalog_too=True)
    assert (
        "mdgettext: warning: locale/ko/LC_MESSAGES/guide.addenda.md: the translator's notes of no chapter "
        "(source/en/guide.md is gone) and of no catalog; the build leaves them out. If the chapter was renamed, "
        "rename this file as its catalog was renamed (`git mv`)\n"
    ) in result.err


def test_pruning_keeps_the_notes_and_says_so(project: Path) -> None:
    result = renamed(project, "--prune")
    assert (project / NOTES).is_file()
    assert "locale/ko/LC_MESSAGES/guide.addenda.md: the notes of locale/ko/LC_MESSAGES/guide.po, whose chapter" in (
        result.err
    )
