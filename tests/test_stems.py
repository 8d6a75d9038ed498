"""Words compared by stem: inflection is not a difference (issue 14)."""

from __future__ import annotations

import pytest

from mdgettext.alignment.align import align
from mdgettext.markdown.segment import segment
from mdgettext.stems import keys


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("trained", "training"),
        ("axes", "axis"),
        ("matrices", "matrix"),
        ("indices", "index"),
        ("GPUs", "GPU"),
        ("KVs", "KV"),
        ("OPs", "OP"),
        ("plateaus", "plateau"),
        ("strategies", "strategy"),
        ("allgathering", "AllGather"),
    ],
)
def test_inflections_share_a_stem(one: str, other: str) -> None:
    assert keys(one) & keys(other)


@pytest.mark.parametrize(("one", "other"), [("Matt", "Matthew"), ("Huggingface", "Hugging"), ("trade", "tradeoff")])
def test_other_words_do_not(one: str, other: str) -> None:
    assert not keys(one) & keys(other)


def test_a_translation_that_inflects_an_english_word_is_not_doubtful() -> None:
    source = segment("We shard the matrices along two axes, as trained models do.\n", "en.md")
    translated = segment("trained model처럼 matrix를 두 axis로 나눈다.\n", "ko.md")
    assert [p.reasons for p in align(source, translated).pairs] == [()]
