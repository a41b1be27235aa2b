"""The SQLite event log: the only place that writes game data.

Every accepted move is appended and committed (WAL, synchronous=FULL) before the caller
acknowledges it, so a power cut or kill -9 loses nothing acknowledged. Nothing is ever deleted:
an undo is an entry of its own. A game's state is the replay of its entries (companion.session).
"""
from __future__ import annotations

import contextlib
import json
import logging
import secrets
import sqlite3
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .errors import StorageFull, StoreError  # noqa: F401 - the store's faults, named here too

log = logging.getLogger("paradox-table")

# The database's format, kept in SQLite's user_version. A release reads every format up to its
# own and writes its own; a database from a newer release is left untouched (see Store).
FORMAT = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY,
    game     TEXT NOT NULL,
    options  TEXT NOT NULL,          -- JSON object given to setup()
    seed     INTEGER NOT NULL,
    created  TEXT NOT NULL,
    ended    TEXT                    -- set when the game is over or abandoned
);
CREATE TABLE IF NOT EXISTS entries (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seq      INTEGER NOT NULL,
    kind     TEXT NOT NULL CHECK (kind IN ('move', 'undo')),
    body     TEXT NOT NULL,          -- JSON: the move, or {} for an undo
    source   TEXT NOT NULL,          -- camera, button, phone, record...
    at       TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS kept (
    game     TEXT PRIMARY KEY,       -- what a table taught the companion (a real box's cards,
    body     TEXT NOT NULL,          -- the island it built), handed to the next game of the kind
    at       TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seat_tokens (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    viewer   TEXT NOT NULL,          -- "seat-2", "master"
    token    TEXT NOT NULL UNIQUE,
    issued   TEXT NOT NULL,
    revoked  TEXT,
    taken    TEXT,                   -- when a phone first took the seat with this token
    shown    TEXT                    -- when the host last opened this link (its phone is told)
);
"""


# The `kept` row of the table itself (its language), beside the games' rows: no game has this name.
TABLE_KEY = "table"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    options: dict
    seed: int
    created: str
    ended: str | None


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str  # "move" | "undo"
    body: dict
    source: str
    at: str


class Store:
    """One database file; safe to share between threads (one connection, one lock)."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            self._open()
        except BaseException:
            self._db.close()
            raise

    def _open(self):
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        if version > FORMAT:  # a newer release's games: read nothing, write nothing
            raise StoreError(f"{self.path} was written by a newer release of the companion (format "
                             f"{version}; this one reads up to {FORMAT}). Update the companion; "
                             "the file is left as it is")
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(seat_tokens)")}
        if "taken" not in columns:  # a database from before phones could take seats themselves
            self._db.execute("ALTER TABLE seat_tokens ADD COLUMN taken TEXT")
        if "shown" not in columns:  # a database from before the host page hid the seats' links
            self._db.execute("ALTER TABLE seat_tokens ADD COLUMN shown TEXT")
        if version < FORMAT:  # format 0 is every database from before the format was kept
            self._db.execute(f"PRAGMA user_version = {FORMAT}")

    @property
    def format(self) -> int:
        return self._read("PRAGMA user_version")[0][0]

    def check(self) -> str:
        """SQLite's own integrity check: "ok", or what is wrong."""
        rows = self._read("PRAGMA integrity_check")
        return "; ".join(str(r[0]) for r in rows[:5])

    def close(self):
        with self._lock:
            self._db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _write(self, sql: str, args=()) -> sqlite3.Cursor:
        with self._lock, self._full(), self._db:  # the context manager commits, or rolls back
            self._db.execute("BEGIN IMMEDIATE")
            return self._db.execute(sql, args)

    @contextlib.contextmanager
    def _full(self):
        """A full disk refuses the write in the players' words; SQLite has rolled it back, so
        what was stored before is as it was."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            if getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "full" in str(exc):
                log.error("%s: the disk is full (%s)", self.path, exc)
                raise StorageFull(f"The companion's storage is full, so this was not saved. Free some "
                                  f"space in {Path(self.path).parent}, then do it again: every move "
                                  "before it is kept") from None
            raise

    def _read(self, sql: str, args=()) -> list:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    # what a table taught, for the next game of its kind ------------------------

    def keep(self, game: str, body: dict):
        self._write("INSERT INTO kept (game, body, at) VALUES (?, ?, ?) ON CONFLICT(game) "
                    "DO UPDATE SET body = excluded.body, at = excluded.at",
                    (game, json.dumps(body, sort_keys=True), _now()))

    def kept(self, game: str) -> dict | None:
        rows = self._read("SELECT body FROM kept WHERE game = ?", (game,))
        if not rows:
            return None
        try:
            body = json.loads(rows[0][0])
        except ValueError:  # a damaged row teaches nothing; the game starts from its catalog
            return None
        return body if isinstance(body, dict) else None

    # the table's language (companion.i18n), kept beside what the table taught ----------

    def language(self) -> str:
        from .i18n import DEFAULT
        return self._kept_language() or DEFAULT

    def language_chosen(self) -> bool:
        """Whether the table's language was ever chosen (else it is the default)."""
        return self._kept_language() is not None

    def _kept_language(self) -> str | None:
        from .i18n import LANGS
        kept = (self.kept(TABLE_KEY) or {}).get("language")
        return kept if kept in LANGS else None

    def set_language(self, language: str):
        self.keep(TABLE_KEY, {**(self.kept(TABLE_KEY) or {}), "language": language})

    # games ---------------------------------------------------------------

    def create_game(self, game: str, options: dict, seed: int) -> int:
        cur = self._write("INSERT INTO games (game, options, seed, created) VALUES (?, ?, ?, ?)",
                          (game, json.dumps(options, sort_keys=True), seed, _now()))
        return cur.lastrowid

    def game(self, game_id: int) -> GameRecord:
        rows = self._read("SELECT id, game, options, seed, created, ended FROM games WHERE id = ?",
                          (game_id,))
        if not rows:
            raise KeyError(f"no game {game_id}")
        gid, game, options, seed, created, ended = rows[0]
        return GameRecord(gid, game, json.loads(options), seed, created, ended)

    def games(self) -> list[GameRecord]:
        """Every game kept, newest first."""
        rows = self._read("SELECT id, game, options, seed, created, ended FROM games ORDER BY id DESC")
        return [GameRecord(gid, game, json.loads(options), seed, created, ended)
                for gid, game, options, seed, created, ended in rows]

    def entry_counts(self) -> dict[int, int]:
        """game id -> how many entries (moves and undos) its log holds."""
        return dict(self._read("SELECT game_id, COUNT(*) FROM entries GROUP BY game_id"))

    def latest_open_game(self) -> GameRecord | None:
        """The game to resume after a restart: the newest one not ended."""
        rows = self._read("SELECT id FROM games WHERE ended IS NULL ORDER BY id DESC LIMIT 1")
        return self.game(rows[0][0]) if rows else None

    def end_game(self, game_id: int):
        self._write("UPDATE games SET ended = ? WHERE id = ? AND ended IS NULL", (_now(), game_id))

    def reopen_game(self, game_id: int):
        """An undo of a game's last move makes it a game in progress again."""
        self._write("UPDATE games SET ended = NULL WHERE id = ?", (game_id,))

    # the log ---------------------------------------------------------------

    def append(self, game_id: int, kind: str, body: dict, source: str) -> int:
        """Append one entry and commit it to disk; returns its sequence number."""
        with self._lock, self._full(), self._db:
            self._db.execute("BEGIN IMMEDIATE")
            (seq,) = self._db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM entries WHERE game_id = ?",
                                      (game_id,)).fetchone()
            self._db.execute("INSERT INTO entries (game_id, seq, kind, body, source, at) "
                             "VALUES (?, ?, ?, ?, ?, ?)",
                             (game_id, seq, kind, json.dumps(body, sort_keys=True), source, _now()))
        return seq

    def entries(self, game_id: int) -> list[Entry]:
        rows = self._read("SELECT seq, kind, body, source, at FROM entries WHERE game_id = ? "
                          "ORDER BY seq", (game_id,))
        return [Entry(seq, kind, json.loads(body), source, at) for seq, kind, body, source, at in rows]

    # seat tokens: how a phone proves which seat it is ----------------------

    def issue_token(self, game_id: int, viewer: str) -> str:
        """A fresh unguessable token (256 bits) for a viewer; the old one stops working."""
        token = secrets.token_urlsafe(32)
        with self._lock, self._full(), self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("UPDATE seat_tokens SET revoked = ? WHERE game_id = ? AND viewer = ? "
                             "AND revoked IS NULL", (_now(), game_id, viewer))
            self._db.execute("INSERT INTO seat_tokens (game_id, viewer, token, issued) VALUES (?, ?, ?, ?)",
                             (game_id, viewer, token, _now()))
        return token

    def tokens(self, game_id: int) -> dict[str, str]:
        """viewer -> the token in force."""
        rows = self._read("SELECT viewer, token FROM seat_tokens WHERE game_id = ? AND revoked IS NULL",
                          (game_id,))
        return dict(rows)

    def viewer_for_token(self, token: str) -> tuple[int, str] | None:
        rows = self._read("SELECT game_id, viewer FROM seat_tokens WHERE token = ? AND revoked IS NULL",
                          (token,))
        return tuple(rows[0]) if rows else None

    def tokens_in_force(self) -> list[tuple[int, str, str]]:
        """(game id, viewer, token) for every link in force in every kept game: a phone keeps a
        seat in each game it played, and asks which game a key it holds is for."""
        return [tuple(r) for r in self._read("SELECT game_id, viewer, token FROM seat_tokens "
                                             "WHERE revoked IS NULL ORDER BY game_id, viewer")]

    # links the host opened: the seat's phone is told ---------------------------

    def show_seat(self, game_id: int, viewer: str) -> str | None:
        """The host opens a seat's link in force (to hand a phone over): the token, noted as
        shown now, so the seat's phone can say so; None when the seat has no link."""
        with self._lock, self._full(), self._db:
            self._db.execute("BEGIN IMMEDIATE")
            rows = self._db.execute("SELECT token FROM seat_tokens WHERE game_id = ? AND viewer = ? "
                                    "AND revoked IS NULL", (game_id, viewer)).fetchall()
            if not rows:
                return None
            self._db.execute("UPDATE seat_tokens SET shown = ? WHERE token = ?", (_now(), rows[0][0]))
            return rows[0][0]

    def shown(self, game_id: int) -> dict[str, str]:
        """viewer -> when the host last opened the seat's link in force (only seats it opened)."""
        return dict(self._read("SELECT viewer, shown FROM seat_tokens WHERE game_id = ? AND "
                               "revoked IS NULL AND shown IS NOT NULL", (game_id,)))

    # taken seats: a seat's link in force has been opened, or taken from the join page ----------

    def taken(self, game_id: int) -> set[str]:
        """The viewers whose link in force a phone has already taken."""
        rows = self._read("SELECT viewer FROM seat_tokens WHERE game_id = ? AND revoked IS NULL "
                          "AND taken IS NOT NULL", (game_id,))
        return {viewer for (viewer,) in rows}

    def take_seat(self, game_id: int, viewer: str) -> str | None:
        """The seat's token for the phone that takes it, or None when it is taken already (or has
        no token). Two phones taking the same seat at once: one gets it."""
        with self._lock, self._full(), self._db:
            self._db.execute("BEGIN IMMEDIATE")
            rows = self._db.execute("SELECT token FROM seat_tokens WHERE game_id = ? AND viewer = ? "
                                    "AND revoked IS NULL AND taken IS NULL", (game_id, viewer)).fetchall()
            if not rows:
                return None
            self._db.execute("UPDATE seat_tokens SET taken = ? WHERE token = ?", (_now(), rows[0][0]))
            return rows[0][0]

    def mark_taken(self, token: str) -> bool:
        """A phone opened this seat link: its seat is taken. True if it was free until now."""
        cur = self._write("UPDATE seat_tokens SET taken = ? WHERE token = ? AND revoked IS NULL "
                          "AND taken IS NULL", (_now(), token))
        return cur.rowcount == 1


def open_store(path: str | Path) -> tuple[Store, str]:
    """The games database at `path`, and what to tell the table ("" when all is well).

    A damaged file (not a database, or failing SQLite's integrity check) is kept aside, never
    written over: it and its journal are renamed to NAME.damaged-TIME, and a fresh database
    takes its place, so the table can play on at once. A database from a newer release is a
    StoreError: nothing is renamed, and the companion does not start on it.
    """
    path = Path(path)
    try:
        store = Store(path)
    except StoreError:
        raise
    except sqlite3.DatabaseError as exc:
        problem = str(exc)
    else:
        try:
            problem = "" if store.check() == "ok" else store.check()
        except sqlite3.DatabaseError as exc:
            problem = str(exc)
        if not problem:
            return store, ""
        store.close()
    kept = path.with_name(f"{path.name}.damaged-{datetime.now():%Y%m%d-%H%M%S}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(str(path) + suffix)
        if part.exists():
            part.rename(Path(str(kept) + suffix))
    said = (f"{path} was damaged ({problem}); it is kept as {kept.name} and new games start in a "
            "fresh one. Its games may be saved from it with the sqlite3 .recover command")
    log.error(said)
    return Store(path), said
