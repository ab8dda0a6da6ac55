"""The Flip & Fish balance report: heuristic players, many seeded games, a Markdown summary.

``python -m angler.games.flip_and_fish.balance [--games N] [--seed S] [--cards FILE] [--out F]``
plays N games for each player count (2, 3 and 4) with the heuristic agent in every seat and
reports what a designer tunes by: game length, the first player's win rate, how often each fish
type is caught when it bites, how often each ability fires and each equipment card is used.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rich.progress import Progress

from angler.agents import agent_seed, make_agent
from angler.core.errors import AnglerError
from angler.games.flip_and_fish.cards import ONGOING, TROPHY
from angler.games.flip_and_fish.events import Ability, Catch, GotAway, Speared, Use
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.games.flip_and_fish.rules import FlipAndFishState


@dataclass
class Totals:
    """What the games of one player count added up to."""

    games: int = 0
    turns: int = 0
    first_wins: float = 0.0
    closing_time: int = 0
    bites: Counter[str] = field(default_factory=Counter)  # by fish type
    caught: Counter[str] = field(default_factory=Counter)
    speared: Counter[str] = field(default_factory=Counter)
    abilities: Counter[str] = field(default_factory=Counter)
    equipment: Counter[str] = field(default_factory=Counter)


def play(game: FlipAndFishGame, seed: int) -> FlipAndFishState:
    state = game.new_state(seed)
    agents = [make_agent("heuristic", agent_seed(seed, seat), game) for seat in range(game.players)]
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply_action(agents[seat].act(state.view(seat), state.legal_actions(seat)), seat)
    return state


def add(totals: Totals, state: FlipAndFishState) -> None:
    cards = state.cards
    totals.games += 1
    totals.turns += state.turns
    winners = state.winners()
    totals.first_wins += (0 in winners) / len(winners)
    totals.closing_time += state.winner < 0
    for event in state.events:
        match event:
            case Catch() | GotAway():
                name = cards.cards[event.fish].type_name
                totals.bites[name] += 1
                totals.caught[name] += type(event) is Catch
            case Speared():
                totals.speared[cards.cards[event.fish].type_name] += 1
            case Ability():
                totals.abilities[event.effect] += 1
            case Use():
                totals.equipment[cards.equipment(event.card).effect] += 1


def interval(wins: float, games: int) -> str:
    """A share with its 95% normal-approximation interval, in percent."""
    share = wins / games
    half = 1.96 * math.sqrt(share * (1 - share) / games)
    return f"{100 * share:.1f}% ± {100 * half:.1f}"


def report(results: dict[int, Totals], game: FlipAndFishGame, seed: int, source: str) -> str:
    cards = game.cards
    lines = [
        f"Heuristic agents in every seat, {next(iter(results.values())).games} games per player "
        f"count, seeds {seed}…, cards: {source}.",
        "",
        "| players | mean turns | mean rounds | first player wins (par) | ended at closing time |",
        "|---|---|---|---|---|",
    ]
    for players, t in results.items():
        lines.append(
            f"| {players} | {t.turns / t.games:.1f} | {t.turns / t.games / players:.1f} | "
            f"{interval(t.first_wins, t.games)} ({100 / players:.0f}%) | "
            f"{100 * t.closing_time / t.games:.1f}% |"
        )
    everything = Totals()
    for t in results.values():
        everything.games += t.games
        for name in ("bites", "caught", "speared", "abilities", "equipment"):
            getattr(everything, name).update(getattr(t, name))
    types: dict[str, tuple[str, int | None, int]] = {}
    for card in cards.fishing_ids:
        fish = cards.fish(card)
        if fish.catch_rate is not None:
            kind = "trophy" if fish.kind == TROPHY else "regular"
            types.setdefault(fish.type_name, (kind, fish.catch_rate, 0))
            entry = types[fish.type_name]
            types[fish.type_name] = (entry[0], entry[1], entry[2] + 1)
    lines += [
        "",
        "Catch rate per fish type (all player counts): of the bites on it, the share landed.",
        "",
        "| fish | kind | catch rate | copies | bites | caught | landed | speared |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, (kind, rate, copies) in sorted(types.items(), key=lambda item: item[1][1] or 0):
        bites, caught = everything.bites[name], everything.caught[name]
        landed = f"{100 * caught / bites:.0f}%" if bites else "–"
        lines.append(
            f"| {name} | {kind} | {rate} | {copies} | {bites} | {caught} | {landed} | "
            f"{everything.speared[name]} |"
        )
    per_game = everything.games
    lines += ["", "| ability fired | per game |", "|---|---|"]
    printed = {card.ability.effect for card in map(cards.fish, cards.fishing_ids) if card.ability}
    for effect in sorted(printed, key=lambda e: -everything.abilities[e]):
        lines.append(f"| {effect} | {everything.abilities[effect] / per_game:.2f} |")
    lines += ["", "| equipment used (flip and discard cards) | per game |", "|---|---|"]
    usable = {
        card.effect for card in map(cards.equipment, cards.shopping_ids) if card.kind != ONGOING
    }
    for effect in sorted(usable, key=lambda e: -everything.equipment[e]):
        lines.append(f"| {effect} | {everything.equipment[effect] / per_game:.2f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--cards", default=None, help="card set file (JSON)")
    parser.add_argument("--out", default=None, help="write the Markdown report here")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        games = {n: FlipAndFishGame(n, cards=args.cards) for n in (2, 3, 4)}
        if args.out:
            # This entry point is a command line: it checks its output as the angler commands
            # do, before the long run rather than after it.
            from angler.cli.common import check_writable_file

            check_writable_file(Path(args.out))
    except AnglerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    results = {n: Totals() for n in games}
    with Progress(transient=True) as progress:
        task = progress.add_task("playing", total=args.games * len(games))
        for n, game in games.items():
            for seed in range(args.seed, args.seed + args.games):
                add(results[n], play(game, seed))
                progress.advance(task)
    text = report(results, games[3], args.seed, args.cards or "the bundled edition")
    if args.out:
        from angler.cli.common import write_text

        try:
            write_text(Path(args.out), text)
        except AnglerError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
