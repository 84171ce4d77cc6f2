"""Scale-out: judging one run's records on a cluster (Ray today; the seam is
`engine.backends.Engine`). Nothing here imports Ray until a run starts."""
