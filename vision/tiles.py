"""The tiles a reader tells apart, as the game describes them (vision names no game).

A face label is COLOUR-GLYPH (``red-3``, ``black-0``): the colour is a group the recogniser learns
colour statistics for, the glyph is what is printed. A back label is ``back-NAME``
(``back-past``): each back is its own group. The game's camera description builds a `TileSet`;
the synthetic table draws the same labels, so nothing here knows which game is played.
"""
from __future__ import annotations

from dataclasses import dataclass

UNKNOWN = "unknown"


@dataclass(frozen=True)
class TileSet:
    faces: tuple[str, ...]
    backs: tuple[str, ...] = ()
    # Every physical tile as (face, back name): what a box of tiles holds, for the virtual table.
    inventory: tuple[tuple[str, str], ...] = ()
    noun: str = "tile"  # how the game calls one ("tile", "disc", "domino")

    @property
    def labels(self) -> tuple[str, ...]:
        return self.faces + self.backs

    @property
    def back_names(self) -> tuple[str, ...]:
        return tuple(b.removeprefix("back-") for b in self.backs)

    @property
    def colours(self) -> tuple[str, ...]:
        """The face colours, in the order the faces name them."""
        return tuple(dict.fromkeys(colour_of(f) for f in self.faces))

    def check(self, label: str) -> str:
        if label not in self.labels:
            example = ", ".join(self.faces[:2] + self.backs[:1])
            raise ValueError(f"unknown {self.noun} label {label!r}: use one of this game's labels "
                             f"(e.g. {example})")
        return label

    def faces_with_back(self, back: str) -> list[str]:
        return [face for face, b in self.inventory if b == back]


def is_back(label: str) -> bool:
    return label.startswith("back-")


def colour_of(label: str) -> str:
    """The face colour, or the back's name: the group a label's colour statistics belong to."""
    return label if is_back(label) else label.split("-")[0]


def value_of(label: str) -> str | None:
    """The printed glyph of a face (``3``), None for a back."""
    return None if is_back(label) else label.split("-", 1)[1]
