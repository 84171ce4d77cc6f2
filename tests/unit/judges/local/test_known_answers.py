"""Issue 13, absolute verdicts on correct records of kinds the earlier rules misread: a
negation about something else ('…, not the snake'), a reply opening with 'No,', a unit
symbol read as a name ('°C'), steps for a 'how do I' question, a cause given with ', so'."""

from __future__ import annotations

import asyncio

import pytest

import ragvet
from ragvet import make_record
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.answer_shape import has_shape
from ragvet.judges.local.features import entities, negation_mismatch, negation_scopes
from ragvet.text import content_stems as text_stems


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge()


def _scores(judge, question, source, response, metrics):
    record = make_record(id="r", query=question, sources=[source], response=response)
    (result,) = ragvet.evaluate([record], list(metrics), judge).results
    return result


@pytest.mark.parametrize(("claim", "sentence", "clash"), [
    ("The lodge offers free parking.", "The lodge does not offer free parking.", True),
    ("The ferry does not run on Sundays.", "The ferry runs daily, Sundays included.", True),
    ("He won the regional final.", "He did not win the regional final.", True),
    # the denial is about something the claim does not speak of
    ("The bridge was named after the engineer John Rennie.",
     "The bridge was named after the engineer John Rennie, not the river.", False),
    ("The course is taught in English.",
     "The course is taught in English; no prior experience is needed.", False),
    # an opening 'No,' answers a question, it does not deny the sentence
    ("No, only guide dogs are allowed in the theatre.",
     "Only guide dogs are allowed in the theatre.", False),
    # both deny something, but not the same thing
    ("Lockers are included in the pass at no extra cost.",
     "Lockers are not included in the pass.", True),
    ("The pass does not include lockers.", "Lockers are not included in the pass.", False),
    ("The museum has no cafe and never opens on Mondays.",
     "There is no cafe in the museum.", False),
])
def test_a_negation_counts_where_it_denies_what_the_other_says(claim, sentence, clash) -> None:
    assert negation_mismatch(claim, sentence) is clash


def test_negation_scope_is_the_clause() -> None:
    (scope,) = negation_scopes("Tickets are refundable, but not after the show starts.")
    assert "refund" not in " ".join(scope) and any(s.startswith("show") for s in scope)


def test_a_degree_sign_is_a_unit_not_a_name() -> None:
    assert "c" not in entities("Water freezes at 0 °C at sea level.")
    assert "f" not in entities("The oven runs at 450°F.")


def test_steps_answer_a_how_do_i_question() -> None:
    question = "How do I cancel my subscription?"
    steps = "Open Settings, choose Billing and press Cancel plan."
    assert has_shape(question, steps, frozenset(), frozenset())
    assert has_shape(question, "First, sign in to your account.", frozenset(), frozenset())
    assert not has_shape(question, "Subscriptions renew every month.", frozenset(), frozenset())
    # a 'how does X work' question still needs its verb or a means
    assert not has_shape("How does the engine cool itself?", "Open the hood.", frozenset(),
                         frozenset())


def test_a_cause_given_with_so() -> None:
    question = "Why did the match start late?"
    assert has_shape(question, "Heavy rain flooded the pitch, so the kick-off was delayed.",
                     frozenset(), frozenset())
    assert not has_shape(question, "The match started at eight.", frozenset(), frozenset())


def test_a_correct_record_with_a_negated_aside_is_grounded(judge) -> None:
    result = _scores(judge, "Who was the Golden Gate Bridge named after?",
                     "The Golden Gate Bridge takes its name from the Golden Gate strait, not "
                     "from the colour of its paint.",
                     "The bridge takes its name from the Golden Gate strait.", ("GR",))
    assert result.scores["GR"] >= 0.75


def test_a_reply_opening_with_no_answers_and_is_grounded(judge) -> None:
    result = _scores(judge, "Can I pay for my ticket on the bus?",
                     "Tickets cannot be bought on board. Buy them at a machine or in the app.",
                     "No, tickets cannot be bought on board.", ("RQC", "GR"))
    assert result.scores["RQC"] >= 0.8 and result.scores["GR"] >= 0.75, result.scores


def test_a_temperature_with_a_unit_symbol_is_grounded(judge) -> None:
    result = _scores(judge, "At what temperature does butter melt?",
                     "Butter melts at between 32 and 35 degrees Celsius.",
                     "Butter melts at 32 to 35 °C.", ("GR",))
    assert result.scores["GR"] >= 0.5
    (component,) = result.components
    assert component.detail.get("clash") != "name"


def test_steps_fully_answer_a_how_do_i_question(judge) -> None:
    result = _scores(judge, "How do I update the router firmware?",
                     "To update the firmware, open the admin page at 192.168.0.1, choose System "
                     "and click Update.",
                     "Open the admin page at 192.168.0.1, choose System and click Update.",
                     ("RQC", "GR"))
    # answered (before: 'lacks the asked verb or a means', 0.34); the steps repeat one of the
    # question's three words, so the probability stays below the top band
    assert result.scores["RQC"] >= 0.7 and result.scores["GR"] >= 0.75, result.scores
    assert all(c.verdict for c in result.components if c.metric == "RQC")


def test_a_speed_in_another_unit_is_contradicted(judge) -> None:
    result = _scores(judge, "How fast can the train go?",
                     "The train reaches a top speed of 300 km/h on the new line.",
                     "The train reaches a top speed of 300 mph.", ("GR",))
    assert result.scores["GR"] < 0.05
    (component,) = result.components
    assert component.detail["clash"] == "unit"


def test_a_name_the_sources_give_another_role_is_contradicted(judge) -> None:
    """The sources name the claim's person, but for something else: the sentence that says
    the rest of the claim names another ('a wrong name only partly' in the issue)."""
    source = ("The library was designed by the architect Ines Moreau. Paul Ferrand designed "
              "the park across the road.")
    wrong, right = [_scores(judge, "Who designed the library?", source, response, ("GR",))
                    for response in ("The library was designed by Paul Ferrand.",
                                     "The library was designed by Ines Moreau.")]
    assert wrong.scores["GR"] < 0.05
    (component,) = wrong.components
    assert component.detail["clash"] == "name"
    assert "Ines Moreau" in component.detail["clashing_sentence"]
    assert right.scores["GR"] >= 0.75


def test_a_name_said_in_the_sentence_before_a_pronoun_is_not_a_clash(judge) -> None:
    result = _scores(judge, "When was the Orton Bridge finished?",
                     "The Orton Bridge crosses the Lune near Kendal. It was finished in 1868 "
                     "by the Carlisle Works.",
                     "The Orton Bridge was finished in 1868.", ("GR",))
    assert result.scores["GR"] >= 0.75


def test_a_name_the_sources_never_tie_to_the_claim_is_not_supported(judge) -> None:
    """The sources name the person, but only in a list that says nothing else of the claim."""
    source = ("The festival's jury this year: Mara Lindqvist, Tomas Ek and Ines Berg. The "
              "Golden Reel went to a documentary about salmon fishing.")
    result = _scores(judge, "Who won the Golden Reel?", source,
                     "Mara Lindqvist won the Golden Reel for her fishing documentary.", ("GR",))
    assert result.scores["GR"] < 0.05  # a veto: the support map's small share, not 0
    (component,) = result.components
    assert "only in sentences sharing no other word" in component.reason
    assert component.detail["status"] == "not_mentioned"


def test_an_opinion_no_source_gives_is_not_grounded(judge) -> None:
    source = "The Rijksmuseum in Amsterdam holds Rembrandt's painting The Night Watch."
    question = "Where is The Night Watch?"
    opinion = _scores(judge, question, source,
                      "The Night Watch is in the Rijksmuseum, and it is stunning.", ["GR"])
    plain = _scores(judge, question, source, "The Night Watch is in the Rijksmuseum.", ["GR"])
    assert plain.scores["GR"] >= 0.8
    assert opinion.scores["GR"] < plain.scores["GR"]
    assert any("opinion ('stunning')" in (c.reason or "") for c in opinion.components)
    # the same word in the sources is reported, not judged
    quoted = _scores(judge, question, source.replace("painting", "stunning painting"),
                     "The Night Watch is a stunning painting in the Rijksmuseum.", ["GR"])
    assert quoted.scores["GR"] >= 0.8


@pytest.mark.parametrize(("claim", "sentence"), [
    # one unit, two spellings
    ("The station lies 230 metres below the surface.",
     "The station lies 230 meters below the surface."),
    ("Fees rose by 13% that year.", "Fees rose by 13 percent that year."),
    # a heading negates nothing
    ("Pets are not allowed in the cabins.", "Pets and cabins"),
    # the rise is the claim's 'increase': its 'fall' is of something else
    ("With the increase in rents, many homes fall outside the scheme.",
     "Given the rise in rents, many homes are now beyond the scheme."),
])
def test_no_clash_where_the_two_say_the_same(claim, sentence) -> None:
    from ragvet.judges.local.contradiction import clash
    assert clash(claim, sentence, cosine=0.9, coverage=0.9) is None


def test_an_abbreviated_year_range_names_both_years() -> None:
    from ragvet.judges.local.features import numbers
    assert numbers("during the 2018–19 season") == numbers("during the 2018-2019 season")


