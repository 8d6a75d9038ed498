"""`flavor = "gfm"`: Markdown as GitHub renders it. Each case (fixtures/flavors/gfm.txt)
pairs an English Markdown with the messages a translator is offered and a French
translation of them, and the French Markdown the build writes: task-list and alert markers stay out of the
msgids and in the output, strikethrough and autolinks are markup of the message.

What GitHub shows is judged by cmark-gfm, GitHub's own renderer (its CLI with the
table, autolink, strikethrough and tasklist extensions): for the English and for the
French, our parser's tree has the same struck text, link destinations and checkboxes,
in order, as cmark-gfm's HTML. cmark-gfm's CLI does not render alerts; GitHub's
documented output for them (`<div class="markdown-alert markdown-alert-note">`, a
title paragraph, the body) is what the page is held to.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest

import fidelity
from conftest import DATA, EXAMPLES, FlavorCase, cli, flavor_cases, needed_in_ci
from mdgettext.markdown.flavors import GFM, named
from mdgettext.markdown.parser import parser
from mdgettext.markdown.segment import segment
from mdgettext.markdown.weave import weave
from mdgettext.model import TranslationMap
from mdgettext.publish.body import Rendering, render
from mdgettext.publish.words import words

CASES = flavor_cases("gfm")  # fixtures/flavors/gfm.txt
# The same Markdown read as CommonMark: every marker is text, and so in the msgid.
AS_COMMONMARK = {
    "task list": ("[x] Done task", "[ ] Open task", "Not a task"),
    "note": ("[!NOTE] Useful information.",),
}


def msgids(text: str, flavor: str = "gfm") -> tuple[str, ...]:
    return tuple(s.msgid for s in segment(text, "x.md", flavor=named(flavor)).segments)


def translated(case: FlavorCase) -> str:
    doc = segment(case.english, "x.md", flavor=GFM)
    return weave(
        doc, TranslationMap({(s.context, s.msgid): fr for s, fr in zip(doc.segments, case.translation, strict=True)})
    ).text


@pytest.mark.parametrize("name", CASES)
def test_the_markers_stay_out_of_the_msgid_and_in_the_translation(name: str) -> None:
    case = CASES[name]
    assert msgids(case.english) == case.msgids
    assert translated(case) == case.built
    doc = segment(case.english, "x.md", flavor=GFM)
    assert weave(doc, TranslationMap({(s.context, s.msgid): s.msgid for s in doc.segments})).text == case.english


@pytest.mark.parametrize("name", AS_COMMONMARK)
def test_commonmark_reads_the_markers_as_words(name: str) -> None:
    assert msgids(CASES[name].english, "commonmark") == AS_COMMONMARK[name]


def test_task_items_and_alert_paragraphs_say_what_they_are() -> None:
    doc = segment("- [x] Done\n- Plain\n\n> [!NOTE]\n> Body.\n", "x.md", flavor=GFM)
    assert [s.kind for s in doc.segments] == ["task list item", "list item", "alert"]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"ex{e['example']:04d}")
def test_identity_gives_back_every_commonmark_example_read_as_gfm(example: dict) -> None:
    assert fidelity.identity_holds(example["markdown"], GFM)


# ---------------------------------------------------------------- against cmark-gfm

# More that GitHub reads its own way, beside the cases: where each construct starts and stops.
EDGES = (
    "a ~~~not struck~~~ and ~~ spaced ~~ and `~~code~~`",
    "a~~b~~c, ~~two\nlines~~, ~one~~ mixed",
    "www.example.com. www.example.com, (www.example.com) www.example.com/a_(b)",
    "https://example.com/x?y=1&z=2) and http://a.b/c; end",
    "[www.example.com](https://elsewhere.org) and <https://angle.org>",
    "mailto and user.name+tag@sub.example.co.uk! and a@b",
    "wwwexample.com is no link, nor is www.x_y.com",
    "www. at a sentence's end",
    "https:// and nothing",
    "- [x]\n- [ ]  two spaces\n- [y] no\n- x [ ] later",
    "- [X] caps\n\n  second paragraph\n- [ ] loose",
    "1) [ ] paren list\n2) [x] done",
    "> - [x] quoted task\n> - ~~quoted~~ www.quoted.org",
    "[x] not in a list\n\n-   [ ] wide marker",
    "- [ ]\n  text on the next line\n- [x]\ttab\n- [x] # heading\n- [x] `code` only",
    "| a | b |\n|---|---|\n| ~~x~~ | www.t.org |",
)


class _Elements(HTMLParser):
    """The elements cmark-gfm's HTML shows for these constructs, in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if tag == "del":
            self.found.append(("del", ""))
        elif tag == "a":
            self.found.append(("a", given.get("href") or ""))
        elif tag == "input" and given.get("type") == "checkbox":
            self.found.append(("checkbox", "checked" if "checked" in given else ""))

    handle_startendtag = handle_starttag


