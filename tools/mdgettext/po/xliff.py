"""A catalog as XLIFF 2 and back: what CAT tools (OmegaT, memoQ, Trados, Crowdin) exchange.
Long because XLIFF's reading and writing, and their refusals, belong together: one
side of the mapping read beside the other.

One `<file>` per catalog, one `<unit>` per entry, one `<segment>` per unit, so a unit
is a message and nothing is resegmented (`canResegment="no"`). What PO says beside
the strings travels as notes, each with a category a tool shows and this module
reads back: `msgctxt`, `translator` (`# `), `developer` (`#.`), `location` (`#:`),
`flags` (every `#,` flag but fuzzy), `previous-msgctxt` and `previous-msgid` (`#|`),
`obsolete` (`#~`, whose unit is also `translate="no"`). Fuzzy is the segment's state,
as XLIFF 2 defines it: a translation of older English is `initial`, a translation
`translated`; `reviewed` and `final` read back as translated. The header's fields
are the file's notes.

The markup in a message (po/codes.py) is an inline code, `canDelete="no"`, its text
kept in the unit's `<originalData>`: a link (`[` ... `](url)`) or an HTML element is a
`<pc>` around its words, anything else a `<ph>`. A tool shows a tag the translator
moves but cannot edit, and reading puts the text back byte for byte. A code of the
translation that the English has too shares its id. A character XML 1.0 cannot hold
(a control character, a carriage return) is `<cp hex=".."/>`.

Reading refuses a document type declaration outright: no entity is expanded and no
external resource fetched, so a billion-laughs file or one naming /etc/passwd is an
error of one line (defusedxml's rule, in the standard library's parser).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from xml.parsers import expat

from mdgettext.errors import UserError
from mdgettext.po.codes import codes as find_codes
from mdgettext.po.entries import Catalog, Entry

NS = "urn:oasis:names:tc:xliff:document:2.0"
VERSION = "2.1"
_Q = f"{{{NS}}}"
_XML = "{http://www.w3.org/XML/1998/namespace}"
# Characters XML 1.0 cannot carry as text (and \r, which a parser turns into \n): written as <cp/>.
_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0d\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_HEADER_FIELDS = "header"
_HEADER_COMMENT = "header-comment"
_HEADER_FUZZY = "header-fuzzy"


class XliffError(UserError, ValueError):
    """An XLIFF file this reader cannot take: the message says where and what."""


# ---------------------------------------------------------------- writing


def dumps(catalog: Catalog, original: str = "", source_language: str = "en") -> str:
    """The catalog as one XLIFF 2 document (`original`: the catalog's path, for the reader's sake)."""
    ET.register_namespace("", NS)
    root = ET.Element(_Q + "xliff", {"version": VERSION, "srcLang": source_language})
    if catalog.language:
        root.set("trgLang", catalog.language)
    file = ET.SubElement(root, _Q + "file", {"id": "f1", "canResegment": "no"})
    if original:
        file.set("original", original)
    header = [(_HEADER_FIELDS, "".join(f"{k}: {v}\n" for k, v in catalog.metadata))]
    if catalog.header_comment:
        header.append((_HEADER_COMMENT, catalog.header_comment))
    if catalog.header_fuzzy:
        header.append((_HEADER_FUZZY, "yes"))
    _notes(file, header)
    for number, entry in enumerate(catalog.entries, 1):
        _unit(file, number, entry)
    _indent(root, 0)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _unit(file: ET.Element, number: int, entry: Entry) -> None:
    unit = ET.SubElement(file, _Q + "unit", {"id": f"u{number}"})
    if entry.obsolete:
        unit.set("translate", "no")
    notes: list[tuple[str, str]] = []
    if entry.msgctxt is not None:
        notes.append(("msgctxt", entry.msgctxt))
    if entry.translator_comment:
        notes.append(("translator", entry.translator_comment))
    if entry.extracted_comment:
        notes.append(("developer", entry.extracted_comment))
    if entry.references:
        notes.append(("location", "\n".join(f"{path}:{line}" if line else path for path, line in entry.references)))
    others = [flag for flag in entry.flags if flag != "fuzzy"]
    if others:
        notes.append(("flags", ", ".join(others)))
    if entry.previous_msgctxt is not None:
        notes.append(("previous-msgctxt", entry.previous_msgctxt))
    if entry.previous_msgid is not None:
        notes.append(("previous-msgid", entry.previous_msgid))
    if entry.obsolete:
        notes.append(("obsolete", "yes"))
    _notes(unit, notes)
    codes = _Codes()
    original = ET.SubElement(unit, _Q + "originalData")
    state = "initial" if entry.fuzzy or not entry.msgstr else "translated"
    segment = ET.SubElement(unit, _Q + "segment", {"state": state})
    source = ET.SubElement(segment, _Q + "source", {_XML + "space": "preserve"})
    _inline(source, entry.msgid, codes, target=False)
    if entry.msgstr:
        target = ET.SubElement(segment, _Q + "target", {_XML + "space": "preserve"})
        _inline(target, entry.msgstr, codes, target=True)
    for ref, text in codes.data.items():
        _text_with_cps(ET.SubElement(original, _Q + "data", {"id": ref, _XML + "space": "preserve"}), text)
    if not codes.data:
        unit.remove(original)


def _notes(parent: ET.Element, notes: list[tuple[str, str]]) -> None:
    if not notes:
        return
    holder = ET.SubElement(parent, _Q + "notes")
    for category, text in notes:
        if _NOT_TEXT.search(text):
            raise XliffError(f"a {category} note holds a control character, which XML cannot carry: {text!r}")
        ET.SubElement(holder, _Q + "note", {"category": category}).text = text


class _Codes:
    """The codes of one unit: their markup in `<originalData>`, and the ids the source
    gave each markup, so the same markup in the translation is the same code."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}  # data id -> the markup it holds
        self.count = 0
        self.source: dict[object, list[str]] = {}  # markup (a pair: both) -> code ids, in the source's order

    def datum(self, markup: str) -> str:
        """The id of the datum holding `markup`: one per distinct markup in the unit."""
        for ref, held in self.data.items():
            if held == markup:
                return ref
        ref = f"d{len(self.data) + 1}"
        self.data[ref] = markup
        return ref

    def code(self, markup: object, spare: dict[object, list[str]] | None) -> tuple[str, bool]:
        """(the code's id, whether it is new); `spare`: the source's ids not yet used (None: this is the source)."""
        ids = spare.get(markup) if spare is not None else None
        if ids:
            return ids.pop(0), False
        self.count += 1
        if spare is None:
            self.source.setdefault(markup, []).append(str(self.count))
        return str(self.count), True


