"""Issue 13, nineteenth session: a unit written against its number ('500mg', '16GB', '24.5p')
is a number with a unit, and a holiday on a fixed date ('Christmas Day') is that date, not a
name. Before, '24.5p' read as 24 and '500mg' as no number at all, so a wrong dose passed;
'16 GB' was a name the sources never wrote; 'closed on Christmas Day' against 'closed on 25
December' was contradicted by name."""

from __future__ import annotations

import pytest

from ragvet.judges.local.features import entities, numbers
from ragvet.text import content_stems, with_holiday_dates


@pytest.mark.parametrize(("text", "expected"), [
    ("a unit rate of 24.5p per kWh", {"24.5"}),
    ("tablets of 20mg", {"20"}),
    ("4GB of RAM and a 1TB drive", {"4", "1"}),
    ("a 1.5l bottle", {"1.5"}),
    ("5km from the station", {"5"}),
    ("version 4.2.1", {"4.2"}),  # as before: a version is not a unit
    ("A320 and MP3", set()),  # a number inside a name is no number
    ("50k fans", set()),  # 'k' is thousands: not read, rather than read as 50
])
def test_a_number_written_against_its_unit_is_read(text, expected) -> None:
    assert numbers(text) == expected


def test_a_spaced_and_a_glued_unit_say_the_same() -> None:
    assert content_stems("500 mg of paracetamol") == content_stems("500mg of paracetamol")
    assert "gb" not in entities("It has 16 GB of RAM.")  # a unit, not a name
    assert "ghz" not in entities("The chip runs at 2.4 GHz.")


def test_a_fixed_date_holiday_is_its_date() -> None:
    assert with_holiday_dates("closed on Christmas Day and New Year’s Day") == \
        "closed on 25 December and 1 January"
    assert numbers("open on Boxing Day") == {"26", "december"}
    assert content_stems("closed on St. Patrick's Day") == content_stems("closed on 17 March")
    assert "christmas" not in content_stems("Christmas Eve")  # read as 24 December


SHOP = ("The Corner Bakery opens at 7:00 every day. It is closed on 25 December and on "
        "1 January. Bread ordered before noon can be collected the next morning.")
POOL = "The pool is closed on Christmas Day and on New Year's Day. Lanes are free for members."
TARIFF = ("The Green Saver tariff has a standing charge of 48p per day and a unit rate of 24.5p "
          "per kWh. Prices are fixed for 12 months.")
LEAFLET = "Each capsule contains 250mg of amoxicillin. Take one capsule three times a day."
LAPTOP = "The notebook ships with 16GB of memory and a 512GB SSD."


@pytest.mark.parametrize(("question", "source", "response"), [
    ("When is the bakery closed?", SHOP,
     "The bakery is closed on Christmas Day (25 December) and on New Year's Day."),
    ("When is the bakery closed?", SHOP, "It is closed on Christmas Day and New Year's Day."),
    ("When is the pool closed?", POOL, "The pool is closed on 25 December and on 1 January."),
    ("What is the unit rate?", TARIFF, "The unit rate is 24.5p per kWh."),
    ("How much amoxicillin is in a capsule?", LEAFLET,
     "Each capsule contains 250 mg of amoxicillin."),
    ("How much memory does the notebook have?", LAPTOP, "The notebook has 16 GB of memory."),
])
def test_a_correct_answer_with_units_or_holidays_is_grounded(evaluated, question, source,
                                                             response) -> None:
    assert evaluated(question, source, response, ["GR"]).scores["GR"] >= 0.85


@pytest.mark.parametrize(("question", "source", "response"), [
    ("When is the bakery closed?", SHOP, "The bakery is closed on Boxing Day."),
    ("When is the pool closed?", POOL, "The pool is closed on 26 December."),
    ("What is the standing charge?", TARIFF, "The standing charge is 24.5p per day."),
    ("How much amoxicillin is in a capsule?", LEAFLET,
     "Each capsule contains 500mg of amoxicillin."),
    ("How much memory does the notebook have?", LAPTOP, "The notebook has 512GB of memory."),
])
def test_a_wrong_unit_amount_or_holiday_is_not(evaluated, question, source, response) -> None:
    assert evaluated(question, source, response, ["GR"]).scores["GR"] <= 0.2
