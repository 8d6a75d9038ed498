"""`mdgettext check` against the reader's page: is an entry an error exactly when the
page the reader gets from it breaks (reader_oracle.breaks)?

Three parts. The oracle itself, on cases read by hand against kramdown's and
markdown-it-py's output and KaTeX. Then the judge: its agreement with the oracle on
generated pairs (pairs.py) and on translators' moves made on the book's own English
(moves.py), and its precision and recall on the book's three translations (the
community Korean and Chinese, and a human Korean translation), on the chapters it
was tuned on and on the ones held out.

The numbers asserted are REGRESSION FLOORS: what is true today, rounded down, so a
change to the checks may raise them and must not lower them. benchmarks/agreement.py
prints the measurements. Targets (issue "An error only where a reader's page
breaks"): precision >= 0.95 and recall >= 0.9 on every translation and split.
"""

from __future__ import annotations

import shutil

import pytest

import kramdown
from agreement import HELD_OUT, TRANSLATIONS, TUNE, Judged, draw_pairs, judge_book, judge_pairs, score
from conftest import needed_in_ci
from engine_oracle import difference, same_structure, shapes
from moves import moves
from pairs import KINDS, MUTATIONS, Pair
from reader_oracle import breaks, verdicts

PAIRS = 500  # per flavor; benchmarks/agreement.py measures 5,000
MOVES = 12  # of each kind

# flavor -> agreement on the generated pairs, today (a floor): 99.9% and 100% on 5,000 pairs
# (benchmarks/README.md); the three kramdown disagreements left are the oracle's laxity
# (an end tag dropped, so an element swallows what follows), where the judge is right
AGREEMENT_FLOOR = {"kramdown": 0.995, "commonmark": 0.995}
MOVES_FLOOR = 0.99
# (translation, split) -> (precision, recall), today (floors; targets 0.95 and 0.9)
BOOK_FLOOR = {(t, split): (1.0, 1.0) for t in TRANSLATIONS for split in ("tune", "held-out")}
SPLITS = {"tune": TUNE, "held-out": HELD_OUT}
MEANINGFUL = 10  # broken (or flagged) entries a split needs before its recall (or precision) is stated


@pytest.fixture(scope="module", autouse=True)
def engine() -> None:
    kramdown.require()


# -- the oracle, on cases read by hand ------------------------------------------------

WHOLE = [
    # (english, translation): the reader's page reads as the English's does, words aside
    ("**Note how big this is!** If", "**注意这有多大！** 如果"),
    ("see [here](https://a.com) and *this*", "*이것*과 [여기](https://a.com)를 보라"),  # moved
    ("{% details Click here for the answer. %}", "{% details 답을 보려면 클릭하세요. %}"),  # summary is words
    ('x <d-cite key="kaplan2020"></d-cite>.', '가<d-cite key="kaplan2020"></d-cite>.'),
    ("the `x.shape` of $W_\\text{in}$", "$W_\\text{입력}$의 `x.shape`"),
    ("B * D < C", "B × D는 C보다 작다"),  # markup characters the English shows as text, reworded
    ("a *b* c", "가 나 다"),  # emphasis worded away
    ("a *b* c", "가 **나** 다"),  # emphasis made strong
    ("**So the end is that we win*", "**그래서 결론은 우리가 이긴다는 것이다**"),  # the English's slip repaired
    ("a `44 days * 8960 / 225` b", "가 `44일 * 8960 / 225` 나"),  # a unit translated inside code
    ("B / M bytes", "$B / M$ byte"),  # prose written as math
    ("the $KV$ cache", "KV 캐시"),  # math written as prose
    ("Let A[S, D] (our activations) be given.", "A[S, D] (우리의 활성화)가 주어집니다."),  # no link to any reader
    ("Also add `</dev/null`.", "`</dev/null`도 추가하세요."),  # a tag inside code is text
    ("i.e. AllGather([S<sub>X</sub>, D])", "즉, AllGather([S<sub>X</sub>, D<sub>Y</sub>])"),  # the newer English's
]  # fmt: skip
BROKEN = [
    ("see [here](https://a.com)", "[여기](https://b.com)를 보라"),  # destination
    ("see [here](https://a.com)", "여기를 보라"),  # link lost
    ('x <d-cite key="a"></d-cite>', 'x <d-cite key="b"></d-cite>'),  # an element changed
    ("Needs _adds_ and _multiplies_.", "_덧셈_과 _곱셈_이 필요하다."),  # kramdown shows the underscores
    ("Use `**kwargs` here.", "`**kwargs 를 쓴다."),  # a code span left open
    ("a $\\lvert Y\\rvert$ b", "가 $\\left Y\\rvert$ 나"),  # TeX that does not set
    ("Prices: \\$4 and \\$10.", "가격: $4와 $10."),  # two prices read as one formula
    ("One line of text.", "한 줄의\n\n글."),  # a paragraph split
]  # fmt: skip


