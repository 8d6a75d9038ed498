"""`mdgettext tm --export FILE.po`: the project's translation memory as one compendium."""

from __future__ import annotations

from argparse import ArgumentParser, Namespace
from pathlib import Path

from mdgettext.commands.common import creation_date, load_memory, project_info, read_catalogs
from mdgettext.commands.options import add_locale, locales
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError, UsageError
from mdgettext.files import display
from mdgettext.locale import check_known
from mdgettext.pipeline.plan import Plan
from mdgettext.po.memory import compendium
from mdgettext.po.writer import dumps
from mdgettext.project import Config
from mdgettext.report import counted


def declare(command: ArgumentParser) -> None:
    """tm's options."""
    command.description = (
        "Write the project's translation memory (every translated message of a language's catalogs, each English "
        "once) as one compendium, for update --compendium or msgmerge -C."
    )
    command.add_argument("--export", required=True, type=Path, metavar="FILE.po", help="the compendium to write")
    add_locale(command, "locale code (default: the one configured locale)")


def run(args: Namespace, config: Config, report: Reporter) -> int:
    """The memory of one language, written as a compendium."""
    languages = locales([args.locale] if args.locale else None, config.configured_locales())
    if len(languages) > 1:
        raise UsageError("tm --export writes one language: pass -l LANG")
    return export(config, languages[0], config.root / args.export, report)


def export(config: Config, language: str, output: Path, report: Reporter) -> int:
    """Every translated message of the language's catalogs, each English once, in GNU layout."""
    check_known(language)
    catalogs = read_catalogs(config, language)
    if not catalogs:
        raise InputError(
            f"{config.locale_dir}/{language}/LC_MESSAGES: no catalogs; run `mdgettext update -l {language}`"
        )
    memory = load_memory(config, catalogs)
    po = compendium(memory, language, project_info(config), creation_date())
    plan = Plan()
    plan.write(output, dumps(po))
    differ = sum(1 for match in memory.entries() if match.others)
    plan.lines.append(
        f"{display(output, config.root)}: {counted(len(po), 'message')} from {counted(len(catalogs), 'catalog')}"
        f" ({differ} translated differently in different places: see their `# tm:` comments)"
    )
    plan.carry_out(report)
    return 0
