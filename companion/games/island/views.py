"""What each viewer may see: `view(state, viewer)` is the only door out.

- master (the OP): the island, every piece, every board, mission markers where they lie, the
  pending decision with its options, the legal moves, and the OP's own log.
- seat (a captive): their own character board and notes map, the spaces the OP marked on their
  board (the starting fruit), their own pending decision, and the public part. Never the island
  layout, the OP pieces' positions or another captive's board.
- table: only what is public: whose turn, markers given to the OP, perishes, the power token in
  force, which OP pieces are off the map, and everything said aloud.
"""
from __future__ import annotations

from ...i18n import Listed, Msg, said, term
from ..base import IllegalMove, Viewer, to_dict
from . import board as geo
from . import catalog, layout, op
from .legal import legal_moves
from .state import OP, Board, State, character_of, display, named, piece, pieces_of
from .turns import fruit_order


def viewers(state: State) -> list[str]:
    """Who gets a phone: the OP gets the master view (the island), each captive their seat."""
    return ["master"] + [f"seat-{seat}" for seat in range(1, state.players)]


def secrets(state: State) -> dict[str, set[str]]:
    """What the leak checks look for: the island's placements and the Wave's part are the OP's;
    a captive's notes are their own."""
    op = set(state.island.placements) if state.island is not None else set(state.laid)
    op |= set(state.last_island)
    if state.wave is not None:
        op.add(f'"{state.wave}"')  # the Wave's part, as a JSON value
    out = {"master": op}
    for b in state.boards:
        out[f"seat-{b.seat}"] = {text for _, text in b.notes if len(text) >= 8}
    return out


def view(state: State, viewer: Viewer) -> dict:
    out = public(state)
    if viewer.kind == "table":
        return out
    if viewer.kind == "seat":
        if not 0 <= viewer.seat < state.players:
            raise IllegalMove(Msg("there is no seat {seat} at this table", seat=viewer.seat))
        if viewer.seat == OP:  # the OP's phone is the master view; seat 0 sees the table
            return out
        out["board"] = board_view(state, state.boards[viewer.seat - 1])
        out["pieces"] = [piece_view(state, p) for p in pieces_of(state, viewer.seat)]
        p = state.pending
        if p is not None and p.seat == viewer.seat:
            out["decision"] = {"prompt": p.prompt, "options": list(p.options),
                               "choices": choices(state, p, master=False)}
        # only the player to act has moves (notes aside)
        out["legal"] = ([to_dict(m) for m in legal_moves(state) if m.seat == viewer.seat]
                        if to_act(state) == viewer.seat else [])
        return out
    out.update(master(state))
    moves = legal_moves(state)
    out["legal"] = [to_dict(m) for m in moves]
    # where each of the OP's piece actions goes, so the OP plays by tapping the map
    out["reach"] = [dict(r, i=i) for i, m in enumerate(moves)
                    if m.seat == OP and (r := op.reach(state, m)) is not None]
    return out


def choices(state: State, p, master: bool) -> list[dict]:
    """A decision's options in players' words: a bonus as the board prints it, a power token by
    its name with what it does, and (for the OP) a space with what lies there."""
    out = []
    for option in p.options:
        c = {"option": option, "words": option_words(option, p.kind)}
        if p.kind == "palm":
            c["words"] = term(catalog.bonus_words(option))
        elif p.kind == "power_token":
            token = catalog.power_tokens()[option]
            c["words"], c["text"] = term(token["name"]), term(token["text"])
        elif master and state.island is not None and option in geo.SPACES:
            c["words"] = Listed([option, layout.name(state.island, option, dict(state.anomalies))], sep=" · ")
        elif option.startswith("ocean:"):
            c["words"] = Msg("into the ocean beside {space}", space=option[6:])
        elif option in geo.DIRECTION_WORDS:
            c["words"] = Listed([option, geo.towards(option)], sep=" · ")
        out.append(c)
    return out


# the options that name a fruit (resolve's offers); the others are words of their own
_FRUIT_OPTIONS = ("use the {fruit}: do not activate", "use the {fruit}: count it", "cross out the {fruit}: 2 actions")


def option_words(option: str, kind: str) -> Msg:
    """A decision's option (an id the move sends back) in the players' words."""
    if option in catalog.fruits():
        return term(option)
    if kind == "revive":
        return Msg("Camp {camp}", camp=option)
    if kind == "oracle" and option != "none":  # "NW NE": two directions asked about
        return Listed([geo.towards(d) for d in option.split()], sep=" and ")
    for words in _FRUIT_OPTIONS:
        head, tail = words.split("{fruit}")
        if option.startswith(head) and option.endswith(tail):
            return Msg(words, fruit=term(option[len(head):len(option) - len(tail)]))
    return term(option)


def to_act(state: State) -> int | None:
    """The seat whose decision or move the game waits for."""
    if state.phase == "over":
        return None
    if state.pending is not None:
        return state.pending.seat
    if state.phase == "fruits":
        return next(seat for seat, name in fruit_order(state)
                    if piece(state, name).starting_fruit is None)
    return state.turn if state.phase == "play" else OP


