"""One folder per game. Each registers itself with :func:`angler.core.registry.register`."""
