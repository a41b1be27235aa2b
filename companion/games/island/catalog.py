"""Reading the island's component data: companion/catalog/island/*.json.

Read once at import (the files are part of the package, not game state); every value that the
rulebook does not print is marked there as an assumption, so players can correct it.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

CATALOG_DIR = Path(__file__).resolve().parents[2] / "catalog" / "island"


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    with open(CATALOG_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


def tiles() -> dict[str, dict]:
    return {t["id"]: t for t in load("tiles")["tiles"]}


def shape(name: str) -> tuple[tuple[int, int], ...]:
    return tuple(tuple(c) for c in load("tiles")["shapes"][name]["cells"])


def knot_arrows(number: int | str) -> tuple[tuple[str, str], ...]:
    return tuple(tuple(a) for a in load("tiles")["knots"][str(number)]["arrows"])


def portal_colour(number: int | str) -> str:
    return load("tiles")["portal_colours"][str(number)]["colour"]


def anomaly_tokens() -> dict[str, dict]:
    return {t["id"]: t for t in load("anomalies")["tokens"]}


def power_tokens() -> dict[str, dict]:
    return {t["id"]: t for t in load("power_tokens")["tokens"]}


def fruits() -> tuple[str, ...]:
    return tuple(load("characters")["fruits"]["list"])


def characters() -> dict[str, dict]:
    return load("characters")["characters"]


def bonus_words(effect: str) -> str:
    return load("characters")["bonus_effects"][effect]


def mission_markers() -> int:
    return load("characters")["mission_markers"]["count"]


def perishes_to_win(players: int) -> int:
    data = load("characters")["perishes_to_win"]
    return data["players_2"] if players == 2 else data["players_3_4"]