def public(state: State) -> dict:
    token = catalog.power_tokens().get(state.in_force) if state.in_force else None
    return {
        "game": "island",
        "phase": state.phase,
        "round": state.round,
        "turn": state.turn,
        "actions_left": state.actions if state.phase == "play" else 0,
        "seats": state.players,
        "names": [term("Omnipotence Paradox")] + [named(b.character) for b in state.boards],
        "pieces_of_seats": {str(b.seat): [named(p.name) for p in pieces_of(state, b.seat)]
                            for b in state.boards},
        "mission_markers": {str(b.seat): len(b.mission) for b in state.boards},
        "perished": state.perished,
        "perish_goal": state.perish_goal,
        "power_token": ({"id": state.in_force, "name": term(token["name"]), "text": term(token["text"])}
                        if token else None),
        "power_tokens_in_stack": len(state.stack),
        "off_the_map": list(state.returns),
        "waiting_for": to_act(state),
        "winner": state.winner,
        # the keys shared code reads (base.VIEW_KEYS): the OP scores captives perished,
        # a captive the mission markers given to the OP
        "scores": {"0": state.perished, **{str(b.seat): len(b.mission) for b in state.boards}},
        "finished": state.phase == "over",
        "winners": [state.winner] if state.winner is not None else [],
        "said": [{"speaker": term(s), "words": w} for s, w in state.said],
    }


def board_view(state: State, b: Board) -> dict:
    spec = catalog.characters()[b.character]
    out = {
        "character": display(b.character),
        "mission": term(spec["mission_text"]),
        "crossed_out": [symbol for symbol, _ in b.mission],
        "markers_left": catalog.mission_markers() - len(b.mission),
        "fruits": {f: dict(b.fruits).get(f, "") for f in catalog.fruits()},
        "starting_fruits": [p.starting_fruit for p in pieces_of(state, b.seat)],
        "bonuses": [{"effect": e, "words": term(catalog.bonus_words(e)), "when": w,
                     "fruits": list(fr) if b.character != "hempel"
                     else [f for f, i in b.palms if i == n],
                     **({"palm_boxes": boxes} if boxes else {})}
                    for n, (e, w, fr, boxes) in enumerate(b.bonuses)],
        "visited_fruits": list(b.visited_fruits),
        "known_spaces": {s: what for s, what in b.known},
        "notes": {s: t for s, t in b.notes},
    }
    if b.extra:
        out["additional_bonuses"] = [{"bonus": k, "state": s} for k, s in
                                     zip(spec.get("extra_bonuses", ()), b.extra)]
    if b.character == "achilles":
        out["crossed_out_op_pieces"] = list(b.spent_symbols)
    if b.called_off:
        out["called_off"] = list(b.called_off)
    return out


def piece_view(state: State, p) -> dict:
    out = {"piece": display(p.name), "health": p.health, "max_health": p.max_health,
           "energy": p.energy, "max_energy": p.max_energy, "lying": p.lying,
           "perished": p.space is None and p.starting_fruit is not None,
           "starting_fruit": p.starting_fruit, "revivals": p.revivals}
    if character_of(state, p.name) == "granddead":  # his energy is his health too (p.22)
        del out["health"], out["max_health"]
        out["energy_is_health"] = True
    return out


def master(state: State) -> dict:
    island = state.island
    anomalies = dict(state.anomalies)
    out = {
        "island": None if island is None else {
            "placements": list(island.placements),
            "spaces": [{"space": s.label, "kind": s.kind, "value": s.value, "tile": s.tile,
                        "turns": s.turns, "name": layout.name(island, s.label, anomalies)}
                       for s in island.spaces],
            "anomaly_tokens": anomalies,
        },
        "op_pieces": {"Wave": state.wave, "Rock": state.rock, "Bush": state.bush},
        "captive_pieces": [dict(piece_view(state, p), space=p.space, seat=p.seat)
                           for p in state.pieces],
        "boards": {str(b.seat): dict(board_view(state, b),
                                     markers_on=[{"symbol": sym, "space": sp}
                                                 for sym, sp in b.mission])
                   for b in state.boards},
        "decision": None if state.pending is None else {
            "seat": state.pending.seat, "kind": state.pending.kind,
            "prompt": state.pending.prompt, "options": list(state.pending.options),
            "choices": choices(state, state.pending, master=True)},
        "interrupt": state.interrupt,
        "trails": {which: list(spaces) for which, spaces in state.trails},
        "wave_attacked": [named(n) for n in state.wave_attacked],
        "to_revive": [named(n) for n in state.revive],
        "op_log": list(state.op_log),
    }
    if state.phase == "island":
        out["building"] = building_view(state)
    return out


def building_view(state: State) -> dict:
    """The OP building the island: every tile as the group prints it (where it lies, if laid),
    the spaces covered so far, and the island of the last game."""
    tiles = layout.printed_tiles(state.printing)
    laid = {layout.parse_placement(p)[0]: p for p in state.laid}
    printed = {layout.parse_printing(t)[0] for t in state.printing}
    covered = []
    for text in state.laid:
        tile, anchor, turns = layout.parse_placement(text)
        for half, (cell, spec) in enumerate(zip(layout.tile_cells(tile, anchor, turns),
                                                tiles[tile]["spaces"]), start=1):
            covered.append({"space": cell, "tile": tile, "half": half, "kind": spec["kind"],
                            "value": layout.value_of(spec),
                            "name": layout.words(spec["kind"], layout.value_of(spec))})
    return {
        "tiles": [{"id": t, "shape": spec["shape"], "cells": [list(c) for c in catalog.shape(spec["shape"])],
                   "spaces": [{"kind": sp["kind"], "value": layout.value_of(sp),
                               "name": layout.words(sp["kind"], layout.value_of(sp)),
                               **({"arrows": ["-".join(a) for a in sp["arrows"]]} if "arrows" in sp else {})}
                              for sp in spec["spaces"]],
                   "laid": laid.get(t), "reprinted": t in printed}
                  for t, spec in tiles.items()],
        "covered": covered,
        "printing": list(state.printing),
        "last_island": list(state.last_island),
        "problem": _unplayable(tiles),
    }


def _unplayable(tiles: dict) -> str | None:
    """Why the group's printing cannot make an island yet (two Portal 1s...), or None."""
    try:
        layout.playable(tiles)
    except IllegalMove as exc:
        return said(exc)
    return None
