"""The Power Play tally: the rulebook's two worked examples (with our own cards in the
same roles), the combination table, immunity, value swaps, scopes and every effect."""

from __future__ import annotations

import pytest
from power_play_helpers import effect, powers, tallies

from tabletop.games.power_play.tally import (
    Power,
    combinations,
    combo_points,
    hero_tally,
    villain_tally,
)


def test_first_rulebook_example_heroes_10_against_villain_18():
    # Windshear: its powers also count as Gale (the villain whose powers count as a type);
    # Glacier Hide: immune to Frost; Breakwater Alley halves hero powers that share a type
    # (heroes only, per the ruling).
    heroes, villain = tallies(powers("Gale 3", "Frost 3", "Shadow 4"),
                              powers("Flame 2", "Mind 3"),
                              "windshear", "glacier-hide", "breakwater-alley")
    assert heroes.total == 10
    assert heroes.summary == "3 [Gale] + 4 [Shadow] + 3 [pair of 3s] = 10"
    assert heroes.notes == ("Frost 3: immune (Glacier Hide), 0",)
    assert villain.total == 18
    assert villain.summary == ("((2 [Flame/Gale] + 3 [Mind/Gale] + 2 [attribute]) \u00d7 2 "
                               "[base]) + 4 [all Gale] = 18")
    assert villain.notes == ("every villain power is also Gale (Windshear)",)
    # the heroes would need 8 Bonus points to catch up
    assert villain.total - heroes.total == 8


def test_second_rulebook_example_heroes_37_against_villain_33():
    # Cortex Queen doubles the heroes' Mind; Echo Chamber doubles hero powers sharing a type
    # with a villain power; Meteor Crater turns every 1 into a 5 (both sides).
    heroes, villain = tallies(powers("Mind 1", "Mind 2", "Gale 2", "Frost 2", "Frost 4"),
                              powers("Flame 1", "Gale 3"),
                              "cortex-queen", "echo-chamber", "meteor-crater")
    assert heroes.total == 37
    assert heroes.summary == ("10 [Mind] + 4 [Mind] + 4 [Gale] + 2 [Frost] + 4 [Frost] + "
                              "7 [three 2s] + 3 [pair of Frost] + 3 [pair of Mind] = 37")
    assert heroes.notes == (
        "Mind 1: counts as 5 (Meteor Crater), \u00d72 (Cortex Queen) = 10",
        "Mind 2: \u00d72 (Cortex Queen) = 4",
        "Gale 2: \u00d72 (Echo Chamber) = 4",
    )
    assert villain.total == 33
    assert villain.summary == "(5 [Flame] + 3 [Gale] + 3 [attribute]) \u00d7 3 [base] = 33"
    assert villain.notes == ("Flame 1: counts as 5 (Meteor Crater) = 5",)
    assert heroes.lines()[0] == "Heroes: " + heroes.summary


@pytest.mark.parametrize("count, points", [(1, 0), (2, 3), (3, 7), (4, 12), (5, 17), (7, 17)])
def test_each_row_of_the_combination_table(count, points):
    assert combo_points(count) == points
    # the same value, different types
    kinds = ["flame", "frost", "gale", "mind", "shadow", "might", "flame"][:count]
    same_value = [Power(k, 2) for k in kinds]
    type_points = sum(combo_points(kinds.count(k)) for k in set(kinds))
    assert hero_tally(same_value, [], []).total == 2 * count + points + type_points
    # the same type, different values (1..5 then repeats)
    values = [1, 2, 3, 4, 5, 1, 2][:count]
    same_type = [Power("mind", v) for v in values]
    value_points = sum(combo_points(values.count(v)) for v in set(values))
    assert hero_tally(same_type, [], []).total == sum(values) + points + value_points


def test_combination_labels():
    terms = combinations([Power("mind", 2)] * 5 + [Power("gale", 4)] * 3)
    assert [(t.amount, t.label) for t in terms] == [
        (17, "five 2s"), (7, "three 4s"), (7, "three Gale"), (17, "five Mind")]


def test_an_immune_power_adds_nothing_but_still_counts_for_combinations():
    immune = [effect("immune", "heroes", "Iron Will", type="mind")]
    t = hero_tally([Power("mind", 4), Power("mind", 4), Power("gale", 1)], [], immune)
    assert t.total == 1 + 3 + 3  # Gale 1, pair of 4s, pair of Mind
    assert t.summary == "1 [Gale] + 3 [pair of 4s] + 3 [pair of Mind] = 7"
    assert t.notes == ("Mind 4, Mind 4: immune (Iron Will), 0",)


