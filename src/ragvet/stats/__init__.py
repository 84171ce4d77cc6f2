"""Statistics over per-record metric values: bootstrap confidence, comparisons and tests."""
