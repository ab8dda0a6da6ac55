"""Flip & Fish bad input: every refusal is one line that names the rule, and changes nothing.

The issue's list: an aim outside the table, more than 3 bait fish or bait without a bait rating,
shopping before the shop opens, gearing up a card that is face up, and an invalid card file. Each
illegal action raises ``IllegalActionError`` whose ``rule`` is the specific rule (never the generic
"legal actions"); the state (every seat's view, the log, the legal actions, the chance draws and
every field of the state) is the same afterwards. An aim outside the table is refused by the
action parser (``actions.aim_code``) before there is an action code: a plain ``AnglerError`` whose
one line names the table.

Set-ups use the default "cross" layout: slot 0 in the middle, 1 left, 2 right, 3 below, 4 above.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

from angler.core import AnglerError, IllegalActionError, OptionError
from angler.games.flip_and_fish import actions as act
from angler.games.flip_and_fish.cards import DEFAULT_CARDS
from angler.games.flip_and_fish.game import FlipAndFishGame
from angler.games.flip_and_fish.rules import AIM, LIMIT, SHOP_BUY, SNAGGED, TURN, FlipAndFishState
from angler.testing.conformance import snapshot

if TYPE_CHECKING:
    from pathlib import Path

    from tests.conftest import Angler

E = TypeVar("E", bound=AnglerError)
GAMES = {n: FlipAndFishGame(n) for n in (2, 3)}
CENTRES = GAMES[2].table.cards
FILL = ["Herring#1", "Herring#2", "Herring#3", "Mackerel#1", "Mackerel#2", "Mackerel#3"]
PLAIN = ["Perch#2", "Squirrelfish#1", "Bluegill#2", "Wrasse"]
SHOP = ["Berley#1", "Clover", "Spear", "CarbonRod", "LuckyHat", "Flashlight#1"]
MISS = (300.0, 300.0)  # on the table, far from every water card
BAIT4 = ["Perch#1", "Sardine#1", "Minnow", "Redfin#1"]  # 4 fish, each with a bait rating


# ------------------------------------------------------------------------------------ helpers


def new(
    players: int = 2,
    *,
    water: list[str | None] | None = None,
    caught: dict[int, list[str]] | None = None,
    gear: dict[int, list[str]] | None = None,
    **extra: Any,
) -> FlipAndFishState:
    """A state from an explicit set-up; the deck is FILL (the cards not placed)."""
    water = water if water is not None else ["Char#1", *PLAIN]
    caught, gear = caught or {}, gear or {}
    setup: dict[str, Any] = {
        "water": water,
        "caught": [caught.get(seat, []) for seat in range(players)],
        "gear": [gear.get(seat, []) for seat in range(players)],
        **extra,
    }
    placed = {n for n in water if n} | {n for pile in setup["caught"] for n in pile}
    setup.setdefault("deck", [n for n in FILL if n not in placed])
    return GAMES[players].state_from_setup(setup, 1)


def ident(name: str) -> int:
    return GAMES[2].cards.by_name[name]


def do(state: FlipAndFishState, *texts: str) -> None:
    for text in texts:
        state.apply(text, state.turn)


def cast_to(state: FlipAndFishState, point: tuple[float, float], face: int) -> None:
    """Cast with the die forced to stop at ``point`` (mm), revolved, showing ``face``."""
    x, y = point
    state.chance.force_outcomes([[round(x * 10), round(y * 10), 1, face]])
    do(state, "cast 0 0")


def near(slot: int) -> tuple[float, float]:
    """The die touches the card's edge: a bite without a strike."""
    x, y = CENTRES[slot]
    return x + 25, y


def observe(state: FlipAndFishState, seat: int) -> tuple[Any, ...]:
    """Everything a refusal must leave alone: what every seat sees, the log, who decides, the
    legal actions, the chance draws and every field of the state."""
    fields = {
        name: copy.deepcopy(getattr(state, name))
        for name in FlipAndFishState.__slots__
        if name not in ("cards", "table")
    }
    legal = list(state.legal_actions(seat))
    return snapshot(state), legal, state.chance.counter, fields


