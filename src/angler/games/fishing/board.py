"""Fishing's board model: one seat's view as the browser table draws it (``web/board.js``).

Built from the view and the card set alone, so it shows nothing the seat may not know. JSON
only, no integer above 2**53 (the ocean's bitmasks become tier counts). Seats are 0-based;
``name`` is "You" or "Player N". Fields:

- ``seat``: the viewer's seat, or None for a spectator. ``players``: how many seats.
- ``round``, ``rounds`` (8), ``hand_size``: the round and the cards each hand takes in it;
  ``trick_number``: this trick's place in the round (1 to ``hand_size``; None once over).
- ``phase``: "play", "catch" (a 0 takes a card), "pass" (to the left), "call" or "over".
- ``deciding``: what the viewer decides now ("play", "catch", "pass", "call"), else None.
- ``to_act``: the seats deciding now. ``leader``: who led this trick. ``turn``: whose play it
  is (None outside the "play" phase). ``chooser``: whose 0 is catching, else None.
  ``winner``: who catches the finished trick while its effects resolve, else None.
- ``hand``: the viewer's cards sorted by colour then value, each ``id`` (the card's id) with
  ``action``: the code that plays it (or passes it, in the pass) when legal, else None;
  ``passing``: true for the card the viewer has chosen to pass.
- ``trick``: the cards played, in order: ``seat``, ``name`` (of the seat), ``card``,
  ``winning`` (the card that catches the trick now), ``caught`` (already taken by a 0 or
  "catch all"), ``resolving`` (the 0 choosing now), ``action`` (the code that catches it with
  your 0, when legal). ``waiting``: the seats still to play to it, in order.
- ``last_trick``: the round's last finished trick, else None: ``winner`` (seat), ``name``,
  ``winning_card`` (id, None when a call won it), ``plays`` in order (``seat``, ``name``,
  ``card``, ``caught_by``: the seat that took the card, by winning or with a 0 or "catch all").
- ``led``: the colour that must be followed ("blue"… "green"; green is trump), else None.
- ``effects``: ``first`` (the seat a "play the 1st card" buoy made lead this trick, or None),
  ``call`` (called colour or None), ``caller`` (who calls or called it), ``lowest`` (lowest
  value wins this trick), ``minus_three`` (a -3 lies in the trick), ``next_first``,
  ``next_caller`` (seats or None), ``next_lowest``; ``now`` and ``next``: the same in words.
- ``calls``: the colours to call, each ``colour`` and ``action`` (only for the caller, now).
- ``pass``: None outside the pass; else ``to`` (the seat on your left, None for a
  spectator), ``passed`` (per seat: has chosen), ``mine`` (your chosen card, or None).
- ``last_pass``: this round's card you passed and to whom (``card``, ``to``), else None.
- ``seats``: one panel per seat, the viewer first, then clockwise (table order for a
  spectator): ``seat``, ``name``, ``score``, ``hand`` (cards held), ``stock`` (stockroom
  size), ``caught`` (cards on their fisher this round, as cards), ``to_act``, ``leader``,
  ``passed`` (None outside the pass), ``you``.
- ``stockroom``: the cards in your own stockroom (you know which, not their order).
- ``ocean``: ``size`` and ``tiers``, top first: ``stars`` (None when a tier mixes stars) and
  ``count`` left.
- ``over``, ``overfished``: whether the game has ended, and by overfishing; ``winners``: the
  seats with the most points once it has (ties share the victory), else empty.

Every card is its id (``card``, ``mine``, ``caught``, ``stockroom``, …): its facts are in the
game's card catalogue (``catalogue``), which a socket is sent once, in its first state. A card's
facts: ``id``, ``name``, ``colour`` ("blue", "purple", "red", "yellow", "green" or "buoy"),
``value`` (None for a buoy), ``stars``, ``trump``, ``effect`` (the card file's effect key or
None), ``tag`` (a short visible mark: "trump", "catch 1", "−3"…, or ""), ``effect_text``
(the effect in words, or ""), ``label`` (the whole card in words, for screen readers) and
``short`` (its name in words for a sentence: "red 7", 'buoy "lowest value wins"').
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import groupby
from typing import TYPE_CHECKING, Any

from angler.core.cards import memo_on_cards
from angler.core.events import PUBLIC
from angler.core.view import seat_name
from angler.games.fishing.actions import CALL, CATCH, PASS, PLAY
from angler.games.fishing.cards import (
    BUOY,
    CALL_COLOUR,
    CATCH_ALL,
    CATCH_ONE,
    EFFECT_LABEL,
    EFFECTS,
    LOWEST_WINS,
    MINUS_THREE,
    NO_EFFECT,
    PASS_LEFT,
    PLAY_FIRST,
    SUITS,
    TRUMP,
    CardSet,
)
from angler.games.fishing.events import Catch, Play, Round, Trick
from angler.games.fishing.rules import HAND_SIZES, ROUNDS
from angler.games.fishing.view import FishingView

if TYPE_CHECKING:
    from angler.core.state import State

EFFECT_KEY = {code: key for key, code in EFFECTS.items()}
TAG = {
    CATCH_ONE: "catch 1",
    PASS_LEFT: "pass ←",
    MINUS_THREE: "−3",
    CATCH_ALL: "catch all",
    PLAY_FIRST: "play 1st",
    CALL_COLOUR: "call",
    LOWEST_WINS: "lowest",
}
# What each effect does, in words a new player understands without the rulebook.
EFFECT_TEXT = {
    CATCH_ONE: "at the end of the trick, its player catches 1 other card of the trick",
    PASS_LEFT: "at the end of the trick, everyone passes 1 card to the left",
    MINUS_THREE: "whoever catches it scores -3 points at once",
    CATCH_ALL: "at the end of the trick, its player catches all the other cards",
    PLAY_FIRST: "its player plays the first card of the next trick",
    CALL_COLOUR: "its player calls the colour everyone must follow in the next trick",
    LOWEST_WINS: "the lowest value wins the next trick",
}
DECISIONS = ("play", "catch", "pass", "call")  # the phases in which someone decides


def catalogue(cards: CardSet) -> list[dict[str, Any]]:
    """Every card's facts, indexed by id: what the board's card ids stand for."""
    return [card_model(cards, card.id) for card in cards.cards]


def card_model(cards: CardSet, card_id: int) -> dict[str, Any]:
    """One card's facts as the board draws it: colour, value, effect, a short tag and words."""
    card = cards.cards[card_id]
    buoy = card.suit == BUOY
    trump = card.suit == TRUMP
    tag = TAG.get(card.effect, "trump" if trump else "")
    effect_text = EFFECT_TEXT.get(card.effect, "")
    label = "buoy" if buoy else f"{SUITS[card.suit]} {card.value}" + (", trump" if trump else "")
    if effect_text:
        label += f" “{EFFECT_LABEL[card.effect]}”: {effect_text}"
    return {
        "id": card.id,
        "name": card.name,
        "colour": SUITS[card.suit],
        "value": None if buoy else card.value,
        "stars": card.stars,
        "trump": trump,
        "effect": EFFECT_KEY.get(card.effect) if card.effect != NO_EFFECT else None,
        "tag": tag,
        "effect_text": effect_text,
        "label": label,
        "short": card.label(),
    }


