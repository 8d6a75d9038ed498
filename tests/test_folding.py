"""A block's lines as its author wrote them (`unfolded`, which import keeps in a msgstr)
and the hard breaks a text ends its lines with (`hard_breaks`, which the structure check
counts). Found missing by mutmut (benchmarks/mutation.py): every test reached these
functions, none read their answer closely."""

from __future__ import annotations

import pytest

from mdgettext.markdown.folding import fold, hard_breaks, unfolded
from mdgettext.markdown.segment import segment

WRITTEN = [
    # after a hard break a line that may open a block keeps its break; a plain line keeps the author's
    ("> one  \n> 2) two\n> three\n", "one  \n2) two\nthree"),
    # the container's prefix and the indentation before a kept break are not the author's text
    ("> one  \n>   2) two\n", "one  \n2) two"),
    # with no hard break before it, a line that may open a block is joined, as the msgid has it
    ("> one\n> 2) two\n", "one 2) two"),
    ("> one \n> 2) two\n", "one 2) two"),
    # a list item's indentation is the container's; any more is the author's
    ("- one\n  two\n   three\n", "one\ntwo\n three"),
    # lines that do not fold back to the msgid (a lazy line, a tab): the msgid
    ("> > one\n> two\n", "one two"),
    ("> one\n>\ttwo\n", "one two"),
    ("one two\n", "one two"),
]


@pytest.mark.parametrize(("text", "written"), WRITTEN)
def test_a_block_is_unfolded_as_its_author_wrapped_it(text: str, written: str) -> None:
    seg = segment(text, "x.md").segments[0]
    assert unfolded(text, seg.span, seg.msgid) == written
    assert fold(written) == seg.msgid


def test_hard_breaks_count_the_lines_that_end_in_one_but_the_last() -> None:
    assert hard_breaks("a  \nb\\\nc  \nd  ") == 3
    assert hard_breaks("a \nb\\\\\nc") == 0  # one space, an escaped backslash
    assert hard_breaks("a  ") == 0


def test_folding_drops_only_spaces_and_tabs_around_a_soft_break() -> None:
    """CommonMark strips spaces and tabs at a soft break, never other white space: a
    Korean or Chinese line may start with an ideographic space (U+3000) the text means."""
    assert fold("a \t\n \tb") == "a b"
    assert fold("a\u3000\n\u3000b") == "a\u3000 \u3000b"
