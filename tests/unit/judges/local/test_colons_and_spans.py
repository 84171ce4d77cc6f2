"""Known answers of the thirty-fifth session (batches 83 to 90): a verbless answer before a
colon, a noun phrase then what follows it ('followed … by'), a place said by what it is like,
'how much notice' asking for a span, 'set them off' giving a cause, a preference ('better for
A than for B') that denies nothing the source speaks of, a deed left undone ('not doing it')
read as a condition; where animals live as places, a name and its measure read with its
question, another name in the question's gap in a clause of its own, 'each' and 'every' as
one scope; a doer and an auxiliary standing for the asked verb ('King John did'), a place
phrase with a relative clause, a thing given another name ('known as holts' / 'called setts'),
'no other X can' as 'the only X able to'; a fragment before a spaced dash, a year that dates
something is no count, 'never stops growing' affirms growing, a century by its ordinal as its
years; a day of the month in words, names sharing a plural head, switching on what the source
switches off, a comparison hung on a pronoun, 'by the time it turns three', 'less often' as
how often, what a thing 'means' said as 'It's …', 'He' after a name said alone, 'a month and
a half'; a title in a first name's place, decades as years, what research disproves, a measure
defined by what it shows, 'less often' against 'more frequently'; a temperature scale is no
name, a musical interval no number, 'anyone aged 60' no widening, upwards against downwards,
the subject after a hedged yes, 'Not usually' as a reply, 'a couple of hours', start against
stop; and paraphrases."""

from __future__ import annotations

import pytest
from tests.unit.judges.local.verdicts import answers, support_status

from ragvet.judges.local.degrees import compare_degrees
from ragvet.judges.local.features import as_compared, in_digits, numbers
from ragvet.judges.local.judge import _verbless_head_before_colon
from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.local.text import claims
from ragvet.text import is_name_and_measure

# ---- what a reply says in its question's gap ---------------------------------------------------


def test_a_verbless_answer_before_a_colon_answers(judge) -> None:
    assert answers(judge, "How do cacti get through long droughts?",
                   "In their swollen stems: the tissue holds water for months.")


@pytest.mark.parametrize(("reply", "bare"), [
    ("Through the gills: water flows over them all the time.", True),
    ("Mostly caffeine: it keeps the brain from feeling tired.", True),
    # a title's colon, a label's and a reply particle's are not an answer's
    ("The Long Night: Stories is a collection by a Welsh author.", False),
    ("IATA: MEM, ICAO: KMEM.", False),
    ("Not really: raw flour can carry germs.", False),
    ("Generally no: the charger stops at full.", False),
])
def test_which_colons_follow_a_bare_answer(reply, bare) -> None:
    assert _verbless_head_before_colon(reply) is bare


def test_a_noun_phrase_then_what_follows_it_answers_what_causes(judge) -> None:
    assert answers(judge, "What causes brain freeze?",
                   "A sudden chill of the palate, followed seconds later by the blood vessels "
                   "there widening, which the brain reads as pain.")


def test_a_place_said_by_what_it_is_like_answers_where(judge) -> None:
    question = "Where should I store potatoes?"
    assert answers(judge, question, "Somewhere dark and ventilated.")
    assert answers(judge, question, "Somewhere dark and ventilated, away from onions and out "
                                    "of direct light, in a paper bag rather than in plastic.")
    # a place answers no when-question
    assert not answers(judge, "When should I harvest potatoes?", "Somewhere dark and ventilated.")


@pytest.mark.parametrize("question", [
    "How much notice must my employer give before changing my shifts?",
    "How much time do I have to appeal a parking fine?",
])
def test_how_much_notice_or_time_is_answered_by_a_span(judge, question) -> None:
    assert answers(judge, question, "At least a week.")
    assert not answers(judge, question, "Write to the council.")


def test_what_sets_them_off_is_what_causes_them(judge) -> None:
    assert answers(judge, "What causes migraines?",
                   "Skipped meals, poor sleep or flashing lights can set them off.")


