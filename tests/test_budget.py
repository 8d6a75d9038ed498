"""A hostile translation costs time linear in its length, and one far beyond any real
translation is refused unread with one finding (`checks/budget.py`).

No test here is timed (speed is measured by `benchmarks/growth.py`): the budget is
tested by what `check` and the build say and write, and the algorithms that replaced
quadratic ones by what they read, counted.
"""

from __future__ import annotations

import importlib
import re
import shutil
from pathlib import Path
from typing import Any

import polib
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import BOOK, BOOK_SETTINGS, CHAPTERS, cli
from mdgettext.checks import budget
from mdgettext.checks.typography import ko
from mdgettext.markdown import footnotes
from mdgettext.markdown.footnotes import footnote_labels
from mdgettext.markdown.kramdown.raw_html import _tags

HELLO = "Hello, world."
korean_sentences = importlib.import_module(
    "mdgettext.checks.typography.ko.sentences"
)  # the package re-exports a function of that name


def hostile_project(root: Path, msgstr: str) -> Path:
    (root / "source" / "en").mkdir(parents=True)
    (root / "source" / "en" / "chapter.md").write_text(f"{HELLO}\n\nA second paragraph.\n", encoding="utf-8")
    (root / "pyproject.toml").write_text('[tool.mdgettext]\nlocales = ["ko"]\nflavor = "kramdown"\n', encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    assert cli("-C", root, "-q", "update", "-l", "ko").code == 0
    path = root / "locale" / "ko" / "LC_MESSAGES" / "chapter.po"
    po = polib.pofile(str(path))
    for entry in po:
        entry.msgstr = msgstr if entry.msgid == HELLO else "두 번째 문단."
    po.save()
    return root


@pytest.mark.parametrize(
    ("msgstr", "says"),
    [
        ("안녕 " + "<a " * 10_000, "30003 characters for an English of 13"),
        ("안녕, " + "[" * 100, "holds 100 markup characters"),  # short enough, but nearly all markup
    ],
)
def test_a_translation_out_of_bounds_gets_one_finding_and_the_english_is_published(
    tmp_path: Path, msgstr: str, says: str
) -> None:
    root = hostile_project(tmp_path / "book", msgstr)
    checked = cli("-C", root, "check", "-l", "ko")
    assert checked.code == 1
    findings = [line for line in checked.out.splitlines() if ": error: " in line or ": warning: " in line]
    assert len(findings) == 1, checked.out  # not also untranslated, unsafe, changed structure...
    assert "chapter.po:" in findings[0] and "[safety.too-complex]" in findings[0] and says in findings[0]
    built = cli("-C", root, "build", "-l", "ko", "--format", "md")
    assert built.code == 0
    assert (root / "build" / "ko" / "chapter.md").read_text(encoding="utf-8") == f"{HELLO}\n\n두 번째 문단.\n"
    assert "safety.too-complex" in built.err


def test_no_comment_silences_the_budget(tmp_path: Path) -> None:
    root = hostile_project(tmp_path / "book", "안녕 " + "*" * 1_000)
    path = root / "locale" / "ko" / "LC_MESSAGES" / "chapter.po"
    po = polib.pofile(str(path))
    po.find(HELLO).tcomment = "mdgettext-ignore: safety.too-complex"
    po.save()
    checked = cli("-C", root, "check", "-l", "ko")
    assert checked.code == 1 and "[safety.too-complex]" in checked.out


def test_a_long_translation_of_a_long_english_is_within_bounds() -> None:
    english = "A paragraph with **bold**, a [link](x) and `code`. " * 40
    assert budget.excess(english, english.replace("A paragraph", "한 문단은 길게 번역되어도 된다") * 2) is None


@pytest.fixture(scope="module")
def book_catalogs(tmp_path_factory: pytest.TempPathFactory) -> list[polib.POFile]:
    """The book's Korean chapters and its Chinese one, imported into catalogs."""
    root = tmp_path_factory.mktemp("book") / "book"
    shutil.copytree(BOOK / "en", root / "source" / "en")
    for language in ("ko", "zh"):
        shutil.copytree(BOOK / language, root / language)
    settings = BOOK_SETTINGS.read_text(encoding="utf-8").replace('locales = ["ko"]', 'locales = ["ko", "zh"]')
    (root / "pyproject.toml").write_text(settings, encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    assert cli("-C", root, "-q", "import", "-l", "ko", *(f"ko/{c}.md" for c in CHAPTERS)).code == 0
    assert cli("-C", root, "-q", "import", "-l", "zh", "zh/applied-inference.md").code == 0
    return [polib.pofile(str(p)) for p in sorted((root / "locale").glob("*/LC_MESSAGES/*.po"))]


def test_no_real_translation_comes_near_the_bounds(book_catalogs: list[polib.POFile]) -> None:
    pairs = [(e.msgid, e.msgstr) for po in book_catalogs for e in po if e.msgid and e.msgstr]
    assert len(pairs) > 600  # the import found the translations: the test reads real ones
    assert all(budget.excess(msgid, msgstr) is None for msgid, msgstr in pairs)
    # and with a margin: within half the length slack and half the markup slack
    assert max(len(s) - len(i) for i, s in pairs) < budget.LENGTH_SLACK // 2
    assert max(budget.markup_count(s) - budget.markup_count(i) for i, s in pairs) < budget.MARKUP_SLACK // 2


# ------------------------------------------------- what replaced quadratic steps reads


class Counting:
    """A compiled pattern that adds up how many characters each search may read."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.read = pattern, 0

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        end = len(text) if endpos is None else endpos
        found = self.pattern.search(text, pos, end)
        self.read += (found.end() if found else end) - pos  # a search stops at its match
        return found


def test_a_sentence_of_stars_is_read_a_bounded_number_of_times(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = Counting(korean_sentences._FOOTNOTE_TAIL)
    monkeypatch.setattr(korean_sentences, "_FOOTNOTE_TAIL", counting)
    text = "안녕 " + "*]" * 20_000 + "입니다."
    assert korean_sentences.sentences(text)[0].predicate == "입니다"
    assert counting.read <= (korean_sentences._LONGEST_TAIL + 1) * 20_000  # was: the whole text per `]`
    counting.read = 0
    korean_sentences.sentences("안녕 " + "*" * 20_000)
    assert counting.read == 0  # no `]`, no footnote to look for


def test_closing_parentheses_are_paired_once_per_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    pairs = korean_sentences._closing_pairs
    monkeypatch.setattr(korean_sentences, "_closing_pairs", lambda *a: calls.append(a) or pairs(*a))
    assert korean_sentences.sentences("(섹션 4를 참조하세요)" + ")" * 5_000 + ".")[0].predicate == "참조하세요"
    assert len(calls) == 1


def test_footnote_labels_are_found_reading_each_character_about_once(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = Counting(footnotes.LABEL_END)
    monkeypatch.setattr(footnotes, "LABEL_END", counting)
    text = "[^" * 20_000 + "[^a] [^b]"
    assert list(footnote_labels(text)) == ["[^" * 20_000 + "a", "b"]
    assert counting.read <= len(text) + 10


OLD_FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\](?!:)")
OLD_PARTICLE_WORD = re.compile(ko.PARTICLE_SPACE.pattern.replace("(?<![A-Za-z0-9])", "", 1))
OLD_ANY_TAG = re.compile(
    r"</?[A-Za-z][\w:-]*(?:\s+[^\s\"'<>/=]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'=<>`]+))?)*\s*/?>|<!--.*?-->",
    re.DOTALL,
)


@given(st.text(alphabet="[^]: a\n", max_size=20))
def test_footnote_labels_are_those_the_regular_expression_finds(text: str) -> None:
    assert list(footnote_labels(text)) == [m.group(1) for m in OLD_FOOTNOTE_REF.finditer(text)]


@given(st.lists(st.sampled_from(["<!--", "-->", "<a", " ", "x", ">", "-", "<", "!", "b='>'"]), max_size=12))
def test_raw_tags_and_comments_are_those_the_regular_expression_finds(parts: list[str]) -> None:
    text = "".join(parts)
    assert list(_tags(text)) == [m.span() for m in OLD_ANY_TAG.finditer(text)]


@given(st.lists(st.sampled_from(["ab", "9", " ", "  ", "는", "이", "*", ")", ".", "x"]), max_size=12))
def test_particles_after_a_word_are_found_as_before(parts: list[str]) -> None:
    text = "".join(parts)
    found = [m.groups() for m in ko.PARTICLE_SPACE.finditer(text)]
    assert found == [m.groups() for m in OLD_PARTICLE_WORD.finditer(text)]
