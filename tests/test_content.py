"""The content findings: a translation cut short, one put in the wrong entry, a line
break at one end only. Each is read as a translator reads `check`'s output."""

from __future__ import annotations

import json
from pathlib import Path

import polib
import pytest

from conftest import cli
from mdgettext.po.writer import dumps

CHAPTER = """# Title

The first paragraph talks about TPU v5e with 197 TFLOPs and `jnp.dot` on 16 chips.

A second sentence that is fine, and ends with a period.

Then $x + y$ is the sum.

See [chapter 12](../gpus) for more.
"""


def findings(project: Path, translations: dict[str, str], chapter: str = CHAPTER) -> list[dict]:
    (project / "mdgettext.toml").write_text('locales = ["ko"]\nflavor = "kramdown"\n', encoding="utf-8")
    (project / "source" / "en" / "a.md").write_text(chapter, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    path = project / "locale" / "ko" / "LC_MESSAGES" / "a.po"
    po = polib.pofile(str(path))
    for entry in po:
        entry.msgstr = translations.get(entry.msgid, "")
    path.write_text(dumps(po), encoding="utf-8")
    found: list[dict] = json.loads(cli("-C", project, "check", "-l", "ko", "--format", "json").out)
    return found


@pytest.mark.parametrize(
    ("msgid", "msgstr", "says"),
    [
        ("A second sentence that is fine, and ends with a period.", "괜찮은 두 번째 문장이고,", "ends on ','"),
        ("Then $x + y$ is the sum.", "그러면 $x + y 는 합이다.", "a formula ($) left open"),
        ("See [chapter 12](../gpus) for more.", "자세한 것은 [12장](../gpus)를 (보라.", "a paren ( never closed"),
    ],
)
def test_a_cut_translation_is_told_with_where_it_stops(project: Path, msgid: str, msgstr: str, says: str) -> None:
    found = [f for f in findings(project, {msgid: msgstr}) if f["code"] == "content.cut"]
    assert len(found) == 1 and says in found[0]["message"], found


def test_a_whole_translation_is_not_cut(project: Path) -> None:
    whole = {
        "A second sentence that is fine, and ends with a period.": "괜찮은 두 번째 문장이고, 마침표로 끝난다.",
        "Then $x + y$ is the sum.": "그러면 $x + y$는 합이다.",
        "See [chapter 12](../gpus) for more.": "자세한 것은 [12장](../gpus)을 보라.",
    }
    assert [f for f in findings(project, whole) if f["code"].startswith("content.")] == []


def test_a_translation_in_the_wrong_entry_names_the_entry_it_belongs_to(project: Path) -> None:
    pasted = "TPU v5e는 197 TFLOPs와 `jnp.dot`을 16 칩에서 쓴다."
    found = findings(project, {"See [chapter 12](../gpus) for more.": pasted})
    mine = [f for f in found if f["message"].find("v5e") >= 0 or f["code"].startswith(("links.", "content."))]
    assert [f["code"] for f in mine] == ["content.elsewhere"], mine  # one story, not a lost link
    assert mine[0]["severity"] == "error"  # the page would lose the link: the build keeps the English
    po = (project / "locale" / "ko" / "LC_MESSAGES" / "a.po").read_text(encoding="utf-8").split("\n")
    at = next(i for i, text in enumerate(po) if "The first paragraph" in text)
    line = at + 1 if po[at].startswith("msgid ") else at  # the msgid line, wrapped or not
    assert f"entry at line {line} " in mine[0]["message"]


def test_of_two_entries_it_belongs_to_as_well_the_first_is_named(project: Path) -> None:
    again = CHAPTER + "\nAgain: TPU v5e with 197 TFLOPs and `jnp.dot` on 16 chips, said twice.\n"
    pasted = "TPU v5e는 197 TFLOPs와 `jnp.dot`을 16 칩에서 쓴다."
    found = findings(project, {"See [chapter 12](../gpus) for more.": pasted}, again)
    [elsewhere] = [f for f in found if f["code"] == "content.elsewhere"]
    po = (project / "locale" / "ko" / "LC_MESSAGES" / "a.po").read_text(encoding="utf-8").split("\n")
    first = next(i for i, text in enumerate(po) if "The first paragraph" in text)
    assert f"entry at line {first + 1 if po[first].startswith('msgid ') else first} " in elsewhere["message"]


def test_a_line_break_at_the_end_is_said_as_msgfmt_says_it(project: Path) -> None:
    found = findings(project, {"A second sentence that is fine, and ends with a period.": "괜찮은 문장이다.\n"})
    assert [(f["code"], f["severity"]) for f in found if f["severity"] == "error"] == [("content.newline", "error")]
    assert "msgid and msgstr do not both end with \\n" in found[0]["message"] or any(
        "msgid and msgstr do not both end with \\n" in f["message"] for f in found
    )


@pytest.mark.parametrize(
    ("msgstr", "says"),
    [
        ("자세한 것은 [12장](../gpus 도 보라.", "the link is not closed (an unbalanced paren"),
        ("자세한 것은 [12장] (../gpus)를 보라.", "a space between `]` and `(` makes it text"),
        ("자세한 것은 [12장(../gpus)를 보라.", "an unbalanced bracket"),
    ],
)
def test_a_broken_link_is_diagnosed_by_its_syntax_once(project: Path, msgstr: str, says: str) -> None:
    found = findings(project, {"See [chapter 12](../gpus) for more.": msgstr})
    told = [f for f in found if f["code"] != "completeness.untranslated"]
    assert [f["code"] for f in told] == ["links.missing"], told  # no particle advice, no cut sentence
    assert says in told[0]["message"]


def test_a_finding_repeated_on_many_entries_is_told_once_with_its_lines() -> None:
    from mdgettext.model import Diagnostic, Location, Severity
    from mdgettext.report import grouped

    same = [
        Diagnostic(Location("a.po", n), "typography.double-space", Severity.WARNING, "two spaces")
        for n in range(10, 80, 10)
    ]
    other = Diagnostic(Location("a.po", 15), "links.missing", Severity.ERROR, "link x is missing")
    lines = grouped(sorted([*same, other], key=lambda d: d.location.line))
    assert lines == [
        "a.po:10: warning: 7 entries (lines 10, 20, 30, 40, 50, 60, 70): two spaces [typography.double-space]",
        "a.po:15: error: link x is missing [links.missing]",
    ]
    assert grouped(same[:4]) == [str(d) for d in same[:4]]  # a few are each told where they stand
