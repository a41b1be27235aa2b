"""Domino Dynasty's OLED pages, from the table's public view (a secret mission never shows).

"auto" follows the round: whose turn it is to claim and the last thing said (a placement and
what it did, a mission's pass or fail with its numbers); "strength" the five roles' live
strength, the role whose player claims marked; "sources" where each comes from (each capital's
square and worth, people included, times the province); "missions" the last report.
"""
from __future__ import annotations

from ..base import Oled

PAGES = ("auto", "strength", "sources", "missions")
SHORT = {"warfare": "Military", "money": "Money", "infrastructure": "Roads", "housing": "Housing",
         "goods": "Goods"}


def screen(view: dict, page: str, message: str) -> tuple[str, dict] | None:
    if view["finished"] and page == "auto":  # the other pages still tell how the end was reached
        if view["mode"] == "cooperative":
            won = view["result"] == "won"
            score = next(iter(view["scores"].values()), 0)
            return "message", {"title": "The dynasty wins" if won else "The dynasty falls",
                               "right": f"score {score}", "text": view["said"]}
        return None
    names = view["names"]
    turn = view["turn"]
    if page == "strength":
        turn_roles = view["roles"].get(str(turn), []) if turn is not None else []
        seats = [{"name": SHORT[role], "score": info["strength"], "mark": role in turn_roles}
                 for role, info in view["strength"].items()]
        return "scoreboard", {"title": "Strength", "right": f"round {view['round']}", "seats": seats}
    if page == "sources":
        return "scoreboard", {"title": "From", "right": "cap:worth x prov",
                              "seats": [{"name": _sources(role, info), "score": info["strength"], "mark": False}
                                        for role, info in view["strength"].items()]}
    if page == "missions":
        text = " ".join(view["report"]) or "No mission reported yet."
        return "message", {"title": "Missions", "right": f"{view['completed']}/{view['to_win']}",
                           "text": text}
    right = {"draw": "draw", "claim": names[turn] if turn is not None else "", "report": "report",
             "start": "setup", "free": "maps", "share": "sharing",
             "swap": f"{names[turn]} swaps?" if turn is not None else ""}.get(view["phase"], "")
    return "message", {"title": f"Round {view['round']}", "right": right,
                       "text": view["said"] or message}


def _sources(role: str, info: dict) -> str:
    """"Mil D4:2 x4": each capital's square and worth (its people counted in), times the province."""
    short = SHORT[role][:3]
    if not info["in_game"]:
        return f"{short} not in game"
    caps = ",".join(f"{c['square']}:{c['worth']}" for c in info["capitals"]) or "none"
    return f"{short} {caps} x{info['province']}"


OLED = Oled(pages=PAGES, screen=screen)
