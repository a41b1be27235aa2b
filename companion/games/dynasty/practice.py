"""The companion's practice deck: dominoes and missions drawn from the seed the way the public
generator makes a print (odds in the catalog), so random play and tests have something to draw.
A real table enters its own dominoes and missions as drawn."""
from __future__ import annotations

from ..base import chance
from .catalog import CAPITALS, EVENTS, ICONS, ROLES, TERRAINS, data, icons_in
from .maps import Half


def _weighted(rng, pairs):
    total = sum(w for _, w in pairs)
    pick = rng.random() * total
    for value, weight in pairs:
        pick -= weight
        if pick <= 0:
            return value
    return pairs[-1][0]


def _icon_odds(expansions) -> list:
    cat = data()
    odds = [(None, cat["blank_odds"])]
    for icon in icons_in(expansions):
        if icon in ROLES:
            odds.append((icon, cat["role_icon_odds"]))
        else:
            odds.append((icon, ICONS[icon].get("odds", 1.0)))
    return odds


def domino(rng, expansions=()) -> str:
    """One domino, first half west: halves joined across the middle edge or both closed there."""
    shapes = [(v["open"], v["odds"]) for k, v in data()["paths"].items() if k != "source"]
    odds = _icon_odds(expansions)
    halves = []
    for i in range(2):
        icon = _weighted(rng, odds)
        if i == 1 and icon in CAPITALS and halves[0].icon in CAPITALS:
            icon = None  # no two capitals on one domino
        half = Half(rng.choice(TERRAINS), icon, _weighted(rng, shapes)).turned(rng.randrange(4))
        halves.append(half)
    if "direction" in expansions:  # every path of a Directional Daddy print has an arrow
        halves = [Half(h.terrain, h.icon, h.paths, rng.choice(h.paths)) if h.paths else h for h in halves]
    west, east = halves
    if ("E" in west.paths) != ("W" in east.paths):  # turn the east half until the middle agrees
        for q in range(1, 4):
            if ("E" in west.paths) == ("W" in east.turned(q).paths):
                east = east.turned(q)
                break
    return f"{west.text()}|{east.text()}"


def market_due(state) -> int:
    """How many dominoes this round's market holds: its size, or what the deck still has when it
    runs short (0: the deck is out)."""
    return max(0, min(state.market_size(), deck_size(state.config.expansions) - state.dealt))


def deck_size(expansions=()) -> int:
    """Regular dominoes in a print: 44 in the base game, more with each expansion
    (generation config numDominoes)."""
    extra = {"proximity": 22, "direction": 16, "machine": 22, "goblin": 16}
    return 44 + sum(extra[e] for e in expansions)


def market(seed: int, round_: int, size: int, expansions=()) -> tuple:
    rng = chance(seed, "market", round_)
    return tuple(domino(rng, expansions) for _ in range(size))


def mission(seed: int, round_: int, seat: int, expansions=()) -> dict:
    rng = chance(seed, "mission", round_, seat)
    scalars = ["number", "number", "num_people", "longest_side", "num_capitals", "largest_province"]
    needs = []
    for _ in range(_weighted(rng, [(1, 0.25), (2, 0.5), (3, 0.25)])):
        scalar = rng.choice(scalars)
        num = rng.randint(1, 6) if scalar == "number" else rng.choice([0.5, 1, 2])
        needs.append(f"{rng.choice(ROLES)} {num} {scalar}")
    reward = penalty = ""
    roll = rng.random()
    if roll < 0.33:
        reward = rng.choice(["remove_failed", "extra_score", "draw", "ignore_placement", "powerful", "overlap",
                             "rearrange", "rotate", "triple_mission", "force_mission"]
                            + (["remove_corrupter_dynamic"] if "goblin" in expansions else []))
    elif roll < 0.66:
        penalty = rng.choice(["remove", "remove_all", "remove_shared", "remove_role", "strict_placement",
                              "small_province", "remove_neutral"]
                             + (["attack"] if "goblin" in expansions else [])
                             + (["proximity_remove"] if "proximity" in expansions else [])
                             + (["direction_restriction"] if "direction" in expansions else [])
                             + (["double_mission", "many_mission_dynamic"] if "machine" in expansions else []))
    return {"needs": tuple(needs), "reward": reward, "penalty": penalty, "secret": rng.random() < 0.33}


def event(seed: int, round_: int) -> str:
    return chance(seed, "event", round_).choice(sorted(EVENTS))
