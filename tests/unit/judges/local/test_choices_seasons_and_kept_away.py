"""Known answers of the twenty-seventh session: a choice said against its alternative and
swapped, a season put in another's place, 'keep them off' read as a denial, how often as
against how many, a point in time given as an age, an elliptical 'and always after …', and
paraphrases of particles, amounts, decay, nearness and height."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers, support_status

from ragvet.judges.local.features import negated
from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.local.text import claims, question_focus
from ragvet.metrics.steps import compares_the_asked
from ragvet.text import has_verb, with_question_antecedent

# ---- contradictions ------------------------------------------------------------------------------


@pytest.mark.parametrize("claim", [
    "Pay the deposit in cash, not by card.",
    "Pay the deposit in cash rather than by card.",
])
def test_a_choice_swapped_with_its_alternative_is_contradicted(support, claim) -> None:
    verdict = support(claim, "Pay the deposit by card, not in cash.")
    assert not verdict.value and "negation" in verdict.reason


@pytest.mark.parametrize("claim", [
    "Pay the deposit by card, not in cash.",
    "Pay the deposit by card instead of cash.",
])
def test_the_same_choice_said_another_way_is_supported(support, claim) -> None:
    assert support(claim, "Pay the deposit by card, not in cash.").value


def test_a_plain_denial_is_no_choice_against_an_alternative(support) -> None:
    verdict = support("No, the council does not require a permit for sheds under 2.5 metres.",
                      "A permit for sheds under 2.5 metres is not required by the council.")
    assert support_status(verdict) != "contradicted"


def test_a_season_in_another_seasons_place_is_contradicted(support) -> None:
    source = "Lawns are best sown in early autumn, when the soil is still warm."
    verdict = support("Lawns are best sown in early spring, when the soil is still warm.", source)
    assert not verdict.value and "season" in verdict.reason
    assert support("Lawns are best sown in early autumn, while the soil is still warm.",
                   source).value


def test_anyone_under_a_modal_does_not_widen_often(support) -> None:
    verdict = support("Falling rocks tend to hit the lower path and can injure anyone walking "
                      "close by.",
                      "Falling rocks often strike the lower path and can injure people nearby.")
    assert verdict.value


def test_always_still_widens_often(support) -> None:
    verdict = support("The ferry always leaves late.", "The ferry often leaves late.")
    assert not verdict.value


# ---- keep them off ----------------------------------------------------------------------------

def test_keep_them_off_is_read_as_a_denial() -> None:
    assert negated("Keep the dogs off the beach until October.")
    assert judge_stems("Keep the dogs off the beach.") == judge_stems("the dogs not on the beach")


def test_keep_them_off_agrees_with_should_not(support) -> None:
    verdict = support("Keep seedlings off cold windowsills at night.",
                      "Seedlings should not stand on cold windowsills at night.")
    assert support_status(verdict) != "contradicted"


# ---- answers ------------------------------------------------------------------------------------

@pytest.mark.parametrize("question, reply", [
    ("When should a kitten be neutered?", "At about four months, before it can breed."),
    ("When can a baby start eating solid food?", "Usually at around six months."),
])
def test_an_age_answers_when(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_an_age_that_is_not_a_time_does_not_answer_when(judge) -> None:
    assert not answers(judge, "When should a kitten be neutered?", "Kittens like to play.")


def test_it_means_stands_for_what_the_question_asks_the_meaning_of() -> None:
    assert with_question_antecedent("What does offside mean in football?",
                                    "It means a player is ahead of the ball.") == \
        "Offside means a player is ahead of the ball."


# ---- decomposition ------------------------------------------------------------------------------

def test_and_always_after_an_event_stays_with_its_clause() -> None:
    assert claims("Water seedlings every morning, and always after a hot day.") == (
        "Water seedlings every morning, and always after a hot day.",)
    assert claims("Store it in a cool place and never freeze it.") == (
        "Store it in a cool place.", "Never freeze it.")


# ---- RP: an alternative compared by what is asked ---------------------------------------------

@pytest.mark.parametrize("query, fact, compares", [
    ("Is it safe to swim in the quarry?", "The lido next door is far safer.", True),
    ("Is it cheap to park in the centre?", "The park and ride is cheaper.", True),
    ("Is it safe to swim in the quarry?", "The quarry is 40 metres deep.", False),
])
def test_a_fact_comparing_by_the_asked_quality(query, fact, compares) -> None:
    assert compares_the_asked(query, fact) is compares


# ---- paraphrases -------------------------------------------------------------------------------

@pytest.mark.parametrize("claim, source", [
    ("Brush away the loose soil so the roots do not pick up mould.",
     "Brush off the loose soil so the roots do not attract mould."),
    ("Too much fertiliser burns the roots.", "Large amounts of fertiliser burn the roots."),
    ("Reapply it after running or swimming.", "Reapply it after you run or swim."),
    ("Old leaves rot slowly.", "Old leaves break down slowly."),
    ("The tower is 120 metres tall.", "The tower is 120 metres high."),
    ("Its colour shifts with the light.", "Its colour changes with the light."),
    ("Sparks can land on anyone standing close by.", "Sparks can land on people nearby."),
    ("The pass fares rise in May.", "The pass tickets rise in May."),
])
def test_a_paraphrase_is_supported(support, claim, source) -> None:
    assert support(claim, source).value


def test_far_before_a_comparative_is_a_degree_not_a_fare() -> None:
    assert judge_stems("The train is far cheaper.") == judge_stems("The train is much cheaper.")
    assert "ticket" not in judge_stems("How far is it?")


def test_roots_coming_out_of_a_pot_were_not_released() -> None:
    assert "release" not in judge_stems("Roots are coming out of the drainage holes.")
    assert "release" in judge_stems("The album came out in 1999.")


# ---- batch 30: a share as a change, a forbidden deed and its reason, a qualified no ------------

@pytest.mark.parametrize("claim", [
    "In winter the pump uses 30 percent more power than in summer.",
    "Bus use fell by 40% after the fare rise.",
])
def test_a_share_made_a_change_by_that_much_is_contradicted(support, claim) -> None:
    source = ("In winter the pump uses about 30 percent of the power it uses in summer. Bus use "
              "fell to 40% of its old level after the fare rise.")
    verdict = support(claim, source)
    assert not verdict.value and "contradicted (number" in verdict.reason


def test_the_same_share_said_again_is_supported(support) -> None:
    assert support("Bus use fell by 40% after the fare rise.",
                   "Bus use dropped by 40% after the fare rise.").value


def test_the_reason_for_a_forbidden_deed_is_not_denied(support) -> None:
    verdict = support("Rabbits cannot digest lettuce well, so it can upset their stomachs.",
                      "Do not feed rabbits lettuce, as they cannot digest it well and it can "
                      "upset their stomachs.")
    assert support_status(verdict) != "contradicted"


def test_the_forbidden_deed_itself_is_still_denied(support) -> None:
    verdict = support("Feed rabbits lettuce.", "Do not feed rabbits lettuce, as it upsets them.")
    assert not verdict.value and "negation" in verdict.reason


def test_a_qualified_no_before_what_the_reply_says_denies_nothing_of_it(support) -> None:
    verdict = support("Not on Sundays: before noon you pay the full price.",
                      "Before noon on Sundays you must pay the full price.")
    assert verdict.value


@pytest.mark.parametrize("claim, source", [
    ("If the blade tears the paper, it's time for a new one.",
     "A blade that tears the paper is due for replacement."),
    ("It's worth descaling it after a hard winter.",
     "It is a good idea to descale it after a hard winter."),
    ("Most hearings last a day, although some run longer.",
     "Most hearings last a day. Some last longer."),
    ("Raw dough can make dogs sick.", "Raw dough can make dogs ill."),
])
def test_more_paraphrases_are_supported(support, claim, source) -> None:
    assert support(claim, source).value


# ---- batch 31: a figure for each of another thing, steps after their reason, comparatives ------

def test_a_figure_for_each_of_another_thing_is_contradicted(support) -> None:
    source = "Hire bikes cost £12 per hour. Helmets are lent free."
    verdict = support("Hire bikes cost £12 per day.", source)
    assert not verdict.value and "unit" in verdict.reason
    assert support("Hire bikes cost £12 an hour.", source).value
    verdict = support("Give the puppy three meals a week.", "Give the puppy three meals a day.")
    assert not verdict.value


def test_a_step_after_its_reason_answers_how_to(judge) -> None:
    assert answers(judge, "How do I stop my windows steaming up?",
                   "It is caused by damp air, so ventilate the room: open a window for ten "
                   "minutes each morning.")


def test_a_step_telling_how_long_to_allow_answers_how_long(judge) -> None:
    assert answers(judge, "How long does it take to get a new driving licence?",
                   "Allow up to three weeks. It may take longer in busy periods.")


def test_a_limit_named_by_two_words_asks_for_a_number(judge) -> None:
    assert answers(judge, "What is the hand luggage weight limit?",
                   "You can bring up to 10 kg on board.")


def test_better_for_one_thing_than_another_sets_the_other_aside(support) -> None:
    verdict = support("Frozen berries are better for baking than for eating raw.",
                      "Frozen berries are best used for baking rather than eaten raw.")
    assert verdict.value


@pytest.mark.parametrize("claim, source", [
    ("It's the only bird able to fly backwards.", "It is the only bird that can fly "
                                                  "backwards."),
    ("The crust gets harder as it cools.", "The crust hardens as it cools."),
    ("Old bread turns stale quickly.", "Old bread becomes stale quickly."),
    ("Nesting birds are most exposed to cats.", "Nesting birds are most at risk from cats."),
    ("Gutters can carry leaves and moss washed off the roof.",
     "Gutters can contain leaves and moss from the roof."),
    ("The classes are slower in August.", "The class is slow in August."),
])
def test_paraphrases_of_batch_31_are_supported(support, claim, source) -> None:
    assert support(claim, source).value


# ---- batch 32: the subject before a place, what is caused, why a thing is needed, a qualified
# no, how a thing should be kept -----------------------------------------------------------------

def test_a_place_at_the_end_of_a_question_is_not_its_subject() -> None:
    assert question_focus("What is the top speed limit for a bus in Norway?",
                          head_nouns=True) == "the top speed limit for a bus"
    assert question_focus("How many people live in Lisbon?", head_nouns=True) == "Lisbon"


def test_one_after_a_verb_stands_for_the_subject_before_the_place(judge) -> None:
    assert answers(judge, "What is the minimum age for a provisional licence in Wales?",
                   "You can apply for one at 15 years and 9 months.")


def test_a_pronoun_after_what_causes_stands_for_what_is_caused(judge) -> None:
    assert with_question_antecedent("What causes cramp?", "It happens when a muscle "
                                    "tightens suddenly.") == \
        "Cramp happens when a muscle tightens suddenly."
    assert answers(judge, "What causes cramp?", "It happens when a muscle tightens suddenly.")


def test_why_a_thing_is_needed_is_told_by_what_it_does(judge) -> None:
    assert answers(judge, "Why does my car need coolant?",
                   "Coolant carries heat away from the engine so that it does not overheat.")
    assert not answers(judge, "Why does my car need coolant?", "Coolant is sold in most garages.")


def test_a_qualified_no_alone_answers_and_states_nothing(judge) -> None:
    assert answers(judge, "Can penguins fly?", "Not really. They use their wings to swim.")
    assert claims("Not quite. They can swim very fast.") == ("They can swim very fast.",)


def test_a_step_answers_how_a_thing_should_be_kept(judge) -> None:
    assert answers(judge, "How should fresh basil be stored?",
                   "Keep it in a glass of water on the counter, away from the fridge.")


def test_two_denials_of_different_things_are_no_yes_against_a_no(support) -> None:
    verdict = support("A normal padlock won't stop a thief.",
                      "Use a D-lock or a chain lock instead; a cable lock is not secure.")
    assert support_status(verdict) != "contradicted"


def test_what_follows_the_contrast_is_said_though_a_pronoun_stands_for_a_word(support) -> None:
    verdict = support("Visitors can book the tower up to a week ahead, but not on the day.",
                      "Visitors cannot buy tower tickets at the door, but they can book them up "
                      "to a week ahead.")
    assert support_status(verdict) != "contradicted"


@pytest.mark.parametrize("claim, source", [
    ("Looking straight at a welding arc can cause lasting eye damage.",
     "Looking directly at a welding arc can damage your eyes for good."),
    ("Keep away from the cliff edge.", "Stay away from the cliff edge."),
])
def test_paraphrases_of_batch_32_are_supported(support, claim, source) -> None:
    assert support_status(support(claim, source)) != "contradicted"
    assert judge_stems(claim) - judge_stems(source) <= {"lasting", "last", "caus"}


# ---- batch 33: units in full, a subject carrying its place, people in the gap, participles --

def test_centimetres_are_a_length_unit(support) -> None:
    source = "A healthy sunflower can grow 30 centimetres in a week."
    verdict = support("A healthy sunflower can grow 30 metres in a week.", source)
    assert not verdict.value and "unit" in verdict.reason
    assert support("A healthy sunflower can grow as much as 30 cm in a week.", source).value


def test_it_stands_for_a_subject_with_its_place(judge) -> None:
    assert answers(judge, "What is the legal drinking age in Japan?", "It is 20.")


def test_people_picked_out_by_age_answer_who_may(judge) -> None:
    assert answers(judge, "Who can get a free bus pass in Wales?",
                   "Residents aged 60 or over, and disabled people of any age.")


def test_a_participle_after_an_article_is_no_verb() -> None:
    assert not has_verb("About three days in a sealed jar.")
    assert has_verb("The jar sealed itself.")


def test_a_cause_that_makes_the_asked_thing_so_answers_why(judge) -> None:
    assert answers(judge, "Why are my lettuces bolting?",
                   "Long hot days raise the stress on the plants, which makes them bolt.")


@pytest.mark.parametrize("claim, source", [
    ("Certain breeds can live as long as 15 years.", "Some breeds can live up to 15 years."),
    ("Its speed puts it among the fastest birds.", "Its speed makes it among the fastest birds."),
])
def test_paraphrases_of_batch_33_are_supported(support, claim, source) -> None:
    assert support(claim, source).value


# ---- batch 34: an opening fragment, a denial in a second verb phrase, more paraphrases -------

def test_an_opening_fragment_is_judged_with_its_question(evaluated) -> None:
    result = evaluated("What do otters eat?",
                       "Otters mainly eat fish, but they also take frogs and crabs.",
                       "Mostly fish, though they will also eat frogs and crabs.", metrics="GR")
    assert result.scores["GR"] > 0.8


def test_a_fragment_names_no_subject_for_a_later_pronoun() -> None:
    assert claims("Mostly fish, though they will also eat frogs.") == (
        "Mostly fish.", "They will also eat frogs.")


def test_a_denial_in_a_second_verb_phrase_leaves_the_first_affirmed(support) -> None:
    source = "A balance check is a soft search and does not change your rating."
    assert support("A balance check is a soft search.", source).value
    assert not support("A balance check lowers your rating.", source).value


@pytest.mark.parametrize("claim, source", [
    ("Service it more frequently if the engineer advises it.",
     "Service it more often if the engineer recommends it."),
    ("A soft search has no effect on your rating.", "A soft search does not affect your rating."),
    ("Avoid naps in the daytime.", "Avoid naps during the day."),
])
def test_paraphrases_of_batch_34_are_supported(support, claim, source) -> None:
    assert support(claim, source).value


def test_a_figure_in_one_span_of_time_against_another_is_contradicted(support) -> None:
    source = "A garden snail can travel up to 50 metres in a single night."
    assert not support("A garden snail can travel as much as 50 metres in one week.",
                       source).value
    assert support("A garden snail can travel as much as 50 metres in one night.", source).value
