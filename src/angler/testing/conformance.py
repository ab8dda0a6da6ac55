"""The conformance checks: rules every angler game keeps, whatever its cards and rules.

Each ``check_*`` function plays seeded games through the public API only and raises
:class:`ConformanceError` naming the game, player count, seed and step where a rule broke.
:func:`check_game` runs them all; the test suite runs each on every registered game and every
player count, and anyone can run them on their own game the same way.

Randomness: the games draw from their own seeded chance; the random players here draw from their
own ``random.Random``, seeded by a name and the game seed, so every failure replays exactly.
"""

from __future__ import annotations

import importlib
import json
import math
import random
import signal
import threading
import weakref
from array import array
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, is_dataclass, replace
from types import FrameType
from typing import Any

from angler.core.errors import AnglerError, IllegalActionError, OptionError
from angler.core.events import (
    PUBLIC,
    Event,
    audience_of,
    event_from_json,
    event_to_json,
    kind_of,
    same_events,
)
from angler.core.fairness import fair_to_undo
from angler.core.fields import undeclared
from angler.core.game import Game
from angler.core.records import Record, parse_record, record_of, replay
from angler.core.registry import get_game, make_game
from angler.core.state import State
from angler.core.tensors import TensorLayout
from angler.core.view import View, same_view
from angler.testing.fairness import fair_by_redeal

MAX_STEPS = 100_000
"""A random game longer than this counts as one that never ends."""

Move = tuple[int, int]
"""``(seat, action code)`` as the random player chose it."""


class ConformanceError(AssertionError):
    """A game broke a rule every angler game must keep. The message says which and where."""


def _expect(ok: bool, message: str) -> None:
    if not ok:
        raise ConformanceError(message)


def _where(game: Game[Any, Any], seed: int, step: int | None = None) -> str:
    at = f" step {step}" if step is not None else ""
    return f"{game.name} {game.players}p seed {seed}{at}"


HANG_SECONDS = 5.0
"""One call that takes longer than this is taken for a hang (never a speed requirement)."""


