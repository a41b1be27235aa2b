"""Malformed records never crash `paradox-table replay` (docs/records.md, "Bad records"): every
record kind of every game, its header included, with structurally wrong values (numbers for
lists, lists for words, lists nested too deep, objects, missing and extra keys) is either
adjudicated or refused with one line naming the record line, refused by the checks that speak
to players, never by a Python error deep in the rules. The moves a phone posts go through the
same `move_from_dict` and are refused the same way. RECORD_SHAPE_EXAMPLES=3000 tries more."""
import json
import os
import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import cli, games, records
from companion.games.base import IllegalMove, to_dict

from loop.scripted import RECORD as LOOP_RECORD  # tests/loop, a package beside this file

from test_replay import BLACK_PARADOX, LONE_WIN  # the rulebook's tricks, as records
from test_replay import HEADER as PARADOMINETOR_HEADER

DYNASTY_HEADER = {"game": "dynasty", "players": 3, "roles": {"0": "warfare", "1": "infrastructure", "2": "goods"}}
DYNASTY = [DYNASTY_HEADER] + [
    {"start": {"map": "shared", "role": role, "cells": [[3, y], [4, y]]}}
    for role, y in (("warfare", 2), ("money", 3), ("infrastructure", 4), ("housing", 5), ("goods", 6))] + [
    {"start": {"map": "personal", "seat": s, "cells": [[0, 0], [1, 0]]}} for s in range(3)] + [
    {"place": {"seat": 0, "map": "personal", "cells": [[2, 0], [2, 1]], "halves": [
        {"terrain": "lava", "icon": "person", "paths": "WS"}, {"terrain": "grass", "icon": None, "paths": "N"}]}},
    {"place": {"seat": 1, "map": "shared", "cells": [[5, 3], [6, 3]], "halves": [
        {"terrain": "desert", "icon": None, "paths": ""}, {"terrain": "desert", "icon": "person", "paths": "EW"}]}}]
ROWS = ["R1 Y3 B2 R1 W3", "B2 K1 W3 R2 Y1", "R1 R2 R3 Y1 K2", "Y1 B3 K2 W1 R3", "K2 W1 R3 Y2 B1"]
INITIATIVE_MATRIX = [{"game": "initiative", "players": 2},
                     {"matrix": {"seat": 0, "rows": ROWS, "locks": [[4, 0]]}},
                     {"anomaly": ["R1", "Y2", "W3"]},
                     {"bag": ["W1", "B2", "K3", "R1", "R2", "Y3", "B1", "Y1", "K2", "W3", "B3", "Y2"]},
                     {"swap": {"seat": 0, "a": [2, 3], "b": [0, 3]}},
                     {"swap": {"seat": 0, "a": [3, 0], "b": [1, 3]}},
                     {"swap": {"seat": 0, "a": [0, 4], "b": "anomaly:2"}}]
INITIATIVE_SCORING = [{"game": "initiative", "players": 3},
                      {"worlds": {"fractured": [3], "locked": [7, 9]}},
                      {"goals": [{"timeframe": "past"}, {"timeframe": "nexus"}, {"asset": "A"}]},
                      {"pile": {"seat": 0, "cards": ["world-3-past", "world-3-nexus", "world-7-future",
                                                     "spires-past", "parallel"], "alliances": 1}}]
EXAMPLES = int(os.environ.get("RECORD_SHAPE_EXAMPLES", "150"))  # 3000 tries harder
OWN = {"paradominetor": [[PARADOMINETOR_HEADER, BLACK_PARADOX, LONE_WIN]],
       "loop": [LOOP_RECORD],
       "dynasty": [DYNASTY],
       "initiative": [INITIATIVE_MATRIX, INITIATIVE_SCORING],
       "island": []}


@lru_cache(maxsize=None)
def played(name: str, seed: int) -> tuple:
    """A game played at random from its defaults, written as an exported game is: a header and
    one move line per move."""
    rules = games.load(name)
    options = rules.GAME.defaults()
    own = games.records(name)
    state = rules.setup(own.header(dict(options)) if own else dict(options), seed)
    rng = random.Random(seed)
    lines = [json.dumps({"game": name, "seed": seed, **options})]
    for _ in range(30):
        moves = [] if rules.is_over(state) else rules.legal_moves(state)
        if not moves:
            break
        move = rng.choice(moves)
        state, _ = rules.apply(state, move)
        lines.append(json.dumps({"move": to_dict(move)}))
    return tuple(lines)


