"""Issue 13, nineteenth session: release notes, yes/no replies that restate the question, and
hyphenated nouns said as verbs.

- 'What changed in version 4.2?' is answered by what the release adds, fixes, removes or
  replaces (the sources never say 'changed'); before, every source sentence read as off the
  point and the record was diagnosed retrieval_gap.
- 'Physics is not required.' answers 'Is physics required for the engineering degree?': it
  says whether the question's statement holds, as a yes or a no does.
- A thing the source says has ended ('Support for Android 8 has been dropped.') is denied by
  a claim that it holds ('Version 4.2 still supports Android 8.').
- 'Walk-in vaccinations are available' says that you can walk in.
"""

from __future__ import annotations

import asyncio

import pytest

from ragvet.judges.base import EssentialItem
from ragvet.judges.ops import ESSENTIAL


def _essential(judge, question, text):
    (verdict,) = asyncio.run(judge.run(ESSENTIAL, [EssentialItem(query=question, text=text)]))
    return verdict


NOTES = ("Release 3.1 of the Tidewater CLI introduces a --dry-run flag and a JSON output "
         "mode. It fixes a memory leak in the sync command. The legacy 'push' alias was "
         "removed. Python 3.8 is no longer supported.")


def test_what_changed_is_answered_by_what_was_added_fixed_and_removed(judge, evaluated) -> None:
    result = evaluated("What changed in release 3.1 of the Tidewater CLI?", NOTES,
                     "Release 3.1 introduces a --dry-run flag and a JSON output mode, and it "
                     "fixes a memory leak in the sync command.")
    assert result.scores["SP1"] >= 0.8 and result.scores["RQC"] >= 0.8
    assert "retrieval_gap" not in result.diagnosis
    assert _essential(judge, "What are the changes in release 3.1?",
                      "It fixes a memory leak in the sync command.").value
    # a sentence of the notes that changes nothing is not what changed
    assert not _essential(judge, "What changed in release 3.1?",
                          "The Tidewater CLI is written in Python.").value


@pytest.mark.parametrize(("question", "reply"), [
    ("Is a deposit required for the holiday cottage?", "A deposit is not required."),
    ("Is the north trail open in winter?", "The north trail is open in winter."),
    ("Can residents park on Elm Street overnight?", "Residents can park there overnight."),
])
def test_a_reply_that_says_whether_the_question_holds_answers_it(judge, question,
                                                                  reply) -> None:
    assert _essential(judge, question, reply).value


def test_a_reply_on_another_matter_does_not_decide_the_question(judge) -> None:
    assert not _essential(judge, "Is a deposit required for the holiday cottage?",
                          "The cottage sleeps six.").value


@pytest.mark.parametrize(("response", "grounded"), [
    ("Release 3.1 still supports Python 3.8.", False),
    ("The 'push' alias is available in release 3.1.", None),  # no verb of the notes: not read
    ("Python 3.8 is no longer supported.", True),
    ("Release 3.1 removed the legacy 'push' alias.", True),
])
def test_a_thing_that_has_ended_is_not_said_to_hold(evaluated, response, grounded) -> None:
    result = evaluated("What changed in release 3.1?", NOTES, response)
    if grounded is True:
        assert result.scores["GR"] >= 0.7
        assert all(c.verdict for c in result.components if c.metric == "GR")
    elif grounded is False:
        assert result.scores["GR"] <= 0.1
        (component,) = [c for c in result.components if c.metric == "GR"]
        assert "no longer supported" in component.reason


def test_a_walk_in_service_is_one_you_can_walk_in_to(evaluated) -> None:
    result = evaluated("How do I get a flu jab at the pharmacy?",
                     "Flu jabs at Hollis Pharmacy can be booked online. Walk-in appointments "
                     "are available on Saturday mornings.",
                     "You can book online, and on Saturday mornings you can also walk in.")
    assert result.scores["GR"] >= 0.7  # was 0.56, its claim not supported ('walkin')
    assert all(c.verdict for c in result.components if c.metric == "GR")
