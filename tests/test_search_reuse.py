"""Tree reuse (issue 28, item 1): a seat asked again goes on from the part of its tree
still consistent with what it has seen since; the kept visits are a head start (the
level's work counts new iterations only); anything unexpected drops the tree."""

from __future__ import annotations

import pytest
from test_levels_work import SlowMachine
from test_search import countdown, midgame

from tabletop.engine.pack import pack, pack_move
from tabletop.engine.rng import Rng
from tabletop.engine.search import Node, Search, count_nodes, subtree
from tabletop.engine.search_memory import TreeMemory
from tabletop.games import GAMES
from tabletop.worker_process import TEMPLATE_SEED, answer

WORK = 60


def _worker(gid: str):
    """What the worker's ``answer`` needs, with a normal player of exactly ``WORK``
    iterations a decision (so that two decisions do the same new work)."""
    game = GAMES[gid]
    rules = game.rules
    template = rules.new_state(rules.load_catalog(mod_dirs=[]), rules.normalize_options({}),
                               TEMPLATE_SEED)
    players = {"normal": game.player_at("normal", iterations=WORK)}
    return game, template, players


def _ask(game, template, players, memory, state, seat, moves, changes, number,
         level="normal", seen=None):
    request = {"question": ["move", seat, moves, changes, number], "budget": 0.5,
               "ceiling": 2.0, "player": level, "view": pack(game.rules.view(state, seat))}
    if seen is not None:
        request["seen"] = [pack_move(m) for m in seen]
    reply = answer(game, template, players, Rng(number), request, memory=memory)
    assert reply["move"] is not None, reply
    return reply, players[level].last


def _first_answer():
    """A Solo position (every move is the seat's own, so it chooses again after its
    move), the worker's players and a tree memory, and the first answer there: the
    rules, the state, its seat, what ``_ask`` needs, and the first decision."""
    _, state = midgame("solo-deckbuilder", moves=30)
    game, template, players = _worker("solo-deckbuilder")
    memory = TreeMemory()
    seat = state.actor
    _, first = _ask(game, template, players, memory, state, seat, 10, 10, 1)
    return game.rules, state, seat, (game, template, players, memory), first


def _then(rules, state, move):
    """The state after ``move``, where the seat must have a choice again."""
    after = rules.play(state, move)
    if len(rules.legal_moves(after)) < 2:
        pytest.skip("the next decision is forced")
    return after


def test_a_seat_asked_again_goes_on_from_the_line_it_chose():
    rules, state, seat, worker, first = _first_answer()
    memory = worker[3]
    kept_visits = memory._kept[("move", seat)].node.visits
    assert kept_visits > 0
    after = _then(rules, state, first.move)
    reply, second = _ask(*worker, after, seat, 11, 11, 2)
    game = worker[0]
    assert reply["details"]["reused"] == kept_visits == second.reused
    assert reply["details"]["iterations"] == WORK  # the new work is not cut
    assert second.move in rules.legal_moves(after)
    fresh = Search(rules, game.search_hints()).decide(
        rules.view(after, seat), seat, Rng(2), iterations=WORK)
    assert second.reused + second.iterations > fresh.iterations
    assert memory.taken == 1


def test_a_kept_tree_is_not_cheaper_than_the_work_guaranteed(monkeypatch):
    rules, s = countdown(11, [1, 2, 5], [3, 4, 6])
    view = rules.view(s, 0)
    first = Search(rules)
    first.decide(view, 0, Rng(1), iterations=300)
    slow = SlowMachine(monkeypatch, 0.0625)
    got = Search(rules, clock=slow).decide(view, 0, Rng(2), deadline=0.5, at_least=30,
                                           ceiling=2.0, tree=first.root)
    assert got.iterations == 30 and got.reused == 300


def test_the_chosen_line_keeps_its_statistics():
    """``subtree`` follows the seat's move, then the others' moves as it saw them; the
    node reached keeps its visits."""
    rules, s = countdown(15, [1, 2, 5], [3, 4, 6])
    search = Search(rules)
    search.decide(rules.view(s, 0), 0, Rng(1), iterations=400)
    root = search.root
    mine = max(root.children, key=lambda k: root.children[k].visits)
    node = root.children[mine]
    theirs = max(node.children, key=lambda k: node.children[k].visits)
    assert subtree(root, [mine, theirs], None) is node.children[theirs]
    assert node.children[theirs].visits > 0
    assert subtree(root, [mine, ("never", 1)], None) is None
    assert count_nodes(root, 10) == 11 and count_nodes(Node(None), 5) == 1


