"""Issue 13: a bare reply is judged with its question. A correct 'No.' is grounded when the
source denies what was asked, a 'Yes.' is contradicted then; an answer that names another
thing than the source names in its place ('Sydney.' for a capital) is contradicted even when
the source mentions it elsewhere; a 'which X' question is answered by a common noun as well as
by a name."""

from __future__ import annotations

import pytest

import ragvet
from ragvet import make_record
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.features import negated
from ragvet.judges.local.replies import read_with_question
from ragvet.text import is_echo_reply, reply_polarity


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge()


def _run(judge, rows, metrics=("GR",)):
    records = [make_record(id=str(k), query=q, sources=[s], response=r)
               for k, (q, s, r) in enumerate(rows)]
    return ragvet.evaluate(records, list(metrics), judge).results


def _status(result, metric="GR"):
    (component,) = [c for c in result.components if c.metric == metric]
    return component.detail.get("status"), component


# ---- reading: pure functions ----------------------------------------------------------------

@pytest.mark.parametrize(("reply", "polarity"), [
    ("No.", "no"), ("yes", "yes"), ("Yes, it does.", "yes"), ("No, they didn't.", "no"),
    ("Nope", "no"), ("Yes, the museum opens at nine.", None), ("Norway.", None),
])
def test_reply_polarity(reply: str, polarity: str | None) -> None:
    assert reply_polarity(reply) == polarity


def test_an_echo_reply_says_no_more_than_yes() -> None:
    assert is_echo_reply("Yes, it is.") and not is_echo_reply("Yes.")
    assert not is_echo_reply("Yes, it closes at six.")


@pytest.mark.parametrize(("claim", "statement", "polarity"), [
    ("Does the warranty cover water damage? No.", "The warranty cover water damage.", "no"),
    ("Is Lake Baikal the deepest lake in the world? Yes, it is.",
     "Lake Baikal is the deepest lake in the world.", "yes"),
    ("What is the largest moon of Saturn? Rhea.", "The largest moon of Saturn is Rhea.", None),
    ("Who composed the Four Seasons? Antonio Vivaldi",
     "Antonio Vivaldi composed the Four Seasons.", None),
    ("When did the museum reopen? In 2019.", "The museum reopen in 2019.", None),
    ("What gas do divers breathe? Compressed air.", "Divers breathe Compressed air.", None),
])
def test_a_reply_reads_as_a_statement(claim: str, statement: str, polarity) -> None:
    read = read_with_question(claim)
    assert read is not None
    assert (read.statement, read.polarity) == (statement, polarity)


@pytest.mark.parametrize("claim", [
    "The warranty covers two years.",  # no question
    "Is the pool heated? It is heated in winter only.",  # a sentence, not a bare reply
    "Which is older, the bridge or the tower? The tower.",  # an option of the question
])
def test_other_claims_are_not_read_as_replies(claim: str) -> None:
    assert read_with_question(claim) is None


@pytest.mark.parametrize("claim", [
    "Were the bridge and the tower built in the same year? No.",  # two facts weighed together
    "Isn't the pool heated? No.",  # a negated question: 'no' is ambiguous
])
def test_a_yes_or_no_one_statement_cannot_hold_is_not_judged(claim: str) -> None:
    read = read_with_question(claim)
    assert read is not None and not read.judgeable


def test_an_unjudgeable_no_gets_no_verdict_either_way(judge) -> None:
    (result,) = _run(judge, [("Were the bridge and the tower built in the same year?",
                              "The bridge was built in 1890. The tower was built in 1902.",
                              "No.")])
    assert result.scores["GR"] == 0.5
    status, component = _status(result)
    assert status == "not_mentioned" and "an LLM judge" in component.reason


@pytest.mark.parametrize(("claim", "parts"), [
    # the auxiliary goes right after each name ('Are' stays plural: the words, not the
    # grammar, are what the judge compares)
    ("Are both Lyon and Porto in France? No.", ("Lyon are in France.", "Porto are in France.")),
    ("Are Lyon and Porto both French cities? Yes.",
     ("Lyon are French cities.", "Porto are French cities.")),
    ("Are both Tim Berg and Ana Ruiz American painters? Yes.",
     ("Tim Berg are American painters.", "Ana Ruiz are American painters.")),
    # a name of several words with a lower-case word in it stays whole
    ("Are Gin and tonic and Paloma both cocktails? Yes.",
     ("Gin and tonic are cocktails.", "Paloma are cocktails.")),
    ("Are Grasshopper and Sake bomb both drinks? Yes.",
     ("Grasshopper are drinks.", "Sake bomb are drinks.")),
    ("Did both Carl Boese and Franco Zeffirelli direct films? Yes.",
     ("Carl Boese direct films.", "Franco Zeffirelli direct films.")),
])
def test_a_both_question_is_read_as_two_statements(claim: str, parts) -> None:
    read = read_with_question(claim)
    assert read is not None and read.parts == parts


