"""Why a Flip & Fish action is illegal: the rule it breaks, in one line.

Each rule is one method of ``FlipAndFishState`` that the legal actions are also made of
(``lines_tangled``, ``baitable``, ``payable``, ``used_equipment``, ``spear_target``, ``USED_IN``…),
so a rule is written once; this module finds the first one an action breaks and words it.

The framework calls ``FlipAndFishState._why_illegal`` only on the failure path (an action not in
the legal list), so none of this costs anything while playing.
"""

from __future__ import annotations

from angler.core.errors import IllegalActionError
from angler.core.state import State
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.cards import BOOT, ONGOING, TROPHY
from angler.games.flip_and_fish.rules import (
    GEAR_UP_MOST,
    SHOP_BUY,
    SNAGGED,
    SNAP,
    TURN,
    USED_IN,
    WATER,
    FlipAndFishState,
)

# What the seat must do now, by phase ("Player 1 must … now"), and the kinds of action it allows.
STEPS = (
    "fish, shop or gear up",
    "cast the line (cast X Y), or use a Flashlight first",
    "keep the cast (done) or use a Second Cast",
    "resolve the bite (done) or use equipment on the roll",
    "discard 1 equipment card for the snag, or use a Snag Guard",
    "discard 1 equipment card (the line snapped)",
    "discard down to the card limits",
    "buy one of the new displayed cards, or stop (done)",
)
KINDS_NOW = (
    frozenset({act.FISH, act.BUY, act.STOCKTAKE, act.GEAR, act.USE, act.PASS}),
    frozenset({act.CAST, act.USE}),
    frozenset({act.USE, act.PASS}),
    frozenset({act.USE, act.PASS}),
    frozenset({act.USE, act.DISCARD}),
    frozenset({act.DISCARD}),
    frozenset({act.DISCARD}),
    frozenset({act.BUY, act.PASS}),
)
# When equipment is used, in words (the phase is the rule's: ``USED_IN`` in rules.py).
WHEN = {
    "spear": "as the turn's only action",
    "flashlight": "after announcing bait, before casting",
    "second-cast": "after seeing where the die stops",
    "roll-bonus": "after a bite, before the catch is decided",
    "reroll": "after a bite, before the catch is decided",
    "colour-lure": "after a bite, before the catch is decided",
    "snag-guard": "after a snag",
}


def why_illegal(state: FlipAndFishState, player: int, action: int) -> IllegalActionError:
    """Name the Flip & Fish rule that forbids ``action`` (the state is not changed)."""
    if state.is_terminal() or player not in state.current_players():
        return State._why_illegal(state, player, action)
    kind, argument = action & 15, action >> 4
    if kind == act.CAST and argument >= act.AIMS:
        half = -act.aim_point(0)[0]
        return IllegalActionError(
            "cast: on the table", f"aim code {argument} lies outside the table (±{half:g} mm)"
        )
    try:
        text = act.action_to_string(state.cards, action)
    except Exception:
        return IllegalActionError("action codes", f"{action} is not a Flip & Fish action code")
    seat = f"Player {player + 1}"
    if kind == act.CAST and state.phase == TURN:
        return IllegalActionError(
            "fish: announce bait, then cast",
            f"{seat} must announce bait (fish, or fish with …) before casting",
        )
    if kind not in KINDS_NOW[state.phase]:
        return IllegalActionError(
            "turn order", f"{seat} must {STEPS[state.phase]} now, not {text!r}"
        )
    why: tuple[str, str] | None = None
    if kind == act.FISH:
        why = _why_not_bait(state, player, act.ids_of(argument))
    elif kind == act.BUY:
        why = _why_not_buy(state, argument)
    elif kind == act.STOCKTAKE:
        why = _why_not_stocktake(state, player, argument)
    elif kind == act.GEAR:
        why = _why_not_gear_up(state, player, act.ids_of(argument))
    elif kind == act.USE:
        why = _why_not_use(state, player, argument >> 3, argument & 7)
    elif kind == act.DISCARD:
        why = _why_not_discard(state, player, argument)
    elif kind == act.CAST and state.game.mini:
        why = (
            "mini: aim at a water card",
            f"{seat} must aim at the centre of a card in the water, not {text!r}",
        )
    elif kind == act.PASS and state.phase == TURN:
        why = (
            "player turn: one action",
            f"{seat} must fish, shop or gear up; 'done' only when nothing else is possible",
        )
    if why is None:
        return State._why_illegal(state, player, action)
    return IllegalActionError(*why)


def _why_not_bait(state: FlipAndFishState, seat: int, bait: list[int]) -> tuple[str, str] | None:
    if state.lines_tangled(seat):
        return (
            "snag: tangled lines",
            "your lines are tangled by a snag: no fishing this turn",
        )
    baitable = state.baitable(seat)
    for card in bait:
        name = state.cards.cards[card].name
        if card not in state.caught[seat]:
            return "bait: only fish you caught", f"{name} is not among your caught fish"
        if card not in baitable:
            trophy = " (a trophy fish)" if state.cards.kind[card] == TROPHY else ""
            return "bait: only fish with a bait rating", f"{name}{trophy} has no bait rating"
    most = state.bait_limit(seat)
    if len(bait) > most:
        return f"bait: at most {most} fish", f"you announced {len(bait)} bait fish"
    return None


