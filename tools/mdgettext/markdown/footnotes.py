"""Footnote references as written in a message's Markdown (`[^label]`), read in one pass."""

from __future__ import annotations

import re
from collections.abc import Iterator

LABEL_END = re.compile(r"[\]\s]")  # a footnote label `[^label]` ends at its `]` or is no label


def footnote_labels(source: str) -> Iterator[str]:
    """The labels of `[^label]` not followed by `:`, left to right, as the regular
    expression `\\[\\^([^\\]\\s]+)\\](?!:)` finds them; but where the expression would
    read from every `[^` of `[^[^[^…` to the end, each label's end is looked for once."""
    pos, end = 0, -1  # end: where the label started at the last `[^` stops
    while (start := source.find("[^", pos)) >= 0:
        if end < start + 2:
            stop = LABEL_END.search(source, start + 2)
            end = stop.start() if stop else len(source)
        if start + 2 < end < len(source) and source[end] == "]" and not source.startswith(":", end + 1):
            yield source[start + 2 : end]
            pos = end + 1
        else:
            pos = start + 1
