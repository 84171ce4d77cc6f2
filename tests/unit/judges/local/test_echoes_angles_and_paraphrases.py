"""Known answers of the thirty-first session: a denied do-question's subject, a yes or a no
said by a pronoun and the question's auxiliary, two texts that deny the same thing's part,
an angle to 'how far', a rate of repeats to 'how fast', a fragment after "That's", a
'whenever' clause to 'how often', a yes that answers its part though the rest names another,
and everyday paraphrases."""

from __future__ import annotations

import asyncio

import pytest
from tests.unit.judges.local.verdicts import answers, support_status

from ragvet.judges.base import AnswersItem
from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.ops import ANSWERS
from ragvet.text import with_question_antecedent

# ---- who or what a question asks about ------------------------------------------------------


@pytest.mark.parametrize(("question", "reply", "read"), [
    ("Why doesn't glass rust?", "It contains no iron.", "Glass contains no iron."),
    ("Why don't penguins fly?", "They swim instead.", "Penguins swim instead."),
    ("Why does ice float?", "It is less dense than water.", "Ice is less dense than water."),
])
def test_a_denied_auxiliary_ends_the_question_words_before_the_subject(question, reply,
                                                                       read) -> None:
    assert with_question_antecedent(question, reply) == read


def test_the_denial_of_the_question_is_no_clash_with_the_source(support) -> None:
    verdict = support("Why doesn't copper rust? It's fairly unreactive, so it doesn't form "
                      "iron oxide.",
                      "Copper does not rust because it contains no iron and does not form "
                      "iron oxide; it is a fairly unreactive metal.")
    assert support_status(verdict) != "contradicted"


# ---- a yes or a no said another way --------------------------------------------------------


@pytest.mark.parametrize(("question", "reply"), [
    ("Can dogs eat carrots?", "They can: raw or cooked carrots make a healthy snack."),
    ("Does the soup keep in the fridge?", "It does, as long as the lid is on."),
    ("Do birds digest chilli seeds?", "They don't; the seeds pass straight through."),
])
def test_a_pronoun_and_the_auxiliary_answer_a_yes_no_question(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_a_yes_answers_its_part_though_the_rest_names_another(judge) -> None:
    text = "Yes, up to twice a month, and each lesson costs £12 for a guest."
    items = [AnswersItem(question=q, text=text) for q in
             ("Can I bring a guest to the climbing wall?", "How much does it cost?")]
    verdicts = asyncio.run(judge.run(ANSWERS, items))
    assert [bool(v.value) for v in verdicts] == [True, True]


# ---- negations that agree ---------------------------------------------------------------------


def test_naming_the_thing_denied_agrees_with_saying_what_it_does_not_do(support) -> None:
    verdict = support("What counts is the mileage and the service history, not the age.",
                      "Age does not decide a used car's value: the mileage and the service "
                      "history do.")
    assert support_status(verdict) != "contradicted"


def test_struggling_to_do_a_thing_agrees_with_not_doing_it_as_easily(support) -> None:
    assert support("In winter the pump struggles to lift water to the tank.",
                   "In winter the pump cannot lift water to the tank as easily.").value


def test_a_purpose_said_as_a_denial_agrees_with_removing_the_thing(support) -> None:
    verdict = support("Rinse the flask well so it doesn't taste of soap.",
                      "Rinse the flask thoroughly to remove any soap taste.")
    assert support_status(verdict) != "contradicted"


# ---- what answers how far, how fast and how often ----------------------------------------------


@pytest.mark.parametrize(("question", "reply"), [
    ("How far can a barn owl turn its head?", "Up to 270 degrees."),
    ("How far can the screen tilt back?", "The screen tilts back by up to 45°."),
    ("How far away is Jupiter from the Sun?",
     "On average it is about 778 million km from the Sun."),
])
def test_an_angle_or_a_distance_answers_how_far(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_a_temperature_does_not_answer_how_far(judge) -> None:
    assert not answers(judge, "How far is the lake from the campsite?", "The water is 19 °C.")


@pytest.mark.parametrize("reply", [
    "A mouse's heart beats about 600 times a minute.",
    "Around 600 beats per minute.",
])
def test_a_rate_of_repeats_answers_how_fast(judge, reply) -> None:
    assert answers(judge, "How fast does a mouse's heart beat?", reply)


@pytest.mark.parametrize("reply", [
    "That's about once a month in hard-water areas.",
    "Whenever a white crust builds up on the element.",
])
def test_a_fragment_after_that_or_a_whenever_clause_answers_how_often(judge, reply) -> None:
    assert answers(judge, "How often should I descale the kettle?", reply)


def test_a_fragment_after_that_must_still_be_of_the_asked_kind(judge) -> None:
    assert not answers(judge, "Who designed the bridge?", "That's a fine piece of work.")


# ---- paraphrases ---------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "source"), [
    ("badgers forage after dark", "badgers forage at night"),
    ("add a squeeze of lime juice", "add lime juice"),
    ("the sponge soaks up water", "the sponge absorbs water"),
    ("you'll need to book", "you must book"),
    ("late returns", "overdue returns"),
    ("the carpet muffles footsteps", "the carpet dampens footsteps"),
    ("the paint dries", "the paint dry"),
    ("it seems to help", "it appears to help"),
    ("basic tools", "simple tools"),
    ("if you decide to stay", "if you choose to stay"),
    ("you get all your money back", "you get a full refund"),
    ("they're entitled to a seat", "they get a seat"),
    ("walk round the lake", "walk around the lake"),
    ("from six years old", "from the age of six"),
    ("a tall fence", "a high fence"),
    ("halfway up", "half up"),
    ("a labelled jar", "a marked jar"),
    ("mostly because it is cold", "because it is cold"),
    ("like ours", "the same as ours"),
    ("the same size as a pea", "size like a pea"),
    ("no booking fee is charged", "no booking fee"),
])
def test_paraphrases_of_batches_57_to_59_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


