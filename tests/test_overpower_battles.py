"""OverPower rules around the fight (docs/rulings.md, OverPower): the venture and its
penalty draws, conceding, the Venture Total, wins, losses and draws on the mission ladder
(both readings of "for every two"), and the three ways a game ends."""

from __future__ import annotations

from overpower_helpers import GAME, legal_texts, names, play, refusal, table

TEAM1 = {"front": ["Saltbright", "Keel Marrow", "Gannet Vey"], "reserve": ["Almoner Quill"]}
TEAM2 = {"front": ["Flintmother", "Cobble Jack", "Tallow Pike"], "reserve": ["Pumice Dell"]}


def at(phase: str, p1: dict | None = None, p2: dict | None = None, options=None, **more):
    return table({"phase": phase, "first": "P1", "P1": {**TEAM1, **(p1 or {})},
                  "P2": {**TEAM2, **(p2 or {})}, **more}, options)


def piles(t, seat: int) -> tuple[int, int, int]:
    s = t.state
    return (len(s.zones[f"completed.{seat}"]), len(s.zones[f"missions.{seat}"]),
            len(s.zones[f"failed.{seat}"]))


# -- the venture -----------------------------------------------------------------------------------
def test_at_least_one_card_and_from_completed_only_with_a_defeated_card():
    t = at("venture", {"completed": 2})
    texts = legal_texts(t)
    assert "P1 venture 0 0" not in texts and "P1 venture 0 1" not in texts
    assert refusal(t, "P1 venture 0 0") == "You must venture at least one mission card."
    assert refusal(t, "P1 venture 1 1") == refusal(t, "P1 venture 0 1") == \
        "You may venture from Completed only while your Defeated pile holds a card."
    t = at("venture", {"completed": 2, "defeated": 1})
    assert "P1 venture 0 2" in legal_texts(t) and "P1 venture 4 2" in legal_texts(t)


def test_venturing_more_than_two_lets_the_opponent_draw_at_once():
    t = at("venture", {"hand": ["Energy 2"]}, {"hand": ["Strength 2"]})
    play(t, "P1 venture 2 0")
    assert t.state.actor == 1 and t.state.phase == "venture"  # two cards: no penalty
    t = at("venture", {"hand": ["Energy 2"]}, {"hand": ["Strength 2"]})
    play(t, "P1 venture 4 0")
    assert legal_texts(t) == ["P2 penalty 0", "P2 penalty 1", "P2 penalty 2"]
    play(t, "P2 penalty 2")  # before P2 ventures
    assert len(t.state.zones["hand.1"]) + len(t.state.zones["dead.1"]) + \
        len(t.state.zones["pack.1"]) == 3
    play(t, "P2 venture 7 0")
    assert legal_texts(t)[-1] == "P1 penalty 5"


def test_after_a_draw_the_ventured_cards_ride_and_each_player_adds_one():
    t = at("venture", riding=True,
           p1={"ventured": {"reserve": 2}}, p2={"ventured": {"reserve": 7}})
    assert "P1 venture 0 0" not in legal_texts(t)
    assert refusal(t, "P1 venture 0 0") == (
        "After a drawn battle you must still venture at least one more mission card (the "
        "cards riding on from the draw do not count).")
    play(t, "P1 venture 3 0", "P2 penalty 1")  # only the 3 new cards count: 1 penalty
    assert t.state.phase == "concede"  # P2 has nothing left to venture: no question
    assert "P2 ventures 0 from Reserve Missions and 0 from Completed" in t.log_text()
    t = at("venture", riding=True, p1={"ventured": {"reserve": 2}},
           options={"draw_reventure": "optional"})
    assert "P1 venture 0 0" in legal_texts(t)


def test_penalty_counts_only_new_cards_or_every_card_riding():
    side = {"ventured": {"reserve": 2}}
    t = at("venture", side, riding=True)
    play(t, "P1 venture 2 0")  # 2 new: no penalty (only the new cards count)
    assert t.state.pending.kind == "venture"
    t = at("venture", side, riding=True, options={"penalty_counts": "all_riding"})
    play(t, "P1 venture 2 0")  # 4 riding: 2 penalty cards
    assert legal_texts(t)[-1] == "P2 penalty 2"


# -- conceding -------------------------------------------------------------------------------------
def test_conceding_before_the_battle():
    t = at("venture", {"hand": ["Energy 5"], "placed": {"Saltbright": ["Energy 6"]}},
           {"hand": ["Strength 4"]})
    play(t, "P1 venture 2 0", "P2 venture 1 0")
    assert legal_texts(t) == ["P1 fight", "P1 concede"]  # the first player is asked first
    play(t, "P1 fight")
    assert legal_texts(t) == ["P2 fight", "P2 concede"]
    play(t, "P2 concede")
    s = t.state
    assert s.battle == 2 and s.first == 0
    assert piles(t, 0)[0] == 2 and piles(t, 1)[2] == 1
    assert names(t, "placed.0") == ["Energy 6"] and "Energy 5" in names(t, "pack.0")


