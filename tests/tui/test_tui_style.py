"""Terminal colours, through each game's own styles: cards in their suit's colour, effects
picked out, the text unchanged."""

from __future__ import annotations

from angler.core import make_game
from angler.core.presentation import COLOUR_STYLE
from angler.tui.style import styled


def spans(text: str, game: str = "fishing") -> dict[str, str]:
    out = styled(make_game(game).presentation.terminal_styles, text)
    assert out.plain == text  # colour never changes what is written
    return {out.plain[s.start : s.end]: str(s.style) for s in out.spans}


def test_fishing_cards_are_drawn_in_their_colours() -> None:
    shown = spans("Your hand: B3 P11 R2 Y9 G7; Player 2 plays yellow 6")
    assert shown["B3"] == COLOUR_STYLE["blue"] and shown["P11"] == COLOUR_STYLE["purple"]
    assert shown["R2"] == COLOUR_STYLE["red"] and shown["G7"] == COLOUR_STYLE["green"]
    assert shown["yellow 6"] == shown["Y9"] == COLOUR_STYLE["yellow"]
    assert len(set(COLOUR_STYLE.values())) == 5  # five colours a person can tell apart


def test_fishing_effects_and_the_minus_three_stand_out() -> None:
    shown = spans("Hand: -3a Pass; This trick: lowest value wins; Player 3 catches -3b: -3")
    assert shown["-3a"] == shown["-3b"] == "bold reverse"
    assert shown["lowest value wins"] == "reverse"


def test_crazy_fishing_rods_and_baits_differ() -> None:
    shown = spans("Your hand: R4#3 (rod 4), B2+#3 (bait 2+)", "crazy-fishing")
    assert shown["R4#3"] != shown["B2+#3"]
