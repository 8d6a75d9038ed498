"""The weaver reports where each block's text landed, for the HTML layer to mark
text that fell back to English."""

from __future__ import annotations

from mdgettext.markdown.segment import segment
from mdgettext.markdown.weave import weave
from mdgettext.model import TranslationMap


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
