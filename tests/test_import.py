"""`mdgettext import`: a Markdown file translated in place -> translations in the catalog.

Fixture cases in fixtures/import/, read side by side and discovered by glob:

    X.md (the English) + X.ko.md (its translation) -> X.expected.txt (the report, reviewed by hand)

Each case runs in a throwaway project as `source/en/X.md` and `ko/X.md`. Then the
real chapter: its Korean edition round-trips through import, and an import
against a newer English finds what changed.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import polib
import pytest

from conftest import FIXTURES, REPO, Terminal, cli
from gettext_tools import assert_msgcat_fixed_point, assert_msgfmt_check
from mdgettext.alignment.align import Pair, Unmatched, align
from mdgettext.markdown.segment import segment
from mdgettext.model import key_of
from mdgettext.po import edit
from mdgettext.po.catalog import awaiting_review

CASES = sorted((FIXTURES / "import").glob("*.ko.md"))


def case_name(path: Path) -> str:
    return path.name.removesuffix(".ko.md")


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def setup_case(root: Path, translation: Path) -> str:
    """A project with the case's English as source/en/NAME.md and its translation as ko/NAME.md."""
    name = case_name(translation)
    (root / "source" / "en").mkdir(parents=True)
    (root / "ko").mkdir()
    shutil.copy(translation.with_name(f"{name}.md"), root / "source" / "en" / f"{name}.md")
    shutil.copy(translation, root / "ko" / f"{name}.md")
    assert cli("-C", root, "-q", "extract").code == 0
    return name


def po_of(root: Path, name: str) -> polib.POFile:
    return polib.pofile(str(root / "locale" / "ko" / "LC_MESSAGES" / f"{name}.po"))


# ---------------------------------------------------------------- fixture cases


@pytest.mark.parametrize("translation", CASES, ids=case_name)
def test_import_reports_what_the_reviewed_report_lists(translation: Path, tmp_path: Path) -> None:
    name = setup_case(tmp_path, translation)
    result = cli("-C", tmp_path, "import", "-l", "ko", f"ko/{name}.md")
    assert result.code == 0, result.err
    warned = translation.with_name(f"{name}.expected-warnings.txt")  # what the translator should fix
    assert result.err == (read(warned) if warned.exists() else "")
    assert result.out == read(translation.with_name(f"{name}.expected.txt"))
    po_path = tmp_path / "locale" / "ko" / "LC_MESSAGES" / f"{name}.po"
    assert_msgcat_fixed_point(po_path)
    assert_msgfmt_check(po_path)


@pytest.mark.parametrize("translation", CASES, ids=case_name)
def test_build_gives_back_the_translated_blocks_wherever_the_structure_agreed(
    translation: Path, tmp_path: Path
) -> None:
    name = setup_case(tmp_path, translation)
    assert cli("-C", tmp_path, "-q", "import", "-l", "ko", f"ko/{name}.md").code == 0
    assert cli("-C", tmp_path, "-q", "build", "-l", "ko", "--format", "md").code == 0
    if (tmp_path / "locale" / "ko" / "LC_MESSAGES" / f"{name}.addenda.md").exists():
        # the translator's own blocks are in the built file too: compared whole by its own test
        assert read(tmp_path / "build" / "ko" / f"{name}.md") == read(translation)
        return
    source = segment(read(tmp_path / "source" / "en" / f"{name}.md"), "en.md")
    built = segment(read(tmp_path / "build" / "ko" / f"{name}.md"), "built.md")
    translated = segment(read(translation), "ko.md")
    assert len(built.segments) == len(source.segments)
    block = {id(s): b for s, b in zip(source.segments, built.segments, strict=False)}
    fuzzy = {(e.msgctxt, e.msgid) for e in po_of(tmp_path, name) if e.fuzzy}
    agreed = [
        p
        for p in align(source, translated).pairs
        if not p.fuzzy and p.translation != p.source[0].msgid and (p.source[0].context, p.source[0].msgid) not in fuzzy
    ]
    assert agreed
    for pair in agreed:
        # the translated block as written, less the `{#id}` a build with heading ids adds
        assert block[id(pair.source[0])].msgid == pair.translated[0].msgid.removesuffix(" {#further-reading}")


def test_a_translation_with_the_same_structure_builds_back_byte_for_byte(tmp_path: Path) -> None:
    translation = FIXTURES / "import" / "same-structure.ko.md"
    name = setup_case(tmp_path, translation)
    cli("-C", tmp_path, "-q", "import", "-l", "ko", f"ko/{name}.md")
    assert cli("-C", tmp_path, "-q", "build", "-l", "ko", "--format", "md").code == 0
    assert read(tmp_path / "build" / "ko" / f"{name}.md") == read(translation)
    assert not any(e.fuzzy for e in po_of(tmp_path, name))


# ---------------------------------------------------------------- the aligner


def doc(text: str, path: str = "doc.md"):
    return segment(text, path)


def lines(alignment) -> list[tuple]:
    """Each step as line numbers: (source lines, translated lines, fuzzy) or (side, line)."""
    out = []
    for step in alignment.steps:
        if isinstance(step, Pair):
            out.append(
                (
                    tuple(s.location.line for s in step.source),
                    tuple(t.location.line for t in step.translated),
                    step.fuzzy,
                )
            )
        else:
            out.append((step.side, step.segment.location.line))
    return out


