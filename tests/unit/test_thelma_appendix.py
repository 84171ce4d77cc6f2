"""THELMA appendix A replayed through the real metric code (acceptance figures)."""

from __future__ import annotations

import pytest

import ragvet
from ragvet import ScriptedJudge, make_record

QUERY = "When was the Chimnabai Clock Tower completed, and who was it named after?"
SUBQ = ["When was the Chimnabai Clock Tower completed?",
        "Who was Chimnabai Clock Tower named after?"]
SOURCE_A = ("The Chimnabai Clock Tower, also known as the Raopura Tower, is a clock tower in "
            "Vadodara. It was completed in 1896 and named in memory of Chimnabai I, a queen and "
            "the first wife of Sayajirao Gaekwad III of Baroda State.")
SOURCE_B = ("Chimnabai Clock Tower was inaugurated by Mir Kamaluddin Hussainkhan. During the "
            "rule of Gaekwad, it was a stoppage for horse drawn trams.")
SOURCE_YEAR_ONLY = ("The Chimnabai Clock Tower is a clock tower in Vadodara. It was completed in "
                    "1896. It was built in Indo-Saracenic architecture style.")
RESPONSE = ("The Chimnabai Clock Tower was completed in 1896. It was named after Chimnabai I, who "
            "was a queen and the first wife of Sayajirao Gaekwad III of Baroda State. The "
            "construction of clock tower was completed in 1896.")
RESPONSE_1856 = RESPONSE.replace("1896", "1856")
CLAIMS = [
    "The Chimnabai Clock Tower was completed in 1896.",
    "The place was named after Chimnabai I.",
    "Chimnabai I was a queen.",
    "Chimnabai I was the first wife of Sayajirao Gaekwad III.",
    "Sayajirao Gaekwad III was the ruler of Baroda State.",
    "The clock tower was constructed.",
    "The construction of the clock tower was completed in 1896.",
]
CLAIMS_1856 = [c.replace("1896", "1856") for c in CLAIMS]
ESSENTIAL = [True, True, False, False, False, False, True]
SUPPORTED_1856 = [False, True, True, True, True, True, False]
SENTENCES = [
    "The Chimnabai Clock Tower was completed in 1896.",
    "It was named after Chimnabai I, who was a queen and the first wife of Sayajirao Gaekwad III "
    "of Baroda State.",
    "The construction of clock tower was completed in 1896.",
]


@pytest.fixture
def judge() -> ScriptedJudge:
    return ScriptedJudge(
        claims={RESPONSE: CLAIMS, RESPONSE_1856: CLAIMS_1856},
        subquestions={QUERY: SUBQ},
        essential={**{(QUERY, c): e for c, e in zip(CLAIMS, ESSENTIAL, strict=True)},
                   (QUERY, SOURCE_A): True, (QUERY, SOURCE_B): False},
        answers={(SUBQ[0], SOURCE_YEAR_ONLY): True, (SUBQ[1], SOURCE_YEAR_ONLY): False,
                 (SUBQ[0], SENTENCES[0]): True, (SUBQ[1], SENTENCES[0]): False},
        supported=dict(zip(CLAIMS_1856, SUPPORTED_1856, strict=True)),
        # (a) and (c) say the same thing; (b) is distinct.
        embeddings={SENTENCES[0]: [1.0, 0.05, 0.0], SENTENCES[1]: [0.0, 1.0, 0.0],
                    SENTENCES[2]: [0.98, 0.1, 0.0]},
    )


def score(judge, metric, **record):
    run = ragvet.evaluate([make_record(query=QUERY, **record)], [metric], judge)
    return run.results[0].scores[metric]


def test_source_precision_chunk_level(judge):
    assert score(judge, "SP1", sources=[SOURCE_A, SOURCE_B], response=RESPONSE) == 0.5


def test_source_query_coverage(judge):
    assert score(judge, "SQC", sources=[SOURCE_YEAR_ONLY], response=RESPONSE) == 0.5


def test_response_precision(judge):
    assert score(judge, "RP", sources=[SOURCE_A], response=RESPONSE) == pytest.approx(3 / 7)


def test_response_query_coverage(judge):
    assert score(judge, "RQC", sources=[SOURCE_A], response=SENTENCES[0]) == 0.5


def test_self_distinctness(judge):
    assert score(judge, "SD", sources=[SOURCE_A], response=RESPONSE) == pytest.approx(1 / 3)


def test_groundedness(judge):
    assert score(judge, "GR", sources=[SOURCE_A], response=RESPONSE_1856) == pytest.approx(5 / 7)


def test_rp_and_gr_share_one_claim_extraction(judge):
    record = make_record(query=QUERY, sources=[SOURCE_A], response=RESPONSE)
    judge.tables["supported"].update(dict.fromkeys(CLAIMS, True))
    run = ragvet.evaluate([record], ["RP", "GR", "SP2"], judge)
    assert run.results[0].scores["RP"] == pytest.approx(3 / 7)
    assert run.results[0].scores["GR"] == 1.0
    # one extraction of the response's claims (RP, GR) and one of the source's facts (SP2, and
    # RP's check of the claims it judged not essential against the facts judged essential)
    assert [op for op, _ in judge.calls].count("claims") == 2


def test_components_keep_verdicts_and_reasons(judge):
    run = ragvet.evaluate([make_record(query=QUERY, sources=[SOURCE_A], response=RESPONSE_1856)],
                          ["GR"], judge)
    frame = run.components_frame()
    assert list(frame["verdict"]) == SUPPORTED_1856
    assert list(frame["text"]) == CLAIMS_1856
    assert set(frame["kind"]) == {"claim"}