@pytest.mark.parametrize(("english", "translation"), WHOLE)
def test_the_oracle_sees_a_whole_page_through_what_translators_rightly_change(english: str, translation: str) -> None:
    assert breaks(english, translation) == []


@pytest.mark.parametrize(("english", "translation"), BROKEN)
def test_the_oracle_sees_what_breaks_the_readers_page(english: str, translation: str) -> None:
    assert breaks(english, translation) != []


def test_the_oracle_reads_a_message_with_its_pages_link_definitions() -> None:
    """starship's guide defines `[pkgsrc]` at the page's end: a translation that loses it
    loses the link, and one that writes the definition's destination inline keeps it."""
    references = [{"PKGSRC": {"href": "https://pkgsrc.se/shells/starship", "title": ""}}] * 4
    pairs = [
        ("[pkgsrc]", "설명"),
        ("[pkgsrc]", "[pkgsrc](https://pkgsrc.se/shells/starship)"),
        ("[pkgsrc]", "[pkgsrc](https://pkgsrc.se/other)"),
        ("[pkgsrc]", "[pkgsrc]"),
    ]
    assert [bool(why) for why in verdicts(pairs, "commonmark", "ko", references)] == [True, False, True, False]
    assert verdicts(pairs[:1], "commonmark", "ko") == [[]]  # without them, `[pkgsrc]` is text


def test_the_oracle_follows_a_link_to_the_id_the_translated_page_gives_a_heading() -> None:
    """sdp-ja's table of contents: `#データベース` on the translated page (GitHub makes the
    id of the translated words) is the heading the English's `#database` names."""
    places = [{"データベース": "database"}] * 3
    pairs = [
        ("[Database](#database)", "[データベース](#データベース)"),
        ("[Database](#database)", "[データベース](#キャッシュ)"),  # another heading, or none
        ("[Database](#database)", "データベース"),
    ]
    assert [bool(why) for why in verdicts(pairs, "commonmark", "ja", None, places)] == [False, True, True]
    assert verdicts(pairs[:1], "commonmark", "ja") == [["links"]]  # without the page's headings: another link


def test_the_engines_differ_where_the_book_needs_kramdown() -> None:
    closed_by_punctuation = "**注意这有多大！**如果"  # no space after the closing `**`
    assert shapes([closed_by_punctuation], "kramdown") == shapes(["**Note!** If"], "kramdown")  # strong
    assert not same_structure("**Note!** If", closed_by_punctuation, "commonmark")  # not right-flanking
    assert (
        difference(*shapes(["**Note!** If", closed_by_punctuation], "commonmark"))
        == "-paragraph/strong +paragraph/literal"
    )
    # kramdown makes a table row of a pipe in a paragraph, but not inside an HTML element
    assert breaks("We send V in each direction.", "We send $V / |X|$ in each direction.")
    assert not breaks("a <span>V</span> b", "a <span>$V / |X|$</span> b")
    # kramdown closes an element left open at the end of its text, swallowing what follows
    assert not breaks("a <b>x</b>", "가 <b>x")
    assert breaks("a <d-footnote>x</d-footnote> [l](u)", "가 <d-footnote>x [l](u)")


# -- the judge, against the oracle ----------------------------------------------------


@pytest.fixture(scope="module")
def generated() -> list[Pair]:
    return draw_pairs(PAIRS)


def test_the_pairs_cover_every_construct_and_mutation_and_both_verdicts(generated: list[Pair]) -> None:
    assert {k for p in generated for k in p.kinds} == set(KINDS)
    assert {p.mutation for p in generated} == set(MUTATIONS)
    assert {p.script for p in generated} == {"latin", "hangul", "han", "kana"}

    truth = [not why for why in verdicts([(p.english, p.translation) for p in generated])]
    assert 0.2 < sum(truth) / len(truth) < 0.95  # both kinds of pair, in number


@pytest.mark.parametrize("flavor", ["kramdown", "commonmark"])
def test_regression_floor_agreement_on_generated_pairs(
    flavor: str, generated: list[Pair], tmp_path_factory: pytest.TempPathFactory
) -> None:
    judged = judge_pairs(generated, flavor, tmp_path_factory.mktemp("pairs"))
    assert len(judged) > 0.8 * len(generated)  # nearly every pair is one entry
    assert score(judged).agreement >= AGREEMENT_FLOOR[flavor]  # target: 0.99


def test_regression_floor_agreement_on_translators_moves(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each move real translators make, on the book's own English: the judge errs where the page breaks."""
    made = list(moves(MOVES))
    cases = [Pair(m.english, m.translation, "hangul", (), m.name) for m in made]
    judged = judge_pairs(cases, "kramdown", tmp_path_factory.mktemp("moves"))
    assert len(judged) > 0.9 * len(cases)
    assert {m.name for m in made} >= {"unit translated inside code", "code span left open", "words set as math"}
    assert 0.2 < sum(j.broken for j in judged) / len(judged) < 0.8  # both kinds, in number
    assert score(judged).agreement >= MOVES_FLOOR, [(j.msgstr, j.codes, j.why) for j in judged if j.flagged != j.broken]


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Judged]]:
    return {t: judge_book(t, tmp_path_factory.mktemp(f"book-{t}")) for t in TRANSLATIONS}