def test_where_animals_live_is_a_place(judge) -> None:
    assert answers(judge, "Where do bats roost in winter?",
                   "Bats roost in caves and hollow trees during the winter months.")
    assert answers(judge, "Where do woodlice live?", "Under stones and logs in damp corners.")


def test_a_name_and_its_measure_then_a_concession_answers(judge) -> None:
    assert answers(judge, "What is the longest river in the world?",
                   "The Nile, at about 6,650 km, though some surveys measure the Amazon as "
                   "longer.")


@pytest.mark.parametrize(("text", "measured"), [
    ("The Volga, at about 3,530 km.", True),
    ("Lake Baikal, with a depth of 1,642 metres.", True),
    ("The Volga is about 3,530 km long.", False),  # a sentence
    ("The Volga, the Danube and the Rhine.", False),  # no figure
])
def test_a_name_and_its_measure(text, measured) -> None:
    assert is_name_and_measure(text) is measured


@pytest.mark.parametrize(("question", "reply"), [
    ("Who designed the Clifton Suspension Bridge?", "Isambard Kingdom Brunel did, though he "
                                                     "died before it opened."),
    ("Which team won the 1966 World Cup?", "England did."),
])
def test_a_doer_and_an_auxiliary_answer_who(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_a_place_phrase_with_a_relative_clause_answers_where(judge) -> None:
    assert answers(judge, "Where do otters raise their young?",
                   "In holts — dens in riverbanks that are often hidden among tree roots.")


def test_a_fragment_before_a_dash_answers(judge) -> None:
    assert answers(judge, "How long can a tortoise hibernate?",
                   "Up to five months at a time — its heart slows right down.")


def test_a_year_that_dates_something_is_no_count(judge) -> None:
    question = "How many rings does Saturn have?"
    assert not answers(judge, question, "Its rings were first seen by Galileo in 1610.")
    assert answers(judge, question, "Seven main rings, first seen by Galileo in 1610.")


@pytest.mark.parametrize(("question", "reply"), [
    ("When does a puppy need its first booster?", "By the time it turns one, counting from "
                                                  "its first jab. After that it's yearly."),
    ("How often should I feed my goldfish in winter?", "Less often than in summer, because "
                                                       "they barely move. Once a day is "
                                                       "plenty."),
    ("What does blanching vegetables mean?", "It's dipping them briefly in boiling water, "
                                             "then straight into cold water."),
])
def test_an_answer_in_the_questions_gap(judge, question, reply) -> None:
    assert answers(judge, question, reply)


def test_he_after_a_name_said_alone_is_that_name() -> None:
    assert claims("Christopher Wren. He designed it after the Great Fire.") == (
        "Christopher Wren.", "Christopher Wren designed it after the Great Fire.")
    # 'It' after a name said alone is the thing asked about, not the name
    assert claims("The Shard. It opened in 2012.")[1] == "It opened in 2012."


# ---- support -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "compared"), [
    ("It fell on the third of May, 1945.", "It fell on 3 May, 1945."),
    ("It fell on May the third.", "It fell on 3 May."),
    ("between the Atlantic and Pacific Oceans", "between the Atlantic Ocean and the Pacific "
                                                "Ocean"),
    ("for a month and a half", "for 1.5 months"),
])
def test_texts_as_compared(text, compared) -> None:
    assert as_compared(text) == compared


def test_switching_on_what_the_source_switches_off_is_contradicted(support) -> None:
    source = "Before cleaning it, switch off the fan at the wall and let it stop."
    verdict = support("Before cleaning it, switch on the fan at the wall.", source)
    assert support_status(verdict) == "contradicted"
    assert support("Switch off the fan at the wall before cleaning it.", source).value


def test_a_comparison_hung_on_a_pronoun_is_read() -> None:
    source = "It is the smallest planet, only slightly larger than the Moon."
    assert compare_degrees("It is tiny, even a little smaller than the Moon.", source) == "clash"
    assert compare_degrees("It is tiny, just a bit bigger than the Moon.", source) == "agree"



