"""Fishing (Friedemann Friese, 2F-Spiele 2024): the tricks you catch become your next hand."""

from angler.games.fishing.game import FishingGame

__all__ = ["FishingGame"]
