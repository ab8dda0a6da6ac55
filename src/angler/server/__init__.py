"""The online server (issue 14): rooms played over WebSockets, with the server the only authority.

``store.py`` is its durable memory: each room's header and every accepted action, written in the
transaction that accepts it (SQLite by default, PostgreSQL by URL), so a restart replays every
live room to the version it had.
"""
