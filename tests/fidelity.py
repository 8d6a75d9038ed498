"""The project's own fidelity measures: what a translation may change in a document, and what not.

- identity: every msgstr is its msgid with an invisible WORD JOINER at both ends
  (`marked_identity`), so the weaver really replaces every span (it leaves a span
  alone when the msgstr equals the msgid: an identity that skips every span could
  not fail). Each mark must sit in its segment's output span; with the marks taken
  out, the build must give back the source byte for byte, up to the soft breaks a
  msgid folds into spaces (`same_up_to_folds`).
- pseudo translation: every msgstr is its msgid with the letters of its prose swapped
  for accented look-alikes (`a` -> `á`) and every piece of markup left as written.
  Accented letters are letters to a Markdown parser too, so emphasis opens and closes
  where it did. Then:
  - tag skeleton: the rendered HTML has the same elements and attributes, in order
    (the words of `alt`, `title` and `aria-label` may change);
  - untouched lines: every source line with nothing to translate (blank lines, code,
    display math, rules, a table's delimiter row, HTML comments, link reference
    definitions, front matter outside the translated keys) is still in the output,
    in order;
  - coverage: of the visible ASCII letters that a pseudo translation of the whole
    document at once changes, the share our segment-by-segment translation changed.
    What the whole-document swap cannot reach (letters inside code, URLs, tags) is
    counted by neither side.
- one block per message: a msgid that parses as more than one block would let a
  translation merge or split blocks.

Written for mdgettext's tests; the CommonMark examples and the chapters are the corpus.
"""

from __future__ import annotations

import re
import unicodedata
from html.parser import HTMLParser

from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from mdgettext.markdown.anchors import ANCHOR_SPAN
from mdgettext.markdown.keys import DEFAULT_KEYS
from mdgettext.markdown.parser import parser
from mdgettext.markdown.segment import segment
from mdgettext.markdown.weave import weave
from mdgettext.model import Document, Flavor, TranslationMap, key_of

# Markup a pseudo translation must leave alone, as a translator would. Each entry is
# one construct of CommonMark (or of the book's extensions), tried in this order.
_MARKUP = [
    r"(`+)[\s\S]*?(?<!`)\1(?!`)",  # code span
    r"<!--[\s\S]*?-->",  # HTML comment
    r"<\?[\s\S]*?\?>|<![A-Za-z][^>]*>|<!\[CDATA\[[\s\S]*?\]\]>",  # processing instruction, declaration, CDATA
    r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>",  # HTML tag
    r"<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*>",  # URI autolink
    r"<[^<>\s@]+@[^<>\s]+>",  # email autolink
    r"\]\(\s*<[^<>\n]*>[^)]*\)",  # inline link: a destination in angle brackets, and its title
    r"\]\((?:[^()\\]|\\.|\((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\))*\)",  # inline link: destination (parentheses nest) and title
    r"\]\[[^\]]*\]",  # full reference: the label
    r"\[\^[^\]]+\]",  # footnote reference
    r"\[[^\]]*\](?:\[\])?(?![(\[:])",  # collapsed or shortcut reference: its text is its label
    r"^ {0,3}\[[^\]]+\]:.*$",  # link reference definition
    r"https?://\S+",  # bare URL
    r"&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]*);",  # entity
    r"\\[\s\S]",  # backslash escape
    r"\$\$[\s\S]*?\$\$|\$[^$\n]+\$",  # math
    r"\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}",  # Liquid
]
MARKUP = re.compile("|".join(f"(?:{p})" for p in _MARKUP), re.MULTILINE)


def _accented(letter: str) -> str:
    """The first accented form of an ASCII letter that Unicode has."""
    case = "CAPITAL" if letter.isupper() else "SMALL"
    for mark in (
        "ACUTE",
        "GRAVE",
        "CIRCUMFLEX",
        "DIAERESIS",
        "TILDE",
        "CARON",
        "DOT ABOVE",
        "HOOK",
        "HOOK TAIL",
        "DIAGONAL STROKE",
    ):
        try:
            return unicodedata.lookup(f"LATIN {case} LETTER {letter.upper()} WITH {mark}")
        except KeyError:
            continue
    raise KeyError(letter)


