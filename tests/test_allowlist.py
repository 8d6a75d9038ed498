"""The safety check's shortcut (issue 13): a text with no `[` or `<` is read by
markdown-it for its block structure only. That is sound only if markdown-it makes no
link, image, definition, footnote or HTML from such a text; these tests hold the
full parse to that, on every such text of the CommonMark examples, the book in both
languages and the hostile corpus, and compare what the safety check lists either way."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import markdown
import pytest
import yaml

from conftest import BOOK, DATA, EXAMPLES
from mdgettext.checks import allowlist
from mdgettext.checks.allowlist import Where, markup_of
from mdgettext.checks.safety import active
from mdgettext.markdown.flavors import named
from mdgettext.markdown.parser import untrusted, untrusted_blocks

FROM_INLINE = {"link_open", "image", "html_inline", "footnote_ref", "autolink"}
FROM_BLOCKS = {"html_block", "footnote_block_open", "footnote_open", "footnote_reference_open"}


def texts() -> Iterator[str]:
    """Markdown of every kind: spec examples, the book's paragraphs (English and
    Korean), and the hostile translations."""
    yield from (example["markdown"] for example in EXAMPLES)
    for chapter in sorted([*(BOOK / "en").glob("*.md"), *(BOOK / "ko").glob("*.md")]):
        yield from re.split(r"\n\s*\n", chapter.read_text(encoding="utf-8"))
    corpus = yaml.safe_load((DATA / "hostile" / "cases.yaml").read_text(encoding="utf-8"))
    yield from corpus["messages"].values()
    for case in corpus["cases"]:
        yield from case["translate"].values()


EVERY = set(texts())
PLAIN = sorted(t for t in EVERY if "[" not in t and "<" not in t)
OTHERS = sorted(EVERY - set(PLAIN))


def walk(tokens: list[Any]) -> Iterator[Any]:
    for token in tokens:
        yield token
        yield from walk(token.children or [])


def test_the_corpus_covers_both_paths() -> None:
    assert len(PLAIN) > 1000
    assert len(OTHERS) > 500


def makes_only_blocks(text: str) -> bool:
    env: dict[str, Any] = {}
    full = untrusted().parse(text, env)
    return (
        not {t.type for t in walk(full)} & (FROM_INLINE | FROM_BLOCKS)
        and not env.get("references")
        and not any((env.get("footnotes") or {}).values())
        and [t.type for t in untrusted_blocks().parse(text, {})] == [t.type for t in full]
        and not {t.type for t in walk(untrusted().parseInline(text, {}))} & FROM_INLINE
    )


def test_without_brackets_or_angles_markdown_it_makes_only_blocks() -> None:
    assert [text for text in PLAIN if not makes_only_blocks(text)] == []
    assert not all(makes_only_blocks(text) for text in OTHERS)  # the test sees a link when there is one


@pytest.mark.parametrize("where", [Where.INLINE, Where.HTML])
def test_the_shortcut_lists_what_the_full_reading_lists(where: Where, monkeypatch) -> None:
    """Every text, so a shortcut taken where it should not be shows too. (A line's
    shortcut reads nothing: the test above holds its inline parse to that.)"""
    every = PLAIN + OTHERS
    fast = [markup_of(text, where) for text in every]
    monkeypatch.setattr(allowlist, "untrusted_blocks", untrusted)  # the whole parse, every time
    monkeypatch.setattr(allowlist, "one_paragraph", lambda text: False)
    assert fast == [markup_of(text, where) for text in every]


# one line from a letter, with what could make another block after its first character
ONE_LINERS = ["a | b | c", "Ab $$x$$", "a\u2028# b", "x\x0b- y", "a\x0c# b", "가 `x` *y* ~~~", "é    code"]


def test_one_line_from_a_letter_is_read_as_one_paragraph() -> None:
    """The shortcut of a plain text (`one_paragraph`) tells markdown-it's blocks
    without parsing: on every plain text it says it for, the parse agrees."""
    taken = [text for text in [*PLAIN, *ONE_LINERS] if allowlist.one_paragraph(text)]
    assert len(taken) > 300
    blocks = {text: tuple(t.type for t in untrusted_blocks().parse(text, {}) if t.type != "inline") for text in taken}
    assert {text: found for text, found in blocks.items() if found != allowlist.PARAGRAPH} == {}
    for other in ["# a", "1. a", "- a", "> a", "    a", "a\n===", "a\r---", "$$\na\n$$", "a\n\nb"]:
        assert not allowlist.one_paragraph(other)  # each a block of its own, or a second line


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("a `<b>` c", "a `   ` c"),
        ("a `x` and ``y ` z``", "a ` ` and ``     ``"),
        ('<img src="`" onerror=x> `<i>`', '<img src="`" onerror=x> `   `'),  # the tag first: its backtick is not code
        ("\\`<b> `<i>`", "\\`<b> `   `"),  # an escaped backtick opens nothing: `<b>` is a tag
        ("a < b `<` c <", "a < b ` ` c <"),  # a `<` that starts no tag is text
        ("`open <b>", "`open <b>"),  # a backtick never closed is text
    ],
)
def test_code_spans_are_blanked_for_reading_html(text: str, masked: str) -> None:
    assert allowlist.code_masked(text) == masked


@pytest.mark.parametrize(
    ("english", "translation", "reasons"),
    [
        ("D and E", "D<sub>Y</sub>와 E", []),  # added bare and closed: it only shapes text
        ('a <span markdown="1">b</span>', '<span markdown="1">가</span> <span>나</span> <b>다</b>', []),
        ("D and E", "D<sub>Y와 E", ["adds HTML <sub>"]),  # left open: it shapes what follows
        ("D and E", "D<sub>Y</sub></sub>와 E", ["adds HTML </sub> (2 times)", "adds HTML <sub>"]),
        ("D and E", '<sub title="x">D</sub>와 E', ["adds HTML </sub>", 'adds HTML <sub title="…">']),
        ("D and E", '<span markdown="1">D</span>와 E', ["adds HTML </span>", 'adds HTML <span markdown="1">']),
        ("D and E", "<code>D</code>와 E", ["adds HTML </code>", "adds HTML <code>"]),  # not a shape
    ],
)
def test_a_translation_may_add_tags_that_only_shape_text(english: str, translation: str, reasons: list[str]) -> None:
    found = allowlist.differences(markup_of(english, Where.INLINE), markup_of(translation, Where.INLINE), Where.INLINE)
    assert [r.text for r in found] == reasons


@pytest.mark.parametrize(
    ("translation", "reasons"),
    [
        ("[참고](x.md){.md-button}", []),  # the English's classes, spelt as Crowdin writes them
        ("[참고](x.md){  .md-button  }", []),
        ("[참고](x.md){ .md-button .wide }", ["adds an attribute list { .md-button .wide }"]),
        ('[참고](x.md){ onclick="x()" }', ['adds an attribute list { onclick="x()" }']),
    ],
)
def test_an_attribute_list_of_the_englishs_classes_may_be_spelt_otherwise(translation: str, reasons: list[str]) -> None:
    """attr_list reads `{.md-button}` and `{ .md-button }` alike: one class, nothing
    that runs or loads; other classes or any other attribute stay refused."""
    mkdocs = named("mkdocs")
    english = markup_of("[See](x.md){ .md-button }", Where.INLINE, flavor=mkdocs)
    found = allowlist.differences(english, markup_of(translation, Where.INLINE, flavor=mkdocs), Where.INLINE)
    assert [r.text for r in found] == reasons


BLOCKS = ["pymdownx.blocks.admonition", "pymdownx.blocks.html"]
JAVASCRIPT = "has a link destination 'javascript:x' (a javascript: URL)"
WARNING = "adds the line '/// warning', which opens or closes a block"
BREAK = "adds a line break (a new line can start Markdown or kramdown block syntax)"


@pytest.mark.parametrize(
    ("english", "translation", "reasons"),
    [
        ("/// tip", "/// tip | 팁", []),  # pymdownx.blocks: the block's title, as Python-Markdown reads it
        ("/// tip", "/// tip | 팁 | 주의", []),  # the rest of the line is the title's text
        ("/// tip", "///tip|팁", []),
        ("/// tip", "/// tip | <b>팁</b>", []),  # its markup judged as any line's
        ("/// tip", "/// tip | <img src=x>", ['adds HTML <img src="x">']),
        ("/// tip", "/// tip | [팁](javascript:x)", ["adds a Markdown link to 'javascript:x'", JAVASCRIPT]),
        ("/// tip", "/// warning | 팁", ["drops the line '/// tip', which opens or closes a block", WARNING]),
        ("/// tip", "팁", ["drops the line '/// tip', which opens or closes a block"]),
        (
            "Use `x`.",
            "/// note | 참고\n`x`를 쓴다.",
            ["adds the line '/// note', which opens or closes a block", BREAK],
        ),
        ("Use it.", "쓴다.\n///", ["adds the line '///', which opens or closes a block", BREAK]),
        ("Use it.", "쓴다 | 표", ["adds kramdown syntax |"]),  # no block's line: a row to kramdown
    ],
)
def test_a_blocks_title_bar_is_no_table_under_mkdocs(english: str, translation: str, reasons: list[str]) -> None:
    """pymdownx.blocks reads `/// tip | 팁` as an admonition titled 팁 (checked against
    Python-Markdown in test_mkdocs.py); a translation may title it, not open, close or
    retype a block the English does not."""
    mkdocs = named("mkdocs")
    found = allowlist.differences(
        markup_of(english, Where.INLINE, flavor=mkdocs),
        markup_of(translation, Where.INLINE, flavor=mkdocs),
        Where.INLINE,
    )
    assert [r.text for r in found] == reasons


@pytest.mark.parametrize(
    ("english", "translation"),
    [
        ("/// tip", "/// tip | 팁\n    attrs:\n      onclick: alert(1)"),  # YAML options: any attribute
        ("/// tip", "/// tip\n    attrs: {onclick: alert(1)}"),
        ("/// tip", "/// html | script"),  # pymdownx.blocks.html: the argument is the element
        ("/// html | div", "/// html | script"),
    ],
)
def test_a_blocks_options_or_element_are_refused_as_active(english: str, translation: str) -> None:
    """What pymdownx.blocks makes of the lines under an opening (`attrs`) or of an html
    block's argument runs on the page (Python-Markdown shows it); no `accept` clears it."""
    page = markdown.markdown(f"{translation}\n\nalert(2)\n\n///\n", extensions=BLOCKS)
    assert "onclick" in page or "<script" in page, page
    mkdocs = named("mkdocs")
    found = allowlist.differences(
        markup_of(english, Where.INLINE, flavor=mkdocs),
        markup_of(translation, Where.INLINE, flavor=mkdocs),
        Where.INLINE,
    )
    assert active(found), found


