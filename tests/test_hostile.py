"""Hostile translations never reach a page: tried end to end, with the real consumers.

Each case of `data/hostile/cases.yaml` translates messages of `data/hostile/chapter.md`
(one chapter per case, in one project). The real `build` makes both outputs; the
built Markdown is rendered by the book's own kramdown (Jekyll's converter, GFM) and
set in an excerpt of the book's layout, which prints front-matter values unescaped;
`oracle.py` compares each page with the English one. For every hostile case: the
build refuses at least one of its messages, neither output gains anything active,
and `check --strict` reports an error on the refused entry: a safety error that
`mdgettext-ignore` comments cannot silence, told by a links, markup or structure
finding when one says the same. A benign case is never refused as unsafe; it is used
as written but where `check` reports an error. Formulas have their own corpus
(`test_math_safety.py`): here a formula added to a message without one is refused.
"""

from __future__ import annotations

import html as htmllib
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import polib
import pytest
import yaml

import kramdown
import oracle
from browser import Browser, chromium_or_skip
from conftest import DATA, cli, translate_cases
from mdgettext.checks import CODES

HOSTILE = DATA / "hostile"
CORPUS = yaml.safe_load((HOSTILE / "cases.yaml").read_text(encoding="utf-8"))
MESSAGES: dict[str, str] = CORPUS["messages"]
CASES: list[dict] = CORPUS["cases"]
ENGLISH = "english"  # a chapter with no translation: what every page is compared with
# An excerpt of the book's _layouts/distill.liquid: the front matter goes unescaped
# into a JSON string inside a script, into the title and into the table of contents.
LAYOUT = (
    '<d-front-matter><script async type="text/json">{{"title": "{title}", "description": "{description}"}}'
    "</script></d-front-matter><d-title><h1>{title}</h1><p>{description}</p></d-title><nav>{toc}</nav>\n"
)


def hostile(case: dict) -> bool:
    return case["class"] != "benign"


@dataclass
class Built:
    root: Path
    build_err: str
    findings: list[dict]
    findings_suppressed: list[dict]
    lines: dict[str, dict[str, int]]  # chapter -> message name -> msgid line, before the comments
    lines_suppressed: dict[str, dict[str, int]]  # the same, with the mdgettext-ignore comments

    def markdown(self, chapter: str) -> str:
        return (self.root / "build" / "ko" / f"{chapter}.md").read_text(encoding="utf-8")

    def page(self, chapter: str) -> str:
        text = (self.root / "build" / "ko" / f"{chapter}.html").read_text(encoding="utf-8")
        return text.replace(f"{chapter}.", "CHAPTER.").replace(f"/{chapter}", "/CHAPTER")

    @cached_property
    def jekyll(self) -> dict[str, str]:
        """Each chapter's built Markdown as the book's site renders it, in its layout."""
        chapters = [ENGLISH, *(case["id"] for case in CASES)]
        bodies = kramdown.html([self.markdown(c) for c in chapters])
        return {
            c: oracle.page(LAYOUT.format(**_front_matter(self.markdown(c))) + body)
            for c, body in zip(chapters, bodies, strict=True)
        }


def msgstr_lines(root: Path) -> dict[str, dict[str, int]]:
    """The line of each translated message's msgstr (where findings and the build's
    warnings point: the line a translator edits), in each case's catalog."""
    found = {}
    for case in CASES:
        path = root / "locale" / "ko" / "LC_MESSAGES" / f"{case['id']}.po"
        lines = path.read_text(encoding="utf-8").split("\n")
        po = polib.pofile(str(path))
        found[case["id"]] = {}
        for name in case["translate"]:
            entry = po.find(MESSAGES[name])
            line = next(n for n in range(entry.linenum, len(lines) + 1) if lines[n - 1].startswith("msgstr "))
            found[case["id"]][name] = line
    return found


