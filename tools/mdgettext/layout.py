"""Where a project's Markdown is: which files are chapters (`include`, `exclude`), and
where each language's translation of a chapter goes (`translations`), as patterns.

A project may be any folder of a repository, its root included (`source = "."`, a
README): the build and locale folders, folders whose names start with a dot, and each
language's translations are then never chapters, so a README's `README-ko.md` or a
docs folder's `docs/ko/` is not read back as English. The same pattern that says where
`build` writes a translation tells `import` which chapter a translation is of, and
`init` which layout a repository has (`layouts`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any

from mdgettext.locale import CODE, is_known

FIELDS = ("lang", "path", "stem")  # what a `translations` pattern may name
FIELD = re.compile(r"\{([^{}]*)\}")


class GlobError(ValueError):
    """A glob that names nothing it could match (`[!]`, `[z-a]`): the message says why."""


STAR, ANY = object(), object()  # a glob's `*` and `?`, as tokens of one folder's piece
Piece = tuple[object, ...] | None  # one folder's tokens (a character, STAR, ANY or a Class); None: `**`


@dataclass(frozen=True)
class Class:
    """A `[…]` class: its characters and ranges, and whether `!` negates it."""

    chars: frozenset[str]
    ranges: tuple[tuple[str, str], ...]
    negated: bool

    def __contains__(self, char: object) -> bool:
        found = char in self.chars or any(low <= str(char) <= high for low, high in self.ranges)
        return found != self.negated


@dataclass(frozen=True)
class Glob:
    """A glob over `/`-separated paths, matched without regular expressions, so no
    pattern a user writes makes the match backtrack: `*` and `?` within a folder,
    `[…]` a class (`!` negates it, as in fnmatch), `**` any folders (none included).
    Each folder's piece is matched by the two-pointer wildcard match (at most the
    name's length times the piece's), the folders by the set of pieces reached."""

    pieces: tuple[Piece, ...]

    def fullmatch(self, path: str) -> bool:
        """Whether the whole of `path` (relative, `/`-separated) matches."""
        if self.pieces == (None,):
            return True
        last = len(self.pieces)
        reached = self._closure({0})
        for segment in path.split("/"):
            moved = set()
            for at in reached:
                if at == last:
                    if self.pieces[-1] is None:  # a `**` at the end takes every folder after it
                        moved.add(last)
                    continue
                piece = self.pieces[at]
                if piece is None:
                    moved.update({at} if at < last - 1 else {last})  # one more folder; at the end, one at least
                elif _matches(piece, segment):
                    moved.add(at + 1)
            reached = self._closure(moved)
            if not reached:
                return False
        return last in reached

    def _closure(self, reached: set[int]) -> set[int]:
        """`reached` with each `**` before the last piece skipped (it may take no folder)."""
        out, todo = set(), list(reached)
        while todo:
            at = todo.pop()
            if at in out:
                continue
            out.add(at)
            if at < len(self.pieces) - 1 and self.pieces[at] is None:
                todo.append(at + 1)
        return out


def _matches(piece: tuple[object, ...], name: str) -> bool:
    """One folder's name against one piece: on a mismatch, back to the last `*`, which
    takes one character more (no recursion, no regular expression)."""
    at = p = 0
    star, mark = -1, 0
    while at < len(name):
        token = piece[p] if p < len(piece) else None
        if token is STAR:
            star, mark, p = p, at, p + 1
        elif token is not None and (
            token is ANY or (name[at] in token if isinstance(token, Class) else token == name[at])
        ):
            at, p = at + 1, p + 1
        elif star >= 0:
            p, mark = star + 1, mark + 1
            at = mark
        else:
            return False
    while p < len(piece) and piece[p] is STAR:
        p += 1
    return p == len(piece)


CLASS_OR_CHAR = re.compile(r"\[[^\]/]+\]|.", re.DOTALL)


@lru_cache(maxsize=64)
def glob(pattern: str) -> Glob:
    """A glob over `/`-separated paths (see `Glob`); GlobError when a class names nothing."""
    pieces: list[Piece] = []
    for piece in pattern.strip("/").split("/"):
        if piece == "**":
            pieces.append(None)
            continue
        tokens: list[object] = []
        for part in CLASS_OR_CHAR.findall(piece):
            if part == "*":
                if not tokens or tokens[-1] is not STAR:  # `**` inside a name is one `*`
                    tokens.append(STAR)
            elif part == "?":
                tokens.append(ANY)
            elif part.startswith("[") and len(part) > 1:
                tokens.append(_class(part))
            else:
                tokens.append(part)
        pieces.append(tuple(tokens))
    return Glob(tuple(pieces))


def _class(written: str) -> Class:
    """A `[…]` class as written: `!` first negates it, `a-z` is a range, anything else a
    character (a `^` or `\\` too, as fnmatch reads them)."""
    inside = written[1:-1]
    negated = inside.startswith("!")
    inside = inside[1:] if negated else inside
    if not inside:
        raise GlobError(f"the class {written} names no character")
    chars, ranges, at = set(), [], 0
    while at < len(inside):
        if at + 2 < len(inside) and inside[at + 1] == "-":
            low, high = inside[at], inside[at + 2]
            if low > high:
                raise GlobError(f"the range {low}-{high} in {written} runs backwards (write {high}-{low})")
            ranges.append((low, high))
            at += 3
        else:
            chars.add(inside[at])
            at += 1
    return Class(frozenset(chars), tuple(ranges), negated)


def matches(path: str, patterns: Sequence[str]) -> bool:
    """Whether `path` (relative, `/`-separated) or a folder it is in matches a glob."""
    folders = PurePosixPath(path).parts
    candidates = ["/".join(folders[: n + 1]) for n in range(len(folders))]
    return any(glob(p).fullmatch(c) for p in patterns for c in candidates)


def files(folder: Path, skip: Collection[Path], depth: int | None = None) -> Iterator[str]:
    """The files under `folder` as relative `/`-separated paths, in no set order: folders
    whose names start with a dot and those in `skip` (resolved) are not entered, nor
    folders deeper than `depth` (None: any)."""
    for top, dirs, names in os.walk(folder, followlinks=False):
        here = Path(top)
        level = len(here.relative_to(folder).parts)
        dirs[:] = [
            d
            for d in dirs
            if not d.startswith(".") and (depth is None or level < depth) and (here / d).resolve() not in skip
        ]
        relative = here.relative_to(folder).as_posix()
        for name in names:
            if not name.startswith("."):
                yield name if relative == "." else f"{relative}/{name}"


def markdown(paths: Iterable[str], patterns: Sequence[str]) -> list[str]:
    """The `.md` files of `paths` that a glob of `patterns` matches."""
    return [p for p in paths if p.endswith(".md") and any(glob(g).fullmatch(p) for g in patterns)]


def depth(patterns: Sequence[str]) -> int | None:
    """How many folders deep any of `patterns` can match (None: any, for `**`)."""
    if any("**" in p for p in patterns):
        return None
    return max((p.strip("/").count("/") for p in patterns), default=0)


@dataclass(frozen=True)
class Translations:
    """The `translations` pattern: where `build` writes a chapter's translation, relative
    to the project root. `{lang}` is the language, `{path}` the chapter's path under the
    source folder (`guide/intro.md`), `{stem}` the same without `.md`."""

    pattern: str

    def problem(self) -> str | None:
        """What is wrong with the pattern, in words for the settings' error; None if nothing."""
        fields = FIELD.findall(self.pattern)
        unknown = sorted(set(fields) - set(FIELDS))
        if unknown:
            return f"{{{unknown[0]}}} is no field (write {{lang}}, {{path}} or {{stem}})"
        if "lang" not in fields:
            return "needs {lang}: every language's translation would be one file"
        if fields.count("path") + fields.count("stem") != 1:
            return "needs {path} or {stem}, once: where each chapter's translation goes"
        shape = PurePosixPath(FIELD.sub("x", self.pattern))
        if shape.is_absolute() or ".." in shape.parts or self.pattern.startswith("~"):
            return "must stay inside the project (no `..`, not absolute)"
        return None

    def path(self, chapter: str, language: str) -> str:
        """The translation of `chapter` into `language`, relative to the project root."""
        values = {"lang": language, "path": f"{chapter}.md", "stem": chapter}
        return FIELD.sub(lambda m: values[m.group(1)], self.pattern)

    def parse(self, path: str) -> tuple[str, str] | None:
        """The chapter and language whose translation `path` (relative to the project
        root) would be, by the pattern alone; None when it fits no chapter's."""
        found = self._regex().fullmatch(path)
        return (found["chapter"], found["lang"]) if found else None

    def holds(self, path: str, chapters: Collection[str], languages: Collection[str], source: str) -> bool:
        """Whether the file at `path` (relative to the project root) is a translation where
        the pattern puts one: into one of the project's `languages`, or into a language
        Babel knows of one of `chapters` (`install-it.md` is no Italian without `install`);
        never into the `source` language, which is the chapters' own."""
        found = self.parse(path)
        if found is None or found[1] == source:
            return False
        return found[1] in languages or (found[0] in chapters and is_known(found[1]))

    def _regex(self) -> re.Pattern[str]:
        return _pattern_regex(self.pattern)


