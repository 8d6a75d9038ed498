"""One chapter's build, as a job a worker process can run: read its source and
catalogs, weave, check and publish each language, and hand back the files to write.

The command (build.py) decides which jobs to run and writes what they return; a job
writes nothing, so a pool of processes gives the same bytes as one process.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from mdgettext.checks import Glossary
from mdgettext.checks.safety import Judge
from mdgettext.errors import InputError
from mdgettext.files import SourceText, display, read_catalog, read_text
from mdgettext.locale import check_known
from mdgettext.pipeline import assets
from mdgettext.pipeline.judged import Chapter, Verdict, checked, load_project_glossary, publish_checked, template_keys
from mdgettext.pipeline.name import book_name
from mdgettext.pipeline.plan import Plan
from mdgettext.pipeline.pool import file_size, ordered
from mdgettext.pipeline.read import ChapterAnchors, import_readers, load, load_chapter
from mdgettext.po.catalog import catalog_language
from mdgettext.project import Config
from mdgettext.publish.chapter import Outputs
from mdgettext.publish.context import book_site, file_site, publishing
from mdgettext.publish.links import review_name


@dataclass(frozen=True)
class Job:
    """One chapter to build, in the languages whose outputs are not up to date."""

    chapter: str
    languages: tuple[str, ...]
    formats: tuple[str, ...]
    # what every chapter shares, worked out once for the whole build
    published: dict[str, tuple[str, ...]]
    pages: frozenset[str]  # the pages a relative link may name
    glossaries: dict[str, Glossary]  # language -> its project glossary
    templates: Path | None  # the project's page templates folder


@dataclass
class Done(Plan):
    """What a job makes: the files to write and the lines to print, in order (a Plan the
    command carries out), and the warnings and outputs it reports."""

    warnings: list[str] = field(default_factory=list)
    outputs: dict[str, list[Path]] = field(default_factory=dict)  # language -> the job's files
    images: set[tuple[str, str]] = field(default_factory=set)  # the copies its pages load: (in the build, from)

    def add(self, outputs: Outputs, source: SourceText, paths: dict[str, Path], root: Path, language: str) -> None:
        """The files one language's outputs become (the Markdown with the source's own
        line endings; the review page beside the HTML one), and a line about each."""
        self.warnings.extend(outputs.warnings)
        written = self.outputs.setdefault(language, [])
        for fmt, path in paths.items():
            self.writes.append((path, source.restore(outputs.edits) if fmt == "md" else outputs.page or ""))
            self.lines.append(f"{display(path, root)}: {outputs.note}")
            written.append(path)
        if "html" in paths and outputs.review is not None:
            path = paths["html"].with_name(review_name(paths["html"].name))
            self.writes.append((path, outputs.review))
            self.lines.append(f"{display(path, root)}: {outputs.review_note}")
            written.append(path)


def run(config: Config, todo: list[Job], jobs: int | None) -> Iterable[Done]:
    """Each job's result, in order: in this process, or in a pool of `jobs` processes."""
    pages = any("html" in job.formats for job in todo)
    book = book_name(config) if pages else ""  # read once, for every page
    if len(todo) > 1 and pages:
        read_bibliographies(config, todo)
    build = partial(build_chapter, config, book=book)
    sources = [config.source_path(job.chapter) for job in todo]
    return ordered(
        build, todo, jobs, lambda job: file_size(config.source_path(job.chapter)), partial(import_readers, sources)
    )


def read_bibliographies(config: Config, todo: list[Job]) -> None:
    """The site's BibTeX files (`assets/bibliography/*.bib`), read before the pool starts
    when a chapter to build cites: `bibliography.read` keeps a file's entries by its
    content, and forked workers find them there, so a build parses a file once, not
    once per worker. A file that cannot be read is left to the chapter that names it."""
    from mdgettext.publish.bibliography import read

    folder = config.root / config.assets / "bibliography"
    if not folder.is_dir() or not any(_cites(config, job.chapter) for job in todo):
        return
    for path in sorted(folder.glob("*.bib")):
        try:
            shown = config.relative(config.inside(path))
            read(read_text(path, shown), shown)
        except InputError:
            continue


def _cites(config: Config, chapter: str) -> bool:
    try:
        return b"<d-cite" in config.source_path(chapter).read_bytes()
    except (OSError, InputError):
        return False


def build_chapter(config: Config, job: Job, book: str = "") -> Done:
    """One chapter in the languages of the job: parsed once, each language woven once
    and checked on the woven text; `book` is the name its pages show."""
    source, doc = load_chapter(config, job.chapter)
    anchors = ChapterAnchors(config, {job.chapter: doc})
    done = Done()
    bib, used = None, assets.Used()
    if "html" in job.formats:
        bib, bib_warnings = assets.bibliography(config, doc)
        done.warnings.extend(bib_warnings)
        used = assets.used_images(config, doc)
        done.warnings.extend(used.warnings)
    site = book_site(
        config, job.chapter, job.published, templates=job.templates, book=book, assets=used.site, bibliography=bib
    )
    context = publishing(doc, site, config)
    # its template read for the first catalog; what the safety judge reads of the English, for all its languages
    translated = any(language != config.source_language for language in job.languages)
    chapter = Chapter(job.chapter, doc, anchors, pages=job.pages, judging=Judge(doc) if translated else None)
    for language in job.languages:
        catalog, verdict = None, Verdict()
        if language != config.source_language:
            po_path = config.po_path(job.chapter, language)
            if po_path.exists():
                catalog = read_catalog(po_path, config.relative(po_path))
                review = "html" in job.formats
                # the template says only whether the catalog is stale, a warning: the
                # review page shows it, and a Markdown-only build, which reports only
                # the errors it refuses entries for, does not read the template at all
                if review and chapter.template is None:
                    chapter = replace(chapter, template=template_keys(config, job.chapter))
                verdict = checked(config, chapter, language, catalog, job.glossaries[language], review)
            else:
                done.warnings.append(f"{config.relative(po_path)}: no catalog; run `mdgettext update -l {language}`")
        outputs = publish_checked(context, language, catalog, "html" in job.formats, verdict)
        paths = {fmt: config.output_path(job.chapter, language, fmt) for fmt in job.formats}
        done.add(outputs, source, paths, config.root, language)
        images = assets.copied(config, used, language)  # its pages' images
        done.images.update(images)
        done.outputs[language].extend(config.build_path(path) for path, _ in sorted(images))
    return done


def build_file(config: Config, source_path: Path, po_path: Path | None, output: Path, language: str | None) -> Done:
    """One source file, with or without a catalog, to one output (`.md` or `.html`),
    checked and published as a chapter of the project is."""
    source, doc = load(source_path, display(source_path, config.root), config)
    catalog, verdict = None, Verdict()
    name = Path(doc.path).stem
    if po_path is not None:
        catalog = read_catalog(po_path, display(po_path, config.root))
        try:
            language = catalog_language(catalog.po, language)
        except ValueError as err:
            raise InputError(f"{catalog.display}: {err}") from None
    language = language or config.source_language
    check_known(language)
    if catalog is not None:
        chapter = Chapter(name, doc, {name: frozenset(doc.headings)})
        glossary = load_project_glossary(config, language)
        verdict = checked(config, chapter, language, catalog, glossary, review=False)  # no review page
    context = publishing(doc, file_site(config, name, language), config)
    fmt = output.suffix.lstrip(".")
    outputs = publish_checked(context, language, catalog, fmt == "html", verdict)
    done = Done()
    done.add(outputs, source, {fmt: output}, config.root, language)
    return done