def test_an_unexpected_move_drops_the_tree():
    rules, state, seat, worker, first = _first_answer()
    memory = worker[3]
    other = next(m for m in rules.legal_moves(state) if m != first.move)
    reply, _ = _ask(*worker, _then(rules, state, other), seat, 11, 11, 2)
    assert reply["details"]["reused"] == 0 and memory.dropped == 1 and memory.taken == 0


@pytest.mark.parametrize("case", ["undo", "new game", "level", "seen differs"])
def test_anything_else_unexpected_drops_the_tree(case):
    rules, state, seat, worker, first = _first_answer()
    game, _, players, memory = worker
    players["hard"] = game.player_at("hard", iterations=WORK)
    after = _then(rules, state, first.move)
    moves, changes, level, seen = 11, 11, "normal", None
    if case == "undo":
        changes = 13  # the same move made again after an undo: another position's tree
    elif case == "new game":
        moves = changes = 1
    elif case == "level":
        level = "hard"
    else:
        seen = [next(m for m in rules.legal_moves(state) if m != first.move)]
    reply, _ = _ask(*worker, after, seat, moves, changes, 2, level=level, seen=seen)
    assert reply["details"]["reused"] == 0 and memory.taken == 0


def test_what_the_seat_saw_others_do_leads_through_the_tree():
    """With the observed moves since (``seen``), the tree is followed through the other
    seats' moves too."""
    gid = "brawl"
    game, template, players = _worker(gid)
    rules = game.rules
    for seed in range(3, 12):
        game, state = midgame(gid, seed=seed)
        seat = state.actor
        memory = TreeMemory()
        _, first = _ask(game, template, players, memory, state, seat, 30, 30, 1)
        node = memory._kept[("move", seat)].node
        seen = [first.move]
        now = rules.play(state, first.move)
        found = node
        while not now.over and now.actor != seat and found is not None:
            # the others play a move the tree tried (as the seat sees it), the busiest
            legal = rules.legal_moves(now)
            keyed = []
            for m in legal:
                after = rules.play(now, m)
                keyed.append((rules.observe(now, m, seat, after), m, after))
            tried = [k for k in keyed if subtree(found, [k[0]], None) is not None]
            if not tried:
                found = None
                break
            key, _, now = max(tried, key=lambda k: subtree(found, [k[0]], None).visits)
            seen.append(key)
            found = subtree(found, [key], None)
        if found is None or now.over or len(rules.legal_moves(now)) < 2:
            continue
        visits = found.visits
        reply, got = _ask(game, template, players, memory, now, seat, 30 + len(seen),
                          30 + len(seen), 2, seen=seen)
        assert reply["details"]["reused"] == visits > 0
        assert got.move in rules.legal_moves(now)
        return
    pytest.fail("no position where the others played what the tree tried")


def test_a_tree_too_big_is_not_kept():
    _, state = midgame("solo-deckbuilder", moves=30)
    seat = state.actor
    game, template, players = _worker("solo-deckbuilder")
    memory = TreeMemory(max_nodes=5)
    _ask(game, template, players, memory, state, seat, 10, 10, 1)
    assert ("move", seat) in memory._kept
    memory.settle()
    assert ("move", seat) not in memory._kept and memory.dropped == 1


def test_a_hint_keeps_its_tree_only_when_told_what_was_played():
    _, state = midgame("solo-deckbuilder", moves=30)
    seat = state.actor
    game, template, players = _worker("solo-deckbuilder")
    rules = game.rules
    memory = TreeMemory()
    request = {"question": ["hint", seat, 10, 10, 1], "budget": 0.5, "ceiling": 2.0,
               "player": "normal", "view": pack(rules.view(state, seat))}
    reply = answer(game, template, players, Rng(1), request, memory=memory)
    hinted = players["normal"].last.move
    after = _then(rules, state, hinted)
    again = dict(request, question=["hint", seat, 11, 11, 2],
                 view=pack(rules.view(after, seat)))
    assert answer(game, template, players, Rng(2), again, memory=memory)["details"][
        "reused"] == 0
    answer(game, template, players, Rng(3), request, memory=memory)
    hinted = players["normal"].last.move
    after = rules.play(state, hinted)
    told = dict(again, question=["hint", seat, 11, 11, 3], seen=[pack_move(hinted)],
                view=pack(rules.view(after, seat)))
    reply = answer(game, template, players, Rng(4), told, memory=memory)
    assert reply["details"]["reused"] > 0
