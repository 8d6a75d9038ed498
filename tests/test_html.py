"""The HTML release build without a browser: the body's marks and links, the page
around it, the review page, and the refusal of unsafe translations.

Paired fixtures, read side by side: `html/X.md` + `html/X.po` -> `html/X.expected.html`
(the chapter body as the Korean page has it). A new case is new files, no new code.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import html5lib
import polib
import pytest

from conftest import FIXTURES, cli
from mdgettext import locale
from mdgettext.checks import safety
from mdgettext.markdown.flavors import KRAMDOWN
from mdgettext.markdown.segment import segment
from mdgettext.markdown.weave import weave
from mdgettext.model import Diagnostic, Location, Severity
from mdgettext.po.catalog import CatalogFile, translation_map
from mdgettext.publish import body as html
from mdgettext.publish import chapter, links, review, words

HTML_FIXTURES = sorted(p for p in (FIXTURES / "html").glob("*.md"))


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def korean_body(source: Path) -> str:
    """The body the build renders for `source` with its catalog, as `publish` does."""
    doc = segment(read(source), source.name)
    po = polib.pofile(str(source.with_suffix(".po")))
    translations, _ = safety.safe_translations(doc, translation_map(po))
    woven = weave(doc, translations, heading_ids=True)
    fallbacks = chapter.fallbacks(woven, len(doc.segments))
    site = links.Site(source.stem, {source.stem: ("en", "ko"), "part-two": ("en",)})
    return html.render(
        woven.text, doc.headings, fallbacks.spans, html.Rendering(link=lambda url: links.chapter_link(url, site, "ko"))
    ).body


@pytest.mark.parametrize("source", HTML_FIXTURES, ids=lambda p: p.stem)
def test_the_body_marks_english_text_where_the_reviewed_fixture_does(source: Path) -> None:
    assert korean_body(source) == read(source.with_name(f"{source.stem}.expected.html"))


# ---------------------------------------------------------------- safety


@pytest.mark.parametrize(
    "msgid, msgstr, reasons",
    [
        ("Hello", "안녕", []),
        (
            "Hello",
            "안녕 <script>alert(1)</script>",
            [
                "adds HTML <script>alert(1)</script> (the code of the element)",
                "adds HTML </script>",
                "adds HTML <script>",
            ],
        ),
        (
            "Hi <script>track()</script>",
            "안녕 <script>steal()</script>",
            [
                "adds HTML <script>steal()</script> (the code of the element)",
                "drops HTML <script>track()</script> (the code of the element)",
            ],
        ),
        (
            "Some note",
            "메모 <img src=x onerror=alert(1) ",
            ["adds HTML '<img src=x onerror=alert(1) ', a tag never finished"],
        ),
        ("*x*", '*x*{: onclick="alert(1)"}', ['adds kramdown syntax {: onclick="alert(1)"}']),
        (
            "Text",
            "글 ![x](https://tracker.example/p.png)",
            ["adds a Markdown image to 'https://tracker.example/p.png'"],
        ),
        ("See ![a](a.png)", "![가](a.png) 보기", []),
        (
            "See [x](https://a.example)",
            "[x](javascript:alert(1)) 보기",
            [
                "drops a Markdown link to 'https://a.example'",
                "adds a Markdown link to 'javascript:alert(1)'",
                "has a link destination 'javascript:alert(1' (a javascript: URL)",
            ],
        ),
        # kramdown keeps the character reference, the browser decodes it and drops the tab
        (
            "See [x](https://a.example)",
            "[x](java&#x09;script:alert(1)) 보기",
            [
                "drops a Markdown link to 'https://a.example'",
                "adds a Markdown link to 'java%09script:alert(1)'",
                "has a link destination 'java' (a javascript: URL)",
            ],
        ),
        (
            "Hello",
            '<a href="java&#x09;script:alert(1)">x</a>',
            ["adds HTML </a>", 'adds HTML <a href="java\tscript:alert(1)">'],
        ),
        # a browser reads `<!-->` as a whole comment, so the image is live
        (
            "Hello",
            "안녕 <!--> <img src=x onerror=alert(1)> -->",
            ["adds HTML <!----> (a comment)", 'adds HTML <img onerror="alert(1)" src="x">'],
        ),
        ("<b>x</b> y", "<b>x y", ["drops HTML </b>"]),
        ("Hello", "{{ site.x }}", ["adds Liquid {{ site.x }}"]),
        # the English's tag, moved out of the code span it was shown in: inside code it is
        # text to every reader, so the English has no tag, and the translation adds one
        (
            "Show `<img src=x onerror=alert(1)>` as code",
            "<img src=x onerror=alert(1)>를 보인다",
            ['adds HTML <img onerror="alert(1)" src="x">'],
        ),
        # what the English already has, the translation may keep, in any order
        ('Click <a href="#" onclick="go()">here</a>', '<a href="#" onclick="go()">여기</a>를 누른다', []),
        ("Show `<script>` as code", "`<script>`를 코드로 보인다", []),
        ("<b>bold</b> and <sub>2</sub>", "<sub>2</sub>와 <b>굵게</b>", []),
        ('A <abbr title="HyperText">HTML</abbr> page', '<abbr title="하이퍼텍스트">HTML</abbr> 페이지', []),
        ("Cite {% cite a %} and {% cite b %}", "{% cite b %}와 {% cite a %}", []),
    ],
)
def test_unsafe_reasons(msgid: str, msgstr: str, reasons: list[str]) -> None:
    assert [r.text for r in safety.unsafe_reasons(msgid, msgstr)] == reasons


def test_the_body_of_a_script_is_never_offered_and_a_textarea_is() -> None:
    doc = segment(
        '<script>\nvar a = "hi";\n</script>\n\n<style>\np { color: red }\n</style>\n\n<textarea>\nType here\n</textarea>\n',
        "x.md",
    )
    assert [s.msgid for s in doc.segments] == ["Type here"]


def test_the_build_refuses_an_unsafe_translation_in_both_outputs_and_says_where(chapter_copy: Path) -> None:
    path = chapter_copy / "locale" / "ko" / "LC_MESSAGES" / "conclusion.po"
    po = polib.pofile(str(path))
    entry = po.find("**Thank you all!**")
    entry.msgstr = '**모두 고맙습니다!** <img src="x" onerror="alert(1)">'
    po.save()
    result = cli("-C", chapter_copy, "build", "-l", "ko")
    assert result.code == 0, result.err
    # at the msgstr line, which the translator edits (the line after the msgid's)
    line = 1 + next(i for i, text in enumerate(read(path).split("\n"), 1) if text == 'msgid "**Thank you all!**"')
    assert (
        f"mdgettext: warning: locale/ko/LC_MESSAGES/conclusion.po:{line}: translation of '**Thank you all!**' "
        "refused, the English is used: "
    ) in result.err
    assert 'the translation adds HTML <img onerror="alert(1)" src="x">' in result.err
    assert "mdgettext: warning: locale/ko/LC_MESSAGES/conclusion.po: 1 translation refused" in result.err
    assert "build/ko/conclusion.html: 1 of 36 messages fell back to English" in result.out
    markdown = read(chapter_copy / "build" / "ko" / "conclusion.md")
    assert "onerror" not in markdown and "\n**Thank you all!**\n" in markdown
    assert '<p lang="en" class="untranslated"><strong>Thank you all!</strong></p>' in read(
        chapter_copy / "build" / "ko" / "conclusion.html"
    )
    review_page = read(chapter_copy / "build" / "ko" / "conclusion.review.html")
    assert "adds HTML &lt;img onerror=" in review_page
    assert "<img" not in review_page and "&lt;img" in review_page


# ---------------------------------------------------------------- links


SITE = links.Site(
    "conclusion", {"conclusion": ("en", "ko"), "intro": ("en", "ko"), "appendix": ("en",), "part/two": ("en",)}
)


@pytest.mark.parametrize(
    "url, language, expected",
    [
        ("https://example.com/x", "ko", "https://example.com/x"),  # external: unchanged
        ("#feedback", "ko", "#feedback"),
        ("/absolute/path", "ko", "/absolute/path"),
        ("../intro", "ko", "intro.html"),  # built in Korean
        ("../intro/#start", "ko", "intro.html#start"),
        ("../intro.md", "ko", "intro.html"),
        ("../appendix", "ko", "../en/appendix.html"),  # no Korean catalog: the English page
        ("../part/two?x=1", "ko", "../en/part/two.html?x=1"),
        ("../intro", "en", "intro.html"),
        ("../gpus", "ko", "../gpus"),  # not a chapter of this project: as the author wrote it
        ("images/figure.png", "ko", "images/figure.png"),
    ],
)
def test_links_between_chapters_go_to_built_pages(url: str, language: str, expected: str) -> None:
    assert links.chapter_link(url, SITE, language) == expected


def test_links_from_a_chapter_in_a_sub_folder() -> None:
    """A chapter's site URL is `<name>/`, so `part/two` reaches `intro` with `../../intro`."""
    site = links.Site("part/two", SITE.published)
    assert links.chapter_link("../../intro", site, "ko") == "../intro.html"
    assert links.chapter_link("../../appendix", site, "en") == "../appendix.html"
    assert links.chapter_link("../../appendix", site, "ko") == "../../en/appendix.html"