@lru_cache(maxsize=16)
def _pattern_regex(pattern: str) -> re.Pattern[str]:
    out, last, seen_lang = [], 0, False
    for field in FIELD.finditer(pattern):
        out.append(re.escape(pattern[last : field.start()]))
        name = field.group(1)
        if name == "lang":
            out.append("(?P=lang)" if seen_lang else f"(?P<lang>{CODE.pattern})")
            seen_lang = True
        else:
            out.append(r"(?P<chapter>[^\n]+)\.md" if name == "path" else r"(?P<chapter>[^\n]+)")
        last = field.end()
    out.append(re.escape(pattern[last:]))
    return re.compile("".join(out))


# ---------------------------------------------------------------- the layouts `init` recognises


@dataclass(frozen=True)
class Recognised:
    """A layout found in a repository: what was seen, in words, and the settings it asks for."""

    seen: str
    settings: dict[str, Any]


README = re.compile(rf"(?i)(?P<stem>readme)(?P<separator>[-._])(?P<lang>{CODE.pattern})\.md")
LISTED = 2  # folders deep `init` looks: docs/ko/index.md


def recognise(paths: Collection[str], mkdocs: Mapping[str, Any] | None) -> Recognised | None:
    """The layout of a repository whose files (relative to its root, `LISTED` folders deep)
    are `paths`, and whose `mkdocs.yml` says `mkdocs` (None: there is none): a MkDocs
    site, a docs folder with a folder per language (`docs/ko/`), or a README with its
    translations beside it (`README-ko.md`); None for none of those."""
    if mkdocs is not None:
        return _mkdocs(paths, mkdocs)
    languages = _folders(paths, "docs")
    if languages:
        return Recognised(
            f"docs/ with {', '.join(f'docs/{lang}/' for lang in languages)}",
            {"source": "docs", "translations": "docs/{lang}/{path}", "locales": languages, "flavor": "gfm"},
        )
    readmes = sorted((m["lang"], m["separator"], m["stem"]) for p in paths if (m := README.fullmatch(p)))
    readmes = [each for each in readmes if is_known(each[0]) and each[0] != "en"]
    stem = next((p.removesuffix(".md") for p in paths if p.lower() == "readme.md"), None)
    if readmes and stem is not None:
        separator = readmes[0][1]
        return Recognised(
            f"{stem}.md with {', '.join(f'{stem}{s}{lang}.md' for lang, s, _ in readmes)} beside it",
            {
                "source": ".",
                "include": (f"{stem}.md",),
                "translations": f"{{stem}}{separator}{{lang}}.md",
                "locales": tuple(lang for lang, _, _ in readmes),
                "flavor": "gfm",  # GitHub shows a README
            },
        )
    return None


