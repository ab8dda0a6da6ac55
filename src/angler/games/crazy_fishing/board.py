"""Crazy Fishing's board model: one seat's view as the browser table (``web/board.js``) draws it.

Built from the view alone (and the public card set), so it shows nothing the seat may not know.
Every number fits a JavaScript number: casts and splits are bitmasks far above 2**53, so their
cards come as lists of ids and their action codes as decimal text (``code`` is a number only when
it is small enough; ``text`` is the action's text, which the browser may send instead).

Fields:

- ``viewer``: the seat drawn for (``null`` for a spectator); ``players``; ``round``; ``phase``
  (``cast``, ``turbulent``, ``peek``, ``choose``, ``split``, ``retry``, ``collect``, ``over``) and
  ``phase_text``, the step in plain words; ``current``: the seats deciding now.
- Cards are ids everywhere: their facts are in the game's card catalogue (``catalogue``), sent
  to a socket once, in its first state: per id ``{id, name, label, kind ("rod"|"bait"|"fish"),
  value (null for the Most Tempting Bait: infinite), plus, special, effect, back, colour, text}``
  (``colour`` one of the kit's colours; ``text`` what a special card does, "" for a plain one).
- ``diameter``: a sea card's diameter in mm. ``sea``: the pile from the bottom up, each
  ``{spot, x, y, covered, back, card (id or null while its face is unknown to the viewer),
  peeked_by (seats whose Fish Finder looked at it), chosen (a target of this catch), action}``,
  ``action`` being ``{code, text, verb ("fish"|"peek")}`` when the viewer may take or look at it.
- ``beside``: fish lying beside the sea, each ``{card, action}``.
- ``seats``: per seat ``{seat, rods, baits (counts in hand), pile (catch pile, bottom first),
  score, deciding, cast_state ("choosing"|"chosen"|"sits out"|"cast"|"out"), effects (words for
  what the top of the pile does now)}``.
- ``hand``: the viewer's rods and baits (ids; empty for a spectator). ``my_cast``: the viewer's
  own secret cast while the others still choose (ids).
- ``cast_options``: the legal casts while the viewer casts, each ``{cards, code, text}``; empty
  otherwise. ``cast_cards``: the cards those casts use, in hand order (a catch-pile fish last).
- ``reveal``: the revealed casts in fishing order, each ``{seat, cards, speed, bait
  (null when infinite), state ("done"|"now"|"waiting"), caught (fish ids this round)}``.
- ``catching``: the seat catching now (or null). ``targets``: the fish chosen in this catch,
  each ``{where ("sea"|"beside"), spot (or null), card (face, or null)}``; ``targets_wanted``.
- ``split``: while the viewer splits the Super-Fast Reel's baits: ``{baits, options: [{cards (for
  the first fish), code, text}]}``; else null.
- ``choices``: other decisions as buttons, each ``{code, text, label}``: turbulent before/after,
  skip, draw a rod or a bait (``deck`` says which).
- ``decks``: ``{rod, bait}`` card counts; ``discards``: ``{rod, bait}`` piles (ids, top last);
  ``removed``: fish spent as bait. ``effects``: the catch's effects in force, in words.
- ``peeks_left``, ``retry_bait`` (the Pair of Fish's bait total, 0 when none).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from angler.core.cards import ids_of, memo_on_cards
from angler.core.events import PUBLIC
from angler.core.presentation import JS_SAFE_INTEGER
from angler.games.crazy_fishing import actions as act
from angler.games.crazy_fishing.cards import BAIT, FISH, INFINITE, KINDS, ROD, Card, CardSet
from angler.games.crazy_fishing.rules import CAST
from angler.games.crazy_fishing.view import CrazyFishingView, build_view

if TYPE_CHECKING:
    from angler.games.crazy_fishing.rules import CrazyFishingState

FISH_COLOURS = {
    None: "green",
    "boot": "grey",
    "pearl": "yellow",
    "monster": "red",
    "out-of-series": "purple",
}
KIND_COLOURS = {ROD: "blue", BAIT: "purple"}

SPECIAL_TEXT = {
    "super-fast-reel": "Super-Fast Reel: needs another rod and 2 baits; try two fish at once",
    "fish-finder": "Fish Finder: look at one sea fish before you choose",
    "rodiest-rod": "Rodiest Rod: speed 20, counts as a + rod",
    "out-of-series": "Out-of-series rod: fish with 1 caught fish (worth double) and 1 bait",
    "most-tempting": "Most Tempting Bait: catches any fish",
    "bait-bucket": "Bait Bucket: may take a covered fish",
    "turbulent": "Turbulent Bait: stir the sea before or after your catch",
    "boot": "Boot: 2 boots score 1 extra, 3 boots 3",
    "pearl": "Pearl: all three pearls double",
    "monster": "Monster fish",
}
EFFECT_TEXT = {
    "golden-fish": "Golden Fish: bait +2 while on top of the pile",
    "pair-of-fish": "A Pair of Fish: one more try with the same bait",
    "prawn": "Prawn: 1-point fish give 2 at the end",
    "sustainable-fishing": "Sustainable Fishing: the round's biggest fish goes back",
    "smart-bream": "Smart Bream: every uncovered fish is shown",
    "useless-fish": "Useless Fish: bait -2 while on top of the pile",
    "puffer-fish": "Puffer Fish: everyone discards their fastest rod",
    "crab": "Crab: no + baits while on top of the pile",
    "moray-eel": "Moray Eel: no + rods while on top of the pile",
}
TOP_OF_PILE = {  # limited effects: in force while the fish tops its catcher's pile
    "golden-fish": "bait +2 (Golden Fish on top)",
    "useless-fish": "bait -2 (Useless Fish on top)",
    "crab": "no + baits (Crab on top)",
    "moray-eel": "no + rods (Moray Eel on top)",
}
PHASE_TEXT = {
    "cast": "Everyone casts in secret",
    "turbulent": "Turbulent Bait: stir the sea before or after the catch",
    "peek": "Fish Finder: look at one fish in the sea",
    "choose": "Catch: choose an uncovered fish",
    "split": "Super-Fast Reel: split the baits between the two fish",
    "retry": "A Pair of Fish: try one more fish, or skip",
    "collect": "Collect: draw back to 6 cards",
    "over": "The game is over",
}
CHOICE_LABELS = {  # the buttons' words; any other choice is a skip
    act.code(act.TURBULENT, 0): "Stir the sea now, before the catch",
    act.code(act.TURBULENT, 1): "Stir the sea after the catch",
    act.code(act.DRAW, 0): "Draw a rod",
    act.code(act.DRAW, 1): "Draw a bait",
}


def board(view: CrazyFishingView, cards: CardSet) -> dict[str, Any]:
    """The board model of ``view`` (see the module docstring for its fields)."""

    ids = list  # card ids are ints already: a board's lists are fresh copies of the view's

    viewer = None if view.spectator else view.player
    legal = set(view.legal)
    by_kind: dict[int, list[int]] = {}
    for code in view.legal:
        by_kind.setdefault(code & act.KIND_MASK, []).append(code)

    model: dict[str, Any] = {
        "viewer": viewer,
        "players": view.players,
        "round": view.round,
        "phase": view.phase,
        "phase_text": PHASE_TEXT.get(view.phase, view.phase),
        "current": list(view.current),
        "diameter": cards.sea["diameter"],
        "sea": _sea(view, by_kind),
        "beside": [
            {"card": card, "action": _action(cards, act.code(act.BESIDE, card), legal)}
            for card in view.beside
        ],
        "seats": _seats(view, cards),
        "hand": ids(view.hand),
        "my_cast": act.ids_of(view.my_cast) if view.phase == "cast" else [],
        "reveal": _reveal(view, cards),
        "catching": _catching(view),
        "targets": [
            {
                "where": "sea" if kind == act.SEA else "beside",
                "spot": ref if kind == act.SEA else None,
                "card": _known_target(view, kind, ref, index),
            }
            for index, (kind, ref) in enumerate(view.targets)
        ],
        "targets_wanted": view.targets_wanted,
        "choices": _choices(cards, by_kind),
        "decks": {"rod": view.rod_deck, "bait": view.bait_deck},
        "discards": {"rod": ids(view.rod_discard), "bait": ids(view.bait_discard)},
        "removed": ids(view.removed),
        "effects": _catch_effects(view),
        "peeks_left": view.peeks_left,
        "retry_bait": view.retry_bait if view.phase == "retry" else 0,
    }
    model["cast_options"] = [_option(cards, code) for code in by_kind.get(act.CAST, [])]
    used = {card for option in model["cast_options"] for card in option["cards"]}
    model["cast_cards"] = [c for c in view.hand if c in used] + sorted(used - set(view.hand))
    splits = by_kind.get(act.SPLIT, []) if view.phase == "split" else []
    model["split"] = (
        {
            "baits": sorted(
                {card for code in splits for card in act.ids_of(code >> act.KIND_BITS)}
            ),
            "options": [_option(cards, code) for code in splits],
        }
        if splits
        else None
    )
    return model


def catalogue(cards: CardSet) -> list[dict[str, Any]]:
    """Every card's facts, indexed by id: what the board's card ids stand for."""
    return [_card(card) for card in cards.cards]


def open_board(state: CrazyFishingState, cards: CardSet) -> dict[str, Any]:
    """The board with everything shown (a finished game's replay "with everything shown"): the
    spectator's board, every sea fish's face, and each seat given ``hand`` (its rods and baits)
    and ``secret`` (its cast while casts are chosen, else empty). It reads the state itself:
    never for a live game."""
    model = board(build_view(state, PUBLIC), cards)
    faces = {spot: card for spot, card in enumerate(state.sea_card) if card >= 0}
    for fish in model["sea"]:
        if fish["card"] is None:
            fish["card"] = faces[fish["spot"]]
    casting = state.phase == CAST
    for seat in model["seats"]:
        seat["hand"] = list(state.hands[seat["seat"]])
        seat["secret"] = ids_of(state.cast[seat["seat"]]) if casting else []
    return model


def _code(cards: CardSet, code: int) -> dict[str, Any]:
    """An action's code (as text when JavaScript could not hold it exactly) and its text."""
    return {
        "code": code if code <= JS_SAFE_INTEGER else str(code),  # as js_safe, codes being >= 0
        "text": act.action_to_string(cards, code),
    }


def _option(cards: CardSet, code: int) -> dict[str, Any]:
    """A legal cast or split as the board offers it: ``{cards, code, text}``."""
    ids, shown_code, text = _option_parts(cards, code)
    return {"cards": list(ids), "code": shown_code, "text": text}


@memo_on_cards(act.TEXT_MEMO_SIZE)  # every casting seat's board lists its casts at every move
def _option_parts(cards: CardSet, code: int) -> tuple[tuple[int, ...], int | str, str]:
    shown = _code(cards, code)
    return act.cards_used(cards, code)[0], shown["code"], shown["text"]


def _action(cards: CardSet, code: int, legal: set[int]) -> dict[str, Any] | None:
    return _code(cards, code) if code in legal else None


def _card(card: Card) -> dict[str, Any]:
    if card.kind == FISH:
        colour = FISH_COLOURS.get(card.special, "green")
        text = EFFECT_TEXT.get(card.effect or "", "") or SPECIAL_TEXT.get(card.special or "", "")
    else:
        colour = KIND_COLOURS[card.kind]
        text = SPECIAL_TEXT.get(card.special or "", "")
        if card.plus and not text:
            text = f"Last generation: cast it with more {KINDS[card.kind]}s"
    return {
        "id": card.id,
        "name": card.name,
        "label": card.label(),
        "kind": KINDS[card.kind],
        "value": None if card.value >= INFINITE else card.value,
        "plus": card.plus,
        "special": card.special,
        "effect": card.effect,
        "back": card.back,
        "colour": colour,
        "text": text,
    }


def _sea(view: CrazyFishingView, by_kind: dict[int, list[int]]) -> list[dict[str, Any]]:
    peekers: dict[int, list[int]] = {}
    for seat, spots in enumerate(view.peeked):
        for spot in spots:
            peekers.setdefault(spot, []).append(seat)
    chosen = {ref for kind, ref in view.targets if kind == act.SEA}
    # The spots the viewer may act on, from the legal codes (a peek over a catch, as the codes
    # were once tried in that order): far fewer than the sea's spots.
    actions: dict[int, dict[str, Any]] = {}
    for verb, kind in (("fish", act.SEA), ("peek", act.PEEK)):
        for code in by_kind.get(kind, ()):
            spot = code >> act.KIND_BITS
            actions[spot] = {"code": code, "text": f"{verb} {spot}", "verb": verb}
    return [
        {
            "spot": spot,
            "x": x,
            "y": y,
            "covered": covered,
            "back": back,
            "card": face if face >= 0 else None,
            "peeked_by": peekers.get(spot, []),
            "chosen": spot in chosen,
            "action": actions.get(spot),
        }
        for spot, x, y, covered, back, face in view.sea
    ]


def _known_target(view: CrazyFishingView, kind: int, ref: int, index: int) -> int | None:
    """The face of a fish chosen in this catch: beside fish are known, flipped ones too."""
    if kind == act.BESIDE:
        return ref
    if index < len(view.flipped) and view.flipped[index] >= 0:
        return view.flipped[index]
    return None


def _seats(view: CrazyFishingView, cards: CardSet) -> list[dict[str, Any]]:
    seats = []
    casting = view.phase == "cast"
    effect = cards.effect
    prawns = cards.prawns
    for seat in range(view.players):
        if view.sits_out[seat]:
            state = "sits out" if casting else "out"
        elif casting:
            state = "chosen" if view.cast_done[seat] else "choosing"
        else:
            state = "cast"
        pile = view.piles[seat]
        effects = []
        if pile and effect[pile[-1]] in TOP_OF_PILE:
            effects.append(TOP_OF_PILE[effect[pile[-1]] or ""])
        if not prawns.isdisjoint(pile):
            effects.append("1-point fish give 2 (Prawn)")
        seats.append(
            {
                "seat": seat,
                "rods": view.rods_held[seat],
                "baits": view.baits_held[seat],
                "pile": list(pile),
                "score": view.scores[seat],
                "deciding": seat in view.current,
                "cast_state": state,
                "effects": effects,
            }
        )
    return seats


def _catching(view: CrazyFishingView) -> int | None:
    if view.phase in ("turbulent", "peek", "choose", "split", "retry") and view.at < len(
        view.order
    ):
        return view.order[view.at]
    return None


def _reveal(view: CrazyFishingView, cards: CardSet) -> list[dict[str, Any]]:
    """The casts, turned over, in fishing order: what each holds and adds up to."""
    if view.phase == "cast" or not any(view.casts):
        return []
    caught: dict[int, list[int]] = {}
    for seat, caught_fish in view.caught_this_round:
        caught.setdefault(seat, []).append(caught_fish)
    catching = _catching(view)
    shown = []
    for place, seat in enumerate(view.order):
        cast, speed, bait = _cast_facts(cards, view.casts[seat])
        if seat == catching:
            state = "now"
        elif catching is None or place < view.at:
            state = "done"
        else:
            state = "waiting"
        shown.append(
            {
                "seat": seat,
                "cards": list(cast),
                "speed": speed,
                "bait": None if bait >= INFINITE else bait,
                "state": state,
                "caught": caught.get(seat, []),
            }
        )
    return shown


def _cast_facts(cards: CardSet, mask: int) -> tuple[tuple[int, ...], int, int]:
    """A revealed cast's cards (its rods, then its baits), speed and bait, kept on the card set:
    every seat's board shows every cast until the round ends."""
    memo = cards.cast_facts
    facts = memo.get(mask)
    if facts is None:
        kind, value = cards.kind, cards.value
        rods = []
        baits = []
        fish = []
        for c in act.ids_of(mask):
            card_kind = kind[c]
            if card_kind == ROD:
                rods.append(c)
            else:
                baits.append(c)
                if card_kind == FISH:
                    fish.append(c)
        # An out-of-series rod fishes with the caught fish (double), handing the bait card back.
        bait = sum(map(value.__getitem__, fish or baits)) * (2 if fish else 1)
        facts = (*rods, *baits), sum(map(value.__getitem__, rods)), bait
        if len(memo) >= act.TEXT_MEMO_SIZE:
            memo.clear()
        memo[mask] = facts
    return facts


def _choices(cards: CardSet, by_kind: dict[int, list[int]]) -> list[dict[str, Any]]:
    """Decisions that are not a card or a spot: stir when, skip, which deck to draw from."""
    labels = CHOICE_LABELS
    choices = []
    for kind in (act.TURBULENT, act.DRAW, act.SKIP):
        for code in by_kind.get(kind, []):
            choice = {**_code(cards, code), "label": labels.get(code, "Skip")}
            if kind == act.DRAW:
                choice["deck"] = "rod" if code >> act.KIND_BITS == 0 else "bait"
            choices.append(choice)
    return choices


def _catch_effects(view: CrazyFishingView) -> list[str]:
    """The catch's effects in force now, in words."""
    effects = []
    if view.peeks_left and view.phase == "peek":
        looks = "look" if view.peeks_left == 1 else "looks"
        effects.append(f"Fish Finder: {view.peeks_left} {looks} left")
    if view.targets_wanted == 2 and view.phase in ("choose", "split"):
        effects.append("Super-Fast Reel: two fish this catch")
    if view.turbulent_after and view.phase != "collect":
        effects.append("Turbulent Bait: the sea is stirred after this catch")
    if view.retry_bait and view.phase == "retry":
        bait = "infinite bait" if view.retry_bait >= INFINITE else f"bait {view.retry_bait}"
        effects.append(f"A Pair of Fish: one more try with {bait}")
    return effects