def test_still_needs_no_source(support) -> None:
    assert support("The bridge still has its original iron railings.",
                   "The bridge has its original iron railings.").value


def test_a_verb_in_y_meets_its_adjective_in_able(support) -> None:
    assert support("Don't rely on the smell.", "The smell is not a reliable sign.").value


def test_a_yes_after_and_opens_the_answer_to_another_part() -> None:
    from ragvet.judges.local.text import claims

    assert claims("The shop opens at 9am on Saturdays, and yes, there is parking behind it.") \
        == ("The shop opens at 9am on Saturdays.", "Yes, there is parking behind the shop.")


@pytest.mark.parametrize(("said", "source"), [
    ("7:45 in the morning", "7:45am"),
    ("10 at night", "10pm"),
    ("seats kept for wheelchair users at all times", "seats always reserved for wheelchair users"),
    ("a loud noise", "a loud sound"),
])
def test_more_paraphrases_of_batches_58_and_59_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


# ---- batch 60 ----------------------------------------------------------------------------------


def test_made_up_only_of_is_no_narrower_than_everyone(support) -> None:
    verdict = support("A flat where everyone is a pensioner gets the discount.",
                      "A flat made up only of pensioners gets the discount.")
    assert support_status(verdict) != "contradicted"


def test_a_part_named_by_which_one_it_is_is_no_share() -> None:
    from ragvet.judges.local.features import in_digits

    assert "50%" not in in_digits("The other half of the garden gets the sun.")
    assert "50%" in in_digits("Half of the garden gets the sun.")


def test_a_bare_speed_is_read_in_the_gap_of_how_fast(support) -> None:
    assert support("How fast can a tortoise walk? On land, about 0.3 km/h.",
                   "Tortoises walk at about 0.3 kilometres per hour on the ground.").value


def test_a_time_clause_then_what_it_comes_to_answers_how_often(judge) -> None:
    assert answers(judge, "How often should I feed the lawn?",
                   "Whenever growth slows; that's roughly every six weeks in spring.")


@pytest.mark.parametrize(("said", "source"), [
    ("a couple of days", "a few days"),
    ("whenever it rains", "when it rains"),
    ("a sunny spot", "a spot in the sun"),
    ("every home in the street", "every household in the street"),
    ("12 km/h", "12 kilometres per hour"),
])
def test_paraphrases_of_batch_60_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


# ---- batch 61 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("query", "parts"), [
    ("Is the gallery open on Mondays, and until what time on Fridays?",
     ("Is the gallery open on Mondays?", "Until what time is the gallery open on Fridays?")),
    ("Is the gallery open on Mondays, and until what time is it open on Fridays?",
     ("Is the gallery open on Mondays?", "Until what time is the gallery open on Fridays?")),
    ("What time does the cafe open on weekdays, and when at weekends?",
     ("What time does the cafe open on weekdays?", "When does the cafe open at weekends?")),
    ("Are the buses running today, and are they free?",
     ("Are the buses running today?", "Are the buses free?")),
    ("Is the paddling pool open today, and is it heated?",
     ("Is the paddling pool open today?", "Is the paddling pool heated?")),
])
def test_a_later_part_asks_of_the_first_parts_subject(query, parts) -> None:
    from ragvet.judges.local.text import subquestions

    assert subquestions(query) == parts


@pytest.mark.parametrize(("question", "reply"), [
    ("Why is my lawn going brown?", "Most often it's drought: dry soil stops the roots "
                                    "taking up water."),
    ("How long should I wait to swim after eating?",
     "You don't need to wait at all: the idea that a full stomach causes cramp is a myth."),
])
def test_the_clause_before_a_colon_may_answer_by_itself(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_a_consequence_restating_the_asked_says_why(judge) -> None:
    assert answers(judge, "Why do the lights flicker?",
                   "The voltage dips when the heater starts, so they seem to twinkle.")


@pytest.mark.parametrize(("said", "source"), [
    ("parrots work out puzzles", "parrots solve puzzles"),
    ("they tell the two calls apart", "they recognise the two calls"),
    ("a multi-stage process", "a process with several stages"),
    ("the lights flicker", "the lights twinkle"),
])
def test_paraphrases_of_batch_61_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


# ---- batch 62 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "source"), [
    ("200 to 300 mg a day", "200 to 300 milligrams a day"),
    ("a 2kg bag", "a 2 kilogram bag"),
    ("500 ml of water", "500 millilitres of water"),
    ("the beans give off carbon dioxide", "the beans release carbon dioxide"),
    ("heat speeds up the reaction", "heat makes the reaction faster"),
    ("place them on a tray", "put them on a tray"),
    ("sold together with a lid", "sold with a lid"),
    ("not counting the ones in storage", "not including the ones in storage"),
    ("sold around the world", "sold worldwide"),
    ("the sea floor", "the ocean floor"),
    ("it orbits round Jupiter", "it orbits around Jupiter"),
])
def test_paraphrases_of_batch_62_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


