"""Issue 13, known answers from the eighteenth session's probes (timetables, a treaty, a lab
value, a tenancy, a football final, a travel policy, a budget): spans of time in two units,
numbers with more decimals, a number said of another side or another step, two sides of a
one-way deed swapped, a cover only one tier has, and the clause and pronoun readings the
probes needed."""

from __future__ import annotations

import pytest

import ragvet
from ragvet import make_record
from ragvet.data.records import Source
from ragvet.judges.local.contradiction import claim_numbers, missing_numbers, stated_numbers
from ragvet.judges.local.text import claims
from ragvet.text import stem


def _record(question: str, sources: list[str], response: str, metrics: tuple[str, ...],
            judge):
    record = make_record(id="r", query=question, sources=sources, response=response)
    (result,) = ragvet.evaluate([record], list(metrics), judge).results
    return result


def _claim_reasons(result) -> str:
    return " | ".join(c.reason for c in result.components if c.metric == "GR")


# ---- numbers ------------------------------------------------------------------------------

def test_a_span_in_hours_and_minutes_is_one_number() -> None:
    assert claim_numbers("It takes 1 hour 40 minutes.") == {"100"}
    assert {"210", "3.5"} <= stated_numbers("Regional trains take 3 hours and 30 minutes.")
    assert not missing_numbers("It takes 3.5 hours.", "It takes 3 hours and 30 minutes.")
    assert not missing_numbers("It takes 3 hours and 30 minutes.", "It takes 3.5 hours.")
    assert not missing_numbers("It takes two hours and fifteen minutes.", "It takes 135 minutes.")
    assert missing_numbers("It takes 2 hours and 30 minutes.", "It takes 3.5 hours.")


def test_a_number_with_fewer_decimals_is_the_same_number() -> None:
    source = "Ethanol boils at 78.37 °C at standard pressure."
    assert not missing_numbers("Ethanol boils at 78 °C.", source)
    assert not missing_numbers("Ethanol boils at about 78.4 °C.", source)
    assert missing_numbers("Ethanol boils at 80 °C.", source) == {"80"}
    # a round figure for a whole number is another number (HaluEval's tuning rows say so)
    assert missing_numbers("The town has about 2,500 residents.",
                           "The population was 2,523 at the 2010 census.") == {"2500"}
    # a closing zero is written on purpose: Python 3.10 is not Python 3.1
    assert missing_numbers("It was added in Python 3.1.", "It was added in Python 3.10.")


def test_a_healthy_timetable_answer_is_grounded(judge) -> None:
    result = _record(
        "How long does the train from Lyon to Marseille take?",
        ["High-speed trains connect Lyon and Marseille in about 1 hour and 40 minutes. "
         "Regional trains take around 3 hours and 30 minutes."],
        "The high-speed train takes about 1 hour 40 minutes, while a regional train needs "
        "around 3.5 hours.", ("GR",), judge)
    # before: one claim, 'contradicted (number: 3.5 vs 3)', GR 0.01
    assert result.scores["GR"] >= 0.7, _claim_reasons(result)
    assert all(c.verdict for c in result.components)


def test_the_other_trains_time_is_contradicted(judge) -> None:
    result = _record(
        "How long does the regional train take?",
        ["High-speed trains connect Lyon and Marseille in about 1 hour and 40 minutes. "
         "Regional trains take around 3 hours and 30 minutes."],
        "The regional train takes about 1 hour 40 minutes.", ("GR",), judge)
    assert result.scores["GR"] < 0.1
    assert "1 hour 40 minutes vs 3 hours and 30 minutes" in _claim_reasons(result)


def test_a_rounded_lab_value_is_grounded(judge) -> None:
    result = _record("What is the boiling point of ethanol?",
                     ["Ethanol boils at 78.37 °C at standard atmospheric pressure."],
                     "Ethanol boils at about 78 °C at normal atmospheric pressure.",
                     ("GR",), judge)
    assert result.scores["GR"] >= 0.7, _claim_reasons(result)


@pytest.mark.parametrize(("response", "what"), [
    # the landlord's notice, given to the tenant (a number written in words)
    ("A tenant has to give four months' notice.", "4 vs 2"),
    # the year of another step of the same sentence
    ("distutils was removed in Python 3.10.", "3.10 vs 3.12"),
    # the share of another line of the budget
    ("Health gets 18 percent of the national budget.", "18 vs 15"),
])
def test_a_number_said_of_another_side_is_contradicted(judge, response, what) -> None:
    sources = ["Tenants must give at least two months' written notice before moving out. "
               "Landlords must give four months.",
               "The distutils package was deprecated in Python 3.10 and removed in Python 3.12.",
               "Education receives 18% of the national budget, health 15% and defence 6%."]
    result = _record("What does the policy say?", sources, response, ("GR",), judge)
    assert result.scores["GR"] < 0.1, _claim_reasons(result)
    assert what in _claim_reasons(result)


