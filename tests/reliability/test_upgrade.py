"""A database and records written by an earlier release are resumed by this one.

fixtures/release-1.db and release-1.json were written by the release that introduced format 1
(fixtures/make_release.py) and are kept as they are: every later release must resume each game
in them mid-play, with what the table showed (a later release may show more), and replay each
record to the same game.
"""
import json
import shutil
from pathlib import Path

import pytest

from companion import records
from companion.games import TABLE
from companion.session import Session
from companion.store import FORMAT, Store

FIXTURES = Path(__file__).resolve().parent / "fixtures"
KEPT = json.loads((FIXTURES / "release-1.json").read_text())


def shown_again(then, now) -> bool:
    """Everything release 1 showed is shown the same now; a later release may show more (a key
    that did not exist then), never less nor otherwise."""
    if isinstance(then, dict):
        return isinstance(now, dict) and all(k in now and shown_again(v, now[k]) for k, v in then.items())
    if isinstance(then, list):
        return isinstance(now, list) and len(then) == len(now) and all(map(shown_again, then, now))
    return then == now


def test_showing_more_is_allowed_showing_less_or_otherwise_is_not():
    then = {"maps": [{"x": 1, "icon": None}], "round": 2}
    assert shown_again(then, {"maps": [{"x": 1, "icon": None, "under": []}], "round": 2, "event": ""})
    assert not shown_again(then, {"maps": [{"x": 1}], "round": 2})
    assert not shown_again(then, {"maps": [{"x": 1, "icon": None}], "round": 3})
    assert not shown_again(then, {"maps": [], "round": 2})


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    db = tmp_path_factory.mktemp("upgrade") / "games.db"
    shutil.copy(FIXTURES / "release-1.db", db)  # the fixture itself is never written
    with Store(db) as s:
        yield s


@pytest.mark.parametrize("name", sorted(KEPT))
def test_a_game_kept_by_release_1_resumes(store, name):
    kept = KEPT[name]
    assert store.format == FORMAT >= 1
    session = Session(store, kept["id"])
    assert session.name == name and len(session.moves) == kept["moves"]
    assert shown_again(kept["table"], json.loads(json.dumps(session.view(TABLE))))
    assert store.tokens(kept["id"])  # its phone links still work
    if not session.is_over():  # and it plays on
        session.submit(session.rules.legal_moves(session.state)[0], "phone")


@pytest.mark.parametrize("name", sorted(KEPT))
def test_a_record_written_by_release_1_replays(name):
    kept = KEPT[name]
    assert kept["record"][0]["format"] == 1
    rep = records.replay(json.dumps(line) for line in kept["record"])
    assert shown_again(kept["table"], json.loads(json.dumps(rep.rules.view(rep.state, TABLE))))


def test_a_record_from_a_newer_release_is_refused_in_words():
    header = {**KEPT["loop"]["record"][0], "format": records.FORMAT + 1}
    with pytest.raises(records.RecordError, match="line 1: this record was written by a newer release"):
        records.replay([json.dumps(header)])
