"""Rooms name the node that holds them and the epoch it took them at: every write of a room is
fenced by both (docs/scaling.md, "Ownership").

Revision: 0003
Revises: 0002
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A room stored before this has no owner: the first node to take it over holds it.
    op.add_column("rooms", sa.Column("owner", sa.String(64), nullable=True))
    op.add_column(
        "rooms", sa.Column("owner_epoch", sa.Integer(), server_default="0", nullable=False)
    )


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:  # SQLite drops a column by copying the table
        batch.drop_column("owner_epoch")
        batch.drop_column("owner")
