"""Many games at once: simulation with summaries, and the speed benchmark."""

from angler.sim.simulate import GameResult, Simulation, play_game, simulate

__all__ = ["GameResult", "Simulation", "play_game", "simulate"]
