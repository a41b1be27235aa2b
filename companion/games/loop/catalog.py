"""Loop's component data: companion/catalog/loop/*.json, read once (the files are not game state).

What the rulebook does not print (the Garage's two parts, the destinations, the anomalies and
future cards) is marked there as an assumption; the host enters the travel cards actually drawn
at setup, in words like "Rome AD net 4", and the companion keeps them for the next game.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..base import IllegalMove

CATALOG_DIR = Path(__file__).resolve().parents[2] / "catalog" / "loop"
STORES = ("garage", "shop", "armory")
ERAS = ("BC", "AD", "Future")
FUTURE_ACTIONS = ("garage", "shop", "armory", "any_store", "supply", "exchange", "move")


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    with open(CATALOG_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


def store_parts() -> dict[str, list[str]]:
    return {s: list(v["parts"]) for s, v in load("parts")["stores"].items()}


def per_kind() -> int:
    return int(load("parts")["per_kind"])


def ads_per_player() -> int:
    return int(load("parts")["ads_per_player"])


def actions() -> dict[str, dict]:
    return load("cards")["actions"]


def anomalies(extra: bool) -> list[dict]:
    cards = load("cards")
    return list(cards["anomalies"]) + (list(cards["extra_anomalies"]) if extra else [])


def deck(era: str) -> list[list[dict]]:
    """The travel cards of an era, each a pair of destinations (with the era filled in)."""
    source = load("future" if era == "Future" else "destinations")["cards"]
    return [[{**d, "era": era} for d in card["destinations"]] for card in source if card["era"] == era]


def draw_counts(players: int, future: bool) -> dict[str, int]:
    data = load("destinations")
    return dict(data["draw_future" if future else "draw"][str(players)])


def known() -> dict[str, dict]:
    """Every catalog destination by lower-case name, for a host who types only the name."""
    return {d["name"].lower(): d for era in ERAS for card in deck(era) for d in card}


def destination(entry, parts: set[str], lookup: dict[str, dict]) -> dict:
    """One destination from the host's words ("Rome AD net 4", or "Rome" if it is known) or a
    record's {"name", "era", "parts", "points"}. Raises IllegalMove saying what is missing."""
    if isinstance(entry, dict):
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise IllegalMove("each destination needs a name")
        known_one = lookup.get(name.strip().lower(), {})
        out = {"name": name.strip(), "era": entry.get("era", known_one.get("era")),
               "parts": entry.get("parts", known_one.get("parts")),
               "points": entry.get("points", known_one.get("points")),
               "action": entry.get("action", known_one.get("action"))}
    elif isinstance(entry, str):
        words, era, needs, points = [], None, [], None
        for word in entry.replace(",", " ").split():
            low = word.lower()
            if low in ("ad", "bc", "future"):
                era = {"ad": "AD", "bc": "BC", "future": "Future"}[low]
            elif low.rstrip("s") in parts or low in parts:
                needs.append(low if low in parts else low.rstrip("s"))
            elif low.lstrip("+-").isdigit() and points is None:
                points = int(low)
            else:
                words.append(word)
        name = " ".join(words)
        if not name:
            raise IllegalMove(f"{entry!r}: a destination needs a name, e.g. 'Rome AD net 4'")
        known_one = lookup.get(name.lower(), {})
        out = {"name": known_one.get("name", name), "era": era or known_one.get("era"),
               "parts": needs or known_one.get("parts"),
               "points": points if points is not None else known_one.get("points"),
               "action": known_one.get("action")}
    else:
        raise IllegalMove("a destination is written like 'Rome AD net 4'")
    if out["era"] not in ERAS:
        raise IllegalMove(f"{out['name']}: say its era (AD, BC or Future), e.g. '{out['name']} AD net 4'")
    if not isinstance(out["parts"], (list, tuple)) or not out["parts"] or \
            any(p not in parts for p in out["parts"]):
        raise IllegalMove(f"{out['name']}: say the parts it needs ({', '.join(sorted(parts))}), "
                          f"e.g. '{out['name']} {out['era']} {sorted(parts)[0]} 4'")
    if not isinstance(out["points"], int) or isinstance(out["points"], bool) or out["points"] < 0:
        raise IllegalMove(f"{out['name']}: say its points, e.g. '{out['name']} {out['era']} "
                          f"{' '.join(out['parts'])} 4'")
    if out["action"] not in (None,) + FUTURE_ACTIONS:
        out["action"] = None
    return out
