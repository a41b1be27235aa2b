"""Paradox Initiative's OLED pages, drawn from the table's public view only (no secret research
goal can show here).

"auto": the round and phase, who acts now (or what the table waits for: a particle drawn from
the bag, a card's cost, a tech module kept) and the glitch's world;
"scoreboard": every pile scored as the end would score it now, the seat to act marked;
"worlds": where the glitch stands and which worlds are fractured or locked.
"""
from __future__ import annotations

from ..base import Oled
from .catalog import card_words
from ...i18n import Listed, Msg, Plural, term

PAGES = ("auto", "scoreboard", "worlds")


def screen(view: dict, page: str, message: str) -> tuple[str, dict] | None:
    if view["finished"]:
        return None  # the shared winner page
    if page == "scoreboard":
        who = acting(view)
        seats = [{"name": name, "score": view["scores"].get(str(s), 0), "mark": s == who}
                 for s, name in enumerate(view["names"])]
        right = Msg("final actions") if view["final"] else Msg("round {round}", round=view["round"])
        return "scoreboard", {"title": Msg("Scores"), "right": right, "seats": seats[:5]}
    if page == "worlds":
        return "message", {"title": glitch_words(view), "right": "",
                           "text": worlds_words(view)}
    title = Msg("Final actions") if view["final"] else Msg("Round {round}", round=view["round"])
    return "message", {"title": title, "right": term(view["phase"]),
                       "text": Msg("{now}. {glitch}.", now=now_words(view), glitch=glitch_words(view))}


def acting(view: dict) -> int | None:
    """The seat the table waits for: the one asked something first, else the one whose turn it is."""
    if view["awaiting"]:
        return view["awaiting"]["seat"]
    return view["turn"]


def now_words(view: dict) -> str:
    names = view["names"]
    wait = view["awaiting"]
    if wait:
        who = names[wait["seat"]]
        kind = wait["kind"]
        if kind == "draw":
            if wait.get("to") == "anomaly":
                return Msg("Draw a particle for the anomaly")
            if wait.get("to") == "matrix":
                return Msg("Draw a particle for {name}'s matrix", name=who)
            if wait.get("to") == "rival":
                return Msg("Draw a particle for the rival lab")
            return Msg("Draw a particle for the table")
        if kind == "teach":
            return Msg("{name}: enter the cost of {card}", name=who, card=card_words(wait.get("card") or ""))
        if kind == "keep":
            return Msg("{name}: keep a tech module", name=who)
        if kind == "switch":
            return Msg("{name}: turn a switch on", name=who)
        if kind == "rival-card":
            return Msg("{name}: a card for the rival lab", name=who)
        if kind == "penalty":
            return Msg("{name}: discard for world {world}", name=who, world=wait.get("world"))
        return Msg("{name} to act", name=who)
    if view["turn"] is None:
        return Msg("Waiting")
    who = names[view["turn"]]
    if view["phase"] == "wormhole":
        return Msg("{name} drafts from the wormhole", name=who)
    return Plural("{name}: {n} matrix action left", "{name}: {n} matrix actions left", view["actions"],
                  name=who)


def glitch_words(view: dict) -> str:
    world = view["worlds"][view["glitch"] - 1]
    if world["locked"]:
        return Msg("Glitch: {world} locked", world=world_words(world))
    if not world["stable"]:
        return Msg("Glitch: {world} fractured", world=world_words(world))
    return Msg("Glitch: {world}", world=world_words(world))


def world_words(world: dict) -> str:
    """'6 Xxyl'; a world the catalog knows only by its number is named once: 'World 14'."""
    if world["name"] == f"World {world['number']}":
        return Msg("World {number}", number=world["number"])
    return Msg("{number} {name}", number=world["number"], name=term(world["name"]))


def worlds_words(view: dict) -> str:
    fractured = [str(w["number"]) for w in view["worlds"] if not w["stable"]]
    locked = [str(w["number"]) for w in view["worlds"] if w["locked"]]
    return Msg("Fractured: {fractured}. Locked: {locked}. Purple left: {purple}.",
               fractured=Listed(fractured, sep=", ") if fractured else Msg("none"),
               locked=Listed(locked, sep=", ") if locked else Msg("none"), purple=view["purple"])


OLED = Oled(pages=PAGES, screen=screen)