ACCENT = str.maketrans({c: _accented(c) for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"})


def pseudo(text: str) -> str:
    """`text` with the letters of its prose accented and its markup as written."""
    out, last = [], 0
    for match in MARKUP.finditer(text):
        out.append(text[last : match.start()].translate(ACCENT))
        out.append(match.group(0))
        last = match.end()
    out.append(text[last:].translate(ACCENT))
    return "".join(out)


def renderer() -> MarkdownIt:
    """CommonMark as the spec defines it, with tables and front matter: the judge of structure."""
    return MarkdownIt("commonmark").enable("table").use(front_matter_plugin)


HIDDEN = frozenset({"code", "pre", "script", "style"})  # their text is code, not prose


class _Skeleton(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.visible: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        kept = sorted((name, "…" if name in ("alt", "title", "aria-label") else value) for name, value in attrs)
        self.tags.append(f"<{tag} {kept}>")
        self.hidden += tag in HIDDEN

    def handle_endtag(self, tag: str) -> None:
        self.tags.append(f"</{tag}>")
        if tag in HIDDEN and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.visible.append(data)

    def close(self) -> None:
        # A tag still open at the end of the page is dropped by a browser (EOF in a
        # tag), not shown as text as html.parser would: `<div id="foo"⏎*hi*` shows nothing.
        if re.match(r"</?[A-Za-z]", self.rawdata):
            self.rawdata = ""
        super().close()


def skeleton(html: str) -> tuple[list[str], str]:
    """The tags of rendered HTML, and its visible text outside code."""
    reader = _Skeleton()
    reader.feed(html)
    reader.close()
    return reader.tags, "".join(reader.visible)


def letters(text: str) -> int:
    return sum(c.isascii() and c.isalpha() for c in text)


UNTOUCHED_BLOCKS = frozenset({"fence", "code_block", "math_block", "math_block_label", "hr"})
_KEY_LINE = re.compile(r"^\s*(?:-\s+)?(" + "|".join(re.escape(k.split(".")[-1]) for k in DEFAULT_KEYS) + r")\s*:")


def untouched_lines(text: str) -> list[str]:
    """The source lines no translation may change, in order."""
    env: dict = {}
    tokens = parser().parse(text, env)
    lines = text.split("\n")
    keep = {i for i, line in enumerate(lines) if not line.strip()}
    for token in tokens:
        if not token.map:
            continue
        first, last = token.map
        if token.type in UNTOUCHED_BLOCKS or (token.type == "html_block" and token.content.lstrip().startswith("<!--")):
            keep.update(range(first, last))
        elif token.type == "table_open":
            keep.add(first + 1)
        elif token.type == "front_matter":
            keep.update(i for i in range(first, last) if not _KEY_LINE.match(lines[i]))
    for definition in env.get("references", {}).values():
        if definition.get("map"):
            keep.update(range(*definition["map"]))
    return [lines[i] for i in sorted(keep) if i < len(lines)]


def keeps_in_order(required: list[str], output: str) -> bool:
    """Whether every required line occurs in `output`, in the same order."""
    remaining = iter(output.split("\n"))
    return all(any(line == candidate for candidate in remaining) for line in required)


def top_level_blocks(md: MarkdownIt, text: str) -> int:
    """How many blocks a message is, read as a document of its own."""
    return sum(1 for t in md.parse(text) if t.level == 0 and t.nesting in (0, 1) and t.type != "front_matter")


MARK = "\u2060"  # WORD JOINER: invisible, and in no source of the corpus


def marked_identity(doc: Document, **options: bool) -> str:
    """`doc` woven with every message translated as itself between two word joiners,
    the marks checked and taken out again. A msgstr equal to its msgid would leave the
    source untouched (weave skips it), so this is the identity that replaces every
    span: a span that starts or ends one character off shows in the output."""
    assert MARK not in doc.text
    woven = weave(doc, TranslationMap({key_of(s): MARK + s.msgid + MARK for s in doc.segments}), **options)
    for placed in woven.placed:  # each segment's two marks, inside its own output span
        held = woven.text[placed.start : placed.end]
        assert placed.translated and held.count(MARK) == 2, (placed.segment.location, held)
    assert woven.text.count(MARK) == 2 * len(doc.segments)
    # a translated heading opens with its TOC anchors where the layout links its contents by name (weave.render)
    return re.sub(f"{ANCHOR_SPAN.pattern.removeprefix('^')}(?={MARK})", "", woven.text).replace(MARK, "")


# a run of whitespace and `>`: a line break and the next line's indent or blockquote
# marker fold to one space (a `>` in the text may sit next to a folded break too)
_BREAK = re.compile(r"[\s>]+")


def same_up_to_folds(out: str, source: str) -> bool:
    """`out` is `source` byte for byte; or, where a msgid folded whitespace (soft
    breaks in prose, any run of it in HTML: a translation re-wraps its paragraph), the
    same once every run of whitespace (and `>`, a blockquote's marker) is read as one space: no
    character of the source lost, moved or doubled."""
    return out == source or _BREAK.sub(" ", out) == _BREAK.sub(" ", source)


def identity_holds(text: str, flavor: Flavor) -> bool:
    """`text` read as `flavor`, every message translated as itself (`marked_identity`),
    gives `text` back, up to folded whitespace."""
    return same_up_to_folds(marked_identity(segment(text, "x.md", flavor=flavor)), text)
