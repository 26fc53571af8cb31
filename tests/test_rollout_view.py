"""What the search's simulated players see in its rollouts (``Game.rollout_view``), and
the strength runs' game records."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tabletop.engine.levels import player_policy
from tabletop.engine.pack import unpack_move
from tabletop.engine.rng import Rng
from tabletop.engine.search import Search
from tabletop.games import GAMES
from tabletop.tools.strength import play_one


def _midgame(game, moves: int = 12):
    rules = game.rules
    state = rules.new_state(rules.load_catalog(mod_dirs=[]), rules.default_options(), 3)
    rng = Rng(4)
    own = game.computer_player()
    for _ in range(moves):
        if state.over:
            break
        seat = state.actor
        state = rules.play(state, own.choose(rules, rules.view(state, seat), seat, rng))
    while len(rules.legal_moves(state)) < 2:
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    return state


class Spy:
    """The game's own player, keeping every state it is asked to choose on."""

    def __init__(self, player) -> None:
        self.player = player
        self.seen: list = []

    def choose(self, rules, state, seat, rng):
        self.seen.append(state)
        return self.player.choose(rules, state, seat, rng)


@pytest.mark.parametrize("gid", list(GAMES))
@pytest.mark.parametrize("view", ["own", "world"])
def test_a_simulated_player_sees_only_its_own_view_when_the_game_says_so(gid, view):
    """``own``: every state a rollout's player chooses on shows no more than the acting
    seat may see; ``world`` shows the sampled world whole (another seat's hidden cards
    in view, which is what ``own`` is there to stop)."""
    game = GAMES[gid]
    rules = game.rules
    state = _midgame(game)
    seat = state.actor
    spy = Spy(game.player())
    hints = replace(game.search_hints(), policy=player_policy(spy, own_view=view == "own"))
    Search(rules, hints).decide(rules.view(state, seat), seat, Rng(5), iterations=30)
    assert spy.seen
    shows_more = [s for s in spy.seen if rules.view(s, s.actor).zones != s.zones]
    if view == "own":
        assert shows_more == []
    elif state.seats > 1:
        assert shows_more, "the whole world should show another seat's hidden cards"


@pytest.mark.parametrize("gid", ["brawl", "power-play"])
def test_the_rollouts_play_the_games_rollout_player_when_it_has_one(gid):
    """``Game.rollout_player`` makes the rollouts' simulated players (one new player
    per search); without one the seats' own ``player`` does."""
    base = GAMES[gid]
    rules = base.rules
    state = _midgame(base)
    seat = state.actor

    def factory(made: list[Spy]):
        def make() -> Spy:
            made.append(Spy(base.player()))
            return made[-1]
        return make

    for rollout_made in (True, False):
        made: dict[str, list[Spy]] = {"player": [], "rollout_player": []}
        game = replace(base, player=factory(made["player"]),
                       rollout_player=factory(made["rollout_player"]) if rollout_made
                       else None)
        Search(rules, game.search_hints()).decide(rules.view(state, seat), seat, Rng(5),
                                                  iterations=30)
        plays = made["rollout_player" if rollout_made else "player"]
        assert len(plays) == 1 and plays[0].seen
        if rollout_made:
            assert made["player"] == []  # the seats' player sat the rollouts out


def test_the_game_record_chooses_the_policy_it_names(monkeypatch):
    game = replace(GAMES["overpower"], rollout_view="own")
    calls = []
    import tabletop.engine.game as game_module

    real = game_module.player_policy

    def spy(player, own_view=False):
        calls.append(own_view)
        return real(player, own_view)

    monkeypatch.setattr(game_module, "player_policy", spy)
    game.search_hints()
    GAMES["overpower"].search_hints()
    assert calls == [True, GAMES["overpower"].rollout_view == "own"]


def test_a_strength_record_replays_to_the_same_end():
    """The moves are kept with the seed: a search's moves depend on its clock, so the
    record, not the seed, is the game."""
    game = GAMES["brawl"]
    r = play_one(game, 2, "search", "normal", None, 4, {}, cpu=True)
    rules = game.rules
    state = rules.new_state(rules.load_catalog(mod_dirs=[]),
                            rules.normalize_options(r["options"]), r["seed"])
    for packed in r["record"]:
        state = rules.play(state, unpack_move(packed))
    assert state.over and list(rules.returns(state)) == r["returns"]
    assert len(r["record"]) == r["moves"] and r["rollout_view"] == game.rollout_view


