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
``flipped_now``). :func:`setup_of` writes any state so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from angler.core.chance import Chance
from angler.core.errors import AnglerError
from angler.core.numbers import is_whole
from angler.core.setups import (
    CHANCE_COUNTER,
    chance_counter,
    checked_keys,
    flag,
    number,
    numbers,
    per_seat,
    seat_or_none,
    texts,
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
KEYS = {
    "water",
    "empty",
    "face_up",
    "bitten",
    "peeked",
    "caught",
    "gear",
    "used",
    "deck",
    "fish_discard",
    "shop_deck",
    "shop_discard",
    "shop_open",
    "shop_pending",
    "shop_row",
    "turn",
    "turns",
    "phase",
    "no_fishing",
    "no_fishing_next",
    "extra_turn",
    "bait",
    "landing",
    "bite_slot",
    "roll",
    "flipped_now",
}


def _ids(game: FlipAndFishGame, names: Any, what: str) -> list[int]:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise AnglerError(f"setup {what!r} must be a list of card names")
    unknown = [n for n in names if n not in game.cards.by_name]
    if unknown:
        raise AnglerError(f"setup {what!r}: unknown card {unknown[0]!r}")
    return [game.cards.by_name[n] for n in names]


def _slots(value: Any, what: str) -> list[int]:
    """Water slots, numbered 1 to 5 as the actions number them, as indices 0 to 4."""
    return [slot - 1 for slot in numbers(value, what, 1, WATER)]


def state_from_setup(
    game: FlipAndFishGame, setup: Mapping[str, Any], seed: int
) -> FlipAndFishState:
    setup = checked_keys(setup, KEYS)
    n = game.players
    state = FlipAndFishState(game, Chance(seed))
    water_names = setup.get("water", [])
    if not isinstance(water_names, list) or len(water_names) > WATER:
        raise AnglerError(f"setup 'water' holds at most {WATER} cards")
    water = [-1 if name is None else _ids(game, [name], "water")[0] for name in water_names]
    water += [-1] * (WATER - len(water))
    per_seat_cards: dict[str, list[list[int]]] = {}
    for key in ("caught", "gear"):
        raw = setup.get(key, [[] for _ in range(n)])
        if not isinstance(raw, list) or len(raw) != n:
            raise AnglerError(f"setup {key!r} must hold one list per seat ({n})")
        per_seat_cards[key] = [_ids(game, pile, key) for pile in raw]
    discards = {key: _ids(game, setup.get(key, []), key)[::-1] for key in DISCARDS}
    shop_row = _ids(game, setup["shop_row"], "shop_row") if "shop_row" in setup else None
    placed = [c for c in water if c >= 0] + [
        c for key in per_seat_cards for p in per_seat_cards[key] for c in p
    ]
    placed += [c for pile in discards.values() for c in pile] + (shop_row or [])
    deck = _ids(game, setup["deck"], "deck")[::-1] if "deck" in setup else None
    shop = _ids(game, setup["shop_deck"], "shop_deck")[::-1] if "shop_deck" in setup else None
    placed += (deck or []) + (shop or [])
    if len(set(placed)) != len(placed):
        raise AnglerError("setup places a card twice")
    if deck is None:
        deck = [c for c in game.cards.fishing_ids if c not in placed]
        state.chance.shuffle(deck)
    if shop is None:
        shop = [c for c in game.cards.shopping_ids if c not in placed]
        state.chance.shuffle(shop)
    turn = setup.get("turn", 0)
    if not is_whole(turn) or not 0 <= turn < n:
        raise AnglerError(f"setup turn must be a seat from 0 to {n - 1}")
    state.water, state.deck, state.shop_deck = water, deck, shop
    state.fish_discard, state.shop_discard = discards["fish_discard"], discards["shop_discard"]
    state.caught, state.gear = per_seat_cards["caught"], per_seat_cards["gear"]
    state.ready = {c: True for pile in state.gear for c in pile}
    for card in _ids(game, setup.get("used", []), "used"):
        if state.ready.get(card) is None or game.cards.equipment(card).kind != FLIP:
            raise AnglerError(
                f"setup 'used': {game.cards.cards[card].name} is no flip equipment in play"
            )
        state.ready[card] = False
    state.turn = turn
    _lay_out_the_water(state, setup)
    shop_open = setup.get("shop_open", False)
    if not isinstance(shop_open, bool):
        raise AnglerError("setup 'shop_open' must be true or false")
    if shop_row is not None:
        if not shop_open and shop_row:
            raise AnglerError("setup 'shop_row' needs 'shop_open'")
        state.shop_row = shop_row
    if shop_open:
        state.shop_open = True
        if shop_row is None:
            state.refill_shop()
    state.shop_pending = flag(setup, "shop_pending")
    _the_turn_so_far(state, setup)
    state.chance.counter = chance_counter(setup, state.chance.counter)
    return state


DISCARDS = ("fish_discard", "shop_discard")


def _lay_out_the_water(state: FlipAndFishState, setup: Mapping[str, Any]) -> None:
    """Deal the water's unfilled slots (not those left ``empty``), then turn up what lies face
    up, and mark the fish that bit and got away and the slots each seat's Flashlight saw."""
    empty = set(_slots(setup.get("empty", []), "empty"))
    for slot in range(WATER):
        if state.water[slot] < 0 and slot not in empty:
            card = state.draw_fish()
            if card < 0:
                break
            state.water[slot] = card
    for key, marks in (("face_up", state.face_up), ("bitten", state.bitten)):
        for slot in _slots(setup.get(key, []), key):
            if state.water[slot] < 0:
                raise AnglerError(f"setup {key!r}: water slot {slot + 1} holds no card")
            marks[slot] = True
    peeked = per_seat(setup, "peeked", state.n, [])
    state.peeked = [_slots(slots, "peeked") for slots in peeked]
    if any(state.water[slot] < 0 for slots in state.peeked for slot in slots):
        raise AnglerError("setup 'peeked': a water slot that holds no card")


def _the_turn_so_far(state: FlipAndFishState, setup: Mapping[str, Any]) -> None:
    """Where the game stands: turns played, the phase of this turn and what it has done."""
    n = state.n
    phase = setup.get("phase", "turn")
    if phase not in PHASE_NAMES[:GAME_OVER]:
        raise AnglerError(f"setup 'phase' must be one of {', '.join(PHASE_NAMES[:GAME_OVER])}")
    state.phase = PHASE_NAMES.index(phase)
    state.turns = number(setup, "turns", 0, 0, MAX_TURNS)
    state.no_fishing = seat_or_none(setup, "no_fishing", n)
    state.no_fishing_next = flag(setup, "no_fishing_next")
    state.extra_turn = flag(setup, "extra_turn")
    state.flipped_now = flag(setup, "flipped_now")
    state.roll = number(setup, "roll", 0, -MAX_ROLL, MAX_ROLL)
    bait = [state.cards.by_name.get(name, -1) for name in texts(setup.get("bait", []), "bait")]
    if any(card not in state.caught[state.turn] for card in bait):
        raise AnglerError("setup 'bait' names fish the player to act has caught")
    state.bait = bait
    landing = setup.get("landing")
    if landing is not None:
        try:
            state.landing = Landing.from_outcome(numbers(landing, "landing", -(10**6), 10**6))
        except ValueError as exc:
            raise AnglerError(f"setup 'landing': {exc}") from None
    bite = setup.get("bite_slot")
    state.bite_slot = -1 if bite is None else _slots([bite], "bite_slot")[0]
    if state.phase in (LANDED, BOOST) and state.landing is None:
        raise AnglerError(f"setup: phase {phase!r} needs the cast's 'landing'")
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