def refused(state: FlipAndFishState, text: str, kind: type[E], seat: int | None = None) -> E:
    """Applying ``text`` raises a one-line error of ``kind`` (an AnglerError) and changes
    nothing."""
    seat = state.turn if seat is None else seat
    before = observe(state, seat)
    with pytest.raises(kind) as raised:
        state.apply(text, seat)
    assert observe(state, seat) == before
    message = str(raised.value)
    assert message and "\n" not in message and message == message.strip()
    return raised.value


def rule_of(state: FlipAndFishState, text: str, seat: int | None = None) -> IllegalActionError:
    """Applying ``text`` is refused as an illegal action (with its rule), changing nothing."""
    error = refused(state, text, IllegalActionError, seat)
    assert error.rule != "legal actions"  # the generic rule names nothing
    assert str(error) == f"illegal action: {error.detail} ({error.rule})"
    return error


# ------------------------------------------------------------------ an aim outside the table


@pytest.mark.parametrize(
    ("text", "aim"),
    [
        ("cast 900 0", "(900, 0)"),
        ("cast 0 -900", "(0, -900)"),
        ("cast 460 460", "(460, 460)"),
        ("cast -1000.5 0", "(-1000.5, 0)"),
    ],
)
def test_bad_input_an_aim_outside_the_table_names_the_table(text: str, aim: str) -> None:
    state = new()
    do(state, "fish")
    assert state.phase == AIM
    error = refused(state, text, AnglerError)
    # The parser refuses it before there is an action code: a plain one-line AnglerError.
    assert type(error) is AnglerError
    assert str(error) == f"aim {aim} lies outside the table (±450 mm)"
    with pytest.raises(AnglerError) as parsed:
        state.game.action_from_string(text)
    assert str(parsed.value) == str(error)
    assert state.phase == AIM  # still the same cast to make


@pytest.mark.parametrize("text", ["cast nan 0", "cast inf 0", "cast 1e400 0", "cast 0 -inf"])
def test_bad_input_a_cast_with_a_non_finite_aim_is_refused(text: str) -> None:
    state = new()
    do(state, "fish")
    error = refused(state, text, AnglerError)
    assert type(error) is AnglerError
    assert str(error).startswith("the aim must be a point on the table, in mm")
    assert state.phase == AIM  # still the same cast to make


@pytest.mark.parametrize("text", ["cast", "cast 5", "cast 5 5 5"])
def test_bad_input_a_cast_without_two_coordinates_asks_for_a_point(text: str) -> None:
    state = new()
    do(state, "fish")
    error = refused(state, text, AnglerError)
    assert str(error).startswith("the aim must be a point on the table, in mm (cast X Y)")
    assert state.phase == AIM


def test_bad_input_a_non_finite_aim_in_the_play_loop_is_refused_and_the_game_goes_on(
    angler: Angler,
) -> None:
    run = angler(
        ["play", "flip-and-fish", "--players", "2", "--seed", "3", "--ui", "text"],
        input="fish\ncast nan 0\ncast 1e400 0\ncast 0 0\nq\n\n",
    )
    lines = run.stdout.splitlines()
    assert "Traceback" not in run.stdout + run.stderr
    refusals = [line for line in lines if line.startswith("the aim must be a point on the table")]
    assert len(refusals) == 2
    after = lines[next(k for k, line in enumerate(lines) if line.endswith(": cast 0 0")) + 1]
    assert "(0, 0)" in after and not after.startswith(("the aim", "illegal"))  # the cast was made
    assert "You quit." in run.stdout and run.status == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("buy 4", "a shop slot must be a whole number from 1 to 3, not the whole number 4"),
        ("buy 1e0", "a shop slot must be a whole number from 1 to 3, not the text '1e0'"),
        ("use Flashlight#1 nan", "a water slot must be a whole number from 1 to 5, not the text"),
        ("use Flashlight#1 0", "a water slot must be a whole number from 1 to 5, not the whole"),
    ],
)
def test_bad_input_a_typed_slot_number_out_of_range_names_the_range(
    text: str, message: str
) -> None:
    with pytest.raises(AnglerError) as raised:
        GAMES[2].action_from_string(text)
    assert str(raised.value).startswith(message)


@pytest.mark.parametrize("text", ["fish with Perch#1 Perch#1", "gear up Spear Spear"])
def test_bad_input_an_action_naming_a_card_twice_is_refused(text: str) -> None:
    # A card set is a bitmask: a name given twice would have added up to another card's bit.
    state = new(caught={0: ["Perch#1"]}, gear={0: ["Spear"]})
    assert "names a card twice" in str(refused(state, text, AnglerError))


