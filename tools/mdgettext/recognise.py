"""The layouts `init` recognises in a repository, and the settings each asks for, every
one with what it was recognised from.

A layout is where each language's pages are (`Place`), the `translations` pattern that
names where the translations are, and the settings that belong to the site whichever
language is the source (its flavor, math, heading ids). Which place is the source is
chosen afterwards (`choose`): the one the options name, else the English, the language
the others were translated from where it is there at all (a site's default language is
what readers get first, not what translators worked from: a Ukrainian site translated
from English into Korean has the English's structure in its Korean, not the
Ukrainian's). Reading the files (`mkdocs.yml`, `book.toml`) is init's; what is here
works on their contents and the list of paths.

Long because each layout's reading is here, side by side: MkDocs with and without
mkdocs-static-i18n (its folders or its suffixes), mdBook (a book per language beside
`src/`, or the multilingual fork's `src/<lang>/`), Docusaurus's i18n folders, a docs
folder per language, a README with its translations beside it or in a folder of their
own, and the choosing of the source among their places.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import yaml

from mdgettext.errors import InputError
from mdgettext.layout import Translations
from mdgettext.locale import CODE, LocaleError, is_known, locale_name, primary
from mdgettext.markdown import frontmatter
from mdgettext.markdown.anchors import explicit_id
from mdgettext.markdown.frontmatter import FrontMatterError, composed
from mdgettext.markdown.keys import DEFAULT_KEYS
from mdgettext.markdown.parser import parser
from mdgettext.settings import toml_value
from mdgettext.settings_input import MAX_DEPTH, deep_line

LISTED = 2  # folders deep `init` looks: docs/ko/index.md, ko/src/SUMMARY.md
DOCUSAURUS_DEPTH = 4  # how deep `init` looks in `i18n/`: ko/docusaurus-plugin-content-docs/current/guide/x.md
MKDOCS = ("mkdocs.yml", "mkdocs.yaml")
BOOK = "book.toml"
README = re.compile(rf"(?i)(?:(?P<folder>[^/]+)/)?(?P<stem>readme)(?P<separator>[-._])(?P<lang>{CODE.pattern})\.md")
# Docusaurus's i18n: a language's pages for the docs plugin, as `docusaurus write-translations` lays them out.
DOCUSAURUS = re.compile(rf"i18n/(?P<lang>{CODE.pattern})/docusaurus-plugin-content-docs/current/.+\.md")
DOCUSAURUS_CONFIGS = ("docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs")


@dataclass(frozen=True)
class Why:
    """A setting's value and what it was recognised from, as `init` prints it."""

    value: Any
    why: str


@dataclass(frozen=True)
class Place:
    """Where one language's pages are: the settings that make them the source."""

    language: str | None  # as the layout names it (`docs/en/`); None where no name says (README.md)
    source: str
    include: tuple[str, ...] | None  # None: the default, every Markdown file under `source`
    shown: str  # `docs/en/`, `docs/*.en.md`, `README.md`
    why: str  # what says this language is there: "the folder's name", "mkdocs.yml's i18n default"


@dataclass(frozen=True)
class Layout:
    """A layout found in a repository."""

    seen: str  # what was found, in words: `mkdocs.yaml with mkdocs-static-i18n's folders (docs/en/, docs/ko/)`
    translations: Why
    places: tuple[Place, ...]  # the pages that can be the source
    targets: Mapping[str, str]  # language -> where `translations` has its pages (`docs/ko/`)
    site: Mapping[str, Why] = field(default_factory=dict)  # the same whichever language is the source
    default: tuple[str, str] | None = None  # the site's own default language, and who says so
    notes: tuple[str, ...] = ()  # what else `init` says about it


@dataclass(frozen=True)
class Chosen:
    """The settings a layout asks for once its source is chosen, and what `init` says about them."""

    settings: dict[str, Why]
    lines: tuple[str, ...]


