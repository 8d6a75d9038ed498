"""What commands share beyond the pipeline: catalog headers' dates and project, the
templates a command needs, a language's catalogs and its translation memory."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mdgettext.errors import InputError
from mdgettext.files import display, read_catalog
from mdgettext.po.catalog import CatalogFile, Project
from mdgettext.project import Config

if TYPE_CHECKING:
    from mdgettext.po import memory


def creation_date() -> str:
    """Now, or SOURCE_DATE_EPOCH for reproducible builds, in gettext's header format.

    A value that is not a count of seconds in ASCII digits (`²³`, `-1`, `1e9`) or
    that names no year from 1970 to 9999 is an input error, never a guess."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        return time.strftime("%Y-%m-%d %H:%M+0000", time.gmtime())
    try:
        if not (epoch.isascii() and epoch.isdigit()):
            raise ValueError("not ASCII digits")
        stamp = time.gmtime(int(epoch))
        if stamp.tm_year > 9999:
            raise ValueError("after the year 9999")
    except (ValueError, OverflowError, OSError) as err:
        raise InputError(
            f"SOURCE_DATE_EPOCH={epoch!r} is not a number of seconds since 1970 ({err}); unset it or set it to one"
        ) from err
    return time.strftime("%Y-%m-%d %H:%M+0000", stamp)


def project_info(config: Config) -> Project:
    """What a catalog header says about the project, dated now."""
    return Project(config.name, config.version, creation_date())


def templates_required(config: Config) -> list[str]:
    """The chapters that have a template; none is an error that says what to run."""
    chapters = [c for c in config.chapters() if config.pot_path(c).exists()]
    if not chapters:
        raise InputError(f"{config.locale_dir}: no templates (.pot); run `mdgettext extract` first")
    return chapters


def read_catalogs(config: Config, language: str) -> dict[str, CatalogFile]:
    """Every catalog of a language, by chapter name, read once."""
    return {
        name: read_catalog(config.po_path(name, language), config.relative(config.po_path(name, language)))
        for name in config.catalogs(language)
    }


def load_memory(config: Config, catalogs: dict[str, CatalogFile], compendia: Sequence[Path] = ()) -> memory.Memory:
    """The language's translation memory: its catalogs (named `chapter.po`, as a
    translator finds them in LC_MESSAGES), then the compendia in the order given."""
    from mdgettext.po import memory  # RapidFuzz and the stemmers: only the commands that suggest

    found = [memory.units(c.po, f"{name}.po", c.msgid_lines) for name, c in catalogs.items()]
    for path in compendia:
        c = read_catalog(path, display(path, config.root))
        found.append(memory.units(c.po, c.display, c.msgid_lines))
    return memory.build(found)
