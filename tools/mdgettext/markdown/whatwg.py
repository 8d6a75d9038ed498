"""html5lib's WHATWG tokenizer, driven by its tree builder, each token recorded with its offsets.

`html.tokens` is the one caller. The switches into the text-only states (`<title>`,
`<textarea>`, `<noscript>` with scripting on) are made by the tree builder (HTML
§13.2.6), not the tokenizer, so the tokens are recorded from inside html5lib's parser
as it parses the text as the content of a `<div>`. html5lib is pinned to 1.1 in
pyproject.toml: this module reaches into its tokenizer and input stream. Importing
html5lib imports `http.client` and `urllib.request` with it, so nothing imports this
module until a text has markup to read.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

import html5lib
from html5lib import _inputstream, _tokenizer
from html5lib.constants import EOF, tokenTypes

from mdgettext.markdown.htmltoken import COMMENT, DOCTYPE, END, START, TEXT, Token

_START, _END, _COMMENT, _DOCTYPE, _PARSE_ERROR = (
    tokenTypes[name] for name in ("StartTag", "EndTag", "Comment", "Doctype", "ParseError")
)
_KINDS = {_START: START, _END: END, _COMMENT: COMMENT, _DOCTYPE: DOCTYPE}
# Tokenizer states in which a new token starts: where a `<` or a run of text is read.
_CONTENT_STATES = frozenset(
    {
        "dataState",
        "rcdataState",
        "rawtextState",
        "scriptDataState",
        "plaintextState",
        "scriptDataEscapedState",
        "scriptDataDoubleEscapedState",
    }
)


def recorded(html: str) -> list[Token]:
    """Every token of `html`, read as the content of a `<div>` with scripting on, as in
    a browser that runs JavaScript (a `<noscript>` is then raw text); adjacent text merged."""
    parser = _Parser()
    parser.parseFragment(html, container="div", scripting=True)
    return parser.recorded


class _Stream(_inputstream.HTMLUnicodeInputStream):  # type: ignore[misc]
    """html5lib's input stream, one chunk for the whole text, telling its offset."""

    _defaultChunkSize = 1 << 62

    def __init__(self, source: str) -> None:
        self.passed = 0  # characters of the chunks read before the current one
        super().__init__(source)

    def readChunk(self, chunkSize: int | None = None) -> bool:
        self.passed += self.chunkSize
        return bool(super().readChunk(chunkSize))

    def unget(self, char: str | None) -> None:
        if char is not EOF and self.chunkOffset == 0:
            self.passed -= 1  # html5lib prepends the character to the current chunk
        super().unget(char)

    def offset(self) -> int:
        """How many characters of the text have been read."""
        return int(self.passed + self.chunkOffset)


class _Attributes(list):  # type: ignore[type-arg]
    """A tag's attribute list in the tokenizer. html5lib 1.1 looks for a repeated name
    with a scan of the earlier ones each time a name ends (`data[:-1]`), which makes a
    tag of n attributes cost n²; that scan only reports a parse error, which nothing
    here reads, so it is given nothing to scan. Repeats are found from `Token.attrs`."""

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice) and index == slice(None, -1, None):
            return ()
        return super().__getitem__(index)


class _Tokenizer(_tokenizer.HTMLTokenizer):  # type: ignore[misc]
    def __init__(self, text: str, parser: _Parser) -> None:
        super().__init__(text, parser=parser)
        self.stream = _Stream(text)
        self.text = text
        self.record = parser.recorded

    def __iter__(self) -> Iterator[dict[str, Any]]:
        # html5lib's own loop, noting where each token starts: at the last read in a
        # state where tokens begin.
        self.tokenQueue: deque[dict[str, Any]] = deque()
        mark = 0
        while True:
            if self.state.__name__ in _CONTENT_STATES:
                mark = self.stream.offset()
            if not self.state():
                return
            while self.stream.errors:
                yield {"type": _PARSE_ERROR, "data": self.stream.errors.pop(0)}
            while self.tokenQueue:
                token = self.tokenQueue.popleft()
                if token["type"] != _PARSE_ERROR:
                    self._note(token, mark, self.stream.offset())
                yield token

    def tagOpenState(self) -> bool:
        going = bool(super().tagOpenState())
        self._attributes()
        return going

    def endTagOpenState(self) -> bool:
        going = bool(super().endTagOpenState())
        self._attributes()
        return going

    def _attributes(self) -> None:
        token = self.currentToken
        if token is not None and token.get("type") in (_START, _END) and type(token.get("data")) is list:
            token["data"] = _Attributes(token["data"])

    def emitCurrentToken(self) -> None:
        token = self.currentToken
        if token["type"] == _START:
            token["written"] = tuple((name, value) for name, value in token["data"])
        super().emitCurrentToken()

    def _note(self, token: dict[str, Any], start: int, end: int) -> None:
        kind = _KINDS.get(token["type"], TEXT)
        if kind == TEXT:
            record = self.record
            if record and record[-1].kind == TEXT and record[-1].end == start:
                last = record[-1]
                record[-1] = Token(TEXT, last.name + token["data"], last.start, end)
                return
            record.append(Token(TEXT, token["data"], start, end))
        elif kind in (START, END):
            attrs = token.get("written", ()) if kind == START else ()
            record = self.record
            record.append(Token(kind, token["name"], start, end, attrs, bool(token.get("selfClosing"))))
        elif kind == COMMENT:
            closed = self.text[end - 1 : end] == ">" and end - start > 3  # `<!-->` ends itself
            self.record.append(Token(COMMENT, token["data"], start, end, closed=closed))
        else:
            self.record.append(Token(DOCTYPE, token.get("name") or "", start, end))


class _Parser(html5lib.HTMLParser):  # type: ignore[misc]
    def __init__(self) -> None:
        super().__init__(namespaceHTMLElements=False)
        self.recorded: list[Token] = []

    def _parse(
        self, stream: str, innerHTML: bool = False, container: str = "div", scripting: bool = False, **kwargs: Any
    ) -> None:
        # html5lib's own `_parse`, with the recording tokenizer.
        self.innerHTMLMode = innerHTML
        self.container = container
        self.scripting = scripting
        self.tokenizer = _Tokenizer(stream, self)
        self.reset()
        self.mainLoop()
