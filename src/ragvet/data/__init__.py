"""Records in: the record model, loaders and validation."""

from .load import Records, RecordStream, iter_records, load_records
from .records import Record, Source, make_record

__all__ = ["Record", "RecordStream", "Records", "Source", "iter_records", "load_records",
           "make_record"]
