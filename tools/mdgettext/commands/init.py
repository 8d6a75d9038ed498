"""`mdgettext init`: a project's settings written once, asked for only at a terminal.

The file lists every setting with its one line of documentation (the given ones
set, the rest commented out at their defaults), so a new user reads what can be
set where it is set. Settings already there are never overwritten: init is for
starting, and an edit is the way to change one.
"""

from __future__ import annotations

import sys
import tomllib
from argparse import SUPPRESS, ArgumentParser, BooleanOptionalAction, Namespace
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError
from mdgettext.layout import files
from mdgettext.locale import check_code
from mdgettext.pipeline.plan import Plan
from mdgettext.project import Config, check_folders
from mdgettext.recognise import (
    BOOK,
    DOCUSAURUS_DEPTH,
    LISTED,
    MKDOCS,
    Chosen,
    Layout,
    Unnamed,
    Why,
    choose,
    from_pages,
    printed,
    read_book,
    read_mkdocs,
    recognise,
)
from mdgettext.settings import (
    BY_KEY,
    PYPROJECT,
    SETTINGS,
    SETTINGS_FILE,
    TABLES,
    ConfigError,
    parse,
    toml_text,
    toml_value,
)

ASKED = ("source", "locales", "flavor")  # what a person at a terminal is asked when no option gives it
Ask = Callable[[str], str]  # a prompt -> the line typed (`input`)


def declare(command: ArgumentParser) -> None:
    """init's options: one per setting that is not a table, made from the settings' definitions."""
    command.description = (
        "Write the project's settings to mdgettext.toml (with --pyproject: as [tool.mdgettext] at the end of the "
        "existing pyproject.toml): the settings given as options, and every other one commented out at its default "
        "with a line saying what it does. In a repository laid out for translations (README-ko.md, docs/ko/, a "
        "MkDocs site, an mdBook) it sets what the layout needs, the English as the source, and the options merge "
        "with that; it prints each setting it writes with what it came from. At a terminal, asks for source, "
        "locales and flavor when nothing gives them; otherwise asks nothing. Never overwrites settings: exit 2 when "
        "the project has some."
    )
    command.add_argument("--pyproject", action="store_true", help="write [tool.mdgettext] into pyproject.toml instead")
    for spec in SETTINGS:
        if spec.kind in TABLES:  # a table is written in the settings file
            continue
        how: dict[str, Any] = {"help": spec.doc, "metavar": spec.option.lstrip("-").upper().replace("-", "_")}
        if spec.kind == "list of strings":
            how.update(action="append", help=f"{spec.doc}; may repeat")
        elif spec.kind == "boolean":
            how = {"help": spec.doc, "action": BooleanOptionalAction}
        elif spec.choices:
            how = {"help": spec.doc, "choices": spec.choices}
        # Only what is given is written: the rest stays commented out at its default.
        command.add_argument(spec.option, dest=spec.key, default=SUPPRESS, **how)


def run(args: Namespace, config: Config, report: Reporter) -> int:
    """The settings given, and at a terminal those asked for, written."""
    given = {spec.key: getattr(args, spec.key) for spec in SETTINGS if hasattr(args, spec.key)}
    return init(config.root, given, report, pyproject=args.pyproject, ask=input if sys.stdin.isatty() else None)


