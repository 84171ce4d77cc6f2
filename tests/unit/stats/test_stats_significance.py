"""`compare --test` statistics (stats.significance) equal scipy's on the same numbers."""

from __future__ import annotations

import json

import numpy as np
import pytest
from scipy import stats
from typer.testing import CliRunner

from ragvet.cli.app import build_app
from ragvet.results import RecordResult, write_results_jsonl
from ragvet.stats.significance import (
    holm,
    paired_t_test,
    significance_tests,
    welch_test,
    wilcoxon_test,
)


def run(values: dict[str, list[float | None]], *, ids: list[str] | None = None):
    n = len(next(iter(values.values())))
    ids = ids or [str(i) for i in range(n)]
    return [RecordResult(id=ids[i], query=f"question {ids[i]}?",
                         scores={m: v[i] for m, v in values.items()}) for i in range(n)]


@pytest.fixture
def numbers():
    rng = np.random.default_rng(7)
    a = rng.uniform(0.4, 0.9, size=30).round(3)
    b = (a + rng.normal(0.05, 0.08, size=30)).clip(0, 1).round(3)
    return a, b


def test_paired_t_and_wilcoxon_equal_scipy(numbers):
    a, b = numbers
    t, w = paired_t_test(a, b), wilcoxon_test(a, b)
    expected_t = stats.ttest_rel(b, a)
    assert t.statistic == pytest.approx(expected_t.statistic, rel=1e-12)
    assert t.pvalue == pytest.approx(expected_t.pvalue, rel=1e-12)
    assert t.df == 29
    d = b - a
    assert t.effect == pytest.approx(d.mean() / d.std(ddof=1))
    expected_w = stats.wilcoxon(d)
    assert w.statistic == expected_w.statistic
    assert w.pvalue == pytest.approx(expected_w.pvalue, rel=1e-12)
    nonzero = d[d != 0]
    ranks = stats.rankdata(np.abs(nonzero))
    rank_biserial = (ranks[nonzero > 0].sum() - ranks[nonzero < 0].sum()) / ranks.sum()
    assert w.effect == pytest.approx(rank_biserial)


def test_welch_equals_scipy_with_cohens_d():
    a, b = [0.2, 0.4, 0.5, 0.3, 0.6], [0.7, 0.9, 0.6, 0.8, 0.65, 0.95, 0.75]
    found = welch_test(a, b)
    expected = stats.ttest_ind(b, a, equal_var=False)
    assert found.statistic == pytest.approx(expected.statistic, rel=1e-12)
    assert found.pvalue == pytest.approx(expected.pvalue, rel=1e-12)
    assert found.df == pytest.approx(expected.df, rel=1e-9)
    pooled = np.sqrt((4 * np.var(a, ddof=1) + 6 * np.var(b, ddof=1)) / 10)
    assert found.effect == pytest.approx((np.mean(b) - np.mean(a)) / pooled)


def test_holm_by_hand():
    # sorted 0.01, 0.02, 0.04, 0.30 → ×4, ×3, ×2, ×1 with the running maximum
    assert holm([0.04, 0.01, None, 0.30, 0.02]) == pytest.approx(
        [0.08, 0.04, None, 0.30, 0.06])
    assert holm([0.5, 0.6]) == [1.0, 1.0]
    assert holm([]) == []


def test_degenerate_inputs_carry_notes_not_nan():
    assert paired_t_test([0.5], [0.6]).note
    assert paired_t_test([0.1, 0.2], [0.2, 0.3]).note == "every pair differs by the same amount"
    assert wilcoxon_test([0.5, 0.5], [0.5, 0.6]).note
    assert welch_test([1.0, 1.0], [1.0, 1.0]).note == "no variance in either run"


def test_shared_records_are_paired_and_p_values_holm_corrected(numbers):
    a, b = numbers
    first = run({"GR": list(a), "RP": list(a[::-1])})
    second = run({"GR": list(b), "RP": list(a[::-1] + 0.001 * np.arange(30) % 0.01)})
    tests = {t.metric: t for t in significance_tests(first, second)}
    assert tests["GR"].welch is None and tests["GR"].n_pairs == 30
    raw = [tests[m].paired_t.pvalue for m in ("GR", "RP")]
    assert [tests[m].paired_t.p_holm for m in ("GR", "RP")] == pytest.approx(holm(raw))
    assert tests["GR"].paired_t.pvalue == pytest.approx(stats.ttest_rel(b, a).pvalue)


def test_differing_record_sets_add_welch_on_all_records(numbers):
    a, b = numbers
    first = run({"GR": list(a)})
    second = run({"GR": list(b[:20]) + [0.99] * 5}, ids=[*map(str, range(20)),
                                                          *(f"new{i}" for i in range(5))])
    (gr,) = significance_tests(first, second)
    assert gr.n_pairs == 20 and (gr.n_a, gr.n_b) == (30, 25)
    assert gr.paired_t.pvalue == pytest.approx(stats.ttest_rel(b[:20], a[:20]).pvalue)
    expected = stats.ttest_ind([*b[:20], *[0.99] * 5], a, equal_var=False)
    assert gr.welch.pvalue == pytest.approx(expected.pvalue)
    assert "records differ" in gr.notes[0]
    disjoint = run({"GR": list(b)}, ids=[f"other{i}" for i in range(30)])
    (alone,) = significance_tests(first, disjoint)
    assert alone.paired_t is None and alone.primary is alone.welch
    assert alone.welch.p_holm == alone.welch.pvalue


def test_cli_compare_test_reads_both_results_files(tmp_path, numbers):
    a, b = numbers
    base, new = tmp_path / "base.jsonl", tmp_path / "new.jsonl"
    write_results_jsonl(run({"GR": list(a), "RP": list(a)}), base)
    write_results_jsonl(run({"GR": list(b), "RP": list(a)}), new)
    out = tmp_path / "compare.json"
    done = CliRunner().invoke(build_app(), ["compare", str(base), str(new), "--test",
                                            "--json", str(out)], env={"COLUMNS": "200"})
    assert done.exit_code == 0, done.output
    assert "Paired tests of B − A" in done.output
    assert "every pair differs by the same amount" in done.output  # RP is unchanged
    tests = {t["metric"]: t for t in json.loads(out.read_text())["tests"]}
    assert tests["GR"]["paired_t"]["pvalue"] == pytest.approx(stats.ttest_rel(b, a).pvalue)
    assert tests["GR"]["wilcoxon"]["pvalue"] == pytest.approx(stats.wilcoxon(b - a).pvalue)
    assert tests["GR"]["primary"] == "paired t"
