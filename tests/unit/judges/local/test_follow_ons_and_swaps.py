"""Known answers of the twenty-third session: a detail that goes with the answer (RP reads it
with the source fact it restates), 'X-free' said as 'without X', sides of a deed swapped
between two things, a number given to another name, and questions whose shape the rules
misread ('What should I do if …?', 'Is it safe to …?', who alone may use something)."""

from __future__ import annotations

from tests.unit.judges.local.verdicts import answers, essential

HIVE = ("In spring the nurse bees feed the larvae with royal jelly and pollen. Older workers "
        "leave the hive to forage.")
NORDICS = ("Norway has 5.5 million inhabitants, most of them along the coast. Denmark has 5.9 "
           "million inhabitants.")
LOVELACE = ("Ada Lovelace was an English mathematician. Ada died in 1852, aged 36. Lovelace "
            "had married in 1835, aged 19.")
ROOM = ("The large meeting room seats up to 40 people. With the partition open, a further 20 "
        "chairs can be added from the store room.")


# ---- support ---------------------------------------------------------------------------------

def test_x_free_says_without_x(support) -> None:
    verdict = support("Residents can park permit-free on Sundays.",
                      "On Sundays residents may park without a permit.")
    assert verdict.value is True, verdict.reason


def test_x_free_is_denied_by_a_source_that_has_x(support) -> None:
    verdict = support("The rye bread is gluten-free.",
                      "The rye bread is made with wheat flour and contains gluten.")
    assert verdict.value is False


def test_a_noun_in_ism_meets_its_ist(support) -> None:
    verdict = support("The island's economy depends on tourists.",
                      "The island's economy depends on tourism and fishing.")
    assert verdict.value is True, verdict.reason


def test_the_two_sides_of_a_deed_swapped_between_things(support) -> None:
    verdict = support("In spring the larvae feed the nurse bees.", HIVE)
    assert verdict.value is False and "role" in verdict.reason


def test_the_deed_the_right_way_round_or_in_the_passive_is_supported(support) -> None:
    for claim in ("The nurse bees feed the larvae with royal jelly.",
                  "The larvae are fed by the nurse bees."):
        verdict = support(claim, HIVE)
        assert verdict.value is True, (claim, verdict.reason)


def test_a_number_given_to_another_name(support) -> None:
    verdict = support("Denmark has 5.5 million inhabitants.", NORDICS)
    assert verdict.value is False and "5.5 million vs 5.9 million" in verdict.reason


def test_two_parts_of_one_persons_name_are_not_two_subjects(support) -> None:
    verdict = support("Lovelace died in 1852, aged 36.", LOVELACE)
    assert "contradicted" not in verdict.reason, verdict.reason


def test_a_denial_after_it_is_read_against_the_claim_it_denies(support) -> None:
    source = ("The museum card gives free entry to the permanent collections. It does not "
              "cover special exhibitions or evening concerts.")
    verdict = support("The museum card covers the permanent collections and special "
                      "exhibitions.", source)
    assert verdict.value is False and "negation" in verdict.reason
    verdict = support("The museum card gives free entry to the permanent collections.", source)
    assert verdict.value is True, verdict.reason


# ---- relevance -------------------------------------------------------------------------------


def test_a_remedy_is_needed_for_the_askers_own_trouble_but_is_no_cause(judge) -> None:
    question = "Why does my bread come out dense?"
    remedy = "Let the dough rise for longer in a warm place."
    assert essential(judge, question, remedy)
    assert not answers(judge, question, remedy)
    assert not essential(judge, "Why is bread dense in the Middle Ages?", remedy)


def test_what_helps_is_needed_for_how_can_i(judge) -> None:
    assert essential(judge, "How can I keep my laptop cool?",
                     "Raising the back of the laptop on a stand helps a lot.")


def test_a_short_step_is_no_bare_answer_to_why(judge) -> None:
    assert not answers(judge, "Why do leaves change colour in autumn?", "Use a bigger pot.")


def test_a_step_answers_what_should_i_do(judge) -> None:
    assert answers(judge, "What should I do if my car battery is flat?",
                   "Ask another driver for a jump start, or call your breakdown service.")


def test_is_it_safe_to_is_answered_by_what_alone_is_safe(judge) -> None:
    assert answers(judge, "Is it safe to swim in the lake after heavy rain?",
                   "After heavy rain only the bathing area by the lifeguard station is safe "
                   "for swimming.")


def test_who_alone_may_use_it_answers_where(judge) -> None:
    assert answers(judge, "Where can I charge my car at the hotel?",
                   "The hotel car chargers are reserved for guests staying in a suite.")


def test_a_denial_the_question_makes_itself_is_no_answer(judge) -> None:
    assert not answers(judge, "How long can I park on Elm Street without a permit?",
                       "You can park on Elm Street without a permit.")


# ---- RP: a detail read with the source fact it restates ---------------------------------------

