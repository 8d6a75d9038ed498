"""The page's own words, per language: the one place a new language adds its interface text.

A language missing here gets the English words, marked `lang="en"` in the page.
"""

from __future__ import annotations

from collections.abc import Mapping

# The page's own words, per language; a language missing here gets English ones,
# marked lang="en" in the page.
UI: Mapping[str, Mapping[str, str]] = {
    "en": {
        "skip": "Skip to the content",
        "part": "Part {number}",
        "authors": "Authors",
        "published": "Published",
        "contents": "Contents",
        "languages": "Read in another language",
        "previous": "Previous",
        "next": "Next",
        "chapters": "Chapters",
        "self_link": "Link to this section",
        "fallback": "{count} of {total} passages on this page are not translated yet and are shown in English.",
        "notes": "Notes",
        "note": "Note {number}",
        "back": "Back to the text of note {number}",
        "references": "References",
    },
    "ko": {
        "skip": "본문으로 건너뛰기",
        "part": "{number}장",
        "authors": "저자",
        "published": "게시일",
        "contents": "목차",
        "languages": "다른 언어로 읽기",
        "previous": "이전",
        "next": "다음",
        "chapters": "장 이동",
        "self_link": "이 절로 바로 가는 링크",
        "fallback": "이 페이지의 글 {total}개 가운데 {count}개는 아직 번역되지 않아 영어 원문으로 보입니다.",
        "notes": "각주",
        "note": "각주 {number}",
        "back": "각주 {number}의 본문 위치로 돌아가기",
        "references": "참고 문헌",
    },
}


def strings(language: str) -> tuple[str, Mapping[str, str]]:
    """The page's own words for `language` and the language they are in."""
    for code in (language, language.replace("-", "_").split("_")[0]):
        if code in UI:
            return code, UI[code]
    return "en", UI["en"]