def _inline(element: ET.Element, text: str, codes: _Codes, target: bool) -> None:
    """Fill a source or target with `text`: its markup as codes (po/codes.py), a pair
    (a link, an HTML element) as `<pc>` around its words, the rest as `<ph>`. A code's
    markup is in the unit's `<originalData>`; `canDelete="no"` asks the tool to keep it."""
    spans, pairs = find_codes(text)
    closes = {closing: opening for opening, closing in pairs.items()}
    spare = {markup: list(ids) for markup, ids in codes.source.items()} if target else None
    stack: list[tuple[ET.Element, ET.Element | None]] = []
    container, last = element, None
    at = 0
    for index, (start, end) in enumerate(spans):
        last = _append_text(container, last, text[at:start])
        at = end
        markup = text[start:end]
        if index in closes:
            container, last = stack.pop()
            continue
        if index in pairs:
            closing = text[spans[pairs[index]][0] : spans[pairs[index]][1]]
            code_id, _ = codes.code((markup, closing), spare)
            opening_ref, closing_ref = codes.datum(markup), codes.datum(closing)
            pc = ET.SubElement(
                container,
                _Q + "pc",
                {
                    "id": code_id,
                    "dataRefStart": opening_ref,
                    "dataRefEnd": closing_ref,
                    "canDelete": "no",
                    "dispStart": _shown(markup),
                    "dispEnd": _shown(closing),
                },
            )
            stack.append((container, pc))
            container, last = pc, None
            continue
        code_id, _ = codes.code(markup, spare)
        ref = codes.datum(markup)
        last = ET.SubElement(
            container, _Q + "ph", {"id": code_id, "dataRef": ref, "canDelete": "no", "disp": _shown(markup)}
        )
    _append_text(container, last, text[at:])