def test_never_stopping_is_going_on(support) -> None:
    verdict = support("A beaver's front teeth never stop growing.",
                      "A beaver's front teeth grow continuously throughout its life.")
    assert support_status(verdict) != "contradicted"
    assert verdict.value


@pytest.mark.parametrize(("text", "years"), [
    ("built between the 14th and 17th centuries", {"1300", "1600"}),
    ("a fifteenth-century chapel", {"1400"}),
    ("in the 19th century", {"1800"}),
])
def test_a_century_by_its_ordinal_is_its_years(text, years) -> None:
    assert numbers(in_digits(text)) == years


def test_a_century_said_by_its_years_is_supported(support) -> None:
    assert support("Most of it was built between the 1300s and 1600s.",
                   "Most of it was built between the 14th and 17th centuries.").value



def test_a_thing_given_another_name_is_contradicted(support) -> None:
    source = "Otters raise their young in riverbank dens called holts, often among tree roots."
    verdict = support("Otters raise their young in riverbank dens known as setts.", source)
    assert support_status(verdict) == "contradicted"
    assert support("Otters raise their young in riverbank dens known as holts.", source).value


def test_no_other_is_the_only_one(support) -> None:
    verdict = support("They can hover in one spot for minutes; no other bird can manage that "
                      "for long.",
                      "Hummingbirds are the only birds able to hover in one spot for sustained "
                      "periods.")
    assert support_status(verdict) != "contradicted"



def test_another_name_in_the_questions_gap_contradicts(support) -> None:
    source = ("Kilimanjaro is the tallest mountain in Africa, while Mount Kenya is the second "
              "tallest.")
    verdict = support("What is the tallest mountain in Africa? Mount Kenya.", source)
    assert support_status(verdict) == "contradicted"
    assert support("What is the tallest mountain in Africa? Kilimanjaro.", source).value
    source = "The longest river in Europe is the Volga, at about 3,530 km; the Danube is second."
    assert not support("What is the longest river in Europe? The Danube, at about 3,530 km.",
                       source).value
    assert support("What is the longest river in Europe? The Volga, at about 3,530 km.",
                   source).value


def test_each_and_every_often_and_frequently_are_one_scope(support) -> None:
    verdict = support("Swallows frequently come back to the same barn every spring.",
                      "Swallows often come back to the same barn each spring.")
    assert support_status(verdict) != "contradicted"
    assert verdict.value


def test_a_preference_denies_nothing_the_source_never_names(support) -> None:
    source = ("Butter can be frozen for up to a year, though it may turn slightly grainy once "
              "defrosted, so it is best used in baking.")
    verdict = support("It can go slightly grainy once defrosted, so it's better for baking "
                      "than for toast.", source)
    assert support_status(verdict) != "contradicted"
    assert verdict.value


def test_a_deed_left_undone_is_read_as_a_condition(support) -> None:
    source = ("Registering a bike with the scheme is free, and you can be fined £50 if you "
              "don't.")
    verdict = support("Registering your bike costs nothing, and not doing it can lead to a "
                      "fine of £50.", source)
    assert support_status(verdict) != "contradicted"
    assert verdict.value
    # a denial of the deed itself is still a clash
    assert not support("Registering your bike is not free.", source).value


def test_a_temperature_said_in_other_words_is_supported(support) -> None:
    assert support("Salt brings down the temperature at which water freezes.",
                   "Salt lowers the freezing point of water.").value


def test_a_title_in_a_first_names_place_is_the_same_name(support) -> None:
    source = "On her third expedition, from 1910 to 1913, Robert Scott led the Terra Nova party."
    verdict = support("Captain Scott led the Terra Nova party on his third expedition.", source)
    assert support_status(verdict) != "contradicted"
    # another name in the same place still clashes
    assert support_status(support("Roald Scott led the Terra Nova party on his third "
                                  "expedition.", source)) == "contradicted"


