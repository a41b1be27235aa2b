"""Paradox Island's rules: each move handed to the module that resolves it (building, turns,
captive, op, corrections; resolve for a pending choice), and the score sheet."""
from __future__ import annotations

from ..base import IllegalMove
from ...i18n import Msg
from . import building, captive, corrections, op, resolve, turns
from .moves import (BuildIsland, BushAction, Choose, ChooseStartingFruit, Correct, EndTurn, LayTile, LiftTile,
                    Move, PlaceOpPieces, PrintSpace, RandomIsland, Rest, RockAction, Said, UseBonus,
                    UseExtraBonus, WaveAttack, WaveMove, WriteNote)
from .state import OP, State

NAME = "island"

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


def scores(state: State) -> dict[int, int]:
    """Mission markers given to the OP per captive seat; the OP's score is the perish count."""
    return {OP: state.perished, **{b.seat: len(b.mission) for b in state.boards}}


def is_over(state: State) -> bool:
    return state.phase == "over"


def winners(state: State) -> list[int]:
    return [state.winner] if state.winner is not None else []