def test_less_than_half_of_what_another_has_is_no_share() -> None:
    assert "50" not in judge_stems("which is under half of what a latte has")
    assert "50" in judge_stems("half of the budget")


@pytest.mark.parametrize("reply", ["No, that's a myth.", "No, that is a common misconception.",
                                   "No, it's not true."])
def test_calling_the_belief_untrue_is_a_plain_no(reply) -> None:
    from ragvet.text import reply_polarity

    assert reply_polarity(reply) == "no"


@pytest.mark.parametrize(("question", "reply"), [
    ("How much can a beetle lift?", "Depending on the species, up to 100 times its own weight."),
    ("Which bin do egg boxes go in?", "The recycling bin if they're cardboard."),
    ("Which bin do egg boxes go in?", "The recycling bin if they're cardboard; if they're "
                                      "plastic, check the label."),
    ("What flour should I use for pasta?", "A fine one, such as 00, so the dough rolls thin."),
])
def test_a_fragment_with_its_case_or_an_aside_answers(judge, question, reply) -> None:
    assert answers(judge, question, reply)


# ---- batch 63 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("question", "reply", "read"), [
    ("Why do gardeners put straw on strawberries?", "It keeps the fruit off the soil.",
     "Straw keeps the fruit off the soil."),
    ("Why is cold water bad for cooking rice?", "It cooks unevenly.",
     "Cold water cooks unevenly."),
    ("Why do dogs eat grass?", "It helps them digest.", "Grass helps them digest."),
])
def test_what_it_stands_for_after_a_plural_subject_or_a_why_is(question, reply, read) -> None:
    assert with_question_antecedent(question, reply) == read


def test_what_the_thing_put_on_does_answers_why_it_is_put_on(judge) -> None:
    assert answers(judge, "Why do gardeners put straw on strawberries?",
                   "It keeps the fruit off the wet soil, so it doesn't rot.")


def test_a_multiple_of_a_quantity_is_no_count_of_times(judge) -> None:
    assert answers(judge, "How much can a beetle lift?", "Up to 100 times its own weight.")
    assert not answers(judge, "How much water should I drink?",
                       "The water was tested 300 times a day.")


def test_an_opening_no_before_more_claims_is_read_with_its_question(evaluated) -> None:
    result = evaluated("Do bats really go blind in daylight?",
                       "Bats are not blind in daylight; many see well by day.",
                       "No, that's a myth. Many of them see well by day.")
    claims = [c.text for c in result.components if c.metric == "GR"]
    assert claims[0].startswith("Do bats really go blind in daylight?")


@pytest.mark.parametrize(("said", "source"), [
    ("get in touch with the seller", "contact the seller"),
    ("a lanyard comes with the pass", "a lanyard included with the pass"),
    ("when water is hard to find", "when water is scarce"),
    ("can I take photos", "can I photograph"),
    ("the seller's responsibility", "the seller is responsible"),
    ("the body can break the sugar down", "the sugar can be broken down by the body"),
])
def test_paraphrases_of_batch_63_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


# ---- batch 64 ----------------------------------------------------------------------------------


def test_lacking_a_thing_agrees_with_having_none(support) -> None:
    verdict = support("Penguins lack the hollow bones that flying birds have.",
                      "Penguins cannot fly: they have no hollow bones like flying birds.")
    assert support_status(verdict) != "contradicted"


def test_a_no_said_of_some_of_what_is_asked(judge, support) -> None:
    assert answers(judge, "Can rabbits live alone?", "Not pet rabbits: they're social animals.")
    assert support("Not pet rabbits: they're social animals.",
                   "Pet rabbits are social animals and should be kept in pairs.").value


@pytest.mark.parametrize("reply", ["Around 10 to 15% is normal.",
                                   "£20 is usual for a long taxi ride."])
def test_a_quantity_said_to_be_the_usual_one_answers_how_much(judge, reply) -> None:
    assert answers(judge, "How much should I tip?", reply)


@pytest.mark.parametrize(("said", "source"), [
    ("helmets aren't required by law", "helmets are not a legal requirement"),
    ("they give better grip", "they improve grip"),
    ("to even out the pressure", "to balance the pressure"),
])
def test_paraphrases_of_batch_64_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)
