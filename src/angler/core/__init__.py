"""The engine core shared by every game: declaration, state protocol, chance, views, records."""

from angler.core.errors import (
    AnglerError,
    IllegalActionError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from angler.core.game import Game, Option
from angler.core.registry import all_games, get_game, make_game
from angler.core.state import State

__all__ = [
    "AnglerError",
    "Game",
    "IllegalActionError",
    "Option",
    "OptionError",
    "RecordError",
    "State",
    "UnknownGameError",
    "all_games",
    "get_game",
    "make_game",
]
