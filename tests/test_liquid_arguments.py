"""A Liquid include's arguments are read as Jekyll reads them, by the page and by the
checks alike: a translated caption is a caption on the site and on our page, never
a second `path`; a translation may change only the words of a prose argument."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import html5lib
import polib
import pytest

import kramdown
from conftest import DATA, cli, translated_chapter
from mdgettext.markdown.tagtext import encode_liquid, include_arguments, liquid_problem

# Arguments as writers and attackers write them; Jekyll's IncludeTag is the oracle.
MARKUPS = [
    "figure.liquid path=\"assets/img/b.png\" caption='A second plot.'",
    "figure.liquid path=\"assets/img/b.png\" caption='그림\\' path=https://evil.example/track.gif alt=x \\''",
    'figure.liquid caption="He said \\"hi\\"" path=\'a.png\'',
    'figure.liquid path=page.image caption="x"',  # a variable
    'figure.liquid path="a.png" path="b.png"',  # the last one wins
    "figure.liquid path = \"a.png\"   caption ='x'",
    'figure.liquid path="a.png"caption="x"',  # no space between: Jekyll refuses the tag
    "figure.liquid path=https://evil.example/x.gif",  # a bare value with `:` : refused
    'figure.liquid path="a.png" caption="{{ site.x }}"',  # an output: the file name is a variable
    "figure.liquid\tpath='a.png'\ncaption='x'",
    "figure.liquid",
    'figure.liquid 캡션="x"',  # Ruby's \w is ASCII
    'figure.liquid path="a\\"b\\\\"',
    "figure.liquid caption='it\\'s' path='x\\\\'",
]


def test_include_arguments_are_what_jekylls_include_tag_hands_the_include() -> None:
    assert [include_arguments(m) for m in MARKUPS] == kramdown.include_arguments(MARKUPS)


# What a translator may type in a caption that Jekyll would read as an escape: a backslash
# before a quote or at the end, in both quotes (issue 40: escaped by the tool, not refused).
BACKSLASHED = [
    "끝에 역슬래시\\",
    '역슬래시 \\" 따옴표',
    "경로 C:\\temp\\ 의 그림",
    '둘 \\\\" 끝\\\\',
    "작은 \\' 따옴표\\",
]


@pytest.mark.parametrize("quote", ['"', "'"])
def test_a_caption_jekyll_would_misread_is_escaped_so_the_page_shows_it_as_typed(quote: str) -> None:
    """Jekyll's IncludeTag hands the include what `encode_liquid` wrote, and the HTML the
    include prints it into (a figcaption) shows exactly the translator's text; the judge
    no longer refuses it."""
    written = [f"figure.liquid path='a.png' caption={quote}{encode_liquid(v, quote)}{quote}" for v in BACKSLASHED]
    handed = [found["caption"] for found in kramdown.include_arguments(written)]
    assert [html.unescape(caption) for caption in handed] == BACKSLASHED
    assert [include_arguments(m)["caption"] for m in written] == handed  # ours reads it as Jekyll does
    assert [liquid_problem(v, quote) for v in BACKSLASHED] == [None] * len(BACKSLASHED)


ENGLISH = """---
layout: distill
title: Figures
---

Some text before.

{% include figure.liquid path="assets/img/b.png" caption='A second plot.' %}

