"""Known answers of the twentieth session: counts and durations that answer 'how many' /
'how long', pronouns that stand for a question's subject, second verb phrases that are claims
of their own, and denials that agree with the source."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers

from ragvet.judges.local.text import claims
from ragvet.text import has_verb, with_question_antecedent


@pytest.mark.parametrize(("question", "text"), [
    ("How many players are on a rugby union team?",
     "There are 15 players on the field, 8 forwards and 7 backs."),
    ("How much caffeine is in an espresso?",
     "Roughly 63 mg in a single 30 ml shot, though it varies with the beans."),
    ("How long is a day on Venus?",
     "Venus rotates slowly: one sidereal day lasts about 243 Earth days."),
    ("How many queens does a honeybee colony normally have?", "Normally just one queen."),
    ("How long does a company have to answer a subject access request?",
     "Within 30 days of receipt, with no extensions possible."),
    ("What does the walrus operator do in Python?",
     "It assigns a value to a variable inside an expression."),
    ("What effect did the 1991 Pinatubo eruption have on climate?",
     "It cooled global temperatures by about 0.5 °C."),
    ("How do I cancel my gym membership?",
     "Members can cancel at any time from the Account page of the app or at reception."),
])
def test_a_reply_that_gives_what_is_asked_answers(judge, question, text) -> None:
    assert answers(judge, question, text)


@pytest.mark.parametrize(("question", "text"), [
    ("How many players are on a rugby union team?", "There are many rugby clubs in Wales."),
    ("How many players are on a rugby union team?",
     "The club was founded in 1871 and plays at Twickenham."),
    ("How long is a day on Venus?", "Venus is the second planet from the Sun."),
    ("How many queens does a honeybee colony normally have?",
     "Queens are larger than workers."),
    ("What does the walrus operator do in Python?",
     "It was proposed in PEP 572 by Chris Angelico."),
    ("How do I cancel my gym membership?",
     "Members can freeze their membership for up to three months."),
])
def test_a_reply_on_the_subject_without_what_is_asked_does_not(judge, question, text) -> None:
    assert not answers(judge, question, text)


def test_a_noun_after_a_determiner_or_a_quantity_is_no_verb() -> None:
    assert not has_verb("Roughly 63 mg in a single 30 ml shot.")
    assert has_verb("The hunter shot the deer.")
    assert has_verb("He made it.")


def test_the_pronoun_of_a_reply_stands_for_the_questions_subject() -> None:
    assert with_question_antecedent(
        "What does the walrus operator do in Python?",
        "It assigns a value.") == "The walrus operator assigns a value."
    assert with_question_antecedent(
        "What effect did the 1991 Pinatubo eruption have on climate?",
        "It cooled the planet.") == "The 1991 Pinatubo eruption cooled the planet."
    # 'they' stands for the plural noun, not for the rest of the question
    assert with_question_antecedent(
        "Where do Arctic terns spend the northern winter?",
        "They fly to the Antarctic.") == "Arctic terns fly to the Antarctic."


def test_it_after_someone_made_it_is_the_thing_made_not_the_maker() -> None:
    made = claims("Antony Gormley made it. It is 20 metres tall.")
    assert made[1].startswith("It is 20 metres")


@pytest.mark.parametrize(("text", "expected"), [
    ("The round trip is about 17 km and usually takes seven to nine hours.",
     ("The round trip is about 17 km.", "The round trip usually takes seven to nine hours.")),
    ("Store unopened pens in the fridge and never freeze them.",
     ("Store unopened pens in the fridge.", "Never freeze them.")),
    ("Keep the medicine dry and do not freeze it.",
     ("Keep the medicine dry.", "Do not freeze it.")),
    ("The company was founded in 1990 and later moved to Berlin.",
     ("The company was founded in 1990.", "The company later moved to Berlin.")),
    ("Cats and dogs are often allowed.", ("Cats and dogs are often allowed.",)),
])
def test_a_second_verb_phrase_after_an_adverb_is_a_claim_of_its_own(text, expected) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(("claim", "source"), [
    # the name at the claim's end, before its full stop, is in the source
    ("The Danube flows into the Black Sea.",
     "The Danube rises in the Black Forest and empties into the Black Sea through a delta."),
    # 'not allowed' denies what its subject names, as 'cannot' does
    ("You cannot castle while your king is in check.",
     "Castling is not allowed when the king is in check or has already moved."),
])
def test_a_correct_claim_is_supported(support, claim, source) -> None:
    verdict = support(claim, source)
    assert verdict.value, verdict.reason


@pytest.mark.parametrize(("claim", "source"), [
    # denying a need says nothing against a source that only says the thing is there
    ("No separate reservation is needed.",
     "All tickets include a seat reservation; the seat number is printed on the ticket."),
    # a denial for the other case, against a source that allows it to some only
    ("Otherwise overnight parking on Elm Street is not allowed.",
     "Overnight parking on Elm Street is permitted for residents with a permit only."),
])
def test_a_denial_the_source_does_not_deny_is_no_contradiction(support, claim, source) -> None:
    verdict = support(claim, source)
    assert (verdict.detail or {}).get("clash") is None, verdict.reason


@pytest.mark.parametrize(("claim", "source"), [
    ("You can castle while your king is in check.",
     "Castling is not allowed when the king is in check or has already moved."),
    ("No reservation is needed.", "A reservation is required for all visits."),
    ("You do not need a visa.", "Visitors must hold a visa."),
])
def test_the_opposite_is_still_a_contradiction(support, claim, source) -> None:
    verdict = support(claim, source)
    assert (verdict.detail or {}).get("clash") == "negation", verdict.reason


@pytest.mark.parametrize(("claim", "source"), [
    # 'never' denies as 'do not' does
    ("Never freeze the pens.", "Keep unopened pens in a refrigerator. Do not freeze the pens."),
    # 'unopened' before a noun is an adjective: 'Store' is no name that did something
    ("Store unopened pens in the fridge at 2 to 8 °C.",
     "Keep unopened insulin pens in a refrigerator at 2 to 8 °C."),
    # 'two times' is 'twice'; 'round trip' is 'there and back'
    ("Loans can be renewed online up to two times.",
     "The loan period is three weeks, and loans can be renewed twice online."),
    ("The round trip on the Mountain Track is about 17 km.",
     "The Mountain Track to the summit is about 17 km there and back."),
    # a letter ('a zone B permit') is no name in the place of the claim's 'Elm Street'
    ("Otherwise overnight parking on Elm Street is not allowed.",
     "Overnight parking is permitted for residents with a zone B permit only."),
])
def test_the_same_said_in_other_words_is_supported_or_at_least_not_denied(support, claim,
                                                                           source) -> None:
    verdict = support(claim, source)
    assert (verdict.detail or {}).get("clash") is None, verdict.reason
    if not claim.startswith("Otherwise"):
        assert verdict.value, verdict.reason


def test_a_clause_after_a_colon_is_a_claim_of_its_own() -> None:
    assert claims("No reservation is needed: every ticket already includes a seat.") == (
        "No reservation is needed.", "Every ticket already includes a seat.")
    assert claims("The plan covers: the gym, the pool and the sauna.") == (
        "The plan covers: the gym, the pool and the sauna.",)


def test_a_reply_read_with_its_question_speaks_of_the_questions_subject(evaluated) -> None:
    result = evaluated("What effect did the 1991 Pinatubo eruption have on climate?",
                       "Mount Pinatubo erupted in June 1991. The eruption cooled global "
                       "temperatures by about 0.5 °C.",
                       "It cooled global temperatures by about 0.5 °C.")
    assert result.scores["RP"] > 0.7 and result.scores["GR"] > 0.7
    assert "extraneous_content" not in result.diagnosis


def test_a_bound_in_a_fragment_answers_and_is_no_denial(judge, support) -> None:
    source = ("Adults can take one or two 500 mg tablets up to four times in 24 hours. Do not "
              "take more than 8 tablets (4 g) in 24 hours.")
    reply = "No more than 4 g, which is 8 tablets of 500 mg, in 24 hours."
    assert answers(judge, "What is the maximum daily dose of paracetamol for adults?", reply)
    assert support(reply, source).value
    assert support("Adults can take no more than 8 tablets in 24 hours.", source).value
    # 'do not take more than 8' bounds it from above: 'more than 8' is denied
    verdict = support("Adults can take more than 8 tablets in 24 hours.", source)
    assert (verdict.detail or {}).get("clash") == "number", verdict.reason


@pytest.mark.parametrize(("claim", "source", "clash"), [
    # a number the sentence gives to another verb of the same subject
    ("Ethanol boils at −114 °C.",
     "Ethanol is a flammable liquid that boils at 78.37 °C and freezes at −114 °C.", "number"),
    # a number another sentence gives to a subject differing by one word
    ("Free accounts can make up to 1,000 requests per minute.",
     "Free accounts are limited to 60 requests per minute. Pro accounts can make up to 1,000 "
     "requests per minute.", "number"),
    # nothing is larger than what the sources call the largest
    ("Saturn is larger than Jupiter.",
     "Jupiter is the largest planet in the Solar System. Saturn, the second largest, is "
     "about 116,460 km across.", "degree"),
])
def test_a_value_given_to_another_is_a_contradiction(support, claim, source, clash) -> None:
    verdict = support(claim, source)
    assert (verdict.detail or {}).get("clash") == clash, verdict.reason


@pytest.mark.parametrize(("claim", "source"), [
    ("Ethanol freezes at −114 °C.",
     "Ethanol is a flammable liquid that boils at 78.37 °C and freezes at −114 °C."),
    ("Free accounts can make 60 requests per minute.",
     "Free accounts are limited to 60 requests per minute. Pro accounts can make up to 1,000 "
     "requests per minute."),
    # the planet compared with is named in another sentence: no rival of 'Solar System'
    ("Jupiter is larger than Saturn.",
     "Jupiter is the largest planet in the Solar System. Saturn, the second largest, is "
     "about 116,460 km across."),
    ("Going over the limit returns an HTTP 429 error.",
     "Free accounts are limited to 60 requests per minute. Exceeding the limit returns HTTP "
     "429."),
])
def test_the_value_given_to_its_own_is_supported(support, claim, source) -> None:
    verdict = support(claim, source)
    assert verdict.value, verdict.reason


def test_where_the_response_read_it_is_not_part_of_the_claim() -> None:
    assert claims("According to the guidelines, you must be at least 17 to give blood.") == (
        "You must be at least 17 to give blood.",)
    assert claims("Based on the provided context, the museum opens at 9 am.") == (
        "The museum opens at 9 am.",)
    # a named source is part of what is claimed
    assert claims("According to NASA, the mission launched in 2021.") == (
        "According to NASA, the mission launched in 2021.",)


def test_a_reply_that_the_documents_do_not_say_states_nothing() -> None:
    assert claims("The provided documents do not mention the CEO's salary.") == ()
    assert claims("There is no information about parking.") == ()


@pytest.mark.parametrize(("claim", "source"), [
    ("Half of the city's annual budget goes to education.",
     "Education receives 50% of the city's annual budget."),
    ("Reykjavík has about 139,000 inhabitants.",
     "As of 2023, Reykjavík had a population of about 139,000."),
    # a hedged round figure of three figures or more
    ("The Moon is on average about 384,000 km from Earth.",
     "The Moon orbits Earth at an average distance of 384,400 km."),
    # the clause of the sentence that speaks of sales: 'fell' is said of the costs
    ("Sales grew by 12% in 2023.",
     "Sales rose by 12% in 2023 to 4.5 million euros, while costs fell by 3%."),
    # a correction: 'not A but B' says B
    ("Botanically it is not a vegetable but a fruit.",
     "Botanically, a tomato is a fruit, although it is usually cooked and eaten as a "
     "vegetable."),
])
def test_a_share_a_round_figure_a_synonym_or_a_correction_is_supported(support, claim,
                                                                       source) -> None:
    verdict = support(claim, source)
    assert verdict.value, verdict.reason


@pytest.mark.parametrize(("claim", "source"), [
    ("It has about 2,500 staff.", "It has 2,523 staff."),  # a round figure of two
    ("Sales fell by 3% in 2023.",
     "Sales rose by 12% in 2023 to 4.5 million euros, while costs fell by 3%."),
    ("Botanically a tomato is a vegetable, not a fruit.",
     "Botanically, a tomato is a fruit, although it is usually cooked and eaten as a "
     "vegetable."),
])
def test_a_figure_or_a_fall_given_to_another_is_not(support, claim, source) -> None:
    assert not support(claim, source).value


def test_it_in_a_later_clause_after_someone_made_a_named_work_is_the_work() -> None:
    assert claims("Kazuo Ishiguro wrote Never Let Me Go, and it was adapted into a film.") == (
        "Kazuo Ishiguro wrote Never Let Me Go.", "Never Let Me Go was adapted into a film.")


@pytest.mark.parametrize(("question", "text"), [
    ("Who is the current CEO of the company?", "Maria Lopez has been the CEO since March 2022."),
    ("What causes the northern lights?",
     "The northern lights happen when charged particles from the Sun collide with gases."),
])
def test_a_role_or_a_cause_said_in_other_words_answers(judge, question, text) -> None:
    assert answers(judge, question, text)


def test_an_elliptical_denial_agrees_with_the_sources_denial(support) -> None:
    source = "We accept Visa, Mastercard and PayPal. American Express is not accepted."
    verdict = support("Visa, Mastercard and PayPal are accepted, but not American Express.",
                      source)
    assert verdict.value, verdict.reason
    assert not support("Visa and PayPal are accepted, but not Mastercard.", source).value


def test_it_after_someone_did_it_is_left_to_the_question() -> None:
    assert claims("Gabriel García Márquez wrote it; it was published in 1967.") == (
        "Gabriel García Márquez wrote it.", "It was published in 1967.")


@pytest.mark.parametrize(("question", "text", "expected"), [
    # 'It' is the deed the question asks about: bringing your own wine
    ("Can I bring my own wine to the restaurant?",
     "It is not allowed on Fridays and Saturdays.", True),
    ("Can I bring my own wine to the restaurant?", "It costs 10 pounds per bottle.", True),
    ("Can I bring my dog to the museum?", "It is a large building.", False),
    # the answer opens the reply; a second clause after it does not hide it
    ("How long can cooked rice be kept in the fridge?",
     "No more than one day, and it should be cooled within an hour of cooking.", True),
])
def test_a_reply_about_the_asked_deed_or_led_by_its_answer(judge, question, text,
                                                           expected) -> None:
    assert answers(judge, question, text) is expected


def test_a_hedged_round_figure_read_with_its_question_is_supported(support) -> None:
    verdict = support("How far is the Moon from Earth? On average about 384,000 km.",
                      "The Moon orbits Earth at an average distance of 384,400 km.")
    assert verdict.value and verdict.probability > 0.8, verdict.reason


def test_a_quantity_alone_gives_no_subject_to_the_next_clause() -> None:
    assert claims("About 20 minutes, and it should rest afterwards.") == (
        "About 20 minutes.", "It should rest afterwards.")


@pytest.mark.parametrize(("claim", "source", "expected"), [
    # a role one holder has at a time, given to another
    ("The capital of Australia is Sydney.",
     "Canberra is the capital city of Australia. It was chosen in 1908 as a compromise "
     "between Sydney and Melbourne.", False),
    ("The capital of Australia is Canberra.",
     "Canberra is the capital city of Australia. It was chosen in 1908 as a compromise "
     "between Sydney and Melbourne.", True),
    # what one member of the group does not do, against a claim of all of them
    ("Both stores open on Sundays from 10 am to 4 pm.",
     "The Main Street store opens on Sundays from 10 am to 4 pm. The Riverside store is "
     "closed on Sundays.", False),
    ("Both stores are open on Saturdays.",
     "Both stores are open on Saturdays. The Riverside store is closed on Sundays.", True),
])
def test_a_holder_or_a_group_member_the_sources_name(support, claim, source, expected) -> None:
    verdict = support(claim, source)
    assert verdict.value is expected, verdict.reason


@pytest.mark.parametrize(("question", "text", "expected"), [
    # 'is held' is 'takes place'
    ("When is the conference held?",
     "PyData Berlin 2024 takes place from 22 to 24 April at the Congress Center.", True),
    ("Where is the conference held?",
     "PyData Berlin 2024 takes place from 22 to 24 April at the Congress Center.", True),
    # a rule one must keep answers a question about requirements
    ("What are the visa requirements for UK citizens visiting Japan?",
     "Your passport must be valid for the whole stay.", True),
    ("What are the visa requirements for UK citizens visiting Japan?",
     "Japan is famous for its cherry blossoms.", False),
    # a bound and its condition: the answer opens the reply
    ("How much notice do I need to give before leaving my job?",
     "At least one week, if you have worked there for more than a month.", True),
])
def test_an_event_a_requirement_or_a_bound_with_its_condition(judge, question, text,
                                                              expected) -> None:
    assert answers(judge, question, text) is expected


@pytest.mark.parametrize(("claim", "source", "expected"), [
    # a language or nationality opening the claim is a name
    ("Spanish is the official language of Brazil.",
     "Portuguese is the official and most widely spoken language of Brazil.", False),
    ("Portuguese is the official language of Brazil.",
     "Portuguese is the official and most widely spoken language of Brazil.", True),
    # two figures, each for its own case, swapped
    ("60 euros for adults, or 120 euros for students and seniors.",
     "An annual pass costs 120 euros for adults and 60 euros for students and seniors.", False),
    ("120 euros for adults, or 60 euros for students and seniors.",
     "An annual pass costs 120 euros for adults and 60 euros for students and seniors.", True),
])
def test_an_opening_language_and_swapped_figures(support, claim, source, expected) -> None:
    verdict = support(claim, source)
    assert verdict.value is expected, verdict.reason


def test_after_which_and_a_plural_noun_the_next_word_is_the_verb(judge) -> None:
    assert answers(judge, "Which workshops run on the first day of the conference?",
                   "The first day has three workshops: Introduction to Rust, Observability "
                   "with OpenTelemetry and Writing Accessible Forms.")
    assert not answers(judge, "Which workshops run on the first day of the conference?",
                       "Workshops must be booked in advance.")
