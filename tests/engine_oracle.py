"""The truth about a translated entry: does the reader get something different?

The engine decides, not a rule about Markdown: the English msgid and the translation
are each rendered by the project's engine, kramdown as the book's Jekyll site runs it
(`flavor = "kramdown"`, one Ruby process per session, tests/engines/kramdown_tree.rb)
or markdown-it-py as mdgettext sets it up (`flavor = "commonmark"`), and reduced to a
*shape*: the element tree with every word gone. Kept: element names and levels,
link and image destinations, code, math by its TeX (inline or display, never by its
delimiters: the book's MathJax reads `$x$` in text as kramdown's inline `$$x$$`),
HTML tags and attributes, Liquid tags (run before kramdown, so text to it), IAL
attributes, and markup left as text (`<`, `>`, `*`, a backquote) that the English
does not have: the reader sees it. Dropped: text, and what only carries text (alt, title, the words of a
Liquid `caption=`, a `{% details %}` summary, `\\text{}` in math).

Blocks keep their order; the inline constructs of a block are a multiset, since a
translation may move a link or an emphasis to where its language puts it.

`same_structure(english, translation, flavor)` is False when the translation is
really broken, which `mdgettext check` should report as an error.
"""

from __future__ import annotations

import atexit
import json
import re
import subprocess
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from markdown_it.token import Token

from mdgettext.markdown.parser import parser

TREE_SCRIPT = Path(__file__).resolve().parent / "engines" / "kramdown_tree.rb"
Shape = tuple[Any, ...]

TEXT_ATTRIBUTES = frozenset({"alt", "title", "aria-label", "caption", "summary"})
TEXTUAL = frozenset({"text", "smart_quote", "typographic_sym", "entity", "abbreviation", "softbreak"})
LIQUID = re.compile(r"\{%-?\s*(.*?)\s*-?%\}|\{\{-?\s*(.*?)\s*-?\}\}", re.S)
LIQUID_ARGUMENT = re.compile(r"([\w-]+)\s*=\s*(\"(?:\\.|[^\"\\])*\"|'[^']*'|\S+)")
# MathJax's FindTeX as the book sets it up: `$…$` and `\\(…\\)` inline, `$$…$$` and `\\[…\\]` displayed,
# `\\$` a dollar sign (processEscapes); the longest opening wins where several start.
MATHJAX_OPENING = re.compile(r"\\\$|\$\$|\$|\\\[|\\\(")
MATHJAX_CLOSING = {"$$": ("$$", "display"), "$": ("$", "span"), "\\[": ("\\]", "display"), "\\(": ("\\)", "span")}
LITERAL = frozenset("<>*`")  # markup the reader would see as text: a tag or a delimiter left open
TEX_TEXT = re.compile(r"\\(?:text|textrm|textit|textbf|mbox|mathrm|operatorname)\s*\{[^{}]*\}")


class JsonLines:
    """One engine process that answers a JSON line for every JSON line it is asked
    (kramdown's tree of a text, KaTeX's verdict on a formula); answers are kept."""

    def __init__(self, command: Sequence[str]) -> None:
        self.process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        self.known: dict[str, Any] = {}
        atexit.register(self.close)

    def ask(self, texts: Sequence[str]) -> list[Any]:
        """The answer for each text, asked in chunks no bigger than a pipe's buffer: a
        chunk is written whole before any answer is read, so neither side waits on the
        other (one text longer than that is asked alone; the engine reads it whole)."""
        lines = {t: json.dumps(t) + "\n" for t in texts if t not in self.known}
        chunk: dict[str, str] = {}
        for text, line in lines.items():
            if chunk and sum(map(len, chunk.values())) + len(line) > 32_768:
                self._ask(chunk)
                chunk = {}
            chunk[text] = line
        if chunk:
            self._ask(chunk)
        return [self.known[t] for t in texts]

    def _ask(self, chunk: dict[str, str]) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write("".join(chunk.values()))
        self.process.stdin.flush()
        for text in chunk:
            self.known[text] = json.loads(self.process.stdout.readline())

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(timeout=10)


class Kramdown(JsonLines):
    """One `ruby kramdown_tree.rb` process."""

    def __init__(self) -> None:
        super().__init__(["ruby", str(TREE_SCRIPT)])

    def trees(self, texts: Sequence[str]) -> list[Any]:
        """kramdown's tree of each text."""
        return self.ask(texts)


