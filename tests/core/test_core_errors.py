"""One-line errors stay readable: a long quoted input is cut, and nothing else is."""

from __future__ import annotations

from angler.core.errors import QUOTE_LIMIT, AnglerError


def test_a_long_quoted_input_is_cut_to_its_start() -> None:
    typed = "x" * 500
    message = str(AnglerError(f"unknown action '{typed}'"))
    assert message == f"unknown action '{'x' * (QUOTE_LIMIT - 1)}…' (500 characters)"


def test_the_words_between_two_short_quoted_words_are_not_taken_for_one_long_input() -> None:
    choices = ", ".join(f"choice{n}" for n in range(12))
    text = f"setup: 'phase' must be one of {choices}, not the text 'nonsense'"
    assert str(AnglerError(text)) == text