def board(
    view: FishingView,
    cards: CardSet,
    rounds: int = ROUNDS,
    hand_sizes: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The board model of ``view`` (see the module docstring for its fields); ``rounds`` and
    ``hand_sizes`` are the configured game's round card (default: the full game's)."""
    me = view.player if view.player >= 0 else None
    n = view.players
    phase, current, played = view.phase, view.current, view.trick
    actions = _actions_by_kind(view.legal, len(cards))
    deciding = phase if me is not None and me in current and phase in DECISIONS else None
    names = _seat_names(me, n)
    seats_or_none = _seats_or_none(n)  # a seat number, or None for -1 (nobody)
    passing = phase == "pass"
    over = phase == "over"
    last_trick = _last_trick(view, names)
    hand_size = (HAND_SIZES[n] if hand_sizes is None else hand_sizes)[view.round - 1]
    known = view.known_pass
    return {
        "game": "fishing",
        "seat": me,
        "players": n,
        "round": view.round,
        "rounds": rounds,
        "hand_size": hand_size,
        "trick_number": _trick_number(view, hand_size),
        "phase": phase,
        "deciding": deciding,
        "to_act": list(current),
        "leader": seats_or_none.get(view.leader),
        "turn": seats_or_none.get(view.turn) if phase == "play" else None,
        "chooser": seats_or_none.get(view.chooser) if phase == "catch" else None,
        "winner": seats_or_none.get(view.winner),
        "hand": _hand(view, cards, actions, passing),
        "trick": _trick(view, cards, names, actions[CATCH]) if played else [],
        "waiting": (
            [(view.leader + i) % n for i in range(len(played), n)]
            if phase in ("play", "call") and 0 <= view.leader < n
            else []
        ),
        "last_trick": last_trick,
        "led": SUITS[view.led] if 0 <= view.led < BUOY and not over else None,
        "effects": _effects(view, cards, names, last_trick),
        "calls": [
            {"colour": SUITS[suit], "action": code} for suit, code in sorted(actions[CALL].items())
        ],
        "pass": (
            {
                "to": (me + 1) % n if me is not None else None,
                "passed": list(view.passed),
                "mine": view.my_pass if view.my_pass >= 0 else None,
            }
            if passing
            else None
        ),
        "last_pass": ({"card": known[0], "to": known[1]} if known is not None else None),
        "seats": _seats(view, me, names, passing, over),
        "stockroom": list(view.own_stock),
        "ocean": {"size": view.ocean_size, "tiers": _ocean_tiers(view, cards)},
        "over": over,
        "overfished": view.overfished,
        "winners": _winners(view.scores) if over else [],
    }


def _hand(
    view: FishingView, cards: CardSet, actions: dict[int, dict[int, int]], passing: bool
) -> list[dict[str, Any]]:
    """The viewer's cards by colour then value, each with the code that plays (or, in the
    pass, passes) it when legal, and whether it is the card chosen to pass."""
    codes = actions[PASS if passing else PLAY]
    chosen = view.my_pass if passing else None  # no card is "passing" outside the pass
    return [
        {"id": c, "action": codes.get(c), "passing": c == chosen}
        for c in sorted(view.hand, key=cards.hand_rank.__getitem__)
    ]


def _trick(
    view: FishingView, cards: CardSet, names: Sequence[str], catch_codes: dict[int, int]
) -> list[dict[str, Any]]:
    """The cards played to this trick, in order, with what each is to the trick now."""
    winning = _winning_position(view, cards)
    resolving = view.pending[0] if view.phase == "catch" and view.pending else -1
    remaining = view.remaining
    resolved = bool(remaining)  # the trick is being taken apart by its effects
    return [
        {
            "seat": seat,
            "name": names[seat],
            "card": card,
            "winning": position == winning,
            "caught": resolved and position not in remaining,
            "resolving": position == resolving,
            "action": catch_codes.get(card),
        }
        for position, (seat, card) in enumerate(view.trick)
    ]


def _seats(
    view: FishingView, me: int | None, names: Sequence[str], passing: bool, over: bool
) -> list[dict[str, Any]]:
    """One panel per seat, the viewer's first, then clockwise (table order for a spectator)."""
    n = view.players
    order = [(me + i) % n for i in range(n)] if me is not None else range(n)
    scores, held, stocks, fishers = view.scores, view.hand_sizes, view.stock_sizes, view.fishers
    current = view.current
    leader = view.leader if not over else None  # no seat leads once the game is over
    # Who has chosen a card to pass; None for every seat outside the pass.
    passed = view.passed if passing and view.passed else _nobody(n)
    return [
        {
            "seat": seat,
            "name": names[seat],
            "score": scores[seat],
            "hand": held[seat],
            "stock": stocks[seat],
            "caught": list(fishers[seat]),
            "to_act": seat in current,
            "leader": seat == leader,
            "passed": passed[seat],
            "you": seat == me,
        }
        for seat in order
    ]


