"""Domino Dynasty's OLED pages, from the table's public view (a secret mission never shows).

"auto" follows the round: whose turn it is to claim and the last thing said (a placement and
what it did, a mission's pass or fail with its numbers); "strength" the five roles' live
strength, the role whose player claims marked; "sources" where each comes from (each capital's
square and worth, people included, times the province); "missions" the last report.
"""
from __future__ import annotations

from ...i18n import Listed, Msg
from ..base import Oled
from .catalog import word

PAGES = ("auto", "strength", "sources", "missions")
SHORT = {"warfare": "Military", "money": "Money", "infrastructure": "Roads", "housing": "Housing",
         "goods": "Goods"}
ABBREVIATED = {"warfare": "Mil", "money": "Mon", "infrastructure": "Roa", "housing": "Hou", "goods": "Goo"}


def screen(view: dict, page: str, message: str) -> tuple[str, dict] | None:
    if view["finished"] and page == "auto":  # the other pages still tell how the end was reached
        if view["mode"] == "cooperative":
            won = view["result"] == "won"
            score = next(iter(view["scores"].values()), 0)
            return "message", {"title": Msg("The dynasty wins") if won else Msg("The dynasty falls"),
                               "right": Msg("score {score}", score=score), "text": view["said"]}
        return None
    names = view["names"]
    turn = view["turn"]
    if page == "strength":
        turn_roles = view["roles"].get(str(turn), []) if turn is not None else []
        seats = [{"name": word(SHORT[role]), "score": info["strength"], "mark": role in turn_roles}
                 for role, info in view["strength"].items()]
        return "scoreboard", {"title": Msg("Strength"), "right": Msg("round {round}", round=view['round']),
                              "seats": seats}
    if page == "sources":
        return "scoreboard", {"title": Msg("From"), "right": Msg("cap:worth x prov"),
                              "seats": [{"name": _sources(role, info), "score": info["strength"], "mark": False}
                                        for role, info in view["strength"].items()]}
    if page == "missions":
        text = Listed(view["report"], sep=" ") if view["report"] else Msg("No mission reported yet.")
        return "message", {"title": Msg("Missions"), "right": f"{view['completed']}/{view['to_win']}",
                           "text": text}
    right = {"draw": Msg("draw"), "claim": names[turn] if turn is not None else "", "report": Msg("report"),
             "start": Msg("setup"), "free": Msg("maps"), "share": Msg("sharing"),
             "swap": Msg("{name} swaps?", name=names[turn]) if turn is not None else ""}.get(view["phase"], "")
    return "message", {"title": Msg("Round {round}", round=view['round']), "right": right,
                       "text": view["said"] or message, **_short(view["said"])}


# a placement with its strength changes can take six lines of 21 columns: where it would be cut,
# the OLED names who and where and keeps the changes whole (the phones say the halves too)
PLACED = {"{name} placed {west} | {east} on {a}-{b} of the shared map.":
          lambda **at: Msg("{name} placed on {a}-{b} of the shared map.", **at),
          "{name} placed {west} | {east} on {a}-{b} of their map.":
          lambda **at: Msg("{name} placed on {a}-{b} of their map.", **at)}


def _short(said) -> dict:
    if isinstance(said, Listed) and len(said.items) == 2 and getattr(said.items[0], "msgid", None) in PLACED:
        p = said.items[0].params
        where = PLACED[said.items[0].msgid](name=p["name"], a=p["a"], b=p["b"])
        return {"short": Listed([where, said.items[1]], sep=" ")}
    return {}


def _sources(role: str, info: dict) -> str:
    """"Mil D4:2 x4": each capital's square and worth (its people counted in), times the province."""
    short = word(ABBREVIATED[role])
    if not info["in_game"]:
        return Msg("{role} not in game", role=short)
    caps = ",".join(f"{c['square']}:{c['worth']}" for c in info["capitals"]) or Msg("none")
    return Msg("{role} {capitals} x{province}", role=short, capitals=caps, province=info['province'])


OLED = Oled(pages=PAGES, screen=screen)