def test_decades_are_years(support) -> None:
    assert numbers(in_digits("over three decades")) == {"30"}
    assert support("It is averaged over three decades or more.",
                   "It is averaged over 30 years or more.").value


def test_what_research_disproves_is_denied(support) -> None:
    source = ("Experiments have shown that pigeons can recognise faces for years, disproving the "
              "old idea that they forget people within days.")
    assert support_status(support("Pigeons forget people within days.", source)) == \
        "contradicted"
    assert support("Do pigeons forget people within days? No.", source).value


def test_a_measure_defined_by_what_it_shows_answers_what_is(judge) -> None:
    assert answers(judge, "What is BMI?", "BMI, or body mass index, shows whether your weight "
                                          "is healthy for your height.")


def test_less_often_against_more_frequently_is_contradicted(support) -> None:
    source = "Adult dogs should be groomed every month, and long-haired breeds more frequently."
    verdict = support("Long-haired breeds need it less often than that.", source)
    assert support_status(verdict) == "contradicted"


def test_a_temperature_scale_is_no_name(support) -> None:
    source = "Bread dough rises best between 24 and 27 °C."
    verdict = support("Dough rises best between 24 and 27 degrees Celsius.", source)
    assert support_status(verdict) != "contradicted"
    assert verdict.value


def test_a_musical_interval_is_no_number() -> None:
    assert numbers("G, D, A and E, each a perfect fifth apart") == set()
    assert numbers("the fifth string") == {"5"}


def test_anyone_narrowed_by_what_follows_is_no_widening(support) -> None:
    source = ("You can get a free bus pass if you are over 66, or disabled, among certain other "
              "groups.")
    verdict = support("Yes, anyone over 66 can get a free bus pass.", source)
    assert support_status(verdict) != "contradicted"


def test_upwards_against_downwards_is_contradicted(support) -> None:
    source = "Plant the bulbs with the pointed end facing upwards."
    verdict = support("Plant the bulbs with the pointed end facing downwards.", source)
    assert support_status(verdict) == "contradicted"


def test_the_subject_follows_a_hedged_yes() -> None:
    later = claims("Mostly, yes — barn owls stay in one territory, though they do move in "
                   "hard winters.")[1]
    assert later.startswith("Barn") and "Mostly" not in later


def test_not_usually_is_a_reply_not_a_denial(support) -> None:
    source = "Landlords must usually give tenants at least 24 hours' written notice before a visit."
    verdict = support("Not usually — they have to give you at least 24 hours' notice in writing.",
                      source)
    assert support_status(verdict) != "contradicted"


def test_a_couple_of_hours_is_two() -> None:
    assert numbers(in_digits("within a couple of hours")) == {"2"}


def test_starting_what_the_source_stops_is_contradicted(support) -> None:
    source = "In autumn, trees stop producing chlorophyll, so the green fades."
    verdict = support("In autumn, trees start producing chlorophyll, so the green fades.", source)
    assert support_status(verdict) == "contradicted"


# ---- paraphrases -----------------------------------------------------------------------------


