"""What the reliability tests share: the companion in its own process, phones that play a
scripted game through the web API, and the checks that a resumed game is the game played.

Every game registered in companion.games is played the same way: random legal moves (from a
seeded generator) posted by the phone whose seat the move is, so a game registered later is
covered without new test code.
"""
from __future__ import annotations

import http.client
import json
import random
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from companion import games
from playthrough import options as options_for  # noqa: F401 - the form as a host fills it, for every test here
from patience import WAIT_SECONDS
from web.app import viewer_from_name

CALL_SECONDS = WAIT_SECONDS




def call(url: str, payload=None, headers=None, timeout: float = CALL_SECONDS) -> tuple[int, dict]:
    """(status, JSON body) for any answer, 4xx and 5xx included; raises only when nobody answers."""
    data = json.dumps(payload).encode() if payload is not None else None
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json",
                                                          **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def fetch(url: str, timeout: float = CALL_SECONDS) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def stored(db: Path, game_id: int) -> tuple[dict, int, list[dict]]:
    """A game's options, seed and moves in force, read straight from the database file."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10) as con:
        options, seed = con.execute("SELECT options, seed FROM games WHERE id = ?", (game_id,)).fetchone()
        moves = []
        for kind, body in con.execute("SELECT kind, body FROM entries WHERE game_id = ? ORDER BY seq",
                                      (game_id,)):
            if kind == "undo":
                moves.pop()
            else:
                moves.append(json.loads(body))
    return json.loads(options), seed, moves


def integrity(db: Path) -> str:
    con = sqlite3.connect(db)
    try:
        return "; ".join(r[0] for r in con.execute("PRAGMA integrity_check"))
    finally:
        con.close()


class Table:
    """One game of `name` as the phones play it against a companion at `base`."""

    def __init__(self, base: str, host_token: str, name: str, db: Path, seed: int):
        self.base, self.name, self.db = base, name, db
        self.host = {"X-Host-Token": host_token}
        self.rules = games.load(name)
        self.rng = random.Random(seed)
        self.game_id = None
        self.tokens: dict[str, str] = {}

    def start(self):
        status, body = call(f"{self.base}/api/host/game",
                            {"game": self.name, "options": options_for(self.name), "replace": True},
                            self.host)
        assert status == 200, body
        self.game_id = body["game_id"]
        status, view = call(f"{self.base}/api/view", headers=self.host)
        self.tokens = {s["viewer"]: call(f"{self.base}/api/host/seat-link", {"viewer": s["viewer"]}, self.host)[1]["token"]
                       for s in view["seats"]}
        self.resync()

    def resync(self) -> list[dict]:
        """The state from what the database holds (after a restart: the game as stored)."""
        options, seed, moves = stored(self.db, self.game_id)
        state = self.rules.setup(dict(options), seed)
        for body in moves:
            state, _ = self.rules.apply(state, self.rules.move_from_dict(body))
        self.state = state
        return moves

    def over(self) -> bool:
        return self.rules.is_over(self.state)

    def token_for(self, seat: int) -> str:
        if f"seat-{seat}" in self.tokens:
            return self.tokens[f"seat-{seat}"]
        return self.tokens["master"]  # the game master's link moves the master's seat

    def play_one(self, timeout: float = CALL_SECONDS) -> dict:
        """Post one random legal move from its seat's phone; returns the move, once acknowledged."""
        move = self.rng.choice(self.rules.legal_moves(self.state))
        body = self.rules.move_to_dict(move)
        status, answer = call(f"{self.base}/api/move", {"move": body},
                              {"X-Seat-Token": self.token_for(body["seat"])}, timeout=timeout)
        assert status == 200, (status, answer, body)
        self.state, _ = self.rules.apply(self.state, move)
        return json.loads(json.dumps(body))  # as the database keeps it

    def play_until_killed(self, acked: list, stop: threading.Event):
        """Play moves as fast as the companion takes them, until it stops answering."""
        try:
            while not stop.is_set() and not self.over():
                acked.append(self.play_one())
        except (OSError, urllib.error.URLError, http.client.HTTPException):
            pass  # the companion was killed (mid-answer, too): a move in flight is neither acknowledged nor refused

    def viewers(self) -> list[str]:
        return ["table", *self.tokens]

    def expected_view(self, viewer: str) -> dict:
        return json.loads(json.dumps(self.rules.view(self.state, viewer_from_name(viewer))))

    def views_now(self) -> dict[str, dict]:
        """What each phone (and the join page) is shown by the companion right now."""
        out = {"table": call(f"{self.base}/api/table")[1]["view"]}
        for viewer, token in self.tokens.items():
            status, body = call(f"{self.base}/api/view", headers={"X-Seat-Token": token})
            assert status == 200, body
            out[viewer] = body["view"]
        return out


class _Snap:
    """The snapshot fields the OLED is drawn from, for a game resumed with nothing on the OLED."""
    shutting_down, prompt, alert, screen = False, None, "", "auto"

    def __init__(self, table: Table, message: str):
        self.session, self.message, self._table = table, message, table

    def view(self, viewer):
        return self._table.rules.view(self._table.state, viewer)


def oled_expected(table: Table, message: str, join_url: str) -> bytes:
    """The OLED's picture for the game as the table holds it, drawn by the same screens."""
    from companion.panel import oled_screen
    from hardware.display import Display, emulated_device
    display = Display(emulated_device())
    display.show(*oled_screen(_Snap(table, message), join_url))
    return display.png()


def wait_until(check, seconds: float = 15.0, every: float = 0.05):
    """Poll `check()` until it returns a true value; the last value otherwise. Often: each poll
    outlasts what it waits for by half of `every`."""
    deadline = time.monotonic() + seconds
    while True:
        got = check()
        if got or time.monotonic() > deadline:
            return got
        time.sleep(every)