@lru_cache(maxsize=1)
def kramdown() -> Kramdown:
    return Kramdown()


def shapes(texts: Sequence[str], flavor: str) -> list[Shape]:
    """The shape of each text as `flavor` renders it."""
    texts = [LIQUID.sub(_liquid_marker, text) for text in texts]
    if flavor == "kramdown":
        return [_kramdown_shape(tree) for tree in kramdown().trees(texts)]
    return [_commonmark_shape(text) for text in texts]


def same_structure(english: str, translation: str, flavor: str) -> bool:
    """Whether the reader of the translation gets what the reader of the English gets, words aside."""
    return _same(*shapes([english, translation], flavor))


def verdicts(pairs: Iterable[tuple[str, str]], flavor: str) -> list[bool]:
    """`same_structure` of many pairs, with one round of questions to the engine."""
    pairs = list(pairs)
    found = shapes([t for pair in pairs for t in pair], flavor)
    return [_same(found[2 * i], found[2 * i + 1]) for i in range(len(pairs))]


def _same(english: Shape, translation: Shape) -> bool:
    """Equal shapes, but for markup left as text that the English has and the
    translation does not: `B * D` written `B × D` is a change of words."""
    if english == translation:
        return True
    (mine, my_literals), (theirs, their_literals) = _literals(english), _literals(translation)
    return mine == theirs and not their_literals - my_literals


def _literals(shape: Shape) -> tuple[Shape, Counter[str]]:
    """A shape without its literal markup, and that markup counted."""
    counted: Counter[str] = Counter()

    def strip(node: Shape) -> Shape:
        if len(node) != 4 or not isinstance(node[2], tuple):
            return node
        inline = []
        for child in node[3]:
            if child[0] == "literal":
                counted[child[1]] += 1
            else:
                inline.append(strip(child))
        return (node[0], node[1], tuple(strip(b) for b in node[2]), tuple(sorted(inline, key=repr)))

    return strip(shape), counted


# -- kramdown -------------------------------------------------------------------------


def _kramdown_shape(node: list[Any]) -> Shape:
    kind, attr, value, category, children = node
    attr = _attributes(attr)
    if kind == "math":
        return ("math", "block" if category == "block" else "span", _tex(value))
    if kind in ("codespan", "codeblock"):
        return (kind, attr, value.strip("\n"))
    if kind in ("raw", "footnote"):
        return (kind, value)
    if kind == "xml_comment":
        return ("comment",)
    if kind == "html_element":
        kind = f"<block {value}>" if category == "block" else f"<{value}>"
    elif kind == "header":
        kind = f"h{attr.pop('level', '')}"
    if kind in ("a", "img") or kind.startswith("<"):
        attr = {k: v for k, v in attr.items() if k not in TEXT_ATTRIBUTES}
    elif "level" in attr:
        attr.pop("level")
    items: list[Shape | str] = []
    for child in children:
        if child[0] == "smart_quote":  # as Liquid, run before kramdown, reads it
            items.append("'" if child[2] in ("lsquo", "rsquo") else '"')
        elif child[0] in TEXTUAL and child[0] not in ("entity", "typographic_sym"):
            items.append(child[2])
        else:
            items.append(_kramdown_shape(child))
    return _element(kind, attr, items, dollars=True)


def _element(kind: str, attr: dict[str, str], items: list[Shape | str], dollars: bool) -> Shape:
    """An element's shape from its children's: text runs become the Liquid (and, where
    MathJax reads text, the `$` math) in them; blocks in order, inline as a multiset."""
    blocks: list[Shape] = []
    inline: list[Shape] = []
    run: list[str] = []

    def flush() -> None:
        inline.extend(_text_constructs("".join(run), dollars))
        run.clear()

    for item in items:
        if isinstance(item, str):
            run.append(item)
        elif isinstance(item, tuple) and item[0] in ("entity", "typographic_sym"):
            run.append(" ")
        else:
            flush()
            (blocks if _is_block(item) else inline).append(item)
    flush()
    return (kind, tuple(sorted(attr.items())), tuple(blocks), tuple(sorted(inline, key=repr)))


BLOCK_KINDS = frozenset(
    "p h1 h2 h3 h4 h5 h6 blockquote ul ol li dl dt dd table thead tbody tfoot tr td th hr codeblock "
    "paragraph bullet_list ordered_list list_item html_block footnote_def root".split()
)  # fmt: skip


