"""Helpers of the effect tests: an effect written in a card file the old way, upgraded
by ``tabletop upgrade-cards``'s rewriting in both of YAML's styles."""

from __future__ import annotations

import yaml

from tabletop.engine.effects.spelling import flow
from tabletop.engine.effects.upgrade import upgrade_text


def upgraded_both_ways(effect: dict) -> tuple[dict, dict]:
    """``effect`` written in a flow mapping and in a block mapping, each rewritten once
    by the upgrade: the two effects as the rewritten files say them."""
    out = []
    block = "effects:\n" + "".join(
        f"  {'- ' if i == 0 else '  '}{k}: {flow(v)}\n" for i, (k, v) in enumerate(effect.items()))
    for text in (f"effects: [{flow(effect)}]\n", block):
        new, count = upgrade_text(text)
        assert count == 1, text
        out.append(yaml.safe_load(new)["effects"][0])
    return out[0], out[1]
