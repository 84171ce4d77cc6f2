"""GRAMMAR end to end on the bundled example with the BM25 baseline; prints the figures.

    PYTHONPATH=src python benchmarks/grammar_baseline.py [--db URL]
"""

from __future__ import annotations

import argparse
import asyncio
import time

import sqlalchemy as sa

from ragvet.grammar.analyze import grade, unbalance
from ragvet.grammar.correctness import ValueMatcher
from ragvet.grammar.example import baseline_system, example_templates, load_example
from ragvet.grammar.fill import generate_cases
from ragvet.grammar.report import analyze
from ragvet.grammar.run import run_system
from ragvet.grammar.schema import introspect
from ragvet.systems import from_callable


def fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def show(title: str, figs) -> None:
    print(title)
    for f in figs:
        print(f"  {f.name:26s} n={f.graded:4d} correct={f.correct:4d} λ={fmt(f.gap_share)} "
              f"R={fmt(f.r)} Acc={fmt(f.acc)} R_retrieval={fmt(f.r_retrieval)} "
              f"LM={f.lm_failures} retrieval?={f.retrieval_suspects} "
              f"groups g/r/n={f.groups['gap']}/{f.groups['robust']}/{f.groups['non_robust']}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default="sqlite://")
    args = parser.parse_args()
    engine = sa.create_engine(args.db)
    load_example(engine)
    t0 = time.perf_counter()
    generated = generate_cases(engine, example_templates(), schema=introspect(engine))
    t1 = time.perf_counter()
    outcomes = asyncio.run(run_system(generated.cases, from_callable(baseline_system)))
    t2 = time.perf_counter()
    graded = asyncio.run(grade(generated.cases, outcomes, ValueMatcher()))
    result = analyze(graded)
    print(generated.formula())
    print(f"generate {t1 - t0:.2f}s; run {len(outcomes)} queries {t2 - t1:.2f}s; "
          f"analyse {time.perf_counter() - t2:.2f}s")
    show("overall", [result.overall])
    show("per SQL template", result.by_template)
    show("clusters by length (as generated)", result.clusters)
    show("clusters by length (stratified, equal λ)", result.stratified)
    show("clusters by style", analyze(graded, attribute="style").clusters)
    gap_heavy = {"client_industry", "client_project_by_status"}
    skewed = unbalance(graded, drop_share=0.9, seed=0, select=lambda i: (
        i.attributes.get("length") == "long" and i.sql_template_id in gap_heavy))
    res = analyze(skewed)
    show("unbalanced: 90% of long answers dropped from gap-heavy templates", res.clusters)
    show("  ... then stratified", res.stratified)


if __name__ == "__main__":
    main()