def test_the_same_numbers_said_of_their_own_sides_are_grounded(judge) -> None:
    sources = ["The distutils package was deprecated in Python 3.10 and removed in Python 3.12.",
               "Education receives 18% of the national budget, health 15% and defence 6%."]
    for response in ("distutils was removed in Python 3.12 after being deprecated in 3.10.",
                     "Education receives 18 percent of the national budget."):
        result = _record("What does the report say?", sources, response, ("GR",), judge)
        assert result.scores["GR"] >= 0.75, _claim_reasons(result)


# ---- who did what, and to whom --------------------------------------------------------------

def test_the_two_sides_of_a_win_swapped_are_contradicted(judge) -> None:
    source = "In the final, Rovers beat United 3–1 after extra time. Kim scored twice for Rovers."
    wrong = _record("Who won the final?", [source], "United beat Rovers 3–1 in the final.",
                    ("GR",), judge)
    assert wrong.scores["GR"] < 0.1
    assert "United beat Rovers vs Rovers beat United" in _claim_reasons(wrong)
    right = _record("Who won the final and what was the score?", [source],
                    "Rovers won the final, beating United 3–1 after extra time.",
                    ("GR", "RQC"), judge)
    # 'beat' says who won, and '3–1' is the score asked for (before: RQC 0.44)
    assert right.scores["GR"] >= 0.9 and right.scores["RQC"] >= 0.8, right.scores


_ONLY_ONE = [
    # a cover only another tier has
    ("The basic travel policy covers medical emergencies and trip cancellation. Lost or "
     "delayed luggage is covered only by the premium policy.",
     "Does the basic policy cover lost luggage?", "Yes, the basic policy covers lost luggage.",
     "only the premium policy vs the basic policy",
     "No. Lost luggage is covered only by the premium policy."),
    # a deed other than the only one allowed
    ("Items can be returned within 30 days of delivery for a full refund. Sale items can only "
     "be exchanged.", "Can I get a refund on sale items?",
     "Yes, sale items can be refunded within 30 days.", "only exchanged vs refunded",
     "No, sale items can only be exchanged."),
]


@pytest.mark.parametrize(("source", "question", "wrong", "said", "right"), _ONLY_ONE)
def test_what_only_another_has_or_allows_is_contradicted(judge, source, question, wrong, said,
                                                         right) -> None:
    judged = _record(question, [source], wrong, ("GR",), judge)
    assert judged.scores["GR"] < 0.1 and said in _claim_reasons(judged)
    judged = _record(question, [source], right, ("GR",), judge)
    assert judged.scores["GR"] >= 0.75, _claim_reasons(judged)


# ---- names ----------------------------------------------------------------------------------

def test_a_weekday_in_the_plural_is_named(judge) -> None:
    result = _record("When does the museum open?",
                     ["The museum opens at 9 am every day except Monday."],
                     "The museum opens at 9 am, except on Mondays.", ("GR",), judge)
    # before: 'the sources never name mondays', GR 0.58
    assert result.scores["GR"] >= 0.9, _claim_reasons(result)


def test_a_name_in_a_closing_clause_from_another_sentence_is_no_rival(judge) -> None:
    result = _record("When was the Peace of Westphalia signed?",
                     ["The Peace of Westphalia was a series of treaties signed in Osnabrück and "
                      "Münster in 1648. It ended the Thirty Years' War."],
                     "The treaties of the Peace of Westphalia were signed in 1648, ending the "
                     "Thirty Years' War.", ("GR",), judge)
    # before: 'contradicted (name: thirty vs münster)', GR 0.01
    assert result.scores["GR"] >= 0.6, _claim_reasons(result)


# ---- claims and pronouns ----------------------------------------------------------------------

def test_a_contrast_with_while_is_two_claims() -> None:
    assert claims("The express takes 2 hours, while a local train needs around 4 hours.") == (
        "The express takes 2 hours.", "A local train needs around 4 hours.")
    assert len(claims("She read the paper, while the kettle boiled.")) == 1


def test_it_after_a_deed_the_reader_may_do() -> None:
    assert claims("You can freeze your membership for three months. It costs 5 dollars a "
                  "month.")[1] == "Freezing your membership costs 5 dollars a month."
    assert claims("You can book a table online. It takes two minutes.")[1] == \
        "Booking a table takes two minutes."
    # what the thing does, not the deed: 'It' is the thing, never 'You'
    assert claims("You can visit the castle. It was built in 1200.")[1] == \
        "The castle was built in 1200."
    assert claims("You should store the vaccine in a fridge. It keeps for six weeks.")[1] == \
        "The vaccine keeps for six weeks."


