"""Explicit set-ups for Flip & Fish records, puzzles and tests.

Keys (all optional; stacks top card first): ``water`` (up to 5 names, all face down; a null, or
a slot past the list, is dealt from the deck), ``caught`` and ``gear`` (a list of names per seat),
``deck`` and ``shop_deck``, ``shop_open`` (true lays out the shop now), ``turn`` (the seat to act).
A deck not given holds every card of its kind not placed elsewhere, shuffled from the seed; a deck
given holds just its cards, and the cards placed nowhere are out of the game.

A position later in the game adds the water's state (``face_up``, ``bitten``, ``peeked``,
``empty``: water slots 1–5), ``used`` equipment, the discard piles, the shop (``shop_row``,
``shop_pending``), tangled lines (``no_fishing``, ``no_fishing_next``), ``extra_turn``, ``turns``
and the turn under way (``phase``, ``bait``, ``landing``, ``bite_slot``, ``roll``,
``flipped_now``); a finished game, phase ``over`` and its ``winner``. :func:`setup_of` writes any
state so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import ConfigDict, Field

from angler.core.chance import Chance
from angler.core.errors import AnglerError
from angler.core.models import Flag, OneOf, Whole
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
from angler.games.flip_and_fish.cards import FLIP
from angler.games.flip_and_fish.cast import Landing
from angler.games.flip_and_fish.rules import (
    BOOST,
    GAME_OVER,
    LANDED,
    PHASE_NAMES,
    WATER,
    FlipAndFishState,
)

if TYPE_CHECKING:
    from angler.games.flip_and_fish.game import FlipAndFishGame

MAX_TURNS = 10**6  # far more turns than the longest round limit allows
MAX_ROLL = 999  # far above any face, bait and bonus total
MAX_OUTCOME = 10**6  # a cast outcome's numbers, as a record bounds them
Slot = Annotated[int, Whole(1, WATER)]
"""A water slot, numbered 1 to 5 as the actions number them."""


class FlipAndFishSetup(SetupModel):
    """A Flip & Fish position. Stacks are written top card first."""

    model_config = ConfigDict(title="Flip & Fish set-up")

    water: list[Card | None] = Field(default_factory=list)
    """Up to 5 cards for slots 1–5, face down unless ``face_up``; null (or a slot past the
    list) is dealt from the fishing deck, unless the slot is ``empty``."""
    empty: list[Slot] = Field(default_factory=list)
    """Water slots left empty (the decks had no card for them)."""
    face_up: list[Slot] = Field(default_factory=list)
    bitten: list[Slot] = Field(default_factory=list)
    """Slots whose fish bit and got away: its "while in water" ability acts."""
    peeked: list[list[Slot]] | None = None
    """By seat, the slots its Flashlight looked at."""
    caught: list[list[Card]] | None = None
    gear: list[list[Card]] | None = None
    used: list[Card] = Field(default_factory=list)
    """Equipment lying face down after use (it must be geared up again)."""
    deck: list[Card] | None = None
    fish_discard: list[Card] = Field(default_factory=list)
    shop_deck: list[Card] | None = None
    shop_discard: list[Card] = Field(default_factory=list)
    shop_open: Flag = False
    shop_pending: Flag = False
    """A trophy was caught: the shop is laid out at the next turn."""
    shop_row: list[Card] | None = None
    """The shop's displayed cards, left to right (default: dealt from the shopping deck)."""
    turn: Seat = 0
    turns: Annotated[int, Whole(0, MAX_TURNS)] = 0
    """Turns finished so far."""
    phase: Annotated[str, OneOf(PHASE_NAMES)] = "turn"
    """The step of the turn under way; ``over`` once the game has ended (the last turn's keys
    then stay as it left them)."""
    winner: Seat | None = None
    """A game over: the seat that caught the trophies that win (null: closing time ended it)."""
    no_fishing: Seat | None = None
    """The seat whose lines are tangled this turn (a snag before)."""
    no_fishing_next: Flag = False
    """A snag this turn tangles the next player's lines."""
    extra_turn: Flag = False
    bait: list[Card] = Field(default_factory=list)
    """The bait announced this turn: fish the player to act has caught."""
    landing: list[Annotated[int, Whole(-MAX_OUTCOME, MAX_OUTCOME)]] | None = None
    """This turn's cast, as its outcome ``[x, y, revolved, face]`` (tenths of a mm)."""
    bite_slot: Slot | None = None
    roll: Annotated[int, Whole(-MAX_ROLL, MAX_ROLL)] = 0
    flipped_now: Flag = False
    """This turn's bite turned its fish face up."""