@pytest.mark.parametrize("players, sees_more", [("seer", True), ("search", False)])
def test_only_the_seer_line_shows_the_search_the_whole_deal(monkeypatch, players, sees_more):
    """``--players seer`` is the bound of what a deal allows: its search chooses on the
    true state (every hidden card in view); a fair line's search, on the seat's view."""
    from tabletop.engine.game import Game

    real = Game.player_at
    seen: list = []

    class Spy:
        def __init__(self, player) -> None:
            self.player = player

        @property
        def details(self):
            return self.player.details

        def choose(self, rules, state, seat, rng):
            seen.append(rules.view(state, seat).zones != state.zones)
            return self.player.choose(rules, state, seat, rng)

    monkeypatch.setattr(Game, "player_at", lambda self, *a, **k: Spy(real(self, *a, **k)))
    r = play_one(GAMES["hero-vs-nemesis"], 2, players, "normal", None, 3, {}, cpu=True,
                 search_seat=1)  # (game 2 would seat it as the Hero: the seat asked for wins)
    assert r["players"] == players and r["searching"] == [1] and seen
    assert any(seen) is sees_more


def test_a_rollout_view_that_is_neither_is_refused():
    with pytest.raises(ValueError, match="rollout_view is 'world' or 'own'"):
        replace(GAMES["brawl"], rollout_view="mine").search_hints()


class ViewSpy:
    """A game's rules whose ``evaluate`` keeps the states it is asked about."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self.seen: list = []

    def __getattr__(self, name):
        return getattr(self.rules, name)

    def evaluate(self, state, seat):
        self.seen.append((state, seat))
        return self.rules.evaluate(state, seat)


@pytest.mark.parametrize("gid", [g for g in GAMES if GAMES[g].rules.hidden_information(
    GAMES[g].rules.default_options())])
@pytest.mark.parametrize("view", ["own", "world"])
def test_a_rollouts_end_is_scored_on_each_seats_own_view_when_the_game_says_so(gid, view):
    """``own``: where a rollout stops short of the end, each seat's score is its
    ``evaluate`` of what it sees (no value resting on another seat's hidden cards);
    ``world``: of the sampled world whole."""
    from tabletop.engine.levels import view_score

    game = replace(GAMES[gid], rollout_view=view)
    rules = game.rules
    state = _midgame(game)
    spy = ViewSpy(rules)
    hints = game.search_hints()
    assert (hints.score is not None) == (view == "own")
    score = view_score(spy) if view == "own" else spy.returns
    got = score(state)
    assert len(got) == state.seats and all(0.0 <= x <= 1.0 for x in got)
    if view == "own":
        assert [seat for _, seat in spy.seen] == list(range(state.seats))
        assert all(rules.view(s, seat).zones == s.zones for s, seat in spy.seen)
        assert got == tuple(rules.evaluate(rules.view(state, s), s) for s in range(state.seats))


@pytest.mark.parametrize("gid, same", [("overpower", True), ("solo-deckbuilder", True),
                                       ("brawl", False)])
def test_where_the_players_read_only_their_view_world_and_own_are_one_search(gid, same):
    """OverPower's and Solo's own players and ``evaluate`` read nothing a seat cannot see:
    the search finds the same figures with ``own`` as with ``world`` (which is cheaper);
    in Brawl they differ (its player reads the sampled world's hidden cards)."""
    figures = {}
    for view in ("own", "world"):
        game = replace(GAMES[gid], rollout_view=view)
        rules = game.rules
        state = _midgame(game)
        seat = state.actor
        decision = Search(rules, game.search_hints()).decide(
            rules.view(state, seat), seat, Rng(5), iterations=60)
        figures[view] = (repr(decision.move), round(decision.value, 9),
                         repr(decision.runner_up), round(decision.runner_up_value, 9),
                         decision.visits, decision.worlds, round(decision.margin, 9))
    assert (figures["own"] == figures["world"]) == same
