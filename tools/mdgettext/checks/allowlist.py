"""What markup a message holds, as every reader of the published text could read it.

A translation may hold only the markup of its English. This module lists a text's
markup, each piece as the reader that acts on it reads it, and says how a
translation's list differs from its English's. Every rule compares the two lists;
none bans a feature, so an English that itself has an `<iframe>` can be translated.

The readers: a browser (the HTML page, and kramdown's output on the Jekyll site),
kramdown (the site's Markdown, after Liquid), Liquid (first, over everything),
markdown-it (the HTML page), MathJax and KaTeX (TeX in the text). Where they
disagree, the list holds every reading, so no reader can see markup the list lacks:

- HTML tags as the browser's tokenizer reads them (`markdown/html.py`): start tags
  with their attribute names and values (order, quoting, case of names and
  character-reference spelling free; the words of `title` and `alt` free), end
  tags, comments (closed or not), doctypes, and a tag left unfinished at the end;
- every `<` that can open markup but starts no tag in that reading (inside an
  attribute value, a comment or raw text), as written: another reader of the same
  text (a code span for one engine, not the other) may see a tag there;
- how the tags nest (an element left open swallows what follows);
- the tags markdown-it itself passes through as HTML (a tag moved out of a code span);
- Liquid tags byte for byte, and stray `{%`, `{{` and `%}`;
- kramdown's own syntax: `{:...}` attribute lists, `{::...}` extensions, `{#id}`,
  and the line starts only kramdown reads (`*[abbr]:`, `[^note]:`, `[label]:`,
  `~~~`, `{:`, a line that is all `$$…$$` math); in a paragraph a `|` (kramdown
  makes a table of it), but for the title bar of a block's opening line the flavor's
  engine reads (`Flavor.generic_blocks`: pymdownx.blocks' `/// tip | 팁`);
- the lines that open or close the flavor's engine's blocks (`/// tip`, `///`);
- the attribute lists the flavor's own engine reads besides (Python-Markdown's
  attr_list: `{ … }` without the colon, after any element, `Flavor.attribute_lists`);
- pymdownx.snippets' lines (`--8<-- "file"`), where a MkDocs site reads a file;
- TeX commands that make links or HTML or define macros (`\\href`, `\\class`,
  `\\unicode`, `\\def`, ...), character references decoded (`&#92;href`); the
  formulas themselves are `formulas.py`'s;
- link and image destinations as markdown-it decodes them; every destination-like
  text (after `](` or `]:`) as written and with character references decoded once
  and twice, as kramdown (which keeps references) and the browser read it; and the
  scheme of each under the WHATWG URL parser, against http, https and mailto;
- the Markdown block structure, and how many line breaks the text has;
- in front matter, which the book's layout prints unescaped into HTML and into a
  JSON string, nothing more: `"`, `\\` and control characters are written there as
  character references (`markdown/frontmatter.py`'s `for_layout`), so they are text.

Pure functions over strings; `safety.py` decides what to compare with what.
This module is long because each reader's view is a few lines of its own, and they
are only sound together: split up, it would not show which reading covers which gap.
"""

from __future__ import annotations

import hashlib
import html as htmllib
import re
from bisect import bisect_left
from collections import ChainMap, Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any
from urllib.parse import unquote, urlsplit

from markdown_it.common.html_re import HTML_TAG_RE
from markdown_it.token import Token

from mdgettext.editions import edition
from mdgettext.markdown import html, liquid, tagtext
from mdgettext.markdown.folding import INDENTED_PLAIN
from mdgettext.markdown.inline import MASKED_ATTRIBUTES
from mdgettext.markdown.parser import untrusted, untrusted_blocks
from mdgettext.markdown.tables import table_pipes
from mdgettext.model import Flavor, Reason

