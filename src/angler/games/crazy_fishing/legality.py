"""Why a Crazy Fishing action is illegal: the rule it breaks, in one line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from angler.core.errors import IllegalActionError
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.cards import BAIT, FISH, ROD

if TYPE_CHECKING:
    from angler.games.crazy_fishing.rules import CrazyFishingState

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
    from angler.games.crazy_fishing.rules import CAST, CHOOSE, RETRY

    kind, argument = action & act.KIND_MASK, action >> act.KIND_BITS
    rule, wanted = WANTED[state.phase]
    seat = f"Player {player + 1}"
    if state.phase == CAST:
        if kind != act.CAST:
            return IllegalActionError("cast", f"{seat} must {wanted} now")
        return _explain_cast(state, player, act.ids_of(argument))
    if state.phase in (CHOOSE, RETRY) and kind == act.SEA:
        cards = state.sea_card
        if argument >= len(cards) or cards[argument] < 0:
            return IllegalActionError("catch", f"there is no fish at sea spot {argument}")
        return IllegalActionError(
            "catch: only uncovered fish",
            f"the fish at spot {argument} is covered (only a Bait Bucket may take it)",
        )
    if state.phase in (CHOOSE, RETRY) and kind == act.BESIDE:
        return IllegalActionError("catch", "that fish is not beside the sea")
    return IllegalActionError(rule, f"{seat} must {wanted} now")


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
    top = state.piles[seat][-1] if state.piles[seat] else -1
    limit = cards.effect[top] if top >= 0 else None
    reel = any(cards.special[c] == "super-fast-reel" for c in ids)
    for kind, label in ((ROD, "rod"), (BAIT, "bait")):
        group = [c for c in ids if cards.kind[c] == kind]
        if not group:
            return IllegalActionError("cast", f"a cast needs at least 1 {label}")
        if len(group) > 1 and not any(cards.plus[c] for c in group) and not (reel and kind == BAIT):
            return IllegalActionError(
                "last generation", f"{len(group)} {label}s need a '+' {label} among them"
            )
        if any(cards.plus[c] for c in group) and limit == ("crab" if kind == BAIT else "moray-eel"):
            return IllegalActionError(
                "out-of-series " + str(limit), f"while it tops your catch pile, no '+' {label}s"
            )
    rods = [c for c in ids if cards.kind[c] == ROD]
    baits = [c for c in ids if cards.kind[c] == BAIT]
    if any(cards.special[c] == "super-fast-reel" for c in rods) and (
        len(rods) < 2 or len(baits) < 2
    ):
        return IllegalActionError(
            "super-fast reel", "the reel needs another rod and at least 2 baits"
        )
    fish = [c for c in ids if cards.kind[c] == FISH]
    if fish and not (
        any(cards.special[c] == "out-of-series" for c in rods)
        and len(fish) == 1
        and len(baits) == 1
    ):
        return IllegalActionError(
            "out-of-series rod",
            "only an out-of-series rod lets you fish with 1 caught fish (and 1 bait card)",
        )
    return IllegalActionError("cast", "this cast is not allowed")
