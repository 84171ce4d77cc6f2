"""Known answers of the twenty-first session: spans of the calendar in other units, the
subject of a yes/no question asked with 'does', and paraphrases a healthy answer uses."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers

from ragvet.judges.local.text import claims, question_focus
from ragvet.text import has_verb, pronoun_in_first_clause, with_question_antecedent

SCHEDULE = ("Vaccination schedule: at 8 weeks, babies receive the 6-in-1 vaccine, the rotavirus "
            "vaccine and the MenB vaccine. At 12 weeks, they receive the second dose of the 6-in-1 "
            "vaccine and the pneumococcal vaccine.")
TAX = ("Paper tax returns must reach the tax office by 31 October. Online returns can be filed "
       "until 31 January of the following year.")
PLANS = ("The Free plan includes up to 3 projects, 1 GB of storage and community support. The "
         "Pro plan adds unlimited projects, 100 GB of storage and email support for $12 per "
         "month.")
PLANETS = ("Venus is the hottest planet in the solar system, with a mean surface temperature of "
           "about 464 °C, even though Mercury is closer to the Sun.")
STAMPS = ("From April, a first class stamp for a standard letter costs £1.65 and a second class "
          "stamp costs 85p.")
NOTICE = ("Employees must give one month's written notice of resignation. During the "
          "probationary period, the notice period is one week.")
WAGES = ("From April 2024, the National Living Wage for workers aged 21 and over is £11.44 per "
         "hour. Workers aged 18 to 20 are entitled to £8.60 per hour.")
BAGS = ("Economy passengers may check in one bag of up to 23 kg. Business class passengers may "
        "check in two bags of up to 32 kg each. All passengers may bring one carry-on bag of up "
        "to 8 kg.")
APOLLO = ("Apollo 11 landed on the Moon on 20 July 1969. Neil Armstrong and Buzz Aldrin walked "
          "on the surface while Michael Collins stayed in orbit.")
PREGNANCY = ("Moderate exercise during pregnancy is generally safe and recommended. Avoid contact "
             "sports and exercises that involve lying flat on your back after 16 weeks.")
SLEEP = ("Teenagers aged 13 to 18 need 8 to 10 hours of sleep a night, while adults need 7 to 9 "
         "hours.")
NIGHT_BUS = "Night bus N5 runs every 30 minutes between midnight and 5 am, seven days a week."
SAVER = ("The Easy Saver account pays 3.1% AER on balances up to £10,000 and 2.5% AER on any "
         "amount above that. Interest is paid monthly.")


@pytest.mark.parametrize("claim", [
    "At two months babies get the 6-in-1, rotavirus and MenB vaccines.",
    "At two months (8 weeks) babies get the 6-in-1, rotavirus and MenB vaccines.",
])
def test_a_span_in_months_is_the_sources_span_in_weeks(support, claim) -> None:
    verdict = support(claim, SCHEDULE)
    assert verdict.value is True, verdict.reason


def test_a_span_in_months_matching_another_case_in_weeks_is_contradicted(support) -> None:
    verdict = support("At three months babies get the 6-in-1, rotavirus and MenB vaccines.",
                      SCHEDULE)
    assert verdict.value is False
    assert "contradicted (number" in verdict.reason


@pytest.mark.parametrize(("question", "subject"), [
    ("Does the phone warranty cover water damage?", "the phone warranty"),
    ("Does the plan include email support?", "the plan"),
    ("Does insulin need refrigeration?", "insulin"),
    # 'cover' right after the determiner is the subject's noun, 'fit' the verb
    ("Does the cover fit the phone?", "the cover"),
    # a plain word before a determiner is the verb before its object
    ("Does the cover suit the phone?", "the cover"),
    ("How does a heat pump heat a house?", "a heat pump"),
    ("Does honey go off?", "honey"),
    ("Can hamsters live together?", "hamsters"),
])
def test_a_does_question_ends_its_subject_at_a_common_plain_verb(question, subject) -> None:
    assert question_focus(question) == subject


def test_a_wh_question_keeps_its_verb_in_the_subject_words() -> None:
    # what the relevance rules set apart: an answer repeating 'cover' is on the point
    assert question_focus("What does the warranty cover?") == "the warranty cover"


def test_a_denial_of_what_a_does_question_asks_answers_it(judge) -> None:
    assert answers(judge, "Does the phone warranty cover water damage?",
                   "Water damage is not covered.")


@pytest.mark.parametrize(("question", "text"), [
    ("How long must a new password be?",
     "A new password must have at least 12 characters, including at least one number."),
    ("How long is the essay?", "The essay must be 2,000 words."),
    ("How long can honey be stored?",
     "Sealed honey can keep indefinitely, thanks to its low moisture and acidity."),
    ("What happens to a Kubernetes pod when its node fails?", "The pod is deleted."),
])
def test_a_length_a_span_without_end_or_an_event_answers(judge, question, text) -> None:
    assert answers(judge, question, text)


@pytest.mark.parametrize(("question", "text"), [
    ("How long must a new password be?", "Passwords are stored as salted hashes."),
    ("How long can honey be stored?", "Honey is made by bees from nectar."),
    ("How long is the flight?", "The flight has 180 seats."),
    ("What happens to a Kubernetes pod when its node fails?",
     "Pods are the smallest deployable units."),
    ("What happens to a Kubernetes pod when its node fails?",
     "Kubernetes was released by Google in 2014."),
])
def test_the_subject_without_the_length_or_the_event_does_not(judge, question, text) -> None:
    assert not answers(judge, question, text)


@pytest.mark.parametrize("text", ["They use the waggle dance.", "It costs 15 euros.",
                                  "We also offer refunds.", "I think so."])
def test_a_subject_pronoun_and_its_present_verb_is_a_verb(text) -> None:
    assert has_verb(text)


@pytest.mark.parametrize("text", ["You and me.", "They, the brothers.", "It alone.",
                                  "Them all."])
def test_a_pronoun_without_a_verb_is_none(text) -> None:
    assert not has_verb(text)


def test_they_stands_for_the_plural_noun_opening_the_question() -> None:
    assert with_question_antecedent(
        "How do honeybees tell each other where food is?",
        "They use the waggle dance.") == "Honeybees use the waggle dance."


def test_a_colon_after_a_pronoun_and_its_verb_splits_two_claims() -> None:
    assert claims("They use the waggle dance: its angle is the direction of the food.") == (
        "They use the waggle dance.", "Its angle is the direction of the food.")


@pytest.mark.parametrize(("claim", "source"), [
    ("You can ask for early check-in.", "Early check-in can be requested."),
    ("Early check-in depends on availability.", "Early check-in is subject to availability."),
    ("Beethoven wrote nine symphonies.", "Beethoven composed nine symphonies."),
    ("The Colosseum was finished in 80 AD.", "The Colosseum was completed in 80 AD."),
    ("The angle of the dance shows the direction of the food.",
     "The angle of the dance indicates the direction of the food."),
])
def test_a_common_paraphrase_is_supported(support, claim, source) -> None:
    verdict = support(claim, source)
    assert verdict.value is True, verdict.reason


def test_a_date_of_another_case_is_contradicted_by_the_cases_own_date(support) -> None:
    verdict = support("Online tax returns are due by 31 October.", TAX)
    assert verdict.value is False
    assert "October vs January" in verdict.reason


@pytest.mark.parametrize("claim", ["Online tax returns are due by 31 January of the following "
                                   "year.", "Paper tax returns are due by 31 October."])
def test_each_case_with_its_own_date_is_supported(support, claim) -> None:
    assert support(claim, TAX).value is True


def test_a_plans_list_with_items_of_another_plan_is_not_supported(support) -> None:
    verdict = support("The Free plan gives you unlimited projects, 1 GB of storage and email "
                      "support.", PLANS)
    assert verdict.value is False
    assert "only of The Pro plan" in verdict.reason


@pytest.mark.parametrize("claim", [
    "The Free plan gives you up to 3 projects, 1 GB of storage and community support.",
    "The Pro plan gives you unlimited projects and email support.",
])
def test_each_plan_with_its_own_items_is_supported(support, claim) -> None:
    assert support(claim, PLANS).value is True


def test_qualified_ones_stand_for_the_first_subjects_plural_noun() -> None:
    assert claims("Monthly memberships can be cancelled at any time, but annual ones cannot be "
                  "cancelled during the first year.")[1] == \
        "Annual memberships cannot be cancelled during the first year."


@pytest.mark.parametrize("text", ["The warranty covers manufacturing defects for two years.",
                                  "It only covers manufacturing defects."])
def test_what_the_subject_of_a_does_question_does_answers_it(judge, text) -> None:
    assert answers(judge, "Does the phone warranty cover water damage?", text)


def test_the_subject_of_a_does_question_with_another_verb_does_not(judge) -> None:
    assert not answers(judge, "Does the phone warranty cover water damage?",
                       "The phone has a 6.1-inch screen.")


@pytest.mark.parametrize(("claim", "source", "shown"), [
    ("Mercury is the hottest planet.", PLANETS, "mercury vs venus (the hottest planet)"),
    ("A first class stamp costs 85p.", STAMPS, "85 vs 1.65"),
    ("Full-time staff get 25 days of paid annual leave, including public holidays.",
     "Full-time employees are entitled to 25 days of paid annual leave, plus public holidays.",
     "the claim counts public holidays within the figure"),
    ("The price is £40 including VAT.", "The price is £40, excluding VAT.",
     "the claim counts VAT within the figure"),
    ("Adults should take 10 micrograms of vitamin D a day all year round.",
     "Adults are advised to take a daily supplement containing 10 micrograms of vitamin D "
     "during autumn and winter.", "all year vs 'during autumn and winter'"),
    ("You need to give one week's notice in writing, or one month during your probation.",
     NOTICE, "one week vs one month"),
    ("Loans last one week.", "Loans last three weeks and can be renewed twice online.",
     "one week vs three weeks"),
    ("Workers aged 21 and over must be paid at least £8.60 an hour.", WAGES, "8.60 vs 11.44"),
    ("In economy you can check in two bags of up to 32 kg each.", BAGS, "32 vs 23"),
    ("Michael Collins was the first to walk on the surface.", APOLLO,
     "says it of Neil Armstrong and Buzz Aldrin, not of Michael Collins"),
    ("Teenagers need 7 to 9 hours of sleep each night.", SLEEP, "9 vs 10"),
    ("The N5 night bus runs every 30 minutes from midnight to 5 am, but not at weekends.",
     NIGHT_BUS, "'seven days a week' vs 'but not at weekends'"),
    ("The pool is open every day.", "The pool is open Monday to Friday and closed at weekends.",
     "'every day' vs 'closed at weekends'"),
])
def test_a_figure_holder_deed_or_scope_of_another_is_contradicted(support, claim, source,
                                                                   shown) -> None:
    verdict = support(claim, source)
    assert verdict.value is False
    assert shown in verdict.reason


@pytest.mark.parametrize(("claim", "source"), [
    ("Venus is the hottest planet.", PLANETS),
    ("Baikal is the deepest lake.", "Lake Baikal is the deepest lake in the world."),
    ("A second class stamp costs 85p.", STAMPS),
    ("The price is £40 including VAT.", "The price is £40 including VAT and delivery."),
    ("The pool is open all year round.",
     "The indoor pool is open all year round. The outdoor pool is open from May to September."),
    ("Workers aged 21 and over must be paid at least £11.44 an hour.", WAGES),
    ("Workers aged 18 to 20 are entitled to £8.60 an hour.", WAGES),
    ("In economy you can check in one bag of up to 23 kg.", BAGS),
    ("In business class you can check in two bags of up to 32 kg each.", BAGS),
    ("Neil Armstrong walked on the surface.", APOLLO),
    ("Michael Collins stayed in orbit.", APOLLO),
    ("Teenagers need 8 to 10 hours of sleep each night.", SLEEP),
    ("Adults need 7 to 9 hours of sleep.", SLEEP),
    ("The N5 night bus runs every 30 minutes from midnight to 5 am, every day of the week.",
     NIGHT_BUS),
])
def test_each_ones_own_figure_holder_deed_or_scope_is_supported(support, claim,
                                                                source) -> None:
    verdict = support(claim, source)
    assert verdict.value is True, verdict.reason


def test_a_superlative_holder_is_the_whole_subject(support) -> None:
    louvre = "The Louvre in Paris is the most visited art museum in the world."
    assert support("The Louvre is the most visited art museum in the world.", louvre).value
    verdict = support("The Prado is the most visited art museum in the world.", louvre)
    assert verdict.value is False and "prado vs louvre paris" in verdict.reason


def test_a_superlative_over_another_range_is_no_rival(support) -> None:
    verdict = support("Baikal is the deepest lake.",
                      "Crater Lake is the deepest lake in the United States.")
    assert "contradicted" not in verdict.reason


def test_a_pronoun_after_a_later_clause_stands_for_that_clauses_words() -> None:
    question = "Why is the sky blue?"
    assert pronoun_in_first_clause(question, "It scatters blue light more, and it looks blue.")
    assert not pronoun_in_first_clause(
        question, "Gases scatter sunlight, and blue light is scattered more because it has "
                  "shorter wavelengths.")


def test_a_claim_whose_pronoun_has_a_nearer_antecedent_is_not_read_with_the_question() -> None:
    from ragvet import evaluate
    from ragvet.data.records import make_record

    record = make_record(
        query="Why is the sky blue?",
        sources=["Sunlight is scattered by the gases in the atmosphere. Blue light is scattered "
                 "more than other colours because it travels in shorter, smaller waves."],
        response="Gases in the atmosphere scatter sunlight, and blue light is scattered more "
                 "than other colours because it has shorter wavelengths.")
    run = evaluate([record], ["GR"], "local")
    (claim,) = [c.text for c in run.results[0].components if c.metric == "GR"]
    assert not claim.startswith("Why is the sky blue?")


def test_a_session_that_may_last_45_minutes_still_lasts(support) -> None:
    verdict = support("That session may last up to 45 minutes.",
                      "Each session lasts up to 45 minutes and takes twelve guests at most.")
    assert verdict.value is True


@pytest.mark.parametrize(("question", "text"), [
    ("What is the difference between a virus and a bacterium?",
     "Viruses are much smaller and cannot reproduce outside a host cell."),
    ("What is the difference between a virus and a bacterium?",
     "Bacteria are single-celled organisms that can live on their own."),
    ("How does a crocodile differ from an alligator?",
     "Crocodiles have a narrower, V-shaped snout."),
])
def test_what_one_of_two_compared_things_is_answers_the_difference(judge, question,
                                                                   text) -> None:
    assert answers(judge, question, text)


@pytest.mark.parametrize("text", ["The lab was founded in 1950.",
                                  "Viruses were first discovered in 1892."])
def test_a_past_event_or_another_subject_is_no_difference(judge, text) -> None:
    assert not answers(judge, "What is the difference between a virus and a bacterium?", text)


def test_a_sentence_with_two_dates_answers_both_when_parts(judge) -> None:
    from ragvet.judges.local.scoring import _answers_each

    text = "The Wall went up on 13 August 1961 and fell on 9 November 1989."
    assert _answers_each("date", text, "When was the Berlin Wall built?")
    assert not _answers_each("date", "The Wall fell on 9 November 1989.",
                             "When was the Berlin Wall built?")


@pytest.mark.parametrize("text", [
    "Don't put it in the fridge, as the cold turns the leaves black.",
    "Keep it at room temperature with the stems trimmed and standing in a glass of water.",
])
def test_a_step_to_take_or_not_to_take_answers_how_to(judge, text) -> None:
    assert answers(judge, "How should I store fresh basil?", text)


def test_a_claim_two_neighbouring_sentences_say_between_them_is_supported(support) -> None:
    verdict = support("You need to give one month's notice in writing, or one week during your "
                      "probation.", NOTICE)
    assert verdict.value is True
    assert "the sentence next to it" in verdict.reason


def test_this_effect_naming_the_sentence_before_is_joined_to_its_claim() -> None:
    assert claims("Blue light is scattered more than other colours. This effect is known as "
                  "Rayleigh scattering.") == (
        "Blue light is scattered more than other colours, which is known as Rayleigh "
        "scattering.",)


def test_a_named_subject_after_and_opens_a_claim_of_its_own() -> None:
    assert claims("Apollo 11 landed on 20 July 1969, and Michael Collins was the first to walk "
                  "on the surface.") == ("Apollo 11 landed on 20 July 1969.",
                                         "Michael Collins was the first to walk on the surface.")


@pytest.mark.parametrize(("question", "text"), [
    ("How often should I water a cactus?",
     "About once every two weeks in spring and summer, letting the soil dry out in between, and "
     "only once a month or not at all in winter."),
    ("How often do the buses run?", "Buses run every 15 minutes on weekdays."),
    ("Can I use the gym while pregnant?",
     "Moderate exercise during pregnancy is generally safe and recommended."),
])
def test_a_frequency_or_a_noun_in_ancy_answers(judge, question, text) -> None:
    assert answers(judge, question, text)


def test_a_subject_without_a_frequency_does_not_answer_how_often(judge) -> None:
    assert not answers(judge, "How often should I water a cactus?",
                       "Cacti store water in their stems.")


def test_or_not_at_all_and_a_denied_condition_deny_nothing(support) -> None:
    cactus = support("Only once a month or not at all in winter.",
                     "In winter, water only once a month or not at all.")
    assert cactus.value is True, cactus.reason
    ielts = support("If English isn't your first language, you must show an IELTS score of "
                    "6.5.", "Applicants must show an IELTS score of 6.5.")
    assert "negation" not in ielts.reason
    assert support("You do not need a degree.",
                   "Applicants need a bachelor's degree.").value is False


def test_advice_against_what_the_source_recommends_is_contradicted(support) -> None:
    verdict = support("All exercise should be avoided during pregnancy.", PREGNANCY)
    assert verdict.value is False
    assert "'avoided' vs 'recommended'" in verdict.reason
    assert support("Contact sports should be avoided during pregnancy.", PREGNANCY).value


def test_a_clause_about_the_claims_own_object_is_no_other_doer(support) -> None:
    verdict = support("The Beatles released Abbey Road in 1969.",
                      "Abbey Road was recorded in 1969, while the Beatles released Let It Be in "
                      "1970.")
    assert "says it of" not in verdict.reason


def test_no_with_its_own_verb_after_and_opens_a_claim() -> None:
    assert claims("You get 10 paid sick days a year, and no doctor's note is ever required.") \
        == ("You get 10 paid sick days a year.", "No doctor's note is ever required.")
    assert claims("It has a pool, and no gym.") == ("It has a pool, and no gym.",)


@pytest.mark.parametrize(("text", "expected"), [
    ("Applications close at 5 pm on 15 November, and late ones won't be considered.",
     ("Applications close at 5 pm on 15 November.", "Late applications won't be considered.")),
    ("Most stalls take card payments, though a few smaller ones are cash only, and there's a "
     "cash machine at the entrance.",
     ("Most stalls take card payments.", "A few smaller stalls are cash only.",
      "There's a cash machine at the entrance.")),
])
def test_ones_though_and_there_open_claims_of_their_own(text, expected) -> None:
    assert claims(text) == expected


def test_a_share_in_words_is_read_as_a_percentage(support) -> None:
    from ragvet.judges.local.features import in_digits

    assert in_digits("Half of the budget goes to health.") == "50% of the budget goes to health."
    assert in_digits("It takes a quarter of an hour.") == "It takes a quarter of an hour."
    verdict = support("Why are coral reefs important? They support about a quarter of all marine "
                      "species despite covering under 1% of the ocean floor.",
                      "Coral reefs support about 25% of all marine species while covering less "
                      "than 1% of the ocean floor.")
    assert verdict.value is True, verdict.reason


@pytest.mark.parametrize(("question", "text"), [
    ("When is the application deadline for the scholarship?",
     "Applications close at 5 pm on 15 November."),
    ("What is the longest river in Africa?",
     "The Nile, which flows about 6,650 km north into the Mediterranean."),
])
def test_a_closing_date_or_a_name_with_its_relative_clause_answers(judge, question,
                                                                   text) -> None:
    assert answers(judge, question, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("Coral reefs support about 25% of all marine species while covering less than 1% of the "
     "ocean floor.", True),
    ("They also protect coastlines from storms and erosion.", True),
    ("Coral reefs are found in tropical waters.", False),
])
def test_what_a_thing_does_for_others_says_why_it_matters(judge, text, expected) -> None:
    assert answers(judge, "Why are coral reefs important?", text) is expected


def test_a_thing_done_at_another_frequency_is_contradicted(support) -> None:
    verdict = support("It pays 3.1% AER on any balance, with interest paid yearly.", SAVER)
    assert verdict.value is False and "yearly vs monthly" in verdict.reason
    assert support("It pays 3.1% AER, with interest paid monthly.", SAVER).value
    assert support("Interest is paid annually.", "Interest is paid yearly on 1 January.").value
