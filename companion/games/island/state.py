"""The game state: immutable records, and the small helpers that return changed copies.

Seats: seat 0 is the Omnipotence Paradox (OP); seats 1..n are the captives in turn order
(seat 1 sits to the OP's left and plays first). In the two-player game seat 1 moves two pieces.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..base import evolve
from .layout import Island
from ...i18n import Msg, term

OP = 0
OP_PIECES = ("Wave", "Rock", "Bush")


@dataclass(frozen=True)
class Piece:
    """A captive's piece, with the health and energy tracks that belong to it."""
    name: str  # the character whose piece it is, e.g. "phil"
    seat: int
    space: str | None  # None while it has perished and waits to be revived
    lying: bool  # lying on its side in a lake
    health: int
    energy: int
    max_health: int
    max_energy: int
    starting_fruit: str | None
    revivals: int = 0


@dataclass(frozen=True)
class Board:
    """A captive's character board: what only that captive (and the OP) may read."""
    seat: int
    character: str
    bonuses: tuple = ()  # ((effect, "own" | "any", fruits, palm boxes), ...) as printed
    fruits: tuple = ()  # ((fruit, "circled" | "crossed"), ...) in the order obtained
    palms: tuple = ()  # Hempel: ((fruit, bonus index), ...) the palm box each fruit is in
    extra: tuple = ()  # Theseus: the additional bonus squares, "" | "circled" | "crossed"
    spent_symbols: tuple = ()  # Achilles: OP pieces crossed out under his ability
    called_off: tuple = ()  # Phil: OP pieces that cannot interact with him until his next turn
    visited_fruits: tuple = ()
    mission: tuple = ()  # ((symbol, space or ""), ...) each counted item, in order
    known: tuple = ()  # ((space, what), ...) spaces the OP marked on this board
    notes: tuple = ()  # ((space, text), ...) the captive's own notes map


@dataclass(frozen=True)
class Step:
    """One stage of resolving a move, waiting on the agenda."""
    kind: str
    piece: str | None = None
    space: str | None = None
    moving: str | None = None  # the direction the piece was travelling when it got here
    safe: bool = False
    activation: str = "auto"  # auto | captive (safe move) | op (OP decides) | none
    parts: tuple = ()  # ocean parts entered
    origins: tuple = ()  # spaces a piece stepped into the ocean from
    seat: int | None = None
    value: str = ""
    through: str | None = None  # an OP piece's way out of a portal or anomaly (power tokens)
    then: str | None = None  # its extra movement after an anomaly portal


@dataclass(frozen=True)
class Pending:
    """A decision the rules leave to one player; resolved by Choose(seat, option)."""
    seat: int
    kind: str
    prompt: str
    options: tuple
    step: Step


@dataclass(frozen=True)
class State:
    players: int
    seed: int
    phase: str  # island | pieces | fruits | play | over
    island: Island | None
    anomalies: tuple  # ((space, token id), ...)
    pieces: tuple  # Piece
    boards: tuple  # Board, one per captive seat
    wave: str | None = None  # an ocean part
    rock: str | None = None  # a space
    bush: str | None = None
    turn: int = 1
    actions: int = 2
    acting: str | None = None  # the piece taking this turn's actions
    finished: tuple = ()  # two-player game: pieces that have taken their actions this turn
    agenda: tuple = ()  # Step, first to resolve first
    pending: Pending | None = None
    stack: tuple = ()  # power tokens face down, top first
    in_force: str | None = None
    returns: tuple = ()  # OP pieces to put back on the map at the end of this turn
    revive: tuple = ()  # pieces to revive at the end of this turn
    wave_attacked: tuple = ()  # pieces the Wave attacked this OP turn
    trails: tuple = ()  # ((piece, spaces), ...) where an attacking OP piece went this turn
    interrupt: str | None = None  # an OP piece that may act once now (an anomaly)
    perished: int = 0
    perish_goal: int = 5
    winner: int | None = None
    said: tuple = ()  # ((speaker, words), ...) everything said aloud, in order
    op_log: tuple = ()  # what the OP did behind the screen, for the OP's eyes only
    round: int = 1
    laid: tuple = ()  # building the island tile by tile: the placements laid so far
    printing: tuple = ()  # where the group's tiles differ from the catalog (layout.parse_printing)
    last_island: tuple = ()  # the placements of the island this group built last time


# ---------------------------------------------------------------- reading

def piece(state: State, name: str) -> Piece:
    for p in state.pieces:
        if p.name == name:
            return p
    raise KeyError(name)


def pieces_of(state: State, seat: int) -> list[Piece]:
    return [p for p in state.pieces if p.seat == seat]


def board(state: State, seat: int) -> Board:
    return state.boards[seat - 1]


def character_of(state: State, name: str) -> str:
    """The character whose board (mission, ability, bonuses) a piece plays by."""
    return board(state, piece(state, name).seat).character


def captive_seats(state: State) -> range:
    return range(1, state.players)


def anomaly_at(state: State, space: str) -> str | None:
    return dict(state.anomalies).get(space)


def op_piece_space(state: State, which: str) -> str | None:
    return {"Rock": state.rock, "Bush": state.bush}.get(which)


# ---------------------------------------------------------------- changing (new copies)

def set_piece(state: State, name: str, **changes) -> State:
    return evolve(state, pieces=tuple(evolve(p, **changes) if p.name == name else p
                                       for p in state.pieces))


def set_board(state: State, seat: int, **changes) -> State:
    boards = list(state.boards)
    boards[seat - 1] = evolve(boards[seat - 1], **changes)
    return evolve(state, boards=tuple(boards))


def say(state: State, words: str, speaker: str = "OP") -> State:
    return evolve(state, said=state.said + ((speaker, words),))


def log(state: State, words: str) -> State:
    """A line of the OP's notes behind the screen: what happened, with the round it happened in."""
    line = (Msg("Round {round}: {words}", round=state.round, words=words) if state.phase == "play"
            else Msg("Setting up: {words}", words=words))
    return evolve(state, op_log=state.op_log + (line,))


def push(state: State, *steps: Step) -> State:
    """Put steps at the front of the agenda, in the order given."""
    return evolve(state, agenda=tuple(steps) + state.agenda)


def display(name: str) -> str:
    return name.capitalize() if name else name


def named(name: str) -> Msg:
    """A piece's or character's name as the players read it ("Phil", フィル)."""
    return term(display(name))


def the(which: str) -> Msg:
    """ "the Rock" as a message (岩): an OP piece named in a sentence."""
    return Msg("the {piece}", piece=term(which))


def whose(who: str) -> Msg:
    """ "Phil's", "Achilles'", "the OP's" as a message ("フィルの") for a sentence."""
    if who.endswith("s"):
        return Msg("{name}'", name=who if isinstance(who, Msg) else named(who))
    return Msg("{name}'s", name=who if isinstance(who, Msg) else named(who))
