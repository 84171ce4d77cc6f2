"""Pairs from a user's records: each perturbation changes what its dimension measures, and
nothing else; the same records and seed give the same pairs."""

from __future__ import annotations

import random

import pytest

from ragvet.data.records import make_record
from ragvet.errors import ConfigError
from ragvet.text import sentences
from ragvet.validation.pairs import (
    DIMENSIONS,
    PAIR_FIELD,
    base_of,
    build_pairs,
    change_number,
    drop_piece,
)

RECORDS = [
    make_record(id="q1", query="When was the Elm bridge built, and who designed it?",
                sources=["The Elm bridge was built in 1901. It was designed by Ana Ruiz. "
                         "The river below is wide and slow. Boats pass under it every hour."],
                response="The Elm bridge was built in 1901. Ana Ruiz designed it.",
                metadata={"team": "bridges"}),
    make_record(id="q2", query="What does the Oak mill grind?",
                sources=["The Oak mill grinds corn from local farms. It stands beside the old "
                         "canal. Visitors may tour it on weekends.",
                         "The wheel is made of oak wood."],
                response="The Oak mill grinds corn from local farms."),
    make_record(id="q3", query="How tall is the Pine tower?",
                sources=["The Pine tower is 85 metres tall. It was finished in 1930. Its "
                         "clock still keeps time. A cafe sits at its foot."],
                response="The Pine tower is 85 metres tall."),
    make_record(id="q4", query="Where is the Ash library?",
                sources=["The Ash library is on Main Street. It holds ten thousand books. "
                         "Children read there after school. The building was once a bank."],
                response="The Ash library is on Main Street."),
]


def by_dimension(pairs):
    return {(p.better.metadata[PAIR_FIELD]["record"], p.dimension): p for p in pairs}


def test_every_dimension_gets_pairs_and_the_same_seed_gives_the_same_pairs():
    first = build_pairs(RECORDS, seed=3)
    again = build_pairs(RECORDS, seed=3)
    assert [(p.dimension, p.worse.to_dict()) for p in first.pairs] == \
        [(p.dimension, p.worse.to_dict()) for p in again.pairs]
    counts = first.counts()
    assert set(counts) == set(DIMENSIONS)
    assert counts["SP1"] == counts["SP2"] == counts["RP"] == counts["SD"] == 4
    assert counts["RQC"] == 1  # only q1 has a second piece to drop


def test_the_worse_versions_change_one_thing_each():
    pairs = by_dimension(build_pairs(RECORDS, seed=3).pairs)
    q1 = RECORDS[0]
    better = pairs[("q1", "RP")].better
    assert better.response == q1.response and better.source_texts == q1.source_texts

    rp = pairs[("q1", "RP")].worse
    assert rp.response.startswith(q1.response) and len(sentences(rp.response)) == 4
    assert rp.source_texts == better.source_texts
    rqc = pairs[("q1", "RQC")].worse
    assert rqc.response == "The Elm bridge was built in 1901."  # "who designed it?" dropped
    sd = pairs[("q1", "SD")].worse
    assert sd.response.endswith("To repeat, the Elm bridge was, in fact, built in 1901.")
    sp1 = pairs[("q1", "SP1")].worse
    assert sp1.source_texts[:1] == better.source_texts and len(sp1.source_texts) == 3
    assert sp1.response == better.response
    sp2 = pairs[("q1", "SP2")].worse
    assert len(sp2.source_texts) == 1
    assert len(sentences(sp2.source_texts[0])) == len(sentences(better.source_texts[0])) + 3
    sqc = pairs[("q1", "SQC")].worse
    assert sqc.source_texts == ("The river below is wide and slow. Boats pass under it every "
                                "hour.",)
    gr = pairs[("q1", "GR")].worse
    assert gr.response != q1.response and "1901" not in gr.response
    assert gr.response.replace(gr.response[28:32], "1901") == q1.response


def test_sp2_keeps_source_boundaries_and_sqc_drops_emptied_sources():
    pairs = by_dimension(build_pairs(RECORDS, seed=3).pairs)
    better = pairs[("q2", "SP2")].better
    assert len(better.source_texts) == 2
    sp2 = pairs[("q2", "SP2")].worse
    assert len(sp2.source_texts) == 2
    assert sum(len(sentences(s)) for s in sp2.source_texts) == 4 + 3
    assert "The wheel is made of oak wood." in sp2.source_texts[1]
    sqc = pairs[("q2", "SQC")].worse
    assert all("grinds corn" not in s for s in sqc.source_texts)


def test_pair_metadata_ties_the_versions_and_keeps_the_users_fields():
    made = build_pairs(RECORDS, seed=3)
    records = made.records()
    ids = [r.id for r in records]
    assert len(ids) == len(set(ids)) == 4 + len(made.pairs)
    worse = next(r for r in records if r.id == "q1/GR")
    assert dict(worse.metadata)["team"] == "bridges"
    about = worse.metadata[PAIR_FIELD]
    assert about["role"] == "worse" and about["dimension"] == "GR"
    assert about["better"] == "q1/better" and about["record"] == "q1"
    assert "number" in about["change"]


def test_unusable_records_are_left_out_with_a_reason():
    empty = make_record(id="e", query="Why?", sources=["   "], response="Because.")
    no_ref = make_record(id="n", query="Why?", sources=["A source sentence here."],
                         response="An answer.")
    made = build_pairs([*RECORDS, empty], seed=1)
    assert made.skipped == (("e", "its sources have no sentences"),)
    with pytest.raises(ConfigError, match="at least 4 usable records"):
        build_pairs(RECORDS[:3], seed=1)
    assert base_of(no_ref, use_reference=True) == "it has no reference"


def test_the_reference_can_be_the_better_response():
    with_refs = [make_record(id=r.id, query=r.query, sources=list(r.source_texts),
                             response="unused", reference=r.response) for r in RECORDS]
    made = build_pairs(with_refs, seed=3, use_reference=True)
    assert {p.better.response for p in made.pairs} == {r.response for r in RECORDS}


def test_duplicate_ids_are_refused():
    twice = [*RECORDS[:3], make_record(id="q1", query="Q?", sources=["Birds sing loudly here."],
                                       response="Birds sing.")]
    with pytest.raises(ConfigError, match="'q1' repeats"):
        build_pairs(twice)


def test_drop_piece_and_change_number():
    assert drop_piece("Who built it?", "Ana built it.") is None
    assert drop_piece("Who built it and when?", "Ana built it, and in 1901.") == "Ana built it."
    assert change_number("No numbers here.", random.Random(0)) is None
    changed = change_number("It opened in 1901 with 3 lanes.", random.Random(0))
    assert changed is not None and "1901" not in changed and "3 lanes" in changed
