"""The book's name, as its pages show it in every title and header.

The `name` setting (or pyproject's `[project] name`) says it; a project that sets
neither has gettext's placeholder there ("PROJECT", which catalog headers keep, as
GNU gettext's own templates do), and a page must never show a placeholder. So the
pages take the title of the project's README (its first heading), else the index
chapter's title (its front matter's, else its first heading), else no name at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from markdown_it.token import Token

from mdgettext.errors import InputError
from mdgettext.files import read_source
from mdgettext.markdown.parser import parser
from mdgettext.markdown.segment import plain_text
from mdgettext.pipeline.read import load_chapter
from mdgettext.project import Config
from mdgettext.settings import BY_KEY

README = "README.md"


def book_name(config: Config) -> str:
    """The name the pages show: the setting's, else the README's or the index chapter's title."""
    if config.name != BY_KEY["name"].default:
        return config.name
    try:
        readme = config.inside(config.root / README)
        if readme.is_file():
            title = first_heading(parser().parse(read_source(readme, README).text))
            if title:
                return title
        if config.source_path(config.index).is_file():
            _, doc = load_chapter(config, config.index)
            front = doc.meta.get("title") if isinstance(doc.meta, dict) else None
            return str(front).strip() if front else first_heading(doc.tokens)
    except InputError:  # a README or an index page the build cannot read is named by the build itself
        return ""
    return ""


def first_heading(tokens: Sequence[Token]) -> str:
    """The text of the first heading of a parsed document, "" if it has none."""
    for i, token in enumerate(tokens[:-1]):
        if token.type == "heading_open":
            return plain_text(tokens[i + 1]).strip()
    return ""
