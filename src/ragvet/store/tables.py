"""SQLAlchemy Core tables of the results store (the schema Alembic migrates to).

runs ─┬─ records ─┬─ scores        one row per (record, metric): value or why there is none
      │           └─ components    one row per judged unit: claim, sub-question, source, …
      └─ judge_calls               one row per judge call: tokens, latency, cache hit

Long text uses LONGTEXT on MySQL/MariaDB (TEXT there stops at 64 KiB).
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.dialects import mysql

metadata = sa.MetaData()

ID_LENGTH = 255


def long_text() -> sa.types.TypeEngine:
    return sa.Text().with_variant(mysql.LONGTEXT(), "mysql", "mariadb")


def timestamp() -> sa.types.TypeEngine:
    """UTC timestamps with microseconds (MySQL/MariaDB DATETIME keeps whole seconds only)."""
    return sa.DateTime().with_variant(mysql.DATETIME(fsp=6), "mysql", "mariadb")


def _run_fk() -> sa.ForeignKey:
    return sa.ForeignKey("runs.id", ondelete="CASCADE")


runs = sa.Table(
    "runs", metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("name", sa.String(255)),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("started_at", timestamp(), nullable=False),
    sa.Column("finished_at", timestamp()),
    sa.Column("ragvet_version", sa.String(32)),
    sa.Column("metric_ids", sa.JSON, nullable=False),
    sa.Column("config", sa.JSON, nullable=False),
    sa.Column("judge", sa.JSON, nullable=False),
    sa.Column("prompt_versions", sa.JSON, nullable=False),
    sa.Column("thresholds", sa.JSON, nullable=False),
    sa.Column("dataset", sa.String(1024)),
    sa.Column("dataset_fingerprint", sa.String(64)),
    sa.Column("planned_records", sa.Integer),
    sa.Column("judge_calls", sa.Integer, nullable=False, server_default="0"),
    sa.Column("cache_hits", sa.Integer, nullable=False, server_default="0"),
    sa.Column("input_tokens", sa.BigInteger, nullable=False, server_default="0"),
    sa.Column("output_tokens", sa.BigInteger, nullable=False, server_default="0"),
    sa.Column("cost_usd", sa.Double),
)
sa.Index("ix_runs_started_at", runs.c.started_at)

records = sa.Table(
    "records", metadata,
    sa.Column("run_id", sa.String(64), _run_fk(), primary_key=True),
    sa.Column("record_id", sa.String(ID_LENGTH), primary_key=True),
    sa.Column("position", sa.Integer),
    sa.Column("query", long_text(), nullable=False),
    sa.Column("response", long_text()),
    sa.Column("reference", long_text()),
    sa.Column("sources", sa.JSON),
    sa.Column("metadata", sa.JSON, nullable=False),
    sa.Column("diagnosis", sa.JSON, nullable=False),
    sa.Column("errors", sa.JSON, nullable=False),
    sa.Column("finished_at", timestamp(), nullable=False),
)

scores = sa.Table(
    "scores", metadata,
    sa.Column("run_id", sa.String(64), primary_key=True),
    sa.Column("record_id", sa.String(ID_LENGTH), primary_key=True),
    sa.Column("metric", sa.String(64), primary_key=True),
    sa.Column("value", sa.Double),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("reason", long_text()),
    sa.ForeignKeyConstraint(["run_id", "record_id"], ["records.run_id", "records.record_id"],
                            ondelete="CASCADE"),
)

components = sa.Table(
    "components", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("run_id", sa.String(64), nullable=False),
    sa.Column("record_id", sa.String(ID_LENGTH), nullable=False),
    sa.Column("metric", sa.String(64), nullable=False),
    sa.Column("kind", sa.String(64), nullable=False),
    sa.Column("position", sa.Integer, nullable=False),
    sa.Column("text", long_text(), nullable=False),
    sa.Column("verdict", sa.Boolean),
    sa.Column("reason", long_text()),
    sa.Column("raw", long_text()),
    sa.Column("error", long_text()),
    sa.Column("detail", sa.JSON),
    sa.ForeignKeyConstraint(["run_id", "record_id"], ["records.run_id", "records.record_id"],
                            ondelete="CASCADE"),
)
sa.Index("ix_components_record", components.c.run_id, components.c.record_id)

judge_calls = sa.Table(
    "judge_calls", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("run_id", sa.String(64), _run_fk(), nullable=False),
    sa.Column("record_id", sa.String(ID_LENGTH)),
    sa.Column("op", sa.String(64), nullable=False),
    sa.Column("model", sa.String(255)),
    sa.Column("prompt", sa.String(255)),
    sa.Column("input_tokens", sa.Integer),
    sa.Column("output_tokens", sa.Integer),
    sa.Column("latency_ms", sa.Double),
    sa.Column("cache_hit", sa.Boolean, nullable=False),
    sa.Column("cost_usd", sa.Double),
    sa.Column("error", long_text()),
    sa.Column("created_at", timestamp(), nullable=False),
)
sa.Index("ix_judge_calls_run", judge_calls.c.run_id)
