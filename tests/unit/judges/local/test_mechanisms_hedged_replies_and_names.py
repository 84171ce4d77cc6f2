"""Known answers of the thirty-second session: a why answered by a mechanism (a part that
does something, what follows for the asked thing, what happens at the asked time, how a price
is made), a hedged yes or no, a yes to a question that compares with 'than', a fragment after
'Your best bet is' or 'Anything from', a name given by 'called', a loss said as 'no longer
gets', and everyday paraphrases."""

from __future__ import annotations

import asyncio

import pytest
from tests.unit.judges.local.verdicts import answers, support_status

from ragvet.judges.base import AnswersItem
from ragvet.judges.local.replies import read_with_question
from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.local.text import subquestions
from ragvet.judges.ops import ANSWERS
from ragvet.text import reply_polarity

# ---- a why answered by how it comes about ---------------------------------------------------


@pytest.mark.parametrize(("question", "reply"), [
    # a part of the asked thing, and what that part does
    ("Why does garlic smell so strong?",
     "It contains sulphur compounds that escape into the air when you crush it."),
    ("Why do burrs cling to clothes?",
     "They're covered in tiny hooks that catch on the loops of the fabric."),
    # a cause, then ', so' and what follows for the asked thing
    ("Why does bread go stale?",
     "Its starch slowly crystallises as it cools, so the bread turns dry and hard."),
    # what happens at the asked time, pointing back to it
    ("Why are beaches so crowded in August?",
     "By then the schools have broken up, so families are free to travel."),
    # how the price is made, to 'why so expensive'
    ("Why are concert tickets so expensive?",
     "Promoters pay the artists large guarantees and pass that cost on in the ticket price."),
])
def test_a_mechanism_answers_a_why_question(judge, question, reply) -> None:
    assert answers(judge, question, reply)


@pytest.mark.parametrize(("question", "reply"), [
    # a part that does something, of another thing than the one asked about
    ("Why does garlic smell so strong?",
     "Onions contain compounds that make your eyes water."),
    # money talk without a why about a price
    ("Why do cats purr?", "Vets charge a fee to check a cat's throat."),
    # a thing that happened once, with no cause
    ("Why are concert tickets so expensive?",
     "The first stadium concert was held in 1965 in New York."),
])
def test_a_mechanism_of_something_else_does_not_answer(judge, question, reply) -> None:
    assert not answers(judge, question, reply)


# ---- a hedged yes or no ------------------------------------------------------------------------


@pytest.mark.parametrize(("reply", "polarity"), [
    ("Sometimes, yes.", "yes"),
    ("Yes, usually.", "yes"),
    ("Probably not.", "no"),
    ("Not usually.", "no"),
    ("Usually.", None),
    ("Sometimes it rains.", None),
])
def test_a_hedge_does_not_turn_a_yes_or_a_no(reply, polarity) -> None:
    assert reply_polarity(reply) == polarity


def test_a_hedged_yes_answers_a_yes_no_question(judge) -> None:
    assert answers(judge, "Do the trains run on bank holidays?", "Usually, yes.")


# ---- a yes to a question that compares with 'than' ------------------------------------------


def test_a_yes_to_a_than_question_is_checked_as_its_statement(support) -> None:
    source = "Over short distances a cheetah runs faster than a lion."
    assert support("Can a cheetah run faster than a lion? Yes.", source).value
    assert support_status(support("Can a lion run faster than a cheetah? Yes.", source)) == \
        "contradicted"
    assert support("Can a lion run faster than a cheetah? No.", source).value


def test_a_hedged_yes_to_a_than_question_is_read_too(support) -> None:
    assert support("Is tap water cheaper than bottled water? Usually, yes.",
                   "Tap water is far cheaper than bottled water.").value


# ---- fragments in the question's gap --------------------------------------------------------


@pytest.mark.parametrize(("question", "reply"), [
    ("Where can I see puffins in Wales?", "Your best bet is Skomer Island, from May to July."),
    ("When should I plant garlic?", "The best time is late autumn, before the ground freezes."),
    ("How long does a kettle last?", "Anything from four to ten years, depending on use."),
])
def test_a_fragment_after_its_opening_fills_the_gap(judge, question, reply) -> None:
    assert answers(judge, question, reply)


# ---- a name given, a loss, and everyday paraphrases -----------------------------------------


@pytest.mark.parametrize(("one", "other"), [
    ("Hair is made of a protein called keratin.", "Hair is made of a protein known as keratin."),
    ("It's called the placebo effect.", "It is known as the placebo effect."),
    ("rinse it off", "wash it away"),
    ("enzymes that latch onto sugar", "enzymes that bind to sugar"),
    ("scientists still argue about the reason", "scientists still debate why"),
    ("you can change the time of travel", "you can change the travel time"),
    ("a seat change if you pay a fee", "a seat change for a fee"),
    ("they make their money back on refills", "they make their profit on refills"),
    ("sold at a low price", "sold cheaply"),
    ("printer manufacturers", "printer makers"),
    ("when you brush against it", "when you touch it"),
    ("the stems curve", "the stems bend"),
])
def test_paraphrases_read_as_one(one, other) -> None:
    assert judge_stems(one) == judge_stems(other)


