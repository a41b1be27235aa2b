"""Every registered game against its golden playthrough (tests/playthrough.py): the file's own
moves replayed, every viewer's view and the events' words compared line by line."""
import json
import os

import pytest

import playthrough
from companion import games

UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


@pytest.mark.parametrize("name", games.names())
def test_golden_playthrough(name):
    path = playthrough.path(name)
    if UPDATE:
        playthrough.write(name)
    assert path.exists(), f"{path.name} is missing: write it with UPDATE_GOLDEN=1"
    golden = [json.loads(line) for line in path.read_text().splitlines()]
    assert golden[0]["options"] == playthrough.options(name), "the new-game form's defaults changed"
    replayed = playthrough.record(name, playthrough.moves_of(name, golden), golden[0]["seed"])
    assert len(replayed) == len(golden)
    for i, (got, want) in enumerate(zip(playthrough.dump(replayed).splitlines(), golden)):
        if json.loads(got) != want:
            viewers = [v for v in want["views"] if json.loads(got)["views"].get(v) != want["views"][v]]
            pytest.fail(f"{path.name} line {i + 1} ({want.get('move', 'the setup')}) differs"
                        + (f" for {', '.join(viewers)}" if viewers else " in its events"))
    # hidden information is part of the record: every phone link's own view is there
    assert set(golden[-1]["views"]) >= {"table", *games.load(name).viewers(
        games.load(name).setup(playthrough.options(name), golden[0]["seed"]))}
    assert len(golden) > 10
