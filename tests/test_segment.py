"""Segmentation details a translator relies on: stable msgids and exact spans."""

from __future__ import annotations

import textwrap
from pathlib import Path

import polib
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import cli
from mdgettext.markdown.flavors import named
from mdgettext.markdown.folding import fold
from mdgettext.markdown.frontmatter import encode
from mdgettext.markdown.inline import Reader
from mdgettext.markdown.segment import segment
from mdgettext.markdown.weave import weave
from mdgettext.model import TranslationMap

WORDS = st.lists(
    st.sampled_from(["the", "model", "`x`", "*fast*", "[a](b)", "TPU", "v5e", "H<sub>2</sub>O", "$n^2$", "—"]),
    min_size=1,
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(
    words=WORDS, width=st.integers(min_value=10, max_value=100), prefix=st.sampled_from(["", "> ", "* ", "1. ", "> * "])
)
def test_rewrapping_a_paragraph_changes_no_msgid(words: list[str], width: int, prefix: str) -> None:
    one_line = " ".join(words)
    wrapped = textwrap.wrap(one_line, width, break_long_words=False, break_on_hyphens=False)
    indent = "".join(c if c == ">" else " " for c in prefix)
    text = prefix + ("\n" + indent).join(wrapped) + "\n"
    assert [s.msgid for s in segment(text, "x.md").segments] == [
        s.msgid for s in segment(prefix + one_line + "\n", "x.md").segments
    ]


def test_fold_keeps_hard_breaks_visible() -> None:
    assert fold("a\nb") == "a b"
    assert fold("a  \nb") == "a  \nb"
    assert fold("a\\\nb") == "a\\\nb"
    assert fold("a\\\\\nb") == "a\\\\ b"  # an escaped backslash is not a break


def translate(text: str, table: dict[str, str]) -> str:
    doc = segment(text, "x.md")
    return weave(doc, TranslationMap({(s.context, s.msgid): table.get(s.msgid, s.msgid) for s in doc.segments})).text


def test_a_hard_break_in_a_translation_stays_inside_its_container() -> None:
    text = "> * one item\n"
    assert translate(text, {"one item": "첫 줄  \n둘째 줄"}) == "> * 첫 줄  \n>   둘째 줄\n"


def test_tables_inside_quotes_and_lists_keep_their_prefixes() -> None:
    text = "> | a | b |\n> |---|---|\n> | cell | x \\| y |\n\n- | h |\n  |---|\n  | v w |\n"
    out = translate(text, {"cell": "칸", "x \\| y": "가 \\| 나", "h": "머리", "v w": "값"})
    assert out == "> | a | b |\n> |---|---|\n> | 칸 | 가 \\| 나 |\n\n- | 머리 |\n  |---|\n  | 값 |\n"


def test_tab_indented_continuation_lines_are_found() -> None:
    text = "- item\n\tcontinued here\n"
    assert [s.msgid for s in segment(text, "x.md").segments] == ["item continued here"]
    assert translate(text, {"item continued here": "항목"}) == "- 항목\n"


def test_setext_heading_keeps_its_underline() -> None:
    assert translate("Title\nline two\n===\n", {"Title line two": "제목"}) == "제목\n===\n"


def test_code_math_comments_and_liquid_are_never_offered() -> None:
    text = "```\ncode words\n```\n\n$$\nx = y\n$$\n\n<!-- words -->\n\n{% include x.liquid %}\n\n    indented words\n"
    assert segment(text, "x.md").segments == ()


def test_unknown_fence_never_swallows_a_segment_span() -> None:
    text = "Text before.\n\n```\nunclosed fence\n"
    assert [s.msgid for s in segment(text, "x.md").segments] == ["Text before."]


@settings(max_examples=300, deadline=None)
@given(
    value=st.text(
        alphabet=st.sampled_from(list("ab :#'\"-*&!%@`|>{}[],?\\\n\t한글yesnull01.\x85\u2028\u2029")),
        min_size=1,
        max_size=20,
    ),
    quote=st.sampled_from(["", '"', "'", ">", "|"]),
)
def test_front_matter_values_are_written_back_as_valid_yaml(value: str, quote: str) -> None:
    assert yaml.safe_load(f"key: {encode(value, quote)}\nnext: 1\n") == {"key": value, "next": 1}


@pytest.mark.parametrize("quote", ["", "'", '"', "|", ">"])
@pytest.mark.parametrize("char", ["\x85", "\u2028", "\u2029"])
def test_yaml_line_breaks_in_a_translated_value_are_kept(quote: str, char: str) -> None:
    """YAML reads NEL, LS and PS as line breaks: plain or single-quoted, they came back as a space."""
    value = f"제{char}목"
    assert yaml.safe_load(f"key: {encode(value, quote)}\n") == {"key": value}
    assert yaml.load(f"key: {encode(value, quote)}\n", Loader=yaml.CSafeLoader) == {"key": value}


def test_yaml_line_breaks_in_front_matter_survive_a_build(project: Path) -> None:
    """The escaped NEL of a source comes back when the translation is the source; a
    translation's own NEL, LS and PS come back as written, whatever the source's quoting."""
    source = '---\ntitle: Plain title\ndescription: "Line\\Nnext"\n---\n\n# Heading\n'
    (project / "source" / "en" / "intro.md").write_text(source, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    po_path = project / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    for entry in po:
        entry.msgstr = "제\x85목\u2028둘\u2029셋" if entry.msgid == "Plain title" else entry.msgid
    po.save()
    assert cli("-C", project, "build", "-l", "ko").code == 0
    built = (project / "build" / "ko" / "intro.md").read_text(encoding="utf-8")
    assert yaml.safe_load(built.split("---\n")[1]) == {
        "title": "제\x85목\u2028둘\u2029셋",
        "description": "Line\x85next",
    }


def test_an_authors_own_heading_id_stays_out_of_the_msgid_and_wins() -> None:
    doc = segment("## Setup {#start}\n\n## Setup\n", "x.md")
    assert [(s.msgid, s.anchor) for s in doc.segments] == [("Setup", "start"), ("Setup", "setup")]
    assert doc.headings == ("start", "setup")
    table = TranslationMap({(None, "Setup"): "준비"})
    # the first heading of a name answers to its contents anchor; ids never repeat
    assert (
        weave(doc, table, heading_ids=True).text
        == '## <span id="준비" style="scroll-margin-top: inherit"></span>준비 {#start}\n\n## 준비 {#setup}\n'
    )


def test_a_value_in_flow_style_front_matter_is_quoted_when_translated() -> None:
    text = "---\ntoc: [{name: Intro}, {name: Setup}]\ntitle: Plain\n---\n\n## Intro\n"
    out = translate(text, {"Intro": "소개, 개요", "Plain": "평범"})
    assert out.startswith('---\ntoc: [{name: "소개, 개요"}, {name: Setup}]\ntitle: 평범\n---\n')
    assert yaml.safe_load(out.split("---")[1])["toc"][0] == {"name": "소개, 개요"}


def test_a_line_break_inside_raw_inline_html_is_kept_in_the_msgid() -> None:
    """CommonMark example 491: `<foo⏎bar>` is a tag, so `[link](<foo⏎bar>)` is no link;
    folded to `[link](<foo bar>)`, a translation that keeps the markup would make one."""
    assert [s.msgid for s in segment("[link](<foo\nbar>)\n", "x.md").segments] == ["[link](<foo\nbar>)"]
    found = segment('Text <span\n  class="x">b</span>\nwraps.\n', "x.md").segments
    assert [s.msgid for s in found] == ['Text <span\nclass="x">b</span> wraps.']


BOOK = Path(__file__).parent / "data" / "book"


# Blocks whose reading a rule may change for where they stand: task items (also inside a
# `markdown="1"` element, where the content keeps its leading space), the same text
# outside a list, footnotes and reference links, alerts, headings with an id.
IN_PLACE = """\
<p markdown="1"> [ ] task words</p>

[ ] todo[^1]

- <p markdown="1"> [ ] task words</p>
- [x] done [link][r]

> [!NOTE]
> [ ] todo

## [ ] todo {#id}

[r]: https://example.com
[^1]: A note.
"""


@pytest.mark.parametrize("flavor", ["commonmark", "kramdown", "gfm"])
@pytest.mark.parametrize("version", ["en", "en-2025-12"])
def test_an_english_block_reads_as_the_same_text_parsed_alone(flavor: str, version: str) -> None:
    """Reader.of(doc) takes an English text's inline tokens from the chapter's parse
    instead of parsing it again: what it reads must be what a parse of the text alone reads."""
    read = 0
    sources = [(p.name, p.read_text(encoding="utf-8")) for p in sorted((BOOK / version).glob("*.md"))]
    for name, text in [*sources, ("in-place.md", IN_PLACE)]:
        doc = segment(text, name, flavor=named(flavor))
        from_chapter, alone = Reader.of(doc), Reader(doc.references, doc.footnotes, doc.flavor, doc.math)
        for text in (t.content for t in doc.tokens if t.type == "inline"):
            assert from_chapter(text) == alone(text), f"{name}: {text[:60]!r}"
            read += text in from_chapter._parsed  # read from the chapter's tokens, not parsed
    assert read > 600  # every block of six chapters: links, footnotes, math, HTML, Liquid


@pytest.mark.parametrize("flavor", ["commonmark", "kramdown", "gfm"])
def test_a_caret_before_brackets_is_text_as_every_engine_reads_it(flavor: str) -> None:
    """`^[note]` is an inline footnote only to Pandoc and markdown-it's plugin; kramdown,
    GitHub and CommonMark show it as written. It was read as a note, whose tokens have
    no line, and segmenting the chapter failed with a traceback."""
    doc = segment("Text^[an inline note] here.\n", "x.md", flavor=named(flavor))
    assert [s.msgid for s in doc.segments] == ["Text^[an inline note] here."]


PLAIN_OR_NOT = [
    "![A chart of the roofline](x.png)",  # the words are the image's description
    "$x + y$ 1",  # math and a figure: nothing to translate where the site typesets `$`
    "$$b$$ 2",
    "`code` <b>1</b> [2](https://a.org)",
    "&#65; 3",  # a letter written as a character reference
    "Text with a [link](y) and ![image](z)",
]


@pytest.mark.parametrize("flavor", ["commonmark", "kramdown", "gfm"])
def test_a_block_has_words_as_its_inventory_says(flavor: str) -> None:
    """Segmenting asks of every inline block whether it has words; it reads the text
    tokens without `walk` where no math can hide them, with the same answer."""
    from conftest import EXAMPLES
    from mdgettext.markdown import segment as segmenting
    from mdgettext.markdown.inline import walk
    from mdgettext.markdown.parser import parser

    texts = [p.read_text(encoding="utf-8") for p in sorted([*(BOOK / "en").glob("*.md"), *(BOOK / "ko").glob("*.md")])]
    texts += [example["markdown"] for example in EXAMPLES] + PLAIN_OR_NOT
    blocks = [
        token
        for text in texts
        for token in parser(named(flavor)).parse(text)
        if token.type == "inline" and token.children is not None
    ]
    assert len(blocks) > 2000
    for typeset in (True, False):
        told = [segmenting._has_letters(token, typeset) for token in blocks]
        assert told == [any(c.isalpha() for c in walk(token.children or [], typeset=typeset).text) for token in blocks]
    samples = [token for text in PLAIN_OR_NOT for token in parser(named(flavor)).parse(text) if token.type == "inline"]
    assert [segmenting._has_letters(token, True) for token in samples] == [True, False, False, False, True, True]
