"""Explicit set-ups for Fishing records: any position for puzzles, tutorials and tests.

Stacks are written top card first. Every key but ``hands`` is optional::

    {"round": 1, "leader": 0, "scores": [0, 0, 0, 0],
     "hands": [["Y7", "B3"], ...], "stockrooms": [["R4"], ...], "ocean": ["G1", ...]}

Without ``ocean`` the ocean stack is every star card not placed elsewhere, shuffled tier by tier.
A position in the middle of a round adds the trick under way (``trick``, played from ``leader``
on; ``lowest``, ``caller`` and ``call``; once full, ``unresolved`` and ``passes``), ``fishers``,
``former_leader`` and ``memory`` (what the players know). :func:`setup_of` writes any state so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from angler.core.cards import ids_of, mask_of
from angler.core.chance import Chance
from angler.core.errors import AnglerError
from angler.core.numbers import is_whole, whole
from angler.core.setups import (
    CHANCE_COUNTER,
    chance_counter,
    checked_keys,
    flag,
    per_seat,
    seat_or_none,
    texts,
)
from angler.games.fishing.cards import BUOY, END_OF_TRICK, NEXT_TRICK, SUITS, CardSet
from angler.games.fishing.rules import CHOOSE_PASS, ROUNDS, FishingState

if TYPE_CHECKING:
    from angler.games.fishing.game import FishingGame

MAX_SCORE = 9999  # far beyond any score 8 rounds can reach, either way
KEYS = {
    "round",
    "leader",
    "former_leader",
    "scores",
    "hands",
    "stockrooms",
    "fishers",
    "ocean",
    "trick",
    "lowest",
    "caller",
    "call",
    "unresolved",
    "passes",
    "overfished",
    "memory",
}
MEMORY_KEYS = {"seen", "may_hold", "stock_layers", "ocean_layers", "known_pass"}


def _names_per_seat(setup: Mapping[str, Any], key: str, n: int) -> list[list[str]]:
    value = setup.get(key, [[] for _ in range(n)])
    if (
        not isinstance(value, list)
        or len(value) != n
        or not all(
            isinstance(pile, list) and all(isinstance(c, str) for c in pile) for pile in value
        )
    ):
        raise AnglerError(f"setup {key!r} must be {n} lists of card names")
    return value


def state_from_setup(game: FishingGame, setup: Mapping[str, Any], seed: int) -> FishingState:
    n, cards = game.players, game.cards
    setup = checked_keys(setup, KEYS)
    if "hands" not in setup:
        raise AnglerError("setup needs 'hands'")
    hands = [cards.ids(h) for h in _names_per_seat(setup, "hands", n)]
    stockrooms = [cards.ids(s) for s in _names_per_seat(setup, "stockrooms", n)]
    fishers = [cards.ids(f)[::-1] for f in _names_per_seat(setup, "fishers", n)]
    trick = cards.ids(texts(setup.get("trick", []), "trick"))
    round_no = setup.get("round", 1)
    leader = setup.get("leader", 0)
    scores = setup.get("scores", [0] * n)
    if type(round_no) is not int or not 1 <= round_no <= ROUNDS:
        raise AnglerError(f"setup round must be 1 to {ROUNDS}")
    if type(leader) is not int or not 0 <= leader < n:
        raise AnglerError(f"setup leader must be a seat from 0 to {n - 1}")
    if (
        not isinstance(scores, list)
        or len(scores) != n
        or not all(is_whole(s) and abs(s) <= MAX_SCORE for s in scores)
    ):
        raise AnglerError(
            f"setup scores must be {n} whole numbers from {-MAX_SCORE} to {MAX_SCORE}"
        )
    if len(trick) > n:
        raise AnglerError(f"setup 'trick' holds at most {n} cards, one per seat")
    played = {(leader + i) % n for i in range(len(trick))}
    sizes = {len(hand) + (seat in played) for seat, hand in enumerate(hands)}
    if len(sizes) != 1 or not sizes.pop():
        raise AnglerError(
            "setup hands must all hold the same, non-zero number of cards "
            "(counting a card each seat has played to the trick)"
        )
    in_fishers = {c for pile in fishers for c in pile}
    placed = [c for pile in hands + stockrooms + fishers for c in pile]
    placed += [c for c in trick if c not in in_fishers]  # caught from the trick: on a fisher
    state = FishingState(game, Chance(seed))
    if "ocean" in setup:
        ocean_top_first = cards.ids(_names_list(setup["ocean"]))
        placed += ocean_top_first
        ocean = ocean_top_first[::-1]
        # Its order is hidden: any of its cards may lie anywhere in it.
        state.ocean_masks = (sum(1 << c for c in ocean),) * len(ocean)
    else:
        used = set(placed)
        ocean = []
        masks: list[int] = []
        for tier in range(5, 0, -1):
            layer = [c.id for c in cards.cards if c.stars == tier and c.id not in used]
            state.chance.shuffle(layer)
            ocean += layer
            masks += [sum(1 << c for c in layer)] * len(layer)
        state.ocean_masks = tuple(masks)
    if len(set(placed)) != len(placed):
        raise AnglerError("setup places a card twice")
    # A set-up may use any card of the edition, even one this player count removes: a puzzle
    # or a test lays out exactly the position it wants.
    state.round = round_no
    state.score = list(scores)
    state.hands = [sorted(hand) for hand in hands]
    state.stock = [pile[::-1] for pile in stockrooms]
    state.stock_layers = [
        [(sum(1 << c for c in pile), len(pile))] if pile else [] for pile in stockrooms
    ]
    state.fisher = fishers
    state.ocean = ocean
    state.in_game = sum(1 << c for c in placed) | sum(1 << c for c in ocean)
    anywhere = sum(1 << c for hand in hands for c in hand)
    state.may_hold = [anywhere] * n
    state.former_leader = seat_or_none(setup, "former_leader", n)
    if state.former_leader < 0:
        state.former_leader = leader
    state.overfished = flag(setup, "overfished")
    _lay_out_the_trick(state, setup, leader, trick)
    _read_memory(state, setup.get("memory", {}), trick)
    state.chance.counter = chance_counter(setup, state.chance.counter)
    return state


def _lay_out_the_trick(
    state: FishingState, setup: Mapping[str, Any], leader: int, trick: list[int]
) -> None:
    """The trick under way: its call, the cards played from ``leader`` on, and, once every seat
    has played, the end-of-trick effects still to act and any pass being chosen."""
    n, cards = state.n, state.cards
    state.next_lowest = flag(setup, "lowest")
    state.next_call = seat_or_none(setup, "caller", n)
    state._start_trick(leader)
    call = setup.get("call")
    if call is not None:
        if state.caller < 0 or call not in SUITS[:5]:
            raise AnglerError(
                "setup 'call' is the colour the 'caller' called: blue, purple, red, yellow or green"
            )
        state.call_the_colour(SUITS.index(call))
    elif state.caller >= 0 and trick:
        raise AnglerError("setup: the 'caller' calls a colour before the trick's first card")
    for position, card in enumerate(trick):
        state.trick.append(card)
        state.trick_seats.append((leader + position) % n)
        if state.suit[card] != BUOY and state.led < 0:
            state.led = state.suit[card]
        state.trick_has_effect = state.trick_has_effect or bool(state.effect[card])
    state.turn = (leader + min(len(trick), n - 1)) % n  # a full trick: who played last
    resolving = {"unresolved", "passes"} & set(setup)
    if len(trick) < n:
        if resolving:
            raise AnglerError(f"setup {sorted(resolving)[0]!r} needs a full trick")
        return
    if not state.trick_has_effect:
        raise AnglerError("setup: a full trick without a special card has already ended")
    state.winner, state.winning_card = state.trick_winner()
    last_trick = not state.hands[0]
    if not last_trick:  # Play-first, Call-the-colour and Lowest-wins act on the next trick
        for position, card in enumerate(trick):
            kind = state.effect[card]
            if kind in NEXT_TRICK:
                state.next_trick_effect(state.trick_seats[position], card, kind, False)
    caught = {c for pile in state.fisher for c in pile}
    state.remaining = [i for i, card in enumerate(trick) if card not in caught]
    unresolved = setup.get("unresolved")
    if unresolved is None:
        state.pending = [i for i, c in enumerate(trick) if state.effect[c] in END_OF_TRICK]
    else:
        wanted = set(cards.ids(texts(unresolved, "unresolved")))
        state.pending = [i for i, c in enumerate(trick) if c in wanted]
        if len(state.pending) != len(wanted) or any(
            state.effect[trick[i]] not in END_OF_TRICK for i in state.pending
        ):
            raise AnglerError(
                "setup 'unresolved' names cards of the trick with an end-of-trick effect"
            )
    if "passes" in setup:
        if last_trick:
            raise AnglerError("setup: no pass in the round's last trick")
        choices = texts(per_seat(setup, "passes", n, None), "passes", nulls=True)
        state.pass_choice = [-1 if c is None else cards.ids([c])[0] for c in choices]
        for seat, card in enumerate(state.pass_choice):
            if card >= 0 and card not in state.hands[seat]:
                raise AnglerError(f"setup 'passes': seat {seat} passes a card it does not hold")
        if min(state.pass_choice) >= 0:
            raise AnglerError("setup 'passes': a seat must still be choosing")
        state.phase = CHOOSE_PASS
        return
    state.resolve_end_of_trick_effects()


def _masks(value: Any, what: str, cards: CardSet, count: int) -> list[int]:
    """``count`` lists of card names, as bitmasks."""
    if not isinstance(value, list) or len(value) != count:
        raise AnglerError(f"setup {what!r} must hold {count} lists of card names")
    return [mask_of(cards.ids(texts(names, what))) for names in value]


def _layers(value: Any, what: str, cards: CardSet) -> list[tuple[int, int]]:
    """Layers written ``[[card names], count]``: which cards a run of positions may hold."""
    if not isinstance(value, list) or not all(
        isinstance(layer, list) and len(layer) == 2 for layer in value
    ):
        raise AnglerError(f"setup {what!r} must be a list of [card names, count] layers")
    return [
        (mask_of(cards.ids(texts(names, what))), whole(left, f"setup {what!r}", 1, len(cards)))
        for names, left in value
    ]


def _read_memory(state: FishingState, memory: Any, trick: list[int]) -> None:
    """What the players know beyond the cards in sight (each key defaults to what a fresh
    set-up lets them know): ``seen`` (every card played face up so far), ``may_hold`` (by
    seat, the cards it might hold), ``stock_layers`` (by seat, top layer first), ``ocean_layers``
    (bottom position first, every position the ocean stack held at the deal) and ``known_pass``
    (by seat, null or the last card it passed: ``[card, receiver, receiver's may_hold before]``)."""
    n, cards = state.n, state.cards
    if not isinstance(memory, Mapping):
        raise AnglerError("setup 'memory' must be an object")
    unknown = set(memory) - MEMORY_KEYS
    if unknown:
        raise AnglerError(f"setup 'memory' has an unknown key {sorted(unknown)[0]!r}")
    this_round = mask_of(trick) | mask_of(c for pile in state.fisher for c in pile)
    seen = mask_of(cards.ids(texts(memory["seen"], "seen"))) if "seen" in memory else this_round
    state.seen_base = seen
    state.shown = seen & ~this_round  # cards played in finished rounds
    if "may_hold" in memory:
        state.may_hold = _masks(memory["may_hold"], "may_hold", cards, n)
    if "stock_layers" in memory:
        layers = memory["stock_layers"]
        if not isinstance(layers, list) or len(layers) != n:
            raise AnglerError(f"setup 'stock_layers' must hold {n} lists of layers")
        state.stock_layers = [_layers(seat_layers, "stock_layers", cards) for seat_layers in layers]
    if "ocean_layers" in memory:
        masks: list[int] = []
        for mask, count in _layers(memory["ocean_layers"], "ocean_layers", cards):
            masks += [mask] * count
        if len(masks) < len(state.ocean):
            raise AnglerError("setup 'ocean_layers' must cover every card of the ocean stack")
        state.ocean_masks = tuple(masks)
    if "known_pass" in memory:
        known = per_seat(memory, "known_pass", n, None)
        state.known_pass = [None] * n
        for seat, entry in enumerate(known):
            if entry is None:
                continue
            if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str)):
                raise AnglerError(
                    "setup 'known_pass' holds, by seat, null or [card, receiver, card names]"
                )
            card = cards.ids([entry[0]])[0]
            receiver = whole(entry[1], "setup 'known_pass' receiver", 0, n - 1)
            before = mask_of(cards.ids(texts(entry[2], "known_pass")))
            state.known_pass[seat] = (card, receiver, before)