def init(
    root: Path, given: Mapping[str, Any], report: Reporter, pyproject: bool = False, ask: Ask | None = None
) -> int:
    """Write `given` (and, with `ask`, the answers for what is missing of `ASKED`)
    to mdgettext.toml, or as `[tool.mdgettext]` appended to pyproject.toml."""
    own, project = root / SETTINGS_FILE, root / PYPROJECT
    project_text = project.read_text(encoding="utf-8") if project.is_file() else None
    if own.exists():
        raise InputError(f"{SETTINGS_FILE}: the project has settings already; edit them there (init never overwrites)")
    if project_text is not None and "mdgettext" in tomllib.loads(project_text).get("tool", {}):
        raise InputError(f"{PYPROJECT}: [tool.mdgettext] holds the project's settings already; edit them there")
    if pyproject and project_text is None:
        raise InputError(
            f"{PYPROJECT}: no such file; run `mdgettext init` without --pyproject to write {SETTINGS_FILE}"
        )
    whys = {key: Why(value, BY_KEY[key].option) for key, value in given.items()}  # each setting, and whence
    told: list[str] = []
    layout = _recognised(root)
    if layout is not None:
        chosen = _chosen(layout, given, ask)
        chosen = from_pages(chosen, files(root, set()), lambda p: (root / p).read_text("utf-8", "replace"))
        told = [f"recognised {layout.seen}", *chosen.lines]
        whys = {**chosen.settings, **whys}  # what the options say wins
    for key in ASKED:
        if ask is not None and key not in whys:
            whys[key] = Why(_answer(key, ask), "asked")
    values = {key: each.value for key, each in whys.items()}
    told += [printed(spec.key, whys[spec.key]) for spec in SETTINGS if spec.key in whys]
    for code in (*values.get("locales", ()), values.get("source_language", "en")):
        check_code(code)
    text = toml_text(values, table=pyproject)
    target, written = (
        (project, f"{PYPROJECT}: [tool.mdgettext] written") if pyproject else (own, f"{SETTINGS_FILE}: written")
    )
    if pyproject:
        assert project_text is not None
        newline = "\r\n" if "\r\n" in project_text else "\n"
        body = project_text if project_text.endswith("\n") or not project_text else project_text + newline
        text = body + newline + text.replace("\n", newline)
    try:  # what init writes, every command reads: refused here, before it is written
        check_folders(root.resolve(), parse(None, text) if pyproject else parse(text, None))
    except ConfigError as err:  # its file and line name a text not written: the setting is what to fix
        raise InputError(f"{target.name}: not written: {str(err).split(': ', 1)[-1]}") from err
    plan = Plan()
    plan.write(target, text)
    plan.lines.extend([*told, written])
    source = root / str(values.get("source", BY_KEY["source"].default))
    if not source.is_dir():
        plan.lines.append(f"{source.relative_to(root).as_posix()}: no such folder yet; put the chapters there")
    plan.carry_out(report)
    return 0


def _recognised(root: Path) -> Layout | None:
    """The layout `recognise` finds in the folder `init` runs in: its files two folders
    deep (Docusaurus's `i18n/` three, to its `current/` pages), and the configuration files that say more (`mkdocs.yml` or `mkdocs.yaml`, as
    spelled; `book.toml`, its translations' `ko/book.toml`)."""
    paths = set(files(root, set(), LISTED))
    if (root / "i18n").is_dir():  # Docusaurus: i18n/ko/docusaurus-plugin-content-docs/current/intro.md
        paths |= {f"i18n/{p}" for p in files(root / "i18n", set(), DOCUSAURUS_DEPTH)}
    configs: dict[str, Mapping[str, Any]] = {}
    for name in (*MKDOCS, BOOK, *sorted(p for p in paths if p.count("/") == 1 and p.endswith(f"/{BOOK}"))):
        if name in paths and (root / name).is_file() and not (name in MKDOCS and set(MKDOCS) & set(configs)):
            if not (root / name).resolve().is_relative_to(root.resolve()):  # a committed link out
                raise InputError(
                    f"{name}: leads outside the project (to {(root / name).resolve()}); init reads only inside it"
                )
            text = (root / name).read_text(encoding="utf-8", errors="replace")
            configs[name] = read_mkdocs(text, name) if name in MKDOCS else read_book(text, name)
    return recognise(paths, configs)


def _chosen(layout: Layout, values: Mapping[str, Any], ask: Ask | None) -> Chosen:
    """The layout's settings with its source chosen (recognise.choose); at a terminal,
    the source's language asked for when it is not English and nothing names it."""
    try:
        return choose(layout, values)
    except Unnamed as err:
        typed = ask(f"source_language: {err}: ").strip() if ask is not None else ""
        if not typed:
            raise
        return choose(layout, {**values, "source_language": typed})


def _answer(key: str, ask: Ask) -> Any:
    """One setting asked for: the default on an empty line; a list comma-separated."""
    spec = BY_KEY[key]
    choices = f" ({' or '.join(spec.choices)})" if spec.choices else ""
    kind = ", comma-separated" if spec.kind == "list of strings" else ""
    typed = ask(f"{key}: {spec.doc}{choices}{kind} [{toml_value(spec.default)}]: ").strip()
    if not typed:
        return spec.default
    if spec.kind == "list of strings":
        return tuple(part.strip() for part in typed.split(",") if part.strip())
    return typed