Some text after.
"""
ATTACK = "그림' path=https://evil.example/track.gif alt=x '"


@pytest.fixture
def swapped(project: Path) -> Path:
    """A chapter whose figure caption is translated with words that look like a second `path`."""
    (project / "pyproject.toml").write_text(
        '[tool.mdgettext]\nlocales = ["ko"]\nflavor = "kramdown"\nsite_url = "https://example.org/book"\n',
        encoding="utf-8",
    )
    (project / "source" / "en" / "fig.md").write_text(ENGLISH, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    path = project / "locale" / "ko" / "LC_MESSAGES" / "fig.po"
    po = polib.pofile(str(path))
    for entry in po:
        entry.msgstr = {"A second plot.": ATTACK}.get(entry.msgid, f"번역: {entry.msgid}")
    po.save()
    return project


def figure(page: str) -> tuple[list[str], str]:
    """The image sources and the caption's text of a page's one figure."""
    tree = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    found = list(tree.iter("figure"))
    assert len(found) == 1, page
    caption = "".join(next(found[0].iter("figcaption")).itertext())
    return [img.get("src") or "" for img in tree.iter("img")], caption


def test_a_caption_that_looks_like_a_path_stays_a_caption_on_our_page(swapped: Path) -> None:
    checked = cli("-C", swapped, "check", "-l", "ko", "--strict")
    assert checked.code == 0, checked.out  # words, as Jekyll reads them: nothing to refuse
    assert cli("-C", swapped, "-q", "build", "-l", "ko").code == 0
    page = (swapped / "build" / "ko" / "fig.html").read_text(encoding="utf-8")
    sources, caption = figure(page)
    assert sources == ["https://example.org/book/assets/img/b.png"] and caption == ATTACK
    assert "evil.example" not in "".join(sources)


def test_the_site_reads_the_built_markdown_as_our_page_does(swapped: Path, tmp_path: Path) -> None:
    assert cli("-C", swapped, "-q", "build", "-l", "ko").code == 0
    site = tmp_path / "site"
    shutil.copytree(DATA / "jekyll-site", site)
    (site / "ko").mkdir()
    shutil.copy(swapped / "build" / "ko" / "fig.md", site / "ko" / "fig.md")
    built = kramdown.jekyll_build(site)
    jekyll_sources, jekyll_caption = figure((built / "ko" / "fig" / "index.html").read_text(encoding="utf-8"))
    our_sources, our_caption = figure((swapped / "build" / "ko" / "fig.html").read_text(encoding="utf-8"))
    assert jekyll_caption == our_caption == ATTACK
    assert (
        jekyll_sources == ["/assets/img/b.png"]
        and [s.removeprefix("https://example.org/book") for s in our_sources] == jekyll_sources
    )


PARAGRAPH = 'See {% include figure.liquid path="a.png" caption="A <b>plot</b> of it" %} here.\n'


@pytest.mark.parametrize(
    "translation, findings",
    [
        ('보라 {% include figure.liquid path="a.png" caption="<b>그림</b>의 플롯" %} 여기.', 0),  # words and order
        ('보라 {% include figure.liquid path="a.png" caption="그림의 플롯" %} 여기.', 1),  # drops <b>
        ('보라 {% include figure.liquid path="a.png" caption="<i>그림</i> <b>플롯</b>" %} 여기.', 1),  # adds <i>
        ('보라 {% include figure.liquid path="b.png" caption="<b>그림</b>" %} 여기.', 1),  # another image
    ],
)
def test_a_translation_changes_only_the_words_of_a_prose_argument(
    project: Path, translation: str, findings: int
) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.mdgettext]\nlocales = ["ko"]\nflavor = "kramdown"\n', encoding="utf-8"
    )
    (project / "source" / "en" / "p.md").write_text(PARAGRAPH, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    path = project / "locale" / "ko" / "LC_MESSAGES" / "p.po"
    po = polib.pofile(str(path))
    po.find(PARAGRAPH.strip()).msgstr = translation
    po.save()
    result = cli("-C", project, "check", "-l", "ko")
    errors = [line for line in result.out.splitlines() if ": error: " in line]
    assert len(errors) == findings and all("Liquid {% include figure.liquid" in e for e in errors), result.out


KRAMDOWN = 'locales = ["ko"]\nflavor = "kramdown"\n'  # mdgettext.toml
FIGURE_ALONE = (
    '{{% include figure.liquid path="a.png" caption="<b>Figure:</b> from <a href={quoted}>Section 2</a>." %}}\n'
)


@pytest.mark.parametrize(
    "english, caption, errors",
    [
        # the English's quotes inside the caption are Jekyll's to unescape: the page gets <a href="tpus"> either way
        ("'tpus'", '<b>그림:</b> <a href="tpus">섹션 2</a>에서.', 0),
        ('\\"tpus\\"', "<b>그림:</b> <a href='tpus'>섹션 2</a>에서.", 0),
        ("'tpus'", '<b>그림:</b> <a href="sharding">섹션 2</a>에서.', 1),  # another link
    ],
)
def test_a_caption_may_quote_its_attributes_as_the_translator_writes_them(
    project: Path, english: str, caption: str, errors: int
) -> None:
    """A translation made for one version of the English (`href=\\"tpus\\"`) put in
    another (`href='tpus'`): the same link on the page, so no error; and the caption is
    written back so that Jekyll's include reads it whole."""
    text = FIGURE_ALONE.format(quoted=english)
    msgid = next(
        v for v in include_arguments(text[len("{% include ") : -len(" %}\n")]).values() if v and "Section" in v
    )
    translated_chapter(project, KRAMDOWN, "p", text, "ko", {msgid: caption})
    result = cli("-C", project, "check", "-l", "ko")
    assert sum(": error: " in line for line in result.out.splitlines()) == errors, result.out
    if errors == 0:
        assert cli("-C", project, "-q", "build", "-l", "ko", "--format", "md").code == 0
        [tag] = [line for line in (project / "build" / "ko" / "p.md").read_text(encoding="utf-8").splitlines() if line]
        arguments = include_arguments(tag.removeprefix("{% include ").removesuffix(" %}"))
        assert arguments is not None and arguments["caption"] == caption


