"""The conformance suite: what every registered game must do, checked the same way for
each game and each of its option sets (in the style of OpenSpiel's tests over all games).
A game added to the registry is covered here without new test code.

For random games with every option set:

- games end, every card instance is in exactly one zone all along (cards conserved);
- the acting seat's legal moves are the same on its view, on the true state and on
  states sampled from its view; ``is_legal`` agrees with ``legal_moves``;
- states sampled from any seat's view (``determinize``) are playable: random play goes on
  from them without error (at least 1,000 samples per game, set-up decisions included);
- every move's notation reads back to the same move;
- a copy is independent of its original;
- ``observe`` never shows a seat a card it sees neither before nor after the move, and
  hides nothing that seat does see;
- ``returns`` and ``evaluate`` stay in [0, 1];
- a save of the game replays to the same state.
"""

from __future__ import annotations

import json

import pytest

from tabletop.engine.info import SeatConfig
from tabletop.engine.moves import Move
from tabletop.engine.rng import Rng
from tabletop.engine.saves import session_from_dict, session_to_dict
from tabletop.engine.session import Session
from tabletop.engine.state import HIDDEN, State
from tabletop.games import GAMES

GAMES_PER_OPTION_SET = 10
SAMPLES_PER_GAME = 1000
ROLLOUT = 25


def option_sets(game) -> list[dict]:
    """The default options, each option's other values one at a time, and every switch
    on at once."""
    out: list[dict] = [{}]
    switches = {}
    for opt in game.info.options:
        values = [v for v, _ in opt.choices] if opt.choices else [True]
        for v in values:
            if v != opt.default:
                out.append({opt.key: v})
        if not opt.choices:
            switches[opt.key] = True
    if len(switches) > 1:
        out.append(switches)
    return out


CASES = [(gid, opts) for gid, game in GAMES.items() for opts in option_sets(game)]


def _id(case) -> str:
    gid, opts = case
    return gid + ("" if not opts else "-" + "-".join(f"{k}={v}" for k, v in opts.items()))


@pytest.fixture(scope="module")
def catalogs():
    return {gid: game.rules.load_catalog(mod_dirs=[]) for gid, game in GAMES.items()}


def snapshot(state: State) -> tuple:
    """Every slot of a state as comparable plain values (the log lines left out)."""
    out = []
    for cls in type(state).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if slot in ("cards", "info", "events"):
                continue
            value = getattr(state, slot, None)
            if isinstance(value, dict):
                value = sorted((repr(k), repr(v)) for k, v in value.items())
            elif isinstance(value, set | frozenset):
                value = sorted(repr(v) for v in value)
            out.append((slot, repr(value)))
    return tuple(out)


def check_conserved(state: State) -> None:
    seen = [c for cards in state.zones.values() for c in cards]
    assert sorted(seen) == list(range(len(state.cards))), "a card is lost or doubled"


def visible_cards(view: State) -> set[int]:
    return {c for cards in view.zones.values() for c in cards if c != HIDDEN}


def check_step(game, before: State, move: Move, after: State, near: list[Move]) -> None:
    rules = game.rules
    actor = before.actor
    legal = rules.legal_moves(before)
    assert move in legal
    # the acting seat sees enough to know its moves
    view = rules.view(before, actor)
    assert rules.legal_moves(view) == legal, "legal moves differ on the actor's view"
    # is_legal agrees with the list, on the legal moves and on near misses (the moves of
    # the previous position, the same moves for another seat or another card, the move
    # with a part of another legal move)
    stranger = [Move("no-such-move", move.seat), move._replace(seat=move.seat + 1)]
    if isinstance(move.card, int):
        stranger.append(move._replace(card=(move.card + 1) % len(before.cards)))
    # the chosen move with another legal move's kind, card, target or choice
    for other in legal[:12]:
        stranger += [move._replace(kind=other.kind), move._replace(card=other.card),
                     move._replace(target=other.target), move._replace(choice=other.choice)]
    for m in set(legal) | set(near) | set(stranger):
        assert rules.is_legal(before, m) == (m in legal), m
    # notation round trip
    text = game.notation.format_move(before, move)
    assert game.notation.parse_move(before, text) == move, text
    # observe: nothing hidden shown, nothing seen hidden
    for seat in range(before.seats):
        seen = rules.observe(before, move, seat, after)
        if seat == move.seat:
            assert seen == move
            continue
        card = move.card
        if isinstance(card, int) and card >= 0:
            sees = card in visible_cards(rules.view(before, seat)) or \
                card in visible_cards(rules.view(after, seat))
            assert (seen.card == card) == sees, (seat, move, seen)
    check_conserved(after)
    for value in rules.returns(after):
        assert 0.0 <= value <= 1.0