def test_a_plural_or_an_initial_is_the_same_name(judge) -> None:
    source = ("The Riverside Academy band earned its fifth straight President's Cup at the "
              "parade. The film stars Cillian Murphy as J. Robert Oppenheimer.")
    cup = _scores(judge, "What did the band win?", source,
                  "The Riverside Academy band won its fifth straight Presidents' Cup.", ["GR"])
    star = _scores(judge, "Who plays Oppenheimer?", source,
                   "Cillian Murphy stars as J. Robert Oppenheimer.", ["GR"])
    for result in (cup, star):
        assert all((c.detail or {}).get("status") != "contradicted"
                   for c in result.components), [c.reason for c in result.components]


@pytest.mark.parametrize(("question", "reply", "read"), [
    ("Who composed The Planets?", "Gustav Holst composed it.",
     "Gustav Holst composed The Planets."),
    ("When was the Forth Bridge opened?", "It was opened in 1890.",
     "The Forth Bridge was opened in 1890."),
    ("Where do puffins nest?", "They nest on sea cliffs.", "Puffins nest on sea cliffs."),
    ("Who founded the bakery?", "She founded it in 1921.", "She founded the bakery in 1921."),
    ("Who wrote it?", "Ann wrote it.", None),  # the question has no antecedent either
    ("When was the Forth Bridge opened?", "In 1890.", None),  # no pronoun
])
def test_a_pronoun_takes_what_the_question_asks_about(question, reply, read) -> None:
    from ragvet.text import with_question_antecedent
    assert with_question_antecedent(question, reply) == read


def test_a_pronoun_led_answer_is_judged_with_its_antecedent_in_the_question(judge) -> None:
    source = ("The Forth Bridge was opened in 1890 by the Prince of Wales. The Tay Bridge "
              "was opened in 1887.")
    question = "When was the Forth Bridge opened?"
    right = _scores(judge, question, source, "It was opened in 1890.", ["GR"])
    wrong = _scores(judge, question, source, "It was opened in 1887.", ["GR"])
    assert right.scores["GR"] >= 0.8
    assert wrong.scores["GR"] < 0.05  # without the question it would match the Tay Bridge
    (claim,) = [c.text for c in wrong.components if c.metric == "GR"]
    assert claim.startswith(question)


def test_the_head_of_a_name_after_the_speaks_of_that_name(judge) -> None:
    # 'The line closed …' is the Kelso Light Railway: not a sentence that names the railway
    # only apart from what the claim says of it
    source = ("The Kelso Light Railway was a branch line from Kelso to Sprouston. The railway "
              "closed to passengers in 1948 and the track was lifted.")
    result = _scores(judge, "What was the Kelso Light Railway and when did it close?", source,
                     "The Kelso Light Railway was a branch line from Kelso to Sprouston. It "
                     "closed to passengers in 1948.", ["GR"])
    assert result.scores["GR"] >= 0.75, [c.reason for c in result.components]
    # a different person sharing a first name is still someone else
    star = _scores(judge, "Who received the award?",
                   "The cast included John Candy. John Hughes received the award in 1990.",
                   "John Candy received the award in 1990.", ["GR"])
    assert star.scores["GR"] < 0.5


def test_a_two_part_answer_with_a_count_of_one_is_healthy(judge) -> None:
    source = ("Day passes at the Vallen spa include one guided sauna session. Each session "
              "lasts up to 45 minutes and takes twelve guests at most.")
    result = _scores(judge, "How many sauna sessions does a day pass include, and how long "
                     "is a session?", source, "A day pass at the Vallen spa includes one "
                     "guided sauna session, and that session may last up to 45 minutes.",
                     ["RP", "GR", "RQC"])
    claims = [c.text for c in result.components if c.metric == "GR"]
    assert len(claims) == 2, claims  # split at ', and that session may …'
    assert result.scores["RP"] >= 0.8, [c.reason for c in result.components]
    assert result.scores["GR"] >= 0.7
    assert result.diagnosis == ()


def test_a_bulleted_answer_is_judged_item_by_item(judge) -> None:
    # run together, 'Sundays: closed' met 'is open …' as an antonym and the answer scored 0
    source = ("The Brora pool is open from 7:00 to 21:00 on weekdays and from 9:00 to 17:00 "
              "on Saturdays. It is closed on Sundays.")
    result = _scores(judge, "When is the Brora pool open?", source,
                     "The Brora pool's opening times are:\n- Weekdays: 7:00 to 21:00\n"
                     "- Saturdays: 9:00 to 17:00\n- Sundays: closed", ["GR", "RP"])
    assert len([c for c in result.components if c.metric == "GR"]) == 3
    assert result.scores["GR"] >= 0.6, [c.reason for c in result.components]
    assert result.scores["RP"] >= 0.8


def test_steps_of_a_how_to_answer_answer_the_question(judge) -> None:
    # 'Fill it halfway …' never names the kettle, yet it is how to descale it
    source = ("To descale the kettle, fill it halfway with white vinegar and boil it, then "
              "rinse it twice with clean water.")
    result = _scores(judge, "How do I descale my kettle?", source,
                     "Fill it halfway with white vinegar and boil it. Then rinse it twice "
                     "with clean water.", ["RP", "RQC", "GR"])
    assert result.scores["RP"] >= 0.8, [c.reason for c in result.components]
    assert result.scores["GR"] >= 0.8


def test_a_name_with_letters_outside_ascii_is_read_whole(judge) -> None:
    # read as 'resund' and 'Malm', such names fell apart from the sentences saying the rest
    source = ("The Øresund Bridge is a combined railway and motorway bridge between Denmark "
              "and Sweden. The bridge connects Copenhagen and Malmö. It opened on 1 July 2000.")
    result = _scores(judge, "What is the Øresund Bridge?", source,
                     "The Øresund Bridge is a railway and motorway bridge between Denmark and "
                     "Sweden. It links Copenhagen with Malmö. It opened on 1 July 2000.", ["GR"])
    assert all((c.detail or {}).get("probability", 0) >= 0.5 for c in result.components
               if c.metric == "GR"), [c.reason for c in result.components]


def test_a_negative_formed_by_a_prefix_contradicts(judge) -> None:
    # 'unlocked' / 'locked' share no antonym pair, yet one denies the other
    source = ("Locked bikes may be left in the courtyard overnight. Unlocked bikes are removed "
              "by the caretaker every evening.")
    wrong = _scores(judge, "Can I leave my bike in the courtyard overnight?", source,
                    "Unlocked bikes may be left in the courtyard overnight.", ["GR"])
    (verdict,) = [c for c in wrong.components if c.metric == "GR"]
    assert wrong.scores["GR"] < 0.05 and verdict.detail["status"] == "contradicted"
    right = _scores(judge, "Can I leave my bike in the courtyard overnight?", source,
                    "Locked bikes may be left in the courtyard overnight.", ["GR"])
    assert right.scores["GR"] >= 0.8, [c.reason for c in right.components]


@pytest.mark.parametrize(("word", "opposite"), [
    ("opened", "unopened"), ("unpaid", "paid"), ("nonprofit", "profit")])
def test_prefixed_opposites(word, opposite) -> None:
    from ragvet.judges.local.opposites import prefixed_opposites

    assert opposite in prefixed_opposites(word)


@pytest.mark.parametrize("word", ["unless", "unit", "united", "under"])
def test_words_that_only_look_prefixed(word) -> None:
    from ragvet.judges.local.opposites import prefixed_opposites

    assert not prefixed_opposites(word) & {"less", "it", "ited", "der"}


def test_a_year_does_not_answer_how_long(judge) -> None:
    # both sentences share the question's words; only the first gives a span of time
    source = ("A season ticket for the Harbour Line is valid for twelve months from the day of "
              "purchase. Harbour Line season tickets were first sold in 1874.")
    result = _scores(judge, "How long is a Harbour Line season ticket valid?", source,
                     "A Harbour Line season ticket is valid for twelve months from the day of "
                     "purchase. Season tickets for the Harbour Line were first sold in 1874.",
                     ["RP"])
    first, second = [c for c in result.components if c.metric == "RP"]
    assert first.verdict and not second.verdict, [c.reason for c in result.components]


def test_an_age_answers_what_age(judge) -> None:
    source = ("Learners may sit the motorcycle theory test from the age of 16. The practical "
              "test for larger bikes is open to riders aged 24 and over.")
    result = _scores(judge, "At what age can learners sit the motorcycle theory test?", source,
                     "Learners can sit the motorcycle theory test once they are 16 years old.",
                     ["RQC", "SQC"])
    assert result.scores["RQC"] >= 0.85 and result.scores["SQC"] >= 0.85, \
        [c.reason for c in result.components]


def test_temperatures_in_words_match_symbols(judge) -> None:
    source = "Keep the vaccine between 2°C and 8°C until it is used."
    result = _scores(judge, "At what temperature should the vaccine be stored?", source,
                     "The vaccine must be kept between 2 degrees Celsius and 8 degrees Celsius "
                     "until it is used.", ["GR"])
    assert result.scores["GR"] >= 0.5, [c.reason for c in result.components]


