"""The balance report: heuristic players at every player count, through each game's statistics."""

from __future__ import annotations

from collections import Counter

import pytest

from angler.agents import agent_seed, make_agent
from angler.core import all_games, make_game
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.fishing.events import Trick
from angler.play.loop import play_out
from angler.sim.balance import report, run_balance


def test_the_flip_and_fish_report_keeps_every_figure_of_the_old_one() -> None:
    text = report(run_balance("flip-and-fish", 2, seed=1))
    for players in (2, 3, 4):
        assert f"\n| {players} | " in text
    for figure in ("mean rounds", "mean turns", "first player wins (par)", "ended at closing time"):
        assert figure in text
    fish = "| fish type | kind | catch rate | copies | bites | caught | speared | landed |"
    assert fish in text
    assert "| ability | fired | per game |" in text
    assert "| equipment | used | per game |" in text
    assert "| BlueMarlin | trophy | 15 | 1 |" in text  # a type listed even if nothing bit it


def test_a_balance_run_is_reproducible_from_its_seed() -> None:
    assert report(run_balance("crazy-fishing", 2, 5, players=3)) == report(
        run_balance("crazy-fishing", 2, 5, players=3)
    )


def test_every_player_count_plays_the_same_seeds_with_seeded_heuristics() -> None:
    run = run_balance("fishing", 2, seed=4)
    assert [totals.players for totals in run.totals] == [3, 4, 5]
    game = make_game("fishing", 4)
    agents = [make_agent("heuristic", agent_seed(5, seat), game) for seat in range(4)]
    state = play_out(game.new_state(5), agents)
    winners = state.winners()
    assert run.totals[1].first_shares[1] == (0 in winners) / len(winners)


def test_flip_and_fish_counts_bites_as_catches_and_fish_that_got_away() -> None:
    game = make_game("flip-and-fish", 3)
    agents = [make_agent("heuristic", agent_seed(2, seat), game) for seat in range(3)]
    state = play_out(game.new_state(2), agents)
    counts = game.statistics.counts(state)
    tally = game.statistics.tally(state)
    assert sum(counts["bites by fish type"].values()) == tally["catch"] + tally["got-away"]
    assert sum(counts["caught by fish type"].values()) == tally["catch"]
    assert set(counts["caught by fish type"]) <= set(game.statistics.count_facts()["fish type"])


def test_crazy_fishing_counts_every_fish_caught_and_every_rod_and_bait_cast() -> None:
    game = CrazyFishingGame(3)
    agents = [make_agent("heuristic", agent_seed(3, seat), game) for seat in range(3)]
    state = play_out(game.new_state(3), agents)
    counts = game.statistics.counts(state)
    caught = Counter(game.cards.cards[fish].type_name for pile in state.piles for fish in pile)
    assert counts["caught by fish type"] == caught
    facts = game.statistics.count_facts()
    assert counts["cast by rod"] and set(counts["cast by rod"]) <= set(facts["rod"])
    assert counts["cast by bait"] and set(counts["cast by bait"]) <= set(facts["bait"])


def test_fishing_counts_one_winning_suit_per_trick() -> None:
    game = make_game("fishing", 3)
    agents = [make_agent("heuristic", agent_seed(1, seat), game) for seat in range(3)]
    state = play_out(game.new_state(1), agents)
    counts = game.statistics.counts(state)
    tricks = sum(1 for event in state.events if isinstance(event, Trick))
    assert sum(counts["tricks by winning suit"].values()) == tricks > 0
    assert sum(counts["cards caught by star tier"].values()) > tricks


def test_a_balance_run_needs_a_game() -> None:
    with pytest.raises(Exception, match="at least 1 game"):
        run_balance("fishing", 0)


@pytest.mark.parametrize("game", [game.name for game in all_games()])
def test_every_registered_game_gets_a_balance_report(game: str) -> None:
    players = make_game(game).min_players
    run = run_balance(game, 1, seed=2, players=players)
    text = report(run)
    assert text.startswith(f"# {make_game(game).title}: balance")
    assert f"\n| {players} | " in text
    for name, table in run.counts().items():
        assert all(isinstance(key, str) for key in table), name
        assert name.rpartition(" by ")[2] in text