# Raw-text elements whose content runs (script, style) or is read as HTML by a browser
# without scripting (noscript, noembed, noframes, iframe's fallback).
CODE_ELEMENTS = frozenset({"script", "style", "noscript", "noembed", "noframes", "iframe"})
# Elements that only shape text: written without attributes, a translation may add them
# (closed) as its language needs, as the reader's engine draws them and nothing can run.
# Only kramdown's span elements (HTML_SPAN_ELEMENTS in kramdown/parser/html.rb): `<s>` or
# `<wbr>` at a line start opens an HTML block there, splitting the paragraph.
SHAPING = frozenset("b strong i em u del ins mark small sub sup span br".split())
KRAMDOWN_SPAN = re.compile(r"\{:[^}]*\}?|\{#[^}]*\}?")
# an attribute list of class names only: kramdown's (`{: .a}`), or attr_list's (`{ .a }`)
CLASSES_ONLY = re.compile(r"\{:?[ \t]*(?:\.[\w-]+[ \t]*)+\}")
# pymdownx.snippets' marker at a line's start (RE_ALL_SNIPPETS and its section markers;
# an escaped `;--8<--` too): MkDocs puts a file's text there before Markdown is read
SNIPPET_LINE = re.compile(r"^[ \t>]*;*-+8<-+.*$", re.MULTILINE)
KRAMDOWN_LINE = re.compile(
    r"^[ \t>]*(\*\[[^\]\n]*\]:|\[\^[^\]\n]*\]:|\[[^\]\n]+\]:|\$\$(?=[^\n]*\$\$[ \t]*$)|~~~|\{:)", re.MULTILINE
)
TEX_COMMANDS = re.compile(
    r"\\(href|url|require|class|style|cssId|data|html[A-Za-z]*|includegraphics|unicode|bbox|toggle|mmlToken|"
    r"tooltip|texttip|def|gdef|edef|xdef|let|newcommand|renewcommand|providecommand)(?![A-Za-z])"
)
# Where a Markdown reader takes a link destination: after `](`, or after `[label]:` at the
# start of a line (a definition), spaces and `<`. Not after `] (`, nor after `]:` in a
# sentence: no reader of the published text (kramdown, markdown-it, GitHub) makes a link
# there, and `A[S, D] (our activations)` or `**Question 9 [why?]**: see` is prose.
DESTINATION = re.compile(r"(?:\]\(|^[ \t>]*\[[^\]\n]+\]:)[ \t]*<?", re.MULTILINE)
DESTINATION_END = re.compile(r"[\s)<>\[\]]")
# A scheme as the WHATWG URL parser reads one: leading controls and spaces skipped,
# tabs and newlines inside ignored.
SCHEME_AT = re.compile(r"[\x00-\x20]*([A-Za-z][A-Za-z0-9+.\-\t\n\r]*):")
ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
IMAGE_OPENER = re.compile(r"!\[")
LINE_BREAK = re.compile(r"\r\n?|\n")
QUICK_LIMIT = 20_000  # characters: a longer text with more `<` than its English is refused unread
TagKey = tuple[Any, ...]


class Where(Enum):
    """How the published text reads a message: its place decides which rules apply."""

    INLINE = "inline"  # a paragraph, list item, quote or footnote: may hold line breaks
    LINE = "line"  # a heading or table cell: one line inside other Markdown
    HTML = "html"  # a whole raw HTML block, its text runs put back
    YAML = "yaml"  # a front-matter value, printed unescaped by the site's layout


@dataclass(frozen=True)
class Markup:
    """Every piece of markup in one text, each as a multiset."""

    tags: Counter[TagKey] = field(default_factory=Counter)
    loose: Counter[str] = field(default_factory=Counter)  # `<` that open no tag here, as written
    nesting: str = ""  # a digest of how the elements nest
    passed_through: Counter[TagKey] = field(default_factory=Counter)  # markdown-it's html_inline/html_block
    liquid: Counter[str] = field(default_factory=Counter)
    kramdown: Counter[str] = field(default_factory=Counter)
    attributes: Counter[str] = field(default_factory=Counter)  # the flavor's own attribute lists (attr_list)
    includes: Counter[str] = field(default_factory=Counter)  # snippet lines: a file read into the page
    generic_blocks: Counter[tuple[str, bool]] = field(default_factory=Counter)  # `/// tip`, `///`: its blocks' lines
    tex: Counter[str] = field(default_factory=Counter)
    links: Counter[tuple[str, str]] = field(default_factory=Counter)
    destinations: Counter[str] = field(default_factory=Counter)
    bad_schemes: Counter[str] = field(default_factory=Counter)  # destinations read with a scheme not allowed
    image_destinations: Counter[str] = field(default_factory=Counter)  # those an image may load (`![…](`)
    blocks: tuple[str, ...] = ()
    breaks: int = 0
    repeated: tuple[str, ...] = ()  # tags with an attribute written twice
    starts: int = 0  # how many `<` can open markup


