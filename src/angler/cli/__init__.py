"""The ``angler`` command (Typer and Rich)."""
