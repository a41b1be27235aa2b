"""Paradox Island: the OP hides the island; the companion moves every piece and says what to announce.

Rules: shared/rules/paradox-island.txt. Decisions the rulebook leaves open: docs/rulings.md ("Paradox Island").
Component data (tiles, Escher knot arrows, anomaly tokens, characters): companion/catalog/island/.

Seat 0 is the Omnipotence Paradox; seats 1..n are the captives in turn order (seat 1 sits on the
OP's left and plays first). Modules: board (geometry), catalog (data), layout (tiles on the
island), state, moves, resolve (what happens to a piece, stage by stage), captive (a captive's
actions), op (the OP's actions), turns (setup and turn order), characters (boards and missions),
views (who sees what).
"""
from __future__ import annotations

from ..base import Game, IllegalMove, Option, Viewer, accepted, evolve
from ...i18n import Msg
from . import board as geo
from . import building, captive, catalog, characters, corrections, layout, op, resolve, turns, views
from .moves import (MOVES, BuildIsland, BushAction, Choose, ChooseStartingFruit, Correct, EndTurn,
                    LayTile, LiftTile, Move, PrintSpace,
                    PlaceOpPieces, RandomIsland, Rest, RockAction, Said, UseBonus, UseExtraBonus,
                    WaveAttack, WaveMove, WriteNote, move_from_dict, move_to_dict)
from .state import OP, State, board as board_of, piece, pieces_of

NAME = "island"
MASTER_SEAT = OP  # the OP's moves come from the master link

__all__ = ["NAME", "GAME", "MASTER_SEAT", "MOVES", "IllegalMove", "setup", "apply", "view",
           "viewers", "scores", "is_over", "winners", "legal_moves", "secrets", "keep", "move_from_dict",
           "move_to_dict", "State"]

# Recommended characters first (p.6), then the rest of the catalog's.
_CHARACTERS = tuple((c, c.capitalize())
                    for c in dict.fromkeys(turns.RECOMMENDED + tuple(catalog.characters())))

GAME = Game(
    name=NAME,
    title="Paradox Island",
    players=(2, 4),
    options=(
        Option("players", "Players, the OP included", "count", default=4, low=2, high=4,
               help="The Omnipotence Paradox takes the first link; the captives play in this "
                    "order from the OP's left."),
        Option("characters", "Captive", "each", choices=_CHARACTERS, per="players", less=1),
        Option("character_stats", "Health and energy", "numbers", per="characters",
               fields=("health", "energy"), low=1, high=9,
               help="Leave empty for the values in the companion's catalog."),
        Option("second_piece", "Second piece (two players)", "choice", default="",
               choices=(("", "drawn at random"),) + _CHARACTERS, when=(("players", 2),)),
    ),
    master=True,
    master_seat=OP,
    parts=("oled",),
)


def setup(options: dict | None = None, seed: int = 0) -> State:
    """A new game. Options (all optional):

    players           2-4, the OP included (default: one more than the characters, else 4)
    characters        the captives' characters for seats 1..n, e.g. ["phil", "hempel"]
    second_piece      two-player game: the second piece (default: drawn from the seed)
    character_stats   {"phil": {"health": 5, "energy": 3, "bonuses": [...]}} over the catalog
    island            "random" or a list of placements "<tile> <space> <turns>"; without it the
                      game starts with the OP's BuildIsland / RandomIsland move
    anomalies         {space: token id} instead of drawing 5 of the 10 tokens
    wave, rock, bush  the OP's pieces (an ocean part, an anomaly space, a fruit space)
    starting_fruits   {piece: fruit}; hempel_palm: the bonus for Hempel's starting fruit
    power_tokens      the stack's order, top first, instead of shuffling it
    kept              what the last game kept (`keep`): the group's printing and its island
    """
    return turns.setup(options, seed)


