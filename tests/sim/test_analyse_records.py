"""``analyse --records``: finished games read from records give the figures their simulation
gives, and every record that cannot be used is counted with its reason."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from angler.agents import agent_seed, make_agent
from angler.core import AnglerError, make_game
from angler.core.records import record_of
from angler.games.fishing.cards import DEFAULT_CARDS
from angler.play.loop import play_out
from angler.sim.analyse import Analysis, configure, run_analysis
from angler.sim.real_games import read_real_games, use_records
from angler.sim.record_source import shown_source


def write_records(
    folder: Path, game: str, players: int, seeds: range, agent: str = "heuristic"
) -> None:
    """The games ``analyse`` would play, written as ``angler simulate --records`` writes them."""
    folder.mkdir(exist_ok=True)
    made = make_game(game, players)
    for seed in seeds:
        agents = [make_agent(agent, agent_seed(seed, seat), made) for seat in range(players)]
        state = made.new_state(seed)
        play_out(state, agents)
        record = record_of(state)
        record.seats = [agent] * players
        (folder / f"{game}-{players}-{seed}.json").write_text(record.dumps())


def from_records(game: str, folder: Path, players: tuple[int, ...] = ()) -> Analysis:
    analysis = configure(game, {}, [""], players)
    read = read_real_games(analysis, {}, str(folder))
    analysis = configure(game, {}, [""], read.player_counts)
    use_records(analysis, read)
    return analysis


@pytest.mark.parametrize("game", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_records_of_simulated_games_give_the_simulations_figures(game: str, tmp_path: Path) -> None:
    write_records(tmp_path, game, 3, range(5, 9))
    real = from_records(game, tmp_path)
    simulated = run_analysis(configure(game, {}, [""], (3,)), {}, games=4, seed=5)
    assert real.outcomes == simulated.outcomes  # scores, lengths, tallies, counts, holdings
    assert real.held_names == simulated.held_names and real.player_counts == [3]
    assert real.seating(3) == "heuristic in every seat"


def test_a_record_folder_counts_each_record_skipped_with_its_reason(tmp_path: Path) -> None:
    write_records(tmp_path, "fishing", 3, range(1, 4))
    write_records(tmp_path, "fishing", 4, range(1, 2))  # another player count, with -p 3
    write_records(tmp_path, "crazy-fishing", 2, range(1, 2))  # another game
    shutil.copy(tmp_path / "fishing-3-1.json", tmp_path / "again.json")  # the same deal twice
    (tmp_path / "junk.json").write_text("{not json")
    game = make_game("fishing", 3)
    unfinished = game.new_state(9)
    unfinished.apply_action(unfinished.legal_actions(0)[0], 0)
    (tmp_path / "unfinished.json").write_text(record_of(unfinished).dumps())
    other = json.loads((tmp_path / "fishing-3-2.json").read_text())
    cards = json.loads(DEFAULT_CARDS.read_text())
    cards["cards"][0]["value"] = 30  # a card set of its own, written into the record
    (tmp_path / "uploaded.json").write_text(json.dumps({**other, "cards": cards}))

    analysis = configure("fishing", {}, [""], (3,))
    read = read_real_games(analysis, {}, str(tmp_path))
    assert read.counts() == "9 games read, 3 used, 6 skipped"
    assert read.seeds(3) == [1, 2, 3]
    assert read.skipped == {
        "another player count (4)": ["fishing-4-1.json"],
        "another game (crazy-fishing)": ["crazy-fishing-2-1.json"],
        # again.json is read first (in name order): the simulation's own file is the copy
        "the same deal (seed and player count) as a record already used": ["fishing-3-1.json"],
        "not a readable record": ["junk.json"],
        "unfinished": ["unfinished.json"],
        "another card set": ["uploaded.json"],
    }


def test_records_of_other_options_are_skipped_naming_the_option(tmp_path: Path) -> None:
    write_records(tmp_path, "flip-and-fish", 2, range(1, 3))
    analysis = configure("flip-and-fish", {"rounds": "20"}, [""], (2,))
    with pytest.raises(AnglerError) as refused:
        read_real_games(analysis, {"rounds": "20"}, str(tmp_path))
    message = str(refused.value)
    assert "no usable record (2 games read, 0 used, 2 skipped" in message
    assert "other game options (rounds" in message


def test_a_store_url_is_shown_without_its_password() -> None:
    shown = shown_source("postgresql+psycopg://angler:secret@db:5432/angler")
    assert "secret" not in shown and "db:5432/angler" in shown
