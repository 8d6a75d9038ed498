"""The weaver reports where each block's text landed, for the HTML layer to mark
text that fell back to English."""

from __future__ import annotations

from mdgettext.markdown.segment import segment
from mdgettext.markdown.weave import places, weave
from mdgettext.model import Addendum, TranslationMap


def test_placements_point_at_each_blocks_text_in_the_output() -> None:
    doc = segment("# Title\n\nPara one\nwrapped.\n\n* item\n* same\n", "x.md")
    woven = weave(doc, TranslationMap({(None, "Title"): "제목", (None, "item"): "항목", (None, "same"): "same"}))
    assert [(woven.text[p.start : p.end], p.translated) for p in woven.placed] == [
        ("제목", True),
        ("Para one\nwrapped.", False),
        ("항목", True),
        ("same", True),  # identical on purpose: the translator kept it
    ]
    assert [s.msgid for s in woven.fallbacks] == ["Para one wrapped."]


def test_a_front_matter_translation_is_escaped_for_the_layout_and_keeps_its_tags() -> None:
    """The layout prints the value into a JSON string and HTML: `"` and `\\` become
    references, and a tag's attribute quotes `'`, so the tag still works."""
    import json

    import yaml

    text = "---\ndescription: \"Taken from <a href='https://a.com/x'>here</a>.\"\n---\n\nBody.\n"
    doc = segment(text, "x.md", ["description"])
    (seg,) = [s for s in doc.segments if s.msgid.startswith("Taken")]
    msgstr = '<a href="https://a.com/x">여기</a>에서 "가져온" 글 \\ 끝.'
    woven = weave(doc, TranslationMap({(seg.context, seg.msgid): msgstr})).text
    value = yaml.safe_load(woven.split("---\n")[1])["description"]
    assert value == "<a href='https://a.com/x'>여기</a>에서 &quot;가져온&quot; 글 &#92; 끝."
    assert json.loads('{"d": "' + value + '"}')["d"] == value  # the layout's JSON string parses


def _woven_run(english: str, msgstr: str) -> str:
    doc = segment(english, "x.md")
    (seg,) = [s for s in doc.segments if s.kind == "html"]
    return weave(doc, TranslationMap({(seg.context, seg.msgid): msgstr})).text


def test_an_html_texts_line_breaks_stay_inside_its_block_and_never_make_a_blank_line() -> None:
    from markdown_it import MarkdownIt

    # a <p> block ends only at a blank line: each line after the run's own prefix, the
    # blank line a translation holds dropped, so `# x` stays text of the block
    woven = _woven_run("<p>\n  Some text here\n</p>\n", "첫 줄\n\n# 둘째 줄\n셋째")
    assert woven == "<p>\n  첫 줄\n  # 둘째 줄\n  셋째\n</p>\n"
    assert [t.type for t in MarkdownIt("commonmark").parse(woven)] == ["html_block"]
    # in a quote, each line keeps the quote's marker
    quoted = _woven_run("> <div>\n>   Quoted text\n> </div>\n", "인용\n글")
    assert quoted == "> <div>\n>   인용\n>   글\n> </div>\n"
    # a comment's block ends on the line that closes it: the text after it stays one line
    comment = _woven_run("> <!-- note -->Text after the comment\n", "주석 뒤\n# 글")
    assert comment == "> <!-- note -->주석 뒤 # 글\n"
    assert "heading_open" not in [t.type for t in MarkdownIt("commonmark").parse(comment)]


def test_translators_notes_go_after_the_block_of_their_message_set_apart_by_blank_lines() -> None:
    """`places` and `weave` together (found missing by mutmut, benchmarks/mutation.py):
    a note at the top goes after the front matter, one after a message after the whole
    top-level block holding it (a quote's last line), one after the second occurrence
    after that one, even at an end with no newline; a third occurrence the chapter
    lacks is lost. The notes' offsets in the output hold exactly their text."""
    text = "---\ntitle: T\n---\n# Head\n\n> Para one\n> goes on.\n\nPara two.\n\nPara two."
    doc = segment(text, "x.md")
    one, two = (None, "Para one goes on."), (None, "Para two.")
    notes = [Addendum("Note two.", two, 2), Addendum("Top note.", None), Addendum("Note one.\n", one)]
    found, lost = places(doc, [*notes, Addendum("Lost.", two, 3)])
    assert [a.markdown for a in lost] == ["Lost."]
    woven = weave(doc, TranslationMap({one: "하나 계속.", two: "둘."}), insertions=found)
    assert woven.text == (
        "---\ntitle: T\n---\n\nTop note.\n\n# Head\n\n> 하나 계속.\n\nNote one.\n\n둘.\n\n둘.\n\nNote two.\n"
    )
    assert [woven.text[start:end].strip() for start, end in woven.added] == ["Top note.", "Note one.", "Note two."]
    assert woven.translated == 3
