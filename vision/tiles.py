"""Paradominetor's tiles as the camera sees them.

A face shows only colour and value (``red-3``, ``black-0``); the timeframe is printed on the
back (``back-past``, ``back-present``, ``back-future``). Each colour's set is past 1-4,
present 1-5, future 2-6, plus one black 0 (a past tile).
"""
from __future__ import annotations

COLOURS = ("red", "blue", "green", "yellow", "purple")
TIMEFRAMES = ("past", "present", "future")
SET_VALUES = {"past": (1, 2, 3, 4), "present": (1, 2, 3, 4, 5), "future": (2, 3, 4, 5, 6)}

FACE_LABELS = tuple(f"{c}-{v}" for c in COLOURS for v in range(1, 7)) + ("black-0",)
BACK_LABELS = tuple(f"back-{t}" for t in TIMEFRAMES)
LABELS = FACE_LABELS + BACK_LABELS
UNKNOWN = "unknown"


def check_label(label: str) -> str:
    if label not in LABELS:
        raise ValueError(f"unknown tile label {label!r}: use COLOUR-VALUE (e.g. red-3, black-0) "
                         f"or back-past / back-present / back-future")
    return label


def colour_of(label: str) -> str:
    """The face colour, or the back's name: the group a label's colour statistics belong to."""
    return label if label.startswith("back-") else label.split("-")[0]


def value_of(label: str) -> int | None:
    return None if label.startswith("back-") else int(label.split("-")[1])


def tile_set(colour: str) -> list[tuple[str, str]]:
    """(face label, timeframe) for every tile of one colour's set, black 0 included."""
    out = [(f"{colour}-{v}", t) for t in TIMEFRAMES for v in SET_VALUES[t]]
    return out + [("black-0", "past")]
