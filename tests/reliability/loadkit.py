"""Eight phones and the host page on live streams while the table plays fast, phones dropping
(closing, or vanishing without a word) and rejoining at random. Measures; the tests decide.

The figures: errors (5xx answers, refused or reset connections, timeouts), how long each live
update took to reach each stream after the move was acknowledged, the slowest answer to an
ordinary request (a starved server shows there first), the companion's resident memory at the
start and at the end, the most streams the phones held open at once (read or vanished: each
holds a server thread), and waitress's own "Task queue depth" warnings (every thread busy at
one moment, which a busy machine alone can bring about: measured, for the soak's reading).
"""
from __future__ import annotations

import http.client
import json
import random
import threading
import time
import urllib.error

from companion import games
from tablekit import Table, call
from web.door import STREAM_SECONDS

PHONES = 8


def rss_kib(pid: int) -> int:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Phone(threading.Thread):
    """One live stream, read as a page's EventSource reads it: (arrival time, version) per event."""

    def __init__(self, base: str, token_of, rng: random.Random, figures: "Figures", stop: threading.Event):
        super().__init__(daemon=True)
        self.base, self.token_of, self.rng, self.figures, self.stop = base, token_of, rng, figures, stop
        self.vanished: list = []  # responses of streams left open and unread

    def run(self):
        host, port = self.base.rsplit("//", 1)[1].split(":")
        while not self.stop.is_set():
            token = self.token_of()
            stays = self.rng.uniform(1.0, 8.0)
            try:
                conn = http.client.HTTPConnection(host, int(port), timeout=10)
                conn.request("GET", "/api/stream" + (f"?token={token}" if token else ""))
                resp = conn.getresponse()
                if resp.status == 403:  # a new game: the phone rejoins with its new link
                    conn.close()
                    time.sleep(0.2)
                    continue
                if resp.status != 200:
                    self.figures.error(f"stream answered {resp.status}")
                    conn.close()
                    continue
                opened = time.monotonic()
                self.read(resp, opened + stays)
                if self.rng.random() < 0.3:  # gone without a word: the socket stays open, unread
                    self.vanished.append(resp)  # it holds the socket
                    self.figures.held(opened, opened + STREAM_SECONDS)  # till the server ends it
                else:
                    conn.close()
                    self.figures.held(opened, time.monotonic())
            except (OSError, http.client.HTTPException) as exc:
                if not self.stop.is_set():
                    self.figures.error(f"stream: {exc!r}")
            time.sleep(self.rng.uniform(0.0, 1.0))  # rejoins

    def read(self, resp, until: float):
        data, opened = None, None
        try:
            while time.monotonic() < until and not self.stop.is_set():
                line = resp.fp.readline()
                if not line:
                    return  # the stream ended (its time was up, or a new game revoked the link)
                line = line.decode().rstrip("\n")
                if line.startswith("data: "):
                    data = json.loads(line[6:])
                elif line == "" and data is not None:
                    if "version" in data:
                        now = time.monotonic()
                        opened = opened or now  # live from its first view on
                        self.figures.seen(self, now, data["version"])
                    data = None
        finally:
            if opened is not None:
                self.figures.listened(self, opened, time.monotonic())


