"""Accounts: a person's name and password hash, the sessions signed in (as hashes), the failed
sign-ins that limit guessing, and the account a seat was claimed by (docs/server.md,
"Accounts").

Revision: 0005
Revises: 0004
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
        sa.UniqueConstraint("name_key", name=op.f("uq_accounts_name_key")),
    )
    op.create_index(op.f("ix_accounts_deleted_at"), "accounts", ["deleted_at"])
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(128), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_sessions_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_sessions")),
    )
    op.create_index(op.f("ix_sessions_account_id"), "sessions", ["account_id"])
    op.create_table(
        "sign_in_failures",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("key", sa.String(160), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sign_in_failures")),
    )
    op.create_index(op.f("ix_sign_in_failures_at"), "sign_in_failures", ["at"])
    op.create_index(op.f("ix_sign_in_failures_key_at"), "sign_in_failures", ["key", "at"])
    with op.batch_alter_table("seat_tokens") as batch:  # SQLite adds a foreign key by copying
        batch.add_column(sa.Column("account_id", sa.String(32), nullable=True))
        batch.create_foreign_key(
            op.f("fk_seat_tokens_account_id_accounts"), "accounts", ["account_id"], ["id"]
        )
        batch.create_index(op.f("ix_seat_tokens_account_id"), ["account_id"])


def downgrade() -> None:
    with op.batch_alter_table("seat_tokens") as batch:
        batch.drop_index(op.f("ix_seat_tokens_account_id"))
        batch.drop_constraint(op.f("fk_seat_tokens_account_id_accounts"), type_="foreignkey")
        batch.drop_column("account_id")
    op.drop_table("sign_in_failures")
    op.drop_table("sessions")
    op.drop_table("accounts")
