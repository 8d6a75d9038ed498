"""The Korean typography rules, sentence by sentence (checks/typography/ko/).

Sentences marked (community) are from the community Korean translation of the book
(tests/data/book/ko, MIT, sejkimm/scaling-book); those marked (conclusion) are
msgstrs of our own catalog, copied here so each case reads as it is judged."""

from __future__ import annotations

import pytest

from mdgettext.checks.typography import ko

FN = ko.FOOTNOTE_MARK
PH = ko.PLACEHOLDER

# --------------------------------------------------------------------------
# syllables
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ch, parts",
    [
        ("가", (0, 0, 0)),
        ("힣", (18, 20, 27)),
        ("됩", (3, 11, 17)),  # ㄷ ㅚ ㅂ: the ㅂ of 됩니다 is a final consonant
        ("습", (9, 18, 17)),  # ㅅ ㅡ ㅂ
        ("글", (0, 18, 8)),  # ㄱ ㅡ ㄹ
        ("닭", (3, 0, 9)),  # ㄷ ㅏ ㄺ
    ],
)
def test_decompose(ch, parts):
    assert ko.decompose(ch) == parts


@pytest.mark.parametrize("ch", ["A", "1", "ㅂ", "ᄀ", "", "가나", " ", "。"])
def test_decompose_rejects_non_syllables(ch):
    assert ko.decompose(ch) is None


@pytest.mark.parametrize(
    "ch, expected", [("글", True), ("구", False), ("스", False), ("잭", True), ("엠", True), ("유", False)]
)
def test_has_batchim(ch, expected):
    assert ko.has_batchim(ch) is expected


@pytest.mark.parametrize("ch, expected", [("글", True), ("올", True), ("닭", False), ("각", False), ("구", False)])
def test_batchim_is_rieul(ch, expected):
    assert ko.batchim_is_rieul(ch) is expected


@pytest.mark.parametrize("ch", ["A", "3", "", "ㄹ"])
def test_batchim_raises_on_non_syllables(ch):
    with pytest.raises(ValueError):
        ko.has_batchim(ch)
    with pytest.raises(ValueError):
        ko.batchim_is_rieul(ch)


# --------------------------------------------------------------------------
# sentences
# --------------------------------------------------------------------------


def preds(text):
    return [(s.predicate, s.question, s.quoted) for s in ko.sentences(text)]


def test_two_questions_after_a_colon_clause():
    # (community) roofline.md
    text = (
        "매우 간단한 질문부터 시작해봅시다: 왜 알고리즘이 50s나 5ms가 아닌 50ms가 걸릴까요? "
        "실제로 모델 내에서 상당한 시간이 걸리는 것은 무엇이고 얼마나 걸릴 것으로 예상해야 할까요?"
    )
    ss = ko.sentences(text)
    assert [s.predicate for s in ss] == ["시작해봅시다", "걸릴까요", "할까요"]
    assert [s.terminator for s in ss] == [":", "?", "?"]
    assert [s.question for s in ss] == [False, True, True]
    assert ss[1].text == "왜 알고리즘이 50s나 5ms가 아닌 50ms가 걸릴까요?"


def test_decimals_dotted_names_and_urls_do_not_split():
    # (community) roofline.md, with inline code kept as text
    text = "H100에서 1e12 FLOP을 수행하는 데는 (대략) 1.01ms가 걸리고, jax.jit은 prefill:generate 비율과 https://cloud.google.com 을 씁니다."
    assert preds(text) == [("씁니다", False, False)]


def test_period_glued_to_hangul_is_a_boundary():
    # a footnote whose tags were dropped: "걸립니다.이 칩들은"
    assert [p for p, _, _ in preds("1.1ms가 걸립니다.이 칩들은 가격이 다르다는 점에 유의하세요.")] == [
        "걸립니다",
        "유의하세요",
    ]


def test_footnote_markers_are_skipped():
    # (community) roofline.md: the footnote body replaced by the mark
    text = f'이 링크의 대역폭을 "HBM 대역폭"이라고 합니다{FN}. H100에서 이는 약 3.35TB/s입니다[^3].'
    assert preds(text) == [("합니다", False, False), ("입니다", False, False)]
    assert ko.sentences("많이 쓰입니다[12]. 다음")[0].predicate == "쓰입니다"
    assert ko.sentences("많이 쓰인다¹")[0].predicate == "쓰인다"


def test_placeholder_ending_has_no_predicate():
    # (community) sharding.md: the sentence ends in a formula
    assert ko.sentences(f"이제 {PH}입니다.")[0].predicate == "입니다"
    assert ko.sentences(f"따라서 결과는 {PH}.")[0].predicate is None
    assert ko.sentences("최적 batch size는 240.")[0].predicate is None


