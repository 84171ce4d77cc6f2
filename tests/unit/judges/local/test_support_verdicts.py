"""Issue 13, support side: citation markers, contradictions and pronoun-led claims, on records
of other domains than the issue's (the offline judge with its bundled model, loaded once)."""

from __future__ import annotations

import asyncio

import pytest

import ragvet
from ragvet import make_record
from ragvet.judges.base import SupportItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.citations import split_citations
from ragvet.judges.local.text import claims
from ragvet.judges.ops import SUPPORT_STATUS, SUPPORTED

RIVERS = ("The Rhine rises in the Swiss Alps and flows into the North Sea.",
          "The Rhône starts at the Rhône Glacier and ends in the Mediterranean Sea.")


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge()


def run(coro):
    return asyncio.run(coro)


@pytest.mark.parametrize(("written", "clean", "sources"), [
    ("The Rhine ends in the North Sea [1].", "The Rhine ends in the North Sea.", (0,)),
    ("The Rhine ends in the North Sea [ID:1].", "The Rhine ends in the North Sea.", (1,)),
    ("The Rhine ends in the North Sea【2】.", "The Rhine ends in the North Sea.", (1,)),
    ("The Rhine ends in the North Sea (Source 2).", "The Rhine ends in the North Sea.", (1,)),
    ("The Rhine ends in the North Sea^1^.", "The Rhine ends in the North Sea.", (0,)),
    ("The Rhine ends in the North Sea [1, 2].", "The Rhine ends in the North Sea.", (0, 1)),
    ("The Rhine ends in the North Sea.", "The Rhine ends in the North Sea.", ()),
])
def test_citation_markers_are_recognised(written, clean, sources):
    cited = split_citations(written)
    assert (cited.text, cited.sources) == (clean, sources)


def test_markers_are_set_aside_while_decomposing_and_kept_on_the_claims():
    text = "The Rhine rises in the Alps.[1] It ends in the North Sea [ID:0]."
    assert claims(text) == ("The Rhine rises in the Alps [1].",
                            "The Rhine ends in the North Sea [ID:0].")


def test_a_marker_number_does_not_veto_support_and_the_cited_source_is_checked(judge):
    right, wrong, missing = run(judge.run(SUPPORTED, [
        SupportItem(claim="The Rhine flows into the North Sea [ID:0].", sources=RIVERS),
        SupportItem(claim="The Rhine flows into the North Sea [2].", sources=RIVERS),
        SupportItem(claim="The Rhine flows into the North Sea [7].", sources=RIVERS)]))
    assert right.value and wrong.value and missing.value  # supported by the set, as GR asks
    assert right.detail["citation"]["cited_source_supports"] is True
    assert wrong.detail["citation"]["cited_source_supports"] is False
    assert "does not support it" in wrong.reason
    assert missing.detail["citation"]["cited_source_exists"] is False


def test_groundedness_of_a_cited_answer(judge):
    record = make_record(query="Where does the Rhine end?", sources=list(RIVERS),
                         response="The Rhine flows into the North Sea [ID:0].")
    run_ = ragvet.evaluate([record], ["GR"], judge)
    assert run_.results[0].scores["GR"] > 0.5
    (component,) = run_.results[0].components
    assert "[ID:0]" in component.text


@pytest.mark.parametrize(("claim", "source", "kind"), [
    ("The subscription comes with unlimited cloud storage.",
     "The subscription does not come with cloud storage. It costs 9 dollars.", "negation"),
    ("Sales rose by 4 percent in the third quarter.",
     "Sales fell by 4 percent in the third quarter, the firm reported.", "antonym"),
    ("The cathedral was consecrated in 1248.",
     "The cathedral was consecrated in 1322 after a long delay.", "date"),
    ("The novel was written by Charles Dickens.",
     "The novel was written by Wilkie Collins and appeared in 1868.", "name"),
    ("The trail is 40 miles long.", "The trail is 40 km long and well marked.", "unit"),
])
def test_contradictions_are_recorded_with_the_clashing_sentence(judge, claim, source, kind):
    status, plain = (run(judge.run(op, [SupportItem(claim=claim, sources=(source,))]))[0]
                     for op in (SUPPORT_STATUS, SUPPORTED))
    assert status.label == "contradicted"
    assert plain.value is False and plain.probability < 0.05  # counts as unsupported
    assert plain.detail["clash"] == kind
    assert plain.detail["clashing_sentence"] in source
    assert plain.reason.startswith("contradicted")


def test_a_claim_the_sources_only_leave_out_is_not_contradicted(judge):
    (v,) = run(judge.run(SUPPORT_STATUS, [SupportItem(
        claim="The bakery sells sourdough bread.",
        sources=("The bakery opened in Leeds in 2004.",))]))
    assert v.label == "not_mentioned"


def test_gr_counts_a_contradicted_claim_as_unsupported(judge):
    record = make_record(query="Does the plan cover data abroad?",
                         sources=["The basic plan does not cover mobile data abroad."],
                         response="The basic plan covers mobile data abroad.")
    result = ragvet.evaluate([record], ["GR"], judge).results[0]
    assert result.scores["GR"] < 0.05
    assert result.components[0].detail["status"] == "contradicted"


def test_a_pronoun_led_claim_is_judged_with_its_antecedent(judge):
    assert claims("The ferry links Oban and Mull. It sails six times a day.")[1] == \
        "The ferry sails six times a day."
    (v,) = run(judge.run(SUPPORTED, [SupportItem(claim="It came out in 2019.",
                                                 sources=("It was released in 2019.",))]))
    assert v.value is True and v.probability > 0.8
    record = make_record(query="How often does the ferry sail?",
                         sources=["The ferry between Oban and Mull sails six times a day."],
                         response="The ferry links Oban and Mull. It sails six times a day.")
    assert ragvet.evaluate([record], ["GR"], judge).results[0].scores["GR"] > 0.7


def test_the_run_counts_claims_whose_cited_source_does_not_back_them(tmp_path):
    """A marker naming the wrong source leaves GR as it is (support by the whole set) but
    must not pass unnoticed: the summary counts such claims and `evaluate` says so."""
    import json

    from typer.testing import CliRunner

    from ragvet.cli.app import build_app
    from ragvet.engine.running import RunningSummary

    sources = ["The Autobahn has no general speed limit on many stretches.",
               "The network is about 13,000 km long."]
    records = [make_record(id=f"r{k}", query="Is there a speed limit on the Autobahn?",
                           sources=sources, response=f"Many stretches have no general speed "
                                                     f"limit [{k}].") for k in (1, 2)]
    results = ragvet.evaluate(records, ["GR"], LocalJudge()).results
    running = RunningSummary.of(results, ["GR"])
    assert (running.miscited_claims, running.miscited_records) == (1, 1)  # only '[2]'
    data, out = tmp_path / "records.jsonl", tmp_path / "out.jsonl"
    data.write_text("".join(json.dumps(r.to_dict()) + "\n" for r in records), encoding="utf-8")
    result = CliRunner().invoke(build_app(), ["evaluate", str(data), "--metrics", "GR",
                                              "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "1 claim(s) in 1 record(s) cite a source that does not back them" in \
        " ".join(result.output.split())
