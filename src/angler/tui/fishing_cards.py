"""Fishing's table as cards: the trick in play and the hand drawn as coloured tiles, under a
banner of the buoy effects that bind this trick and the next (the called colour, lowest value
wins, who plays first) and a warning while a −3 lies in the trick."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from angler.core.view import seat_name
from angler.games.fishing.cards import BUOY, MINUS_THREE, SUITS, CardSet
from angler.games.fishing.view import FishingView, next_trick_effects
from angler.tui.style import COLOUR_STYLE

BUOY_STYLE = "bold cyan"
MINUS_STYLE = "bold reverse red"
EFFECT_STYLE = "bold black on #ffd21f"
WIDTH = 66  # characters a row of cards may take before it wraps


def card_style(cards: CardSet, card: int) -> str:
    if cards.effect[card] == MINUS_THREE:
        return MINUS_STYLE
    if cards.suit[card] == BUOY:
        return BUOY_STYLE
    return COLOUR_STYLE.get(SUITS[cards.suit[card]], "bold")


def tiles(
    cards: CardSet, row: Sequence[int], captions: Sequence[str] = (), width: int = WIDTH
) -> Text:
    """Cards side by side as framed tiles, each with an optional caption (its player) below,
    wrapped into as many rows as ``width`` characters need."""
    names = cards.names(list(row))
    shown = [captions[i] if i < len(captions) else "" for i in range(len(names))]
    gap = 1 if captions else 0  # tiles touch in a hand; a trick's need room for their captions
    columns = [
        max(len(name) + 4, len(caption)) + gap for name, caption in zip(names, shown, strict=True)
    ]
    out = Text()
    start = 0
    while start < len(names):
        end, used = start, 0
        while end < len(names) and (end == start or used + columns[end] <= width):
            used += columns[end]
            end += 1
        for line in range(3 + bool(captions)):
            for index in range(start, end):
                name, column = names[index], columns[index] - gap
                inner = len(name) + 2
                if line < 3:
                    face = (
                        "┌" + "─" * inner + "┐",
                        "│" + name.center(inner) + "│",
                        "└" + "─" * inner + "┘",
                    )[line]
                    left = (column - len(face)) // 2
                    out.append(" " * left)
                    out.append(face, style=card_style(cards, row[index]))
                    out.append(" " * (column - len(face) - left + gap))
                else:
                    out.append(shown[index].center(column) + " " * gap, style="dim")
            out.append("\n")
        start = end
    return out


def effects_banner(view: FishingView, cards: CardSet) -> Text:
    """The effects in force, each picked out; empty when none binds."""
    out = Text()

    def flag(words: str, style: str = EFFECT_STYLE) -> None:
        out.append(" " + words + " ", style=style)
        out.append("  ")

    if view.call_suit >= 0:
        colour = SUITS[view.call_suit]
        flag(f"Called colour: {colour}", f"{COLOUR_STYLE.get(colour, 'bold')} reverse")
    if view.lowest:
        flag("Lowest value wins")
    if any(cards.effect[card] == MINUS_THREE for _, card in view.trick):
        flag("−3 in this trick", MINUS_STYLE)
    upcoming = next_trick_effects(view)
    if upcoming:
        flag("Next trick: " + ", ".join(upcoming), "bold cyan reverse")
    return out


def draw_fishing(view: FishingView, cards: CardSet) -> Text:
    me = view.player
    picture = Text()
    banner = effects_banner(view, cards)
    if banner:
        picture.append(banner)
        picture.append("\n")
    if view.trick:
        picture.append("Trick\n", style="bold")
        seats = [seat_name(seat, me) for seat, _ in view.trick]
        picture.append(tiles(cards, [card for _, card in view.trick], seats))
    hand = sorted(view.hand, key=lambda c: (cards.suit[c], cards.value[c]))
    if hand:
        picture.append("Your hand\n", style="bold")
        picture.append(tiles(cards, hand))
    return picture
