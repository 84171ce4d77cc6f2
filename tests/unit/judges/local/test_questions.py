"""The offline judge's questions for RAGAS answer relevance: each a whole question, turned
round from its claim (before: 'How many The Aletsch Glacier retreats by roughly metres per
year on average?', 'When ?', 'What about For each Logical Channel …?')."""

from __future__ import annotations

import pytest

from ragvet.judges.local.questions import generate_questions, question_for


@pytest.mark.parametrize(("claim", "question"), [
    ("The Aletsch Glacier retreats by roughly 50 metres per year on average.",
     "How many metres does the Aletsch Glacier retreat per year on average?"),
    ("The Golden Gate Bridge opened to vehicle traffic on May 28, 1937.",
     "When did the Golden Gate Bridge open to vehicle traffic?"),
    ("The museum is located in Ghent.", "Where is the museum located?"),
    ("The film was directed by Ana Ruiz.", "Who was the film directed by?"),
    ("Ana Ruiz directed the film.", "Did Ana Ruiz direct the film?"),
    ("The ticket costs 35 euros.", "How much does the ticket cost?"),
    ("Neptune has 16 known moons.", "How many known moons does Neptune have?"),
    ("Except in an emergency, the landlord has to give 24 hours of notice.",
     "How many hours does the landlord have to give of notice?"),
    ("It stopped production in 1999.", "When did it stop production?"),
    ("The Amazon begins in the Andes of Peru.", "Where does the Amazon begin?"),
    # no answer to ask for: a yes/no question on the claim's own verb
    ("A function is a generator function when its body uses the yield keyword.",
     "Is a function a generator function when its body uses the yield keyword?"),
    ("Bulk fermentation usually takes four to six hours.",
     "Does bulk fermentation usually take four to six hours?"),
    ("For each channel value included in the list, the UE stops the timer.",
     "Does the UE stop the timer?"),
    # a bare answer
    ("Amy Jo Johnson", "What about Amy Jo Johnson?"),
    ("1937", "What about 1937?"),
])
def test_a_claim_is_turned_into_the_question_it_answers(claim, question) -> None:
    assert question_for(claim) == question


def test_every_question_is_whole_and_they_follow_the_claims() -> None:
    questions = generate_questions(
        "The bridge of Pelthorpe was built in 1736 by Tamsin Hartwell. It is 139 metres long. "
        "It crosses the Tarn.", 2)
    assert questions == ("When was the bridge of Pelthorpe built by Tamsin Hartwell?",
                         "How many metres long is the bridge of Pelthorpe?")
    assert generate_questions("", 3) == ()


@pytest.mark.parametrize("text", ["The town has a population of 5000.", "It costs 40",
                                  "By 2030.", "In 1999,", "$5", "5%", "!!!", "   "])
def test_any_text_gives_a_question_or_none(text) -> None:
    """A number at the very end, a bare date or symbol: a question ending in '?' or None,
    never an error (before: a number ending the text raised AttributeError)."""
    question = question_for(text)
    assert question is None or (question.endswith("?") and "when?" not in question[1:])


def test_an_opening_that_holds_the_date_is_kept() -> None:
    assert question_for("In 1999, the bridge opened.") == "When did the bridge open?"