def test_a_two_chapter_project_links_its_built_pages(project: Path) -> None:
    (project / "source" / "en" / "intro.md").write_text(
        "# Intro\n\nRead [the appendix](../appendix) next.\n", encoding="utf-8"
    )
    (project / "source" / "en" / "appendix.md").write_text(
        "# Appendix\n\nBack to [the intro](../intro#intro).\n", encoding="utf-8"
    )
    assert cli("-C", project, "extract").code == 0
    assert cli("-C", project, "update", "-l", "ko").code == 0
    (project / "locale" / "ko" / "LC_MESSAGES" / "appendix.po").unlink()
    assert cli("-C", project, "build").code == 0
    intro = read(project / "build" / "ko" / "intro.html")
    # the appendix is not in Korean: the link says where it leads, in the reader's words (issue 41)
    assert (
        '<a href="../en/appendix.html" hreflang="en">the appendix <span class="edition" lang="ko">(영어)</span></a>'
        in intro
    )
    appendix = read(project / "build" / "en" / "appendix.html")
    assert '<a href="intro.html#intro">the intro</a>' in appendix
    assert 'hreflang="ko"' not in appendix  # no Korean page to offer


def test_a_page_without_a_title_is_named_by_its_first_heading_or_its_file(project: Path) -> None:
    (project / "source" / "en" / "start.md").write_text("# Getting started\n\nSome text.\n", encoding="utf-8")
    (project / "source" / "en" / "notes.md").write_text("Just text, no heading.\n", encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    po = polib.pofile(str(project / "locale" / "ko" / "LC_MESSAGES" / "start.po"))
    po.find("Getting started").msgstr = "시작하기"
    po.save()
    assert cli("-C", project, "-q", "build", "-l", "ko", "--format", "html").code == 0
    start = html5lib.parse(read(project / "build" / "ko" / "start.html"), namespaceHTMLElements=False)
    assert start.findtext(".//title").startswith("시작하기")
    assert [h.text or "" for h in start.iter("h1")] == ["시작하기"]  # the body's own heading, not an empty one
    notes = html5lib.parse(read(project / "build" / "ko" / "notes.html"), namespaceHTMLElements=False)
    assert notes.findtext(".//title").startswith("notes")
    assert list(notes.iter("h1")) == []


# ---------------------------------------------------------------- the chapter page


@pytest.fixture
def built(chapter_copy: Path) -> Path:
    assert cli("-C", chapter_copy, "build").code == 0
    return chapter_copy / "build"


def test_the_korean_page_has_what_a_publisher_needs(built: Path) -> None:
    ko = read(built / "ko" / "conclusion.html")
    assert '<html lang="ko">' in ko
    assert "<title>결론과 더 읽을거리 · How to Scale Your Model</title>" in ko
    assert '<time datetime="2025-02-04">2025년 2월 4일</time>' in ko
    assert '<p class="part" lang="ko">11장</p>' in ko
    assert (
        '<a href="https://www.jacobaustin.org/">Jacob Austin</a> <span class="affiliation">(Google DeepMind)</span>'
        in ko
    )
    # site_url is the English book's: its page is named absolutely, as search engines want it; where the
    # Korean will be published is not known, so no canonical URL names a page that may not exist (issue 41)
    assert 'rel="canonical"' not in ko
    assert '<link rel="alternate" hreflang="en" href="https://jax-ml.github.io/scaling-book/conclusion/">' in ko
    assert '<link rel="alternate" hreflang="ko" href="conclusion.html">' in ko
    assert '<link rel="alternate" hreflang="x-default" href="https://jax-ml.github.io/scaling-book/conclusion/">' in ko
    # the book's home: its index chapter is not built here, so the English one on the book's site, said so
    assert (
        '<p class="book"><a href="https://jax-ml.github.io/scaling-book/" rel="home" hreflang="en">How to Scale Your Model'
        ' <span class="edition" lang="ko">(영어)</span></a></p>' in ko
    )
    assert '<a href="../en/conclusion.html" hreflang="en" lang="en">English</a>' in ko
    assert '<a href="conclusion.html" hreflang="ko" lang="ko" aria-current="page">한국어</a>' in ko
    assert re.findall(r'<li class="toc-level-2"><a href="#([^"]+)">([^<]+)</a>', ko) == [
        ("acknowledgments", "감사의 말"),
        ("further-reading", "더 읽을거리"),
        ("feedback", "피드백"),
    ]
    # the English id, and the anchor the book's layout links the translated contents entry to
    assert (
        '<h2 id="feedback"><span id="피드백" style="scroll-margin-top: inherit"></span>피드백<a class="self-link" href="#feedback"'
        in ko
    )
    # the chapters before and after are not in this project: their English pages on the book's site
    jax = '<a class="prev" rel="prev" href="https://jax-ml.github.io/scaling-book/jax-stuff/" hreflang="en">'
    assert ko.count(jax) == 2 and '<span class="name">10장: JAX</span>' in ko  # under the title and at the end
    gpus = '<a class="next" rel="next" href="https://jax-ml.github.io/scaling-book/gpus/" hreflang="en">'
    assert ko.count(gpus) == 2 and ko.count('<span class="edition" lang="ko">(영어)</span></a>') == 6
    assert "untranslated" not in ko and "fallback-banner" not in ko  # the catalog is complete
    assert '<link rel="stylesheet" href="../static/mdgettext.css">' in ko
    assert (built / "static" / "mdgettext.css").is_file()
    head = ko.split("</head>")[0]
    assert "<script" not in ko and "http://" not in head and "src=" not in head  # nothing loaded at view time


def test_the_english_page_is_written_for_english_readers(built: Path) -> None:
    en = read(built / "en" / "conclusion.html")
    assert '<html lang="en">' in en
    assert '<time datetime="2025-02-04">February 4, 2025</time>' in en
    assert '<p class="part" lang="en">Part 11</p>' in en
    assert "untranslated" not in en


def test_relative_links_of_the_built_pages_lead_to_built_files(built: Path) -> None:
    """Except links to chapters this project does not have, kept as the author wrote them."""
    not_in_project = {"../gpus", "../jax-stuff"}
    for name in ("ko/conclusion.html", "en/conclusion.html", "ko/conclusion.review.html"):
        path = built / name
        for href in re.findall(r'(?:href|src)="([^"#]+)(?:#[^"]*)?"', read(path)):
            if re.match(r"[a-z]+:", href) or href in not_in_project:
                continue
            assert (path.parent / href).resolve().is_file(), f"{name}: {href}"


def test_text_that_fell_back_is_marked_and_counted(chapter_copy: Path) -> None:
    path = chapter_copy / "locale" / "ko" / "LC_MESSAGES" / "conclusion.po"
    po = polib.pofile(str(path))
    for msgid in ("Conclusions and Further Reading", "Part 12: GPUs", "Feedback"):
        po.find(msgid).msgstr = ""
    po.save()
    assert cli("-C", chapter_copy, "build", "-l", "ko").code == 0
    ko = read(chapter_copy / "build" / "ko" / "conclusion.html")
    assert '<h1 lang="en" class="untranslated">Conclusions and Further Reading</h1>' in ko
    assert "<title>Conclusions and Further Reading · How to Scale Your Model</title>" in ko
    assert '<span lang="en" class="name untranslated">Part 12: GPUs</span>' in ko  # one class attribute
    assert '<a href="#feedback" lang="en" class="untranslated">Feedback</a>' in ko
    assert '<h2 lang="en" class="untranslated" id="feedback">Feedback' in ko
    assert "이 페이지의 글 36개 가운데 3개는 아직 번역되지 않아 영어 원문으로 보입니다." in ko


def test_a_project_template_replaces_the_built_in_one(chapter_copy: Path) -> None:
    (chapter_copy / "templates").mkdir()
    (chapter_copy / "templates" / "chapter.html.j2").write_text(
        '<html lang="{{ lang }}"><title>{{ title }}</title>{{ body }}</html>\n', encoding="utf-8"
    )
    (chapter_copy / "templates" / "mdgettext.css").write_text("body { color: teal; }\n", encoding="utf-8")
    assert cli("-C", chapter_copy, "build", "-l", "ko", "--format", "html").code == 0
    ko = read(chapter_copy / "build" / "ko" / "conclusion.html")
    assert ko.startswith('<html lang="ko"><title>결론과 더 읽을거리</title>\n<p><strong>')
    assert read(chapter_copy / "build" / "static" / "mdgettext.css") == "body { color: teal; }\n"


def test_a_single_file_build_carries_its_styles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("doc.md").write_text("---\ndate: 2025-02-04\n---\n# Title\n\nText.\n", encoding="utf-8")
    assert cli("build", "doc.md", "-o", "out/doc.html").code == 0
    built = read(tmp_path / "out" / "doc.html")
    assert "<style>" in built and "word-break: keep-all" in built and 'rel="stylesheet"' not in built
    assert "February 4, 2025" in built
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["doc.html"]


def test_unknown_locales_get_english_page_words_marked_english() -> None:
    assert (words.words("ko_KR").language, words.words("ko_KR").words["contents"]) == ("ko", "목차")
    assert (words.words("tlh").language, words.words("tlh").words["contents"]) == ("en", "Contents")
    assert words.words("zh_TW").language == "en"  # no Simplified words for a Traditional page
    assert locale.language_name("ko") == "한국어" and locale.language_name("en") == "English"


# ---------------------------------------------------------------- the review page


@pytest.fixture
def marks() -> tuple:
    source = FIXTURES / "html" / "marks.md"
    po_path = source.with_suffix(".po")
    doc = segment(read(source), "marks.md")
    catalog = CatalogFile(polib.pofile(str(po_path)), read(po_path), "marks.po")
    return doc, catalog


def test_the_msgid_line_is_the_line_of_the_msgid_keyword(marks: tuple) -> None:
    _, catalog = marks
    lines = catalog.text.split("\n")
    found = catalog.msgid_lines
    assert len(found) == 18
    for (_, msgid), line in found.items():
        assert lines[line - 1].startswith("msgid ")
        assert msgid.split("\n")[0][:10] in " ".join(lines[line - 1 : line + 3]).replace('"\n"', "")


def test_review_rows_follow_the_document_and_carry_state_and_findings(marks: tuple) -> None:
    doc, catalog = marks
    lines = catalog.msgid_lines
    line = lines[(None, "A paragraph left in English.")]
    finding = Diagnostic(Location("marks.po", line), "completeness.untranslated", Severity.WARNING, "not translated")
    header = Diagnostic(Location("marks.po", 1), "catalog.header", Severity.ERROR, "bad header")
    refused = {(None, "A translation that adds a script is refused."): ["adds a <script> element"]}
    rows, loose = review.rows(doc, catalog, refused, [finding, header])
    assert [r.key for r in rows] == list(dict.fromkeys((s.context, s.msgid) for s in doc.segments))
    assert [r.line for r in rows] == sorted(r.line for r in rows)  # the catalog is in document order too
    states = {r.key[1]: r.state for r in rows}
    assert states["Marks"] == "translated"
    assert states["A paragraph left in English."] == "untranslated"
    assert states["A translation that adds a script is refused."] == "refused"
    assert next(r for r in rows if r.line == line).findings == (finding,)
    assert loose == [header]
    # the page names an entry by its msgstr line, where the translation is typed (issue 41)
    text = catalog.text.split("\n")
    placed = [r for r in rows if r.msgstr_line is not None]
    assert placed == [r for r in rows if r.line is not None] and all(r.msgstr_line > r.line for r in placed)
    assert all(text[r.msgstr_line - 1].startswith(("msgstr ", "msgstr[0] ")) for r in placed)


def test_the_review_page_never_renders_a_translators_html(marks: tuple) -> None:
    doc, catalog = marks
    po = catalog.po
    po.find("A paragraph left in English.").msgstr = 'Hi <img src=x onerror="alert(1)"> [x](javascript:alert(1))'
    fuzzy = po.find("A tight item, translated.")
    fuzzy.flags.append("fuzzy")
    fuzzy.previous_msgid = "A tight item, done."
    site = links.Site("marks", {"marks": ("en", "ko")})
    built, rows = review.review_page(doc, catalog, "ko", site, diagnostics=[])
    assert "<img" not in built and "&lt;img src=x" in built
    assert 'href="javascript' not in built
    assert "<script>alert" not in built
    assert 'data-state="fuzzy"' in built
    # the English before and now, one above the other, each with its side of the diff
    assert (
        '<p class="was" lang="en"><span class="sign" title="이전">−</span> A tight item, <del>done</del>.</p>' in built
    )
    assert (
        '<p class="now" lang="en"><span class="sign" title="현재">+</span> A tight item, <ins>translated</ins>.</p>'
        in built
    )
    assert [r.state for r in rows].count("untranslated") == 5


HOSTILE_MARKDOWN = '글 [x](https://evil.example) ![t](https://tracker.example/p.png) <img src=x onerror="alert(1)">'


def test_the_review_page_shows_a_refused_or_unsafe_fuzzy_translation_as_text(marks: tuple) -> None:
    """Not even the Markdown of a refused translation is live: its links and images
    would leave the reviewer's page, so it is shown as the text it is."""
    doc, catalog = marks
    po = catalog.po
    refused_entry = po.find("A translation that adds a script is refused.")
    refused_entry.msgstr = HOSTILE_MARKDOWN
    fuzzy = po.find("A tight item, translated.")
    fuzzy.msgstr = HOSTILE_MARKDOWN
    fuzzy.flags.append("fuzzy")
    translations = translation_map(po)
    _, refused = safety.safe_translations(doc, translations)
    assert (None, refused_entry.msgid) in refused
    built, _ = review.review_page(doc, catalog, "ko", links.Site("marks", {"marks": ("en", "ko")}), refused)
    page = html5lib.parse(built, namespaceHTMLElements=False)
    cells = {
        entry.get("data-state"): entry.find("div[@class='translation']")
        for entry in page.iter("li")
        if entry.find("div[@class='translation']") is not None
        and "".join(entry.find("div[@class='translation']").itertext()) == HOSTILE_MARKDOWN
    }
    assert set(cells) == {"refused", "fuzzy"}
    for cell in cells.values():
        assert [e.tag for e in cell.iter()] == ["div", "span"] and cell.find("span").get("class") == "as-text"
    assert not [e for e in page.iter() if e.tag == "img" or "evil" in (e.get("href") or "")]


def test_review_summary_line(chapter_copy: Path) -> None:
    result = cli("-C", chapter_copy, "build", "-l", "ko", "--format", "html")
    assert (
        "build/ko/conclusion.review.html: review of 36 entries: 36 translated, 0 fuzzy, 0 untranslated, 0 refused"
        in result.out
    )


def test_a_korean_only_build_links_no_english_page_that_is_not_there(chapter_copy: Path) -> None:
    assert cli("-C", chapter_copy, "build", "-l", "ko", "--format", "html").code == 0
    built = read(chapter_copy / "build" / "ko" / "conclusion.html")
    assert "../en/conclusion.html" not in built
    assert cli("-C", chapter_copy, "build", "-l", "en", "--format", "html").code == 0
    assert cli("-C", chapter_copy, "build", "-l", "ko", "--format", "html").code == 0
    assert '<a href="../en/conclusion.html" hreflang="en"' in read(chapter_copy / "build" / "ko" / "conclusion.html")


# ---------------------------------------------------------------- the book's page: notes, references, macros


def _ids(page: str) -> set[str]:
    tree = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    return {e.get("id") for e in tree.iter() if e.get("id")}


@pytest.mark.parametrize("chapter", ["index", "roofline", "transformers"])
def test_the_books_notes_and_citations_are_numbered_and_listed(book: Path, chapter: str) -> None:
    source = read(book / "ko" / f"{chapter}.md")
    page = read(book / "build" / "ko" / f"{chapter}.html")
    assert "<d-footnote" not in page and "<d-cite" not in page
    refs = re.findall(r'<a id="(note-ref-\d+)" href="#(note-\d+)" role="doc-noteref" aria-label="각주 \d+">', page)
    assert len(refs) == source.count("<d-footnote>")  # every note linked, in every chapter
    assert refs or chapter == "transformers"  # the one chapter without notes
    ids = _ids(page)
    for ref, note in refs:
        assert note in ids and f'href="#{ref}" class="backlink" role="doc-backlink"' in page
    assert ('<h2 id="endnotes-title" lang="ko">각주</h2>' in page) == bool(refs)
    cited = re.findall(r'<a href="#(reference-\d+)" role="doc-biblioref">', page)
    assert len(cited) == len(re.findall(r"<d-cite key=", source))
    assert all(target in ids for target in cited)
    if chapter == "transformers":
        assert re.findall(
            r'<li id="reference-\d+" lang="en">.*?<cite class="reference-title">([^<]+)</cite>', page
        ) == [
            "GLU Variants Improve Transformer",
            "Fast Transformer decoding: One write-head is all you need",
            "GQA: Training generalized multi-query transformer models from multi-head checkpoints",
            "Outrageously large neural networks: The Sparsely-Gated Mixture-of-experts layer",
        ]


def test_a_note_in_an_english_paragraph_is_marked_english_in_the_notes() -> None:
    text = 'Intro<d-footnote>A *note*.</d-footnote> and <d-cite key="a, b"></d-cite> again <d-cite key="b"></d-cite>.\n'
    fragment = html.render(text, [], [(0, len(text) - 1)], html.Rendering(KRAMDOWN))
    assert fragment.body.startswith('<p lang="en" class="untranslated">Intro<sup class="note-ref">')
    # kramdown keeps a note raw (the site shows `*note*` as written); the page renders its Markdown (issue 30)
    assert [(n.number, n.html, n.english) for n in fragment.notes.notes] == [(1, "A <em>note</em>.", True)]
    assert fragment.notes.cited == ("a", "b")
    assert '[<a href="#reference-1" role="doc-biblioref">1</a>, <a href="#reference-2"' in fragment.body
    assert 'again <span class="citation">[<a href="#reference-2" role="doc-biblioref">2</a>]</span>' in fragment.body


def test_a_key_missing_from_the_bibliography_is_a_warning_naming_the_key_and_file(project: Path) -> None:
    chapter = project / "source" / "en" / "cites.md"
    chapter.write_text(
        '---\ntitle: Cites\nbibliography: refs.bib\n---\n\nSee<d-cite key="known,unknown"></d-cite>.\n',
        encoding="utf-8",
    )
    (project / "assets" / "bibliography").mkdir(parents=True)
    (project / "assets" / "bibliography" / "refs.bib").write_text(
        "@article{known, title={A {Known} Paper}, author={R{\\'e}, Chris and Pope, Reiner}, journal={J}, year=2020,"
        " doi={10.1/x}}\n",
        encoding="utf-8",
    )
    result = cli("-C", project, "build", "-l", "en")
    assert result.code == 0, result.err
    assert "assets/bibliography/refs.bib: no entry 'unknown', which source/en/cites.md cites" in result.err
    page = read(project / "build" / "en" / "cites.html")
    assert (
        '<li id="reference-1" lang="en"><span class="reference-authors">Chris Ré and Reiner Pope</span>. '
        '<cite class="reference-title"><a href="https://doi.org/10.1/x">A Known Paper</a></cite>. J, 2020.</li>'
    ) in page
    assert '<li id="reference-2" lang="en"><span class="missing-reference"><code>unknown</code></span></li>' in page


def test_the_books_colour_macros_and_row_spacing_are_typeset(book: Path) -> None:
    page = read(book / "build" / "ko" / "transformers.html")
    main = re.sub(r"<!--.*?-->", "", page.split('<main id="content">')[1], flags=re.DOTALL)
    assert not re.search(r"\\(red|blue|gray|def)\b|\[10pt\]", main)
    assert main.count('mathcolor="red"') > 20 and 'mathcolor="blue"' in main


def test_math_macros_from_the_settings_reach_the_mathml(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.mdgettext]\nmath_macros = { R = "\\\\mathbb{R}", hl = "\\\\color{red}{#1}" }\n', encoding="utf-8"
    )
    (project / "source" / "en" / "m.md").write_text("Let $$x \\in \\R$$ and $$\\hl{y}$$.\n", encoding="utf-8")
    assert cli("-C", project, "build", "-l", "en").code == 0
    page = read(project / "build" / "en" / "m.html")
    assert "\\R" not in page and "\\hl" not in page and 'mathcolor="red"' in page and "<mi>ℝ</mi>" in page


