"""Numbers as every table prints them: one way to show a probability, a count of things."""

from __future__ import annotations

from fractions import Fraction

__all__ = ["grouped", "percent", "plural"]


def percent(p: float | Fraction) -> str:
    """A probability as the tables print it: at most one decimal, a trailing zero dropped
    (``0.5`` → ``50%``, ``0.125`` → ``12.5%``, ``5/36`` → ``13.9%``, as T-IMP-3 prints
    them), and never rounded to ``0%`` or ``100%`` unless it is (``<0.1%``, ``>99.9%``):
    a table deciding whether to risk a roll must not read a small chance as none."""
    value = 100 * float(p)
    text = f"{value:.1f}".removesuffix(".0")
    if text == "0" and value > 0:
        return "<0.1%"
    if text == "100" and value < 100:
        return ">99.9%"
    return f"{text}%"


def grouped(n: int, language: str = "en") -> str:
    """A whole number with its thousands marked as the language writes them (``49,905``
    in English, ``49.905`` in Danish)."""
    text = f"{n:,}"
    return text.replace(",", ".") if language == "da" else text


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` things in English, never "1 settings" or "link(s)": ``plural(1, "link")`` →
    ``"1 link"``, ``plural(3, "link")`` → ``"3 links"``; ``words`` when the plural is not
    ``word + "s"`` (``plural(2, "die", "dice")``)."""
    return f"{n} {word if n == 1 else (words or word + 's')}"
