"""English words by their stem, so that inflection is not a difference.

The importer asks whether a Latin-script word of a translation is in its English
(`axis` in a Korean sentence whose English says `axes`), and the translation
memory finds candidates by the words two messages share (`MLPs` and `MLP`). Both
compare stem keys: Snowball's English stemmer (Porter2, from `snowballstemmer`)
folds regular inflection (trained, training, trains -> train). Three rules it lacks
are added:

- an acronym's plural is the acronym: `GPUs`, `KVs`, `OPs` -> gpu, kv, op (Porter2
  keeps `gpus`, and reads `ops` as a word);
- a Latin or Greek plural also stands for its singular: `axes` -> axis, `matrices`
  -> matrix, `indices` -> index (Porter2 gives axe/axi, matric/matrix);
- a plural in `-us` also stands for the word without its `s`: `plateaus`, `menus`
  (Porter2 keeps `-us`, for words such as `status`).

A word may therefore have more than one key; two words match when they share one.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

# plural ending -> the singular endings it may stand for
CLASSICAL_PLURALS = (("ices", ("ix", "ex")), ("es", ("is",)), ("us", ("u",)))


@cache
def _english() -> Any:
    """Snowball's English stemmer, imported and made on the first word to stem: an
    `update` that offers no close match never needs it."""
    import snowballstemmer

    return snowballstemmer.stemmer("english")


def keys(word: str) -> frozenset[str]:
    """The stem keys of one word as written (case matters only for acronyms)."""
    return _keys(word)


@lru_cache(maxsize=65536)  # a book repeats its words; Porter2 in pure Python is the cost
def _keys(word: str) -> frozenset[str]:
    if len(word) > 2 and word.endswith("s") and word[:-1].isupper():
        word = word[:-1]
    lower = word.lower()
    english = _english()
    found = {english.stemWord(lower)}
    for plural, singulars in CLASSICAL_PLURALS:
        if lower.endswith(plural) and len(lower) > len(plural) + 1:
            found.update(english.stemWord(lower[: -len(plural)] + singular) for singular in singulars)
    return frozenset(found)
