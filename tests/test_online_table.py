"""Online play in the app: a game hosted from the New game screen, joined from the Play
online screen, played with the mouse (posted events) through the table; a move pending
on the server; a refusal; the connection lost and taken back by itself; rejoining a game
after leaving it; a card set that differs named card by card. Servers and clients on
127.0.0.1 only; every loop is bounded in time."""

from __future__ import annotations

import json
import random
import time

import pygame
import pytest
from ui_helpers import by_label, click, drag, post

pytest.importorskip("websockets")

from tabletop.bench.person import Person  # noqa: E402
from tabletop.engine.cards import differing_cards  # noqa: E402
from tabletop.engine.pack import pack_move  # noqa: E402
from tabletop.engine.stats import stats_path  # noqa: E402
from tabletop.net import seatbook  # noqa: E402
from tabletop.net.host import LocalServer  # noqa: E402
from tabletop.ui import online_plans  # noqa: E402
from tabletop.ui.online_plans import JoinError  # noqa: E402
from tabletop.ui.online_screens import PlayOnline  # noqa: E402
from tabletop.ui.seats import KINDS  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402
from tabletop.ui.table.online import ONLINE_COLOR  # noqa: E402
from tabletop.ui.table.remote import RemoteTableModel  # noqa: E402

GAME_SECONDS = 150


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setenv("TABLETOP_HOST_ADDRESS", "127.0.0.1")


@pytest.fixture()
def app(menu_app):
    yield menu_app
    menu_app.quit()


def until(app, predicate, seconds: float = 20.0, what: str = "it"):
    """Run frames until ``predicate()`` (real time passes: the network's threads run)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(0.016)
        found = predicate()
        if found:
            return found
        time.sleep(0.005)
    problem = getattr(app.scene, "problem", "")  # (a screen that says why)
    raise AssertionError(f"timed out waiting for {what}" + (f": {problem}" if problem else ""))


def host_from_new_game(app, seat_kinds=("human", "online")) -> TableScene:
    """New game, Brawl, the seats' kinds chosen with the mouse, Start: the table."""
    until(app, lambda: app.scene.ready, what="the main menu")
    click(app, by_label(app.scene.buttons, "New game").rect.center)
    for i, kind in enumerate(seat_kinds):
        rows = [w for w in app.scene.widgets if getattr(w, "choices", None) == KINDS]
        click(app, rows[i]._segments()[[k for k, _ in KINDS].index(kind)].center)
    click(app, app.scene.start.rect.center)
    return until(app, lambda: isinstance(app.scene, TableScene) and app.scene,
                 what="the online table")


def fresh(model):
    """``model`` after reading what its server sent."""
    model.receive()
    return model


def hosted_with_friend(app):
    """A Brawl game hosted from New game, the friend sat down and the host's first move
    offered: (the table, its remote session, the friend)."""
    scene = host_from_new_game(app)
    rs = scene.model.remote_session
    friend = Friend(app.online_server.local_url, rs.code)
    until(app, lambda: scene.legal, 10, "the host's first move")
    return scene, rs, friend


class Friend:
    """The other player, on another machine: joins by the code and plays random legal
    moves through a model of its own (no window)."""

    def __init__(self, url: str, code: str, seed: int = 4) -> None:
        seated = online_plans.join(url, code, "Bo")
        self.model = RemoteTableModel(seated.session, seated.link, seated.token)
        self.rng = random.Random(seed)
        self.moves = 0

    def act(self) -> None:
        self.model.receive()
        snap = self.model.snapshot()
        if snap.legal and self.model.pending is None:
            self.model.play(self.rng.choice(snap.legal))
            self.moves += 1

    def close(self) -> None:
        self.model.close()


