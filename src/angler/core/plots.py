"""matplotlib is an optional extra: only plots need it, and they ask for it before any work."""

from __future__ import annotations

from angler.core.errors import AnglerError

INSTALL = "pip install 'angler[plots]'"


def require_matplotlib(what: str) -> None:
    """Load matplotlib for drawing files (no window), or fail in one line saying how to install
    it. Call it before the work whose result is drawn, so a missing extra costs nothing."""
    try:
        import matplotlib
    except ImportError:
        raise AnglerError(f"{what} needs matplotlib, an optional extra: {INSTALL}") from None
    matplotlib.use("Agg")
