"""Flip & Fish's board model: JSON that JavaScript reads exactly, names from the card set, an
action on the board for exactly the legal ones, and nothing a seat's view hides."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from tests.json_tree import nodes

from angler.core.events import PUBLIC
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.board import board, catalogue
from angler.games.flip_and_fish.cards import COLOURS, KINDS, title
from angler.games.flip_and_fish.events import Cast
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.games.flip_and_fish.rules import FlipAndFishState
from angler.games.flip_and_fish.table import RULER, TABLE_HALF
from angler.games.flip_and_fish.view import FlipAndFishView

JS_SAFE = 2**53


walk = nodes


def actions_on(model: dict[str, Any]) -> list[dict[str, Any]]:
    return [v for v in walk(model) if isinstance(v, dict) and {"code", "text", "label"} <= set(v)]


def card_ids(model: dict[str, Any]) -> list[int]:
    """Every card on the board, by id (the board holds ids, never a card's facts)."""
    ids = [slot["card"] for slot in model["water"] if slot["card"] is not None]
    for seat in model["seats"]:
        ids += [card["id"] for card in seat["caught"]] + [card["id"] for card in seat["gear"]]
    return ids + [card["id"] for card in model["shop"]["row"]] + model["bait"]


def expected_codes(game: FlipAndFishGame, view: FlipAndFishView) -> set[int]:
    """What the board must offer: the view's legal actions (while aiming, those besides the
    casts) and, while aiming, a cast at the centre of each card in the water."""
    if view.player == PUBLIC or view.player not in view.current:
        return set()
    codes = set(view.legal)
    if view.can_cast:
        codes |= {
            act.aim_code(x, y)
            for slot, (x, y) in enumerate(game.table.cards)
            if view.water[slot] != -2
        }
    return codes


def check(game: FlipAndFishGame, view: FlipAndFishView) -> dict[str, Any]:
    """Every property a board must have, for one view; returns the board."""
    model = game.presentation.board(view)
    text = json.dumps(model, allow_nan=False)
    assert json.loads(text) == model
    assert all(abs(v) <= JS_SAFE for v in walk(model) if type(v) is int)
    offered = actions_on(model)
    assert {int(a["code"]) for a in offered} == expected_codes(game, view)
    for action in offered:
        assert game.action_from_string(action["text"]) == int(action["code"])
        assert isinstance(action["code"], int) == (int(action["code"]) <= JS_SAFE)
    cards = game.cards
    facts = catalogue(cards)
    assert not [v for v in walk(model) if isinstance(v, dict) and "name" in v]  # ids only
    for card_id in card_ids(model):
        assert type(card_id) is int and 0 <= card_id < len(facts)
        shown, card = facts[card_id], cards.cards[card_id]
        assert shown["id"] == card_id and shown["name"] == card.name
        assert shown["title"] == title(card.type_name)
        assert shown["kind"] == KINDS[card.kind]
        if "colour" in shown:
            colour = cards.colour[card.id]
            assert shown["colour"] == (COLOURS[colour] if colour >= 0 else None)
            assert shown["rate"] == cards.catch_rate[card.id]
    assert model["viewer"] == (None if view.player == PUBLIC else view.player)
    for slot, spot in enumerate(model["water"]):
        card_id = view.water[slot]
        assert spot["card"] == (card_id if card_id >= 0 else None)
        assert spot["state"] != "up" or view.face_up[slot]
    return model


def random_game(seed: int, players: int) -> Iterator[tuple[FlipAndFishGame, FlipAndFishState]]:
    """A game played to its end by random legal moves (casts aimed near the water, so that
    fish are caught and the shop opens), yielding the state after each move."""
    game = FlipAndFishGame(players, rounds=15)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        if state.phase == 1:  # aiming: near a water card, or now and then a Flashlight
            others = [c for c in legal if c & 15 != act.CAST][:5]
            x, y = rng.choice(game.table.cards)
            aims = [act.aim_code(x + rng.uniform(-40, 40), y + rng.uniform(-40, 40))]
            action = rng.choice(aims * 3 + others)
        else:
            action = rng.choice(list(legal))
        state.apply_action(action, seat)
        yield game, state


def test_boards_over_random_games_are_exact_named_and_offer_just_the_legal_actions() -> None:
    steps = shops = casts = bait = 0
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 3)):
        for game, state in random_game(seed, players):
            steps += 1
            for seat in (*range(players), PUBLIC):
                view = state.view(seat)
                model = check(game, view)
                shops += bool(model["shop"]["row"])
                casts += model["cast"] is not None
                bait += len(model["fish_options"]) > 1
    assert steps > 100 and shops and casts and bait  # the games reached what the board shows