def test_bad_input_an_aim_on_the_edge_of_the_table_is_a_cast() -> None:
    state = new()
    do(state, "fish")
    assert state.game.action_from_string("cast 450 -450") in state.legal_actions(0)
    state.chance.force_outcomes([[4500, -4500, 1, 5]])
    do(state, "cast 450 -450")
    assert state.turn == 1  # a miss: the turn passed


def test_bad_input_an_aim_code_outside_the_table_names_the_table_rule() -> None:
    state = new()
    do(state, "fish")
    before = observe(state, 0)
    with pytest.raises(IllegalActionError) as raised:
        state.apply_action(act.code(act.CAST, act.AIMS), 0)
    assert raised.value.rule == "cast: on the table"
    assert "outside the table (±450 mm)" in str(raised.value)
    assert observe(state, 0) == before


def test_bad_input_the_play_loop_shows_the_rule_and_asks_again(angler: Angler) -> None:
    # Seat 1 (you) starts holding nothing: "fish", then two bad inputs, then quit.
    run = angler(
        ["play", "flip-and-fish", "--players", "2", "--seed", "3"],
        input="buy dip\nfish\ncast 900 0\nq\n\n",
    )
    status, out, err = run.status, run.stdout, run.stderr
    assert "Traceback" not in out + err
    lines = out.splitlines()
    assert "aim (900, 0) lies outside the table (±450 mm)" in lines
    shop = [line for line in lines if "(shop: opens after the first trophy)" in line]
    assert shop and shop[0].startswith("illegal action: the shop is not open yet")
    assert "You quit." in out and status == 0


# ------------------------------------------------------------------------------ using bait


def test_bad_input_more_than_3_bait_fish_names_the_bait_rule() -> None:
    state = new(caught={0: BAIT4})
    error = rule_of(state, "fish with " + " ".join(BAIT4))
    assert error.rule == "bait: at most 3 fish"
    assert error.detail == "you announced 4 bait fish"
    do(state, "fish with " + " ".join(BAIT4[:3]))  # 3 of them is fine
    assert state.phase == AIM


def test_bad_input_a_bait_bucket_raises_the_bait_limit_to_4() -> None:
    state = new(caught={0: [*BAIT4, "Redfin#2"]}, gear={0: ["BaitBucket"]})
    error = rule_of(state, "fish with Redfin#2 " + " ".join(BAIT4))
    assert error.rule == "bait: at most 4 fish"
    do(state, "fish with " + " ".join(BAIT4))
    assert state.phase == AIM


@pytest.mark.parametrize("bait", ["Wahoo", "Perch#1 Wahoo"])
def test_bad_input_a_trophy_as_bait_has_no_bait_rating(bait: str) -> None:
    state = new(caught={0: ["Wahoo", "Perch#1"]})
    error = rule_of(state, f"fish with {bait}")
    assert error.rule == "bait: only fish with a bait rating"
    assert error.detail == "Wahoo (a trophy fish) has no bait rating"


def test_bad_input_bait_you_did_not_catch() -> None:
    state = new(caught={1: ["Perch#1"]})
    error = rule_of(state, "fish with Perch#1")
    assert error.rule == "bait: only fish you caught"
    assert "Perch#1 is not among your caught fish" in error.detail


def test_bad_input_fishing_with_tangled_lines_after_a_snag() -> None:
    state = new(3)
    do(state, "fish")
    cast_to(state, MISS, 1)  # a snag, no equipment: the next player may not fish
    assert state.turn == 1 and state.no_fishing == 1
    assert rule_of(state, "fish").rule == "snag: tangled lines"


def test_bad_input_announcing_bait_again_instead_of_casting() -> None:
    state = new(caught={0: ["Perch#1"]})
    do(state, "fish")
    error = rule_of(state, "fish with Perch#1")
    assert error.rule == "turn order"
    assert error.detail.startswith("Player 1 must cast the line")


def test_bad_input_casting_before_announcing_bait() -> None:
    state = new()
    assert rule_of(state, "cast 0 0").rule == "fish: announce bait, then cast"


def test_bad_input_acting_out_of_turn() -> None:
    state = new()
    error = rule_of(state, "fish", seat=1)
    assert error.rule == "turn order"
    assert error.detail == "Player 2 does not decide now (Player 1 does)"