def test_front_matter_pairs_by_key_path_and_table_of_contents_by_position() -> None:
    source = doc("---\ntitle: Intro\ndescription: Why.\ntoc:\n  - name: One\n  - name: Two\n---\n\nText.\n")
    translated = doc("---\ntoc:\n  - name: 하나\n  - name: 둘\n  - name: 셋\ntitle: 소개\n---\n\n본문.\n")
    alignment = align(source, translated)
    pairs = {p.source[0].msgid: p.translation for p in alignment.pairs}
    assert pairs == {"Intro": "소개", "One": "하나", "Two": "둘", "Text.": "본문."}
    assert [u.segment.msgid for u in alignment.source_only] == ["Why."]
    assert [u.segment.msgid for u in alignment.translated_only] == ["셋"]


def test_a_heading_id_written_by_build_is_not_part_of_the_translation() -> None:
    source = doc("## Further Reading\n\n## Setup {#install}\n")
    translated = doc("## 더 읽을거리 {#further-reading}\n\n## 설치 {#install}\n")
    assert [(p.translation, p.fuzzy) for p in align(source, translated).pairs] == [
        ("더 읽을거리", False),
        ("설치", False),
    ]


def test_a_heading_id_that_names_another_heading_makes_the_pair_doubtful() -> None:
    source = doc("## Further Reading\n\nSee [the docs](https://example.com/a).\n")
    translated = doc("## 더 읽을거리 {#feedback}\n\n[문서](https://example.com/a)를 보라.\n")
    pair = align(source, translated).pairs[0]
    assert pair.reasons == ("heading id differs: {#further-reading} in the source, {#feedback} in the translation",)


@pytest.mark.parametrize(
    ("english", "korean", "doubt"),
    [
        ("Three or four years ago, nobody cared.", "3~4년 전에는 아무도 신경 쓰지 않았다.", ()),
        ("It can do a tenth of that.", "그것의 10분의 1만 할 수도 있다.", ()),
        ("Compute scales cubically.", "연산은 3차로 늘어난다.", ()),
        ("Prices as of February 2025.", "2025년 2월 기준 가격.", ()),
        ("Three or four years ago, nobody cared.", "5년 전에는 아무도 신경 쓰지 않았다.", ("numbers differ",)),
        ("It took 3 years.", "세 해가 걸렸다.", ("numbers differ",)),  # a digit of the English lost
    ],
)
def test_a_number_english_spells_out_may_be_written_in_digits(
    english: str, korean: str, doubt: tuple[str, ...]
) -> None:
    pair = align(doc(f"# Title\n\n{english}\n"), doc(f"# 제목\n\n{korean}\n")).pairs[1]
    assert tuple(r.split(":")[0] for r in pair.reasons) == doubt, pair.reasons


def test_a_paragraph_the_translator_split_in_two_is_joined_and_fuzzy() -> None:
    source = doc("# Title\n\nFirst [one](https://a.example) and then [two](https://b.example), both needed.\n\n# End\n")
    translated = doc(
        "# 제목\n\n먼저 [하나](https://a.example).\n\n그다음 [둘](https://b.example), 둘 다 필요하다.\n\n# 끝\n"
    )
    alignment = align(source, translated)
    assert lines(alignment) == [((1,), (1,), False), ((3,), (3, 5), True), ((5,), (7,), False)]
    joined = alignment.pairs[1]
    assert joined.translation == "먼저 [하나](https://a.example). 그다음 [둘](https://b.example), 둘 다 필요하다."
    assert joined.reasons == ("two translated blocks, lines 3 and 5, joined into one",)


def test_an_insertion_does_not_shift_the_blocks_after_it() -> None:
    english = [f"Item {n} links to [page {n}](https://example.com/{n})." for n in range(1, 9)]
    korean = [f"{n}번 항목은 [{n}쪽](https://example.com/{n})으로 연결된다." for n in range(1, 9)]
    source = doc(
        "\n".join(
            f"* {line}" for line in [*english[:3], "A new item about [news](https://example.com/new).", *english[3:]]
        )
        + "\n"
    )
    translated = doc("\n".join(f"* {line}" for line in korean[:5] + korean[6:]) + "\n")  # item 6 dropped
    assert lines(align(source, translated)) == [
        ((1,), (1,), False),
        ((2,), (2,), False),
        ((3,), (3,), False),
        ("source", 4),
        ((5,), (4,), False),
        ((6,), (5,), False),
        ("source", 7),
        ((8,), (6,), False),
        ((9,), (7,), False),
    ]


def test_a_pair_only_length_and_position_tie_is_doubtful_next_to_a_block_like_it() -> None:
    source = doc(
        "Read [the guide](https://example.com/guide).\n\nThis part is plain.\n\nThis is new and plain.\n\nSee [the end](https://example.com/end).\n"
    )
    translated = doc(
        "[안내서](https://example.com/guide)를 읽어라.\n\n이 부분은 평범하다.\n\n[끝](https://example.com/end)을 보라.\n"
    )
    alignment = align(source, translated)
    # Either English paragraph could be the one translated; which one is a coin toss
    # of lengths, and the pair must say so.
    paired, other = (3, 5) if alignment.pairs[1].source[0].location.line == 3 else (5, 3)
    assert lines(alignment)[1:3] in ([((3,), (3,), True), ("source", 5)], [("source", 3), ((5,), (3,), True)])
    assert alignment.pairs[1].reasons == (
        f"only kind, length and position pair them; it may translate source line {other} instead",
    )
    assert [(p.source[0].location.line, p.fuzzy) for p in alignment.pairs] == [(1, False), (paired, True), (7, False)]