def _why_not_buy(state: FlipAndFishState, slot: int) -> tuple[str, str] | None:
    if state.phase == SHOP_BUY:
        if slot == 3:
            return (
                "stocktake: then only a displayed card",
                "after a stocktake there is no lucky dip: buy 1 to 3, or done",
            )
    elif not state.shop_open:
        return _shop_closed()
    if slot < 3 and slot >= len(state.shop_row):
        return "shop: buy a displayed card", f"shop slot {slot + 1} is empty"
    if slot == 3 and not state.can_lucky_dip():
        return "shop: lucky dip", "the shopping deck and its discard pile are empty"
    return None


def _shop_closed() -> tuple[str, str]:
    return (
        "shop: opens after the first trophy",
        "the shop is not open yet: it opens at the start of the turn after the first trophy "
        "is caught",
    )


def _why_not_stocktake(state: FlipAndFishState, seat: int, fish: int) -> tuple[str, str] | None:
    if not state.shop_open:
        return _shop_closed()
    name = state.cards.cards[fish].name
    if fish not in state.caught[seat]:
        return "stocktake: pay one of your fish", f"{name} is not among your fish"
    if fish not in state.payable(seat):
        return "stocktake: not with a Carp", f"{name} is a Carp, which is never paid"
    return None


def _why_not_gear_up(
    state: FlipAndFishState, seat: int, cards: list[int]
) -> tuple[str, str] | None:
    for card in cards:
        name = state.cards.cards[card].name
        if card not in state.gear[seat]:
            return (
                "gear up: only your own equipment",
                f"{name} is not your equipment",
            )
    used = state.used_equipment(seat)
    for card in cards:
        name = state.cards.cards[card].name
        if state._equipment(card).kind == ONGOING:
            return "gear up: only used equipment", f"{name} is ongoing: always face up"
        if card not in used:
            return "gear up: only used equipment", f"{name} is already face up"
    if len(cards) > GEAR_UP_MOST:
        return (
            f"gear up: at most {GEAR_UP_MOST} cards",
            f"you named {len(cards)} cards to gear up",
        )
    return None


def _why_not_use(
    state: FlipAndFishState, seat: int, card: int, slot: int
) -> tuple[str, str] | None:
    name = state.cards.cards[card].name
    if card not in state.gear[seat]:
        return "equipment: only your own", f"{name} is not your equipment"
    effect = state._equipment(card).effect
    if effect not in USED_IN:
        return "equipment: ongoing cards are never used", f"{name} is always in effect"
    if card not in state.usable(seat, effect):
        return (
            "equipment: face down until geared up",
            f"{name} was used and lies face down: gear it up before using it again",
        )
    if USED_IN[effect] != state.phase:
        return "equipment: timing", f"{name} is used {WHEN[effect]}, not now"
    if effect not in ("spear", "flashlight"):
        if slot != act.NO_SLOT:
            return "equipment: water slot", f"{name} takes no water slot (use {name})"
        return None
    if slot >= WATER:
        return "equipment: water slot", f"{name} needs a water slot: use {name} 1 to {WATER}"
    if effect == "flashlight":
        return _why_not_flashlight(state, slot)
    reach = state._equipment(card).value or 0
    if state.spear_target(slot, reach):
        return None
    fish, where = state.water[slot], f"water slot {slot + 1}"
    rule = "Spear: a face-up fish"
    if fish < 0:
        return rule, f"{where} is empty"
    if not state.face_up[slot]:
        return rule, f"the card in {where} lies face down"
    if state.cards.kind[fish] == BOOT:
        return rule, f"{where} holds a boot"
    return (
        "Spear: catch rate within its reach",
        f"{state.cards.cards[fish].name} in {where} has catch rate {state.catch_rate(slot)}, "
        f"above {name}'s reach of {reach}",
    )


def _why_not_flashlight(state: FlipAndFishState, slot: int) -> tuple[str, str] | None:
    if state.flashlight_target(slot):
        return None
    where = f"water slot {slot + 1}"
    rule = "Flashlight: a face-down card"
    if state.water[slot] < 0:
        return rule, f"{where} is empty"
    return rule, f"the card in {where} is already face up"


def _why_not_discard(state: FlipAndFishState, seat: int, card: int) -> tuple[str, str] | None:
    name = state.cards.cards[card].name
    if state.phase in (SNAGGED, SNAP):
        if card in state.gear[seat]:
            return None
        clause = "snag" if state.phase == SNAGGED else "snap line"
        return f"{clause}: discard 1 equipment card", f"{name} is not one of your equipment cards"
    if card not in state.caught[seat] and card not in state.gear[seat]:
        return "card limits: discard your own card", f"{name} is not yours"
    if state.discards_fish_first(seat):
        held = len(state.caught[seat])
        if card in state.gear[seat]:
            return (
                f"card limits: {held - state.fish_over(seat)} fish",
                f"you hold {held} fish: discard a fish (not a Carp) before equipment",
            )
        if card not in state.payable(seat):
            return "card limits: a Carp can't be discarded", f"{name} is a Carp"
        return None
    if card in state.caught[seat]:
        held = len(state.gear[seat])
        return (
            f"card limits: {held - state.gear_over(seat)} equipment",
            f"you are over only the equipment limit: discard equipment, not {name}",
        )
    return None
