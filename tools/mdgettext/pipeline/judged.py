"""A catalog judged as `check` judges it, for `check` and for the build: what the
checks of one catalog need, read from the project, and the chapter woven with the
catalog's translations, with the findings and the entries they refuse.

The build publishes no entry `check` reports as an error, so both read the same
context from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from mdgettext.checks import Context, Glossary, budget, entries_of, refusals, run_checks, safety
from mdgettext.checks.names import authors, load_glossary
from mdgettext.errors import InputError
from mdgettext.files import message_keys, read_catalog, read_text
from mdgettext.markdown.weave import Woven, weave
from mdgettext.model import Addendum, Diagnostic, Document, Key
from mdgettext.po import addenda
from mdgettext.po.catalog import CatalogFile, translation_map
from mdgettext.project import Config
from mdgettext.publish.chapter import Outputs, publish
from mdgettext.publish.context import Publishing


@dataclass(frozen=True)
class Verdict:
    """A catalog's translations woven in, `check`'s findings on them, and what they refuse."""

    woven: Woven | None = None
    findings: list[Diagnostic] = field(default_factory=list)
    refuse: dict[Key, list[Diagnostic]] = field(default_factory=dict)
    judging: safety.Judge | None = None  # the chapter's safety judge, for publishing what it kept
    addenda: tuple[Addendum, ...] = ()  # the translator's own blocks, to judge and weave in


@dataclass(frozen=True)
class Chapter:
    """One chapter as the checks of each of its catalogs need it, read once for all its languages."""

    name: str
    doc: Document
    anchors: Mapping[str, frozenset[str]]  # heading ids by page: this one's, and others' when asked
    template: frozenset[Key] | None = None  # the template's messages (None: staleness is not checked)
    pages: frozenset[str] | None = None  # the book's pages, listed once (None: listed when needed)
    # What the safety judge reads of the chapter's English, shared by its languages: the
    # English's markup and the Reader's inventories depend on the text, never on the
    # language, so each is read once for all of them; each catalog's judge (`sharing`)
    # keeps its own verdicts (a link may lead where the English's does in one language's
    # folder only). None: each catalog reads the English again.
    judging: safety.Judge | None = None


def publish_checked(
    context: Publishing, language: str, catalog: CatalogFile | None, html: bool, verdict: Verdict
) -> Outputs:
    """The chapter's outputs in one language, from what `checked` found."""
    return publish(
        context,
        language,
        catalog,
        html=html,
        findings=verdict.findings,
        woven=verdict.woven,
        refuse=verdict.refuse,
        judging=verdict.judging,
        addenda=verdict.addenda,
    )


def checked(
    config: Config, chapter: Chapter, language: str, catalog: CatalogFile, glossary: Glossary, review: bool = True
) -> Verdict:
    """The chapter woven with every translation, `check`'s findings on that text, and
    the entries they report as errors: those are not published (the build agrees
    with the CI gate), and the review page lists every finding. Without a `review`
    page to show them, the checks that only warn are not run."""
    doc = chapter.doc
    woven = weave(doc, budget.within(translation_map(catalog.po)), heading_ids=config.heading_ids)
    context = check_context(config, chapter, language, catalog, glossary, rebuilt=woven)
    if context.judging is None:  # its Reader is the checks' (Context.inline)
        context = replace(context, judging=safety.Judge(doc, same_place=context.same_place))
    entries = entries_of(catalog.catalog, doc)
    findings = run_checks(entries, context, errors_only=not review)
    return Verdict(woven, findings, refusals(entries, findings, catalog.display), context.judging, context.addenda)


def load_project_glossary(config: Config, language: str) -> Glossary:
    """`locale/<lang>/glossary.po`, or an empty glossary."""
    path = config.glossary_path(language)
    if not path.exists():
        return Glossary()
    read = read_catalog(path, config.relative(path))
    catalog = read.catalog
    return load_glossary(catalog, {e.msgid: f"{read.display}:{e.line}" for e in catalog.live})


def template_keys(config: Config, chapter: str) -> frozenset[Key]:
    """The messages of a chapter's template: a catalog without them is stale."""
    path = config.pot_path(chapter)
    return message_keys(path, config.relative(path))


def check_context(
    config: Config,
    chapter: Chapter,
    language: str,
    catalog: CatalogFile,
    glossary: Glossary,
    minimum: float | None = None,
    rebuilt: Woven | None = None,
) -> Context:
    """What the checks of one catalog need; `check` and the build share it, so the
    build refuses and the review page shows exactly what `check` reports."""
    context = Context(
        language=language,
        doc=chapter.doc,
        po_path=catalog.display,
        glossary=glossary,
        names=authors(chapter.doc.meta),
        pages=chapter.pages if chapter.pages is not None else config.known_pages(),
        anchors=chapter.anchors,
        page=chapter.name,
        index=config.index,
        template_keys=chapter.template,
        min_translated=minimum,
        heading_ids=config.heading_ids,
        rebuilt=rebuilt,
        addenda=read_addenda(config, chapter.name, language),
        accepted=frozenset(config.accept),
        editions=config.editions(chapter.name, language),
    )
    if chapter.judging is not None and chapter.judging.doc is chapter.doc:
        context = replace(context, judging=chapter.judging.sharing(context.same_place))
    return context


def read_addenda(config: Config, chapter: str, language: str) -> tuple[Addendum, ...]:
    """The chapter's addenda file in `language` (po/addenda.py), read; none when there is none."""
    path = config.addenda_path(chapter, language)
    if not path.is_file():
        return ()
    shown = config.relative(path)
    try:
        return tuple(addenda.loads(read_text(path, shown), shown))
    except addenda.AddendaError as err:
        raise InputError(err.at(shown)) from None