def test_a_translation_in_latin_script_aligns_without_complaints_about_its_words() -> None:
    source = doc(
        "# Rooflines\n\nWhen we run an algorithm, three things bound us: compute, bandwidth and memory.\n\n* Jacob Austin led the work.\n* The [TPU guide](../tpus) lists the numbers.\n"
    )
    translated = doc(
        "# Les toits\n\nQuand on exécute un algorithme, trois choses nous limitent : le calcul, la bande passante et la mémoire.\n\n* Jacob Austin a dirigé le travail.\n* Le [guide des TPU](../tpus) donne les chiffres.\n"
    )
    alignment = align(source, translated)
    assert [p.fuzzy for p in alignment.pairs] == [False, False, False, False]
    assert not alignment.source_only and not alignment.translated_only


def test_unmatched_blocks_know_their_neighbours_on_the_other_side() -> None:
    source = doc("One [a](https://a.example).\n\nTwo [b](https://b.example).\n\nThree [c](https://c.example).\n")
    translated = doc("하나 [a](https://a.example).\n\n셋 [c](https://c.example).\n")
    gap = align(source, translated).source_only[0]
    assert isinstance(gap, Unmatched)
    assert (gap.segment.location.line, str(gap.after), str(gap.before)) == (3, "doc.md:1", "doc.md:3")


# ---------------------------------------------------------------- the command

CHAPTER = """\
# Scaling Basics

Models keep growing; read the [roofline guide](https://example.com/roofline) first.

Training takes many chips working together.
"""
KOREAN = """\
# 스케일링 기초

모델은 계속 커진다. 먼저 [roofline 안내서](https://example.com/roofline)를 읽어라.

학습에는 함께 일하는 많은 칩이 필요하다.
"""


