"""Why a Crazy Fishing action is illegal: the rule it breaks, in one line.

Each rule is one method or function of ``rules.py`` that the legal actions are also made of
(``plus_barred``, ``last_generation``, ``reel_baits_needed``, ``fish_as_bait``, ``can_draw``…), so a
rule is written once; this module only finds the first one an action breaks and words it."""

from __future__ import annotations

from angler.core.errors import IllegalActionError
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.cards import BAIT, FISH, ROD
from angler.games.crazy_fishing.rules import (
    BARS_PLUS,
    CAST,
    CHOOSE,
    COLLECT,
    PEEK,
    RETRY,
    SPLIT,
    CrazyFishingState,
    fish_as_bait,
    last_generation,
    reel_baits_needed,
)

WANTED = {
    0: ("cast", "cast rods and baits"),
    1: ("turbulent bait", "choose turbulent before or after"),
    2: ("infallible fish finder", "peek at a sea card or skip"),
    3: ("catch", "choose a fish"),
    4: ("super-fast reel", "split the baits between the two fish"),
    5: ("a pair of fish", "try another fish or skip"),
    6: ("collect", "draw a rod or a bait"),
}


def explain(state: CrazyFishingState, player: int, action: int) -> IllegalActionError:
    """The first rule ``action`` breaks, from the rule methods the legal actions are made of."""
    kind, argument = action & act.KIND_MASK, action >> act.KIND_BITS
    rule, wanted = WANTED[state.phase]
    seat = f"Player {player + 1}"
    if state.phase == CAST:
        if kind != act.CAST:
            return IllegalActionError("cast", f"{seat} must {wanted} now")
        return _explain_cast(state, player, act.ids_of(argument))
    if state.phase == COLLECT and kind == act.DRAW and argument in (0, 1):
        deck = ("rod", "bait")[argument]
        if not state.can_draw()[argument]:
            return IllegalActionError("collect", f"the {deck} deck and its discard pile are empty")
    if state.phase == PEEK and kind == act.PEEK and argument not in state.sea_spots():
        return IllegalActionError(
            "infallible fish finder", f"there is no card at sea spot {argument}"
        )
    if state.phase in (CHOOSE, RETRY) and kind in (act.SEA, act.BESIDE):
        return _explain_choice(state, player, kind, argument)
    if state.phase == SPLIT and kind == act.SPLIT and not state.split_allowed(act.ids_of(argument)):
        return IllegalActionError(
            "super-fast reel", "split the baits you cast between the two fish, at least one each"
        )
    return IllegalActionError(rule, f"{seat} must {wanted} now")


def _explain_choice(state: CrazyFishingState, seat: int, kind: int, ref: int) -> IllegalActionError:
    if (kind, ref) in state.targets:
        return IllegalActionError("super-fast reel", "the second fish must be another one")
    if kind == act.BESIDE:
        return IllegalActionError("catch", "that fish is not beside the sea")
    if ref not in state.sea_spots():
        return IllegalActionError("catch", f"there is no fish at sea spot {ref}")
    if not state.bait_bucket_reaches(seat) and ref not in state.free_spots():
        return IllegalActionError(
            "catch: only uncovered fish",
            f"the fish at spot {ref} is covered (only a Bait Bucket may take it)",
        )
    return IllegalActionError("catch", f"the fish at spot {ref} cannot be chosen now")


def _explain_cast(state: CrazyFishingState, seat: int, ids: list[int]) -> IllegalActionError:
    cards = state.cards
    if not ids or any(i >= len(cards) for i in ids):
        return IllegalActionError("cast", "an empty cast: cast at least 1 rod and 1 bait")
    hand, pile = set(state.hands[seat]), set(state.piles[seat])
    for card in ids:
        where = pile if cards.kind[card] == FISH else hand
        if card not in where:
            place = "catch pile" if cards.kind[card] == FISH else "hand"
            return IllegalActionError("cast", f"{cards.cards[card].name} is not in your {place}")
    rods = [c for c in ids if cards.kind[c] == ROD]
    baits = [c for c in ids if cards.kind[c] == BAIT]
    fish = [c for c in ids if cards.kind[c] == FISH]
    reel = any(cards.special[c] == "super-fast-reel" for c in rods)
    for kind, group, label in ((ROD, rods, "rod"), (BAIT, baits, "bait")):
        if not group:
            return IllegalActionError("cast", f"a cast needs at least 1 {label}")
        with_plus = any(cards.plus[c] for c in group)
        reel_baits = reel and kind == BAIT  # the Reel asks for its baits itself
        if not last_generation(len(group), with_plus) and not reel_baits:
            return IllegalActionError(
                "last generation", f"{len(group)} {label}s need a '+' {label} among them"
            )
        if with_plus and state.plus_barred(seat)[0 if kind == ROD else 1]:
            return IllegalActionError(
                f"out-of-series {BARS_PLUS[kind]}",
                f"while it tops your catch pile, no '+' {label}s",
            )
    least = reel_baits_needed(len(rods))
    if reel and not (least and len(baits) >= least):
        return IllegalActionError(
            "super-fast reel", "the reel needs another rod and at least 2 baits"
        )
    out_of_series = any(cards.special[c] == "out-of-series" for c in rods)
    if fish and not (len(fish) == 1 and fish_as_bait(out_of_series, reel, len(baits))):
        return IllegalActionError(
            "out-of-series rod",
            "only an out-of-series rod lets you fish with 1 caught fish (and 1 bait card)",
        )
    return IllegalActionError("cast", "this cast is not allowed")
