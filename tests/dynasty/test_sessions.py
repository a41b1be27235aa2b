"""Proximity Papa's events and the rewards' moves through a real session and store, as phones
play them: every move taken back and played again changes nothing else, and the log's replay and
the exported record are the same game."""
import json
import random

import pytest

from companion import records
from companion.session import Session
from companion.store import Store


# seeds whose games hold Political Power's swap and the penalties that draw 2 or Neutral-strength
# many missions (36), Good Times (8), Snowfalls (25), and Capital Punishment with Local Elections (27)
@pytest.mark.parametrize("seed, event", [(36, "mission_swap"), (8, "mission_soften"), (25, "snow_overlap"),
                                         (27, "capital_punishment")])
def test_events_and_mission_moves_undo_replay_and_export(tmp_path, seed, event):
    options = {"players": 3, "proximity": "yes", "powers": "yes", "machine": "yes", "starts": "arranged",
               "play": "rounds", "names": ["Ann", "Ben", "Cy"]}  # as the new-game form sends them
    events, _ = _played(tmp_path, seed, options)
    assert event in events


# seeds whose games hold several missions kept by one player (20) and equal icons taken apart (43)
@pytest.mark.parametrize("seed", [20, 43])
def test_the_last_penalties_undo_replay_and_export(tmp_path, seed):
    options = {"players": 3, "proximity": "yes", "powers": "yes", "machine": "yes", "goblin": "yes",
               "direction": "yes", "starts": "arranged", "play": "rounds", "names": ["Ann", "Ben", "Cy"]}
    _, seen = _played(tmp_path, seed, options)
    assert seen & {20: {"double_mission", "missions to keep"}, 43: {"remove equal"}}[seed]


def _played(tmp_path, seed, options) -> set:
    """A random game through a real session and store: the events it held, and the tasks and
    effects it saw."""
    store = Store(tmp_path / "games.db")
    session = Session.create(store, "dynasty", options, seed=seed)
    rng = random.Random(seed)
    kinds, events, seen = set(), set(), set()
    for played in range(1, 400):
        if session.is_over():
            break
        move = rng.choice(session.rules.legal_moves(session.state))
        kinds.add(type(move).__name__)
        session.submit(move, "phone")
        events.add(session.state.event)
        seen |= {t.kind for t in session.state.tasks} | {k for _, k, _ in session.state.effects}
        if played % 5 == 0:  # take one back and play it again: nothing else changes
            before = session.state
            last = session.moves[-1]
            session.undo("phone")
            session.submit(last, "phone")
            assert session.state == before
    assert {"Happening", "Place", "Mission"} <= kinds
    again = Session(store, session.id)
    assert again.state == session.state
    rep = records.replay([json.dumps(line) for line in session.export()])
    assert rep.state == session.state
    store.close()
    return events, seen
