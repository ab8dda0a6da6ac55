"""Fishing's picture on the terminal table: the trick in play and the hand drawn as coloured
tiles, under a banner of the buoy effects that bind this trick and the next (the called colour,
lowest value wins, who plays first) and a warning while a −3 lies in the trick."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.text import Text

from angler.core.presentation import COLOUR_STYLE
from angler.core.terminal import TerminalPicture, flow
from angler.core.view import seat_name
from angler.games.fishing.cards import BUOY, MINUS_THREE, SUITS, CardSet
from angler.games.fishing.view import FishingView, next_trick_effects

BUOY_STYLE = "bold cyan"
MINUS_STYLE = "bold reverse red"
EFFECT_STYLE = "bold black on #ffd21f"
WIDTH = 66  # characters a row of cards may take when no width is given


class FishingPicture(TerminalPicture[Text]):
    """The banner, the trick and the hand of one seat's view; a click means nothing here."""

    def __init__(self, view: FishingView, cards: CardSet) -> None:
        self.view = view
        self.cards = cards

    def draw(self, width: int, rows: int | None) -> Text:
        return draw_fishing(self.view, self.cards, width, rows)


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


def chips(cards: CardSet, row: Sequence[int], captions: Sequence[str] = ()) -> list[Text]:
    """Cards as one-line chips in their colours (the compact tiles), each after its caption."""
    out = []
    for index, name in enumerate(cards.names(list(row))):
        chip = Text(f"{captions[index]} " if index < len(captions) else "", style="dim")
        chip.append(f" {name} ", style=f"{card_style(cards, row[index])} reverse")
        out.append(chip)
    return out


def effects_banner(view: FishingView, cards: CardSet, width: int = WIDTH) -> Text:
    """The effects in force, each picked out, flowing onto more lines rather than crossing
    ``width``; empty when none binds."""
    flags: list[Text] = []

    def flag(words: str, style: str = EFFECT_STYLE) -> None:
        flags.append(Text(" " + words + " ", style=style))

    if view.call_suit >= 0:
        colour = SUITS[view.call_suit]
        flag(f"Called colour: {colour}", f"{COLOUR_STYLE.get(colour, 'bold')} reverse")
    if view.lowest:
        flag("Lowest value wins")
    if any(cards.effect[card] == MINUS_THREE for _, card in view.trick):
        flag("−3 in this trick", MINUS_STYLE)
    upcoming = next_trick_effects(view)
    if upcoming:
        words = "Next trick: " + ", ".join(upcoming)
        for line in textwrap.wrap(words, max(width - 2, 1)):  # a long flag breaks between words
            flag(line, "bold cyan reverse")
    return flow(flags, width)


def draw_fishing(
    view: FishingView, cards: CardSet, width: int = WIDTH, rows: int | None = None
) -> Text:
    """The banner, the trick and your hand as tiles ``width`` characters wide at most; as
    one-line chips when the tiles would take more than ``rows`` lines."""
    tiled = fishing_picture(view, cards, width, compact=False)
    if rows is not None and tiled.plain.count("\n") + 1 > rows:  # the last line break too
        return fishing_picture(view, cards, width, compact=True)
    return tiled


def fishing_picture(view: FishingView, cards: CardSet, width: int, compact: bool) -> Text:
    me = view.player
    picture = Text()
    banner = effects_banner(view, cards, width)
    if banner:
        picture.append(banner)
        picture.append("\n")
    if view.trick:
        picture.append("Trick\n", style="bold")
        seats = [seat_name(seat, me) for seat, _ in view.trick]
        trick = [card for _, card in view.trick]
        if compact:
            picture.append(flow(chips(cards, trick, seats), width))
            picture.append("\n")
        else:
            picture.append(tiles(cards, trick, seats, width))
    hand = sorted(view.hand, key=lambda c: (cards.suit[c], cards.value[c]))
    if hand:
        picture.append("Your hand\n", style="bold")
        if compact:
            picture.append(flow(chips(cards, hand), width, gap=1))
            picture.append("\n")
        else:
            picture.append(tiles(cards, hand, width=width))
    return picture
