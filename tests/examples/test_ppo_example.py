"""The learning example (examples/train_crazy_fishing_ppo.py), smoke-run: a few hundred steps of
masked PPO, one checkpoint, two evaluation games per opponent kind, into a temporary folder."""

from __future__ import annotations

import csv
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("torch", reason="the learning example needs the rl extra (CPU torch)")
pytest.importorskip("sb3_contrib", reason="the learning example needs the rl extra (sb3-contrib)")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_crazy_fishing_ppo.py"


def load_script() -> ModuleType:
    """The script as a module (examples/ is not a package); registered under its name, as its
    dataclasses need."""
    name = "train_crazy_fishing_ppo"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_a_short_run_writes_its_checkpoint_and_a_model_that_plays_legally(tmp_path, capsys):
    from sb3_contrib import MaskablePPO

    script = load_script()
    argv = ["--steps", "300", "--checkpoints", "1", "--eval-games", "2", "--seed", "3"]
    assert script.main([*argv, "--out", str(tmp_path)]) == 0

    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == ["curve.csv", "curve.json", "model.zip"]  # no partial file left behind
    curve = json.loads((tmp_path / "curve.json").read_text())
    assert curve["game"] == "crazy-fishing"
    [point] = curve["checkpoints"]
    assert point["steps"] >= 256  # at least one whole rollout was learned
    assert point["games"] == 2
    for kind in ("random", "heuristic"):
        share = point[f"vs_{kind}"]
        assert 0.0 <= share["low"] <= share["mean"] <= share["high"] <= 1.0
    with (tmp_path / "curve.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert [int(row["steps"]) for row in rows] == [point["steps"]]
    assert "vs heuristic" in capsys.readouterr().out  # the checkpoint's line

    model = MaskablePPO.load(tmp_path / "model.zip", device="cpu")
    env = script.make_env(2, "heuristic")
    observation, _ = env.reset(seed=11)
    mask = env.action_masks()
    action, _ = model.predict(observation, action_masks=mask, deterministic=True)
    assert mask[int(action)]


@pytest.mark.parametrize(
    "argv",
    [["--steps", "0"], ["--players", "7"], ["--steps", "5", "--checkpoints", "6"], ["--seed", "x"]],
)
def test_bad_input_is_one_line_and_status_2(argv, tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        load_script().main([*argv, "--out", str(tmp_path)])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "error:" in error
    assert not any(tmp_path.iterdir())  # nothing was written


def test_the_learner_sees_the_tensor_alone_and_its_mask_is_the_adapters():
    env = load_script().make_env(2, "random")
    observation, _ = env.reset(seed=5)
    assert observation.shape == env.observation_space.shape
    inner = env.unwrapped
    assert np.array_equal(env.action_masks(), inner.action_masks())
    assert env.action_masks().any()