def test_a_game_hosted_from_new_game_plays_to_the_end_with_the_mouse(app):
    scene = host_from_new_game(app)
    rs = scene.model.remote_session
    assert rs.seat == 0 and len(rs.code) == 6
    # until the friend sits down nothing can be played, and the table says who to wait for
    until(app, lambda: any("Waiting for" in m for m, _ in scene.messages()), 5)
    assert not scene.legal
    assert any(rs.code in m and rs.address in m for m, _ in scene.messages())
    friend = Friend(app.online_server.local_url, rs.code)
    person = Person(scene, 0, random.Random(3), think=(0.0, 0.05))
    end = time.monotonic() + GAME_SECONDS
    while time.monotonic() < end and not (scene.state.over and friend.model.session.over):
        person.before_frame()
        app.step(0.016)
        app.spare(time.perf_counter() + 0.01)
        friend.act()
        time.sleep(0.003)
    assert scene.state.over, "the game did not finish in time"
    assert person.gestures >= 3 and friend.moves >= 3 and not person.unreachable
    server_session = app.online_server.server.rooms[rs.table].session
    # the table's log is the server's, line by line, as seat 1 may read it
    assert [(e.index, e.text) for e in rs.entries] == \
        [(e.index, e.text) for e in server_session.log_entries(0, 0)]
    assert scene.state.winners == server_session.state.winners
    # the game counts in the statistics; the seat is kept to come back to
    until(app, lambda: stats_path().exists(), 10, "the statistics")
    games = json.loads(stats_path().read_text())["games"]
    assert [g["key"] for g in games] == [f"online:{rs.table}:0"]
    held = until(app, seatbook.read, 10, "the seat kept")
    assert (held[0].table, held[0].seat, held[0].code) == (rs.table, 0, rs.code)
    friend.close()


def test_a_move_is_pending_until_the_server_answers_and_a_refusal_sends_it_back(app):
    scene, rs, friend = hosted_with_friend(app)
    link = scene.model.link
    sent: list[dict] = []
    real_send = link.send
    link.send = sent.append  # the message is held back: the server has not answered
    hand = [sp for sp in scene.layout_obj.sprites if sp.zone == "hand.0"]
    character = next(sp for sp in hand if scene.state.info[sp.card].kind == "character")
    changes = rs.changes
    drop = scene.layout_obj.zones["play.0"].center
    # a wrong drop is refused at once with the rule, as at home; nothing is sent
    other = next(sp for sp in hand if scene.state.info[sp.card].kind != "character")
    drag(app, other.rect.center, drop)
    assert scene.toast.message == "Place a Character card (not a Condition or " \
        "Interruption) face down."
    assert not sent and scene.model.pending is None
    drag(app, character.rect.center, drop)
    for _ in range(5):
        app.step(0.016)
    assert len(sent) == 1 and sent[0]["type"] == "move"
    assert scene.model.pending is not None and rs.changes == changes  # not played
    assert not scene.legal  # nothing more can be played on a position that may go
    held = scene.held_card()
    assert held is not None and held[0] == character.card and held[1].collidepoint(drop)
    assert any("on its way" in m for m, _ in scene.messages())
    # the server refuses it (a stand-in answer with the move's id): it goes back
    scene.model.link.inbox.put({"type": "refused", "reason": "not now", "id": sent[0]["id"]})
    until(app, lambda: scene.model.pending is None, 5, "the refusal")
    assert scene.held_card() is None and scene.toast.message == "Not now."
    assert scene.legal and rs.changes == changes
    # sent for real this time: the server's view shows it played
    link.send = real_send
    drag(app, character.rect.center, drop)
    until(app, lambda: rs.changes > changes and scene.model.pending is None, 10,
          "the server's view")
    assert scene.state.where(character.card) == "play.0"
    assert scene.held_card() is None
    friend.close()


