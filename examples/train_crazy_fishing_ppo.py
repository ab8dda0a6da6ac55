"""Masked PPO (sb3-contrib's MaskablePPO) learning Crazy Fishing through angler's Gymnasium
adapter, against heuristic opponents, with its learning curve measured at checkpoints.

    python examples/train_crazy_fishing_ppo.py --steps 200000 --checkpoints 10 --out runs/ppo

Every ``steps / checkpoints`` steps of training, the learner (its masked, deterministic policy)
plays ``--eval-games`` seeded games against random opponents and as many against heuristic
ones; its win share in each, with a 95% Wilson interval, is printed and written to
``curve.json`` and ``curve.csv`` in ``--out``, beside the model (``model.zip``, the last
checkpoint's). Ctrl-C stops cleanly: the finished checkpoints and their model are kept.

Two players by default: a two-seat game is the shortest (fewer opponent moves between the
learner's decisions, so more learner steps a second) and a win share is easiest to read
(a coin's 1/2 against an equal). Needs the ``rl`` extra (CPU torch, sb3-contrib).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import numpy as np

from angler.interop.gymnasium import AnglerEnv
from angler.stats import Estimate
from angler.tools.train_ppo import Learner  # the tensor alone; legal actions as the mask

if TYPE_CHECKING:
    from sb3_contrib import MaskablePPO

GAME = "crazy-fishing"
EVAL_OPPONENTS = ("random", "heuristic")
EVAL_SEED_BASE = 1_000_000_000
"""Evaluation games are dealt from seeds here on, far from any a training run reaches, and are
the same games at every checkpoint, so two checkpoints are compared on the same deals."""
BATCH = 64  # PPO's minibatch; a rollout is a whole number of them


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """Bad input: one line and exit status 2, not argparse's usage block."""
        self.exit(2, f"{self.prog}: error: {message}\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _Parser(
        prog="train_crazy_fishing_ppo",
        description="Train masked PPO on Crazy Fishing and measure its win share at checkpoints.",
    )
    parser.add_argument("--steps", type=_positive, default=200_000, help="learner steps in all")
    parser.add_argument("--seed", type=int, default=0, help="seeds training (torch, games)")
    parser.add_argument(
        "--checkpoints", type=_positive, default=10, help="evaluate every steps/N steps"
    )
    parser.add_argument(
        "--eval-games", type=_positive, default=200, help="games per opponent kind per checkpoint"
    )
    parser.add_argument("--players", type=int, default=2, help="2 to 6 (default 2: short games)")
    parser.add_argument("--out", type=Path, default=Path("runs/crazy-fishing-ppo"))
    parser.add_argument(
        "--threads", type=_positive, default=1, help="torch CPU threads (default 1: small net)"
    )
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 6:
        parser.error(f"--players {args.players}: Crazy Fishing seats 2 to 6")
    if args.checkpoints > args.steps:
        parser.error(f"--checkpoints {args.checkpoints} is more than --steps {args.steps}")
    return args


def make_env(players: int, opponents: str) -> Learner:
    # "raise": the policy is always masked, so an illegal index is a bug, not a lesson
    return Learner(AnglerEnv(GAME, players, seat=0, opponents=opponents, illegal="raise"))


@dataclass(frozen=True)
class Checkpoint:
    steps: int
    seconds: float
    win_share: dict[str, Estimate]  # by opponent kind
    games: int


def evaluate(model: MaskablePPO, players: int, opponents: str, games: int) -> Estimate:
    """The learner's win share over ``games`` seeded games, masked and deterministic."""
    env = make_env(players, opponents)
    shares = []
    for game in range(games):
        observation, _ = env.reset(seed=EVAL_SEED_BASE + game)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(
                observation, action_masks=env.action_masks(), deterministic=True
            )
            observation, reward_now, done, _, _ = env.step(np.int64(action))
            reward = float(reward_now)
        shares.append(reward)
    return Estimate.share(shares)