def test_what_does_it_do_needs_what_it_does(judge) -> None:
    # the pronoun of the second part stands for the thing the first part asks about, not for
    # the name inside 'Which Linux release …'; a response without what it does loses coverage
    question = "Which Linux release added the io_uring interface, and what does it do?"
    source = ("Linux 5.1 added the io_uring interface. The interface lets programs submit "
              "many input and output requests through shared ring buffers.")
    full = _scores(judge, question, source, "The io_uring interface arrived in Linux 5.1. It "
                   "lets programs submit many input and output requests through shared ring "
                   "buffers.", ["RQC"])
    half = _scores(judge, question, source, "The io_uring interface arrived in Linux 5.1.",
                   ["RQC"])
    subquestions = [c.text for c in full.components]
    assert subquestions[1] == "What does the io_uring interface do?", subquestions
    assert [c.verdict for c in full.components] == [True, True], \
        [c.reason for c in full.components]
    assert [c.verdict for c in half.components] == [True, False], \
        [c.reason for c in half.components]
    assert half.scores["RQC"] < full.scores["RQC"] - 0.1


def test_a_reply_of_function_words_states_nothing(judge) -> None:
    from ragvet.judges.base import SupportItem
    from ragvet.judges.ops import SUPPORTED

    sources = ("The Orkney ferry sails twice a day in summer.",)
    verdicts = asyncio.run(judge.run(SUPPORTED, [
        SupportItem(claim="Yes, it is.", sources=sources),
        SupportItem(claim="Sure. Have you been there?", sources=sources),
        SupportItem(claim="R&B.", sources=("R&B is a genre of popular music.",)),
    ]))
    assert [v.value for v in verdicts[:1]] == [False] and verdicts[0].probability == 0.0
    assert "states nothing" in verdicts[0].reason
    assert verdicts[2].value  # an initialism is content


def test_list_items_carry_their_lead_in_line(judge) -> None:
    # '1. A signed lease' alone shares one word with the question; after its lead-in it says
    # what is needed for what
    source = ("To register a car in the county, bring a signed title, proof of insurance and a "
              "photo ID to the licensing office.")
    result = _scores(judge, "What documents do I need to register a car in the county?",
                     source, "To register a car in the county you need:\n1. A signed title\n"
                     "2. Proof of insurance\n3. A photo ID", ["RQC", "RP"])
    assert result.scores["RQC"] >= 0.8 and result.scores["RP"] >= 0.8, \
        [c.reason for c in result.components]


def test_get_is_not_asked_of_an_answer(judge) -> None:
    # no answer repeats 'get'; asked of it, a correct answer lost part of its coverage
    source = ("The first parvovirus dose is given at 6 to 8 weeks of age. The second dose is due "
              "at 10 to 12 weeks of age.")
    result = _scores(judge, "At what age should puppies get the second dose of the parvovirus "
                     "vaccine?", source, "The second parvovirus dose is due when puppies are 10 "
                     "to 12 weeks old.", ["RQC"])
    (verdict,) = result.components
    # 4 of the 5 asked words ('vaccine' is not repeated); with 'get' asked too, 4 of 6
    assert verdict.verdict and verdict.detail["features"]["predicate"] >= 0.8, verdict.reason


def test_a_sentence_opening_with_its_speaks_of_the_subject(judge) -> None:
    from ragvet.judges.local.text import claims

    assert claims("The Danube flows through ten countries. Its delta lies in Romania.")[1] == \
        "The Danube's delta lies in Romania."
    # an adverb before the verb is not part of the subject a later clause borrows
    assert claims("The Kessel glacier last advanced in 1850 and has retreated since.") == \
        ("The Kessel glacier last advanced in 1850.", "The Kessel glacier has retreated since.")


def test_a_negation_in_a_later_clause_denies_only_that_clause(judge) -> None:
    source = ("The Mojave is among the hottest deserts in North America, with some valleys not "
              "seeing rain for years.")
    result = _scores(judge, "What is the Mojave known for?", source,
                     "The Mojave is among the hottest deserts in North America.", ["GR", "RP"])
    assert result.scores["GR"] >= 0.8, [c.reason for c in result.components]
    assert result.scores["RP"] >= 0.8  # 'known for' asks for what it is known for
    # a negation of the main clause still covers the sentence
    assert negation_mismatch("Atoms of helium are reactive.",
                             "Atoms of helium, a noble gas, are not reactive.")


def test_not_since_a_year_agrees_with_last_in_that_year(judge) -> None:
    source = "The lighthouse has not been staffed since 1992, when its keeper retired."
    result = _scores(judge, "Is the lighthouse still staffed?", source,
                     "The lighthouse was last staffed in 1992.", ["GR"])
    assert result.scores["GR"] >= 0.5, [c.reason for c in result.components]


def test_an_acronym_names_what_it_abbreviates(judge) -> None:
    source = "The World Health Organization declared the outbreak over in March."
    result = _scores(judge, "Who declared the outbreak over?", source,
                     "The WHO declared the outbreak over in March.", ["GR"])
    assert result.scores["GR"] >= 0.7, [c.reason for c in result.components]
    usa = _scores(judge, "Where is the firm based?", "The firm is based in Denver, in the "
                  "United States.", "The firm is based in Denver, USA.", ["GR"])
    assert usa.scores["GR"] >= 0.5, [c.reason for c in usa.components]


def test_certainty_where_the_source_hedges_is_not_supported(judge) -> None:
    source = "The airline said the route might resume in June if demand recovers."
    result = _scores(judge, "When will the route resume?", source,
                     "The route will resume in June.", ["GR"])
    (verdict,) = [c for c in result.components if c.metric == "GR"]
    assert result.scores["GR"] < 0.05 and not verdict.verdict and "might" in verdict.reason
    hedged = _scores(judge, "When will the route resume?", source,
                     "The route might resume in June if demand recovers.", ["GR"])
    assert hedged.scores["GR"] >= 0.8


def test_a_share_is_a_number_question(judge) -> None:
    source = "Wind power supplied 41 percent of the grid's electricity last year."
    result = _scores(judge, "What share of the grid's electricity came from wind last year?",
                     source, "Wind supplied 41% of the grid's electricity last year.", ["RQC"])
    (verdict,) = result.components
    assert "gives a number" in verdict.reason, verdict.reason


def test_a_sentence_speaking_through_a_pronoun_names_its_subject(judge) -> None:
    # 'Its delta …' and 'The treaties ended …' speak of what their passage is about; the
    # claim naming it is not 'named only apart from the rest'
    source = ("The Rhine is one of Europe's major rivers. It rises in the Swiss Alps. Its mouth "
              "lies in the Netherlands.")
    result = _scores(judge, "What is the Rhine?", source, "The Rhine is one of Europe's major "
                     "rivers. It rises in the Swiss Alps. Its mouth lies in the Netherlands.",
                     ["GR"])
    assert result.scores["GR"] >= 0.8, [c.reason for c in result.components]
    treaty = _scores(judge, "What was the Treaty of Utrecht?", "The Treaty of Utrecht was a "
                     "series of peace agreements signed in 1713. The agreements ended the War of "
                     "the Spanish Succession.", "The Treaty of Utrecht was a series of peace "
                     "agreements signed in 1713. It ended the War of the Spanish Succession.",
                     ["GR"])
    assert treaty.scores["GR"] >= 0.8, [c.reason for c in treaty.components]
    # a passage that has moved on to someone else does not speak of its first subject
    moved = _scores(judge, "Who won the prize?", "Lena Brandt is a Danish cellist. Tomas Vik "
                    "won the Nordic Strings Prize in 2019.", "Lena Brandt won the Nordic "
                    "Strings Prize in 2019.", ["GR"])
    assert moved.scores["GR"] < 0.5, [c.reason for c in moved.components]


def test_a_capital_after_an_exclamation_opens_a_sentence() -> None:
    # 'Indeed' starts a sentence after 'Sure !': it is no name the sources would have to write
    assert "indeed" not in entities("Sure ! Indeed the otters hold hands while they sleep .")
    assert "oslo" in entities("Sure! The ferry leaves Oslo at noon.")
    # after an initial or a title a capital goes on the name
    assert {"smith", "ng"} <= entities("Dr. Ng met J. Smith at the harbour.")


def test_a_negation_after_although_denies_only_its_clause() -> None:
    sentence = ("The Nazca lines were made by removing the reddish surface stones, although "
                "there is no agreement on their purpose.")
    assert not negation_mismatch("The Nazca lines were made by removing the reddish surface "
                                 "stones.", sentence)
    assert negation_scopes("The pass is open in summer, although it is not gritted.") == \
        (text_stems("gritted"),)


def test_an_opening_i_do_is_a_reply_not_the_speakers_claim(judge) -> None:
    # a dialogue turn judged whole, as BEGIN's are: 'I do.' only answers the other speaker
    from ragvet.judges.base import SupportItem
    from ragvet.judges.ops import SUPPORTED

    source = ("The kakapo is a flightless parrot found only in New Zealand.",)
    turns = ["I do. The kakapo is a flightless parrot found only in New Zealand.",
             "I saw a kakapo once. It is a flightless parrot found only in New Zealand."]
    reply, own = asyncio.run(judge.run(SUPPORTED, [SupportItem(claim=t, sources=source)
                                                   for t in turns]))
    assert reply.value, reply.reason
    assert not own.value and "speaker" in own.reason


def test_a_name_of_several_words_matches_its_alias() -> None:
    from ragvet.judges.local.features import spelled_otherwise
    from ragvet.judges.local.scoring import names_missing

    claim = "The lab moved to the United States in 2019."
    assert spelled_otherwise("states", claim, "In 2019 the lab moved to the US.")
    assert not names_missing(claim, "In 2019 the lab moved to the US.")
    assert names_missing(claim, "In 2019 the lab moved to Canada.") == {"united", "states"}


