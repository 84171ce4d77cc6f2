"""Known answers of the twenty-fifth session: steps of everyday advice, causes given by a
mechanism, a share in them or what they bring about, a chain of events for how a thing forms
or what causes it, bare replies (a hedged noun phrase, a time of year), measures given by
their unit, subjects after an opening participle or before a plain verb, denials that agree
('cannot:' then the reason, 'out of X' / 'not in X', 'free of X' / 'no X'), and clashes by
swap (two names, numbers or opposites traded between clauses) or by a warned-against tool."""

from __future__ import annotations

import asyncio

import pytest
from tests.unit.judges.local.verdicts import answers

from ragvet.judges.base import AnswersItem
from ragvet.judges.local.answer_shape import is_step
from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.local.text import claims, question_focus, subject_of
from ragvet.judges.ops import ANSWERS
from ragvet.metrics.steps import gives_other_numbers, leans_on, qualifies, same_measure_elsewhere
from ragvet.text import has_verb, with_question_antecedent

# ---- steps -------------------------------------------------------------------------------------

@pytest.mark.parametrize("sentence", [
    "Adopt a fixed bedtime, even at weekends.",
    "Limit screens in the hour before bed.",
    "Spend ten minutes outside after lunch.",
    "During the first week drink plenty of water.",
])
def test_everyday_advice_is_a_step(sentence) -> None:
    assert is_step(sentence)


@pytest.mark.parametrize("sentence", [
    "Exercise is good for the heart.",
    "During the night the heat escapes through the roof.",
    "Drink prices have gone up.",
])
def test_a_noun_opening_a_statement_is_no_step(sentence) -> None:
    assert not is_step(sentence)


def test_a_step_of_advice_answers_a_how_can_i_question(judge) -> None:
    assert answers(judge, "How can I sleep better when I work night shifts?",
                   "Adopt the same sleep window every day and wear an eye mask.")


# ---- subjects and antecedents ------------------------------------------------------------------

def test_an_opening_participle_phrase_is_no_subject() -> None:
    assert subject_of("Stored in a cool cupboard it keeps for a year.") is None
    assert subject_of("Stored in a cool cupboard, the flour keeps for a year.") == "the flour"
    made = claims("Stored in a cool cupboard it keeps for a year. It may darken over time.")
    assert not any(c.startswith("Stored in a may") for c in made), made


def test_the_pronoun_stands_for_the_subject_without_a_trailing_preposition() -> None:
    assert with_question_antecedent("How long is a gym membership valid for?",
                                    "It is valid for twelve months.") == \
        "A gym membership is valid for twelve months."


def test_a_pronoun_reply_answers_how_long_it_is_valid_for(judge) -> None:
    assert answers(judge, "How long is a student railcard valid for?",
                   "It is valid for one year.")


# ---- yes/no questions on what a thing does -----------------------------------------------------

def test_going_off_is_answered_by_keeping_for_ever(judge) -> None:
    question = "Does white rice go off?"
    assert answers(judge, question, "Kept dry in an airtight tin it lasts almost indefinitely.")
    assert not answers(judge, question, "Rice is grown in flooded fields across Asia.")


def test_going_off_and_spoiling_are_one_stem() -> None:
    assert judge_stems("Milk goes off quickly.") & judge_stems("Milk spoils quickly.") >= \
        judge_stems("spoils")


# ---- causes and processes ----------------------------------------------------------------------

def test_a_mechanism_answers_why_it_is_hot(judge) -> None:
    assert answers(judge, "Why is the loft so hot in summer?",
                   "Its dark roof tiles absorb heat all day.")


def test_a_share_in_a_cause_answers_what_causes_it(judge) -> None:
    assert answers(judge, "What causes hay fever?",
                   "Grass pollen plays the largest part, mostly in early summer.")


def test_a_chain_of_events_answers_how_a_thing_forms(judge) -> None:
    question = "How are sand dunes formed?"
    assert answers(judge, question, "Wind lifts loose sand, carries it along and drops it "
                                    "where the air slows down.")
    # a sentence on the dunes that tells no chain of events is no answer
    assert not answers(judge, question, "Children love sliding down the tall ones at the "
                                        "seaside.")


