"""The results store: runs, records, scores, components and judge calls in SQL.

SQLite file by default (./ragvet.db); PostgreSQL and MySQL/MariaDB by SQLAlchemy URL.
Importing this package imports SQLAlchemy; `import ragvet` does not import it.
"""

from .connect import DEFAULT_STORE, STORE_ENV, migrate, store_url
from .model import JudgeCall, RunInfo, StoredRecord, StoredRun, dataset_fingerprint
from .repo import ResultStore, load_run, open_store
from .writer import RunWriter, thresholds_dict

__all__ = [
    "DEFAULT_STORE",
    "STORE_ENV",
    "JudgeCall",
    "ResultStore",
    "RunInfo",
    "RunWriter",
    "StoredRecord",
    "StoredRun",
    "dataset_fingerprint",
    "load_run",
    "migrate",
    "open_store",
    "store_url",
    "thresholds_dict",
]
