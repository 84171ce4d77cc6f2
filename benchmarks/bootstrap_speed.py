"""Bootstrap speed and memory: B = 10,000 resamples of n = 10,000 values (goal: < 2 s, < 1 GB).

    PYTHONPATH=src python benchmarks/bootstrap_speed.py [--n 10000] [--resamples 10000]

Prints wall time, the peak of memory allocated during the call (tracemalloc, which sees
NumPy's buffers) and the process's peak RSS; then the SE convergence for VERA's setup
(n = 50 values, B growing).
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc

import numpy as np

from ragvet.stats.bootstrap import bootstrap_mean, se_convergence


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--resamples", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    values = np.random.default_rng(0).uniform(0, 1, size=args.n)
    times, peaks = [], []
    for repeat in range(args.repeats):
        tracemalloc.start()
        start = time.perf_counter()
        ci = bootstrap_mean(values, rng=np.random.default_rng(repeat), n_resamples=args.resamples)
        times.append(time.perf_counter() - start)
        peaks.append(tracemalloc.get_traced_memory()[1] / 2**20)
        tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"bootstrap_mean  n={args.n:,}  B={args.resamples:,}")
    print(f"  time: best {min(times):.3f} s, worst {max(times):.3f} s over {args.repeats} runs"
          f"  (goal < 2 s)")
    print(f"  peak memory during the call: {max(peaks):.1f} MiB (tracemalloc); "
          f"process peak RSS {rss:.0f} MiB  (goal < 1024 MiB)")
    print(f"  mean {ci.estimate:.4f}  SE {ci.se:.5f}  95% CI [{ci.low:.4f}, {ci.high:.4f}]")
    sample = np.random.default_rng(1).uniform(0, 1, size=50)
    print("SE convergence, n = 50 (VERA's sample size):")
    for point in se_convergence(sample, rng=np.random.default_rng(2),
                                sizes=(50, 100, 200, 500, 1000, 2000, 5000, 10000)):
        print(f"  B={point.n_resamples:>6}: SE {point.se:.5f}  "
              f"CI [{point.low:.4f}, {point.high:.4f}]")
    print(f"  analytic SE (sd/sqrt(n)): {sample.std() / np.sqrt(50):.5f}")


if __name__ == "__main__":
    main()
