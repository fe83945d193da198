"""The year-end panel's line on when the Great Dying comes, without a browser."""

from __future__ import annotations

import pytest
from world_play import political, spend_all, world

from isowidgets.widgets.watch_the_world_die.yearend import YearEndCheck


@pytest.mark.rule("WTWD-R15", "WTWD-A10")
def test_the_forecast_shows_on_request_and_follows_the_policy() -> None:
    game = world()
    panel = YearEndCheck(game)
    assert panel.forecast_line.value == ""  # nothing worked out until asked
    panel.forecast.click()
    exact = game.dying_years(10)
    text = panel.forecast_line.value
    assert f"Great Dying this year {exact.by(2020):.1%}" in text
    assert f"by 2023 {exact.by(2023):.1%}" in text
    assert "below 10" in text and 'role="status"' in text
    panel.relieve_at.value = 4
    assert f"{game.dying_years(4).by(2023):.1%}" in panel.forecast_line.value
    game.make_it_worse(5)
    assert "when this turn ends" in panel.forecast_line.value
    game.create_event("Bribery/Scandal/Corruption", "Ruritania")
    assert f"{game.dying_years(4).by(2020):.1%}" in panel.forecast_line.value
    panel.forecast.click()
    assert panel.forecast_line.layout.display == "none"


def test_a_turn_played_redraws_the_line() -> None:
    game = world()
    panel = YearEndCheck(game)
    panel.forecast.click()
    before = panel.forecast_line.value
    political(game)
    assert panel.forecast_line.value != before


@pytest.mark.rule("WTWD-R15")
def test_at_the_year_end_check_the_forecast_is_worked_out_when_it_matters() -> None:
    """The check is due: this year's chance is the check's own, and the years after
    follow the policy; the line no longer says it waits for the turn to end."""
    game = world()
    panel = YearEndCheck(game)
    panel.forecast.click()
    for _ in range(3):
        political(game)
    game.relieve_it([6, 6])
    spend_all(game)
    assert game.turn is not None and game.turn.phase == "year_end"
    text = panel.forecast_line.value
    assert "when this turn ends" not in text
    exact = game.dying_years(10)
    assert exact.years[2020] == pytest.approx(float(game.great_dying_chance()))
    assert f"Great Dying this year {exact.by(2020):.1%}" in text
    assert f"by 2023 {exact.by(2023):.1%}" in text