def test_a_hedged_noun_phrase_is_a_bare_reply(judge) -> None:
    assert answers(judge, "What causes the seasons?",
                   "Mainly the tilt of the Earth's axis, not its distance from the Sun.")


# ---- denials that agree ------------------------------------------------------------------------

def test_an_elliptical_denial_before_a_colon_is_not_read_against_the_reason(support) -> None:
    verdict = support("Can penguins fly? Penguins cannot: their wings work as flippers for "
                      "swimming.",
                      "Penguins are flightless birds whose wings work as flippers for swimming.")
    assert "contradicted" not in (verdict.reason or ""), verdict.reason


def test_out_of_the_fridge_says_not_in_the_fridge(support) -> None:
    verdict = support("Milk left out of the fridge overnight should be thrown away.",
                      "Milk that was not kept in the fridge overnight should be thrown away.")
    assert "contradicted" not in (verdict.reason or ""), verdict.reason


def test_a_denial_of_something_else_still_clashes(support) -> None:
    verdict = support("Milk left in the fridge overnight should be thrown away.",
                      "Milk that was kept in the fridge overnight is not to be thrown away.")
    assert verdict.value is False


# ---- paraphrases -------------------------------------------------------------------------------

def test_charged_at_says_what_you_pay(support) -> None:
    assert support("Beyond two hours you pay 4 pounds an hour.",
                   "Parking above two hours is charged at 4 pounds an hour.").value


def test_changing_the_filter_is_replacing_it() -> None:
    assert judge_stems("Change the filter every month.") == \
        judge_stems("Replace the filter every month.")
    assert "replac" not in judge_stems("The leaves change colour in autumn.")


# ---- two names or numbers swapped between their roles ------------------------------------------

FESTIVAL = ("Rome hosts the main conference in May. The smaller workshop is held in Milan "
            "in June.")
PAINT = ("The first coat dries to the touch in 2 hours and can be painted over after 6 hours. "
         "Leave the last coat to harden for a week.")


def test_two_cities_swapped_between_two_sentences_are_contradicted(support) -> None:
    verdict = support("The main conference is in Milan, with the smaller workshop held in Rome.",
                      FESTIVAL)
    assert verdict.value is False
    assert "contradicted (role" in verdict.reason, verdict.reason


def test_two_numbers_swapped_between_two_clauses_are_contradicted(support) -> None:
    verdict = support("The first coat can be painted over after 2 hours and dries to the touch "
                      "in 6 hours.", PAINT)
    assert verdict.value is False
    assert "contradicted" in verdict.reason, verdict.reason


def test_the_same_roles_in_other_words_are_no_swap(support) -> None:
    verdict = support("The main conference takes place in Rome, and the smaller workshop is "
                      "in Milan.", FESTIVAL)
    assert "contradicted" not in (verdict.reason or ""), verdict.reason


# ---- batch 18: measures, times of year, causes of the asked, warnings, opposites swapped -------

def test_a_number_in_a_unit_of_the_asked_measure_answers(judge) -> None:
    assert answers(judge, "What should the pressure in my bike tyres be?",
                   "The gauge should read between 80 and 100 psi for road tyres.")


def test_a_time_of_year_after_its_preposition_is_a_bare_reply(judge) -> None:
    assert answers(judge, "When is the best time to see puffins in Scotland?",
                   "From late April to early August, when they come ashore to nest.")


def test_free_of_ice_says_no_ice(support) -> None:
    verdict = support("In winter the paths have no ice.",
                      "In winter the paths are kept free of ice.")
    assert "contradicted" not in (verdict.reason or ""), verdict.reason
    assert judge_stems("free of charge") == judge_stems("free")


def test_clearing_up_on_its_own_is_going_away_by_itself(support) -> None:
    assert support("A cold normally goes away by itself within ten days.",
                   "Colds usually clear up on their own within ten days.").value


def test_thoroughly_is_fully_and_cleaning_is_washing() -> None:
    assert judge_stems("Clean the brushes thoroughly.") == judge_stems("Wash the brushes fully.")