def test_an_it_closing_a_later_clause_is_the_subject() -> None:
    assert claims("Lisbon has 545,000 inhabitants, and the Tagus river runs through it.") == (
        "Lisbon has 545,000 inhabitants.", "The Tagus river runs through Lisbon.")
    assert claims("Visitors love the tower, and a path leads to it.")[1] == "A path leads to it."


def test_a_healthy_reply_about_a_fee_after_you_can_is_relevant(judge) -> None:
    result = _record("Can I freeze my gym membership?",
                     ["Members can freeze their membership for up to three months per year for "
                      "a fee of 5 dollars a month. Freezing requires 14 days' notice."],
                     "Yes. You can freeze your membership for up to three months a year; it "
                     "costs 5 dollars a month.", ("RP", "GR"), judge)
    # before: 'It costs 5 dollars a month' was judged alone and read as off the point (0.47)
    assert result.scores["RP"] >= 0.8, result.scores


def test_a_sum_of_money_answers_a_question_about_compensation(judge) -> None:
    result = _record("What compensation do I get if my flight is delayed more than three hours?",
                     ["Passengers on flights delayed by more than three hours are entitled to "
                      "compensation of 250 euros for flights up to 1,500 km."],
                     "You are entitled to 250 euros for flights up to 1,500 km.",
                     ("RQC",), judge)
    assert result.scores["RQC"] >= 0.55, result.components  # before: 0.14


# ---- plumbing -----------------------------------------------------------------------------

def test_make_record_takes_sources_as_the_loaders_read_them() -> None:
    record = make_record(query="q", response="r",
                         sources=[{"id": "a", "text": "One."}, "Two.", Source(text="Three.")])
    assert record.sources == (Source(text="One.", id="a"), Source(text="Two."),
                              Source(text="Three."))
    with pytest.raises(TypeError, match=r"sources\[0\]"):
        make_record(query="q", response="r", sources=[{"body": "no text"}])


def test_a_past_form_in_ied_stems_as_its_verb() -> None:
    assert stem("studied") == stem("study") == stem("studies")
    assert stem("carried") == stem("carries")


# ---- more known answers: rates, the one thing allowed, contrasts, two circumstances -------

def test_the_same_number_per_another_span_of_time_is_contradicted(judge) -> None:
    source = "The API allows 100 requests per minute per key."
    wrong = _record("What is the rate limit?", [source], "The API allows 100 requests per "
                    "second for each key.", ("GR",), judge)
    assert wrong.scores["GR"] < 0.1
    assert "100 per second vs 100 per minute" in _claim_reasons(wrong)
    right = _record("What is the rate limit?", [source], "The API allows 100 requests a "
                    "minute for each key.", ("GR",), judge)
    assert right.scores["GR"] >= 0.6, _claim_reasons(right)


def test_a_claim_saying_the_affirmed_half_of_a_contrast_is_not_denied(judge) -> None:
    source = "The hotel does not have a swimming pool, but guests can use the public pool nearby."
    right = _record("Does the hotel have a pool?", [source],
                    "No, the hotel has no pool, but guests can use the public pool nearby.",
                    ("GR",), judge)
    # before: 'Guests can use the public pool nearby.' was read as denied (GR 0.47)
    assert right.scores["GR"] >= 0.85, _claim_reasons(right)
    wrong = _record("Does the hotel have a pool?", [source], "Yes, the hotel has a swimming "
                    "pool.", ("GR",), judge)
    assert wrong.scores["GR"] < 0.1


def test_a_later_denial_with_its_own_modal_is_a_claim_of_its_own(judge) -> None:
    assert claims("Adults can take 200–400 mg every 4 to 6 hours, but should not exceed "
                  "1,200 mg a day.") == ("Adults can take 200–400 mg every 4 to 6 hours.",
                                         "Adults should not exceed 1,200 mg a day.")
    assert claims("Visitors are welcome between 2 pm and 8 pm, and partners can visit at any "
                  "time.")[1] == "Partners can visit at any time."
    # without a comma the modal goes on the same claim: one storage instruction
    assert len(claims("Unopened insulin pens should be kept in the refrigerator and must not "
                      "be frozen.")) == 1
    result = _record("How often can I take ibuprofen?",
                     ["Adults can take 200 to 400 mg of ibuprofen every 4 to 6 hours. Do not "
                      "take more than 1,200 mg in 24 hours without medical advice."],
                     "Adults can take 200–400 mg every 4 to 6 hours, but should not exceed "
                     "1,200 mg in 24 hours without a doctor's advice.", ("GR",), judge)
    assert result.scores["GR"] >= 0.6, _claim_reasons(result)  # before: 0.01, 'negation'