def _front_matter(markdown: str) -> dict[str, str]:
    meta = yaml.safe_load(markdown.split("---\n")[1])
    toc = "".join(f'<a href="#x">{item["name"]}</a>' for item in meta.get("toc", []))
    return {"title": meta["title"], "description": meta["description"], "toc": toc}


def _project(root: Path) -> None:
    """The corpus as a project: one chapter per case, each case's catalog translated."""
    (root / "source" / "en").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[tool.mdgettext]\nlocales = ["ko"]\nheading_ids = true\n', encoding="utf-8")
    chapter = (HOSTILE / "chapter.md").read_text(encoding="utf-8")
    for name in [ENGLISH, *(case["id"] for case in CASES)]:
        (root / "source" / "en" / f"{name}.md").write_text(chapter, encoding="utf-8")
    translate_cases(root, CASES, MESSAGES)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    root = tmp_path_factory.mktemp("hostile") / "book"
    _project(root)
    build = cli("-C", root, "build", "-l", "ko")
    assert build.code == 0, build.err
    checked = cli("-C", root, "check", "-l", "ko", "--format", "json")  # what the build refuses: its errors
    assert checked.code == 1
    lines = msgstr_lines(root)
    for path in (root / "locale" / "ko" / "LC_MESSAGES").glob("*.po"):
        po = polib.pofile(str(path))
        for entry in po:
            entry.tcomment = "\n".join(f"mdgettext-ignore: {code}" for code in sorted(CODES))
        po.save()
    suppressed = cli("-C", root, "check", "-l", "ko", "--strict", "--format", "json")
    return Built(root, build.err, json.loads(checked.out), json.loads(suppressed.out), lines, msgstr_lines(root))