def _is_block(shape: Shape) -> bool:
    kind = shape[0]
    return kind in BLOCK_KINDS or (kind == "math" and shape[1] == "block") or kind.startswith("<block ")


# Liquid runs before the Markdown engine, so a tag is taken out first (a `caption=`
# may hold HTML, which the engine would parse) and marked in the text by its number.
LIQUID_TAGS: dict[str, int] = {}
LIQUID_NUMBERED: list[str] = []
MARKER = re.compile("\ue000(\\d+)\ue001")


def _liquid_marker(match: re.Match[str]) -> str:
    if match.group(0) not in LIQUID_TAGS:
        LIQUID_TAGS[match.group(0)] = len(LIQUID_NUMBERED)
        LIQUID_NUMBERED.append(match.group(0))
    return f"\ue000{LIQUID_TAGS[match.group(0)]}\ue001"


def _text_constructs(text: str, dollars: bool) -> list[Shape]:
    found = [_liquid(LIQUID_NUMBERED[int(m.group(1))]) for m in MARKER.finditer(text)]
    text = MARKER.sub(" ", text)
    if dollars:
        formulas, text = _mathjax(text)
        found.extend(formulas)
    found.extend(("literal", c) for c in text if c in LITERAL)
    return found


def _mathjax(text: str) -> tuple[list[Shape], str]:
    """The formulas MathJax finds in one text node, and the text without them. As its
    FindTeX does: an opening whose closing never comes is text, and the search goes on
    right after that opening (so `$$x$` shows as typed: `$$` opens, `x$` has no closing)."""
    found: list[Shape] = []
    kept: list[str] = []
    pos = last = 0
    while (opening := MATHJAX_OPENING.search(text, pos)) is not None:
        pos = opening.end()
        if opening.group() == "\\$":
            continue
        closing, kind = MATHJAX_CLOSING[opening.group()]
        end = _mathjax_end(text, closing, opening.end())
        if end < 0:
            continue
        found.append(("math", kind, _tex(text[opening.end() : end])))
        kept += [text[last : opening.start()], " "]
        last = pos = end + len(closing)
    return found, "".join([*kept, text[last:]])


def _mathjax_end(text: str, closing: str, start: int) -> int:
    """FindTeX's findEnd: the closing delimiter outside braces, a backslash escaping the next character."""
    braces = 0
    for match in re.compile(re.escape(closing) + r"|\\.|[{}]", re.S).finditer(text, start):
        if match.group() == closing and braces == 0:
            return match.start()
        if match.group() == "{":
            braces += 1
        elif match.group() == "}" and braces:
            braces -= 1
    return -1


def _liquid(tag: str) -> Shape:
    """A Liquid tag by its name and arguments, its words (a `details` summary, the text
    of a `caption=`, not its HTML tags) aside."""
    match = LIQUID.fullmatch(tag)
    assert match is not None
    if match.group(1) is None:
        return ("liquid", "{{", re.sub(r"\s+", "", match.group(2)))
    name, _, rest = match.group(1).partition(" ")
    arguments: list[tuple[str, Any]] = []
    for key, value in sorted(LIQUID_ARGUMENT.findall(rest)):
        value = value.strip("\"'")
        if key == "caption":  # figure.liquid writes it into the page as HTML: its tags count
            arguments.append((key, tuple(_tags(value.replace('\\"', '"')))))
        elif key not in TEXT_ATTRIBUTES:
            arguments.append((key, value))
    return ("liquid", name, tuple(arguments))


def _tex(tex: str) -> str:
    return re.sub(r"\s+", "", TEX_TEXT.sub(r"\\text{}", tex))


def _attributes(attr: dict[str, str]) -> dict[str, str]:
    return {k: " ".join(v.split()) if k == "class" else v for k, v in attr.items()}


# -- markdown-it-py (CommonMark flavor) ---------------------------------------------------


def _commonmark_shape(text: str) -> Shape:
    tokens = parser().parse(text)
    stack: list[tuple[str, dict[str, str], list[Shape | str]]] = [("root", {}, [])]
    for token in tokens:
        if token.nesting == 1:
            stack.append((_block_name(token), _token_attributes(token), []))
        elif token.nesting == -1:
            kind, attr, items = stack.pop()
            stack[-1][2].append(_element(kind, attr, items, dollars=False))
        elif token.type == "inline":
            stack[-1][2].extend(_inline(token.children or []))
        else:
            stack[-1][2].append(_commonmark_leaf(token))
    kind, attr, items = stack[0]
    return _element(kind, attr, items, dollars=False)


