"""Initial results store: runs, records, scores, components, judge_calls.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mysql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _long_text():
    return sa.Text().with_variant(mysql.LONGTEXT(), "mysql", "mariadb")


def _timestamp():
    return sa.DateTime().with_variant(mysql.DATETIME(fsp=6), "mysql", "mariadb")


def _pair_fk():
    return sa.ForeignKeyConstraint(["run_id", "record_id"], ["records.run_id", "records.record_id"],
                                   ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "runs",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(255)),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("started_at", _timestamp(), nullable=False),
        sa.Column("finished_at", _timestamp()),
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
    op.create_index("ix_runs_started_at", "runs", ["started_at"])
    op.create_table(
        "records",
        sa.Column("run_id", sa.String(64), sa.ForeignKey("runs.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("record_id", sa.String(255), primary_key=True),
        sa.Column("position", sa.Integer),
        sa.Column("query", _long_text(), nullable=False),
        sa.Column("response", _long_text()),
        sa.Column("reference", _long_text()),
        sa.Column("sources", sa.JSON),
        sa.Column("metadata", sa.JSON, nullable=False),
        sa.Column("diagnosis", sa.JSON, nullable=False),
        sa.Column("errors", sa.JSON, nullable=False),
        sa.Column("finished_at", _timestamp(), nullable=False),
    )
    op.create_table(
        "scores",
        sa.Column("run_id", sa.String(64), primary_key=True),
        sa.Column("record_id", sa.String(255), primary_key=True),
        sa.Column("metric", sa.String(64), primary_key=True),
        sa.Column("value", sa.Double),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("reason", _long_text()),
        _pair_fk(),
    )
    op.create_table(
        "components",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("run_id", sa.String(64), nullable=False),
        sa.Column("record_id", sa.String(255), nullable=False),
        sa.Column("metric", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("text", _long_text(), nullable=False),
        sa.Column("verdict", sa.Boolean),
        sa.Column("reason", _long_text()),
        sa.Column("raw", _long_text()),
        sa.Column("error", _long_text()),
        sa.Column("detail", sa.JSON),
        _pair_fk(),
    )
    op.create_index("ix_components_record", "components", ["run_id", "record_id"])
    op.create_table(
        "judge_calls",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("run_id", sa.String(64), sa.ForeignKey("runs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("record_id", sa.String(255)),
        sa.Column("op", sa.String(64), nullable=False),
        sa.Column("model", sa.String(255)),
        sa.Column("prompt", sa.String(255)),
        sa.Column("input_tokens", sa.Integer),
        sa.Column("output_tokens", sa.Integer),
        sa.Column("latency_ms", sa.Double),
        sa.Column("cache_hit", sa.Boolean, nullable=False),
        sa.Column("cost_usd", sa.Double),
        sa.Column("error", _long_text()),
        sa.Column("created_at", _timestamp(), nullable=False),
    )
    op.create_index("ix_judge_calls_run", "judge_calls", ["run_id"])


def downgrade() -> None:
    op.drop_index("ix_judge_calls_run", table_name="judge_calls")
    op.drop_table("judge_calls")
    op.drop_index("ix_components_record", table_name="components")
    op.drop_table("components")
    op.drop_table("scores")
    op.drop_table("records")
    op.drop_index("ix_runs_started_at", table_name="runs")
    op.drop_table("runs")
