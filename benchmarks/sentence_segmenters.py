"""Which sentence segmenter should `ragvet.text.sentences` use? Correctness cases and speed.

    PYTHONPATH=src python benchmarks/sentence_segmenters.py [--data /work/shared/data]
        [--per-source 1000]

Candidates: `ragvet.text.sentences` (pysbd's English rules behind a plain-prose shortcut, 'c.
1896' kept whole), pysbd alone, sentencex and blingfire (when installed: `pip install
sentencex blingfire`; neither is a ragvet dependency), each of these three run on the same
`ragvet.text.blocks` (blank lines end a sentence, whitespace collapsed); and, as they were, the
two regular expressions that `ragvet.text` replaced: the metrics' splitter (terminator + space
+ capital or digit, with a list of abbreviations) and the bare cut after every terminator used
by the cost estimate.

Prints, per candidate:
1. the correctness cases it gets right (and what it does with the others);
2. microseconds per text over real texts (every string of the data sets under --data, at most
   --per-source distinct texts per data set, plus examples/records.jsonl), each text split once
   with no memo;
3. the share of those texts it splits exactly as `ragvet.text.sentences` does.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sentence_split_check import data_sources, project_sources

from ragvet import text as T

Splitter = Callable[[str], list[str]]

# (what it shows, text, the right sentences)
CASES: tuple[tuple[str, str, list[str]], ...] = (
    ("circa", "The church was built c. 1896 by the parish. It was restored later.",
     ["The church was built c. 1896 by the parish.", "It was restored later."]),
    ("titles", "Dr. Smith met Mr. Jones. They talked.",
     ["Dr. Smith met Mr. Jones.", "They talked."]),
    ("numbered list", "The steps are: 1. Install the app. 2. Open it. 3. Sign in.",
     ["The steps are:", "1. Install the app.", "2. Open it.", "3. Sign in."]),
    ("bare list", "1. foo 2. bar", ["1. foo", "2. bar"]),
    ("Co. KG", "Müller GmbH & Co. KG was founded in 1950. It grew.",
     ["Müller GmbH & Co. KG was founded in 1950.", "It grew."]),
    ("Chinese 。", "北京是中国的首都。上海是最大的城市。",
     ["北京是中国的首都。", "上海是最大的城市。"]),
    ("decimal", "The value is 3.5 metres. It is long.",
     ["The value is 3.5 metres.", "It is long."]),
    ("URL", "Visit https://www.example.com/a.html for details. Thanks.",
     ["Visit https://www.example.com/a.html for details.", "Thanks."]),
    ("quote", 'He said "Stop." Then he left.', ['He said "Stop."', "Then he left."]),
    ("initials, e.g.", "It is, e.g. a test. J. R. R. Tolkien wrote it.",
     ["It is, e.g. a test.", "J. R. R. Tolkien wrote it."]),
    ("U.S.", "It was built in the U.S. in 1850. It is old.",
     ["It was built in the U.S. in 1850.", "It is old."]),
    ("unit °C", "Two modes, at 15 °C and at 20 °C. These suit crops.",
     ["Two modes, at 15 °C and at 20 °C.", "These suit crops."]),
    ("lower-case start", "i like it. but the coach was the best.",
     ["i like it.", "but the coach was the best."]),
    ("glued chunks", "It lies in Singapore.The tower is tall.",
     ["It lies in Singapore.", "The tower is tall."]),
    ("blank line", "A heading\n\nThe text starts here.", ["A heading", "The text starts here."]),
)

_METRIC_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")
_METRIC_NOT_AN_END = re.compile(
    r"(?:\b(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|vs|etc|e\.g|i\.e|No|Fig|approx|Inc|Ltd|Co|U\.S)"
    r"|\b[A-Z])\.$")
_BARE_END = re.compile(r"(?<=[.!?])\s+")


def metrics_regex(text: str) -> list[str]:
    """`metrics.steps.split_sentences` before `ragvet.text` (kept here for comparison)."""
    parts, start = [], 0
    for match in _METRIC_END.finditer(text):
        candidate = text[start:match.end()].strip()
        if _METRIC_NOT_AN_END.search(candidate.rstrip("\"')]")):
            continue
        if candidate:
            parts.append(candidate)
        start = match.end()
    tail = text[start:].strip()
    return [*parts, tail] if tail else parts


def bare_regex(text: str) -> list[str]:
    """The cost estimate's splitter before `ragvet.text`: a cut after every terminator."""
    return [s.strip() for s in _BARE_END.split(text) if s.strip()]


