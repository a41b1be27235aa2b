"""The card data the rulebook does not print, from companion/catalog/initiative/ (assumptions a
user can edit), with what the table has taught the companion (`kept`) laid over it."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
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


@dataclass(frozen=True)
class Card:
    """A timeline card: a world's (its number, maybe a research asset, a nexus card's cell), an
    experiment's or a parallel universe; its cost (colours, "any", "purple", "planet"); "known"
    when it is not an assumption of the catalog or the table taught it."""
    id: str
    timeframe: str                     # past | present | future | nexus
    cost: tuple[str, ...] = ()
    world: int | None = None
    asset: str | None = None           # A-E
    at: tuple[int, int] | None = None  # a nexus card's cell of the matrix
    experiment: str | None = None      # spires | towers | gates
    parallel: bool = False
    known: bool = True


@dataclass(frozen=True)
class Goal:
    """A research goal: cards of a timeframe, cards with a research asset, or the secret one."""
    timeframe: str | None = None
    asset: str | None = None
    secret: bool = False


def valid_cost(cost, card: Card) -> bool:
    allowed = set(matrix.COLOURS) | {"any", "purple", "planet"}
    return (isinstance(cost, list) and len(cost) <= 8 and all(x in allowed for x in cost)
            and ("nexus" != card.timeframe or not cost))


@lru_cache(maxsize=None)
def _printed() -> dict[str, Card]:
    out = {}
    for c in data("cards.json")["cards"]:
        out[c["id"]] = Card(id=c["id"], timeframe=c["timeframe"], cost=tuple(c.get("cost", ())),
                            world=c.get("world"), asset=c.get("asset"),
                            at=tuple(c["at"]) if c.get("at") is not None else None,
                            experiment=c.get("experiment"), parallel="parallel" in c,
                            known=not c.get("assumption", False))
    return out


def cards(kept) -> dict[str, Card]:
    """{card id: card}; a card is "known" when it is not an assumption or the table taught it.
    A malformed `kept` is ignored part by part: it never stops a game."""
    out = dict(_printed())
    taught = kept.get("cards") if isinstance(kept, dict) else None
    for cid, t in (taught.items() if isinstance(taught, dict) else ()):
        if cid not in out or not isinstance(t, dict):
            continue
        card = out[cid]
        if card.timeframe == "nexus":
            if not matrix.on_matrix(t.get("at")):
                continue
            out[cid] = replace(card, at=tuple(t["at"]), known=True)
        else:
            if not valid_cost(t.get("cost"), card):
                continue
            out[cid] = replace(card, cost=tuple(t["cost"]), known=True)
    return out


@lru_cache(maxsize=None)
def worlds() -> list[dict]:
    return data("cards.json")["worlds"]


@lru_cache(maxsize=None)
def console() -> dict:
    return data("cards.json")["console"]


def goals() -> list[Goal]:
    return [Goal(timeframe=g.get("timeframe"), asset=g.get("asset"), secret=g.get("secret", False))
            for g in data("goals.json")["goals"]]


@lru_cache(maxsize=None)
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