def test_an_event_or_a_month_names_no_one(judge) -> None:
    question = "Who invented the pneumatic tyre?"
    source = ("Pneumatic tyres became common on bicycles during the Gay Nineties and the Great "
              "Depression hit tyre makers hard. The pneumatic tyre was invented by Robert "
              "Thomson.")
    without = _scores(judge, question, source.rsplit(". ", 1)[0] + ".",
                      "Pneumatic tyres were sold widely after the First World War.", ["RQC"])
    (verdict,) = without.components
    assert "gives a name" not in verdict.reason, verdict.reason
    named = _scores(judge, question, source, "The pneumatic tyre was invented by Robert "
                    "Thomson.", ["RQC"])
    assert named.scores["RQC"] > without.scores["RQC"] + 0.3


@pytest.mark.parametrize(("question", "source", "response"), [
    ("Does the ferry carry bikes?", "Bikes ride free on the Kelby ferry.",
     "The ferry carries bikes for free."),
    ("Does the plan include international roaming?",
     "The basic plan does not include international roaming.",
     "The plan includes free international roaming."),
])
def test_a_statement_answers_a_yes_no_question_in_its_own_words(judge, question, source,
                                                                 response) -> None:
    """Saying the question's verb in the present ('carries', 'includes') is a yes: the
    response answers, whether or not the sources back it (GR tells that apart)."""
    result = _scores(judge, question, source, response, ["RQC", "GR"])
    assert result.scores["RQC"] >= 0.8, [c.reason for c in result.components]
    assert "a bare answer" not in " ".join(c.reason for c in result.components)


def test_an_answer_that_contradicts_sources_holding_the_answer_is_diagnosed(judge) -> None:
    """The sources answer, the response answers too but says the opposite: the generator
    misread them (ragvet's `unfaithful_response`, which THELMA's table has no row for)."""
    source = ("Lockers at the Tarnby climbing gym are not included in the day pass; they "
              "cost 2 euros per visit.")
    result = _scores(judge, "Are lockers included in the Tarnby day pass?", source,
                     "Yes, lockers are included in the Tarnby day pass at no extra cost.",
                     ["SP1", "SQC", "RP", "RQC", "GR", "SD"])
    assert result.scores["GR"] < 0.2, [c.reason for c in result.components]
    assert "unfaithful_response" in result.diagnosis, (result.scores, result.diagnosis)
    faithful = _scores(judge, "Are lockers included in the Tarnby day pass?", source,
                       "No, lockers are not included in the Tarnby day pass.",
                       ["SP1", "SQC", "RP", "RQC", "GR", "SD"])
    assert faithful.diagnosis == (), (faithful.scores, [c.reason for c in faithful.components])


def test_a_reply_word_is_not_the_subject_a_pronoun_stands_for() -> None:
    """'No, lockers are …; they cost …': 'they' are the lockers, not 'No'."""
    from ragvet.judges.local.text import claims

    assert claims("No, lockers are not included in the day pass; they cost 2 euros.") == (
        "No, lockers are not included in the day pass.", "Lockers cost 2 euros.")
    assert claims("Sadly, the ferry stopped in 2019; it had run since 1902.")[1] == \
        "The ferry had run since 1902."


def test_a_place_names_no_one(judge) -> None:
    """'Who …?' wants someone: the names of where a thing stands are no answer."""
    question = "Who designed the Hallgrim Bridge?"
    placed = "The Hallgrim Bridge stands in the Nordvik district of Troms, Norway."
    without = _scores(judge, question, placed, "The Hallgrim Bridge is in Norway.", ["SQC"])
    (verdict,) = without.components
    assert not verdict.verdict and "gives a name" not in verdict.reason, verdict.reason
    named = _scores(judge, question, placed + " It was designed by the engineer Ingrid "
                    "Solberg.", "Ingrid Solberg designed it.", ["SQC"])
    assert named.scores["SQC"] > without.scores["SQC"] + 0.3


@pytest.mark.parametrize(("claim", "sentence", "clash"), [
    # the source denies something else of the same subject: no clash with what the claim says
    ("She is a former Olympic rower.",
     "The former Olympic rower Ada Brandt has never lost a regatta in her career.", False),
    ("The Alhambra film is a documentary.",
     "While The Alhambra film isn't groundbreaking, it is a careful documentary.", False),
    # the source denies what the claim says
    ("The former Olympic rower Ada Brandt lost a regatta in 2019.",
     "The former Olympic rower Ada Brandt has never lost a regatta in her career.", True),
    ("The ticket covers the museum's audio guide.",
     "The ticket does not cover the museum's audio guide.", True),
    # a claim's own denial needs a source that denies it
    ("The choir is not linked to the cathedral.",
     "The choir sings in the cathedral every Sunday.", True),
    # 'No but …' opens a reply: it denies nothing
    ("no but it scored 81% with the critics", "Critics' score: 81% (2021).", False),
    # a ban denies leave
    ("Visitors are not allowed to feed the goats.",
     "Visitors are forbidden from feeding the goats.", False),
    ("Visitors may feed the goats.", "Visitors are forbidden from feeding the goats.", True),
])
def test_a_source_negation_must_deny_what_the_claim_says(claim, sentence, clash) -> None:
    assert negation_mismatch(claim, sentence) is clash


def test_known_as_and_called_are_one_paraphrase(judge) -> None:
    source = ("Young hares are known as leverets, and there are multiple professional hare "
              "sanctuaries in Wales.")
    result = _scores(judge, "What is a young hare called?", source,
                     "Young hares are called leverets. There are several pro hare sanctuaries "
                     "in Wales.", ["GR"])
    assert result.scores["GR"] >= 0.75, [c.reason for c in result.components]


def test_a_partial_answer_leaves_its_missing_part_in_the_sources(judge) -> None:
    from ragvet.judges.local import text as T

    question = ("How should unopened paint tins be stored, and how long do they last once "
                "opened?")
    # 'unopened' describes the tins (it is not the question's verb), and 'they' are paint
    # tins, opened or not
    assert T.subquestions(question) == ("How should unopened paint tins be stored?",
                                        "How long do paint tins last once opened?")
    sources = ["Unopened paint tins should be kept in a dry shed at 5 to 25 °C.",
               "Once in use, most paint tins can be kept sealed for up to 2 years."]
    record = make_record(id="r", query=question, sources=sources,
                         response="Keep unopened paint tins in a dry shed at 5 to 25 °C.")
    (result,) = ragvet.evaluate([record], ["SQC", "RQC"], judge).results
    by = {(c.metric, c.text): c for c in result.components}
    # 'for up to 2 years' answers 'how long' though it shares the first part's 'kept';
    # '5 to 25 °C' is no span of time
    assert by[("SQC", "How long do paint tins last once opened?")].verdict
    assert not by[("RQC", "How long do paint tins last once opened?")].verdict
    assert result.scores["SQC"] > result.scores["RQC"] + 0.2


@pytest.mark.parametrize(("question", "answer"), [
    # an option the question offers, without an 'or'
    ("Between the Arvo and the Brisk kettles, which boils water faster?", "The Brisk kettle"),
    ("The Lumen and the Halo desk lamps both dim, but which one has a USB port?",
     "The Halo lamp"),
    # a yes/no-shaped question offering options is answered by naming one
    ("Is the Arvo or the Brisk kettle cheaper?", "The Arvo kettle"),
    # a title is a name, whatever words it has ('My', 'You', 'Hey')
    ("Which song opened the band's farewell concert?", "You Were My Only Friend"),
    ("Which body awards the Pellworth medal?", "Royal Society of Marine Engineers and Naval "
     "Architects"),
    # an age needs no unit
    ("The founder of Kelby Ferries took over the company at what age?", "27"),
    # a name written with symbols
    ("Which language is the Kelby route planner written in?", "C++"),
    # opening with an auxiliary but asking in place: not a yes/no question
    ("Was the Kelby pilot a favourite of what television executive?", "Marta Lindqvist"),
    # a relative 'whose' asks for no one
    ("The poet was born in a town whose population at the last census was what?", "7,585"),
])
def test_a_bare_answer_of_the_kind_asked_answers(judge, question, answer) -> None:
    result = _scores(judge, question, "unused", answer, ["RQC"])
    (verdict,) = result.components
    assert verdict.verdict, verdict.reason


@pytest.mark.parametrize(("question", "kind"), [
    ("Who was mayor of Tarnby when the bridge opened?", "person"),
    ("How old was the architect when the tower was finished?", "number"),
    ("What was the population of the town where the poet was born?", "number"),
    ("The ferry line was bought by a company that was founded in what year?", "date"),
    ("What is the birthdate of the composer of the Tarnby anthem?", "date"),
    ("Which city hosted the final when the Lions won?", "place"),
    ("Can you tell me when the last ferry leaves?", "date"),
    ("What was the ferry's approximate age when it sank?", "number"),
    ("The poet was born in a town whose population was what?", "any"),
    # a relative 'when' before the asking phrase does not hide it
    ("The driver who retired when the team folded won the title in what year?", "date"),
])
def test_the_asking_phrase_not_a_relative_clause_sets_the_kind(question, kind) -> None:
    from ragvet.judges.local.features import expected_answer

    assert expected_answer(question).kind == kind


