"""A finished room's rematch: the new room its people were asked to play in (docs/server.md,
"Rematch").

Revision: 0008
Revises: 0007
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "rematches",
        sa.Column("room_id", sa.String(32), nullable=False),
        sa.Column("rematch_id", sa.String(32), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name=op.f("fk_rematches_room_id_rooms"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["rematch_id"],
            ["rooms.id"],
            name=op.f("fk_rematches_rematch_id_rooms"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("room_id", name=op.f("pk_rematches")),
    )


def downgrade() -> None:
    op.drop_table("rematches")
