"""`ragvet evaluate DATA --out results.jsonl`."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

import typer

from ..config import load_config
from ..data.load import Records, load_records
from ..engine.run import evaluate_stream
from ..errors import ConfigError, JudgeUnavailable, RagvetError
from ..judges.factory import make_judge
from ..metrics.caps import Caps
from ..metrics.registry import resolve_metrics
from ..metrics.thelma import self_distinctness
from . import console as ui
from .evaluate_output import Outcome, partial_path, stream_to_file
from .judge_flags import checkpoint_for, estimate_table, judge_options, usage_table
from .paths import refuse_overwriting_inputs
from .runs import SaveStoreOption, chain, run_writer

BATCH_API_CONCURRENCY = 100_000  # records in flight with --batch-api (unless --concurrency)
VERDICT_JUDGES = ("local", "openai", "litellm")  # the judges that take --verdicts


def evaluate(
    data: Annotated[Path, typer.Argument(
        help="Records: .jsonl, .json, .csv or .parquet (traces with --from)")],
    out: Annotated[Path, typer.Option(help="Results file, one JSON object per record")] = Path(
        "results.jsonl"),
    metrics: Annotated[str | None, typer.Option(
        help="Metric ids or families, comma separated (e.g. 'thelma' or 'RP,GR')")] = None,
    judge: Annotated[str | None, typer.Option(
        help="Judge: 'local' (offline default), 'openai:MODEL' (any OpenAI-compatible "
             "endpoint), 'litellm:PROVIDER/MODEL' or 'scripted:FILE.json'")] = None,
    config: Annotated[Path | None, typer.Option(help="ragvet.toml config file")] = None,
    threshold: Annotated[list[str] | None, typer.Option(
        help="Diagnosis band DIM=LOW:HIGH, e.g. GR=0.8:0.9 (repeatable)")] = None,
    fail_under: Annotated[str | None, typer.Option(
        help="Exit 1 when a dataset mean is below its gate, e.g. GR=0.9,RQC=0.8")] = None,
    skip_invalid: Annotated[bool, typer.Option(
        help="Load the valid records and report the invalid ones")] = False,
    from_: Annotated[str | None, typer.Option(
        "--from", help="DATA holds traces, not records: openinference, otel, langfuse or "
        "mlflow (one record per trace; docs/integrations.md)")] = None,
    concurrency: Annotated[int | None, typer.Option(help="Records judged at once")] = None,
    sd_threshold: Annotated[float | None, typer.Option(
        help="Cosine at or above which a sentence repeats another (SD)")] = None,
    base_url: Annotated[str | None, typer.Option(
        help="LLM judge endpoint, e.g. http://localhost:8000/v1 (default: OPENAI_BASE_URL)",
        rich_help_panel="LLM judge")] = None,
    api_key_env: Annotated[str | None, typer.Option(
        help="Name of the environment variable holding the API key (default OPENAI_API_KEY)",
        rich_help_panel="LLM judge")] = None,
    estimate: Annotated[bool, typer.Option(
        "--estimate", help="Print the expected calls, tokens and cost, and call nothing",
        rich_help_panel="LLM judge")] = False,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Continue an interrupted run: records in OUT.checkpoint whose input is "
        "unchanged are kept, changed ones judged again; another run's checkpoint is refused",
        rich_help_panel="LLM judge")] = False,
    cache: Annotated[str | None, typer.Option(
        help="Judge call cache (SQLite file; default .ragvet-cache/calls.sqlite)",
        rich_help_panel="LLM judge")] = None,
    no_cache: Annotated[bool, typer.Option(
        "--no-cache", help="Neither read nor write the call cache",
        rich_help_panel="LLM judge")] = False,
    max_batch: Annotated[int | None, typer.Option(
        help="Most items judged in one call (default 32)", rich_help_panel="LLM judge")] = None,
    rpm: Annotated[int | None, typer.Option(
        help="Requests per minute allowed", rich_help_panel="LLM judge")] = None,
    tpm: Annotated[int | None, typer.Option(
        help="Tokens per minute allowed", rich_help_panel="LLM judge")] = None,
    price: Annotated[str | None, typer.Option(
        help="Judge model price INPUT:OUTPUT in USD per million tokens, e.g. 0.15:0.60",
        rich_help_panel="LLM judge")] = None,
    verdicts: Annotated[str | None, typer.Option(
        help="Local and LLM judges: 'probability' (default; scores are expected shares of "
             "yes verdicts; an LLM's from token log-probabilities where the endpoint returns "
             "them) or 'yes-no' (plain counts)")] = None,
    structured: Annotated[str | None, typer.Option(
        help="Answer format: json_schema (default), json_object or text (tagged)",
        rich_help_panel="LLM judge")] = None,
    caps: Annotated[str | None, typer.Option(
        help="Most units judged per record and step, e.g. claims=500,sentences=none "
             "(defaults claims=100, facts_per_source=200, sentences=200, subquestions=20); "
             "a cap that bites is noted in the result's 'capped'")] = None,
    store: SaveStoreOption = None,
    engine: Annotated[str, typer.Option(
        help="Where records are judged: 'local' (this process) or 'ray' (a Ray cluster; "
             "pip install 'ragvet\\[ray]')", rich_help_panel="Scale-out")] = "local",
    address: Annotated[str | None, typer.Option(
        help="Ray cluster: 'auto' (the one this job runs in), HOST:PORT or ray://HOST:PORT; "
             "default: a private local cluster", rich_help_panel="Scale-out")] = None,
    num_workers: Annotated[int | None, typer.Option(
        help="Scorer actors, each with its own judge (default: the cluster's CPUs minus one)",
        rich_help_panel="Scale-out")] = None,
    batch_api: Annotated[bool, typer.Option(
        "--batch-api", help="Send the judge calls through the provider's batch API (OpenAI "
        "Batch: about half the price, answers within hours)",
        rich_help_panel="LLM judge")] = False,
) -> None:
    """Score DATA with the selected metrics and write one JSON object per record to OUT."""
    try:
        refuse_overwriting_inputs(out, data, config)
        cfg = load_config(config, metrics=metrics, judge=judge, concurrency=concurrency,
                          thresholds=threshold or (), fail_under=fail_under)
        if from_ is not None and engine != "local":
            raise ConfigError("--from reads traces in this process: use it with the local "
                              "engine, or convert them first (ragvet.load_traces)")
        records = (_load(data, from_, skip_invalid)
                   if engine == "local" or estimate else Records())
        unit_caps = Caps.parse(caps or "")
        chosen = resolve_metrics(cfg.metrics)
        if sd_threshold is not None:
            chosen = [self_distinctness(sd_threshold) if m.id == "SD" else m for m in chosen]
        unknown_gates = set(cfg.fail_under) - {m.id for m in chosen}
        if unknown_gates:
            raise ConfigError(f"--fail-under names metrics not being run: "
                              f"{', '.join(sorted(unknown_gates))}; add them to --metrics")
        if verdicts is not None and cfg.judge.partition(":")[0] not in VERDICT_JUDGES:
            raise ConfigError(f"--verdicts is an option of the {', '.join(VERDICT_JUDGES)} "
                              "judges; leave it out for this judge")
        options = judge_options(cfg.judge_options, model=cfg.judge.partition(":")[2],
                                base_url=base_url, api_key_env=api_key_env, cache=cache,
                                no_cache=no_cache, max_batch=max_batch, rpm=rpm, tpm=tpm,
                                price=price, structured=structured, verdicts=verdicts)
        if batch_api:
            options["batch_api"] = True
            if concurrency is None:  # every record in flight: one batch holds each round
                cfg = dataclasses.replace(cfg, concurrency=BATCH_API_CONCURRENCY)
        the_judge = make_judge(cfg.judge, options)
        if estimate:
            ui.console.print(estimate_table(records, chosen, the_judge, cfg.concurrency))
            return
        if engine != "local":
            from .evaluate_scale import run_on_engine, write_in_input_order

            run, records = run_on_engine(engine, data, out, cfg, chosen, the_judge, options,
                                         address=address, num_workers=num_workers,
                                         caps=unit_caps, resume=resume, store=store,
                                         skip_invalid=skip_invalid)
            write_in_input_order(run, data, out)
            outcome = Outcome.of_run(run, out)
            _print_summary(outcome, records, out)
            _report_failures(outcome)
            _enforce_gates(outcome, cfg.fail_under)
            return
        checkpoint = checkpoint_for(out, chosen, the_judge, resume=resume,
                                    thresholds=cfg.thresholds, caps=unit_caps)
    except RagvetError as err:
        ui.error(err)
        raise typer.Exit(2) from err
    for problem in records.skipped:
        ui.error(problem, label="skipped", style="yellow")
    resumed = checkpoint.plan(records)
    if resumed.reused or resumed.changed:
        ui.errors.print(resumed.note(), highlight=False, soft_wrap=True)
    with ui.record_progress(len(records), meter=getattr(the_judge, "meter", None),
                            done=len(resumed.reused)) as advance, \
            run_writer(store, records, chosen, the_judge, cfg, data) as save:
        if save is not None:  # records a resumed run finished earlier belong to this run too
            for earlier in resumed.reused.values():
                save(earlier)
        stream = evaluate_stream(records, chosen, the_judge, max_concurrency=cfg.concurrency,
                                 thresholds=cfg.thresholds, on_result=chain(advance, save),
                                 checkpoint=checkpoint, on_progress=advance.within,
                                 caps=unit_caps)
        outcome = _written_or_stop(stream, out)
    checkpoint.close(remove=True)
    _print_summary(outcome, records, out)
    _report_failures(outcome)
    _enforce_gates(outcome, cfg.fail_under)


def _load(data: Path, trace_format: str | None, skip_invalid: bool) -> Records:
    if trace_format is None:
        return load_records(data, skip_invalid=skip_invalid)
    from ..data.traces import FORMATS, load_traces

    if trace_format not in FORMATS:
        raise ConfigError(f"--from {trace_format!r}: use one of {', '.join(FORMATS)}")
    return load_traces(data, format=trace_format, skip_invalid=skip_invalid)


def _written_or_stop(stream, out: Path) -> Outcome:
    """The run, its results written to OUT as they finish (in input order); exit 1 with the
    reason when the judge's endpoint became unusable."""
    try:
        return stream_to_file(stream, out)
    except JudgeUnavailable as err:
        partial_path(out).unlink(missing_ok=True)
        ui.error(err, label="stopped")
        ui.errors.print("No results were written. Records finished before the stop are kept "
                        "in the checkpoint: fix the cause and run again with --resume.",
                        highlight=False, soft_wrap=True)
        raise typer.Exit(1) from err


