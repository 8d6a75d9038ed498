"""The reference tables of docs/, made from the code that defines what they list.

`python -m mdgettext.docs [DOCS]` rewrites each part of docs/*.md between
`<!-- generated: NAME -->` and `<!-- end generated -->` from its one definition:
`settings` from `settings.SETTINGS`, `checks` from the registry `check --list`
prints, `commands` from each command module's declared options (what its `--help` says). tests/test_docs.py fails when a file differs from what this would write,
so a setting or check code added in the code cannot be missing from the docs.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from mdgettext.checks import CODES
from mdgettext.cli import COMMANDS, declared, parser
from mdgettext.settings import SETTINGS

COMMAND = "python -m mdgettext.docs"  # also `make docs`
BLOCK = re.compile(r"(<!-- generated: (?P<name>[a-z-]+) -->\n)(?P<body>.*?)(<!-- end generated -->)", re.DOTALL)


def cell(text: str) -> str:
    """Text in a table cell: a `|` would end the cell."""
    return text.replace("|", "\\|")


def settings_table() -> str:
    """Every setting: key, TOML type, default and what it does."""
    rows = [
        f"<!-- made by `{COMMAND}` from tools/mdgettext/settings.py: edit there -->",
        "| setting | type | default | what it does |",
        "| --- | --- | --- | --- |",
    ]
    for spec in SETTINGS:
        default = spec.shown if spec.shown else f"`{spec.default_toml}`"
        kind = spec.kind + (f": {', '.join(f'`{c}`' for c in spec.choices)}" if spec.choices else "")
        rows.append(f"| `{spec.key}` | {kind} | {cell(default)} | {cell(spec.doc)} |")
    return "\n".join(rows) + "\n"


def checks_table() -> str:
    """Every check code `check --list` knows, by family, with what it finds."""
    rows = [
        f"<!-- made by `{COMMAND}` from the registry in tools/mdgettext/checks/: edit there -->",
        "| code | what it finds |",
        "| --- | --- |",
    ]
    rows += [f"| `{code}` | {cell(meaning)} |" for code, meaning in CODES.items()]
    return "\n".join(rows) + "\n"


def commands_table() -> str:
    """Every command's description and options, as its module declares them for `--help`."""
    parts = [f"<!-- made by `{COMMAND}` from each command's module in tools/mdgettext/commands/: edit there -->"]
    [sub] = [a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)]
    for name in COMMANDS:
        command = declared(name, sub.choices[name])
        parts += ["", f"### `mdgettext {name}`", "", _described(command.description or ""), ""]
        parts += ["| argument | what it does |", "| --- | --- |"]
        for action in command._actions:
            if action.dest not in ("help", "quiet"):  # -h and -q: on every command
                said = (action.help or "").replace("%%", "%")
                parts.append(f"| {cell(_invocation(action))} | {cell(said)} |")
    return "\n".join(parts) + "\n"


def _described(text: str) -> str:
    """A description as Markdown: its paragraphs, and lines to paste (indented) as code."""
    blocks = []
    for block in text.strip("\n").split("\n\n"):
        lines = block.split("\n")
        if all(line.startswith("  ") for line in lines):
            blocks.append("\n".join(["```sh", *(line.strip() for line in lines), "```"]))
        else:
            blocks.append(" ".join(line.strip() for line in lines))
    return "\n\n".join(blocks)


def _invocation(action: argparse.Action) -> str:
    """An argument as `--help` writes it: `FILE.md`, `--force`, `-l LANG`, `--locale LANG`."""
    if action.metavar is not None:
        value = str(action.metavar)
    elif action.choices is not None:
        value = "{" + ",".join(map(str, action.choices)) + "}"
    else:
        value = action.dest.upper()
    if not action.option_strings:
        return f"`{value}`"
    if action.nargs == 0:
        return ", ".join(f"`{flag}`" for flag in action.option_strings)
    return ", ".join(f"`{flag} {value}`" for flag in action.option_strings)


GENERATORS: dict[str, Callable[[], str]] = {
    "settings": settings_table,
    "checks": checks_table,
    "commands": commands_table,
}


def regenerate(text: str) -> str:
    """`text` with every generated part made again; an unknown part's name is an error."""

    def body(match: re.Match[str]) -> str:
        make = GENERATORS.get(match["name"])
        if make is None:
            raise ValueError(f"<!-- generated: {match['name']} -->: no such table (known: {', '.join(GENERATORS)})")
        return match.group(1) + make() + match.group(4)

    return BLOCK.sub(body, text)


def stale(folder: Path) -> list[Path]:
    """The files of `folder` whose generated parts differ from what the code says."""
    return [path for path in sorted(folder.glob("*.md")) if regenerate(_read(path)) != _read(path)]


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def main(argv: Sequence[str] = ()) -> int:
    """Rewrite the generated parts of `DOCS/*.md` (default: ./docs); print each file changed."""
    parser = argparse.ArgumentParser(prog="python -m mdgettext.docs", description=__doc__.split("\n\n")[0])
    parser.add_argument("docs", nargs="?", default="docs", help="the docs folder (default: ./docs)")
    folder = Path(parser.parse_args(argv).docs)
    if not folder.is_dir():
        print(f"{folder}: no such folder; run from the repository root or name the docs folder", file=sys.stderr)
        return 2
    try:
        changed = {path: regenerate(_read(path)) for path in stale(folder)}
    except ValueError as err:
        print(f"{folder}: {err}", file=sys.stderr)
        return 2
    for path, text in changed.items():
        path.write_text(text, encoding="utf-8")
        print(f"{path}: regenerated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
