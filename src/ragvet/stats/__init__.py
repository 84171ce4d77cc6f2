"""Statistics over per-record metric scores.

- `stats.tests`: one-sided Welch t-test, concordance of metrics with expert labels
  (P(correct | metrics high), P(wrong | metrics low), with counts), threshold sweep.
- `stats.groups`: mean and sd of every metric split by a metadata field, with Welch tests.
- `stats.bootstrap`, `stats.compare`: bootstrap intervals and run-vs-run verdicts.

Nothing here is imported by `import ragvet`; import the submodule you need.
"""
