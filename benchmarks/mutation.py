"""A mutation tool's score over the pure core (issue 44): mutmut's own mutants of the
modules in MODULES, each run against the fast, in-process tests in TESTS.

`mutants.py` holds one hand-written mutant per promise; this is the other half: every
operator, constant and argument of the weaver and the folding that mutmut knows how to
change, so a test that reads the output only loosely is found. A survivor is either a
missing test (add one) or an equivalent mutant (listed, with why, in
benchmarks/README.md).

mutmut 3 finds a package only under `src/` or the top folder, and ours is under
`tools/`: the script lays a copy out as mutmut expects in `build/mutation/` (the
package as `src/mdgettext`, the tests and what they read beside it) and runs `mutmut
run` there, on one core (so a build's pool runs its chapters in the test's own process,
where mutmut sees which tests reach which function; a forked worker's record is lost)
and niced. Not a CI dependency: `make mutation` installs mutmut from
`requirements/mutation.txt` (hash-locked like the others) into `.venv-mutation`.

    python benchmarks/mutation.py            # copy, run, print the score and the survivors
    python benchmarks/mutation.py --results  # the score of the last run, not run again
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
STAGE = REPO / "build" / "mutation"
# Pure modules (text in, text out) whose tests run in-process in seconds.
MODULES = ["markdown/weave.py", "markdown/folding.py"]
TESTS = [
    "tests/test_weave.py",
    "tests/test_identity_translations.py",
    "tests/test_segment.py",
    "tests/test_fixtures.py",
    "tests/test_folding.py",
    "tests/test_addenda.py",
]
COPIED = ["tests", "source", "locale", "docs"]  # what the tests read, relative to the repository
# mutmut's exit codes (mutmut.stats.status_by_exit_code), the ones a run here can give
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 36: "timeout", 24: "timeout"}
STATUS |= {-24: "timeout", 152: "timeout", 255: "timeout", -9: "segfault", -11: "segfault", None: "not checked"}


def stage() -> None:
    """The copy mutmut runs in: the package under src/, the tests and their data, a
    pyproject.toml with mutmut's settings and the tests' own pytest settings."""
    shutil.rmtree(STAGE, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(REPO / "tools" / "mdgettext", STAGE / "src" / "mdgettext", ignore=ignore)
    for part in COPIED:
        shutil.copytree(REPO / part, STAGE / part, ignore=ignore)
    modules = ", ".join(f'"src/mdgettext/{m}"' for m in MODULES)
    tests = ", ".join(f'"{t}"' for t in TESTS)
    copied = ", ".join(f'"{p}"' for p in COPIED if p != "tests")
    (STAGE / "pyproject.toml").write_text(
        "[tool.mutmut]\n"
        'source_paths = ["src/mdgettext"]\n'
        f"only_mutate = [{modules}]\n"
        f"pytest_add_cli_args_test_selection = [{tests}]\n"
        f"also_copy = [{copied}]\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q"]\n\n'
        "[tool.pytest.ini_options]\n"
        'testpaths = ["tests"]\n',
        encoding="utf-8",
    )


def mutmut(*args: str) -> subprocess.CompletedProcess[str]:
    tool = Path(sys.executable).parent / "mutmut"
    return subprocess.run([str(tool), *args], cwd=STAGE, text=True, capture_output=True, check=False)


def results() -> dict[str, str]:
    """Each mutant's verdict, from the meta files mutmut leaves beside its copies."""
    found = {}
    for meta in sorted((STAGE / "mutants" / "src").rglob("*.meta")):
        for key, code in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].items():
            found[key] = STATUS.get(code, f"exit {code}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", action="store_true", help="report the last run's results, not run again")
    options = parser.parse_args()
    if not options.results:
        stage()
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        os.nice(10)
        run = mutmut("run", "--max-children", "1")
        if run.returncode != 0:
            print(run.stdout[-3000:], run.stderr[-3000:], sep="\n", file=sys.stderr)
            return 1
    verdicts = results()
    counts = Counter(verdicts.values())
    print(f"{len(verdicts)} mutants of {', '.join(MODULES)}: " + ", ".join(f"{n} {s}" for s, n in counts.most_common()))
    for key, verdict in verdicts.items():
        if verdict not in ("killed", "timeout"):
            shown = mutmut("show", key).stdout
            changed = [line for line in shown.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")]
            print(f"\n{key}: {verdict}", *changed, sep="\n  ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
