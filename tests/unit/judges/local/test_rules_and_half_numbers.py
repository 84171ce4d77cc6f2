"""Known answers of the twenty-fourth session: rules on what a permission question asks to do
(needed to answer it), halves and kitchen measures, frequencies and ages that answer 'how
often' and 'when', and paraphrases the stemmer missed (British doubled 'l', 'reapply', nouns
in -ment, 'fully', a reflexive pronoun)."""

from __future__ import annotations

import asyncio

from tests.unit.judges.local.verdicts import answers, essential

from ragvet.judges.base import AnswersItem
from ragvet.judges.local.contradiction import missing_numbers
from ragvet.judges.local.features import numbers
from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.ops import ANSWERS
from ragvet.text import stem

# ---- rules on the act a permission question asks about ----------------------------------------

def test_a_rule_on_the_asked_act_is_essential_but_is_no_answer(judge) -> None:
    question = "How many hours a week can I volunteer at the shelter?"
    rule = "Younger volunteers must volunteer alongside a parent."
    assert essential(judge, question, rule)
    assert not answers(judge, question, rule)


def test_who_may_get_the_asked_thing_is_essential(judge) -> None:
    question = "Can I bring my bike on the train?"
    rule = "Passengers can reserve a bike space when booking their ticket."
    assert essential(judge, question, rule)


def test_a_rule_about_something_else_is_not_essential(judge) -> None:
    question = "Can I bring my bike on the train?"
    assert not essential(judge, question, "Passengers must keep their luggage off the seats.")


def test_a_rule_needs_a_permission_question(judge) -> None:
    question = "Why did the train stop at the border?"
    assert not essential(judge, question, "Passengers must show a passport at the border.")


# ---- numbers and measures ---------------------------------------------------------------------

def test_and_a_half_is_one_number() -> None:
    assert numbers("Simmer for two and a half hours.") == frozenset({"2.5"})
    assert numbers("Use 1 and a half cups of stock.") == frozenset({"1.5"})
    assert numbers("One and all were welcome.") == frozenset()


def test_a_kitchen_measure_is_not_another(support) -> None:
    source = "Whisk two and a half cups of milk into the flour."
    assert support("Whisk 2.5 cups of milk into the flour.", source).value is True
    verdict = support("Whisk two and a half litres of milk into the flour.", source)
    assert verdict.value is False and "unit" in verdict.reason


def test_a_half_is_not_rounded_to_the_next_whole_number() -> None:
    assert missing_numbers("She spent 4 years abroad.", "She spent 3.5 years abroad.")
    assert not missing_numbers("It weighs 78 kg.", "It weighs 78.37 kg.")


# ---- how often, and when ----------------------------------------------------------------------

def test_a_range_of_spans_is_a_frequency(judge) -> None:
    assert answers(judge, "How often should I service my boiler?",
                   "Boilers should be serviced every one to two years.")


def test_an_occasion_answers_how_often_one_should_act(judge) -> None:
    assert answers(judge, "How often should I clean the filter?",
                   "Clean the filter after every heavy use.")


def test_an_age_answers_when(judge) -> None:
    assert answers(judge, "When should my kitten be neutered?",
                   "Kittens are usually neutered at four to six months old.")


def test_how_long_it_takes_needs_no_take(judge) -> None:
    assert answers(judge, "How long does it take to replace a driving licence?",
                   "A replacement licence usually arrives within ten working days.")


# ---- paraphrases ------------------------------------------------------------------------------

def test_reapply_keeps_its_ly() -> None:
    assert stem("reapply") == stem("reapplied") == "reapply"
    assert stem("supply") == "supply" and stem("quickly") == "quick"


def test_doubled_l_and_nouns_in_ment_meet_their_words() -> None:
    assert judge_stems("travelling abroad") == judge_stems("travel abroad")
    assert judge_stems("the monthly payment") == judge_stems("pay monthly")
    assert judge_stems("fully charged") == judge_stems("full charge")
    assert judge_stems("completely empty") == judge_stems("fully empty")


def test_a_reflexive_pronoun_and_right_after_need_no_source(support) -> None:
    source = "Rinse the wound straight after the bite and see a doctor."
    assert support("Rinse the wound yourself right after the bite.", source).value is True


def test_a_fallback_for_a_missing_thing_denies_nothing(support) -> None:
    source = "Cyclists must use bike paths where there are any, and the road otherwise."
    verdict = support("Use the bike path, or the road where there is none.", source)
    assert verdict.value is True, verdict.reason


# ---- batch 12: causes, counterfactuals, names, days and amounts --------------------------------

def test_a_hedged_because_opens_a_cause(judge) -> None:
    assert answers(judge, "Why does my dishwasher leave streaks?",
                   "Mostly because the rinse aid has run out.")