def markup_of(
    text: str, where: Where, references: Mapping[str, Any] | None = None, flavor: Flavor | None = None
) -> Markup:
    """Every piece of markup in `text`, read as it is published at `where`.

    `references` are the document's link definitions, so `[text][label]` in the
    message resolves as it will on the page; `flavor` is the document's, whose engine
    may read attribute lists of its own (None: no such engine).
    """
    read = code_masked(text) if where in (Where.INLINE, Where.LINE) and "`" in text else text
    starts = html.markup_starts(read)
    tags, loose, nesting, repeated = _html(read, starts)
    found: dict[str, Any] = {
        "tags": tags,
        "loose": loose,
        "nesting": nesting,
        "repeated": repeated,
        "starts": len(starts),
        "liquid": _liquid(text),
        "tex": Counter(TEX_COMMANDS.findall(htmllib.unescape(text) if "&" in text else text)),  # `&#92;href` too
        "breaks": len(LINE_BREAK.findall(text)),
    }
    if where is Where.YAML:
        return Markup(**found)
    kramdown = Counter(KRAMDOWN_SPAN.findall(text))
    kramdown.update(f"a line starting {m.strip()}" for m in KRAMDOWN_LINE.findall(text))
    if where is Where.INLINE:
        titled, lines = flavor.generic_blocks(text) if flavor is not None and flavor.generic_blocks else (text, [])
        if pipes := table_pipes(titled):
            kramdown["|"] += pipes
        found["generic_blocks"] = Counter(lines)
    found["kramdown"] = kramdown
    if flavor is not None and flavor.attribute_lists is not None and "{" in read:
        found["attributes"] = Counter(flavor.attribute_lists(read))
    if "8<-" in text:
        found["includes"] = Counter(m.strip() for m in SNIPPET_LINE.findall(text))
    found.update(_markdown(text, where, references or {}))
    return Markup(**found)


BACKTICKS = re.compile(r"`+")
ORDINARY = re.compile(r"[^\\<`]+")  # what `code_masked` copies without reading: no backslash, `<` or backtick


def code_masked(text: str) -> str:
    """The text with the inside of each code span blanked, for reading its HTML: every
    Markdown reader of it (kramdown, markdown-it) shows a code span's `<` as text. The
    spans are found as both read them, left to right: a backslash escapes a backtick,
    and an HTML tag that starts first holds any backticks in its attribute values
    (`<img src="`" onerror=…>` is a tag, not code)."""
    out, at = [], 0
    while at < len(text):
        char = text[at]
        if char == "\\":
            out.append(text[at : at + 2])
            at += 2
            continue
        if char == "<" and (tag := HTML_TAG_RE.match(text, at)):
            out.append(tag.group())
            at = tag.end()
            continue
        if char == "`":
            run = BACKTICKS.match(text, at)
            assert run is not None
            size = len(run.group())
            closing = next((m for m in BACKTICKS.finditer(text, run.end()) if len(m.group()) == size), None)
            if closing is not None:
                out += [run.group(), " " * (closing.start() - run.end()), closing.group()]
                at = closing.end()
                continue
            out.append(run.group())
            at = run.end()
            continue
        plain = ORDINARY.match(text, at)  # up to the next backslash, `<` or backtick
        end = plain.end() if plain is not None else at + 1  # a `<` that starts no tag: itself
        out.append(text[at:end])
        at = end
    return "".join(out)


def _html(text: str, starts: list[int]) -> tuple[Counter[TagKey], Counter[str], str, tuple[str, ...]]:
    if not starts:
        return Counter(), Counter(), "", ()
    tokens = html.tokens(text)
    tags: Counter[TagKey] = Counter()
    opened: set[int] = set()
    repeated = []
    for number, token in enumerate(tokens):
        if token.kind != html.TEXT:
            tags[tag_key(token)] += 1
            opened.add(token.start)
        if token.kind == html.START and token.name in CODE_ELEMENTS:
            # what the element runs or hides, byte for byte, once the element is closed
            following = tokens[number + 1 : number + 3]
            body = following[0].name if following and following[0].kind == html.TEXT else ""
            if any(t.kind == html.END and t.name == token.name for t in following):
                tags[("code in", token.name, body)] += 1
        if token.kind == html.START and (twice := token.duplicates()):
            repeated.append(f"<{token.name}> repeats {', '.join(d + '=' for d in twice[:5])}")
    loose: Counter[str] = Counter()
    for at in starts:
        if at not in opened:
            end = text.find(">", at, at + 80)
            cut = text.find("<", at + 1, end if end >= 0 else at + 80)
            stop = cut if cut >= 0 else (end + 1 if end >= 0 else at + 80)
            loose[text[at:stop]] += 1
    return tags, loose, _nesting(tokens), tuple(repeated)


def tag_key(token: html.Token) -> TagKey:
    """A token as the rules compare it: what a browser builds from it, and nothing else."""
    if token.kind == html.START:
        attrs = tuple(sorted((n, "…" if n in MASKED_ATTRIBUTES else v) for n, v in token.attrs))
        return (html.START, token.name, attrs)
    if token.kind == html.COMMENT:
        return (html.COMMENT, token.name, token.closed)
    return (token.kind, token.name)


