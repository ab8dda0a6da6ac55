"""Crazy Fishing's board model (``board.py``): what the browser table draws, from a view alone."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from tests.json_tree import integers

from angler.core.events import PUBLIC
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.board import board, catalogue
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.crazy_fishing.rules import CrazyFishingState

JS_SAFE = 2**53 - 1
GAMES = [  # (players, options, seed): plain and out-of-series games, 2 to 6 players
    (2, {}, 1),
    (4, {}, 2),
    (4, {"out_of_series": "all", "oos_rods": True}, 3),
    (6, {"out_of_series": "all", "oos_rods": True}, 4),
    (3, {"out_of_series": "all", "oos_rods": True}, 5),
]


def new_game(players: int, options: dict[str, Any]) -> CrazyFishingGame:
    return CrazyFishingGame(players, **options)


def played(players: int, options: dict[str, Any], seed: int) -> Iterator[CrazyFishingState]:
    """Every state of a game played to its end with random legal moves (peeks preferred, so the
    Fish Finder's secret shows up often)."""
    game = new_game(players, options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        seat = rng.choice(state.current_players())
        legal = state.legal_actions(seat)
        peeks = [code for code in legal if code & act.KIND_MASK == act.PEEK]
        state.apply_action(rng.choice(peeks or legal), seat)


numbers = integers


def offered(model: dict[str, Any]) -> list[int]:
    """Every action code the board offers, on a spot, a card, a picker or a button."""
    actions = [fish["action"] for fish in model["sea"] if fish["action"]]
    actions += [fish["action"] for fish in model["beside"] if fish["action"]]
    actions += model["cast_options"] + model["choices"]
    if model["split"]:
        actions += model["split"]["options"]
    return [int(action["code"]) for action in actions]


@pytest.mark.parametrize(("players", "options", "seed"), GAMES)
def test_every_board_is_json_with_safe_numbers_and_offers_exactly_the_legal_actions(
    players: int, options: dict[str, Any], seed: int
) -> None:
    phases = set()
    for state in played(players, options, seed):
        cards = state.game.cards
        for seat in [*range(players), PUBLIC]:
            view = state.view(seat)
            model = board(view, cards)
            assert json.loads(json.dumps(model)) == model
            assert all(abs(number) <= JS_SAFE for number in numbers(model))
            codes = offered(model)
            assert len(codes) == len(set(codes))
            assert sorted(codes) == sorted(state.legal_actions(seat)) if seat >= 0 else not codes
            if seat not in state.current_players():
                assert codes == []
            for action in [
                *model["cast_options"],
                *model["choices"],
                *(model["split"] or {"options": []})["options"],
            ]:
                assert state.game.action_from_string(action["text"]) == int(action["code"])
        phases.add(state.phase)
    assert len(phases) >= 4  # cast, choose, collect and the end at least


@pytest.mark.parametrize(("players", "options", "seed"), GAMES[2:4])
def test_card_names_labels_and_kinds_come_from_the_card_set(
    players: int, options: dict[str, Any], seed: int
) -> None:
    named = 0
    for state in played(players, options, seed):
        cards = state.game.cards
        facts = catalogue(cards)
        assert len(facts) == len(cards.cards)
        for card_id, shown in enumerate(facts):
            card = cards.cards[card_id]
            assert (shown["id"], shown["name"], shown["label"]) == (
                card.id,
                card.name,
                card.label(),
            )
            assert shown["kind"] == ("rod", "bait", "fish")[card.kind]
            assert shown["colour"] in ("blue", "purple", "red", "yellow", "green", "grey")
        model = board(state.view(0), cards)
        assert "cards" not in model  # a card's facts come once, in the catalogue
        # Every card the board refers to is an id in the catalogue.
        refs = list(model["hand"]) + [c for seat in model["seats"] for c in seat["pile"]]
        refs += [c for entry in model["reveal"] for c in entry["cards"]]
        refs += [f["card"] for f in model["sea"] if f["card"] is not None]
        assert all(type(c) is int and 0 <= c < len(facts) for c in refs)
        named += len(refs)
    assert named


@pytest.mark.parametrize(("players", "options", "seed"), GAMES)
def test_a_re_dealt_twin_draws_the_same_board(
    players: int, options: dict[str, Any], seed: int
) -> None:
    """Nothing a seat cannot see reaches its board: a state re-dealt from the seat's view (other
    hands, decks and unseen sea faces shuffled) gives the same board, for every seat."""
    game = new_game(players, options)
    for step, state in enumerate(played(players, options, seed)):
        if step % 7:
            continue
        for seat in [*range(players), PUBLIC]:
            view = state.view(seat)
            model = board(view, game.cards)
            if seat == PUBLIC:
                twin = game.search.determinise(state.view(0), random.Random(step))
            else:
                twin = game.search.determinise(view, random.Random(step))
            assert board(twin.view(seat), game.cards) == model


def test_the_secret_cast_shows_only_has_chosen_to_the_others() -> None:
    game = new_game(4, {})
    state = game.new_state(7)
    cast = state.legal_actions(0)[0]
    state.apply_action(cast, 0)
    mine, theirs, watching = (board(state.view(seat), game.cards) for seat in (0, 1, PUBLIC))
    assert sorted(mine["my_cast"]) == act.ids_of(cast >> act.KIND_BITS)
    assert theirs["my_cast"] == [] and watching["my_cast"] == []
    for model in (mine, theirs, watching):
        assert model["seats"][0]["cast_state"] == "chosen"
        assert model["seats"][1]["cast_state"] == "choosing"
        assert model["reveal"] == []
    assert mine["cast_options"] == [] and theirs["cast_options"]
    assert watching["hand"] == [] and watching["viewer"] is None


def test_the_reveal_lists_the_casts_in_fishing_order() -> None:
    game = new_game(4, {})
    state = game.new_state(11)
    for seat in range(4):
        state.apply_action(state.legal_actions(seat)[-1], seat)
    model = board(state.view(PUBLIC), game.cards)
    assert [entry["seat"] for entry in model["reveal"]] == list(state.order)
    first = model["reveal"][0]
    assert first["state"] == "now" and model["catching"] == state.order[0]
    facts = game.presentation.catalogue()
    rods = [c for c in first["cards"] if facts[c]["kind"] == "rod"]
    assert first["speed"] == sum(game.cards.value[c] for c in rods)
    assert sorted(first["cards"]) == act.ids_of(state.cast[first["seat"]])


def test_a_peeked_face_is_shown_to_the_peeker_only() -> None:
    for state in played(4, {}, 21):
        looked = [(seat, spots) for seat, spots in enumerate(state.peeked) if spots]
        if not looked:
            continue
        seat, spots = looked[0]
        spot = spots[-1]
        if state.sea_known[spot]:
            continue  # flipped since: everyone knows it now
        for viewer in [*range(4), PUBLIC]:
            fish = next(
                f for f in board(state.view(viewer), state.game.cards)["sea"] if f["spot"] == spot
            )
            assert seat in fish["peeked_by"]
            assert fish["card"] == (state.sea_card[spot] if viewer == seat else None)
        return
    pytest.fail("no Fish Finder look in this game")