def test_a_phoned_call_is_still_a_call() -> None:
    assert judge_stems("The bank called me back.") & judge_stems("The bank contacted me.")
    assert judge_stems("I called the surgery.") == judge_stems("I contacted the surgery.")


def test_no_longer_getting_a_thing_is_losing_it_not_a_denial(support) -> None:
    verdict = support("After a month the chicks lose the food their parents used to bring.",
                      "After a month the chicks no longer get food from their parents.")
    assert support_status(verdict) != "contradicted"


def test_a_thing_no_longer_had_still_clashes_with_having_it(support) -> None:
    verdict = support("The museum still has its dinosaur gallery.",
                      "The museum no longer has a dinosaur gallery.")
    assert verdict.value is False


# ---- batch 66 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("question", "reply"), [
    # a cause, then what it builds up as: the asked thing
    ("Why does my shower head get black spots?",
     "Damp air feeds mould, and it builds up in black spots on the nozzles."),
    # the kind of thing it is says why it happens
    ("Why does the road look wet on hot days?",
     "It's an optical illusion: hot air near the ground bends light from the sky."),
    # a noun phrase, then what sets it off
    ("What causes a nosebleed?",
     "A burst blood vessel in the nose, often set off by dry air or a knock."),
    # what a thing uses is how it does what is asked
    ("How do bats find insects in the dark?",
     "They use the echoes of their own calls to work out where prey is."),
])
def test_a_cause_or_a_means_in_other_shapes_answers(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_the_askers_i_is_read_as_the_readers_you(support) -> None:
    source = "Passengers can bring a bike on the train outside the rush hour."
    assert support("Can I bring my bike on the train? Yes.", source).value
    assert support_status(support("Can I bring my bike on the train? No.", source)) == \
        "contradicted"


def test_only_a_kind_no_source_names_is_not_supported(support) -> None:
    verdict = support("Only electric cars are allowed to park here overnight.",
                      "Cars are allowed to park here overnight.")
    assert not verdict.value and "only" in (verdict.reason or "")
    assert support("Only guide dogs are allowed inside.",
                   "Only guide dogs and other assistance dogs are allowed inside.").value


def test_a_prefix_that_denies_agrees_with_a_cannot(support) -> None:
    verdict = support("The husks are things your body can't digest.",
                      "The husks are indigestible to the body.")
    assert support_status(verdict) != "contradicted"


@pytest.mark.parametrize(("one", "other"), [
    ("It's best to apply early.", "It is a good idea to apply early."),
    ("Bees find their way back to the hive.", "Bees navigate back to the hive."),
    ("by using the stars", "they use the stars"),
    ("Mostly to keep warm.", "To keep warm."),
])
def test_more_paraphrases_read_as_one(one, other) -> None:
    assert judge_stems(one) == judge_stems(other)


# ---- batches 67 and 68 -------------------------------------------------------------------------


@pytest.mark.parametrize(("question", "reply"), [
    # what the asked thing lacks, to a why-not
    ("Why can't ostriches fly?", "Their wings are far too small to lift their heavy bodies."),
    # a pronoun for the asked thing, and what it does
    ("Why shouldn't you put foil in the microwave?",
     "It reflects the microwaves and can spark, which may start a fire."),
    # a part packed with what acts
    ("Why can cats see in the dark?",
     "Their eyes are large and packed with rod cells, which pick up faint light."),
    # the means, listed without a verb
    ("How do seals stay warm in icy water?",
     "A thick layer of blubber and dense fur, plus a slowed blood flow to the skin."),
])
def test_more_shapes_of_a_cause_or_a_means_answer(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_a_quantity_alone_does_not_answer_why(judge) -> None:
    assert not answers(judge, "Why do koalas sleep so much?", "Up to 20 hours a day.")


@pytest.mark.parametrize(("query", "parts"), [
    ("When is my recycling collected, and what goes in the blue bin?",
     ("When is my recycling collected?", "What goes in the blue bin?")),
    ("How many hours a day do dogs sleep, and why?",
     ("How many hours a day do dogs sleep?", "Why do dogs sleep?")),
])
def test_a_second_question_takes_only_what_it_shares(query, parts) -> None:
    assert subquestions(query) == parts


def test_a_reply_of_two_sentences_may_answer_both_parts(judge) -> None:
    text = "Every other Monday. Glass, tins and cardboard go in the green box."
    items = [AnswersItem(question=q, text=text) for q in
             ("When is my recycling collected?", "What goes in the green box?")]
    assert [bool(v.value) for v in asyncio.run(judge.run(ANSWERS, items))] == [True, True]


def test_exempt_from_a_tax_agrees_with_not_having_to_pay_it(support) -> None:
    verdict = support("Full-time students don't have to pay it.",
                      "Full-time students are exempt from council tax.")
    assert support_status(verdict) != "contradicted" and verdict.value


def test_about_an_hour_is_one_hour(support) -> None:
    verdict = support("It takes about an hour to heat up.",
                      "It takes about 10 to 15 minutes to heat up.")
    assert support_status(verdict) == "contradicted"
    assert support("It takes about an hour to heat up.",
                   "It takes about one hour to heat up.").value


# ---- batch 69 ----------------------------------------------------------------------------------


def test_a_time_clause_answers_until_what_age(judge) -> None:
    assert answers(judge, "Until what age must a child use a booster seat?",
                   "Until they're 12, or 135 cm tall if that comes first.")


def test_a_share_off_is_a_reduced_price(judge) -> None:
    assert answers(judge, "How long do I have to pay the fine at the reduced rate?",
                   "You get 50% off if you pay within 14 days.")


def test_unless_agrees_with_as_long_as_not(support) -> None:
    verdict = support("You can extend the loan twice, as long as nobody has reserved the book.",
                      "You can extend the loan twice unless another member has reserved the "
                      "book.")
    assert support_status(verdict) != "contradicted"


@pytest.mark.parametrize(("one", "other"), [
    ("Swallowing one won't hurt you.", "Swallowing one is not harmful."),
    ("20% off the price", "the price reduced by 20%"),
])
def test_batch_69_paraphrases_read_as_one(one, other) -> None:
    assert judge_stems(one) == judge_stems(other)


# ---- batch 70 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("reply", ["They shouldn't be.", "They shouldn't.",
                                   "It shouldn't. Wool shrinks in a hot wash."])
