"""Issue 30 without a browser: what the pages hold for their readers.

The text drawn as the book's site draws it (`\\$` a dollar sign, `\\cdot` MathJax's dot operator).
"""

from __future__ import annotations

import re

from mdgettext.publish.mathml import typeset


def test_an_escaped_dollar_is_a_dollar_sign_and_no_delimiter() -> None:
    """MathJax's processEscapes, as the book's site has it: kramdown keeps `\\$` inside the
    book's raw `<d-footnote>`, and the reader sees `$`."""
    page = typeset("<p>About \\$10/hour, or \\$20 on demand; $x = \\$5$.</p>", dollars=True)
    text = re.sub(r"<[^>]+>", "", page.split("<span", 1)[0])
    assert text == "About $10/hour, or $20 on demand; "
    assert page.count("<math") == 1 and "<mi>$</mi>" in page  # inside math, TeX's own `\$`


def test_cdot_is_the_dot_operator_mathjax_draws() -> None:
    page = typeset("<p>$a \\cdot b$ and $a·b$</p>", dollars=True)
    assert "<mo>\u22c5</mo>" in page and "<mo>\u00b7</mo>" not in page
    assert "<mi>\u00b7</mi>" in page  # a middle dot typed in the TeX stays what it is
