"""Merging catalogs in git: entry by entry, with no conflict markers and no lost work."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

from conftest import FIXTURES, catalog, cli
from gettext_tools import assert_msgcat_fixed_point
from mdgettext.files import read_po
from mdgettext.po.merge3 import merge3, unquoted
from mdgettext.po.suppressions import ignored_codes
from mdgettext.po.update import merge as update
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


def merge_in_git(
    tmp_path: Path, base: str | None, ours: str, theirs: str, args: str = "%O %A %B %P"
) -> tuple[subprocess.CompletedProcess, Path]:
    """`git merge theirs` on main, the catalog `ko.po` as given on each branch (base
    None: both branches add it), with the driver configured as the README says."""
    repo = tmp_path / "book"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    shutil.copy(Path(__file__).parents[1] / ".gitattributes", repo / ".gitattributes")
    # this interpreter's mdgettext, whether or not its environment's bin is on PATH
    git(repo, "config", "merge.mdgettext-po.driver", f"{shlex.quote(sys.executable)} -m mdgettext merge-driver {args}")
    po = repo / "ko.po"
    if base is not None:
        po.write_text(base, encoding="utf-8")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "base")
    for branch, text in (("theirs", theirs), ("main", ours)):
        git(repo, "checkout", "-q", *(["-b"] if branch == "theirs" else []), branch)
        po.write_text(text, encoding="utf-8")
        git(repo, "add", "ko.po")
        git(repo, "commit", "-qm", branch)
    return git(repo, "merge", "-q", "--no-edit", "theirs"), po


def fixture(name: str) -> str:
    return (MERGE / f"{name}.po").read_text(encoding="utf-8")


def test_two_branches_that_translated_different_entries_merge_cleanly_in_git(tmp_path: Path) -> None:
    merge, po = merge_in_git(tmp_path, fixture("base"), fixture("ours"), fixture("theirs"))
    assert merge.returncode == 0, merge.stdout + merge.stderr
    merged = po.read_text(encoding="utf-8")
    assert "<<<<<<<" not in merged
    assert merged == fixture("expected")
    # %P: the warning names the catalog, not git's temporary file
    assert "mdgettext: warning: ko.po: 1 entry translated differently on both branches" in merge.stderr
    assert ".merge_file" not in merge.stderr


def test_a_driver_configured_without_the_path_still_merges(tmp_path: Path) -> None:
    merge, po = merge_in_git(tmp_path, fixture("base"), fixture("ours"), fixture("theirs"), args="%O %A %B")
    assert merge.returncode == 0, merge.stdout + merge.stderr
    assert po.read_text(encoding="utf-8") == fixture("expected")


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


# ---------------------------------------------------------------- English changed on one branch

OLD = "The model has four layers and two heads."
NEW = "The model has five layers and two heads."


def book(*entries: polib.POEntry) -> str:
    """A catalog's text as mdgettext writes it, with the title every version shares."""
    po = catalog(polib.POEntry(msgid="Title", msgstr="제목", occurrences=[("intro.md", "1")]), *entries)
    po.metadata = {**polib.pofile(str(MERGE / "base.po")).metadata}
    return dumps(po)


def paragraph(msgid: str, msgstr: str) -> polib.POEntry:
    return polib.POEntry(msgid=msgid, msgstr=msgstr, occurrences=[("intro.md", "3")])


def updated(text: str, english: str) -> str:
    """`mdgettext update` of a catalog to a template whose paragraph reads `english`."""
    pot = catalog(polib.POEntry(msgid="Title", occurrences=[("intro.md", "1")]), paragraph(english, ""))
    po = update(polib.pofile(text), pot)
    return dumps(po)


BASE = book(paragraph(OLD, "모델에는 층이 넷, 헤드가 둘 있다."))
REKEYED = updated(BASE, NEW)  # fuzzy, `#| msgid` the old English, the old translation
RETRANSLATED = book(paragraph(OLD, "이 모델은 층 넷과 헤드 둘로 이루어진다."))


def live_and_obsolete(po_path: Path) -> tuple[dict[str, polib.POEntry], dict[str, polib.POEntry]]:
    po = read_po(po_path, "ko.po")
    return {e.msgid: e for e in po if e.msgid and not e.obsolete}, {e.msgid: e for e in po if e.obsolete}


