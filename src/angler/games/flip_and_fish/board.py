"""Flip & Fish's board model: one seat's view as the browser table draws it (``web/board.js``).

Built from the view alone, the table's geometry and the public cast skills (game options every
seat knows). Distances are table millimetres, x to the right and y up, the table centred on the
origin. An *action* is ``{"code", "text", "label"}``: the code (a string when above 2**53, as a
bitmask of card ids may be), the text the server reads (``ui.act(text)``) and words for a screen
reader. Actions appear only for the seat deciding now; every legal action has one place below.

Fields:

- ``viewer``: the seat looking (null: a spectator); ``players``; ``turn``: the seat whose turn it
  is; ``turn_number`` (from 1); ``phase`` and ``phase_text`` (plain words); ``deciding``: whether
  the viewer decides now; ``over``, ``winner`` (-1: none), ``scores`` (trophies by seat; the
  mini's points) and ``trophies_to_win``.
- ``table``: ``half`` (the table runs from -half to +half mm both ways), ``card`` ([width,
  length]), ``die_radius``, ``ruler`` (the printed ruler), ``ruler_ideal`` (its yellow part),
  ``step`` (the aim grid), ``view``: [x0, y0, x1, y1], the part of the table worth drawing (a
  die that fell off the table widens it beyond the table's edge).
- ``spread``: the cast model's error, ``along`` and ``across`` as [mm, mm per mm of throw], to be
  multiplied by a seat's ``skill``: one standard deviation of where the die stops.
- ``water``: 5 slots ``{slot, x, y, state, card, bitten, bite, peeked_by, actions, aim}``:
  ``state`` is ``empty``, ``down`` (a face-down back), ``peeked`` (face down, its face shown to
  the viewer by a Flashlight) or ``up``; ``card`` the card's id (null unless up or peeked); ``bite``
  marks this turn's bitten card; ``actions`` the Flashlight or Spear uses aimed at it; ``aim``
  the cast at its centre while the viewer aims.
- A card is its id: its facts are in the game's card catalogue (``catalogue``), sent to a socket
  once, in its first state: per id ``{id, name, title, kind, colour, rate, bait, carp, ability}``
  for fish (``kind`` trophy, regular or boot; ``colour`` null for a boot; ``ability`` in words or
  null), or ``{id, name, title, kind, effect, value, text}`` for equipment (``kind`` discard, flip
  or ongoing).
- ``seats``: per seat ``{seat, jetty, trophies, caught, gear, ruler, skill, tangled, to_act}``;
  ``caught`` entries are ``{id, baitable, actions}`` (stocktake, discard); ``gear`` entries
  ``{id, ready (face up), actions}`` (use, discard); ``ruler`` is the seat's reach in mm (longer
  rulers added), ``skill`` its cast spread factor (steadier hands applied).
- ``shop``: ``{open, pending, row, dip, deck, discard}``: ``row`` entries are ``{id, action}``
  (buy);
  ``dip`` the lucky dip's action; ``deck`` and ``discard`` counts.
- ``deck``, ``fish_discard``: counts; ``bait``: the bait announced this turn (card ids).
- ``fish_options``: ``[{code, text, label, bait}]``, the bait sets the viewer may fish with
  (``bait``: card ids); ``gear_up``: ``[{code, text, label, cards}]``; ``done``: the pass action
  (keep the cast, resolve the bite, buy nothing, rest) or null.
- ``roll``: while a bite is being boosted, ``{slot, total, rate}``; else null.
- ``aim``: while the viewer aims, ``{origin, hint, skill}`` (origin: the viewer's jetty); else
  null. Any point of the table may be aimed at, as ``cast X Y`` on the ``step`` grid; in the
  mini only the water cards' centres, listed as ``cards`` ([x, y] each), with skill 0.
- ``cast``: the latest cast in the log, or null: ``{key, seat, turn, current, aim, stop, face,
  revolved, ruler, slot, gap, outcome, story}``; ``key`` tells one cast from the next (for the
  animation), ``current`` whether it belongs to the turn under way, ``slot`` the water card the
  ruler measured to (-1: none) and ``gap`` its distance in mm, ``outcome`` one of miss, bite,
  strike, boot, snag, caught, got-away, off-table (a miss: the die fell off), recast (did not
  roll over), slid (did not roll over at the recast limit: a miss, ruling 19), ``story`` its
  log lines.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from angler.core.cards import memo_on_cards
from angler.core.events import PUBLIC, Event
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.cards import (
    BASE_BAIT_FISH,
    COLOURS,
    EQUIPMENT_TEXT,
    KINDS,
    ONGOING,
    CardSet,
    EquipmentCard,
)
from angler.games.flip_and_fish.cast import spread
from angler.games.flip_and_fish.events import (
    Boot,
    Cast,
    Catch,
    Fish,
    Flip,
    GotAway,
    Miss,
    Slid,
    Snag,
    Strike,
    Turn,
)
from angler.games.flip_and_fish.mini import MINI_TROPHIES
from angler.games.flip_and_fish.table import (
    CARD_LENGTH,
    CARD_WIDTH,
    DIE_RADIUS,
    RULER,
    RULER_IDEAL,
    TABLE_HALF,
    Table,
)
from angler.games.flip_and_fish.view import (
    PHASE_TEXT,
    FlipAndFishView,
    build_view,
    card_aims,
    describe,
)

if TYPE_CHECKING:
    from angler.games.flip_and_fish.rules import FlipAndFishState

JS_SAFE = 2**53
VIEW_MARGIN = 30.0  # mm of table kept round what is drawn, to aim in
FLOOR = TABLE_HALF + 250.0  # how far off the table a fallen die is still drawn
MIN_ASPECT = 0.8  # the drawn part of the table is at least this wide for its height
DONE_LABELS = {
    "landed": "keep this cast",
    "boost": "resolve the bite",
    "shop": "buy nothing",
    "turn": "rest: nothing else is possible",
}


def board(
    view: FlipAndFishView,
    cards: CardSet,
    table: Table,
    skills: tuple[float, ...] | None = None,
) -> dict[str, Any]:
    """The board model of ``view`` (see the module docstring)."""
    me = view.player
    mini = cards.size == "mini"
    viewer = None if me == PUBLIC else me
    deciding = viewer is not None and viewer in view.current
    legal = view.legal if deciding else ()
    placed = _Placed(cards, legal)
    base = skills or (1.0,) * view.players
    seats = _seats(view, cards, table, base, placed)
    cast = _latest_cast(view, cards, table, seats)
    model: dict[str, Any] = {
        "viewer": viewer,
        "players": view.players,
        "turn": view.turn,
        "turn_number": view.turns + 1,
        "phase": view.phase,
        "phase_text": PHASE_TEXT.get(view.phase, view.phase),
        "deciding": deciding,
        "over": view.phase == "over",
        "winner": view.winner,
        "scores": list(view.scores),
        "trophies_to_win": MINI_TROPHIES if mini else (3 if view.players == 2 else 2),
        "table": _geometry(table, cast),
        "spread": _spread(),
        "water": _water(view, cards, table, placed),
        "seats": seats,
        "shop": _shop(view, cards, placed),
        "deck": view.deck_size,
        "fish_discard": len(view.fish_discard),
        "bait": list(view.bait),
        "fish_options": placed.fish_options(),
        "gear_up": placed.gear_up(),
        "done": placed.done(view.phase),
        "roll": _roll(view, cards),
        "aim": _aim(view, table, seats, mini) if deciding and view.can_cast else None,
        "cast": cast,
    }
    return model


def open_board(
    state: FlipAndFishState,
    cards: CardSet,
    table: Table,
    skills: tuple[float, ...] | None = None,
) -> dict[str, Any]:
    """The board with every face-down water card shown (a finished game's replay "with
    everything shown"): the spectator's board, each face-down slot's ``state`` ``open`` and its
    ``card`` given. It reads the state itself: never for a live game."""
    view = build_view(state, PUBLIC)
    model = board(view, cards, table, skills)
    for slot in model["water"]:
        card = state.water[slot["slot"]]
        if slot["state"] == "down" and card >= 0:
            slot["state"] = "open"
            slot["card"] = card
    return model


def catalogue(cards: CardSet) -> list[dict[str, Any]]:
    """Every card's facts, indexed by id: what the board's card ids stand for."""
    return [card_model(cards, card.id) for card in cards.cards]


def card_model(cards: CardSet, card_id: int) -> dict[str, Any]:
    card = cards.cards[card_id]
    if isinstance(card, EquipmentCard):
        text = EQUIPMENT_TEXT[card.effect].format(
            value=card.value, bait=BASE_BAIT_FISH + (card.value or 0)
        )
        return {
            "id": card.id,
            "name": card.name,
            "title": cards.titles[card.id],
            "kind": KINDS[card.kind],
            "effect": card.effect,
            "value": card.value,
            "text": text,
        }
    ability = card.ability
    return {
        "id": card.id,
        "name": card.name,
        "title": cards.titles[card.id],
        "kind": KINDS[card.kind],
        "colour": COLOURS[card.colour] if card.colour >= 0 else None,
        "rate": card.catch_rate,
        "bait": card.bait or 0,
        "carp": card.carp,
        "ability": ability.label() if ability is not None else None,
    }


def _code(code: int) -> int | str:
    return code if code <= JS_SAFE else str(code)


class _Placed:
    """The deciding seat's legal actions, sorted by where the board puts them."""

    def __init__(self, cards: CardSet, legal: tuple[int, ...]) -> None:
        self.cards = cards
        self.legal = legal
        self.titles = cards.titles
        # The codes by kind (in legal order), sorted once: the board asks for a kind per card.
        by_kind: dict[int, list[int]] = {}
        for code in legal:
            by_kind.setdefault(code & 15, []).append(code)
        self.by_kind = by_kind

    def action(self, code: int, label: str | None = None) -> dict[str, Any]:
        text = act.action_to_string(self.cards, code)
        return {"code": _code(code), "text": text, "label": label or text}

    def of_kind(self, kind: int) -> list[int]:
        return self.by_kind.get(kind, [])

    def name(self, card: int) -> str:
        return self.titles[card]

    def uses(self, card: int, slot: int) -> list[dict[str, Any]]:
        found = []
        for code in self.of_kind(act.USE):
            equipment, target = divmod(code >> 4, 8)
            if equipment == card and target == slot:
                where = "" if slot == act.NO_SLOT else f" on water card {slot + 1}"
                found.append(self.action(code, f"use {self.name(card)}{where}"))
        return found

    def slot_uses(self, slot: int) -> list[dict[str, Any]]:
        if act.USE not in self.by_kind:  # as for every seat but the deciding one
            return []
        return [
            use
            for code in self.of_kind(act.USE)
            if (code >> 4) % 8 == slot
            for use in self.uses((code >> 4) // 8, slot)
        ]

    def for_card(self, kind: int, card: int, label: str) -> list[dict[str, Any]]:
        return [self.action(c, label) for c in self.of_kind(kind) if c >> 4 == card]

    def fish_options(self) -> list[dict[str, Any]]:
        out = []
        for code in self.of_kind(act.FISH):
            bait = act.ids_of(code >> 4)
            names = ", ".join(self.name(c) for c in bait)
            label = f"fish with {names}" if bait else "fish without bait"
            out.append(self.action(code, label) | {"bait": bait})
        return out

    def gear_up(self) -> list[dict[str, Any]]:
        out = []
        for code in self.of_kind(act.GEAR):
            cards = act.ids_of(code >> 4)
            label = "gear up " + " and ".join(self.name(c) for c in cards)
            out.append(self.action(code, label) | {"cards": cards})
        return out

    def buy(self, slot: int, label: str) -> dict[str, Any] | None:
        found = [c for c in self.of_kind(act.BUY) if c >> 4 == slot]
        return self.action(found[0], label) if found else None

    def done(self, phase: str) -> dict[str, Any] | None:
        found = self.of_kind(act.PASS)
        return self.action(found[0], DONE_LABELS.get(phase, "done")) if found else None


def _geometry(table: Table, cast: dict[str, Any] | None) -> dict[str, Any]:
    """The table's measures and the part of it worth drawing: the water, the jetties and the
    latest cast with the ruler's reach, with a margin to aim in (never beyond the table)."""
    points = None if cast is None else (tuple(cast["aim"]), tuple(cast["stop"]))
    return {
        "half": TABLE_HALF,
        "card": [CARD_WIDTH, CARD_LENGTH],
        "die_radius": DIE_RADIUS,
        "ruler": RULER,
        "ruler_ideal": RULER_IDEAL,
        "step": act.STEP,
        "view": list(_drawn_box(table.drawn, points)),
    }


Point = tuple[float, float]


@lru_cache(maxsize=1024)
def _drawn_box(
    drawn: tuple[float, float, float, float], cast: tuple[Point, Point] | None
) -> tuple[float, ...]:
    """The box ``_geometry`` draws, from the table's ``drawn`` box and the latest cast's aim and
    stop: worked out once per cast (every seat's board, move after move, draws the same)."""
    x0, y0, x1, y1 = drawn  # the water and the jetties
    if cast is not None:  # a wild cast widens the picture: its die and its aim stay drawn
        for x, y in cast:
            x0, x1 = min(x0, x - DIE_RADIUS), max(x1, x + DIE_RADIUS)
            y0, y1 = min(y0, y - DIE_RADIUS), max(y1, y + DIE_RADIUS)
    # Never narrower than MIN_ASPECT (two jetties face to face): room beside the water to aim.
    spare = max(0.0, MIN_ASPECT * (y1 - y0) - (x1 - x0)) / 2
    x0, x1 = min(x0, x0 - spare), max(x1, x1 + spare)

    box = [
        max(-TABLE_HALF, min(TABLE_HALF, x0 - VIEW_MARGIN)),
        max(-TABLE_HALF, min(TABLE_HALF, y0 - VIEW_MARGIN)),
        max(-TABLE_HALF, min(TABLE_HALF, x1 + VIEW_MARGIN)),
        max(-TABLE_HALF, min(TABLE_HALF, y1 + VIEW_MARGIN)),
    ]
    if cast is not None:  # a die that fell off the table is drawn on the floor beside it
        x, y = (max(-FLOOR, min(FLOOR, v)) for v in cast[1])
        reach = DIE_RADIUS + 2 * VIEW_MARGIN  # room for the outcome's label too
        box = [
            min(box[0], x - reach),
            min(box[1], y - reach),
            max(box[2], x + reach),
            max(box[3], y + reach),
        ]
    return tuple(round(v, 1) for v in box)


def _spread() -> dict[str, list[float]]:
    """The error model's coefficients, read off ``cast.spread`` itself (once: they are
    constants; each board gets its own lists)."""
    along, across = _SPREAD
    return {"along": list(along), "across": list(across)}


def _read_spread() -> tuple[tuple[float, float], tuple[float, float]]:
    along0, across0 = spread(0.0, 1.0)
    along1, across1 = spread(1.0, 1.0)
    return (along0, round(along1 - along0, 6)), (across0, round(across1 - across0, 6))


_SPREAD = _read_spread()


SLOT_STATES = {-2: "empty", -1: "down"}  # a view's water entry below 0; else up or peeked


def _water(
    view: FlipAndFishView, cards: CardSet, table: Table, placed: _Placed
) -> list[dict[str, Any]]:
    """The water slots, in one loop (five slots a board, every seat's board every move)."""
    face_up, bitten, bite_slot = view.face_up, view.bitten, view.bite_slot
    aiming = view.can_cast
    peeks = any(view.peeked)  # who peeked at a slot is seldom anyone
    aims = card_aims(table.cards)
    water = []
    for slot, card in enumerate(view.water):
        x, y = table.cards[slot]
        aim = None
        if aiming and card != -2:
            what = cards.titles[card] if card >= 0 else f"face-down card {slot + 1}"
            aim = placed.action(aims[slot], f"cast at {what}")
        water.append(
            {
                "slot": slot,
                "x": x,
                "y": y,
                "state": SLOT_STATES[card] if card < 0 else "up" if face_up[slot] else "peeked",
                "card": card if card >= 0 else None,
                "bitten": bitten[slot],
                "bite": slot == bite_slot,
                "peeked_by": _peeked_by(view, slot) if peeks else [],
                "actions": placed.slot_uses(slot),
                "aim": aim,
            }
        )
    return water


def _peeked_by(view: FlipAndFishView, slot: int) -> list[int]:
    return [seat for seat, spots in enumerate(view.peeked) if slot in spots]


def _seats(
    view: FlipAndFishView,
    cards: CardSet,
    table: Table,
    skills: tuple[float, ...],
    placed: _Placed,
) -> list[dict[str, Any]]:
    """Every seat's jetty, catch and gear, in one loop."""
    bait, scores, current = cards.bait, view.scores, view.current
    # Only the deciding viewer's own cards carry actions: no other seat's need their words.
    acting = view.player if placed.legal else None
    seats = []
    for seat, (pile, kit) in enumerate(zip(view.caught, view.gear, strict=True)):
        if seat == acting:
            caught = [
                {"id": card, "baitable": bait[card] > 0, "actions": _fish_actions(placed, card)}
                for card in pile
            ]
            gear = [
                {"id": card, "ready": ready, "actions": _gear_actions(placed, card)}
                for card, ready in kit
            ]
        else:
            caught = [{"id": card, "baitable": bait[card] > 0, "actions": []} for card in pile]
            gear = [{"id": card, "ready": ready, "actions": []} for card, ready in kit]
        ruler, steady = _reach(cards, kit, skills[seat])
        x, y = table.jetties[seat]
        seats.append(
            {
                "seat": seat,
                "jetty": [x, y],
                "trophies": sum(cards.is_trophy[card] for card in pile),
                "score": scores[seat],  # trophies, or the mini's points
                "caught": caught,
                "gear": gear,
                "ruler": ruler,
                "skill": steady,
                "tangled": view.no_fishing == seat,
                "to_act": seat in current,
            }
        )
    return seats


def _fish_actions(placed: _Placed, card: int) -> list[dict[str, Any]]:
    name = placed.name(card)
    actions = placed.for_card(act.STOCKTAKE, card, f"stocktake: pay {name}")
    return actions + placed.for_card(act.DISCARD, card, f"discard {name}")


def _gear_actions(placed: _Placed, card: int) -> list[dict[str, Any]]:
    actions = placed.uses(card, act.NO_SLOT)
    return actions + placed.for_card(act.DISCARD, card, f"discard {placed.name(card)}")


@memo_on_cards(1024)
def _reach(cards: CardSet, kit: tuple[tuple[int, bool], ...], skill: float) -> tuple[float, float]:
    """A seat's ruler (longer rulers added) and its cast spread factor (steadier hands
    applied, as ``rules.cast_your_line`` narrows the spread): once per gear and skill, as every
    board draws every seat."""
    effect = cards.effect
    ruler, steady = RULER, skill
    for card, _ in kit:
        does = effect[card]
        if does == "longer-ruler" and cards.kind[card] == ONGOING:
            ruler += cards.value[card]
        elif does == "steady-hand":
            steady *= 1 - min(90, cards.value[card]) / 100
    return ruler, round(max(steady, 0.1 * skill), 4)


def _shop(view: FlipAndFishView, cards: CardSet, placed: _Placed) -> dict[str, Any]:
    buying = act.BUY in placed.by_kind  # else no words to write: every action is null
    row = []
    for slot, card in enumerate(view.shop_row):
        action = placed.buy(slot, f"buy {placed.name(card)}") if buying else None
        row.append({"id": card, "action": action})
    return {
        "open": view.shop_open,
        "pending": view.shop_pending,
        "row": row,
        "dip": placed.buy(3, "lucky dip: the top shopping card") if buying else None,
        "deck": view.shop_deck_size,
        "discard": len(view.shop_discard),
    }


def _roll(view: FlipAndFishView, cards: CardSet) -> dict[str, Any] | None:
    """The roll so far against the catch rate it must reach (guarding fish and an on-flip raise
    included, as ``rules.resolve_bite`` counts them)."""
    slot = view.bite_slot
    if view.phase != "boost" or slot < 0 or view.water[slot] < 0:
        return None
    fish = view.water[slot]
    rate = cards.catch_rate[fish] or 0
    for other, card in enumerate(view.water):
        ability = cards.ability[card] if card >= 0 else None
        guarding = ability is not None and ability.effect == "guarded" and view.bitten[other]
        if other != slot and ability is not None and guarding:
            rate += ability.value or 0
    ability = cards.ability[fish]
    if ability is not None and ability.effect == "catch-rate-up" and view.flipped_now:
        rate += ability.value or 0
    return {"slot": slot, "total": view.roll, "rate": rate}


def _aim(
    view: FlipAndFishView, table: Table, seats: list[dict[str, Any]], mini: bool
) -> dict[str, Any]:
    x, y = table.jetties[view.player]
    if mini:  # a mini cast rests beside the card aimed at: no spread, and aims only at cards
        cards = [list(table.cards[slot]) for slot, card in enumerate(view.water) if card != -2]
        return {"origin": [x, y], "skill": 0, "cards": cards, "hint": MINI_AIM_HINT}
    return {
        "origin": [x, y],
        "skill": seats[view.player]["skill"],
        "hint": (
            "Press or drag on the table to aim, release to cast (off the table: no cast); or "
            "arrow keys, then Enter. The ovals show where the die is likely to stop: longer "
            "throws spread more."
        ),
    }


MINI_AIM_HINT = (
    "Press a water card to cast at it: in the mini a cast always comes to rest beside the card "
    "aimed at, and the D4 decides."
)


def _turn_at(events: Sequence[Event], end: int) -> int:
    """The number of the turn ``events[end]`` belongs to: the latest Turn before it's (1 if
    none), read back without copying the log."""
    for i in range(end - 1, -1, -1):
        event = events[i]
        if type(event) is Turn:
            return event.turn
    return 1


OUTCOMES = {
    Miss: "miss",
    Boot: "boot",
    Snag: "snag",
    Catch: "caught",
    GotAway: "got-away",
    Slid: "slid",
}
MEASURED = (Miss, Flip, Boot, Strike)  # events naming the slot the ruler measured to


def _latest_cast(
    view: FlipAndFishView, cards: CardSet, table: Table, seats: list[dict[str, Any]]
) -> dict[str, Any] | None:
    # Read back from the end of the log, never copying it: the latest cast is a few events old.
    # Events are exact classes (NamedTuples, never subclassed): ``type(e) is`` tests suffice.
    events = view.events
    index = len(events) - 1
    while index >= 0 and type(events[index]) is not Cast:
        index -= 1
    if index < 0:
        return None
    cast = events[index]
    assert isinstance(cast, Cast)
    turn = _turn_at(events, index)
    outcome, slot = ("bite" if cast.revolved else "recast"), -1
    story = []
    for at in range(index, len(events)):
        event = events[at]
        kind = type(event)
        if kind is Turn or kind is Fish or (kind is Cast and event is not cast):
            break
        story.append(describe(event, cards, view.player))
        if slot < 0 and isinstance(event, MEASURED):
            slot = event.slot
        if kind is Strike and outcome == "bite":
            outcome = "strike"
        outcome = OUTCOMES.get(kind, outcome)
    if outcome == "miss" and not table.on_table(cast.stop):
        outcome = "off-table"
    current = turn == view.turns + 1
    if slot < 0 and current and view.bite_slot >= 0:
        slot = view.bite_slot
    if slot < 0 and outcome in ("bite", "strike", "caught", "got-away"):
        slot = min(range(len(table.cards)), key=lambda s: table.distance_to_card(cast.stop, s))
    gap = table.distance_to_card(cast.stop, slot) if slot >= 0 else None
    return {
        "key": f"{index}:{cast.stop[0]}:{cast.stop[1]}:{cast.face}",
        "seat": cast.seat,
        "turn": turn,
        "current": current,
        "aim": list(cast.aim),
        "stop": list(cast.stop),
        "face": cast.face,
        "revolved": cast.revolved,
        "ruler": seats[cast.seat]["ruler"],
        "slot": slot,
        "gap": None if gap is None or math.isinf(gap) else round(gap, 1),
        "outcome": outcome,
        "story": story,
    }