class Figures:
    def __init__(self):
        self.lock = threading.Lock()
        self.errors: list[str] = []
        self.events: dict[object, list[tuple[float, int]]] = {}
        self.open: dict[object, list[tuple[float, float]]] = {}  # when each phone's stream was live
        self.acks: list[tuple[float, int, str]] = []  # (acknowledged at, version then, game)
        self.slowest_request = 0.0
        self.rss: list[int] = []  # KiB, at each change of game (a round: every game once)
        self.streams: list[tuple[float, float]] = []  # (opened, thread given back) per stream

    def held(self, since: float, until: float):
        with self.lock:
            self.streams.append((since, until))

    def most_held(self) -> int:
        """The most streams holding a server thread at one moment."""
        ends = sorted([(t, +1) for t, _ in self.streams] + [(t, -1) for _, t in self.streams])
        held = most = 0
        for _, change in ends:  # at a tie the end comes first: -1 sorts before +1
            held += change
            most = max(most, held)
        return most

    def error(self, what: str):
        with self.lock:
            self.errors.append(what)

    def listened(self, phone, since: float, until: float):
        with self.lock:
            self.open.setdefault(phone, []).append((since, until))

    def seen(self, phone, at: float, version: int):
        with self.lock:
            self.events.setdefault(phone, []).append((at, version))

    def latencies(self) -> list[tuple[float, str]]:
        """For every acknowledged move and every phone whose stream was live from the move to a
        second after it, how long the change took to arrive on that phone (a phone off the line
        at that moment catches up when it rejoins, which is not a live update; a stream whose
        view the move left alone has nothing to show), with the game it was played in."""
        out = []
        for phone, events in self.events.items():
            live = self.open.get(phone, [])
            i = 0
            for acked, version, game in self.acks:
                while i < len(events) and events[i][1] < version:
                    i += 1
                listening = any(a <= acked and acked + 1.0 <= b for a, b in live)
                if listening and i < len(events) and events[i][0] >= acked - 1e-3:
                    out.append((max(0.0, events[i][0] - acked), game))
        return out

    def summary(self, rss_start: int, rss_end: int, queue_warnings: int, seconds: float) -> dict:
        timed = self.latencies()
        lat = sorted(x for x, _ in timed)
        pick = (lambda q: round(lat[min(len(lat) - 1, int(q * len(lat)))], 3)) if lat else (lambda q: None)
        by_game = {}
        for game in sorted({g for _, g in timed}):
            mine = sorted(x for x, g in timed if g == game)
            by_game[game] = {"updates": len(mine), "p95_s": round(mine[int(0.95 * (len(mine) - 1))], 3),
                             "over_1s": sum(1 for x in mine if x > 1.0)}
        return {"seconds": round(seconds, 1), "moves": len(self.acks), "updates_measured": len(lat),
                "update_p50_s": pick(0.5), "update_p95_s": pick(0.95), "update_max_s": pick(1.0),
                "updates_over_1s": sum(1 for x in lat if x > 1.0), "updates_by_game": by_game,
                "errors": len(self.errors),
                "first_errors": self.errors[:5], "slowest_request_s": round(self.slowest_request, 3),
                "rss_start_kib": rss_start, "rss_end_kib": rss_end,
                "rss_each_round_kib": self.rss[::len(games.names())],
                "rss_after_each_game_kib": self.rss[:200], "streams_held_most": self.most_held(),
                "task_queue_warnings": queue_warnings}


def play(base: str, host_token: str, db, pid: int, seconds: float, seed: int, output) -> dict:
    """Play every registered game in turn, fast, for `seconds` with the phones on; the figures."""
    rng = random.Random(seed)
    figures, stop = Figures(), threading.Event()
    names = games.names()
    table = Table(base, host_token, names[0], db, seed=rng.random())
    table.start()
    current = {"table": table}

    def token_of_phone(i):
        def token():
            links = sorted(current["table"].tokens.values())
            return links[i] if i < len(links) else None  # a phone without a seat watches the table
        return token

    phones = [Phone(base, token_of_phone(i), random.Random(rng.random()), figures, stop)
              for i in range(PHONES)]
    phones.append(Phone(base, lambda: host_token, random.Random(rng.random()), figures, stop))
    for p in phones:
        p.start()
    time.sleep(1.0)
    rss_start = rss_kib(pid)
    started = time.monotonic()
    game = 0
    try:
        while time.monotonic() - started < seconds:
            table = current["table"]
            if table.over() or len(figures.acks) % 60 == 59:  # every game gets its turn
                figures.rss.append(rss_kib(pid))
                game += 1
                table = Table(base, host_token, names[game % len(names)], db, seed=rng.random())
                table.start()
                current["table"] = table
            try:
                table.play_one()
                t0 = time.monotonic()
                status, body = call(f"{base}/api/table")
                figures.slowest_request = max(figures.slowest_request, time.monotonic() - t0)
                if status != 200:
                    figures.error(f"/api/table answered {status}")
                else:
                    figures.acks.append((t0, body["version"], table.name))
            except (AssertionError, OSError, urllib.error.URLError) as exc:
                figures.error(f"move: {exc!r}"[:300])
            time.sleep(rng.uniform(0.02, 0.15))
    finally:
        stop.set()
        elapsed = time.monotonic() - started
        rss_end = rss_kib(pid)
        for p in phones:
            p.join(15)
            for sock in p.vanished:
                sock.close()
    queue_warnings = sum("Task queue depth" in line for line in output())
    return figures.summary(rss_start, rss_end, queue_warnings, elapsed)