@pytest.mark.parametrize("rekeyed_on", ["ours", "theirs"])
def test_a_retranslation_of_english_that_changed_goes_to_the_entry_that_holds_it(
    tmp_path: Path, rekeyed_on: str
) -> None:
    assert f'#| msgid "{OLD}"' in REKEYED
    ours, theirs = (REKEYED, RETRANSLATED) if rekeyed_on == "ours" else (RETRANSLATED, REKEYED)
    merge, po_path = merge_in_git(tmp_path, BASE, ours, theirs)
    assert merge.returncode == 0, merge.stdout + merge.stderr
    live, obsolete = live_and_obsolete(po_path)
    assert OLD not in live and OLD not in obsolete  # never live again, and not left behind as #~
    entry = live[NEW]
    assert (entry.msgstr, entry.fuzzy, entry.previous_msgid) == ("이 모델은 층 넷과 헤드 둘로 이루어진다.", True, OLD)
    assert_msgcat_fixed_point(po_path)
    # the next update keeps the newer translation live, for the translator to review
    again = {e.msgid: e for e in polib.pofile(updated(po_path.read_text(encoding="utf-8"), NEW))}
    assert (again[NEW].msgstr, again[NEW].fuzzy) == ("이 모델은 층 넷과 헤드 둘로 이루어진다.", True)
    assert OLD not in again


def test_a_retranslation_of_english_that_is_gone_stays_obsolete(tmp_path: Path) -> None:
    gone = updated(BASE, "Completely different words here.")
    assert f'#~ msgid "{OLD}"' in gone
    merge, po_path = merge_in_git(tmp_path, BASE, gone, RETRANSLATED)
    assert merge.returncode == 0, merge.stdout + merge.stderr
    live, obsolete = live_and_obsolete(po_path)
    assert OLD not in live
    assert obsolete[OLD].msgstr == "이 모델은 층 넷과 헤드 둘로 이루어진다."


def test_a_retranslation_of_english_deleted_on_the_other_side_is_kept_but_not_live() -> None:
    base = catalog(paragraph(OLD, "옛"))
    merged = merge3(base, catalog(), catalog(paragraph(OLD, "새")))
    [entry] = list(merged.po)
    assert (entry.msgid, entry.msgstr, entry.obsolete, entry.occurrences) == (OLD, "새", True, [])


def test_a_holder_already_retranslated_keeps_its_translation_and_gets_the_other_in_a_comment() -> None:
    holder = polib.pofile(REKEYED)
    holder.find(NEW).msgstr = "모델에는 층이 다섯, 헤드가 둘 있다."
    merged = merge3(polib.pofile(BASE), holder, polib.pofile(RETRANSLATED))
    entry = next(e for e in merged.po if e.msgid == NEW)
    assert (entry.msgstr, entry.fuzzy) == ("모델에는 층이 다섯, 헤드가 둘 있다.", True)
    [line] = entry.tcomment.split("\n")
    assert unquoted(line) == "이 모델은 층 넷과 헤드 둘로 이루어진다."
    assert merged.conflicts == (NEW,) and merged.offered == (NEW,)
    assert OLD not in {e.msgid for e in merged.po}


def test_both_sides_updated_and_one_retranslated_first_takes_the_retranslation() -> None:
    theirs = polib.pofile(updated(RETRANSLATED, NEW))
    merged = merge3(polib.pofile(BASE), polib.pofile(REKEYED), theirs)
    entry = next(e for e in merged.po if e.msgid == NEW)
    assert (entry.msgstr, entry.fuzzy, entry.previous_msgid) == ("이 모델은 층 넷과 헤드 둘로 이루어진다.", True, OLD)
    assert merged.conflicts == ()


# ---------------------------------------------------------------- a side that is no catalog


@pytest.mark.parametrize("side", ["ours", "theirs"])
@pytest.mark.parametrize(
    "text, problem",
    [("", " is empty"), ("\n  \n", " is blank (whitespace only)"), ('msgid "Title\nmsgstr ""\n', ":1: ")],
)
def test_a_side_that_is_no_catalog_is_a_conflict(tmp_path: Path, side: str, text: str, problem: str) -> None:
    good = fixture("ours")
    ours, theirs = (text, fixture("theirs")) if side == "ours" else (good, text)
    merge, po_path = merge_in_git(tmp_path, fixture("base"), ours, theirs)
    assert merge.returncode != 0
    [line] = [line for line in merge.stderr.split("\n") if line.startswith("mdgettext")]
    assert line.startswith(f"mdgettext: error: ko.po: not merged: {side}{problem}")
    assert "ours is left as it was" in line
    assert po_path.read_text(encoding="utf-8") == ours  # as git expects of a conflict
    assert "ko.po" in git(po_path.parent, "diff", "--name-only", "--diff-filter=U").stdout


def test_an_empty_base_is_a_catalog_both_branches_added(tmp_path: Path) -> None:
    ours = book(paragraph(OLD, "넷"))
    theirs = book(polib.POEntry(msgid="Closing words.", msgstr="맺음말.", occurrences=[("intro.md", "5")]))
    merge, po_path = merge_in_git(tmp_path, None, ours, theirs)
    assert merge.returncode == 0, merge.stdout + merge.stderr
    live, _ = live_and_obsolete(po_path)
    assert {k: e.msgstr for k, e in live.items()} == {"Title": "제목", OLD: "넷", "Closing words.": "맺음말."}


