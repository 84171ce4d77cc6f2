"""Known answers of the twenty-sixth session: a size asked and given as dimensions by a reply
opening with 'it', a lack said as 'without X' or as a denied condition ('if you have none'),
and paraphrases of degree, time, strain, lifespan, height and place."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers, support_status

from ragvet.judges.local.synonyms import judge_stems, with_broader
from ragvet.judges.local.text import question_focus, subquestions
from ragvet.metrics.steps import qualifies, tells_how_to_do_the_asked

# ---- a size asked, dimensions given -----------------------------------------------------------


@pytest.mark.parametrize("question, reply", [
    ("What size is a standard EU pallet?", "It measures 1200 mm by 800 mm."),
    ("How tall should a bookcase be?", "It should be no more than 2 metres high."),
    ("How wide is a standard doorway?", "It is usually about 76 cm across."),
])
def test_a_reply_opening_with_it_gives_the_size_asked(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_a_reply_opening_with_it_that_gives_no_size_does_not_answer(judge) -> None:
    assert not answers(judge, "What size is a standard EU pallet?", "It is made of wood.")


@pytest.mark.parametrize("question, focus", [
    ("What size should a US shipping label be?", "a US shipping label"),
    ("How tall is a giraffe?", "a giraffe"),
])
def test_the_subject_of_a_size_question(question, focus) -> None:
    assert question_focus(question, head_nouns=True) == focus


# ---- a lack, said two ways -------------------------------------------------------------------

@pytest.mark.parametrize("claim", [
    "If you do not have a ticket, you can buy one on board.",
    "If you have none, you can buy a ticket on board.",
])
def test_a_denied_condition_agrees_with_without(support, claim) -> None:
    verdict = support(claim, "Travellers without a ticket can buy one on board.")
    assert verdict.value and support_status(verdict) != "contradicted"


@pytest.mark.parametrize("claim, source", [
    ("Travellers cannot buy a ticket on board.",
     "Travellers without a ticket can buy one on board."),
    ("Your policy does not cover the cost of lessons.",
     "Your policy covers the cost of lessons you cannot attend."),
])
def test_a_denial_of_what_the_source_affirms_beside_a_lack_still_clashes(support, claim,
                                                                          source) -> None:
    assert not support(claim, source).value


# ---- paraphrases -------------------------------------------------------------------------------

@pytest.mark.parametrize("claim, source", [
    ("Heavy traffic can delay buses considerably.", "Heavy traffic can delay buses a great deal."),
    ("Book the tickets beforehand.", "Book the tickets in advance."),
    ("Lifting with bent knees reduces strain on the back.",
     "Lifting with bent knees puts less strain on the back."),
    ("Wrapping cheese in wax paper extends its life.",
     "Wrapping cheese in wax paper helps it last longer."),
    ("The tower is twice as tall as the church.", "The tower is twice the height of the church."),
    ("The statue stands 46 metres above its pedestal.",
     "The statue rises 46 metres above its pedestal."),
    ("The farm lies in the valley around it.", "The farm lies in the surrounding valley."),
    ("A damp room encourages mould.", "A damp bathroom encourages mould."),
])
def test_a_paraphrase_is_supported(support, claim, source) -> None:
    assert support(claim, source).value


def test_a_great_deal_of_something_is_a_quantity_not_a_degree() -> None:
    assert "deal" in judge_stems("It costs a great deal of money.")


def test_a_kind_of_room_is_a_room_but_not_the_other_way_round() -> None:
    assert "room" in with_broader(judge_stems("the kitchen"))
    assert "kitchen" not in with_broader(judge_stems("the room"))


def test_a_function_word_with_its_apostrophe_s_is_no_content() -> None:
    assert judge_stems("There's no charge.") == judge_stems("There is no charge.")


# ---- RP: advice beside the answer ---------------------------------------------------------------

@pytest.mark.parametrize("query, fact, told", [
    ("How often should I feed my goldfish?", "Feed them only what they eat in two minutes.", True),
    ("When should I prune apple trees?", "Prune on a dry day to keep infections out.", True),
    ("How often should I feed my goldfish?", "Goldfish can live for over ten years.", False),
    ("What is the capital of Peru?", "Lima lies on the coast.", False),
])
def test_a_fact_telling_how_to_do_the_asked_thing(query, fact, told) -> None:
    assert tells_how_to_do_the_asked(query, fact) is told


def test_an_alternative_given_with_rather_than_qualifies_the_answer() -> None:
    assert qualifies("Sweep the leaves rather than blowing them.")


def test_how_to_water_beside_how_often_is_part_of_the_answer(evaluated) -> None:
    result = evaluated("How often should I water a potted fern?",
                       "Potted ferns need watering about twice a week. Water the compost rather "
                       "than the fronds so that they do not rot.",
                       "About twice a week. Water the compost, not the fronds, so they do not "
                       "rot.", metrics="RP")
    assert result.scores["RP"] > 0.8


# ---- batch 25: units in words, what a denial only picks out, more paraphrases --------------------

def test_a_span_in_words_with_another_unit_is_contradicted(support) -> None:
    verdict = support("Let the dough rest for two to three minutes.",
                      "Let the dough rest for two to three hours before shaping it.")
    assert not verdict.value and "unit" in verdict.reason


@pytest.mark.parametrize("claim, source", [
    ("The rent covers the cost of rooms you cannot use while repairs go on.",
     "The landlord covers the cost of rooms you cannot use while repairs go on."),
    ("You are refunded for any lessons you could not attend.",
     "You are refunded for any lessons you could not attend because of illness."),
])
def test_a_denial_that_only_picks_out_which_things_denies_nothing(support, claim, source) -> None:
    assert support_status(support(claim, source)) != "contradicted"


@pytest.mark.parametrize("claim, source", [
    ("Don't put soap on it.", "Do not use soap."),
    ("Tomatoes need full sun.", "Tomatoes need full sunlight."),
    ("A cool, dark cupboard is ideal.", "A cool, dark cupboard is best."),
])
def test_more_paraphrases_are_supported(support, claim, source) -> None:
    assert support(claim, source).value


def test_a_charge_for_something_is_a_fee() -> None:
    fee = judge_stems("fee")
    assert fee <= judge_stems("Does the gym charge for towels?")
    assert fee <= judge_stems("There is no charge for towels.")
    assert not fee & judge_stems("Charge the phone overnight.")


def test_a_denied_auxiliary_is_no_content_word() -> None:
    assert judge_stems("Don't use soap.") == judge_stems("Do not use soap.")


# ---- batch 26: counted questions, contractions, ranges, shares in place ------------------------

def test_a_pronoun_after_a_counted_question_stands_for_its_subject() -> None:
    assert subquestions("How many eggs a week do hens lay, and how long do they live?") == (
        "How many eggs a week do hens lay?", "How long do hens live?")


@pytest.mark.parametrize("question, reply", [
    ("How much is the deposit for a bike hire?", "It's £50, refunded when you return the bike."),
    ("How long does a kiln take to cool down?", "Anywhere from 12 to 24 hours, depending on "
                                                "its size."),
])
def test_replies_that_open_with_a_contraction_or_a_loose_range_answer(judge, question,
                                                                      reply) -> None:
    assert answers(judge, question, reply)


def test_a_share_put_where_the_sentence_gives_another_is_contradicted(support) -> None:
    source = ("Members get 15% off all classes. Guests pay full price, plus a 5% booking fee.")
    assert not support("Members get 5% off all classes.", source).value
    assert support("Members get 15% off every class.", source).value


@pytest.mark.parametrize("claim, source", [
    ("Usually two to three coats are enough.", "Two to three coats are enough."),
    ("Let the butter warm up to room temperature first.",
     "Bring the butter to room temperature first."),
    ("Tall riders should pick the top of the range.",
     "Tall riders should pick the upper end of that range."),
])
def test_hedges_and_paraphrases_of_ranges_and_warming(support, claim, source) -> None:
    assert support(claim, source).value


def test_an_instruction_joined_by_and_can_tell_how_to_do_the_asked() -> None:
    assert tells_how_to_do_the_asked("How often should I oil a cutting board?",
                                     "Wash it, dry it fully and oil it once it is dry.")


# ---- batch 27: dates in place, a denial and its reason -----------------------------------------

def test_a_date_put_where_the_closest_sentence_gives_another_is_contradicted(support) -> None:
    source = "Entries must reach the club by 15 March. Late entries are accepted until 2 April."
    assert not support("Entries must reach the club by 2 April.", source).value
    assert support("Entries must reach the club by 15 March.", source).value


def test_a_denial_does_not_deny_the_reason_it_gives(support) -> None:
    source = "Kayaks may not be launched from the pier. Launching there damages the jetty."
    claim = "You may not launch kayaks from the pier, because launching there damages the jetty."
    assert support_status(support(claim, source)) != "contradicted"


def test_a_denial_after_its_reason_still_denies(support) -> None:
    source = "The warranty does not cover damage caused by dropping the phone."
    verdict = support("Damage caused by dropping the phone is covered.", source)
    assert not verdict.value


def test_a_pronoun_with_its_contracted_verb_is_no_content_word() -> None:
    assert judge_stems("Once you've washed it, dry it.") == judge_stems("Once washed, dry it.")


# ---- batch 28: when as a reason, a count alone, no extra cost, going up ------------------------

def test_what_is_asked_restated_then_when_it_happens_gives_the_reason(judge) -> None:
    assert answers(judge, "Why do cats purr?", "Cats purr when they feel safe and relaxed.")
    assert not answers(judge, "Why do cats purr?", "Cats purr in the evening.")


def test_a_count_alone_then_what_goes_with_it_answers_how_many(judge) -> None:
    assert answers(judge, "How many players are on a rugby union team?",
                   "Fifteen, plus up to eight replacements who can come on during the match.")


def test_at_no_extra_cost_is_no_denial(support) -> None:
    source = "Breakfast is included at no extra cost. Dinner is served from 7 pm."
    verdict = support("Breakfast comes at no extra charge, and dinner is served from 7 pm.",
                      source)
    assert support_status(verdict) != "contradicted"


def test_going_up_to_a_number_is_rising_to_it(support) -> None:
    assert support("The fare goes up to 3 pounds in May.",
                   "The fare rises to 3 pounds in May.").value
