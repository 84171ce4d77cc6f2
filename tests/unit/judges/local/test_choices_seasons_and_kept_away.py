"""Known answers of the twenty-seventh session: a choice said against its alternative and
swapped, a season put in another's place, 'keep them off' read as a denial, how often as
against how many, a point in time given as an age, an elliptical 'and always after …', and
paraphrases of particles, amounts, decay, nearness and height."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers

from ragvet.judges.local.features import negated
from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.local.text import claims
from ragvet.metrics.steps import compares_the_asked
from ragvet.text import with_question_antecedent

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
    assert verdict.label != "contradicted"


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
    assert verdict.label != "contradicted"


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
    assert verdict.label != "contradicted"


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