def test_a_blocks_title_bar_is_a_table_row_to_kramdown() -> None:
    """Under the kramdown flavor the same line is a table row: refused as before."""
    found = allowlist.differences(
        markup_of("/// tip", Where.INLINE), markup_of("/// tip | 팁", Where.INLINE), Where.INLINE
    )
    assert [r.text for r in found] == ["adds kramdown syntax |"]


@pytest.mark.parametrize(
    ("translation", "reasons"),
    [
        ("**[crates.io](https://crates.io/crates/starship)**", []),  # the definition's destination, inline
        ("**[crates.io][crates.io]**", []),
        (
            "**[crates.io](https://crates.io/crates/other)**",
            ["drops a Markdown link to 'https://crates.io/crates/starship'"],
        ),
        ("**crates.io**", ["drops a Markdown link to 'https://crates.io/crates/starship'"]),
    ],
)
def test_a_reference_link_written_inline_is_the_same_link(translation: str, reasons: list[str]) -> None:
    """`[crates.io]` leads where its page's definition says: written with that
    destination inline, it is the English's link, not one kramdown alone adds."""
    env: dict[str, Any] = {}
    untrusted().parse("[crates.io]: https://crates.io/crates/starship\n", env)
    english = markup_of("**[crates.io]**", Where.LINE, env["references"])
    found = allowlist.differences(english, markup_of(translation, Where.LINE, env["references"]), Where.LINE)
    assert [r.text for r in found] == reasons