def _mkdocs(paths: Collection[str], config: Mapping[str, Any]) -> Recognised:
    docs = str(config.get("docs_dir") or "docs").strip("/")
    extensions = {next(iter(e)) if isinstance(e, dict) else str(e) for e in config.get("markdown_extensions") or ()}
    # mkdocs-static-i18n's default layout, and the one whose relative links and images
    # plain MkDocs still finds: `docs/index.ko.md` beside `docs/index.md`
    found: dict[str, Any] = {"flavor": "mkdocs", "source": docs, "translations": f"{docs}/{{stem}}.{{lang}}.md"}
    if "attr_list" in extensions:  # a translated heading keeps its English id: `{#id}` is read there
        found["heading_ids"] = True
    if "pymdownx.arithmatex" not in extensions:
        found["math"] = "none"
    plugin = next((p["i18n"] for p in config.get("plugins") or () if isinstance(p, dict) and "i18n" in p), None)
    if isinstance(plugin, dict):  # mkdocs-static-i18n: its languages and its one of two layouts
        listed = [each for each in plugin.get("languages") or () if isinstance(each, dict)]
        codes = [(str(each.get("locale")), bool(each.get("default"))) for each in listed]
        source = next((code for code, default in codes if default), "en")
        found["source_language"], found["locales"] = source, tuple(c for c, _ in codes if c != source)
        if plugin.get("docs_structure", "suffix") == "folder":
            found["source"], found["translations"] = f"{docs}/{source}", f"{docs}/{{lang}}/{{path}}"
        return Recognised(f"mkdocs.yml with mkdocs-static-i18n ({plugin.get('docs_structure', 'suffix')})", found)
    languages = _folders(paths, docs)
    if languages:
        found["translations"], found["locales"] = f"{docs}/{{lang}}/{{path}}", languages
        return Recognised(f"mkdocs.yml with {', '.join(f'{docs}/{lang}/' for lang in languages)}", found)
    suffixes = tuple(sorted({lang for p in paths if (lang := _suffix(p, docs)) is not None}))
    if suffixes:
        found["locales"] = suffixes
    return Recognised(f"mkdocs.yml with {docs}/" + "".join(f", {docs}/*.{lang}.md" for lang in suffixes), found)


