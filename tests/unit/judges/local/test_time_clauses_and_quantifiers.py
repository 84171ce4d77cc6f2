"""Known answers of the thirtieth session: a reply that is one time clause (when, how long),
a place to a question on how to store a thing, a quantifier standing as a subject ('Almost
all are harmless.'), what the things an asker would use can do, a sign to a question on how
to tell, a verb after 'and' that goes with the nearest modal, and everyday paraphrases."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers, essential

from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.local.text import claims

# ---- a time clause in the question's gap ----------------------------------------------------


@pytest.mark.parametrize("reply", [
    "After the last frost.",
    "After the last frost, normally late May or early June, when nights stay above 10C.",
    "Once the soil has warmed up, usually in late spring.",
])
def test_a_time_clause_alone_answers_when(judge, reply) -> None:
    assert answers(judge, "When should I plant out tomato seedlings?", reply)


@pytest.mark.parametrize("reply", [
    "Until the melted wax reaches the edge of the jar.",
    "Until the melted wax reaches the edge of the jar, roughly an hour per inch of width.",
])
def test_what_ends_it_answers_how_long(judge, reply) -> None:
    assert answers(judge, "How long should I burn a new candle the first time?", reply)


@pytest.mark.parametrize("reply", [
    "After the war, the city grew quickly.",
    "Until 1990 the factory made cars.",
])
def test_a_time_clause_before_a_statement_of_its_own_is_no_reply(judge, reply) -> None:
    assert not answers(judge, "When should I plant out tomato seedlings?", reply)


def test_a_time_clause_does_not_answer_why(judge) -> None:
    assert not answers(judge, "Why do tomatoes need warm nights?",
                       "After the last frost, normally late May.")


# ---- a place for how to store it -------------------------------------------------------------


@pytest.mark.parametrize("reply", [
    "Somewhere cool, dark and dry.",
    "Somewhere cool, dark and dry, but not the fridge, because the cold turns their starch "
    "into sugar.",
    "In a cool, dark place.",
])
def test_a_place_answers_how_to_store_it(judge, reply) -> None:
    assert answers(judge, "How should I store potatoes?", reply)


def test_a_place_is_no_way_to_fix_something(judge) -> None:
    assert not answers(judge, "How do I fix a dripping tap?", "Somewhere cool and dry.")


# ---- a quantifier as the subject ------------------------------------------------------------


def test_a_quantifier_alone_is_no_subject_for_a_later_pronoun() -> None:
    said = claims("Almost all are harmless; their fangs are generally too small to get "
                  "through our skin.")
    assert said == ("Almost all are harmless.",
                    "Their fangs are generally too small to get through our skin.")


def test_almost_all_says_what_most_says(support) -> None:
    source = "Most house spiders in the UK are harmless."
    assert support("Almost all house spiders are harmless.", source).value
    assert support("Almost all are harmless.", source).value
    assert not support("All house spiders are harmless.", source).value


@pytest.mark.parametrize("source", ["Some house spiders in the UK are harmless.",
                                    "Many house spiders in the UK are harmless."])
def test_almost_all_where_the_source_says_fewer_is_contradicted(support, source) -> None:
    assert not support("Almost all house spiders are harmless.", source).value


def test_a_quantified_reply_answers_a_yes_no_question_on_its_subject(judge) -> None:
    assert answers(judge, "Are house spiders dangerous?",
                   "Almost all are harmless; their fangs are generally too small to get "
                   "through our skin.")


# ---- what the things the asker would use can do -----------------------------------------------


@pytest.mark.parametrize("fact", ["They can push wax deeper.", "They can damage your eardrum."])
def test_what_the_things_can_do_is_essential_to_whether_to_use_them(judge, fact) -> None:
    assert essential(judge, "Should I use cotton buds to clean my ears?", fact)


def test_where_the_things_are_sold_is_not_essential(judge) -> None:
    assert not essential(judge, "Should I use cotton buds to clean my ears?",
                         "They are sold in most chemists.")


# ---- a sign to how to tell ---------------------------------------------------------------------


def test_what_it_does_under_a_test_answers_how_to_tell(judge) -> None:
    assert answers(judge, "How do I tell if an avocado is ripe?",
                   "It should give a little when you squeeze it gently in your palm.")


def test_a_statement_without_a_test_does_not_answer_how_to_tell(judge) -> None:
    assert not answers(judge, "How do I tell if an avocado is ripe?",
                       "It is grown mostly in Mexico.")


# ---- decomposition ----------------------------------------------------------------------------


def test_a_verb_after_and_goes_with_the_nearest_modal() -> None:
    said = claims("You should not use cotton buds in your ears, because they can push wax "
                  "further in and damage the eardrum.")
    assert said[-1] == "They can damage the eardrum."
    assert claims("Visitors can check the map and bring a guide.") == (
        "Visitors can check the map.", "Visitors can bring a guide.")


def test_a_plural_subject_then_how_often_opens_a_clause() -> None:
    assert claims("They can damage your eardrum, and ears normally clean themselves.") == (
        "They can damage your eardrum.", "Ears normally clean themselves.")


@pytest.mark.parametrize("sentence", ["Apples, pears, and plums usually ripen in autumn.",
                                      "Apples, pears, and plums can be frozen."])
def test_a_list_of_subjects_stays_one_claim(sentence) -> None:
    assert claims(sentence) == (sentence,)


# ---- paraphrases ------------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "source"), [
    ("don't tip your head back", "don't tilt your head back"),
    ("every degree you turn it down", "every degree you lower"),
    ("put it through the washing machine", "wash it in the washing machine"),
    ("with a bit of bleach", "with a little bleach"),
    ("push wax further in", "push wax deeper"),
    ("light travels through the air", "light passes through the air"),
    ("it should give a little", "it should yield slightly"),
    ("almost all are harmless", "most are harmless"),
])
def test_paraphrases_of_batch_49_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


def test_further_before_a_place_is_no_depth() -> None:
    assert judge_stems("further in the book") != judge_stems("deeper")


# ---- batch 50 ----------------------------------------------------------------------------------


def test_a_fraction_in_words_is_no_count() -> None:
    from ragvet.judges.local.features import numbers

    # (a share of a group reads as its percentage, as sources often give it: thirty-sixth
    # session)
    assert numbers("across the central three-quarters of the tread") == frozenset({"75"})
    assert numbers("two thirds of the vote") == frozenset({"67"})
    assert numbers("it took two thirds longer") == frozenset({"0.67"})
    assert numbers("a third off") == numbers("one third off")


def test_a_number_against_a_fraction_in_words_is_contradicted(support) -> None:
    source = "The legal minimum tread depth is 1.6 mm across the central three-quarters of it."
    assert not support("3 mm, across the central three-quarters of the tread.", source).value


def test_a_number_given_in_both_units_is_no_unit_clash(support) -> None:
    source = ("Homemade bread keeps for about two to three days at room temperature. Sliced "
              "and frozen, it keeps for up to three months.")
    assert support("About two to three days at room temperature, or up to three months if you "
                   "slice and freeze it.", source).value
    assert not support("About two to three weeks at room temperature.", source).value


def test_protected_from_being_pinched_is_not_being_pinched(support) -> None:
    source = "Owls have blood vessels that are protected from being pinched as they twist."
    assert support("Their blood vessels don't get pinched when they twist.", source).value
    assert not support("Their blood vessels get pinched when they twist.", source).value


def test_a_hedged_yes_opens_a_reply(judge) -> None:
    assert essential(judge, "Can I wash wool jumpers in the washing machine?",
                     "Usually yes, on the wool programme at 30 °C or cooler.")


def test_a_step_answers_what_helps(judge) -> None:
    assert answers(judge, "What helps a nettle sting?",
                   "Wash it with soap and water and try not to scratch.")


def test_a_remedy_is_essential_to_what_helps(judge) -> None:
    assert essential(judge, "What helps a nettle sting?",
                     "A cold compress or an antihistamine can calm the itch.")


def test_what_grows_where_does_not_answer_what_helps(judge) -> None:
    assert not answers(judge, "What helps a nettle sting?", "Nettles grow in damp places.")


def test_leaving_it_out_answers_what_not_to_put(judge) -> None:
    assert answers(judge, "What shouldn't I put in my compost bin?",
                   "Leave out meat, fish, dairy products and cooked food.")


def test_what_can_trigger_it_is_essential_to_what_causes_it(judge) -> None:
    assert essential(judge, "What causes hiccups?",
                     "Gulping food, fizzy drinks or excitement can trigger them.")


@pytest.mark.parametrize(("said", "source"), [
    ("smiling isn't accepted", "smiling isn't allowed"),
    ("it's known as tidal locking", "it's called tidal locking"),
    ("excitement can set them off", "excitement can trigger them"),
    ("on the wool programme", "on the wool cycle"),
    ("at 30 °C or cooler", "at 30 °C or below"),
    ("a chilled saucer", "a cold saucer"),
    ("drop some onto a saucer", "put some on a saucer"),
    ("they don't get pinched", "they don't be pinched"),
])
def test_paraphrases_of_batch_50_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


# ---- batch 51 ----------------------------------------------------------------------------------


def test_a_ratio_is_no_time_of_day() -> None:
    from ragvet.judges.local.features import numbers

    assert numbers("a 50:50 mix of water and vinegar") == frozenset()
    assert numbers("at 14:30") == frozenset({"2:30"})
    assert judge_stems("a 50:50 mix of water and vinegar") == \
        judge_stems("equal parts water and vinegar")


@pytest.mark.parametrize("step", ["Half-fill it with water and vinegar.",
                                  "Pre-heat the oven to 200 °C."])
def test_a_verb_with_a_prefix_opens_a_step(step) -> None:
    from ragvet.judges.local.answer_shape import is_step

    assert is_step(step)


def test_what_happens_at_the_asked_time_answers_why(judge) -> None:
    question = "Why is my Wi-Fi slow in the evening?"
    assert answers(judge, question, "In the evening more people at home are online at once, "
                                    "and that congests the network.")
    assert not answers(judge, question, "In the evening the shops close early.")


def test_less_likely_to_says_what_stopping_it_says(support) -> None:
    source = ("Rinsing rice washes off surface starch, which helps stop the grains sticking "
              "together.")
    assert support("Rinsing it washes off the surface starch, so the grains are less likely to "
                   "stick together.", source).value


def test_a_denial_of_a_named_place_leaves_the_other_clause_affirmed(support) -> None:
    source = ("Penguins live almost entirely in the Southern Hemisphere, and none live in the "
              "wild at the North Pole.")
    assert support("Wild penguins live almost only in the Southern Hemisphere.", source).value
    assert not support("Wild penguins live at the North Pole.", source).value


@pytest.mark.parametrize(("said", "source"), [
    ("a few have made it past 40 years", "a few have lived over 40 years"),
    ("put it up in the garden", "pitch it in the garden"),
    ("before you pack it away", "before you store it"),
    ("storing it damp leads to mould", "storing it damp leads to mouldy"),
    ("until it's completely dry", "until it's fully dry"),
])
def test_paraphrases_of_batch_51_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


def test_the_better_choice_beside_the_answer_is_taken_with_it() -> None:
    from ragvet.judges.base import Verdict
    from ragvet.metrics.core import Unit
    from ragvet.metrics.steps import around_the_answer, names_the_better_choice

    facts = [Unit(kind="fact", text=t, source_index=0) for t in (
        "Most adult cats are lactose intolerant, so cow's milk can upset their stomach.",
        "Fresh water is the best drink for them.")]
    judged = [Verdict(value=True), Verdict(value=False)]
    assert around_the_answer(facts, judged, "Is milk bad for cats?") == [0, 1]
    assert around_the_answer(facts, judged, "Where do cats come from?") == [0]
    assert not names_the_better_choice("How do cats purr?", "Water is the best drink.")


# ---- batch 52 ----------------------------------------------------------------------------------


def test_when_it_clears_up_answers_how_long_it_lasts(judge) -> None:
    assert answers(judge, "How long does a cough last after a cold?",
                   "It usually clears up within three weeks.")


def test_dislike_denies_as_not_like_does() -> None:
    from ragvet.judges.local.features import negations_in

    assert negations_in("which slugs dislike crossing")
    assert not negations_in("which slugs like crossing")


def test_a_denial_in_a_reason_of_what_the_sentence_never_names_is_no_clash(support) -> None:
    source = "Beer traps sunk into the soil also catch many slugs."
    verdict = support("Sink beer traps in the soil, since slugs don't like crossing copper, and "
                      "they catch many slugs.", source)
    assert (verdict.detail or {}).get("clash") != "negation"


def test_a_pronoun_after_a_name_and_a_colon_stands_for_the_name() -> None:
    assert claims("The blue whale: it can grow to about 30 metres long.") == (
        "The blue whale.", "The blue whale can grow to about 30 metres long.")


def test_a_pronoun_after_a_reply_and_a_colon_is_left_alone() -> None:
    assert all(not c.startswith("Not quite can") for c in
               claims("Not quite: it can turn its head 270 degrees."))


def test_a_name_before_a_colon_answers_which_is_the_most(judge) -> None:
    assert answers(judge, "What is the largest animal that has ever lived?",
                   "The blue whale: it can grow to about 30 metres long.")


@pytest.mark.parametrize(("said", "source"), [
    ("expands more quickly than the cold middle", "expands faster than the cold centre"),
    ("the strain splits the ice", "the strain cracks the ice"),
    ("shops ask for a receipt", "shops require a receipt"),
    ("proof of purchase, like a bank statement", "proof of purchase, such as a bank statement"),
])
def test_paraphrases_of_batch_52_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


# ---- batch 53 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("reply", [
    "So they don't float away from each other while they're asleep on the water.",
    "So that they don't drift apart.",
    "To stay together while they sleep.",
])
def test_what_it_is_done_for_alone_answers_why(judge, reply) -> None:
    assert answers(judge, "Why do sea otters hold hands?", reply)


def test_a_temporal_while_opens_no_clause() -> None:
    assert claims("So they don't float away from each other while they're asleep.") == (
        "So they don't float away from each other while they're asleep.",)
    assert len(claims("The shop opens at nine, while the café opens at eight.")) == 2


def test_a_kind_of_place_answers_where(judge) -> None:
    assert answers(judge, "Where can I recycle old batteries?",
                   "Old household batteries can be recycled at most supermarkets, which have "
                   "collection bins near the entrance.")
    assert not answers(judge, "Where can I recycle old batteries?",
                       "Batteries contain toxic metals.")


def test_a_step_on_the_thing_is_essential_to_advice_on_it(judge) -> None:
    assert essential(judge, "Should I pop a blister?",
                     "Just cover it with a plaster or dressing while it heals.")


def test_a_reason_after_a_quantity_keeps_the_reply_a_fragment(judge) -> None:
    assert essential(judge, "How often should I water a cactus in winter?",
                     "Roughly once a month, since they're dormant then.")


def test_nobody_knows_is_a_statement_not_a_name(support) -> None:
    from ragvet.text import is_bare_answer

    assert not is_bare_answer("Nobody knows for certain.")
    assert is_bare_answer("Nobody.")
    assert support("Nobody knows for certain.",
                   "Scientists are not sure why yawning is contagious.").value


def test_not_knowing_why_denies_nothing_said_of_it(support) -> None:
    source = ("Scientists are not sure why yawning is contagious, but one theory links it to "
              "empathy, as people who are closer to each other catch yawns more often.")
    verdict = support("One idea is that it's tied to empathy.", source)
    assert (verdict.detail or {}).get("clash") != "negation"


@pytest.mark.parametrize(("said", "source"), [
    ("so they don't float away from each other", "so they don't drift apart"),
    ("keep it somewhere cool and dark", "keep it a place cool and dark"),
    ("put the cork back in", "recork it"),
    ("one idea is that it's tied to empathy", "one theory is that it links to empathy"),
    ("people pick up yawns", "people catch yawns"),
])
def test_paraphrases_of_batch_53_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


def test_connected_to_the_grid_stays_connected() -> None:
    assert "connect" in judge_stems("you pay to be connected to the grid")


# ---- batch 54 ----------------------------------------------------------------------------------


def test_a_contracted_pronoun_is_no_subject_for_a_later_it() -> None:
    assert claims("Yes, it's possible, though it doesn't happen often.") == (
        "Yes, it's possible.", "It doesn't happen often.")


def test_a_degree_before_a_colon_is_no_name() -> None:
    said = claims("Very: they use tools, solve puzzles and can recognise faces.")
    assert not any(c.startswith("Very use") for c in said)


@pytest.mark.parametrize("reply", ["Very: they use tools and solve puzzles.",
                                   "Extremely, they can recognise human faces."])
def test_a_yes_said_by_degree_answers_a_yes_no_question(judge, reply) -> None:
    assert answers(judge, "Are crows intelligent?", reply)


def test_a_count_before_a_colon_answers_how_many(judge) -> None:
    assert answers(judge, "How many colours are in a rainbow?",
                   "Seven: red, orange, yellow, green, blue, indigo and violet.")


def test_how_seldom_it_holds_qualifies_the_answer() -> None:
    from ragvet.metrics.steps import qualifies

    assert qualifies("It is uncommon.")
    assert not qualifies("It is a virus.")


@pytest.mark.parametrize(("said", "source"), [
    ("some kinds can shoot up by as much as 91 cm", "some species can grow up to 91 cm"),
    ("which puts bamboo among the fastest", "making bamboo one of the fastest"),
    ("in a single day", "in one day"),
    ("when there's little food", "when scarce food"),
    ("when it's cold", "when temperatures are low"),
    ("it doesn't happen often", "it is uncommon"),
])
def test_paraphrases_of_batch_54_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


# ---- batch 55 ----------------------------------------------------------------------------------


def test_an_irregular_participle_phrase_leaves_the_quantity_a_fragment(judge) -> None:
    assert answers(judge, "How deep should I plant carrot seeds?",
                   "About 1 cm deep, sown thinly in rows 15 cm apart.")


def test_unit_symbols_are_no_names(support) -> None:
    from ragvet.judges.local.features import entities

    assert not entities("It runs at 230 V and 50 Hz.") & {"v", "hz"}
    assert support("UK mains electricity is 230 V at 50 Hz.",
                   "Mains electricity in the UK is supplied at 230 volts and 50 hertz.").value


@pytest.mark.parametrize(("question", "reply"), [
    ("Why do we sneeze?", "It's a reflex that gets rid of irritants like dust from your nose."),
    ("Why do geese fly in a V shape?", "It saves energy: each goose rides the upwash of the "
                                       "bird ahead."),
])
def test_what_it_is_for_or_what_doing_it_gains_answers_why(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_a_habit_is_no_reason(judge) -> None:
    assert not answers(judge, "Why do we yawn?", "It is a common habit in offices.")


def test_protecting_against_the_trouble_is_essential_to_it(judge) -> None:
    assert essential(judge, "Why do my eyes sting after swimming?", "Goggles will protect them.")


def test_a_purpose_said_as_a_denial_agrees_with_stopping_it(support) -> None:
    source = "Wipe the mirror with washing-up liquid to stop condensation forming."
    assert support("Rub washing-up liquid on the mirror so condensation can't form.",
                   source).value


def test_stopping_a_thing_doing_reads_as_a_denial() -> None:
    from ragvet.judges.local.features import negations_in

    assert negations_in("The film stops condensation forming.")


@pytest.mark.parametrize(("said", "source"), [
    ("cool it fast", "cool it quickly"),
    ("get it in the freezer", "freeze it"),
    ("defrost it in the fridge", "thaw it in the fridge"),
    ("which cuts drag", "which reduces drag"),
    ("fly in a V shape", "fly in a V formation"),
    ("the bird ahead", "the one in front"),
    ("clears dust from the nose", "removes dust from the nose"),
    ("blasting air out at 100 miles per hour", "expelling air at 100 mph"),
])
def test_paraphrases_of_batch_55_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


# ---- batch 56 ----------------------------------------------------------------------------------


def test_a_second_question_with_another_subject_takes_the_first_deed() -> None:
    from ragvet.judges.local.text import subquestions

    assert subquestions("How often should adults see a dentist, and how often should "
                        "children?") == ("How often should adults see a dentist?",
                                         "How often should children see a dentist?")


def test_a_reply_naming_only_another_part_does_not_answer_this_one(judge) -> None:
    import asyncio

    from ragvet.judges.base import AnswersItem
    from ragvet.judges.ops import ANSWERS

    reply = "At least once every two years for adults with healthy teeth."
    adults, children = asyncio.run(judge.run(ANSWERS, [
        AnswersItem(question="How often should adults see a dentist?", text=reply),
        AnswersItem(question="How often should children see a dentist?", text=reply)]))
    assert adults.value and not children.value


def test_every_against_all_is_no_scope_clash(support) -> None:
    source = ("Snow looks white because the many ice crystals in it scatter all wavelengths of "
              "visible light equally.")
    verdict = support("The ice crystals scatter every colour of visible light equally.", source)
    assert (verdict.detail or {}).get("clash") != "scope"


def test_doing_at_once_what_the_source_says_to_wait_for_is_contradicted(support) -> None:
    source = "Wait at least 30 minutes before opening the radiator cap."
    assert not support("Open the radiator cap straight away.", source).value
    assert (support("Open the radiator cap straight away.", source).detail or {}).get(
        "clash") == "timing"


def test_a_means_as_the_subject_answers_how_to(judge) -> None:
    assert answers(judge, "How can I stop crying when I cut onions?",
                   "Chilling the onion in the fridge before cutting it reduces the irritating "
                   "gas that makes your eyes water.")


@pytest.mark.parametrize(("said", "source"), [
    ("their leafy diet provides very little energy", "their diet of leaves gives very little "
                                                     "energy"),
    ("to conserve what they get", "to save what they get"),
    ("wait for the radiators to cool", "let the radiators cool"),
    ("the water can be scalding", "the water can be very hot"),
    ("stay well back", "keep your distance"),
    ("ring a rescue charity if it seems hurt", "call a rescue charity if it hurt"),
    ("both cut down the gas", "both reduce the gas"),
])
def test_paraphrases_of_batch_56_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


# ---- batch 57 (fixed against at the session's end) ---------------------------------------------


@pytest.mark.parametrize(("question", "reply"), [
    ("How long should I wash my hands for?",
     "For at least 20 seconds, roughly the time it takes to hum Happy Birthday twice."),
    ("How long is a giraffe's neck?",
     "Up to about 1.8 m, though it still has just seven vertebrae, like ours."),
    ("At what age can I get a free bus pass in England?", "Once you reach State Pension age."),
    ("What are the white cliffs of Dover made of?",
     "Chalk, built up from the remains of tiny algae that sank to the seabed."),
])
def test_a_fragment_with_an_aside_answers(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_an_age_named_answers_at_what_age() -> None:
    from ragvet.judges.local.features import expected_answer

    question = "At what age can I get a free bus pass?"
    assert expected_answer(question).present("When you reach State Pension age.", question)
    assert not expected_answer(question).present("From any post office.", question)


def test_a_quantity_with_two_hedges_is_no_subject_for_a_later_it() -> None:
    assert claims("Up to about 1.8 m, though it still has just seven vertebrae.") == (
        "Up to about 1.8 m.", "It still has just seven vertebrae.")


def test_a_no_qualified_by_the_case_denies_nothing_of_the_statement(support) -> None:
    from ragvet.judges.local.features import negations_in

    source = "UK citizens can visit Japan without a visa for up to 90 days for tourism."
    assert support("No, not for stays of up to 90 days as a tourist.", source).value
    assert negations_in("No, not at all.")
    assert negations_in("Not if it was an instant transfer: those cannot be cancelled.")