# ----------------------------------------------------------------------------------- shop


@pytest.mark.parametrize("text", ["buy 1", "buy 2", "buy 3", "buy dip", "stocktake Perch#1"])
def test_bad_input_shopping_before_the_shop_opens_names_the_shop_rule(text: str) -> None:
    state = new(caught={0: ["Perch#1"]}, shop_deck=SHOP)
    assert not state.shop_open
    error = rule_of(state, text)
    assert error.rule == "shop: opens after the first trophy"
    assert "the shop is not open yet" in error.detail


def test_bad_input_stocktake_with_a_carp() -> None:
    state = new(caught={0: ["Carp#1", "Perch#1"]}, shop_deck=SHOP, shop_open=True)
    error = rule_of(state, "stocktake Carp#1")
    assert error.rule == "stocktake: not with a Carp"
    assert error.detail == "Carp#1 is a Carp, which is never paid"


def test_bad_input_stocktake_with_a_fish_you_do_not_hold() -> None:
    state = new(caught={1: ["Perch#1"]}, shop_deck=SHOP, shop_open=True)
    assert rule_of(state, "stocktake Perch#1").rule == "stocktake: pay one of your fish"


def test_bad_input_no_lucky_dip_after_a_stocktake() -> None:
    state = new(caught={0: ["Perch#1"]}, shop_deck=SHOP, shop_open=True)
    do(state, "stocktake Perch#1")
    assert state.phase == SHOP_BUY
    assert rule_of(state, "buy dip").rule == "stocktake: then only a displayed card"


def test_bad_input_buying_from_an_empty_shop_slot_or_an_empty_deck() -> None:
    state = new(shop_deck=SHOP[:2], shop_open=True)
    assert len(state.shop_row) == 2 and not state.shop_deck
    error = rule_of(state, "buy 3")
    assert error.rule == "shop: buy a displayed card" and error.detail == "shop slot 3 is empty"
    assert rule_of(state, "buy dip").rule == "shop: lucky dip"


# ---------------------------------------------------------------------- equipment, gear up


def test_bad_input_gearing_up_a_face_up_card_names_the_gear_up_rule() -> None:
    state = new(gear={0: ["Spear", "LuckyHat"]})
    assert state.ready[ident("Spear")]
    error = rule_of(state, "gear up Spear")
    assert error.rule == "gear up: only used equipment"
    assert error.detail == "Spear is already face up"
    state.ready[ident("LuckyHat")] = False
    error = rule_of(state, "gear up LuckyHat Spear")
    assert (error.rule, error.detail) == (
        "gear up: only used equipment",
        "Spear is already face up",
    )
    do(state, "gear up LuckyHat")
    assert state.turn == 1


def test_bad_input_gearing_up_an_ongoing_card() -> None:
    state = new(gear={0: ["TelescopicRod#1"]})
    error = rule_of(state, "gear up TelescopicRod#1")
    assert error.rule == "gear up: only used equipment" and "ongoing" in error.detail


def test_bad_input_gearing_up_a_card_you_do_not_own() -> None:
    state = new(gear={1: ["Spear"]})
    state.ready[ident("Spear")] = False
    error = rule_of(state, "gear up Spear")
    assert error.rule == "gear up: only your own equipment"
    assert error.detail == "Spear is not your equipment"


def test_bad_input_gearing_up_more_than_2_cards() -> None:
    state = new(gear={0: ["CarbonRod", "LuckyHat", "Flashlight#1"]})
    for name in ("CarbonRod", "LuckyHat", "Flashlight#1"):
        state.ready[ident(name)] = False
    error = rule_of(state, "gear up CarbonRod LuckyHat Flashlight#1")
    assert error.rule == "gear up: at most 2 cards"


def spear_water() -> FlipAndFishState:
    """Sunfish (7) and RedMullet (8) face up, Pickerel face down, a boot below, slot 5 empty;
    a Spear (reach 7)."""
    state = new(water=["Sunfish#1", "Pickerel#1", "RedMullet", "Boot#1", None], gear={0: ["Spear"]})
    for slot in (0, 2, 3):
        state.face_up[slot] = True
    state.deck.append(state.water[4])  # the set-up refilled slot 5: empty it again
    state.water[4] = -1
    return state


