"""Where a project's Markdown is: which files are chapters (`include`, `exclude`), and
where each language's translation of a chapter goes (`translations`), as patterns.

A project may be any folder of a repository, its root included (`source = "."`, a
README): the build and locale folders, folders whose names start with a dot, and each
language's translations are then never chapters, so a README's `README-ko.md` or a
docs folder's `docs/ko/` is not read back as English. The same pattern that says where
`build` writes a translation tells `import` which chapter a translation is of (which
layouts `init` recognises is recognise.py's).
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePosixPath

from mdgettext.errors import UserError
from mdgettext.locale import CODE, is_known

FIELDS = ("lang", "path", "stem")  # what a `translations` pattern may name
FIELD = re.compile(r"\{([^{}]*)\}")


class GlobError(UserError, ValueError):
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
