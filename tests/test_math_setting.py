"""The `math` setting: whether `$` is math, and whose, for every stage alike.

A site without math (`math = "none"`) writes prices: "$5 per month … $10 per month"
is text in the template, in the checks and on the page, so its German translation
is published. Without the setting each flavor reads `$` as it always did.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import fidelity
from conftest import BOOK, FIXTURES, cli, translated_chapter
from mdgettext.markdown.flavors import named
from mdgettext.markdown.keys import FLAVOR_MATH, FLAVORS, MATHS
from mdgettext.markdown.segment import segment
from mdgettext.project import load_config

CHAPTER = "# Pricing\n\nThe plan costs $5 per month, and the team plan costs $10 per month.\n\n```\nprice = $5\n```\n"
PRICES = "The plan costs $5 per month, and the team plan costs $10 per month."
GERMAN = {
    "Pricing": "Preise",
    PRICES: "Der Tarif kostet $5 pro Monat, der Team-Tarif $10 pro Monat.",
}


def translated(project: Path, settings: str) -> Path:
    """The chapter extracted and its German catalog filled in, under `settings`."""
    translated_chapter(project, f'locales = ["de"]\n{settings}', "intro", CHAPTER, "de", GERMAN)
    return project


@pytest.mark.parametrize("flavor", FLAVORS)
def test_without_math_a_german_translation_of_prices_is_checked_clean_and_published(project: Path, flavor: str) -> None:
    translated(project, f'flavor = "{flavor}"\nmath = "none"\n')
    assert PRICES in (project / "locale" / "intro.pot").read_text(encoding="utf-8")  # `$5` as text
    checked = cli("-C", project, "check", "-l", "de")
    assert checked.code == 0, checked.out
    assert "markup.math" not in checked.out and "error" not in checked.out.split("checked")[0]
    built = cli("-C", project, "build")
    assert built.code == 0, built.err
    page = (project / "build" / "de" / "intro.html").read_text(encoding="utf-8")
    assert "Der Tarif kostet $5 pro Monat, der Team-Tarif $10 pro Monat." in page
    assert "<math" not in page
    assert "<math" not in (project / "build" / "en" / "intro.html").read_text(encoding="utf-8")
    assert "<math" not in (project / "build" / "de" / "intro.review.html").read_text(encoding="utf-8")
    assert (project / "build" / "de" / "intro.md").read_text(encoding="utf-8") == CHAPTER.replace(
        "Pricing", "Preise"
    ).replace(PRICES, GERMAN[PRICES])


@pytest.mark.parametrize("flavor", [name for name in FLAVORS if FLAVOR_MATH[name] != "arithmatex"])
def test_by_default_dollars_are_math_and_a_changed_formula_is_a_warning(project: Path, flavor: str) -> None:
    """The English's prices are a formula to every typesetter; the German's are another
    formula, which sets as well: the page reads as the English's does, so the German is
    published and `check` asks the translator to look (a warning, not an error)."""
    translated(project, f'flavor = "{flavor}"\n')
    checked = cli("-C", project, "check", "-l", "de")
    assert checked.code == 0
    assert (
        "warning: math $5 per month, and the team plan costs$ became" in checked.out and "[markup.math]" in checked.out
    )
    assert cli("-C", project, "-q", "build").code == 0
    page = (project / "build" / "de" / "intro.html").read_text(encoding="utf-8")
    assert "Der Tarif" in page
    assert "<math" in page  # `$5 pro Monat, der Team-Tarif $` typeset, as the site's browser would


def test_arithmatex_reads_no_formula_between_prices(project: Path) -> None:
    """MkDocs' arithmatex wants no space just inside the dollars ("smart dollars"):
    `$5 per month … $10` is text there, so the German is checked clean and its page
    shows no formula."""
    translated(project, 'flavor = "mkdocs"\n')
    checked = cli("-C", project, "check", "-l", "de")
    assert checked.code == 0 and "markup.math" not in checked.out
    assert cli("-C", project, "-q", "build").code == 0
    page = (project / "build" / "de" / "intro.html").read_text(encoding="utf-8")
    assert "Der Tarif kostet $5 pro Monat, der Team-Tarif $10 pro Monat." in page and "<math" not in page


@pytest.mark.parametrize("flavor", FLAVORS)
def test_the_default_is_how_each_flavors_site_reads_dollars(project: Path, flavor: str) -> None:
    (project / "mdgettext.toml").write_text(f'flavor = "{flavor}"\n', encoding="utf-8")
    assert (
        load_config(project).math
        == FLAVOR_MATH[flavor]
        == {"commonmark": "dollars", "kramdown": "kramdown", "gfm": "dollars", "mkdocs": "arithmatex"}[flavor]
    )
    text = (FIXTURES / "math" / "chapter.md").read_text(encoding="utf-8")
    implicit, explicit = (
        segment(text, "x.md", flavor=named(flavor)),
        segment(text, "x.md", flavor=named(flavor), math=FLAVOR_MATH[flavor]),
    )
    assert implicit.segments == explicit.segments
    assert [t.as_dict() for t in implicit.tokens] == [t.as_dict() for t in explicit.tokens]


def test_init_writes_the_flavors_math_as_the_commented_default(project: Path) -> None:
    assert cli("-C", project, "init", "--flavor", "kramdown").code == 0
    assert '# math = "kramdown"\n' in (project / "mdgettext.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "name, text, words",
    [
        (
            "mdgettext.toml",
            'math = "tex"\n',
            "mdgettext.toml:1: math = 'tex': choose 'dollars' or 'kramdown' or 'arithmatex' or 'none'",
        ),
        (
            "pyproject.toml",
            '[tool.mdgettext]\nmath = "tex"\n',
            "pyproject.toml:2: [tool.mdgettext] math = 'tex': choose 'dollars' or 'kramdown' or 'arithmatex' or 'none'",
        ),
        ("mdgettext.toml", "math = false\n", "mdgettext.toml:1: math must be a string"),
    ],
)
def test_a_bad_math_value_is_one_line_naming_the_file_and_the_choices(
    project: Path, name: str, text: str, words: str
) -> None:
    (project / "source" / "en" / "intro.md").write_text(CHAPTER, encoding="utf-8")
    (project / name).write_text(text, encoding="utf-8")
    result = cli("-C", project, "extract")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.startswith(f"mdgettext: error: {words}")
    assert not (project / "locale").exists()


SOURCES = sorted((FIXTURES / "extract").glob("*.md")) + sorted((FIXTURES / "build").glob("*.md"))
SOURCES += [FIXTURES / "math" / "chapter.md", *sorted((BOOK / "en").glob("*.md"))[:2]]


@pytest.mark.parametrize("math", MATHS)
@pytest.mark.parametrize("flavor", FLAVORS)
@pytest.mark.parametrize("source", [s for s in SOURCES if ".expected." not in s.name], ids=lambda p: p.stem)
def test_identity_translation_reproduces_the_source_whatever_reads_dollars(
    source: Path, flavor: str, math: str
) -> None:
    text = source.read_text(encoding="utf-8")
    doc = segment(text, source.name, flavor=named(flavor), math=math)
    assert fidelity.same_up_to_folds(fidelity.marked_identity(doc), text)


def test_an_escaped_dollar_is_a_dollar_sign_where_markdown_it_reads_the_math(project: Path) -> None:
    """dollarmath takes every formula out of the text, so a `$` left there was written
    `\\$` to be a dollar sign: the page typesets none of it, and a translation that
    escapes the English's formula loses it (markdown-it shows `$x$` as typed)."""
    chapter = "# Pricing\n\nThe plan costs \\$5, the team plan \\$10.\n\nThe bound is $x$.\n"
    german = {
        "Pricing": "Preise",
        "The plan costs \\$5, the team plan \\$10.": "Der Tarif kostet \\$5, der Team-Tarif \\$10.",
        "The bound is $x$.": "Die Schranke ist \\$x$.",
    }
    translated_chapter(project, 'locales = ["de"]\nflavor = "commonmark"\n', "intro", chapter, "de", german)
    checked = cli("-C", project, "check", "-l", "de")
    assert checked.code == 0 and checked.out.count("[markup.math]") == 1, checked.out
    assert "warning: math $x$ is missing" in checked.out
    assert cli("-C", project, "-q", "build").code == 0
    for language, formulas in (("en", 1), ("de", 0)):  # the English's $x$; the German shows `$x$` as typed
        page = (project / "build" / language / "intro.html").read_text(encoding="utf-8")
        assert "$5, " in page and "$10." in page
        assert page.count("<math") == formulas
