"""The designers' analysis: seeded games kept one by one, paired across two card files, and the
HTML report drawn from them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from angler.agents import agent_seed, make_agent
from angler.core import make_game
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.play.loop import play_out
from angler.sim import analyse
from angler.sim.analyse import Analysis, Outcome, configure, run_analysis
from angler.sim.report_html import paired_difference, render, significant

BUNDLED = Path(FlipAndFishGame(2).cards.source)


def analysed(game: str, games: int, players: int, cards: tuple[str, ...] = ("",)) -> Analysis:
    return run_analysis(configure(game, {}, cards, (players,)), {}, games, seed=3)


def test_every_game_is_played_from_its_seed_with_seeded_agents() -> None:
    run = analysed("fishing", 2, 4)
    game = make_game("fishing", 4)
    agents = [make_agent("heuristic", agent_seed(4, seat), game) for seat in range(4)]
    state = play_out(game.new_state(4), agents)
    second = run.played(0, 4)[1]
    assert (second.seed, second.scores, second.winners) == (
        4,
        tuple(state.scores()),
        tuple(state.winners()),
    )
    assert second.decisions == len(state.history)


@pytest.mark.parametrize("game", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_a_report_for_every_game_names_its_command_sample_sizes_and_embeds_figures(
    game: str,
) -> None:
    run = analysed(game, 2, 3)
    page = render(run, f"angler analyse {game} --players 3 --games 2")
    assert f"<pre>angler analyse {game} --players 3 --games 2</pre>" in page
    assert "3 players (n = 2 games)" in page
    assert page.count('role="img" aria-labelledby=') == 3  # who wins, scores, lengths
    assert "first player&#x27;s advantage over par" in page
    assert "http" not in page  # self-contained: nothing fetched from anywhere


def test_two_card_files_play_the_same_seeds_and_show_a_difference(tmp_path: Path) -> None:
    cards = json.loads(BUNDLED.read_text())
    for card in cards["fishing"]:
        if card["catch_rate"] is not None:
            card["catch_rate"] = max(1, card["catch_rate"] - 6)  # every fish much easier to catch
    easier = tmp_path / "easier.json"
    easier.write_text(json.dumps(cards))
    run = analysed("flip-and-fish", 6, 2, ("", str(easier)))
    a, b = run.played(0, 2), run.played(1, 2)
    assert [o.seed for o in a] == [o.seed for o in b] == list(range(3, 9))
    page = render(run, "angler analyse flip-and-fish --compare easier.json")
    assert "card file B: <b>" + str(easier) + "</b>" in page
    assert "B − A" in page and ": significant" in page


def test_a_paired_difference_is_significant_only_when_its_interval_leaves_out_zero() -> None:
    assert significant(paired_difference([1.0, 2.0, 3.0, 4.0], [3.0, 4.1, 5.0, 5.9]))
    assert not significant(paired_difference([1.0, 2.0, 3.0, 4.0], [2.0, 1.0, 4.0, 3.0]))


def test_a_stopped_run_keeps_the_games_that_finished() -> None:
    seen: list[Outcome] = []

    def stop_at_third(outcome: Outcome) -> None:
        if len(seen) == 2:
            raise KeyboardInterrupt
        seen.append(outcome)

    run = run_analysis(configure("fishing", {}, ("",), (3,)), {}, 5, 1, on_game=stop_at_third)
    assert run.stopped is not None and (run.stopped.finished, run.stopped.total) == (2, 5)
    assert [o.seed for o in run.played(0, 3)] == [1, 2]
    assert "interrupted after 2 of 5 games" in render(run, "angler analyse fishing")


def test_a_game_that_never_ends_is_listed_and_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analyse, "MOVE_CAP", 50)
    run = analysed("fishing", 1, 3)
    assert run.played(0, 3) == [] and run.anomalies()[0].anomaly.startswith("stalled")
    assert "seed 3: stalled: still going after 50 decisions" in render(run, "angler analyse")


def test_the_seeds_give_the_same_games_on_worker_processes() -> None:
    def played(jobs: int) -> list[Outcome]:
        setup = configure("crazy-fishing", {}, ("",), (2,))
        return run_analysis(setup, {}, 4, 7, jobs=jobs).outcomes

    assert played(2) == played(1)


def effects_section(page: str) -> str:
    start = page.index("<h2>Each card's effect on its holder's win share</h2>")
    return page[start : page.index("<h2>", start + 1)]


@pytest.mark.parametrize("game", ["fishing", "crazy-fishing", "flip-and-fish"])
def test_the_report_estimates_each_cards_effect_on_its_holders_win_share(game: str) -> None:
    run = analysed(game, 40, 3)
    section = effects_section(render(run, f"angler analyse {game}"))
    assert "n = 120 seats in 40 games" in section
    assert "not proof of cause" in section and "clustered by game" in section
    for card in run.held_names[0]:  # every card of the file gets its row, held or not
        assert f"<tr><td>{card}</td>" in section
    assert section.count("<tr>") == len(run.held_names[0]) + 1  # and only those
    assert "points (" in section  # some card is estimable at 40 games
    assert 'role="img" aria-labelledby=' in section  # the forest plot


def test_the_card_effects_are_the_same_from_the_same_seed() -> None:
    def section() -> str:
        return effects_section(render(analysed("crazy-fishing", 30, 4), "angler analyse"))

    first = section()
    assert first == section() and "points (" in first


def test_compared_card_files_show_each_cards_effect_side_by_side(tmp_path: Path) -> None:
    cards = json.loads(Path(CrazyFishingGame(2).cards.source).read_text())
    for fish in cards["fish"]:
        if fish["name"] == "F7":
            fish["name"] = "Big7"  # the same fish under a name only B has
    renamed = tmp_path / "renamed.json"
    renamed.write_text(json.dumps(cards))
    run = analysed("crazy-fishing", 30, 3, ("", str(renamed)))
    section = effects_section(render(run, "angler analyse crazy-fishing --compare renamed.json"))
    for label in ("A", "B"):
        assert f"<th>effect of one more copy {label}</th>" in section
    assert "<th>B − A</th><th>changed in B</th>" in section
    only_a = re.search(r"<tr><td>F7</td>(.*?)</tr>", section)
    only_b = re.search(r"<tr><td>Big7</td>(.*?)</tr>", section)
    both = re.search(r"<tr><td>F6</td>(.*?)</tr>", section)
    assert only_a and only_b and both
    changed = '<td>–</td><td><span class="changed">changed</span></td>'
    assert only_a.group(1).endswith("<td></td><td></td><td></td>" + changed + "<td></td>")
    assert only_b.group(1).startswith("<td></td><td></td><td></td><td>")  # A's empty
    assert both.group(1).count("points (") == 3  # A, B and B − A
    assert [c.text for c in run.changes] == [
        f"fish: {name} {what} (size 7, back {back}, kind ordinary, three_plus false)"
        for name, what in (("F7", "removed"), ("Big7", "added"))
        for back in ("4-7", "?")
    ]


def test_a_report_of_one_game_counts_it_in_the_singular() -> None:
    page = render(analysed("fishing", 1, 3), "angler analyse fishing --players 3 --games 1")
    assert "3 players (n = 1 game)" in page and "n = 3 seats in 1 game<" in page
    assert "1 games" not in page