_HANDLERS = {
    BuildIsland: building.build_island,
    RandomIsland: building.build_island,
    LayTile: building.lay_tile,
    LiftTile: building.lift_tile,
    PrintSpace: building.print_space,
    PlaceOpPieces: turns.place_op_pieces,
    ChooseStartingFruit: turns.choose_fruit,
    Move: captive.move,
    Rest: captive.rest,
    UseBonus: captive.use_bonus,
    UseExtraBonus: captive.use_extra_bonus,
    WriteNote: captive.write_note,
    EndTurn: turns.end_turn,
    WaveMove: op.wave_move,
    WaveAttack: op.wave_attack,
    BushAction: op.bush_action,
    RockAction: op.rock_action,
    Correct: corrections.correct,
}


def apply(state: State, move) -> tuple[State, list[Said]]:
    """The new state and the words said aloud while the move resolved."""
    if state.phase == "over" and not isinstance(move, WriteNote):
        raise IllegalMove(Msg("the game is over"))
    if not 0 <= getattr(move, "seat", -1) < state.players:
        raise IllegalMove(Msg("there is no seat {seat} at this table", seat=getattr(move, "seat", None)))
    if isinstance(move, Choose):
        new = resolve.choose(state, move.seat, move.option)
    elif type(move) in _HANDLERS:
        new = _HANDLERS[type(move)](state, move)
    else:
        raise IllegalMove(Msg("{move} is not a Paradox Island move", move=type(move).__name__))
    return new, [Said(s, w) for s, w in new.said[len(state.said):]]


def view(state: State, viewer: Viewer) -> dict:
    return views.view(state, viewer, legal=legal_moves)


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


def keep(state: State) -> dict | None:
    """The group's tile printing and the island it built, for its next game."""
    return building.keep(state)


def scores(state: State) -> dict[int, int]:
    """Mission markers given to the OP per captive seat; the OP's score is the perish count."""
    return {OP: state.perished, **{b.seat: len(b.mission) for b in state.boards}}


def is_over(state: State) -> bool:
    return state.phase == "over"


def winners(state: State) -> list[int]:
    return [state.winner] if state.winner is not None else []


# ---------------------------------------------------------------- legal moves

def legal_moves(state: State) -> list:
    """Every move the rules accept now (notes aside), Rock (and, under Lithophytes, Bush) actions
    that both move and push, in either order, and the extra movement after an Anomaly Portal
    included."""
    return accepted(apply, state, _candidates(state))


# bonuses that do not act with one of the captive's pieces
_PIECELESS_BONUSES = ("replenish_fruit", "circle_extra_bonus", "call_off")


def _candidates(state: State) -> list:
    if state.phase == "over":
        return []
    if state.phase == "island":  # laying tile by tile aside: the whole island at once
        return [RandomIsland()] + ([BuildIsland(state.last_island)] if state.last_island else [])
    if state.phase == "pieces":
        return [PlaceOpPieces(w, r, b) for w in geo.OCEAN_PARTS
                for r in layout.find(state.island, "anomaly")
                for b in layout.find(state.island, "fruit")]
    if state.phase == "fruits":
        seat, name = next((s, n) for s, n in turns.fruit_order(state)
                          if piece(state, n).starting_fruit is None)
        return [ChooseStartingFruit(seat, f, name) for f in catalog.fruits()]
    out = []
    if state.pending is not None:
        out += [Choose(state.pending.seat, o) for o in state.pending.options]
        if state.pending.kind == "op_action":
            out += _op_actions(state, state.interrupt)
        return out
    if state.turn == OP:
        if state.actions > 0:
            for which in ("Wave", "Bush", "Rock"):
                out += _op_actions(state, which)
        return out + [EndTurn(OP)]
    seat = state.turn
    for p in pieces_of(state, seat):
        for d in geo.DIRECTIONS:
            for over in (False, True):
                for safe in (False, True):
                    out.append(Move(seat, d, over, safe, p.name))
        out.append(Rest(seat, p.name))
    b = board_of(state, seat)
    # a captive with two pieces (two players) says which piece a bonus that moves, scouts, acts
    # or heals is for
    mine = [p.name for p in pieces_of(state, seat)]
    for fruit, status in b.fruits:
        index = characters.bonus_index(b, fruit)
        if status == "circled" and index is not None:
            effect = b.bonuses[index][0]
            if effect == "scout_line":
                choices = [dict(direction=d) for d in geo.DIRECTIONS]
            elif effect == "call_off":
                choices = [dict(target=w) for w in ("Wave", "Rock", "Bush")]
            elif effect in ("safe_move_to_fruit", "replenish_fruit"):
                choices = [dict(target=f) for f in catalog.fruits()]
            else:
                choices = [{}]
            names = mine if len(mine) > 1 and effect not in _PIECELESS_BONUSES else [None]
            out += [UseBonus(seat, fruit, piece=n, **c) for n in names for c in choices]
    out += [UseExtraBonus(seat, i + 1) for i, s in enumerate(b.extra) if s == "circled"]
    return out + [EndTurn(seat)]