def test_value_swaps_come_before_multipliers_and_additions():
    effects = [effect("multiply_type", "heroes", "Double", type="mind", factor=2),
               effect("value_becomes", "both", "Swap", value_from=1, value_to=5),
               effect("add_value", "heroes", "Plus", amount=1)]
    t = hero_tally([Power("mind", 1)], [], effects)
    assert t.total == (5 + 1) * 2  # swap, then +1, then x2 (not 1 x 2 = 2, then swap)
    assert t.notes == ("Mind 1: counts as 5 (Swap), +1 (Plus), \u00d72 (Double) = 12",)
    # combinations still see the printed 1s
    pair = hero_tally([Power("mind", 1), Power("gale", 1)], [],
                      [effect("value_becomes", "heroes", "Swap", value_from=1, value_to=5)])
    assert pair.summary == "5 [Mind] + 5 [Gale] + 3 [pair of 1s] = 13"


def test_halving_comes_after_doubling_and_rounds_up():
    effects = [effect("halve_type", "heroes", "Half", type="flame"),
               effect("multiply_type", "heroes", "Double", type="flame", factor=3)]
    assert hero_tally([Power("flame", 3)], [], effects).total == 5  # 3 x 3 = 9 -> 5


def test_location_scope_heroes_only_leaves_the_villain_alone():
    halve = effect("halve_shared", "heroes", "Alley")
    counts = effect("counts_as", "villain", "Wind", type="gale")
    villain = powers("Flame 2", "Mind 3")
    assert villain_tally(villain, 2, 2, [], [halve, counts]).total == 18
    # the same effect on the villain's side halves both of its (shared-type) powers,
    # which is why the rulebook's example only adds up with a heroes-only location
    both = effect("halve_shared", "both", "Alley")
    assert villain_tally(villain, 2, 2, [], [both, counts]).total == (1 + 2 + 2) * 2 + 4
    heroes = powers("Gale 3", "Gale 1", "Shadow 4")
    assert hero_tally(heroes, villain, [halve]).total == 2 + 1 + 4 + 3
    villain_only = effect("halve_shared", "villain", "Alley")
    assert hero_tally(heroes, villain, [villain_only]).total == 3 + 1 + 4 + 3


def test_villain_bonuses_for_same_number_and_same_type():
    assert villain_tally(powers("Mind 2", "Gale 2"), 1, 2, [], []).summary == \
        "((2 [Mind] + 2 [Gale] + 1 [attribute]) \u00d7 2 [base]) + 4 [all 2s] = 14"
    both = villain_tally(powers("Mind 2", "Mind 2"), 0, 1, [], [])
    assert both.total == 4 + 4 + 4
    # a villain with a single power gets neither bonus
    assert villain_tally(powers("Mind 2"), 1, 3, [], []).total == 9
    # counts_as makes different types the same
    wind = [effect("counts_as", "villain", "Wind", type="gale")]
    assert villain_tally(powers("Mind 2", "Flame 3"), 0, 1, [], wind).total == 5 + 4
    cancel = [effect("no_combinations", "villain", "Clumsy", of="all")]
    assert villain_tally(powers("Mind 2", "Mind 2"), 0, 1, [], cancel).total == 4


def test_matching_uses_the_other_sides_types():
    match_heroes = [effect("multiply_matching", "heroes", "Echo")]
    threat = powers("Flame 1", "Gale 3")
    assert hero_tally(powers("Flame 2", "Mind 2"), threat, match_heroes).total == 4 + 2 + 3
    match_villain = [effect("multiply_matching", "villain", "Mirror")]
    assert villain_tally(threat, 0, 1, powers("Gale 5"), match_villain).total == 1 + 6


def test_no_combinations_add_total_and_floors():
    heroes = powers("Mind 2", "Mind 2")
    assert hero_tally(heroes, [], [effect("no_combinations", "heroes", "X", of="types")]
                      ).total == 4 + 3
    assert hero_tally(heroes, [], [effect("no_combinations", "heroes", "X", of="values")]
                      ).total == 4 + 3
    assert hero_tally(heroes, [], [effect("no_combinations", "heroes", "X")]).total == 4
    minus = hero_tally(powers("Mind 1"), [], [effect("add_total", "heroes", "Gloom", amount=-5)])
    assert minus.total == 0 and minus.summary == "1 [Mind] \u2212 5 [Gloom] = 0"
    rust = hero_tally(powers("Mind 1"), [], [effect("add_value", "heroes", "Rust", amount=-2)])
    assert rust.total == 0 and rust.summary == "0 = 0"


def test_nothing_played_counts_zero():
    assert hero_tally([], powers("Mind 3"), []).summary == "0 = 0"
    assert villain_tally([], 2, 3, [], []).summary == "(2 [attribute]) \u00d7 3 [base] = 6"
