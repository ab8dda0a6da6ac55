"""The ``ppo`` agent's trainer (``angler.tools.train_ppo``), smoke-run: a few games of
imitation, a few hundred PPO steps, a resumed chunk, and an evaluation of the written policy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from angler.agents.learned import GreedyPolicy, policy_name, read_network
from angler.core.registry import make_game

pytest.importorskip("torch", reason="the trainer needs the rl extra (CPU torch)")
pytest.importorskip("sb3_contrib", reason="the trainer needs the rl extra (sb3-contrib)")

from angler.tools import train_ppo

# One torch thread: in the suite the other test worker has the other core.
SMALL = [
    "--game", "fishing", "--players", "3", "--teacher-games", "2", "--epochs", "1",
    "--steps", "1024", "--checkpoints", "1", "--eval-games", "2", "--critic-steps", "512",
    "--hidden", "16", "--seed", "3", "--threads", "1",
]  # fmt: skip


@pytest.mark.slow  # three runs of the trainer, torch and all
def test_a_short_run_imitates_trains_and_writes_a_policy_the_agent_can_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert train_ppo.main([*SMALL, "--out", str(out)]) == 0
    curve = json.loads((out / "curve.json").read_text())["curve"]
    assert [point["phase"] for point in curve] == ["uniform", "imitation", "ppo"]
    assert curve[-1]["steps"] >= 1024 and 0 <= curve[-1]["vs_heuristic"]["mean"] <= 1
    printed = capsys.readouterr().out
    assert "imitation agrees with the teacher on" in printed
    network, about = read_network(out / "policy.npz")
    assert about["game"] == "fishing" and about["players"] == "3"
    game = make_game("fishing", players=3)
    assert game.encoding is not None
    GreedyPolicy(network, game.encoding)  # fits the game's observations

    resumed = tmp_path / "resumed"
    argv = [*SMALL, "--out", str(resumed), "--resume", str(out / "model.zip")]
    assert train_ppo.main(argv) == 0
    steps = [point["steps"] for point in json.loads((resumed / "curve.json").read_text())["curve"]]
    assert steps[0] == curve[-1]["steps"] and steps[-1] > steps[0]  # it went on

    capsys.readouterr()
    argv = [*SMALL, "--out", str(tmp_path), "--evaluate", str(out / "policy.npz")]
    assert train_ppo.main(argv) == 0
    table = capsys.readouterr().out.splitlines()
    rows = [row.split("|")[1].strip() for row in table[3:]]
    assert rows == ["`ppo`", "`heuristic`", "`random`"]


def test_a_bad_game_or_count_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    fishing = ["--game", "fishing", "--players", "3"]
    for argv in (
        ["--game", "chess", "--players", "2"],
        ["--game", "fishing", "--players", "9"],
        [*fishing, "--checkpoints", "0"],
        [*fishing, "--steps", "-5"],
        [*fishing, "--option", "size"],
        [*fishing, "--option", "size=huge"],
        ["--game", "fishing", "--players", "4", "--option", "size=mini"],
        [*fishing, "--teacher-games", "0", "--steps", "0"],
        [*fishing, "--option", "rounds=3", "--ship"],
    ):
        with pytest.raises(SystemExit) as stopped:
            train_ppo.main([*argv, "--out", "unused"])
        assert stopped.value.code == 2
        said = capsys.readouterr().err.strip().splitlines()
        assert len(said) == 1 and said[0].startswith("train_ppo: error:")


def test_no_ppo_steps_is_imitation_alone(tmp_path: Path) -> None:
    out = tmp_path / "run"
    argv = [*SMALL, "--steps", "0", "--out", str(out)]
    assert train_ppo.main(argv) == 0
    curve = json.loads((out / "curve.json").read_text())["curve"]
    assert [point["phase"] for point in curve] == ["uniform", "imitation"]
    assert not (out / "model.zip").exists()
    assert read_network(out / "policy.npz")[1]["phase"] in ("uniform", "imitation")  # the better


def test_the_command_shipped_with_a_policy_names_no_folder_of_the_machine() -> None:
    args = train_ppo.parse_args(
        ["--game", "fishing", "--players", "4", "--out", "/tmp/x/run", "--start", "/tmp/x/p.npz"]
    )
    command = train_ppo.command_of(args)
    assert command.startswith("python -m angler.tools.train_ppo --game fishing --players 4")
    assert "--start p.npz" in command and "/tmp" not in command and "--out" not in command


def test_a_game_option_trains_a_variant_and_its_command_and_file_name_say_so() -> None:
    args = train_ppo.parse_args(
        ["--game", "crazy-fishing", "--players", "2", "--option", "size=mini", "--out", "run"]
    )
    assert args.options == {"size": "mini"} and args.size == "mini"
    assert train_ppo.command_of(args).endswith("--option size=mini")
    assert policy_name(args.game, args.players, args.size) == "crazy-fishing-mini-2p.npz"
