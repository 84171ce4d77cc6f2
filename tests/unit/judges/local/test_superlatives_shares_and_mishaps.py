"""Known answers of the twenty-ninth session: any '-est' adjective asks which one, a reply
naming a part of the asked subject, a hedged no alone, what to do after a mishap, a unit
carried to a later clause, a figure said of most where the source says a few, what a
trouble is and where it comes from, and a bare reply that tells no way to do the asked."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers, essential

from ragvet.judges.local.answer_shape import SUPERLATIVE, open_kind
from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.local.text import claims

# ---- which one is the most … ---------------------------------------------------------------


@pytest.mark.parametrize("word", ["hardest", "softest", "saltiest", "largest"])
def test_an_est_adjective_is_a_superlative(word) -> None:
    assert SUPERLATIVE.search(f"the {word} natural material")


@pytest.mark.parametrize("word", ["forest", "interest", "harvest", "chest", "priest", "honest"])
def test_a_noun_or_adjective_ending_in_est_is_no_superlative(word) -> None:
    assert not SUPERLATIVE.search(f"the {word} rate")


def test_a_question_for_the_hardest_thing_asks_which_one(judge) -> None:
    assert open_kind("What is the hardest natural material?") == "open"
    assert answers(judge, "What is the hardest natural material?",
                   "Diamond is the hardest natural material.")
    assert answers(judge, "What is the hardest natural material?",
                   "Diamond: it scores 10, the top of the Mohs hardness scale.")
    assert open_kind("What is a forest?") == "definition"


def test_another_subject_given_the_same_title_is_contradicted(support) -> None:
    source = "Diamond is the hardest naturally occurring material."
    assert not support("Quartz is the hardest natural material.", source).value
    assert support("Diamond is the hardest natural material.", source).value


# ---- yes/no replies --------------------------------------------------------------------------


@pytest.mark.parametrize("reply", ["Under-5s ride for free.", "Children under 5 travel free.",
                                   "Only children under 5 travel free."])
def test_a_reply_naming_part_of_the_subject_answers_a_yes_no_question(judge, reply) -> None:
    assert answers(judge, "Do children travel free on the buses?", reply)


def test_a_part_of_another_subject_is_no_reply(judge) -> None:
    assert not answers(judge, "Do children travel free on the buses?", "Dogs under 5 kg ride.")


@pytest.mark.parametrize("reply", ["Usually not.", "Probably not.", "Generally not."])
def test_a_hedged_no_alone_answers(judge, reply) -> None:
    assert answers(judge, "Do I need planning permission for solar panels on my roof?", reply)


def test_what_to_do_after_a_mishap_is_essential_to_what_happens(judge) -> None:
    question = "What happens if I put petrol in a diesel car?"
    assert essential(judge, question, "Call for help to have the tank drained.")
    assert not essential(judge, "What is diesel made from?",
                         "Call for help to have the tank drained.")


# ---- how to, why -----------------------------------------------------------------------------


def test_what_a_trouble_is_answers_why_it_happens(judge) -> None:
    question = "Why is my iron leaving white marks?"
    assert answers(judge, question, "White marks are usually limescale from hard water.")
    assert not answers(judge, question, "Irons are made from steel and plastic.")


def test_a_bare_cause_is_no_way_to_stop_it(judge) -> None:
    question = "How do I stop my iron leaving white marks?"
    assert not answers(judge, question, "It's usually limescale from hard water.")
    assert answers(judge, question, "Descale it regularly.")
    assert answers(judge, "How do I reset the router?", "With a paperclip.")


# ---- decomposition and shares ----------------------------------------------------------------


def test_a_later_bare_number_takes_the_first_clause_unit() -> None:
    assert claims("Often 80–150 years, and a few have reached over 180.") == (
        "Often 80–150 years.", "A few have reached over 180 years.")
    assert claims("Most live for more than 180 years, and some have reached 80 to 150.")[1] \
        == "Some have reached 80 to 150 years."


def test_a_number_with_its_own_unit_is_left_alone() -> None:
    assert "3 pm" in " ".join(claims("It opens at 9 am, and it closes at 3 pm."))


TORTOISES = ("Many tortoise species live for 80 to 150 years, and some individuals have lived "
             "for more than 180 years.")


def test_a_figure_said_of_most_where_the_source_says_a_few_is_contradicted(support) -> None:
    verdict = support("Most live for more than 180 years.", TORTOISES)
    assert not verdict.value and "most vs a few" in verdict.reason


@pytest.mark.parametrize("claim", ["Most live for 80 to 150 years.",
                                   "A few have reached over 180 years."])
def test_a_figure_said_of_the_share_the_source_gives_is_supported(support, claim) -> None:
    assert support(claim, TORTOISES).value


# ---- paraphrase ------------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "source"), [
    ("your eyes water", "your eyes weep"),
    ("light is bent", "light is refracted"),
    ("under-5s ride", "children under 5 travel"),
    ("still in your system five hours later", "still in your body five hours after"),
    ("a few have reached over 180 years", "a few have lived over 180 years"),
])
def test_everyday_paraphrases_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


def test_meaning_draws_a_consequence(support) -> None:
    source = ("Caffeine has a half-life of about five hours, so half of it is still in your "
              "body five hours after you drink it.")
    assert support("Its half-life is around five hours, meaning half the caffeine is still in "
                   "your system five hours later.", source).value