def test_latin_abbreviations_and_initials():
    ss = ko.sentences("여러 방식(e.g. FSDP)이 있습니다. J. Austin이 썼다.")
    assert [s.predicate for s in ss] == ["있습니다", "썼다"]


def test_list_number_is_harmless():
    ss = ko.sentences("1. sharding을 완전히 무시하는 것부터 시작해봅시다.")
    assert ss[-1].predicate == "시작해봅시다"


def test_closing_markup_before_the_period():
    assert ko.sentences("**이는 꽤 마법적입니다!**")[0].predicate == "마법적입니다"
    assert ko.sentences("*왜 50ms가 걸릴까요*?")[0].predicate == "걸릴까요"
    assert ko.sentences("“좋다”.")[0].predicate == "좋다"


def test_parenthetical_aside_after_the_predicate():
    # (community) jax-stuff.md: "다음 HLO를 볼 수 있습니다(대폭 축약됨):"
    assert ko.sentences("다음 HLO를 볼 수 있습니다(대폭 축약됨):")[0].predicate == "있습니다"
    assert ko.sentences("각 TPU에서 곱할 수 있습니다 (TPU 0에서 A, TPU 1에서 B).")[0].predicate == "있습니다"


def test_parenthesis_that_is_the_sentence():
    assert ko.sentences("(자세한 내용은 섹션 4를 참조하세요).")[0].predicate == "참조하세요"
    # the question mark inside the parenthesis: the parenthesis closes the sentence
    s = ko.sentences("token을 sorting해보세요(두 번째 dimension이 크기 S를 가져야 하는 이유는?)")[0]
    assert s.predicate == "이유는" and s.question


def test_text_without_terminator_is_a_sentence():
    # (conclusion) a list item fragment; (community) a heading
    assert preds("Transformer 추론의 수학을 상세히 다룬 논문") == [("논문", False, False)]
    assert preds("시간은 어디로 가는가") == [("가는가", False, False)]


def test_question_flag():
    assert ko.sentences("정말인가?!")[0].question
    assert ko.sentences("정말이다!")[0].question is False
    assert ko.sentences("어떤 통신을 수행합니까？")[0].question


def test_quoted_speech():
    ss = ko.sentences("그는 “이 방법은 빠르다.”라고 말했습니다. “정말 고맙습니다.” 그리고 끝났다.")
    assert [(s.predicate, s.quoted) for s in ss] == [("말했습니다", False), ("고맙습니다", True), ("끝났다", False)]


@pytest.mark.parametrize(
    "text",
    ["「모두 고맙습니다!」", "『모두 고맙습니다!』", '"모두 고맙습니다!"', "'모두 고맙습니다!'", "‘모두 고맙습니다!’"],
)
def test_every_quotation_mark(text):
    s = ko.sentences(text)[0]
    assert s.predicate == "고맙습니다" and s.quoted


def test_quoted_term_inside_a_sentence_is_not_quoted_speech():
    # (community) roofline.md, sharding.md
    assert preds('이 링크의 대역폭을 "HBM 대역폭"이라고 합니다.') == [("합니다", False, False)]
    assert preds("이러한 'roofline' 제약 조건을 통해 상한과 하한을 구할 수 있습니다.") == [("있습니다", False, False)]


def test_apostrophe_is_not_a_quote():
    # (conclusion) "Rafi Witten’s ..." has a ’ that must not open or close anything
    ss = ko.sentences(
        "Rafi Witten’s High Performance LLMs 2024 Class: 전 동료 Rafi가 훌륭한 강의를 했다. 슬라이드는 GitHub에 있다."
    )
    assert [(s.predicate, s.quoted) for s in ss][-2:] == [("했다", False), ("있다", False)]


def test_unmatched_quote_does_not_hide_the_rest():
    ss = ko.sentences("“이 문장은 닫히지 않는다. 다음 문장도 판단한다.")
    assert [s.quoted for s in ss] == [False, False]


# --------------------------------------------------------------------------
# speech level
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "word",
    # regression: the old regex `ㅂ니다` never matched these
    [
        "됩니다",
        "가집니다",
        "입니다",
        "있습니다",
        "습니다",
        "합니다",
        "걸립니다",
        "줄입니다",
        "부릅니다",
        "곱합니다",
        "주어집니다",
        "하십니다",
        "것입니다",
        "고맙습니다",
        "바랍니다",
        "섭니다",
    ],
)
def test_formal_statements(word):
    assert ko.speech_level(word, False) == "formal"


@pytest.mark.parametrize("word", ["합니까", "얼마입니까", "미칩니까", "수행합니까"])
def test_formal_questions(word):
    assert ko.speech_level(word, True) == "formal"
    assert ko.mood(word, True) == "question"