def describe(key: TagKey) -> str:
    """A compared piece of HTML as a translator reads it: `<img onerror="…" src="x">`."""
    kind = key[0]
    if kind == html.START:
        attrs = "".join(f' {n}="{v}"' for n, v in key[2])
        return f"<{key[1]}{attrs}>"
    if kind == html.END:
        return f"</{key[1]}>"
    if kind == html.COMMENT:
        return f"<!--{key[1][:40]}{'-->' if key[2] else ''} (a comment{'' if key[2] else ' never closed'})"
    if kind == html.DOCTYPE:
        return f"<!DOCTYPE {key[1]}>"
    if kind == "code in":
        return f"<{key[1]}>{key[2][:40]}</{key[1]}> (the code of the element)"
    return f"{key[1][:40]!r}, a tag never finished"


def _nesting(tokens: list[html.Token]) -> str:
    """How the elements nest, siblings in any order: a translator may reorder links or
    `<sub>`s, not leave one open, close it early or move text into another parent.
    Each subtree is named by a digest of its tag and its children's digests, sorted,
    so two texts compare in n log n however deep their elements nest."""
    root: list[str] = []
    stack: list[tuple[TagKey, list[str]]] = []

    def close(key: TagKey, children: list[str]) -> None:
        digest = hashlib.blake2b(repr(key).encode(), digest_size=16)
        for child in sorted(children):
            digest.update(child.encode())
        (stack[-1][1] if stack else root).append(digest.hexdigest())

    for token in tokens:
        if token.kind == html.START and token.name not in html.VOID:
            stack.append((tag_key(token), []))
        elif token.kind == html.START:
            if not _shaping(tag_key(token)):
                close(tag_key(token), [])
        elif token.kind == html.END:
            if stack and stack[-1][0][1] == token.name:
                key, children = stack.pop()
                # closed, it only shapes, links or notes its text: its children are its parent's
                if _shaping(key) or _reader_link(key) or _book_element(key):
                    (stack[-1][1] if stack else root).extend(children)
                else:
                    close(key, children)
            else:
                close(("stray end", token.name), [])
    while stack:
        key, children = stack.pop()
        close(("left open", *key), children)
    if not root:  # no element, or only ones that shape text: as a text without tags
        return ""
    close(("root",), root)
    return root[-1]


def _liquid(text: str) -> Counter[str]:
    tokens = liquid.tokens(text)
    found = Counter(tagtext.prose_aside(t.text) if t.closed else f"{t.text} (never closed)" for t in tokens)
    if stray := liquid.stray_closers(text, tokens):
        found["%} (closing no tag)"] += stray
    return found


def _markdown(text: str, where: Where, references: Mapping[str, Any]) -> dict[str, Any]:
    """What the Markdown readers see: links, HTML passed through, blocks, destinations."""
    env: dict[str, Any] = {"references": ChainMap({}, dict(references) if references else {})}
    # Without `[` or `<` markdown-it makes no link, image, definition, footnote or HTML
    # (see untrusted_blocks): a line has nothing to read, a block only its structure.
    plain = "[" not in text and "<" not in text
    blocks: tuple[str, ...] = ()
    if where is Where.LINE:
        tokens = [] if plain else untrusted().parseInline(text, env)
    elif plain and one_paragraph(text):
        tokens, blocks = [], PARAGRAPH
    else:
        tokens = (untrusted_blocks() if plain else untrusted()).parse(text, env)
        blocks = tuple(t.type for t in tokens if t.type != "inline")
    links: Counter[tuple[str, str]] = Counter()
    passed: Counter[TagKey] = Counter()
    for token in _walk(tokens):
        if token.type == "link_open":
            links[("autolink" if token.markup == "autolink" else "link", str(token.attrGet("href") or ""))] += 1
        elif token.type == "image":
            links[("image", str(token.attrGet("src") or ""))] += 1
        elif token.type in ("html_inline", "html_block"):
            passed.update(_passed(token.content))
    for label, ref in env["references"].maps[0].items():
        links[("definition", f"{label} {ref.get('href', '')}")] += 1
    destinations, bad, images = _destinations(text)
    return {
        "links": links,
        "passed_through": passed,
        "blocks": blocks,
        "destinations": destinations,
        "bad_schemes": bad,
        "image_destinations": images,
    }


PARAGRAPH = ("paragraph_open", "paragraph_close")


def one_paragraph(text: str) -> bool:
    """Whether markdown-it's blocks of a text without `[` or `<` are one paragraph, told
    without reading it: one line (markdown-it breaks lines at `\\n` and `\\r` only) that
    starts with a letter. Every other block of `untrusted()` starts its line with a
    marker no letter is (`#`, `>`, `-`, `*`, `+`, `_`, a digit, a fence, four spaces, `$$`,
    `<`, `[`) or needs a second line (a table's delimiter row, a setext underline).
    tests/test_allowlist.py holds it to the parse on every text of its corpus."""
    return text[:1].isalpha() and "\n" not in text and "\r" not in text