@pytest.fixture(scope="module")
def unjudged(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The corpus built with the safety judge accepting every translation and no
    check's error refusing one: the positive control of the oracle (it must see what
    the build keeps out)."""
    from mdgettext.checks import safety
    from mdgettext.pipeline import judged

    root = tmp_path_factory.mktemp("unjudged") / "book"
    _project(root)
    publish = judged.publish
    with pytest.MonkeyPatch.context() as patch:  # the workers fork: they see the patches too
        patch.setattr(safety, "judge", lambda doc, translations, *_: safety.Verdict(translations, {}))
        # and what `check` reports as an error is not refused either
        patch.setattr(judged, "publish", lambda *args, **kw: publish(*args, **{**kw, "refuse": None, "woven": None}))
        build = cli("-C", root, "build", "-l", "ko")
    assert build.code == 0, build.err
    return Built(root, build.err, [], [], {}, {})


# The engines the oracle reads a case's outputs with, as `active:` in cases.yaml names them.
MEASURED = {
    "page": "our HTML page, read as a browser reads it",
    "kramdown": "the built Markdown as the book's kramdown renders it, in the book's layout",
    "liquid": "the built Markdown as Jekyll's Liquid reads it, before kramdown",
}
# The readers an `inert` case is kept for: active in none of the above here, it would be
# in one of these (cases.yaml says which and how, beside the case).
GUARDED = {
    "browser": "a browser's reading beyond html5lib's (Chromium repairs and quirks)",
    "markdown": "another Markdown reader (Python-Markdown, cmark, GitHub's, a newer kramdown)",
    "kramdown-settings": "kramdown with other site settings or other English (parse_block_html, a reference link)",
    "math": "the site's formula typesetter in the browser",
    "html-reader": "an HTML reader that is not a browser's (a sanitizer, a feed reader)",
}


def _flagged(built: Built, chapter: str) -> dict[str, list[str]]:
    """What the oracle sees in `chapter` that the English does not have, by engine."""
    found = {
        "page": oracle.introduced(built.page(ENGLISH), built.page(chapter)),
        "kramdown": oracle.introduced(built.jekyll[ENGLISH], built.jekyll[chapter]),
        "liquid": ["Liquid"]
        if oracle.liquid(built.markdown(chapter)) != oracle.liquid(built.markdown(ENGLISH))
        else [],
    }
    return {engine: flagged for engine, flagged in found.items() if flagged}


@pytest.mark.parametrize("case", [c for c in CASES if hostile(c)], ids=lambda case: case["id"])
def test_with_the_judge_off_the_oracle_sees_each_hostile_case(case: dict, unjudged: Built) -> None:
    """Without this, `test_nothing_active_reaches_either_output` could pass with an
    oracle that sees nothing. Each case names the engines that make it active
    (`active:`), and with the judge off the oracle must see it active in exactly those.
    A case marked `inert` is active in no engine here (not the HTML page, not kramdown,
    not Liquid) even unjudged: it guards a reader elsewhere, which it names, so the
    oracle must keep seeing nothing there."""
    flagged = _flagged(unjudged, case["id"])
    named = set(case["active"])
    if case.get("inert"):
        assert flagged == {}, f"{case['id']} is active now: remove its `inert`"
        assert named and named <= GUARDED.keys(), f"{case['id']}: name the reader it guards, one of {sorted(GUARDED)}"
    else:
        assert flagged, f"{case['id']}: nothing active reaches a page even without the judge: mark it inert"
        assert set(flagged) == named, f"{case['id']} is active in {sorted(flagged)}: {flagged}"


def test_the_corpus_names_real_messages_and_covers_every_class() -> None:
    segments = set()
    from mdgettext.markdown.segment import segment

    for seg in segment((HOSTILE / "chapter.md").read_text(encoding="utf-8"), "chapter.md").segments:
        segments.add(seg.msgid)
    assert set(MESSAGES.values()) <= segments
    classes = {case["class"] for case in CASES}
    assert classes >= {
        "comments", "raw-text", "url-entities", "html-block", "css", "unclosed", "base-meta", "forms",
        "svg-mathml", "event-handlers", "kramdown", "liquid", "links", "divergence", "front-matter", "benign",
    }  # fmt: skip
    assert len({case["id"] for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["id"])
def test_nothing_active_reaches_either_output(case: dict, built: Built) -> None:
    chapter = case["id"]
    assert oracle.introduced(built.page(ENGLISH), built.page(chapter)) == [], "the HTML page"
    assert oracle.introduced(built.jekyll[ENGLISH], built.jekyll[chapter]) == [], "kramdown's rendering"
    assert oracle.liquid(built.markdown(chapter)) == oracle.liquid(built.markdown(ENGLISH)), "Liquid on the site"


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["id"])
def test_the_build_and_check_refuse_every_hostile_case_and_accept_every_benign_one(case: dict, built: Built) -> None:
    chapter = case["id"]
    po = f"locale/ko/LC_MESSAGES/{chapter}.po"
    lines = built.lines[chapter]
    # the build's warning names the .po line of each refused message
    refused = {name for name, line in lines.items() if f"{po}:{line}: translation of " in built.build_err}
    # With every code silenced by a comment, the safety errors are exactly the refused
    # messages of a hostile case, and there are none in a benign one: nothing silences
    # them. As it stands, a links, markup or structure finding may tell a refused
    # message in place of the safety one (one problem, one finding).
    refusing = ("safety.", "links.", "markup.", "structure.")
    told = {
        f["line"]
        for f in built.findings
        if f["file"] == po and f["severity"] == "error" and f["code"].startswith(refusing)
    }
    unsilenced = {f["line"] for f in built.findings_suppressed if f["file"] == po and f["code"].startswith("safety.")}
    assert all(f["severity"] == "error" for f in built.findings_suppressed if f["code"].startswith("safety."))
    safety = {name for name, line in built.lines_suppressed[chapter].items() if line in unsilenced}
    if hostile(case):
        assert refused and safety == refused, (refused, safety)
        assert {name for name, line in lines.items() if line in told} == refused
    else:
        assert safety == set()  # never refused as unsafe
        assert refused == {name for name, line in lines.items() if line in told}  # only for what check says
    if not hostile(case):  # used as written, but what check reports as an error
        markdown = built.markdown(chapter)
        assert all(
            msgstr in markdown
            for name, msgstr in case["translate"].items()
            if name not in ("title", "description") and name not in refused
        )


ESCAPED = ["title-quote-in-the-json", "title-backslash"]


@pytest.mark.parametrize("chapter", ESCAPED)
def test_a_quote_or_backslash_in_front_matter_is_escaped_for_the_layout(chapter: str, built: Built) -> None:
    """The tool owns the escaping: the layout's JSON parses, and the title the reader sees,
    from the JSON, the <h1>, YAML as Python and as Jekyll's Ruby read it, is the translation."""
    translation = next(case for case in CASES if case["id"] == chapter)["translate"]["title"]
    front = built.markdown(chapter).split("---\n")[1]
    value = yaml.safe_load(front)["title"]
    page = LAYOUT.format(**_front_matter(built.markdown(chapter)))
    script = re.search(r'<script async type="text/json">(.*?)</script>', page, re.DOTALL)
    assert script is not None
    assert htmllib.unescape(json.loads(script.group(1))["title"]) == translation
    heading = re.search(r"<h1>(.*?)</h1>", page)
    assert heading is not None and htmllib.unescape(heading.group(1)) == translation
    if shutil.which("ruby"):
        ruby = subprocess.run(
            ["ruby", "-ryaml", "-rdate", "-e", 'print YAML.safe_load(STDIN.read, permitted_classes: [Date])["title"]'],
            input=front, capture_output=True, text=True, check=True,
        )  # fmt: skip
        assert ruby.stdout == value
    assert "<title>" in built.page(chapter) and translation in htmllib.unescape(built.page(chapter))