def test_the_connection_lost_is_taken_back_by_itself(app, tmp_path):
    server = LocalServer(tmp_path / "srv", "127.0.0.1").start()
    try:
        url = server.local_url
        host_seat = online_plans.host(server, "brawl", {}, ["Ana", "Bo"], 1, 11)
        host = RemoteTableModel(host_seat.session, host_seat.link, host_seat.token)
        until(app, lambda: isinstance(app.scene, object) and app.scene.ready, what="menu")
        click(app, by_label(app.scene.buttons, "Play online").rect.center)
        assert isinstance(app.scene, PlayOnline)
        for box, words in zip(app.scene.widgets[:3], (url, host_seat.session.code, "Cy"),
                              strict=True):
            click(app, box.rect.center)
            post(pygame.TEXTINPUT, text=words)
            app.step(0.016)
        click(app, app.scene.join_button.rect.center)
        scene = until(app, lambda: isinstance(app.scene, TableScene) and app.scene,
                      what="the joined table")
        rs = scene.model.remote_session
        assert rs.seat == 0 and [s.name for s in rs.seats] == ["Cy", "Bo"]
        port = server.port
        server.stop()  # the server goes away (its tables are kept on disk)
        until(app, lambda: any("connection was lost" in m for m, _ in scene.messages()), 10,
              "the lost connection said")
        assert not scene.legal
        server = LocalServer(tmp_path / "srv", "127.0.0.1", port).start()
        until(app, lambda: scene.model.link.status == "connected" and scene.legal, 20,
              "the seat taken back")
        before = rs.changes
        move = scene.legal[0]
        scene.play(move)  # (the table's own path; the mouse is tested above)
        until(app, lambda: rs.changes > before, 10, "the move played after the restart")
        host.receive()
        until(app, lambda: fresh(host).session.changes == rs.changes, 10,
              "the other seat seeing it")
        assert server.server.rooms[rs.table].session.moves[-1] == move
        host.close()
    finally:
        server.stop()


def test_a_game_left_is_rejoined_from_play_online(app, tmp_path):
    server = LocalServer(tmp_path / "srv", "127.0.0.1").start()
    try:
        host_seat = online_plans.host(server, "brawl", {}, ["Ana", "Bo"], 0, 12)
        friend = online_plans.join(server.local_url, host_seat.session.code, "Bo")
        friend.link.close()  # the friend's app is closed: the seat is away
        seatbook.keep(friend.held)
        host = RemoteTableModel(host_seat.session, host_seat.link, host_seat.token)
        until(app, lambda: fresh(host).session.away() == [1], 10, "away")
        until(app, lambda: app.scene.ready, what="menu")
        click(app, by_label(app.scene.buttons, "Play online").rect.center)
        screen = until(app, lambda: app.scene.held and app.scene, 10, "the games listed")
        rejoin = next(w for w in screen.widgets if "rejoin" in getattr(w, "label", ""))
        assert host_seat.session.code in rejoin.label
        click(app, rejoin.rect.center)
        scene = until(app, lambda: isinstance(app.scene, TableScene) and app.scene,
                      what="the rejoined table")
        assert scene.model.remote_session.seat == 1
        until(app, lambda: fresh(host).session.away() == [], 10, "here again")
        host.close()
    finally:
        server.stop()


def test_cards_that_differ_are_named_and_joining_is_refused(monkeypatch):
    catalog = online_plans.online_catalog("brawl")
    prints = catalog.card_prints()
    some = sorted(catalog.cards)[:2]
    theirs = dict(prints)
    theirs[some[0]] = "00000000"
    del theirs[some[1]]
    theirs["a-card-from-a-mod"] = "12345678"
    words = differing_cards(catalog, theirs)
    assert len(words) == 3
    assert f"{catalog.cards[some[0]].name} (changed)" in words
    assert f"{catalog.cards[some[1]].name} (only here)" in words
    assert "a-card-from-a-mod (only there)" in words
    version = online_plans.GAMES["brawl"].rules.version
    with pytest.raises(JoinError, match=f"by version {version + 1} of its rules"):
        online_plans._check_cards({"game": "brawl", "ruleset": version + 1,
                                   "fingerprint": catalog.fingerprint, "cards": prints})
    found = {"game": "brawl", "fingerprint": "not-this", "cards": theirs}
    with pytest.raises(JoinError, match="Your cards are not the server's") as caught:
        online_plans._check_cards(found)
    assert catalog.cards[some[0]].name in str(caught.value)


