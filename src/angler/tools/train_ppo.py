"""Train the ``ppo`` agent's policy for one game at one player count (docs/interop.md, "A
learned baseline"), on CPU, and write it as the small weights file the agent reads.

    python -m angler.tools.train_ppo --game crazy-fishing --players 2 --out runs/ppo-crazy-2p

Two phases, both seeded:

1. **Imitation.** ``--teacher-games`` games with the teacher (the heuristic) in every seat give
   each seat's observation, legal mask and the teacher's choice; the masked policy network is
   fitted to the choices (cross-entropy over the legal indices), so PPO starts where the
   heuristic plays instead of from uniform play, which it takes millions of steps to leave.
   ``--teacher-games 0`` skips it: in a small variant (``--option size=mini``) PPO from the
   network's first guesses learns in minutes, and a close imitation of the heuristic leaves it
   too sure of the heuristic's choices to move from them.
2. **PPO.** sb3-contrib's MaskablePPO goes on from there (``--steps`` learner steps), seat 0
   against a mix of opponents (``--opponents``, one environment each), with a small learning
   rate so that it refines the imitation rather than forgetting it.

After each phase and every ``--steps / --checkpoints`` steps, the greedy policy (as the agent
plays it) plays ``--eval-games`` seeded games in seat 0 against random and against heuristic
opponents; the win shares with 95% intervals go to stdout and ``curve.json``. The policy of the
best checkpoint against the heuristic is written as ``policy.npz`` (``--ship`` copies it into
the package). Needs the ``rl`` extra (CPU torch, sb3-contrib). Ctrl-C keeps what is written.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

import gymnasium
import numpy as np

from angler.agents import Agent, agent_seed, make_agent
from angler.agents.learned import (
    POLICIES,
    GreedyPolicy,
    Network,
    policy_name,
    read_network,
    save_network,
    size_of,
)
from angler.core.game import Game
from angler.core.registry import make_game
from angler.interop.common import encoded_game, observation_of, win_shares
from angler.interop.gymnasium import AnglerEnv
from angler.play.loop import play_out
from angler.stats import Estimate

EVAL_SEED_BASE = 1_000_000_000  # evaluation deals, far from any training seed
# ``--evaluate``'s deals: never seen by a run, which chose its checkpoint on the ones above
REPORT_SEED_BASE = 2_000_000_000
EVAL_OPPONENTS = ("random", "heuristic")
PACKAGE_POLICIES = Path(__file__).resolve().parents[1] / "agents" / POLICIES


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _Parser(prog="train_ppo", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--teacher-games", type=int, default=400, help="heuristic games to imitate (0: none)"
    )
    parser.add_argument("--epochs", type=int, default=8, help="imitation passes over the data")
    parser.add_argument(
        "--steps", type=int, default=200_000, help="PPO learner steps (0: imitation alone)"
    )
    parser.add_argument("--checkpoints", type=int, default=5, help="PPO's evaluated checkpoints")
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument(
        "--opponents", default="heuristic,heuristic,heuristic,random", help="one env each"
    )
    parser.add_argument("--hidden", type=int, default=128, help="units in each hidden layer")
    parser.add_argument("--lr", type=float, default=5e-5, help="PPO's learning rate")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--ship", action="store_true", help="copy the policy into the package")
    parser.add_argument(
        "--critic-steps", type=int, default=50_000, help="steps the value net learns alone first"
    )
    parser.add_argument(
        "--eval-opponents",
        type=lambda text: text.split(","),
        default=list(EVAL_OPPONENTS),
        help="agents' names, comma-separated",
    )
    parser.add_argument("--evaluate", type=Path, help="only evaluate this policy file (no torch)")
    parser.add_argument("--resume", type=Path, help="go on from a run's model.zip (no imitation)")
    parser.add_argument("--start", type=Path, help="start PPO from a policy.npz (no imitation)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, as angler's -o (repeatable): --option size=mini",
    )
    args = parser.parse_args(argv)
    for name in ("steps", "critic_steps", "teacher_games", "epochs"):
        if getattr(args, name) < 0:
            parser.error(f"--{name.replace('_', '-')} must not be negative")
    if args.checkpoints < 1 or args.eval_games < 1:
        parser.error("--checkpoints and --eval-games must be at least 1")
    if any("=" not in option for option in args.option):
        parser.error("--option takes KEY=VALUE")
    if args.teacher_games == 0 and args.steps == 0 and args.resume is None:
        parser.error("--teacher-games 0 with --steps 0 trains nothing")
    args.options = dict(option.split("=", 1) for option in args.option)
    try:
        game = make_game(args.game, players=args.players, **args.options)
    except Exception as exc:  # an unknown game, a bad count or option: one line
        parser.error(str(exc))
    args.size = size_of(game)
    if args.ship and set(args.options) - {"size"}:
        # The agent finds a policy by game, size and players alone: another option's policy
        # would replace the one for the game as it is played.
        parser.error("--ship takes no option but size: the agent knows no other variant")
    return args


class Learner(gymnasium.ObservationWrapper[Any, np.int64, dict[str, Any]]):
    """The tensor alone reaches the network; the legal actions only as its mask."""

    def __init__(self, env: AnglerEnv) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]

    def observation(self, observation: dict[str, Any]) -> Any:
        return observation["observation"]

    def action_masks(self) -> np.ndarray:
        mask: np.ndarray = self.env.get_wrapper_attr("action_masks")()
        return mask


def teacher_data(
    game_name: str, players: int, games: int, seed: int, options: dict[str, str] | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every seat's decisions in ``games`` heuristic games: observations, masks, choices."""
    game, encoding = encoded_game(game_name, players, options or {})
    observations, masks, choices = [], [], []
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        state = game.new_state(game_seed)
        agents = [make_agent("heuristic", agent_seed(game_seed, s), game) for s in range(players)]
        while not state.is_terminal():
            seat = state.current_players()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            action = agents[seat].act(view, legal)  # the view made once, for it and the data
            if len(legal) > 1:  # a forced move teaches nothing
                observed = observation_of(encoding, view, encoding.action_mask(view, legal))
                observations.append(observed["observation"].astype(np.float16))
                masks.append(np.packbits(observed["action_mask"].astype(bool)))
                choices.append(encoding.action_index(view, action))
            state.apply_action(action, seat)
        if (number + 1) % 50 == 0:
            print(f"  teacher games {number + 1}/{games}: {len(choices):,} decisions", flush=True)
    return np.stack(observations), np.stack(masks), np.array(choices, dtype=np.int64)