def test_a_detail_restating_an_essential_source_fact_is_not_extraneous(evaluated) -> None:
    result = evaluated("How many people can the meeting room hold?", ROOM,
                       "The large meeting room seats up to 40 people. With the partition "
                       "open, 20 more chairs fit.")
    first, detail = (c for c in result.components if c.metric == "RP")
    assert first.verdict and detail.verdict and "extraneous_content" not in result.diagnosis
    # the claim alone names nothing asked; the source fact it restates does
    assert "where it answers the query" in detail.reason
    assert "on its own: no sentence holds information" in detail.reason


def test_a_detail_no_essential_fact_backs_stays_extraneous(evaluated) -> None:
    result = evaluated("How many people can the meeting room hold?", ROOM,
                       "The large meeting room seats up to 40 people. Coffee is served in the "
                       "lobby at ten.")
    assert result.scores["RP"] < 0.7 and "extraneous_content" in result.diagnosis


# ---- batch 9: bounds, demonyms, periods, times, pronouns -------------------------------------

def test_a_whole_number_bound_said_at_the_next_number(support) -> None:
    source = "Members aged 18 to 25 pay half price. Members aged 66 and over pay nothing."
    verdict = support("Members under 26 pay half price.", source)
    assert verdict.value is True, verdict.reason
    assert "contradicted" not in support("Members over 65 pay nothing.", source).reason
    assert support("Members under 30 pay half price.", source).value is False


def test_a_country_and_its_demonym_before_a_noun_name_one_nation(support) -> None:
    verdict = support("In 1990 Norway joined the agreement.",
                      "In 1990 the Norwegian government joined the agreement.")
    assert verdict.value is True, verdict.reason


def test_a_demonym_naming_a_language_is_not_the_country(support) -> None:
    verdict = support("The dish comes from Spain.",
                      "The dish (Spanish: 'tortilla') comes from Mexico.")
    assert verdict.value is False


def test_a_time_the_sentence_gives_to_something_else(support) -> None:
    source = "The shop opens at 8 am and the pharmacy counter is open until 6 pm."
    verdict = support("The shop opens at 6 pm.", source)
    assert verdict.value is False and "contradicted" in verdict.reason
    # 'and at' goes on with the same verb
    assert support("The gym opens at 6:30 on weekdays.",
                   "The gym opens at 8:00 at weekends and at 6:30 on weekdays.").value is True


def test_what_is_the_fee_is_answered_by_what_the_fee_is(judge) -> None:
    assert answers(judge, "What is the service charge on my restaurant bill?",
                   "It is an optional tip the restaurant adds for the staff.")


def test_a_span_to_the_end_of_a_period_answers_how_long(judge) -> None:
    assert answers(judge, "How long is the parking permit valid?",
                   "The permit is valid until the end of the calendar year.")


def test_an_it_after_a_reason_or_a_plural_subject_stands_for_neither() -> None:
    from ragvet.judges.local.text import claims
    assert claims("Because the roads are icy, buses are late. It usually clears by noon.")[-1] \
        .startswith("It ")
    assert claims("Many commuters drive to work. It is cheaper than the train.")[-1] \
        .startswith("It ")
    assert claims("The bridge opened in 1932. It is 500 metres long.")[-1] \
        .startswith("The bridge")


# ---- batch 10 ---------------------------------------------------------------------------------

def test_a_quantity_then_a_participle_phrase_is_a_bare_answer(judge) -> None:
    assert answers(judge, "How many nights can I stay at the campsite?",
                   "Up to fourteen nights a year, booked in advance at the office.")
    assert answers(judge, "How deep is the lake?",
                   "On average about 45 metres, reaching 120 metres near the dam.")


def test_free_of_charge_is_no_denial(support) -> None:
    verdict = support("No, towels are provided free at the pool.",
                      "Towels and lockers are provided free of charge at the pool.")
    assert verdict.value is True, verdict.reason


def test_a_weekday_the_sources_give_another_subject(support) -> None:
    source = "Glass is collected every other Monday. Garden waste is collected every Thursday."
    verdict = support("Glass is collected every Thursday.", source)
    assert verdict.value is False and "Thursday vs Monday" in verdict.reason
    assert support("Glass is collected every other Monday.", source).value is True
    # a range of days is no other day
    assert "contradicted" not in support(
        "The pool is open on Sundays.",
        "The pool is open Monday to Saturday and on Sundays. The gym is open on Fridays.").reason


def test_what_one_of_two_subjects_does_said_of_the_other(support) -> None:
    source = ("The electric kettle heats up faster, while the stovetop kettle lasts longer and "
              "needs no socket.")
    verdict = support("The electric kettle lasts longer, while the stovetop kettle heats up "
                      "faster.", source)
    assert verdict.value is False and "role" in verdict.reason
    assert support("The stovetop kettle lasts longer, while the electric kettle heats up "
                   "faster.", source).value is True