def setup_of(state: FishingState) -> dict[str, Any]:
    """The set-up that lays out ``state`` again (its log aside): every card where it lies, the
    trick under way and what the players know."""
    cards, n = state.cards, state.n
    names = cards.names

    def mask_names(mask: int) -> list[str]:
        return names(ids_of(mask))

    setup: dict[str, Any] = {
        "round": state.round,
        "leader": state.leader,
        "former_leader": state.former_leader,
        "scores": list(state.score),
        "hands": [names(hand) for hand in state.hands],
        "stockrooms": [names(pile[::-1]) for pile in state.stock],
        "fishers": [names(pile[::-1]) for pile in state.fisher],
        "ocean": names(state.ocean[::-1]),
        "trick": names(state.trick),
    }
    if state.lowest:
        setup["lowest"] = True
    if state.caller >= 0:
        setup["caller"] = state.caller
        if state.call_suit >= 0:
            setup["call"] = SUITS[state.call_suit]
    if len(state.trick) == n:
        setup["unresolved"] = [names([state.trick[i]])[0] for i in state.pending]
        if state.phase == CHOOSE_PASS:
            setup["passes"] = [None if card < 0 else names([card])[0] for card in state.pass_choice]
    if state.overfished:
        setup["overfished"] = True
    setup["memory"] = {
        "seen": mask_names(state.seen()),
        "may_hold": [mask_names(mask) for mask in state.may_hold],
        "stock_layers": [
            [[mask_names(mask), left] for mask, left in layers] for layers in state.stock_layers
        ],
        "ocean_layers": _runs(state.ocean_masks, mask_names),
        "known_pass": [
            None if known is None else [names([known[0]])[0], known[1], mask_names(known[2])]
            for known in state.known_pass
        ],
    }
    setup[CHANCE_COUNTER] = state.chance.counter
    return setup


def _runs(masks: tuple[int, ...], mask_names: Any) -> list[list[Any]]:
    """Positions (bottom first) as layers: ``[card names, count]`` per run of equal masks."""
    runs: list[list[Any]] = []
    for mask in masks:
        if runs and runs[-1][0] == mask:
            runs[-1][1] += 1
        else:
            runs.append([mask, 1])
    return [[mask_names(mask), count] for mask, count in runs]


def _names_list(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise AnglerError("setup 'ocean' must be a list of card names")
    return value
