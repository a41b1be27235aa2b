"""The games. Pure rules: nothing here imports vision, hardware or web, and nothing does I/O."""
from __future__ import annotations

import importlib
from types import ModuleType

from .base import IllegalMove, MASTER, TABLE, Viewer

# name -> module path; a game is loaded only when asked for.
_REGISTRY = {
    "paradominetor": "companion.games.paradominetor",
    "island": "companion.games.island",
}


def names() -> list[str]:
    return sorted(_REGISTRY)


def load(name: str) -> ModuleType:
    if name not in _REGISTRY:
        raise IllegalMove(f"unknown game {name!r}; this companion knows {', '.join(names())}")
    return importlib.import_module(_REGISTRY[name])


__all__ = ["IllegalMove", "MASTER", "TABLE", "Viewer", "load", "names"]
