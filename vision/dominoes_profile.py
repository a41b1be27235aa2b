"""What the domino reader learnt about one printing of the dominoes, in its own form: each
terrain's colour, the road's, and each icon's picture (its colours and where it is printed),
all as log ratios to the mat's grey. One file: an .npz of the pictures with a JSON header."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .markers import VisionInputError
from .reading import read_profile, write_profile

FORMAT = "paradox-table-domino-profile/1"


@dataclass
class DominoProfile:
    game: str
    pitch_mm: float                                   # a half's side: one square of the maps
    terrains: dict[str, np.ndarray]                   # terrain -> log colour (3,)
    road: np.ndarray                                  # the road's log colour (3,), along its middle
    road_colours: np.ndarray                          # (n, 3): every colour a road shows (kerbs, edges too)
    icons: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    # icon -> (picture: log colours n x n x 3, mask: n x n where the icon is printed), centred
    # on the printed part, upright as the half lies west in its enrolment shot
    taught: list = field(default_factory=list)
    # halves the owner corrected in the camera's check: (half as the rules write it, e.g.
    # "lava/person/NS", its corners' log colour (3,), its log colours SQUARE_PX x SQUARE_PX x 3)
    road_widths: dict[str, float] = field(default_factory=dict)
    # terrain -> how wide its road is printed on it (in squares), as its crossroads showed it

    @property
    def labels(self) -> list[str]:
        """The faces learnt, in the tile set's words (``terrain-lava``, ``icon-person``)."""
        return [f"terrain-{t}" for t in self.terrains] + [f"icon-{i}" for i in self.icons]

    @property
    def size_mm(self) -> tuple[float, float]:
        return self.pitch_mm, self.pitch_mm

    def save(self, path) -> Path:
        names = list(self.icons)
        meta = {"format": FORMAT, "game": self.game, "pitch_mm": self.pitch_mm,
                "terrains": {t: np.asarray(c, float).tolist() for t, c in self.terrains.items()},
                "road": np.asarray(self.road, float).tolist(),
                "road_colours": np.asarray(self.road_colours, float).tolist(), "icons": names,
                "taught": [[half, np.asarray(corners, float).tolist()] for half, corners, _ in self.taught],
                "road_widths": {t: float(w) for t, w in self.road_widths.items()}}
        arrays = {}
        if self.taught:
            arrays["taught"] = np.stack([look for _, _, look in self.taught]).astype(np.float32)
        if names:
            arrays["pictures"] = np.stack([self.icons[n][0] for n in names]).astype(np.float32)
            arrays["masks"] = np.stack([self.icons[n][1] for n in names]).astype(bool)
        return write_profile(path, meta, arrays)

    @classmethod
    def load(cls, path) -> "DominoProfile":
        meta, arrays = read_profile(path, "a domino profile", ("pictures", "masks", "taught"), FORMAT,
                                    ": enrol the dominoes again")
        try:
            pictures = arrays["pictures"] if meta["icons"] else np.zeros((0, 1, 1, 3), np.float32)
            masks = arrays["masks"] if meta["icons"] else np.zeros((0, 1, 1), bool)
            taught = [(half, np.array(corners, np.float32), arrays["taught"][i].astype(np.float32))
                      for i, (half, corners) in enumerate(meta.get("taught", []))]
            return cls(meta["game"], float(meta["pitch_mm"]),
                       {t: np.array(c, np.float32) for t, c in meta["terrains"].items()},
                       np.array(meta["road"], np.float32), np.array(meta["road_colours"], np.float32).reshape(-1, 3),
                       {n: (pictures[i].astype(np.float32), masks[i].astype(bool)) for i, n in enumerate(meta["icons"])},
                       taught, {t: float(w) for t, w in meta.get("road_widths", {}).items()})
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            # a header naming icons whose pictures are not there, or a field of the wrong shape
            raise VisionInputError(f"{path} is not a domino profile: its header is damaged: "
                                   f"enrol the dominoes again") from e


def profile_format(path) -> str | None:
    """The format a profile file says it is in (None if it says nothing readable)."""
    try:
        with np.load(Path(path)) as z:
            return json.loads(bytes(z["meta"]).decode()).get("format")
    except Exception:
        return None
