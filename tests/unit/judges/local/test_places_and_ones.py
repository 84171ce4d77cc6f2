"""Known answers of the thirty-fourth session (batches 76 and 77): a place phrase with no verb as
the answer to a where-question, a 'one' standing for the thing a yes/no question asks about, a
verb phrase after 'and' said of the pronoun of the clause before it, a 'to' whose verb is the
question's, inside and outside in one claim, a doubled 'No' in English, and paraphrases."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers, essential, support_status

from ragvet.judges.local.language import detect_language
from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.local.text import claims

# ---- what a reply says in its question's gap ---------------------------------------------------


def test_a_place_phrase_then_a_time_answers_where(judge) -> None:
    question = "Where do emperor penguins breed?"
    assert answers(judge, question,
                   "On the sea ice around Antarctica, in the middle of the southern winter.")
    # a sentence with a verb is judged as a sentence, not as a phrase in the gap
    assert not answers(judge, question, "On the sea ice, the wind never stops blowing.")
    # and a place phrase answers no when-question
    assert not answers(judge, "When do emperor penguins breed?",
                       "On the sea ice around Antarctica, far from the open water.")


@pytest.mark.parametrize("text", [
    "As a British tourist you can stay up to 90 days without one.",
    "You'll need one from the council before you start.",
])
def test_a_one_stands_for_the_thing_the_question_asks_about(judge, text) -> None:
    question = ("Do UK citizens need a visa to visit Japan for two weeks?" if "tourist" in text
                else "Do I need a fishing permit for the lake?")
    assert essential(judge, question, text)


def test_a_one_of_something_else_is_not_the_thing_asked(judge) -> None:
    assert not essential(judge, "Do I need a fishing permit for the lake?",
                         "One of the lakes is private.")


# ---- decomposition -------------------------------------------------------------------------


def test_a_verb_phrase_after_and_is_said_of_the_pronoun_before_it() -> None:
    assert claims("Not if it's kept sealed: it has so little water and is acidic enough that "
                  "bacteria can't grow in it.") == (
        "Not if it's kept sealed.", "It has so little water.",
        "It is acidic enough that bacteria can't grow in it.")


# ---- paraphrases -----------------------------------------------------------------------------


@pytest.mark.parametrize(("ours", "theirs"), [
    ("acidic", "acidity"),
    ("humid", "humidity"),
    ("toxic", "toxicity"),
    ("so little water", "a low water content"),
    ("bounces off the back", "reflected off the back"),
    ("on the way out", "as it is leaving"),
    ("When was the distance fixed?", "The distance was set"),
])
def test_paraphrases_read_as_one(ours, theirs) -> None:
    assert judge_stems(ours) <= judge_stems(theirs)


def test_a_tap_that_is_fixed_is_not_set() -> None:
    # only the passive reads as 'set': to fix a tap is to mend it
    assert judge_stems("fix the tap") != judge_stems("set the tap")


def test_a_claim_in_other_words_is_supported(support) -> None:
    source = ("Honey stored in a sealed jar does not spoil, because its low water content and "
              "acidity stop bacteria from growing.")
    assert support("Honey has so little water.", source).value
    assert support("Honey is acidic enough that bacteria can't grow in it.", source).value
    source = ("Sunlight entering raindrops is refracted, reflected inside the drop and refracted "
              "again as it leaves, which splits white light into its colours.")
    assert support("Sunlight bounces off the inside of each drop and bends again on the way "
                   "out.", source).value


# ---- batch 77: a verb left out, a span with a participle phrase, inside and outside ---------


def test_a_to_whose_verb_is_left_out_takes_the_questions(judge) -> None:
    question = "Can hummingbirds fly backwards?"
    assert answers(judge, question,
                   "They're the only birds able to, because their shoulder joints let the "
                   "wings rotate.")
    assert not answers(judge, question, "They are able to hover for hours.")


def test_a_span_then_a_participle_phrase_and_a_time_clause_is_a_bare_answer(judge) -> None:
    assert answers(judge, "How long can snails sleep?",
                   "Up to three years, sealed in their shells, when the weather is dry.")


def test_a_pronoun_stands_for_a_subject_sharing_a_word_with_the_verb(judge) -> None:
    assert answers(judge, "How does a heat pump heat a house?",
                   "It draws warmth from the outdoor air with a refrigerant, compresses it so "
                   "it gets hotter, then gives that heat off inside.")


HEAT_PUMP = ("A heat pump extracts warmth from the outside air using a refrigerant, compresses "
             "it to raise its temperature, and releases the heat indoors.")


def test_inside_and_outside_in_one_claim_do_not_clash(support) -> None:
    verdict = support("It draws warmth from the outdoor air with a refrigerant, compresses it "
                      "so it gets hotter, then gives that heat off inside.", HEAT_PUMP)
    assert verdict.value
    # indoors and outdoors are still opposites where the claim says only one
    verdict = support("Keep the plant outdoors in winter.", "Keep the plant indoors in winter.")
    assert not verdict.value and "antonym" in verdict.reason


def test_exempt_with_nothing_named_is_exempt_from_paying(support) -> None:
    source = "Households made up entirely of full-time students are exempt from council tax."
    assert support("Such homes are exempt.", source).value


@pytest.mark.parametrize(("text", "language"), [
    ("No, no bird can fly backwards.", "en"),
    ("No, no one knows.", "en"),
    ("No, no es posible.", "es"),
    ("Nein, das ist nicht erlaubt.", "de"),
])
def test_a_doubled_no_does_not_make_english_spanish(text, language) -> None:
    assert detect_language(text) == language


# ---- batch 78: a denied answer, advice against, what the deed does, hard and soft ----------


def test_an_answer_the_source_denies_by_name_is_contradicted(support) -> None:
    source = "Canberra, not Sydney, has been Australia's capital since 1913."
    verdict = support("What is the capital of Australia? Sydney.", source)
    assert not verdict.value and support_status(verdict) == "contradicted"
    assert support("What is the capital of Australia? Canberra.", source).value


def test_advice_against_opens_a_reply_as_a_no_does(judge, support) -> None:
    question = "Can non-stick pans go in the dishwasher?"
    reply = ("It's best not to: the detergent gradually wears away the non-stick coating, so "
             "wash them by hand.")
    assert answers(judge, question, reply)
    source = ("Most manufacturers advise washing non-stick pans by hand, because dishwasher "
              "detergent wears down the coating over time.")
    verdict = support(f"{question} {reply}", source)
    assert support_status(verdict) != "contradicted"
    assert verdict.value


def test_what_the_asked_deed_does_answers_why(judge) -> None:
    question = "Why do gardeners cover plants on frosty nights?"
    assert answers(judge, question, "A fleece cover traps heat rising from the soil, keeping "
                                    "the leaves a few degrees warmer so ice does not form.")
    assert not answers(judge, question, "A fleece cover costs about five pounds.")
    # the object of the deed is not the deed: 'salt' of 'put salt on roads'
    assert not answers(judge, "Why do councils put salt on roads?",
                       "Rock salt is mined in Cheshire and has been since Roman times.")


def test_hard_and_soft_clash_unless_the_claim_says_both(support) -> None:
    verdict = support("Run git reset --hard HEAD~1.",
                      "Run git reset --soft HEAD~1 to undo the last commit.")
    assert not verdict.value and "antonym" in verdict.reason
    source = ("With hard cheeses such as cheddar you can cut off at least 2.5 cm around the "
              "mouldy spot and eat the rest; soft cheeses with mould should be thrown away.")
    verdict = support("Cut away at least 2.5 cm around the mould and eat the rest, but throw "
                      "out soft cheeses that have gone mouldy.", source)
    assert "antonym" not in verdict.reason


@pytest.mark.parametrize(("ours", "theirs"), [
    ("the coating wears away", "the coating wears down"),
    ("over time", "gradually"),
    ("holds in warmth", "traps heat"),
    ("coming up from the ground", "rising from the soil"),
    ("reserve a space", "a reservation"),
])
def test_more_paraphrases_read_as_one(ours, theirs) -> None:
    assert judge_stems(ours) <= judge_stems(theirs)


def test_a_one_the_asker_would_use_is_the_thing_asked(judge) -> None:
    assert essential(judge, "Do I need training to use a public defibrillator?",
                     "Anyone can use one.")


# ---- batch 79: a figure of another case, an aside in brackets, countries, lets and stops -----


@pytest.mark.parametrize(("claim", "source", "held"), [
    ("How much does it cost to renew an adult passport online? £100 online.",
     "Renewing an adult passport online costs £88.50, while a paper application costs £100.",
     False),
    ("How much does it cost to renew an adult passport online? £88.50.",
     "Renewing an adult passport online costs £88.50, while a paper application costs £100.",
     True),
    ("What is the standard rate of VAT in the UK? 5%.",
     "The standard rate of VAT in the UK is 20%, with a reduced rate of 5% on some goods.",
     False),
    ("How much is the parking fine if I pay within 14 days? £70.",
     "Parking fines are £70, reduced to £35 if paid within 14 days.", False),
    ("How much is the parking fine if I pay within 14 days? £35.",
     "Parking fines are £70, reduced to £35 if paid within 14 days.", True),
    # the asked case named by the subject alone is no other case
    ("What is the minimum age to join the gym? 16.",
     "Members must be at least 16 years old; 14 and 15 year olds can use the gym only after "
     "an induction.", True),
])
def test_a_figure_the_source_gives_for_another_case(support, claim, source, held) -> None:
    verdict = support(claim, source)
    assert bool(verdict.value) is held
    if not held:
        assert "another figure for what is asked" in verdict.reason


def test_an_aside_in_brackets_leaves_a_bare_answer(judge) -> None:
    assert answers(judge, "How much does it cost to renew an adult passport online?",
                   "£88.50 online (it's £100 if you apply on paper).")


def test_a_reply_opening_with_a_hedge_is_no_name(support) -> None:
    verdict = support("How often should I restart my router? Roughly once a month.",
                      "Restarting your router about once a month clears its memory.")
    assert verdict.value


def test_a_nationality_is_its_country_named(support) -> None:
    source = ("Mount Everest stands 8,849 metres above sea level, according to a 2020 survey "
              "by China and Nepal.")
    assert support("It is 8,849 metres, as found in a Chinese–Nepalese survey in 2020.",
                   source).value
    assert not support("The survey was Indian.", source).value


def test_what_lets_a_thing_do_something_but_not_the_asked_answers_why_not(judge) -> None:
    question = "Why can't lions purr?"
    assert answers(judge, question,
                   "Their throat bones are only partly hardened, which lets them roar but not "
                   "purr.")
    assert not answers(judge, question, "Lions live in prides and purr rarely.")


@pytest.mark.parametrize(("ours", "theirs"), [
    ("as long as nobody else has reserved it", "unless another member has reserved it"),
    ("they taste best", "they keep their flavour best"),
    ("the cold turns them mealy", "the cold makes them mealy"),
])
def test_paraphrases_of_batch_79(ours, theirs) -> None:
    assert judge_stems(ours) <= judge_stems(theirs)


def test_turning_it_halfway_is_no_making(support) -> None:
    assert judge_stems("turn it halfway") != judge_stems("make it halfway")


# ---- batch 80: every other, a second denial, definitions, 'not X' asides, counted nouns -----


def test_every_wednesday_against_every_other_wednesday(support) -> None:
    source = ("Recycling bins are collected every other Wednesday, and general waste bins on "
              "the Wednesdays in between.")
    verdict = support("When are the recycling bins collected? Every Wednesday.", source)
    assert not verdict.value and "every other wednesday" in verdict.reason
    assert support("When are the recycling bins collected? Every other Wednesday.",
                   source).value


def test_a_claim_may_repeat_one_of_two_denials(support) -> None:
    source = ("Castling is not allowed when the king is in check, nor may the king pass "
              "through a square that is attacked.")
    assert support("The king can't cross an attacked square either.", source).value
    assert not support("You can castle when the king is in check.", source).value


@pytest.mark.parametrize(("question", "reply"), [
    ("What does 'al dente' mean?", "Pasta cooked until it's still firm to the bite."),
    ("What is a sauna?", "A small room heated to between 70 and 100 degrees."),
    ("What causes hiccups?", "Sudden contractions of the diaphragm, often set off by eating "
                             "too fast."),
    ("What do camels store in their humps?", "Fat, not water, which they can break down for "
                                             "energy."),
])
def test_a_noun_phrase_that_says_what_kind_answers(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_a_count_given_to_another_name(support) -> None:
    sources = ("Saturn has 146 confirmed moons, more than any other planet in the Solar System. "
               "Jupiter has 95 officially recognised moons.")
    verdict = support("Jupiter has 146 confirmed moons.", sources)
    assert not verdict.value and "146 vs 95" in verdict.reason
    assert support("Saturn has 146 confirmed moons.", sources).value


@pytest.mark.parametrize(("ours", "theirs"), [
    ("when food runs short", "when food is scarce"),
    ("the king may not pass through a square", "the king may not cross a square"),
])
def test_paraphrases_of_batch_80(ours, theirs) -> None:
    assert judge_stems(ours) <= judge_stems(theirs)


# ---- batch 81: a count of one, 'the same place' weighs nothing, means, a thing and why ------


def test_one_in_words_against_another_count(support) -> None:
    source = ("In England, a will must be signed in the presence of two witnesses, who must "
              "not be beneficiaries.")
    verdict = support("How many witnesses does a will need in England? Just one witness.", source)
    assert not verdict.value and "1 vs 2" in verdict.reason
    assert support("How many hearts does a squid have? One.", "A squid has one main heart.").value


def test_the_same_place_is_no_comparison(support) -> None:
    source = ("Lightning often strikes the same place more than once; the Empire State Building "
              "is hit around 20 times a year.")
    assert support("Can lightning strike the same place twice? Yes, often.", source).value
    assert not support("Can lightning strike the same place twice? No, never.", source).value
    # two things weighed still get no verdict either way
    verdict = support("Are Rome and Paris the same size? Yes.", "Rome is larger than Paris.")
    assert verdict.probability == pytest.approx(0.5)


@pytest.mark.parametrize(("question", "reply"), [
    ("How should I wash a wool jumper?", "By hand in lukewarm water with a wool detergent, then "
                                         "lay it flat to dry away from direct heat."),
    ("Who should I call to remove a wasp nest?", "A licensed pest control company, since most "
                                                 "councils don't deal with them any more."),
])
def test_a_means_or_a_thing_then_more_is_a_bare_answer(judge, question, reply) -> None:
    assert answers(judge, question, reply)
    assert not answers(judge, question, "By the time it dries, it will have shrunk.")


# ---- batch 82: a span from an event, a maker of another part, more paraphrases -------------


def test_a_span_counted_from_an_event_is_a_bare_answer(judge) -> None:
    assert answers(judge, "How long does a landlord have to return a deposit?",
                   "Within 10 days of you both agreeing how much you'll get back.")


def test_a_name_the_source_gives_another_part_of_the_work(support) -> None:
    source = ("The hymn 'Jerusalem' was set to music by Hubert Parry in 1916, using words by "
              "William Blake.")
    verdict = support("Who wrote the music for 'Jerusalem'? William Blake, in 1916.", source)
    assert not verdict.value and "hubert parry" in verdict.reason
    assert support("Who wrote the music for 'Jerusalem'? Hubert Parry, in 1916.", source).value


@pytest.mark.parametrize(("ours", "theirs"), [
    ("the yeast was past its best", "the yeast was old"),
    ("warmer water takes up more space", "warmer water expands"),
    ("glaciers pour extra water into the oceans", "glaciers add extra water to the oceans"),
])
def test_paraphrases_of_batch_82(ours, theirs) -> None:
    assert judge_stems(ours) <= judge_stems(theirs)


# ---- narrowings after the judge_quality check -------------------------------------------------


def test_a_year_is_no_figure_of_another_case(support) -> None:
    source = ("Phillip Calvert (1626 – 1682) was the fifth Governor of Maryland during a brief "
              "period in 1660 or 1661.")
    assert support("What was the birth year of the fifth governor of Maryland? 1626",
                   source).value


def test_the_thing_made_skips_a_determiner_and_a_year(support) -> None:
    source = ("Man on Fire is a 2004 crime thriller film directed by Tony Scott and based on "
              "the novel of the same name by A. J. Quinnell.")
    assert support("Who directed the 2004 film Man on Fire? Tony Scott", source).value


def test_a_nationality_the_sources_say_is_read_as_itself(support) -> None:
    source = "Editors are an English rock band, formed in 2002 in Birmingham, England."
    assert support("Editors is of which nationality? English", source).value


def test_both_and_the_same_still_weigh_two_things(support) -> None:
    verdict = support("Are Sparta and King Charles both from the same country? No.",
                      "Sparta is a rock band from Texas. King Charles is a singer from London.")
    assert verdict.probability == pytest.approx(0.5)
