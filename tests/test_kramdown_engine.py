"""The kramdown harness itself renders as the book's site does (facts checked against the published book)."""

from __future__ import annotations

import fidelity
import kramdown
from mdgettext.markdown.flavors import KRAMDOWN


def test_kramdown_reads_the_book_as_its_site_does() -> None:
    math, takeaway, korean = kramdown.html(
        [
            "Inline $$x^2$$ in a sentence, and $y$ left to the browser.\n",
            '<p markdown=1 class="takeaway">**Takeaway**: read [this](roofline).</p>\n',
            "## 감사의 말\n",
        ]
    )
    assert r"\(x^2\)" in math and "$y$" in math  # $$ in a paragraph is inline math; $ is not math
    assert "<strong>Takeaway</strong>" in takeaway and '<a href="roofline">' in takeaway
    assert '<h2 id="감사의-말">' in korean  # GFM header ids keep Hangul


def test_slugify_is_jekylls() -> None:
    assert kramdown.slugify(["감사의 말", "What's the LLaMA Serving Story?"]) == [
        "감사의-말",
        "what-s-the-llama-serving-story",
    ]


def test_strikethrough_is_read_and_rendered_as_the_books_kramdown_does() -> None:
    from mdgettext.publish import body

    text = "It was ~~three~~ four, not ~~ five~~.\n"
    (site,) = kramdown.html([text])
    ours = body.render(text, [], [], body.Rendering(KRAMDOWN)).body
    assert "<del>three</del>" in site and "~~ five~~" in site  # kramdown opens ~~ only before a non-space
    assert "<del>three</del>" in ours and "~~ five~~" in ours


def test_a_task_list_is_read_and_rendered_as_the_books_kramdown_does() -> None:
    from mdgettext.markdown.segment import segment
    from mdgettext.publish import body

    text = "Steps:\n\n- plain first\n- [ ] Write the *draft*\n- [X] Review it\n- plain last\n"
    (site,) = kramdown.html([text])
    ours = body.render(text, [], [], body.Rendering(KRAMDOWN)).body
    for page in (site, ours):
        assert '<ul class="task-list">' in page
        assert "<li>plain first</li>" in page and '<li class="task-list-item">plain last</li>' in page
        assert 'disabled="disabled" />Write the <em>draft</em>' in page
        assert page.count('checked="checked"') == 1
    msgids = [s.msgid for s in segment(text, "t.md", flavor=KRAMDOWN).segments]
    assert msgids == ["Steps:", "plain first", "Write the *draft*", "Review it", "plain last"]
    assert [s.msgid for s in segment(text, "t.md").segments][2] == "[ ] Write the *draft*"  # CommonMark: words


def test_a_translated_task_list_keeps_its_boxes() -> None:
    from mdgettext.markdown.segment import segment
    from mdgettext.markdown.weave import weave
    from mdgettext.model import TranslationMap

    text = "- [ ] Write the draft\n  over two lines\n- [x] Review it\n"
    doc = segment(text, "t.md", flavor=KRAMDOWN)
    assert fidelity.same_up_to_folds(fidelity.marked_identity(doc), text)
    korean = TranslationMap({(s.context, s.msgid): s.msgid.upper() for s in doc.segments})
    assert weave(doc, korean).text == "- [ ] WRITE THE DRAFT OVER TWO LINES\n- [x] REVIEW IT\n"