def test_a_bare_name_answers_every_part_asking_for_a_name(judge) -> None:
    """'Who wrote and directed …?' 'Ingrid Solberg': one name for both parts (the sibling
    rule, which halves a sentence that answers another part better, leaves it whole)."""
    result = _scores(judge, "Who wrote and directed the film Tarnby Nights?", "unused",
                     "Ingrid Solberg", ["RQC"])
    assert len(result.components) == 2
    assert all(c.verdict for c in result.components), [c.reason for c in result.components]


@pytest.mark.parametrize(("claim", "source"), [
    # a month the source gives otherwise ('May' is the month after 'in' or before a year)
    ("The Arvo cafe opened in May 2019.", "The Arvo cafe opened in March 2019 on Harbour "
     "Street."),
    # said of all where the source says some, or of only some where it says anyone
    ("All rooms at the Nordvik inn have a balcony.", "Some rooms at the Nordvik inn have a "
     "balcony."),
    ("Anyone can book the Brisk meeting rooms.", "Only members can book the Brisk meeting "
     "rooms."),
    ("The Halo shuttle always stops at the airport.", "The Halo shuttle usually stops at the "
     "airport."),
])
def test_a_month_or_a_scope_the_source_gives_otherwise_is_a_contradiction(judge, claim,
                                                                           source) -> None:
    result = _scores(judge, "unused?", source, claim, ["GR"])
    (verdict,) = result.components
    assert not verdict.verdict and "contradicted" in verdict.reason, verdict.reason


@pytest.mark.parametrize(("claim", "source"), [
    ("Some rooms at the Nordvik inn have a balcony.", "All rooms at the Nordvik inn have a "
     "balcony."),  # weaker than the source: still supported
    ("You may park at the Arvo cafe.", "Guests may park at the Arvo cafe."),
])
def test_a_weaker_scope_or_the_verb_may_is_no_contradiction(judge, claim, source) -> None:
    result = _scores(judge, "unused?", source, claim, ["GR"])
    (verdict,) = result.components
    assert "contradicted" not in verdict.reason, verdict.reason


def test_a_kind_of_people_answers_who_may_do_something(judge) -> None:
    source = "Only members can book the Brisk meeting rooms, up to two weeks ahead."
    allowed = _scores(judge, "Who can book the Brisk meeting rooms?", source,
                      "Only members can book them.", ["SQC", "RQC"])
    assert all(c.verdict for c in allowed.components), [c.reason for c in allowed.components]
    # who did something wants someone: a kind of people is no answer there
    from ragvet.judges.local.features import expected_answer

    assert not expected_answer("Who founded the Brisk club?").present(
        "The club has 300 members.", "Who founded the Brisk club?")


@pytest.mark.parametrize(("one", "other"), [
    ("at 07:05", "at 7:05 am"), ("at 19:30", "at 7:30 pm"), ("at 10 pm", "at 22:00"),
])
def test_a_time_of_day_written_another_way_is_the_same_time(judge, one, other) -> None:
    source = f"The Tarnby night train reaches Bergen {one}."
    result = _scores(judge, "When does the train reach Bergen?", source,
                     f"The Tarnby night train reaches Bergen {other}.", ["GR"])
    (verdict,) = result.components
    assert verdict.verdict and "contradicted" not in verdict.reason, verdict.reason
    late = _scores(judge, "When does the train reach Bergen?", source,
                   "The Tarnby night train reaches Bergen at 9:15.", ["GR"])
    assert "contradicted" in late.components[0].reason


@pytest.mark.parametrize(("claim", "source"), [
    # denying one of a complementary pair says the other
    ("The Karst caves are closed on Mondays.", "The Karst caves do not open on Mondays."),
    ("Glass bottles are prohibited at the Vell festival.",
     "Glass bottles are not allowed at the Vell festival."),
    ("Campers are not permitted to light fires at Loch Sarn.",
     "Campers are forbidden to light fires at Loch Sarn."),
    ("The Tidal app is unavailable in Norway.", "The Tidal app is not available in Norway."),
    # the same facts in other words
    ("Residents are permitted two guest passes a month.",
     "Residents are allowed two guest passes a month."),
    ("The Orrin bakery has 40 employees.", "The Orrin bakery employs about 40 people."),
    ("You must be 18 or older to enter the Brask casino.",
     "Visitors must be at least 18 years old to enter the Brask casino."),
])
def test_the_same_fact_said_by_denying_its_opposite_is_supported(judge, claim, source) -> None:
    result = _scores(judge, "unused?", source, claim, ["GR"])
    (verdict,) = result.components
    assert verdict.verdict and "contradicted" not in verdict.reason, verdict.reason


@pytest.mark.parametrize(("claim", "source", "kind"), [
    ("The Holm chapel was restored after the flood.",
     "The Holm chapel was restored before the flood.", "antonym"),
    ("The Selo home policy covers flood damage.",
     "The Selo home policy excludes flood damage.", "antonym"),
    ("The Ostra lighthouse is taller than the Ostra church.",
     "The Ostra church is taller than the Ostra lighthouse.", "degree"),
    ("The annual pass is cheaper than ten day tickets.",
     "The annual pass costs more than ten day tickets.", "degree"),
    ("The Vessa river floods every spring.", "The Vessa river rarely floods in spring.",
     "scope"),
    ("Anna Berg founded the Kvist gallery in 1998.",
     "Lena Berg founded the Kvist gallery in 1998.", "name"),
    ("The painter was born in Ghent.", "The painter was born in Bruges and trained in Ghent.",
     "place"),
])
def test_an_opposite_an_order_or_a_place_the_source_gives_otherwise_is_contradicted(
        judge, claim, source, kind) -> None:
    result = _scores(judge, "unused?", source, claim, ["GR"])
    (verdict,) = result.components
    assert not verdict.verdict and verdict.detail.get("clash") == kind, verdict.reason


@pytest.mark.parametrize(("claim", "source"), [
    # the same order said with the opposite comparative
    ("The Ostra lighthouse is taller than the Ostra church.",
     "The Ostra church is shorter than the Ostra lighthouse."),
    # 'before' of something else: not the opposite of 'after the flood'
    ("The Holm chapel was restored after the flood.",
     "Before the chapel reopened, it was restored after the flood."),
    # the claim's place, with the verb the source gives it
    ("The painter trained in Ghent.", "The painter was born in Bruges and trained in Ghent."),
    # a place inside the one the source names: left to the name check, not a place clash
    ("The final was played in London.", "The final was played at Wembley Stadium in London."),
])
def test_no_clash_where_order_relation_or_place_agree(judge, claim, source) -> None:
    result = _scores(judge, "unused?", source, claim, ["GR"])
    (verdict,) = result.components
    assert "contradicted" not in verdict.reason, verdict.reason


def test_a_contracted_question_word_asks_the_same(judge) -> None:
    from ragvet.judges.local.features import expected_answer

    assert expected_answer("What's the minimum age to join the Tarn rowing club?").kind == \
        "number"
    assert expected_answer("Who's the head coach of the Tarn rowing club?").kind == "person"
    result = _scores(judge, "What's the minimum age to join the Tarn rowing club?",
                     "Members of the Tarn rowing club must be at least 16 years old.",
                     "You must be 16 or older.", ["RP", "RQC", "GR"])
    assert all(c.verdict for c in result.components), [c.reason for c in result.components]


def test_a_statement_after_a_no_is_on_the_point_of_a_yes_no_question(judge) -> None:
    question = "Is parking included in the hotel rate?"
    source = "Parking is not included in the hotel rate; it costs 20 euros per night."
    result = _scores(judge, question, source, "No. Parking costs 20 euros per night.",
                     ["RP", "RQC", "GR"])
    assert all(c.verdict for c in result.components), [c.reason for c in result.components]


def test_a_span_in_working_days_answers_how_long(judge) -> None:
    result = _scores(judge, "How long does delivery to Norway take?",
                     "Parcels to Norway usually arrive within 3 to 5 working days.",
                     "Delivery to Norway usually takes 3 to 5 working days.", ["SQC", "RQC"])
    assert all(c.verdict for c in result.components), [c.reason for c in result.components]


def test_a_plural_noun_before_of_is_not_the_verb() -> None:
    from ragvet.judges.local.text import subject_of

    assert subject_of("Known side effects of the Brim tablet include headache.") != "Known side"
    assert subject_of("The ferry links Oban with the island.") == "The ferry"
    # a verb that takes 'of' is still the verb
    assert subject_of("The Brim kit consists of a tablet and a cup.") == "The Brim kit"


def test_goes_away_and_passes_say_the_same(judge) -> None:
    result = _scores(judge, "unused?", "The rash from the Brim tablet usually passes within a "
                     "week.", "The rash from the Brim tablet usually goes away within a week.",
                     ["GR"])
    (verdict,) = result.components
    assert verdict.verdict, verdict.reason


@pytest.mark.parametrize(("question", "source", "response"), [
    ("How much does parking cost at the Tarn lodge?", "Parking at the Tarn lodge is free for "
     "guests.", "Parking is free for guests."),
    ("What is the fee for a replacement Brisk card?", "Replacement Brisk cards are issued free "
     "of charge.", "There is no fee; replacement cards are free."),
    ("Who pays for return shipping at the Orrin shop?", "Return shipping at the Orrin shop is "
     "free for every customer.", "Return shipping is free, so you pay nothing."),
])
def test_free_answers_what_it_costs_and_who_pays(judge, question, source, response) -> None:
    result = _scores(judge, question, source, response, ["SQC", "RP", "RQC", "GR"])
    assert all(c.verdict for c in result.components), [c.reason for c in result.components]
    assert not result.diagnosis


