"""Throughput of the offline judge: the full THELMA suite on synthetic records.

    PYTHONPATH=src python benchmarks/throughput.py [--records 200] [--concurrency 64]
        [--judge-options verifier=on] [--judge-options encoder=torch]

Records: a question about a made-up landmark, 3 sources (4–6 sentences each, one of them on
the landmark asked about), a response of 3–5 sentences. Text is generated here from
templates, deterministically (seeded). Prints records per second after the model has loaded,
encoder work (texts through the encoder, batches) and the process's peak memory.
Targets: ≥ 10 records/s and ≤ 2 GB on the 2-core development machine.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import time

from ragvet.data.records import Record, make_record
from ragvet.engine.run import evaluate_async
from ragvet.judges.local import LocalJudge, build_local_judge
from ragvet.judges.ops import EMBED

PLACES = ["Ashford", "Brindle", "Calloway", "Dunmoor", "Eskridge", "Farrow", "Glenhaven",
          "Holloway", "Ivybridge", "Kestrel", "Lowmere", "Mossgate", "Northwick", "Oakhollow"]
KINDS = ["bridge", "mill", "tower", "library", "chapel", "granary", "harbour wall", "school"]
PEOPLE = ["Mara Quill", "Oswin Bright", "Lydia Fenn", "Tobias Crane", "Hester Vale",
          "Caspian Reed", "Wren Holloway", "Idris Thorne", "Nell Ashby", "Rufus Garrow"]
MATERIALS = ["grey granite", "red brick", "oak beams", "river stone", "limestone"]
USES = ["storing grain for the winter", "carrying carts over the river", "teaching the "
        "children of farm workers", "keeping the parish records", "guiding boats at night"]
FILLER = ["Visitors often stop there on the way to the market.",
          "A painting of it hangs in the town hall.",
          "The path to it is lined with old chestnut trees.",
          "Its outline appears on a local postage stamp.",
          "A small trust pays for its upkeep.",
          "Walkers praise the view from the hill behind it."]


def _facts(rng: random.Random) -> dict:
    return {"place": rng.choice(PLACES), "kind": rng.choice(KINDS), "year": rng.randint(1600, 1900),
            "builder": rng.choice(PEOPLE), "material": rng.choice(MATERIALS),
            "use": rng.choice(USES), "size": rng.randint(8, 140),
            "repair": rng.randint(1905, 2010)}


def _source(f: dict, rng: random.Random) -> str:
    lines = [f"The {f['kind']} of {f['place']} was built in {f['year']} by {f['builder']}.",
             f"It is made of {f['material']} and is {f['size']} metres long.",
             f"It was first used for {f['use']}.",
             f"The {f['kind']} was repaired in {f['repair']} after a storm."]
    lines += rng.sample(FILLER, rng.randint(0, 2))
    return " ".join(lines)


def make_records(n: int, seed: int = 5) -> list[Record]:
    rng = random.Random(seed)
    records = []
    for i in range(n):
        main, other1, other2 = _facts(rng), _facts(rng), _facts(rng)
        query = f"Who built the {main['kind']} of {main['place']}, and when was it built?"
        sources = [_source(main, rng), _source(other1, rng), _source(other2, rng)]
        rng.shuffle(sources)
        sentences = [f"The {main['kind']} of {main['place']} was built by {main['builder']}.",
                     f"Construction finished in {main['year'] + rng.choice([0, 0, 0, 4])}.",
                     f"It is made of {main['material']}.",
                     f"It was used for {main['use']}.",
                     f"{main['builder']} built the {main['kind']} of {main['place']}."]
        response = " ".join(sentences[: rng.randint(3, 5)])
        records.append(make_record(id=i, query=query, sources=sources, response=response))
    return records


async def run(n: int, concurrency: int, options: str = "") -> None:
    judge = build_local_judge(options, {}) if options else LocalJudge()
    started = time.perf_counter()
    await judge.run(EMBED, ["warm up the encoder"])
    loaded = time.perf_counter()
    records = make_records(n)
    result = await evaluate_async(records, "thelma", judge, max_concurrency=concurrency)
    finished = time.perf_counter()
    elapsed = finished - loaded
    failures = sum(len(r.errors) for r in result.results)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"judge: {judge.describe()['id']}  records: {n}  concurrency: {concurrency}")
    print(f"model load (incl. imports): {loaded - started:.1f} s")
    print(f"evaluation: {elapsed:.2f} s → {n / elapsed:.1f} records/s (target ≥ 10)")
    print(f"encoder: {judge.embedder.encoded} texts in {judge.embedder.batches} batches "
          f"({judge.encoder_backend})")
    print(f"peak memory (RSS): {peak_mb:.0f} MB (target ≤ 2048)")
    print(f"errors: {failures}")
    means = result.summary()
    print("means: " + ", ".join(f"{m}={means.mean(m):.2f}" for m in result.metric_ids
                                if means.mean(m) is not None))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--judge-options", default="",
                        help="the local judge's options as after 'local:' (e.g. verifier=on)")
    args = parser.parse_args()
    asyncio.run(run(args.records, args.concurrency, args.judge_options))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
