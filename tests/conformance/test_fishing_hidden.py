"""Fishing's hidden information: a seat's view pins nothing it may not know, and re-deals
(``game.search.determinise``) respect everything that seat does know.

Hidden from a seat: other hands, every stockroom's order (its own too) and the ocean's order.
Public memory (rulings): every card played, so fishers and stockroom layer compositions; voids a
seat showed by not following; the star tiers of the ocean. Private: what you drew and passed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from angler.core.events import Event
from angler.games.fishing.cards import BUOY, CardSet
from angler.games.fishing.events import Call, Catch, Gave, Passed, Play, Round, Trick
from angler.games.fishing.game import FishingGame
from angler.games.fishing.rules import CHOOSE_PASS, PLAY, FishingState
from angler.games.fishing.view import FishingView
from angler.testing import choose, policy

PLAYERS = [3, 4, 5]


def mid_game_states(game: FishingGame, seeds: range, every: float = 0.06) -> Iterator[FishingState]:
    """Random states along seeded random games (a fresh clone each, safe to edit)."""
    for seed in seeds:
        state = game.new_state(seed)
        rng = policy(seed, "fishing-hidden")
        while not state.is_terminal():
            if rng.random() < every:
                yield state.clone()
            seat, action = choose(state, rng)
            state.apply_action(action, seat)


def redeals(game: FishingGame, view: FishingView, count: int) -> Iterator[FishingState]:
    for sample in range(count):
        dealt = game.search.determinise(view, random.Random(sample))
        yield dealt


def events_this_round(view: FishingView) -> list[Event]:
    starts = [i for i, event in enumerate(view.events) if isinstance(event, Round)]
    return list(view.events[starts[-1] :])


def public_voids(view: FishingView, cards: CardSet, *, private: bool = False) -> list[set[int]]:
    """The suits each seat has shown it lacks this round, replayed from the view's events alone.

    Not following the led colour (or trump) with a colour or trump card shows a void; a buoy
    shows nothing. A pass may bring a receiver any suit its giver might hold, so the receiver
    keeps only voids the giver shares. With ``private``, the viewer's own pass is used exactly:
    the seat it passed to lacks everything it lacked before, except the passed card's suit.
    """
    n, me = view.players, view.player
    voids: list[set[int]] = [set() for _ in range(n)]
    led: int | None = None
    gave: tuple[int, int] | None = None
    for event in events_this_round(view):
        if isinstance(event, Call):
            led = event.suit
        elif isinstance(event, Play):
            suit = cards.suit[event.card]
            if suit == BUOY:
                continue
            if led is None:
                led = suit
            elif suit != led:
                voids[event.seat].add(led)
        elif isinstance(event, Trick):
            led = None
        elif isinstance(event, Gave):
            gave = (event.card, event.receiver)
        elif isinstance(event, Passed):
            after = []
            for receiver in range(n):
                giver = (receiver - 1) % n
                if private and giver == me and gave is not None:
                    after.append(voids[receiver] - {cards.suit[gave[0]]})
                else:
                    after.append(voids[receiver] & voids[giver])
            voids, gave = after, None
    return voids


# ----- the view does not pin hidden cards -----
@pytest.mark.parametrize("players", PLAYERS)
def test_swapping_cards_between_two_other_hands_leaves_a_seats_view_unchanged(
    players: int,
) -> None:
    game = FishingGame(players)
    rng = random.Random(players)
    swaps = 0
    for state in mid_game_states(game, range(6)):
        if state.phase == CHOOSE_PASS:
            continue  # a chosen pass card must stay in its hand
        for a in range(players):
            b, c = rng.sample([seat for seat in range(players) if seat != a], 2)
            if not state.hands[b] or not state.hands[c]:
                continue
            view_a, view_b = state.view(a), state.view(b)
            edited = state.clone()
            x, y = rng.choice(edited.hands[b]), rng.choice(edited.hands[c])
            edited.hands[b] = sorted([*(card for card in edited.hands[b] if card != x), y])
            edited.hands[c] = sorted([*(card for card in edited.hands[c] if card != y), x])
            assert edited.view(a) == view_a
            assert edited.view(b) != view_b  # the swap is real: b sees its own new hand
            swaps += 1
    assert swaps > 50


@pytest.mark.parametrize("players", PLAYERS)
def test_stockroom_and_ocean_order_are_hidden_from_everyone(players: int) -> None:
    game = FishingGame(players)
    rng = random.Random(players)
    edits = 0
    for state in mid_game_states(game, range(4)):
        views = [state.view(seat) for seat in range(players)]
        edited = state.clone()
        for pile in edited.stock:
            rng.shuffle(pile)
        rng.shuffle(edited.ocean)
        if edited.stock == state.stock and edited.ocean == state.ocean:
            continue
        assert [edited.view(seat) for seat in range(players)] == views
        edits += 1
    assert edits > 20


@pytest.mark.parametrize("players", PLAYERS)
def test_redeals_keep_each_seats_view_and_vary_the_other_hands(players: int) -> None:
    game = FishingGame(players)
    checked = varied = 0
    for state in mid_game_states(game, range(3), every=0.04):
        for seat in range(players):
            view = state.view(seat)
            dealt = list(redeals(game, view, 4))
            for redealt in dealt:
                assert redealt.view(seat) == view
            others = [[sorted(d.hands[b]) for b in range(players) if b != seat] for d in dealt]
            checked += 1
            hidden = sum(len(state.hands[b]) for b in range(players) if b != seat)
            varied += any(hands != others[0] for hands in others[1:])
            if hidden == 0:
                assert all(hands == others[0] for hands in others)
    assert checked > 20
    assert varied >= checked * 3 // 4  # mid-game the hidden hands are rarely forced


# ----- re-deals respect what the seat knows -----
@pytest.mark.parametrize("players", PLAYERS)
def test_redeals_never_give_a_seat_a_colour_it_showed_it_lacks(players: int) -> None:
    """Voids from public events only: a pass may refill a void if the giver might hold it."""
    game = FishingGame(players)
    cards = game.cards
    voids_seen = 0
    for state in mid_game_states(game, range(8)):
        for seat in range(players):
            view = state.view(seat)
            voids = public_voids(view, cards)
            for other in range(players):
                # the replay of public events is sound: the true hands keep the voids too
                assert not [c for c in state.hands[other] if cards.suit[c] in voids[other]]
            voids_seen += sum(len(v) for b, v in enumerate(voids) if b != seat)
            for dealt in redeals(game, view, 3):
                for other in range(players):
                    if other == seat:
                        continue
                    wrong = [c for c in dealt.hands[other] if cards.suit[c] in voids[other]]
                    assert not wrong, (
                        f"seat {seat}'s re-deal gives seat {other} {cards.names(wrong)} "
                        f"though it showed it lacks {sorted(voids[other])}"
                    )
    assert voids_seen > 100


@pytest.mark.parametrize("players", PLAYERS)
def test_redeals_know_the_receiver_of_your_pass_got_only_your_card(players: int) -> None:
    game = FishingGame(players)
    cards = game.cards
    for state in mid_game_states(game, range(8)):
        for seat in range(players):
            view = state.view(seat)
            voids = public_voids(view, cards, private=True)
            receiver = (seat + 1) % players
            for dealt in redeals(game, view, 3):
                wrong = [c for c in dealt.hands[receiver] if cards.suit[c] in voids[receiver]]
                assert not wrong, (
                    f"seat {seat} passed to seat {receiver}, which showed it lacks "
                    f"{sorted(voids[receiver])}, yet a re-deal gives it {cards.names(wrong)}"
                )


@pytest.mark.parametrize("players", PLAYERS)
def test_redeals_put_the_card_you_passed_in_the_receivers_hand(players: int) -> None:
    game = FishingGame(players)
    pinned = 0
    for state in mid_game_states(game, range(10), every=0.1):
        for seat in range(players):
            view = state.view(seat)
            round_events = events_this_round(view)
            gave = [event for event in round_events if isinstance(event, Gave)]
            if not gave:
                continue
            card, receiver = gave[-1].card, gave[-1].receiver
            if view.seen >> card & 1:
                continue  # played since: public now
            assert card in state.hands[receiver]  # the truth, as a sanity check
            for dealt in redeals(game, view, 3):
                assert card in dealt.hands[receiver]
            pinned += 1
    assert pinned > 5


def last_catchers(view: FishingView) -> dict[int, int]:
    """Who caught each played card last, from the public "trick" and "catch" events."""
    caught: dict[int, int] = {}
    for event in view.events:
        if isinstance(event, Catch):
            caught[event.card] = event.seat
        elif isinstance(event, Trick):
            for card in event.cards:
                caught[card] = event.seat
    return caught


@pytest.mark.parametrize("players", PLAYERS)
def test_redeals_leave_cards_from_earlier_rounds_with_the_seat_that_caught_them(
    players: int,
) -> None:
    """Before any pass in a round, every card played in an earlier round is still held (in
    hand or stockroom) by the seat that caught it last: the rulebook moves caught cards only
    from fisher to the catcher's stockroom and from there to the catcher's hand."""
    game = FishingGame(players)
    for state in mid_game_states(game, range(6)):
        for seat in range(players):
            view = state.view(seat)
            if any(isinstance(event, Passed) for event in events_this_round(view)):
                continue
            on_table = {card for pile in view.fishers for card in pile}
            on_table |= {card for _, card in view.trick}
            for dealt in redeals(game, view, 2):
                for card, catcher in last_catchers(view).items():
                    if catcher == seat or card in on_table:
                        continue
                    holders = [
                        b
                        for b in range(players)
                        if card in dealt.hands[b] or card in dealt.stock[b]
                    ]
                    assert holders == [catcher], (
                        f"seat {seat}'s re-deal puts {game.cards.names([card])} with seats "
                        f"{holders}; seat {catcher} caught it last"
                    )


# ----- a re-deal plays on under the same rules -----
FULL_DEAL = [  # all 36 starting cards of a 4-player game, plus four ocean cards
    ["B4", "B5", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9"],
    ["B7", "B6", "P10", "R2", "R3", "R4", "R5", "R6", "R7", "R8"],
    ["-3a", "B8", "R9", "R10", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"],
    ["B2", "B3", "B9", "B10", "Y8", "Y9", "Y10", "G1", "G2", "G3"],
]


def full_deal(game: FishingGame) -> FishingState:
    state = game.state_from_setup({"hands": FULL_DEAL}, seed=1)
    return state


def test_a_redeal_of_a_full_setup_position_keeps_the_view() -> None:
    game = FishingGame(4)
    state = full_deal(game)
    for seat in range(4):
        view = state.view(seat)
        assert all(dealt.view(seat) == view for dealt in redeals(game, view, 3))


def test_a_redeal_works_from_a_small_setup_position() -> None:
    game = FishingGame(4)
    state = game.state_from_setup(
        {"hands": [["B4", "Y5"], ["B7", "Y6"], ["-3a", "Y8"], ["B2", "Y3"]]}, seed=1
    )
    view = state.view(3)
    assert game.search.determinise(view, random.Random(0)).view(3) == view


def test_a_redeal_ends_the_current_trick_like_the_true_state() -> None:
    """Seat 4 completes a trick that holds the -3 buoy: seat 2 catches it and records -3."""
    game = FishingGame(4)
    state = full_deal(game)
    for seat, text in [(0, "play B4"), (1, "play B7"), (2, "play -3a")]:
        state.apply(text, seat)
    redealt = game.search.determinise(state.view(3), random.Random(0))
    for each in (state, redealt):
        each.apply("play B2", 3)
    assert state.score[1] == -3  # the true game: seat 2 caught the -3 card
    assert redealt.view(3) == state.view(3)


@pytest.mark.parametrize("players", PLAYERS)
def test_a_redeal_answers_the_seats_own_action_as_the_true_state_does(players: int) -> None:
    """When the deciding seat acts and nothing hidden comes to light (no new round, no pass),
    the true state and a re-deal of that seat's view show it the same next view."""
    game = FishingGame(players)
    for state in mid_game_states(game, range(4), every=0.3):
        current = state.current_players()
        if state.phase == CHOOSE_PASS or len(current) != 1:
            continue
        seat = current[0]
        action = state.legal_actions(seat)[0]
        for dealt in redeals(game, state.view(seat), 2):
            truth = state.clone()
            truth.apply_action(action, seat)
            dealt.apply_action(action, seat)
            if truth.round != state.round or truth.is_terminal() or truth.phase == CHOOSE_PASS:
                continue
            assert dealt.view(seat) == truth.view(seat)


def test_the_phase_constants_used_here_are_the_engines() -> None:
    state = FishingGame(4).new_state(0)
    assert state.phase == PLAY
    assert state.view(0).phase == "play"