@pytest.mark.parametrize(
    ("text", "rule", "detail"),
    [
        (
            "use Spear 3",
            "Spear: catch rate within its reach",
            "RedMullet in water slot 3 has catch rate 8, above Spear's reach of 7",
        ),
        ("use Spear 2", "Spear: a face-up fish", "the card in water slot 2 lies face down"),
        ("use Spear 4", "Spear: a face-up fish", "water slot 4 holds a boot"),
        ("use Spear 5", "Spear: a face-up fish", "water slot 5 is empty"),
        ("use Spear", "equipment: water slot", "Spear needs a water slot: use Spear 1 to 5"),
    ],
    ids=["out-of-reach", "face-down", "boot", "empty-slot", "no-slot"],
)
def test_bad_input_a_spear_takes_a_face_up_fish_within_its_reach(
    text: str, rule: str, detail: str
) -> None:
    state = spear_water()
    error = rule_of(state, text)
    assert (error.rule, error.detail) == (rule, detail)
    do(state, "use Spear 1")  # the Sunfish, catch rate 7: within reach
    assert state.caught[0] == [ident("Sunfish#1")]


def test_bad_input_a_used_spear_must_be_geared_up_first() -> None:
    state = spear_water()
    state.ready[ident("Spear")] = False
    assert rule_of(state, "use Spear 1").rule == "equipment: face down until geared up"


def test_bad_input_a_flashlight_looks_at_a_face_down_card_before_casting() -> None:
    state = new(gear={0: ["Flashlight#1"]})
    state.face_up[1] = True
    error = rule_of(state, "use Flashlight#1 3")
    assert error.rule == "equipment: timing"
    assert error.detail == "Flashlight#1 is used after announcing bait, before casting, not now"
    do(state, "fish")
    error = rule_of(state, "use Flashlight#1 2")
    assert error.rule == "Flashlight: a face-down card"
    assert error.detail == "the card in water slot 2 is already face up"
    do(state, "use Flashlight#1 3")  # a face-down card: fine


def test_bad_input_using_ongoing_or_someone_elses_equipment() -> None:
    state = new(gear={0: ["TelescopicRod#1"], 1: ["Berley#1"]})
    assert rule_of(state, "use TelescopicRod#1").rule == "equipment: ongoing cards are never used"
    assert rule_of(state, "use Berley#1").rule == "equipment: only your own"


def test_bad_input_resting_while_an_action_is_possible() -> None:
    state = new()
    assert rule_of(state, "done").rule == "player turn: one action"


# -------------------------------------------------------------------- snag and card limits


def test_bad_input_a_snag_discards_equipment_not_a_fish() -> None:
    state = new(caught={0: ["Perch#1"]}, gear={0: ["CarbonRod"]})
    do(state, "fish")
    cast_to(state, MISS, 1)
    assert state.phase == SNAGGED
    assert rule_of(state, "discard Perch#1").rule == "snag: discard 1 equipment card"
    assert rule_of(state, "done").rule == "turn order"


def test_bad_input_card_limits_a_fish_first_and_never_a_carp() -> None:
    state = new(caught={0: [*BAIT4, "Carp#1"]}, gear={0: ["CarbonRod"]})
    do(state, "fish")
    cast_to(state, near(0), 12)
    do(state, "done")  # the Char is the 6th fish
    assert state.phase == LIMIT and state.turn == 0
    error = rule_of(state, "discard CarbonRod")
    assert error.rule == "card limits: 5 fish"
    assert rule_of(state, "discard Carp#1").rule == "card limits: a Carp can't be discarded"
    assert rule_of(state, "discard Herring#1").rule == "card limits: discard your own card"
    assert rule_of(state, "fish").rule == "turn order"
    do(state, "discard Minnow")
    assert (state.phase, state.turn) == (TURN, 1)


# ------------------------------------------------------- every refusal names a specific rule


def candidates(state: FlipAndFishState, seat: int) -> list[int]:
    """Action codes of every kind, most of them illegal now."""
    size = len(state.cards)
    codes = [act.code(act.BUY, k) for k in range(4)] + [act.code(act.PASS), act.code(act.CAST)]
    for card in range(size):
        codes += [act.code(act.STOCKTAKE, card), act.code(act.DISCARD, card)]
        codes += [act.code(act.GEAR, 1 << card), act.code(act.FISH, 1 << card)]
        codes += [act.code(act.USE, card * 8 + slot) for slot in (0, 3, act.NO_SLOT)]
    pile = state.caught[seat]
    if len(pile) >= 4:
        codes.append(act.code(act.FISH, sum(1 << c for c in pile[:4])))
    return codes