def _winners(scores: tuple[int, ...]) -> list[int]:
    """The seats with the most points (ties share the victory)."""
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


@cache
def _nobody(players: int) -> tuple[None, ...]:
    """None for each seat."""
    return (None,) * players


@cache
def _seats_or_none(players: int) -> dict[int, int]:
    """Each seat by its number: ``.get`` gives None for a number that is no seat (-1)."""
    return {seat: seat for seat in range(players)}


@cache
def _seat_names(me: int | None, players: int) -> tuple[str, ...]:
    """Each seat's name on ``me``'s board ("You", "Player 2"…), made once per viewer and size."""
    return tuple(seat_name(seat, me).capitalize() for seat in range(players))


def _last_trick(view: FishingView, names: Sequence[str]) -> dict[str, Any] | None:
    """The round's last finished trick, from the public log: every card in play order, who
    caught what of it, and the card that won it (None when a call won it). Read from the log's
    end: a payload is built after every move, and a whole game's log is hundreds of events.
    Events are named tuples of exact types, so ``type(...) is`` tells them apart quickest."""
    events = view.events
    end = len(events) - 1
    while end >= 0 and type(events[end]) is not Trick:
        if type(events[end]) is Round:
            return None  # no trick finished in this round yet
        end -= 1
    if end < 0:
        return None
    start = end
    while start > 0 and type(events[start - 1]) not in _TRICK_BOUNDS:
        start -= 1
    trick = events[end]
    assert isinstance(trick, Trick)
    taken: dict[int, int] = {}
    played: list[Play] = []
    for event in events[start:end]:
        if type(event) is Play:
            played.append(event)
        elif type(event) is Catch:
            taken[event.card] = event.seat
    winner = trick.seat
    plays = [
        {
            "seat": seat,
            "name": names[seat],
            "card": card,
            "caught_by": taken.get(card, winner),
        }
        for seat, card in played
    ]
    return {
        "winner": winner,
        "name": names[winner],
        "winning_card": trick.winning_card if trick.winning_card >= 0 else None,
        "plays": plays,
    }