def test_a_move_for_another_seat_or_before_all_sit_is_refused_by_the_server(tmp_path):
    server = LocalServer(tmp_path / "srv", "127.0.0.1").start()
    try:
        seated = online_plans.host(server, "brawl", {}, ["Ana", "Bo"], 0, 13)
        room = server.server.rooms[seated.session.table]
        move = room.session.legal_moves()[0]
        reply = seated.link.request(
            {"type": "move", "table": room.id, "seat": 0, "token": seated.token,
             "move": pack_move(move), "changes": room.session.changes}, "view")
        with pytest.raises(Exception, match="every seat is taken"):
            reply.result(10)
        assert not room.session.moves
        seated.link.close()
    finally:
        server.stop()


def test_chat_undo_by_agreement_and_an_away_seat_handed_to_the_computer(app):
    scene, rs, friend = hosted_with_friend(app)
    # chat: typed in the table's chat line, Enter; the friend's line shows in the strip
    until(app, lambda: scene.narration is not None and scene.narration.visible, 5, "chat")
    click(app, scene.narration.rect.center)
    post(pygame.TEXTINPUT, text="good luck")
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    app.step(0.016)
    until(app, lambda: fresh(friend.model).chat, 10, "the friend's chat")
    assert friend.model.chat[-1] == (0, "Player 1", "good luck")
    friend.model.say("you too")
    until(app, lambda: any(m == "Bo: you too" for m, _ in scene.messages()), 10,
          "the chat in the strip")
    # the host moves, then asks to take it back: the friend is asked, and agrees
    until(app, lambda: scene.legal, 10, "the host's move")
    before = len(rs.moves)
    scene.play(scene.legal[0])
    until(app, lambda: len(rs.moves) > before and scene.model.can_undo(), 10, "played")
    click(app, next(t for t in scene.tools if t.label == "Undo").rect.center)
    until(app, lambda: fresh(friend.model).remote_session.undo, 10,
          "the friend asked")
    assert friend.model.remote_session.undo == {"by": 0, "waiting": [1]}
    until(app, lambda: any("asks to take back" in m for m, _ in scene.messages()), 10,
          "the request shown")
    friend.model.answer_undo(True)
    until(app, lambda: len(rs.moves) == before, 10, "the move taken back")
    assert len(rs.entries) == before + 1  # the log as long as the game now
    # the friend's app closes: the host may let the computer play that seat
    friend.close()
    hand = until(app, lambda: next((b for b in scene.buttons
                                    if b.label == "Let the computer play for Bo"), None),
                 10, "the hand-over button")
    click(app, hand.rect.center)
    until(app, lambda: rs.computer[1] == "normal", 10, "the seat handed over")
    # the game goes on against the server's computer in that seat
    room = app.online_server.server.rooms[rs.table]
    handed = len(room.session.moves)
    person = Person(scene, 0, random.Random(5), think=(0.0, 0.05))
    end = time.monotonic() + GAME_SECONDS
    while time.monotonic() < end and not scene.state.over and \
            sum(m.seat == 1 for m in room.session.moves[handed:]) < 2:
        person.before_frame()
        app.step(0.016)
        app.spare(time.perf_counter() + 0.01)
        time.sleep(0.003)
    assert scene.state.over or sum(m.seat == 1 for m in room.session.moves[handed:]) >= 2
    assert not person.unreachable


