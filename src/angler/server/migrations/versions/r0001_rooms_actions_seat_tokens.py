"""Rooms, their actions and seat tokens: the store's first schema.

Revision 0001, the first.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("cards", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.JSON(none_as_null=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rooms")),
    )
    op.create_index(op.f("ix_rooms_finished_at"), "rooms", ["finished_at"])
    op.create_table(
        "actions",
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("index", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("outcomes", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name=op.f("fk_actions_room_id_rooms"), ondelete="CASCADE"
        ),
        # One action per (room, index): a second one at the same index is refused.
        sa.PrimaryKeyConstraint("room_id", "index", name=op.f("pk_actions")),
    )
    op.create_table(
        "seat_tokens",
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("token_hash", sa.String(length=128), nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["room_id"],
            ["rooms.id"],
            name=op.f("fk_seat_tokens_room_id_rooms"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("room_id", "seat", name=op.f("pk_seat_tokens")),
        sa.UniqueConstraint(
            "room_id", "token_hash", name=op.f("uq_seat_tokens_room_id_token_hash")
        ),
    )


def downgrade() -> None:
    op.drop_table("seat_tokens")
    op.drop_table("actions")
    op.drop_index(op.f("ix_rooms_finished_at"), table_name="rooms")
    op.drop_table("rooms")
