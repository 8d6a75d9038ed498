"""Options several commands share, declared once, so their flags, metavar and wording
cannot drift apart between commands; each command's module declares its others."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from mdgettext.errors import UsageError


def add_locales(command: argparse.ArgumentParser, default: str = "every configured locale") -> None:
    """`-l LANG`, repeatable: the languages a command works in."""
    add_locale(command, f"locale code, may repeat (default: {default})", action="append")


def add_locale(command: argparse.ArgumentParser, help: str, **how: Any) -> None:
    """`-l/--locale LANG`, as every command that takes a language spells it."""
    command.add_argument("-l", "--locale", metavar="LANG", help=help, **how)


def add_jobs(command: argparse.ArgumentParser, verb: str) -> None:
    """`-j N`: the processes a command's chapters are shared among."""
    command.add_argument(
        "-j",
        "--jobs",
        type=_positive,
        metavar="N",
        help=f"{verb} chapters in N processes (default: one per core; output is the same for any N)",
    )


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes (1 or more)")
    return int(text)


def locales(given: Sequence[str] | None, default: Sequence[str]) -> list[str]:
    """The languages asked for (`-l`, each once), else the default ones; at least one."""
    chosen = list(dict.fromkeys(given or default))
    if not chosen:
        raise UsageError("no locale: pass -l LANG, or set locales in mdgettext.toml or [tool.mdgettext]")
    return chosen