def test_front_matter_html_is_drawn_and_sanitised(book: Path) -> None:
    index = read(book / "build" / "ko" / "index.html")
    assert "Reiner Pope<sup>*</sup></a>" in index and "&lt;sup&gt;" not in index
    jax = read(book / "build" / "ko" / "jax-stuff.html")
    assert (
        "에서 가져왔습니다.</p>" in jax
        and '<a href="https://jax.readthedocs.io/en/latest/jep/14273-shard-map.html">' in jax
    )
    assert '<meta name="description" content="JAX를 사용하여' in jax and "&lt;a href" not in jax
    from mdgettext.publish.frontmatter_html import inline_html, text_of

    hostile = 'Ann<sup onclick="x()">1</sup> <a href="javascript:alert(1)">me</a><script>bad()</script><img src=x>'
    assert inline_html(hostile) == "Ann<sup>1</sup> <a>me</a>"
    assert text_of(hostile) == "Ann1 me"


def test_figures_the_project_has_are_copied_and_the_others_load_from_the_site(book: Path, tmp_path: Path) -> None:
    root = tmp_path / "book"
    shutil.copytree(book, root, ignore=shutil.ignore_patterns("build"))
    (root / "assets" / "img").mkdir()
    (root / "assets" / "img" / "dragon.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    assert cli("-C", root, "-q", "build", "-l", "ko").code == 0
    page = read(root / "build" / "ko" / "index.html")
    assert '<img src="../assets/img/dragon.png" alt="dragon.png">' in page
    assert (root / "build" / "assets" / "img" / "dragon.png").read_bytes() == b"\x89PNG\r\n\x1a\n"
    remote = re.findall(r'<img src="(https://[^"]+)" alt="([^"]*)">', page)
    assert remote and all(
        src.startswith("https://jax-ml.github.io/scaling-book/assets/img/") and alt for src, alt in remote
    )


def test_the_review_page_typesets_math_and_shows_notes_as_notes(book: Path) -> None:
    review = read(book / "build" / "ko" / "roofline.review.html")
    # a translation the safety check refuses is shown as its text, escaped, on purpose; so is each
    # entry's msgid (the editor's key) and the markup beside a finding
    rendered = re.sub(r'<span class="as-text">.*?</span>| data-msgid="[^"]*"', "", review, flags=re.DOTALL)
    rendered = re.sub(r'<div class="skeleton">.*?</div>', "", rendered, flags=re.DOTALL)
    assert "&lt;d-footnote" not in rendered and review.count('<span class="inline-note" role="note">') >= 18
    source = re.findall(r'<div class="source" lang="en" data-label="[^"]*">(.*?)</div>\n', review, re.DOTALL)
    assert sum("<math" in cell for cell in source) > 20 and not any("$$" in cell for cell in source)


def test_a_refusal_on_the_review_page_says_what_to_change(chapter_copy: Path) -> None:
    path = chapter_copy / "locale" / "ko" / "LC_MESSAGES" / "conclusion.po"
    po = polib.pofile(str(path))
    next(e for e in po if e.msgid.startswith("Please leave comments")).msgstr += "<code>굵게</code>"
    po.save()
    assert cli("-C", chapter_copy, "build", "-l", "ko").code == 0
    review = read(chapter_copy / "build" / "ko" / "conclusion.review.html")
    state = re.search(r'<li class="entry" id="L\d+" data-state="refused".*?</li>\n', review, re.DOTALL)
    assert state is not None
    assert (
        "the translation adds HTML &lt;/code&gt;; adds HTML &lt;code&gt;; give it the markup of its English "
        "(remove what it adds, put back what it drops): until then the build publishes the English"
    ) in state.group(0)