def test_a_step_after_you_can_also_is_a_step() -> None:
    assert is_step("You can also try a warm compress.")


@pytest.mark.parametrize(("question", "subject"), [
    ("Why do dogs pant?", "dogs"),
    ("Why do onions make you cry?", "onions"),
    ("When do swallows migrate?", "swallows"),
])
def test_a_wh_do_question_ends_its_subject_before_its_verb(question, subject) -> None:
    assert question_focus(question) == subject


def test_what_brings_about_the_asked_answers_why(judge) -> None:
    assert answers(judge, "Why do wet dogs smell?",
                   "Water releases oils from the coat, which causes the smell.")
    assert answers(judge, "Why do cats purr?",
                   "Vibrating muscles in the voice box are what make the purring sound.")


def test_a_chain_of_events_answers_what_causes_it(judge) -> None:
    assert answers(judge, "What causes thunder?",
                   "Lightning heats the air in an instant, and the air expands and gives off "
                   "a loud bang.")


def test_what_to_do_past_the_limit_qualifies_the_answer() -> None:
    assert qualifies("For longer stays, ask at the front desk.")
    assert not qualifies("The hotel opened in 1902.")


def test_a_tool_the_source_warns_against_is_contradicted(support) -> None:
    source = "Never use kitchen roll or paper towels on the screen."
    verdict = support("Clean the screen with kitchen roll.", source)
    assert verdict.value is False and "contradicted" in verdict.reason, verdict.reason
    verdict = support("Wipe the screen with a soft cloth, not kitchen roll.", source)
    assert "contradicted" not in (verdict.reason or ""), verdict.reason


def test_two_opposites_swapped_between_clauses_are_contradicted(support) -> None:
    source = "The lake is warm at the surface but cold at the bottom in summer."
    verdict = support("In summer the lake is cold at the surface and warm at the bottom.", source)
    assert verdict.value is False and "contradicted" in verdict.reason, verdict.reason
    verdict = support("In summer the lake is warm at the surface and cold at the bottom.", source)
    assert verdict.value is True, verdict.reason


# ---- batch 19: conditions, how a thing works, display, forbidden steps, frequencies swapped ----

def test_a_frequency_with_its_condition_is_a_bare_reply(judge) -> None:
    assert answers(judge, "How often should I water a cactus?",
                   "Once a fortnight if it sits in a sunny window, or once a month in winter.")


def test_what_a_thing_does_answers_how_it_works(judge) -> None:
    assert answers(judge, "How does a heat pump work in winter?",
                   "A heat pump moves warmth from the outside air into the house.")
    assert not answers(judge, "How does a heat pump work in winter?",
                       "Winter in Norway is long and dark.")


def test_what_an_animal_is_fed_is_its_food() -> None:
    assert judge_stems("What can I feed ducks?") & judge_stems("Duck food pellets are best.")


def test_a_painting_hangs_where_it_is_displayed(judge) -> None:
    assert answers(judge, "Where is The Night Watch displayed?",
                   "It hangs in the Rijksmuseum in Amsterdam.")


def test_thinking_someone_has_it_is_suspecting_it(support) -> None:
    assert support("If you think someone has a concussion, get medical help.",
                   "Get medical help if you suspect a concussion.").value


def test_closeness_alone_does_not_answer_a_yes_no_question(judge) -> None:
    question = "Does cider contain gluten?"
    assert not answers(judge, question, "Cider is a fermented drink made from apple juice.")
    assert answers(judge, question, "Cider is naturally free of gluten.")


def test_a_step_the_sources_forbid_is_contradicted(support) -> None:
    source = ("Never put batteries in the bin with household rubbish. Take them to a recycling "
              "point.")
    verdict = support("Put the old batteries in the bin with your other rubbish.", source)
    assert verdict.value is False and "contradicted" in verdict.reason, verdict.reason
    verdict = support("Don't put batteries in the bin; take them to a recycling point.", source)
    assert "contradicted" not in (verdict.reason or ""), verdict.reason