def test_an_unreadable_base_is_a_conflict_too(tmp_path: Path) -> None:
    for name, text in (("base", "<<<<<<< HEAD\n"), ("ours", fixture("ours")), ("theirs", fixture("theirs"))):
        (tmp_path / f"{name}.po").write_text(text, encoding="utf-8")
    result = cli("merge-driver", *(tmp_path / f"{n}.po" for n in ("base", "ours", "theirs")), "locale/ko/x.po")
    assert result.code == 1
    assert result.err.startswith("mdgettext: error: locale/ko/x.po: not merged: the base:1: ")
    assert (tmp_path / "ours.po").read_text(encoding="utf-8") == fixture("ours")


# ---------------------------------------------------------------- the other side's text, exactly

HOSTILE = (
    '첫 줄\n\n반복\n반복\nmdgettext-ignore: links.missing\n#, fuzzy\n#~ msgid "x"\n'
    '# mdgettext-ignore: markup.code\n"quoted" and \\ back\u2028separated\tend with spaces  '
)


def test_the_other_sides_text_is_kept_exactly_and_inert(tmp_path: Path) -> None:
    base = book(paragraph(OLD, "넷"))
    ours = book(
        polib.POEntry(msgid=OLD, msgstr="우리", tcomment="note\n\nafter a blank", occurrences=[("intro.md", "3")])
    )
    theirs = book(paragraph(OLD, HOSTILE))
    merge, po_path = merge_in_git(tmp_path, base, ours, theirs)
    assert merge.returncode == 0, merge.stdout + merge.stderr
    assert_msgcat_fixed_point(po_path)
    live, _ = live_and_obsolete(po_path)
    entry = live[OLD]
    assert (entry.msgstr, entry.flags) == ("우리", ["fuzzy"])
    assert ignored_codes(entry) == frozenset()  # no line of theirs became a suppression
    *kept, quoted_line = entry.tcomment.split("\n")
    assert kept == ["note", "", "after a blank"]  # ours's comment as it was
    assert unquoted(quoted_line) == HOSTILE
    written = po_path.read_text(encoding="utf-8").split("\n")
    assert [line for line in written if line.startswith(("#,", "#~", "# mdgettext-ignore"))] == ["#, fuzzy"]


# ---------------------------------------------------------------- text and review state merged together


def entry(text: str, fuzzy: bool) -> polib.POEntry:
    return polib.POEntry(msgid="Text", msgstr=text, flags=["fuzzy"] if fuzzy else [])


@pytest.mark.parametrize(
    "base, ours, theirs, merged",
    [
        # ours approved A while theirs rewrote it to C, still unreviewed: C stays fuzzy
        (("A", True), ("A", False), ("C", True), ("C", True)),
        (("A", True), ("C", True), ("A", False), ("C", True)),
        # only one side did anything: its text and its state
        (("A", True), ("A", True), ("C", False), ("C", False)),
        (("A", False), ("A", False), ("A", True), ("A", True)),
        # ours doubted A, theirs rewrote and approved C: the doubt stays until someone reviews C
        (("A", False), ("A", True), ("C", False), ("C", True)),
        # both approved: ours the old text, theirs its own new one
        (("A", True), ("A", False), ("C", False), ("C", False)),
        # the same new text on both sides: the side that changed its state decides
        (("A", True), ("C", True), ("C", False), ("C", False)),
        # both rewrote it differently: fuzzy with both texts
        (("A", False), ("B", False), ("C", False), ("B", True)),
    ],
)
def test_an_entrys_text_and_its_review_state_are_merged_together(
    base: tuple[str, bool], ours: tuple[str, bool], theirs: tuple[str, bool], merged: tuple[str, bool]
) -> None:
    [result] = list(merge3(catalog(entry(*base)), catalog(entry(*ours)), catalog(entry(*theirs))).po)
    assert (result.msgstr, result.fuzzy) == merged
    clash = len({base[0], ours[0], theirs[0]}) == 3
    assert unquoted(result.tcomment) == (theirs[0] if clash else None)  # a clash keeps theirs in a comment


def test_git_never_merges_an_unreviewed_rewrite_into_an_approved_entry(tmp_path: Path) -> None:
    def po(text: str, fuzzy: bool) -> str:
        return dumps(catalog(polib.POEntry(msgid="Hello.", msgstr=text, flags=["fuzzy"] if fuzzy else [])))

    merge, path = merge_in_git(tmp_path, po("안녕.", True), po("안녕.", False), po("반갑습니다.", True))
    assert merge.returncode == 0, merge.stdout + merge.stderr
    [merged] = list(polib.pofile(str(path)))
    assert (merged.msgstr, merged.fuzzy) == ("반갑습니다.", True)