def github_elements(markdown: str) -> list[tuple[str, str]]:
    missing = "cmark-gfm is not installed (apt-get install cmark-gfm)"
    needed_in_ci(missing if shutil.which("cmark-gfm") is None else None, "the GFM agreement test")
    command = ["cmark-gfm", "-e", "table", "-e", "autolink", "-e", "strikethrough", "-e", "tasklist"]
    html = subprocess.run(command, input=markdown, capture_output=True, text=True, check=True).stdout
    reader = _Elements()
    reader.feed(html)
    return reader.found


def our_elements(markdown: str) -> list[tuple[str, str]]:
    """The same elements in our parser's tree, which the segmenter, the checks and the page read."""
    found: list[tuple[str, str]] = []
    for token in parser(GFM).parse(markdown):
        if token.type == "list_item_open" and "checked" in (token.meta or {}):
            found.append(("checkbox", "checked" if token.meta["checked"] else ""))
        for child in token.children or ():
            if child.type == "s_open":
                found.append((child.tag, ""))
            elif child.type == "link_open":
                found.append(("a", str(child.attrGet("href") or "")))
    return found


def _pseudo(msgid: str) -> str:
    """A translation that changes every letter of prose and keeps the markup, GFM's
    autolinks too (fidelity.pseudo knows CommonMark's, and `https://`)."""
    return "".join(piece if i % 2 else fidelity.pseudo(piece) for i, piece in enumerate(GFM_LINK.split(msgid)))


GFM_LINK = re.compile(r"(www\.[^\s<]*|[a-z]+://\S*|[\w.+-]+@[\w.-]+)")


def disagreements(texts: dict[str, str]) -> list[str]:
    """The names of the texts where our tree and cmark-gfm's HTML differ."""
    return [name for name, text in texts.items() if our_elements(text) != github_elements(text)]


# Where we read as github.com does and this cmark-gfm (0.29.0.gfm.6) does not, or the
# other way round; each checked by hand:
KNOWN = [
    "www. at a sentence's end",  # cmark-gfm links a bare `www` (to http://www), mdit-py-plugins wants a domain
    "https:// and nothing",  # mdit-py-plugins links a scheme with no host; cmark-gfm does not
    "> - [x] quoted task",  # github.com boxes a task in a block quote; this cmark-gfm's tasklist misses it
]


def test_github_and_we_see_the_same_struck_text_links_and_checkboxes() -> None:
    english = {name: case.english for name, case in CASES.items()} | {edge.split("\n")[0]: edge for edge in EDGES}
    french = {name: translated(case) for name, case in CASES.items()}
    for edge in EDGES:
        doc = segment(edge, "x.md", flavor=GFM)
        pseudo = TranslationMap({(s.context, s.msgid): _pseudo(s.msgid) for s in doc.segments})
        french[edge.split("\n")[0]] = weave(doc, pseudo).text
    assert sum(len(github_elements(text)) for text in english.values()) > 30  # what is compared is there
    assert disagreements(english) == KNOWN
    assert disagreements(french) == KNOWN


# The extension examples of the GFM spec 0.29 (tests/data/gfm/): tables, task lists,
# strikethrough, autolinks and the tag filter, each read by cmark-gfm and by us.
SPEC = json.loads((DATA / "gfm" / "gfm-spec-0.29-extensions.json").read_text(encoding="utf-8"))
KNOWN_SPEC = {
    628: "ftp://: cmark-gfm 0.29 links it, mdit-py-plugins' gfm_autolink only http(s), mailto and xmpp",
    631: "a.b-c_d@a.b: gfm_autolink back-scans the text before `@`, which stops at `_` (an emphasis marker)",
}


@pytest.mark.parametrize("example", SPEC, ids=lambda e: f"ex{e['example']:04d}-{e['extension']}")
def test_github_and_we_agree_on_the_gfm_spec_extension_examples(example: dict) -> None:
    text = example["markdown"]
    doc = segment(text, "x.md", flavor=GFM)
    assert weave(doc, TranslationMap({(s.context, s.msgid): s.msgid for s in doc.segments})).text == text
    pseudo = weave(doc, TranslationMap({(s.context, s.msgid): _pseudo(s.msgid) for s in doc.segments})).text
    for markdown in (text, pseudo):
        assert (our_elements(markdown) == github_elements(markdown)) == (example["example"] not in KNOWN_SPEC)


# ---------------------------------------------------------------- a project

ALERT_HTML = (
    '<div class="markdown-alert markdown-alert-note">\n<p class="markdown-alert-title">Note</p>\n<p>{}</p>\n</div>'
)


def french_catalog(project: Path, chapter: str, english: str) -> Path:
    """A gfm project of one chapter with its French catalog made (init, extract, update)."""
    (project / "source" / "en" / f"{chapter}.md").write_text(english, encoding="utf-8")
    assert cli("-C", project, "-q", "init", "--flavor", "gfm", "--locale", "fr").code == 0
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update").code == 0
    return project / "locale" / "fr" / "LC_MESSAGES" / f"{chapter}.po"


