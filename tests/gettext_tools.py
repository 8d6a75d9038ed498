"""Assertions that run GNU gettext's own tools over a PO file.

GNU gettext is the reference for the PO format: a file we write must be
printed unchanged by ``msgcat`` and accepted by ``msgfmt --check``.  The
tools are required, not optional: a missing ``msgcat`` fails the test
instead of skipping it, since CI installs GNU gettext.
"""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path


def _tool(name: str) -> str:
    """Path of a GNU gettext program; fail loudly when it is missing."""
    path = shutil.which(name)
    if path is None:
        raise AssertionError(f"{name} not found on PATH: install GNU gettext (e.g. apt-get install gettext)")
    return path


def _run(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    """Run a gettext program in the C locale, so messages are stable."""
    env = dict(os.environ, LC_ALL="C", LANGUAGE="")
    return subprocess.run(args, capture_output=True, env=env, check=False)


def _diff(expected: bytes, actual: bytes, path: Path) -> str:
    """A unified diff of two file texts, for assertion messages."""
    return "".join(
        difflib.unified_diff(
            expected.decode("utf-8", "replace").splitlines(keepends=True),
            actual.decode("utf-8", "replace").splitlines(keepends=True),
            fromfile=f"{path} (ours)",
            tofile="msgcat output",
        )
    )


def assert_msgcat_fixed_point(path: str | os.PathLike[str]) -> None:
    """``msgcat FILE`` and ``msgcat -o OUT FILE`` print FILE byte for byte."""
    path = Path(path)
    original = path.read_bytes()
    msgcat = _tool("msgcat")

    printed = _run([msgcat, str(path)])
    assert printed.returncode == 0, f"msgcat {path} failed:\n{printed.stderr.decode(errors='replace')}"
    assert printed.stdout == original, "msgcat stdout differs from the file:\n" + _diff(original, printed.stdout, path)

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.po"
        written = _run([msgcat, "-o", str(out), str(path)])
        assert written.returncode == 0, f"msgcat -o failed:\n{written.stderr.decode(errors='replace')}"
        actual = out.read_bytes() if out.exists() else b""
    assert actual == original, "msgcat -o output differs from the file:\n" + _diff(original, actual, path)


def assert_msgfmt_check(path: str | os.PathLike[str]) -> None:
    """``msgfmt --check`` accepts FILE (syntax, header, format strings)."""
    msgfmt = _tool("msgfmt")
    result = _run([msgfmt, "--check", "-o", os.devnull, str(path)])
    assert result.returncode == 0, f"msgfmt --check {path} failed:\n{result.stderr.decode(errors='replace')}"
