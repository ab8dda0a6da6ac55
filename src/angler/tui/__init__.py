"""The full-screen terminal UI (Textual) for ``angler play``."""
