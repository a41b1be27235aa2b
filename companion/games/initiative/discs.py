"""Paradox Initiative's discs in the camera's words: a disc label ("red-1") is a rules' particle
("R1"), a matrix is an area of the mat ("matrix-2"), the anomaly another; a lock token on a disc
reads "lock". Shared by the mat (camera), the watcher (table) and the virtual table (simulation).
"""
from __future__ import annotations

from vision.grid import LOCK  # noqa: F401 - a lock token's label, as the grid reader says it

COLOURS = ("red", "yellow", "blue", "black", "white", "purple")
LETTER = {"red": "R", "yellow": "Y", "blue": "B", "black": "K", "white": "W", "purple": "P"}
ANOMALY = "anomaly"


def matrix_area(seat: int) -> str:
    return f"matrix-{seat}"


def particle(label: str) -> str | None:
    """The rules' particle for a disc label ("red-1" -> "R1"); None for a lock or a doubt."""
    if label in (LOCK, "unknown"):
        return None
    name, symbol = label.split("-")
    return LETTER[name] + symbol


def label(particle: str) -> str:
    """The disc label of a rules' particle ("R1" -> "red-1")."""
    name = next(c for c, letter in LETTER.items() if letter == particle[0])
    return f"{name}-{particle[1]}"