@pytest.mark.parametrize("seed", [5, 6])
def test_a_redealt_twin_draws_the_same_board(seed: int) -> None:
    """The board shows nothing the seat cannot see: a re-deal consistent with its view (every
    face-down card and both decks shuffled anew) gives the same board."""
    compared = 0
    for number, (game, state) in enumerate(random_game(seed, 3)):
        if number % 5 or state.is_terminal():
            continue
        for seat in range(3):
            view = state.view(seat)
            twin = game.search.determinise(view, random.Random(number))
            assert twin.water != state.water or twin.deck != state.deck or number == 0
            assert game.presentation.board(twin.view(seat)) == game.presentation.board(view)
            compared += 1
    assert compared > 10


GAME = FlipAndFishGame(3)
SETUP = {
    "water": ["Wahoo", "Perch#2", "Squirrelfish#1", "Bluegill#2", "Wrasse"],
    "face_up": [3],
    "caught": [["Carp#1", "Herring#1", "KingSalmon"], [], ["Roach#1"]],
    "gear": [["Flashlight#1", "TelescopicRod#1", "Recast#1"], ["CastingGlove"], []],
    "shop_open": True,
}


def setup_state() -> FlipAndFishState:
    state = GAME.state_from_setup(SETUP, seed=4)
    return state


def model_of(state: FlipAndFishState, seat: int) -> dict[str, Any]:
    view = state.view(seat)
    return check(GAME, view)


def test_the_turn_places_bait_shop_and_stocktake_where_they_are_drawn() -> None:
    model = model_of(setup_state(), 0)
    assert model["deciding"] and model["turn"] == 0 and model["phase"] == "turn"
    carp, herring = GAME.cards.by_name["Carp#1"], GAME.cards.by_name["Herring#1"]
    assert sorted(sorted(o["bait"]) for o in model["fish_options"]) == sorted(
        [[], [carp], [herring], sorted([carp, herring])]
    )
    assert [c["action"]["text"] for c in model["shop"]["row"]] == ["buy 1", "buy 2", "buy 3"]
    assert model["shop"]["dip"]["text"] == "buy dip"
    mine = model["seats"][0]
    facts = GAME.presentation.catalogue()
    salmon = next(c for c in mine["caught"] if facts[c["id"]]["name"] == "KingSalmon")
    assert facts[salmon["id"]]["kind"] == "trophy" and not salmon["baitable"]
    assert mine["trophies"] == 1
    assert [a["text"] for a in salmon["actions"]] == ["stocktake KingSalmon"]
    assert mine["ruler"] == RULER + 20  # the Telescopic Rod is longer by 20 mm
    assert model["seats"][1]["skill"] == 0.75  # a Casting Glove spreads 25 % less
    other = model_of(setup_state(), 1)
    assert not other["deciding"] and actions_on(other) == []


def test_aiming_offers_the_flashlight_on_face_down_cards_and_the_table_to_aim_at() -> None:
    state = setup_state()
    state.apply("fish with Carp#1", 0)
    model = model_of(state, 0)
    assert model["aim"]["origin"] == list(GAME.table.jetties[0])
    assert model["table"]["half"] == TABLE_HALF and model["table"]["step"] == act.STEP
    lights = {slot["slot"]: [a["text"] for a in slot["actions"]] for slot in model["water"]}
    # Slot 3 (index 2) lies face up: a Flashlight looks only at face-down cards.
    assert lights == {
        0: ["use Flashlight#1 1"],
        1: ["use Flashlight#1 2"],
        2: [],
        3: ["use Flashlight#1 4"],
        4: ["use Flashlight#1 5"],
    }
    assert [slot["aim"]["text"] for slot in model["water"]][:2] == ["cast 0 0", "cast -110 0"]
    assert [GAME.presentation.catalogue()[c]["title"] for c in model["bait"]] == ["Carp"]
    assert model_of(state, 1)["aim"] is None