def test_two_frequencies_swapped_between_their_conditions_are_contradicted(support) -> None:
    source = ("Water it once a week in hot summer weather and once a month in cold winter "
              "weather.")
    verdict = support("Water it once a month in hot summer weather, and once a week in cold "
                      "winter weather.", source)
    assert verdict.value is False and "contradicted" in verdict.reason, verdict.reason


# ---- batch 20: waiting, opening conditions, aliases, fragments, parts of a query ----------------

def test_leaving_a_time_before_a_step_is_waiting(support) -> None:
    assert support("Leave at least ten minutes before you cut the cake.",
                   "Wait at least ten minutes before cutting the cake.").value


def test_an_opening_without_is_a_condition_not_a_denial(support) -> None:
    verdict = support("Heavy rain washes the topsoil away, so the crops lose their nutrients.",
                      "Without the topsoil, crops lose their nutrients.")
    assert "contradicted" not in (verdict.reason or ""), verdict.reason


def test_bags_are_baggage_and_earth_is_the_world(support) -> None:
    assert judge_stems("checked bags") == judge_stems("checked baggage")
    verdict = support("It is one of the tallest trees on Earth.",
                      "It is one of the tallest trees in the world.")
    assert verdict.value is True, verdict.reason


def test_an_adverb_then_a_place_is_a_bare_reply(judge) -> None:
    assert answers(judge, "Where should I store potatoes?",
                   "Ideally in a cool, dark cupboard, away from onions.")


def test_a_long_reply_with_a_short_verbless_first_clause_is_a_bare_reply(judge) -> None:
    assert answers(judge, "How long does a tattoo take to heal?",
                   "About two to four weeks, though deep colour work, thick lines or picking at "
                   "the scabs can make the healing take a good deal longer than that.")


def test_a_though_clause_with_a_modal_is_a_claim_of_its_own() -> None:
    assert claims("The ticket costs 20 euros, though children under five can travel free.") == \
        ("The ticket costs 20 euros.", "Children under five can travel free.")


def test_a_bare_number_does_not_answer_the_part_asking_what(judge) -> None:
    reply = "About two weeks."
    verdicts = asyncio.run(judge.run(ANSWERS, [
        AnswersItem(question="How long does a tattoo take to heal?", text=reply),
        AnswersItem(question="What slows the healing down?", text=reply)]))
    assert [bool(v.value) for v in verdicts] == [True, False]


def test_a_run_of_qualifying_facts_beside_the_answer_counts_for_rp(evaluated) -> None:
    result = evaluated("Do pensioners pay for prescriptions?",
                       "People aged 60 or over get free prescriptions. If you are 60 or over, "
                       "you do not need to pay, but you may need to show proof of age at the "
                       "pharmacy.",
                       "No, prescriptions are free from age 60. You might need to show proof "
                       "of age at the pharmacy, though.")
    assert "extraneous_content" not in result.diagnosis, result.diagnosis


# ---- batch 21: laws in force, avoiding, numbers in words, days, crying, where to go -----------

def test_coming_into_force_is_taking_effect() -> None:
    assert judge_stems("The ban came into force in 2020.") == \
        judge_stems("The ban took effect in 2020.")


def test_avoiding_a_thing_agrees_with_a_denial_of_it(support) -> None:
    verdict = support("Avoid coffee in the six hours before bed.",
                      "You should not drink coffee in the six hours before bed.")
    assert "contradicted" not in (verdict.reason or ""), verdict.reason


def test_a_number_in_words_opening_a_reply_is_read_as_its_figure(support, judge) -> None:
    assert support("How many days are in a leap year? Three hundred and sixty-six.",
                   "A leap year has 366 days instead of 365.").value
    assert answers(judge, "How many days are in a leap year?",
                   "Three hundred and sixty-six. An ordinary year has one day fewer.")
    assert not has_verb("Two hundred and six.")


def test_two_sentences_on_two_days_are_no_repeat() -> None:
    assert gives_other_numbers("It opens at 9 am on Mondays.", "It is closed on Tuesdays.")
    assert not gives_other_numbers("It opens at 9 am on Mondays.", "On Mondays it opens at 9.")