def _folders(paths: Collection[str], docs: str) -> tuple[str, ...]:
    """The language folders of `docs` (`docs/ko/`) that hold Markdown, the source's (`en`) aside."""
    found = {p.split("/")[1] for p in paths if p.startswith(docs + "/") and p.count("/") >= 2 and p.endswith(".md")}
    return tuple(sorted(code for code in found if code != "en" and CODE.fullmatch(code) and is_known(code)))


def _suffix(path: str, docs: str) -> str | None:
    """`ko` for `docs/index.ko.md`: a language written before `.md`, as mkdocs-static-i18n's suffixes."""
    if not path.startswith(docs + "/") or path.count(".") < 2:
        return None
    lang = path.removesuffix(".md").rsplit(".", 1)[-1]
    return lang if path.endswith(".md") and lang != "en" and CODE.fullmatch(lang) and is_known(lang) else None


def read_mkdocs(text: str) -> dict[str, Any]:
    """mkdocs.yml's settings, its tags (`!!python/name:…`, `!ENV`) read as nothing; {} when
    it is not YAML. Read within the budgets of every YAML input (markdown/frontmatter.py):
    FrontMatterError, naming its line, for aliases that expand too far or nesting too deep."""
    import yaml  # only `init` reads a site's config

    from mdgettext.markdown.frontmatter import FrontMatterError, composed

    class Lenient(yaml.SafeLoader):
        """YAML as MkDocs reads its config, without running any of its Python tags."""

    Lenient.add_multi_constructor("", lambda loader, suffix, node: None)
    try:
        root = composed(text, Lenient, "mkdocs.yml")
        found = Lenient(text).construct_document(root) if root is not None else None
    except FrontMatterError as err:
        if err.over_budget:
            raise
        return {}
    except yaml.YAMLError:
        return {}
    return found if isinstance(found, dict) else {}