@pytest.mark.parametrize("word", ["가정합시다", "살펴봅시다", "시작해봅시다", "합시다", "시작하십시다"])
def test_formal_propositive(word):
    # -ㅂ시다: the "let us" of 합쇼체 prose (the old rule counted 가정합시다 as plain)
    assert ko.speech_level(word, False) == "formal"
    assert ko.mood(word, False) == "propositive"


@pytest.mark.parametrize("word", ["참고하십시오", "주의하시오"])
def test_formal_imperative(word):
    assert ko.speech_level(word, False) == "formal"
    assert ko.mood(word, False) == "imperative"


@pytest.mark.parametrize(
    "word, question",
    [
        ("해요", False),
        ("돼요", False),
        ("있어요", False),
        ("이에요", False),
        ("자료예요", False),
        ("할게요", False),
        ("하네요", False),
        ("그렇죠", False),
        ("하죠", True),
        # regression: ordinary questions and requests
        ("할까요", True),
        ("걸릴까요", True),
        ("무엇인가요", True),
        ("사용하나요", True),
        ("얼마인가요", True),
        ("하세요", False),
        ("주목하세요", False),
        ("클릭하세요", False),
        ("남겨주세요", False),
        ("마세요", False),
    ],
)
def test_polite(word, question):
    assert ko.speech_level(word, question) == "polite"


@pytest.mark.parametrize("word", ["필요", "불필요", "중요", "주요", "개요", "수요", "소요"])
def test_nouns_ending_in_yo_are_not_polite(word):
    assert ko.speech_level(word, False) is None


@pytest.mark.parametrize(
    "word, question",
    [
        ("한다", False),
        ("이다", False),
        ("있다", False),
        ("했다", False),
        ("된다", False),
        ("같다", False),
        ("아니다", False),
        ("것이다", False),
        ("자료다", False),
        ("감사드린다", False),
        ("고맙다", False),
        ("이들이다", False),
        ("바란다", False),
        ("할까", True),
        ("어떨까", True),
        ("작동하는가", True),
        ("가는가", False),
        ("무엇인가", True),
        ("빠른가", True),
        ("큰가", True),
        ("하느냐", True),
        ("무엇이냐", True),
        ("하니", True),
        ("있나", True),
        ("제한되나", True),
        ("형성하나", True),
        ("그렇구나", False),
        ("하자", False),
        ("살펴보자", False),
        ("넘어가자", False),
        ("가정하자", False),
        ("하라", False),
        ("보라", False),
        ("주목하라", False),
        ("해라", False),
        ("읽으라", False),
        ("그렇더라", False),
    ],
)
def test_plain(word, question):
    assert ko.speech_level(word, question) == "plain"


@pytest.mark.parametrize(
    "word, question",
    [
        (None, False),
        ("", False),
        # nominal endings (명사형 종결) and fragments
        ("사용함", False),
        ("있음", False),
        ("것", False),
        ("하기", False),
        ("계산", False),
        ("경우", False),
        ("논문", False),
        ("글", False),
        ("해답", False),
        ("이유는", True),
        ("대해", False),
        # nouns with an ending's last syllable
        ("사용자", False),
        ("연산자", False),
        ("초보자", False),
        ("참가자", False),
        ("숫자", False),
        ("인프라", False),
        ("카메라", False),
        ("람다", False),
        ("전문가", False),
        ("추가", False),
        ("평가", False),
        # only a question makes -니 / -나 an ending; 하나 alone is "one" as often as "does?"
        ("하니", False),
        ("있나", False),
        ("하나", True),
        ("바나나", True),
        ("어머니", True),
        # 해체, the connective -니까, unfinished clauses: not judged
        ("맡겨", False),
        ("이니까", False),
        ("하고", False),
        ("하며", False),
        # one-syllable words
        ("다", False),
        ("가", True),
        ("자", False),
    ],
)
def test_not_judged(word, question):
    assert ko.speech_level(word, question) is None


def test_question_decides_only_ni_and_na():
    assert ko.speech_level("할까요", True) == ko.speech_level("할까요", False) == "polite"
    assert ko.speech_level("할까", True) == ko.speech_level("할까", False) == "plain"
    assert ko.speech_level("합니까", True) == ko.speech_level("합니까", False) == "formal"


def test_speech_level_uses_the_hangul_tail():
    assert ko.speech_level("H100입니다") == "formal"
    assert ko.speech_level("HBM") is None