def by_blocks(segment: Callable[[str], list[str]]) -> Splitter:
    """A segmenter run the way `ragvet.text.sentences` runs pysbd: once per `blocks` item."""
    return lambda text: [p.strip() for b in T.blocks(text) for p in segment(b) if p.strip()]


def candidates() -> dict[str, Splitter]:
    """Every segmenter that can be loaded here, by name."""
    import pysbd

    segmenter = pysbd.Segmenter(language="en", clean=False)
    out: dict[str, Splitter] = {
        "ragvet.text.sentences": lambda t: list(T.sentences.__wrapped__(t)),
        "pysbd": by_blocks(lambda b: segmenter.segment(b)),
    }
    try:
        import sentencex

        out["sentencex"] = by_blocks(lambda b: sentencex.segment("en", b))
    except ImportError:
        print("sentencex: not installed")
    try:
        import blingfire

        out["blingfire"] = by_blocks(lambda b: blingfire.text_to_sentences(b).split("\n"))
    except ImportError:
        print("blingfire: not installed")
    out["regex (metrics before)"] = metrics_regex
    out["regex (bare cut)"] = bare_regex
    return out


def check_cases(name: str, split: Splitter) -> None:
    wrong = [(label, split(text)) for label, text, want in CASES if split(text) != want]
    print(f"{name:24s} {len(CASES) - len(wrong):2d}/{len(CASES)} right", end="")
    print("; wrong: " + ", ".join(label for label, _ in wrong) if wrong else "")
    for label, got in wrong:
        print(f"    {label}: {got}")


def speed(split: Splitter, texts: list[str]) -> tuple[float, float]:
    """Mean and median microseconds per text, each text split once."""
    split(texts[0])  # load models and rules outside the clock
    times = []
    for text in texts:
        start = time.perf_counter()
        split(text)
        times.append((time.perf_counter() - start) * 1e6)
    return statistics.fmean(times), statistics.median(times)


def agreement(split: Splitter, texts: list[str]) -> float:
    """Share of texts split into the same sentences as `ragvet.text.sentences`."""
    def same(text: str) -> bool:
        return [" ".join(s.split()) for s in split(text)] == list(T.sentences(text))
    return sum(same(t) for t in texts) / len(texts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    parser.add_argument("--per-source", type=int, default=1000)
    args = parser.parse_args()
    repo = Path(__file__).resolve().parent.parent
    sources = {"examples/records.jsonl": project_sources(repo)["examples/records.jsonl"]}
    if args.data.is_dir():
        sources |= data_sources(args.data)
    texts = [t for ts in sources.values() for t in ts[:args.per_source]]
    chars = sum(map(len, texts)) / len(texts)
    splitters = candidates()
    print(f"\n1. correctness cases ({len(CASES)})")
    for name, split in splitters.items():
        check_cases(name, split)
    print(f"\n2. speed and 3. agreement over {len(texts)} real texts "
          f"({len(sources)} sources, {chars:.0f} characters on average)")
    print(f"{'segmenter':24s} {'mean µs/text':>13s} {'median':>8s} {'same as ragvet.text':>20s}")
    for name, split in splitters.items():
        mean, median = speed(split, texts)
        print(f"{name:24s} {mean:13.0f} {median:8.0f} {agreement(split, texts):20.2%}",
              flush=True)


if __name__ == "__main__":
    main()