def _ids(game: FlipAndFishGame, names: list[str], what: str) -> list[int]:
    unknown = [n for n in names if n not in game.cards.by_name]
    if unknown:
        raise AnglerError(f"setup {what!r}: unknown card {unknown[0]!r}")
    return [game.cards.by_name[n] for n in names]


def state_from_setup(
    game: FlipAndFishGame, setup: Mapping[str, Any], seed: int
) -> FlipAndFishState:
    read = read_setup(FlipAndFishSetup, setup)
    n = game.players
    state = FlipAndFishState(game, Chance(seed))
    if len(read.water) > WATER:
        raise AnglerError(f"setup 'water' holds at most {WATER} cards")
    water = [-1 if name is None else _ids(game, [name], "water")[0] for name in read.water]
    water += [-1] * (WATER - len(water))
    per_seat_cards: dict[str, list[list[int]]] = {}
    for key in ("caught", "gear"):
        raw = getattr(read, key)
        if raw is not None:
            per_seat(raw, key, n)
        per_seat_cards[key] = [_ids(game, pile, key) for pile in raw or [[]] * n]
    discards = {key: _ids(game, getattr(read, key), key)[::-1] for key in DISCARDS}
    shop_row = None if read.shop_row is None else _ids(game, read.shop_row, "shop_row")
    placed = [c for c in water if c >= 0] + [
        c for key in per_seat_cards for p in per_seat_cards[key] for c in p
    ]
    placed += [c for pile in discards.values() for c in pile] + (shop_row or [])
    deck = None if read.deck is None else _ids(game, read.deck, "deck")[::-1]
    shop = None if read.shop_deck is None else _ids(game, read.shop_deck, "shop_deck")[::-1]
    placed += (deck or []) + (shop or [])
    if len(set(placed)) != len(placed):
        raise AnglerError("setup places a card twice")
    if deck is None:
        deck = [c for c in game.cards.fishing_ids if c not in placed]
        state.chance.shuffle(deck)
    if shop is None:
        shop = [c for c in game.cards.shopping_ids if c not in placed]
        state.chance.shuffle(shop)
    state.water, state.deck, state.shop_deck = water, deck, shop
    state.fish_discard, state.shop_discard = discards["fish_discard"], discards["shop_discard"]
    state.caught, state.gear = per_seat_cards["caught"], per_seat_cards["gear"]
    state.ready = {c: True for pile in state.gear for c in pile}
    for card in _ids(game, read.used, "used"):
        if state.ready.get(card) is None or game.cards.equipment(card).kind != FLIP:
            raise AnglerError(
                f"setup 'used': {game.cards.cards[card].name} is no flip equipment in play"
            )
        state.ready[card] = False
    state.turn = seat(read.turn, "turn", n)
    _lay_out_the_water(state, read)
    if shop_row is not None:
        if not read.shop_open and shop_row:
            raise AnglerError("setup 'shop_row' needs 'shop_open'")
        state.shop_row = shop_row
    if read.shop_open:
        state.shop_open = True
        if shop_row is None:
            state.refill_shop()
    state.shop_pending = read.shop_pending
    _the_turn_so_far(state, read)
    state.chance.counter = chance_counter(read, state.chance.counter)
    return state


DISCARDS = ("fish_discard", "shop_discard")


def _lay_out_the_water(state: FlipAndFishState, read: FlipAndFishSetup) -> None:
    """Deal the water's unfilled slots (not those left ``empty``), then turn up what lies face
    up, and mark the fish that bit and got away and the slots each seat's Flashlight saw."""
    empty = {slot - 1 for slot in read.empty}
    for slot in range(state.game.water_slots):
        if state.water[slot] < 0 and slot not in empty:
            card = state.draw_fish()
            if card < 0:
                break
            state.water[slot] = card
    for key, slots, marks in (
        ("face_up", read.face_up, state.face_up),
        ("bitten", read.bitten, state.bitten),
    ):
        for slot in slots:
            if state.water[slot - 1] < 0:
                raise AnglerError(f"setup {key!r}: water slot {slot} holds no card")
            marks[slot - 1] = True
    if read.peeked is not None:
        per_seat(read.peeked, "peeked", state.n)
    state.peeked = [[slot - 1 for slot in seen] for seen in read.peeked or [[]] * state.n]
    if any(state.water[slot] < 0 for seen in state.peeked for slot in seen):
        raise AnglerError("setup 'peeked': a water slot that holds no card")


