"""The table text keeps casts secret while they are chosen and shows them all once revealed."""

from __future__ import annotations

from angler.agents.base import make_agent
from angler.games.crazy_fishing.game import CrazyFishingGame
from angler.games.crazy_fishing.view import cards_in, casting_lines


def test_a_chosen_cast_stays_secret_until_the_reveal() -> None:
    game = CrazyFishingGame(3)
    state = game.new_state(4)
    agents = [make_agent("heuristic", seat, game) for seat in range(3)]
    seen_secret = seen_revealed = False
    for _ in range(6):
        seat = state.current_players()[-1]
        state.apply_action(agents[seat].act(state.view(seat), state.legal_actions(seat)), seat)
        view = state.view(0)
        text = " ".join(casting_lines(view, game.cards))
        if view.phase == "cast":
            chosen = [s for s in range(1, 3) if view.cast_done[s]]
            assert chosen, "a bot has cast by now"
            for other in chosen:
                assert f"Player {other + 1} has chosen" in text
                mask = state.cast[other]  # hidden from seat 0 until the reveal
                assert " + ".join(game.cards.cards[c].label() for c in cards_in(mask)) not in text
            assert "you are choosing" in text
            seen_secret = True
        elif any(view.casts):
            for other in range(3):
                for card in cards_in(view.casts[other]):
                    assert game.cards.cards[card].label() in text
            assert text.startswith("Casts, in fishing order: ")
            seen_revealed = True
            break
    assert seen_secret and seen_revealed
