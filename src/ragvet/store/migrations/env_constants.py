"""Names shared by the Alembic environment and the code that inspects it."""

VERSION_TABLE = "ragvet_alembic_version"
