"""A player's 5x5 matrix of particle discs: strands, the drop and the refill order.

A particle is a colour letter (R red, Y yellow, B blue, K black, W white) and a symbol 1-3, e.g.
"R1". A grid is 5 rows, top row first, of particles or None for an empty cell; a cell is
(row, column) from the top-left, 0-based, as the records write it.
"""
from __future__ import annotations

from ...i18n import Msg, term

SIZE = 5
COLOURS = {"R": "red", "Y": "yellow", "B": "blue", "K": "black", "W": "white"}
LETTERS = {v: k for k, v in COLOURS.items()}
SYMBOLS = (1, 2, 3)
SWITCHES = ("R", "Y", "B")  # the trigger switches: red, yellow and blue strands flip them


def is_particle(text) -> bool:
    return isinstance(text, str) and len(text) == 2 and text[0] in COLOURS and text[1] in "123"


def colour(p: str) -> str:
    return p[0]


def symbol(p: str) -> int:
    return int(p[1])


def on_matrix(cell) -> bool:
    return (isinstance(cell, (list, tuple)) and len(cell) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
            and 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE)


def name(cell) -> Msg:
    """A cell as players say it, counting from 1: "row 1 column 2"."""
    return Msg("row {row} column {column}", row=cell[0] + 1, column=cell[1] + 1)


def words(p: str) -> Msg:
    """A particle as players say it: "red 3" for R3 (anything else as it was given)."""
    return Msg("{colour} {symbol}", colour=term(COLOURS[p[0]]), symbol=p[1]) if is_particle(p) else p


# Line directions: along a row, down a column, and the two diagonals (the Diagonal module).
ROW, COLUMN, DOWN_RIGHT, DOWN_LEFT = (0, 1), (1, 0), (1, 1), (1, -1)


def _run(grid, cell, step):
    """The maximal same-coloured run through `cell` along `step`, in order."""
    r, c = cell
    p = grid[r][c]
    if p is None:
        return [cell]
    dr, dc = step
    while 0 <= r - dr < SIZE and 0 <= c - dc < SIZE and grid[r - dr][c - dc] is not None \
            and colour(grid[r - dr][c - dc]) == colour(p):
        r, c = r - dr, c - dc
    out = []
    while 0 <= r < SIZE and 0 <= c < SIZE and grid[r][c] is not None \
            and colour(grid[r][c]) == colour(p):
        out.append((r, c))
        r, c = r + dr, c + dc
    return out


def strands_through(grid, cells, diagonal: bool = False) -> list[dict]:
    """Every run of 4 or more same-coloured particles through one of `cells`, each once.

    A strand is {"colour": letter, "cells": [(r, c), ...]}; rows before columns (before
    diagonals), each in reading order, so a record's output does not depend on the order the
    cells were named in.
    """
    steps = [ROW, COLUMN] + ([DOWN_RIGHT, DOWN_LEFT] if diagonal else [])
    found = []
    for step in steps:
        runs = []
        for cell in cells:
            run = _run(grid, tuple(cell), step)
            if len(run) >= 4 and run not in runs:
                runs.append(run)
        found += [{"colour": colour(grid[run[0][0]][run[0][1]]), "cells": run}
                  for run in sorted(runs)]
    return found


def earned(strand: dict) -> int:
    """A 4-particle strand earns one particle, a 5-particle strand two."""
    return 1 if len(strand["cells"]) == 4 else 2


def drop(grid, locks) -> list[list]:
    """The particles left after a strand fall to the lowest free cells of their column.

    In a column with a locked particle, the lowest locked particle and everything above it stay
    where they are; the particles below it fall to the lowest free cells below it (ruling).
    """
    out = [list(row) for row in grid]
    for c in range(SIZE):
        locked = [r for r in range(SIZE) if (r, c) in locks]
        top = max(locked) + 1 if locked else 0  # cells from here down fall
        falling = [out[r][c] for r in range(top, SIZE) if out[r][c] is not None]
        for r in range(top, SIZE):
            out[r][c] = None
        for i, p in enumerate(reversed(falling)):
            out[SIZE - 1 - i][c] = p
    return out


def empty_cells(grid) -> list[tuple[int, int]]:
    """The order new particles fill a matrix: bottom row first, each row left to right."""
    return [(r, c) for r in range(SIZE - 1, -1, -1) for c in range(SIZE) if grid[r][c] is None]


def row_text(row) -> str:
    return " ".join(p if p is not None else "--" for p in row)