def test_conceding_in_the_fight_only_on_ones_own_turn():
    t = at("fight", {"hand": ["Energy 5"], "ventured": {"reserve": 1}},
           {"hand": ["Strength 5"], "ventured": {"reserve": 3}})
    play(t, 'P1 attack "Energy 5" as energy by "Saltbright" > "Cobble Jack"')
    assert "P2 concede" not in legal_texts(t)  # a defence window is not P2's turn
    assert refusal(t, "P2 concede") == ("You may concede only on your own turn, not in "
                                        "answer to an attack: defend Cobble Jack or take "
                                        "the hit.")
    play(t, "P2 take", "P2 concede")
    assert piles(t, 0) == (1, 6, 0) and piles(t, 1) == (0, 4, 3)


def test_a_player_who_passed_may_still_concede():
    t = at("fight", {"hand": ["Energy 5"]}, {"hand": ["Strength 5"]})
    play(t, "P1 pass", 'P2 attack "Strength 5" as strength by "Flintmother" > "Saltbright"',
         "P1 take")
    assert legal_texts(t) == ["P1 pass", "P1 concede"]


# -- the Venture Total and the ladder --------------------------------------------------------------
def test_venture_totals_count_printed_hits_only():
    t = at("fight", {"hand": ["Energy 4", "Storm Jar"]},
           {"record": {"Flintmother": ["Energy 7"]}})
    play(t, 'P1 attack "Energy 4" + "Storm Jar" as energy by "Saltbright" > "Flintmother"',
         "P2 take")
    side = GAME.positions.to_json(t.state)
    assert side["P1"]["venture_total"] == 4  # the attack was 8, the hit is the Energy 4
    assert side["P2"]["meters"]["Flintmother"].startswith("\u03a3 11/20")


def test_the_ladder_after_a_win_and_a_loss():
    t = at("end", {"ventured": {"reserve": 2, "completed": 2}, "defeated": 3},
           {"ventured": {"reserve": 3}, "hits": {"Flintmother": ["Energy 5"]}})
    # P1 scored 5, P2 nothing: P1 wins. P1's 2 from Reserve go to Completed, the 2 from
    # Completed stay and bring up 2 from Defeated, and (every two) 1 more to Completed
    assert piles(t, 0) == (5, 2, 0)
    assert piles(t, 1) == (0, 4, 3)  # lost: the 3 from Reserve to Defeated
    assert t.state.first == 0


def test_the_every_two_sentence_read_as_an_upgrade():
    t = at("end", {"ventured": {"reserve": 2, "completed": 2}, "defeated": 3},
           {"hits": {"Flintmother": ["Energy 5"]}}, options={"completed_bonus": "upgrade"})
    assert piles(t, 0) == (5, 1, 1)  # 2 rescued: 1 straight to Completed, 1 to Reserve


def test_a_loss_from_completed_moves_down_to_reserve():
    t = at("end", {"ventured": {"reserve": 1, "completed": 2}, "defeated": 1, "completed": 1,
                   "hits": {"Saltbright": ["Strength 5"]}})
    assert piles(t, 0) == (1, 4, 2)


def test_a_draw_leaves_the_ventured_cards_riding_and_keeps_the_first_player():
    t = at("end", {"ventured": {"reserve": 2}, "hits": {"Saltbright": ["Strength 4"]}},
           {"ventured": {"reserve": 1}, "hits": {"Flintmother": ["Energy 4"]}}, first="P2")
    s = t.state
    assert s.riding and s.first == 1 and s.battle == 2
    assert len(s.zones["risk_reserve.0"]) == 2 and len(s.zones["risk_reserve.1"]) == 1
    assert "A draw" in t.log_text()
    assert names(t, "record.0") == ["Strength 4"]  # this battle's hits join the record


def test_a_concession_wins_the_battle_for_the_other_player_whatever_the_totals():
    t = at("end", {"ventured": {"reserve": 1}, "hits": {"Saltbright": ["Strength 4"]}},
           {"ventured": {"reserve": 1}}, conceded="P2")
    assert piles(t, 0) == (1, 6, 0) and piles(t, 1) == (0, 6, 1)


# -- the end of the game ---------------------------------------------------------------------------
def test_completing_the_mission_wins():
    t = at("end", {"ventured": {"reserve": 2}, "completed": 5},
           {"hits": {"Flintmother": ["Energy 1"]}})
    assert t.state.over and t.state.winners == (0,)
    assert "every piece of the mission is Completed" in t.state.result


def test_abandoning_the_mission_loses():
    t = at("end", {"ventured": {"reserve": 3}, "defeated": 4,
                   "hits": {"Saltbright": ["Strength 1"]}})
    assert t.state.over and t.state.winners == (1,)
    assert "P1 must abandon the mission" in t.state.result


def test_knocking_out_all_four_wins_at_once():
    t = at("fight", {"hand": ["Energy 7"]},
           {"front": ["Flintmother"], "reserve": [],
            "record": {"Flintmother": ["Fighting 7", "Strength 6"]}})
    play(t, 'P1 attack "Energy 7" as energy by "Saltbright" > "Flintmother"', "P2 take")
    s = t.state
    assert s.over and s.winners == (0,)
    assert "every character of P2 is KO'd" in s.result


def test_a_game_that_cannot_end_is_decided_on_the_missions():
    t = at("end", {"completed": 2}, {"completed": 1}, battle=50)
    assert t.state.over and t.state.winners == (0,)
    assert "50 battles" in t.state.result
