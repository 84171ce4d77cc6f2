"""Known answers of the thirty-sixth session (batches 91–96, written by helpers that saw no
code): a reply to 'who' that is a noun phrase with its name and asides, short replies in the
question's gap (a place phrase, whose job it is, a span after 'Not long:', 'Either two or
four'), paraphrases of inventing, discovering and coming from, and denials that were read
where the source denies nothing of the claim (tax-free prizes, a narrower subject, two
stops of one thing, a span written with a thousands comma)."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers, support_status

from ragvet.judges.local.synonyms import judge_stems

# ---- replies in the question's gap ---------------------------------------------------------------


@pytest.mark.parametrize("reply", [
    "A Scottish engineer called John Logie Baird, in the 1920s.",
    "Ada Lovelace, a mathematician, who wrote the first published program.",
    "Lenin – originally named Vladimir Ulyanov.",
])
def test_a_named_noun_phrase_answers_who(judge, reply) -> None:
    assert answers(judge, "Who built the first working television?"
                   if "Baird" in reply else "Who led the revolution?" if "Lenin" in reply
                   else "Who wrote the first computer program?", reply)


def test_a_noun_phrase_with_a_verb_of_its_own_is_no_bare_name(judge) -> None:
    # 'concerns' is the sentence's verb: it states something, and not what is asked
    assert not answers(judge, "What habitat does the marsh frog prefer?",
                       "The history of Rome concerns the cultural, legal and military life of "
                       "the Roman state.")


def test_a_place_phrase_answers_where_and_a_time_phrase_does_not(judge) -> None:
    assert answers(judge, "Where is the thyroid gland?", "In the front of your neck.")
    assert not answers(judge, "Where is the thyroid gland?", "In the early spring.")


def test_whose_job_it_is_answers_who_must(judge) -> None:
    assert answers(judge, "Who has to repair the boiler in a rented flat?", "Your landlord.")


@pytest.mark.parametrize(("question", "reply"), [
    ("How long does a fruit fly live?",
     "Not long at all: somewhere between forty and fifty days, depending on the warmth."),
    ("How many players are on a water polo team?", "Either six or seven, depending on the league."),
    ("How long can a tortoise live?",
     "Several decades is common, and a few have lived past 150 years."),
    ("How long does the Moon take to go round the Earth?",
     "It circles us roughly every month and a half, give or take."),
])
def test_spans_and_counts_said_as_fragments_answer_how_long_and_how_many(judge, question,
                                                                         reply) -> None:
    assert answers(judge, question, reply)


def test_a_hedged_place_after_from_answers_where_it_comes_from(judge) -> None:
    assert answers(judge, "Where does most of the world's vanilla come from?",
                   "Mostly from Madagascar, an island off the east coast of Africa.")


# ---- paraphrases ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("one", "other"), [
    ("She came up with the design in 1903.", "She invented the design in 1903."),
    ("He spotted the comet in 1758.", "He discovered the comet in 1758."),
    ("The frogs are native to Chile.", "The frogs come from Chile."),
    ("The ban took effect in 2007.", "The ban was introduced in 2007."),
    ("The ban came into force in 2007.", "The ban was introduced in 2007."),
    ("The tree is believed to be old.", "The tree is thought to be old."),
    ("It goes round the Sun in 88 days.", "It orbits the Sun in 88 days."),
    ("The tower has 72 floors.", "The tower has 72 storeys."),
    ("Lymph vessels bring fluid back to the blood.", "Lymph vessels return fluid to the blood."),
    ("Most moths make do with one brood a year.", "Most moths have one brood a year."),
    ("A handful of owls hunt by day.", "A few owls hunt by day."),
    ("Adult moths of this kind do not eat.", "Adult moths of this kind do not feed."),
    ("It has slim legs.", "It has thin legs."),
])
def test_paraphrases_read_as_one_meaning(one, other) -> None:
    assert judge_stems(one) == judge_stems(other)


# ---- denials that deny nothing of the claim ------------------------------------------------------


def test_exempt_from_a_tax_agrees_with_free_of_it(support) -> None:
    source = "Interest on an ISA is free of Income Tax and Capital Gains Tax."
    verdict = support("ISA interest is exempt from both Income Tax and Capital Gains Tax.",
                      source)
    assert verdict.value and support_status(verdict) != "contradicted"
    assert not support("ISA interest is taxed as income.", source).value


def test_a_denial_of_a_narrower_subject_leaves_the_claim_standing(support) -> None:
    source = ("Caramelisation turns sugar brown and gives it a nutty flavour; it starts at "
              "about 160 °C, which is why poached pears do not turn brown.")
    verdict = support("Caramelisation turns sugar brown and gives it a nutty flavour.", source)
    assert support_status(verdict) != "contradicted" and verdict.value


def test_two_stops_of_one_thing_agree(support) -> None:
    source = ("The heart has four chambers, and its valves stop blood flowing backwards "
              "between them.")
    verdict = support("Its valves are there to stop blood flowing the wrong way.", source)
    assert support_status(verdict) != "contradicted"


def test_nobody_living_there_agrees_with_uninhabited(support) -> None:
    source = "Bass Rock, an uninhabited island in the Firth of Forth, hosts a huge gannet colony."
    verdict = support("Bass Rock is an island with nobody living on it, home to a huge gannet "
                      "colony.", source)
    assert support_status(verdict) != "contradicted" and verdict.value


def test_a_span_with_a_thousands_comma_is_read_whole(support) -> None:
    source = ("Bristlecone pines commonly live for several hundred years, and some are thought "
              "to be more than 4,000 years old.")
    verdict = support("Some bristlecone pines are believed to be over four thousand years old.",
                      source)
    assert support_status(verdict) != "contradicted" and verdict.value


def test_below_and_above_one_point_said_in_other_words_clash(support) -> None:
    source = ("Pasteurisation heats milk to 72 °C, well below the boiling point of water, for "
              "15 seconds.")
    verdict = support("Milk is heated to 72 °C, which is above the temperature of boiling water.",
                      source)
    assert not verdict.value and support_status(verdict) == "contradicted"


def test_a_share_said_as_a_fraction_is_its_percentage(support) -> None:
    source = "Around 60 percent of the country's electricity comes from hydropower."
    verdict = support("About three-fifths of the country's electricity comes from hydropower.",
                      source)
    assert support_status(verdict) != "contradicted" and verdict.value
    wrong = support("About four-fifths of the country's electricity comes from hydropower.",
                    source)
    assert not wrong.value


def test_a_date_after_on_then_a_place_answers_when(judge) -> None:
    assert answers(judge, "When did the first Ariane rocket fly?",
                   "On 24 December 1979, from Kourou in French Guiana.")