def test_a_pronoun_after_without_stands_for_the_subject_before() -> None:
    from ragvet.judges.local.text import claims

    assert claims("Trees absorb rain water. Without them, the valley would flood.") \
        == ("Trees absorb rain water.", "Without Trees, the valley would flood.")


def test_without_a_pronoun_denies_nothing_that_can_be_read(support) -> None:
    source = "Hedgehogs eat slugs in the garden. Without them, slugs would spread fast."
    verdict = support("Without hedgehogs, slugs would spread fast.", source)
    assert verdict.value is True, verdict.reason


def test_a_capitalised_word_of_a_name_is_no_verb() -> None:
    from ragvet.judges.local.text import subject_of
    from ragvet.text import with_question_antecedent

    assert subject_of("The Great Red Spot is a storm.") == "The Great Red Spot"
    assert with_question_antecedent("What is the Great Barrier Reef in Australia?",
                                    "It is the largest coral system in Australia.") == \
        "The Great Barrier Reef is the largest coral system in Australia."


def test_the_numbers_of_other_days_given_to_the_claims_day(support) -> None:
    source = ("At weekends the library opens from 10 am to 4 pm. On weekdays it is open from 8 "
              "am to 8 pm.")
    verdict = support("At the weekend the library is open from 8 am to 8 pm.", source)
    assert verdict.value is False and "weekend" in verdict.reason
    assert support("At the weekend the library opens from 10 am to 4 pm.", source).value


def test_amounts_of_two_things_swapped_across_or(support) -> None:
    source = "A full tank lasts 600 km of motorway driving or 450 km of city driving."
    verdict = support("A full tank lasts 600 km of city driving.", source)
    assert verdict.value is False, verdict.reason
    assert support("A full tank lasts 450 km of city driving.", source).value is True
    assert support("The peak is 2,000 m or 6,562 ft high.",
                   "The peak is 2,000 m or 6,562 ft high.").value is True


def test_sizes_are_opposites(support) -> None:
    verdict = support("The comet has a tiny nucleus.", "The comet has a huge nucleus.")
    assert verdict.value is False and "antonym" in verdict.reason


def test_pay_off_is_repay_and_apply_meets_application() -> None:
    assert judge_stems("pay it off early") == judge_stems("repay it early")
    assert judge_stems("apply") == judge_stems("application") == judge_stems("applied")


def test_how_much_names_the_thing_measured(judge) -> None:
    assert essential(judge, "How much deposit do I have to pay for the flat?",
                     "Tenants must pay a deposit of five weeks' rent.")


# ---- batch 13: parts of a query, exceptions and shares -----------------------------------------

def test_an_opening_yes_for_another_part_answers_no_other(judge) -> None:
    items = [AnswersItem(question=q, text="Yes, the museum opens on public holidays.")
             for q in ("Does the museum open on public holidays?", "Do I need to book?")]
    opens, book = asyncio.run(judge.run(ANSWERS, items))
    assert opens.value is True and book.value is False, book.reason


def test_a_count_of_times_is_no_amount(judge) -> None:
    question = "How much salt should I eat a day?"
    assert not answers(judge, question, "Salt is eaten several times a day, up to 5 times.")
    assert answers(judge, question, "Adults should eat no more than 6 g of salt a day.")


def test_a_reply_denying_the_questions_deed_then_going_on(support) -> None:
    source = "Children under five travel free on all buses."
    verdict = support("Not for children under five, because they travel free on buses.",
                      source)
    assert verdict.value is True, verdict.reason
    assert support("Not on Sundays.", "The shop is closed on Sundays.").value is True


def test_not_unless_says_only_if(support) -> None:
    source = "Opened software cannot be returned unless it is faulty."
    assert support("Opened software can only be returned if it is faulty.", source).value
    assert support("Opened software can be returned.", source).value is False


def test_a_share_of_a_sum_names_the_money_asked(judge) -> None:
    assert essential(judge, "Is there a fee for cancelling my booking?",
                     "Cancellations made within a week cost 30% of the booking price.")
    assert judge_stems("overpayments") == judge_stems("overpay")


# ---- batch 14: cases, costs of an act, areas, and sentences with other numbers ----------------

def test_in_what_case_a_state_holds_is_answered_by_the_case(judge) -> None:
    question = "When is a parcel considered lost?"
    assert answers(judge, question, "A parcel is considered lost if it has not arrived after "
                                    "15 working days.")
    assert not answers(judge, "When is the deadline for entries?",
                       "Entries are accepted if they arrive on time.")


def test_what_the_asked_act_costs_is_essential(judge) -> None:
    assert essential(judge, "Can I change my flight date?",
                     "After the first day you will pay a change fee for each flight.")


def test_an_area_in_other_units(support) -> None:
    source = "The park covers 4.5 million square metres."
    verdict = support("The park covers 4.5 million square feet.", source)
    assert verdict.value is False and "unit" in verdict.reason
    assert support("The park covers 4.5 million square metres.", source).value is True


