"""Front matter is read through libyaml's C parser when PyYAML has it, and through
the pure-Python parser otherwise: a translator must get the same messages, at the
same places, and an author the same errors at the same lines, from either."""

from __future__ import annotations

import re

import pytest
import yaml

from conftest import DATA, REPO
from mdgettext.markdown import frontmatter

CHAPTERS = sorted(
    [
        *DATA.glob("book/*/*.md"),
        *DATA.glob("hostile/*.md"),
        *(REPO / "source" / "en").glob("*.md"),
    ]
)
KEYS = ["title", "description", "toc[].name", "authors[].name", "authors[].affiliations[].name", "section_title"]
FENCED = re.compile(r"\A---\n(.*?\n)---\n", re.S)

BAD = [
    "title: [unclosed\n",  # the two parsers word this one differently; the line is the same
    "a: b\n  c: d\n",
    "date: 2025-02-30\n",
    "a: &x [*x]\n",
    "a: *nope\n",
    "\tx: 1\n",
    "a: 'x\n",
    'x: "\\q"\n',
    "? [a]\n: 1\n",
    "a: !!python/object/apply:os.system [echo]\n",
    "a: &a [x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
    "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n",
]


@pytest.fixture(params=["C", "pure"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "C":
        if not yaml.__with_libyaml__:
            pytest.skip("this PyYAML was built without libyaml")
        monkeypatch.setattr(frontmatter, "loader", lambda: frontmatter.safe_loader(yaml.CSafeLoader))
    else:
        monkeypatch.setattr(frontmatter, "loader", lambda: frontmatter.safe_loader(yaml.SafeLoader))
    return str(request.param)


def read_all(texts: list[str]) -> list[object]:
    results: list[object] = []
    for text in texts:
        try:
            results.append((frontmatter.translatable_values(text, KEYS), frontmatter.load(text)))
        except frontmatter.FrontMatterError as err:
            results.append(("error", err.line))
    return results


def front_matters() -> list[str]:
    found = [m.group(1) for path in CHAPTERS if (m := FENCED.match(path.read_text(encoding="utf-8")))]
    assert len(found) >= 12, "the book's chapters, their Korean and our chapter all have front matter"
    return found


def test_libyaml_is_used_where_pyyaml_has_it() -> None:
    if not yaml.__with_libyaml__:
        pytest.skip("this PyYAML was built without libyaml")
    assert issubclass(frontmatter.loader(), yaml.CSafeLoader)


def test_both_parsers_find_the_same_values_at_the_same_places(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = front_matters() + BAD
    results = {}
    for name, base in [("C", yaml.CSafeLoader), ("pure", yaml.SafeLoader)]:
        if name == "C" and not yaml.__with_libyaml__:
            pytest.skip("this PyYAML was built without libyaml")
        monkeypatch.setattr(frontmatter, "loader", lambda base=base: frontmatter.safe_loader(base))
        results[name] = read_all(texts)
    assert results["C"] == results["pure"]
    found = frontmatter.translatable_values(texts[0], KEYS)
    assert found and all(texts[0][v.start : v.end].strip("\"'") == v.text for v in found if v.quote != "|")


@pytest.mark.parametrize("text", BAD, ids=range(len(BAD)))
def test_bad_front_matter_is_an_error_with_a_line_from_either_parser(loader: str, text: str) -> None:
    with pytest.raises(frontmatter.FrontMatterError) as raised:
        frontmatter.load(text)
    assert str(raised.value).startswith(("front matter", "a front-matter alias"))


def test_impossible_dates_are_named_by_either_parser(loader: str) -> None:
    with pytest.raises(frontmatter.FrontMatterError, match=r"'2025-02-30' is not a date"):
        frontmatter.load("date: 2025-02-30\n")


@pytest.mark.parametrize("depth", [150, 5000])
def test_deep_nesting_is_an_error_from_either_parser(loader: str, depth: int) -> None:
    with pytest.raises(frontmatter.FrontMatterError, match="too deeply"):
        frontmatter.translatable_values("deep: " + "[" * depth + "]" * depth + "\n", KEYS)
