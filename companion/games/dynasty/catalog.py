"""Domino Dynasty's component data: companion/catalog/dynasty/components.json (sources inside)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ...i18n import Msg, term

CATALOG = Path(__file__).resolve().parents[2] / "catalog" / "dynasty" / "components.json"


@lru_cache(maxsize=None)
def data() -> dict:
    with open(CATALOG, encoding="utf-8") as fh:
        return json.load(fh)


ROLES = tuple(r["key"] for r in sorted(data()["roles"], key=lambda r: r["number"]))
ROLE = {r["key"]: r for r in data()["roles"]}
TERRAINS = tuple(data()["terrains"])
TERRAIN_OF = {r["key"]: r["terrain"] for r in data()["roles"]}
ICONS = {**{role: {"capital": True, "sets": ["base"], "effect": f"a capital of {ROLE[role]['name']}"}
            for role in ROLES}, **data()["icons"]}
CAPITALS = frozenset(k for k, v in ICONS.items() if v["capital"])
SCALARS = {k: v for k, v in data()["scalars"].items() if k != "source"}
REWARDS = {k: v for k, v in data()["rewards"].items() if k != "source"}
PENALTIES = {k: v for k, v in data()["penalties"].items() if k != "source"}
EVENTS = {k: v for k, v in data()["events"].items() if k != "source"}
EXPANSIONS = ("goblin", "proximity", "direction", "machine")


# made once: a strength's name is said with every count of it
_ROLE_NAMES = {r: term(ROLE[r]["name"]) for r in ROLES}
_STRENGTH_NAMES = {r: term(ROLE[r]["strength"]) for r in ROLES}


def role_name(role: str) -> Msg:
    return _ROLE_NAMES[role]


def strength_name(role: str) -> Msg:
    return _STRENGTH_NAMES[role]


@lru_cache(maxsize=None)
def word(key: str) -> Msg:
    """A component's name (a terrain, an icon, a reward's short name) as a message, made once:
    the placement rules name them with every placement they try."""
    return term(key)


def reward_words(key: str) -> Msg:
    return word(REWARDS[key])


def penalty_words(key: str) -> Msg:
    return word(PENALTIES[key])


def event_words(key: str) -> Msg:
    return word(EVENTS[key]["words"])


def scalar_words(key: str) -> Msg | str:
    words = SCALARS[key]["words"]
    return word(words) if words else ""


def icons_in(sets) -> tuple[str, ...]:
    """The icons a print holds with these sets (the base game always)."""
    sets = {"base", *sets}
    return tuple(k for k, v in ICONS.items() if sets & set(v["sets"]))
