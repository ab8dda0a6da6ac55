"""Each card's effect on its holder's win share, for the analysis report.

For every card, one logistic regression of each seat's share of the victory (1, 1/k for a victory
shared by k, or 0) on how many copies of the card the seat held, with the obvious confounders as
controls: the seat (dummies), the player count (dummies, when there are several) and how many
other cards the seat held (in many games, holding more of anything means winning; left out where
the rules give every seat of a game as many cards as the others, as Fishing's do). A shared
victory is a fractional outcome, which the logit takes as it is (quasi-likelihood); the standard
errors are clustered by game, because the seats of one game share one victory. The effect is
statsmodels' average marginal effect of one more copy, with its 95% interval.

statsmodels is an optional extra (``analysis``); :func:`require_statsmodels` asks for it before
any game is played.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from angler.core.errors import AnglerError
from angler.sim.analyse import Outcome

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Array = NDArray[Any]

INSTALL = "pip install 'angler[analysis]'"
SEPARATION = "perfect separation, no finite estimate"


def require_statsmodels(what: str) -> None:
    """Fail in one line saying how to install statsmodels when it is missing. Call it before the
    work whose result it estimates, so a missing extra costs nothing."""
    try:
        import statsmodels  # noqa: F401
    except ImportError:
        raise AnglerError(f"{what} needs statsmodels, an optional extra: {INSTALL}") from None


@dataclass(frozen=True)
class SeatRow:
    """One seat of one game: the unit of the regressions."""

    game: int  # which game the seat played in: errors are clustered by it
    players: int
    seat: int
    share: float  # its part of the victory: 1, 1/k or 0
    held: Mapping[str, int]  # the cards it held, by name


@dataclass(frozen=True)
class CardEffect:
    """One card's row: how many seats held it, and the effect of one more copy on the win share
    (0.05 is 5 percentage points) with its 95% interval, or why there is none."""

    card: str
    held_by: int  # seats that held at least one copy
    effect: float | None = None  # None: not estimable, and ``note`` says why
    low: float | None = None
    high: float | None = None
    note: str = ""  # why it is not estimable, or what statsmodels warned of

    @property
    def estimable(self) -> bool:
        return self.effect is not None

    @property
    def leaves_out_zero(self) -> bool:
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)


def seat_rows(outcomes: Iterable[Outcome]) -> list[SeatRow]:
    """Every seat of every game, numbered game by game (the games should be sound ones)."""
    return [
        SeatRow(number, outcome.players, seat, outcome.share(seat), held)
        for number, outcome in enumerate(outcomes)
        for seat, held in enumerate(outcome.holdings)
    ]


def card_effects(rows: Sequence[SeatRow], cards: Sequence[str] = ()) -> list[CardEffect]:
    """The effect of each card of ``cards`` (a card no seat held gets its row too), then of any
    other card held in ``rows``: one regression per card, which stays readable and robust when
    cards are many. A card that cannot be estimated gets a row saying why, never an error."""
    require_statsmodels("the card effects")
    import numpy as np

    names = list(dict.fromkeys([*cards, *(name for row in rows for name in row.held)]))
    if len({row.game for row in rows}) < 2:
        return [CardEffect(name, _held_by(rows, name), note="fewer than 2 games") for name in names]
    share = np.array([row.share for row in rows], dtype=float)
    games = np.array([row.game for row in rows])
    totals = np.array([sum(row.held.values()) for row in rows], dtype=float)
    controls = _seats_and_counts(rows)
    fixed = same_total_in_each_game(rows)
    effects = []
    for name in names:
        counts = np.array([row.held.get(name, 0) for row in rows], dtype=float)
        others = None if fixed else totals - counts
        effects.append(_effect(name, counts, share, controls, others, games))
    return effects


def same_total_in_each_game(rows: Iterable[SeatRow]) -> bool:
    """Whether every seat of each game held as many cards as the others (Fishing's hand sizes
    see to it). That number then cannot confound, and one more of a card is one fewer of
    another: the regressions leave it out."""
    by_game: dict[int, set[int]] = {}
    for row in rows:
        by_game.setdefault(row.game, set()).add(sum(row.held.values()))
    return all(len(totals) == 1 for totals in by_game.values())


def _held_by(rows: Sequence[SeatRow], name: str) -> int:
    return sum(1 for row in rows if row.held.get(name, 0) > 0)


def _seats_and_counts(rows: Sequence[SeatRow]) -> Array:
    """Seat dummies and player-count dummies (the first seat and the first count are the
    baseline), without any column the others already fix: it would make the fit singular."""
    import numpy as np

    seats = sorted({row.seat for row in rows})
    counts = sorted({row.players for row in rows})
    candidates = [
        *([float(row.seat == seat) for row in rows] for seat in seats[1:]),
        *([float(row.players == count) for row in rows] for count in counts[1:]),
    ]
    return _independent(np.ones((len(rows), 1)), candidates)[:, 1:]


def _independent(kept: Array, candidates: Iterable[Array | list[float]]) -> Array:
    """``kept`` with each candidate column added in turn when it adds to the rank."""
    import numpy as np

    for column in candidates:
        trial = np.column_stack([kept, column])
        if _rank(trial) > kept.shape[1]:
            kept = trial
    return kept


def _rank(matrix: Array) -> int:
    """The rank of a tall matrix of whole numbers, from its small Gram matrix (exact in floats
    for counts and dummies): a decomposition of the tall one costs far more, row by row."""
    import numpy as np

    return int(np.linalg.matrix_rank(matrix.T @ matrix))


def _effect(
    card: str, counts: Array, share: Array, controls: Array, others: Array | None, games: Array
) -> CardEffect:
    """One card's regression: the constant and its count first (its margin is the first), then
    the seat and player-count dummies, then how many other cards the seat held."""
    import numpy as np
    from statsmodels.discrete.discrete_model import Logit
    from statsmodels.tools.sm_exceptions import (
        ConvergenceWarning,
        PerfectSeparationError,
        PerfectSeparationWarning,
    )

    held_by = int((counts > 0).sum())
    if not held_by:
        return CardEffect(card, 0, note="no seat held it")
    if counts.min() == counts.max():
        return CardEffect(card, held_by, note=f"every seat held {_copies(int(counts[0]))}")
    exog = np.column_stack([np.ones_like(counts), counts, controls])
    if _rank(exog) < exog.shape[1]:
        return CardEffect(card, held_by, note="its count is fixed by the seat and player count")
    if others is not None:
        exog = _independent(exog, [others])  # not when the count fixes it
    held_shares = share[counts > 0]
    if held_shares.max() == 0 or held_shares.min() == 1:
        outcome = "lost" if held_shares.max() == 0 else "won outright"
        return CardEffect(card, held_by, note=f"every seat that held it {outcome}: {SEPARATION}")
    failure: Exception | None = None
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")  # each warning becomes the row's note, never output
        try:
            model = Logit(share, exog, check_rank=False)  # checked above, far more cheaply
            fit = model.fit(disp=0, cov_type="cluster", cov_kwds={"groups": games})
            margins = fit.get_margeff(at="overall", method="dydx")
            effect = float(margins.margeff[0])
            low, high = (float(end) for end in margins.conf_int(alpha=0.05)[0])
        except (PerfectSeparationError, np.linalg.LinAlgError, ValueError, ZeroDivisionError) as e:
            failure = e
    kinds = {warning.category for warning in warned}
    # Separation shows as an error, a warning, or a singular matrix after the warning.
    if isinstance(failure, PerfectSeparationError) or any(
        issubclass(kind, PerfectSeparationWarning) for kind in kinds
    ):
        return CardEffect(card, held_by, note=SEPARATION)
    if failure is not None:
        return CardEffect(card, held_by, note=f"the fit failed: {_first_line(failure)}")
    if not fit.mle_retvals.get("converged", True) or ConvergenceWarning in kinds:
        return CardEffect(card, held_by, note="the fit did not converge")
    if not np.isfinite([effect, low, high]).all():
        return CardEffect(card, held_by, note="its interval is not finite")
    note = "; ".join(dict.fromkeys(_first_line(warning.message) for warning in warned))
    return CardEffect(card, held_by, effect, low, high, f"statsmodels warned: {note}" * bool(note))


def _copies(count: int) -> str:
    return "1 copy" if count == 1 else f"{count} copies"


def _first_line(message: object) -> str:
    return str(message).strip().splitlines()[0] if str(message).strip() else type(message).__name__