@pytest.mark.parametrize(
    "word, question, mood",
    [
        ("주목하세요", False, "imperative"),
        ("할까요", True, "question"),
        ("있어요", False, "declarative"),
        ("입니다", False, "declarative"),
        ("하자", False, "propositive"),
        ("보라", False, "imperative"),
        ("그렇더라", False, "declarative"),
        ("한다", False, "declarative"),
    ],
)
def test_mood(word, question, mood):
    assert ko.mood(word, question) == mood


# --------------------------------------------------------------------------
# catalog-wide speech level
# --------------------------------------------------------------------------

COMMUNITY = [
    # (community) roofline.md and sharding.md paragraphs, visible text
    "**칩 간 통신:** 모델을 여러 accelerator에 걸쳐 분산할 때, tensor들은 종종 그들 사이에서 전송되어야 합니다. "
    "하드웨어에는 종종 이를 위한 몇 가지 옵션(ICI, DCN, PCIe)이 있으며, 각각 다른 대역폭을 가집니다.",
    "샤딩된 배열이 여전히 샤딩되지 않은 배열과 같은 global 또는 logical shape을 가진다는 점에 주목하세요. "
    "이제 이를 임의의 배열로 일반화하겠습니다.",
    "퀴즈: A는 디바이스당 얼마나 많은 메모리를 사용하나요? 모든 디바이스에 걸쳐 A는 총 얼마나 많은 메모리를 사용하나요?",
    "문제 6: TPUv5e 4x4에서 A를 수행하고 싶다고 가정합시다. 어떤 통신을 수행합니까? 통신 대 계산에 얼마나 많은 시간을 보내나요?",
    ko.Block("시간은 어디로 가는가?", ("heading 2",)),
    ko.Block("샤딩을 위한 통합 표기법", ("heading 3",)),
]


def test_community_formal_text_with_polite_questions_and_requests_is_clean():
    assert ko.dominant_level(COMMUNITY) == "formal"
    assert ko.speech_level_findings(COMMUNITY) == []


def test_strict_rule_reports_the_polite_questions_and_requests():
    found = ko.speech_level_findings(COMMUNITY, tolerated=frozenset())
    assert [(f.index, f.level, f.sentence.predicate) for f in found] == [
        (1, "polite", "주목하세요"),
        (2, "polite", "사용하나요"),
        (2, "polite", "사용하나요"),
        (3, "polite", "보내나요"),
    ]


def test_polite_statement_in_formal_text_is_a_finding():
    found = ko.speech_level_findings([*COMMUNITY, "이 값은 꽤 커요. 그래서 느려요."])
    assert [(f.index, f.level, f.usual, f.sentence.predicate) for f in found] == [
        (6, "polite", "formal", "커요"),
        (6, "polite", "formal", "느려요"),
    ]


def test_plain_question_in_formal_text_is_a_finding():
    # (community) index.md list items, the real findings of the measurement
    found = ko.speech_level_findings(
        [*COMMUNITY, ko.Block("시스템의 각 부분이 얼마나 많은 대역폭을 가지고 있나?", ("list item",))]
    )
    assert [(f.index, f.level, f.sentence.predicate) for f in found] == [(6, "plain", "있나")]


def test_headings_and_table_cells_are_not_judged():
    entries = [
        "이 값은 크다. 저 값은 작다.",
        ko.Block("몇 가지 연습 문제입니다", ("heading 2",)),
        ko.Block("계산합니다", ("table cell",)),
        ko.Block("행렬 곱셈입니다", ("front matter: toc[].name", "heading 2")),
        ko.Block("결론입니다", ("front matter: title",)),
        ("Part 12입니다", "front matter: next_section_name"),
    ]
    assert ko.speech_level_findings(entries) == []
    assert ko.judged_kinds(("list item",)) and ko.judged_kinds(("front matter: description",))
    assert not ko.judged_kinds(("front matter: toc[].name", "heading 2"))
    assert not ko.judged_kinds(())


def test_quoted_speech_is_not_judged():
    entries = ["이 값은 크다.", "그는 “정말 고맙습니다.”라고 말했다.", "“모두 고맙습니다!”"]
    assert ko.speech_level_findings(entries) == []


def test_tie_has_no_usual_level():
    assert ko.dominant_level(["크다.", "큽니다."]) is None
    assert ko.speech_level_findings(["크다.", "큽니다."]) == []
    assert ko.speech_level_findings(["크다.", "큽니다."], usual="plain")[0].sentence.predicate == "큽니다"


def test_majority_counts_sentences_not_entries():
    assert ko.dominant_level(["크다. 작다. 같다.", "큽니다.", "작습니다."]) == "plain"