def test_a_spectator_watches_from_play_online(app, tmp_path):
    server = LocalServer(tmp_path / "srv", "127.0.0.1").start()
    try:
        a = online_plans.host(server, "brawl", {}, ["Ana", "Bo"], 0, 21)
        b = online_plans.join(server.local_url, a.session.code, "Bo")
        until(app, lambda: app.scene.ready, what="menu")
        click(app, by_label(app.scene.buttons, "Play online").rect.center)
        for box, words in zip(app.scene.widgets[:2], (server.local_url, a.session.code),
                              strict=True):
            click(app, box.rect.center)
            post(pygame.TEXTINPUT, text=words)
            app.step(0.016)
        click(app, app.scene.watch_button.rect.center)
        scene = until(app, lambda: isinstance(app.scene, TableScene) and app.scene,
                      what="the watched table")
        assert scene.model.remote_session.seat == -1 and scene.viewer is None
        assert not scene.legal and scene.narration is None  # no seat: no moves, no chat
        assert ("Watching: nobody's hidden cards are shown", ONLINE_COLOR) in scene.messages()
        hand0 = scene.state.zones["hand.0"]
        assert hand0 and all(card < 0 for card in hand0)  # nobody's hand shown
        models = [RemoteTableModel(s.session, s.link, s.token) for s in (a, b)]
        rng = random.Random(2)
        room = server.server.rooms[a.session.table]
        end = time.monotonic() + 30
        while len(room.session.moves) < 6 and time.monotonic() < end:  # the players move
            for m in models:
                m.receive()
                if m.snapshot().legal and m.pending is None:
                    m.play(rng.choice(m.snapshot().legal))
            app.step(0.016)
            time.sleep(0.005)
        # the spectator's table follows
        until(app, lambda: scene.model.remote_session.changes == room.session.changes, 10,
              "following")
        assert len(scene.model.remote_session.entries) == len(room.session.moves) + 1 >= 7
        assert not seatbook.read()  # a spectator holds no seat to rejoin
        for m in models:
            m.close()
    finally:
        server.stop()


def test_an_online_game_with_the_computers_seats_played_by_the_server(app):
    until(app, lambda: app.scene.ready, what="the main menu")
    click(app, by_label(app.scene.buttons, "New game").rect.center)
    game_choice = next(w for w in app.scene.widgets if getattr(w, "label", "") == "Game")
    index = [value for value, _ in game_choice.choices].index("power-play")
    click(app, game_choice._segments()[index].center)
    kinds = [k for k, _ in KINDS]
    for i, kind in enumerate(("human", "online", "computer", "computer")):
        rows = [w for w in app.scene.widgets if getattr(w, "choices", None) == KINDS]
        assert len(rows) == 4  # (found again: a computer's level row moves those below)
        click(app, rows[i]._segments()[kinds.index(kind)].center)
    click(app, app.scene.start.rect.center)
    scene = until(app, lambda: isinstance(app.scene, TableScene) and app.scene,
                  what="the online table")
    rs = scene.model.remote_session
    assert rs.computer[2:] == ["normal", "normal"] and rs.waiting_for() == [1]
    friend = Friend(app.online_server.local_url, rs.code)
    person = Person(scene, 0, random.Random(7), think=(0.0, 0.05))
    room = app.online_server.server.rooms[rs.table]
    end = time.monotonic() + GAME_SECONDS
    while time.monotonic() < end and not room.session.state.over and \
            {m.seat for m in room.session.moves} != {0, 1, 2, 3}:
        person.before_frame()
        app.step(0.016)
        app.spare(time.perf_counter() + 0.01)
        friend.act()
        time.sleep(0.003)
    assert {m.seat for m in room.session.moves} >= {2, 3}  # the server's computers moved
    assert [s.kind for s in room.session.seats] == ["human", "human", "computer", "computer"]
    friend.close()


