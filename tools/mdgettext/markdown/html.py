"""HTML as a browser tokenizes it: the WHATWG tokenizer (html5lib's), each token with its offsets.

Two readers need HTML read exactly as the page's reader will: `htmltext.py`, which
offers the text of raw HTML blocks, and the safety check, which must see every tag
a translation makes. Python's `html.parser` is not that reader: it does not know
that `<!-->` is a whole comment, that `--!>` ends one, that `<![CDATA[` is a bogus
comment outside SVG and MathML, or that `<noscript>`, `<xmp>`, `<textarea>` and
`<title>` hold text, not tags; each difference is a way to hide a tag from a check
that a browser then runs.

`whatwg.py` drives html5lib and records the tokens; it is imported on the first text
with markup to read, since html5lib brings Python's HTTP client with it, and a build
of chapters without HTML needs none of it.
"""

from __future__ import annotations

import re

from mdgettext.markdown import urls
from mdgettext.markdown.htmltoken import COMMENT, DOCTYPE, END, START, TEXT, UNTERMINATED, Token

__all__ = [
    "COMMENT",
    "DOCTYPE",
    "END",
    "START",
    "TEXT",
    "UNTERMINATED",
    "Token",
    "left_open",
    "markup_starts",
    "tokens",
]
ALLOWED_SCHEMES = urls.ALLOWED_SCHEMES  # the one allow-list for every link (urls.py), as the safety check reads it

VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
)
# Elements whose content the tokenizer reads as text, never as tags (with scripting on).
RAW_TEXT = frozenset(
    {"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext"}
)
# `<` followed by what can open a tag, an end tag, a comment, a declaration or a processing instruction.
# A `<` that opens markup for some reader: the browser's tags start with an ASCII letter,
# but kramdown's (REXML's UNAME_STR, `[[:alpha:]_]`) with any letter or `_`: `<가>` at a
# line start is an HTML block to kramdown, whose code spans it then prints raw.
MARKUP_START = re.compile(r"<(?:[^\W\d]|[/!?])")


def tokens(html: str) -> list[Token]:
    """Every token of `html` read as the content of a `<div>`, adjacent text merged.

    Text from an unfinished tag to the end (`<img src=x onerror=` with no `>`),
    which a browser drops, is an UNTERMINATED token: it is markup, not prose.
    """
    from mdgettext.markdown import whatwg  # html5lib: imported when a text has markup to read

    html = html.replace("\r", "\n")  # what the browser's input stream does, offset for offset
    found = whatwg.recorded(html)
    end = found[-1].end if found else 0
    if end < len(html):
        found.append(Token(UNTERMINATED, html[end : end + 40], end, len(html)))
    return found


def markup_starts(text: str) -> list[int]:
    """Offsets of every `<` that can open markup, whatever reads the text."""
    return [m.start() for m in MARKUP_START.finditer(text)]


def left_open(html_text: str) -> str | None:
    """The first element a piece of HTML opens and never closes (void elements aside),
    or an end tag that closes none: what would swallow or break what follows it."""
    if not markup_starts(html_text):
        return None
    stack: list[str] = []
    for token in tokens(html_text):
        if token.kind == START and token.name not in VOID and not token.self_closing:
            stack.append(token.name)
        elif token.kind == END:
            if token.name in stack:
                while stack.pop() != token.name:
                    pass
            elif token.name not in VOID:
                return f"/{token.name}"
    return stack[0] if stack else None
