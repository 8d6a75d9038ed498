"""`mdgettext tm --export FILE.po`: the project's translation memory as one compendium."""

from __future__ import annotations

from pathlib import Path

from mdgettext.commands.common import creation_date, load_memory, project_info, read_catalogs
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError
from mdgettext.files import display
from mdgettext.locale import check_known
from mdgettext.pipeline.plan import Plan
from mdgettext.po.memory import compendium
from mdgettext.po.writer import dumps
from mdgettext.project import Config
from mdgettext.report import counted


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
