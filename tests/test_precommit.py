"""`.pre-commit-hooks.yaml`: a project gates its translations with one hook, as it gates its
Python with ruff's. pre-commit itself (from PyPI, in the test tools) runs this
repository's `mdgettext-check-system` hook on a sample project with `try-repo`, offline:
the hook runs the `mdgettext` on PATH, which is this checkout's. The `mdgettext-check`
hook runs the same entry after pre-commit has installed this repository into an
environment of its own, which needs PyPI; docs/ci.md says what was measured.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
import yaml

from conftest import DATA, REPO, cli


def test_the_hooks_run_mdgettext_check_on_what_it_reads() -> None:
    hooks = {hook["id"]: hook for hook in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    assert set(hooks) == {"mdgettext-check", "mdgettext-check-system"}
    assert {hook["language"] for hook in hooks.values()} == {"python", "system"}
    for hook in hooks.values():
        assert hook["entry"] == "mdgettext check" and hook["pass_filenames"] is False
        for path in ("README.md", "locale/ko/LC_MESSAGES/README.po", "locale/README.pot", "mdgettext.toml"):
            assert re.search(hook["files"], path), path
        assert not re.search(hook["files"], "src/tool.py")


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The README repository with its Korean imported, as a git repository pre-commit can read."""
    root = tmp_path_factory.mktemp("precommit") / "repo"
    shutil.copytree(DATA / "readme", root)
    for command in (["init"], ["extract"], ["import", "-l", "ko"]):
        assert cli("-C", root, "-q", *command).code == 0
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    return root


def try_repo(root: Path) -> subprocess.CompletedProcess[str]:
    """`pre-commit try-repo` of this checkout's system hook on every file of `root`."""
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "PRE_COMMIT_HOME": str(root.parent / "pre-commit-home"),
        "PRE_COMMIT_COLOR": "never",
    }
    command = [sys.executable, "-m", "pre_commit", "try-repo", str(REPO), "mdgettext-check-system", "--all-files"]
    return subprocess.run(command, cwd=root, capture_output=True, text=True, env=env, check=False)


def test_pre_commit_runs_the_hook_on_a_sample_project(sample: Path) -> None:
    passed = try_repo(sample)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "mdgettext check (the mdgettext on PATH)" in passed.stdout and "Passed" in passed.stdout
    catalog = sample / "locale" / "ko" / "LC_MESSAGES" / "README.po"
    po = polib.pofile(str(catalog))
    entry = next(e for e in po if e.msgid.startswith("Set `$QUEUE_PATH`"))
    entry.msgstr = entry.msgstr.replace("`$QUEUE_PATH`", "QUEUE_PATH")  # a code span dropped
    po.save()
    failed = try_repo(sample)
    assert failed.returncode == 1
    assert "Failed" in failed.stdout and "[markup.code]" in failed.stdout
    assert "locale/ko/LC_MESSAGES/README.po:" in failed.stdout


def test_the_local_hook_docs_ci_md_gives_runs_as_written(tmp_path: Path) -> None:
    """docs/ci.md's `repo: local` entry, pasted into a project's .pre-commit-config.yaml as it
    stands there, runs the mdgettext the project installed (issue 41: no placeholder to fill)."""
    text = (REPO / "docs" / "ci.md").read_text(encoding="utf-8")
    section = text[text.index("## pre-commit") :]
    config = re.search(r"```yaml\n(.*?)```", section, re.DOTALL)
    assert config is not None and "OWNER" not in text
    root = tmp_path / "repo"
    shutil.copytree(DATA / "readme", root)
    for command in (["init"], ["extract"], ["import", "-l", "ko"]):
        assert cli("-C", root, "-q", *command).code == 0
    (root / ".pre-commit-config.yaml").write_text(config.group(1), encoding="utf-8")
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
        "PRE_COMMIT_COLOR": "never",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    subprocess.run(["git", "init", "-q"], cwd=root, check=True, env=env)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, env=env)
    command = [sys.executable, "-m", "pre_commit", "run", "--all-files"]
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 1 and re.search(r"^mdgettext check\.+Failed$", done.stdout, re.MULTILINE), done.stdout
    assert "[completeness.untranslated]" in done.stdout  # --strict, as the entry says: two entries left to do
    catalog = root / "locale" / "ko" / "LC_MESSAGES" / "README.po"
    po = polib.pofile(str(catalog))
    done_by_translator = {
        "Contributing": "기여하기",
        "Read [CONTRIBUTING.md](CONTRIBUTING.md) before you open a pull request.": (
            "풀 리퀘스트를 열기 전에 [CONTRIBUTING.md](CONTRIBUTING.md)를 읽으세요."
        ),
    }
    left = po.untranslated_entries()
    assert sorted(e.msgid for e in left) == sorted(done_by_translator)
    for entry in left:
        entry.msgstr = done_by_translator[entry.msgid]
    po.save()
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, env=env)
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0 and re.search(r"^mdgettext check\.+Passed$", done.stdout, re.MULTILINE), done.stdout
