"""checks/tex.py says a formula will not set exactly where KaTeX (the book's site's
typesetter, Debian's katex package run by tests/engines/katex.js) refuses it.

`markup.formula` is an error, so it must be right both ways: on every formula of the
book's English and its three translations (none may be called broken that KaTeX
sets), and on formulas broken the ways translators break them (each one KaTeX
refuses must be named).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import BOOK, needed_in_ci
from mdgettext.checks import tex
from mdgettext.markdown.flavors import KRAMDOWN
from mdgettext.markdown.frontmatter import FrontMatterError
from mdgettext.markdown.inline import Reader
from mdgettext.markdown.segment import segment
from reader_oracle import katex

FOLDERS = ("en", "en-2025-12", "en-older", "ko", "ko-human", "zh")

# (formula, what the translator did): each sets in the English and not here
BROKEN = [
    (r"\left Y\rvert", "a delimiter command without its delimiter"),
    ("x^a^b", "two superscripts on one base"),
    ("x_{i", "a brace never closed"),
    ("x}", "a brace that closes nothing"),
    (r"\frac{a}{b} \sqrtt{x}", "a misspelt command"),
    ("4 이상 ", "two prices read as one formula: Hangul set as math"),
    ("数据 + x", "Han set as math"),
    ("O(N^2）", "an input method's full-width parenthesis"),
    ("a，b", "an input method's full-width comma"),
    (r"\begin{cases} a & b", "an environment never ended"),
    ("a & b", "an ampersand outside an aligned environment"),
    ("x^", "a superscript with nothing after it"),
    (r"T_\text{math}$: par.$T", "a `$$` closed by one `$`, read on to the next `$$`"),
]
# (formula, what the translator did): each sets, and must not be called broken
SETS = [
    (r"\text{배치 크기} \cdot D", "words translated inside \\text{}"),
    (r"\text{（批）} B", "full-width brackets inside \\text{}"),
    (r"O(N^2)", "the English's own"),
    (r"\left( \frac{B}{2} \right)", "sized delimiters"),
    (r"\begin{aligned} a &= b \\ c &= d \end{aligned}", "an aligned environment"),
    (r"x_{i}^{2}", "one subscript and one superscript"),
    (r"\text{costs $5$ or } \$10", "a dollar inside \\text{} and an escaped one"),
]


@pytest.fixture(scope="module", autouse=True)
def typesetter() -> None:
    needed_in_ci(None if shutil.which("node") else "node is not installed (apt-get install katex)", "the KaTeX oracle")
    needed_in_ci(
        None if Path("/usr/share/nodejs/katex").is_dir() else "KaTeX is not installed (apt-get install katex)",
        "the KaTeX oracle",
    )


def book_formulas() -> dict[str, str]:
    """Every formula of the book's chapters as the checks read them: TeX -> its file."""
    found: dict[str, str] = {}
    for folder in FOLDERS:
        for path in sorted((BOOK / folder).glob("*.md")):
            text = path.read_text(encoding="utf-8")
            try:
                doc = segment(text, str(path), flavor=KRAMDOWN)
            except FrontMatterError:  # three Chinese chapters' front matter is no YAML: their body alone
                doc = segment(text.split("\n---", 1)[1].split("\n", 1)[1], str(path), flavor=KRAMDOWN)
            reader = Reader.of(doc)
            for seg in doc.segments:
                for _, formula in reader(seg.msgid).math:
                    found.setdefault(formula, f"{folder}/{path.name}")
    return found


def test_every_formula_of_the_book_is_judged_as_katex_sets_it() -> None:
    found = book_formulas()
    assert len(found) > 300  # the English's and three translations' formulas are there
    answers = katex().errors(list(found))
    wrong = [
        (where, formula, answer, tex.errors(formula))
        for (formula, where), answer in zip(found.items(), answers, strict=True)
        if (answer is None) == bool(tex.errors(formula))
    ]
    assert not wrong, wrong[:10]
    assert any(answer is not None for answer in answers)  # the translations' own broken ones are in it


@pytest.mark.parametrize(("formula", "move"), BROKEN, ids=[move for _, move in BROKEN])
def test_a_formula_broken_as_translators_break_them_is_named(formula: str, move: str) -> None:
    assert katex().errors([formula])[0] is not None, "KaTeX sets it: the case is wrong"
    assert tex.errors(formula), f"{move}: not named"


@pytest.mark.parametrize(("formula", "move"), SETS, ids=[move for _, move in SETS])
def test_a_formula_katex_sets_is_not_called_broken(formula: str, move: str) -> None:
    assert katex().errors([formula])[0] is None, "KaTeX refuses it: the case is wrong"
    assert tex.errors(formula) == [], move