def test_statements_decide_the_usual_level():
    # an exercise-heavy 합쇼체 chapter: more 해요체 questions than statements
    entries = ["다음을 가정합니다.", "얼마인가요? 몇 개인가요? 왜 그럴까요?", "이 값을 계산하세요."]
    assert ko.dominant_level(entries) == "formal"
    assert ko.speech_level_findings(entries) == []
    # no statements at all: questions and requests count
    assert ko.dominant_level(["얼마인가요?", "계산하세요.", "맞습니까?"]) == "polite"


def test_plain_text_with_polite_request_is_a_finding():
    found = ko.speech_level_findings(["이 값은 크다.", "저 값은 작다.", "여기를 클릭하세요."])
    assert [(f.level, f.usual) for f in found] == [("polite", "plain")]


# conclusion.po msgstrs, visible text (links and emphasis removed), with the kinds
# from their `#.` comments: our own Korean, written in plain style.
CONCLUSION = [
    ("결론과 더 읽을거리", ("front matter: title",)),
    (
        "끝까지 읽어 주어 고맙다! 여기서는 더 공부할 수 있는 참고 자료 몇 가지를 소개한다.",
        ("front matter: description",),
    ),
    ("10장: JAX", ("front matter: previous_section_name",)),
    ("12장: GPU", ("front matter: next_section_name",)),
    ("감사의 말", ("front matter: toc[].name", "heading 2")),
    ("더 읽을거리", ("front matter: toc[].name", "heading 2")),
    ("피드백", ("front matter: toc[].name", "heading 2")),
    (
        "책 전체를 다 읽어 주어 고맙고 끝까지 완주한 것을 축하한다. 마무리하기 전에 몇 가지 감사 인사를 전한다:",
        ("paragraph",),
    ),
    (
        "이 문서는 Google DeepMind의 많은 이들이 함께 쏟은 상당한 노력의 결과물이며, 그분들께 짧게나마 감사를 표하고 싶다!",
        ("paragraph",),
    ),
    (
        "James Bradbury, Reiner Pope, Noam Shazeer, Blake Hechtman은 이 원고에 담긴 많은 아이디어를 처음 유도했고 Transformer를 시스템 관점에서 일찍부터 이해한 이들이다.",
        ("list item",),
    ),
    (
        "Sholto Douglas는 이 문서의 첫 버전을 썼고 프로젝트를 시작시킨 장본인이다. 이 문서의 전체 서사는 누구보다 그의 공이다.",
        ("list item",),
    ),
    (
        "Jacob Austin은 그 첫 버전을 거친 노트에서 더 다듬어지고 포괄적인 결과물로 바꾸는 작업을 이끌었다. 편집·포매팅·공개 작업의 대부분을 맡았고 다른 저자들의 기여를 조율했다.",
        ("list item",),
    ),
    ("그림과 애니메이션 대부분은 Anselm Levskaya와 Charlie Chen이 만들었다.", ("list item",)),
    ("Charlie Chen은 inference 섹션을 썼고 inference 그림 다수를 그렸다.", ("list item",)),
    ("Roy Frostig는 출간과 편집을 비롯해 여정의 많은 단계를 도왔다.", ("list item",)),
    (
        "과정 전반에 걸쳐 중요한 피드백을 준 많은 분들께도 감사드린다. 특히 Zak Stone, Nikhil Sethi, Caitlin Stanton, Alek Dimitriev, Sridhar Lakshmanamurthy, Albert Magyar, Diwakar Gupta, Jeff Dean, Corry Wang, Matt Johnson, Peter Hawkins를 비롯한 많은 분들이다. HTML 포매팅을 도와준 Ruiqi Gao에게도 감사드린다.",
        ("paragraph",),
    ),
    ("모두 고맙습니다!", ("paragraph",)),
    ("떠나기 전에, NVIDIA GPU를 다루는 새 12장도 재미있을 것이다!", ("paragraph",)),
    ("관련된 글이 많이 있다:", ("paragraph",)),
    ("TPU Deep Dive: 이 책의 정신을 이어받아 TPU 아키텍처를 깊이 있게 살펴보는 훌륭한 글.", ("list item",)),
    (
        "Domain specific architectures for AI inference: 이 책의 정신과 맞닿아 있는 하드웨어·모델 심층 분석.",
        ("list item",),
    ),
    (
        "A Domain-Specific Supercomputer for Training Deep Neural Networks: 원조 TPU 논문 중 하나로, 여기서 다루지 않은 Google TPU 프로그램의 훌륭한 세부 사항이 많이 담겨 있다.",
        ("list item",),
    ),
    (
        "Making Deep Learning Go Brrrr From First Principles: LLM roofline과 성능 엔지니어링을 GPU와 PyTorch 중심으로 다룬 튜토리얼.",
        ("list item",),
    ),
    (
        "Writing TPU Kernels with Pallas: 갈수록 TPU 프로그래밍은 Pallas로 커스텀 kernel을 작성하는 일이 되어 가고 있다. 이 시리즈는 kernel 작성법과, 여기서 언급하지 않은 더 낮은 수준의 TPU 세부 사항을 다룬다.",
        ("list item",),
    ),
    (
        "How to Optimize a CUDA Matmul Kernel for cuBLAS-like Performance: a Worklog: GPU·CUDA에 특화된 글이긴 하지만, CUDA에서 matmul kernel을 최적화하는 과정을 보여주는 탁월한 블로그 글이다. TPU와 GPU가 어떻게 다른지 깊이 파보기에 좋은 자료다.",
        ("list item",),
    ),
    (
        "Distributed arrays and automatic parallelization: JAX의 병렬화 API를 다룬 정말 좋은 가이드로, 여기서 논의한 아이디어 일부를 실제로 구현하는 법을 배우기에 좋다.",
        ("list item",),
    ),
    (
        "Rafi Witten’s High Performance LLMs 2024 Class: 전 동료 Rafi가 TPU 성능 엔지니어링에 관한 훌륭한 강의를 했는데 슬라이드가 전부 GitHub에 있다. 이 책보다 여러 주제를 더 깊이 다룬다.",
        ("list item",),
    ),
    (
        "[2211.05102] Efficiently Scaling Transformer Inference: Transformer 추론의 수학을 상세히 다룬 논문. 이 문서의 많은 부분이 여기서 영감을 받았다.",
        ("list item",),
    ),
    (
        "Huggingface Ultra-Scale Playbook: 이 책의 GPU 버전이라 할 만한 자료로, PyTorch가 학습 중 병렬화 기법과 메모리 절약 기법을 어떻게 구현하는지 더 깊이 이야기한다.",
        ("list item",),
    ),
    (
        "Transformer Inference Arithmetic: 이 책과 같은 아이디어를 다수 담은 블로그로, 일러스트가 훌륭하다.",
        ("list item",),
    ),
    (
        "Stanford CS336 Slides and Videos: LLM 학습과 serving의 많은 세부 사항을 다루는 환상적인 Stanford 강의로, 유용한 연습 문제도 있다. 과제 1과 2가 특히 관련이 깊다.",
        ("list item",),
    ),
    (
        "Stas Bekman’s ML Engineering Handbook: ML 인프라에 관한 대단히 실용적인 가이드로, 클라우드 업체와 협상하는 법, 클러스터 관리, GPU throughput 실측처럼 이 책에서 다루지 않은 주제들을 다룬다.",
        ("list item",),
    ),
    (
        "ezyang’s blog: PyTorch 리드가 sharding + PyTorch 전반을 다루는 블로그로, PyTorch 내부 구조 가이드와 sharding된 행렬 곱셈 해설이 있다. 그 밖에도 좋은 글이 많다.",
        ("list item",),
    ),
    (
        "The Anatomy of Collective Communication: 이 책의 정신에 맞게 GPU와 TPU의 collective를 잘 풀어낸 글. N-D collective와 GPU collective에 관해서는 이 책보다 더 나은 설명을 담고 있다.",
        ("list item",),
    ),
    (
        "이 분야에는 포괄적인 글이 들어설 여지가 아직 많이 남아 있으니, 이 원고가 그런 글을 더 많이 이끌어내는 계기가 되기를 바란다! 이 분야가 공부하고 연구하기에 결실이 많은 영역이라고도 믿는다. 많은 경우 하드웨어 가속기가 많지 않아도 할 수 있는 일이다.",
        ("paragraph",),
    ),
    (
        "이 문서를 더 개선할 수 있도록 의견이나 질문을 남겨 주기 바란다. 교신 저자 Jacob Austin에게 jacobaustin123 [at] gmail [dot] com으로 연락하거나, GitHub에 issue, pull request, discussion을 올려 수정을 제안할 수 있다.",
        ("paragraph",),
    ),
]


