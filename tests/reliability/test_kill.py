"""kill -9 the running companion at random moments while phones play, for every game.

Each cycle: the phones post moves as fast as the companion takes them, the process is killed at
a random moment, and then, before it starts again, the database passes SQLite's integrity
check; after it starts, every acknowledged move is in the game (at most the one in flight is
added), and the join page, every phone and the OLED show that game. `make soak` runs 100 cycles
and more per game (PARADOX_TABLE_KILL_CYCLES).
"""
import os
import random
import threading
import time

import pytest

from companion import games
from patience import WAIT_SECONDS
from running import STARTUP_SECONDS, Running, free_port
from tablekit import Table, fetch, call, integrity, oled_expected, wait_until

CYCLES = int(os.environ.get("PARADOX_TABLE_KILL_CYCLES", "2"))
HOSTNAME = "paradox-table"


def config_for(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(f'hostname = "{HOSTNAME}"\nstate_dir = "{tmp_path / "state"}"\n'
                      '[web]\nhost = "127.0.0.1"\n')
    return config


def started(config, port, cwd) -> Running:
    companion = Running(config, port, cwd)
    try:
        companion.wait_for("Paradox Table is running", STARTUP_SECONDS)
    except BaseException:
        companion.kill()
        raise
    return companion


def resumed_as_played(table: Table, base: str, join_url: str):
    """The join page, every phone and the OLED show the game the database holds."""
    views = table.views_now()
    for viewer, view in views.items():
        assert view == table.expected_view(viewer), f"{table.name}: {viewer} is shown another game"

    def oled_matches():  # what the OLED says may move on (the camera's first words): read both again
        message = call(f"{base}/api/table")[1]["table"]["message"]
        return fetch(f"{base}/api/oled.png") == oled_expected(table, message, join_url) and message
    message = wait_until(oled_matches, seconds=WAIT_SECONDS)
    assert message, f"{table.name}: the OLED does not show the resumed game"


@pytest.mark.parametrize("name", games.names())
def test_every_acknowledged_move_survives_kill_9(tmp_path, name, lessons):
    config, port = config_for(tmp_path), free_port()
    lessons.give(tmp_path / "state")  # the camera games open their cameras without a first lesson
    base, join_url = f"http://127.0.0.1:{port}", f"http://{HOSTNAME}.local:{port}/"
    db = tmp_path / "state" / "games.db"
    rng = random.Random(f"{name}-kill")
    companion = started(config, port, tmp_path)
    table = Table(base, (tmp_path / "state" / "host-token").read_text().strip(), name, db, seed=rng.random())
    figures = []
    try:
        table.start()
        for cycle in range(CYCLES):
            if table.over():  # a game played out: the host starts the next one
                table.start()
            acked, stop = [], threading.Event()
            before = len(table.resync())
            phones = threading.Thread(target=table.play_until_killed, args=(acked, stop))
            phones.start()
            time.sleep(rng.uniform(0.05, 0.8))
            companion.kill()
            stop.set()
            phones.join(30)
            assert integrity(db) == "ok"
            companion = started(config, port, tmp_path)
            moves = table.resync()
            assert moves[:before + len(acked)][before:] == acked, f"{name}: an acknowledged move is lost"
            assert len(moves) <= before + len(acked) + 1  # at most the one in flight
            if table.over():  # a finished game is kept, not resumed: the table waits for the next
                assert call(f"{base}/api/table")[1]["view"] == {"game": None}
            else:
                resumed_as_played(table, base, join_url)
            figures.append(len(acked))
    finally:
        companion.kill()
    print(f"\n{name}: {CYCLES} kill -9 cycles, acknowledged moves per cycle {figures}")