@pytest.mark.parametrize("seed", [1, 2])
def test_bad_input_every_refusal_in_random_games_names_a_specific_rule(seed: int) -> None:
    game = GAMES[3]
    state = game.new_state(seed)
    rng = random.Random(seed)
    rules: set[str] = set()
    for step in range(240):
        if state.is_terminal():
            break
        seat = state.current_players()[0]
        if step % 4 == 0:
            before = observe(state, seat)
            legal = state.legal_actions(seat)
            for code in candidates(state, seat):
                if code in legal:
                    continue
                with pytest.raises(IllegalActionError) as raised:
                    state.apply_action(code, seat)
                error = raised.value
                assert error.rule != "legal actions", str(error)
                assert "\n" not in str(error)
                rules.add(error.rule)
            assert observe(state, seat) == before
        legal = state.legal_actions(seat)
        state.apply_action(legal[rng.randrange(len(legal))], seat)
    assert {"turn order", "bait: only fish you caught", "equipment: only your own"} <= rules


# ------------------------------------------------------------------------- invalid card files


def fish_card(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(card for card in data["fishing"] if card["name"] == name)


def shop_card(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(card for card in data["shopping"] if card["name"] == name)


def no_catch_rate(data: dict[str, Any]) -> None:
    del fish_card(data, "Wahoo")["catch_rate"]


def negative_catch_rate(data: dict[str, Any]) -> None:
    fish_card(data, "Wahoo")["catch_rate"] = -3


def unknown_colour(data: dict[str, Any]) -> None:
    fish_card(data, "Perch")["colour"] = "purple"


def unknown_ability(data: dict[str, Any]) -> None:
    fish_card(data, "BlueMarlin")["ability"] = {"timing": "on-miss", "effect": "teleport"}


def unknown_equipment_effect(data: dict[str, Any]) -> None:
    shop_card(data, "Spear")["effect"] = "harpoon"


def trophy_bait(data: dict[str, Any]) -> None:
    fish_card(data, "Wahoo")["bait"] = 2


def duplicate_that_differs(data: dict[str, Any]) -> None:
    data["fishing"].append({**fish_card(data, "Wahoo"), "catch_rate": 4})


def two_shop_cards(data: dict[str, Any]) -> None:
    data["shopping"] = data["shopping"][:2]


def two_trophies(data: dict[str, Any]) -> None:
    data["fishing"] = [c for c in data["fishing"] if c["kind"] != "trophy"] + data["fishing"][:2]


def nine_fishing_cards(data: dict[str, Any]) -> None:
    data["fishing"] = data["fishing"][:9]


BROKEN: list[tuple[Callable[[dict[str, Any]], None], list[str]]] = [
    (
        no_catch_rate,
        ["card Wahoo (fishing card 4)", "'catch_rate' must be a whole number from 1 to 99"],
    ),
    (
        negative_catch_rate,
        ["card Wahoo (fishing card 4)", "'catch_rate' must be a whole number from 1 to 99"],
    ),
    (unknown_colour, ["card Perch (fishing card", "'colour' must be one of blue, green"]),
    (unknown_ability, ["card BlueMarlin (fishing card 1)", "ability: unknown effect 'teleport'"]),
    (unknown_equipment_effect, ["card Spear (shopping card 8)", "unknown equipment effect"]),
    (trophy_bait, ["card Wahoo (fishing card 4)", "a trophy fish has no bait rating"]),
    (duplicate_that_differs, ["copies of Wahoo differ", "fishing card 91", "fishing card 4"]),
    (two_shop_cards, ["the shopping deck needs at least 3 cards"]),
    (two_trophies, ["there must be at least 3 trophy fish"]),
    (nine_fishing_cards, ["too few fishing cards to play"]),
]
BROKEN_IDS = [change.__name__ for change, _ in BROKEN]


def broken_file(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    data = json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / f"{change.__name__}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(("change", "fragments"), BROKEN, ids=BROKEN_IDS)
def test_bad_input_an_invalid_card_file_names_the_offending_card(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], fragments: list[str]
) -> None:
    path = broken_file(tmp_path, change)
    with pytest.raises(AnglerError) as raised:
        FlipAndFishGame(3, cards=str(path))
    message = str(raised.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, (fragment, message)


@pytest.mark.parametrize("command", ["simulate", "play"])
@pytest.mark.parametrize(("change", "fragments"), BROKEN, ids=BROKEN_IDS)
def test_bad_input_an_invalid_card_file_on_the_command_line_exits_2_with_one_line(
    angler: Angler,
    tmp_path: Path,
    command: str,
    change: Callable[[dict[str, Any]], None],
    fragments: list[str],
) -> None:
    path = broken_file(tmp_path, change)
    args = ["flip-and-fish", "--cards", path]
    args += ["--games", "1"] if command == "simulate" else ["--seed", "1"]
    angler([command, *args], input="q\n").assert_user_error(*fragments)


# ------------------------------------------------------- options and set-ups of the wrong type


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("layout", False),
        ("layout", 0),
        ("layout", None),
        ("layout", {}),
        ("layout", []),
        ("layout", [[0, 0]] * 4),
        ("layout", [[0, 0], [-110, 0], [110, 0], [0, -130], [0, True]]),
        ("layout", "0,nan;-110,0;110,0;0,-130;0,130"),
        ("layout", "0,1e400;-110,0;110,0;0,-130;0,130"),
        ("skill", None),
        ("skill", 0),
        ("skill", True),
        ("skill", 2.5),
        ("skill", []),
        ("skill", [1.0, "fair"]),
        ("skill", "nan"),
        ("skill", "inf,fair"),
        ("rounds", True),
        ("rounds", 2.5),
        ("rounds", "9" * 5000),
        ("rounds", None),
    ],
)
def test_bad_input_an_option_of_the_wrong_type_is_refused_naming_the_option(
    option: str, value: object
) -> None:
    with pytest.raises(OptionError) as raised:
        FlipAndFishGame(2, **{option: value})
    message = str(raised.value)
    assert message.startswith(f"option {option!r}: ") and "\n" not in message


def test_bad_input_too_many_skills_are_counted_not_called_a_list() -> None:
    with pytest.raises(OptionError) as raised:
        FlipAndFishGame(3, skill="good,good,good,good,good")
    assert str(raised.value).endswith("1 to 4 factors (one per seat), not 5 values")


def test_bad_input_options_a_record_wrote_are_read_back() -> None:
    # A record stores a custom layout and the skills as JSON lists: they are valid values.
    game = FlipAndFishGame(2, layout="0,0;-110,0;110,0;0,-130;0,130", skill="good,novice")
    stored = json.loads(json.dumps(game.describe_options()))
    again = FlipAndFishGame(2, **{k: v for k, v in stored.items() if k != "players"})
    assert again.table == game.table and again.skills == game.skills == (0.75, 1.5)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"turn": True}, "setup: 'turn' must be a whole number"),
        ({"turn": 1.0}, "setup: 'turn' must be a whole number"),
        ({"turn": 2}, "setup: 'turn' must be a seat from 0 to 1, not 2"),
        ({"shop_open": "yes"}, "setup: 'shop_open' must be true or false"),
        ({"shop_open": 1}, "setup: 'shop_open' must be true or false"),
        ({"water": [1, 2]}, "setup: 'water[0]' must be a word without spaces"),
        ({"caught": [["Perch#1"], 5]}, "setup: 'caught[1]' must be a list"),
        ({"face_up": [6]}, "setup: 'face_up[0]' must be a whole number from 1 to 5"),
        ({"landing": [0, 0, 1]}, "setup 'landing': a landing is [x, y, revolved, face]"),
        ({"phase": "fishing"}, "setup: 'phase' must be one of turn, aim"),
    ],
)
def test_bad_input_a_setup_value_of_the_wrong_type_is_refused(
    change: dict[str, Any], message: str
) -> None:
    setup = {"water": ["Char#1", *PLAIN], "caught": [[], []], "gear": [[], []], **change}
    with pytest.raises(AnglerError) as raised:
        GAMES[2].state_from_setup(setup, 1)
    assert str(raised.value).startswith(message) and "\n" not in str(raised.value)
