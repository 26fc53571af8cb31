"""A player's app without a window, for ``test_online_table.py``'s killed-client test:
``python tests/online_player.py join URL CODE FOLDER SEED`` joins the table of CODE and
keeps its seat as the app does (``TABLETOP_HOME``'s online.json);
``python tests/online_player.py rejoin FOLDER SEED`` takes the seat kept there back.
Either plays random legal moves through the table's own model until the game is over
(or it is killed), appending each move the server acknowledged to FOLDER/acks.jsonl as
``[position, packed move]`` before making the next."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from tabletop.engine.pack import pack_move
from tabletop.net import seatbook
from tabletop.ui import online_plans
from tabletop.ui.table.remote import RemoteTableModel


def main() -> None:
    if sys.argv[1] == "join":
        url, code, folder, seed = sys.argv[2], sys.argv[3], Path(sys.argv[4]), int(sys.argv[5])
        seated = online_plans.join(url, code, "Bo")
        seatbook.keep(seated.held)
    else:
        folder, seed = Path(sys.argv[2]), int(sys.argv[3])
        seated = online_plans.rejoin(seatbook.read()[0])
    model = RemoteTableModel(seated.session, seated.link, seated.token)
    rs = model.remote_session
    rng = random.Random(seed)
    acks = folder / "acks.jsonl"
    made = None  # (position, move) sent and not yet acknowledged
    end = time.monotonic() + 180
    while time.monotonic() < end and not rs.over:
        model.receive()
        if made is not None and model.pending is None and rs.changes > made[0]:
            with acks.open("a") as f:  # acknowledged: the server's view is after it
                f.write(json.dumps([made[0], pack_move(made[1])]) + "\n")
            made = None
        snap = model.snapshot()
        if snap.legal and model.pending is None and made is None:
            move = rng.choice(snap.legal)
            made = (rs.changes, move)
            model.play(move)
        time.sleep(0.002)
    (folder / "over").write_text(str(rs.over))
    seated.link.close()


if __name__ == "__main__":
    main()