def _block_name(token: Token) -> str:
    return token.tag if token.tag and token.type != "paragraph_open" else token.type.removesuffix("_open")


def _token_attributes(token: Token) -> dict[str, str]:
    attr = {k: str(v) for k, v in token.attrs.items() if k not in TEXT_ATTRIBUTES}
    if token.type == "ordered_list_open" and "start" not in attr:
        attr["start"] = "1"
    return attr


def _inline(children: list[Token]) -> list[Shape | str]:
    stack: list[tuple[str, dict[str, str], list[Shape | str]]] = [("", {}, [])]
    for token in children:
        if token.nesting == 1:
            stack.append((token.tag, _token_attributes(token), []))
        elif token.nesting == -1:
            kind, attr, items = stack.pop()
            stack[-1][2].append(_element(kind, attr, items, dollars=False))
        elif token.type in ("text", "softbreak"):
            stack[-1][2].append(token.content)
        else:
            stack[-1][2].append(_commonmark_leaf(token))
    while len(stack) > 1:  # never left open by markdown-it; kept for safety
        kind, attr, items = stack.pop()
        stack[-1][2].append(_element(kind, attr, items, dollars=False))
    return stack[0][2]


def _commonmark_leaf(token: Token) -> Shape:
    kind = token.type
    if kind == "math_inline":
        return ("math", "span", _tex(token.content))
    if kind == "math_inline_double":  # dollarmath renders `$$x$$` in a sentence as display math (<eqn>)
        return ("math", "display", _tex(token.content))
    if kind == "math_block":
        return ("math", "block", _tex(token.content))
    if kind == "code_inline":
        return ("codespan", (), token.content)
    if kind in ("fence", "code_block"):
        return ("codeblock", (("class", f"language-{token.info.strip()}"),) if token.info else (), token.content)
    if kind == "image":
        return ("img", tuple(sorted(_token_attributes(token).items())), (), ())
    if kind in ("html_inline", "html_block"):
        return (f"<block {kind}>" if kind == "html_block" else kind, tuple(_tags(token.content)))
    if kind == "footnote_ref":
        return ("footnote", str(token.meta.get("label", "")))
    return (kind,)  # hardbreak, hr


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, tuple[tuple[str, str], ...]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        kept = tuple(sorted((k, v or "") for k, v in attrs if k not in TEXT_ATTRIBUTES))
        self.tags.append((tag, kept))

    def handle_endtag(self, tag: str) -> None:
        self.tags.append(("/" + tag, ()))

    def handle_comment(self, data: str) -> None:
        self.tags.append(("!--", ()))


def _tags(html: str) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """The tags of raw HTML, words aside."""
    found = _Tags()
    found.feed(html)
    found.close()
    return found.tags


def difference(english: Shape, translation: Shape) -> str:
    """What the translation has more (+) and less (-) than the English, by construct
    and where it sits (`-p/strong +p/em`); `~p/math`: as many, but one differs (TeX,
    destination, attributes); empty when the shapes are the same."""
    mine, theirs = _parts(english), _parts(translation)
    counted_mine = Counter(label for label, _ in mine)
    counted_theirs = Counter(label for label, _ in theirs)
    changes = [f"-{k}" for k in sorted(counted_mine - counted_theirs)]
    changes += [f"+{k}" for k in sorted(counted_theirs - counted_mine)]
    if not changes:
        changes = [f"~{k}" for k in sorted({label for label, _ in set(mine) ^ set(theirs)})]
    return " ".join(changes)


def _parts(shape: Shape) -> list[tuple[str, Shape]]:
    """Every node of a shape, labelled by the kinds on its path (the root's aside)."""
    found: list[tuple[str, Shape]] = []

    def walk(node: Shape, path: str) -> None:
        label = f"{path}/{node[0]}".lstrip("/") if node[0] != "root" else ""
        is_element = len(node) == 4 and isinstance(node[2], tuple)
        if label:
            found.append((label, (node[0], node[1]) if is_element else node))
        if is_element:
            for child in (*node[2], *node[3]):
                walk(child, label)

    walk(shape, "")
    return found