def test_free_is_contradicted_by_a_fee() -> None:
    result = _scores(LocalJudge(), "unused?", "A fee of 5 euros applies to replacement Brisk "
                     "cards.", "Replacement Brisk cards are free.", ["GR"])
    (verdict,) = result.components
    assert not verdict.verdict and verdict.detail.get("clash") == "antonym", verdict.reason


# ---- ninth session: what 'These' stands for, framed pronouns, compounds, opening names ----

def test_these_stands_for_a_plural_subject_or_joins_the_claim_naming_it() -> None:
    from ragvet.judges.local.text import claims

    assert claims("Known side effects of the Brim tablet are a rash and itching. These "
                  "usually pass within a week.")[-1] == \
        "Known side effects of the Brim tablet usually pass within a week."
    # the subject is one thing: 'These' are what the sentence before listed
    assert claims("The Brim tablet can cause a rash and itching. These usually pass within "
                  "a week.") == ("The Brim tablet can cause a rash and itching, which usually "
                                 "pass within a week.",)
    # a determiner, not a pronoun: left as written
    assert claims("The Tarn lodge has four rooms. These changes were made in 2010.")[-1] == \
        "These changes were made in 2010."


def test_a_pronoun_after_an_opening_phrase_is_resolved() -> None:
    from ragvet.judges.local.text import claims

    assert claims("The Orrin ferry leaves at 9 am. On Fridays it leaves at noon.")[-1] == \
        "The Orrin ferry leaves at noon on Fridays."


def test_a_verb_after_a_noun_ending_in_an_is_read_as_the_verb() -> None:
    from ragvet.judges.local.text import claims, subject_of

    assert subject_of("The Brisk plan costs 5 euros a month.") == "The Brisk plan"
    assert claims("The Brisk plan costs 5 euros a month. It includes 10 GB of storage.")[-1] \
        == "The Brisk plan includes 10 GB of storage."


def test_an_elaboration_on_the_answer_is_on_the_point(judge) -> None:
    result = _scores(judge, "What are the side effects of the Brim tablet?",
                     "Side effects of the Brim tablet include a rash and itching. These "
                     "usually pass within a week.",
                     "The Brim tablet can cause a rash and itching. These usually go away "
                     "within a week.", ["RP", "GR"])
    assert all(c.verdict for c in result.components), [c.reason for c in result.components]
    assert "extraneous_content" not in result.diagnosis


def test_how_does_it_work_is_answered_by_what_it_does() -> None:
    question = "How does the Orrin heat exchanger work?"
    assert has_shape(question, "The Orrin heat exchanger passes warm exhaust air over a plate "
                     "that heats the incoming air.", frozenset(), frozenset())
    assert not has_shape(question, "The Orrin heat exchanger was installed in 2019.",
                         frozenset(), frozenset())


@pytest.mark.parametrize(("source", "response"), [
    # a compound written as two words, and the other way round
    ("Orrin moss grows in weak sunlight.", "Orrin moss grows in weak sun and light."),
    ("The Orrin hall is lit by sun and light from the lake.",
     "The Orrin hall is lit by sunlight from the lake."),
    # a clipped form
    ("Bicycles may be parked in the yard.", "Bikes may be parked in the yard."),
])
def test_a_word_said_in_other_parts_is_found(judge, source, response) -> None:
    result = _scores(judge, "unused?", source, response, ["GR"])
    (verdict,) = result.components
    assert verdict.verdict and result.scores["GR"] >= 0.8, verdict.reason


def test_compound_halves_must_both_be_there() -> None:
    from ragvet.judges.local.synonyms import compound_parts

    assert compound_parts("a party of art lovers", "the artwork was shown at the party") == {}
    # the sources already write the claim's words: nothing to read otherwise
    assert compound_parts("Eastern Air Lines", "Eastern Air Lines and other airlines") == {}


def test_a_one_word_name_opening_the_claim_is_a_doer() -> None:
    judge = LocalJudge()
    source = "The Tarn altarpiece was painted by Anna Maria Vell in 1702."
    result = _scores(judge, "unused?", source, "Rembrandt painted the Tarn altarpiece.", ["GR"])
    (verdict,) = result.components
    assert not verdict.verdict and verdict.detail.get("clash") == "role", verdict.reason
    # a common noun (written in lower case elsewhere) is not a name
    result = _scores(judge, "unused?", "Restoration of the Tarn altarpiece was paid for by "
                     "Anna Maria Vell; restoration ended in 2004.",
                     "Restoration ended in 2004.", ["GR"])
    (verdict,) = result.components
    assert verdict.verdict, verdict.reason


def test_what_is_preferred_to_what_is_read_in_order(judge) -> None:
    source = "Orrin goats eat clover more than grass."
    swapped = _scores(judge, "unused?", source, "Orrin goats eat grass more than clover.", ["GR"])
    (verdict,) = swapped.components
    assert not verdict.verdict and verdict.detail.get("clash") == "degree", verdict.reason
    same = _scores(judge, "unused?", source, "Orrin goats eat clover more than grass.", ["GR"])
    assert same.components[0].verdict


@pytest.mark.parametrize(("question", "source", "response"), [
    # a superlative asks which one, not what it is
    ("What is the oldest Orrin bridge?", "The Vell is the oldest bridge in Orrin, built in "
     "1420.", "The Vell is the oldest Orrin bridge."),
    # 'It' opening the reply stands for what was asked
    ("What is the Tarn fair?", "The Tarn fair is a two-day cattle market held each May.",
     "It is a two-day cattle market held each May."),
    # an answer that there is none: the asked thing denied, or its complement said
    ("What time does the Orrin museum open on Mondays?", "The Orrin museum is closed on "
     "Mondays.", "The Orrin museum does not open on Mondays."),
    ("What time does the Orrin museum open on Mondays?", "The Orrin museum does not open on "
     "Mondays.", "The Orrin museum is closed on Mondays."),
    # a share in words
    ("What share of the Tarn budget goes to roads?", "Roads take half of the Tarn budget.",
     "Half of the Tarn budget goes to roads."),
])
def test_answers_of_the_asked_kind_in_other_forms(judge, question, source, response) -> None:
    result = _scores(judge, question, source, response, ["RP", "RQC", "GR"])
    assert all(c.verdict for c in result.components), [c.reason for c in result.components]
    assert not result.diagnosis


def test_a_reply_that_there_is_none_needs_the_asked_words() -> None:
    from ragvet.judges.local.features import denies_what_is_asked

    asked = "When was the Orrin mill built?"
    assert not denies_what_is_asked("The Orrin mill was not built by the Vell family.", asked)
    assert not denies_what_is_asked("The Orrin mill was built in 1820.", asked)


def test_a_preamble_and_a_closing_offer_are_not_claims(judge) -> None:
    from ragvet.judges.local.text import claims

    response = ("Here is what I found: the Brisk card can be replaced online within 5 days. "
                "Let me know if you need anything else!")
    assert claims(response) == ("The Brisk card can be replaced online within 5 days.",)
    result = _scores(judge, "How do I replace my Brisk card?",
                     "A Brisk card can be replaced online within 5 days.", response,
                     ["RP", "GR"])
    assert all(c.verdict for c in result.components), [c.reason for c in result.components]


@pytest.mark.parametrize(("source", "response"), [
    ("Ines Vell has been chief executive officer of Tarn Ltd since 2019.",
     "Ines Vell is the CEO of Tarn Ltd."),
    ("Ines Vell has been CEO of Tarn Ltd since 2019.",
     "Ines Vell is the chief executive officer of Tarn Ltd."),
])
def test_an_acronym_and_its_words_name_the_same(judge, source, response) -> None:
    result = _scores(judge, "unused?", source, response, ["GR"])
    (verdict,) = result.components
    assert verdict.verdict, verdict.reason


@pytest.mark.parametrize(("source", "response"), [
    # a hedge on a quantity, and a '-sized' compound
    ("A medium Orrin pear contains about 90 calories.",
     "A medium-sized Orrin pear has around 90 calories."),
    # making and producing
    ("Orrin cows stop making milk in winter.", "Orrin cows stop producing milk in winter."),
])
def test_paraphrases_of_hedges_and_making(judge, source, response) -> None:
    result = _scores(judge, "unused?", source, response, ["GR"])
    (verdict,) = result.components
    assert verdict.verdict and result.scores["GR"] >= 0.8, verdict.reason


def test_irregular_plurals_are_the_words_of_their_singular(judge) -> None:
    from ragvet.judges.local.synonyms import judge_stems

    assert judge_stems("viruses and bacteria") == judge_stems("a virus and a bacterium")
    assert judge_stems("women and children") == judge_stems("a woman and a child")
    # 'leaves' stays a verb as well as a plural
    assert judge_stems("The ferry leaves at nine") == judge_stems("The ferries leave at nine")
    result = _scores(judge, "What is the difference between a virus and a bacterium?",
                     "A bacterium can live on its own, while a virus needs a host cell. "
                     "Antibiotics kill bacteria but not viruses.",
                     "Antibiotics kill bacteria but do not work against viruses.", ["RP"])
    assert result.scores["RP"] >= 0.75, [c.reason for c in result.components]


