"""Alembic environment for the results store. Run through `ragvet.store.migrate`, which
passes an open connection in `config.attributes["connection"]`."""

from __future__ import annotations

from alembic import context

from ragvet.store.migrations.env_constants import VERSION_TABLE
from ragvet.store.tables import metadata


def run_migrations() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("ragvet migrations run through ragvet.store.migrate(engine)")
    context.configure(connection=connection, target_metadata=metadata,
                      version_table=VERSION_TABLE, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
