"""Alembic's environment for the server's store.

``Store`` runs the migrations on its own connection, handed over in ``config.attributes``; a
developer writing a revision runs them from ``angler.server.store.alembic_config(URL)``, whose
``sqlalchemy.url`` this falls back to (docs/server.md). No alembic.ini and no logging set-up:
the server's logging is its own.
"""

from alembic import context
from sqlalchemy import Connection, make_url

from angler.server.store import Base, open_engine

config = context.config


def migrate(connection: Connection) -> None:
    # Batch mode rebuilds a table where SQLite cannot ALTER it, so later revisions run on both.
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


given = config.attributes.get("connection")
url = config.get_main_option("sqlalchemy.url")
if given is not None:
    migrate(given)
elif context.is_offline_mode():  # `--sql`: print the SQL instead of running it
    context.configure(url=url, target_metadata=Base.metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    engine = open_engine(make_url(url or ""))
    with engine.begin() as connection:
        migrate(connection)
    engine.dispose()
