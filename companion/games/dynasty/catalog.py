"""Domino Dynasty's component data: companion/catalog/dynasty/components.json (sources inside)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

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


def role_name(role: str) -> str:
    return ROLE[role]["name"]


def strength_name(role: str) -> str:
    return ROLE[role]["strength"]


def icons_in(sets) -> tuple[str, ...]:
    """The icons a print holds with these sets (the base game always)."""
    sets = {"base", *sets}
    return tuple(k for k, v in ICONS.items() if sets & set(v["sets"]))