@pytest.mark.parametrize(
    "caption, refused",
    [
        ("`<img src='x' onerror='alert(1)'>` 칩 그림", True),  # no Markdown reads a caption: the tag is live
        ("칩 `그림`", False),  # backticks a reader sees, nothing more
        ("칩 <b>그림</b>", False),  # a tag that only shapes text
    ],
)
def test_a_caption_is_read_as_the_html_its_include_prints(project: Path, caption: str, refused: bool) -> None:
    """Jekyll's figure.liquid and our page both print a caption into <figcaption> as it is
    written, with no Markdown step, so a code span hides no tag there (a security review's find)."""
    english = '{% include figure.liquid path="a.png" caption="A chip diagram" %}\n'
    translated_chapter(project, KRAMDOWN, "p", english, "ko", {"A chip diagram": caption})
    result = cli("-C", project, "check", "-l", "ko")
    assert ("[safety.active-content]" in result.out) == refused, result.out
    assert cli("-C", project, "-q", "build", "-l", "ko").code == 0
    page = (project / "build" / "ko" / "p.html").read_text(encoding="utf-8")
    assert ("onerror" in page) is False


BUTTONS = [  # an answer button's translation: (msgstr, whether the site's button holds a block)
    ("1. 답을 보려면 클릭하세요.", True),  # a numbered list inside <summary>
    ("# 답", True),  # a heading, with an id
    ("- 답", True),
    ("> 답", True),
    ("답 | 클릭", True),  # kramdown makes a table of a line with a pipe
    ("답을 보려면 **클릭**하세요.", False),  # Markdown, but inline: bold in the button
    ("답을 보려면 클릭하세요 (1. 단계).", False),
    ("1\\. 답을 보려면 클릭하세요.", False),  # the escape the fix asks for
]


ENGLISH_BUTTON = "Click here for the answer."


@pytest.fixture(scope="module")
def buttons() -> dict[str, str]:
    """Each button's words as the book's details plugin makes them: kramdown's
    conversion, paragraph tags stripped."""
    kramdown.require()
    texts = [ENGLISH_BUTTON, *(m for m, _ in BUTTONS)]
    return {t: re.sub(r"</?p[^>]*>", "", out) for t, out in zip(texts, kramdown.html(texts), strict=True)}


@pytest.mark.parametrize(("msgstr", "block"), BUTTONS, ids=[m for m, _ in BUTTONS])
def test_an_answer_button_that_the_site_converts_into_a_block_is_refused(
    project: Path, buttons: dict[str, str], msgstr: str, block: bool
) -> None:
    """The book's details plugin converts the button's words as a Markdown document of
    their own and keeps the result, paragraph tags stripped, in `<summary>`: a
    translation that kramdown reads as a list, heading, quote or table puts that block in
    the button. Judged by kramdown's conversion of the same words."""
    english = ENGLISH_BUTTON
    assert not BLOCK.search(buttons[english]) and bool(BLOCK.search(buttons[msgstr])) == block, buttons[msgstr]
    (project / "source" / "en" / "a.md").write_text(
        f"Question.\n\n{{% details {english} %}}\n\nThe answer.\n\n{{% enddetails %}}\n", encoding="utf-8"
    )
    (project / "mdgettext.toml").write_text('locales = ["ko"]\nflavor = "kramdown"\n', encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    catalog = project / "locale" / "ko" / "LC_MESSAGES" / "a.po"
    po = polib.pofile(str(catalog))
    po.find(english).msgstr = msgstr
    po.save()
    result = cli("-C", project, "check", "-l", "ko", "--select", "safety")
    assert (result.code == 1) == block, result.out
    if block:
        assert "[safety.active-content]" in result.out and f"{catalog.relative_to(project)}:" in result.out


BLOCK = re.compile(r"<(ol|ul|h[1-6]|blockquote|table|pre|hr)\b")
