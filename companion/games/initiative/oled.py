"""Paradox Initiative's OLED pages, drawn from the table's public view only (no secret research
goal can show here).

"auto": the round and phase, who acts now (or what the table waits for: a particle drawn from
the bag, a card's cost, a tech module kept) and the glitch's world;
"scoreboard": every pile scored as the end would score it now, the seat to act marked;
"worlds": where the glitch stands and which worlds are fractured or locked.
"""
from __future__ import annotations

from ..base import Oled

PAGES = ("auto", "scoreboard", "worlds")


def screen(view: dict, page: str, message: str) -> tuple[str, dict] | None:
    if view["finished"]:
        return None  # the shared winner page
    title = "Final actions" if view["final"] else f"Round {view['round']}"
    if page == "scoreboard":
        who = acting(view)
        seats = [{"name": name, "score": view["scores"].get(str(s), 0), "mark": s == who}
                 for s, name in enumerate(view["names"])]
        return "scoreboard", {"title": "Scores", "right": title.lower(), "seats": seats[:5]}
    if page == "worlds":
        return "message", {"title": glitch_words(view), "right": "",
                           "text": worlds_words(view)}
    return "message", {"title": title, "right": view["phase"],
                       "text": f"{now_words(view)}. {glitch_words(view)}."}


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
            where = {"anomaly": "the anomaly", "matrix": f"{who}'s matrix",
                     "rival": "the rival lab"}.get(wait.get("to"), "the table")
            return f"Draw a particle for {where}"
        return {"teach": f"{who}: enter the cost of {wait.get('card')}",
                "keep": f"{who}: keep a tech module",
                "switch": f"{who}: turn a switch on",
                "rival-card": f"{who}: a card for the rival lab",
                "penalty": f"{who}: discard for world {wait.get('world')}"}.get(kind, f"{who} to act")
    if view["turn"] is None:
        return "Waiting"
    who = names[view["turn"]]
    if view["phase"] == "wormhole":
        return f"{who} drafts from the wormhole"
    left = view["actions"]
    return f"{who}: {left} matrix action{'' if left == 1 else 's'} left"


def glitch_words(view: dict) -> str:
    world = view["worlds"][view["glitch"] - 1]
    state = " locked" if world["locked"] else "" if world["stable"] else " fractured"
    return f"Glitch: {world_words(world)}{state}"


def world_words(world: dict) -> str:
    """'6 Xxyl'; a world the catalog knows only by its number is named once: 'World 14'."""
    return world["name"] if world["name"] == f"World {world['number']}" else f"{world['number']} {world['name']}"


def worlds_words(view: dict) -> str:
    fractured = [str(w["number"]) for w in view["worlds"] if not w["stable"]]
    locked = [str(w["number"]) for w in view["worlds"] if w["locked"]]
    return (f"Fractured: {', '.join(fractured) or 'none'}. "
            f"Locked: {', '.join(locked) or 'none'}. Purple left: {view['purple']}.")


OLED = Oled(pages=PAGES, screen=screen)