def _shown(markup: str) -> str:
    """What a tool shows for a code: its markup, shortened."""
    return markup if len(markup) <= 40 else markup[:37] + "..."


def _append_text(element: ET.Element, last: ET.Element | None, text: str) -> ET.Element | None:
    """Text after `last` (None: at the element's start), control characters as `<cp>`."""
    at = 0
    for bad in _NOT_TEXT.finditer(text):
        _put(element, last, text[at : bad.start()])
        last = ET.SubElement(element, _Q + "cp", {"hex": f"{ord(bad.group()):04X}"})
        at = bad.end()
    _put(element, last, text[at:])
    return last


def _put(element: ET.Element, last: ET.Element | None, text: str) -> None:
    if not text:
        return
    if last is None:
        element.text = (element.text or "") + text
    else:
        last.tail = (last.tail or "") + text


def _text_with_cps(element: ET.Element, text: str) -> None:
    _append_text(element, None, text)


_STRUCTURE = {_Q + name for name in ("xliff", "file", "notes", "unit", "segment", "originalData")}


def _indent(element: ET.Element, level: int) -> None:
    """Indent the structure only: the text of sources, targets, notes and data is never touched."""
    if element.tag not in _STRUCTURE or not len(element):
        return
    inner = "\n" + "  " * (level + 1)
    element.text = inner
    for child in element:
        _indent(child, level + 1)
        child.tail = inner
    element[-1].tail = "\n" + "  " * level


# ---------------------------------------------------------------- reading


def loads(text: str, display: str) -> Catalog:
    """An XLIFF 2 document (one file) as a catalog; a problem is an `XliffError` naming `display` and the line."""
    root = _parse(text, display)
    if root.tag != _Q + "xliff" or not root.get("version", "").startswith("2."):
        raise XliffError(
            f"{display}: not an XLIFF 2 document (root {root.tag!r}, version {root.get('version')!r}); "
            "export the catalog again with `mdgettext export`"
        )
    files = root.findall(_Q + "file")
    if len(files) != 1:
        raise XliffError(f"{display}: must hold exactly one <file> (one catalog is one XLIFF file); export it again")
    file = files[0]
    header = _read_notes(file)
    metadata = tuple(
        (key, value)
        for line in header.get(_HEADER_FIELDS, "").split("\n")
        if line
        for key, _, value in [line.partition(": ")]
    )
    if root.get("trgLang") and dict(metadata).get("Language", root.get("trgLang")) != root.get("trgLang"):
        raise XliffError(f"{display}: trgLang {root.get('trgLang')!r} is not the catalog's Language header")
    entries = tuple(_entry(unit, display) for unit in file.iter(_Q + "unit"))
    return Catalog(
        entries=entries,
        metadata=metadata,
        header_comment=header.get(_HEADER_COMMENT, ""),
        header_fuzzy=header.get(_HEADER_FUZZY) == "yes",
    )


def original(text: str, display: str) -> str:
    """The catalog an XLIFF document names (`<file original=...>`), as `dumps` was told it."""
    file = _parse(text, display).find(_Q + "file")
    found = file.get("original", "") if file is not None else ""
    if not found:
        raise XliffError(f"{display}: names no catalog (<file original=...>); export it again with mdgettext export")
    return found


