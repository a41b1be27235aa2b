"""Domino Dynasty's OLED pages, from the table's public view (a secret mission never shows).

"auto" follows the round: whose turn it is to claim and the last thing said (a placement and
what it did, a mission's pass or fail with its numbers); "strength" the five roles' live
strength, the role whose player claims marked; "missions" the last report, line by line.
"""
from __future__ import annotations

PAGES = ("auto", "strength", "missions")
SHORT = {"warfare": "Military", "money": "Money", "infrastructure": "Roads", "housing": "Housing",
         "goods": "Goods"}


def screen(view: dict, page: str, message: str) -> tuple[str, dict] | None:
    if view["finished"]:
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
    if page == "missions":
        text = " ".join(view["report"]) or "No mission reported yet."
        return "message", {"title": "Missions", "right": f"{view['completed']}/{view['to_win']}",
                           "text": text}
    right = {"draw": "draw", "claim": names[turn] if turn is not None else "", "report": "report",
             "start": "setup", "free": "maps"}.get(view["phase"], "")
    return "message", {"title": f"Round {view['round']}", "right": right,
                       "text": view["said"] or message}
