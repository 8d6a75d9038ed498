"""Input that can multiply is expanded within a budget, and the rules that read long
input give the same answers on it (their time is measured in benchmarks/growth.py,
never here): TeX macros, and the Chinese spacing rule on a long run of spaces."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cli
from mdgettext.publish import macros


@pytest.mark.parametrize(
    "setting, text, shown",
    [
        ('red = "\\\\red{#1}\\\\red{#1}\\\\red{#1}"', "Let $\\red{D}$ be.\n", "\\red{D}"),  # triples at every step
        ('big = "#1#1#1#1#1#1#1#1#1#1"', "Let $\\big{\\big{\\big{\\big{\\big{x}}}}}$ be.\n", "\\big{\\big{"),
        ("", "$$\\def\\blue#1{\\blue{#1}\\blue{#1}} \\blue{x}$$\n", "\\blue{x}"),  # a page's own \\def
    ],
)
def test_macros_that_multiply_are_left_unexpanded_and_the_build_says_so(
    project: Path, setting: str, text: str, shown: str
) -> None:
    (project / "pyproject.toml").write_text(f"[tool.mdgettext]\nmath_macros = {{ {setting} }}\n", encoding="utf-8")
    (project / "source" / "en" / "m.md").write_text(text, encoding="utf-8")
    result = cli("-C", project, "build", "-l", "en")
    assert result.code == 0, result.err
    told = [line for line in result.err.splitlines() if "macros unexpanded" in line]
    assert len(told) == 1 and told[0].startswith(f"mdgettext: warning: source/en/m.md: formula `{shown}"), result.err
    assert f"more than {macros.EXPANSION_LIMIT:,} characters" in told[0]
    page = (project / "build" / "en" / "m.html").read_text(encoding="utf-8")
    assert len(page) < 40_000  # the formula as written, not its expansion


def test_macros_within_the_budget_still_expand_fully() -> None:
    given = macros.from_setting({"pair": "(#1, #1)", "R": "\\mathbb{R}"})
    assert (
        macros.expand("\\pair{\\pair{\\R}}", given) == "{({(\\mathbb{R}, \\mathbb{R})}, {(\\mathbb{R}, \\mathbb{R})})}"
    )
    tex = "\\pair{x}" * 1000  # many small uses: well within the budget
    assert macros.expanded(tex, given) == ("{(x, x)}" * 1000, True)


@pytest.mark.parametrize("run", [1, 3, 300, 50_000])
def test_the_chinese_spacing_rule_finds_the_same_places_in_a_long_run_of_spaces(run: int) -> None:
    import re

    from mdgettext.checks.typography.zh import SPACE_AROUND_FULL_WIDTH

    # the rule as it was written before it was made linear: the same places, found slowly
    plain = re.compile(r"[ \t]+(?=[，。！？：；、）」』》])|(?<=[（「『《])[ \t]+")
    text = "中" + " " * run + "文，好 。（ 是" + " \t" * run + "）a （" + " " * run
    found = [m.span() for m in SPACE_AROUND_FULL_WIDTH.finditer(text)]
    assert found == [(run + 4, run + 5), (run + 7, run + 8), (run + 9, 3 * run + 9), (3 * run + 13, 4 * run + 13)]
    if run <= 300:
        assert found == [m.span() for m in plain.finditer(text)]
