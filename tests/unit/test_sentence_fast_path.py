"""The plain-text shortcut of the sentence splitter agrees with pysbd and takes plain prose."""

from __future__ import annotations

import pytest

from ragvet import text as T

PLAIN = [
    "The bridge of Ashford was built in 1850 by Mara Quill. It is made of grey granite.",
    "It was first used for storing grain for the winter. The mill was repaired in 1905 after "
    "a storm. A small trust pays for its upkeep.",
    "Who built the tower of Brindle, and when was it built?",
    "Is it open? Yes, it opened! Visitors come every day.",
    "The station opened in the 1850s. Its platforms are 140 metres long.",
    "The tower (built 1896 by the city) stands in the square. It is 40 m tall.",
    "The workers' houses and the mill's wheel survive. They're listed buildings.",
    "A trailing sentence without a full stop",
    "One. Two words. Three more words here",
    "Prices rose by 5% in 2020, to $300; sales fell. Analysts were surprised.",
    "The BBC (British Broadcasting Corporation) reported it. Another outlet did too.",
]

TRICKY = [
    "Dr. Smith met Mr. Jones at St. Paul's. They talked.",
    "It was built in the U.S. in 1850. It is old.",
    "The value is 3.5 metres, e.g. about 11 feet. See No. 5 for details.",
    "J. R. R. Tolkien wrote it. He was a professor.",
    "She said 'it was fine.' Then she left.",
    'He said "Stop." Then he left.',
    "The items are 1. apples 2. pears 3. plums.",
    "Options: a. red b. green c. blue.",
    "It was (i) cheap and (ii) fast. People liked it.",
    "Wait... What happened? Nobody knows?!",
    "Visit www.example.com or write to a@b.org. Thanks.",
    "It was late. then it rained.",
    "Smith et al. found it. They were right.",
    "The meeting is at 5 p.m. Bring notes.",
    "He joined Yahoo! in 2001. He left later.",
    "The population was 12. The next year it was 13. Then 14.",
    "Really?! Yes. (Well, maybe.) Fine.",
    "See Fig. 3 and art. 12 of the law.",
    "The file is report .pdf and more.",
    "The Co. KG was founded. It grew.",
]


def _pysbd(block: str) -> tuple[str, ...]:
    return tuple(T._pysbd_sentences(block))


@pytest.mark.parametrize("block", PLAIN)
def test_plain_prose_takes_the_shortcut_and_matches_pysbd(block):
    assert T.is_plain_block(block)
    assert tuple(T._split_plain(block)) == _pysbd(block)
    assert T.sentences(block) == _pysbd(block)


@pytest.mark.parametrize("block", TRICKY)
def test_tricky_text_splits_exactly_as_pysbd(block):
    assert T.sentences(block) == _pysbd(block)
    if T.is_plain_block(block):  # should it ever be taken, the shortcut must still agree
        assert tuple(T._split_plain(block)) == _pysbd(block)


@pytest.mark.parametrize("block", [
    "Dr. Smith met Mr. Jones. They talked.",
    "It was built in the U.S. in 1850.",
    "The value is 3.5 metres.",
    "J. Smith wrote it.",
    "The items are 1. apples 2. pears.",
    "It was late. then it rained.",
    'He said "Stop." Then he left.',
    "Wait... What happened?",
    "It was (i) cheap and (ii) fast.",
    "Really?! Yes.",
])
def test_special_cases_go_to_pysbd(block):
    assert not T.is_plain_block(block)


def test_sentences_of_a_multi_block_text_keep_the_blocks_apart():
    text = "The tower is old. It is tall\n\nThe mill is new. Dr. Smith owns it."
    assert T.sentences(text) == ("The tower is old.", "It is tall", "The mill is new.",
                                 "Dr. Smith owns it.")


@pytest.mark.parametrize("block", [
    "It has two parts (see note a) and more (see note b) in it. It is long.",
    "It is cheap (option i) and fast (option ii) for all. It is long.",
    "The firm TaCo. KG was big.",
])
def test_list_markers_in_parentheses_and_kg_firms_go_to_pysbd(block):
    assert not T.is_plain_block(block)
    assert T.sentences(block) == _pysbd(block)
