"""Merging catalogs in git: entry by entry, with no conflict markers and no lost work."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import polib

from conftest import FIXTURES, catalog, cli
from gettext_tools import assert_msgcat_fixed_point
from mdgettext.po.merge3 import merge3
from mdgettext.po.writer import dumps

MERGE = FIXTURES / "merge"


def test_each_side_keeps_its_work_and_a_real_conflict_goes_fuzzy() -> None:
    merged = merge3(*(polib.pofile(str(MERGE / f"{name}.po")) for name in ("base", "ours", "theirs")))
    assert dumps(merged.po) == (MERGE / "expected.po").read_text(encoding="utf-8")
    assert merged.conflicts == ("Third paragraph.",)


def test_the_merge_driver_writes_over_ours(tmp_path: Path) -> None:
    for name in ("base", "ours", "theirs"):
        shutil.copy(MERGE / f"{name}.po", tmp_path / f"{name}.po")
    result = cli("merge-driver", tmp_path / "base.po", tmp_path / "ours.po", tmp_path / "theirs.po")
    assert result.code == 0
    assert "1 entry translated differently on both branches" in result.err
    assert (tmp_path / "ours.po").read_text(encoding="utf-8") == (MERGE / "expected.po").read_text(encoding="utf-8")
    assert_msgcat_fixed_point(tmp_path / "ours.po")


def git(repo: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        GIT_AUTHOR_NAME="t",
        GIT_AUTHOR_EMAIL="t@example.com",
        GIT_COMMITTER_NAME="t",
        GIT_COMMITTER_EMAIL="t@example.com",
    )
    return subprocess.run(["git", *args], check=False, cwd=repo, capture_output=True, text=True, env=env)


def test_two_branches_that_translated_different_entries_merge_cleanly_in_git(tmp_path: Path) -> None:
    repo = tmp_path / "book"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    shutil.copy(Path(__file__).parents[1] / ".gitattributes", repo / ".gitattributes")
    # this interpreter's mdgettext, whether or not its environment's bin is on PATH
    driver = f"{shlex.quote(sys.executable)} -m mdgettext merge-driver %O %A %B"
    git(repo, "config", "merge.mdgettext-po.driver", driver)
    shutil.copy(MERGE / "base.po", repo / "ko.po")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "base")
    git(repo, "checkout", "-qb", "theirs")
    shutil.copy(MERGE / "theirs.po", repo / "ko.po")
    git(repo, "commit", "-qam", "theirs")
    git(repo, "checkout", "-q", "main")
    shutil.copy(MERGE / "ours.po", repo / "ko.po")
    git(repo, "commit", "-qam", "ours")
    merge = git(repo, "merge", "-q", "--no-edit", "theirs")
    assert merge.returncode == 0, merge.stdout + merge.stderr
    merged = (repo / "ko.po").read_text(encoding="utf-8")
    assert "<<<<<<<" not in merged
    assert merged == (MERGE / "expected.po").read_text(encoding="utf-8")


def test_a_comment_on_one_side_and_a_fix_on_the_other_are_both_kept() -> None:
    base = catalog(polib.POEntry(msgid="Text", msgstr="글"))
    ours = catalog(polib.POEntry(msgid="Text", msgstr="글", tcomment="mdgettext-ignore: typography.copied"))
    theirs = catalog(polib.POEntry(msgid="Text", msgstr="본문"))
    merged = merge3(base, ours, theirs)
    [entry] = list(merged.po)
    assert (entry.msgstr, entry.tcomment, entry.fuzzy) == ("본문", "mdgettext-ignore: typography.copied", False)
    assert merged.conflicts == ()


def test_an_entry_one_side_deleted_and_the_other_left_alone_is_gone() -> None:
    base = catalog(polib.POEntry(msgid="Old", msgstr="옛"), polib.POEntry(msgid="Kept", msgstr="유지"))
    ours = catalog(polib.POEntry(msgid="Kept", msgstr="유지"))
    theirs = catalog(polib.POEntry(msgid="Old", msgstr="옛"), polib.POEntry(msgid="Kept", msgstr="유지"))
    assert [e.msgid for e in merge3(base, ours, theirs).po] == ["Kept"]


def test_an_entry_one_side_obsoleted_while_the_other_translated_keeps_the_translation() -> None:
    base = catalog(polib.POEntry(msgid="Gone", msgstr=""))
    ours = catalog(polib.POEntry(msgid="Gone", msgstr="", obsolete=True))
    theirs = catalog(polib.POEntry(msgid="Gone", msgstr="사라짐"))
    [entry] = list(merge3(base, ours, theirs).po)
    assert (entry.msgstr, entry.obsolete) == ("사라짐", True)


def test_the_later_revision_date_wins_across_time_zones() -> None:
    def dated(stamp: str) -> polib.POFile:
        po = catalog(polib.POEntry(msgid="A", msgstr="가"))
        po.metadata["PO-Revision-Date"] = stamp
        return po

    base = dated("2025-01-01 00:00+0000")
    # 09:00 in Seoul is 00:00 UTC, earlier than 01:00 UTC, though it sorts later as text
    merged = merge3(base, dated("2025-01-05 09:00+0900"), dated("2025-01-05 01:00+0000"))
    assert merged.po.metadata["PO-Revision-Date"] == "2025-01-05 01:00+0000"