def test_tears_are_crying() -> None:
    assert judge_stems("Why do babies cry?") & judge_stems("It brings on tears.")


def test_a_step_answers_where_to_go(judge) -> None:
    assert answers(judge, "Where do I apply for a fishing licence?",
                   "Apply online through the Environment Agency website.")


def test_the_asked_measure_in_another_case_qualifies_the_answer() -> None:
    assert same_measure_elsewhere("How many teeth does an adult have?",
                                  "Children have 20 milk teeth.")
    assert same_measure_elsewhere("What time does the library open on Mondays?",
                                  "It opens at 10 am on Saturdays.")
    assert not same_measure_elsewhere("How long is a season ticket valid?",
                                      "Season tickets were first sold in 1874.")


def test_the_fact_the_answer_points_back_to_goes_with_it() -> None:
    assert leans_on("When the gas reaches your eyes it forms an acid.",
                    "Cutting an onion releases a gas.")
    assert not leans_on("The museum opens at 10 am.", "Cutting an onion releases a gas.")


# ---- batch 22: fragments, degrees, the verb a reply repeats, denials said another way ----------

def test_a_name_then_what_is_said_of_it_is_a_bare_reply(judge) -> None:
    assert answers(judge, "Where is the longest river in Europe?",
                   "The Volga, about 3,530 km long, all of it in Russia.")


def test_a_medium_degree_answers_how_much(judge) -> None:
    assert answers(judge, "How much water does a cactus need?",
                   "Medium, occasional water suits it best.")


def test_a_fragment_ends_before_a_clause_of_time(judge) -> None:
    assert answers(judge, "How far in advance can I book a table?",
                   "Up to 60 days before it is free.")


def test_the_subject_of_a_do_question_ends_at_the_verb_the_reply_repeats() -> None:
    assert with_question_antecedent("How does a knight move in chess?",
                                    "It moves in an L shape.") == \
        "A knight moves in an L shape."


def test_rather_than_and_stopping_say_not(support) -> None:
    verdict = support("Clean it with cold water rather than hot water.",
                      "Clean it with cold water, not hot water.")
    assert "contradicted" not in (verdict.reason or ""), verdict.reason
    verdict = support("Frost means the buds will not open.", "Frost stops the buds opening.")
    assert "contradicted" not in (verdict.reason or ""), verdict.reason


def test_coming_back_is_returning_and_running_out_is_expiring() -> None:
    assert judge_stems("to stop it coming back") == judge_stems("to stop it returning")
    assert judge_stems("before the card runs out") == judge_stems("before the card expires")
    assert judge_stems("we ran out of milk") != judge_stems("we expired of milk")


def test_too_much_of_a_thing_qualifies_the_answer() -> None:
    assert qualifies("Large quantities make the soil too acidic.")
    assert qualifies("Too little light stops it flowering.")


# ---- batch 23: the asker as subject, a reply in the asked measure, hedged and restated causes --

def test_should_i_asks_of_the_asker(judge) -> None:
    assert question_focus("Should I water a cactus in winter?") == "I"
    assert answers(judge, "Should I water a cactus in winter?",
                   "Hardly at all: water it once a month, since it is resting.")


def test_a_reply_in_the_asked_measure_is_read_with_its_question(judge) -> None:
    assert answers(judge, "How much storage comes with the basic account?",
                   "You get 50 GB, shared between mail and documents.")


def test_a_hedged_state_and_a_restated_case_answer_why(judge) -> None:
    question = "Why does my car battery keep going flat?"
    assert answers(judge, question, "Usually the alternator is not charging it.")
    assert answers(judge, question,
                   "A car battery that keeps going flat often has a faulty alternator.")
    assert not answers(judge, question, "A car battery that is new is usually covered.")


def test_not_allowed_to_add_a_fee_is_cannot_charge_one() -> None:
    assert judge_stems("Shops are not allowed to add a fee for card payments.") == \
        judge_stems("Shops cannot charge a fee for card payments.")
    assert judge_stems("beeping") == judge_stems("chirping")
