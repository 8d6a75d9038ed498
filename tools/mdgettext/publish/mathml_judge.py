"""What MathML a page may carry: MathML Core's presentation elements, their plain attributes, text.

latex2mathml's element tree is judged element by element against the lists below
and written out by `serialized`, every text and attribute value escaped, so what
the page gets is exactly the tree that was judged. Nothing here links, styles,
names a class or an id, or handles an event: no `href`, `style`, `class`, `id`,
`on…`. Each attribute value must match its pattern (a length no larger than any
formula needs, a keyword, a colour), so no value can carry more than it says.
A token element (`mi`, `mtext`, ...) holds text only.

Converting is bounded too (`costly`): a formula too long, with too many commands,
or whose macros could expand beyond their text (a body that uses another macro
of the formula, or a parameter twice) is not converted at all. Linear time.
"""

from __future__ import annotations

import html
import re
from xml.etree.ElementTree import Element

from mdgettext.checks.formulas import COMMAND, MAX_COMMANDS, MAX_TEX

NAMESPACE = "http://www.w3.org/1998/Math/MathML"
TOKENS = frozenset({"mi", "mn", "mo", "ms", "mtext", "mspace", "annotation"})  # text only, no child element
ELEMENTS = TOKENS | frozenset(
    {
        "math", "mrow", "mfrac", "msqrt", "mroot", "mstyle", "merror", "mpadded", "mphantom", "msub", "msup",
        "msubsup", "munder", "mover", "munderover", "mmultiscripts", "mprescripts", "none", "mtable", "mtr", "mtd",
        "semantics", "menclose",
    }
)  # fmt: skip
BOOLEAN = re.compile(r"true|false")
LENGTH = re.compile(r"(-?\d*\.?\d+)(em|ex|px|pt|mu|%)?|0|thin|medium|thick")
LENGTHS = re.compile(r"(?:-?\d*\.?\d+(?:em|ex|px|pt|mu|%)?)(?: -?\d*\.?\d+(?:em|ex|px|pt|mu|%)?)*|")
WORDS = {
    "display": re.compile(r"block|inline"),
    "mathvariant": re.compile(
        r"normal|bold|italic|bold-italic|double-struck|bold-fraktur|script|bold-script|fraktur|sans-serif|"
        r"bold-sans-serif|sans-serif-italic|sans-serif-bold-italic|monospace|initial|tailed|looped|stretched"
    ),
    "form": re.compile(r"prefix|infix|postfix"),
    "columnalign": re.compile(r"(?:left|center|right)(?: (?:left|center|right))*"),
    "rowalign": re.compile(r"(?:top|bottom|center|baseline|axis)(?: (?:top|bottom|center|baseline|axis))*"),
    "rowlines": re.compile(r"(?:none|solid|dashed)(?: (?:none|solid|dashed))*"),
    "columnlines": re.compile(r"(?:none|solid|dashed)(?: (?:none|solid|dashed))*"),
    "frame": re.compile(r"none|solid|dashed"),
    "notation": re.compile(r"[a-z]+(?: [a-z]+)*"),
    "linebreak": re.compile(r"newline|auto|nobreak|goodbreak|badbreak"),
    "scriptlevel": re.compile(r"[+-]?\d{1,2}"),
    "mathcolor": re.compile(r"#[0-9A-Fa-f]{3,8}|[A-Za-z]{1,20}"),
    "mathbackground": re.compile(r"#[0-9A-Fa-f]{3,8}|[A-Za-z]{1,20}"),
    "columnspan": re.compile(r"\d{1,3}"),
    "rowspan": re.compile(r"\d{1,3}"),
    "encoding": re.compile(r"application/x-tex|TeX"),
}
for _name in ("fence", "separator", "stretchy", "symmetric", "largeop", "movablelimits", "accent", "accentunder"):
    WORDS[_name] = BOOLEAN
for _name in ("displaystyle", "equalrows", "equalcolumns"):
    WORDS[_name] = BOOLEAN