def test_a_gfm_project_builds_french_that_keeps_every_marker(project: Path) -> None:
    """init --flavor gfm, extract, update, translate, build: the Markdown keeps the task
    and alert markers and the page shows what GitHub shows (an alert as GitHub documents it)."""
    names = ("task list", "strikethrough", "www autolink", "note")
    catalog = french_catalog(project, "plan", "\n".join(CASES[n].english for n in names))
    french = {m: fr for n in names for m, fr in zip(CASES[n].msgids, CASES[n].translation, strict=True)}
    po = polib.pofile(str(catalog))
    assert [entry.msgid for entry in po] == list(french)
    for entry in po:
        entry.msgstr = french[entry.msgid]
    po.save()
    assert cli("-C", project, "check").code == 0
    assert cli("-C", project, "-q", "build").code == 0
    built = project / "build" / "fr"
    assert (built / "plan.md").read_text(encoding="utf-8") == "\n".join(CASES[n].built for n in names)
    page = (built / "plan.html").read_text(encoding="utf-8")
    assert '<input class="task-list-item-checkbox" disabled="" type="checkbox" checked=""> Tâche faite' in page
    assert "C'est <del>ancien</del> neuf" in page
    assert '<a href="http://www.example.com/docs">www.example.com/docs</a>' in page
    assert ALERT_HTML.format("Information utile.") in page
    assert "[!NOTE]" not in page and "[x]" not in page


def test_a_translation_must_keep_the_autolinks_and_the_struck_text(project: Path) -> None:
    catalog = french_catalog(project, "a", CASES["autolink in a task"].english)
    for msgstr, code in (
        ("Passer example.com de ~~http~~ à https", "links.missing"),
        ("Passer www.example.com de http à https", "structure.changed"),
    ):
        po = polib.pofile(str(catalog))
        po[0].msgstr = msgstr
        po.save()
        result = cli("-C", project, "check")
        assert result.code == 1 and f"[{code}]" in result.out + result.err, msgstr


def test_a_translation_may_not_add_a_checkbox(project: Path) -> None:
    """A task marker is out of the msgid (the item keeps its own); one a translation adds
    is a checkbox on GitHub's page that the English lacks. Escaped, it is text."""
    catalog = french_catalog(project, "a", "- Buy milk\n- Sell eggs\n")
    for msgstr, code in (("[x] Acheter du lait", 1), ("\\[x] Acheter du lait", 0), ("Acheter du lait", 0)):
        po = polib.pofile(str(catalog))
        po[0].msgstr = msgstr
        po.save()
        result = cli("-C", project, "check")
        assert result.code == code, (msgstr, result.out + result.err)
        if code:
            assert "task marker" in result.out + result.err and "[structure.changed]" in result.out + result.err


def test_an_x_in_brackets_on_a_tasks_first_line_is_judged_as_github_ticks_the_box(project: Path) -> None:
    """cmark-gfm ticks a task's box when `[x]` is anywhere on the item's first line (its
    tasklist extension searches the line, not the marker): an error where the translation
    ticks an open task, a warning where it unticks one the English's own `[x]` ticked; each
    verdict is held to cmark-gfm's reading of the translation put back."""
    english = "- [ ] Fill in the form, then\n  mark it [x]\n- [ ] Use [x] for done\n"
    catalog = french_catalog(project, "a", english)
    for form, options, code, severity in (
        ("Remplir le formulaire, puis le marquer [x]", "Utiliser [x] pour fait", 1, "error"),  # one line now
        ("Remplir \\[x] le formulaire", "Utiliser [X] pour fait", 1, "error"),  # escaped, still `[x]` to strstr
        ("Remplir le formulaire, puis le marquer [&#120;]", "Utiliser [x] pour fait", 0, None),
        ("Remplir le formulaire", "Utiliser [&#120;] pour fait", 0, "warning"),
    ):
        po = polib.pofile(str(catalog))
        po[0].msgstr, po[1].msgstr = form, options
        po.save()
        result = cli("-C", project, "check")
        found = result.out + result.err
        assert result.code == code, (form, options, found)
        assert ("first line" in found) == (severity is not None), found
        if severity:
            assert f": {severity}: " in found and "[structure.changed]" in found, found
        doc = segment(english, "a.md", flavor=GFM)
        put_back = weave(doc, TranslationMap({(None, e.msgid): e.msgstr for e in po})).text
        assert (github_elements(put_back) != github_elements(english)) == (severity is not None), put_back
        assert cli("-C", project, "-q", "build", "--format", "md").code == 0
        built = (project / "build" / "fr" / "a.md").read_text(encoding="utf-8")
        assert ("Fill in the form" in built) == (severity == "error"), built  # an error is refused, a warning not


@pytest.mark.parametrize(
    ("kind", "language", "title"), [("NOTE", "ko", "참고"), ("WARNING", "ja", "警告"), ("TIP", "fr", "Tip")]
)
def test_an_alerts_title_is_in_the_pages_language(kind: str, language: str, title: str) -> None:
    """GitHub writes the title ("Note") that the text does not: the page's words give it
    (a language without page words keeps GitHub's English)."""
    html = render(f"> [!{kind}]\n> 본문.\n", [], (), Rendering(GFM, alert_titles=words(language).alert_titles)).body
    assert f'<p class="markdown-alert-title">{title}</p>' in html
