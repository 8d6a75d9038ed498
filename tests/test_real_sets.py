"""Real translations other people made go through a new user's first day unharmed.

Each set in tests/data/real is a public repository's English with a translation made
from it (tests/data/README.md): `init`, `extract`, `import`, `build --format md` as a
user types them (tests/roundtrip.py). Floors only: no command crashes or refuses, the
build writes back every translated file, and every catalog import wrote is as GNU
gettext writes it. How much of each translation comes back byte for byte is
benchmarks/roundtrip.py's measurement, which the work on issue 45 moves.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from gettext_tools import assert_msgcat_fixed_point
from roundtrip import ENGLISH_LEFT, HEADING_IDS, LEFT_IN_ENGLISH, REAL, Result, _no_ids, compare, kept_lines, real_set

SETS = sorted(p.name for p in REAL.iterdir() if p.is_dir())


class Trips(dict[str, tuple[list[Result], Path]]):
    """Each set's results and its folder, the set run when first asked for."""

    def __init__(self, work: Path) -> None:
        super().__init__()
        self.work = work

    def __missing__(self, name: str) -> tuple[list[Result], Path]:
        self[name] = (real_set(REAL / name, self.work, explain=False), self.work / name)
        return self[name]


@pytest.fixture(scope="module")
def trips(tmp_path_factory: pytest.TempPathFactory) -> Trips:
    work = tmp_path_factory.mktemp("real")
    done = Trips(work)
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        # each set is its own repository: two at a time on CI's two cores (the suite's slowest
        # fixture). Under pytest-xdist (`make test`) each set is a unit of its own (conftest.SPREAD),
        # run where a worker takes it: a pool there would put four processes on two cores.
        with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork")) as pool:
            results = pool.map(real_set, [REAL / name for name in SETS], [work] * len(SETS), [False] * len(SETS))
            done.update({name: (result, work / name) for name, result in zip(SETS, results, strict=True)})
    return done


def test_the_real_sets_are_there_with_their_licences():
    assert len(SETS) >= 6
    for name in SETS:
        manifest = json.loads((REAL / name / "MANIFEST.json").read_text(encoding="utf-8"))
        assert (REAL / name / "LICENSE").is_file(), name
        for file in manifest["files"]:
            assert (REAL / name / file["translation_here"]).is_file(), (name, file)
            assert (REAL / name / file["english_here"]).is_file(), (name, file)


@pytest.mark.parametrize("name", SETS)
def test_a_real_translation_imports_and_builds(trips, name):
    results, _ = trips[name]
    manifest = json.loads((REAL / name / "MANIFEST.json").read_text(encoding="utf-8"))
    for result in results:
        assert not result.failed, result.failed  # a crash, a refusal, a layout init does not see
        assert result.files == len(manifest["files"]), "a translated file the layout does not pair with its English"
        assert not result.missing, f"the build did not write {result.missing}"
        assert result.entries > 0


@pytest.mark.parametrize("name", SETS)
def test_every_catalog_import_writes_is_as_gettext_writes_it(trips, name):
    _, root = trips[name]
    catalogs = sorted((root / "locale").rglob("*.po"))
    assert catalogs
    for path in catalogs:
        assert_msgcat_fixed_point(path)


def test_the_ruler_counts_the_translators_lines_kept_in_order():
    mine = "# 제목\n\n첫 줄\n둘째 줄\n\n- 항목\n"
    assert kept_lines(mine, mine) == (4, 4, [])
    # a wrapped paragraph written back as one line loses both lines; a blank line is no line
    assert kept_lines(mine, "# 제목\n\n첫 줄 둘째 줄\n- 항목\n") == (4, 2, [(3, "첫 줄"), (4, "둘째 줄")])
    # an English heading inserted above keeps every line of the translator's
    assert kept_lines(mine, "## Title\n\n" + mine)[1] == 4


def test_the_ruler_explains_english_ids_and_english_left_apart_and_still_counts_them_lost(tmp_path: Path):
    # the two explanations that are no finding: what they match, and nothing else
    assert _no_ids("## 분할 표기법 {#partitioning-notation}") == "## 분할 표기법"
    assert _no_ids('### <span id="x" style="scroll-margin-top: inherit"></span>행렬 곱셈 {#matrix}') == "### 행렬 곱셈"
    assert _no_ids("## 분할 표기법") == "## 분할 표기법"
    assert ENGLISH_LEFT.fullmatch("By default, the left side of input gets replaced with `>`.")
    assert not ENGLISH_LEFT.fullmatch("기본적으로 입력의 왼쪽은 `>`로 바뀝니다 (by default).")
    assert not ENGLISH_LEFT.fullmatch("Out[B, F] { U } = In[B, D] * W[D, F]")  # a formula, no prose
    result = Result("set", "ko")
    compare_lines = "## 분할 표기법\n\nBy default, the left side of input gets replaced with `>`.\n"
    built = tmp_path / "built.md"
    built.write_text("## 분할 표기법 {#partitioning}\n\nBy default, the left side is replaced.\n", "utf-8")
    compare(result, tmp_path, "ko", [("x", "ko/x.md", compare_lines.encode(), built)])
    assert (result.lines, result.kept) == (2, 0)  # counted lost all the same
    assert [lost.why for lost in result.lost] == [HEADING_IDS, LEFT_IN_ENGLISH]
