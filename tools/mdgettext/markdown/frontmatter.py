"""Translatable YAML front-matter values: find them, and write them back in place.

PyYAML's composer gives every scalar its exact start and end in the text, so a
translated value replaces those characters only: comments, key order, blank lines
and untouched keys (a `_styles: >` block, say) stay byte for byte.

PyYAML is imported by the functions that read or write YAML, not with this module: a
chapter without front matter, as most Markdown outside Jekyll is, never needs it, and
its import is an eighth of a small build's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from mdgettext.errors import UserError

if TYPE_CHECKING:
    import yaml


class FrontMatterError(UserError, ValueError):
    """The front matter is not valid YAML, or more than the budgets allow (`over_budget`);
    `line` is 0-based within it."""

    def __init__(self, message: str, line: int, over_budget: bool = True) -> None:
        super().__init__(message)
        self.line, self.over_budget = line, over_budget


@dataclass(frozen=True, slots=True)
class Value:
    """A translatable scalar; offsets and `line` are relative to the YAML text."""

    key_path: str
    text: str
    start: int
    end: int
    line: int
    quote: str  # '"', "'", "" (plain), "|" or ">"


def translatable_values(yaml_text: str, keys: Sequence[str]) -> list[Value]:
    """The scalars at the configured key paths (`toc[].name`: `name` in each `toc` item)."""
    root = _composed(yaml_text)
    if root is None:
        return []
    wanted = set(keys)
    found = [v for v in _walk(root, "", yaml_text) if v.key_path in wanted and v.text.strip()]
    return sorted(found, key=lambda v: v.start)


def load(yaml_text: str) -> dict[str, Any]:
    """The front matter as data (a mapping, or empty), for checks that read authors or toc.

    Values YAML reads as dates must be dates (`2025-02-30` is an error, at its line),
    and aliases may not expand beyond EXPANSION_LIMIT values, as safe YAML loaders refuse.
    """
    import yaml

    root = _composed(yaml_text)
    if root is None:
        return {}
    try:
        data = loader()(yaml_text).construct_document(root)
    except yaml.YAMLError as err:
        raise _error(err) from err
    return data if isinstance(data, dict) else {}


def _composed(yaml_text: str) -> yaml.Node | None:
    """The document's nodes, with positions; refused when its aliases expand too far or
    it nests too deeply (counted on the nodes, before anything is built from them)."""
    return composed(yaml_text, loader())


def composed(yaml_text: str, reader: type[yaml.SafeLoader], what: str = "front matter") -> yaml.Node | None:
    """The nodes of any YAML an input holds (a front matter, a site's `mkdocs.yml`), read
    by `reader` within the same budgets: nesting and aliases are counted before anything
    is built, so a few hundred bytes of aliases are refused at once, not expanded into
    gigabytes. `what` names the input in the messages."""
    import yaml

    try:
        _shallow(yaml_text, what)
        root = yaml.compose(yaml_text, Loader=reader)
    except yaml.YAMLError as err:
        raise _error(err, what) from err
    except RecursionError as err:  # the pure-Python composer recurses
        raise FrontMatterError(TOO_DEEP.format(what=what), 0) from err
    if root is not None:
        _bounded(root, what)
    return root


EXPANSION_LIMIT = 10_000  # values that aliases (*name) may add to the front matter
DEPTH_LIMIT = 100  # lists and mappings inside each other; a chapter's front matter nests 3 deep
CEILING = 1 << 62  # counts stop growing here, so they stay small numbers
TOO_DEEP = "{what} nests lists or mappings too deeply"


def _shallow(yaml_text: str, what: str) -> None:
    """Refuse deep nesting from the parser's events, before libyaml's own limit (whose
    depth and wording change between PyYAML releases) or the composer's recursion."""
    import yaml

    depth = 0
    # libyaml scans a flow collection ahead of its events, so its limit would speak first:
    # a text with enough brackets to nest that deep is read by PyYAML's own parser here.
    brackets = yaml_text.count("[") + yaml_text.count("{")
    for event in yaml.parse(yaml_text, Loader=yaml.SafeLoader if brackets > DEPTH_LIMIT else loader()):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > DEPTH_LIMIT:
                raise FrontMatterError(TOO_DEEP.format(what=what), event.start_mark.line if event.start_mark else 0)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _bounded(root: yaml.Node, what: str) -> None:
    """Refuse an alias bomb (each alias names a list of aliases...): the values the
    document stands for, aliases expanded, counted without expanding them; and
    nesting no walk over the nodes could follow."""
    sizes: dict[int, int] = {}  # each node counted: its values, aliases expanded
    open_: set[int] = set()  # being counted: met again below itself, it contains itself
    stack: list[tuple[yaml.Node, bool, int]] = [(root, False, 0)]
    while stack:
        node, children_done, depth = stack.pop()
        if id(node) in sizes:
            continue
        if depth > DEPTH_LIMIT:  # libyaml composes any depth; walking it would not
            raise FrontMatterError(TOO_DEEP.format(what=what), node.start_mark.line)
        children = _children(node)
        if children_done or not children:  # counted up to a bound: the count of a bomb has no end
            sizes[id(node)] = min(1 + sum(sizes[id(c)] for c in children), CEILING)
            open_.discard(id(node))
            continue
        if id(node) in open_:
            noun = what.replace(" ", "-")
            raise FrontMatterError(f"a {noun} alias (*name) contains itself", node.start_mark.line)
        open_.add(id(node))
        stack.append((node, True, depth))
        stack.extend((c, False, depth + 1) for c in children if id(c) not in sizes)
    if sizes[id(root)] > len(sizes) + EXPANSION_LIMIT:  # len(sizes): the values written
        raise FrontMatterError(
            f"{what} aliases (*name) expand to more than {len(sizes) + EXPANSION_LIMIT} values; "
            f"mdgettext expands at most {EXPANSION_LIMIT} more than are written, as safe YAML loaders do: "
            "write the values out",
            root.start_mark.line,
        )


def _children(node: yaml.Node) -> list[yaml.Node]:
    import yaml

    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _error(err: yaml.YAMLError, what: str = "front matter") -> FrontMatterError:
    mark = getattr(err, "problem_mark", None)
    problem = getattr(err, "problem", None) or str(err)
    return FrontMatterError(f"{what} is not valid YAML: {problem}", mark.line if mark else 0, over_budget=False)


def _timestamp(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> object:
    import yaml

    try:
        return yaml.SafeLoader.construct_yaml_timestamp(loader, node)
    except ValueError as err:
        raise yaml.constructor.ConstructorError(
            None, None, f"{node.value!r} is not a date ({err})", node.start_mark
        ) from err


def safe_loader(base: type[yaml.SafeLoader]) -> type[yaml.SafeLoader]:
    """A safe loader whose dates say which value is not one."""

    class Dated(base):  # type: ignore[valid-type,misc]
        pass

    Dated.add_constructor("tag:yaml.org,2002:timestamp", _timestamp)  # PyYAML copies the table per class
    return Dated


@cache
def loader() -> type[yaml.SafeLoader]:
    """libyaml's C parser where PyYAML was built with it (a third of the time of a build
    with nothing translated went to the pure-Python one); both give the same nodes,
    positions in characters, values and errors (tests/test_frontmatter_loaders.py)."""
    import yaml

    return safe_loader(yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader)  # type: ignore[arg-type]


def _walk(node: yaml.Node, path: str, text: str, flow: bool = False) -> Iterator[Value]:
    import yaml

    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                yield from _walk(
                    value, f"{path}.{key.value}" if path else str(key.value), text, flow or bool(node.flow_style)
                )
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _walk(item, f"{path}[]", text, flow or bool(node.flow_style))
    elif isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str":
        start, end = node.start_mark.index, node.end_mark.index
        end = start + len(text[start:end].rstrip())  # block scalars end after their newlines
        value = node.value.rstrip("\n") if node.style in ("|", ">") else node.value
        # inside [..] or {..} a plain value may not hold `,` `[` `]` `{` `}`: quote it
        quote = node.style or ('"' if flow else "")
        yield Value(path, value, start, end, node.start_mark.line, quote)


YAML_BREAKS = re.compile("[\x85\u2028\u2029]")  # line breaks to YAML, though not to Markdown
# What ends or breaks a JSON string, or an attribute value, where a layout prints a value
# unescaped: `"`, a backslash, a control character (a line break is the check's: it is
# the translator's text breaking where the English does not). An apostrophe is left as
# written: the English's own (`we're`) is printed so, and the layouts quote with `"`.
LAYOUT_BREAKERS = re.compile(r"[\"\\\x00-\x09\x0b-\x1f\x7f]")
LAYOUT_REFERENCES = {'"': "&quot;", "\\": "&#92;"}


def for_layout(value: str) -> str:
    """`value` as a site's layout may print it unescaped into HTML, an attribute value
    and a JSON string alike (distill's `"title": "{{ page.title }}"`): each quote,
    backslash and control character as an HTML character reference. Every place the
    layout prints a value into is HTML, or read as HTML (the JSON's strings are drawn
    by the page), so the reader sees the character the translator wrote; and the JSON
    parses. Escaping is the tool's job, not the translator's: a `"` in a title is text."""
    value = LAYOUT_TAG.sub(_single_quoted, value)
    return LAYOUT_BREAKERS.sub(lambda m: LAYOUT_REFERENCES.get(m.group(), f"&#{ord(m.group())};"), value)


# A tag the value holds as its English does (`<a href="…">`, checked by the safety judge):
# its attributes quoted with `'`, which the browser reads the same and a JSON string holds.
LAYOUT_TAG = re.compile(r"<[A-Za-z][^<>]*>")


def _single_quoted(tag: re.Match[str]) -> str:
    return tag.group().replace('"', "'") if "'" not in tag.group() else tag.group()


def encode(value: str, quote: str) -> str:
    """A YAML scalar holding `value`, in the source's quoting style where it can be.

    Block scalars become double-quoted: a one-line replacement needs no indentation.
    A plain scalar stays plain only if YAML reads it back as the same string. A value
    with NEL, LS or PS is double-quoted too: YAML reads those as line breaks, which
    plain and single-quoted scalars fold to a space; only escapes keep them.
    """
    import yaml

    style = {'"': '"', "'": "'", "|": '"', ">": '"'}.get(quote)
    if YAML_BREAKS.search(value):
        style = '"'
    dumped = yaml.safe_dump(value, default_style=style, allow_unicode=True, width=float("inf"))
    if dumped.endswith("\n...\n"):
        dumped = dumped[: -len("\n...\n")]
    return dumped.rstrip("\n")
