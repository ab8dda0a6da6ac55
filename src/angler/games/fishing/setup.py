"""Explicit set-ups for Fishing records: any position for puzzles, tutorials and tests.

Stacks are written top card first. Every key but ``hands`` is optional::

    {"round": 1, "leader": 0, "scores": [0, 0, 0, 0],
     "hands": [["Y7", "B3"], ...], "stockrooms": [["R4"], ...], "ocean": ["G1", ...]}

Without ``ocean`` the ocean stack is every star card not placed elsewhere, shuffled tier by tier.
A position in the middle of a round adds the trick under way (``trick``, played from ``leader``
on; ``lowest``, ``caller`` and ``call``; once full, ``unresolved`` and ``passes``), ``fishers``,
``former_leader`` and ``memory`` (what the players know). A finished game adds ``over`` and
``last_trick`` (how the game's last trick ended). :func:`setup_of` writes any state so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import ConfigDict, Field

from angler.core.cards import ids_of, mask_of
from angler.core.chance import Chance
from angler.core.errors import AnglerError
from angler.core.models import AnglerModel, Flag, OneOf, Whole
from angler.core.setups import (
    CHANCE_COUNTER,
    Card,
    Seat,
    SetupModel,
    chance_counter,
    per_seat,
    read_setup,
    seat,
)
from angler.games.fishing.cards import BUOY, END_OF_TRICK, NEXT_TRICK, SUITS, CardSet
from angler.games.fishing.rules import CHOOSE_PASS, GAME_OVER, ROUNDS, FishingState

if TYPE_CHECKING:
    from angler.games.fishing.game import FishingGame

MAX_SCORE = 9999  # far beyond any score 8 rounds can reach, either way
MAX_CARDS = 999  # far more cards than any edition has


class Layer(AnglerModel):
    """A run of stacked cards whose order nobody knows: which cards they are, and how many of
    them are left."""

    cards: list[Card]
    left: Annotated[int, Whole(1, MAX_CARDS)]


class KnownPass(AnglerModel):
    """The last card a seat passed, to whom, and what the receiver might hold before it."""

    card: Card
    to: Seat
    may_hold: list[Card]


class Memory(AnglerModel):
    """What the players know beyond the cards in sight; each key defaults to what a fresh
    set-up lets them know."""

    seen: list[Card] | None = None
    """Every card played face up so far (default: the cards of the trick and the fishers)."""
    may_hold: list[list[Card]] | None = None
    """By seat, the cards it might hold (default: any card in a hand)."""
    stock_layers: list[list[Layer]] | None = None
    """By seat, its stockroom's layers, top first (default: one layer of all its cards)."""
    ocean_layers: list[Layer] | None = None
    """The ocean stack's layers from the bottom position up, every position it held at the
    deal (default: its star tiers, or one layer of all its cards if ``ocean`` is given)."""
    known_pass: list[KnownPass | None] | None = None
    """By seat, null or the last card it passed (default: none)."""


Colour = Annotated[str, OneOf(SUITS[:BUOY])]
"""A colour: blue, purple, red, yellow or green (green is trump)."""


class LastTrick(AnglerModel):
    """How a finished game's last trick ended; its cards lie in the stockrooms by then."""

    winner: Seat | None = None
    """The seat that caught it (default: none known)."""
    winning_card: Card | None = None
    """The card that won it (null: the call won it, as nobody followed; or none known)."""
    led: Colour | None = None
    """The colour the trick had to follow (default: the call, if any; null: only buoys were
    played)."""