@lru_cache(maxsize=4096)
def _passed(content: str) -> tuple[TagKey, ...]:
    """The tags of one piece of HTML markdown-it passes through; the same `<b>` is read once."""
    return tuple(tag_key(t) for t in html.tokens(content) if t.kind != html.TEXT)


def _walk(tokens: Iterable[Token]) -> Iterator[Token]:
    for token in tokens:
        yield token
        if token.children:
            yield from _walk(token.children)


def _destinations(text: str) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """Every destination-like text, as written and decoded as each reader decodes it,
    those whose scheme is not allowed, and those an image may load: a `](` with a `![`
    before it on its line (an image's, or a link's after one: more, never fewer).

    kramdown keeps character references in a destination and the browser decodes
    them (`java&#x09;script:` is `javascript:`); markdown-it decodes them and
    backslash escapes. Each reading is searched separately; the destinations found
    never overlap, so this is one pass per reading.
    """
    if "]" not in text:
        return Counter(), Counter(), Counter()
    once = htmllib.unescape(text)
    readings = dict.fromkeys([text, once, htmllib.unescape(once), ESCAPE.sub(r"\1", once)])
    found: dict[str, int] = {}  # each destination once, however many readings find it
    bad: dict[str, int] = {}
    images: dict[str, int] = {}
    for reading in readings:
        opened = [m.start() for m in IMAGE_OPENER.finditer(reading)] if "![" in reading else []
        lines = [m.start() for m in LINE_BREAK.finditer(reading)] if opened else []
        for match in DESTINATION.finditer(reading):
            at = match.end()
            stop = DESTINATION_END.search(reading, at)
            written = reading[at : stop.start() if stop else len(reading)]
            found[written] = 1
            before = bisect_left(opened, match.start()) - 1
            line = bisect_left(lines, match.start()) - 1  # the last line break before the `](`
            if before >= 0 and (line < 0 or lines[line] < opened[before]):
                images[written] = 1
            scheme = SCHEME_AT.match(reading, at)
            if scheme:
                name = re.sub("[\t\n\r]", "", scheme.group(1)).lower()
                if name not in html.ALLOWED_SCHEMES:
                    bad[f"{written[:60]!r} (a {name}: URL)"] = 1
    return Counter(found), Counter(bad), Counter(images)


def block_breaks(text: str) -> int:
    """The line breaks of a message (as the translator wrote it, before `weave` puts
    its container's prefix after each) before a line that does not go on with the
    paragraph in every reader (PLAIN_LINE, after up to 3 spaces): the breaks that could start block syntax."""
    return sum(1 for m in LINE_BREAK.finditer(text) if not INDENTED_PLAIN.match(text, m.end()))


def wrapped_only(msgid: str, msgstr: str, place: Where, reasons: list[Reason]) -> list[Reason]:
    """`reasons` without the added line break, when every break the translation adds
    in a paragraph, item or quote goes on with the paragraph: the translator wrapped
    their text (the build writes each line back inside the block's container)."""
    if place is not Where.INLINE or block_breaks(msgstr) > block_breaks(msgid):
        return reasons
    return [r for r in reasons if r.kind != BREAK]


# ---------------------------------------------------------------- comparing

# Each reason's kind: "adds" or "drops" and what ("adds html", "drops link"), or what
# changed ("blocks", "break"); checks/__init__.py knows by these which reasons another
# family's finding tells better.
BLOCKS, BREAK = "blocks", "break"


def refusals(
    source: Markup,
    text: str,
    where: Where,
    references: Mapping[str, Any] | None = None,
    flavor: Flavor | None = None,
    own: frozenset[TagKey] = frozenset(),
    same_place: SamePlace | None = None,
) -> list[Reason]:
    """Why `text` may not stand where the English whose markup is `source` stands; empty when it may.
    `own`: the book's own elements its chapter writes (`own_elements`), which a translation may add.
    `same_place`: whether a link the translation wrote otherwise leads where the English's does on
    the reader's page (checks.entry.Context.same_place); None: only where it is written alike.

    A long text with more or fewer `<` that can start markup than its English is
    refused before it is read: it cannot have the same tags, and reading a hostile
    text of any size costs what its English costs, no more.
    """
    if len(text) > QUICK_LIMIT and (starts := len(html.markup_starts(text))) != source.starts:
        return [Reason("starts", f"has {starts} '<' that can start markup where the English has {source.starts}")]
    return differences(source, markup_of(text, where, references, flavor), where, own, same_place)