_TRICK_BOUNDS = (Trick, Round)  # a trick's events lie after the trick or round before them


def _trick_number(view: FishingView, hand_size: int) -> int | None:
    """Which trick of the round this is (1 = the first), from the cards left in hand: every
    trick takes one card from each hand (a pass gives one and takes one)."""
    if view.phase == "over":
        return None
    done = hand_size - max(view.hand_sizes)  # tricks every hand has played to
    whole = len(view.trick) == view.players  # this trick is complete, resolving its effects
    return max(1, done if whole else done + 1)


def _actions_by_kind(legal: tuple[int, ...], size: int) -> dict[int, dict[int, int]]:
    """The legal codes by kind (play, catch, pass, call), each keyed by its card or colour."""
    if not legal:  # every seat but the deciding one's: one shared nothing, only read
        return _NO_ACTIONS
    kinds: dict[int, dict[int, int]] = {PLAY: {}, CATCH: {}, PASS: {}, CALL: {}}
    for code in legal:
        kind, item = divmod(code, size)
        kinds[kind][item] = code
    return kinds


_NO_ACTIONS: dict[int, dict[int, int]] = {PLAY: {}, CATCH: {}, PASS: {}, CALL: {}}


def _winning_position(view: FishingView, cards: CardSet) -> int:
    """The trick position that catches the trick as it stands (the rules' own reckoning, from
    the public cards), or -1 when none does: no card yet, or a call nobody followed."""
    if view.winning_card >= 0:
        played = [card for _, card in view.trick]
        return played.index(view.winning_card) if view.winning_card in played else -1
    if view.winner >= 0 or not view.trick:  # a call won it, or nothing is played yet
        return -1
    suits = [cards.suit[card] for _, card in view.trick]
    target = TRUMP if TRUMP in suits else view.led
    best = -1
    for position, (_, card) in enumerate(view.trick):
        if target < 0 or cards.suit[card] != target:
            continue
        if best < 0:
            best = position
            continue
        value, held = cards.value[card], cards.value[view.trick[best][1]]
        if value < held if view.lowest else value > held:
            best = position
    if best < 0 and view.call_suit < 0:
        return 0  # only buoys so far: the first buoy catches
    return best


