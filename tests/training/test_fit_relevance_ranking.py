"""The arithmetic of training.fit_relevance_ranking: the cosine's weight within a passage."""

from __future__ import annotations

import pytest
from training.fit_relevance_ranking import ranking_loss, strict_wins, with_cosine

from ragvet.judges.local.params import Linear

# (base logit, cosine, holds the answer) per sentence; the two sentences tie on the base
# logit, and the one holding the answer is the closer to the question
TIED = [("a", [(1.0, 0.8, True), (1.0, 0.4, False)]), ("b", [(0.5, 0.7, True), (0.5, 0.2, False)])]


def test_the_cosine_breaks_ties_for_the_answer() -> None:
    assert strict_wins(TIED, 0.0) == {"a": 0.0, "b": 0.0}
    assert strict_wins(TIED, 1.0) == {"a": 1.0, "b": 1.0}
    assert ranking_loss(TIED, 1.0) < ranking_loss(TIED, 0.0)


def test_every_data_set_weighs_the_same() -> None:
    many = [("a", [(0.0, 0.9, True), (0.0, 0.1, False)])] * 10
    one = [("b", [(0.0, 0.1, True), (0.0, 0.9, False)])]
    # ten passages of 'a' count as much as the one of 'b': at β = 1 the two pull equally
    assert ranking_loss(many + one, 1.0) == pytest.approx(ranking_loss(many[:1] + one, 1.0))


def test_with_cosine_adds_the_term_around_its_centre() -> None:
    model = Linear(("cosine", "predicate"), (0.0, 2.0), -1.0)
    shifted = with_cosine(model, 0.9, 0.65)
    at_centre = {"cosine": 0.65, "predicate": 1.0}
    assert shifted.probability(at_centre) == pytest.approx(model.probability(at_centre))
    assert shifted.probability({"cosine": 0.9, "predicate": 1.0}) > \
        model.probability({"cosine": 0.9, "predicate": 1.0})