def differences(
    source: Markup,
    translation: Markup,
    where: Where,
    own: frozenset[TagKey] = frozenset(),
    same_place: SamePlace | None = None,
) -> list[Reason]:
    """Why `translation`'s markup is not `source`'s: each reason one short clause
    naming what is added or lost. Empty: the same markup."""
    reasons = [
        Reason("adds repeated attribute", f"adds a tag that {r} (a browser keeps the first, kramdown the last)")
        for r in translation.repeated
    ]
    shaping = where is not Where.YAML  # a front matter value is printed where a tag is text or breaks JSON
    tags = _without_shaping_added(source.tags, translation.tags, links_only=not shaping, own=own)
    reasons += _counted("HTML", _tag_kind, source.tags, tags, describe)
    if not reasons:  # these repeat the tags' story in other words: told only when the tags agree
        reasons += _counted(
            "'<' that opens no tag here but may elsewhere:", "loose <", source.loose, translation.loose, repr
        )
        passed = (
            _without_shaping_added(source.passed_through, translation.passed_through, own=own)
            if shaping
            else translation.passed_through
        )
        reasons += _counted("HTML (as Markdown reads it)", "passed html", source.passed_through, passed, describe)
        if source.nesting != translation.nesting:
            reasons.append(
                Reason("nesting", "nests its HTML differently (an element left open, closed early or moved)")
            )
    reasons += _counted("Liquid", "liquid", source.liquid, translation.liquid, str)
    kramdown = _classes_as_the_english(source.kramdown, translation.kramdown)
    reasons += _counted("kramdown syntax", "kramdown", source.kramdown, kramdown, str)
    attributes = _classes_as_the_english(source.attributes, translation.attributes)
    reasons += _counted("an attribute list", "attributes", source.attributes, attributes, str)
    reasons += _counted(
        "a snippet line (MkDocs puts a file there)", "include", source.includes, translation.includes, str
    )
    reasons += _counted("a TeX command", "tex", source.tex, translation.tex, lambda c: f"\\{c}")
    english_links, translated_links = _mended(source.links, translation.links, same_place)
    translated_links, added = _without_harmless_added(english_links, translated_links)
    links = _counted("a Markdown", lambda k: k[0], english_links, translated_links, lambda k: f"{k[0]} to {k[1]!r}")
    bad = [
        Reason("scheme", f"has a link destination {b}") for b in sorted(translation.bad_schemes - source.bad_schemes)
    ]
    reasons += links + bad
    if not links and not bad:  # what kramdown alone would read as a link
        mine, theirs = _mended(
            source.destinations | _linked(source.links), translation.destinations - added, same_place
        )
        image = lambda d: "image destination" if translation.image_destinations[d] else "destination"  # noqa: E731
        reasons += _counted("a link destination", image, mine, theirs, repr, drops=False)
    reasons += [
        Reason(
            "adds attributes" if n > 0 and markup else BLOCKS,
            f"{'adds' if n > 0 else 'drops'} the line {line!r}, which opens or closes a block",
        )
        for line, markup in sorted(set(source.generic_blocks) | set(translation.generic_blocks))
        if (n := translation.generic_blocks[(line, markup)] - source.generic_blocks[(line, markup)])
    ]
    # Blocks the English does not have (as the message reads alone) may carry markup; a
    # translation with fewer (two lines joined into one) adds nothing, and whether it
    # changes the page in place is the structure check's to say.
    if Counter(translation.blocks) - Counter(source.blocks) and where in (Where.INLINE, Where.HTML):
        reasons.append(
            Reason(BLOCKS, "changes the Markdown block structure (a heading, list, quote, code or HTML block)")
        )
    if translation.breaks > source.breaks:
        reasons.append(Reason(BREAK, "adds a line break (a new line can start Markdown or kramdown block syntax)"))
    return reasons


def _linked(links: Counter[tuple[str, str]]) -> Counter[str]:
    """The destinations the English's links lead to, each once, as written and decoded: a
    reference link (`[crates.io]`) leads where its page's definition says, so the
    translation that writes that destination inline (`[crates.io](https://crates.io/…)`)
    writes the English's own link, not one kramdown alone would add."""
    return Counter(
        dict.fromkeys(
            (form for kind, url in links if kind != "definition" for form in (url, unquote(url))),
            1,
        )
    )


def _without_shaping_added(
    english: Counter[TagKey],
    translation: Counter[TagKey],
    links_only: bool = False,
    own: frozenset[TagKey] = frozenset(),
) -> Counter[TagKey]:
    """The translation's tags less the elements it adds that only shape text, written
    without attributes and closed as often as opened (`D<sub>Y</sub>` for the English's
    `D`, a `<b>` a language needs): nothing in them can run or load, and the reader's
    engine draws them as the translator meant. What the page shows of them is the
    markup check's; one left open or closed twice stays an addition. Not in a front
    matter (`links_only`), the book's own elements its chapter writes (`own`) too."""
    kept = Counter(translation)
    starts: dict[str, list[TagKey]] = {}
    for key in translation:
        allowed = _reader_link(key) or (
            not links_only and ((_shaping(key) and (key[2] == () or english[key])) or key in own)
        )
        if allowed and translation[key] > english[key]:
            starts.setdefault(key[1], []).append(key)
    for name, keys in starts.items():
        added = sum(translation[k] - english[k] for k in keys)
        end = (html.END, name)
        if name in html.VOID or translation[end] - english[end] == added:
            for key in keys:
                kept[key] = english[key]
            kept[end] = english[end] if name not in html.VOID else kept[end]
    return +kept


