"""Store URLs → SQLAlchemy engines, and schema migrations with the bundled Alembic scripts."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from ..errors import StoreError

DEFAULT_STORE = "ragvet.db"
STORE_ENV = "RAGVET_STORE"
MIGRATIONS = Path(__file__).with_name("migrations")
_MIGRATING = threading.Lock()      # Alembic's `context` proxy is process-global


def store_url(value: str | os.PathLike[str] | None = None) -> str:
    """A SQLAlchemy URL from a URL, a file path, $RAGVET_STORE or the default ./ragvet.db."""
    text = str(value) if value is not None else os.environ.get(STORE_ENV) or DEFAULT_STORE
    if "://" in text:
        return text
    return f"sqlite:///{Path(text).expanduser()}"


def display_url(url: str) -> str:
    """The URL with any password hidden, for messages."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "<invalid store URL>"


def create_store_engine(url: str):
    import sqlalchemy as sa
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        parsed = sa.engine.make_url(url)
        if parsed.get_backend_name() == "sqlite":
            engine = sa.create_engine(parsed, connect_args={"timeout": 30})
            sa.event.listen(engine, "connect", _sqlite_pragmas)
            return engine
        return sa.create_engine(parsed, pool_pre_ping=True)
    except (ArgumentError, NoSuchModuleError) as err:
        raise StoreError(f"cannot use store {display_url(url)}: {err}") from err
    except ImportError as err:
        raise StoreError(f"cannot use store {display_url(url)}: its database driver is not "
                         f"installed ({err}); install it (e.g. pip install "
                         f"{err.name or 'the driver'}) or use a SQLite path") from err


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")      # readers (the dashboard) never block writers
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


STORE_TABLES = ("runs", "records", "scores", "components", "judge_calls")


def foreign_tables(engine) -> list[str]:
    """Tables named like the store's in a database ragvet has not set up (no version table):
    someone else's, which the store must neither alter nor fill."""
    import sqlalchemy as sa

    from .migrations.env_constants import VERSION_TABLE

    present = set(sa.inspect(engine).get_table_names())
    if VERSION_TABLE in present:
        return []
    return [name for name in STORE_TABLES if name in present]


def _refuse_foreign_tables(engine) -> None:
    import time

    found = foreign_tables(engine)
    if found:       # another ragvet process may be creating this store right now
        time.sleep(0.5)
        found = foreign_tables(engine)
    if found:
        raise StoreError(
            f"store {display_url(engine.url.render_as_string(hide_password=False))} already "
            f"has table(s) {', '.join(found)} that ragvet did not create; nothing was "
            f"changed. Use a fresh database (or SQLite file) for the store")


def migrate(engine, revision: str = "head") -> None:
    """Bring the store's schema up to `revision` (idempotent). A database holding tables
    with the store's names that ragvet did not create is refused (StoreError)."""
    from alembic import command
    from alembic.config import Config

    _refuse_foreign_tables(engine)

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with _MIGRATING, engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def current_revision(engine) -> str | None:
    from alembic.migration import MigrationContext

    from .migrations.env_constants import VERSION_TABLE

    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
        return context.get_current_revision()
