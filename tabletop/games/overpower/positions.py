"""Scenario positions for OverPower."""

from __future__ import annotations

from ...engine.presentation import Positions


class OverPowerPositions(Positions):
    pass