def _the_turn_so_far(state: FlipAndFishState, read: FlipAndFishSetup) -> None:
    """Where the game stands: turns played, the phase of this turn and what it has done."""
    n = state.n
    state.phase = PHASE_NAMES.index(read.phase)
    state.turns = read.turns
    state.no_fishing = seat(read.no_fishing, "no_fishing", n)
    state.no_fishing_next = read.no_fishing_next
    state.extra_turn = read.extra_turn
    state.flipped_now = read.flipped_now
    state.roll = read.roll
    bait = [state.cards.by_name.get(name, -1) for name in read.bait]
    if any(card not in state.caught[state.turn] for card in bait):
        raise AnglerError("setup 'bait' names fish the player to act has caught")
    state.bait = bait
    if read.landing is not None:
        try:
            if len(read.landing) != 4:
                raise ValueError("a landing is [x, y, revolved, face]")
            state.landing = Landing.from_outcome(read.landing)
        except ValueError as exc:
            raise AnglerError(f"setup 'landing': {exc}") from None
    state.bite_slot = -1 if read.bite_slot is None else read.bite_slot - 1
    state.winner = seat(read.winner, "winner", n)
    if state.winner >= 0 and state.phase != GAME_OVER:
        raise AnglerError("setup 'winner' needs phase 'over' (the game has ended)")
    if state.winner >= 0 and state.trophies(state.winner) < state.trophies_to_win():
        raise AnglerError(
            f"setup 'winner': seat {state.winner} has not caught the "
            f"{state.trophies_to_win()} trophies that win"
        )
    if state.phase in (LANDED, BOOST) and state.landing is None:
        raise AnglerError(f"setup: phase {read.phase!r} needs the cast's 'landing'")
    if state.phase == BOOST and (state.bite_slot < 0 or state.water[state.bite_slot] < 0):
        raise AnglerError("setup: phase 'boost' needs the 'bite_slot' of a fish in the water")


def setup_of(state: FlipAndFishState) -> dict[str, Any]:
    """The set-up that lays out ``state`` again (its log aside): every card where it lies, what
    lies face up, and the turn under way."""
    names = state.cards.names

    def slots(marks: list[bool]) -> list[int]:
        return [slot + 1 for slot, mark in enumerate(marks) if mark]

    landing = state.landing
    return {
        "water": [None if card < 0 else names([card])[0] for card in state.water],
        "empty": slots([card < 0 for card in state.water]),
        "face_up": slots(state.face_up),
        "bitten": slots(state.bitten),
        "peeked": [[slot + 1 for slot in seen] for seen in state.peeked],
        "caught": [names(pile) for pile in state.caught],
        "gear": [names(pile) for pile in state.gear],
        "used": names(
            card for pile in state.gear for card in pile if not state.ready.get(card, True)
        ),
        "deck": names(state.deck[::-1]),
        "fish_discard": names(state.fish_discard[::-1]),
        "shop_deck": names(state.shop_deck[::-1]),
        "shop_discard": names(state.shop_discard[::-1]),
        "shop_open": state.shop_open,
        "shop_pending": state.shop_pending,
        "shop_row": names(state.shop_row),
        "turn": state.turn,
        "turns": state.turns,
        "phase": PHASE_NAMES[state.phase],
        "winner": None if state.winner < 0 else state.winner,
        "no_fishing": None if state.no_fishing < 0 else state.no_fishing,
        "no_fishing_next": state.no_fishing_next,
        "extra_turn": state.extra_turn,
        "bait": names(state.bait),
        "landing": None if landing is None else landing.as_outcome(),
        "bite_slot": None if state.bite_slot < 0 else state.bite_slot + 1,
        "roll": state.roll,
        "flipped_now": state.flipped_now,
        CHANCE_COUNTER: state.chance.counter,
    }
