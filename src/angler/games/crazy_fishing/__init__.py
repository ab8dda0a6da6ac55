"""Crazy Fishing (Fabrizio Tronchin, Devir 2020): secret casts and a loose pile of round fish."""

from angler.games.crazy_fishing.game import CrazyFishingGame

__all__ = ["CrazyFishingGame"]