def test_a_pronoun_and_a_denied_auxiliary_reply_to_a_yes_no_question(judge, reply) -> None:
    assert answers(judge, "Can rabbits live alone?" if "They" in reply else
                   "Can a wool jumper go in a hot wash?", reply)


@pytest.mark.parametrize(("one", "other"), [
    ("hardly ever in winter", "barely at all in winter"),
    ("The law says you need a white light at the front.",
     "By law, cyclists must have a white front light."),
])
def test_batch_70_paraphrases_read_as_one(one, other) -> None:
    assert judge_stems(one) == judge_stems(other)


@pytest.mark.parametrize(("reply", "polarity"), [
    ("They shouldn't be.", "no"), ("It does.", "yes"), ("It does not.", "no"),
    ("They can swim.", None),
])
def test_a_pronoun_and_an_auxiliary_alone_say_yes_or_no(reply, polarity) -> None:
    assert reply_polarity(reply) == polarity


def test_a_pronoun_and_an_auxiliary_are_read_with_their_question(support, judge) -> None:
    source = "Rabbits should not be kept alone; they need the company of another rabbit."
    assert support("Can rabbits live alone? They shouldn't.", source).value
    assert not answers(judge, "Which hay should I buy?", "It is.")


# ---- batch 71 ----------------------------------------------------------------------------------


def test_doing_at_once_what_the_source_says_to_wait_before_is_not_supported(support) -> None:
    source = "Leave the glue to set for at least an hour before sanding it."
    verdict = support("Sand it straight away so the joint stays smooth.", source)
    assert not verdict.value and "wait" in (verdict.reason or "")
    assert support("Wait at least an hour before you sand it.", source).value


def test_a_pronoun_after_so_stands_for_the_asked_thing(judge) -> None:
    assert answers(judge, "Why is my phone signal weaker indoors?",
                   "Thick walls soak up the radio waves, so it drops the further in you go.")


@pytest.mark.parametrize(("one", "other"), [
    ("Low temperatures slow the reaction.", "Cold slows the reaction."),
    ("It gives out less power.", "It delivers less power."),
    ("The battery runs down sooner.", "The battery drains sooner."),
])
def test_batch_71_paraphrases_read_as_one(one, other) -> None:
    assert judge_stems(one) == judge_stems(other)


@pytest.mark.parametrize(("claim", "statement"), [
    ("Can I take my dog on the bus? Yes.", "You can take your dog on the bus."),
    ("Is the shop open at 9 am? Yes.", "The shop open at 9 am."),
    ("Did World War I end in 1918? Yes.", "World War I end in 1918."),
])
def test_the_askers_words_are_said_back_to_the_reader(claim, statement) -> None:
    read = read_with_question(claim)
    assert read is not None and read.statement == statement


def test_any_kind_of_a_thing_the_sources_say_only_some_of_is_not_supported(support) -> None:
    source = "The bottle bank takes glass bottles and jars only."
    verdict = support("Any kind of glass can go in the bottle bank.", source)
    assert not verdict.value and "only some" in (verdict.reason or "")
    assert support("Glass bottles and jars can go in the bottle bank.", source).value
