"""Metrics split by a metadata field; labels read from results."""

from __future__ import annotations

import statistics

import pytest
import scipy.stats

from ragvet.errors import ConfigError
from ragvet.results import RecordResult
from ragvet.stats.groups import as_flag, compare_groups, labelled_scores


def result(i, scores, **metadata):
    return RecordResult(id=str(i), query="q", scores=scores, metadata=metadata)


YES = [0.9, 1.0, 0.8, 0.95]
NO = [0.4, 0.9, 0.2]
RESULTS = (
    [result(i, {"faithfulness": v, "GR": None}, retrieval_correct="Yes")
     for i, v in enumerate(YES)]
    + [result(10 + i, {"faithfulness": v, "GR": 0.5}, retrieval_correct="No")
       for i, v in enumerate(NO)]
    + [result(99, {"faithfulness": 0.1, "GR": 0.1})]
)


def test_mean_sd_and_one_sided_test_by_boolean_field():
    report = compare_groups(RESULTS, "retrieval_correct")
    assert report.groups == ("true", "false")
    assert report.counts == {"true": 4, "false": 3} and report.missing == 1
    yes = report.stat("true", "faithfulness")
    assert yes.n == 4 and yes.mean == pytest.approx(statistics.mean(YES))
    assert yes.sd == pytest.approx(statistics.stdev(YES))
    (test,) = [t for t in report.tests if t.metric == "faithfulness"]
    assert (test.first, test.second) == ("true", "false")
    expected = scipy.stats.ttest_ind(YES, NO, equal_var=False, alternative="greater")
    assert test.test.pvalue == pytest.approx(expected.pvalue)


def test_metric_unscored_in_a_group_is_reported_not_invented():
    report = compare_groups(RESULTS, "retrieval_correct", metrics=["GR"])
    gr_yes = report.stat("true", "GR")
    assert (gr_yes.n, gr_yes.mean, gr_yes.sd) == (0, None, None)
    assert report.tests[0].test.pvalue is None


def test_categorical_field_in_given_order():
    results = [result(i, {"m": v}, system=s) for i, (s, v) in
               enumerate([("a", 0.1), ("a", 0.2), ("b", 0.5), ("b", 0.7), ("c", 0.9),
                          ("c", 0.8)])]
    report = compare_groups(results, "system", order=["c", "b", "a"])
    assert report.groups == ("c", "b", "a")
    assert [(t.first, t.second) for t in report.tests] == [("c", "b"), ("c", "a"), ("b", "a")]
    with pytest.raises(ConfigError, match="no value 'z'"):
        compare_groups(results, "system", order=["z"])


def test_nested_field_by_dotted_path():
    results = [result(i, {"m": v}, expert={"ok": ok}) for i, (v, ok) in
               enumerate([(0.9, True), (0.8, True), (0.1, False), (0.3, False)])]
    scores, labels = labelled_scores(results, "expert.ok")
    assert labels == [True, True, False, False]
    assert scores == {"m": [0.9, 0.8, 0.1, 0.3]}


def test_labels_need_a_yes_no_value_or_a_named_correct_value():
    results = [result(0, {"m": 0.9}, grade="A"), result(1, {"m": 0.2}, grade="C"),
               result(2, {"m": 0.5})]
    with pytest.raises(ConfigError, match="--correct"):
        labelled_scores(results, "grade")
    _, labels = labelled_scores(results, "grade", positive="A")
    assert labels == [True, False, None]


def test_missing_field_everywhere_is_an_error():
    with pytest.raises(ConfigError, match="no record has"):
        compare_groups(RESULTS, "nope")


@pytest.mark.parametrize(("value", "flag"), [("Yes", True), ("no", False), (1, True),
                                             (0, False), ("correct", True), ("maybe", None),
                                             (0.5, None), (True, True)])
def test_as_flag(value, flag):
    assert as_flag(value) is flag


def test_report_sections_appear_only_for_yes_no_fields():
    from ragvet.stats.groups import flag_fields, report_sections

    results = [result(i, {"m": v}, retrieval_correct=r, system=s) for i, (v, r, s) in
               enumerate([(0.9, "Yes", "a"), (0.8, "Yes", "b"), (0.2, "No", "a"),
                          (0.3, "No", "b")])]
    assert flag_fields(results) == ["retrieval_correct"]
    sections = report_sections(results)
    assert [g["field"] for g in sections["groups"]] == ["retrieval_correct"]
    (conc,) = sections["concordance"]
    assert conc["rows"][0]["n_high"] == 2 and conc["rows"][0]["p_correct_given_high"] == 1.0
    assert report_sections([result(0, {"m": 0.5}, system="a")]) == {"groups": [],
                                                                   "concordance": []}
