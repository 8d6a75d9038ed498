"""Whether text is a sentence to translate, or a name, a term or a figure kept as written.

A translator keeps `TPU v5e`, `Jacob Austin`, `**Operation**` and formulas as they
are, and that is their translation; English prose left as written is not. `import`
asks this of a block kept as written, and the Korean `typography.copied` check of
an entry identical to its English, so both draw the line in one place.
"""

from __future__ import annotations

import re

# What makes text a sentence to translate rather than a name, a term or a figure kept
# as written: a word in lower case (`checkpointing`, `answer`), or an English function
# word in any case (`A Few Problems to Work`). Units written in lower case are figures.
LOWERCASE_WORD = re.compile(r"(?<![\w-])[a-z]{2,}(?![\w-])")
FUNCTION_WORDS = re.compile(
    r"(?<![\w-])(?:a|an|the|of|to|in|on|for|and|or|with|by|from|at|as|is|are|was|were|be|how|what|why|"
    r"when|where|which|who|your|our|you|we|it|its|this|that|these|those|not|no|do|does|can|will)(?![\w-])",
    re.IGNORECASE,
)
UNITS = frozenset({"ms", "us", "ns", "ps", "kb", "mb", "gb", "tb", "hz", "khz", "mhz", "ghz", "px", "em", "pt", "vs"})


def has_sentence(prose: str) -> bool:
    """Whether prose reads as words of a sentence, which a translator translates: a
    block kept as written without one (`TPU v5e`, `Jacob Austin`, `Further Reading`,
    `**Operation**`, a formula) is a translation, not English left behind."""
    if FUNCTION_WORDS.search(prose):
        return True
    return any(word not in UNITS for word in LOWERCASE_WORD.findall(prose))
