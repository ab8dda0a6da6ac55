"""Fishing's board model (``games/fishing/board.py``): what the browser table draws, built from a
seat's view alone. Checked along seeded random games played to the end: it is plain JSON that
JavaScript reads exactly, its cards are ids into the game's card catalogue, a thing on the board
takes an action exactly when that action is legal for the viewer, and a re-dealt twin draws the
same board."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from angler.core.events import PUBLIC
from angler.games.fishing.actions import CALL, CATCH, PASS, PLAY
from angler.games.fishing.board import board, card_model, catalogue
from angler.games.fishing.cards import DEFAULT_CARDS, SUITS, CardSet
from angler.games.fishing.events import Round, Trick
from angler.games.fishing.game import FishingGame
from angler.games.fishing.rules import HAND_SIZES, FishingState
from angler.server.payloads import seat_payload, spectator_payload
from angler.testing import choose, policy

if TYPE_CHECKING:
    from pathlib import Path

JS_SAFE = 2**53
GAMES = [(3, 1), (4, 2), (5, 3), (4, 4)]  # (players, seed): every count, two 4-player games


def played(game: FishingGame, seed: int) -> Iterator[FishingState]:
    """Every state of a seeded random game, its end included."""
    state = game.new_state(seed)
    rng = policy(seed, "fishing-board")
    while not state.is_terminal():
        yield state
        seat, action = choose(state, rng)
        state.apply_action(action, seat)
    yield state


def card_ids(model: dict[str, Any]) -> list[int]:
    """Every card drawn on the board, by id (the board holds ids, never a card's facts)."""
    ids = [card["id"] for card in model["hand"]] + [play["card"] for play in model["trick"]]
    ids += [card for seat in model["seats"] for card in seat["caught"]]
    ids += model["stockroom"]
    if model["pass"] and model["pass"]["mine"] is not None:
        ids.append(model["pass"]["mine"])
    if model["last_pass"]:
        ids.append(model["last_pass"]["card"])
    if model["last_trick"]:
        ids += [play["card"] for play in model["last_trick"]["plays"]]
    return ids


def offered(model: dict[str, Any]) -> list[int]:
    """Every action code the board offers: on hand cards, trick cards and colours to call."""
    codes = [card["action"] for card in model["hand"]]
    codes += [play["action"] for play in model["trick"]]
    codes += [call["action"] for call in model["calls"]]
    return sorted(code for code in codes if code is not None)


def js_exact(text: str) -> Any:
    """``text`` parsed, refusing any integer JavaScript would round (above 2**53)."""

    def whole(digits: str) -> int:
        number = int(digits)
        assert abs(number) <= JS_SAFE, number
        return number

    return json.loads(text, parse_int=whole)


def check_cards(model: dict[str, Any], cards: CardSet) -> None:
    """The board's cards are ids of the card set, whose catalogue entries are the cards' facts."""
    facts = catalogue(cards)
    assert len(facts) == len(cards)
    for card_id in card_ids(model):
        assert type(card_id) is int and 0 <= card_id < len(cards)
        drawn, card = facts[card_id], cards.cards[card_id]
        assert drawn["id"] == card_id and drawn["name"] == card.name
        assert drawn["colour"] == SUITS[card.suit]
        assert drawn["value"] == (None if card.is_buoy else card.value)
        assert drawn["stars"] == card.stars
        assert drawn["label"] and drawn["short"] == card.label()


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_board_of_a_random_game_is_exact_json_with_the_legal_actions_only(
    players: int, seed: int
) -> None:
    game = FishingGame(players)
    seen_phases: set[str] = set()
    for step, state in enumerate(played(game, seed)):
        for seat in [*range(players), PUBLIC]:
            view = state.view(seat)
            model = board(view, game.cards)
            assert js_exact(json.dumps(model, allow_nan=False)) == model
            if step % 5 == 0 or state.is_terminal():
                check_cards(model, game.cards)
                assert sorted(card["id"] for card in model["hand"]) == sorted(view.hand)
                assert model["stockroom"] == list(view.own_stock)
            legal = sorted(state.legal_actions(seat)) if seat != PUBLIC else []
            assert offered(model) == legal, (seat, view.phase)
            deciding = seat in state.current_players() and seat != PUBLIC
            assert (model["deciding"] is not None) == deciding
            assert model["seat"] == (None if seat == PUBLIC else seat)
            if seat == PUBLIC:
                assert model["hand"] == [] and model["stockroom"] == [] and offered(model) == []
            seen_phases.add(model["phase"])
            if not state.is_terminal():
                assert 1 <= model["trick_number"] <= model["hand_size"]
                tricks = sum(isinstance(e, Trick) for e in state.events[state_round_start(state) :])
                assert model["trick_number"] == tricks + 1
    assert seen_phases >= {"play", "over"}


def state_round_start(state: FishingState) -> int:
    """Where the round in play began in the state's event log."""
    return max(i for i, event in enumerate(state.events) if isinstance(event, Round))


def test_the_random_games_reach_every_decision() -> None:
    """The games above are worth their time: between them every kind of decision comes up."""
    phases: set[str] = set()
    for players, seed in GAMES:
        phases |= {state.view(PUBLIC).phase for state in played(FishingGame(players), seed)}
    assert phases >= {"play", "catch", "pass", "call", "over"}


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_redealt_twin_draws_the_same_board(players: int, seed: int) -> None:
    """Nothing hidden reaches the board: the twin of a seat's view (everything it cannot see
    re-dealt) gives the same board, for the seat and for a spectator."""
    game = FishingGame(players)
    for step, state in enumerate(played(game, seed)):
        if step % 13:
            continue
        for seat in range(players):
            view = state.view(seat)
            twin = game.search.determinise(view, random.Random(f"{seed}/{step}/{seat}"))
            assert board(twin.view(seat), game.cards) == board(view, game.cards)
            assert board(twin.view(PUBLIC), game.cards) == board(state.view(PUBLIC), game.cards)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_card_marked_winning_is_the_one_the_rules_give_the_trick(
    players: int, seed: int
) -> None:
    """While a trick is played, the card marked "winning" is the one that would catch it were
    it to end now (the rules' own reckoning), and none when a call nobody followed wins."""
    game = FishingGame(players)
    for state in played(game, seed):
        if state.phase != 0 or not state.trick:  # the play phase, with cards down
            continue
        model = board(state.view(PUBLIC), game.cards)
        marked = [play["card"] for play in model["trick"] if play["winning"]]
        _, card = state.trick_winner()
        assert marked == ([card] if card >= 0 else [])


def test_the_hand_is_sorted_and_the_seats_start_with_the_viewer() -> None:
    game = FishingGame(4)
    state = game.new_state(7)
    model = board(state.view(2), game.cards)
    ids = [card["id"] for card in model["hand"]]
    assert ids == sorted(state.hands[2], key=lambda c: (game.cards.suit[c], game.cards.value[c]))
    assert [seat["seat"] for seat in model["seats"]] == [2, 3, 0, 1]
    assert [seat["name"] for seat in model["seats"]] == ["You", "Player 4", "Player 1", "Player 2"]
    assert [seat["you"] for seat in model["seats"]] == [True, False, False, False]
    watching = board(state.view(PUBLIC), game.cards)
    assert [seat["seat"] for seat in watching["seats"]] == [0, 1, 2, 3]
    assert not any(seat["you"] for seat in watching["seats"])


def test_a_fresh_game_shows_round_hand_size_and_ocean_tiers_top_first() -> None:
    game = FishingGame(5)
    state = game.new_state(3)
    model = board(state.view(0), game.cards)
    assert (model["round"], model["rounds"], model["hand_size"]) == (1, 8, HAND_SIZES[5][0])
    tiers = model["ocean"]["tiers"]
    assert [tier["stars"] for tier in tiers] == [1, 2, 3, 4, 5]
    assert [tier["count"] for tier in tiers] == [
        sum(1 for card in game.cards.cards if card.stars == stars) for stars in range(1, 6)
    ]
    assert model["ocean"]["size"] == len(state.ocean) == sum(tier["count"] for tier in tiers)
    assert model["turn"] == model["leader"] == 0 and model["to_act"] == [0]
    assert model["waiting"] == [0, 1, 2, 3, 4]
    assert model["seats"][0]["to_act"] and not model["seats"][1]["to_act"]


def test_the_ocean_tiers_count_down_from_the_top_as_rounds_draw_from_it() -> None:
    game = FishingGame(4)
    for state in played(game, 5):
        if state.round >= 3:
            break
    model = board(state.view(1), game.cards)
    tiers = model["ocean"]["tiers"]
    assert sum(tier["count"] for tier in tiers) == len(state.ocean) < 60
    assert [tier["stars"] for tier in tiers] == sorted(tier["stars"] for tier in tiers)
    assert tiers[-1] == {"stars": 5, "count": 12}  # the bottom tier is still whole


def first(game: FishingGame, seed: int, phase: int) -> FishingState:
    for state in played(game, seed):
        if state.phase == phase:
            return state.clone()
    raise AssertionError(f"no phase {phase} in game {seed}")


def test_the_pass_to_the_left_is_chosen_on_the_hand() -> None:
    game = FishingGame(4)
    state = first(game, 2, 2)  # everyone chooses a card to pass
    size = len(game.cards)
    model = board(state.view(1), game.cards)
    assert model["deciding"] == "pass" and model["pass"]["to"] == 2
    assert [card["action"] for card in model["hand"]] == [
        PASS * size + card["id"] for card in model["hand"]
    ]
    assert not any(seat["passed"] for seat in model["seats"])
    chosen = model["hand"][0]["id"]
    state.apply_action(PASS * size + chosen, 1)
    model = board(state.view(1), game.cards)
    assert model["deciding"] is None and model["pass"]["mine"] == chosen
    assert [card["id"] for card in model["hand"] if card["passing"]] == [chosen]
    assert all(card["action"] is None for card in model["hand"])
    assert [seat["passed"] for seat in model["seats"]] == [True, False, False, False]
    other = board(state.view(2), game.cards)  # Player 3 sees that Player 2 chose, not what
    assert other["pass"]["passed"] == [False, True, False, False]
    assert other["pass"]["mine"] is None and not any(card["passing"] for card in other["hand"])
    assert board(state.view(PUBLIC), game.cards)["pass"]["to"] is None


def test_a_call_offers_the_five_colours_to_the_caller_only() -> None:
    game = FishingGame(4)
    for seed in range(40):
        try:
            state = first(game, seed, 3)  # the caller names the colour
            break
        except AssertionError:
            continue
    caller = state.caller
    size = len(game.cards)
    model = board(state.view(caller), game.cards)
    assert model["deciding"] == "call" and model["effects"]["caller"] == caller
    assert model["calls"] == [
        {"colour": colour, "action": CALL * size + suit} for suit, colour in enumerate(SUITS[:5])
    ]
    assert all(card["action"] is None for card in model["hand"])
    other = board(state.view((caller + 1) % 4), game.cards)
    assert other["calls"] == [] and other["deciding"] is None
    state.apply_action(CALL * size + 1, caller)  # purple
    model = board(state.view(PUBLIC), game.cards)
    assert model["effects"]["call"] == "purple" and model["led"] == "purple"
    assert any("purple" in words for words in model["effects"]["now"])


def test_a_zero_catches_from_the_trick_on_the_board() -> None:
    game = FishingGame(4)
    state = first(game, 2, 1)  # a 0 chooses the card it catches
    size = len(game.cards)
    chooser = state.chooser
    model = board(state.view(chooser), game.cards)
    catchable = sorted(play["card"] for play in model["trick"] if play["action"] is not None)
    assert catchable == sorted(code - CATCH * size for code in state.legal_actions(chooser))
    resolving = [play for play in model["trick"] if play["resolving"]]
    assert len(resolving) == 1 and resolving[0]["seat"] == chooser
    assert game.presentation.catalogue()[resolving[0]["card"]]["effect"] == "catch-one"
    assert resolving[0]["action"] is None
    assert model["chooser"] == chooser and model["winner"] is not None


def test_buoys_and_specials_carry_their_effect_in_words_and_a_tag() -> None:
    game = FishingGame(4)
    by_name = {card.name: card.id for card in game.cards.cards}
    view = game.new_state(1).view(PUBLIC)
    lowest = card_model(game.cards, by_name["Lowest"])
    assert lowest["colour"] == "buoy" and lowest["value"] is None and lowest["tag"] == "lowest"
    assert "lowest value wins the next trick" in lowest["label"]
    minus = card_model(game.cards, by_name["-3a"])
    assert minus["tag"] == "−3" and "-3 points" in minus["label"]
    zero = card_model(game.cards, by_name["G0"])
    assert zero["trump"] and zero["value"] == 0 and zero["tag"] == "catch 1"
    assert zero["label"].startswith("green 0, trump “catch 1 other card”: at the end of the")
    trump = card_model(game.cards, by_name["G9"])
    assert trump["tag"] == "trump" and trump["label"] == "green 9, trump"
    plain = card_model(game.cards, by_name["R7"])
    assert (plain["tag"], plain["effect"], plain["label"]) == ("", None, "red 7")
    assert board(view, game.cards)["effects"]["now"] == []


def test_the_board_names_cards_from_the_games_own_card_set(tmp_path: Path) -> None:
    data = json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))
    renamed = copy.deepcopy(data)
    for card in renamed["cards"]:
        card["name"] = "x" + card["name"]
    path = tmp_path / "renamed.json"
    path.write_text(json.dumps(renamed), encoding="utf-8")
    game = FishingGame(4, cards=str(path))
    state = game.new_state(4)
    model = game.presentation.board(state.view(0))
    facts = game.presentation.catalogue()
    assert model["hand"] and all(facts[card]["name"].startswith("x") for card in card_ids(model))
    check_cards(model, game.cards)