@pytest.mark.parametrize(("translation", "split"), list(BOOK_FLOOR))
def test_regression_floor_precision_and_recall_on_the_book(
    translation: str, split: str, book: dict[str, list[Judged]]
) -> None:
    found = score([j for j in book[translation] if j.chapter in SPLITS[split]])
    assert found.broken > 0 and found.entries > 100
    precision, recall = BOOK_FLOOR[translation, split]
    # A ratio over a handful of entries says little (1 of 1 is "1.0"): under MEANINGFUL
    # broken (or flagged) entries, the misses (or false alarms) are counted instead.
    if found.flagged >= MEANINGFUL:
        assert found.precision >= precision, found  # target: 0.95
    else:
        assert found.flagged - found.caught <= round((1 - precision) * found.flagged), found  # false alarms
    if found.broken >= MEANINGFUL:
        assert found.recall >= recall, found  # target: 0.9
    else:
        assert found.broken - found.caught <= round((1 - recall) * found.broken), found  # misses


# Disagreements the generated pairs found once, now agreements: (flavor, script, english, translation).
REGRESSIONS = [
    # kramdown closes an element left open at the end of its text: the same page (markdown/closing.py)
    ("kramdown", "latin", "compute each <span markdown=\"1\">**model each chip**</span>. we", "par <span markdown=\"1\">**?nous**?le nous et"),
    ("kramdown", "latin", "uses layer in <d-footnote>we and layer</d-footnote>. and we", "par, <d-footnote>par mémoire ( utilise puce"),
    ("kramdown", "latin", "and time chip <b>memory</b> memory we", "utilise nous couche! <b>?le, calculons et puce"),
    # ... but not when it swallows what the English has after it
    ("kramdown", "latin", "chip **the**, and <b>per each</b>, bandwidth the", "calcul ! <b>: modèle ! **modèle puce** nous"),
    # MathJax shows `$$x$` as typed (FindTeX goes on after an opening it cannot close)
    ("kramdown", "latin", "time in compute $$B \\cdot D$$ bandwidth uses the", "mémoire calculons? $$B \\cdot D$: le"),
    ("kramdown", "kana", "each time in `*args` model time $$O(N^2)$$. chip", "チップごとにモデルは帯域幅を。$$O(N^2)$？私たちは"),
    # markdown-it's dollarmath reads `$`: an escaped one is a dollar sign, and the formula is lost
    ("commonmark", "latin", "we in each *chip model chip* per $O(N^2)$. per layer", "la couche \\$O(N^2)$!mémoire le *modèle?*, le"),
]  # fmt: skip


@pytest.mark.parametrize("flavor", ["kramdown", "commonmark"])
def test_the_judge_agrees_with_the_engine_where_it_once_did_not(
    flavor: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    cases = [
        Pair(english, translation, script, (), "regression")
        for f, script, english, translation in REGRESSIONS
        if f == flavor
    ]
    judged = judge_pairs(cases, flavor, tmp_path_factory.mktemp("regressions"))
    assert len(judged) == len(cases)
    assert [(j.msgstr, j.flagged) for j in judged] == [(j.msgstr, j.broken) for j in judged]


def test_an_engine_we_did_not_write_judges_commonmark_as_the_oracle_does(
    generated: list[Pair], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The CommonMark oracle reads with the project's own markdown-it-py preset, changed
    in the same commits as the judge. cmark-gfm (Debian's build of the reference
    implementation) reads every generated pair it can (no `$` math, no Liquid): the
    reader's page it makes must break exactly where the oracle's does, and the judge
    must agree with it as with the oracle (today: 332 pairs, 109 broken, all agreed)."""
    import cmark_oracle

    needed_in_ci(None if shutil.which(cmark_oracle.CMARK) else "cmark-gfm is not installed", "cmark-gfm")
    ours = [p for p in generated if cmark_oracle.judges(p.english, p.translation)]
    judged = [
        j
        for j in judge_pairs(ours, "commonmark", tmp_path_factory.mktemp("cmark"))
        if cmark_oracle.judges(j.msgid, j.msgstr)
    ]
    assert len(judged) > 0.5 * len(generated)
    theirs = [bool(cmark_oracle.breaks(j.msgid, j.msgstr)) for j in judged]
    assert 0.2 < sum(theirs) / len(theirs) < 0.8  # both verdicts, in number
    assert [j.broken for j in judged] == theirs  # the two engines' pages break alike
    # and the structure engine_oracle compares is cmark-gfm's too, pair for pair
    shapes_alike = [cmark_oracle.same_structure(p.english, p.translation) for p in ours]
    assert shapes_alike == [same_structure(p.english, p.translation, "commonmark") for p in ours]
    agreed = sum(j.flagged == broken for j, broken in zip(judged, theirs, strict=True))
    assert agreed / len(judged) >= AGREEMENT_FLOOR["commonmark"], (agreed, len(judged))
