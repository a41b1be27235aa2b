"""A database and records written by an earlier release are resumed by this one.

fixtures/release-1.db and release-1.json were written by the release that introduced format 1
(fixtures/make_release.py) and are kept as they are: every later release must resume each game
in them mid-play, with what the table showed, and replay each record to the same game.
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
    assert json.loads(json.dumps(session.view(TABLE))) == kept["table"]
    assert store.tokens(kept["id"])  # its phone links still work
    if not session.is_over():  # and it plays on
        session.submit(session.rules.legal_moves(session.state)[0], "phone")


@pytest.mark.parametrize("name", sorted(KEPT))
def test_a_record_written_by_release_1_replays(name):
    kept = KEPT[name]
    assert kept["record"][0]["format"] == 1
    rep = records.replay(json.dumps(line) for line in kept["record"])
    assert json.loads(json.dumps(rep.rules.view(rep.state, TABLE))) == kept["table"]


def test_a_record_from_a_newer_release_is_refused_in_words():
    header = {**KEPT["loop"]["record"][0], "format": records.FORMAT + 1}
    with pytest.raises(records.RecordError, match="line 1: this record was written by a newer release"):
        records.replay([json.dumps(header)])