def test_the_server_payload_carries_this_board() -> None:
    game = FishingGame(3)
    state = game.new_state(8)
    payload = seat_payload(state, 0, 1)
    assert payload["board"] == board(state.view(0), game.cards)
    assert [card["action"] for card in payload["board"]["hand"]] == [
        PLAY * len(game.cards) + card["id"] for card in payload["board"]["hand"]
    ]
    assert spectator_payload(state, 1)["board"] == board(state.view(PUBLIC), game.cards)


def test_the_end_of_the_game_names_the_winners_and_drops_stale_effects() -> None:
    game = FishingGame(4)
    *_, end = played(game, 6)
    model = board(end.view(0), game.cards)
    assert model["over"] and model["deciding"] is None and model["to_act"] == []
    top = max(end.score)
    assert model["winners"] == [seat for seat in range(4) if end.score[seat] == top]
    assert model["led"] is None and model["effects"]["now"] == []
    assert not model["effects"]["lowest"] and offered(model) == []


@pytest.mark.parametrize(("players", "seed"), GAMES[:2])
def test_the_last_trick_shows_every_card_played_and_who_took_it(players: int, seed: int) -> None:
    """Each card of the round's last trick lies on the fisher of the seat the board says took
    it (a 0 or "catch all" may take even the winning card), one card per seat, and the winner
    played the winning card."""
    game = FishingGame(players)
    shown = 0
    for state in played(game, seed):
        if state.is_terminal():
            break
        view = state.view(PUBLIC)
        last = board(view, game.cards)["last_trick"]
        if last is None:
            assert not any(isinstance(e, Trick) for e in state.events[state_round_start(state) :])
            continue
        shown += 1
        assert sorted(play["seat"] for play in last["plays"]) == list(range(players))
        for play in last["plays"]:
            assert play["card"] in state.fisher[play["caught_by"]]
        won = [play["seat"] for play in last["plays"] if play["card"] == last["winning_card"]]
        assert won == ([last["winner"]] if last["winning_card"] is not None else [])
    assert shown > 50


def test_a_play_first_buoy_shows_who_leads_the_next_trick_and_why() -> None:
    game = FishingGame(3)
    state = game.state_from_setup({"hands": [["Y7", "Y8"], ["First", "Y2"], ["Y9", "Y3"]]}, 1)
    for text, seat in (("play Y7", 0), ("play First", 1)):
        state.apply(text, seat)
    model = board(state.view(0), game.cards)
    assert model["effects"]["first"] is None and model["effects"]["next"] == []
    state.apply("play Y9", 2)  # Player 3 wins; Player 2's buoy makes them lead the next trick
    model = board(state.view(0), game.cards)
    assert model["last_trick"]["winner"] == 2 and model["leader"] == model["turn"] == 1
    assert model["effects"]["first"] == 1
    assert model["effects"]["now"] == ["Player 2 plays the first card"]
    assert model["waiting"] == [1, 2, 0]