def test_in_front_matter_no_tag_may_be_added() -> None:
    """The layout prints a value into <title> and a JSON string, where a tag is text."""
    found = allowlist.differences(markup_of("A title", Where.YAML), markup_of("<b>제목</b>", Where.YAML), Where.YAML)
    assert found


@pytest.mark.parametrize(
    ("translation", "refused"),
    [
        ("[가이드](https://a.com/x)를 보라.", False),  # a web page
        ("[가이드](../gpus)를 보라.", False),  # a page of the book (the links check says if it exists)
        ("[가이드](#the-end)를 보라.", False),  # a heading
        ("[가이드](javascript:alert(1))를 보라.", True),
        ("[가이드](//evil.example/x)를 보라.", True),  # another host, without a scheme
        ("![가이드](https://a.com/x.png)를 보라.", True),  # an image loads
        ("가이드[보라](우리의 노트).", True),  # a link only kramdown makes
        ("[가이드]: https://a.com\n\n[가이드]를 보라.", True),  # a definition
    ],
)
def test_a_translator_may_add_a_link_that_cannot_harm(translation: str, refused: bool) -> None:
    found = allowlist.differences(
        markup_of("See the guide.", Where.INLINE), markup_of(translation, Where.INLINE), Where.INLINE
    )
    assert bool(found) is refused, found


@pytest.mark.parametrize(
    ("translation", "refused"),
    [
        ('<a href="https://colab.google.com/">Colab</a>에서 실행한다.', False),
        ('<a href="https://colab.google.com/" onclick="x()">Colab</a>에서 실행한다.', True),
        ('<a href="javascript:x()">Colab</a>에서 실행한다.', True),
        ('<a href="https://colab.google.com/">Colab에서 실행한다.', True),  # left open: it swallows what follows
    ],
)
def test_a_front_matter_value_may_link_a_web_page(translation: str, refused: bool) -> None:
    found = allowlist.differences(markup_of("Run it.", Where.YAML), markup_of(translation, Where.YAML), Where.YAML)
    assert bool(found) is refused, found