def _parse(text: str, display: str) -> ET.Element:
    """The document's tree, built from expat's events; a DTD (and so any entity
    declaration) is refused before anything in it is read."""
    raw = expat.ParserCreate(namespace_separator="}")
    builder = ET.TreeBuilder()

    def name(tag: str) -> str:
        return "{" + tag if "}" in tag else tag

    def refuse(*_: object) -> int:
        raise XliffError(
            f"{display}:{raw.CurrentLineNumber}: has a document type declaration; XLIFF needs none, remove it"
        )

    raw.StartDoctypeDeclHandler = refuse
    raw.EntityDeclHandler = refuse
    raw.ExternalEntityRefHandler = refuse
    raw.StartElementHandler = lambda tag, attrs: builder.start(name(tag), {name(k): v for k, v in attrs.items()})
    raw.EndElementHandler = lambda tag: builder.end(name(tag))
    raw.CharacterDataHandler = builder.data
    try:
        raw.Parse(text, True)
    except expat.ExpatError as err:
        raise XliffError(f"{display}:{err.lineno}: not well-formed XML ({expat.ErrorString(err.code)})") from None
    return builder.close()


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _read_notes(parent: ET.Element) -> dict[str, str]:
    holder = parent.find(_Q + "notes")
    found: dict[str, str] = {}
    for note in holder.findall(_Q + "note") if holder is not None else ():
        category = note.get("category", "")
        text = "".join(note.itertext())
        found[category] = found[category] + "\n" + text if category in found else text
    return found


def _entry(unit: ET.Element, display: str) -> Entry:
    notes = _read_notes(unit)
    where = f"{display}: unit {unit.get('id', '?')!r}"
    segments = unit.findall(_Q + "segment")
    if len(segments) != 1:
        raise XliffError(
            f"{where}: must have exactly one segment (one unit is one message); join its segments into one"
        )
    segment = segments[0]
    data = {d.get("id", ""): "".join(_content(d, {}, where)) for d in unit.iter(_Q + "data")}
    source = segment.find(_Q + "source")
    target = segment.find(_Q + "target")
    msgid = "".join(_content(source, data, where)) if source is not None else ""
    msgstr = "".join(_content(target, data, where)) if target is not None else ""
    state = segment.get("state", "initial")
    flags = [flag.strip() for flag in notes.get("flags", "").split(",") if flag.strip()]
    if state == "initial" and msgstr:
        flags.insert(0, "fuzzy")
    return Entry(
        msgid=msgid,
        msgstr=msgstr,
        msgctxt=notes.get("msgctxt"),
        translator_comment=notes.get("translator", ""),
        extracted_comment=notes.get("developer", ""),
        references=tuple(_reference(line) for line in notes.get("location", "").split("\n") if line),
        flags=tuple(flags),
        previous_msgctxt=notes.get("previous-msgctxt"),
        previous_msgid=notes.get("previous-msgid"),
        obsolete=notes.get("obsolete") == "yes",
    )


def _reference(text: str) -> tuple[str, str]:
    """`path:line` as polib reads a reference: the line is what follows the last colon, if a number."""
    path, colon, line = text.rpartition(":")
    return (path, line) if colon and line.isdigit() else (text, "")


def _content(element: ET.Element, data: dict[str, str], where: str) -> Iterator[str]:
    """The text of a source, target or data element, each code replaced by the markup it stands for."""
    yield element.text or ""
    for child in element:
        tag = _local(child.tag) if child.tag.startswith(_Q) else child.tag
        if tag == "cp":
            try:
                yield chr(int(child.get("hex", ""), 16))
            except ValueError:
                raise XliffError(f"{where}: <cp hex={child.get('hex')!r}> is not a character") from None
        elif tag in ("ph", "sc", "ec"):
            yield _data(data, child.get("dataRef"), child, where)
        elif tag == "pc":
            yield _data(data, child.get("dataRefStart"), child, where)
            yield from _content(child, data, where)
            yield _data(data, child.get("dataRefEnd"), child, where)
        elif tag == "mrk":  # an annotation (a term, a comment): its text is the message's
            yield from _content(child, data, where)
        elif tag in ("sm", "em"):
            pass  # annotation markers hold no text
        else:
            raise XliffError(f"{where}: <{tag}> is not XLIFF 2 inline content; export the file again")
        yield child.tail or ""


def _data(data: dict[str, str], ref: str | None, code: ET.Element, where: str) -> str:
    if ref is None or ref not in data:
        raise XliffError(
            f"{where}: the code {code.get('id')!r} has no original data ({ref!r}); "
            "the tool dropped it: copy the code from the source"
        )
    return data[ref]
