"""The games. Pure rules: nothing here imports vision, hardware or web, and nothing does I/O.

Adding a game adds one package under companion/games/ and one line below; shared code learns
everything else from the package's `GAME` description (base.Game).
"""
from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from .base import MASTER, TABLE, Game, IllegalMove, Viewer

# name -> package; a game is loaded only when asked for.
_REGISTRY = {
    "paradominetor": "companion.games.paradominetor",
    "island": "companion.games.island",
    "loop": "companion.games.loop",
    "initiative": "companion.games.initiative",
    "dynasty": "companion.games.dynasty",
}


def names() -> list[str]:
    """In the registry's order: the host page offers them so."""
    return list(_REGISTRY)


def load(name: str) -> ModuleType:
    """The game's rules (its package)."""
    if name not in _REGISTRY:
        raise IllegalMove(f"unknown game {name!r}; this companion knows {', '.join(names())}")
    return importlib.import_module(_REGISTRY[name])


def describe(name: str) -> Game:
    return load(name).GAME


def descriptions() -> list[Game]:
    return [describe(n) for n in names()]


def part(name: str, role: str) -> ModuleType | None:
    """One of a game's optional modules ("camera", "oled", "records", "simulation"), or None."""
    if role not in describe(name).parts:
        return None
    return importlib.import_module(f"{_REGISTRY[name]}.{role}")


def web_dir(name: str) -> Path:
    """The folder the game's phone script and style are served from."""
    return Path(load(name).__file__).parent / "web"


__all__ = ["Game", "IllegalMove", "MASTER", "TABLE", "Viewer", "describe", "descriptions", "load",
           "names", "part", "web_dir"]