def _reader_link(key: TagKey) -> bool:
    """`<a href="…">` with a web page's address and nothing else (a front-matter value or
    an HTML block may link as a Markdown text does): it takes the reader where they click."""
    if key[0] != html.START or key[1] != "a" or len(key[2]) != 1:
        return False
    ((name, value),) = key[2]
    return name == "href" and re.fullmatch(r"(?i:https?)://\S+", value) is not None and harmless(value)


# The book's own elements (Distill's, on the book's site): a footnote, bare, and a
# citation by key. A translator may add one that the chapter's English writes somewhere
# (a note of their own, the chapter's source cited again): Distill's script draws it,
# and nothing in it can run or load (what it holds is compared like any other text).
BOOK_ELEMENTS = {"d-footnote": (), "d-cite": ("key",)}
BOOK_ELEMENT = re.compile(r"<(d-footnote|d-cite)(?:\s[^<>]*)?>", re.IGNORECASE)


def own_elements(text: str) -> frozenset[TagKey]:
    """The book's own elements (BOOK_ELEMENTS) a chapter's English writes, as the rules
    compare tags: `<d-footnote>`, and `<d-cite key="…">` for each key it cites."""
    found: set[TagKey] = set()
    for match in BOOK_ELEMENT.finditer(text):
        for token in html.tokens(match.group(0)):
            if token.kind == html.START and _book_element(key := tag_key(token)):
                found.add(key)
    return frozenset(found)


def addition(name: str, attrs: Iterable[tuple[str, str]], own: frozenset[TagKey]) -> str:
    """What kind of harmless addition a start tag a translation adds is: "link" (`<a
    href>` to a web page, and nothing else), "element" (one of the book's own its
    chapter writes, `own`), or "" (neither: it is compared as any tag is)."""
    key = (html.START, name.lower(), tuple(sorted((n, "…" if n in MASKED_ATTRIBUTES else v) for n, v in attrs)))
    return "link" if _reader_link(key) else "element" if key in own and _book_element(key) else ""


def _book_element(key: TagKey) -> bool:
    """A start tag of the book's own elements, with the attributes it takes and no other."""
    return key[0] == html.START and tuple(n for n, _ in key[2]) == BOOK_ELEMENTS.get(key[1])


def _classes_as_the_english(english: Counter[str], translation: Counter[str]) -> Counter[str]:
    """The translation's kramdown syntax with each class-only attribute list of the
    English's (`*x*{: .highlight}`) counted as the English has it, however often the
    translation writes it (for two words, or for none): a class can neither run nor
    load, and what the page shows of it is styling. The same classes spelt otherwise
    (`{.md-button}` for `{ .md-button }`, as Crowdin writes them) are the English's list."""
    lists = [key for key in english if CLASSES_ONLY.fullmatch(key)]
    classes = {_classes(key) for key in lists}
    kept = Counter({k: n for k, n in translation.items() if not (CLASSES_ONLY.fullmatch(k) and _classes(k) in classes)})
    for key in lists:
        kept[key] = english[key]
    return kept


def _classes(key: str) -> tuple[bool, frozenset[str]]:
    """A class-only attribute list as its engine reads it: kramdown's or attr_list's, and its classes."""
    return key.startswith("{:"), frozenset(re.findall(r"\.([\w-]+)", key))


def _shaping(key: TagKey) -> bool:
    """A start tag that only shapes text: bare, or with kramdown's `markdown` attribute
    only (which tells kramdown to read its content and is gone from the page); one
    with an attribute is let through only as the English's own, repeated."""
    return key[0] == html.START and key[1] in SHAPING and all(name == "markdown" for name, _ in key[2])


SLIP = "()<> \t"  # what an author's slip wraps a destination in: `[x]((url))`


