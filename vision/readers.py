"""The readers vision offers, by the name a game's camera part gives as ``READER``.

Each kind of piece has its own module that enrols it, draws it on a synthetic table and reads it:
``tiles`` (vision.recognise, drawn by vision.synthetic), ``grid`` (discs on printed cells,
vision.grid) and ``dominoes`` (vision.dominoes). A grid or domino reader also takes the game's
``CELLS``. Modules are imported only when asked for, so naming a reader costs nothing.
"""
from __future__ import annotations

import functools
import importlib

# name -> (module that reads, its reader class, module that draws, its synthetic table)
READERS = {"tiles": ("vision.recognise", "TileReader", "vision.synthetic", "SyntheticTable"),
           "grid": ("vision.grid", "GridReader", "vision.grid", "DiscTable"),
           "dominoes": ("vision.dominoes", "DominoReader", "vision.dominoes", "DominoTable")}
# A domino's halves are the size of the grid's squares: drawing and enrolling them need the cells
SIZED_BY_CELLS = {"dominoes"}
# Readers whose module says which enrolled pieces look too alike to tell apart (`look_alike`)
WARNS_LOOK_ALIKE = {"dominoes"}


# The frame the tile and disc readers are measured at; a reader that needs more says so as FRAME
FRAME = (1280, 960)
# ... as the domino reader's class does: small printed icons need the camera's full 5 MP
NEEDS_FRAME = {"dominoes"}


def frame_size(name: str, configured=FRAME) -> tuple[int, int]:
    """The size to open the camera at for reader ``name``: the configured one, unless the reader
    needs a larger frame to see its pieces (the domino reader's small icons want 5 MP)."""
    reads = kit(name)[0]
    need = reads.FRAME if name in NEEDS_FRAME else FRAME
    have = tuple(configured)
    return have if have[0] >= need[0] and have[1] >= need[1] else tuple(need)


def kit(name: str, cells=None):
    """(reader class, enroll, write_enrolment, SyntheticTable) of the reader called ``name``; for
    pieces sized by their cells, enroll, write_enrolment and the table are given the game's."""
    if name not in READERS:
        raise ValueError(f"vision has no reader {name!r}; it offers {', '.join(READERS)}")
    module, reader, drawing, table = READERS[name]
    reads, draws = importlib.import_module(module), importlib.import_module(drawing)
    parts = reads.enroll, draws.write_enrolment, getattr(draws, table)
    if name in SIZED_BY_CELLS and cells is not None:
        parts = tuple(functools.partial(f, cells=cells) for f in parts)
    return (getattr(reads, reader), *parts)


def look_alike(name: str, profile) -> list[str]:
    """What reader ``name`` finds too alike to tell apart in an enrolled print, each in the owner's
    words (it asks about those pieces every time): none for a reader that does not say."""
    if name not in WARNS_LOOK_ALIKE:
        return []
    return importlib.import_module(READERS[name][0]).look_alike(profile)


def reader(name: str, profile, layout, zones=None, cells=None):
    """A reader of this kind for an enrolled profile; ``cells`` (a vision.grid.Grid) when the
    kind reads cells, ``zones`` the areas watched (None: every area it knows). Its frames are
    straightened first where the camera's lens bends them (vision.lens)."""
    extra = {"cells": cells} if cells is not None else {}
    from .lens import Straightening  # (OpenCV's: loaded with the reader, not when one is named)
    return Straightening(kit(name)[0](profile, layout, zones=zones, **extra))


def load_profile(path):
    """An enrolled profile, in the form its reader keeps it (each file says which): the tile and
    disc readers' vision.reading.Profile, or the domino reader's own."""
    from .dominoes_profile import FORMAT, DominoProfile, profile_format
    from .reading import Profile
    return DominoProfile.load(path) if profile_format(path) == FORMAT else Profile.load(path)
