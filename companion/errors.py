"""The one family of errors the companion says in words (to players, the host or the journal).

    TableError                 anything the companion says went wrong, as a sentence
    ├── IllegalMove            a refusal: the rules (or the companion) will not do what was asked;
    │   │                      shown to players as it is, and nothing changed
    │   ├── InProgress         ... because a game is on: the host is asked first
    │   └── Refused            ... by the web server, with its own HTTP status (web.app)
    └── Fault                  not the players' doing: something around the game went wrong
        ├── StorageFull        the disk is full (store)
        ├── StoreError         the games database cannot be used as it is (store)
        ├── Stopping           the companion is stopping and takes nothing more
        ├── UnknownGame        a game this companion does not know
        └── BadInput           a file a person wrote (config.toml, a record) is not as documented
                               (companion.config.ConfigError, companion.records.RecordError)

Callers catch what they mean: the rules' callers IllegalMove, the worker and the web pages
TableError (all of it is said in words), the session StorageFull. `status` is the phones' HTTP
answer. Vision and hardware keep their own roots (vision.errors.VisionError, hardware.errors.
HardwareError: the OLED, the buttons): neither names a game nor imports anything of the
companion. This module imports nothing, so every floor of the house may use it.
"""
from __future__ import annotations


class TableError(Exception):
    """Something the companion says went wrong; the message is meant for people as it is."""

    status = 409  # the phones' answer: a conflict with the table as it is


class IllegalMove(TableError):
    """A move (or a request) the rules refuse. The message is meant to be shown to players as it is."""


class InProgress(IllegalMove):
    """Starting or resuming a game would end the one in progress: the host is asked first."""

    def __init__(self, message: str, question: str):
        super().__init__(message)
        self.question = question


class Refused(IllegalMove):
    """A request the web server turns down before the game hears of it (a wrong key, too many
    guesses, no virtual table), with the HTTP status that says why."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class Fault(TableError):
    """Not the players' doing: the disk, a file, the companion stopping, a game not known here."""


class StorageFull(Fault):
    """The disk is full: nothing was written, and what is stored is as it was."""

    status = 507  # the phones' answer: Insufficient Storage


class StoreError(Fault):
    """The games database cannot be used as it is; the message names the file and what to do."""


class Stopping(Fault):
    """The companion is stopping (or was told to): it takes no more moves."""


class UnknownGame(Fault):
    """A game this companion does not know (a record or a request naming another)."""


class BadInput(Fault):
    """A file a person wrote is not as documented; the message names the place and what to do."""

