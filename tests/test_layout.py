"""The package's shape: data flows one way, commands stay thin, modules stay readable.

Every import between mdgettext's modules, those inside functions included, must go
down the pipeline's layers (or stay within a package), and no chain of imports may
come back to where it started.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from conftest import REPO

PACKAGE = REPO / "tools" / "mdgettext"
# Lower layers never import higher ones. Alignment and publishing are side by side.
LAYERS = [
    {
        "mdgettext",
        "mdgettext.model",
        "mdgettext.locale",
        "mdgettext.editions",
        "mdgettext.stems",
        "mdgettext.errors",
        "mdgettext.symlinks",
        "mdgettext.shown",
    },
    {"mdgettext.markdown"},
    {"mdgettext.po"},
    {
        "mdgettext.project",
        "mdgettext.settings",
        "mdgettext.settings_input",
        "mdgettext.layout",
        "mdgettext.recognise",
        "mdgettext.files",
        "mdgettext.catalogs",
        "mdgettext.report",
        "mdgettext.cache",
    },
    {"mdgettext.checks"},
    {"mdgettext.alignment", "mdgettext.publish"},
    {"mdgettext.pipeline"},  # one chapter's way through the stages above, for the commands
    {"mdgettext.commands"},
    {"mdgettext.cli", "mdgettext.__main__", "mdgettext.docs"},
]
LONG = 300  # lines; a longer module says why in its docstring ("long because")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> int:
    for rank, names in enumerate(LAYERS):
        if module in names or any(module.startswith(name + ".") for name in names if name != "mdgettext"):
            return rank
    raise AssertionError(f"{module} belongs to no layer; add it to LAYERS")


def imports(module: str, for_types: bool = True) -> set[str]:
    """The mdgettext modules `module` imports (a `from package import name` counts the
    submodule); `for_types`: also those imported only for type checking, which are
    never run, so they make no cycle (but must still go down the layers)."""
    found = set()
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    typing_only = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
        for node in ast.walk(block)
    }
    for node in ast.walk(tree):
        if not for_types and id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("mdgettext"):
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in MODULES else node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("mdgettext"))
    return found - {module}


GRAPH = {m: imports(m) for m in MODULES}
RUN = {m: imports(m, for_types=False) for m in MODULES}


def test_every_module_has_a_layer() -> None:
    for module in MODULES:
        layer(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down_the_pipeline(module: str) -> None:
    upward = [target for target in GRAPH[module] if layer(target) > layer(module)]
    assert upward == [], f"{module} (layer {layer(module)}) imports a higher layer"


def test_no_import_cycle() -> None:
    visiting: list[str] = []
    done: set[str] = set()

    def visit(module: str) -> None:
        if module in done:
            return
        assert module not in visiting, " -> ".join([*visiting[visiting.index(module) :], module])
        visiting.append(module)
        for target in RUN[module]:
            visit(target)
        visiting.pop()
        done.add(module)

    for module in MODULES:
        visit(module)


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("mdgettext.commands.")))
def test_commands_are_thin(module: str) -> None:
    """A command reads, calls the pipeline, writes and reports: no parser, no catalog merging of its own.
    Its options (`declare`, the command line's documentation of it) are not counted."""
    source = MODULES[module].read_text(encoding="utf-8")
    declared = [
        node.end_lineno - node.lineno + 1
        for node in ast.parse(source).body
        if isinstance(node, ast.FunctionDef) and node.name == "declare" and node.end_lineno is not None
    ]
    assert len(source.splitlines()) - sum(declared) <= 160
    assert "markdown_it" not in source and "re.compile" not in source


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_long_module_says_why(module: str) -> None:
    source = MODULES[module].read_text(encoding="utf-8")
    if len(source.splitlines()) > LONG:
        assert "long because" in (ast.get_docstring(ast.parse(source)) or "").lower(), (
            f"{module} is long without a reason"
        )


def test_no_module_branches_on_the_flavors_name() -> None:
    """Stages ask the flavor what follows from it (model.Flavor): a new flavor is one
    module and a line in keys.FLAVORS, not a branch in every stage."""
    by_name = re.compile(r"""flavor(?:\.name)?\s*(?:==|!=|not in\b|in\b)|(?:==|!=)\s*\w*\.?flavor\b""")
    found = [
        f"{module}:{number}: {line.strip()}"
        for module, path in MODULES.items()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if by_name.search(line.split("#")[0])
    ]
    assert found == []


def test_polib_stays_inside_po() -> None:
    """polib is po/'s reader and model of a catalog, as Babel's `read_po`/`write_po` sit
    around its one `Catalog`: the rest of the package asks po/ (mdgettext's own entries,
    po/entries.py), so a second catalog format or another PO library is a change in po/
    alone. Imported anywhere else, the seam is gone."""
    outside = []
    for module, path in MODULES.items():
        if module == "mdgettext.po" or module.startswith("mdgettext.po."):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(name == "polib" or name.startswith("polib.") for name in names):
                outside.append(f"{module}:{node.lineno}")
    assert outside == [], "polib is imported outside tools/mdgettext/po/: ask po/ for what it reads"


# Exceptions the package raises only to itself, caught before a user could see them.
INTERNAL_EXCEPTIONS = {
    "mdgettext.publish.macros._OverBudget": "a TeX expansion over its budget; the caller reports the formula",
    "mdgettext.publish.bibtex.TooLarge": "a BibTeX file over its budget; the caller reports it as a finding",
    "mdgettext.commands.editor.Refused": "an HTTP request refused by serve's editor; answered with its status",
    "mdgettext.commands.editor.Conflict": "an edit of a catalog changed on disk; answered 409, nothing written",
}


def test_every_error_a_user_can_cause_is_a_user_error() -> None:
    """The command line catches `UserError` alone: an exception class defined in the
    package that does not derive from it would reach the user as a traceback, unless it
    is listed above as caught inside."""
    import importlib

    from mdgettext.errors import UserError

    outside = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            cls = getattr(importlib.import_module(module), node.name)
            if not (isinstance(cls, type) and issubclass(cls, BaseException)):
                continue
            name = f"{module}.{node.name}"
            if issubclass(cls, UserError) == (name in INTERNAL_EXCEPTIONS):
                outside.append(name)
    assert outside == [], "derive from mdgettext.errors.UserError, or list as internal with where it is caught"


def test_every_grouped_test_file_exists() -> None:
    """A file renamed out of conftest's END_TO_END or QUALITY table would fall to `unit`
    without a word: each name there is a test file."""
    from conftest import END_TO_END, QUALITY, TESTS

    assert sorted(n for n in END_TO_END | QUALITY if not (TESTS / f"{n}.py").is_file()) == []
