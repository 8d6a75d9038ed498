"""`mdgettext check` against the engine: is an entry flagged exactly when the reader
of the translation gets something different (engine_oracle.same_structure)?

Two parts. The oracle itself, on cases checked by hand against kramdown's and
markdown-it-py's output. Then the judge: its agreement with the oracle on generated
pairs (pairs.py) and its precision and recall on the book's community translations.

The numbers asserted are REGRESSION FLOORS: what is true today, rounded down, so a
change to the checks may raise them and must not lower them. Raise a floor when a
change raises the measurement (benchmarks/agreement.py prints it, with the
disagreements by class). The targets (issue "Checks that hold on translations nobody
here has seen"): agreement >= 0.99 on the pairs, precision >= 0.95 and recall >= 0.9
on every language and split, held-out chapters included.
"""

from __future__ import annotations

import pytest

import kramdown
from agreement import HELD_OUT, TUNE, Judged, draw_pairs, judge_book, judge_pairs, score
from engine_oracle import difference, same_structure, shapes
from pairs import KINDS, MUTATIONS, Pair

PAIRS = 500  # per flavor; benchmarks/agreement.py measures 5,000

# flavor -> agreement on the generated pairs, today (a floor, not a target: 0.99)
AGREEMENT_FLOOR = {"kramdown": 0.99, "commonmark": 0.99}
# (language, split) -> (precision, recall) on the book, today (floors; targets 0.95 and 0.9)
BOOK_FLOOR = {
    ("ko", "tune"): (1.0, 1.0),  # 9 flagged, 9 broken, 9 both
    ("ko", "held-out"): (1.0, 0.94),  # 18, 19, 18
    ("zh", "tune"): (1.0, 1.0),  # 4, 4, 4
    ("zh", "held-out"): (1.0, 0.95),  # 20, 21, 20
}
SPLITS = {"tune": TUNE, "held-out": HELD_OUT}


@pytest.fixture(scope="module", autouse=True)
def engine() -> None:
    kramdown.require()


# -- the oracle, on cases read by hand ------------------------------------------------

SAME = [
    # (english, translation): the reader gets the same constructs
    ("**Note how big this is!** If", "**注意这有多大！** 如果"),
    ("see [here](https://a.com) and *this*", "*이것*과 [여기](https://a.com)를 보라"),  # moved
    ("{% details Click here for the answer. %}", "{% details 답을 보려면 클릭하세요. %}"),  # summary is words
    ('{% include figure.liquid path="a.png" caption="<b>Figure:</b> x" %}', '{% include figure.liquid path="a.png" caption="<b>图：</b> x" %}'),
    ('x <d-cite key="kaplan2020"></d-cite>.', '가<d-cite key="kaplan2020"></d-cite>.'),
    ("the `x.shape` of $W_\\text{in}$", "$W_\\text{입력}$의 `x.shape`"),  # \text{} is words
    ("B * D < C", "B × D는 C보다 작다"),  # markup characters the English shows as text, reworded
]  # fmt: skip
DIFFERENT_IN_BOTH = [
    ("see [here](https://a.com)", "[여기](https://b.com)를 보라"),  # destination
    ("a `x.shape` b", "가 `x.size` 나"),  # code
    ("a $x$ b", "가 $y$ 나"),  # TeX
    ("a $$x$$ b", "$$x$$"),  # inline math made display math
    ("a $$x$$ b", "가 \\$$x$$ 나"),  # escaped: MathJax sets the text `$$x$$` as display math; markdown-it shows `$`
    ('x <d-cite key="a"></d-cite>', 'x <d-cite key="b"></d-cite>'),  # attribute
    ('{% include figure.liquid path="a.png" %}', '{% include figure.liquid path="b.png" %}'),
    (
        '{% include figure.liquid path="a.png" caption="x" %}',
        '{% include figure.liquid path="a.png" caption="<img src=x>" %}',
    ),
    ("a *b* c", "가 나 다"),  # emphasis lost
    ('a <d-cite key="a"></d-cite>', '가 <d-cite key="a"></d-cite'),  # same element, stray `</d-cite` shown
    ("a *b* c", "가 **나** 다"),  # emphasis made strong
]


@pytest.mark.parametrize("flavor", ["kramdown", "commonmark"])
@pytest.mark.parametrize(("english", "translation"), SAME)
def test_the_oracle_sees_the_same_page_through_word_order_script_and_delimiters(
    flavor: str, english: str, translation: str
) -> None:
    assert same_structure(english, translation, flavor), shapes([english, translation], flavor)


