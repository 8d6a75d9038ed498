"""benchmarks/mutants.py keeps a mutant for every promise, and each still applies.

Running every mutant takes minutes (`python benchmarks/mutants.py` prints the table);
here: the named promises each have a mutant, each mutant's line is still in the code
(a refactor that moves it would silently make the mutant a no-op), and one mutant,
the one that proves the identity round trip can fail, runs for real.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from conftest import REPO

_spec = importlib.util.spec_from_file_location("mutants", REPO / "benchmarks" / "mutants.py")
assert _spec is not None and _spec.loader is not None
mutants = importlib.util.module_from_spec(_spec)
sys.modules["mutants"] = mutants  # its dataclasses look their module up
_spec.loader.exec_module(mutants)

# One name per promise of README.md and docs/ that a mutant stands for; a new promise adds a row.
PROMISES = {
    "span-start",  # a translation replaces exactly its message's text
    "publish-fuzzy",  # a fuzzy translation is never published
    "publish-obsolete",  # nor an obsolete one
    "drop-obsolete",  # nothing lost on update
    "drop-fuzzy-obsolete",  # not even a fuzzy translation whose English is gone
    "update-loses-fuzzy",  # a doubt stays until a translator clears it
    "skip-links-check",  # every check runs
    "skip-markup-check",
    "hostile-through",  # the build refuses active content
    "javascript-url",  # links lead only where they may
    "write-outside",  # reads and writes only inside the project
    "forget-notes",  # a changed notes file rebuilds its chapter
    "weave-skip-last",  # every usable translation is published
}


def test_every_named_promise_has_a_mutant() -> None:
    assert set(mutants.PROMISES) == PROMISES
    assert len({m.name for m in mutants.MUTANTS}) == len(mutants.MUTANTS)


@pytest.mark.parametrize("mutant", mutants.MUTANTS, ids=lambda m: m.name)
def test_each_mutant_still_applies_and_names_tests_that_exist(mutant, tmp_path: Path) -> None:
    tools = tmp_path / "tools"
    (tools / "mdgettext" / mutant.path).parent.mkdir(parents=True)
    shutil.copy(REPO / "tools" / "mdgettext" / mutant.path, tools / "mdgettext" / mutant.path)
    mutants.apply(mutant, tools)  # exits when its line is not there exactly once
    assert (tools / "mdgettext" / mutant.path).read_text(encoding="utf-8") != (
        REPO / "tools" / "mdgettext" / mutant.path
    ).read_text(encoding="utf-8")
    for test in mutant.tests:
        assert (REPO / test.split("::")[0]).is_file(), test
        assert "browser" not in test  # killed without a browser


def test_the_identity_round_trip_kills_a_span_one_character_off() -> None:
    """The identity once translated every message as itself, which the weaver skips: a
    span one character off passed it. Now it must fail on its own."""
    (span_start,) = [m for m in mutants.MUTANTS if m.name == "span-start"]
    assert mutants.run(span_start)[0] == "killed"


def test_the_measured_table_has_every_mutant_and_its_count() -> None:
    """benchmarks/README.md's table of verdicts names every mutant of the script, in its
    order, and its count: a mutant added without being run and reported is noticed."""
    text = (REPO / "benchmarks" / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Does a test fail when a promise breaks: `mutants.py`") :]
    section = section[: section.index("\n## ")]
    rows = [line.split("|")[1].strip() for line in section.splitlines() if line.startswith("| ") and "---" not in line]
    assert rows[1:] == [mutant.name for mutant in mutants.MUTANTS]
    killed = sum(1 for line in section.splitlines() if line.startswith("| ") and "| killed |" in line)
    assert f"{killed} of {len(mutants.MUTANTS)} killed" in " ".join(section.split())
