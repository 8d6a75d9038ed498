"""What publishing one chapter reads besides its translations: one value, built once.

As mdformat's `RenderContext` hands every renderer the same options and environment,
`Publishing` hands `publish`, the chapter page and the review page the chapter, how it
was read (its flavor with the project's `math` resolved into it: `Flavor.reading`) and
the project's settings the pages need. The settings are copied out of the project's
`Config` here and nowhere else, so a new setting is one line here, not one per caller.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from mdgettext.model import Document, Flavor
from mdgettext.project import Config
from mdgettext.publish.links import Site, single_file

if TYPE_CHECKING:
    from mdgettext.publish.bibliography import Bibliography  # read only when a page cites


@dataclass(frozen=True)
class Publishing:
    """One chapter, as every language's outputs of it are published."""

    doc: Document
    flavor: Flavor  # how `doc` was read, `$` included: every page renders it so
    site: Site  # where its pages sit, and the project's settings they show
    heading_ids: bool = False  # a translated heading keeps its English id (the `heading_ids` setting)
    accepted: frozenset[str] = frozenset()  # the safety findings the project accepts (`accept`)


def publishing(doc: Document, site: Site, config: Config | None = None) -> Publishing:
    """The chapter's context; without a `config`, a project's defaults."""
    flavor = doc.flavor.reading(doc.math)
    if config is None:
        return Publishing(doc, flavor, site)
    return Publishing(doc, flavor, site, config.heading_ids, frozenset(config.accept))


def book_site(
    config: Config,
    chapter: str,
    published: dict[str, tuple[str, ...]],
    *,
    templates: Path | None,
    book: str,
    assets: frozenset[str],
    bibliography: Bibliography | None,
) -> Site:
    """Where a chapter's page sits in the project's build, with the settings its pages show."""
    return Site(
        chapter,
        published,
        config.source_language,
        templates=templates,
        book=book,
        site_url=config.site_url,
        repository=config.repository_url,
        index=config.index,
        assets=assets,
        bibliography=bibliography,
        macros=config.math_macros,
        page_words=config.own_page_words(),
    )


def file_site(config: Config, chapter: str, language: str) -> Site:
    """A page built on its own (`build FILE.md -o OUT.html`): the project's macros, no siblings."""
    return replace(single_file(chapter, language, config.source_language), macros=config.math_macros)
