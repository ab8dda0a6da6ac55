"""Actions say who decides after them, so that any node lists the live rooms from the store;
the nodes of a cluster say when each was last alive, so that a room whose node died is taken
over by another even if no one asks for it (docs/scaling.md).

Revision: 0004
Revises: 0003
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Seats deciding after the action, as "0 2"; actions stored before this have none, and a
    # room whose last action has none is listed with its deciders worked out from its replay.
    op.add_column("actions", sa.Column("to_act", sa.String(32), nullable=True))
    op.create_table(
        "nodes",
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_nodes")),
    )


def downgrade() -> None:
    op.drop_table("nodes")
    with op.batch_alter_table("actions") as batch:  # SQLite drops a column by copying the table
        batch.drop_column("to_act")
