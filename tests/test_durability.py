"""kill -9 a writer mid-game: every acknowledged move is still there, and the game replays."""
import os
import signal
import subprocess
import threading
import sys
import textwrap

from companion.games import TABLE
from companion.session import Session
from companion.store import Store

WRITER = textwrap.dedent("""
    import sys
    from companion.games import Viewer
    from companion.session import Session
    from companion.store import Store
    store = Store(sys.argv[1])
    s = Session.create(store, "paradominetor", {"seats": 4, "deal": True}, seed=int(sys.argv[2]))
    rules = s.rules
    for seat in range(4):
        hand = [rules.parse_tile(t) for t in s.view(Viewer.of_seat(seat))["hand"]]
        pick = {t.timeframe: str(t) for t in hand}
        s.submit(rules.Pass(seat, (pick["past"], pick["present"], pick["future"])))
        print("ACK", len(s.moves), flush=True)
    n = 0
    while not s.is_over():
        plays = rules.legal_plays(s.state)
        s.submit(plays[n % len(plays)])
        n += 1
        print("ACK", len(s.moves), flush=True)
        if n % 7 == 3:
            s.undo()
            print("ACK", len(s.moves), flush=True)
""")


def run_and_kill(db, seed, kill_after):
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(db), str(seed)],
                            stdout=subprocess.PIPE, text=True)
    # A writer that hangs is killed by the watchdog, so the test fails instead of waiting forever.
    watchdog = threading.Timer(60, proc.kill)
    watchdog.start()
    acked = None
    try:
        for i, line in enumerate(proc.stdout):
            acked = int(line.split()[1])
            if i + 1 >= kill_after:
                os.kill(proc.pid, signal.SIGKILL)
                break
        # what it acknowledged after that line and before the kill landed (a busy machine lets
        # it run on a while) is still in the pipe: acknowledged too
        for line in proc.stdout:
            acked = int(line.split()[1])
        proc.wait(timeout=30)
    finally:
        watchdog.cancel()
    return acked


def test_nothing_acknowledged_is_lost(tmp_path):
    for seed, kill_after in [(1, 5), (2, 17), (3, 40), (4, 61)]:
        db = tmp_path / f"games-{seed}.db"
        acked = run_and_kill(db, seed, kill_after)
        with Store(db) as store:
            s = Session.resume(store)
            # At least what was acknowledged; at most the one move in flight when killed.
            assert acked <= len(s.moves) <= acked + 1
            view = s.view(TABLE)
            assert sum(view["scores"].values()) == sum(
                sum(t["points"].values()) for t in view["tricks"])
            # The resumed game goes on from where it stopped.
            if not s.is_over() and s.state.phase == "play":
                s.submit(s.rules.legal_plays(s.state)[0])