def _mended(
    english: Counter[Any], translation: Counter[Any], same_place: SamePlace | None = None
) -> tuple[Counter[Any], Counter[Any]]:
    """Two multisets of links (`(kind, url)`) or destinations (`url`), without a link the
    translation mends: the English's destination with the slip around it taken off
    (`((url))` written `(url)`), which leads where the English meant. Its scheme is
    checked like any other."""
    if english == translation:  # the same links (most translations): none to mend, none to another edition
        return +english, +translation
    english, translation = Counter(english), Counter(translation)
    for key, count in list((english - translation).items()):
        url = key[1] if isinstance(key, tuple) else key
        mended = (key[0], url.strip(SLIP)) if isinstance(key, tuple) else url.strip(SLIP)
        extra = translation[mended] - english[mended]
        if mended != key and url.strip(SLIP) and extra > 0:
            english[key] -= min(count, extra)
            translation[mended] -= min(count, extra)
    return _editions(+english, +translation, same_place)


def _editions(
    english: Counter[Any], translation: Counter[Any], same_place: SamePlace | None = None
) -> tuple[Counter[Any], Counter[Any]]:
    """The two multisets without a link the translation points at another language's
    edition of the same page (`x.en.md` -> `x.ja.md`, `/ja_jp/` put in: editions.edition),
    to a web page or a place in the book (`harmless`): it takes the reader where the
    English does, in a language; whether it is the reader's is the links check's to say.
    So does one that leads to the English's place (`same_place`: `../CHANGES.md` written from
    `translations/`, a translated heading's own id), an image as much as a link."""
    for key in sorted((english - translation).elements()):
        url = key[1] if isinstance(key, tuple) else key
        for other in sorted(translation - english):
            theirs = other[1] if isinstance(other, tuple) else other
            same = edition(url, theirs) or (same_place is not None and same_place(url, theirs))
            if (not isinstance(key, tuple) or key[0] == other[0]) and harmless(theirs) and same:
                english[key] -= 1
                translation[other] -= 1
                break
    return +english, +translation


# Whether a translation's link leads where the English's does on the reader's page (English, translated).
SamePlace = Callable[[str, str], bool]


# A destination that cannot harm the reader: a web page, or a place in the book (relative,
# with no scheme: the links check says when no page or heading has it). Written plainly:
# no space, quote, backslash or control character for a reader to read otherwise.
HARMLESS = re.compile(
    r"(?i:https?)://[^\s<>\"'\\\x00-\x1f\x7f]+|(?![/\\])[^\s<>\"'\\:\x00-\x1f\x7f]+(?:[/?#][^\s<>\"'\\\x00-\x1f\x7f]*)?"
)


def harmless(url: str) -> bool:
    """Whether a link to `url` added by a translator only takes the reader to a web page
    or to the book's own pages and headings (no scheme that runs, no other host's `//`),
    and is one a browser can follow (a host that does not parse, `https://[::1`, is a
    broken link, not a harmless one)."""
    if HARMLESS.fullmatch(url) is None:
        return False
    try:
        _ = urlsplit(url).port  # reads the host too: a malformed one raises
    except ValueError:
        return False
    return True


def _without_harmless_added(
    english: Counter[tuple[str, str]], translation: Counter[tuple[str, str]]
) -> tuple[Counter[tuple[str, str]], Counter[str]]:
    """The translation's links less those it adds that cannot harm (`harmless`: a link
    or autolink, never an image, which loads, nor a definition, which redirects the
    English's links), and those destinations as kramdown and the browser read them
    (written, decoded), so the destination count does not refuse what is let through.
    A translator may link a term to its page; the page still reads, and the links
    check lists the link as an addition."""
    kept, passed = Counter(translation), Counter[str]()
    for key, count in translation.items():
        kind, url = key
        extra = count - english[key]
        if extra > 0 and kind in ("link", "autolink") and harmless(url):
            kept[key] -= extra
            for written in {url, unquote(url), htmllib.unescape(url)}:
                passed[written] += extra
    return +kept, passed


def _tag_kind(key: TagKey) -> str:
    """A tag a browser builds, or a `<` it never finished reading as one."""
    return "unfinished tag" if key[0] == html.UNTERMINATED else "html"


def _counted(
    what: str,
    kind: str | Callable[[Any], str],
    source: Counter[Any],
    translation: Counter[Any],
    show: Any,
    drops: bool = True,
) -> list[Reason]:
    """Each piece added or dropped, as a reason of kind "adds …" or "drops …" (`kind`
    names what, or says it of each piece)."""
    out = []
    for key in sorted(set(source) | set(translation), key=repr):
        extra = translation[key] - source[key]
        what_kind = kind(key) if callable(kind) else kind
        if extra > 0:
            text = f"adds {what} {show(key)}" + (f" ({extra} times)" if extra > 1 else "")
            out.append(Reason(f"adds {what_kind}", text))
        elif extra < 0 and drops:
            text = f"drops {what} {show(key)}" + (f" ({-extra} times)" if extra < -1 else "")
            out.append(Reason(f"drops {what_kind}", text))
    return out