def _op_actions(state: State, which: str | None) -> list:
    if which == "Wave":
        return ([WaveMove(p) for p in geo.OCEAN_PARTS + tuple(op.LAKE_PLACES)] +
                [WaveAttack(p.name) for p in state.pieces])
    if which not in ("Bush", "Rock") or op.op_piece_space(state, which) is None:
        return []
    action = BushAction if which == "Bush" else RockAction
    moves = _op_piece_moves(state, which)
    out = [action(**mv) for mv in moves]
    if not op.pushes(state, which):
        return out
    # pushes: alone, after the move (from where the move ends) or before it (from where it is)
    here = _pushes_from(state, which)
    out += [action(push=p, push_direction=d) for p, d in here]
    out += [action(**mv, push=p, push_direction=d, push_first=True) for mv in moves
            for p, d in here]
    for mv in moves:
        try:
            legs = op.path(state, which, mv["direction"], mv["start"], mv["activate"],
                           mv["through"], mv["then"])
        except IllegalMove:
            continue
        end = legs[-1][1]
        if end is not None:
            moved = evolve(state, **{which.lower(): end})
            out += [action(**mv, push=p, push_direction=d) for p, d in _pushes_from(moved, which)]
    return out


def _op_piece_moves(state: State, which: str) -> list[dict]:
    """Every movement of the Bush or the Rock: one space, through a portal, knot or (Anomaly
    Portals) another anomaly, and the extra step after it."""
    here = op.op_piece_space(state, which)
    starts = layout.lake_of(state.island, here) or (None,)
    portals = layout.find(state.island, "portal")
    anomalies = layout.find(state.island, "anomaly")
    out = []
    for d in geo.DIRECTIONS:
        for s in starts:
            out.append(dict(direction=d, activate=False, start=s, through=None, then=None))
            land = geo.step(s or here, d)
            kind = layout.space(state.island, land).kind if land else None
            if kind in ("portal", "knot") or (kind == "anomaly" and state.in_force == "teleport"):
                # with the Hurricane a portal leads to any other portal, with Anomaly Portals
                # an anomaly to any other anomaly, then one more step if the OP wants
                exits = ((None,) + tuple(portals) if kind == "portal" and state.in_force == "hurricane"
                         else tuple(anomalies) if kind == "anomaly" else (None,))
                thens = (None,) + geo.DIRECTIONS if kind == "anomaly" else (None,)
                out += [dict(direction=d, activate=True, start=s, through=x, then=t)
                        for x in exits for t in thens]
    return out


def _pushes_from(state: State, which: str) -> list[tuple[str, str | None]]:
    """(captive, direction) pushes the piece can make from where it is."""
    out = []
    for p in state.pieces:
        for d in geo.DIRECTIONS:
            try:
                op.push_target(state, which, p.name, d)
            except IllegalMove:
                continue
            out.append((p.name, d))
    return out