def random_game(game, catalog, options, seed, check=True, limit=20000):
    rules = game.rules
    state = rules.new_state(catalog, options, seed)
    check_conserved(state)
    rng = Rng(seed)
    moves = []
    near: list[Move] = []
    while not state.over:
        legal = rules.legal_moves(state)
        move = rng.choice(legal)
        copy = state.copy()
        before = snapshot(state)
        after = rules.play(state, move)
        assert snapshot(state) == before, "play changed the state it was given"
        assert snapshot(copy) == before, "a copy is not independent"
        if check:
            check_step(game, state, move, after, near)
        near = legal
        moves.append(move)
        state = after
        assert len(moves) < limit, "the game does not end"
    return state, moves


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_random_games_follow_the_contract(case, catalogs):
    gid, opts = case
    game = GAMES[gid]
    options = game.rules.normalize_options(opts)
    info = game.rules.info
    seats = game.rules.seat_count(options)
    assert info.min_seats <= seats <= info.max_seats, "the options seat more than the game allows"
    for seed in range(GAMES_PER_OPTION_SET):
        end, _ = random_game(game, catalogs[gid], options, 1000 + seed)
        assert end.seats == seats
        assert end.over and end.actor is None and not game.rules.legal_moves(end)


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_a_save_replays_to_the_same_state(case, catalogs):
    gid, opts = case
    game = GAMES[gid]
    options = game.rules.normalize_options(opts)
    count = game.rules.seat_count(options)
    session = Session(game, catalogs[gid], options, 77,
                      [SeatConfig(f"P{i + 1}") for i in range(count)])
    rng = Rng(77)
    for _ in range(60):
        if session.state.over:
            break
        session.play(rng.choice(session.legal_moves()))
    loaded, warnings = session_from_dict(session_to_dict(session), game, catalogs[gid])
    assert not warnings
    assert snapshot(loaded.state) == snapshot(session.state)


@pytest.mark.parametrize("gid", list(GAMES))
def test_states_sampled_from_any_view_are_playable(gid, catalogs):
    """At least SAMPLES_PER_GAME samples, spread over games, moments and seats (the
    first decisions of a game included), each played on for a while."""
    game = GAMES[gid]
    rules = game.rules
    samples = 0
    seed = 0
    sets = option_sets(game)
    while samples < SAMPLES_PER_GAME:
        options = rules.normalize_options(sets[seed % len(sets)])
        state = rules.new_state(catalogs[gid], options, 5000 + seed)
        rng = Rng(seed)
        step = 0
        while not state.over:
            early = step < 4  # set-up decisions: every seat, played to the end
            seats = range(state.seats) if early else [step % state.seats] if step % 3 == 0 \
                else []
            for seat in seats:
                view = rules.view(state, seat)
                world = rules.determinize(view, seat, rng)
                samples += 1
                check_conserved(world)
                assert rules.view(world, seat).zones == view.zones, "the sample contradicts " \
                    "what the seat sees"
                if seat == state.actor:
                    assert rules.legal_moves(world) == rules.legal_moves(state)
                _play_on(rules, world, rng, 10000 if early or samples % 20 == 0 else ROLLOUT)
            state = rules.play(state, rng.choice(rules.legal_moves(state)))
            step += 1
        seed += 1


def _play_on(rules, state: State, rng: Rng, moves: int) -> None:
    for _ in range(moves):
        if state.over:
            return
        legal = rules.legal_moves(state)
        assert legal, "no legal move in an unfinished sampled state"
        state = rules.play(state, rng.choice(legal))
        check_conserved(state)


@pytest.mark.parametrize("gid", list(GAMES))
def test_evaluate_stays_between_zero_and_one(gid, catalogs):
    game = GAMES[gid]
    rules = game.rules
    state = rules.new_state(catalogs[gid], {}, 3)
    rng = Rng(3)
    while not state.over:
        for seat in range(state.seats):
            assert 0.0 <= rules.evaluate(state, seat) <= 1.0
        state = rules.play(state, rng.choice(rules.legal_moves(state)))


@pytest.mark.parametrize("gid", list(GAMES))
def test_a_view_packed_for_the_worker_comes_back_the_same(gid, catalogs):
    """The computer players' worker gets views as JSON (never pickle): every slot of a
    view survives the trip, on a state set up with the same options and seed."""
    from tabletop.engine.pack import pack, unpack

    rules = GAMES[gid].rules
    options = rules.normalize_options({})
    template = rules.new_state(catalogs[gid], options, 8)
    state = rules.new_state(catalogs[gid], options, 8)
    rng = Rng(8)
    while not state.over:
        view = rules.view(state, state.actor)
        back = unpack(json.loads(json.dumps(pack(view))), template)
        assert snapshot(back) == snapshot(view)
        assert rules.legal_moves(back) == rules.legal_moves(view)
        state = rules.play(state, rng.choice(rules.legal_moves(state)))


@pytest.mark.parametrize("gid", list(GAMES))
def test_the_opening_sampled_by_every_seat_plays_on(gid, catalogs):
    """What a seat knows of the others' hidden cards at the start (e.g. that a Brawl
    hand holds a Character) holds in every sample: 150 samples per seat and option set,
    each played a few moves on."""
    game = GAMES[gid]
    rules = game.rules
    for opts in option_sets(game):
        state = rules.new_state(catalogs[gid], rules.normalize_options(opts), 31)
        rng = Rng(31)
        for seat in range(state.seats):
            view = rules.view(state, seat)
            for _ in range(150):
                _play_on(rules, rules.determinize(view, seat, rng), rng, 6)
