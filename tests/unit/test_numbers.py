"""How every table prints a probability (``isowidgets.widgets.numbers.percent``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from isowidgets.widgets.numbers import grouped, percent


@pytest.mark.parametrize(
    ("p", "shown"),
    [
        (0, "0%"),
        (1, "100%"),
        (0.5, "50%"),
        (0.125, "12.5%"),  # as T-IMP-3 prints it
        (Fraction(5, 36), "13.9%"),
        (0.63, "63%"),
        (0.0004, "<0.1%"),  # a small chance is never read as none
        (0.9996, ">99.9%"),  # nor a likely one as certain
        (Fraction(1, 10**9), "<0.1%"),
        (0.9995, ">99.9%"),
    ],
)
def test_a_probability_reads_with_one_decimal_at_most_and_never_as_none_or_certain(p, shown):
    assert percent(p) == shown


def test_whole_numbers_mark_thousands_as_the_language_does() -> None:
    assert grouped(49905) == "49,905"
    assert grouped(49905, "da") == "49.905"
    assert grouped(625, "da") == "625"
    assert grouped(1_406_473) == "1,406,473"