def network_of(model: Any) -> Network:
    """The greedy policy of a MaskablePPO model as the agent runs it: its policy layers and
    its action head (the value network is not needed to play)."""
    import torch

    layers = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    layers.append(model.policy.action_net)
    return Network(
        tuple(layer.weight.detach().numpy().T.copy() for layer in layers),
        tuple(layer.bias.detach().numpy().copy() for layer in layers),
    )


def load_network(model: Any, network: Network) -> None:
    """``network``'s layers into a MaskablePPO model's policy layers and action head."""
    import torch

    layers = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    layers.append(model.policy.action_net)
    with torch.no_grad():
        for layer, weight, bias in zip(layers, network.weights, network.biases, strict=True):
            layer.weight.copy_(torch.as_tensor(weight.T))
            layer.bias.copy_(torch.as_tensor(bias))


def seat_share(
    learner: Callable[[Game[Any, Any]], Agent],
    game: Game[Any, Any],
    opponents: str,
    games: int,
    seed_base: int = EVAL_SEED_BASE,
) -> Estimate:
    """Seat 0's win share over the evaluation deals, ``learner(game)`` in seat 0 and
    ``opponents`` (an agent's name) in every other seat, seeded as in simulations."""
    shares = []
    for number in range(games):
        game_seed = seed_base + number
        seats = [learner(game)] + [
            make_agent(opponents, agent_seed(game_seed, seat), game)
            for seat in range(1, game.players)
        ]
        shares.append(win_shares(play_out(game.new_state(game_seed), seats))[0])
    return Estimate.share(shares)


def evaluate(network: Network, args: argparse.Namespace) -> dict[str, Estimate]:
    """The greedy policy (as the agent plays it) against each kind of opponent."""
    game, encoding = encoded_game(args.game, args.players, args.options)
    policy = GreedyPolicy(network, encoding)
    return {
        kind: seat_share(lambda _: policy, game, kind, args.eval_games)
        for kind in args.eval_opponents
    }


