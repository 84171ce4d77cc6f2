"""Known answers of the thirty-third session: the kind a which/what question asks for, carried
into its second part ('What grind …, and why?', 'Which bus …, and how long does it take?'), a
named kind that answers no why, an extent after ', thanks to …', a plural in '-ations', a
denial in another clause of the source, a share of what another thing gives, and a thing to
take where the sources say it helps."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers, support_status

from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.local.text import subquestions

# ---- the kind asked, carried into the second question -----------------------------------------


@pytest.mark.parametrize(("query", "parts"), [
    ("What grind should I use for a cafetière, and why?",
     ("What grind should I use for a cafetière?", "Why should I use the grind for a cafetière?")),
    ("Which vaccine is recommended for travellers, and why?",
     ("Which vaccine is recommended for travellers?",
      "Why is the vaccine recommended for travellers?")),
    ("Which bus should I take to the airport, and how long does it take?",
     ("Which bus should I take to the airport?", "How long does the bus take?")),
    ("What vaccine do I need for Kenya and when should I get it?",
     ("What vaccine do I need for Kenya?", "When should I get the vaccine?")),
    ("Which countries border France and what language do they speak?",
     ("Which countries border France?", "What language do the countries speak?")),
    # a verb after 'What' asks no kind: 'them' is still what is caused
    ("What causes hiccups and how do I stop them?",
     ("What causes hiccups?", "How do I stop hiccups?")),
])
def test_the_kind_asked_is_carried_into_the_second_question(query, parts) -> None:
    assert subquestions(query) == parts


def test_naming_the_asked_kind_again_does_not_answer_why(judge) -> None:
    question = "Why should I use the grind for a cafetière?"
    assert not answers(judge, question, "A coarse grind.")
    assert answers(judge, question,
                   "A coarse grind, because finer grounds slip through the mesh and muddy it.")
    # a named cause of its own still answers
    assert answers(judge, "Why is the sky blue?", "Rayleigh scattering.")


def test_an_extent_then_its_cause_is_a_bare_answer(judge) -> None:
    assert answers(judge, "How far can an owl turn its head?",
                   "Up to 270 degrees, thanks to extra vertebrae in the neck.")
    assert not answers(judge, "How far can an owl turn its head?",
                       "Thanks to extra vertebrae in the neck, owls hunt well.")


# ---- words and clauses ---------------------------------------------------------------------


def test_a_denial_of_another_subject_in_another_clause_does_not_contradict(support) -> None:
    source = ("Ordinary sunglasses do not protect your eyes during a solar eclipse; only "
              "certified eclipse glasses or a pinhole projector are safe.")
    verdict = support("Use certified eclipse glasses or a pinhole projector instead.", source)
    assert support_status(verdict) != "contradicted" and verdict.value
    # the denied subject itself is still denied
    assert support_status(support("Dark sunglasses give enough protection.", source)) == \
        "contradicted"


def test_a_share_of_what_another_thing_gives_is_a_share_of_its_amount(support) -> None:
    source = ("A typical cup of black tea contains about 40 to 70 mg of caffeine, roughly half "
              "as much as a cup of coffee.")
    assert support("Around 40 to 70 mg, about half what you'd get from a cup of coffee.",
                   source).value


def test_a_thing_to_take_where_the_sources_say_it_helps(support) -> None:
    source = ("Washing the area with soap and water can ease a nettle sting; an antihistamine "
              "helps if it itches.")
    assert support("Take an antihistamine if it itches.", source).value
    assert not support("Take a painkiller if it itches.", source).value


# ---- batch 73: a why on how a thing is ---------------------------------------------------------


def test_what_a_thing_is_made_of_answers_why_it_is_so(judge) -> None:
    assert answers(judge, "Why is Mars red?",
                   "Its surface dust is full of iron oxide, in other words rust.")
    assert answers(judge, "Why are flamingos pink?",
                   "Their diet is rich in pigments from shrimp and algae.")
    # not to a why about what a thing does
    assert not answers(judge, "Why do cats purr?", "Their fur is full of static.")


def test_the_stuff_carried_in_and_gathered_answers_why_it_is_so(judge) -> None:
    assert answers(judge, "Why is the sea salty?",
                   "Rivers carry minerals worn from rocks into the sea, mostly sodium and "
                   "chloride, and they build up there.")
    assert not answers(judge, "Why is the sea salty?",
                       "Rivers carry boats into the sea, and they stay there.")


def test_a_yes_or_no_alone_answers_no_why(judge) -> None:
    assert not answers(judge, "Why can I put meat in my home compost?", "No.")
    assert answers(judge, "Can I put meat in my home compost?", "No.")


# ---- batch 74: times, ways to find out, natures, places kept apart ------------------------------


def test_not_until_an_age_is_a_time_and_a_denial(judge, support) -> None:
    assert answers(judge, "When can babies have honey?",
                   "Not until they're over 12 months, because it can carry bacteria.")
    source = "Babies should not be given honey until they are over 12 months old."
    assert support("When can babies have honey? Not until they're over 12 months.", source).value
    assert support_status(support("When can babies have honey? Not until they're over 6 months.",
                                  source)) == "contradicted"


def test_a_way_to_find_out_answers_how_to_tell(judge) -> None:
    question = "How can I tell how far away a storm is?"
    assert answers(judge, question, "Count the seconds between the flash and the thunder, then "
                                    "divide by three for the distance in kilometres.")
    assert not answers(judge, question, "Storms are common in summer.")


def test_what_a_thing_does_by_its_nature_answers_why(judge) -> None:
    question = "Why is my cat so active at night?"
    assert answers(judge, question, "Cats are naturally most active around dawn and dusk.")
    assert not answers(judge, question, "Cats naturally have soft fur.")


def test_a_time_clause_after_a_season_is_a_bare_answer(judge) -> None:
    assert answers(judge, "When should I prune roses?",
                   "In late winter or early spring, just as they start to grow again.")


def test_away_from_a_thing_agrees_with_not_next_to_it(support) -> None:
    source = ("Store whole onions in a cool, dry, dark and well-ventilated place, away from "
              "potatoes.")
    assert support("Somewhere cool, dry, dark and airy, and not next to potatoes.", source).value


def test_all_in_a_time_phrase_is_no_all_of_everyone(support) -> None:
    source = ("Children under 8 must be accompanied in the pool by an adult at all times; "
              "children aged 8 and over may swim on their own.")
    assert support("Can children swim in the pool on their own? Only from age 8.", source).value


@pytest.mark.parametrize(("one", "other"), [
    ("They use bright light to work out which way is up.",
     "They use bright light to tell which way is up."),
    ("Lamps throw off their sense of direction.", "Lights confuse their sense of direction."),
    ("The hull pushes aside water.", "The hull displaces water."),
    ("You pay for special exhibitions.", "Special exhibitions have a charge."),
])
def test_batch_74_paraphrases_read_as_one(one, other) -> None:
    assert judge_stems(one) == judge_stems(other)


def test_a_hedge_of_seeming_needs_no_source(support) -> None:
    source = ("Scientists think moths fly towards lights because they use bright light to tell "
              "which way is up.")
    assert support("They seem to use bright light to work out which way is up.", source).value


# ---- batch 75: members of a kind, 'not as such', causes that turn a thing, chains --------------


def test_members_of_the_asked_kind_speak_of_it(judge) -> None:
    assert answers(judge, "Why do humpback whales sing?",
                   "Males sing during the breeding season, most likely to attract females.")
    assert not answers(judge, "Why do humpback whales sing?", "Males are larger than females.")


def test_not_as_such_is_a_no(judge) -> None:
    assert answers(judge, "Do I get paid for jury service?",
                   "Not as such, but you can claim back travel and lost earnings.")


def test_what_turns_the_thing_so_answers_why(judge) -> None:
    assert answers(judge, "Why do bananas go brown in the fridge?",
                   "The cold breaks down the cell walls in the skin, which releases enzymes "
                   "that turn it brown.")


def test_a_chain_of_events_answers_why_a_thing_forms(judge) -> None:
    question = "Why does fog form in valleys overnight?"
    assert answers(judge, question,
                   "On clear nights the ground loses heat quickly, cold air sinks into valleys, "
                   "and the moisture in it condenses into fog.")
    assert not answers(judge, question, "Fog is common in autumn.")


def test_what_should_be_used_is_what_to_use(support) -> None:
    assert support("Only use it on your skin.",
                   "Tea tree oil is toxic if swallowed and should only be used on the skin.").value


def test_members_of_the_kind_must_do_what_is_asked(judge) -> None:
    assert not answers(judge, "Why do mosquito bites itch?",
                       "Only female mosquitoes bite, since they need protein for their eggs.")
