"""The database servers the GRAMMAR integration tests use, and how to reach them."""

from __future__ import annotations

import os

import pytest
import sqlalchemy as sa

PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
MARIA = "mysql+pymysql://root@127.0.0.1:3306/test"


def server(url: str) -> sa.Engine:
    """An engine for `url`; skips the test where the service is not running, fails it where
    CI requires databases (RAGVET_REQUIRE_DATABASES)."""
    engine = sa.create_engine(url)
    try:
        with engine.connect():
            return engine
    except Exception as err:  # the service is not running here
        message = f"database not reachable at {url}: {type(err).__name__}"
        if os.environ.get("RAGVET_REQUIRE_DATABASES"):
            pytest.fail(message)
        pytest.skip(message)
