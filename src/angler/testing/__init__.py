"""Checks any angler game must pass, shipped in the package so anyone can run them on a game.

>>> from angler.testing import check_game
>>> check_game("fishing", players=4, seeds=[1])  # raises ConformanceError on a failure
"""

from angler.testing.conformance import (
    ConformanceError,
    Snapshot,
    UndoTally,
    apply_all,
    check_clone_independence,
    check_declaration,
    check_determinise,
    check_encoding,
    check_game,
    check_global_random_untouched,
    check_illegal_actions,
    check_random_playouts,
    check_record_replay,
    check_same_seed_same_game,
    check_seeds_differ,
    check_setup_round_trip,
    check_spectator_view,
    check_step,
    check_undo_fairness,
    check_views,
    choose,
    hang_guard,
    play_random,
    policy,
    snapshot,
)
from angler.testing.fairness import fair_by_redeal

__all__ = [
    "ConformanceError",
    "Snapshot",
    "UndoTally",
    "apply_all",
    "check_clone_independence",
    "check_declaration",
    "check_determinise",
    "check_encoding",
    "check_game",
    "check_global_random_untouched",
    "check_illegal_actions",
    "check_random_playouts",
    "check_record_replay",
    "check_same_seed_same_game",
    "check_seeds_differ",
    "check_setup_round_trip",
    "check_spectator_view",
    "check_step",
    "check_undo_fairness",
    "check_views",
    "choose",
    "fair_by_redeal",
    "hang_guard",
    "play_random",
    "policy",
    "snapshot",
]
