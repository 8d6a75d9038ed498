"""The installs every machine makes: the locks, the declared bounds, and what the package ships.

A fresh machine once took a newer PyYAML than anyone had tested, and the declared floors
crashed on import: these tests hold the declarations, the locks and the code to each other.
"""

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
RUNTIME = [Requirement(r) for r in PROJECT["dependencies"]]
TEST_TOOLS = [Requirement(r) for r in PROJECT["optional-dependencies"]["test"]]


def pins(lock: str) -> dict[str, str]:
    """Each package's exact version in a lock, and that every pin carries a hash."""
    text = (ROOT / "requirements" / lock).read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        head = re.match(r"([A-Za-z0-9._-]+)==([^ ;\\\n]+)", block)
        if head:
            assert "--hash=sha256:" in block, f"{lock}: {head.group(1)} has no hash"
            found[canonicalize_name(head.group(1))] = head.group(2)
    return found


def floor(req: Requirement) -> str:
    [lowest] = [s.version for s in req.specifier if s.operator in (">=", "==")]
    return lowest


@pytest.mark.parametrize("lock", ["lock.txt", "floors.txt"])
def test_each_lock_pins_every_declared_dependency_with_hashes(lock):
    pinned = pins(lock)
    for req in [*RUNTIME, *TEST_TOOLS]:
        name = canonicalize_name(req.name)
        assert name in pinned, f"requirements/{lock} lacks {name}: run `make lock`"
        assert req.specifier.contains(pinned[name], prereleases=True), f"{lock}: {name}=={pinned[name]} vs {req}"


def test_the_floors_lock_holds_each_runtime_dependency_at_its_declared_lower_bound():
    pinned = pins("floors.txt")
    for req in RUNTIME:
        assert Version(pinned[canonicalize_name(req.name)]) == Version(floor(req)), (
            f"{req}: run `make lock`, then `make test-floors`"
        )


def test_the_test_tools_are_the_same_in_both_locks():
    main, floors = pins("lock.txt"), pins("floors.txt")
    for req in TEST_TOOLS:
        name = canonicalize_name(req.name)
        assert main[name] == floors[name]


def imported_distributions() -> set[str]:
    """The distributions whose modules tools/mdgettext imports."""
    by_module = importlib.metadata.packages_distributions()
    found: set[str] = set()
    for path in (ROOT / "tools" / "mdgettext").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                tops = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                tops = [node.module.split(".")[0]]
            else:
                continue
            for top in tops:
                if top not in sys.stdlib_module_names and top != "mdgettext":
                    found.update(canonicalize_name(d) for d in by_module[top])
    return found


def test_every_imported_library_is_declared_and_every_declared_one_is_imported():
    declared = {canonicalize_name(r.name) for r in RUNTIME}
    assert imported_distributions() == declared


def test_the_classifiers_name_the_python_versions_the_project_supports():
    versions = {c.rsplit(" ", 1)[1] for c in PROJECT["classifiers"] if re.fullmatch(r".*:: 3\.\d+", c)}
    assert versions == {"3.11", "3.12", "3.13"}
    assert PROJECT["requires-python"] == ">=3.11"


def test_the_package_ships_its_licence_and_type_marker():
    assert PROJECT["license"] == "Apache-2.0"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").lstrip().startswith("Apache License")
    assert (ROOT / "tools" / "mdgettext" / "py.typed").exists()


def test_pre_commit_runs_the_locked_tools_and_leaves_test_data_alone():
    config = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    assert "rev:" not in config, "a pinned hook repository would run other versions than the lock"
    assert "exclude: ^tests/data/" in config


@pytest.mark.parametrize("form", ["path", "git URL"])
def test_pip_installs_it_from_a_path_or_a_git_url_into_a_fresh_environment(tmp_path: Path, form: str) -> None:
    """The README's install line, `pip install PATH` or `pip install git+URL`, as far as this
    machine can run it offline (issue 41): pip builds the package from a copy of the
    repository (for the URL, a git repository pip clones) with its declared backend,
    installs the wheel into a fresh environment, and that environment's `mdgettext` makes
    pages from its own installed files (templates, scripts, page words). Its dependencies
    are the locked ones, lent by the test environment (a path file: pip has no index here)."""
    import os
    import shutil
    import subprocess

    source = tmp_path / "mdgettext"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "tools", source / "tools", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    offline = {**os.environ, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": "", "PIP_CONSTRAINT": ""}
    spec = str(source)
    if form == "git URL":  # a clone's URL: what was committed, nothing else of the folder
        git = {**offline, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
        who = ["-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"]
        for args in (["init", "-q"], ["add", "."], [*who, "commit", "-q", "-m", "mdgettext"]):
            subprocess.run(["git", "-C", source, *args], check=True, env=git)
        (source / "tools" / "mdgettext" / "publish" / "static" / "editor.js").unlink()  # a clone still has it
        offline = git
        spec = f"git+{source.as_uri()}"
    wheels = tmp_path / "wheels"
    subprocess.run([*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", wheels, spec], check=True, env=offline)
    (wheel,) = wheels.glob("mdgettext-*.whl")
    fresh = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", fresh], check=True)
    python = fresh / "bin" / "python"
    subprocess.run([*pip, "--python", python, "install", "--no-deps", wheel], check=True, env=offline)
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    locked = [p for p in sys.path if p.endswith("site-packages")]
    (Path(site) / "locked-dependencies.pth").write_text("\n".join(locked) + "\n", encoding="utf-8")

    project = tmp_path / "book"
    (project / "source" / "en").mkdir(parents=True)
    (project / "source" / "en" / "a.md").write_text("# Title\n\nText.\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    mdgettext = fresh / "bin" / "mdgettext"
    for command in (["extract"], ["update", "-l", "ko"], ["extract", "--page-words"], ["build"]):
        subprocess.run([mdgettext, "-C", project, "-q", *command], check=True, env=env)
    installed = subprocess.run(
        [python, "-c", "import mdgettext; print(mdgettext.__file__)"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    assert installed.startswith(str(fresh)), installed  # not the repository's copy
    review = (project / "build" / "ko" / "a.review.html").read_text(encoding="utf-8")
    assert '<html lang="ko">' in review and "검토" in review  # the installed page words
    assert (project / "build" / "static" / "mdgettext-review.js").is_file()
    assert (Path(installed).parent / "publish" / "static" / "editor.js").is_file()  # serve's editor
    assert (project / "locale" / "page.pot").is_file()