class FishingSetup(SetupModel):
    """A Fishing position. Stacks are written top card first."""

    model_config = ConfigDict(title="Fishing set-up")

    round: Annotated[int, Whole(1, ROUNDS)] = 1
    leader: Seat = 0
    """The seat that leads the trick under way (or the first trick)."""
    former_leader: Seat | None = None
    """The leader of the trick before, for tie-breaks (default: ``leader``)."""
    scores: list[Annotated[int, Whole(-MAX_SCORE, MAX_SCORE)]] | None = None
    hands: list[list[Card]]
    stockrooms: list[list[Card]] | None = None
    fishers: list[list[Card]] | None = None
    """By seat, the cards caught this round, top first; a card caught from the trick under way
    lies both in the trick and on a fisher."""
    ocean: list[Card] | None = None
    """The ocean stack, top first (default: every star card not placed elsewhere, each star
    tier shuffled from the seed)."""
    trick: list[Card] = Field(default_factory=list)
    """The trick under way: the cards played to it, from ``leader`` on."""
    lowest: Flag = False
    """The lowest card wins this trick (a Lowest-wins buoy was in the trick before)."""
    caller: Seat | None = None
    """The seat that calls this trick's colour (a Call-the-colour buoy was in the trick before)."""
    call: Colour | None = None
    """The colour the caller called (none yet: the caller is to call now)."""
    unresolved: list[Card] | None = None
    """A full trick: its cards whose end-of-trick effect is still to act, in play order
    (default: all of them)."""
    passes: list[Card | None] | None = None
    """A full trick whose Pass-left acts: by seat, the card chosen to pass, or null."""
    overfished: Flag = False
    """Overfishing ended the game: the ocean could not refill the hands after ``round``."""
    over: Flag = False
    """The game is over: its last trick is done (after round 8, or overfishing). Hands, trick
    and fishers are empty; ``leader``, ``caller``, ``call`` and ``lowest`` tell the last trick."""
    last_trick: LastTrick | None = None
    """A finished game: how its last trick ended (default: nothing known of it)."""
    memory: Memory = Field(default_factory=Memory)


def state_from_setup(game: FishingGame, setup: Mapping[str, Any], seed: int) -> FishingState:
    n, cards = game.players, game.cards
    read = read_setup(FishingSetup, setup)
    if read.round > game.rounds:
        raise AnglerError(f"setup 'round': this game has {game.rounds} rounds, not {read.round}")
    for key in ("hands", "stockrooms", "fishers", "scores"):
        value = getattr(read, key)
        if value is not None:
            per_seat(value, key, n)
    hands = [cards.ids(h) for h in read.hands]
    stockrooms = [cards.ids(s) for s in read.stockrooms or [[]] * n]
    fishers = [cards.ids(f)[::-1] for f in read.fishers or [[]] * n]
    trick = cards.ids(read.trick)
    leader = seat(read.leader, "leader", n)
    scores = read.scores or [0] * n
    if len(trick) > n:
        raise AnglerError(f"setup 'trick' holds at most {n} cards, one per seat")
    played = {(leader + i) % n for i in range(len(trick))}
    sizes = {len(hand) + (seat in played) for seat, hand in enumerate(hands)}
    if read.over:
        if sizes != {0} or any(fishers):
            raise AnglerError(
                "setup: a finished game ('over') has empty 'hands', 'trick' and 'fishers'"
            )
    elif len(sizes) != 1 or not sizes.pop():
        raise AnglerError(
            "setup hands must all hold the same, non-zero number of cards "
            "(counting a card each seat has played to the trick)"
        )
    in_fishers = {c for pile in fishers for c in pile}
    placed = [c for pile in hands + stockrooms + fishers for c in pile]
    placed += [c for c in trick if c not in in_fishers]  # caught from the trick: on a fisher
    state = FishingState(game, Chance(seed))
    if read.ocean is not None:
        ocean_top_first = cards.ids(read.ocean)
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
    state.round = read.round
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
    former = seat(read.former_leader, "former_leader", n)
    state.former_leader = leader if former < 0 else former
    state.overfished = read.overfished
    if read.over:
        _end_the_game(state, read, leader)
    elif read.last_trick is not None or read.overfished:
        key = "overfished" if read.overfished else "last_trick"
        raise AnglerError(f"setup {key!r} needs 'over' (the game is finished)")
    else:
        _lay_out_the_trick(state, read, leader, trick)
    _read_memory(state, read.memory, trick)
    state.chance.counter = chance_counter(read, state.chance.counter)
    return state