for _name in ("width", "height", "depth", "lspace", "rspace", "voffset", "mathsize", "minsize", "maxsize"):
    WORDS[_name] = LENGTH
WORDS["linethickness"] = LENGTH
WORDS["columnspacing"] = WORDS["rowspacing"] = WORDS["framespacing"] = LENGTHS
MAX_EM = 20.0  # the largest length a formula needs; the book's largest is 2em
EM = {"em": 1.0, "ex": 0.5, "px": 0.0625, "pt": 0.1, "mu": 1 / 18, "%": 0.01, "": 1.0}
DEFINITION = re.compile(
    r"\\(?:[gex]?def|let|newcommand|renewcommand|providecommand|DeclareMathOperator)\*?\s*\{?\s*\\([A-Za-z]+|.)"
)
PARAMETER = re.compile(r"#(\d)")


def costly(tex: str) -> str:
    """Why converting `tex` could cost more than its length says; empty when it cannot."""
    if len(tex) > MAX_TEX:
        return f"it is longer than {MAX_TEX} characters"
    if len(COMMAND.findall(tex)) > MAX_COMMANDS:
        return f"it has more than {MAX_COMMANDS} TeX commands"
    definitions = list(DEFINITION.finditer(tex))
    names = {m.group(1) for m in definitions}
    for match in definitions:
        body = _group(tex, tex.find("{", match.end()))
        used = {c[1:] for c in COMMAND.findall(body)} & names
        if used:
            return f"its macro \\{match.group(1)} uses another of its macros (\\{sorted(used)[0]})"
        counted = PARAMETER.findall(body)
        if len(counted) != len(set(counted)):
            return f"its macro \\{match.group(1)} uses a parameter twice"
    return ""


def _group(tex: str, start: int) -> str:
    """The text of the brace group opening at `start` (to the end if it never closes)."""
    if start < 0:
        return ""
    depth = 0
    at = start
    while at < len(tex):
        char = tex[at]
        if char == "\\":
            at += 2
            continue
        depth += (char == "{") - (char == "}")
        if depth == 0:
            return tex[start + 1 : at]
        at += 1
    return tex[start + 1 :]


def serialized(root: Element) -> tuple[str | None, str]:
    """The tree as HTML, every text escaped; or None and the first thing not allowed in it."""
    out: list[str] = []
    why = _write(root, out)
    return (None, why) if why else ("".join(out), "")


def _write(element: Element, out: list[str]) -> str:
    name = element.tag
    if name not in ELEMENTS:
        return f"latex2mathml made a <{name}> element, which the page does not publish"
    attrs = []
    for key, value in element.attrib.items():
        if why := _attribute(name, key, html.unescape(value)):
            return why
        attrs.append(f' {key}="{html.escape(html.unescape(value))}"')
    out.append(f"<{name}{''.join(attrs)}>")
    if element.text:
        out.append(html.escape(html.unescape(element.text), quote=False))
    for child in element:
        if name in TOKENS:
            return f"latex2mathml put a <{child.tag}> inside <{name}>, which holds text only"
        if why := _write(child, out):
            return why
        if child.tail:
            out.append(html.escape(html.unescape(child.tail), quote=False))
    out.append(f"</{name}>")
    return ""


def _attribute(element: str, key: str, value: str) -> str:
    if key == "xmlns":
        return "" if value == NAMESPACE and element == "math" else f"latex2mathml wrote xmlns on <{element}>"
    pattern = WORDS.get(key)
    if pattern is None:
        return f"latex2mathml wrote {key}= on <{element}>, which the page does not publish"
    if not pattern.fullmatch(value):
        return f"latex2mathml wrote {key}={value[:40]!r} on <{element}>, which is not a plain {key}"
    for number, unit in re.findall(r"(-?\d*\.?\d+)(em|ex|px|pt|mu|%)?", value) if pattern in (LENGTH, LENGTHS) else ():
        if abs(float(number)) * EM[unit] > MAX_EM:
            return f"latex2mathml wrote {key}={value[:40]!r} on <{element}>, larger than {MAX_EM:g}em"
    return ""
