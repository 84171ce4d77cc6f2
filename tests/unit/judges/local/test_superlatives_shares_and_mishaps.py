"""Known answers of the twenty-ninth session: any '-est' adjective asks which one, a reply
naming a part of the asked subject, a hedged no alone, what to do after a mishap, a unit
carried to a later clause, a figure said of most where the source says a few, what a
trouble is and where it comes from, and a bare reply that tells no way to do the asked."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers, essential

from ragvet.judges.local.answer_shape import SUPERLATIVE, is_step, open_kind
from ragvet.judges.local.features import negations_in, opinion_words
from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.local.text import claims, question_focus
from ragvet.text import with_question_antecedent

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


# ---- batch 43 --------------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "source"), [
    ("lift off any tentacles", "remove any tentacles"),
    ("seawater rather than fresh water", "seawater, not fresh water"),
    ("every two hours at the latest", "every two hours"),
    ("dry yourself with a towel", "towelling off"),
    ("after riding in wet weather", "after riding in the rain"),
    ("the lower pressure means it boils", "the lower pressure, so it boils"),
    ("probably as a way to calm themselves", "to soothe themselves"),
    ("when anxious or hurting", "when stressed or in pain"),
])
def test_more_everyday_paraphrases_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


def test_without_a_deed_denies_it_as_not_does() -> None:
    assert judge_stems("without rubbing") == judge_stems("not rubbing")
    assert "without" in " ".join(sorted(judge_stems("without a visa")))


def test_a_degree_the_source_gives_one_side_is_no_antonym(support) -> None:
    source = ("Air molecules scatter short blue wavelengths of sunlight much more than longer "
              "red ones.")
    verdict = support("Air molecules scatter the shorter blue wavelengths of sunlight more.",
                      source)
    assert "antonym" not in (verdict.reason or "")
    assert not support("The red ones are shorter.", "The red ones are longer.").value


@pytest.mark.parametrize("step", [
    "After washing your hands, grip it with clean tweezers and draw it out.",
    "Once it has cooled, wipe it down.",
])
def test_a_step_after_when_to_take_it_is_a_step(step) -> None:
    assert is_step(step)


@pytest.mark.parametrize("statement", ["When it rains, the roads flood.",
                                       "After the war, Britain rebuilt its cities."])
def test_a_statement_after_a_time_clause_is_no_step(statement) -> None:
    assert not is_step(statement)


def test_a_denial_after_a_without_is_read_too() -> None:
    foci = [focus for _, focus in
            negations_in("Drones under 250 grams without a camera do not need registering.")]
    assert any("need" in focus for focus in foci)


DRONES = ("You must register if your drone weighs 250 grams or more, or if it has a camera. "
          "Drones under 250 grams without a camera do not need registering.")


def test_a_rule_for_every_one_is_contradicted_by_a_kind_exempt_from_it(support) -> None:
    assert not support("Yes, every drone must be registered, whatever its weight.",
                       DRONES).value
    assert support("Every drone weighing 250 grams or more must be registered.", DRONES).value


# ---- batch 44 --------------------------------------------------------------------------------


def test_a_cause_and_effect_swapped_is_contradicted(support) -> None:
    assert not support("Thunder causes lightning.", "Thunder is caused by lightning.").value
    assert support("Lightning causes thunder.", "Thunder is caused by lightning.").value
    assert not support("Cancer causes smoking.", "Smoking causes cancer.").value


def test_a_warning_against_a_step_the_source_gives_is_contradicted(support) -> None:
    source = "If that does not work, use a plunger, making sure the overflow is covered."
    verdict = support("Never use a plunger on a sink.", source)
    assert not verdict.value and "negation" in verdict.reason
    assert support("If it's still blocked, use a plunger with the overflow covered.",
                   source).value


@pytest.mark.parametrize(("said", "source"), [
    ("if it's still blocked", "if that does not work"),
    ("swap the whole unit for a new one", "replace the whole unit"),
    ("uncooked flour can carry germs", "raw flour can contain germs"),
    ("lots of supermarkets", "many supermarkets"),
    ("they start fires", "they cause fires"),
    ("drop them at a collection point", "take them to a collection point"),
    ("the leaf", "the leaves"),
])
def test_paraphrases_of_batch_44_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


def test_a_step_and_what_follows_from_it_stay_one_claim() -> None:
    assert claims("Leave it longer and it turns bitter.") == (
        "Leave it longer and it turns bitter.",)
    assert len(claims("The museum opened in 1990 and it closed in 2001.")) == 2


def test_an_adjective_in_ed_after_and_is_no_clause() -> None:
    assert not any(c.strip(".").lower() == "relaxed"
                   for c in claims("Cats knead when they feel comfortable and relaxed."))


def test_what_it_is_done_for_answers_why(judge) -> None:
    assert answers(judge, "Why do cats knead?", "Cats knead to help the milk flow.")
    assert answers(judge, "Why do cats knead?",
                   "Kittens do it to their mother to get the milk flowing.")


def test_a_process_that_goes_with_it_answers_why(judge) -> None:
    question = "Why do leaves change colour in autumn?"
    assert answers(judge, question, "In autumn, trees stop making chlorophyll, the green "
                                    "pigment in leaves.")
    assert not answers(judge, question, "Leaves are used by trees to make food.")


def test_a_step_on_what_a_permission_question_names_is_essential(judge) -> None:
    question = "Can I put old batteries in my household bin?"
    assert essential(judge, question, "Take them to a battery collection point.")
    assert not essential(judge, question, "Take the bus to work.")


# ---- batch 45 --------------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "source"), [
    ("heals within 2–4 weeks", "heals in 2–4 weeks"),
    ("can need as long as six months", "can take up to six months"),
    ("the outer layer heals", "the surface heals"),
    ("the skin underneath", "the deeper layers"),
    ("to fully recover", "to fully heal"),
    ("mostly to claim their territory", "mainly to mark their territory"),
    ("to attract a partner", "to attract a mate"),
    ("other on-demand streaming", "other on-demand services"),
    ("turn it off at once", "switch it off straight away"),
    ("take off the case", "remove the case"),
    ("wipe it dry", "dry it"),
    ("let it dry somewhere airy", "let it dry in a well-ventilated place"),
    ("for a day or more", "for a day"),
    ("it gives out less power", "it delivers less power"),
    ("to get going", "to start"),
])
def test_paraphrases_of_batch_45_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


def test_as_long_as_a_condition_is_still_if() -> None:
    assert judge_stems("as long as you have a ticket") == judge_stems("if you have a ticket")


def test_a_hedged_purpose_alone_answers_why(judge) -> None:
    assert answers(judge, "Why do owls hoot?",
                   "Mostly to claim their territory and to attract a partner.")


def test_a_mechanism_and_its_consequence_answers_why_a_trouble_happens(judge) -> None:
    assert answers(judge, "Why does my car battery die in cold weather?",
                   "The cold slows the chemical reactions in the battery so it gives out less "
                   "power.")


@pytest.mark.parametrize(("said", "source"), [
    ("as long as a parent is present", "if a parent is present"),
    ("heals in two to four weeks", "heals within 2-4 weeks"),
    ("stop within minutes", "stop in a few minutes"),
])
def test_a_span_is_read_as_a_bound_only_before_a_span(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


@pytest.mark.parametrize("text", ["You will need a signed form", "stay within a 50 pound buffer",
                                  "opened in 2020"])
def test_words_before_no_span_are_left_alone(text) -> None:
    assert "tak" not in judge_stems(text)
    assert ("within" in judge_stems(text)) == ("within" in text)


# ---- batch 46 --------------------------------------------------------------------------------


def test_cool_as_a_verb_is_no_opinion() -> None:
    assert not opinion_words("Yes, as long as you cool it and freeze it within an hour.")
    assert opinion_words("That museum is so cool.") == {"cool"}


@pytest.mark.parametrize(("said", "source"), [
    ("it has accumulated", "it has built up"),
    ("the bristles look worn and splayed", "the bristles are frayed"),
    ("that takes up more room", "that takes up more space"),
])
def test_paraphrases_of_batch_46_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


def test_a_comparative_in_er_against_less_of_it_is_a_clash(support) -> None:
    source = "Ice floats because it is less dense than liquid water."
    verdict = support("Because ice is denser than liquid water.", source)
    assert not verdict.value and "degree" in verdict.reason
    assert support("Liquid water is denser than ice.", "Ice is less dense than liquid water."
                   ).value


@pytest.mark.parametrize(("question", "reply"), [
    ("Why does ice float?", "It's less dense than liquid water."),
    ("Why do dogs pant?", "It's how they cool off: they have hardly any sweat glands."),
])
def test_what_sets_the_subject_apart_answers_why(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_a_noun_then_the_verb_ending_the_question_names_the_subject() -> None:
    assert with_question_antecedent("Why does ice float?", "It is less dense than water.") == \
        "Ice is less dense than water."
    assert with_question_antecedent("Why do dogs pant?", "It's how they cool off.") == \
        "Dogs is how they cool off."


def test_a_clause_after_a_colon_opening_with_as_stands_alone() -> None:
    assert len(claims("It's less dense than liquid water: as water freezes, the molecules "
                      "lock into an open structure that takes up more room.")) == 2


@pytest.mark.parametrize("reply", ["Roughly one day per time zone you cross.",
                                   "After crossing six zones it can take up to a week to "
                                   "feel normal."])
def test_a_span_per_unit_or_taken_answers_how_long_it_lasts(judge, reply) -> None:
    assert answers(judge, "How long does jet lag last?", reply)


# ---- batch 47 --------------------------------------------------------------------------------


def test_any_where_the_source_says_only_is_a_scope_clash(support) -> None:
    source = "Only microwave plastic containers that are labelled as microwave-safe."
    verdict = support("Yes, any plastic container is safe in the microwave.", source)
    assert not verdict.value and "'any' vs 'only'" in verdict.reason
    assert support("Only containers labelled microwave-safe are safe in the microwave.",
                   source).value


def test_a_time_of_day_is_what_a_time_of_day_question_asks(judge) -> None:
    question = "What time of day is best to water a lawn?"
    assert not answers(judge, question, "Once or twice a week in summer.")
    assert answers(judge, question, "Early in the morning, when less water evaporates.")
    assert answers(judge, "What time does the pharmacy open?", "It opens at 9 am.")


def test_a_denial_speaks_of_its_own_clause_and_not_of_a_condition(support) -> None:
    assert support("A bald chick can be put back gently if you can reach the nest.",
                   "If it has no feathers and the nest is in reach, gently put it back.").value
    assert support("Usually old yeast, or yeast killed by water that was too hot.",
                   "Bread may not rise if the yeast is old or was killed by water that was "
                   "too hot.").value
    assert not support("Refunds are given if the item is damaged.",
                       "Refunds are not given if the item is damaged.").value


def test_not_until_a_point_is_yes_from_it(support) -> None:
    source = "You can start driving a car when you are 17."
    assert support("You can't drive a car until you're 17.", source).value
    assert not support("You can't drive a car until you're 18.", source).value


@pytest.mark.parametrize("reply", ["It isn't fully understood.", "Nobody knows for sure."])
def test_a_cause_said_to_be_unknown_answers_why(judge, reply) -> None:
    assert answers(judge, "Why do we yawn?", reply)


@pytest.mark.parametrize(("said", "source"), [
    ("it isn't fully understood", "nobody knows for certain"),
    ("watering deeply but less often", "deep, infrequent watering"),
    ("helps the roots grow deeper", "encourages deeper roots"),
    ("let it set hard", "let it harden"),
    ("what is left", "the rest"),
    ("a dough left somewhere too cold won't rise either", "a dough kept somewhere too cold "
                                                          "won't rise"),
])
def test_paraphrases_of_batch_47_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


def test_a_theory_of_the_cause_and_a_hedged_cause_answer_why(judge) -> None:
    assert answers(judge, "Why do we yawn?", "One leading idea is that yawning helps cool the "
                                             "brain.")
    assert answers(judge, "Why didn't my bread rise?",
                   "Usually old yeast, or yeast killed by water that was too hot.")
    assert not answers(judge, "Why didn't my bread rise?",
                       "Usually it rises in an hour, if it is warm.")


# ---- batch 48 --------------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "source"), [
    ("the green bits", "the green parts"),
    ("can hold solanine", "can contain solanine"),
    ("bin the potato", "throw away the potato"),
    ("poisonous in large amounts", "toxic in large amounts"),
    ("scrub it with hot water", "wash it with hot water"),
])
def test_paraphrases_of_batch_48_read_alike(said, source) -> None:
    assert judge_stems(said) == judge_stems(source)


def test_a_frequency_fragment_answers_how_often(judge) -> None:
    assert answers(judge, "How often should I feed a goldfish?",
                   "Once or twice daily, only as much as they'll finish in roughly two minutes.")


def test_a_process_alongside_answers_why(judge) -> None:
    question = "Why do bananas turn brown?"
    assert answers(judge, question, "Brown spots appear as enzymes break down the yellow "
                                    "pigments in the skin.")
    assert not answers(judge, question, "Bananas are a good source of potassium.")


def test_a_plural_subject_ends_at_its_plain_verb() -> None:
    assert question_focus("Why do bananas turn brown?") == "bananas"
    assert question_focus("Why do cast iron pans rust?") == "cast iron pans"
