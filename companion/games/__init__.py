"""The games. Pure rules: no game's rules import vision, hardware or web, and nothing does I/O;
only a game's optional parts do, each imported when used (its camera part vision's mat and
readers, its OLED pages hardware.drawing's helpers, never the panel or the buttons).

Adding a game adds one package under companion/games/ and one line below; shared code learns
everything else from the package's `GAME` description (base.Game).
"""
from __future__ import annotations

import functools
import importlib
from pathlib import Path

from ..errors import UnknownGame
from .base import (MASTER, PARTS, TABLE, Bench, Camera, Game, IllegalMove, Oled, Records, Rules,
                   Simulation, Viewer, keeps_nothing, seat_viewers)

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


def load(name: str) -> Rules:
    """The game's rules (its package), checked and completed the first time it is loaded."""
    if name not in _REGISTRY:
        raise UnknownGame(f"unknown game {name!r}; this companion knows {', '.join(names())}")
    return _registered(name)


@functools.lru_cache(maxsize=None)
def _registered(name: str) -> Rules:
    """The package as a `Rules`: the optional members given their defaults, then checked once,
    so nothing else ever asks a game whether it has one."""
    package = importlib.import_module(_REGISTRY[name])
    members = vars(package)
    members.setdefault("keep", keeps_nothing)
    if "view" in members:
        members.setdefault("viewers", seat_viewers(members["view"]))
    missing = [m for m in _MEMBERS if m not in members]
    if missing:
        raise TypeError(f"the game {name} lacks {', '.join(missing)} (companion.games.base.Rules)")
    if not isinstance(package, Rules) or not isinstance(members["GAME"], Game):
        raise TypeError(f"the game {name} is not described by a base.Game")
    return package


# every member the protocol declares: its data (NAME, GAME, MOVES), then its functions
_MEMBERS = tuple(Rules.__annotations__) + tuple(
    n for n, v in vars(Rules).items() if callable(v) and not n.startswith("_"))


def describe(name: str) -> Game:
    return load(name).GAME


def descriptions() -> list[Game]:
    return [describe(n) for n in names()]


@functools.lru_cache(maxsize=None)
def part(name: str, role: str):
    """One of a game's optional parts (base.PARTS: a Camera, an Oled, Records, a Simulation, a
    Bench), or None when the game has none; its module is imported now, the first time."""
    kind, module = PARTS[role]
    if role not in describe(name).parts:
        return None
    value = vars(importlib.import_module(f"{_REGISTRY[name]}.{module}")).get(role.upper())
    if not isinstance(value, kind):
        raise TypeError(f"{name}'s {module}.py must hold its {role} part as {role.upper()} = "
                        f"{kind.__name__}(...)")
    return value


def camera(name: str) -> Camera | None:
    return part(name, "camera")


def oled(name: str) -> Oled | None:
    return part(name, "oled")


def records(name: str) -> Records | None:
    return part(name, "records")


def simulation(name: str) -> Simulation | None:
    return part(name, "simulation")


def bench(name: str) -> Bench | None:
    return part(name, "bench")


def web_dir(name: str) -> Path:
    """The folder the game's phone script and style are served from."""
    return Path(load(name).__file__).parent / "web"


__all__ = ["Game", "IllegalMove", "UnknownGame", "MASTER", "Rules", "TABLE", "Viewer", "bench", "camera", "describe",
           "descriptions", "load", "names", "oled", "part", "records", "simulation", "web_dir"]
