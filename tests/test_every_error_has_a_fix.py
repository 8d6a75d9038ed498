"""Every error a translation can cause has a translation that clears it, and the
message says which: for each error code, a translator's slip, the finding it gets,
and the same sentence written as the finding says, which `check` accepts.

A new error code must come here (or, if no msgstr causes it, to NOT_FROM_A_MSGSTR
with the reason): `test_every_error_code_is_covered` fails until it does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import polib
import pytest

from conftest import cli
from mdgettext.checks import CODES
from mdgettext.po.writer import dumps

SETTINGS = 'locales = ["ko"]\nflavor = "kramdown"\n'  # the book's flavor
AUTHORS = "---\ntitle: Notes\nauthors:\n  - name: Jacob Austin\n---\n\n"
OTHER = "# Other\n\nAnother page.\n"
GLOSSARY = 'msgid ""\nmsgstr ""\n"Language: ko\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Transformer"\nmsgstr "Transformer"\n'


@dataclass(frozen=True)
class Case:
    english: str  # the paragraph, in a chapter with the front matter above
    slip: str  # the translation as a translator might write it
    fixed: str  # the same, written as the finding says
    says: str  # words of the finding's advice


CASES = {
    # a link to a web page or the book is the translator's to add (a note); one only kramdown makes is an error
    "links.added": Case("See the guide (our notes).", "가이드[보라](우리의 노트).", "가이드[보라] (우리의 노트).", "put a space"),
    "links.changed": Case(
        "See [the guide](https://a.com/x).", "[가이드](https://a.com/y)를 보라.", "[가이드](https://a.com/x)를 보라.", "https://a.com/x"
    ),
    "links.missing": Case("See [the guide](https://a.com).", "가이드를 보라.", "[가이드](https://a.com)를 보라.", "https://a.com"),
    "links.undefined-label": Case(
        "See [the guide][g].\n\n[g]: https://a.com", "[가이드][h]를 보라.", "[가이드][g]를 보라.", "label"
    ),
    "links.unknown-page": Case("See [the other page](../other).", "[다른 쪽](../otehr)을 보라.", "[다른 쪽](../other)을 보라.", "other"),
    "links.unknown-anchor": Case(
        "See [the end](#the-end).\n\n## The end", "[끝](#the-ned)을 보라.", "[끝](#the-end)을 보라.", "the-end"
    ),
    "markup.formula": Case("Take $x^2$ here.", "여기서 $x^2^3$을 취한다.", "여기서 $x^2$을 취한다.", "as the English does"),
    "markup.liquid": Case("See {% cite k %} here.", "여기를 보라.", "{% cite k %} 여기를 보라.", "copy"),
    "markup.footnote": Case("A claim[^1].\n\n[^1]: A source.", "주장[^2].", "주장[^1].", "[^1]"),
    "markup.html": Case('A claim<d-cite key="k"></d-cite>.', "주장.", '주장<d-cite key="k"></d-cite>.', "copy"),
    "markup.unclosed": Case("Well **done**. Bye.", "잘 ** 했다**. 안녕.", "잘 **했다**. 안녕.", "remove the space"),
    "safety.active-content": Case("Hello.", '<img src=x onerror="alert(1)">안녕.', "안녕.", "remove what it adds"),
    "safety.too-complex": Case("Hello.", "안녕" + "**" * 4000, "안녕.", "English"),
    "structure.changed": Case("One line of text.", "한 줄의\n\n글.", "한 줄의 글.", "block"),
    "content.newline": Case("A fine sentence.", "괜찮은 문장이다.\n", "괜찮은 문장이다.", "msgid and msgstr do not both end with \\n"),
    "content.elsewhere": Case(
        "See [the guide](https://a.com).\n\nJAX 0.4 runs `jit` on 8 TPUs.",
        "JAX 0.4는 8 TPUs에서 `jit`을 쓴다.",
        "[가이드](https://a.com)를 보라.",
        "it belongs there",
    ),
    "names.missing": Case("Thanks to Jacob Austin.", "제이콥 오스틴에게 감사한다.", "Jacob Austin에게 감사한다.", "Jacob Austin"),
    "glossary.missing": Case("A Transformer layer.", "트랜스포머 층.", "Transformer 층.", "Transformer"),
}  # fmt: skip

# Errors no single msgstr causes, and where their fix is tested.
NOT_FROM_A_MSGSTR = {
    "completeness.below-minimum": "the catalog as a whole (--min-translated); tests/test_checks.py",
    "frontmatter.invalid": "the weaver re-quotes every value, so only a weaving defect reaches it; tests/test_weave.py",
    "frontmatter.toc-anchor": "a contents name against the headings of the page; tests/test_book_engines.py",
    "suppression.unknown-code": "a comment, not a msgstr; tests/test_checks_seeded.py",
    "addenda.unsafe": "a block of the addenda file, not a msgstr; tests/test_addenda.py",
}


def errors(project: Path, msgid: str, msgstr: str) -> list[dict]:
    path = project / "locale" / "ko" / "LC_MESSAGES" / "a.po"
    po = polib.pofile(str(path))
    po.find(msgid).msgstr = msgstr
    path.write_text(dumps(po), encoding="utf-8")
    found: list[dict] = json.loads(cli("-C", project, "check", "-l", "ko", "--format", "json").out)
    return [f for f in found if f["severity"] == "error"]


@pytest.mark.parametrize("code", sorted(CASES))
def test_a_slip_is_an_error_that_says_its_fix_and_the_fix_clears_it(project: Path, code: str) -> None:
    case = CASES[code]
    (project / "mdgettext.toml").write_text(SETTINGS, encoding="utf-8")
    (project / "source" / "en" / "a.md").write_text(AUTHORS + case.english + "\n", encoding="utf-8")
    (project / "source" / "en" / "other.md").write_text(OTHER, encoding="utf-8")
    glossary = project / "locale" / "ko" / "glossary.po"
    glossary.parent.mkdir(parents=True)
    glossary.write_text(GLOSSARY, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    msgid = case.english.split("\n\n")[0]
    found = errors(project, msgid, case.slip)
    assert {f["code"] for f in found} == {code}, found  # a tag and its end tag lost: two findings
    assert case.says in found[0]["message"], found[0]["message"]
    assert errors(project, msgid, case.fixed) == []


def test_every_error_code_is_covered() -> None:
    """Each code that can be an error is here, by a case or a reason."""
    can_be_errors = {code for code in CODES if not code.startswith(("typography.", "consistency."))} - {
        "completeness.fuzzy",
        "completeness.imported",  # a note: the translation is published, its pairing awaits review
        "markup.added",  # a note: the book's own element is published as an addition
        "completeness.obsolete",
        "completeness.stale",
        "completeness.untranslated",
        "frontmatter.untranslated",
        "markup.left-open",
        "suppression.not-allowed",
        "addenda.anchor",
        # the page still reads: warnings, each with its advice (tests/test_checks.py)
        "markup.code",
        "markup.math",
        "markup.emphasis",
        "content.cut",  # a warning: the page reads, only shorter (tests/test_content.py)
        "links.lost-anchor",  # its fix is a setting (heading_ids), told in the message (tests/test_lost_anchors.py)
    }
    assert can_be_errors == set(CASES) | set(NOT_FROM_A_MSGSTR)