def _lay_out_the_trick(
    state: FishingState, read: FishingSetup, leader: int, trick: list[int]
) -> None:
    """The trick under way: its call, the cards played from ``leader`` on, and, once every seat
    has played, the end-of-trick effects still to act and any pass being chosen."""
    n, cards = state.n, state.cards
    state.next_lowest = read.lowest
    state.next_call = seat(read.caller, "caller", n)
    state._start_trick(leader)
    if read.call is not None:
        if state.caller < 0:
            raise AnglerError("setup 'call' is the colour the 'caller' called")
        state.call_the_colour(SUITS.index(read.call))
    elif state.caller >= 0 and trick:
        raise AnglerError("setup: the 'caller' calls a colour before the trick's first card")
    for position, card in enumerate(trick):
        state.trick.append(card)
        state.trick_seats.append((leader + position) % n)
        if state.suit[card] != BUOY and state.led < 0:
            state.led = state.suit[card]
        state.trick_has_effect = state.trick_has_effect or bool(state.effect[card])
    state.turn = (leader + min(len(trick), n - 1)) % n  # a full trick: who played last
    if len(trick) < n:
        for key in ("unresolved", "passes"):
            if getattr(read, key) is not None:
                raise AnglerError(f"setup {key!r} needs a full trick")
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
    if read.unresolved is None:
        state.pending = [i for i, c in enumerate(trick) if state.effect[c] in END_OF_TRICK]
    else:
        wanted = set(cards.ids(read.unresolved))
        state.pending = [i for i, c in enumerate(trick) if c in wanted]
        if len(state.pending) != len(wanted) or any(
            state.effect[trick[i]] not in END_OF_TRICK for i in state.pending
        ):
            raise AnglerError(
                "setup 'unresolved' names cards of the trick with an end-of-trick effect"
            )
    if read.passes is not None:
        if last_trick:
            raise AnglerError("setup: no pass in the round's last trick")
        per_seat(read.passes, "passes", n)
        state.pass_choice = [-1 if c is None else cards.ids([c])[0] for c in read.passes]
        for chooser, card in enumerate(state.pass_choice):
            if card >= 0 and card not in state.hands[chooser]:
                raise AnglerError(f"setup 'passes': seat {chooser} passes a card it does not hold")
        if min(state.pass_choice) >= 0:
            raise AnglerError("setup 'passes': a seat must still be choosing")
        state.phase = CHOOSE_PASS
        return
    state.resolve_end_of_trick_effects()


def _end_the_game(state: FishingState, read: FishingSetup, leader: int) -> None:
    """A finished game: its last trick as it ended, its cards already in the stockrooms."""
    n = state.n
    rounds = state.game.rounds
    if not read.overfished and read.round != rounds:
        raise AnglerError(
            f"setup: a game ends ('over') after round {rounds}, or earlier 'overfished'"
        )
    for key in ("unresolved", "passes"):
        if getattr(read, key) is not None:
            raise AnglerError(f"setup {key!r} needs a trick under way, not a finished game")
    state.leader = leader
    state.turn = (leader - 1) % n  # the seat before the leader played the last card
    state.lowest = read.lowest
    state.caller = seat(read.caller, "caller", n)
    if (read.call is None) != (state.caller < 0):
        raise AnglerError(
            "setup: the last trick's 'caller' and the colour called ('call') go together"
        )
    state.call_suit = -1 if read.call is None else SUITS.index(read.call)
    last = read.last_trick or LastTrick()
    led = state.call_suit if last.led is None else SUITS.index(last.led)
    if state.call_suit >= 0 and led != state.call_suit:
        raise AnglerError("setup 'last_trick': the colour led in a called trick is the 'call'")
    state.led = led
    state.winner = seat(last.winner, "last_trick.winner", n)
    state.winning_card = (
        -1 if last.winning_card is None else state.cards.ids([last.winning_card])[0]
    )
    state.phase = GAME_OVER


def _layers(layers: list[Layer], cards: CardSet) -> list[tuple[int, int]]:
    return [(mask_of(cards.ids(layer.cards)), layer.left) for layer in layers]