def report(args: argparse.Namespace) -> int:
    """``--evaluate``: a policy file beside the random and the heuristic players in seat 0, on
    the same deals (held out: no training run chose a checkpoint on them), against each kind of
    opponent (a table in Markdown)."""
    network, about = read_network(args.evaluate)
    game, encoding = encoded_game(args.game, args.players, args.options)
    policy = GreedyPolicy(network, encoding)
    learners: dict[str, Callable[[Game[Any, Any]], Agent]] = {
        "ppo": lambda _: policy,
        "heuristic": lambda game: make_agent("heuristic", 0, game),
        "random": lambda game: make_agent("random", 0, game),
    }
    print(
        f"{args.game}, {args.players} players, {args.eval_games} deals no run chose a checkpoint "
        f"on; policy: {about}"
    )
    print("| seat 0 | " + " | ".join(f"vs {kind}" for kind in args.eval_opponents) + " |")
    print("|---|" + "---|" * len(args.eval_opponents))
    for name, learner in learners.items():
        shares = [
            seat_share(learner, game, kind, args.eval_games, REPORT_SEED_BASE)
            for kind in args.eval_opponents
        ]
        print(
            f"| `{name}` | " + " | ".join(s.text(percent=True) for s in shares) + " |", flush=True
        )
    return 0


def imitate(
    model: Any, data: tuple[np.ndarray, np.ndarray, np.ndarray], args: argparse.Namespace
) -> float:
    """Fit the policy to the teacher's choices; the share of choices it then agrees with."""
    import torch

    observations, masks, choices = data
    count, actions = len(choices), model.action_space.n
    optimizer = torch.optim.Adam(model.policy.parameters(), lr=1e-3)
    shuffle = np.random.default_rng(args.seed)
    batch = 256
    for epoch in range(args.epochs):
        losses = []
        order = shuffle.permutation(count)
        for start in range(0, count, batch):
            chosen = order[start : start + batch]
            obs = torch.as_tensor(observations[chosen].astype(np.float32))
            mask = np.unpackbits(masks[chosen], axis=1, count=actions).astype(bool)
            target = torch.as_tensor(choices[chosen])
            _, log_prob, _ = model.policy.evaluate_actions(obs, target, action_masks=mask)
            loss = -log_prob.mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(float(loss.detach()))
        print(
            f"  imitation epoch {epoch + 1}/{args.epochs}: loss {np.mean(losses):.4f}", flush=True
        )
    network = network_of(model)
    agree = 0
    for row in range(0, count, 2048):
        scores = network.scores(np.asarray(observations[row : row + 2048], dtype=np.float32))
        mask = np.unpackbits(masks[row : row + 2048], axis=1, count=actions).astype(bool)
        scores[~mask] = -np.inf
        agree += int((scores.argmax(axis=1) == choices[row : row + 2048]).sum())
    return agree / count


def command_of(args: argparse.Namespace) -> str:
    """The command that trained a policy, to ship with it: its settings, and a file it started
    from by its name alone (no folder of the machine that trained it)."""
    words = ["python -m angler.tools.train_ppo"]
    for key, value in vars(args).items():
        if key in ("out", "ship", "evaluate", "threads", "options", "size") or value is None:
            continue
        if key == "option":  # repeated, as it was given
            words += [f"--option {option}" for option in value]
            continue
        shown = ",".join(value) if isinstance(value, list) else value
        shown = shown.name if isinstance(shown, Path) else shown
        words.append(f"--{key.replace('_', '-')} {shown}")
    return " ".join(words)


def line(label: str, shares: dict[str, Estimate], started: float) -> str:
    said = "  ".join(f"vs {k} {v.text(percent=True)}" for k, v in shares.items())
    return f"{label:<22} {time.monotonic() - started:7.0f} s  {said}"