def test_every_hostile_case_fails_check_strict_on_its_own(built: Built) -> None:
    """One catalog at a time, as CI checks a pull request that changes one file."""
    failing = {
        f["file"] for f in built.findings_suppressed if f["severity"] == "error" and f["code"].startswith("safety.")
    }
    assert failing == {f"locale/ko/LC_MESSAGES/{case['id']}.po" for case in CASES if hostile(case)}


# Chromium: the nastiest cases, both outputs, loaded as a reader would load them.
IN_CHROMIUM = [
    "comment-bang-close",
    "noscript-title-breakout",
    "select-keeps-img",
    "tab-entity-md-link",
    "attribute-split-across-runs",
    "body-onload-merged-into-body",
    "handler-after-a-form-feed",
    "title-breaks-out-of-the-layout-script",
]
# Before any script of the page runs: count dialogs, and the pages' own marker.
WATCH = "window.__calls = []; window.alert = window.confirm = window.prompt = function () { window.__calls.push(1); };"
REPORT = """
const found = window.__calls.slice();
if (window.__pwned !== undefined) found.push('__pwned');
for (const el of document.querySelectorAll('[href], [src], [action], [formaction]')) {
  for (const name of ['href', 'src', 'action', 'formaction']) {
    const value = el.getAttribute(name);
    if (value === null) continue;
    let protocol = 'unparsable:';
    try { protocol = new URL(value, location.href).protocol; } catch (e) {}
    if (!['http:', 'https:', 'mailto:', 'file:', 'unparsable:'].includes(protocol)) found.push(name + '=' + protocol);
  }
}
return found;
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium_or_skip() as session:
        session.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
        yield session


def _run_in(browser: Browser, path: Path) -> list[str]:
    browser.open(path, 1280)
    # the window's load event waits for every image, frame and media element to load or
    # fail, so their onload and onerror have run; a frame and one turn of the task
    # queue more let the handlers that events queue (ontoggle, onfocus) run too
    browser.js(
        "return new Promise(done => { const settle = () => requestAnimationFrame(() => setTimeout(done, 0));"
        " document.readyState === 'complete' ? settle() : addEventListener('load', settle, {once: true}); })"
    )
    return browser.js(REPORT)


def test_the_browser_sees_a_payload_when_one_runs(browser: Browser, tmp_path: Path) -> None:
    """The watch itself works, and the wait lasts until handlers have run: an image
    that fails to load, an SVG that loads and a details element opened (its toggle
    event is queued, not fired while parsing) each run theirs here."""
    control = tmp_path / "control.html"
    control.write_text(
        oracle.page(
            '<img src="missing.png" onerror="alert(1)"><svg onload="alert(2)"></svg>'
            '<details open ontoggle="alert(3)"><summary>s</summary></details><a href="javascript:void 0">x</a>'
        )
    )
    assert _run_in(browser, control) == [1, 1, 1, "href=javascript:"]  # three handlers ran, one URL found


def test_the_browser_loads_nothing_from_the_network(browser: Browser, tmp_path: Path) -> None:
    """Offline by construction (browser.FLAGS: every host resolves nowhere but the test's
    own files), not by the machine: a remote image fails, its error handler runs, and a
    remote frame and script bring nothing, on a machine with a network too."""
    remote = tmp_path / "remote.html"
    remote.write_text(
        oracle.page(
            '<img src="https://upload.wikimedia.org/wikipedia/commons/a/a9/Example.jpg" onerror="alert(1)">'
            '<iframe src="https://example.com/"></iframe><script src="https://example.com/x.js"></script>'
        )
    )
    assert _run_in(browser, remote) == [1]
    assert browser.js("return document.images[0].naturalWidth") == 0
    loaded = browser.js("return performance.getEntriesByType('resource').filter(e => e.transferSize > 0).length")
    assert loaded == 0


@pytest.mark.parametrize("chapter", IN_CHROMIUM)
def test_no_script_runs_in_chromium(chapter: str, browser: Browser, built: Built, tmp_path: Path) -> None:
    site = tmp_path / f"{chapter}.jekyll.html"
    site.write_text(built.jekyll[chapter], encoding="utf-8")
    assert _run_in(browser, built.root / "build" / "ko" / f"{chapter}.html") == [], "the HTML page"
    assert _run_in(browser, site) == [], "kramdown's rendering"


def test_a_real_community_translation_is_refused_only_where_its_links_differ() -> None:
    """The six chapters translated in place by the community (data/book/ko), paired with
    their English: 503 translated blocks (14 of them captions and answer buttons, none
    refused: their escaped quotes are read as Jekyll reads them). The only ones refused
    are those whose links the translator changed (to `-kr` pages, to Korean anchors, a
    destination with a space that kramdown makes a link of), which `check` reports as
    link errors too. Three whose formulas differ from the English's (a display equation
    dropped, `bm` made `bn`, `$D$` written as D) are published: the page still reads,
    and `check` warns. A translated `\\text{A/B/C/D의 크기}` is plain words."""
    from mdgettext.alignment.align import Pair, align
    from mdgettext.checks.safety import judge
    from mdgettext.markdown.segment import segment
    from mdgettext.model import TranslationMap

    translated = refused = 0
    for english in sorted((DATA / "book" / "en").glob("*.md")):
        doc = segment(english.read_text(encoding="utf-8"), english.name)
        korean = segment((DATA / "book" / "ko" / english.name).read_text(encoding="utf-8"), english.name)
        pairs = {}
        for step in align(doc, korean).steps:
            if isinstance(step, Pair) and len(step.source) == 1 and step.translation != step.source[0].msgid:
                pairs[(step.source[0].context, step.source[0].msgid)] = step.translation
        verdict = judge(doc, TranslationMap(pairs))
        translated += len(pairs)
        refused += len(verdict.refused)
        for reasons in verdict.refused.values():
            assert all("Markdown link" in r.text or "link destination" in r.text for r in reasons), reasons
    assert (translated, refused) == (503, 17)