def test_conclusion_has_exactly_its_one_deliberate_formal_thank_you():
    assert ko.dominant_level(CONCLUSION) == "plain"
    found = ko.speech_level_findings(CONCLUSION)
    assert [(f.index, f.level, f.usual, f.sentence.text) for f in found] == [
        (16, "formal", "plain", "모두 고맙습니다!")
    ]
    # strict or not: nothing polite in our own chapter
    assert ko.speech_level_findings(CONCLUSION, tolerated=frozenset()) == found


def test_conclusion_fragments_are_not_judged():
    # "…훌륭한 글." and "…다룬 논문." are nominal: None, not a level
    ss = ko.sentences(CONCLUSION[19][0])
    assert ko.speech_level(ss[-1].predicate, ss[-1].question) is None


# --------------------------------------------------------------------------
# final colon
# --------------------------------------------------------------------------


@pytest.mark.parametrize("follower", sorted(ko.FOLLOWERS))
def test_colon_before_what_it_introduces_is_fine(follower):
    # regression: the 155 old findings were all colons before a formula, list, figure...
    assert not ko.final_colon("이전 섹션의 공식을 적용할 수 있습니다:", follower)


@pytest.mark.parametrize("follower", [None, "heading"])
def test_colon_before_nothing_or_a_heading_is_a_finding(follower):
    assert ko.final_colon("이전 섹션의 공식을 적용할 수 있습니다:", follower)