def test_a_wrong_address_or_code_is_told_at_once_and_the_app_goes_on(app, tmp_path):
    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = time.monotonic()
    with pytest.raises(JoinError, match="No answer from the server"):
        online_plans.join(f"ws://127.0.0.1:{port}", "ABCDEF", "Cy")
    assert time.monotonic() - start < 5
    server = LocalServer(tmp_path / "srv", "127.0.0.1").start()
    try:
        with pytest.raises(JoinError, match="No table has that code"):
            online_plans.join(server.local_url, "ZZZZZZ", "Cy")
        # from the screen: the reason shown, Back goes back
        until(app, lambda: app.scene.ready, what="menu")
        click(app, by_label(app.scene.buttons, "Play online").rect.center)
        screen = app.scene
        for box, words in zip(screen.widgets[:3], (server.local_url, "zzzzzz", "Cy"),
                              strict=True):
            click(app, box.rect.center)
            post(pygame.TEXTINPUT, text=words)
            app.step(0.016)
        click(app, screen.join_button.rect.center)
        problem = until(app, lambda: getattr(app.scene, "problem", ""), 10, "the reason")
        assert problem == "No table has that code."
        click(app, app.scene.back.rect.center)
        assert app.scene is screen
    finally:
        server.stop()


def test_a_game_announced_on_the_network_is_joined_with_a_click(app, tmp_path):
    from tabletop.net import lan

    server = LocalServer(tmp_path / "srv", "127.0.0.1").start()  # announces (loopback)
    try:
        a = online_plans.host(server, "brawl", {}, ["Ana", "Bo"], 0, 31)
        code = a.session.code
        until(app, lambda: app.scene.ready, what="menu")
        click(app, by_label(app.scene.buttons, "Play online").rect.center)
        screen = app.scene
        found = until(app, lambda: next((w for w in screen.widgets
                                         if f"code {code}" in getattr(w, "label", "")), None),
                      15, "the table found on the network")
        assert found.label == f"Brawl \u2014 hosted by Ana \u2014 code {code} \u2014 join"
        click(app, found.rect.center)
        scene = until(app, lambda: isinstance(app.scene, TableScene) and app.scene,
                      what="the table joined")
        assert scene.model.remote_session.seat == 1
        assert app.lan_finder is None  # no longer looking
        # every seat is taken: the table is no longer announced
        finder = lan.Finder()
        try:
            time.sleep(1.5)
            assert all(t.code != code for t in finder.tables())
        finally:
            finder.close()
        a.link.close()
    finally:
        server.stop()


def test_continue_rejoins_the_online_game_played_last(app):
    scene, rs, friend = hosted_with_friend(app)
    scene.play(scene.legal[0])
    until(app, lambda: len(rs.moves) == 1, 10, "the move played")
    click(app, next(t for t in scene.tools if t.label == "Menu").rect.center)
    menu = until(app, lambda: getattr(app.scene, "ready", False) and app.scene, 20, "menu")
    assert menu.continue_info.startswith("Online \u2014 Brawl: Player 1, Bo")
    click(app, by_label(menu.buttons, "Continue").rect.center)
    again = until(app, lambda: isinstance(app.scene, TableScene) and app.scene, 20,
                  "the table rejoined")
    back = again.model.remote_session
    assert (back.table, back.seat, len(back.moves)) == (rs.table, 0, 1)
    friend.close()


