"""angler: three fishing card games as software.

The public entry points are :func:`angler.core.registry.get_game` and the ``angler`` command.
"""

__version__ = "0.1.0"