def test_colon_real_examples():
    # (community) sharding.md: a colon after a bold label and before a list
    assert not ko.final_colon("**예제 (위 다이어그램)**: 위 다이어그램의 경우:", "list")
    # (conclusion) the colon before the "Acknowledgments" heading; before the list
    assert ko.final_colon(CONCLUSION[7][0], "heading")
    assert not ko.final_colon("관련된 글이 많이 있다:", "list")
    # (community) roofline.md: a colon after a footnote, before a display formula
    assert not ko.final_colon("분명히 이전의 절반입니다<d-footnote>무시할 수 있습니다.</d-footnote>:", "display-math")


def test_colon_inside_text_is_fine():
    assert not ko.final_colon("**계산:** 딥러닝 모델은 행렬 곱셈의 집합입니다.", None)
    assert not ko.final_colon("prefill:generate 서버의 비율은 무엇인가요?", None)
    assert not ko.final_colon("참고: https://example.com", None)


def test_colon_inside_trailing_emphasis_and_fullwidth_colon():
    assert ko.final_colon("**다음과 같다:**", None)
    assert ko.final_colon("다음과 같다：  ", None)
    assert not ko.final_colon("**다음과 같다:**", "code")


def test_colon_ending_a_heading_is_a_finding_whatever_follows():
    assert ko.final_colon("부록:", "block", heading=True)
    assert ko.final_colon("부록:", "list", heading=True)
    assert not ko.final_colon("jax.jit: 자동 parallelism 솔루션", "block", heading=True)
    assert not ko.final_colon("부록 A: Flash Attention은 어떻게 작동하는가?", None, heading=True)


def test_unknown_follower_is_an_error():
    with pytest.raises(ValueError):
        ko.final_colon("다음과 같다:", "lists")


# --------------------------------------------------------------------------
# particles
# --------------------------------------------------------------------------

READINGS = {
    "Frostig": "프로스티그",
    "Google": "구글",
    "JAX": "잭스",
    "TPU": "티피유",
    "GPU": "지피유",
    "HBM": "에이치비엠",
    "AllToAll": "올투올",
    "Google DeepMind": "구글 딥마인드",
    "XLA": "엑스엘에이",
}


def found(text):
    return [(f.name, f.particle, f.expected) for f in ko.particle_findings(text, READINGS)]


