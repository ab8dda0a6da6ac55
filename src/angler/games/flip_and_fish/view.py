"""What one Flip & Fish player may know, and the event log in plain words.

Public: the water as it lies (which slots hold a card, faces of the cards turned up), every
caught fish and every equipment card (face up or used), the shop row, deck sizes and the discard
piles, each cast's aim and landing. Private: the face a Flashlight showed you. Hidden: face-down
water cards and the order and content of both decks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from angler.core.state import PUBLIC
from angler.core.view import View
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.cards import CardSet
from angler.games.flip_and_fish.rules import AIM, PHASE_NAMES

if TYPE_CHECKING:
    from angler.games.flip_and_fish.rules import FlipAndFishState


@dataclass(frozen=True)
class FlipAndFishView(View):
    turn: int
    turns: int
    phase: str
    current: tuple[int, ...]
    legal: tuple[int, ...]  # in the aim phase, every point of the table besides these
    can_cast: bool
    water: tuple[int, ...]  # card id if face up or shown to you, -1 face down, -2 empty
    face_up: tuple[bool, ...]
    bitten: tuple[bool, ...]  # the fish bit and got away: its "while in water" ability acts
    flipped_now: bool
    peeked: tuple[tuple[int, ...], ...]  # slots each seat's Flashlight looked at
    caught: tuple[tuple[int, ...], ...]
    gear: tuple[tuple[tuple[int, bool], ...], ...]  # (equipment, face up) by seat
    shop_open: bool
    shop_pending: bool
    shop_row: tuple[int, ...]
    deck_size: int
    fish_discard: tuple[int, ...]
    shop_deck_size: int
    shop_discard: tuple[int, ...]
    bait: tuple[int, ...]
    landing: tuple[float, float, bool, int] | None
    bite_slot: int
    roll: int
    no_fishing: int
    no_fishing_next: bool
    extra_turn: bool
    scores: tuple[int, ...]
    winner: int


def build_view(state: FlipAndFishState, player: int) -> FlipAndFishView:
    mine = set(state.peeked[player])
    water = tuple(
        -2 if card < 0 else (card if up or slot in mine else -1)
        for slot, (card, up) in enumerate(zip(state.water, state.face_up, strict=True))
    )
    legal = state.legal_actions(player)
    aiming = state.phase == AIM and player == state.turn
    landing = state.landing
    return FlipAndFishView(
        game="flip-and-fish",
        player=player,
        players=state.n,
        events=tuple(e for e in state.log if len(e) > 2 and (e[0] == PUBLIC or e[0] == player)),
        turn=state.turn,
        turns=state.turns,
        phase=PHASE_NAMES[state.phase],
        current=state.current_players(),
        legal=tuple(c for c in legal if c & 15 != act.CAST) if aiming else tuple(legal),
        can_cast=aiming,
        water=water,
        face_up=tuple(state.face_up),
        bitten=tuple(state.bitten),
        flipped_now=state.flipped_now,
        peeked=tuple(tuple(spots) for spots in state.peeked),
        caught=tuple(tuple(pile) for pile in state.caught),
        gear=tuple(tuple((c, state.ready.get(c, True)) for c in pile) for pile in state.gear),
        shop_open=state.shop_open,
        shop_pending=state.shop_pending,
        shop_row=tuple(state.shop_row),
        deck_size=len(state.deck),
        fish_discard=tuple(state.fish_discard),
        shop_deck_size=len(state.shop_deck),
        shop_discard=tuple(state.shop_discard),
        bait=tuple(state.bait),
        landing=None if landing is None else (landing.x, landing.y, landing.revolved, landing.face),
        bite_slot=state.bite_slot,
        roll=state.roll,
        no_fishing=state.no_fishing,
        no_fishing_next=state.no_fishing_next,
        extra_turn=state.extra_turn,
        scores=tuple(state.scores()),
        winner=state.winner,
    )


def describe(event: tuple[Any, ...], cards: CardSet, viewer: int | None = None) -> str:
    kind, data = event[1], event[2:]

    def who(seat: int) -> str:
        return "You" if seat == viewer else f"Player {seat + 1}"

    def card(card_id: int) -> str:
        return cards.cards[card_id].label() if card_id >= 0 else "nothing"

    if kind == "turn":
        return f"Turn {data[1]}: {who(data[0])} to act"
    if kind == "fish":
        bait = ", ".join(card(c) for c in data[1]) or "no bait"
        return f"{who(data[0])} fish with {bait}"
    if kind == "cast":
        seat, aim, stop, revolved, face = data
        where = f"stops at ({stop[0]:.0f}, {stop[1]:.0f}) showing {face}"
        extra = "" if revolved else " but did not roll over: cast again"
        return f"{who(seat)} aim at ({aim[0]:.0f}, {aim[1]:.0f}); the die {where}{extra}"
    if kind == "miss":
        return f"{who(data[0])} get no bite"
    if kind == "flip":
        return f"Water slot {data[1] + 1} turns up {card(data[2])}"
    if kind == "boot":
        return f"A boot in slot {data[1] + 1}: no bite"
    if kind == "strike":
        return f"Strike! The die rests on the card in slot {data[1] + 1} (+2)"
    if kind == "catch":
        return f"{who(data[0])} catch {card(data[1])} (roll {data[2]} against {data[3]})"
    if kind == "got-away":
        return f"{card(data[1])} gets away from {who(data[0])} (roll {data[2]} against {data[3]})"
    if kind == "snag":
        return f"Snag! {who(data[0])} rolled a 1"
    if kind == "ability":
        return f"{card(data[1])}: {data[2]}"
    if kind == "use":
        return f"{who(data[0])} use {card(data[1])}"
    if kind == "peek":
        return f"{who(data[0])} see {card(data[2])} in slot {data[1] + 1}"
    if kind == "equip":
        return f"{who(data[0])} take {card(data[1])}"
    if kind == "stocktake":
        return f"{who(data[0])} pay {card(data[1])} for a stocktake"
    if kind == "gear-up":
        return f"{who(data[0])} gear up " + ", ".join(card(c) for c in data[1])
    if kind == "discard":
        return f"{who(data[0])} discard {card(data[1])}"
    if kind == "shop-opens":
        return "The shop opens: " + ", ".join(card(c) for c in data[0])
    if kind == "game-end":
        return f"{who(data[0])} win!"
    return f"{kind} {data}"


def render(view: FlipAndFishView, cards: CardSet) -> str:
    names = cards.cards
    water = []
    for slot, card in enumerate(view.water):
        text = "empty" if card == -2 else ("face down" if card == -1 else names[card].name)
        water.append(f"{slot + 1}: {text}")
    lines = [
        f"Flip & Fish, turn {view.turns + 1}, seat {view.player + 1} of {view.players}",
        "Trophies: " + ", ".join(str(s) for s in view.scores),
        "Water: " + "; ".join(water),
        "Your catch: " + (", ".join(names[c].name for c in view.caught[view.player]) or "none"),
    ]
    if view.shop_open:
        lines.append("Shop: " + ", ".join(names[c].name for c in view.shop_row))
    return "\n".join(lines)