@pytest.fixture
def small(project: Path) -> Path:
    (project / "source" / "en" / "intro.md").write_text(CHAPTER, encoding="utf-8")
    (project / "ko").mkdir()
    (project / "ko" / "intro.md").write_text(KOREAN, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    return project


def test_dry_run_prints_the_report_and_writes_nothing(small: Path) -> None:
    result = cli("-C", small, "import", "-l", "ko", "ko/intro.md", "--dry-run")
    assert result.code == 0
    assert result.out.splitlines()[-1] == (
        "locale/ko/LC_MESSAGES/intro.po: 3 aligned, 0 imported for review, 0 with no counterpart in the translation, "
        "0 with no counterpart in the source; catalog entries changed: 3 (dry run: nothing written)"
    )
    assert not (small / "locale" / "ko").exists()


def test_translations_in_the_catalog_are_kept_unless_overwrite(small: Path) -> None:
    assert cli("-C", small, "-q", "import", "-l", "ko", "ko/intro.md").code == 0
    po_path = small / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    po.find("Scaling Basics").msgstr = "확장의 기초"
    po.save()
    again = cli("-C", small, "import", "-l", "ko", "ko/intro.md")
    assert (
        'source/en/intro.md:1: aligned with ko/intro.md:1, the catalog\'s own translation kept (heading 1 "Scaling Basics")'
        in again.out
    )
    assert again.out.splitlines()[-1].endswith("1 kept; catalog entries changed: 0 (written)")
    assert polib.pofile(str(po_path)).find("Scaling Basics").msgstr == "확장의 기초"
    forced = cli("-C", small, "import", "-l", "ko", "ko/intro.md", "--overwrite")
    assert "catalog entries changed: 1 (written)" in forced.out
    assert polib.pofile(str(po_path)).find("Scaling Basics").msgstr == "스케일링 기초"
    assert "(unchanged)" in cli("-C", small, "import", "-l", "ko", "ko/intro.md").out


def test_fuzzy_imports_every_entry_as_fuzzy(small: Path) -> None:
    result = cli("-C", small, "import", "-l", "ko", "ko/intro.md", "--fuzzy")
    assert 'source/en/intro.md:1: fuzzy, from ko/intro.md:1 (heading 1 "Scaling Basics"): --fuzzy' in result.out
    po = po_of(small, "intro")
    assert [(e.msgstr != "", e.fuzzy, e.tcomment) for e in po] == [(True, True, "")] * 3


def test_the_source_can_be_named(small: Path) -> None:
    (small / "ko" / "intro.md").rename(small / "ko" / "introduction.md")
    assert cli("-C", small, "-q", "import", "-l", "ko", "ko/introduction.md").code == 2
    named = cli("-C", small, "import", "-l", "ko", "ko/introduction.md", "--source", "source/en/intro.md")
    assert named.code == 0
    assert "source/en/intro.md:3: aligned with ko/introduction.md:3" in named.out


def test_without_a_template_it_says_to_run_extract(project: Path) -> None:
    (project / "source" / "en" / "intro.md").write_text(CHAPTER, encoding="utf-8")
    (project / "intro.md").write_text(KOREAN, encoding="utf-8")
    result = cli("-C", project, "import", "-l", "ko", "intro.md")
    assert result.code == 2
    assert result.err == "mdgettext: error: locale/intro.pot: no template; run `mdgettext extract` first\n"


def test_a_catalog_older_than_the_source_is_refused(small: Path) -> None:
    cli("-C", small, "-q", "update", "-l", "ko")
    (small / "source" / "en" / "intro.md").write_text(CHAPTER + "\nA new paragraph.\n", encoding="utf-8")
    result = cli("-C", small, "import", "-l", "ko", "ko/intro.md")
    assert result.code == 2
    assert result.err == (
        "mdgettext: error: locale/ko/LC_MESSAGES/intro.po: older than source/en/intro.md (no message for line 7); "
        "run `mdgettext extract` and `mdgettext update -l ko` first\n"
    )


def test_front_matter_that_is_not_yaml_costs_its_values_not_the_body(small: Path) -> None:
    (small / "source" / "en" / "intro.md").write_text('---\ntitle: "Basics"\n---\n' + CHAPTER, encoding="utf-8")
    (small / "ko" / "intro.md").write_text('---\ntitle: "기초 "스케일링""\n---\n' + KOREAN, encoding="utf-8")
    cli("-C", small, "-q", "extract")
    result = cli("-C", small, "import", "-l", "ko", "ko/intro.md")
    assert result.code == 1
    assert result.err.splitlines() == [
        "mdgettext: warning: ko/intro.md:2: front matter is not valid YAML: did not find expected key; "
        "fix the YAML between the --- lines; its values were not imported, the rest of the file was",
        "mdgettext: warning: 1 of 1 file imported; 0 refused, 1 part of imported files skipped: "
        "fix what is named above and import again",
    ]
    assert "source/en/intro.md:4: aligned with ko/intro.md:4" in result.out
    assert [e.msgstr for e in po_of(small, "intro")] == ["", "스케일링 기초", *KOREAN.strip().split("\n\n")[1:3]]


def test_of_several_files_each_one_that_can_be_imported_is(small: Path) -> None:
    (small / "source" / "en" / "second.md").write_text("# Second\n", encoding="utf-8")
    (small / "ko" / "second.md").write_text("# 둘째\n", encoding="utf-8")
    cli("-C", small, "-q", "extract")
    cli("-C", small, "-q", "update", "-l", "ko")
    (small / "source" / "en" / "intro.md").write_text(CHAPTER + "\nA new paragraph.\n", encoding="utf-8")
    result = cli("-C", small, "import", "-l", "ko", "ko/intro.md", "ko/second.md")
    assert result.code == 1
    assert result.err.splitlines() == [
        "mdgettext: warning: locale/ko/LC_MESSAGES/intro.po: older than source/en/intro.md (no message for line 7); "
        "run `mdgettext extract` and `mdgettext update -l ko` first; not imported",
        "mdgettext: warning: 1 of 2 files imported; 1 refused, 0 parts of imported files skipped: "
        "fix what is named above and import again",
    ]
    assert po_of(small, "second").find("Second").msgstr == "둘째"
    assert not any(e.msgstr for e in po_of(small, "intro"))


def test_a_source_outside_the_source_folder_is_refused(small: Path) -> None:
    shutil.copy(small / "source" / "en" / "intro.md", small / "intro.md")
    result = cli("-C", small, "import", "-l", "ko", "ko/intro.md", "--source", "intro.md")
    assert result.code == 2
    assert "intro.md: not under source/en" in result.err


def test_help_lists_import() -> None:
    assert "import" in cli("--help").out
    assert "--dry-run" in cli("import", "--help").out


# ---------------------------------------------------------------- the real chapter


@pytest.fixture
def korean_chapter(chapter_copy: Path) -> Path:
    """The Korean chapter as a file translated in place: what `build` makes of the committed catalog."""
    assert cli("-C", chapter_copy, "-q", "build", "-l", "ko", "--format", "md").code == 0
    (chapter_copy / "ko").mkdir()
    shutil.copy(chapter_copy / "build" / "ko" / "conclusion.md", chapter_copy / "ko" / "conclusion.md")
    (chapter_copy / "locale" / "ko" / "LC_MESSAGES" / "conclusion.po").unlink()
    return chapter_copy


def test_the_korean_chapter_imports_back_into_the_committed_translations(korean_chapter: Path) -> None:
    result = cli("-C", korean_chapter, "import", "-l", "ko", "ko/conclusion.md")
    assert result.code == 0
    assert result.out.splitlines()[-1] == (
        "locale/ko/LC_MESSAGES/conclusion.po: 39 aligned, 0 imported for review, 0 with no counterpart in the translation, "
        "0 with no counterpart in the source; catalog entries changed: 36 (written)"
    )
    committed = {
        (e.msgctxt, e.msgid): (e.msgstr, e.fuzzy)
        for e in polib.pofile(str(REPO / "locale" / "ko" / "LC_MESSAGES" / "conclusion.po"))
    }
    imported = {(e.msgctxt, e.msgid): (e.msgstr, e.fuzzy) for e in po_of(korean_chapter, "conclusion")}
    assert imported == committed


NEWER_ENGLISH = [  # what the English gained since the Korean was translated: (old, new)
    ("\n* ", "\n- "),  # bullet markers
    (
        "at Google\nDeepMind put in together, and we would like to thank them, however briefly!",
        "at\nGoogle DeepMind put in together, and we would like to thank them, however\nbriefly!",
    ),  # re-wrapped
    (
        "comprehensive writing in this area, so we\nhope this manuscript will be the spark for much more of it! We also believe\n",
        "comprehensive writing in this area, so we hope\nthis manuscript will be the spark for much more of it! We also believe\n",
    ),  # re-wrapped
    ("Matt Johnson", "Matthew Johnson"),  # a name fixed
    (
        "**Thank you all!**\n",
        "**Thank you all!**\n\nThe Korean edition was translated by volunteers; see the [translation guide](https://github.com/jax-ml/scaling-book/blob/main/TRANSLATING.md)\nif you would like to help with another language.\n",
    ),
    ("[Part 12](../gpus)", "[Part 12](../gpus/)"),  # a link changed
    (
        "- [**Transformer Inference Arithmetic**]",
        "- [**JAX Sharded Matrix Multiplication Tutorial**](https://docs.jax.dev/en/latest/notebooks/shard_map.html): How `shard_map` expresses the collectives of Part 3 in code.\n- [**Transformer Inference Arithmetic**]",
    ),
    (
        "- [**The Anatomy of Collective Communication**]",
        "- [**GPU Glossary**](https://modal.com/gpu-glossary): A short, well-illustrated reference for the GPU terms used in Part 12.\n- [**The Anatomy of Collective Communication**]",
    ),
    ("improve this document further. You can reach", "improve this document further.\n\nYou can reach"),  # split
]


def test_a_translation_of_an_older_english_keeps_what_did_not_change(korean_chapter: Path) -> None:
    path = korean_chapter / "source" / "en" / "conclusion.md"
    text = read(path)
    for old, new in NEWER_ENGLISH:
        assert old in text, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    assert cli("-C", korean_chapter, "-q", "extract").code == 0
    result = cli("-C", korean_chapter, "import", "-l", "ko", "ko/conclusion.md")
    report = [line for line in result.out.splitlines() if ": aligned with " not in line]
    assert report == [
        "source/en/conclusion.md:90: no counterpart in the translation, between ko/conclusion.md:80 and ko/conclusion.md:82 "
        '(paragraph "The Korean edition was translat…")',
        'source/en/conclusion.md:93: imported for review, from ko/conclusion.md:82 (paragraph "Before you go, you might also e…"): '
        "link destinations differ: ../gpus/ only in the source; ../gpus only in the translation",
        "source/en/conclusion.md:109: no counterpart in the translation, between ko/conclusion.md:97 and ko/conclusion.md:98 "
        '(list item "[**JAX Sharded Matrix Multiplic…")',
        "source/en/conclusion.md:114: no counterpart in the translation, between ko/conclusion.md:101 and ko/conclusion.md:102 "
        '(list item "[**GPU Glossary**](https://moda…")',
        'source/en/conclusion.md:124: imported for review, from ko/conclusion.md:108 (paragraph "Please leave comments or questi…"): '
        "one translated block for source lines 124 and 126: keep the part that belongs here",
        'source/en/conclusion.md:126: fuzzy, from ko/conclusion.md:108 (paragraph "You can reach the corresponding…"): '
        "one translated block for source lines 124 and 126: keep the part that belongs here",
        "locale/ko/LC_MESSAGES/conclusion.po: 37 aligned, 2 imported for review, 1 imported as fuzzy, "
        "3 with no counterpart in the translation, "
        "0 with no counterpart in the source; catalog entries changed: 37 (written)",
    ]
    po = po_of(korean_chapter, "conclusion")
    build = cli("-C", korean_chapter, "build", "-l", "ko", "--format", "md")
    # 3 new, the second English block the translator joined into one (held back, fuzzy),
    # and two doubted pairs whose links the checks refuse (errors): the other doubted
    # pair is published, awaiting review
    assert "build/ko/conclusion.md: 5 of 40 messages fell back to English; 1 imported, awaiting review" in build.out
    assert "1 translation refused" in build.err
    assert sum(1 for e in po if e.fuzzy) == 1


def test_two_chapters_of_the_same_name_need_an_explicit_source(project: Path, tmp_path: Path) -> None:
    for folder in ("part1", "part2"):
        (project / "source" / "en" / folder).mkdir()
        (project / "source" / "en" / folder / "intro.md").write_text("Text.\n", encoding="utf-8")
    cli("-C", project, "extract")
    translated = tmp_path / "intro.md"
    translated.write_text("글.\n", encoding="utf-8")
    result = cli("-C", project, "import", "-l", "ko", translated)
    assert result.code == 2
    assert (
        "several chapters are named intro.md (source/en/part1/intro.md, source/en/part2/intro.md); say which with --source"
        in result.err
    )


def test_one_block_each_side_between_two_aligned_neighbours_is_a_pair() -> None:
    """Issue 14: the signals disagree too much for the search (a link and a number
    changed), but nothing else can sit in that place: taken, as fuzzy, with the reasons."""
    source = doc(
        "See [the guide](https://example.com/guide).\n\n"
        "The old [setup notes](https://example.com/old) list 3 steps.\n\n"
        "Read [the end](https://example.com/end).\n"
    )
    translated = doc(
        "[안내서](https://example.com/guide)를 보라.\n\n"
        "새 [설치 노트](https://example.com/new)에는 5단계가 있다.\n\n"
        "[끝](https://example.com/end)을 읽어라.\n"
    )
    alignment = align(source, translated)
    assert lines(alignment) == [((1,), (1,), False), ((3,), (3,), True), ((5,), (5,), False)]
    assert alignment.pairs[1].reasons == (
        "only its kind and its place between the blocks around it pair them",
        "link destinations differ: https://example.com/old only in the source; https://example.com/new only in the translation",
        "numbers differ: 3 only in the source; 5 only in the translation",
    )


def test_a_lone_block_of_another_kind_between_aligned_neighbours_stays_unpaired() -> None:
    source = doc("See [a](https://a.example).\n\n## Old heading 3\n\nRead [b](https://b.example).\n")
    translated = doc("[a](https://a.example)를 보라.\n\n새 문단 5개.\n\n[b](https://b.example)를 읽어라.\n")
    found = lines(align(source, translated))
    assert found[0] == ((1,), (1,), False) and found[3] == ((5,), (5,), False)
    assert sorted(found[1:3]) == [("source", 3), ("translated", 3)]


def test_a_whole_book_is_imported_at_once_with_progress_on_a_terminal(small: Path) -> None:
    import io

    from mdgettext.commands.importing import import_translation
    from mdgettext.commands.terminal import Reporter
    from mdgettext.project import load_config

    (small / "source" / "en" / "second.md").write_text("# Second\n", encoding="utf-8")
    (small / "ko" / "second.md").write_text("# 둘째\n", encoding="utf-8")
    cli("-C", small, "-q", "extract")
    result = cli("-C", small, "import", "-l", "ko", "ko/intro.md", "ko/second.md")
    assert result.code == 0 and result.err == ""
    assert result.out.splitlines()[-1].startswith("locale/ko/LC_MESSAGES/second.po: 1 aligned")
    assert po_of(small, "second").find("Second").msgstr == "둘째"

    err = Terminal()
    files = [small / "ko" / "intro.md", small / "ko" / "second.md"]
    import_translation(load_config(small), files, "ko", None, Reporter(out=io.StringIO(), err=err))
    assert "\r[1/2] ko/intro.md" in err.getvalue() and "\r[2/2] ko/second.md" in err.getvalue()
    assert cli("-C", small, "import", "-l", "ko", *files, "--source", "source/en/intro.md").code == 2


# ---------------------------------------------------------------- as translators make them

KEPT_ENGLISH = """\
# Numbers

| Operation | TPU v5e |
| --- | --- |
| **Matmul** | 197 TFLOPs |

Jacob Austin

Click here for the answer.
"""
KEPT_KOREAN = """\
# 숫자

| Operation | TPU v5e |
| --- | --- |
| **Matmul** | 197 TFLOPs |

Jacob Austin

Click here for the answer.
"""


def test_a_block_kept_as_written_is_its_own_translation_and_english_prose_is_not(project: Path) -> None:
    (project / "source" / "en" / "kept.md").write_text(KEPT_ENGLISH, encoding="utf-8")
    (project / "ko").mkdir()
    (project / "ko" / "kept.md").write_text(KEPT_KOREAN, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    result = cli("-C", project, "import", "-l", "ko", "ko/kept.md")
    assert result.code == 0
    assert "5 kept as written, 1 still in English" in result.out
    po = {e.msgid: (e.msgstr, e.fuzzy) for e in po_of(project, "kept")}
    assert po["Operation"] == ("Operation", False) and po["Jacob Austin"] == ("Jacob Austin", False)
    assert po["Click here for the answer."] == ("", False)  # a sentence: still to translate
    stats = cli("-C", project, "stats", "-l", "ko")
    assert "6 of 7" in stats.out or "85.7" in stats.out, stats.out
    assert cli("-C", project, "-q", "build", "-l", "ko").code == 0
    page = (project / "build" / "ko" / "kept.html").read_text(encoding="utf-8")
    assert page.count('lang="en"') <= 3  # the page's own marks and the one English sentence, not the kept cells


def test_a_message_repeated_takes_what_most_sure_pairs_agree_on(project: Path) -> None:
    button = (
        "{% details Click here for the answer. %}\n\nThe answer is [here](https://a.example/N).\n\n{% enddetails %}"
    )
    korean = "{% details 답을 보려면 클릭하세요. %}\n\n답은 [여기](https://a.example/N)에 있다.\n\n{% enddetails %}"
    odd = korean.replace("답을 보려면 클릭하세요.", "여기를 누르면 답이 보입니다.")
    english = "\n\n".join(f"## Question {n}\n\n" + button.replace("N", str(n)) for n in range(1, 6))
    translated = "\n\n".join(f"## 질문 {n}\n\n" + (odd if n == 5 else korean).replace("N", str(n)) for n in range(1, 6))
    (project / "source" / "en" / "q.md").write_text(english + "\n", encoding="utf-8")
    (project / "ko").mkdir()
    (project / "ko" / "q.md").write_text(translated + "\n", encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    result = cli("-C", project, "import", "-l", "ko", "ko/q.md")
    entry = next(e for e in po_of(project, "q") if e.msgid == "Click here for the answer.")
    assert (entry.msgstr, entry.fuzzy) == ("답을 보려면 클릭하세요.", False)
    assert (
        "source/en/q.md:35: aligned with ko/q.md:35, but translated otherwise there: the catalog takes the "
        'translation in ko/q.md:3, as most places have it (answer button ({% details %} summary) "Click here for the answer.")'
    ) in result.out


@pytest.mark.parametrize("name", ["README-ko.md", "README.ko.md", "README_ko.md", "README.md"])
def test_a_translation_named_after_its_language_finds_its_english(project: Path, name: str) -> None:
    (project / "source" / "en" / "README.md").write_text(CHAPTER, encoding="utf-8")
    (project / name).write_text(KOREAN, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    result = cli("-C", project, "-q", "import", "-l", "ko", name)
    assert result.code == 0, result.err
    assert po_of(project, "README").find("Training takes many chips working together.").msgstr


def test_a_translation_no_chapter_is_named_after_says_which_there_are(project: Path) -> None:
    (project / "source" / "en" / "intro.md").write_text(CHAPTER, encoding="utf-8")
    (project / "README-ko.md").write_text(KOREAN, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    result = cli("-C", project, "import", "-l", "ko", "README-ko.md")
    assert result.code == 2
    assert result.err == (
        "mdgettext: error: README-ko.md: no chapter of source/en is named README or README-ko (chapters: intro); "
        "name its English with --source PATH\n"
    )


def test_front_matter_after_a_blank_line_is_read_and_said_to_be_text_to_jekyll(project: Path) -> None:
    (project / "source" / "en" / "fm.md").write_text(
        "---\ntitle: Intro\n---\n\nText [a](https://a.example).\n", "utf-8"
    )
    (project / "ko").mkdir()
    (project / "ko" / "fm.md").write_text("\n---\ntitle: 소개\n---\n\n본문 [a](https://a.example).\n", "utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    result = cli("-C", project, "-q", "import", "-l", "ko", "ko/fm.md")
    assert result.code == 0
    assert result.err == (
        "mdgettext: warning: ko/fm.md:2: the front matter starts after 1 blank line(s), where Jekyll does not read it "
        "(the page shows it as text): remove the blank lines before the first `---`; it is read as front matter here\n"
    )
    assert {e.msgid: e.msgstr for e in po_of(project, "fm")} == {
        "Intro": "소개",
        "Text [a](https://a.example).": "본문 [a](https://a.example).",
    }


# ---------------------------------------------------------------- doubted pairs: published, awaiting review


def test_a_doubted_pairing_is_published_and_listed_for_review(tmp_path: Path) -> None:
    """Issue 45: kept-English terms (`OS`, `SaaS`) and emphasis on other words are no doubt; a pair import does doubt (a number changed) is
    the translator's text all the same: the build publishes it, and stats, check and
    the build's summary say it awaits review, never that it is not translated."""
    translation = FIXTURES / "import" / "kept-english.ko.md"
    name = setup_case(tmp_path, translation)
    assert cli("-C", tmp_path, "-q", "import", "-l", "ko", f"ko/{name}.md").code == 0
    po = po_of(tmp_path, name)
    doubted = [e for e in po if e.tcomment.startswith("import: ")]
    assert [e.msgid for e in doubted] == ["A restore takes about 5 minutes."] and not any(e.fuzzy for e in po)
    build = cli("-C", tmp_path, "build", "-l", "ko", "--format", "md")
    assert f"build/ko/{name}.md: 0 of 7 messages fell back to English; 1 imported, awaiting review" in build.out
    assert read(tmp_path / "build" / "ko" / f"{name}.md") == read(translation)
    stats = cli("-C", tmp_path, "stats", "-l", "ko").out
    assert "ko: 1 translated message imported, awaiting review (published;" in stats
    check = cli("-C", tmp_path, "check", "-l", "ko").out
    assert check.count("[completeness.imported]") == 1
    assert "imported, check the pairing: numbers differ: 5 only in the source; 10 only in the translation" in check


def test_deleting_the_import_comment_clears_the_review_and_the_editor_offers_it(tmp_path: Path) -> None:
    translation = FIXTURES / "import" / "kept-english.ko.md"
    name = setup_case(tmp_path, translation)
    assert cli("-C", tmp_path, "-q", "import", "-l", "ko", f"ko/{name}.md").code == 0
    po = po_of(tmp_path, name)
    doubted = next(e for e in po if e.tcomment.startswith("import: "))
    assert awaiting_review(doubted)
    edit.apply(po, edit.Edit(key_of(doubted), doubted.msgstr, fuzzy=False, imported=True))
    assert awaiting_review(doubted)  # left as it was
    edit.apply(po, edit.Edit(key_of(doubted), doubted.msgstr, fuzzy=False, imported=False))
    assert not awaiting_review(doubted) and doubted.tcomment == "" and doubted.msgstr


def test_a_front_matter_glued_to_the_text_is_read_as_front_matter_and_reported(tmp_path: Path) -> None:
    """Issue 45: `---**감사합니다.**` closes the front matter on the translator's site only
    in intent (Jekyll sees none there): import reads it as meant, pairs the body, and
    says which line to fix; the build writes the front matter apart from the text."""
    translation = FIXTURES / "import" / "glued-front-matter.ko.md"
    name = setup_case(tmp_path, translation)
    result = cli("-C", tmp_path, "import", "-l", "ko", f"ko/{name}.md")
    assert f"ko/{name}.md:4: the front matter's closing `---` has text glued to it" in result.err
    po = po_of(tmp_path, name)
    assert po.find("**Thanks** to everyone who read the drafts.").msgstr == "**감사합니다.** 초안을 읽어 준 모든 분께."
    assert "감사의 말" in [e.msgstr for e in po]
    assert not (tmp_path / "locale" / "ko" / "LC_MESSAGES" / f"{name}.addenda.md").exists()
    assert cli("-C", tmp_path, "-q", "build", "-l", "ko", "--format", "md").code == 0
    assert read(tmp_path / "build" / "ko" / f"{name}.md") == read(translation).replace("---**", "---\n\n**")


def test_a_heading_the_translator_added_takes_no_english_id(tmp_path: Path) -> None:
    """Issue 45: ids follow heading pairs, never positions: the translator's own section
    gets an id of its own, and every heading after it keeps its English heading's id."""
    translation = FIXTURES / "import" / "added-heading.ko.md"
    name = setup_case(tmp_path, translation)
    assert cli("-C", tmp_path, "-q", "import", "-l", "ko", f"ko/{name}.md").code == 0
    assert cli("-C", tmp_path, "-q", "build", "-l", "ko", "--format", "md,html").code == 0
    page = read(tmp_path / "build" / "ko" / f"{name}.html")
    ids = re.findall(r'<h[1-6] id="([^"]*)"[^>]*>(.*?)<a class="self-link"', page)
    assert [(i, text.strip()) for i, text in ids] == [
        ("setting-up", "설정하기"),
        ("installing", "설치"),
        ("역자-주-한국어-환경", "역자 주: 한국어 환경"),
        ("configuring", "설정"),
        ("running", "실행"),
    ]
    assert read(tmp_path / "build" / "ko" / f"{name}.md") == read(translation)


CODE_EN = "Add them:\n\n```python\n# add two numbers\nx = 1 + 2\n```\n\nDone.\n"
CODE_KO = "더한다:\n\n```python\n# 두 수를 더한다\nx = 1 + 2\n```\n\n끝.\n"


def test_a_code_comment_the_translator_translated_comes_back_as_they_wrote_it(project: Path) -> None:
    """Issue 45: import turns `code_blocks` on (said in one line, with how to undo it),
    so the translated comment is the code block's msgstr and the build writes the
    translator's file back byte for byte, inside the English's fence."""
    (project / "source" / "en" / "code.md").write_text(CODE_EN, encoding="utf-8")
    (project / "ko").mkdir()
    (project / "ko" / "code.md").write_text(CODE_KO, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    result = cli("-C", project, "-q", "import", "-l", "ko", "ko/code.md")
    assert result.code == 0
    assert result.err.startswith("mdgettext: warning: mdgettext.toml: set code_blocks = true: ")
    assert "code_blocks = true\n" in read(project / "mdgettext.toml")
    po = polib.pofile(str(project / "locale" / "ko" / "LC_MESSAGES" / "code.po"))
    code = next(e for e in po if e.msgid.startswith("# add"))
    assert (code.msgstr, code.flags) == ("# 두 수를 더한다\nx = 1 + 2", ["no-wrap"])
    assert cli("-C", project, "-q", "build", "-l", "ko", "--format", "md").code == 0
    assert read(project / "build" / "ko" / "code.md") == CODE_KO


def test_code_the_translator_left_as_it_was_is_their_translation_too(project: Path) -> None:
    """A code block the translator's file has exactly as the English's is theirs (kept as
    written), so turning `code_blocks` on at import leaves nothing untranslated: a gate at
    100% that passed on the prose still passes."""
    untouched = "\n```sh\nmake test\n```\n"
    (project / "source" / "en" / "code.md").write_text(CODE_EN + untouched, encoding="utf-8")
    (project / "ko").mkdir()
    (project / "ko" / "code.md").write_text(CODE_KO + untouched, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "import", "-l", "ko", "ko/code.md").code == 0
    po = polib.pofile(str(project / "locale" / "ko" / "LC_MESSAGES" / "code.po"))
    assert next(e for e in po if e.msgid == "make test").msgstr == "make test"
    assert po.percent_translated() == 100
    assert cli("-C", project, "-q", "check", "-l", "ko", "--min-translated", "100").code == 0
    assert cli("-C", project, "-q", "build", "-l", "ko", "--format", "md").code == 0
    assert read(project / "build" / "ko" / "code.md") == CODE_KO + untouched


def test_a_project_that_chose_english_code_keeps_it_and_is_told(project: Path) -> None:
    """`code_blocks = false` in the settings is the project's choice: import keeps it and
    says, with both places, that the page shows the English's block and how to keep theirs."""
    (project / "mdgettext.toml").write_text("code_blocks = false\n", encoding="utf-8")
    (project / "source" / "en" / "code.md").write_text(CODE_EN, encoding="utf-8")
    (project / "ko").mkdir()
    (project / "ko" / "code.md").write_text(CODE_KO, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    result = cli("-C", project, "import", "-l", "ko", "ko/code.md")
    assert result.code == 0
    assert result.err == (
        "mdgettext: warning: ko/code.md:3: this code block differs from the English's at source/en/code.md:3 "
        "(a translated comment?); with code_blocks = false the page shows the English's block: "
        "set code_blocks = true in the settings and import again to keep it\n"
    )
    assert read(project / "mdgettext.toml") == "code_blocks = false\n"


@pytest.mark.parametrize(
    ("english", "translated"),
    [
        ("See the [jobs page](./jobs.en.md) for details.", "詳しくは[ジョブのページ](./jobs.ja.md)を見てください。"),
        (
            "Tag your [resources](https://docs.aws.amazon.com/general/latest/gr/aws_tagging.html) first.",
            "まず[リソース](https://docs.aws.amazon.com/ja_jp/general/latest/gr/aws_tagging.html)にタグを付けます。",
        ),
        ("The helper deploys your service.", "Copilot はサービスを Web にデプロイします。"),
    ],
)
def test_a_link_to_the_translated_edition_or_a_kept_name_is_no_doubt(english: str, translated: str) -> None:
    """Issue 45: a link to the same page's translated edition (only a language code
    differs) and a capitalised name kept in Latin letters say nothing against a pair."""
    source = segment(f"# Title\n\n{english}\n\nThe end.\n", "en.md")
    target = segment(f"# タイトル\n\n{translated}\n\n終わり。\n", "ja.md")
    pairs = align(source, target, latin=False).pairs
    assert [(p.source[0].msgid, p.reasons) for p in pairs][1] == (english, ())