@pytest.mark.parametrize(
    "text",
    [
        "Roy Frostig는 출간과 편집을 도왔다.",  # (conclusion)
        "Frostig가 썼다.",
        "Frostig를 보라.",
        "Frostig로 간다.",
        "Frostig와 함께",
        "Google이 만든",
        "Google을 쓴다",
        "Google은 크다",
        "Google로 옮겼다",
        "Google과 함께",
        "Google이나 JAX나",
        "JAX가 빠르다",
        "JAX를 쓴다",
        "JAX는 좋다",
        "JAX로 구현",
        "JAX와의 차이",
        "JAX랑 같이",
        "JAX예요.",
        "JAX라고 부른다",
        "JAX라는 라이브러리",
        "JAX다.",
        "JAX이다.",
        "JAX며 XLA며",
        "JAX이며",
        "Google이다.",
        "Google이며",
        "Google이에요.",
        "Google이라고",
        "Google이랑",
        "Google로서는",
        "TPU는 빠르다",
        "TPU가 있다",
        "TPU로서",
        "TPU로부터",
        "GPU를 다루는 새 12장",
        "이 문서는 Google DeepMind의 많은 이들이",  # (conclusion) 의 has one form
        "Google에서, TPU에, JAX도, GPU만, JAX까지",  # one-form particles
    ],
)
def test_particles_that_fit(text):
    assert found(text) == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("**Frostig**이 도왔다.", [("Frostig", "이", "가")]),
        ("[JAX](https://github.com/jax-ml/jax)을 쓴다", [("JAX", "을", "를")]),
        ("[**JAX**](https://github.com/jax-ml/jax)은 좋다", [("JAX", "은", "는")]),
        ("`JAX`과 XLA", [("JAX", "과", "와")]),
        ("_JAX_으로 구현", [("JAX", "으로", "로")]),
        ("JAX으로는 안 된다", [("JAX", "으로는", "로는")]),
        ("*AllToAll를 한 축에서", [("AllToAll", "를", "을")]),  # (community) sharding.md
        ("Google가 만든", [("Google", "가", "이")]),
        ("Google으로 옮겼다", [("Google", "으로", "로")]),  # ㄹ takes 로
        ("Google으로서는", [("Google", "으로서는", "로서는")]),
        ("Google와 함께", [("Google", "와", "과")]),
        ("Google다.", [("Google", "다", "이다")]),
        ("Google며 JAX며", [("Google", "며", "이며")]),
        ("Google나 JAX나", [("Google", "나", "이나")]),
        ("Google랑", [("Google", "랑", "이랑")]),
        ("Google라고 부른다", [("Google", "라고", "이라고")]),
        ("TPU은 빠르다", [("TPU", "은", "는")]),
        ("TPU이 있다", [("TPU", "이", "가")]),
        ("TPU이에요.", [("TPU", "이에요", "예요")]),
        ("TPU이라고 부른다", [("TPU", "이라고", "라고")]),
        ("TPU이랑 GPU", [("TPU", "이랑", "랑")]),
        ("HBM를 읽는다", [("HBM", "를", "을")]),  # 에이치비엠: ㅁ
        ("HBM로 옮긴다", [("HBM", "로", "으로")]),
        ("Google DeepMind이", [("Google DeepMind", "이", "가")]),  # the longer name wins: 딥마인드
        ("JAX을, TPU을, Google를", [("JAX", "을", "를"), ("TPU", "을", "를"), ("Google", "를", "을")]),
    ],
)
def test_particles_that_do_not_fit(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "GPU가속 연산",  # Korean right after the particle: the start of a word
        "JAXPR을 본다",  # not the whole name
        "TPU_CONFIG을",  # an identifier
        "jax를 쓴다",  # case matters: the glossary name is JAX
        "[문서](https://example.com/JAX)을 보라",  # a link destination
        '<a href="JAX">링크</a>을',  # an HTML attribute
        "$TPU$을",  # math
        "온칩 메모리(HBM)와 compute core",  # (community) the particle agrees with 메모리
        "JAX야, 맡겨!",  # vocative: not checked
        "Google이라서 좋다",  # a form not in the list: not judged
        "JAX 를 쓴다",  # a space: another check's business (particle-space)
    ],
)
def test_not_particle_situations(text):
    assert found(text) == []


def test_finding_fields_and_message():
    [f] = ko.particle_findings("**Frostig**이 도왔다.", READINGS)
    assert (f.start, f.end, f.reading) == (2, 12, "프로스티그")
    assert "'Frostig**가'" in f.message and "'Frostig**이'" in f.message


def test_particle_followed_by_closing_markup():
    assert found("**JAX를** 쓴다") == []
    assert found("**JAX을** 쓴다") == [("JAX", "을", "를")]


def test_readings_without_a_final_hangul_syllable_are_skipped():
    assert ko.particle_findings("H100을", {"H100": "H100"}) == []
    assert ko.particle_findings("JAX을", {}) == []


# --------------------------------------------------------------------------
# letter readings (optional helper)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "word, reading",
    [
        ("GPU", "지피유"),
        ("TPU", "티피유"),
        ("HBM", "에이치비엠"),
        ("H100", "에이치백"),
        ("HBM3", "에이치비엠삼"),
        ("A100", "에이백"),
        ("ICI", "아이시아이"),
        ("4096", "사천구십육"),
    ],
)
def test_letter_reading(word, reading):
    assert ko.letter_reading(word) == reading


@pytest.mark.parametrize("word", ["v5e", "PyTorch", "bfloat16", "", "--"])
def test_letter_reading_none(word):
    assert ko.letter_reading(word) is None


@pytest.mark.parametrize(
    "n, reading",
    [
        (0, "영"),
        (1, "일"),
        (10, "십"),
        (11, "십일"),
        (100, "백"),
        (240, "이백사십"),
        (8192, "팔천백구십이"),
        (10000, "만"),
        (20000, "이만"),
        (110000, "십일만"),
        (100000000, "일억"),
        (70000000000, "칠백억"),
    ],
)
def test_sino_korean_number(n, reading):
    assert ko.sino_korean_number(n) == reading


def test_letter_reading_feeds_particles():
    readings = {w: ko.letter_reading(w) for w in ("GPU", "HBM", "H100")}
    assert [(f.name, f.expected) for f in ko.particle_findings("GPU을 쓰고 HBM를 읽고 H100가 있다", readings)] == [
        ("GPU", "를"),
        ("HBM", "을"),
        ("H100", "이"),
    ]