def test_it_after_someone_made_something_is_the_thing_made() -> None:
    from ragvet.judges.local.text import claims

    assert claims("Ines Vell painted the Tarn Madonna. It now hangs in the Orrin museum.")[-1] \
        == "The Tarn Madonna now hangs in the Orrin museum."
    assert claims("Ines Vell wrote Salt and Stone. It was published in 1913.")[-1] == \
        "Salt and Stone was published in 1913."
    # 'She' is still the person, and a thing as subject keeps 'It'
    assert claims("Ines Vell painted the Tarn Madonna. She was born in Orrin.")[-1] == \
        "Ines Vell was born in Orrin."
    assert claims("The Tarn bridge was designed by Ines Vell. It opened in 1901.")[-1] == \
        "The Tarn bridge opened in 1901."


@pytest.mark.parametrize(("source", "response", "said"), [
    ("Adults may take at most 1,200 mg of the drug a day.",
     "Adults may take at most 1,200 g of the drug a day.", "1200 g vs 1200 mg"),
    ("The kettle holds 1.7 litres of water.", "The kettle holds 1.7 ml of water.",
     "1.7 ml vs 1.7 litres"),
    ("The heater draws 2 kW at full power.", "The heater draws 2 W at full power.",
     "2 w vs 2 kw"),
])
def test_a_dose_volume_or_power_in_another_unit_is_contradicted(judge, source, response,
                                                                 said) -> None:
    result = _scores(judge, "How much?", source, response, ("GR",))
    assert result.scores["GR"] < 0.05
    (component,) = result.components
    assert component.detail["clash"] == "unit" and said in component.reason


def test_the_same_quantity_in_another_unit_of_its_measure_is_grounded(judge) -> None:
    result = _scores(judge, "How much may adults take a day?",
                     "Adults may take at most 1,200 mg of the drug a day.",
                     "Adults may take at most 1.2 g of the drug a day.", ("GR",))
    assert result.scores["GR"] >= 0.75, result.components


def test_having_to_pay_for_what_the_sources_call_free_is_contradicted(judge) -> None:
    result = _scores(judge, "Do members pay for the workshop?",
                     "The pottery workshop is free for members of the club.",
                     "Members of the club have to pay for the pottery workshop.", ("GR",))
    assert result.scores["GR"] < 0.05
    assert "antonym" in result.components[0].reason


BRIDGE = ("The Kestrel footbridge was built by the engineer Ada Moss and opened in 1931. It "
          "replaced a rowing-boat ferry that had run there since 1860.")


@pytest.mark.parametrize("response", ["In 1860.", "It opened in 1860.",
                                      "The Kestrel footbridge opened in 1860."])
def test_a_year_the_sources_give_something_else_is_no_date_for_the_asked_event(judge,
                                                                              response):
    """1860 is in the sources (the ferry), so no 'number no source mentions' veto: the
    sentence that dates the opening gives it 1931."""
    result = _scores(judge, "When did the Kestrel footbridge open?", BRIDGE, response, ("GR",))
    assert result.scores["GR"] < 0.05, result.components
    assert "1860 vs 1931" in result.components[0].reason


@pytest.mark.parametrize("response", ["In 1931.", "It opened in May 1931.",
                                      "The Kestrel footbridge opened in 1931."])
def test_the_year_the_sources_give_the_asked_event_stays_grounded(judge, response):
    result = _scores(judge, "When did the Kestrel footbridge open?", BRIDGE, response, ("GR",))
    assert (result.components[0].detail or {}).get("clash") is None, result.components
    if "May" not in response:  # a month the sources do not give is not grounded, nor denied
        assert result.scores["GR"] >= 0.75, result.components


TRADE = ("Exports of the Tallis valley cheese grew by 9 percent in 2023, while imports of "
         "foreign cheese fell to a ten-year low.")


def test_an_opposite_said_of_another_clause_does_not_hide_a_clash(judge) -> None:
    """The sentence says 'fell' too, of the imports: the clause about the exports says
    'grew'."""
    wrong = _scores(judge, "How did exports of Tallis valley cheese change in 2023?", TRADE,
                    "Exports of the Tallis valley cheese fell by 9 percent in 2023.", ("GR",))
    assert wrong.scores["GR"] < 0.05
    assert "'fell' vs 'grew'" in wrong.components[0].reason
    right = _scores(judge, "How did imports of foreign cheese change?", TRADE,
                    "Imports of foreign cheese fell to a ten-year low.", ("GR",))
    assert right.scores["GR"] >= 0.75, right.components


def test_how_something_changed_is_answered_by_the_way_it_went(judge) -> None:
    """A healthy record: 'grew by 9 percent' says how the exports changed (before: 'lacks
    new information', SQC and RQC about 0.4 and the diagnosis 'retrieval_gap')."""
    result = _scores(judge, "How did exports of Tallis valley cheese change in 2023?", TRADE,
                     "Exports of the Tallis valley cheese grew by 9 percent in 2023.",
                     ("SQC", "RQC", "GR"))
    assert min(result.scores.values()) >= 0.75, result.scores
    assert not result.diagnosis


@pytest.mark.parametrize(("question", "kind"), [
    ("For which film did the composer win the award?", "entity"),
    ("At which stadium does the club play its home games?", "entity"),
    ("Which team beat the champions in the final?", "entity"),
    ("In which year was the dam built?", "date"),
    ("In what city was the painter born?", "place"),
    ("For what reason was the line closed?", "any"),
    # a sum of money named by its noun
    ("What is the fine for parking on a red route?", "number"),
    ("What is the deposit for a locker?", "number"),
])
def test_a_which_question_led_by_a_preposition_asks_for_a_named_thing(question, kind):
    from ragvet.judges.local.features import expected_answer

    assert expected_answer(question).kind == kind


def test_an_it_inside_the_answer_stands_for_what_the_question_names(judge) -> None:
    """'Tomas Berg won it …': the 'it' is the prize the question names, so the sentence is
    about it (before: 1 of 5 question words shared, the second part unanswered and the
    healthy record diagnosed retrieval_gap)."""
    source = ("The Halden Medal is given every three years by the Baltic Union of Engineers. "
              "The 2021 medal went to Tomas Berg for the Sund ferry terminal in Tallinn.")
    result = _scores(judge, "Who won the 2021 Halden Medal and for which project?", source,
                     "Tomas Berg won it for the Sund ferry terminal in Tallinn.", ("RQC", "SQC"))
    assert [c.verdict for c in result.components if c.metric == "RQC"] == [True, True]
    assert result.scores["RQC"] >= 0.7 and not result.diagnosis, result.scores


@pytest.mark.parametrize(("text", "said"), [
    ("The hall seats four hundred and ten people.", {"410"}),
    ("Tickets cost twenty-five euros.", {"25"}),
    ("About two thousand runners took part.", {"2000"}),
    ("The fund holds 1.7 billion dollars.", {"1700000000"}),
    ("The fund holds one point seven.", {"7"}),  # not a number said in words
    ("It sleeps two or three guests.", {"2", "3"}),
])
def test_a_number_said_in_several_words_is_one_number(text, said) -> None:
    from ragvet.judges.local.features import numbers

    assert numbers(text) == said


def test_a_weight_in_words_is_the_weight_in_digits(judge) -> None:
    """Before, 'four hundred and ten grams' read as 4, 100 and 10, and was contradicted."""
    result = _scores(judge, "How much does the Kora M5 weigh?",
                     "The Kora M5 camera weighs 410 grams with its battery.",
                     "The Kora M5 weighs four hundred and ten grams.", ("GR",))
    assert result.scores["GR"] >= 0.75, result.components
    wrong = _scores(judge, "How much does the Kora M5 weigh?",
                    "The Kora M5 camera weighs 410 grams with its battery.",
                    "The Kora M5 weighs four hundred and fifty grams.", ("GR",))
    assert wrong.scores["GR"] < 0.05, wrong.components


def test_a_them_in_a_later_clause_stands_for_the_sentences_subject(judge) -> None:
    """'… you must book them online': the clause is about the tours, so it is relevant to a
    question about them (before: RP 0.45 and 'extraneous_content' for a perfect answer)."""
    from ragvet.judges.local import text as T

    response = ("No, guided tours are no longer sold at the door; you must book them online.")
    assert T.claims(response)[-1] == "You must book guided tours online."
    result = _scores(judge, "Can I buy a guided tour at the door?",
                     "Guided tours are no longer sold at the door; they must be booked online. "
                     "The castle opens at 9 a.m.", response, ("RP", "GR"))
    assert result.scores["RP"] >= 0.75 and result.scores["GR"] >= 0.75, result.components
    assert "extraneous_content" not in result.diagnosis


def test_a_year_the_sources_give_the_verb_in_another_order_is_no_clash(judge) -> None:
    source = ("The Orla gallery was renovated in 1990 by the city. In 2005 the gallery was "
              "renovated again, with a new glass roof.")
    result = _scores(judge, "When was the Orla gallery renovated?", source,
                     "The Orla gallery was renovated in 2005.", ("GR",))
    assert (result.components[0].detail or {}).get("clash") is None, result.components