def test_a_peek_shows_to_the_peeker_alone() -> None:
    state = setup_state()
    state.apply("fish", 0)
    state.apply("use Flashlight#1 1", 0)
    wahoo = GAME.cards.by_name["Wahoo"]
    peeker = model_of(state, 0)["water"][0]
    assert peeker["state"] == "peeked" and peeker["card"] == wahoo
    for seat in (1, 2, PUBLIC):
        spot = model_of(state, seat)["water"][0]
        assert spot["state"] == "down" and spot["card"] is None and spot["peeked_by"] == [0]
        assert wahoo not in card_ids(model_of(state, seat))


def test_the_latest_cast_is_the_log_s_with_its_ruler_and_outcome() -> None:
    state = setup_state()
    state.apply("fish", 0)
    state.apply("cast 0 -130", 0)
    while state.phase == 1:  # a cast that did not roll over is cast again
        state.apply("cast 0 -130", 0)
    cast = next(e for e in reversed(state.events) if isinstance(e, Cast))
    for seat in (0, 1, PUBLIC):
        shown = model_of(state, seat)["cast"]
        assert shown["stop"] == list(cast.stop) and shown["aim"] == list(cast.aim)
        assert (shown["seat"], shown["face"], shown["current"]) == (0, cast.face, True)
        assert shown["ruler"] == RULER + 20 and shown["story"][0].endswith(f"showing {cast.face}")
    key = model_of(state, 0)["cast"]["key"]
    assert model_of(state, 0)["cast"]["outcome"] in ("bite", "strike", "miss", "snag", "boot")
    if state.phase == 2:  # a Recast: keep this cast (done) is offered
        assert model_of(state, 0)["done"]["text"] == "done"
        state.apply("use Recast#1", 0)
        state.apply("cast 0 0", 0)
        assert model_of(state, 0)["cast"]["key"] != key


def test_a_spectator_sees_the_table_with_no_action() -> None:
    state = setup_state()
    model = model_of(state, PUBLIC)
    assert model["viewer"] is None and not model["deciding"] and model["aim"] is None
    assert actions_on(model) == [] and model["done"] is None
    expert = board(state.view(PUBLIC), GAME.cards, GAME.table, (0.5, 0.5, 1.5))["seats"]
    assert [seat["skill"] for seat in expert] == [0.5, 0.375, 1.5]  # the glove: 25 % less


def test_the_drawn_part_of_the_table_holds_the_water_the_jetties_and_the_die() -> None:
    state = setup_state()
    state.apply("fish", 0)
    state.apply("cast 380 380", 0)  # far off: the picture widens to keep the die in it
    model = model_of(state, 0)
    x0, y0, x1, y1 = model["table"]["view"]
    points = [(c["x"], c["y"]) for c in model["water"]] + [
        tuple(s["jetty"]) for s in model["seats"]
    ]
    points.append(tuple(model["cast"]["stop"]))  # on the table or on the floor beside it
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points)
    assert -TABLE_HALF <= x0 < x1 and -TABLE_HALF <= y0 < y1  # from the table's edge at most


def test_the_roll_counts_a_guarding_fish_against_the_one_that_bit() -> None:
    setup = {
        "water": ["Wahoo", "Arapaima", "Squirrelfish#1", "Bluegill#2", "Wrasse"],
        "face_up": [1, 2],
        "bitten": [2],
        "phase": "boost",
        "bite_slot": 1,
        "roll": 8,
        "landing": [0, 0, 1, 8],
    }
    state = GAME.state_from_setup(setup, seed=1)
    roll = model_of(state, 0)["roll"]
    wahoo, guard = GAME.cards.by_name["Wahoo"], GAME.cards.by_name["Arapaima"]
    ability = GAME.cards.ability[guard]
    assert ability is not None and ability.value is not None
    assert roll == {
        "slot": 0,
        "total": 8,
        "rate": (GAME.cards.catch_rate[wahoo] or 0) + ability.value,
    }
    assert roll["rate"] == state.catch_rate(0)
