"""A source that names a kind says the broader word too, one way only: a novelist is a writer,
a writer need not be a novelist (`synonyms.with_broader`)."""

from __future__ import annotations

from ragvet.judges.local.synonyms import judge_stems, with_broader

SOURCE = ("Mirela Tanase (born 1961) is a Romanian novelist and essayist who lives in Cluj. "
          "Her brother Dan Tanase is a cellist with the Transylvania State Philharmonic.")


def test_a_kind_adds_its_broader_word_and_not_the_other_way() -> None:
    assert judge_stems("writer") <= with_broader(judge_stems("a novelist"))
    assert judge_stems("novelist").isdisjoint(with_broader(judge_stems("a writer")))
    assert judge_stems("poet").isdisjoint(with_broader(judge_stems("a novelist")))


def test_the_broader_word_is_supported(support) -> None:
    verdict = support("Mirela Tanase is a Romanian writer.", SOURCE)
    assert verdict.value is True, verdict.reason
    verdict = support("Dan Tanase is a musician.", SOURCE)
    assert verdict.value is True, verdict.reason


def test_a_narrower_or_another_kind_is_not(support) -> None:
    assert support("Dan Tanase is a Romanian novelist.", SOURCE).value is False
    assert support("Mirela Tanase is a pianist.", SOURCE).value is False


def test_both_named_in_a_yes_to_a_both_question(support) -> None:
    verdict = support("Are both Mirela Tanase and Dan Tanase artists? Yes.", SOURCE)
    assert verdict.value is False  # 'artist' is no broader word here: nothing says so
    verdict = support("Are both Mirela Tanase and Dan Tanase authors? Yes.", SOURCE)
    assert verdict.value is False  # the cellist is not a writer


def test_a_type_of_thing_is_the_thing_and_a_director_directs(support) -> None:
    source = ("A shandy is a beer mixed with lemonade. Lina Berg is a Swedish film director and "
              "producer.")
    assert judge_stems("a type of drink") == judge_stems("a drink")
    verdict = support("A shandy is a kind of drink.", source)
    assert verdict.value is True, verdict.reason
    verdict = support("Lina Berg directs and produces films.", source)
    assert verdict.value is True, verdict.reason
