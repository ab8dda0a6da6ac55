"""The cast model in numbers and a chart: the chance of a bite by distance, for a skill.

``python -m angler.games.flip_and_fish.charts FILE.png`` redraws the chart in the docs.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from angler.core.errors import AnglerError
from angler.core.files import check_writable_file, shown
from angler.core.plots import require_matplotlib
from angler.games.flip_and_fish.cast import SKILLS, measure, throw
from angler.games.flip_and_fish.table import Table

DISTANCES = tuple(range(100, 561, 20))


@dataclass(frozen=True)
class CurvePoint:
    distance: float
    bite: float  # the card bites (within the ruler)
    strike: float  # the die rests flat on the card


def bite_curve(
    skill: str = "fair", distances: tuple[int, ...] = DISTANCES, casts: int = 2000, seed: int = 1
) -> list[CurvePoint]:
    """Aim at the middle of a lone card ``distance`` mm away, ``casts`` times per distance."""
    rng = random.Random(seed)
    factor = SKILLS[skill]
    curve = []
    for distance in distances:
        table = Table(((0.0, 0.0),) * 5, ((0.0, -float(distance)),))
        alone = (True, False, False, False, False)
        hits = strikes = 0
        counted = 0
        while counted < casts:
            landing = throw(table.jetties[0], table.cards[0], factor, rng)
            if not landing.revolved:
                continue  # it does not count: cast again
            counted += 1
            reading = measure(table, landing, alone)
            hits += reading.bite
            strikes += reading.strike
        curve.append(CurvePoint(distance, hits / casts, strikes / casts))
    return curve


def write_bite_chart(path: str, casts: int = 2000) -> None:
    require_matplotlib("the bite-chance chart")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.2), dpi=110)
    for skill, style in (("expert", ":"), ("fair", "-"), ("novice", "--")):
        curve = bite_curve(skill, casts=casts)
        distances = [point.distance for point in curve]
        axes.plot(
            distances,
            [p.bite for p in curve],
            style,
            color="tab:blue",
            label=f"bite ({skill})",
            linewidth=2 if skill == "fair" else 1,
        )
        axes.plot(
            distances,
            [p.strike for p in curve],
            style,
            color="tab:orange",
            label=f"strike ({skill})",
            linewidth=2 if skill == "fair" else 1,
        )
    axes.set_xlabel("distance from the jetty to the card's centre (mm)")
    axes.set_ylabel("chance per counted cast")
    axes.set_ylim(0, 1)
    axes.set_title("Flip & Fish: aiming at the middle of a lone card")
    axes.grid(alpha=0.3)
    axes.legend(fontsize=8, ncol=3, loc="upper center", bbox_to_anchor=(0.5, -0.18))
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    """``python -m angler.games.flip_and_fish.charts [FILE.png]``: the file is checked before
    the casts are simulated; a bad one is one line on standard error and status 2."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default="bite-chance.png", help="the chart (.png)")
    args = parser.parse_args(argv)
    path = Path(args.file)
    try:
        require_matplotlib("the bite-chance chart")
        check_writable_file(path, (".png",))
        try:
            write_bite_chart(str(path))
        except OSError as exc:
            raise AnglerError(f"cannot write {shown(path)}: {exc.strerror or exc}") from None
    except AnglerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
