"""What the OLED shows for a published snapshot: a screen name and its plain data.

The screens themselves (pixels) are hardware.screens; here the companion decides what to say.
Only the table's public view is used, so the OLED can never show a secret.
"""
from __future__ import annotations

from .games import TABLE


def oled_screen(snap, join_url: str, safe: bool = True) -> tuple[str, dict]:
    """`safe`: whether "safe to unplug" is true as soon as the companion stops (not on a Pi,
    where the power-off hook says it once the disks are done)."""
    if snap.shutting_down:
        return "unplug", {"safe": safe} if safe else {"safe": False, "text": "Shutting down..."}
    if snap.prompt is not None:
        return "prompt", {"title": snap.prompt.title, "text": snap.prompt.text,
                          "buttons": {"A": "accept", "B": "reject"}}
    if snap.alert:
        return "error", {"text": snap.alert}
    if snap.session is None or snap.screen == "join":
        return "join", {"url": join_url}
    view = snap.view(TABLE)
    if view.get("game") == "island":
        return _island(view, snap.message)
    if view.get("finished"):
        names = [view["names"][s] for s in view["winners"]] if "names" in view else view["winners"]
        top = view["scores"][str(view["winners"][0])] if view.get("scores") and view["winners"] else None
        return "winner", {"names": names, "score": top}
    if view.get("game") != "paradominetor":
        return "message", {"title": view.get("game", "Paradox Table").title(), "text": snap.message}
    if snap.screen == "scoreboard":
        return "scoreboard", _scoreboard(view)
    return _paradominetor_auto(view, snap.message)


def _island(view: dict, message: str) -> tuple[str, dict]:
    """Paradox Island from the table's view: the winner once a mission is done or enough captives
    perished, otherwise the round, whose turn it is and the last words said aloud."""
    names = view["names"]
    if view["phase"] == "over" and view["winner"] is not None:
        winner = view["winner"]
        title = "The OP wins" if winner == 0 else "Mission complete"
        return "winner", {"names": [names[winner]], "title": title}
    said = view["said"][-1] if view["said"] else None
    text = f"{said['speaker']}: {said['words']}" if said else message
    if view["phase"] != "play":
        return "message", {"title": "Paradox Island", "right": "setup", "text": text}
    turn = "OP" if view["turn"] == 0 else names[view["turn"]]
    return "message", {"title": f"Round {view['round']}", "right": turn, "text": text}


def _scoreboard(view: dict) -> dict:
    seats = [{"name": name, "score": view["scores"][str(s)],
              "mark": "*" if s == view["to_play"] else ""} for s, name in enumerate(view["names"])]
    return {"title": "Scores", "right": f"{view['trick_number']}/{view['tricks_total']}", "seats": seats}


def _paradominetor_auto(view: dict, message: str) -> tuple[str, dict]:
    """Follow the game: the trick while it is played, the ruling once it is won."""
    names = view["names"]
    if view["awaiting_flip"]:
        return "prompt", {"title": "Paradox!", "text": message}
    if view["current_trick"] or not view["tricks"]:
        plays = [{"seat": names[p["seat"]], "tile": _tile_words(p)} for p in view["current_trick"]]
        turn = names[view["to_play"]] if view["to_play"] is not None else None
        return "trick", {"title": f"Trick {view['trick_number']}", "plays": plays, "turn": turn,
                         "lead": names[view["lead"]]}
    last = view["tricks"][-1]
    return "adjudication", {"title": f"Trick {last['number']}", "right": f"lead {names[view['lead']]}",
                            "text": last["reason"]}


def _tile_words(play: dict) -> str:
    colour, value = play["tile"].split("-")[:2]
    if colour == "black":
        return f"black>{play['declare']}" if play.get("declare") else "black 0"
    return f"{colour} {value}"
