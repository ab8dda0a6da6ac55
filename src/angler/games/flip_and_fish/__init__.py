"""Flip & Fish: flick a D12 at face-down fish, catch trophies, shop for gear."""

from angler.games.flip_and_fish.game import FlipAndFishGame

__all__ = ["FlipAndFishGame"]
