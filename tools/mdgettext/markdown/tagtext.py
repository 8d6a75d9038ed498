"""Text a reader sees that is written inside a tag: a figure's caption in
`{% include figure.liquid caption="…" %}`, the answer button of `{% details … %}`,
and the `alt`, `title` and `aria-label` of HTML tags outside any text run.

These sit in blocks that are not themselves offered (a Liquid-only paragraph, the
block-level tags of a raw HTML block), so each value is a message of its own with
its own span, the way a front-matter value is: the weaver replaces the value and
every other byte of the tag stays.

Jekyll's include tag reads its arguments with one regular expression (VALID_SYNTAX
in jekyll/tags/include.rb) and unescapes `\\"` (or `\\'`) in a quoted value and
nothing else; INCLUDE_ARGUMENT is that expression, so the msgid is the value Jekyll
hands the include, and `encode_liquid` writes a translation back so Jekyll reads it
again, or says it cannot (`liquid_problem`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from html import escape, unescape

from mdgettext.markdown import html, liquid
from mdgettext.markdown.keys import LIQUID_PROSE

# Liquid's tag syntax (FullToken in liquid/lexer: `{%-? name markup -?%}`).
TAG = re.compile(r"\{%-?\s*(\w+)\s*(.*?)-?%\}\Z", re.DOTALL)
# Jekyll's include arguments: name=value, the value double- or single-quoted or a variable.
# Searched from word starts only (the lookbehind): the same matches, without a
# quadratic search through a long word that has no `=`.
# Ruby's `\w` and `\s` are ASCII, so the pattern is too.
INCLUDE_ARGUMENT = re.compile(
    r"""(?<![\w-])([\w-]+)\s*=\s*(?:"([^"\\]*(?:\\.[^"\\]*)*)"|'([^'\\]*(?:\\.[^'\\]*)*)'|([\w.-]+))""",
    re.ASCII,
)
RUBY_SPACES = " \t\r\n\f\v"  # Ruby's `\s`
RUBY_SPACE = re.compile(f"[{RUBY_SPACES}]+")
# What makes Jekyll read an include's file name as a variable (VARIABLE_SYNTAX,
# `{{ name }}` or `{{ name | filter … }}` anywhere in the tag, a caption's included):
# an output's start, then `}}` right away or after a filter's `|`.
OUTPUT_START = re.compile(r"\{\{\s*[\w\-.]+\s*(\}\}|\|)")
MARKUP_IN_VALUE = re.compile(r"<[^<>]*>?")  # an HTML tag inside a prose value, as written (one left open too)
SUMMARY_TAGS = frozenset({"details"})  # block tags whose markup is the text of a button (_plugins/details.rb)
ATTRIBUTES = ("alt", "title", "aria-label")  # attributes a reader sees or hears
# One attribute in a start tag as written (the tag itself was read by html.py: this only finds where a value sits).
HTML_ATTRIBUTE = re.compile(r"""[\s/]([^\s"'>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
ATTRIBUTE_HINT = re.compile(r"(?:alt|title|aria-label)\s*=", re.IGNORECASE)
DEFAULT_PROSE: Mapping[str, Sequence[str]] = dict(
    LIQUID_PROSE
)  # a project's own `liquid_prose` reaches the segmenter, not the judge
SKIPPED_BLOCKS = {"raw": "endraw", "comment": "endcomment"}  # Liquid blocks whose content is not run


@dataclass(frozen=True, slots=True)
class Text:
    """A value a reader sees, with its offsets in the text it was found in."""

    start: int
    end: int
    text: str  # the msgid: the value as the page gets it (unescaped)
    kind: str  # what it is, in a translator's words: the catalog's `#.` comment
    quote: str  # '"' or "'" around the value; "" for a details summary


def liquid_texts(text: str, prose: Mapping[str, Sequence[str]], skip: Sequence[tuple[int, int]] = ()) -> Iterator[Text]:
    """Captions and other prose arguments (`prose`: include file -> argument names) and
    details summaries of the Liquid tags in `text`, outside the `skip` ranges and
    outside `{% raw %}` and `{% comment %}` blocks."""
    closing: str | None = None
    outside = _Ranges(skip)
    for tag in liquid.tokens(text):
        match = TAG.match(tag.text) if tag.closed else None
        if match is None:
            continue
        name = match.group(1)
        if closing is not None:
            closing = None if name == closing else closing
            continue
        if name in SKIPPED_BLOCKS:
            closing = SKIPPED_BLOCKS[name]
            continue
        if outside.holds(tag.start, tag.end):
            continue
        at = tag.start + match.start(2)
        if name in SUMMARY_TAGS:
            summary = match.group(2).rstrip()
            if any(c.isalpha() for c in summary):
                yield Text(at, at + len(summary), summary, f"answer button ({{% {name} %}} summary)", "")
        elif name == "include":
            yield from _include(match.group(2), at, prose)


class _Ranges:
    """Ranges of a text, merged and sorted, asked whether they overlap a stretch of it:
    a chapter has a range for every block, and Liquid tags by the hundred."""

    def __init__(self, ranges: Sequence[tuple[int, int]]) -> None:
        self.merged: list[tuple[int, int]] = []
        for start, end in sorted(ranges):
            if self.merged and start <= self.merged[-1][1]:
                self.merged[-1] = (self.merged[-1][0], max(self.merged[-1][1], end))
            else:
                self.merged.append((start, end))
        self.starts = [start for start, _ in self.merged]

    def holds(self, start: int, end: int) -> bool:
        """Whether any range overlaps `start`..`end`: only the last one to start before `end` can."""
        at = bisect_left(self.starts, end) - 1
        return at >= 0 and self.merged[at][1] > start


def _include(markup: str, at: int, prose: Mapping[str, Sequence[str]]) -> Iterator[Text]:
    file, _, _ = markup.partition(" ")
    wanted = prose.get(file.strip(), ())
    if not wanted or _names_a_variable(markup):  # Jekyll reads the file as a variable: not known here
        return
    pos = len(file)
    while (found := INCLUDE_ARGUMENT.search(markup, pos)) is not None:
        pos = found.end()
        group = 2 if found.group(2) is not None else 3 if found.group(3) is not None else 0
        if found.group(1) in wanted and group:
            quote = '"' if group == 2 else "'"
            value = found.group(group).replace("\\" + quote, quote)
            if any(c.isalpha() for c in value):
                kind = (
                    "figure caption" if found.group(1) == "caption" else f"{found.group(1)} of {{% include {file} %}}"
                )
                yield Text(at + found.start(group), at + found.end(group), value, kind, quote)


def include_arguments(markup: str) -> dict[str, str | None] | None:
    """An include tag's arguments (its markup after `include`) as Jekyll hands them to
    the include: quoted values with `\\"` (or `\\'`) unescaped, a bare value a variable
    (None: the page's data, not known here), a repeated name its last value. None when
    Jekyll refuses the arguments (FULL_VALID_SYNTAX: each argument whole, apart from the
    next by a space) and fails the site's build, or reads the file name as a variable."""
    if _names_a_variable(markup):
        return None
    file, *rest = RUBY_SPACE.split(markup.strip(RUBY_SPACES), maxsplit=1)
    params = rest[0] if rest else ""
    found: dict[str, str | None] = {}
    pos = 0
    while pos < len(params):
        match = INCLUDE_ARGUMENT.match(params, pos)
        if match is None or (match.end() < len(params) and params[match.end()] not in RUBY_SPACES):
            return None
        quote = '"' if match.group(2) is not None else "'" if match.group(3) is not None else ""
        value = match.group(2) if quote == '"' else match.group(3) if quote else None
        found[match.group(1)] = value.replace("\\" + quote, quote) if value is not None else None
        pos = match.end()
        while pos < len(params) and params[pos] in RUBY_SPACES:
            pos += 1
    return found if file else None


def prose_aside(tag: str, prose: Mapping[str, Sequence[str]] = DEFAULT_PROSE) -> str:
    """A Liquid tag with the words a reader sees (its prose arguments, a details
    summary) written as `…`: what the site runs, to compare a translation's tags with
    the English's, as `mathtext.words_aside` does for `\\text{…}`. Only the words: the
    HTML tags a value holds (a caption's `<b>`, `<a href>`) stay after the `…`, in
    order of their text, so a translation may move them but not add, drop or change
    one. A tag Jekyll would read otherwise (a value that swallows the next argument, an
    output that makes the file name a variable) keeps a different shape, so it still differs."""
    if "=" not in tag and "details" not in tag:  # most tags have no words: spare them a reading
        return tag
    for text in sorted(liquid_texts(tag, prose), key=lambda t: t.start, reverse=True):
        markup = "".join(sorted(_as_read(written) for written in MARKUP_IN_VALUE.findall(text.text)))
        tag = f"{tag[: text.start]}…{markup}{tag[text.end :]}"
    return tag


def _as_read(written: str) -> str:
    """An HTML tag of a value as the browser reads it, so that the quotes a translation
    writes its attributes in (`<a href="x">` for the English's `<a href='x'>`, each
    Jekyll's value unescaped) are no change; its name, attributes and their order are.
    A tag the tokenizer does not read whole stays as written, so it still differs."""
    found = html.tokens(written)
    if len(found) != 1 or found[0].kind not in (html.START, html.END) or found[0].end != len(written):
        return written
    token = found[0]
    if token.kind == html.END:
        return f"</{token.name}>"
    attributes = "".join(f' {name}="{escape(value)}"' for name, value in token.attrs)
    return f"<{token.name}{attributes}{' /' if token.self_closing else ''}>"


def _names_a_variable(text: str) -> bool:
    """Whether Jekyll's VARIABLE_SYNTAX matches `text` (without its backtracking: the
    `|` of a filter needs only some `}}` after it)."""
    last = text.rfind("}}")
    return any(m.group(1) == "}}" or last >= m.end() for m in OUTPUT_START.finditer(text))


# A backslash Jekyll would read as escaping what follows it: before the quote, or at the end.
MISREAD_BACKSLASH = {'"': re.compile(r'\\(?=\\*(?:"|\Z))'), "'": re.compile(r"\\(?=\\*(?:'|\Z))")}


def encode_liquid(value: str, quote: str) -> str:
    """`value` written where Jekyll reads it back: one line, inside `quote`. A quote is
    escaped as Jekyll unescapes it (`\\"`); a backslash Jekyll would read as an escape (before
    a quote, or at the end) is written `&#92;`, which the page's HTML (the include prints the
    value into it) shows as a backslash: escaping is the tool's job, not the translator's."""
    value = " ".join(value.split("\n"))
    if not quote:
        return value
    return MISREAD_BACKSLASH[quote].sub("&#92;", value).replace(quote, "\\" + quote)


def liquid_problem(value: str, quote: str) -> str | None:
    """Why `value` cannot stand inside a Liquid tag in `quote`; None when it can."""
    if "%}" in value:
        return "has '%}', which ends the Liquid tag early"
    if not quote:
        return None
    if _names_a_variable(value):
        return "has a Liquid output ({{ … }}), which makes Jekyll read the include's file name as a variable"
    written = encode_liquid(value, quote)
    pattern = r'"([^"\\]*(?:\\.[^"\\]*)*)"' if quote == '"' else r"'([^'\\]*(?:\\.[^'\\]*)*)'"
    read = re.fullmatch(pattern, quote + written + quote)
    if read is None or read.group(1).replace("\\" + quote, quote) != MISREAD_BACKSLASH[quote].sub(
        "&#92;", " ".join(value.split("\n"))
    ):
        return (
            f"has a backslash before {quote} or at its end, which Jekyll cannot read inside {quote}…{quote}: remove it"
        )
    return None


def attribute_texts(block: str) -> Iterator[Text]:
    """The `alt`, `title` and `aria-label` values of the start tags of a raw HTML block
    (offsets in `block`). Only quoted values are offered: a translation of an unquoted
    one would need quotes the source does not have."""
    if not ATTRIBUTE_HINT.search(block):  # most blocks have none: spare them a second reading
        return
    for token in html.tokens(block):
        if token.kind != html.START or not any(name in ATTRIBUTES for name, _ in token.attrs):
            continue
        decoded = dict(reversed(token.attrs))  # the first of a repeated name, as a browser keeps it
        seen: set[str] = set()
        for found in HTML_ATTRIBUTE.finditer(block, token.start, token.end):
            name = found.group(1).lower()
            group = 2 if found.group(2) is not None else 3
            if name in seen or name not in ATTRIBUTES or unescape(found.group(group)) != decoded.get(name):
                seen.add(name)
                continue
            seen.add(name)
            value = decoded[name]
            if any(c.isalpha() for c in value):
                quote = '"' if group == 2 else "'"
                kind = "alt text" if name == "alt" else name
                yield Text(found.start(group), found.end(group), value, f"{kind} of <{token.name}>", quote)


def encode_attribute(value: str, quote: str) -> str:
    """`value` as a quoted attribute value: one line, `&`, `<`, `>` and the quote escaped."""
    text = escape(" ".join(value.split("\n")), quote=False)
    return text.replace(quote, "&quot;" if quote == '"' else "&#39;")
