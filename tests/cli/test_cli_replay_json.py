"""``angler replay --json``: the round and phase of every game, and names beside ids and codes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from angler.core import State, make_game
from angler.core.records import parse_record, record_of, replay

if TYPE_CHECKING:
    from conftest import Angler

GAMES = ("fishing", "crazy-fishing", "flip-and-fish")


def played(game: str, seed: int, steps: int) -> State:
    """A game after ``steps`` seeded random actions (fewer if it ends first)."""
    state = make_game(game).new_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        state.apply_action(legal[rng.randrange(len(legal))], seat)
    return state


def saved(state: State, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(record_of(state).dumps())
    return path


def round_and_phase(state: State) -> tuple[int, str]:
    """What a player's view says of the round and phase (Flip & Fish counts turns instead)."""
    view: Any = state.view(0)
    if state.game.name == "flip-and-fish":
        return view.turns // state.game.players + 1, view.phase
    return view.round, view.phase


@pytest.mark.parametrize("game", GAMES)
def test_replay_json_gives_the_round_and_phase(angler: Angler, tmp_path: Path, game: str) -> None:
    path = saved(played(game, seed=3, steps=60), tmp_path)
    for to in (0, 25, 60):
        expected = replay(parse_record(path.read_text()), to)
        result = angler(["replay", path, "--json", "--to", to]).json()
        assert (result["round"], result["phase"]) == round_and_phase(expected)
    assert angler(["replay", path, "--json", "--to", 60]).json()["round"] > 1


def test_replay_json_of_a_finished_fishing_game_is_in_round_8_or_overfished_phase_over(
    angler: Angler, tmp_path: Path
) -> None:
    state = played("fishing", seed=4, steps=10_000)
    assert state.is_terminal()
    result = angler(["replay", saved(state, tmp_path), "--json"]).json()
    assert result["phase"] == "over"
    assert result["round"] == state.round  # type: ignore[attr-defined]


def test_flip_and_fish_replay_json_counts_turns_and_rounds(angler: Angler, tmp_path: Path) -> None:
    state = played("flip-and-fish", seed=5, steps=80)
    turns = state.turns  # type: ignore[attr-defined]
    result = angler(["replay", saved(state, tmp_path), "--json"]).json()
    assert result["turn"] == turns + 1
    assert result["round"] == turns // 3 + 1  # 3 seats by default: a round is 3 turns


def card_names(state: State, ids: Any) -> list[str]:
    cards: Any = state.game.cards  # type: ignore[attr-defined]
    return [cards.cards[card].name for card in ids]


@pytest.mark.parametrize(
    ("game", "steps"), [("fishing", 9), ("crazy-fishing", 2), ("flip-and-fish", 30)]
)
def test_replay_json_as_a_seat_names_the_legal_actions(
    angler: Angler, tmp_path: Path, game: str, steps: int
) -> None:
    state = played(game, seed=1, steps=steps)
    seat = state.current_players()[0]
    view: Any = state.view(seat)
    data = angler(["replay", saved(state, tmp_path), "--json", "--as", seat + 1]).json()
    names = data.pop("names")
    assert data == json.loads(json.dumps(view.as_dict()))  # the view itself is unchanged
    assert view.legal, "a deciding seat has legal actions"
    assert names["legal"] == [state.game.action_to_string(code) for code in view.legal]
    assert [state.game.action_from_string(text) for text in names["legal"]] == list(view.legal)
    assert names["events"] == [state.game.presentation.describe_event(e, seat) for e in view.events]


def test_fishing_replay_json_as_a_seat_names_hand_trick_and_fishers(
    angler: Angler, tmp_path: Path
) -> None:
    state = played("fishing", seed=2, steps=30)
    view: Any = state.view(1)
    names = angler(["replay", saved(state, tmp_path), "--json", "--as", 2]).json()["names"]
    assert view.hand and names["hand"] == card_names(state, view.hand)
    assert names["fishers"] == [card_names(state, pile) for pile in view.fishers]
    trick_names = card_names(state, [card for _, card in view.trick])
    assert names["trick"] == [[s, n] for (s, _), n in zip(view.trick, trick_names, strict=True)]
    others: Any = [state.hands[s] for s in (0, 2, 3)]  # type: ignore[attr-defined]
    hidden = {name for hand in others for name in card_names(state, hand)}
    named = {text for value in names.values() for text in json.dumps(value).split('"')}
    assert hidden and not hidden & named  # other hands stay hidden


def test_crazy_fishing_replay_json_as_a_seat_names_hand_and_unknown_sea_faces(
    angler: Angler, tmp_path: Path
) -> None:
    state = played("crazy-fishing", seed=2, steps=40)
    view: Any = state.view(0)
    names = angler(["replay", saved(state, tmp_path), "--json", "--as", 1]).json()["names"]
    assert names["hand"] == card_names(state, view.hand)
    assert names["piles"] == [card_names(state, pile) for pile in view.piles]
    faces = [entry[-1] for entry in names["sea"]]
    assert faces == [None if face < 0 else card_names(state, [face])[0] for *_, face in view.sea]
    assert None in faces  # face-down fish stay unnamed: the names show no more than the view


def test_flip_and_fish_replay_json_as_a_seat_leaves_face_down_water_unnamed(
    angler: Angler, tmp_path: Path
) -> None:
    state = played("flip-and-fish", seed=2, steps=60)
    view: Any = state.view(0)
    names = angler(["replay", saved(state, tmp_path), "--json", "--as", 1]).json()["names"]
    assert names["water"] == [
        card_names(state, [card])[0] if card >= 0 else None for card in view.water
    ]
    assert None in names["water"]
    assert names["caught"] == [card_names(state, pile) for pile in view.caught]
    assert names["gear"] == [
        [[card_names(state, [card])[0], up] for card, up in pile] for pile in view.gear
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_view_of_a_random_game_can_be_named(game: str) -> None:
    """Through the phases random games reach, every seat's names are JSON, with a text for each
    legal action and a line for each event."""
    for seed in range(2):
        state = make_game(game).new_state(seed)
        rng = random.Random(seed)
        for step in range(300):
            if state.is_terminal():
                break
            for seat in range(state.game.players) if step % 10 == 0 else ():
                view: Any = state.view(seat)
                names = json.loads(json.dumps(state.game.presentation.view_names(view)))
                assert len(names["legal"]) == len(view.legal)
                assert len(names["events"]) == len(view.events)
            seat = state.current_players()[0]
            legal = state.legal_actions(seat)
            state.apply_action(legal[rng.randrange(len(legal))], seat)