def examples(name: str) -> list[list]:
    return [[json.loads(x) for x in played(name, seed)] for seed in (0, 1)] + OWN[name]


SCALARS = st.one_of(st.integers(-3, 20), st.floats(allow_nan=False, allow_infinity=False, width=16),
                    st.booleans(), st.none(), st.text(max_size=4),
                    st.sampled_from(["", "x", "garage", "seat 0", "red-3-past", "R1", "lava", "Rome"]))
WRONG = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.sampled_from(["a", "seat", "type", "name"]),
                                                                       inner, max_size=2)),
                     max_leaves=6)


def paths(value, at=()):
    """Every place inside a JSON value: (path, value)."""
    yield at, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, at + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, at + (i,))


def changed(value, path, how, new):
    """`value` with the place at `path` replaced by `new`, removed, given an extra key, or
    wrapped in one more list."""
    if not path:
        return new if how != "nest" else [value]
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    if rest:
        copy[head] = changed(copy[head], rest, how, new)
    elif how == "drop":
        del copy[head]
    elif how == "nest":
        copy[head] = [copy[head]]
    elif how == "extra" and isinstance(copy[head], dict):
        copy[head] = {**copy[head], "extra": new}
    else:
        copy[head] = new
    return copy


@st.composite
def malformed(draw, name):
    record = draw(st.sampled_from(examples(name)))
    line = draw(st.integers(0, len(record) - 1))
    places = list(paths(record[line]))
    path, _ = draw(st.sampled_from(places))
    how = draw(st.sampled_from(["replace", "replace", "drop", "nest", "extra", "kind"]))
    new = draw(WRONG)
    if how == "kind" and line:  # any line kind of the game, holding anything
        own = games.records(name)
        bad = {draw(st.sampled_from(["move", *(own.lines if own else ())])): new}
    else:
        bad = changed(record[line], path, how, new)
    return [json.dumps(x) for x in record[:line] + [bad]]


def judged(lines):
    """Adjudicated, or refused as docs/records.md promises."""
    try:
        records.replay(lines)
    except records.RecordError as exc:
        message = str(exc)
        assert message.startswith("line ") and "\n" not in message, message
        number = int(message.split(":")[0].split()[1])
        assert 1 <= number <= len(lines), message
        assert exc.__cause__ is None, f"not refused in words: {message} from {exc.__cause__!r}"


@pytest.mark.parametrize("name", games.names())
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_malformed_record_is_refused_with_one_line(name, data):
    judged(data.draw(malformed(name)))


@pytest.mark.parametrize("name", games.names())
def test_every_example_record_replays(name):
    for record in examples(name):
        records.replay([json.dumps(x) for x in record])


@pytest.mark.parametrize("name", games.names())
def test_every_legal_move_survives_the_trip_as_json(name):
    """What a phone is offered and posts back is the move the rules offered."""
    rules = games.load(name)
    for line in played(name, 0)[1:]:
        data = json.loads(line)["move"]
        move = rules.move_from_dict(data)
        assert rules.move_from_dict(json.loads(json.dumps(to_dict(move)))) == move


@pytest.mark.parametrize("name", games.names())
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_phone_s_malformed_move_is_refused_in_words(name, data):
    """The web app turns a posted move into a move with the same `move_from_dict`."""
    rules = games.load(name)
    lines = played(name, data.draw(st.sampled_from([0, 1])))
    at = data.draw(st.integers(1, len(lines) - 1)) if len(lines) > 1 else None
    if at is None:
        return
    state = _state(name, lines[:at])
    move = json.loads(lines[at])["move"]
    path, _ = data.draw(st.sampled_from(list(paths(move))[1:]))
    bad = changed(move, path, data.draw(st.sampled_from(["replace", "drop", "nest", "extra"])),
                  data.draw(WRONG))
    try:
        rules.apply(state, rules.move_from_dict(bad))
    except IllegalMove:
        pass


