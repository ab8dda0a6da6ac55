"""The online server: rooms, their journal and seat tokens (issue 14)."""