def train(args: argparse.Namespace) -> int:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.manual_seed(args.seed)
    random.seed(args.seed)
    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    curve: list[dict[str, Any]] = []
    best: tuple[float, Network] | None = None

    def record(label: str, steps: int, network: Network) -> None:
        nonlocal best
        shares = evaluate(network, args)
        curve.append(
            {
                "phase": label,
                "steps": steps,
                "seconds": round(time.monotonic() - started),
                **{f"vs_{k}": v.as_dict() for k, v in shares.items()},
            }
        )
        (args.out / "curve.json").write_text(
            json.dumps(
                {"settings": {k: str(v) for k, v in vars(args).items()}, "curve": curve}, indent=2
            )
            + "\n"
        )
        print(line(f"{label} {steps:,}", shares, started), flush=True)
        judged = shares.get("heuristic", next(iter(shares.values()))).mean
        if best is None or judged > best[0]:
            best = (judged, network)
            save_network(
                args.out / "policy.npz",
                network,
                game=args.game,
                players=args.players,
                phase=label,
                steps=steps,
                command=command_of(args),
            )

    opponents = args.opponents.split(",")

    def make(opponent: str, number: int) -> Any:
        def build() -> Learner:
            env = Learner(
                AnglerEnv(
                    args.game,
                    args.players,
                    seat=0,
                    opponents=opponent,
                    illegal="raise",
                    **args.options,
                )
            )
            env.reset(seed=args.seed * 7919 + number)
            return env

        return build

    env = DummyVecEnv([make(o, n) for n, o in enumerate(opponents)])
    n_steps = 512
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=n_steps,
        batch_size=256,
        n_epochs=4,
        learning_rate=args.lr,
        ent_coef=0.0,
        seed=args.seed,
        device="cpu",
        verbose=0,
        policy_kwargs={
            "net_arch": {"pi": [args.hidden, args.hidden], "vf": [args.hidden, args.hidden]}
        },
    )
    if args.resume is not None:  # a later chunk of a run: the whole model, its value net too
        model = MaskablePPO.load(
            args.resume, env=env, device="cpu", custom_objects={"learning_rate": args.lr}
        )
        record("resumed", model.num_timesteps, network_of(model))
    elif args.start is not None:  # a policy file: its layers, a new value net
        load_network(model, read_network(args.start)[0])
        record("started", 0, network_of(model))
    elif args.teacher_games == 0:  # no imitation: PPO from the network's first guesses
        record("uniform", 0, network_of(model))
    else:
        record("uniform", 0, network_of(model))
        data = teacher_data(args.game, args.players, args.teacher_games, args.seed, args.options)
        agreement = imitate(model, data, args)
        print(
            f"imitation agrees with the teacher on {agreement:.1%} of {len(data[2]):,} decisions",
            flush=True,
        )
        del data
        record("imitation", 0, network_of(model))
    if args.steps == 0:  # imitation alone: its policy is the one written
        ship(args)
        return 0
    if args.critic_steps and args.resume is None:
        # The value net is new while the policy is not: its first guesses would push the policy
        # off what it learnt, so it learns alone first (the policy's layers frozen).
        policy_layers = [*model.policy.mlp_extractor.policy_net.parameters()]
        policy_layers += [*model.policy.action_net.parameters()]
        for parameter in policy_layers:
            parameter.requires_grad_(False)
        model.learn(total_timesteps=args.critic_steps, reset_num_timesteps=False)
        for parameter in policy_layers:
            parameter.requires_grad_(True)
        print(f"value net warmed up over {args.critic_steps:,} steps", flush=True)
    chunk = max(n_steps * len(opponents), args.steps // args.checkpoints)
    try:
        for _ in range(args.checkpoints):
            model.learn(total_timesteps=chunk, reset_num_timesteps=False)
            partial = args.out / "partial-model.zip"
            model.save(partial)
            partial.replace(args.out / "model.zip")  # whole or not at all, should Ctrl-C come
            record("ppo", model.num_timesteps, network_of(model))
    except KeyboardInterrupt:
        print("interrupted: the checkpoints so far are kept", file=sys.stderr)
    ship(args)
    return 0


def ship(args: argparse.Namespace) -> None:
    """With --ship, the run's best policy goes into the package, where the agent finds it."""
    if args.ship:
        PACKAGE_POLICIES.mkdir(exist_ok=True)
        shutil.copy(
            args.out / "policy.npz",
            PACKAGE_POLICIES / policy_name(args.game, args.players, args.size),
        )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.evaluate is not None:
        return report(args)
    try:
        import sb3_contrib  # noqa: F401
    except ImportError:
        print("train_ppo: error: needs the rl extra (pip install -e '.[rl]')", file=sys.stderr)
        return 2
    return train(args)


if __name__ == "__main__":
    raise SystemExit(main())
