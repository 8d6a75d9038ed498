"""A sentence-final colon: a finding only when nothing follows that it introduces."""

from __future__ import annotations

import re

FOLLOWERS = frozenset({"list", "display-math", "figure", "code", "table", "block", "html"})
"""What may follow a block and be what its final colon introduces."""

_NOT_FOLLOWERS = frozenset({None, "heading"})
_TRAILING_MARKUP = re.compile(r"(?:\s|\*|_|</?(?:b|strong|em|i|span)>)+$")


def final_colon(text: str, followed_by: str | None, *, heading: bool = False) -> bool:
    """Whether the block ends in a colon that introduces nothing: a finding.

    A colon at the end of a block announces what comes next: "…다음과 같습니다:"
    before a list, a display formula, a figure, a code block, a table, an HTML
    block, or any next block (a paragraph can be what it announces: "예를 들면:"
    then an example). That is how the book is written (all 155 old findings on
    the community translation were such colons), so it is fine. It is a
    finding when nothing follows that it could introduce:

    * ``followed_by`` is None: the block is the last of the document (or of
      its container: the caller says None at the end of a details block);
    * ``followed_by`` is "heading": a heading starts a new section, it is not
      the continuation of the paragraph before it;
    * ``heading=True``: a heading never ends with a colon, whatever follows
      (a heading introduces its section, not the next block). The caller may
      skip this when the English heading ends with one too.

    A colon inside the text ("**계산:** 딥러닝…", "prefill:generate", a URL) is
    never a finding. Trailing emphasis and whitespace are ignored
    ("**다음과 같다:**"). ``followed_by`` is one of :data:`FOLLOWERS`,
    "heading" or None; anything else is a ValueError (a typo must not silently
    turn the check off).
    """
    if followed_by not in FOLLOWERS and followed_by not in _NOT_FOLLOWERS:
        raise ValueError(f"unknown follower {followed_by!r}; expected one of {sorted(FOLLOWERS)}, 'heading' or None")
    stripped = _TRAILING_MARKUP.sub("", text)
    if not stripped.endswith((":", "：")):
        return False
    if heading:
        return True
    return followed_by in _NOT_FOLLOWERS
