"""Records in: the record model, loaders and validation."""

from .load import Records, load_records
from .records import Record, Source, make_record

__all__ = ["Record", "Records", "Source", "load_records", "make_record"]
