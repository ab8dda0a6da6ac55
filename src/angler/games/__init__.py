"""One folder per game. Each is found by its ``angler.games`` entry point (``pyproject.toml``)."""