def _report_failures(run) -> None:
    """Counts and first errors when scores failed; exit 1 when every score failed, or when
    the judge was called and no call succeeded."""
    counts = run.failures()
    if not counts.failed:
        return
    ui.error(counts.line(), label="failed" if counts.all_failed else "partly failed",
             style="red" if counts.all_failed else "yellow")
    if counts.all_failed:
        raise typer.Exit(1)


def _print_summary(run, records, out: Path):
    summary = run.summary()
    ui.console.print(ui.summary_table(summary))
    weak = {m: why for m, why in ((run.judge or {}).get("weak_metrics") or {}).items()
            if m in run.metric_ids}
    for metric, why in weak.items():
        ui.console.print(f"[yellow]{metric}: poor measured validity with this judge: {why}"
                         "[/yellow]", highlight=False, soft_wrap=True)
    _print_not_applicable(run.running.not_applicable)
    if run.running.miscited_claims:
        ui.console.print(f"[yellow]{run.running.miscited_claims} claim(s) in "
                         f"{run.running.miscited_records} record(s) cite a source that does "
                         "not back them on its own; see 'citation' in the components' detail"
                         "[/yellow]", highlight=False, soft_wrap=True)
    if run.usage:
        ui.console.print(usage_table(run.usage, len(records) - run.resumed))
    ui.console.print(ui.diagnosis_table(summary))
    if records.skipped:
        ui.console.print(f"{len(records.skipped)} invalid row problem(s) skipped.")
    if summary.records_with_errors:
        ui.console.print(f"[yellow]{summary.records_with_errors} record(s) had errors; "
                         f"see 'errors' in {ui.shown(out)}[/yellow]")
    if run.running.capped:
        ui.console.print(f"{run.running.capped} record(s) judged only the first units of a step "
                         f"(caps, --caps); see 'capped' in {ui.shown(out)}", highlight=False)
    if run.resumed or run.rejudged:
        ui.console.print(f"{run.resumed} record(s) reused from the checkpoint; {run.rejudged} "
                         "judged again because their input changed.")
    ui.console.print(f"Results written to {ui.shown(out)}")
    return summary