@pytest.mark.parametrize(("ours", "theirs"), [
    ("the temperature at which milk boils", "the boiling point of milk"),
    ("brings down the pressure", "reduces the pressure"),
    ("the bread goes soggy", "the bread becomes soggy"),
    ("the leaves turn yellowy", "the leaves become yellowy"),
    ("oil the hinge", "lubricate the hinge"),
    ("grit in the gears", "dirt in the gears"),
    ("the lid shuts", "the lid closes"),
    ("a muscle spasm", "the muscle contracts"),
    ("submerged for hours", "underwater for hours"),
    ("necessarily", "necessary"),
    ("involuntarily", "involuntary"),
    ("easily", "easy"),
    ("a split second later", "a moment later"),
    ("for long periods", "for a long time"),
    ("the best reception", "the best coverage"),
    ("when you move house", "when you change address"),
    ("is slower to set", "sets less easily"),
    ("below zero", "below 0"),
    ("absorb oxygen", "breathe oxygen"),
    ("straight into the blood", "directly into the blood"),
    ("microwave ovens", "microwaves"),
    ("rinse it afterwards", "rinse it"),
    ("clear away the old leaves", "remove the old leaves"),
    ("squeezes out the air", "pushes out the air"),
    ("moist soil", "damp soil"),
    ("pulls air across the filter", "draws air over the filter"),
    ("wait for the oven to go cold", "let the oven cool"),
    ("as soon as it boils", "once it boils"),
    ("fine to eat", "edible"),
    ("if a payment goes wrong", "if a payment has an error"),
    ("they give you your money back", "they refund you"),
    ("that knocks out the germs", "that destroys the germs"),
    ("flying in reverse", "flying backwards"),
    ("for sustained periods", "for a long time"),
    ("a quarter of a turn", "a quarter turn"),
    ("people put them in soups", "people used them in soups"),
    ("the water starts to come out", "the water starts to escape"),
    ("the valve swivels", "the valve rotates"),
    ("take the skin off", "peel"),
    ("tricky to remove", "hard to remove"),
    ("gnawing on wood", "chewing on wood"),
    ("the teeth overgrow", "the teeth become overgrown"),
    ("a sore paw", "a painful paw"),
    ("don't ever pour water on it", "never throw water on it"),
    ("get out and dial 999", "leave and call 999"),
    ("shut the door behind you", "close the door"),
    ("read the meter once a quarter", "read the meter once every three months"),
    ("what you've actually used", "actual use"),
    ("the flowers point east", "the flowers face east"),
    ("disabled drivers", "drivers with disabilities"),
    ("park nearer", "park closer"),
    ("the bulk of the wall", "most of the wall"),
    ("start sprouting", "sprouting"),
    ("before they go in the ground", "before they are planted"),
    ("whatever made it trip", "caused the trip"),
    ("look for the switch", "find the switch"),
    ("flick it back", "push it back"),
    ("they grow more slowly", "their growth slows"),
    ("hold off", "wait"),
    ("the soil is dry to the touch", "the soil is dry"),
    ("badly greasy", "heavily greasy"),
    ("caked in food", "soiled with food"),
    ("a safe from frost spot", "a frost-free spot"),
    ("greasy parts", "greasy sections"),
    ("general rubbish", "general waste"),
    ("a bright room", "a light room"),
    ("if it divides evenly by 400", "if it is divisible by 400"),
    ("a grown-up dog", "an adult dog"),
    ("research shows", "studies have shown"),
    ("towards the end of summer", "in late summer"),
    ("trim off the stems", "cut back the stalks"),
    ("the cut-off for signing up", "the deadline to register"),
    ("be on the electoral register", "be registered"),
    ("once a fortnight", "every two weeks"),
    ("before any long drive", "before any long journey"),
    ("parked on flat ground", "parked on level ground"),
    ("over a short spell", "short-term"),
    ("hold down the keys", "press the keys"),
    ("restricts which parts", "limits which areas"),
    ("it runs for 6,650 km", "it flows 6,650 km"),
    ("heading north", "north"),
    ("northwards", "north"),
    ("it empties into the sea", "it flows into the sea"),
    ("at the very least", "at least"),
    ("leave them to soak", "soak them"),
    ("don't leave it soaking", "don't soak it"),
    ("bank holidays can be counted as part of that", "that can be included in bank holidays"),
    ("a century and a half", "150 years"),
    ("an enormous storm", "a giant storm"),
    ("astronomers have been watching it", "astronomers have observed it"),
])
def test_paraphrases_read_as_one(ours, theirs) -> None:
    assert judge_stems(ours) <= judge_stems(theirs)


def test_an_adverb_going_on_is_not_becoming() -> None:
    # 'go' reads as 'become' before an adjective only, not before an adverb in -ly
    assert judge_stems("time goes quickly") != judge_stems("time becomes quickly")
    assert "becom" not in judge_stems("it goes quickly")