def recognise(paths: Collection[str], configs: Mapping[str, Mapping[str, Any]]) -> Layout | None:
    """The layout of a repository whose files (relative to its root, `LISTED` folders
    deep) are `paths`, and whose configuration files read as `configs` (by name as
    spelled: `mkdocs.yaml`, `book.toml`, `ko/book.toml`): a MkDocs site, an mdBook, a
    Docusaurus site with its i18n folders, a docs folder with a folder per language
    (`docs/ko/`), or a README with its translations beside it (`README-ko.md`) or in a
    folder of their own (`translations/README-ko.md`); None for none of those."""
    mkdocs = next((name for name in MKDOCS if name in configs), None)
    if mkdocs is not None:
        return _mkdocs(paths, mkdocs, configs[mkdocs])
    if BOOK in configs:
        return _mdbook(paths, configs)
    if any(DOCUSAURUS.fullmatch(p) for p in paths):
        return _docusaurus(paths)
    if _folders(paths, "docs"):
        return _folder_layout(paths, "docs", "docs/", {"flavor": Why("gfm", "GitHub shows a docs folder's pages")})
    return _readme(paths)


# ---------------------------------------------------------------- MkDocs


def _mkdocs(paths: Collection[str], name: str, config: Mapping[str, Any]) -> Layout:
    docs = str(config.get("docs_dir") or "docs").strip("/")
    extensions = {next(iter(e)) if isinstance(e, dict) else str(e) for e in _entries(config.get("markdown_extensions"))}
    site = {"flavor": Why("mkdocs", f"{name}: MkDocs reads Markdown with Python-Markdown")}
    if "attr_list" in extensions:  # a translated heading keeps its English id: `{#id}` is read there
        site["heading_ids"] = Why(
            True, f"{name}: attr_list reads {{#id}}, so a translated heading keeps its English id"
        )
    if "pymdownx.arithmatex" not in extensions:
        site["math"] = Why("none", f"{name}: no pymdownx.arithmatex, so `$` is a dollar")
    plugin = next((p["i18n"] for p in _entries(config.get("plugins")) if isinstance(p, dict) and "i18n" in p), None)
    if isinstance(plugin, dict):
        return _static_i18n(paths, name, docs, plugin, site)
    if _folders(paths, docs):
        return _folder_layout(paths, docs, name, site)
    suffixes = _suffixes(paths, docs)
    seen = f"{name} with {docs}/" + "".join(f", {docs}/*.{lang}.md" for lang in suffixes)
    # mkdocs-static-i18n's default layout, and the one whose relative links and images
    # plain MkDocs still finds: `docs/index.ko.md` beside `docs/index.md`
    why = (
        "the suffixes beside the pages"
        if suffixes
        else "no translations yet: beside the pages, where links still reach"
    )
    return Layout(
        seen,
        Why(f"{docs}/{{stem}}.{{lang}}.md", why),
        (Place(None, docs, None, f"{docs}/*.md", "no name says otherwise"),),
        {lang: f"{docs}/*.{lang}.md" for lang in suffixes},
        site,
    )


def _static_i18n(
    paths: Collection[str], name: str, docs: str, plugin: Mapping[str, Any], site: dict[str, Why]
) -> Layout:
    """mkdocs-static-i18n: its languages (1.x: a list of `locale`s, one `default`; 0.x: a
    table and `default_language`), laid out in folders (`docs/en/`) or suffixes (`docs/index.en.md`)."""
    listed = plugin.get("languages")
    if isinstance(listed, Mapping):  # 0.x
        codes = [str(code) for code in listed]
        default = str(plugin.get("default_language") or (codes[0] if codes else "en"))
    else:
        items = [each for each in _list(listed) if isinstance(each, Mapping) and each.get("locale")]
        codes = [str(each["locale"]) for each in items]
        default = next((str(each["locale"]) for each in items if each.get("default")), codes[0] if codes else "en")
    codes = [code for code in dict.fromkeys([default, *codes]) if CODE.fullmatch(code)]
    says = f"{name}'s i18n default"
    if plugin.get("docs_structure", "suffix") == "folder":
        # The default language's pages may stay in `docs/` itself, the others' folders
        # beside them (the plugin falls back to them): then `docs/` is its place.
        at_root = not _holds(paths, f"{docs}/{default}") and any(_page_of(p, docs) for p in paths)
        places = tuple(
            Place(code, docs, None, f"{docs}/", says)
            if code == default and at_root
            else Place(code, f"{docs}/{code}", None, f"{docs}/{code}/", f"{name}'s i18n languages")
            for code in codes
        )
        bare = tuple(p for p in places if p.language != default and not _holds(paths, p.source))
        return Layout(
            f"{name} with mkdocs-static-i18n's folders ({', '.join(sorted(p.shown for p in places))})",
            Why(f"{docs}/{{lang}}/{{path}}", f"{name}: i18n docs_structure: folder"),
            places,
            {p.language: p.shown for p in places if p.language and p not in bare},
            site,
            (default, says),
            _not_yet(name, [(p.language or "", p.shown) for p in bare]),
        )
    # Suffixes: the default language's pages may go without one (`index.md`), and then do.
    plain = any(p.startswith(f"{docs}/") and p.endswith(".md") and _suffix(p, docs) is None for p in paths)
    found: list[Place] = []
    targets: dict[str, str] = {}
    for code in codes:
        if code == default and plain:
            found.append(Place(code, docs, None, f"{docs}/*.md", says))
        else:
            shown = f"{docs}/*.{code}.md"
            found.append(Place(code, docs, (f"**/*.{code}.md",), shown, f"{name}'s i18n languages"))
            targets[code] = shown
    empty = [(code, shown) for code, shown in targets.items() if not any(p.endswith(f".{code}.md") for p in paths)]
    return Layout(
        f"{name} with mkdocs-static-i18n's suffixes ({', '.join(p.shown for p in found)})",
        Why(f"{docs}/{{stem}}.{{lang}}.md", f"{name}: i18n docs_structure: suffix"),
        tuple(found),
        {code: shown for code, shown in targets.items() if (code, shown) not in empty},
        site,
        (default, says),
        _not_yet(name, empty),
    )


