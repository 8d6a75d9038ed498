"""Translatable YAML front-matter values: find them, and write them back in place.

PyYAML's composer gives every scalar its exact start and end in the text, so a
translated value replaces those characters only: comments, key order, blank lines
and untouched keys (a `_styles: >` block, say) stay byte for byte.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import yaml


class FrontMatterError(ValueError):
    """The front matter is not valid YAML; `line` is 0-based within it."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


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
    try:
        root = yaml.compose(yaml_text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        problem = getattr(err, "problem", None) or str(err)
        raise FrontMatterError(f"front matter is not valid YAML: {problem}", mark.line if mark else 0) from err
    if root is None:
        return []
    wanted = set(keys)
    found = [v for v in _walk(root, "", yaml_text) if v.key_path in wanted and v.text.strip()]
    return sorted(found, key=lambda v: v.start)


def load(yaml_text: str) -> dict[str, Any]:
    """The front matter as data (a mapping, or empty), for checks that read authors or toc."""
    try:
        data = yaml.safe_load(yaml_text)
    except yaml.YAMLError:
        return {}
    return data if isinstance(data, dict) else {}


def _walk(node: yaml.Node, path: str, text: str, flow: bool = False) -> Iterator[Value]:
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


def encode(value: str, quote: str) -> str:
    """A YAML scalar holding `value`, in the source's quoting style where it can be.

    Block scalars become double-quoted: a one-line replacement needs no indentation.
    A plain scalar stays plain only if YAML reads it back as the same string.
    """
    style = {'"': '"', "'": "'", "|": '"', ">": '"'}.get(quote)
    dumped = yaml.safe_dump(value, default_style=style, allow_unicode=True, width=float("inf"))
    if dumped.endswith("\n...\n"):
        dumped = dumped[: -len("\n...\n")]
    return dumped.rstrip("\n")
