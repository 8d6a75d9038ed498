"""The book's TeX macros, expanded before a formula becomes MathML.

MathJax keeps a `\\def` (or `\\newcommand`) made in one formula for the rest of the
page, and the book relies on it: the transformers chapter opens with a display
block of `\\def \\red#1{\\textcolor{red}{#1}}` and colours its dimensions with
`\\red{D}` from then on. latex2mathml converts one formula at a time and knows no
`\\def`, so the page showed `\\red`, and the definitions block as TeX. This module
reads the page's definitions in order (plus any the project's `math_macros`
setting gives, for macros a site defines in its MathJax configuration), drops
the definitions from the formulas, and expands each use in the formulas after
it. It also drops the spacing of a row break, `\\\\[10pt]`, which latex2mathml
would print as text.

TeX is read only as far as macros need: a control sequence, a braced group, or
one character as an argument. Expansion stops after a fixed depth, so a macro
that uses itself cannot hang the build.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import partial

from markdown_it.token import Token

MATH_TOKENS = frozenset({"math_inline", "math_block", "math_inline_double", "math_block_label"})
DEF = re.compile(r"\\def\s*\\([A-Za-z]+)\s*((?:#\d)*)\s*(?=\{)")
NEWCOMMAND = re.compile(r"\\(?:re)?newcommand\s*\{?\s*\\([A-Za-z]+)\s*\}?\s*(?:\[(\d)\])?\s*(?=\{)")
ROW_SPACING = re.compile(r"(\\\\)\s*\[\s*-?[\d.]+\s*[a-z]{2}\s*\]")
PARAMETER = re.compile(r"#(\d)")
DEPTH = 16


@dataclass(frozen=True)
class Macro:
    """A macro: how many arguments it takes and the TeX it stands for (`#1`… marks them)."""

    arguments: int
    body: str


def from_setting(setting: Mapping[str, str]) -> dict[str, Macro]:
    """The project's `math_macros` (`red = "\\\\textcolor{red}{#1}"`): each takes as many
    arguments as its highest `#n`."""
    return {
        name.lstrip("\\"): Macro(max((int(n) for n in PARAMETER.findall(str(body))), default=0), str(body))
        for name, body in setting.items()
    }


def expand_tokens(tokens: Iterable[Token], given: Mapping[str, Macro] | None = None) -> list[Token]:
    """The page's tokens with each formula's macros expanded, in page order; a formula
    that only defines macros is left out."""
    macros = dict(given or {})
    out = []
    for token in tokens:
        if token.type in MATH_TOKENS:
            expanded = _expanded(token, macros)
            if expanded is None:
                continue
            token = expanded
        elif token.children and any(child.type in MATH_TOKENS for child in token.children):
            children = [_expanded(c, macros) if c.type in MATH_TOKENS else c for c in token.children]
            token = token.copy(children=[c for c in children if c is not None])
        out.append(token)
    return out


def page_macros(tokens: Iterable[Token], given: Mapping[str, Macro] | None = None) -> dict[str, Macro]:
    """Every macro the page defines (after `given`), as the last formula leaves them:
    for the review page, whose messages come one by one."""
    macros = dict(given or {})
    for token in tokens:
        for math in (token, *(token.children or ())):
            if math.type in MATH_TOKENS:
                define(math.content, macros)
    return macros


def _expanded(token: Token, macros: dict[str, Macro]) -> Token | None:
    tex = expand(define(token.content, macros), macros)
    if not tex.strip():
        return None
    return token if tex == token.content else token.copy(content=tex)


def define(tex: str, macros: dict[str, Macro]) -> str:
    """`tex` without its `\\def` and `\\newcommand` definitions, which are added to `macros`."""
    out, at = [], 0
    while True:
        found = _next_definition(tex, at)
        if found is None:
            out.append(tex[at:])
            return "".join(out)
        start, name, arguments, body_start = found
        body, end = _group(tex, body_start)
        out.append(tex[at:start])
        macros[name] = Macro(arguments, body)
        at = end


def _next_definition(tex: str, at: int) -> tuple[int, str, int, int] | None:
    found = [m for m in (DEF.search(tex, at), NEWCOMMAND.search(tex, at)) if m is not None]
    if not found:
        return None
    match = min(found, key=lambda m: m.start())
    arguments = len(PARAMETER.findall(match.group(2))) if match.re is DEF else int(match.group(2) or 0)
    return match.start(), match.group(1), arguments, match.end()


def expand(tex: str, macros: Mapping[str, Macro]) -> str:
    """Each use of a macro replaced by its body with the arguments put in; row spacing dropped."""
    tex = ROW_SPACING.sub(r"\1", tex)
    if not macros:
        return tex
    for _ in range(DEPTH):
        expanded = _once(tex, macros)
        if expanded == tex:
            break
        tex = expanded
    return tex


def _once(tex: str, macros: Mapping[str, Macro]) -> str:
    out, i = [], 0
    while i < len(tex):
        if tex[i] != "\\":
            out.append(tex[i])
            i += 1
            continue
        match = re.match(r"\\([A-Za-z]+|.)", tex[i:])
        name = match.group(1) if match else ""
        macro = macros.get(name)
        i += 1 + len(name)
        if macro is None:
            out.append("\\" + name)
            continue
        arguments = []
        for _ in range(macro.arguments):
            argument, i = _argument(tex, i)
            arguments.append(argument)
        body = PARAMETER.sub(partial(_put, arguments), macro.body)
        out.append("{" + body + "}" if macro.arguments else body)
    return "".join(out)


def _put(arguments: list[str], match: re.Match[str]) -> str:
    number = int(match.group(1))
    return arguments[number - 1] if 0 < number <= len(arguments) else ""


def _argument(tex: str, i: int) -> tuple[str, int]:
    """One argument from `i`: a braced group's content, a control sequence or a character."""
    while i < len(tex) and tex[i].isspace():
        i += 1
    if i >= len(tex):
        return "", i
    if tex[i] == "{":
        return _group(tex, i)
    if tex[i] == "\\":
        match = re.match(r"\\([A-Za-z]+|.)", tex[i:])
        length = len(match.group(0)) if match else 1
        return tex[i : i + length], i + length
    return tex[i], i + 1


def _group(tex: str, i: int) -> tuple[str, int]:
    """The content of the braced group opening at `i`, and where it ends; an unclosed
    group runs to the end of the formula."""
    depth, j = 0, i
    while j < len(tex):
        char = tex[j]
        if char == "\\":
            j += 2
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return tex[i + 1 : j], j + 1
        j += 1
    return tex[i + 1 :], len(tex)
