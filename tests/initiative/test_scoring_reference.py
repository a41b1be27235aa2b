"""Random score piles scored by the scoring record lines and by the independent reference
(tests/initiative/reference.py): fractured and locked worlds, the penalty's best choice with the
tie-breaks, the solo game and its harder rival lab."""
import json
import random
from pathlib import Path

import pytest

from . import reference
from .test_end_rulings import score
from .test_scoring import pile

CATALOG = json.loads((Path(__file__).parents[2] / "companion/catalog/initiative/cards.json").read_text())
ASSETS = {c["id"]: c.get("asset") for c in CATALOG["cards"]}
CARDS = [f"world-{w}-{t}" for w in range(1, 7) for t in ("past", "present", "future", "nexus")]
CARDS += [f"{e}-{t}" for e in ("spires", "gates") for t in ("past", "present", "future")]


def _goal(rng):
    return {"asset": rng.choice("ABCDE")} if rng.random() < 0.5 else \
        {"timeframe": rng.choice(("past", "present", "future", "nexus"))}


@pytest.mark.parametrize("players", [1, 2, 3])
def test_random_piles_agree_with_the_reference(players):
    rng = random.Random(players)
    for _ in range(60):
        seats = 2 if players == 1 else players
        deck = rng.sample(CARDS, len(CARDS))
        piles = {s: sorted(deck[s * 7:s * 7 + rng.randrange(0, 8)]) for s in range(seats)}
        fractured = rng.sample(range(1, 7), rng.randrange(0, 4))
        locked = rng.sample(range(1, 7), rng.randrange(0, 4))
        goals = [_goal(rng) for _ in range(rng.randrange(0, 4))]
        allies = {s: rng.randrange(0, 2) for s in range(seats)}
        hard = players == 1 and rng.random() < 0.5
        out = score({"players": players, "challenging": hard},
                    {"worlds": {"fractured": fractured, "locked": locked}}, {"goals": goals},
                    *[pile(s, piles[s], allies[s]) for s in range(seats)])
        want = {s: reference.score(piles[s], fractured, locked, goals, ASSETS, allies[s],
                                   rival=players == 1 and s == 1,
                                   challenging=hard and s == 1) for s in range(seats)}
        assert out["scores"] == {str(s): w[0] for s, w in want.items()}
        for s, w in want.items():
            got = out["breakdown"][str(s)]
            assert (got["cards"], got["nexus"]) == (w[1], w[2])
        assert out["winners"] == reference.winners(want, solo=players == 1)
