"""kill -9 a writer mid-game: every acknowledged move is still there, and the game replays."""
import os
import signal
import subprocess
import threading
import sys
import textwrap

from companion.games import TABLE
from companion.games.paradominetor.rules import legal_plays
from companion.session import Session
from companion.store import Store

WRITER = textwrap.dedent("""
    import sys
    from companion.games import Viewer
    from companion.games.paradominetor.moves import Pass
    from companion.games.paradominetor.rules import legal_plays
    from companion.games.paradominetor.tiles import parse_tile
    from companion.session import Session
    from companion.store import Store
    store = Store(sys.argv[1])
    s = Session.create(store, "paradominetor", {"seats": 4, "deal": True}, seed=int(sys.argv[2]))
    for seat in range(4):
        hand = [parse_tile(t) for t in s.view(Viewer.of_seat(seat))["hand"]]
        pick = {t.timeframe: str(t) for t in hand}
        print("DO move", flush=True)
        s.submit(Pass(seat, (pick["past"], pick["present"], pick["future"])))
        print("ACK", len(s.moves), flush=True)
    n = 0
    while not s.is_over():
        plays = legal_plays(s.state)
        print("DO move", flush=True)
        s.submit(plays[n % len(plays)])
        n += 1
        print("ACK", len(s.moves), flush=True)
        if n % 7 == 3:
            print("DO undo", flush=True)
            s.undo()
            print("ACK", len(s.moves), flush=True)
""")


def run_and_kill(db, seed, kill_after):
    """(moves acknowledged, what the writer was doing when killed: "move", "undo" or None)."""
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(db), str(seed)],
                            stdout=subprocess.PIPE, text=True)
    # A writer that hangs is killed by the watchdog, so the test fails instead of waiting forever.
    watchdog = threading.Timer(60, proc.kill)
    watchdog.start()
    acked, doing, acks = None, None, 0

    def heard(line):
        nonlocal acked, doing, acks
        word, value = line.split()
        if word == "DO":
            doing = value
        else:
            acked, doing, acks = int(value), None, acks + 1

    try:
        for line in proc.stdout:
            heard(line)
            if acks >= kill_after:
                os.kill(proc.pid, signal.SIGKILL)
                break
        # what it said after that line and before the kill landed (a busy machine lets it run
        # on a while) is still in the pipe: acknowledged, or begun, too
        for line in proc.stdout:
            heard(line)
        proc.wait(timeout=30)
    finally:
        watchdog.cancel()
    return acked, doing


def test_nothing_acknowledged_is_lost(tmp_path):
    for seed, kill_after in [(1, 5), (2, 17), (3, 40), (4, 61)]:
        db = tmp_path / f"games-{seed}.db"
        acked, doing = run_and_kill(db, seed, kill_after)
        with Store(db) as store:
            s = Session.resume(store)
            # What was acknowledged, or that and the one step in flight when killed (a move
            # begun may be kept, an undo begun may have taken one back)
            step = {"move": 1, "undo": -1, None: 0}[doing]
            assert len(s.moves) in {acked, acked + step}
            view = s.view(TABLE)
            assert sum(view["scores"].values()) == sum(
                sum(t["points"].values()) for t in view["tricks"])
            # The resumed game goes on from where it stopped.
            if not s.is_over() and s.state.phase == "play":
                s.submit(legal_plays(s.state)[0])
