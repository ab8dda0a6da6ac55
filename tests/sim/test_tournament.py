"""Tournaments: seat rotation, reproducibility on any number of processes, the statistics."""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence

import pytest

from angler.core import AnglerError, make_game
from angler.core.view import View
from angler.sim.tournament import TimedAgent, lineup, run_tournament


def test_seats_rotate_so_every_entry_plays_every_seat_equally() -> None:
    seats = Counter(
        (seat, entry) for number in range(1, 13) for seat, entry in enumerate(lineup(4, number))
    )
    assert set(seats.values()) == {3}  # 12 games: each entry 3 times in each of 4 seats
    assert lineup(4, 1) == (0, 1, 2, 3) and lineup(4, 2) == (3, 0, 1, 2)


def test_a_tournament_is_the_same_on_one_process_or_two() -> None:
    game = make_game("fishing", 3)
    agents = ["heuristic", "random", "random"]
    one = run_tournament(game, agents, 6, seed=4, jobs=1)
    two = run_tournament(game, agents, 6, seed=4, jobs=2)
    assert one.results == two.results
    assert [r.number for r in two.results] == [1, 2, 3, 4, 5, 6]
    assert one.ratings() == two.ratings()


def test_win_shares_count_a_shared_victory_as_a_fraction_and_sum_to_one() -> None:
    run = run_tournament(make_game("crazy-fishing", 3), ["heuristic", "random", "random"], 9, 2, 1)
    total = sum(run.win_share(entry).mean for entry in range(3))
    assert math.isclose(total, 1.0)
    for result in run.results:
        shares = [result.share(entry) for entry in range(3)]
        assert math.isclose(sum(shares), 1.0)
        assert all(s in (0.0, 1 / len(result.winners)) for s in shares)


def test_ratings_rank_the_heuristic_above_random_players() -> None:
    run = run_tournament(make_game("crazy-fishing", 4), ["heuristic", *["random"] * 3], 24, 1, 1)
    ratings = run.ratings()
    assert all(ratings[0][0] > mu for mu, _ in ratings[1:])


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        (["heuristic", "random"], "one agent per seat: 3"),
        (["heuristic", "random", "nobody"], "unknown agent 'nobody'"),
    ],
)
def test_bad_lineups_are_refused_before_any_game(agents: list[str], message: str) -> None:
    with pytest.raises(AnglerError, match=message):
        run_tournament(make_game("fishing", 3), agents, 3)


def test_a_tournament_times_every_decision_of_every_agent() -> None:
    run = run_tournament(make_game("fishing", 3), ["ismcts:30it", "random", "random"], 2, 1, 1)
    for result in run.results:
        assert sum(result.moves) == result.decisions
        pairs = zip(result.slowest, result.thinking, strict=True)
        assert all(0 < slow <= total for slow, total in pairs)
    mean, longest = run.move_time(0)
    assert 0 < mean <= longest
    summary = run.summary()["entries"][0]["seconds_per_move"]
    assert summary == {"mean": mean, "longest": longest}
    for result in run.results:  # 30 iterations for each decision the search had to make
        seat = result.lineup.index(0)
        assert result.iterations[seat] % 30 == 0 and result.iterations[seat] > 0
        assert 0 < result.searching[seat] <= result.thinking[seat]
        assert all(result.iterations[other] == 0 for other in range(3) if other != seat)
    rate = run.iteration_rate(0)
    assert rate is not None and rate > 0 and run.iteration_rate(1) is None
    assert run.summary()["entries"][0]["iterations_per_s"] == rate


def test_one_game_writes_strict_json_and_shows_no_infinite_interval() -> None:
    run = run_tournament(make_game("fishing", 3), ["random", "random", "random"], 1, 0, 1)
    text = json.dumps(run.to_json(), allow_nan=False)  # would raise on an infinite bound
    score = json.loads(text)["summary"]["entries"][0]["mean_score"]
    assert score["low"] is None and score["high"] is None
    assert run.mean_score(0).text().endswith("± —")


# ----- a ladder: more entries than seats -----
def test_a_ladder_seats_a_seeded_draw_of_distinct_entries_each_game() -> None:
    draws = [lineup(7, number, 4, seed=3) for number in range(1, 141)]
    assert all(len(set(draw)) == 4 and set(draw) <= set(range(7)) for draw in draws)
    assert draws == [lineup(7, number, 4, seed=3) for number in range(1, 141)]
    assert draws != [lineup(7, number, 4, seed=4) for number in range(1, 141)]
    sat = Counter(entry for draw in draws for entry in draw)
    assert set(sat) == set(range(7)) and min(sat.values()) >= 60  # 80 each on average
    assert lineup(4, 2, 4, seed=9) == lineup(4, 2)  # as many entries as seats: the rotation


def test_a_ladder_counts_each_entry_over_the_games_it_sat_in() -> None:
    agents = ["heuristic", "random", "random", "heuristic", "random"]
    game = make_game("crazy-fishing", 3)
    one = run_tournament(game, agents, 12, seed=5, jobs=1)
    two = run_tournament(game, agents, 12, seed=5, jobs=2)
    assert one.ladder and one.results == two.results and one.ratings() == two.ratings()
    for entry in range(len(agents)):
        played = one.played(entry)
        assert played == [result for result in one.results if entry in result.lineup]
        shares = [result.share(entry) for result in played]
        assert one.win_share(entry).mean == pytest.approx(sum(shares) / len(shares))
    assert sum(len(one.played(entry)) for entry in range(len(agents))) == 12 * 3
    entries = one.summary()["entries"]
    assert [entry["games"] for entry in entries] == [len(one.played(e)) for e in range(5)]


def test_a_ladder_entry_that_never_sat_has_no_figures_and_ranks_last() -> None:
    agents = ["heuristic", "random", "heuristic", "random", "random", "random"]
    run = run_tournament(make_game("crazy-fishing", 3), agents, 1, seed=2, jobs=1)
    sat = list(run.results[0].lineup)
    never = [entry for entry in range(6) if entry not in sat]
    summary = {entry["entry"]: entry for entry in run.summary()["entries"]}
    for entry in never:  # no share of 0 out of [0, 1], no mean score of 0 ± 0
        assert summary[entry]["games"] == 0
        assert summary[entry]["win_share"] is None and summary[entry]["mean_score"] is None
        assert summary[entry]["seconds_per_move"] is None
    assert all(summary[entry]["win_share"] is not None for entry in sat)
    standings = run.standings()
    assert sorted(standings[3:]) == never  # after every entry that sat, whatever its prior
    ordinals = [summary[entry]["rating"]["ordinal"] for entry in standings[:3]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert min(summary[entry]["rating"]["ordinal"] for entry in never) > ordinals[-1]


class Searcher:
    """A stand-in search agent: each decision reports 7 iterations, as ismcts's attribute."""

    name = "searcher"
    needs_view = False
    last_iterations = 7

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        return legal[0]


def test_a_forced_move_is_not_counted_as_searched() -> None:
    timed = TimedAgent(Searcher())
    timed.act(None, [4])  # one legal move: the search returns it unsearched, its count stale
    assert (timed.moves, timed.iterations, timed.searching) == (1, 0, 0.0)
    timed.act(None, [4, 5])
    assert timed.moves == 2 and timed.iterations == 7 and 0 < timed.searching <= timed.thinking
