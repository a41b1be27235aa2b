"""A database and records written by an earlier release are resumed by this one.

fixtures/release-1.db and release-1.json were written by the release that introduced format 1
(fixtures/make_release.py) and are kept as they are: every later release must resume each game
in them mid-play, with what the table showed (a later release may show more), and replay each
record to the same game.
"""
import copy
import json
import shutil
import re
from pathlib import Path

import pytest

from companion import i18n, records
from companion.games import TABLE
from companion.games.dynasty.catalog import ROLES
from companion.games.dynasty.maps import name
from companion.session import Session
from companion.store import FORMAT, Store

FIXTURES = Path(__file__).resolve().parent / "fixtures"
KEPT = json.loads((FIXTURES / "release-1.json").read_text())


def in_words(text: str) -> str:
    """Release 1's English with the ids it printed raw in its sentences said in words, as later
    releases say them (companion/locale/en): "penalty remove_shared" is now "penalty remove 1
    from the shared map", "3 warfare G5" "3 military capital G5". Nothing else may differ."""
    words = i18n._english_names()
    text = re.sub(r"\b(penalty|reward) (\w+)", lambda m: f"{m[1]} {words.get(m[2], m[2])}", text)
    # a capital's icon named before the square it lies on: "1 housing D4", "1 money (-1, 3)"
    return re.sub(r"\b(\d+ )(\w+)(?= [A-Z]\d| \()", lambda m: m[1] + words.get(m[2], m[2]), text)


def shown_again(then, now) -> bool:
    """Everything release 1 showed is shown the same now; a later release may show more (a key
    that did not exist then), never less nor otherwise, and says in words what it printed as ids."""
    if isinstance(then, dict):
        return isinstance(now, dict) and all(k in now and shown_again(v, now[k]) for k, v in then.items())
    if isinstance(then, list):
        return isinstance(now, list) and len(then) == len(now) and all(map(shown_again, then, now))
    return then == now or isinstance(then, str) and in_words(then) == now


SQUARE = re.compile(r"\b[A-Z]\d+\b|\(-?\d+, -?\d+\)")


def on_the_mat(then: dict, now: dict) -> dict:
    """Release 1 named a Domino Dynasty map's squares by the rules' coordinates, "(-1, 3)" for one
    west of A; a map grown past the mat's edge is now named where it lies on the mat, shifted as
    the view's "shifts" say (docs/rulings.md (oo)). Release 1's view with its squares so named;
    any other game's view as it is."""
    if then.get("game") != "dynasty":
        return then
    shifts = now["shifts"]

    def moved(text: str, by) -> str:
        def one(m):
            x, y = ((ord(m[0][0]) - 65, int(m[0][1:]) - 1) if m[0][0] != "(" else
                    tuple(int(v) for v in m[0].strip("()").split(",")))
            return name((x, y), by)
        return SQUARE.sub(one, text)

    out = copy.deepcopy(then)
    for key, squares in [("shared", out["shared"]), *((s, m) for s, m in out["personal"].items())]:
        for square in squares:
            square["square"] = moved(square["square"], shifts[key])
    out["starts"] = {role: [moved(c, shifts["shared"]) for c in cells] for role, cells in out["starts"].items()}
    for role, info in out["strength"].items():
        mine = shifts[str(info["seat"])] if info["seat"] is not None else [0, 0]
        for key, by in (("capitals", mine), ("shared_capitals", shifts["shared"])):
            for cap in info[key]:
                cap["square"] = moved(cap["square"], by)
                for k in ("people", "doubled_by", "halved_by", "cancelled"):
                    cap[k] = [moved(c, by) for c in cap[k]]
    out["strength_words"] = [moved(words, shifts[str(out["strength"][role]["seat"])])
                             if out["strength"][role]["seat"] is not None else words
                             for role, words in zip(ROLES, out["strength_words"])]
    return out


def test_showing_more_is_allowed_showing_less_or_otherwise_is_not():
    assert shown_again(["reward extra_score", "2 warfare A3 (1 people)"], ["reward strength +5", "2 military capital A3 (1 people)"])
    assert not shown_again(["reward extra_score"], ["reward strength +6"])
    assert not shown_again(["Housing 6 = 1 housing D4"], ["Housing 6 = 1 housing D5"])
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
    now = json.loads(json.dumps(session.view(TABLE)))
    assert shown_again(on_the_mat(kept["table"], now), now)
    assert store.tokens(kept["id"])  # its phone links still work
    if not session.is_over():  # and it plays on
        session.submit(session.rules.legal_moves(session.state)[0], "phone")


@pytest.mark.parametrize("name", sorted(KEPT))
def test_a_record_written_by_release_1_replays(name):
    kept = KEPT[name]
    assert kept["record"][0]["format"] == 1
    rep = records.replay(json.dumps(line) for line in kept["record"])
    now = json.loads(json.dumps(rep.rules.view(rep.state, TABLE)))
    assert shown_again(on_the_mat(kept["table"], now), now)


def test_a_record_from_a_newer_release_is_refused_in_words():
    header = {**KEPT["loop"]["record"][0], "format": records.FORMAT + 1}
    with pytest.raises(records.RecordError, match="line 1: this record was written by a newer release"):
        records.replay([json.dumps(header)])
