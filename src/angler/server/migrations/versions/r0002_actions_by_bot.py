"""Actions say whether a bot made them for a person's seat (a takeover or a turn timer).

Revision: 0002
Revises: 0001
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every action stored before this was a person's own or a bot seat's: false.
    op.add_column(
        "actions",
        sa.Column("by_bot", sa.Boolean(), server_default=sa.false(), nullable=False),
    )


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:  # SQLite drops a column by copying the table
        batch.drop_column("by_bot")
