"""Known answers of the twenty-eighth session: a yes or no said by how often it holds
('Rarely.'), a place at the end of a question that is no subject, a quantifier standing for a
noun ('most are'), adjectives in -ous read as their noun, a clause in -ing said by the next
source sentence, a visit read as a check-up, and a process hurried against one held back."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers, support_status

from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.local.text import claims, question_focus

# ---- replies ---------------------------------------------------------------------------------


@pytest.mark.parametrize("reply", [
    "Sometimes. Strong winds can stop the crossings between December and February.",
    "Hardly ever. The crossings run in all but the worst storms.",
    "Not usually. Only the late crossing is dropped in winter.",
])
def test_how_often_it_holds_answers_a_yes_no_question(judge, reply) -> None:
    assert answers(judge, "Is the island ferry cancelled in winter?", reply)


def test_how_often_alone_answers_no_question_asking_what(judge) -> None:
    assert not answers(judge, "Which port does the island ferry leave from?",
                       "Sometimes. Strong winds can stop the crossings.")


def test_a_place_ending_the_question_is_not_its_subject() -> None:
    question = "How long do I have to register a birth in Scotland?"
    assert question_focus(question) == "to register a birth"
    assert question_focus("Who won the most medals in France?") != "France"


def test_a_reply_to_a_question_scoped_by_a_country_answers_it(judge) -> None:
    assert answers(judge, "How long do I have to register a birth in Scotland?",
                   "You have 21 days from the birth to register it with the registrar.")


# ---- decomposition ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "Yes, many are, but their stings are mild.",
    "Most are harmless, and their bites heal within days.",
])
def test_a_standing_quantifier_is_no_name_for_a_later_pronoun(text) -> None:
    said = " ".join(claims(text))
    assert "Many's" not in said and "Most's" not in said


def test_a_named_subject_still_stands_for_a_later_pronoun() -> None:
    assert any("The wasps's" in c or "The wasps'" in c or "wasps" in c.lower()
               for c in claims("The wasps are small, but their stings hurt."))


# ---- paraphrase ------------------------------------------------------------------------------


@pytest.mark.parametrize(("adjective", "noun"), [
    ("dangerous", "danger"), ("poisonous", "poison"), ("mountainous", "mountains"),
    ("hazardous", "hazard"),
])
def test_an_adjective_in_ous_is_read_as_its_noun(adjective, noun) -> None:
    assert judge_stems(adjective) == judge_stems(noun)


@pytest.mark.parametrize(("adjective", "other"), [
    ("generous", "generation"), ("momentous", "moment")])
def test_an_ous_adjective_of_another_meaning_stays_apart(adjective, other) -> None:
    assert judge_stems(adjective) != judge_stems(other)


def test_getting_through_a_skin_is_piercing_it() -> None:
    assert judge_stems("too weak to get through a dog's skin") == \
        judge_stems("too weak to penetrate a dog's skin")
    assert judge_stems("get through the day") != judge_stems("pierce the day")


def test_a_little_after_a_verb_is_slightly() -> None:
    assert judge_stems("warm the milk a little before adding it") >= \
        judge_stems("warm slightly")
    assert not judge_stems("slightly") & judge_stems("a little girl")


def test_letting_is_no_content_word() -> None:
    assert judge_stems("letting the paint dry") == judge_stems("let the paint dry")


def test_a_clause_in_ing_may_be_said_by_the_next_sentence(support) -> None:
    source = ("Most lawns need mowing about once a week in summer. Leave the clippings on "
              "the grass to feed it.")
    assert support("About once a week in summer, leaving the clippings on the grass.",
                   source).value


@pytest.mark.parametrize("question", [
    "How often should I see an optician?", "How often should children visit the dentist?"])
def test_a_visit_asked_about_is_answered_by_a_check_up(judge, question) -> None:
    assert answers(judge, question, "A check-up every two years is usual, or yearly for "
                                    "people with diabetes.")


def test_a_visit_is_not_read_into_another_question(judge) -> None:
    assert not answers(judge, "How often should I see an optician?",
                       "Opticians sell frames and lenses.")


# ---- contradictions --------------------------------------------------------------------------


@pytest.mark.parametrize(("claim", "source"), [
    ("Cold storage speeds up the decay.", "Cold storage slows down the decay."),
    ("Warmth slows the rise of the dough.", "Warmth speeds the rise of the dough."),
])
def test_a_process_hurried_against_one_held_back_is_contradicted(support, claim, source) -> None:
    verdict = support(claim, source)
    assert not verdict.value and "antonym" in verdict.reason


def test_a_process_held_back_in_other_words_is_supported(support) -> None:
    assert support("Cold storage slows down the decay.", "Cold storage slows the decay.").value


# ---- batch 36: alternatives set aside, lists, mixes and states ---------------------------------


def test_an_alternative_set_aside_is_no_denial_against_a_sentence_not_naming_it(support) -> None:
    source = ("Wool traps warm air instead of letting it escape. Damp wool can still keep a "
              "walker warm on a cold hill.")
    verdict = support("Wool traps warm air rather than letting it out, and damp wool can still "
                      "keep a walker warm on a cold hill.", source)
    assert support_status(verdict) != "contradicted" and "negation" not in (verdict.reason or "")


def test_an_alternative_the_source_affirms_is_still_a_clash(support) -> None:
    verdict = support("Pay the fine online rather than at the post office.",
                      "Pay the fine at the post office.")
    assert not verdict.value


def test_an_even_mix_in_figures_is_said_by_equal_parts(support) -> None:
    assert support("Mix a 50/50 solution of bleach and water.",
                   "Mix equal parts bleach and water.").value
    assert not support("Mix a 50/50 solution of bleach and water.",
                       "Mix one part bleach to ten parts water.").value


@pytest.mark.parametrize(("said", "source"), [
    ("Half-fill the pan with water.", "Fill the pan halfway with water."),
    ("Let it sit for ten minutes.", "Leave it to stand for ten minutes."),
    ("You can put it off for a year.", "You can postpone it for a year."),
    ("Aim for the upper end.", "Aim for the top of that range."),
    ("Sponges soak up the spill.", "Sponges absorb the spill."),
    ("Toast it straight from frozen.", "Toast it straight from the freezer."),
    ("Rinse it with clean water a couple of times.", "Rinse it with fresh water once or twice."),
    ("The bread has gone stale.", "The bread is stale."),
    ("Feeling sick is common.", "Nausea is common."),
    ("It can leave you short of breath.", "It can leave you breathless."),
    ("Tear off the dirty lid.", "Rip off the lid if it is dirty."),
    ("Replace them earlier.", "Replace them sooner."),
    ("You can return it as long as it is unused.", "You can return it if it is unused."),
])
def test_everyday_paraphrases_read_alike(said, source) -> None:
    assert judge_stems(said) <= judge_stems(source)


def test_a_list_of_items_is_a_fragment_naming_no_subject() -> None:
    said = claims("Fever, aches, a dry cough and tiredness; it spreads through droplets.")
    assert not any(c.startswith("Fever spreads") for c in said)


def test_a_list_subject_names_no_one_item_for_a_later_pronoun() -> None:
    said = claims("The museum, the park and the zoo are free, and they open daily.")
    assert "The museum open daily." not in said


def test_an_aside_after_a_comma_is_no_list() -> None:
    said = claims("The old mill, which stands by the river and grinds flour, is open daily, "
                  "and it sells bread.")
    assert any(c.startswith("The old mill") for c in said[1:])


def test_an_opening_list_answers_what_the_question_asks(judge) -> None:
    assert answers(judge, "What are the signs of dehydration?",
                   "Thirst, dark urine, tiredness and dizziness; it can come on quickly in "
                   "hot weather.")


def test_a_quantity_then_an_or_clause_answers_how_often(judge) -> None:
    assert answers(judge, "How often should I change my toothbrush?",
                   "Every three months or so, or sooner if the bristles have frayed or you "
                   "have been ill.")


def test_a_taste_against_its_opposite_is_contradicted(support) -> None:
    verdict = support("Steeping it too long makes it sweeter.",
                      "Steeping it too long makes it bitter.")
    assert not verdict.value and "antonym" in verdict.reason


# ---- batch 37: reasons by what would otherwise follow, a thing named first, deadlines --------


def test_what_would_otherwise_follow_gives_a_reason(judge) -> None:
    assert answers(judge, "Why should pasta water be salted before cooking?",
                   "It seasons the pasta from within, which would otherwise taste bland once "
                   "cooked.")


def test_a_thing_named_first_answers_which_thing(judge) -> None:
    assert answers(judge, "Which glue should I use for a broken mug?",
                   "An epoxy resin. Ordinary craft glue won't survive the dishwasher.")


def test_a_thing_named_first_does_not_answer_a_question_asking_for_a_place(judge) -> None:
    assert not answers(judge, "What is the capital of Peru?", "A big city. It has many parks.")


def test_your_opens_a_clause_of_its_own() -> None:
    said = claims("You can renew it online, and your old card won't be cancelled until the "
                  "new one arrives.")
    assert len(said) == 2 and said[1].startswith("Your old card")


@pytest.mark.parametrize(("said", "source"), [
    ("The forms must be submitted by 5 April.", "The deadline for submitting the forms is 5 "
                                                "April."),
    ("You can keep driving with it.", "You can still drive with it."),
    ("Putting the burn in cool water helps with the pain.", "Soaking the burn in cool water "
                                                            "eases the pain."),
    ("If the rash goes on for more than a week.", "If the rash lasts longer than a week."),
    ("File your claim online.", "Submit your claim online."),
])
def test_more_everyday_paraphrases_read_alike(said, source) -> None:
    assert judge_stems(said) <= judge_stems(source)


def test_a_rinse_is_a_wash() -> None:
    assert judge_stems("rinse the rice") == judge_stems("wash the rice")


# ---- batch 38: ranges in another's place, bounds, hedged replies, the asked deed -------------


@pytest.mark.parametrize("source", [
    "Puppies need 18 to 20 hours of sleep a day. Adult dogs need 12 to 14.",
    "Puppies need 18 to 20 hours of sleep a day; adult dogs need 12 to 14.",
    "Puppies need 18 to 20 hours of sleep a day, while adult dogs need 12 to 14.",
])
def test_a_range_given_to_another_subject_is_contradicted(support, source) -> None:
    verdict = support("Puppies need 12 to 14 hours of sleep a day.", source)
    assert not verdict.value and "number" in verdict.reason


def test_a_range_said_of_its_own_subject_in_another_clause_is_supported(support) -> None:
    assert support("Adult dogs need 12 to 14 hours of sleep.",
                   "Puppies need 18 to 20 hours of sleep a day; adult dogs need 12 to 14.").value


def test_a_figure_moved_to_the_other_clause_is_contradicted(support) -> None:
    source = ("Varnish is dry to the touch in two hours, but you should wait six hours before "
              "sanding it.")
    verdict = support("You can sand it after two hours.", source)
    assert not verdict.value and "number" in verdict.reason
    assert support("Wait six hours before sanding it.", source).value


@pytest.mark.parametrize(("claim", "source"), [
    ("Leave it for at least four hours.", "Most glues set in one hour; leave it four hours."),
    ("It takes at most an hour.", "Most of the time it is the least of your worries."),
])
def test_a_bound_or_a_share_is_no_superlative(support, claim, source) -> None:
    assert "antonym" not in (support(claim, source).reason or "")


def test_the_most_against_the_least_is_still_an_antonym(support) -> None:
    verdict = support("It is the least expensive model.", "It is the most expensive model.")
    assert not verdict.value


def test_a_hedged_no_opens_a_reply(support, judge) -> None:
    assert support("Generally no: the shop stays open on holidays.",
                   "The shop stays open on holidays.").value
    assert answers(judge, "Is the shop closed on holidays?",
                   "Generally no: it stays open. A few branches close early, though.")


def test_what_doing_the_asked_does_beside_the_answer_counts() -> None:
    from ragvet.metrics.steps import tells_what_doing_the_asked_does

    assert tells_what_doing_the_asked_does("How often should a chimney be swept?",
                                           "Regular sweeping stops soot building up.")
    assert tells_what_doing_the_asked_does("How often should I mow the lawn?",
                                           "Mowing too short weakens the grass.")
    assert not tells_what_doing_the_asked_does("How often should a chimney be swept?",
                                               "Chimneys were once swept by children.")


def test_an_even_though_clause_leaves_the_opening_quantity_a_bare_answer(judge) -> None:
    assert answers(judge, "How long should bread dough rise?",
                   "About an hour, even though it may look ready after forty minutes.")


# ---- batch 39: lists under a heading, lacks, amounts of two things, places, 'Is X …?' -------


def test_items_under_a_heading_stand_alone_and_answer_in_the_gap(judge) -> None:
    from ragvet.judges.local.text import items_under_a_heading

    text = "Good options:\n- porridge\n- wholemeal toast\n- a boiled egg"
    assert items_under_a_heading(text) == ("porridge", "wholemeal toast", "a boiled egg")
    assert claims(text) == ("porridge.", "wholemeal toast.", "a boiled egg.")
    assert answers(judge, "What is a healthy breakfast?", text)


def test_items_under_a_lead_in_waiting_for_its_object_keep_it() -> None:
    said = claims("You will need:\n- a valid passport\n- two photos")
    assert said[0].startswith("You will need")


def test_a_list_item_in_the_gap_is_read_with_its_question() -> None:
    from ragvet.metrics.steps import _an_item_in_the_gap, _list_items

    response = "Good options:\n- porridge\n- mashed avocado on toast (with lemon juice)"
    items = _list_items(response)
    assert _an_item_in_the_gap("What is a healthy breakfast?", items, "porridge.")
    assert _an_item_in_the_gap("What is a healthy breakfast?", items,
                               "mashed avocado on toast (with lemon juice).")
    assert not _an_item_in_the_gap("What is a healthy breakfast?", items, "Porridge is warm.")


def test_the_same_lack_said_two_ways_is_no_clash(support) -> None:
    assert support("Gluten-free bread and rice count as well as oats.",
                   "Oats, rice and gluten-free bread all count.").value


def test_a_lack_against_a_deed_it_allows_still_clashes(support) -> None:
    assert not support("Guests without a booking cannot use the spa.",
                       "Guests without a booking can use the spa.").value


def test_amounts_of_two_things_swapped_are_contradicted(support) -> None:
    source = "Make the glaze with two cups of icing sugar and one cup of lemon juice."
    verdict = support("Make the glaze with one cup of icing sugar and two cups of lemon juice.",
                      source)
    assert not verdict.value and "number" in verdict.reason
    assert support("Make the glaze with 2 cups of icing sugar and 1 cup of lemon juice.",
                   source).value


def test_one_of_a_unit_in_words_states_its_number(support) -> None:
    assert support("Add 1 teaspoon of salt.", "Add one teaspoon of salt.").value


@pytest.mark.parametrize(("question", "reply"), [
    ("Where should I keep my bike?", "Somewhere dry and secure, out of the rain."),
    ("When can a puppy leave its mother?", "Usually somewhere between 8 and 10 weeks old, "
                                           "often once it eats solid food."),
])
def test_somewhere_opens_a_fragment_in_the_gap(judge, question, reply) -> None:
    assert answers(judge, question, reply)


@pytest.mark.parametrize(("question", "expected"), [
    ("Is entry free?", "Entry is open daily."),
    ("Is the pool heated?", "The pool is open daily."),
    ("Is Mount Everest the tallest mountain?", "Mount Everest is open daily."),
])
def test_it_after_is_x_stands_for_x_without_the_predicate(question, expected) -> None:
    from ragvet.text import with_question_antecedent

    assert with_question_antecedent(question, "It is open daily.") == expected


# ---- batch 40: bounds, hedged no, a contrast's reply, cooking and safety paraphrases --------


def test_an_upper_bound_against_a_lower_one_is_contradicted(support) -> None:
    verdict = support("At most one month's notice.", "You must give at least one month's notice.")
    assert not verdict.value and "number" in verdict.reason


def test_the_same_bound_is_supported(support) -> None:
    assert support("At least one month's notice.",
                   "You must give at least one month's notice.").value


@pytest.mark.parametrize(("reply", "polarity"), [
    ("Ideally not: keep it in a cupboard.", "no"), ("Usually not, it keeps well.", "no"),
    ("Not quite: it holds two litres.", "no"), ("Notably, it is cheap.", None),
])
def test_a_hedged_no_is_a_no(reply, polarity) -> None:
    from ragvet.text import opening_polarity

    assert opening_polarity(reply) == polarity


def test_a_hedged_no_is_no_denial_of_what_follows(support) -> None:
    assert support("Ideally not: in a cool cupboard they keep their crunch.",
                   "Apples keep their crunch in a cool cupboard.").value


def test_a_reply_before_a_contrast_clause_is_read_apart(support) -> None:
    assert support("Not quite: they can swivel their ears up to 180 degrees to follow sounds.",
                   "Cats cannot turn their ears all the way round, but they can rotate them "
                   "up to 180 degrees to follow sounds.").value


@pytest.mark.parametrize(("said", "source"), [
    ("Leaving it for ten minutes lets the juices redistribute.",
     "Resting it for ten minutes lets the juices spread back."),
    ("Fewer of them spill out when you slice it.", "Less of them leak out when you cut it."),
    ("You're legally required to wear a helmet.", "By law, you must wear a helmet."),
    ("A red one at the back.", "A red rear one."),
    ("Call the council, particularly if it is close to a door.",
     "Contact the council, especially if it is near a doorway."),
])
def test_paraphrases_of_cooking_and_safety_read_alike(said, source) -> None:
    assert judge_stems(said) <= judge_stems(source)


def test_running_out_of_a_thing_is_no_escape() -> None:
    assert judge_stems("We ran out of milk") != judge_stems("We escape milk")


def test_a_claim_joined_by_plus_may_be_said_by_two_sentences(support) -> None:
    source = "Every kit has a tent and a stove. It also has a lamp and two mugs."
    assert support("It comes with a tent and a stove, plus a lamp and two mugs.", source).value


# ---- batch 41: 'Better not', a question read with a claim, causes, needs, household phrasing -


def test_better_not_is_a_no(judge) -> None:
    from ragvet.text import opening_polarity

    assert opening_polarity("Better not: the glaze can crack in the heat.") == "no"
    assert answers(judge, "Can I put my china teapot in the dishwasher?",
                   "Better not: the glaze can crack in the heat, so wash it by hand.")


def test_a_denial_in_the_question_read_with_a_claim_is_no_denial_of_it(support) -> None:
    assert support("Why shouldn't dogs eat grapes? They can cause kidney failure.",
                   "Grapes can cause kidney failure in dogs.").value


def test_a_possessive_subject_after_and_opens_a_clause() -> None:
    said = claims("It has a thick coat, and a cat's tongue can't taste sweetness.")
    assert said == ("It has a thick coat.", "A cat's tongue can't taste sweetness.")


def test_a_cause_clause_holds_its_own_denial(support) -> None:
    verdict = support("A puppy's stomach can't cope with them.",
                      "Puppies should not be given grapes because their stomach cannot yet "
                      "break them down.")
    assert "negation" not in (verdict.reason or "")


def test_no_need_to_do_the_asked_deed_answers_how_long(judge) -> None:
    assert answers(judge, "How long should I soak lentils?", "You don't need to soak them.")
    assert not answers(judge, "How long should I soak lentils?", "You don't need a pan.")


@pytest.mark.parametrize(("said", "source"), [
    ("Store flour in airtight tins.", "Keep flour in sealed tins."),
    ("Clean up spills straight away.", "Wipe up spills immediately."),
    ("Seal any gaps where mice get inside.", "Seal the cracks where mice get in."),
    ("You're entitled to settle it early.", "You have the right to repay it early."),
])
def test_household_paraphrases_read_alike(said, source) -> None:
    assert judge_stems(said) <= judge_stems(source)


# ---- batch 42 (after its held-out run): a time of year alone, what a deed does, frequencies --


def test_a_time_of_year_alone_answers_when(judge) -> None:
    assert answers(judge, "When should I prune apple trees?",
                   "Late winter or early spring, before the buds open, on a dry day.")


def test_it_after_what_happens_if_i_do_stands_for_the_deed(judge) -> None:
    assert answers(judge, "What happens if I miss a credit card payment?",
                   "It can lower your credit score. Pay as soon as you can.")


@pytest.mark.parametrize(("said", "source"), [
    ("Train at least twice a week.", "Train on at least two days a week."),
    ("It increases the chance of an infection.", "It raises the risk of an infection."),
])
def test_frequencies_and_risks_read_alike(said, source) -> None:
    assert judge_stems(said) <= judge_stems(source)


@pytest.mark.parametrize("reply", ["", "   ", ";", "; it is.", "(;"])
def test_an_empty_or_bare_punctuation_reply_is_judged_without_failing(judge, reply) -> None:
    assert not answers(judge, "Which glue should I use?", reply)
