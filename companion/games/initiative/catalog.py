"""The card data the rulebook does not print, from companion/catalog/initiative/ (assumptions a
user can edit), with what the table has taught the companion (`kept`) laid over it."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from . import matrix
from ...i18n import Msg, term

FOLDER = Path(__file__).resolve().parents[2] / "catalog" / "initiative"


@lru_cache(maxsize=None)
def _load(name: str) -> str:
    return (FOLDER / name).read_text(encoding="utf-8")


def data(name: str) -> dict:
    return json.loads(_load(name))


def valid_cost(cost, card: dict) -> bool:
    allowed = set(matrix.COLOURS) | {"any", "purple", "planet"}
    return (isinstance(cost, list) and len(cost) <= 8 and all(x in allowed for x in cost)
            and ("nexus" != card.get("timeframe") or not cost))


def cards(kept) -> dict:
    """{card id: entry}; an entry is "known" when it is not an assumption or the table taught it.
    A malformed `kept` is ignored part by part: it never stops a game."""
    out = {}
    for c in data("cards.json")["cards"]:
        entry = dict(c)
        entry["known"] = not c.get("assumption", False)
        entry.pop("assumption", None)
        entry.pop("note", None)
        entry.pop("source", None)
        out[c["id"]] = entry
    taught = kept.get("cards") if isinstance(kept, dict) else None
    for cid, t in (taught.items() if isinstance(taught, dict) else ()):
        if cid not in out or not isinstance(t, dict):
            continue
        entry = dict(out[cid])
        if out[cid]["timeframe"] == "nexus":
            if not matrix.on_matrix(t.get("at")):
                continue
            entry["at"] = list(t["at"])
        else:
            if not valid_cost(t.get("cost"), entry):
                continue
            entry["cost"] = list(t["cost"])
        entry["known"] = True
        out[cid] = entry
    return out


def worlds() -> list[dict]:
    return data("cards.json")["worlds"]


def console() -> dict:
    return data("cards.json")["console"]


def goals() -> list[dict]:
    return data("goals.json")["goals"]


def rival() -> dict:
    return data("rival.json")


def card_words(card_id: str) -> str:
    """A card as players say it: "World 6 Xxyl, nexus", "Spires experiment, past"."""
    world = re.fullmatch(r"world-(\d+)-(\w+)", card_id)
    if world:
        number = int(world[1])
        name = next((w["name"] for w in worlds() if w["number"] == number), "")
        timeframe = term(world[2])
        if not name or name == f"World {number}":  # a world the catalog knows only by its number
            return Msg("World {number}, {timeframe}", number=number, timeframe=timeframe)
        return Msg("World {number} {name}, {timeframe}", number=number, name=term(name), timeframe=timeframe)
    experiment = re.fullmatch(r"(\w+)-(past|present|future)", card_id)
    if experiment:
        return Msg("{experiment} experiment, {timeframe}", experiment=term(experiment[1].capitalize()),
                   timeframe=term(experiment[2]))
    if card_id.startswith("parallel"):
        return Msg("a parallel universe")
    return card_id