def test_a_client_killed_mid_game_rejoins_and_finishes_nothing_lost_or_twice(tmp_path):
    """The friend's app (a process of its own) is killed with SIGKILL mid-game, started
    again, and takes its seat back from what it kept: the game finishes, and every move
    it saw acknowledged is the server's move at that position, once."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from tabletop.engine.pack import unpack_move

    here = Path(__file__).parent
    server = LocalServer(tmp_path / "srv", "127.0.0.1").start()
    env = {**os.environ, "TABLETOP_HOME": str(tmp_path / "friend"),
           "PYTHONPATH": os.pathsep.join([str(here.parent), str(here)])}
    player = [sys.executable, str(here / "online_player.py")]
    try:
        a = online_plans.host(server, "brawl", {}, ["Ana", "Bo"], 0, 41)
        me = RemoteTableModel(a.session, a.link, a.token)
        room = server.server.rooms[a.session.table]
        friend = subprocess.Popen([*player, "join", server.local_url, a.session.code,
                                   str(tmp_path), "1"], env=env)
        rng = random.Random(3)
        end = time.monotonic() + GAME_SECONDS
        killed = False
        while time.monotonic() < end and not room.session.state.over:
            me.receive()
            snap = me.snapshot()
            if snap.legal and me.pending is None:
                me.play(rng.choice(snap.legal))
            if not killed and sum(m.seat == 1 for m in room.session.moves) >= 5:
                friend.send_signal(signal.SIGKILL)  # mid-game, whatever it was doing
                friend.wait(timeout=10)
                killed = True
                friend = subprocess.Popen([*player, "rejoin", str(tmp_path), "2"], env=env)
            time.sleep(0.003)
        assert killed and room.session.state.over
        friend.wait(timeout=30)
        assert (tmp_path / "over").read_text() == "True"
        acks = [json.loads(line) for line in (tmp_path / "acks.jsonl").read_text().splitlines()]
        assert len(acks) >= 6 and len({a for a, _ in acks}) == len(acks)  # none twice
        for position, move in acks:  # none lost: each is the server's, where it was made
            assert room.session.moves[position] == unpack_move(move)
        me.close()
    finally:
        server.stop()


def test_load_game_leads_to_the_online_games_to_rejoin(app):
    until(app, lambda: app.scene.ready, what="menu")
    click(app, by_label(app.scene.buttons, "Load game").rect.center)
    click(app, app.scene.online_button.rect.center)
    assert isinstance(app.scene, PlayOnline)


def test_hint_on_an_online_table_thinks_from_the_seats_own_view(app):
    scene, rs, friend = hosted_with_friend(app)
    assert not scene.computers.mods  # the shipped cards, as the server plays
    click(app, next(t for t in scene.tools if t.label == "Hint").rect.center)
    hint = until(app, lambda: scene.hint, 30, "the hint")
    assert hint.move in scene.legal and hint.changes == rs.changes
    friend.close()


def test_the_server_killed_9_and_restarted_the_tables_go_on_by_themselves(tmp_path):
    """``tabletop serve`` killed with SIGKILL under two players' tables and started
    again on the same port and folder: their connections come back by themselves, take
    their seats back, and the game goes on from every move acknowledged."""
    import signal
    import socket
    import subprocess
    import sys

    from tabletop.net.link import Link

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [sys.executable, "-m", "tabletop", "serve", "--port", str(port), "--data",
               str(tmp_path / "srv")]
    url = f"ws://127.0.0.1:{port}"

    def start():
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True)
        assert "listening" in proc.stdout.readline()
        return proc

    server = start()
    try:
        link = Link(url)
        code = link.request({"type": "create", "game": "brawl", "seats": ["Ana", "Bo"],
                             "seed": 5}, "created").result(20)["code"]
        link.close()
        players = [online_plans.join(url, code, name) for name in ("Ana", "Bo")]
        models = [RemoteTableModel(p.session, p.link, p.token) for p in players]
        rng = random.Random(4)

        def play_until(moves: int) -> None:
            end = time.monotonic() + 60
            while time.monotonic() < end and models[0].remote_session.changes < moves:
                for m in models:
                    m.receive()
                    snap = m.snapshot()
                    if snap.legal and m.pending is None:
                        m.play(rng.choice(snap.legal))
                time.sleep(0.003)
            assert models[0].remote_session.changes >= moves

        play_until(6)
        acknowledged = models[0].remote_session.changes
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        end = time.monotonic() + 10
        while time.monotonic() < end and any(m.link.status == "connected" for m in models):
            time.sleep(0.01)
        assert all(m.link.status == "reconnecting" for m in models)
        server = start()
        end = time.monotonic() + 20
        while time.monotonic() < end and not all(
                m.link.status == "connected" and (m.receive() or True) and
                m.remote_session.changes >= acknowledged for m in models):
            time.sleep(0.02)
        assert all(m.link.status == "connected" for m in models)
        play_until(acknowledged + 6)  # the game goes on
        for m in models:
            m.close()
    finally:
        server.kill()
        server.wait(timeout=10)