def test_a_both_question_is_judged_on_each_statement(judge) -> None:
    source = "Lyon is a city in France. Porto is a city in Portugal."
    no, yes = _run(judge, [("Are both Lyon and Porto in France?", source, "No."),
                           ("Are both Lyon and Porto in France?", source, "Yes.")])
    assert no.scores["GR"] >= 0.6 and _status(no)[0] == "supported"
    assert yes.scores["GR"] < 0.05 and _status(yes)[0] == "contradicted"
    both = "Lyon is a city in France. Marseille is a port city in France."
    (right,) = _run(judge, [("Are both Lyon and Marseille in France?", both, "Yes.")])
    assert right.scores["GR"] >= 0.7, right.scores


def test_a_title_is_not_a_denial() -> None:
    assert not negated('The song is on the album "No Fences".')
    assert not negated("Her novel Never Let Me Go was shortlisted.")
    assert negated("No, the pool is not heated.") and negated("No one attended.")


# ---- judging: the default offline judge -------------------------------------------------------

WARRANTY = ("Does the warranty cover water damage?",
            "The standard warranty covers manufacturing defects for two years. It does not "
            "cover water damage or accidental drops.")


def test_a_correct_no_is_grounded_and_a_wrong_yes_contradicted(judge) -> None:
    no, yes = _run(judge, [(*WARRANTY, "No."), (*WARRANTY, "Yes.")])
    assert no.scores["GR"] >= 0.75
    assert _status(no)[0] == "supported"
    assert yes.scores["GR"] < 0.05
    status, component = _status(yes)
    assert status == "contradicted"
    assert "does not cover water damage" in component.detail["clashing_sentence"]


def test_a_wrong_no_is_contradicted_by_a_source_that_affirms(judge) -> None:
    (result,) = _run(judge, [("Is the library open on Sundays?",
                              "The city library is open on Sundays from noon to five.",
                              "No, it isn't.")])
    assert result.scores["GR"] < 0.05
    assert _status(result)[0] == "contradicted"


def test_a_yes_the_sources_never_address_is_not_grounded(judge) -> None:
    (result,) = _run(judge, [("Does the hotel have a rooftop pool?",
                              "The hotel has 120 rooms and a restaurant on the ground floor.",
                              "Yes.")])
    assert result.scores["GR"] < 0.5
    assert _status(result)[0] == "not_mentioned"


def test_an_echoed_yes_answers_its_question(judge) -> None:
    (result,) = _run(judge, [("Is Lake Baikal the deepest lake in the world?",
                              "Lake Baikal, in Siberia, is the deepest lake in the world, "
                              "reaching 1,642 metres.", "Yes, it is.")],
                     ("RP", "RQC", "GR"))
    for metric in ("RP", "RQC", "GR"):
        assert result.scores[metric] >= 0.8, (metric, result.scores)


def test_a_wrong_name_mentioned_elsewhere_is_contradicted(judge) -> None:
    source = ("Titan is the largest moon of Saturn. Rhea, the second-largest, is about a "
              "third of its size.")
    right, wrong = _run(judge, [("What is the largest moon of Saturn?", source, "Titan."),
                                ("What is the largest moon of Saturn?", source, "Rhea.")])
    assert right.scores["GR"] >= 0.75
    assert wrong.scores["GR"] < 0.05
    status, component = _status(wrong)
    assert status == "contradicted" and component.detail["clash"] == "name"


def test_a_common_noun_answers_a_which_question(judge) -> None:
    rows = [("Which gas makes up most of the air we breathe?",
             "Nitrogen makes up about 78 percent of the air, and oxygen about 21 percent.",
             "Most of the air we breathe is nitrogen."),
            ("Which metal is the best conductor of electricity?",
             "Silver is the best electrical conductor of all metals, ahead of copper.",
             "silver")]
    for result in _run(judge, rows, ("RP", "RQC")):
        assert result.scores["RP"] >= 0.8 and result.scores["RQC"] >= 0.8, result.scores
        assert "extraneous_content" not in result.diagnosis