@contextmanager
def hang_guard(what: str, seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Turn a call that never returns into a ConformanceError naming it.

    Works where the platform has interval timers and we are in the main thread (POSIX test
    runs); elsewhere the call runs unguarded.
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def expired(signum: int, frame: FrameType | None) -> None:
        raise ConformanceError(f"{what} did not return within {seconds:g} s (a hang?)")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def policy(seed: int, purpose: str) -> random.Random:
    """The random player's own generator for one check (never the global one)."""
    return random.Random(f"angler-conformance/{purpose}/{seed}")


# ----- what can be observed about a state -----
@dataclass(frozen=True)
class Snapshot:
    """Everything observable about a state: each seat's view, scores, the history and events,
    and who decides."""

    views: tuple[View, ...]
    scores: tuple[int, ...]
    history: tuple[tuple[int, int], ...]
    events: tuple[Event, ...]
    current: tuple[int, ...]
    terminal: bool

    def difference(self, other: Snapshot) -> str:
        """Where two snapshots differ, in words; empty when they are equal."""
        parts: list[str] = []
        for seat, (mine, theirs) in enumerate(zip(self.views, other.views, strict=False)):
            if not same_view(mine, theirs):
                parts.append(f"seat {seat}'s view ({_fields_differing(mine, theirs)})")
        if len(self.views) != len(other.views):
            parts.append("number of views")
        if self.scores != other.scores:
            parts.append(f"scores {list(self.scores)} vs {list(other.scores)}")
        if self.history != other.history:
            parts.append(f"history ({len(self.history)} vs {len(other.history)} actions)")
        if not same_events(self.events, other.events):
            parts.append(f"events ({len(self.events)} vs {len(other.events)})")
        if self.current != other.current:
            parts.append(f"deciding seats {self.current} vs {other.current}")
        if self.terminal != other.terminal:
            parts.append(f"game over {self.terminal} vs {other.terminal}")
        return "; ".join(parts)


def _fields_differing(a: object, b: object) -> str:
    if is_dataclass(a) and is_dataclass(b) and type(a) is type(b):
        names = [f.name for f in fields(a) if getattr(a, f.name) != getattr(b, f.name)]
        return "fields " + ", ".join(names)
    return "values differ"


def snapshot(state: State[Any]) -> Snapshot:
    """What every seat and the record can observe about ``state``."""
    return Snapshot(
        views=tuple(state.view(seat) for seat in range(state.game.players)),
        scores=tuple(state.scores()),
        history=tuple(state.history),
        events=tuple(state.events),
        current=tuple(state.current_players()),
        terminal=state.is_terminal(),
    )


def _expect_same(before: Snapshot, after: Snapshot, message: str) -> None:
    difference = before.difference(after)  # compares events' kinds too, as == does not
    if difference:
        raise ConformanceError(f"{message}: {difference}")


# ----- one step -----
def check_step(state: State[Any], where: str = "") -> None:
    """The protocol at one state: who decides, their legal actions, and the action texts."""
    game = state.game
    players = game.players
    current = state.current_players()
    _expect(isinstance(current, tuple), f"{where}: current_players() must return a tuple")
    if state.is_terminal():
        _expect(current == (), f"{where}: the game is over but seats {current} still decide")
        for seat in range(players):
            _expect(
                not state.legal_actions(seat),
                f"{where}: the game is over but seat {seat} has legal actions",
            )
        scores = state.scores()
        _expect(
            len(scores) == players and all(type(score) is int for score in scores),
            f"{where}: scores() must give one whole number per seat, not {scores}",
        )
        return
    _expect(bool(current), f"{where}: the game is not over but nobody decides")
    _expect(
        len(set(current)) == len(current) and all(0 <= seat < players for seat in current),
        f"{where}: current_players() {current} must be distinct seats 0 to {players - 1}",
    )
    if len(current) == 1:
        _expect(
            state.current_player() == current[0],
            f"{where}: current_player() disagrees with current_players()",
        )
    else:
        try:
            state.current_player()
        except IllegalActionError:
            pass
        else:
            raise ConformanceError(f"{where}: current_player() must raise when {current} decide")
    for seat in range(players):
        legal = state.legal_actions(seat)
        if seat not in current:
            _expect(not legal, f"{where}: seat {seat} does not decide but has legal actions")
            continue
        _expect(bool(legal), f"{where}: seat {seat} decides but has no legal action")
        if any(legal is known for known in _LISTS_CHECKED):
            continue  # a shared list (e.g. every aim on a table) already checked whole
        _expect(
            all(type(code) is int for code in legal),
            f"{where}: seat {seat}'s legal actions must be ints: {legal}",
        )
        _expect(
            len(set(legal)) == len(legal), f"{where}: seat {seat}'s legal actions repeat: {legal}"
        )
        checked = _TEXTS_CHECKED.setdefault(game, set())
        if not checked.issuperset(legal):
            for code in legal:
                _check_action_text(game, code, where, checked)
        if len(legal) > 100:
            _LISTS_CHECKED.append(legal)  # held, so its identity cannot be reused
            del _LISTS_CHECKED[:-16]


_LISTS_CHECKED: list[list[int]] = []
"""The last few long legal-action lists checked whole. States never change a list they gave out,
so the same object offered again needs no second check."""

_TEXTS_CHECKED: weakref.WeakKeyDictionary[Game[Any, Any], set[int]] = weakref.WeakKeyDictionary()
"""Codes whose texts were already checked, by game: a text depends on the code alone."""


def _check_action_text(game: Game[Any, Any], code: int, where: str, checked: set[int]) -> None:
    if code in checked:
        return
    text = game.action_to_string(code)
    _expect(
        isinstance(text, str) and text == text.strip() and "\n" not in text and text != "",
        f"{where}: action {code} has no one-line canonical text ({text!r})",
    )
    back = game.action_from_string(text)
    _expect(back == code, f"{where}: action {code} -> {text!r} -> {back}: texts must round-trip")
    checked.add(code)


def check_views(state: State[Any], where: str = "") -> None:
    """Each seat's view says whose it is, and is JSON-ready through ``as_dict()``; its events
    are the game's declared ones, public or its own, and read back from their JSON unchanged."""
    game = state.game
    for seat in range(game.players):
        view = state.view(seat)
        _expect(
            isinstance(view, View)
            and view.game == game.name
            and view.player == seat
            and view.players == game.players,
            f"{where}: seat {seat}'s view must name the game, the seat and the player count",
        )
        try:
            json.dumps(view.as_dict())
        except (TypeError, ValueError) as exc:
            raise ConformanceError(f"{where}: seat {seat}'s view is not JSON-ready: {exc}") from exc
        _expect(same_view(state.view(seat), view), f"{where}: two views of one seat differ")
        _check_events(game, view.events, seat, f"{where}: seat {seat}'s view")


def _check_events(game: Game[Any, Any], events: Iterable[Event], seat: int, where: str) -> None:
    declared = set(game.event_types)
    for event in events:
        _expect(
            type(event) in declared,
            f"{where}: {event!r} is not one of the game's event_types",
        )
        _expect(
            audience_of(event) in (PUBLIC, seat),
            f"{where}: holds {event!r}, meant for seat {audience_of(event)} alone",
        )
        data = event_to_json(event)
        try:
            back = event_from_json(json.loads(json.dumps(data)), game.event_types)
        except AnglerError as exc:
            raise ConformanceError(f"{where}: {data} does not read back: {exc}") from exc
        _expect(
            type(back) is type(event) and back == event,
            f"{where}: {event!r} reads back from JSON as {back!r}",
        )


# ----- playing -----
def choose(state: State[Any], rng: random.Random) -> Move:
    """A uniformly random deciding seat and one of its legal actions."""
    current = state.current_players()
    seat = current[0] if len(current) == 1 else rng.choice(current)
    return seat, rng.choice(state.legal_actions(seat))


def play_random(
    state: State[Any],
    rng: random.Random,
    *,
    steps: int | None = None,
    check: bool = False,
    where: str = "",
) -> list[Move]:
    """Play random legal actions (``steps`` of them, or to the end); returns what was played.

    With ``check``, :func:`check_step` runs before every action and at the end.
    """
    played: list[Move] = []
    limit = MAX_STEPS if steps is None else steps
    while not state.is_terminal() and len(played) < limit:
        if check:
            check_step(state, f"{where} step {len(played)}")
        seat, action = choose(state, rng)
        _apply_legal(state, seat, action, f"{where} step {len(played)}")
        played.append((seat, action))
    if steps is None:
        _expect(state.is_terminal(), f"{where}: no end after {MAX_STEPS} random actions")
    if check:
        check_step(state, f"{where} step {len(played)}")
    return played


def _apply_legal(state: State[Any], seat: int, action: int, where: str) -> None:
    """Apply an action the state offered; any error here is the game's fault."""
    try:
        state.apply_action(action, seat)
    except Exception as exc:
        raise ConformanceError(
            f"{where}: seat {seat}'s legal action {action} failed: {type(exc).__name__}: {exc}"
        ) from exc


def apply_all(state: State[Any], moves: Iterable[Move], where: str = "") -> None:
    """Apply moves known to be legal (played before from the same start); an error here means
    the game diverged from its earlier self."""
    for step, (seat, action) in enumerate(moves):
        _apply_legal(state, seat, action, f"{where} (replaying move {step})")


def _replayed(
    game: Game[Any, Any], seed: int, moves: Sequence[Move], where: str = ""
) -> State[Any]:
    state: State[Any] = game.new_state(seed)
    apply_all(state, moves, where)
    return state


def _points(rng: random.Random, length: int, count: int) -> list[int]:
    """Step 0 and up to ``count - 1`` other distinct steps in ``range(length)``, sorted."""
    others = rng.sample(range(1, length), min(count - 1, length - 1)) if length > 1 else []
    return [0, *sorted(others)]


# ----- the checks -----
def check_declaration(game_name: str) -> None:
    """Metadata declared once and enforced: name, player counts, options."""
    cls = get_game(game_name)
    _expect(cls.name == game_name, f"{game_name}: registered under another name ({cls.name})")
    _expect(
        cls.min_players <= cls.default_players <= cls.max_players,
        f"{game_name}: default_players must lie between min_players and max_players",
    )
    names = [option.name for option in cls.options]
    _expect(len(set(names)) == len(names), f"{game_name}: two options share a name")
    _expect(make_game(game_name).players == cls.default_players, f"{game_name}: default players")
    for players in (cls.min_players - 1, cls.max_players + 1):
        try:
            make_game(game_name, players)
        except OptionError:
            continue
        raise ConformanceError(f"{game_name}: {players} players must raise OptionError")
    for players in range(cls.min_players, cls.max_players + 1):
        game = make_game(game_name, players)
        _expect(game.players == players, f"{game_name}: made for {game.players}, not {players}")


def check_random_playouts(
    game: Game[Any, Any], seeds: Iterable[int], step_checked: int | None = None
) -> int:
    """Seeded random games reach the end, the protocol holding at every step (in the first
    ``step_checked`` games only, if given: the rest are checked at their end, which costs a
    quarter as much). Returns the steps played."""
    total = 0
    for index, seed in enumerate(seeds):
        where = _where(game, seed)
        state = game.new_state(seed)
        views = index < 5  # views are JSON-checked in the first few games (it is costly)
        if views:
            check_views(state, f"{where} start")
        every_step = step_checked is None or index < step_checked
        total += len(play_random(state, policy(seed, "playout"), check=every_step, where=where))
        if views:
            check_views(state, f"{where} end")
        if not every_step:
            check_step(state, f"{where} end")
        scores = state.scores()
        ranking = state.ranking()
        winners = state.winners()
        _expect(
            len(ranking) == game.players and min(ranking) == 1,
            f"{where}: ranking {ranking} must give a place to every seat, best 1",
        )
        _expect(
            winners == [seat for seat in range(game.players) if ranking[seat] == 1]
            and all(scores[seat] == max(scores) for seat in winners),
            f"{where}: winners {winners} must be the seats with the top score {scores}",
        )
    return total


def check_clone_independence(game: Game[Any, Any], seed: int, points: int = 3) -> None:
    """A clone equals its original, then lives its own life; the same actions end the same."""
    moves = play_random(game.new_state(seed), policy(seed, "clone"))
    loose = undeclared(type(game.new_state(seed)))
    _expect(
        not loose,
        f"{_where(game, seed)}: state fields without a copy policy (FIELDS): {', '.join(loose)}",
    )
    for k in _points(policy(seed, "clone-points"), len(moves), points):
        where = _where(game, seed, k)
        state = _replayed(game, seed, moves[:k], where)
        before = snapshot(state)
        twin = state.clone()
        _expect(twin is not state and type(twin) is type(state), f"{where}: clone() type")
        _expect_same(before, snapshot(twin), f"{where}: a fresh clone differs from its original")
        future = play_random(twin, policy(seed, f"clone-future/{k}"))
        _expect_same(before, snapshot(state), f"{where}: playing on a clone changed the original")
        other = state.clone()
        other_before = snapshot(other)
        apply_all(state, future, where)
        _expect_same(
            other_before, snapshot(other), f"{where}: playing on a state changed its clone"
        )
        _expect_same(
            snapshot(twin),
            snapshot(state),
            f"{where}: a clone and its original given the same actions end differently",
        )
        apply_all(other, future, where)
        _expect(
            other.scores() == state.scores()
            and other.history == state.history
            and same_events(other.events, state.events),
            f"{where}: a second clone given the same actions ends differently",
        )


def _replay(record: Record, where: str, to_step: int | None = None) -> State[Any]:
    try:
        return replay(record, to_step)
    except AnglerError as exc:
        raise ConformanceError(f"{where}: the game's own record does not replay: {exc}") from exc


def _parse(text: str, where: str) -> Record:
    try:
        return parse_record(text)
    except AnglerError as exc:
        raise ConformanceError(f"{where}: the game's own record does not parse: {exc}") from exc


def check_record_replay(game: Game[Any, Any], seed: int, points: int = 3) -> None:
    """play -> record -> text -> parse -> replay gives the same game, at the end and at step k."""
    moves = play_random(game.new_state(seed), policy(seed, "record"))
    steps = _points(policy(seed, "record-points"), len(moves), points)
    saved: dict[int, State[Any]] = {}
    state = game.new_state(seed)
    for step, (seat, action) in enumerate(moves):
        if step in steps:
            saved[step] = state.clone()
        state.apply_action(action, seat)
    where = _where(game, seed)
    record = record_of(state)
    text = record.dumps()
    _expect(json.loads(text) == record.to_json(), f"{where}: dumps() is not to_json() as text")
    parsed = _parse(text, where)
    _expect(parsed.to_json() == record.to_json(), f"{where}: parse_record(dumps()) lost something")
    _expect(
        record.result is not None and record.result.get("scores") == state.scores(),
        f"{where}: the record of a finished game must carry its scores",
    )
    _expect(len(record.actions) == len(moves), f"{where}: the record must hold every action")
    _expect_same(
        snapshot(state), snapshot(_replay(parsed, where)), f"{where}: the replayed game differs"
    )
    for step, original in saved.items():
        at = _where(game, seed, step)
        _expect_same(
            snapshot(original),
            snapshot(_replay(parsed, at, step)),
            f"{at}: replay(to_step={step}) differs from the game after {step} actions",
        )
        partial = _parse(record_of(original).dumps(), at)
        _expect(partial.result is None, f"{at}: an unfinished game's record has a result")
        _expect_same(
            snapshot(original),
            snapshot(_replay(partial, at)),
            f"{at}: the record of an unfinished game replays differently",
        )


def check_same_seed_same_game(game: Game[Any, Any], seed: int) -> None:
    """The same seed and the same actions give the same game, step by step."""
    where = _where(game, seed)
    first, second = game.new_state(seed), game.new_state(seed)
    _expect_same(snapshot(first), snapshot(second), f"{where}: one seed dealt two games")
    first_rng, second_rng = policy(seed, "same-seed"), policy(seed, "same-seed")
    step = 0
    while not first.is_terminal():
        a = play_random(first, first_rng, steps=50)
        b = play_random(second, second_rng, steps=50)
        step += len(a)
        _expect(a == b, f"{where}: the same choices met different legal actions by step {step}")
        _expect_same(snapshot(first), snapshot(second), f"{where} step {step}: games diverged")
    _expect(second.is_terminal(), f"{where}: one of two equal games did not end")


def check_seeds_differ(game: Game[Any, Any], seeds: Iterable[int]) -> None:
    """Different seeds deal different games (the seed reaches the shuffles)."""
    seeds = list(seeds)
    deals = []
    for seed in seeds:
        state = game.new_state(seed)
        deals.append((snapshot(state).views, game.secrets(state)))
    _expect(len(deals) >= 2, "check_seeds_differ needs two seeds or more")
    _expect(
        any(deal != deals[0] for deal in deals[1:]),
        f"{game.name} {game.players}p: seeds {seeds} all deal the same game",
    )


def _numpy_random() -> Any:
    try:
        return importlib.import_module("numpy.random")
    except ImportError:
        return None


def check_global_random_untouched(game: Game[Any, Any], seed: int) -> None:
    """The engine neither reads nor moves the global ``random`` (or numpy) generator."""
    where = _where(game, seed)
    numpy_random = _numpy_random()
    saved = random.getstate()
    try:
        # Untouched: playing, cloning, viewing and re-dealing leave the global state as it was.
        random.seed(f"angler-conformance/global/{seed}")
        numpy_next = None
        if numpy_random is not None:
            numpy_random.seed(seed % 2**32)
            numpy_next = numpy_random.random()
            numpy_random.seed(seed % 2**32)
        before = random.getstate()
        state = game.new_state(seed)
        moves = play_random(state, policy(seed, "global"), steps=120)
        twin = state.clone()
        for seat in range(game.players):
            game.search.determinise(twin.view(seat), random.Random(seed))
        moves += play_random(state, policy(seed, "global-rest"))
        _expect(random.getstate() == before, f"{where}: the engine used the global random module")
        if numpy_random is not None:
            _expect(
                numpy_random.random() == numpy_next,
                f"{where}: the engine used numpy's global generator",
            )
        # Disturbed: reseeding and drawing from the globals between steps changes nothing.
        random.seed(-seed)
        disturbed = game.new_state(seed)
        for step, move in enumerate(moves):
            random.seed(step * 7919 + seed)
            random.random()
            random.shuffle(list(range(10)))
            if numpy_random is not None:
                numpy_random.seed(step % 2**32)
                numpy_random.random()
            apply_all(disturbed, [move], f"{where} step {step} (global generators disturbed)")
        _expect_same(snapshot(state), snapshot(disturbed), f"{where}: the global generators count")
    finally:
        random.setstate(saved)


def check_determinise(
    game: Game[Any, Any],
    seed: int,
    *,
    points: int = 4,
    samples: int = 3,
    play_on: bool = True,
    require_variation: bool = True,
) -> tuple[int, int]:
    """Re-dealing a seat's view keeps that view exactly and varies what it hides.

    At random mid-game states, for each seat: ``game.search.determinise(view, rng)`` for several
    rngs
    must give states whose ``view(seat)`` equals the original view, whose deciding seats agree,
    that are reproducible from the rng's seed, and that play on to the end under the rules. The
    other seats' views (or what no seat sees, ``game.secrets``) must differ between re-deals at
    least sometimes, or the view pins the hidden cards. Returns ``(views re-dealt, views whose
    re-deals varied)``.
    """
    moves = play_random(game.new_state(seed), policy(seed, "determinise"))
    checked = varied = 0
    rng = policy(seed, "determinise-points")
    steps = _points(rng, len(moves), points + 1)[1:]
    state = game.new_state(seed)
    done = 0
    for k in steps:
        apply_all(state, moves[done:k])
        done = k
        check_views(state, _where(game, seed, k))
        for seat in range(game.players):
            where = f"{_where(game, seed, k)} seat {seat}"
            view = state.view(seat)
            others: list[tuple[tuple[View, ...], Any]] = []
            for sample in range(samples):
                dealt = game.search.determinise(view, random.Random(f"{seed}/{k}/{seat}/{sample}"))
                _expect(dealt is not state, f"{where}: determinise returned the state itself")
                _expect(
                    same_view(dealt.view(seat), view),
                    f"{where} sample {sample}: a re-deal shows the seat another view "
                    f"({_fields_differing(view, dealt.view(seat))})",
                )
                _expect(
                    dealt.current_players() == state.current_players()
                    and dealt.is_terminal() == state.is_terminal(),
                    f"{where} sample {sample}: a re-deal changes who decides",
                )
                others.append(
                    (
                        tuple(dealt.view(b) for b in range(game.players) if b != seat),
                        game.secrets(dealt),
                    )
                )
                if sample == 0:
                    again = game.search.determinise(
                        view, random.Random(f"{seed}/{k}/{seat}/{sample}")
                    )
                    _expect_same(
                        snapshot(dealt),
                        snapshot(again),
                        f"{where}: the same rng seed re-deals differently",
                    )
                    if play_on:
                        play_random(
                            again, policy(seed, f"det-on/{k}/{seat}"), check=True, where=where
                        )
            _expect(
                same_view(state.view(seat), view), f"{where}: determinise changed the true state"
            )
            checked += 1
            varied += any(other != others[0] for other in others[1:])
    if require_variation and checked:
        _expect(
            varied > 0,
            f"{_where(game, seed)}: {checked} re-deals never varied the hidden cards",
        )
    return checked, varied


def check_spectator_view(
    game: Game[Any, Any], seed: int, *, points: int = 3, samples: int = 2
) -> int:
    """The view of no seat, ``state.view(PUBLIC)``, shows every public thing and nothing private.

    At the start, at random mid-game states and at the end: it names the game, PUBLIC and the
    player count; holds public events only; is JSON-ready through ``as_dict()``; is the same on a
    second call; and a spectator has no legal action. Then, for every seat, each re-deal of that
    seat's view (``game.search.determinise`` with several rngs) must show a spectator exactly the
    real spectator view: a field that differs holds something the re-deal may change, so
    something that seat cannot see. Returns how many re-deals were compared.
    """
    moves = play_random(game.new_state(seed), policy(seed, "spectator"))
    steps = _points(policy(seed, "spectator-points"), len(moves) + 1, points + 1)
    if steps[-1] != len(moves):
        steps.append(len(moves))  # the finished game too
    state = game.new_state(seed)
    compared = done = 0
    for k in steps:
        apply_all(state, moves[done:k])
        done = k
        where = f"{_where(game, seed, k)} spectator"
        watched = state.view(PUBLIC)
        _check_spectator_view(state, watched, where)
        for seat in range(game.players):
            view = state.view(seat)
            for sample in range(samples):
                dealt = game.search.determinise(view, random.Random(f"{seed}/{k}/{seat}/{sample}"))
                twin = dealt.view(PUBLIC)
                _expect(
                    twin == watched,
                    f"{where}: a re-deal of seat {seat}'s view shows a spectator another view "
                    f"({_fields_differing(watched, twin)}): it shows what seat {seat} cannot see",
                )
                compared += 1
        _expect(
            same_view(state.view(PUBLIC), watched), f"{where}: re-dealing changed the true state"
        )
    return compared


def _check_spectator_view(state: State[Any], view: View, where: str) -> None:
    game = state.game
    _expect(
        isinstance(view, View)
        and view.game == game.name
        and view.player == PUBLIC
        and view.players == game.players,
        f"{where}: view(PUBLIC) must name the game, PUBLIC ({PUBLIC}) and the player count",
    )
    private = [event for event in view.events if audience_of(event) != PUBLIC]
    _expect(not private, f"{where}: holds {private[:1]!r}, meant for one seat alone")
    _check_events(game, view.events, PUBLIC, where)
    try:
        json.dumps(view.as_dict())
    except (TypeError, ValueError) as exc:
        raise ConformanceError(f"{where}: the view is not JSON-ready: {exc}") from exc
    _expect(same_view(state.view(PUBLIC), view), f"{where}: two spectator views differ")
    _expect(not state.legal_actions(PUBLIC), f"{where}: a spectator has legal actions")


def _event_marks(state: State[Any]) -> list[int]:
    """How many events each seat's view holds now: what comes later is compared."""
    return [len(state.view(seat).events) for seat in range(state.game.players)]


def _same_position(
    state: State[Any], twin: State[Any], marks: tuple[list[int], list[int]], where: str
) -> None:
    """Every seat sees the same (events since ``marks`` only), has the same legal actions, and
    the scores, deciding seats and end agree."""
    for seat in range(state.game.players):
        mine, theirs = state.view(seat), twin.view(seat)
        _expect(
            replace(mine, events=()) == replace(theirs, events=()),
            f"{where}: seat {seat}'s view differs "
            f"({_fields_differing(replace(mine, events=()), replace(theirs, events=()))})",
        )
        _expect(
            mine.events[marks[0][seat] :] == theirs.events[marks[1][seat] :],
            f"{where}: seat {seat} sees other events",
        )
        _expect(
            list(state.legal_actions(seat)) == list(twin.legal_actions(seat)),
            f"{where}: seat {seat}'s legal actions differ",
        )
    _expect(
        state.scores() == twin.scores(), f"{where}: scores {twin.scores()}, not {state.scores()}"
    )
    _expect(
        state.current_players() == twin.current_players(),
        f"{where}: seats {twin.current_players()} decide, not {state.current_players()}",
    )
    _expect(state.is_terminal() == twin.is_terminal(), f"{where}: the end differs")


def _laid_out_again(game: Game[Any, Any], state: State[Any], seed: int, where: str) -> State[Any]:
    """``state`` written by ``setup_of``, passed through JSON and laid out again from ``seed``."""
    before = snapshot(state)
    setup = game.setup_of(state)
    _expect_same(before, snapshot(state), f"{where}: setup_of changed the state")
    try:
        text = json.dumps(setup)
    except (TypeError, ValueError) as exc:
        raise ConformanceError(f"{where}: setup_of is not JSON-ready: {exc}") from exc
    try:
        twin: State[Any] = game.state_from_setup(json.loads(text), seed)
    except AnglerError as exc:
        raise ConformanceError(f"{where}: the set-up setup_of wrote is refused: {exc}") from exc
    return twin


def check_setup_round_trip(
    game: Game[Any, Any], seed: int, points: int = 4, steps: int = 6
) -> None:
    """Any position reached in play can be written down: at random positions where someone
    decides, ``game.state_from_setup(setup_of(state), seed)`` (the set-up passed through JSON)
    shows every seat the same view, the log aside (a set-up carries no history), offers every
    seat the same legal actions, and has the same scores, deciding seats and end. Then the same
    actions keep the two equal, new events included, for ``steps`` moves: the set-up's
    ``chance_counter`` makes even their chance events agree. The game's final position too is
    laid out again as a finished game: the same views, no legal actions, the same scores and
    winners."""
    final = game.new_state(seed)
    moves = play_random(final, policy(seed, "setup"))  # to the end (or a ConformanceError)
    for k in _points(policy(seed, "setup-points"), len(moves), points):
        where = _where(game, seed, k)
        state = _replayed(game, seed, moves[:k], where)
        twin = _laid_out_again(game, state, seed, where)
        marks = (_event_marks(state), _event_marks(twin))
        _same_position(state, twin, marks, f"{where} (from its set-up)")
        for step, (seat, action) in enumerate(moves[k : k + steps], 1):
            at = f"{where} (from its set-up, {step} moves on)"
            _apply_legal(state, seat, action, at)
            _apply_legal(twin, seat, action, at)
            _same_position(state, twin, marks, at)
    where = f"{_where(game, seed, len(moves))}, the end"
    twin = _laid_out_again(game, final, seed, where)
    _expect(twin.is_terminal(), f"{where}: the set-up lays out a game that is not over")
    _same_position(
        final, twin, (_event_marks(final), _event_marks(twin)), f"{where} (from its set-up)"
    )
    _expect(
        not any(twin.legal_actions(seat) for seat in range(game.players)),
        f"{where} (from its set-up): a finished game offers legal actions",
    )
    _expect(
        final.winners() == twin.winners(),
        f"{where} (from its set-up): winners {twin.winners()}, not {final.winners()}",
    )


def _check_illegal(
    state: State[Any], code: int, seat: int, where: str, as_text: bool = False
) -> None:
    before = snapshot(state)
    legal_before = list(state.legal_actions(seat)) if 0 <= seat < state.game.players else []
    try:
        with hang_guard(f"{where}: apply_action({code}, {seat})"):
            if as_text:
                state.apply(state.game.action_to_string(code), seat)
            else:
                state.apply_action(code, seat)
    except ConformanceError:
        raise
    except IllegalActionError as exc:
        message = str(exc)
        _expect(
            "\n" not in message and bool(exc.rule) and exc.rule in message,
            f"{where}: the error for {code} by seat {seat} must be one line naming a rule: "
            f"{message!r}",
        )
    except Exception as exc:
        raise ConformanceError(
            f"{where}: action {code} by seat {seat} raised {type(exc).__name__} ({exc}), "
            "not IllegalActionError"
        ) from exc
    else:
        raise ConformanceError(f"{where}: action {code} by seat {seat} was accepted")
    _expect_same(before, snapshot(state), f"{where}: a refused action {code} changed the state")
    if 0 <= seat < state.game.players:
        _expect(
            state.legal_actions(seat) == legal_before,
            f"{where}: a refused action changed seat {seat}'s legal actions",
        )


def check_illegal_actions(game: Game[Any, Any], seed: int, points: int = 6) -> None:
    """Codes not legal now, and seats that do not decide now, raise and change nothing."""
    moves = play_random(game.new_state(seed), policy(seed, "illegal"))
    steps = set(_points(policy(seed, "illegal-points"), len(moves), points))
    steps.add(len(moves))  # the end of the game too
    known: set[int] = set()
    state = game.new_state(seed)
    for step in range(len(moves) + 1):
        current = state.current_players()
        for seat in current:
            known.update(state.legal_actions(seat))
        if step in steps:
            where = _where(game, seed, step)
            rng = policy(seed, f"illegal/{step}")
            for seat in current:
                legal = set(state.legal_actions(seat))
                candidates = sorted(known - legal)
                wrong = rng.sample(candidates, min(3, len(candidates)))
                for code in [*wrong, -1, -(2**20), 2**40]:
                    _check_illegal(state, code, seat, where)
                if wrong:
                    _check_illegal(state, wrong[0], seat, where, as_text=True)
            offered = sorted({a for seat in current for a in state.legal_actions(seat)})
            offered = offered or sorted(known)[:3]
            for seat in [-1, *range(game.players), game.players]:
                if seat in current:
                    continue
                for code in rng.sample(offered, min(2, len(offered))):
                    _check_illegal(state, code, seat, where)
        if step < len(moves):
            seat, action = moves[step]
            state.apply_action(action, seat)


ENCODING_SAMPLE = 64
"""How many codes of a long legal list already checked whole are checked again (a sample)."""


def check_encoding(
    game: Game[Any, Any], seeds: Iterable[int], *, twins: int = 3, samples: int = 2
) -> int:
    """A game's ``encoding`` keeps the rules of ``core/encoding.py`` in seeded random games.

    At every position, for every deciding seat: each legal code has an index in
    ``range(action_count())``, different codes have different indices, and ``action_code`` gives
    each code back; the observation of that seat's view, and of the spectator's, has
    ``observation_size()`` finite numbers, each within its index's ``observation_limits()``
    (an interval per index, within ``observation_bounds()``). (A long legal list offered
    again, the same object, is checked on a sample of its codes.) At ``twins`` random positions
    per game, for every seat: the re-deals of its view (``game.search.determinise``) give that
    seat, and a spectator, the same observation as the real game, so an observation shows
    nothing its view hides; and an index beyond ``action_count()`` is refused with ValueError.
    Returns the positions checked.
    """
    encoding = game.encoding
    _expect(encoding is not None, f"{game.name}: the game has no encoding to check")
    assert encoding is not None
    count = encoding.action_count()
    shape = encoding.observation_shape()
    size = encoding.observation_size()
    _expect(
        type(count) is int and count > 0,
        f"{game.name} {game.players}p: action_count() must be a whole number above 0",
    )
    _expect(
        isinstance(shape, tuple) and all(type(d) is int and d > 0 for d in shape),
        f"{game.name} {game.players}p: observation_shape() must be a tuple of positive ints",
    )
    _expect(
        size == math.prod(shape),
        f"{game.name} {game.players}p: observation_size() is not the product of the shape",
    )
    limits = _checked_limits(encoding, size, f"{game.name} {game.players}p")
    longest = encoding.max_game_length()
    _expect(
        longest is None or (type(longest) is int and longest > 0),
        f"{game.name} {game.players}p: max_game_length() must be None or a whole number above 0",
    )
    checked_lists: list[list[int]] = []  # held, so their identities cannot be reused
    positions = 0
    for seed in seeds:
        moves = play_random(game.new_state(seed), policy(seed, "encoding"))
        _expect(
            longest is None or len(moves) <= longest,
            f"{game.name} {game.players}p seed {seed}: {len(moves)} decisions, past "
            f"max_game_length() = {longest}",
        )
        rng = policy(seed, "encoding-points")
        points = set(_points(rng, len(moves) + 1, twins + 1)[1:])
        state = game.new_state(seed)
        for step in range(len(moves) + 1):
            where = _where(game, seed, step)
            _check_observation(encoding, state.view(PUBLIC), limits, f"{where} spectator")
            for seat in state.current_players():
                view = state.view(seat)
                _check_observation(encoding, view, limits, f"{where} seat {seat}")
                legal = state.legal_actions(seat)
                again = any(legal is known for known in checked_lists)
                codes = rng.sample(legal, min(ENCODING_SAMPLE, len(legal))) if again else legal
                _check_indices(encoding, view, codes, count, f"{where} seat {seat}")
                _check_bulk(encoding, view, codes, count, f"{where} seat {seat}")
                if len(legal) > 100 and not again:
                    checked_lists.append(legal)
                    del checked_lists[:-16]
            if step in points:
                _check_twins(game, state, seed, step, samples)
            positions += 1
            if step < len(moves):
                seat, action = moves[step]
                _apply_legal(state, seat, action, where)
    return positions


Limits = tuple[list[float], list[float]]
"""Each index's least and greatest number, as ``Encoding.observation_limits()`` gives them."""


def _checked_limits(encoding: Any, size: int, label: str) -> Limits:
    """The encoding's limits, once they are shown to be an interval per index, one per number
    of the observation, within ``observation_bounds()``."""
    bottom, top = encoding.observation_bounds()
    _expect(
        bottom <= top and not (math.isnan(bottom) or math.isnan(top)),
        f"{label}: observation_bounds() {bottom, top} is no interval",
    )
    low, high = (list(side) for side in encoding.observation_limits())
    _expect(
        len(low) == size and len(high) == size,
        f"{label}: observation_limits() must give observation_size() = {size} lows and highs, "
        f"not {len(low)} and {len(high)}",
    )
    wrong = next((i for i in range(size) if not low[i] <= high[i]), None)  # NaN fails too
    if wrong is not None:
        raise ConformanceError(
            f"{label}: observation_limits() at {_place(encoding, wrong)} is no interval "
            f"{low[wrong], high[wrong]}"
        )
    _expect(
        bottom <= min(low) and max(high) <= top,
        f"{label}: observation_bounds() {bottom, top} does not hold every index's limits "
        f"({min(low)} to {max(high)})",
    )
    return low, high


def _place(encoding: Any, index: int) -> str:
    """An observation index by its block when the encoding has a layout: ``scores[2] (index
    2310)``."""
    layout = getattr(encoding, "layout", None)
    if isinstance(layout, TensorLayout) and 0 <= index < layout.size:
        block = layout.block_at(index)
        return f"{block.name}[{index - block.offset}] (index {index})"
    return f"index {index}"


def _check_observation(encoding: Any, view: View, limits: Limits, where: str) -> list[float]:
    low, high = limits
    size = len(low)
    observation = encoding.observation(view)
    _expect(
        isinstance(observation, list) and len(observation) == size,
        f"{where}: the observation must be a list of observation_size() = {size} numbers",
    )
    _expect(
        all(type(x) is float and math.isfinite(x) for x in observation),
        f"{where}: the observation holds a number that is not a finite float",
    )
    outside = next(
        (
            i
            for i, (x, lo, hi) in enumerate(zip(observation, low, high, strict=True))
            if not lo <= x <= hi
        ),
        None,
    )
    if outside is not None:
        raise ConformanceError(
            f"{where}: {observation[outside]} at {_place(encoding, outside)} lies outside its "
            f"observation_limits() [{low[outside]}, {high[outside]}]"
        )
    numbers = encoding.observation_array(view)
    _expect(
        isinstance(numbers, array) and numbers.typecode == "d" and numbers.tolist() == observation,
        f"{where}: observation_array() is not an array('d') of observation()'s numbers",
    )
    return list(observation)


def _check_bulk(encoding: Any, view: View, codes: Sequence[int], count: int, where: str) -> None:
    """The bulk forms agree with ``action_index`` one code at a time."""
    one_by_one = [encoding.action_index(view, code) for code in codes]
    _expect(
        encoding.action_indices(view, codes) == one_by_one,
        f"{where}: action_indices() differs from action_index() code by code",
    )
    mask = encoding.action_mask(view, codes)
    _expect(
        isinstance(mask, bytearray) and len(mask) == count,
        f"{where}: action_mask() must be a bytearray of action_count() = {count} bytes",
    )
    legal = set(one_by_one)
    wrong = [i for i, bit in enumerate(mask) if bit != (i in legal)]
    _expect(not wrong, f"{where}: action_mask() is wrong at index {wrong[:1]}")


def _check_indices(encoding: Any, view: View, codes: Sequence[int], count: int, where: str) -> None:
    seen: dict[int, int] = {}
    for code in codes:
        try:
            index = encoding.action_index(view, code)
        except ValueError as exc:
            raise ConformanceError(f"{where}: legal code {code} has no index ({exc})") from exc
        _expect(
            type(index) is int and 0 <= index < count,
            f"{where}: legal code {code} has index {index!r}, not in range({count})",
        )
        _expect(
            index not in seen,
            f"{where}: legal codes {seen.get(index)} and {code} share index {index}",
        )
        seen[index] = code
        back = encoding.action_code(view, index)
        _expect(back == code, f"{where}: index {index} of code {code} gives code {back} back")


def _check_twins(
    game: Game[Any, Any], state: State[Any], seed: int, step: int, samples: int
) -> None:
    encoding: Any = game.encoding
    watched = encoding.observation(state.view(PUBLIC))
    for seat in range(game.players):
        where = f"{_where(game, seed, step)} seat {seat}"
        view = state.view(seat)
        mine = encoding.observation(view)
        _expect(encoding.observation(view) == mine, f"{where}: two observations of a view differ")
        for sample in range(samples):
            twin = game.search.determinise(view, random.Random(f"encoding/{seed}/{step}/{sample}"))
            _expect(
                encoding.observation(twin.view(seat)) == mine,
                f"{where} re-deal {sample}: the observation differs, so it shows what the "
                "view hides",
            )
            _expect(
                encoding.observation(twin.view(PUBLIC)) == watched,
                f"{where} re-deal {sample}: a spectator's observation differs",
            )
    count = encoding.action_count()
    for index in (count, -1):
        try:
            encoding.action_code(state.view(0), index)
        except ValueError:
            continue
        raise ConformanceError(f"{_where(game, seed, step)}: action_code accepts index {index}")


@dataclass
class UndoTally:
    """What ``check_undo_fairness`` saw: moves compared, and those the events call final where
    the re-deals found nothing shown (the maker knew the card already: see the check)."""

    moves: int = 0
    known_already: list[str] = field(default_factory=list)


def check_undo_fairness(game: Game[Any, Any], seed: int, tally: UndoTally | None = None) -> None:
    """Undo fairness decided from a move's events (``core/fairness.py``) agrees with re-dealing
    what its maker could not see and replaying it (``testing/fairness.py``), at every move of a
    seeded random game.

    The events may never let an undo through that the re-deals refuse: a move that showed its
    maker something without an event saying so is a missing ``reveals`` (or an event that hides
    what it shows). The other way, the events call a move final where the re-deals do not only
    when every revealing event it added showed what its maker could already tell: the one card
    left in a pile he had counted, a fish he had looked at with a Fish Finder. An event says what
    is turned up, not what each seat happens to know; those moves are kept in ``tally``."""
    state = game.new_state(seed)
    rng = policy(seed, "undo-fairness")
    step = 0
    while not state.is_terminal():
        seat, action = choose(state, rng)
        before = state.clone()
        _apply_legal(state, seat, action, f"{_where(game, seed, step)}")
        by_events = fair_to_undo(before, state, seat)
        by_redeal = fair_by_redeal(before, state, seat, action)
        where = f"{_where(game, seed, step)} seat {seat} {game.action_to_string(action)!r}"
        if by_events and not by_redeal:
            new = [kind_of(event) for event in state.events[len(before.events) :]]
            raise ConformanceError(
                f"{where}: the move showed its maker something hidden, yet no event it added "
                f"({', '.join(new) or 'none'}) reveals it: declare reveals= on the event kind"
            )
        if tally is not None:
            tally.moves += 1
            if by_redeal and not by_events:
                tally.known_already.append(where)
        step += 1


def check_game(
    game_name: str,
    players: int | Iterable[int] | None = None,
    seeds: Iterable[int] = range(3),
) -> None:
    """Every check on ``game_name`` for each player count (all of them by default)."""
    cls = get_game(game_name)
    if players is None:
        counts: list[int] = list(range(cls.min_players, cls.max_players + 1))
    elif isinstance(players, int):
        counts = [players]
    else:
        counts = list(players)
    seeds = list(seeds)
    check_declaration(game_name)
    for count in counts:
        try:
            game = make_game(game_name, count)
        except AnglerError as exc:
            raise ConformanceError(
                f"{game_name}: cannot make a {count}-player game: {exc}"
            ) from exc
        check_random_playouts(game, seeds)
        for seed in seeds:
            check_clone_independence(game, seed)
            check_record_replay(game, seed)
            check_same_seed_same_game(game, seed)
            check_global_random_untouched(game, seed)
            check_determinise(game, seed)
            check_spectator_view(game, seed)
            check_illegal_actions(game, seed)
            check_setup_round_trip(game, seed)
            check_undo_fairness(game, seed)
        if game.encoding is not None:
            check_encoding(game, seeds)
        if len(seeds) >= 2:
            check_seeds_differ(game, seeds)
