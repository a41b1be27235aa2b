"""Load: eight phones and the host page on live streams while every game is played fast, phones
dropping and rejoining at random. `make test` plays a short while and asserts no errors and no
server whose threads the streams use up; the timings and memory are measured and written to
tests/output/reliability-load.json, never asserted (`make soak` plays 10 minutes and an hour:
PARADOX_TABLE_LOAD_SECONDS)."""
import json
import os
import socket
import threading
from contextlib import contextmanager
from pathlib import Path

from companion.service import Companion
from companion.store import Store
from loadkit import play
from running import STARTUP_SECONDS, Running, free_port
from tablekit import call
from web.app import THREADS, Extras, create_app, make_server
from patience import WAIT_SECONDS

SECONDS = float(os.environ.get("PARADOX_TABLE_LOAD_SECONDS", "15"))
OUTPUT = Path(__file__).resolve().parents[1] / "output"


def test_eight_phones_and_the_host_on_live_streams_while_every_game_is_played(tmp_path, lessons):
    lessons.give(tmp_path / "state")  # the camera games open their cameras without a first lesson
    config = tmp_path / "config.toml"
    config.write_text(f'state_dir = "{tmp_path / "state"}"\n[web]\nhost = "127.0.0.1"\n')
    port = free_port()
    companion = Running(config, port, tmp_path)
    try:
        companion.wait_for("Paradox Table is running", STARTUP_SECONDS)
        output = []
        threading.Thread(target=lambda: [output.append(line) for line in iter(companion.lines.get, None)],
                         daemon=True).start()
        figures = play(f"http://127.0.0.1:{port}", (tmp_path / "state" / "host-token").read_text().strip(),
                       tmp_path / "state" / "games.db", companion.proc.pid, SECONDS, seed=15,
                       output=lambda: list(output))
    finally:
        companion.kill()
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / f"reliability-load-{int(SECONDS)}s.json").write_text(json.dumps(figures, indent=1) + "\n")
    print("\nload:", json.dumps(figures))
    assert figures["errors"] == 0, figures["first_errors"]
    # never every server thread held by a stream: the mover's requests always find one free
    # (waitress's queue warnings are in the figures: a busy machine alone can bring one about)
    assert figures["streams_held_most"] + 1 < THREADS
    assert figures["moves"] > 10 and figures["updates_measured"] > 0


@contextmanager
def serving(tmp_path, stream_seconds: float, threads: int):
    """(the companion, its web server's port): a server with few threads and streams that end
    after `stream_seconds`, closed afterwards."""
    store = Store(tmp_path / "games.db")
    companion = Companion(store)
    companion.start()
    app = create_app(companion, "h" * 43, Extras(games=("loop",)), stream_seconds=stream_seconds)
    server = make_server(app, host="127.0.0.1", port=0, threads=threads)
    threading.Thread(target=server.run, daemon=True).start()
    try:
        yield companion, server.effective_port
    finally:
        server.close()
        companion.stop()
        store.close()


def test_a_phone_that_vanishes_without_closing_its_stream_gives_its_thread_back(tmp_path):
    """More vanished phones than the server has threads: each stream ends on its own after
    stream_seconds, so an ordinary request is answered again instead of waiting forever."""
    gone = []
    with serving(tmp_path, stream_seconds=1.0, threads=3) as (companion, port):
        try:
            for _ in range(6):  # each opens its stream, reads the first event, then says nothing more
                sock = socket.create_connection(("127.0.0.1", port))
                sock.sendall(b"GET /api/stream HTTP/1.1\r\nHost: x\r\n\r\n")
                assert b"200" in sock.recv(64)
                gone.append(sock)
            status, body = call(f"http://127.0.0.1:{port}/api/table", timeout=10)
            assert status == 200 and body["view"] == {"game": None}
        finally:
            for sock in gone:
                sock.close()


def test_a_phone_that_closes_its_line_frees_its_thread_at_once(tmp_path):
    """Long streams, few threads: phones that hang up are noticed by the server (it keeps reading
    each line), so the next request is answered without waiting for any stream's end."""
    with serving(tmp_path, stream_seconds=600.0, threads=2) as (companion, port):
        for _ in range(4):  # twice as many phones as threads, each hanging up after its first view
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(b"GET /api/stream HTTP/1.1\r\nHost: x\r\n\r\n")
            assert b"200" in sock.recv(64)
            sock.close()
            companion.say("a change wakes the streams").result(WAIT_SECONDS)
        status, body = call(f"http://127.0.0.1:{port}/api/table", timeout=10)
        assert status == 200 and body["view"] == {"game": None}
