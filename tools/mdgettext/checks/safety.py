"""Whether a translation may reach a page: translators' Markdown is never trusted as HTML.

The English source is written by the book's authors and is trusted, raw HTML
included. A translation comes from a pull request by anyone, and the build writes
it into the Markdown the Jekyll site publishes and into the HTML page; so a
translation that *adds* active content the English does not have (a `<script>`,
an event handler attribute, a `javascript:` link) is refused, and the build uses
the English for that block instead.

Comparing with the msgid, rather than banning features outright, keeps a legitimate
translation of a source that itself holds such markup usable. Both readings of the
text are scanned, as raw HTML and as Markdown, because the same msgstr is HTML in a
raw HTML block and Markdown in a paragraph, and this function does not know which:
being strict in both readings costs at most a false alarm on a code span that shows
a tag, which a reviewer can clear by keeping the English markup.

Pure functions over strings: the build and the `check` command share them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from html.parser import HTMLParser
from typing import Any

from markdown_it.token import Token

from mdgettext.checks.entry import Context, Entry, Family
from mdgettext.markdown.parser import untrusted
from mdgettext.model import Diagnostic, Severity, TranslationMap

# Elements that run code, load other documents or change how the whole page
# behaves (base URL, refresh, styles, form targets).
ACTIVE_TAGS = frozenset(
    {"script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "meta", "link", "style", "form"}
)
# Elements that fetch something from a URL when the page is shown (a tracking pixel
# is one): a translation may keep the English's, not add its own.
LOADING_TAGS = frozenset({"img", "video", "audio", "source", "track", "picture", "svg", "input"})
# "<tag ..." with no ">" before the next tag or the end: the rest of the block
# would be read as this tag's attributes, event handlers included.
UNCLOSED_TAG = re.compile(r"<[A-Za-z][^<>]*(?=<|$)")
# kramdown attribute lists, `{: onclick="..."}` or `{::options ...}`: on the Jekyll
# site they add attributes to the element before them.
KRAMDOWN_IAL = re.compile(r"\{:")
UNSAFE_SCHEMES = ("javascript", "vbscript", "data")
# Browsers drop ASCII whitespace and control characters inside a URL's scheme
# ("java\tscript:" runs), so they are removed before the scheme is read.
URL_NOISE = re.compile(r"[\x00-\x20\x7f]+")
SCHEME = re.compile(r"^([a-z][a-z0-9+.-]*):")


class _Scanner(HTMLParser):
    """Collects the active features of an HTML fragment, as a browser would see them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.features: Counter[str] = Counter()
        self.code: str | None = None  # the element whose code is being read

    def handle_data(self, data: str) -> None:
        # The code of a script or style counts as its own feature, so a translation
        # that keeps the English's <script> but changes what it runs is still caught.
        if self.code and data.strip():
            self.features[f"different code in a <{self.code}> element ({data.strip()[:30]!r})"] += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == self.code:
            self.code = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ACTIVE_TAGS:
            self.features[f"a <{tag}> element"] += 1
        elif tag in LOADING_TAGS:
            self.features[f"a <{tag}> element that loads a resource"] += 1
        if tag in ("script", "style"):
            self.code = tag
        for name, value in attrs:
            if name.startswith("on"):
                self.features[f"an event handler attribute ({name}=)"] += 1
            scheme = url_scheme(value or "")
            if scheme:
                self.features[f"a {scheme}: URL (in the {name}= attribute)"] += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        self.code = None


def url_scheme(url: str) -> str | None:
    """The unsafe scheme a URL starts with, as a browser reads it, or None."""
    match = SCHEME.match(URL_NOISE.sub("", url).lower())
    return match.group(1) if match and match.group(1) in UNSAFE_SCHEMES else None


LIQUID = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|\{%|\{\{", re.DOTALL)


def _inert(text: str) -> bool:
    """Text that cannot hold any active feature: no tag, entity or Liquid, and no
    unsafe scheme even with the whitespace browsers ignore removed. Most prose is
    inert, and this spares it two parses."""
    if any(c in text for c in "<&{") or "![" in text:
        return False
    squeezed = URL_NOISE.sub("", text).lower()
    return not any(f"{scheme}:" in squeezed for scheme in UNSAFE_SCHEMES)


def features(text: str) -> Counter[str]:
    """Every active feature of `text`, read as raw HTML and as Markdown, and as a
    Jekyll page: a Liquid tag runs on the site, an unclosed comment hides the rest."""
    if _inert(text):
        return Counter()
    scanner = _Scanner()
    scanner.feed(text)
    scanner.close()
    found = scanner.features
    for tag in LIQUID.findall(text):
        found[f"a Liquid tag ({tag[:40]}) that runs on the Jekyll site"] += 1
    if text.count("<!--") > text.count("-->"):
        found["an HTML comment that is never closed and would hide the rest of the page"] += 1
    for _ in UNCLOSED_TAG.finditer(text):
        found["an HTML tag that is never closed (what follows it would become its attributes)"] += 1
    for _ in KRAMDOWN_IAL.finditer(text):
        found["a kramdown attribute list ({: ...}) that adds attributes to the page"] += 1
    env: dict[str, Any] = {}
    for url in _markdown_urls(untrusted().parse(text, env)):
        if url is _IMAGE:
            found["an image (which loads a resource)"] += 1
            continue
        scheme = url_scheme(url)
        if scheme:
            found[f"a {scheme}: URL (in a Markdown link or image)"] += 1
    for ref in env.get("references", {}).values():
        scheme = url_scheme(ref.get("href", ""))
        if scheme:
            found[f"a {scheme}: URL (in a Markdown link or image)"] += 1
    return found


_IMAGE = "\0image"  # marks a Markdown image among the URLs


def _markdown_urls(tokens: Iterable[Token]) -> Iterable[str]:
    for token in tokens:
        if token.type == "link_open":
            yield str(token.attrGet("href") or "")
        elif token.type == "image":
            yield str(token.attrGet("src") or "")
            yield _IMAGE
        if token.children:
            yield from _markdown_urls(token.children)


def unsafe_reasons(msgid: str, msgstr: str) -> list[str]:
    """Why `msgstr` must not be published in place of `msgid`; empty when it may.

    Each reason names one active feature the translation has more often than the
    source, e.g. `adds a <script> element`.
    """
    translation = features(msgstr)
    if not translation:
        return []
    source = features(msgid)
    return [f"adds {feature}" for feature, count in sorted(translation.items()) if count > source[feature]]


def safe_translations(
    translations: TranslationMap,
) -> tuple[TranslationMap, dict[tuple[str | None, str], list[str]]]:
    """The usable translations without the unsafe ones, and why each refused one was refused.

    The bodies of `<script>` and `<style>` elements are never offered for
    translation (segment.py treats them as code), so no msgid is code to guard here.
    """
    kept: dict[tuple[str | None, str], str] = {}
    refused: dict[tuple[str | None, str], list[str]] = {}
    for key, msgstr in translations.items():
        reasons = unsafe_reasons(key[1], msgstr)
        if reasons:
            refused[key] = reasons
        else:
            kept[key] = msgstr
    return TranslationMap(kept), refused


CODES = {
    "safety.active-content": "the translation adds active content (script, event handler, javascript: URL, Liquid tag, unclosed comment); the build refuses it",
}


def check(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """A translation the build would refuse is an error here too, so CI stops it before a merge."""
    for reason in unsafe_reasons(entry.msgid, entry.msgstr):
        yield ctx.finding(
            entry,
            "safety.active-content",
            Severity.ERROR,
            f"the translation {reason}; the build publishes the English instead",
        )


FAMILY = Family(CODES, entry=check)