def _not_yet(name: str, empty: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """Languages the site lists with no page of theirs yet: not made locales, since a
    build would fill their folder with English pages the site falls back to anyway."""
    return tuple(
        f"{code}: listed in {name}'s i18n languages, but {shown} has no pages yet; not a locale "
        f'(add "{code}" to `locales` to start it)'
        for code, shown in empty
    )


def read_mkdocs(text: str, name: str = MKDOCS[0]) -> dict[str, Any]:
    """mkdocs.yml's settings, its tags (`!!python/name:…`, `!ENV`) read as nothing; {} when
    it is not YAML. Read within the budgets of every YAML input (markdown/frontmatter.py):
    aliases that expand too far, or nesting too deep, are an InputError naming `name`'s
    line (a 500-byte alias bomb took init 13 s and then all its memory)."""

    class Lenient(yaml.SafeLoader):
        """YAML as MkDocs reads its config, without running any of its Python tags."""

    Lenient.add_multi_constructor("", lambda loader, suffix, node: None)
    try:
        root = composed(text, Lenient, name)
        found = Lenient(text).construct_document(root) if root is not None else None
    except FrontMatterError as err:
        if err.over_budget:
            raise InputError(f"{name}:{err.line + 1}: {err}; init reads nothing more from it") from None
        return {}
    except yaml.YAMLError:
        return {}
    return found if isinstance(found, dict) else {}


def read_book(text: str, name: str = BOOK) -> dict[str, Any]:
    """A book.toml's settings; {} when it is not TOML (then it says nothing). Nesting past
    the settings' bound is an InputError naming `name`'s line, never a RecursionError."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return {}
    except RecursionError:
        raise InputError(
            f"{name}:{deep_line(text)}: arrays or tables nested more than {MAX_DEPTH} deep; init reads nothing "
            "more from it"
        ) from None


# ---------------------------------------------------------------- mdBook


def _mdbook(paths: Collection[str], configs: Mapping[str, Mapping[str, Any]]) -> Layout:
    """An mdBook: `src/` (book.toml's `[book] src`) in its `[book] language`, and its
    translations as books of their own beside it (`ko/book.toml`, `ko/src/`), or in the
    multilingual fork's `src/<lang>/` (its `[language.<lang>]` tables)."""
    config = configs[BOOK]
    book = _table(config.get("book"))
    src = str(book.get("src") or "src").strip("/")
    language = (
        book.get("language") if isinstance(book.get("language"), str) and CODE.fullmatch(book["language"]) else None
    )
    site = {
        "flavor": Why("gfm", f"{BOOK}: mdBook reads Markdown as GitHub does (tables, task lists, alerts)"),
        "math": Why("none", f"{BOOK}: mdBook reads no `$` math"),
    }
    tables = _table(config.get("language"))
    summaries = (p.removeprefix(f"{src}/").split("/") for p in paths if p.startswith(f"{src}/"))
    inside = sorted({parts[0] for parts in summaries if parts[1:] == ["SUMMARY.md"]})
    inside = [code for code in inside if _language(code) or (code in tables and CODE.fullmatch(code))]
    if inside:  # the multilingual fork: src/en/, src/ko/
        default = next((str(c) for c, t in tables.items() if isinstance(t, Mapping) and t.get("default")), language)
        places = tuple(Place(code, f"{src}/{code}", None, f"{src}/{code}/", "the folder's name") for code in inside)
        return Layout(
            f"{BOOK} (mdBook) with {', '.join(p.shown for p in places)}",
            Why(f"{src}/{{lang}}/{{path}}", f"{BOOK}: a SUMMARY.md in each {src}/<lang>/"),
            places,
            {code: f"{src}/{code}/" for code in inside},
            site,
            (default, f"{BOOK}'s default language") if default else None,
        )
    beside: dict[str, str] = {}  # language -> its book's src: ko/src/
    for path in paths:
        parts = path.split("/")
        if len(parts) == 3 and parts[2] == "SUMMARY.md" and _language(parts[0]) and parts[0] != src:
            own = _table(configs.get(f"{parts[0]}/{BOOK}", {}).get("book"))
            if parts[1] == str(own.get("src") or "src").strip("/"):
                beside[parts[0]] = parts[1]
    folder = Counter(beside.values()).most_common(1)[0][0] if beside else "src"
    targets = {code: f"{code}/{folder}/" for code, each in sorted(beside.items()) if each == folder}
    # mdbook-i18n-helpers keeps a language's translations in one catalog, po/ko.po
    catalogs = sorted(
        code for p in paths if (code := p.removeprefix("po/").removesuffix(".po")) != p and _language(code)
    )
    targets.update({code: f"po/{code}.po" for code in catalogs if code not in targets})
    why = f"{BOOK}: [book] language" if language else "no name says otherwise"
    return Layout(
        f"{BOOK} (mdBook) with {src}/" + "".join(f", {t}" for t in targets.values()),
        Why(
            f"{{lang}}/{folder}/{{path}}",
            "a book per language beside this one"
            if beside
            else "a book per language beside this one, as mdBook has them",
        ),
        (Place(language, src, None, f"{src}/", why),),
        targets,
        site,
        notes=tuple(
            f"po/{code}.po: mdbook-i18n-helpers' catalog; after `extract`, "
            f"`mdgettext update -l {code} --compendium po/{code}.po --tm-exact` takes its translations of the same English"
            for code in catalogs
        ),
    )


# ---------------------------------------------------------------- a folder per language, a README


def _folder_layout(paths: Collection[str], docs: str, found: str, site: Mapping[str, Why]) -> Layout:
    """`docs/` with a folder per language (`docs/ko/`): the pages in `docs/` itself (the
    folders aside), and each language's folder, any of which may be the source (the
    English's, where there is one)."""
    languages = _folders(paths, docs)
    folders = ", ".join(f"{docs}/{code}/" for code in languages)
    places = [Place(code, f"{docs}/{code}", None, f"{docs}/{code}/", "the folder's name") for code in languages]
    if any(_page_of(p, docs) for p in paths):
        places.insert(0, Place(None, docs, None, f"{docs}/", "no name says otherwise"))
    return Layout(
        f"{found} with {folders}",
        Why(f"{docs}/{{lang}}/{{path}}", f"the folders {folders}"),
        tuple(places),
        {code: f"{docs}/{code}/" for code in languages},
        site,
    )


def _docusaurus(paths: Collection[str]) -> Layout:
    """A Docusaurus site: the docs in `docs/`, each language's in
    `i18n/<lang>/docusaurus-plugin-content-docs/current/` under the same paths. The
    default locale's pages are `docs/` (named in `docusaurus.config.js`, which is code,
    not read: taken to be English, and `--source-language` says otherwise)."""
    languages = sorted({m["lang"] for p in paths if (m := DOCUSAURUS.fullmatch(p)) and _language(m["lang"])})
    targets = {code: f"i18n/{code}/docusaurus-plugin-content-docs/current/" for code in languages}
    config = next((name for name in DOCUSAURUS_CONFIGS if name in paths), None)
    return Layout(
        f"{config or 'a Docusaurus site'} with i18n folders ({', '.join(targets.values())})",
        Why(
            "i18n/{lang}/docusaurus-plugin-content-docs/current/{path}",
            f"Docusaurus's i18n folders ({', '.join(targets.values())})",
        ),
        (Place(None, "docs", None, "docs/", "no name says otherwise"),),
        targets,
        {"flavor": Why("gfm", "Docusaurus reads Markdown with remark-gfm")},
    )


def _readme(paths: Collection[str]) -> Layout | None:
    """`README.md` with its translations beside it, named as repositories name them:
    `README-ko.md`, `README.ko.md`, `README_ko.md` (the most used of the three), or
    together in one folder of their own (`translations/README-ko.md`) where none is
    beside it."""
    stem = next((p.removesuffix(".md") for p in sorted(paths) if p.lower() == "readme.md"), None)
    matched = [m for p in paths if (m := README.fullmatch(p)) and _language(m["lang"])]
    beside = [m for m in matched if m["folder"] is None]
    folders = Counter(m["folder"] for m in matched if m["folder"] is not None and not _language(m["folder"]))
    if stem is None or not (beside or folders):
        return None
    folder = None if beside else folders.most_common(1)[0][0]
    found = sorted((m["lang"], m["separator"]) for m in (beside or [m for m in matched if m["folder"] == folder]))
    counted = Counter(s for lang, s in found if primary(lang) != "en") or Counter(s for _, s in found)
    separator = counted.most_common(1)[0][0]  # a README.en.md beside README-ko.md is no say
    where = "" if folder is None else f"{folder}/"
    targets = {lang: f"{where}{stem}{separator}{lang}.md" for lang, s in found if s == separator}
    return Layout(
        f"{stem}.md with {', '.join(targets.values())} beside it"
        if folder is None
        else f"{stem}.md with its translations in {where} ({', '.join(targets.values())})",
        Why(f"{where}{{stem}}{separator}{{lang}}.md", ", ".join(targets.values())),
        (Place(None, ".", (f"{stem}.md",), f"{stem}.md", "no name says otherwise"),),
        targets,
        {"flavor": Why("gfm", "GitHub shows a README")},
    )


def _page_of(path: str, docs: str) -> bool:
    """A Markdown page in `docs` itself, not in a folder of it."""
    return path.startswith(f"{docs}/") and path.count("/") == docs.count("/") + 1 and path.endswith(".md")


def _holds(paths: Collection[str], folder: str) -> bool:
    """Whether `folder` holds any Markdown."""
    return any(p.startswith(f"{folder}/") and p.endswith(".md") for p in paths)


def _folders(paths: Collection[str], docs: str) -> tuple[str, ...]:
    """The language folders of `docs` (`docs/ko/`) that hold Markdown."""
    found = {p.split("/")[docs.count("/") + 1] for p in paths if p.startswith(docs + "/") and p.endswith(".md")}
    return tuple(
        sorted(code for code in found if _language(code) and any(p.startswith(f"{docs}/{code}/") for p in paths))
    )


def _suffixes(paths: Collection[str], docs: str) -> tuple[str, ...]:
    """The languages written before `.md` in `docs` (`docs/index.ko.md`), English aside:
    beside plain pages, those are the pages' own language."""
    return tuple(sorted({lang for p in paths if (lang := _suffix(p, docs)) is not None and primary(lang) != "en"}))


def _suffix(path: str, docs: str) -> str | None:
    """`ko` for `docs/index.ko.md`: a language written before `.md`, as mkdocs-static-i18n's suffixes."""
    if not path.startswith(docs + "/") or not path.endswith(".md") or path.count(".") < 2:
        return None
    lang = path.removesuffix(".md").rsplit(".", 1)[-1]
    return lang if _language(lang) else None


def _language(code: str) -> bool:
    """Whether a folder's or a file's name is a language's code Babel knows (`ko`, `zh-Hans`; not `img`)."""
    return bool(CODE.fullmatch(code)) and is_known(code)


def _table(value: Any) -> Mapping[str, Any]:
    """A TOML table as a mapping; anything else as an empty one."""
    return value if isinstance(value, Mapping) else {}


def _list(value: Any) -> list[Any]:
    """A YAML list as a list; anything else (a missing key, a string) as none."""
    return value if isinstance(value, list) else []


def _entries(value: Any) -> list[Any]:
    """MkDocs' `plugins` or `markdown_extensions`: a list of names and one-key tables, or one table of them."""
    return [{key: each} for key, each in value.items()] if isinstance(value, dict) else _list(value)


# ---------------------------------------------------------------- choosing the source


class Unnamed(InputError):
    """The source's language is not English and nothing names it: `init` asks at a terminal."""


def choose(layout: Layout, given: Mapping[str, Any]) -> Chosen:
    """The settings `layout` asks for with the source the options name (`--source`,
    `--source-language`), else the English, else the site's default: the options merge
    with the rest. A source language that names other pages of the layout than the
    source's, or a translation, is refused: it would label those pages wrong."""
    language, source = given.get("source_language"), given.get("source")
    if language is not None:
        place = _place_of(layout, str(language), None if source is None else str(source))
    elif source is not None:
        same = [p for p in layout.places if p.source == str(source)]
        place = _preferred(layout, same) if same else None
    else:
        place = _preferred(layout, layout.places)
    if place is None:  # --source names some other folder: the site's settings still hold
        shown = ", ".join(p.shown for p in layout.places)
        return Chosen(
            dict(layout.site),
            (f"--source {source}: not where this layout's pages are ({shown}); `translations` and locales not set",),
        )
    chosen = str(language) if language is not None else place.language
    name = _name(chosen)
    settings = {"source": Why(place.source, f"the {name} pages are {place.shown}")}
    if place.include is not None:
        settings["include"] = Why(place.include, f"the {name} pages are {place.shown}")
    if chosen is not None:
        settings["source_language"] = Why(chosen, "--source-language" if language else f"{place.shown}: {place.why}")
    settings["translations"] = layout.translations
    others = {code: where for code, where in layout.targets.items() if _key(code) != _key(chosen or "en")}
    if others:
        settings["locales"] = Why(tuple(sorted(others)), ", ".join(others[code] for code in sorted(others)))
    settings.update(layout.site)
    lines = [f"source: {place.shown.removesuffix('/')} ({name}, {_reason(layout, place, given)})", *layout.notes]
    for other in layout.places:
        if other is not place and other.language is not None and other.language not in layout.targets:
            lines.append(
                f"{other.language}: no locale, its pages are {other.shown}, and `translations` puts "
                f"a language's at {layout.translations.value}"
            )
    return Chosen(settings, tuple(lines))


def _place_of(layout: Layout, language: str, source: str | None) -> Place | None:
    """The pages `--source-language` names: those in that language, or those no name
    says the language of; None when `--source` names other pages; InputError when the
    layout says they are in another language, or the language is a translation's."""
    named = [p for p in layout.places if p.language is not None and _key(p.language) == _key(language)]
    if named:
        fits = [p for p in named if source is None or p.source == source]
        if fits:
            return fits[0]
        raise InputError(
            f"--source-language {language}: the {_name(language)} pages are {named[0].shown}, not {source}; "
            f"give --source {named[0].source}, or leave one of the two out"
        )
    target = next((where for code, where in layout.targets.items() if _key(code) == _key(language)), None)
    unnamed = [p for p in layout.places if p.language is None and (source is None or p.source == source)]
    if target is not None:
        pages = ", ".join(p.shown for p in layout.places)
        raise InputError(
            f"--source-language {language}: {target} is the {_name(language)} translation, and {pages} is another "
            f"language's: give --source-language the language of {pages}"
        )
    if unnamed:
        return unnamed[0]
    if source is not None and all(p.source != source for p in layout.places):
        return None
    pages = ", ".join(f"{p.shown}: {p.language}" for p in layout.places)
    raise InputError(
        f"--source-language {language}: none of this layout's pages are in it ({pages}); give one of those, or leave it out"
    )


def _preferred(layout: Layout, places: Sequence[Place]) -> Place:
    """The English pages, else those no name says the language of (taken to be English,
    as the `source_language` default says), else the site's default language's, else the first."""
    english = [p for p in places if p.language is not None and primary(p.language) == "en"]
    if english:
        return english[0]
    unnamed = [p for p in places if p.language is None]
    if unnamed:
        translated = next((where for code, where in layout.targets.items() if primary(code) == "en"), None)
        if translated is not None:
            raise Unnamed(
                f"{unnamed[0].shown}: not English ({translated} is its English); "
                "say which language it is written in with --source-language"
            )
        return unnamed[0]
    default = layout.default[0] if layout.default else None
    return next((p for p in places if p.language == default), places[0])


def _reason(layout: Layout, place: Place, given: Mapping[str, Any]) -> str:
    """Why `place` is the source, in the words `init` prints, and how to change it."""
    if "source_language" in given or "source" in given:
        return f"as {'--source-language' if 'source_language' in given else '--source'} says"
    how = "--source" if len({p.source for p in layout.places}) > 1 else "--source-language"
    default = layout.default
    if place.language is None or primary(place.language) == "en":
        said = "the language the others translate"
        if place.language is None:
            said += " (no name says otherwise)"
        if default is not None and primary(default[0]) != "en":
            said += f", though {default[1]} is {_name(default[0])}"
        return f"{said}; change with {how}"
    if default is not None and default[0] == place.language:
        return f"{default[1]}: there are no English pages; change with {how}"
    return f"{place.why}; change with {how}"


def _name(language: str | None) -> str:
    """A language's English name (`Korean`), its code when Babel knows none; English when none is said."""
    if language is None:
        return "English"
    try:
        return locale_name(language)
    except LocaleError:
        return language


def _key(code: str) -> str:
    """A code as compared: `EN`, `en` and `zh_CN`, `zh-CN` are one."""
    return code.replace("_", "-").lower()


def translators_ids(chosen: Chosen, paths: Iterable[str], read: Callable[[str], str]) -> Chosen:
    """`heading_ids` off where the translations already there (among `paths`, the
    repository's files; `read` gives a file's text) write every heading without a
    `{#id}`: their site gives each heading the id its engine makes of the translated
    words, and their own links lead there. The English ids the setting adds would change every heading they wrote and lose the
    anchors their links name (issue 45, item 2); a translator who wrote `{#id}`s, or
    a site with no translation yet, keeps the English ids."""
    setting, settings = chosen.settings.get("heading_ids"), chosen.settings
    if setting is None or setting.value is not True or "translations" not in settings or "locales" not in settings:
        return chosen
    pattern, locales = Translations(str(settings["translations"].value)), set(settings["locales"].value)
    found = (p for p in sorted(paths) if p.endswith(".md") and (of := pattern.parse(p)) and of[1] in locales)
    pages = {path: read(path) for path in found}
    headings = [
        token.content
        for text in pages.values()
        for before, token in itertools.pairwise(parser().parse(text))
        if before.type == "heading_open"
    ]
    if not headings or any(explicit_id(heading) for heading in headings):
        return chosen
    why = f"{settings['locales'].why}: their headings have no {{#id}}, so each keeps the id its site gives it"
    return replace(chosen, settings={**chosen.settings, "heading_ids": Why(False, why)})


# The text of a VitePress (or VuePress 2) home page's front matter (`layout: home`) that
# its default theme shows: the hero's name, text, tagline and buttons, each feature's.
HOME_KEYS = (
    "hero.name",
    "hero.text",
    "hero.tagline",
    "hero.actions[].text",
    "features[].title",
    "features[].details",
)


def from_pages(chosen: Chosen, paths: Iterable[str], read: Callable[[str], str]) -> Chosen:
    """What the pages already there say besides the layout: whether the translations
    write heading ids (`translators_ids`), and whether the source has a home page whose
    front matter is text (`home_keys`). `paths` are the repository's files, `read` gives
    one's text."""
    paths = sorted(paths)
    return home_keys(translators_ids(chosen, paths, read), paths, read)


def home_keys(chosen: Chosen, paths: Sequence[str], read: Callable[[str], str]) -> Chosen:
    """`front_matter_keys` with the home page's text where a source page is a VitePress
    home page (`layout: home` with a `hero` or `features`): a translator translates its
    tagline and features, and import would leave them out."""
    settings = chosen.settings
    if "front_matter_keys" in settings or "source" not in settings:
        return chosen
    source = str(settings["source"].value).strip("/")
    top = [p for p in paths if p.endswith(".md") and p.count("/") == (source.count("/") + 1 if source != "." else 0)]
    for path in (p for p in top if source == "." or p.startswith(f"{source}/")):
        found = next((t for t in parser().parse(read(path)) if t.type == "front_matter"), None)
        try:
            meta = frontmatter.load(found.content) if found is not None else {}
        except FrontMatterError:
            continue
        if meta.get("layout") == "home" and ("hero" in meta or "features" in meta):
            why = f"{path}: a VitePress home page (layout: home), whose hero and features a reader sees"
            keys = (*DEFAULT_KEYS, *HOME_KEYS)
            return replace(chosen, settings={**settings, "front_matter_keys": Why(keys, why)})
    return chosen


def printed(key: str, setting: Why) -> str:
    """One setting as `init` prints it: as the file has it, and what it came from."""
    return f"  {key} = {toml_value(setting.value)}  # {setting.why}"