@pytest.mark.parametrize("flavor", ["kramdown", "commonmark"])
@pytest.mark.parametrize(("english", "translation"), DIFFERENT_IN_BOTH)
def test_the_oracle_sees_what_the_reader_would_miss(flavor: str, english: str, translation: str) -> None:
    assert not same_structure(english, translation, flavor)


def test_the_engines_differ_where_the_book_needs_kramdown() -> None:
    closed_by_punctuation = "**注意这有多大！**如果"  # no space after the closing `**`
    assert shapes([closed_by_punctuation], "kramdown") == shapes(["**Note!** If"], "kramdown")  # strong
    assert not same_structure("**Note!** If", closed_by_punctuation, "commonmark")  # not right-flanking
    assert (
        difference(*shapes(["**Note!** If", closed_by_punctuation], "commonmark"))
        == "-paragraph/strong +paragraph/literal"
    )
    # MathJax reads `$x$` as kramdown's inline `$$x$$`; dollarmath sets `$$x$$` in a sentence as display math
    assert same_structure("a $x$ b", "가 $$x$$ 나", "kramdown")
    assert not same_structure("a $x$ b", "가 $$x$$ 나", "commonmark")
    # MathJax goes on right after an opening it cannot close: `$$x$` shows as typed, no formula
    assert not same_structure("a $$x$$ b", "가 $$x$ 나", "kramdown")
    assert shapes(["$$x$ and $y$"], "kramdown") == shapes(["$$x$ and $z$"], "kramdown")  # `x$ and $` is no formula
    assert shapes(["$$x$ and $y$"], "kramdown") != shapes(["$$x$ and y"], "kramdown")
    # kramdown closes an element left open at the end of its text, swallowing what follows
    assert same_structure("a <b>x</b>", "가 <b>x", "kramdown")
    assert not same_structure("a <b>x</b> [l](u)", "가 <b>x [l](u)", "kramdown")
    # a space between ] and ( is no link in either, even where the English has one
    assert same_structure("[D, F] (*x*)", "*x*", "kramdown")
    assert not same_structure("[D, F](*x*)", "[D，F] (*x*)", "kramdown")
    # a span IAL is kramdown's, words to CommonMark
    assert not same_structure("*a*{: .x}", "*가*{: .y}", "kramdown")
    assert same_structure("*a*{: .x}", "*가*{: .y}", "commonmark")
    # kramdown reads Markdown inside a `markdown="1"` span; CommonMark sees its tags
    assert same_structure('<span markdown="1">**a**</span> b', '나 <span markdown="1">**가**</span>', "kramdown")


# -- the judge, against the oracle ----------------------------------------------------


@pytest.fixture(scope="module")
def generated() -> list[Pair]:
    return draw_pairs(PAIRS)


def test_the_pairs_cover_every_construct_and_mutation_and_both_verdicts(generated: list[Pair]) -> None:
    assert {k for p in generated for k in p.kinds} == set(KINDS)
    assert {p.mutation for p in generated} == set(MUTATIONS)
    assert {p.script for p in generated} == {"latin", "hangul", "han", "kana"}
    truth = [same_structure(p.english, p.translation, "kramdown") for p in generated]
    assert 0.2 < sum(truth) / len(truth) < 0.9  # both kinds of pair, in number


@pytest.mark.parametrize("flavor", ["kramdown", "commonmark"])
def test_regression_floor_agreement_on_generated_pairs(
    flavor: str, generated: list[Pair], tmp_path_factory: pytest.TempPathFactory
) -> None:
    judged = judge_pairs(generated, flavor, tmp_path_factory.mktemp("pairs"))
    assert len(judged) > 0.8 * len(generated)  # nearly every pair is one entry
    assert score(judged).agreement >= AGREEMENT_FLOOR[flavor]  # target: 0.99


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Judged]]:
    return {language: judge_book(language, tmp_path_factory.mktemp(f"book-{language}")) for language in ("ko", "zh")}


@pytest.mark.parametrize(("language", "split"), list(BOOK_FLOOR))
def test_regression_floor_precision_and_recall_on_the_book(
    language: str, split: str, book: dict[str, list[Judged]]
) -> None:
    found = score([j for j in book[language] if j.chapter in SPLITS[split]])
    assert found.broken > 0 and found.entries > 150
    precision, recall = BOOK_FLOOR[language, split]
    assert found.precision >= precision  # target: 0.95
    assert found.recall >= recall  # target: 0.9


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
