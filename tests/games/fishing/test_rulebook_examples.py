"""The Fishing rulebook's own examples, played through the engine.

The rulebook's players sit clockwise as seats 0 to 3: Angelika, Sabine, Hedwig, Nicole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from angler.games.fishing.events import Draws, RoundEnd, Trick

if TYPE_CHECKING:
    from tests.games.fishing.conftest import Table

    from angler.games.fishing.rules import FishingState

ANGELIKA, SABINE, HEDWIG, NICOLE = range(4)

# A whole first round of a 4-player game (values 2 to 10, the 1s removed) built so that the
# catches match the round-2 draw example: Angelika 16 cards, Hedwig 8, Nicole 8 and Sabine 4, with
# Nicole leading the round's last trick. Each entry: (leader, colour, values, winner); every
# player follows with one card of the colour and the winner holds the highest.
ROUND_ONE = [
    (ANGELIKA, "B", (2, 3, 4, 5), ANGELIKA),
    (ANGELIKA, "B", (6, 7, 8, 9), ANGELIKA),
    (ANGELIKA, "P", (2, 3, 4, 5), ANGELIKA),
    (ANGELIKA, "P", (6, 7, 8, 9), ANGELIKA),
    (ANGELIKA, "R", (2, 3, 4, 5), SABINE),
    (SABINE, "R", (6, 7, 8, 9), HEDWIG),
    (HEDWIG, "Y", (2, 3, 4, 5), HEDWIG),
    (HEDWIG, "Y", (6, 7, 8, 9), NICOLE),
]
# The last trick: Nicole leads yellow 10, the others have no yellow left and shed their 10s.
LAST_TRICK = {NICOLE: "Y10", ANGELIKA: "B10", SABINE: "P10", HEDWIG: "R10"}


def round_one_tricks() -> list[tuple[int, dict[int, str]]]:
    """Each trick as (leader, card by seat)."""
    tricks = []
    for leader, colour, values, winner in ROUND_ONE:
        others = [seat for seat in range(4) if seat != winner]
        cards = {winner: f"{colour}{values[-1]}"}
        cards.update(
            {seat: f"{colour}{value}" for seat, value in zip(others, values, strict=False)}
        )
        tricks.append((leader, cards))
    tricks.append((NICOLE, LAST_TRICK))
    return tricks


def ocean_top_first(table4: Table) -> list[str]:
    """The 60 star cards, 1-star on top, in card-file order within each tier."""
    stars = [card for card in table4.game.cards.cards if card.stars > 0]
    return [card.name for card in sorted(stars, key=lambda card: card.stars)]


def play_round_one(table4: Table) -> FishingState:
    tricks = round_one_tricks()
    hands = [[cards[seat] for _, cards in tricks] for seat in range(4)]
    state = table4.setup(hands, ocean=ocean_top_first(table4))
    for leader, cards in tricks:
        assert state.current_players() == (leader,)
        table4.run(state, *[f"play {cards[(leader + k) % 4]}" for k in range(4)])
    return state


def test_example_angelika_sabine_hedwig_nicole_trick(table4: Table) -> None:
    """Angelika leads yellow 7, Sabine follows with 3, Hedwig with 10, Nicole sheds purple 2."""
    hands = [["Y7", "B4"], ["Y3", "B5"], ["Y10", "R6"], ["P2", "P3"]]
    state = table4.setup(hands, leader=ANGELIKA)
    table4.run(state, "play Y7")
    assert table4.legal(state, SABINE) == ["play Y3"]  # Sabine must follow yellow
    table4.run(state, "play Y3", "play Y10")
    assert table4.legal(state, NICOLE) == ["play P2", "play P3"]  # no yellow: Nicole sheds
    table4.run(state, "play P2")
    # Hedwig catches the trick, places it on her fisher and starts the next trick.
    assert table4.fisher(state, HEDWIG) == ["P2", "Y10", "Y3", "Y7"]
    assert all(state.fisher[seat] == [] for seat in (ANGELIKA, SABINE, NICOLE))
    assert state.current_players() == (HEDWIG,)
    [trick] = table4.events(state, Trick)
    assert table4.say(trick) == (
        "Player 3 catches the trick with yellow 10 (yellow 7, yellow 3, yellow 10, purple 2)"
    )


def test_example_round_two_draws(table4: Table) -> None:
    """Everybody draws 9: Angelika 9 of her 16 stockroom cards; Hedwig and Nicole have 8 and
    Sabine 4, so Sabine draws 5 cards from the ocean stack first, then Nicole and Hedwig 1 each."""
    state = play_round_one(table4)
    assert state.round == 2
    [round_end] = table4.events(state, RoundEnd)
    assert round_end.points == (16, 4, 8, 8)  # the cards each caught in round 1
    assert [len(hand) for hand in state.hands] == [9, 9, 9, 9]

    # Angelika keeps the other 7 of her 16 cards in her stockroom; the others drew all of theirs.
    assert [len(pile) for pile in state.stock] == [7, 0, 0, 0]
    caught_by_angelika = {card for _, cards in round_one_tricks()[:4] for card in cards.values()}
    assert set(table4.hand(state, ANGELIKA)) | set(table4.names(state.stock[ANGELIKA])) == (
        caught_by_angelika
    )

    # Sabine needs 5, draws them first; Nicole and Hedwig tie on 1, and Nicole played earlier in
    # the former trick (she led it), so she draws before Hedwig.
    [draws] = table4.events(state, Draws)
    assert draws.order == (SABINE, NICOLE, HEDWIG)
    assert table4.say(draws) == (
        "Draws: Player 2 draws 5 cards from the ocean; Player 4 draws 1 card from the ocean; "
        "Player 3 draws 1 card from the ocean"
    )
    ocean = ocean_top_first(table4)
    from_ocean = {seat: sorted(set(table4.hand(state, seat)) & set(ocean)) for seat in range(4)}
    assert from_ocean == {
        ANGELIKA: [],
        SABINE: sorted(ocean[0:5]),
        NICOLE: [ocean[5]],
        HEDWIG: [ocean[6]],
    }
    assert table4.names(state.ocean[::-1]) == ocean[7:]

    # Sabine has the fewest points, so she starts the first trick of round 2.
    assert state.score == [16, 4, 8, 8]
    assert state.current_players() == (SABINE,)


def test_example_hedwig_caught_8_cards_records_8_points(table4: Table) -> None:
    state = play_round_one(table4)
    [round_end] = table4.events(state, RoundEnd)
    assert round_end.points[HEDWIG] == 8
    assert state.score[HEDWIG] == 8
    # Her caught cards became her stockroom, which she drew entirely (plus 1 from the ocean).
    winners = [winner for *_, winner in ROUND_ONE]
    tricks = round_one_tricks()
    caught = {
        card
        for i, winner in enumerate(winners)
        if winner == HEDWIG
        for card in tricks[i][1].values()
    }
    assert len(caught) == 8
    assert caught < set(table4.hand(state, HEDWIG))
