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
one character as an argument. Macros are input like any other (the settings, the
page's TeX), so expansion has a budget, as YAML aliases have (markdown/frontmatter.py):
it stops after a fixed depth, and a formula whose macros would add more than
EXPANSION_LIMIT characters (`\\red{#1}\\red{#1}\\red{#1}` as the body of `\\red`
triples at every step) is typeset with its macros unexpanded, and the build says so. Each step reads the
formula once, so a formula costs at most DEPTH times its budget.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial

from markdown_it.token import Token

MATH_TOKENS = frozenset({"math_inline", "math_block", "math_inline_double", "math_block_label"})
DEF = re.compile(r"\\def\s*\\([A-Za-z]+)\s*((?:#\d)*)\s*(?=\{)")
NEWCOMMAND = re.compile(r"\\(?:re)?newcommand\s*\{?\s*\\([A-Za-z]+)\s*\}?\s*(?:\[(\d)\])?\s*(?=\{)")
ROW_SPACING = re.compile(r"(\\\\)\s*\[\s*-?[\d.]+\s*[a-z]{2}\s*\]")
PARAMETER = re.compile(r"#(\d)")
CONTROL = re.compile(r"\\([A-Za-z]+|.)", re.DOTALL)
DEPTH = 16
EXPANSION_LIMIT = 10_000  # characters a formula's macros may add to it; the book's add a few hundred


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


def expand_tokens(
    tokens: Iterable[Token], given: Mapping[str, Macro] | None = None, told: list[str] | None = None
) -> list[Token]:
    """The page's tokens with each formula's macros expanded, in page order; a formula
    that only defines macros is left out. A formula left as written because its macros
    expand beyond the budget is told in `told`."""
    macros = dict(given or {})
    told = told if told is not None else []
    out = []
    for token in tokens:
        if token.type in MATH_TOKENS:
            expanded = _expanded(token, macros, told)
            if expanded is None:
                continue
            token = expanded
        elif token.children and any(child.type in MATH_TOKENS for child in token.children):
            children = [_expanded(c, macros, told) if c.type in MATH_TOKENS else c for c in token.children]
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


def _expanded(token: Token, macros: dict[str, Macro], told: list[str]) -> Token | None:
    written = define(token.content, macros)
    tex, whole = expanded(written, macros)
    if not whole:
        told.append(
            f"formula `{' '.join(written.split())[:60]}` typeset with its macros unexpanded: they would add more "
            f"than {EXPANSION_LIMIT:,} characters to it; define each macro without using itself"
        )
    if not tex.strip():
        return None
    return token if tex == token.content else token.copy(content=tex)


def define(tex: str, macros: dict[str, Macro]) -> str:
    """`tex` without its `\\def` and `\\newcommand` definitions, which are added to `macros`."""
    out, at = [], 0
    found: dict[re.Pattern[str], re.Match[str] | None] = {}  # each pattern's next match (None: no more)
    while True:
        for pattern in (DEF, NEWCOMMAND):  # searched again only once the reading has passed its match
            last = found.get(pattern, ...)
            if last is ... or (last is not None and last.start() < at):
                found[pattern] = pattern.search(tex, at)
        matches = [m for m in found.values() if m is not None]
        if not matches:
            out.append(tex[at:])
            return "".join(out)
        match = min(matches, key=lambda m: m.start())
        arguments = len(PARAMETER.findall(match.group(2))) if match.re is DEF else int(match.group(2) or 0)
        body, end = _group(tex, match.end())
        out.append(tex[at : match.start()])
        macros[match.group(1)] = Macro(arguments, body)
        at = end


def expand(tex: str, macros: Mapping[str, Macro]) -> str:
    """Each use of a macro replaced by its body with the arguments put in; row spacing
    dropped. A formula whose macros expand beyond the budget is left as written."""
    return expanded(tex, macros)[0]


def expanded(tex: str, macros: Mapping[str, Macro]) -> tuple[str, bool]:
    """`expand`, and whether the expansion stayed within the budget (else `tex` as written)."""
    tex = ROW_SPACING.sub(r"\1", tex)
    if not macros or "\\" not in tex:
        return tex, True
    limit = len(tex) + EXPANSION_LIMIT
    written = tex
    for _ in range(DEPTH):
        try:
            step = _once(tex, macros, limit)
        except _OverBudget:
            return written, False
        if step == tex:
            break
        tex = step
    return tex, True


class _OverBudget(Exception):
    """A formula's expansion passed its budget."""


def _once(tex: str, macros: Mapping[str, Macro], limit: int) -> str:
    out, size, i = [], 0, 0
    while i < len(tex):
        at = tex.find("\\", i)
        if at < 0:
            out.append(tex[i:])
            break
        out.append(tex[i:at])
        size += at - i
        match = CONTROL.match(tex, at)
        name = match.group(1) if match else ""
        macro = macros.get(name)
        i = at + 1 + len(name)
        if macro is None:
            out.append("\\" + name)
            size += 1 + len(name)
            continue
        arguments = []
        for _ in range(macro.arguments):
            argument, i = _argument(tex, i)
            arguments.append(argument)
        size += (
            len(macro.body) + 2 + sum(len(arguments[n - 1]) * k for n, k in _uses(macro.body) if n <= len(arguments))
        )
        if size > limit:  # measured before the body is made: one use cannot make more than the budget
            raise _OverBudget
        body = PARAMETER.sub(partial(_put, arguments), macro.body)
        out.append("{" + body + "}" if macro.arguments else body)
    return "".join(out)


@lru_cache(maxsize=256)
def _uses(body: str) -> tuple[tuple[int, int], ...]:
    """How many times a macro's body uses each of its parameters (`#1`...)."""
    counted: dict[int, int] = {}
    for number in PARAMETER.findall(body):
        counted[int(number)] = counted.get(int(number), 0) + 1
    return tuple(counted.items())


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
        match = CONTROL.match(tex, i)
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