def _read_memory(state: FishingState, memory: Memory, trick: list[int]) -> None:
    """What the players know beyond the cards in sight (see :class:`Memory`)."""
    n, cards = state.n, state.cards
    this_round = mask_of(trick) | mask_of(c for pile in state.fisher for c in pile)
    seen = this_round if memory.seen is None else mask_of(cards.ids(memory.seen))
    state.seen_mask = seen
    # Cards of finished rounds count once the round ends, when this round's plays join them.
    state.shown = seen
    if memory.may_hold is not None:
        per_seat(memory.may_hold, "may_hold", n)
        state.may_hold = [mask_of(cards.ids(names)) for names in memory.may_hold]
    if memory.stock_layers is not None:
        per_seat(memory.stock_layers, "stock_layers", n)
        state.stock_layers = [_layers(layers, cards) for layers in memory.stock_layers]
    if memory.ocean_layers is not None:
        masks: list[int] = []
        for mask, count in _layers(memory.ocean_layers, cards):
            masks += [mask] * count
        if len(masks) < len(state.ocean):
            raise AnglerError("setup 'ocean_layers' must cover every card of the ocean stack")
        state.ocean_masks = tuple(masks)
    if memory.known_pass is not None:
        per_seat(memory.known_pass, "known_pass", n)
        state.known_pass = [
            None
            if known is None
            else (
                cards.ids([known.card])[0],
                seat(known.to, "known_pass", n),
                mask_of(cards.ids(known.may_hold)),
            )
            for known in memory.known_pass
        ]


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
    if state.phase == GAME_OVER:
        setup["over"] = True
        setup["last_trick"] = {
            "winner": None if state.winner < 0 else state.winner,
            "winning_card": None if state.winning_card < 0 else names([state.winning_card])[0],
            "led": None if state.led < 0 else SUITS[state.led],
        }
    setup["memory"] = {
        "seen": mask_names(state.seen_mask),
        "may_hold": [mask_names(mask) for mask in state.may_hold],
        "stock_layers": [
            [{"cards": mask_names(mask), "left": left} for mask, left in layers]
            for layers in state.stock_layers
        ],
        "ocean_layers": _runs(state.ocean_masks, mask_names),
        "known_pass": [
            None
            if known is None
            else {"card": names([known[0]])[0], "to": known[1], "may_hold": mask_names(known[2])}
            for known in state.known_pass
        ],
    }
    setup[CHANCE_COUNTER] = state.chance.counter
    return setup


def _runs(masks: tuple[int, ...], mask_names: Callable[[int], list[str]]) -> list[dict[str, Any]]:
    """Positions (bottom first) as layers, one per run of equal masks."""
    runs: list[list[int]] = []
    for mask in masks:
        if runs and runs[-1][0] == mask:
            runs[-1][1] += 1
        else:
            runs.append([mask, 1])
    return [{"cards": mask_names(mask), "left": count} for mask, count in runs]


def mini_deals(game: FishingGame) -> list[tuple[float, dict[str, Any]]]:
    """The mini variant's deals, as (probability, set-up), each set-up different: its chance.

    The deal shuffles the starting cards into the hands and each star tier of the ocean; only
    which hand holds which cards can matter. The ocean's order within a tier cannot: its hand
    sizes are 2 and a trick is 3 cards, so a seat that draws from the ocean has an empty
    stockroom and draws 2, and the tiers hold 2 cards each, so each drawing seat takes a whole
    tier; and the mini's catches are not shuffled, so no later chance remains. Every split of
    the starting cards into hands is equally likely: each deal has probability 1 / the count."""
    from itertools import combinations

    cards = game.cards
    size = game.hand_sizes[0]
    starting = list(game.starting)
    ocean_top_first = [card for tier in reversed(game.tiers_bottom_up) for card in tier]
    layers = [
        {"cards": cards.names(list(tier)), "left": len(tier)} for tier in game.tiers_bottom_up
    ]

    def splits(rest: list[int], seats: int) -> list[list[list[int]]]:
        if seats == 0:
            return [[]]
        return [
            [list(hand), *others]
            for hand in combinations(rest, size)
            for others in splits([c for c in rest if c not in hand], seats - 1)
        ]

    if any(len(tier) not in (0, game.hand_sizes[1]) for tier in game.tiers_bottom_up):
        raise AnglerError("a mini deal needs each ocean star tier to hold one hand's cards")
    deals = splits(starting, game.players)
    return [
        (
            1 / len(deals),
            {
                "hands": [cards.names(hand) for hand in hands],
                "ocean": cards.names(ocean_top_first),
                "memory": {"ocean_layers": [dict(layer) for layer in layers if layer["left"]]},
            },
        )
        for hands in deals
    ]