@pytest.mark.parametrize(("question", "source", "wrong", "said", "right"), [
    # a colour the sources do not give, where they give another
    ("What colours does the Wren kettle come in?",
     "The Wren kettle costs 45 euros and comes in cream, sage and red.",
     "The Wren kettle comes in cream and blue.", "'blue' vs ",
     "The Wren kettle comes in cream and red."),
    # 21:10 is in the source, as the departure: the arrival is at 06:35 (before: supported)
    ("When does the night train NT40 arrive in Vienna?",
     "The night train NT40 to Vienna departs at 21:10 and arrives at 06:35 local time.",
     "The night train NT40 arrives in Vienna at 21:10 local time.", "21:10 vs 06:35",
     "The night train NT40 arrives in Vienna at 06:35 local time."),
])
def test_a_colour_or_time_the_sources_give_otherwise_is_contradicted(judge, question, source,
                                                                    wrong, said, right):
    judged = _scores(judge, question, source, wrong, ("GR",))
    assert judged.scores["GR"] < 0.05 and said in judged.components[0].reason
    judged = _scores(judge, question, source, right, ("GR",))
    assert judged.scores["GR"] >= 0.75, judged.components


def test_a_denial_of_the_claims_subject_counts_though_another_sentence_is_closer(judge):
    """'Clearance items … not refunded' speaks of clearance items; the first sentence shares
    more of the claim's words but says nothing of them (before: supported 0.89)."""
    source = ("Customers may return unused items within 30 days of delivery for a full "
              "refund. Clearance items can only be exchanged, not refunded.")
    wrong = _scores(judge, "Can I get a refund on clearance items?", source,
                    "Yes, clearance items can be returned for a full refund within 30 days.",
                    ("GR",))
    reason = wrong.components[0].reason
    assert wrong.scores["GR"] < 0.05 and ("negation" in reason or "only exchanged" in reason)
    right = _scores(judge, "Can I get a refund on unused items?", source,
                    "Unused items can be returned within 30 days for a full refund.", ("GR",))
    assert right.scores["GR"] >= 0.75, right.components


@pytest.mark.parametrize(("question", "source", "response"), [
    # why something matters is told by what it did or made possible
    ("Why is the Ostrava survey important?",
     "The Ostrava survey was carried out in 1961. Its results helped to prove that the "
     "river had changed course.",
     "Its results helped to prove that the river had changed course."),
    # a window asked for is a span of time
    ("What is the cancellation window?",
     "Bookings can be cancelled free of charge up to 48 hours before arrival.",
     "You can cancel free of charge up to 48 hours before arrival."),
])
def test_healthy_records_of_more_question_kinds_are_not_diagnosed(judge, question, source,
                                                                  response) -> None:
    result = _scores(judge, question, source, response, ("SQC", "RQC"))
    assert min(result.scores.values()) >= 0.7, result.components
    assert not result.diagnosis


def test_a_body_without_a_name_answers_who_runs_something(judge) -> None:
    """'Who maintains the dam?' 'The regional water board.' (before: 'lacks a name' and a
    healthy record diagnosed retrieval_gap)."""
    result = _scores(judge, "Who maintains the Corran dam?",
                     "The Corran dam is 40 metres high. It is maintained by the regional water "
                     "board.", "The regional water board maintains it.", ("SQC", "RQC"))
    assert min(result.scores.values()) >= 0.7 and not result.diagnosis, result.components


@pytest.mark.parametrize(("question", "source", "wrong", "said", "right"), [
    # the claim's place is in the sentence, but as the branch office (before: supported 0.94)
    ("Where are the bakery chain's headquarters?",
     "The bakery chain's headquarters are in Ghent, with a second roastery in Leuven.",
     "The bakery chain's headquarters are in Leuven.", "leuven vs ghent",
     "The bakery chain's headquarters are in Ghent."),
    # the claim's place is where the painter moved to, not where she was born
    ("Where was the painter born?",
     "The painter was born in Bergen and later moved to Oslo, where she taught for years.",
     "The painter was born in Oslo.", "born in oslo vs bergen",
     "The painter was born in Bergen."),
    # the claim's person holds another post in the same sentence
    ("Who chairs the rowing club?",
     "Edith Moreau is the chair of the rowing club, and Karl Weber is its treasurer.",
     "Karl Weber is the chair of the rowing club.", "karl weber vs edith moreau",
     "Edith Moreau is the chair of the rowing club."),
])
def test_a_name_the_sentence_puts_in_another_slot_is_contradicted(judge, question, source,
                                                                  wrong, said, right) -> None:
    judged = _scores(judge, question, source, wrong, ("GR",))
    assert judged.scores["GR"] < 0.05 and said in judged.components[0].reason, \
        judged.components
    judged = _scores(judge, question, source, right, ("GR",))
    assert judged.scores["GR"] >= 0.75, judged.components


def test_a_clause_with_its_own_subject_after_a_comma_is_its_own_claim(judge) -> None:
    """', and a day ticket costs 35 euros' is told by another source than the first clause;
    read as one claim, no sentence carried it (before: GR 0.12)."""
    sources = ["The Lumen Festival takes place every June in Tartu.",
               "Day tickets for the Lumen Festival cost 35 euros."]
    record = make_record(id="r", query="Where is the festival held and what does a ticket "
                         "cost?", sources=sources,
                         response="The Lumen Festival is held in Tartu, and a day ticket costs "
                                  "35 euros.")
    (result,) = ragvet.evaluate([record], ["GR"], judge).results
    assert [c.text for c in result.components] == ["The Lumen Festival is held in Tartu.",
                                                   "A day ticket costs 35 euros."]
    # a list that ends in 'and the …' stays one claim
    assert asyncio.run(judge.rule_claims(["The resort has a pool, a gym, and the rooms with "
                                          "a view."]))[0].items == (
        "The resort has a pool, a gym, and the rooms with a view.",)


def test_who_was_a_named_person_is_answered_by_what_they_were(judge) -> None:
    """'Who was Mary Anning?' names her: it asks what she was, so facts about her answer it
    (before: 'lacks a name', RP 0.67 and extraneous_content on a healthy record)."""
    result = _scores(judge, "Who was Mary Anning?",
                     "Mary Anning (1799–1847) was an English fossil collector from Lyme Regis. "
                     "She found the first complete ichthyosaur skeleton to be recognised, and is "
                     "remembered as a pioneer of palaeontology.",
                     "Mary Anning was an English fossil collector from Lyme Regis. She found the "
                     "first complete ichthyosaur skeleton to be recognised. She is remembered as "
                     "a pioneer of palaeontology.", ("RP", "RQC"))
    assert min(result.scores.values()) >= 0.75 and not result.diagnosis, result.components


def test_a_cause_that_makes_something_change_answers_why(judge) -> None:
    """'Lower salt levels make the coral turn white' gives a cause (before: RQC 0.27 and
    unused_sources)."""
    result = _scores(judge, "Why does coral bleach in warm water?",
                     "In warm water, corals expel the algae living in their tissue, and the "
                     "loss of the algae makes the coral turn white.",
                     "In warm water, corals expel the algae living in their tissue, and losing "
                     "the algae makes the coral turn white.", ("RQC",))
    assert result.scores["RQC"] >= 0.7, result.components


def test_a_title_given_in_the_first_clause_is_the_first_subjects(judge) -> None:
    """'X is the largest …; Y is the second largest.': the title is X's (before: 'Y is the
    largest …' was supported 0.94, the whole sentence read as X's title)."""
    source = ("Mount Elbrus is the highest peak in Europe; Dykh-Tau is the second highest.")
    wrong = _scores(judge, "What is the highest peak in Europe?", source,
                    "Dykh-Tau is the highest peak in Europe.", ("GR",))
    # (the superlative one holder has, or the subject the title belongs to, is named)
    reason = wrong.components[0].reason
    assert wrong.scores["GR"] < 0.05 and ("subject" in reason or "highest peak" in reason)
    for right in ("Mount Elbrus is the highest peak in Europe.",
                  "Dykh-Tau is the second highest peak in Europe."):
        assert _scores(judge, "Which peaks are highest in Europe?", source, right,
                       ("GR",)).scores["GR"] >= 0.75, right


@pytest.mark.parametrize(("source", "wrong", "rights"), [
    ("Turnout in the Kessel election was 71 percent, up from 63 percent in 2018.",
     "Turnout in the Kessel election was 63 percent.",
     ("Turnout in the Kessel election was 71 percent.",
      "Turnout in the Kessel election was 63 percent in 2018.")),
    ("The ferry carried 2.4 million passengers in 2024, down from 2.9 million a year earlier.",
     "The ferry carried 2.9 million passengers in 2024.",
     ("The ferry carried 2.4 million passengers in 2024.",
      "The year before, the ferry carried 2.9 million passengers.")),
])
def test_the_earlier_value_of_a_change_is_not_the_current_one(judge, source, wrong, rights):
    """'64 percent, up from 58 percent' gives 58 as the earlier value (before: 'Turnout was
    58 percent.' supported 0.94)."""
    judged = _scores(judge, "What was the figure?", source, wrong, ("GR",))
    assert judged.scores["GR"] < 0.05 and "earlier value" in judged.components[0].reason
    for right in rights:
        assert _scores(judge, "What was the figure?", source, right,
                       ("GR",)).scores["GR"] >= 0.5, right


def test_a_fare_is_a_ticket(judge) -> None:
    """'Day fares' and 'a day ticket' say the same (before: 71 % of the claim's words, GR
    0.50 on a healthy record)."""
    result = _scores(judge, "What does a day ticket include?",
                     "Day fares on the Tarn line include unlimited rides until midnight.",
                     "A day ticket on the Tarn line includes unlimited rides until midnight.",
                     ("GR",))
    assert result.scores["GR"] >= 0.9, result.components