SHOWN_REASONS = 5


def _print_not_applicable(reasons: Mapping[str, int]) -> None:
    """Why scores were not applicable, most frequent reason first (a record whose language
    the offline judge cannot read must not pass unnoticed as a count in a column)."""
    ranked = sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))
    for reason, records in ranked[:SHOWN_REASONS]:
        ui.console.print(f"[yellow]not applicable in {records} record(s): "
                         f"{ui.shown(reason)}[/yellow]", highlight=False, soft_wrap=True)
    if len(ranked) > SHOWN_REASONS:
        ui.console.print(f"[yellow]… and {len(ranked) - SHOWN_REASONS} other reason(s); see "
                         "'not_applicable' in the results[/yellow]", highlight=False)


def _enforce_gates(run, gates) -> None:
    """Exit 1 when a dataset mean is below its `--fail-under` floor (`Run.check`), after
    naming the failures and the worst records with the claims the judge rejected."""
    if not gates:
        return
    report = run.check(gates)
    if report is None or report.passed:
        return
    ui.errors.print("[red]gate failed:[/red] " + ui.shown(report.line()), highlight=False,
                    soft_wrap=True)
    details = report.explain().splitlines()[1:]
    if details:
        ui.errors.print(ui.shown("\n".join(details)), highlight=False, soft_wrap=True)
    raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command()(evaluate)