def _state(name, lines):
    return records.replay(lines).state


# The issue's cases, through the real command line.
LOOP_HEADER = LOOP_RECORD[0]


@pytest.mark.parametrize("lines, message", [
    ([{**LOOP_HEADER, "names": {"a": 1}}], "line 1: names"),
    ([{**LOOP_HEADER, "names": 3}], "line 1: names"),
    ([{**LOOP_HEADER, "destinations": [{**LOOP_HEADER["destinations"][0], "parts": [["net"]]}]}],
     "line 1: Rome: say the parts it needs"),
    ([LOOP_HEADER, {"move": {"type": "Act", "seat": 0, "new": {"card": "shop"}}}],
     "line 2: Act's new must be a word or null"),
    ([LOOP_HEADER, {"turn": {"seat": 0, "new": "shop", "part": ["net"], "machine": 1}}],
     "line 2: Act's part must be a word or null"),
    ([LOOP_HEADER, {"turn": {"seat": 0, "new": "shop", "part": "net", "machine": 1,
                             "launch": {"machine": [1], "destination": "Rome"}}}],
     "line 2: Launch's machine must be a whole number"),
    ([DYNASTY_HEADER, {"move": {"type": "Market", "seat": 0, "dominoes": 3}}],
     "line 2: Market's dominoes must be a list"),
    ([DYNASTY_HEADER, {"move": {"type": "Remove", "seat": 0, "map": "shared", "cell": [[1, 2], [3, 4]]}}],
     "line 2: Remove's cell must be a list of 2"),
])
def test_the_issue_s_records_exit_2_with_one_line(tmp_path, capsys, lines, message):
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    assert cli.main(["replay", str(path), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith(message), captured.err


def test_evolve_makes_the_value_replace_makes_and_refuses_what_replace_refuses():
    """The rules' fast copy-with-changes: the same new state as dataclasses.replace, the old one
    untouched; a move still checks itself; a name that is no field is refused."""
    import dataclasses
    import functools

    from companion.games import island
    from companion.games.base import evolve
    from companion.games.dynasty.moves import Start

    state = island.setup({"players": 3}, 1)
    new = evolve(state, round=state.round + 1, said=())
    assert new == dataclasses.replace(state, round=state.round + 1, said=())
    assert new.round == state.round + 1 and state == island.setup({"players": 3}, 1)
    with pytest.raises(TypeError):
        evolve(state, rounds=2)
    moved = evolve(Start(0, "personal", [[1, 2], [1, 3]]), cells=[[2, 2], [2, 3]])
    assert moved.cells == ((2, 2), (2, 3))  # its __post_init__ ran again

    @dataclasses.dataclass(frozen=True)
    class Cached:
        n: int

        @functools.cached_property
        def twice(self):
            return 2 * self.n

    one = Cached(1)
    assert one.twice == 2 and evolve(one, n=5).twice == 10  # no stale cache copied over


@pytest.mark.parametrize("name", [n for n in games.names()
                                  if any(o.kind == "names" for o in games.describe(n).options)])
@pytest.mark.parametrize("bad", ["Ana\nBen", "\t", "Ana\r", "\x1b[31mAna"])
def test_a_seat_name_with_a_line_break_or_control_character_is_refused_in_one_line(name, bad):
    """A record whose header names a seat across two lines (or with a tab or an escape) is
    refused in one line, and so is a new game typed with such a name; Japanese says it too."""
    from companion.i18n import translate
    header = json.loads(played(name, 0)[0])
    seats = next(o for o in games.describe(name).options if o.kind == "names")
    count = header.get(seats.per, games.describe(name).defaults().get(seats.per, 2)) - seats.less
    header["names"] = [bad] + [f"P{i}" for i in range(2, count + 1)]
    with pytest.raises(records.RecordError) as refused:
        records.replay([json.dumps(header)])
    assert str(refused.value) == "line 1: a seat's name is one line of text, without line breaks or tabs"
    with pytest.raises(IllegalMove) as typed:
        games.describe(name).check_options({"names": header["names"]})
    assert "改行" in translate(typed.value.args[0], "ja")
