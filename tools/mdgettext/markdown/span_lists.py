"""Attribute lists after an inline element, in the two flavors that have them
(kramdown's span IALs, Python-Markdown's attr_list): both give the list to the element
that ends just before it, which is known only once emphasis is paired, and both leave a
list after no element as text."""

from __future__ import annotations

from collections.abc import Callable

from markdown_it.token import Token

CLOSERS = {"em_close": "em_open", "strong_close": "strong_open", "link_close": "link_open", "s_close": "s_open"}
SELF_CONTAINED = frozenset({"code_inline", "image", "math_inline"})


def may_follow(previous: Token) -> bool:
    """Whether a list may stand after `previous`: an element, or a `*`/`_` that pairing may yet make one."""
    return previous.type in CLOSERS or previous.type in SELF_CONTAINED or previous.content in ("*", "_")


def set_attributes(token: Token, attrs: dict[str, str]) -> None:
    """Give `token` the list's attributes; classes join the ones it has."""
    for name, value in attrs.items():
        if name == "class" and token.attrGet("class"):
            token.attrJoin("class", value)
        else:
            token.attrSet(name, value)


def attach(tokens: list[Token], kind: str, unattached: Callable[[Token], str]) -> None:
    """Each `kind` token's attributes to the element it follows; the list itself becomes
    an empty text (it shows nothing), or, after no element, the text `unattached` gives."""
    for index, token in enumerate(tokens):
        if token.type != kind:
            continue
        at = index - 1
        while at >= 0 and tokens[at].type == "text" and not tokens[at].content:
            at -= 1  # markdown-it empties the second delimiter of `**`
        previous = tokens[at] if at >= 0 else None
        target = None
        if previous is not None and previous.type in SELF_CONTAINED:
            target = previous
        elif previous is not None and previous.type in CLOSERS:
            target = _opener(tokens[: at + 1], CLOSERS[previous.type])
        replaced = Token("text", "", 0)
        if target is not None:
            set_attributes(target, token.meta["attrs"])
        else:
            replaced.content = unattached(token)
        tokens[index] = replaced


def _opener(tokens: list[Token], kind: str) -> Token | None:
    """The opening token matching the last token of `tokens`."""
    closer = tokens[-1]
    for token in reversed(tokens[:-1]):
        if token.type == kind and token.level == closer.level:
            return token
    return None