def _effects(
    view: FishingView,
    cards: CardSet,
    names: Sequence[str],
    last_trick: dict[str, Any] | None,
) -> dict[str, Any]:
    """The buoy effects in force now and for the next trick, as facts and in words."""
    over = view.phase == "over"  # then the last trick's buoys bind nothing any more
    first = _played_first(view, cards, last_trick) if last_trick and not over else None
    calling = view.phase == "call" or view.call_suit >= 0
    effect = cards.effect
    minus = False
    for _, card in view.trick:
        if effect[card] == MINUS_THREE:
            minus = True
            break
    now: list[str] = []
    if first is not None:
        now.append(f"{names[first]} plays the first card")
    if view.call_suit >= 0:
        now.append(f"Called colour: {SUITS[view.call_suit]} ({names[view.caller]} called it)")
    elif calling:
        now.append(f"{names[view.caller]} calls the colour")
    if view.lowest and not over:
        now.append("Lowest value wins this trick")
    if minus:
        now.append("A −3 card lies in this trick")
    upcoming: list[str] = []
    if view.next_first >= 0:
        upcoming.append(f"{names[view.next_first]} plays the first card")
    if view.next_call >= 0:
        upcoming.append(f"{names[view.next_call]} calls the colour")
    if view.next_lowest:
        upcoming.append("lowest value wins")
    return {
        "first": first,
        "call": SUITS[view.call_suit] if view.call_suit >= 0 else None,
        "caller": view.caller if calling else None,
        "lowest": view.lowest and not over,
        "minus_three": minus,
        "next_first": view.next_first if view.next_first >= 0 else None,
        "next_caller": view.next_call if view.next_call >= 0 else None,
        "next_lowest": view.next_lowest,
        "now": now,
        "next": upcoming,
    }


def _played_first(view: FishingView, cards: CardSet, last_trick: dict[str, Any]) -> int | None:
    """The seat whose "play the 1st card" in the round's last trick made it lead this one."""
    leader, effect = view.leader, cards.effect
    for play in last_trick["plays"]:
        if play["seat"] == leader and effect[play["card"]] == PLAY_FIRST:
            return leader
    return None


def _ocean_tiers(view: FishingView, cards: CardSet) -> list[dict[str, Any]]:
    """The ocean stack's remaining positions grouped into runs of one star tier, top first."""
    runs = _ocean_runs(cards, view.ocean_masks, view.ocean_size)
    return [{"stars": stars, "count": count} for stars, count in runs]


@memo_on_cards(1024)  # a game's ocean goes through some 60 sizes of one public layout
def _ocean_runs(
    cards: CardSet, masks: tuple[int, ...], size: int
) -> tuple[tuple[int | None, int], ...]:
    """The star tier (None when mixed) and length of each run of equal masks among the ocean's
    first ``size`` positions (0 = bottom), top first."""
    stars = cards.mask_stars  # the one tier holding every card a position may hold, if one
    # Runs of equal masks, grouped in C.
    return tuple(
        (stars(mask), len(list(positions))) for mask, positions in groupby(reversed(masks[:size]))
    )


def open_board(state: State[Any], cards: CardSet) -> dict[str, Any]:
    """The board with every hand shown (a finished game's replay "with everything shown"): the
    spectator's board, each seat given ``cards`` (its hand) and ``stock_cards`` (its stockroom)
    as that seat sees them. It reads every seat's view: never for a live game."""
    game: Any = state.game  # a Fishing game (its round card)
    model = board(_as_fishing(state.view(PUBLIC)), cards, game.rounds, game.hand_sizes)
    for seat in model["seats"]:
        own = _as_fishing(state.view(seat["seat"]))
        held = sorted(own.hand, key=lambda c: (cards.suit[c], cards.value[c], c))
        seat["cards"] = held
        seat["stock_cards"] = list(own.own_stock)
    return model


def _as_fishing(view: object) -> FishingView:
    assert isinstance(view, FishingView)
    return view