def test_one_question_of_two_circumstances_is_two_subquestions(judge) -> None:
    from ragvet.judges.local.text import subquestions

    question = "What are the opening hours of the pharmacy on weekdays and on Saturdays?"
    assert subquestions(question) == (
        "What are the opening hours of the pharmacy on weekdays?",
        "What are the opening hours of the pharmacy on Saturdays?")
    assert len(subquestions("What is the distance between London and Paris?")) == 1
    source = ("The pharmacy is open Monday to Friday from 8am to 8pm, and on Saturdays from 9am "
              "to 5pm. It is closed on Sundays.")
    full = _record(question, [source], "The pharmacy is open Monday to Friday from 8am to 8pm "
                   "and on Saturdays from 9am to 5pm.", ("RQC",), judge)
    half = _record(question, [source], "The pharmacy is open Monday to Friday from 8am to 8pm.",
                   ("RQC",), judge)
    assert full.scores["RQC"] >= 0.8 and half.scores["RQC"] <= 0.7, (full.scores, half.scores)


def test_a_version_or_newer_is_a_version_or_later(judge) -> None:
    result = _record("Which Python version does it need?",
                     ["Install the package with pip install fastgrid. It requires Python 3.9 "
                      "or later."], "You need Python 3.9 or newer.", ("GR",), judge)
    assert result.scores["GR"] >= 0.7, _claim_reasons(result)


def test_a_time_for_another_day_of_the_same_sentence_is_contradicted(judge) -> None:
    source = "The number 7 bus runs every 15 minutes on weekdays and every 30 minutes on Sundays."
    wrong = _record("How often does the bus run on Sundays?", [source],
                    "On Sundays the bus runs every 15 minutes.", ("GR",), judge)
    assert wrong.scores["GR"] < 0.1
    assert "15 vs 30 (on sunday)" in _claim_reasons(wrong)
    right = _record("How often does the bus run?", [source], "The number 7 bus comes every 15 "
                    "minutes on weekdays and every half hour on Sundays.", ("GR",), judge)
    assert right.scores["GR"] >= 0.75, _claim_reasons(right)  # 'half hour' is 30 minutes


def test_a_reply_that_finds_no_answer_states_nothing_to_ground() -> None:
    assert claims("The sources do not say what the top speed of the train is.") == ()
    assert claims("The provided context does not mention a price. The train has 8 cars.") == (
        "The train has 8 cars.",)


def test_an_opening_phrase_without_a_comma_is_not_the_subject() -> None:
    from ragvet.judges.local.text import subject_of

    assert subject_of("On the free plan the maximum upload size is 2 GB.") == \
        "the maximum upload size"
    assert subject_of("In Paris prices are high.") is None  # nothing tells where it starts
    assert claims("On the free plan the upload limit is 2 GB; on the Pro plan it is 20 GB.")[1] \
        == "The upload limit is 20 GB on the Pro plan."


def test_a_doer_of_the_verb_elsewhere_is_no_excuse(judge) -> None:
    sources = ["The Sydney Opera House was designed by the Danish architect Jørn Utzon.",
               "Frank Gehry designed the Guggenheim Museum in Bilbao."]
    wrong = _record("Who designed the Sydney Opera House?", sources,
                    "It was designed by Frank Gehry.", ("GR",), judge)
    # before: supported 0.81, because a source has Gehry design something (another building)
    assert wrong.scores["GR"] < 0.1, _claim_reasons(wrong)
    right = _record("Who designed the Guggenheim Museum in Bilbao?", sources,
                    "It was designed by Frank Gehry.", ("GR",), judge)
    assert right.scores["GR"] >= 0.75, _claim_reasons(right)


def test_a_clause_for_the_reader_is_a_claim_of_its_own() -> None:
    assert claims("Three vaccines are recommended, and you need a yellow fever certificate to "
                  "enter.")[1] == "You need a yellow fever certificate to enter."
    assert len(claims("Tea and you are friends.")) == 1


def test_a_marker_inside_a_sentence_does_not_join_two_facts() -> None:
    assert claims("The app launched in March 2019 【1】 and passed one million users in 2021 "
                  "【2】.") == ("The app launched in March 2019 【1】.",
                               "The app passed one million users in 2021 【2】.")


def test_a_number_for_a_day_the_sources_run_every_hour_is_contradicted(judge) -> None:
    source = "The bus runs every 20 minutes on weekdays and every hour on Sundays."
    wrong = _record("How often does the bus run on Sundays?", [source],
                    "The bus runs every 20 minutes on Sundays.", ("GR",), judge)
    assert wrong.scores["GR"] < 0.1 and "20 vs every hour" in _claim_reasons(wrong)
    right = _record("How often does the bus run on Sundays?", [source],
                    "On Sundays the bus runs every hour.", ("GR",), judge)
    assert right.scores["GR"] >= 0.75, _claim_reasons(right)
