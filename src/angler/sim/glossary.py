"""The statistical words the designers' report uses, each in one sentence a designer reads without
a textbook; the report ends with them and ``docs/analyse.md`` repeats them."""

from __future__ import annotations

GLOSSARY: dict[str, str] = {
    "n": "The number of games (or seats) a figure is computed from; the smaller it is, the wider "
    "the interval.",
    "95% interval": "The range the true value lies in 95 times out of 100 had we played "
    "endlessly many games; a narrow one means the figure is well measured.",
    "Wilson interval": "The 95% interval used for a share such as a seat's share of the "
    "victories; unlike the textbook one it stays between 0% and 100% and is sound for shares "
    "near 0 or 1.",
    "normal interval of a mean": "The mean plus or minus about two standard errors, used for "
    "averages over games such as the mean score or the number of rounds.",
    "paired games": "A and B play the very same seeds (same deal, same players' dice), so "
    "each game of A has a twin in B and comparing twins removes the luck of the deal.",
    "B − A": "The average, over the paired games, of B's figure minus A's in the same seed, with "
    "its 95% interval; for a card's effect, B's estimate minus A's.",
    "p-value": "How often chance alone would give a difference at least this large if the two "
    "card files played alike; small means the difference is unlikely to be luck.",
    "significant": "The p-value, after the correction for testing many figures at once, is "
    "below 0.05.",
    "Holm correction": "Testing a hundred cards at once flags about five by chance alone, so "
    "each p-value is raised according to how many were tested (Holm's step-down method), "
    "keeping the chance that even one row is flagged by luck under 5%; the raw p-value is "
    "shown beside it.",
    "average marginal effect": "How many percentage points of win share one more copy of a "
    "card is worth to its holder, averaged over every seat of every game, other things equal.",
    "logistic regression": "The model that relates a seat's chance of winning to how many "
    "copies of a card it held, while holding the seat, the player count and the other cards "
    "fixed.",
    "clustered standard errors": "The seats of one game share one victory (if one wins, the "
    "others lose), so the intervals treat each game, not each seat, as one independent piece "
    "of evidence.",
    "not estimable": "Too few or too telling data for this card (no one held it, everyone "
    "held it alike, or holding it always won or always lost); the note says which.",
}
