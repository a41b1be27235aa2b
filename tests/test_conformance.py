"""Every registered game, through the same checks: a new game is tested here without new test code.

Set up from the new-game form's defaults, play random legal moves to the end (or a few hundred
moves) through a real session and store, and at every step: every viewer's view is JSON with the
keys shared code reads, no view holds another viewer's secret, and the OLED can draw the table.
Then undo, the log's replay and a record's round trip give the same game.
"""
import json
import random

import pytest

from companion import games, records
from companion.games import MASTER, TABLE
from companion.games.base import VIEW_KEYS
from companion.panel import oled_screen, pages
from companion.session import Session
from companion.store import Store
from hardware.screens import SCREENS
from web.app import viewer_from_name

MOVES = 300


def options_for(game):
    """What the host page's form sends untouched: the defaults, names filled in as a host would."""
    options = game.defaults()
    for o in game.options:
        if o.kind == "names":
            options[o.key] = [f"Player {i + 1}" for i in range(options[o.per])]
    return options


def viewers(session):
    names = session.viewers()
    return ["table"] + names + (["master"] if session.rules.GAME.master and "master" not in names else [])


def views(session):
    return {name: session.view(viewer_from_name(name)) for name in viewers(session)}


def check_views(session):
    seen = views(session)
    secrets = session.rules.secrets(session.state)
    for name, view in seen.items():
        text = json.dumps(view)  # raises on anything that is not JSON
        assert set(VIEW_KEYS) <= set(view), f"{name} lacks {set(VIEW_KEYS) - set(view)}"
        assert view["game"] == session.name and len(view["names"]) == view["seats"]
        if name == "master":
            continue  # the game master sees everything
        for owner, hidden in secrets.items():
            if owner != name:
                leaked = [s for s in hidden if s in text]
                assert not leaked, f"{name} sees {owner}'s {leaked[:3]}"


class Snap:
    """What the OLED is handed: the published snapshot's public fields."""
    shutting_down, prompt, alert, message = False, None, "", "said"

    def __init__(self, session, screen):
        self.session, self.screen = session, screen

    def view(self, viewer):
        return self.session.view(viewer)


def check_oled(session):
    for page in pages(session.name):
        name, data = oled_screen(Snap(session, page), "http://paradox-table.local:8080/")
        assert name in SCREENS and isinstance(data, dict)


@pytest.mark.parametrize("name", games.names())
def test_the_description_draws_a_form_that_sets_up_a_game(name):
    game = games.describe(name)
    assert game.name == name == games.load(name).NAME
    low, high = game.players
    assert 1 <= low <= high
    json.dumps(game.as_json())
    state = games.load(name).setup(options_for(game), 0)
    assert games.load(name).view(state, TABLE)["game"] == name
    for role in game.parts:
        assert games.part(name, role) is not None


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("name", games.names())
def test_random_play_undo_replay_and_records(tmp_path, name, seed):
    store = Store(tmp_path / "games.db")
    game = games.describe(name)
    session = Session.create(store, name, options_for(game), seed=seed)
    rules = session.rules
    rng = random.Random(seed)
    played = 0
    check_views(session)
    while not session.is_over() and played < MOVES:
        moves = rules.legal_moves(session.state)
        assert moves, f"{name}: no legal move, but the game is not over"
        session.submit(rng.choice(moves), "phone")
        played += 1
        if played % 7 == 0 or session.is_over():
            check_views(session)
            check_oled(session)
        if played % 25 == 0:  # take one back and play it again: nothing else changes
            before = session.state
            move = session.moves[-1]
            session.undo("phone")
            session.submit(move, "phone")
            assert session.state == before
    assert played > 10
    # The log's replay is the same game, views and all.
    again = Session(store, session.id)
    assert again.state == session.state
    assert views(again) == views(session)
    # So is the record it exports, adjudicated by `paradox-table replay`.
    lines = [json.dumps(line) for line in session.export()]
    rep = records.replay(lines)
    assert rep.state == session.state
    assert records.result(rep) is not None and records.describe(rep)
    store.close()


@pytest.mark.parametrize("name", games.names())
def test_every_viewer_of_a_new_game_is_a_phone_link_or_the_table(tmp_path, name):
    store = Store(tmp_path / "games.db")
    session = Session.create(store, name, options_for(games.describe(name)), seed=3)
    links = session.viewers()
    assert links and len(set(links)) == len(links)
    for link in links:
        viewer = viewer_from_name(link)
        assert viewer != TABLE and (viewer == MASTER) == (link == "master")
    store.close()


PLAY_IN_ANOTHER_PROCESS = """
import hashlib, json, random, sys
from companion import games
from companion.games import MASTER, TABLE
out = {}
for name in games.names():
    rules, h = games.load(name), hashlib.sha256()
    state, rng = rules.setup({}, 5), random.Random(1)
    for _ in range(300):
        legal = rules.legal_moves(state)
        h.update(json.dumps([rules.move_to_dict(m) for m in legal], sort_keys=True).encode())
        h.update(json.dumps([rules.view(state, v) for v in (TABLE, MASTER)], sort_keys=True, default=str).encode())
        if not legal or rules.is_over(state):
            break
        state, _ = rules.apply(state, rng.choice(legal))
    out[name] = h.hexdigest()
print(json.dumps(out))
"""


def test_a_restarted_companion_offers_the_same_moves_in_the_same_order():
    """After a power cut the companion is a new process, with Python's string hashing seeded
    afresh: the moves offered and every view must not depend on it (a set iterated in the rules
    would reorder a phone's buttons, or worse)."""
    import os
    import subprocess
    import sys
    seen = []
    for hash_seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", PLAY_IN_ANOTHER_PROCESS], capture_output=True, text=True,
                             timeout=300, env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert out.returncode == 0, out.stderr[-2000:]
        seen.append(json.loads(out.stdout))
    assert sorted(seen[0]) == sorted(games.names())
    assert seen[0] == seen[1]
