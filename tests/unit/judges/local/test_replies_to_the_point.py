"""Known answers of the twenty-second session: replies that answer in the shape asked (a
cause, a step, an occasion, another case of the deed), denials read in a short sentence or
inside a condition, and numbers and spans said in passing."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers, essential

PAWNS = ("Pawns move forward one square, or two squares on their first move, and capture "
         "diagonally forward. A pawn can never move backwards. When a pawn reaches the last rank "
         "it is promoted.")
OCTOPUS = ("An octopus has three hearts. Two pump blood through the gills, while the third "
           "circulates it through the rest of the body.")
JURY = ("If you cannot serve on the date given in your summons, you may ask to defer your service "
        "once to a date within the next 12 months. Requests must be made at least seven days "
        "before the service date.")
RICE = ("Cooked rice should be cooled within one hour and can be kept in the fridge for up to one "
        "day. Reheat it only once, until it is steaming hot.")
BIKES = ("Folding bikes, including folding electric bikes, can be taken on all trains at any "
         "time. Non-folding bikes, electric or not, are only allowed outside peak hours, from "
         "10:00 to 16:00 and after 19:00.")


# ---- support: denials, numbers, spans --------------------------------------------------------

def test_a_short_denial_is_read_though_another_sentence_is_closer(support) -> None:
    verdict = support("Yes, a pawn can move backwards one square when it captures.", PAWNS)
    assert verdict.value is False and "negation" in verdict.reason


def test_what_a_short_sentence_affirms_is_still_supported(support) -> None:
    verdict = support("A pawn captures diagonally forward.", PAWNS)
    assert verdict.value is True, verdict.reason


def test_a_denial_inside_the_sources_condition_denies_nothing(support) -> None:
    verdict = support("You can ask to defer it once, to a date within the next 12 months, as "
                      "long as you ask at least seven days before your service date.", JURY)
    assert verdict.value is True, verdict.reason


def test_a_number_in_the_first_clause_is_read_in_place_before_an_aside(support) -> None:
    verdict = support("An octopus has two hearts, one for each gill.", OCTOPUS)
    assert verdict.value is False and "2 vs 3" in verdict.reason


def test_the_right_number_before_an_aside_is_supported(support) -> None:
    verdict = support("An octopus has three hearts, two of them for the gills.", OCTOPUS)
    assert verdict.value is True, verdict.reason


def test_a_span_said_with_a_is_one_of_its_unit(support) -> None:
    verdict = support("Cooked rice can be kept in the fridge for up to a week.", RICE)
    assert verdict.value is False and "a week vs one day" in verdict.reason


def test_a_frequency_said_with_a_is_no_span(support) -> None:
    verdict = support("Reheat cooked rice only once.", RICE)
    assert verdict.value is True, verdict.reason


def test_a_share_as_much_is_the_share_of_the_amount(support) -> None:
    source = "Use about a quarter of the amount, because baking soda is four times stronger."
    assert support("Use about a quarter as much.", source).value is True
    assert support("Use about half as much.", source).value is False


def test_an_alternative_or_not_denies_nothing(support) -> None:
    verdict = support("Folding e-bikes are allowed at any time.", BIKES)
    assert verdict.value is True, verdict.reason


def test_a_paraphrase_of_immediately_is_supported(support) -> None:
    source = "If your dog eats grapes, contact a vet immediately."
    assert support("If your dog eats grapes, contact a vet straight away.", source).value is True


# ---- relevance: replies in the shape asked ---------------------------------------------------

@pytest.mark.parametrize("text", [
    "Because the Moon is tidally locked.",
    "It's because the Moon is tidally locked.",
])
def test_a_reply_opening_with_its_cause_answers_why(judge, text) -> None:
    question = "Why do we always see the same side of the Moon?"
    assert answers(judge, question, text) and essential(judge, question, text)


def test_a_subject_naming_the_cause_answers_why(judge) -> None:
    text = "The most common reason is old yeast, or yeast killed by water that was too hot."
    assert answers(judge, "Why did my bread not rise?", text)


def test_where_the_asked_thing_comes_from_answers_why(judge) -> None:
    question = "Why is my dishwasher leaving a white film on glasses?"
    assert answers(judge, question, "The white film usually comes from hard water minerals.")


def test_a_cause_of_another_thing_does_not_answer_why(judge) -> None:
    question = "Why is my dishwasher leaving a white film on glasses?"
    assert not answers(judge, question, "The warranty lasts two years because of a new law.")


def test_what_the_subject_does_answers_why_it_matters(judge) -> None:
    question = "Why are bees important for farming?"
    assert answers(judge, question, "Bees pollinate many crops such as apples and almonds.")


def test_what_the_subject_is_does_not_answer_why_it_matters(judge) -> None:
    assert not answers(judge, "Why are bees important for farming?", "Bees are insects.")


def test_another_case_of_the_deed_answers_how_long_it_takes(judge) -> None:
    question = "How long does it take to renew a passport?"
    assert essential(judge, question, "If you pay extra for the urgent service it takes one week.")
    assert answers(judge, question, "Standard renewals are processed within six weeks.")


def test_a_span_of_something_else_does_not_answer_how_long_it_takes(judge) -> None:
    question = "How long does it take to renew a passport?"
    assert not answers(judge, question, "Passports are valid for ten years.")


def test_a_step_answers_how_can_i(judge) -> None:
    question = "How can I make my phone battery last longer?"
    assert answers(judge, question,
                   "Lower the screen brightness, turn on battery saver and close background apps.")


def test_a_statement_on_something_else_does_not_answer_how_can_i(judge) -> None:
    question = "How can I make my phone battery last longer?"
    assert not answers(judge, question, "The oven temperature is lowered after ten minutes.")


@pytest.mark.parametrize("text", [
    "Check it at least once a month and before long trips, ideally when the tyres are cold.",
    "Check tyre pressure before long journeys.",
])
def test_how_often_or_on_what_occasion_answers_when_should_i(judge, text) -> None:
    assert answers(judge, "When should I check my tyre pressure?", text)


def test_a_condition_answers_when_should_i(judge) -> None:
    assert answers(judge, "When should I take my child to a doctor for a fever?",
                   "See a doctor if a baby under three months has a temperature of 38 °C or more.")


def test_a_statement_without_a_time_does_not_answer_when_should_i(judge) -> None:
    assert not answers(judge, "When should I check my tyre pressure?",
                       "Tyre pressure is measured in bar or psi.")


def test_an_opening_fragment_answers_though_more_sentences_follow(judge) -> None:
    assert answers(judge, "How long can cooked rice be kept in the fridge?",
                   "Up to one day, as long as it was cooled within an hour. Only reheat it once, "
                   "until it is steaming hot.")


def test_defer_answers_a_question_about_postponing(judge) -> None:
    assert answers(judge, "Can I postpone my jury service?", JURY)


@pytest.mark.parametrize(("question", "source", "response"), [
    ("Why is the sea salty?",
     "The sea is salty because rain slowly dissolves minerals from rocks on land, and rivers "
     "carry these salts to the ocean. When seawater evaporates, the salt is left behind, so it "
     "builds up over time.",
     "Rain dissolves minerals from rocks, and rivers carry the salts to the sea. When seawater "
     "evaporates the salt stays behind, so it builds up over time."),
    ("How can I make my phone battery last longer?",
     "To extend battery life, lower the screen brightness, turn on battery saver mode and close "
     "apps running in the background.",
     "Lower the screen brightness, turn on battery saver and close background apps."),
    ("Can dogs eat grapes?",
     "Grapes and raisins are toxic to dogs and can cause sudden kidney failure, even in small "
     "amounts. If your dog eats grapes, contact a vet immediately.",
     "No. Grapes and raisins are toxic to dogs and can cause kidney failure. If your dog eats "
     "grapes, contact a vet straight away."),
])
def test_healthy_answers_of_the_session_are_quiet(evaluated, question, source, response) -> None:
    result = evaluated(question, source, response)
    assert result.diagnosis == (), result.scores