def test_contrast_words_and_simply_need_no_source(support) -> None:
    verdict = support("Simply owning a drone is not illegal, though.",
                      "Owning a drone is not illegal in itself.")
    assert verdict.value is True, verdict.reason


def test_two_sentences_with_other_numbers_are_no_repeat() -> None:
    from ragvet.metrics.steps import gives_other_numbers

    assert gives_other_numbers("A normal reading is between 90/60 and 120/80.",
                               "A reading of 140/90 or above is high.")
    assert not gives_other_numbers("Returns are due by 31 January.",
                                   "You must file by the 31st of January.")


# ---- RP version 3: the source around its answer -------------------------------------------------

def test_a_caveat_beside_the_answer_is_not_extraneous(evaluated) -> None:
    source = ("Entry to the castle gardens is free for everyone. Guided tours of the towers cost "
              "12 pounds and must be booked in advance. The castle was built in 1280.")
    result = evaluated("Is the castle free to visit?", source,
                       "Yes, the gardens are free for everyone. Tours of the towers cost 12 "
                       "pounds and need booking.")
    assert "extraneous_content" not in result.diagnosis, \
        [c.reason for c in result.components if c.metric == "RP"]
    trivia = evaluated("Is the castle free to visit?", source,
                       "Yes, the gardens are free for everyone. The castle dates from 1280.")
    assert "extraneous_content" in trivia.diagnosis


def test_around_the_answer_takes_qualifying_neighbours_of_the_same_source() -> None:
    from ragvet.judges.base import Verdict
    from ragvet.metrics.core import Unit
    from ragvet.metrics.steps import around_the_answer

    facts = [Unit(kind="fact", text=t, source_index=j) for t, j in (
        ("The hall opened in 1901.", 0), ("Entry is free.", 0),
        ("Concerts cost extra.", 0), ("Tickets must be printed.", 1))]
    judged = [Verdict(value=v) for v in (False, True, False, False)]
    assert around_the_answer(facts, judged) == [1, 2]


# ---- batch 15: another case's span, degrees, how early, what is not known ------------------------

def test_a_span_another_case_has_is_no_clash(support) -> None:
    source = "A junior membership lasts six months. Adult memberships last twelve months."
    assert support("A junior membership lasts six months.", source).value is True
    assert support("A junior membership lasts twelve months.", source).value is False


def test_a_degree_answers_how_much_of_a_quality(judge) -> None:
    assert answers(judge, "How much sunlight does a fern need?",
                   "Ferns prefer low, indirect light and shade.")
    assert not answers(judge, "How much water does a cactus need?",
                       "Cacti are grown in sandy soil in the desert.")


def test_how_early_is_answered_by_a_time_before(judge) -> None:
    assert answers(judge, "How early should I get to the airport?",
                   "Get to the airport at least two hours before departure.")


def test_that_the_asked_is_not_known_answers_it(judge) -> None:
    assert answers(judge, "When did the painter die?", "The date of the painter's death is "
                                                       "unknown.")
    assert not answers(judge, "When did the painter die?", "The weather that day is unknown.")
    # (a thing unknown somewhere until a time did not exist there yet: no answer to 'who')
    assert not answers(judge, "Who brought the custom of Christmas trees to Britain?",
                       "The custom of Christmas trees was unknown in Britain until 1800.")


# ---- batch 16: conditions, hedged causes, ages, numbers of another quantity --------------------

def test_a_denied_condition_is_read_only_against_a_condition_on_the_same_thing(support) -> None:
    source = "Tickets can be refunded up to a week ahead if you have not printed them."
    assert support("Tickets can be refunded up to a week ahead, as long as you have not printed "
                   "them.", source).value is True
    other = ("If you cannot attend on the day, you may ask to move your slot once. Requests must "
             "be made at least three days before.")
    verdict = support("You can ask to move your slot once, as long as you ask at least three "
                      "days before.", other)
    assert verdict.value is True, verdict.reason
    assert support("Refunds are given if the item is damaged.",
                   "Refunds are given if the item is not damaged.").value is False


def test_a_hedged_it_is_names_the_cause(judge) -> None:
    assert essential(judge, "Why does my bread sink in the middle?",
                     "It is usually too much yeast or too long a rise.")


def test_a_hedged_age_opens_a_bare_answer(judge) -> None:
    assert answers(judge, "At what age can children ride in the front seat?",
                   "Usually from age 12, or from 150 cm in height.")


def test_a_number_of_another_quantity(support) -> None:
    source = "Bookings can be changed within 14 days if less than 30% of the trip is used."
    verdict = support("Bookings can be changed within 30 days if less than 14% of the trip is "
                      "used.", source)
    assert verdict.value is False and "30 days vs 14 days" in verdict.reason