def write_curve(out: Path, args: argparse.Namespace, curve: list[Checkpoint]) -> None:
    settings = {key: str(value) for key, value in vars(args).items()}
    rows = [
        {
            "steps": point.steps,
            "seconds": round(point.seconds, 1),
            "games": point.games,
            **{f"vs_{kind}": point.win_share[kind].as_dict() for kind in EVAL_OPPONENTS},
        }
        for point in curve
    ]
    document = {"game": GAME, "settings": settings, "checkpoints": rows}
    _replace(
        out / "curve.json", lambda path: path.write_text(json.dumps(document, indent=2) + "\n")
    )
    _replace(out / "curve.csv", lambda path: _write_csv(path, curve))


def _write_csv(path: Path, curve: list[Checkpoint]) -> None:
    with path.open("w", newline="") as file:
        writer = csv.writer(file)
        header = ["steps", "seconds", "games"]
        for kind in EVAL_OPPONENTS:
            header += [f"vs_{kind}", f"vs_{kind}_low", f"vs_{kind}_high"]
        writer.writerow(header)
        for point in curve:
            row: list[object] = [point.steps, round(point.seconds, 1), point.games]
            for kind in EVAL_OPPONENTS:
                share = point.win_share[kind]
                row += [f"{share.mean:.4f}", f"{share.low:.4f}", f"{share.high:.4f}"]
            writer.writerow(row)


def _replace(path: Path, write: Callable[[Path], object]) -> None:
    """Write a file whole or not at all: a Ctrl-C while writing keeps the previous one."""
    partial = path.with_name(f"partial-{path.name}")  # keeps the suffix (SB3 adds .zip)
    write(partial)
    partial.replace(path)


def checkpoint_line(point: Checkpoint, total: int) -> str:
    shares = "  ".join(
        f"vs {kind} {point.win_share[kind].text(percent=True)}" for kind in EVAL_OPPONENTS
    )
    return f"{point.steps:>9,}/{total:,} steps  {point.seconds:7.0f} s  {shares}"


def train(args: argparse.Namespace) -> int:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    class Progress(BaseCallback):
        """A line on stderr every ``every`` seconds: steps done and the speed."""

        def __init__(self, total: int, started: float, every: float = 15.0) -> None:
            super().__init__()
            self.total, self.started, self.every = total, started, every
            self.last = started

        def _on_step(self) -> bool:
            now = time.monotonic()
            if now - self.last >= self.every:
                self.last = now
                rate = self.num_timesteps / (now - self.started)
                print(
                    f"  training: {self.num_timesteps:,}/{self.total:,} steps ({rate:,.0f}/s)",
                    file=sys.stderr,
                    flush=True,
                )
            return True

    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    chunk = args.steps // args.checkpoints
    # checkpoints fall between whole rollouts: a rollout of up to 2048 steps, a whole number of
    # minibatches, and as many rollouts between two checkpoints as come nearest the chunk
    rollout = max(BATCH, min(2048, chunk // BATCH * BATCH))
    rollouts_per_checkpoint = max(1, round(chunk / rollout))
    every = rollouts_per_checkpoint * rollout
    env = make_env(args.players, "heuristic")  # its games' seeds follow from seed=args.seed
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=rollout,
        batch_size=BATCH,
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    started = time.monotonic()
    total = every * args.checkpoints  # --steps, rounded to whole rollouts
    progress = Progress(total, started)
    curve: list[Checkpoint] = []
    print(
        f"{GAME}, {args.players} players: {args.checkpoints} checkpoints, one every {every:,} steps"
    )
    try:
        for _ in range(args.checkpoints):
            model.learn(
                total_timesteps=every,
                reset_num_timesteps=False,
                callback=progress,
            )
            shares = {
                kind: evaluate(model, args.players, kind, args.eval_games)
                for kind in EVAL_OPPONENTS
            }
            point = Checkpoint(
                model.num_timesteps, time.monotonic() - started, shares, args.eval_games
            )
            _replace(args.out / "model.zip", model.save)
            curve.append(point)
            write_curve(args.out, args, curve)
            print(checkpoint_line(point, total), flush=True)
    except KeyboardInterrupt:
        print(f"interrupted: {len(curve)} checkpoint(s) kept in {args.out}", file=sys.stderr)
        return 130
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        import sb3_contrib  # noqa: F401
        import torch  # noqa: F401
    except ImportError as missing:
        print(f"needs the rl extra (CPU torch, sb3-contrib): {missing}", file=sys.stderr)
        return 2
    return train(args)


if __name__ == "__main__":
    sys.exit(main())
