"""Filling templates on an in-memory SQLite database: caps, sampling, drops, rejections."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

sa = pytest.importorskip("sqlalchemy")

from ragvet.grammar.example import load_example  # noqa: E402
from ragvet.grammar.fill import canonical, generate_cases, sample_combinations  # noqa: E402
from ragvet.grammar.schema import introspect  # noqa: E402
from ragvet.grammar.templates import templates_from_dict  # noqa: E402


@pytest.fixture(scope="module")
def engine():
    eng = sa.create_engine("sqlite://")
    load_example(eng)
    return eng


def test_canonical_values_agree_across_driver_types():
    assert canonical(Decimal("4200000.00")) == canonical(4200000) == canonical(4200000.0)
    assert canonical(Decimal("12.50")) == "12.5"
    assert canonical(dt.date(2021, 3, 15)) == canonical("2021-03-15") == "2021-03-15"
    assert canonical(None) is None and canonical(True) == "true"


def test_sampling_is_capped_deterministic_and_covers_the_product_when_small():
    assert sample_combinations([2, 3], 10, "s") == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1),
                                                    (1, 2)]
    big = sample_combinations([10, 10], 7, "seed")
    assert len(big) == len(set(big)) == 7
    assert big == sample_combinations([10, 10], 7, "seed")
    assert big != sample_combinations([10, 10], 7, "other")


def test_multi_placeholder_template_drops_empty_and_multiple_answers(engine):
    templates = templates_from_dict({"sql_templates": [{
        "id": "by_status",
        "sql": "SELECT p.name FROM project p JOIN client c ON p.client_id = c.id "
               "WHERE c.name = '[client.name]' AND p.status = '[project.status]'",
        "text_templates": [{"id": "s1", "text": "[client.name] [project.status] project?",
                            "attributes": {"length": "short"}}]}]})
    result = generate_cases(engine, templates, schema=introspect(engine))
    [stats] = result.stats
    assert stats.combinations == 40 and stats.tried == 40
    assert stats.kept + stats.empty + stats.multiple == 40
    assert stats.empty > 0 and stats.multiple > 0 and stats.kept == len(result.cases)
    capped = generate_cases(engine, templates, schema=introspect(engine), max_fills=10)
    assert capped.stats[0].tried == 10
    case = next(c for c in result.cases if c.params["client.name"] == "Tidewater Ports")
    assert case.query == f"Tidewater Ports {case.params['project.status']} project?"
    assert len(case.answer) == 1


def test_invalid_templates_from_yaml_are_rejected_with_reasons(engine):
    templates = templates_from_dict({"sql_templates": [
        {"id": "bad", "sql": "SELECT * FROM project WHERE name = '[project.name]'",
         "text_templates": [{"text": "All about [project.name]"}]},
        {"id": "ok", "sql": "SELECT budget FROM project WHERE name = '[project.name]'",
         "text_templates": [
             {"id": "good", "text": "Budget of [project.name]?",
              "attributes": {"length": "short"}},
             {"id": "wrong", "text": "Budget of [client.name]?"}]}]})
    result = generate_cases(engine, templates, schema=introspect(engine))
    rejected = {r.template_id: r.reasons for r in result.rejected}
    assert rejected["bad"] == ("selects * instead of named columns",)
    assert "missing placeholder [project.name]" in rejected["ok/wrong"]
    assert [s.template_id for s in result.stats] == ["ok"]
    assert {c.text_template_id for c in result.cases} == {"good"}
    harbour = next(c for c in result.cases if c.params["project.name"] == "Harbour Pier Renewal")
    assert harbour.answer == ("4200000",)
    assert "M=1" in result.formula() and "1×20 = 20 queries" in result.formula()
