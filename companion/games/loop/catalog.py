"""Loop's component data: companion/catalog/loop/*.json, read once (the files are not game state).

What the rulebook does not print (the Garage's two parts, the destinations, the anomalies and
future cards) is marked there as an assumption; the host enters the travel cards actually drawn
at setup, in words like "Rome AD net 4", and the companion keeps them for the next game.
"""
from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

from ...i18n import Listed, Msg, english, term
from ..base import IllegalMove

CATALOG_DIR = Path(__file__).resolve().parents[2] / "catalog" / "loop"
STORES = ("garage", "shop", "armory")
ERAS = ("BC", "AD", "Future")
FUTURE_ACTIONS = ("garage", "shop", "armory", "any_store", "supply", "exchange", "move")
# how a host may write a Future card's action
_ACTION_WORDS = {**{a: a for a in FUTURE_ACTIONS}, "armoury": "armory", "any-store": "any_store"}


def future_action(word):
    """A Future destination's action from a host's or a record's word (English or Japanese:
    "garage", "ガレージ"), or None."""
    if not isinstance(word, str):
        return None
    for w in [word, *english(word)]:
        found = _ACTION_WORDS.get(re.sub(r"[\s_-]+", "_", w.strip().lower()))
        if found:
            return found
    return None


def read_words(text: str, known: set[str]) -> list[tuple[str, str]]:
    """A host's words, each in the companion's own and as typed: full-width letters and digits as
    ASCII, Japanese punctuation as spaces, and each Japanese word the catalogs know ("ローマ AD
    ネット 4") with its English ("Rome AD net 4"), the lower-case one when it is a part, an era or
    an action word (`known`). A word no catalog knows (a destination's own name) is as typed."""
    text = unicodedata.normalize("NFKC", text).replace("、", " ").replace("・", " ")
    out = []
    for word in text.split():
        found = english(word)
        plain = [w for w in found if w.lower() in known]
        out.append((plain[0].lower() if plain else found[0] if found else word, word))
    return out


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
            raise IllegalMove(Msg("each destination needs a name"))
        known_one = lookup.get(name.strip().lower(), {})
        out = {"name": name.strip(), "era": entry.get("era", known_one.get("era")),
               "parts": entry.get("parts", known_one.get("parts")),
               "points": entry.get("points", known_one.get("points")),
               "action": entry.get("action", known_one.get("action"))}
        if out["action"] is not None:
            if future_action(out["action"]) is None:
                raise IllegalMove(Msg("{name}: a Future destination's action is one of {actions}",
                                      name=out["name"], actions=Listed(list(FUTURE_ACTIONS), sep=", ")))
            out["action"] = future_action(out["action"])
    elif isinstance(entry, str):
        words, era, needs, points = [], None, [], None  # words: the name's, (own, as typed)
        typed = " ".join(unicodedata.normalize("NFKC", entry).split())
        read = read_words(entry.replace(",", " "), {*parts, *(p + "s" for p in parts), "ad", "bc", "future",
                                                    *FUTURE_ACTIONS, "any store"})
        for i in range(len(read) - 1, 0, -1):  # "any store", a Future card's action in two words
            if read[i - 1][0].lower() == "any" and read[i][0].lower() == "store":
                read[i - 1:i + 1] = [("any_store", read[i - 1][1] + " " + read[i][1])]
        for word, as_typed in read:
            low = word.lower()
            if low in ("ad", "bc", "future"):
                era = {"ad": "AD", "bc": "BC", "future": "Future"}[low]
            elif low.rstrip("s") in parts or low in parts:
                needs.append(low if low in parts else low.rstrip("s"))
            elif low.lstrip("+-").isdigit() and points is None:
                points = int(low)
            else:
                words.append((word, as_typed))
        # a Future card's action is written after its other words ("Mars Future engine 5
        # garage"); on any other card, or with no era to say so, the word is part of the name
        action = future_action(words[-1][0]) if len(words) > 1 else None
        if action is not None:
            without = " ".join(w for w, _ in words[:-1])
            if (era or lookup.get(without.lower(), {}).get("era")) == "Future":
                words = words[:-1]
            else:
                action = None
        name = " ".join(w for w, _ in words)
        if not name:
            raise IllegalMove(Msg("{entry!r}: a destination needs a name, e.g. 'Rome AD net 4'", entry=typed))
        # a catalog's destination by its name in either language; any other name as typed
        # ("ローマ XX" stays so, not "Rome XX")
        known_one = lookup.get(name.lower(), {})
        out = {"name": known_one.get("name", " ".join(t for _, t in words)), "era": era or known_one.get("era"),
               "parts": needs or known_one.get("parts"),
               "points": points if points is not None else known_one.get("points"),
               "action": action or future_action(known_one.get("action"))}
    else:
        raise IllegalMove(Msg("a destination is written like 'Rome AD net 4'"))
    if out["era"] not in ERAS:
        raise IllegalMove(Msg("{name}: say its era (AD, BC or Future), e.g. '{name} AD net 4'", name=term(out["name"])))
    if out["action"] is not None and out["era"] != "Future":
        raise IllegalMove(Msg("{name}: only a Future destination has an action written on it", name=term(out["name"])))
    if not isinstance(out["parts"], (list, tuple)) or not out["parts"] or \
            any(not isinstance(p, str) or p not in parts for p in out["parts"]):
        raise IllegalMove(Msg("{name}: say the parts it needs ({parts}), e.g. '{name} {era} {part} 4'",
                              name=term(out["name"]), parts=Listed([term(p) for p in sorted(parts)], sep=", "),
                              era=term(out["era"]), part=term(sorted(parts)[0])))
    if not isinstance(out["points"], int) or isinstance(out["points"], bool) or out["points"] < 0:
        raise IllegalMove(Msg("{name}: say its points, e.g. '{name} {era} {parts} 4'", name=term(out["name"]),
                              era=term(out["era"]), parts=Listed([term(p) for p in out["parts"]], sep=" ")))
    return out
